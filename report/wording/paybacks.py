"""The paybacks on every basis, said once in the economics section, the decision page's first (compute/paybacks.py;
cold read 15pq, Q-M5, P-M6; Chinese reading 15, R major 6: three paybacks side by side on page 2, none said to be
the one to read)."""

from __future__ import annotations

from report.compute.paybacks import CLUSTER_OPTIMA, CLUSTER_TODAY, JOB_OPTIMA, JOB_TODAY, main_basis, paybacks
from report.compute.recommendation import JOB_MONEY
from report.formatting import count, money, rounded
from report.i18n import _
from report.wording.base import Words


def _basis(w: Words, basis: str) -> str:
    """A basis in words: whose time saved, at which interval."""
    e = w.config.economics
    assert e is not None, "a priced value comes from [economics]"
    runs, cluster = count(e.runs_per_year), count(w.m.bubble.cluster_gpus)
    return {
        JOB_OPTIMA: _("on the {runs} runs a year given, each system at its optimal interval"),
        JOB_TODAY: _("on the {runs} runs a year given, at today's interval"),
        CLUSTER_OPTIMA: _(
            "were the whole {cluster}-GPU cluster to run such jobs all year, each system at its optimal interval"
        ),
        CLUSTER_TODAY: _("were the whole {cluster}-GPU cluster to run such jobs all year, at today's interval"),
    }[basis].format(runs=runs, cluster=cluster)


def paybacks_words(w: Words, reasons: tuple[str, ...]) -> str:
    """ "At the candidate's price of …, the payback is about 22.0 years on the 64 runs a year given, each system at its
    optimal interval, the one the recommendation gives; …", or "" without a price or a payback on any basis."""
    found = w.findings.get("value_priced")
    main = main_basis(w.findings, reasons)
    if found is None or main is None:
        return ""
    given = sorted((p for p in paybacks(w.findings) if p.years is not None), key=lambda p: p.basis != main)
    if not given:
        return ""
    items = [
        (
            _("about {years} years {basis}")
            if p.basis in (JOB_OPTIMA, JOB_TODAY)
            else _("at least {years} years {basis}")
        ).format(years=rounded(p.years), basis=_basis(w, p.basis))
        for p in given
        if p.years is not None
    ]
    why = (
        _(
            "The recommendation weighs the first: re-tuning the interval costs nothing, and the recommendation is "
            "decided on the runs given."
        )
        if main == JOB_OPTIMA and set(JOB_MONEY) & set(reasons)
        else _(
            "The summary gives the first: it rests on the runs a year given, and re-tuning the interval costs "
            "nothing; the whole cluster's are lower bounds, as every GPU running such jobs all year bounds the value "
            "from above."
        )
        if main == JOB_OPTIMA
        else _(
            "The recommendation weighs the whole cluster's, each system at its optimal interval: re-tuning the "
            "interval costs nothing."
        )
    )
    return _("At the candidate's price of {price}, the payback on each basis: {items}. {why}").format(
        price=money(found["price"], found["currency"]), items=_("; ").join(items), why=why
    )
