"""The paybacks on every basis as a two-by-two table in the economics section: the interval as today or each system at
its optimal interval, against the runs a year given or the whole cluster all year (cold read 17, W-M1: the basis chosen
decides the recommendation, 189 y / 1.52 y / 1,650 y / 13.3 y; compute/paybacks.py)."""

from __future__ import annotations

from report.compute.paybacks import CLUSTER_OPTIMA, CLUSTER_TODAY, JOB_OPTIMA, JOB_TODAY, paybacks
from report.compute.save_overlap import overlapping
from report.document.blocks import Column, Table
from report.formatting import count, rounded
from report.i18n import _
from report.wording.base import Words


def _years(years: float | None, bound: bool) -> str:
    """A payback in the table's words: "about 189", or "at least 1.52" for the whole cluster's, a lower bound."""
    if years is None:
        return _("no value")
    return (_("at least {years}") if bound else _("about {years}")).format(years=rounded(years))


def payback_table(w: Words) -> Table | None:
    """The four paybacks, in years; None without a price."""
    e = w.config.economics
    years = {p.basis: p.years for p in paybacks(w.findings)}
    if e is None or not years:
        return None
    rows = (
        (
            _("The {runs} runs a year given").format(runs=count(e.runs_per_year)),
            _years(years[JOB_TODAY], False),
            _years(years[JOB_OPTIMA], False),
        ),
        (
            _("The whole {cluster}-GPU cluster, all year").format(cluster=count(w.m.bubble.cluster_gpus)),
            # on saves that cannot be staggered, today's cluster value is not established (scaling reading 20, AB-M1)
            _("not established") if overlapping(w.m) else _years(years[CLUSTER_TODAY], True),
            _years(years[CLUSTER_OPTIMA], True),
        ),
    )
    return Table(
        "paybacks",
        _("Payback in years at the candidate's price"),
        (
            Column(_("Time saved on"), False),
            Column(_("Interval as today")),
            Column(_("Each system at its optimal interval")),
        ),
        rows,
        illustrative=w.marked("save_times"),
    )
