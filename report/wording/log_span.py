"""The bandwidth section's words for a log shorter than the run length its source note states (cold read 20, AC-M3),
as report/compute/log_span.py decided."""

from __future__ import annotations

from report.compute.log_span import ID
from report.document.blocks import Para
from report.document.spoken import said
from report.formatting import num
from report.i18n import _
from report.wording.base import Words


def short_log(w: Words) -> list[Para]:
    """One warning per side of the finding log_short_of_runtime."""
    found = w.findings.get(ID)
    if found is None:
        return []
    out = []
    for key in found.scope.items:
        span = found["each"][key]
        text = _(
            "The bandwidth's source note states runs of {stated} s, but {system}'s samples cover at most {covered} s "
            "a run ({first} to {last} s): the log does not cover the stated duration. The record should say why "
            "(logging stopped early, or the runs were cut short), or the runs be repeated."
        ).format(
            stated=_s(found["stated_s"]),
            system=w.name(key),
            covered=_s(span.covered_s),
            first=_s(span.first_s),
            last=_s(span.last_s),
        )
        out.append(w.p(said(found, text), "bandwidth", style="warning", side=key))
    return out


def _s(seconds: float) -> str:
    """Seconds as the log gives them: "98", "0.5"."""
    return num(seconds, 0 if float(seconds).is_integer() else 1)
