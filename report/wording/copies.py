"""Bandwidth logs that are copies, not measurements (findings bandwidth_copied, bandwidth_runs_copied), in words.

Said in the bandwidth section (what the logs show and what rests on them), the consistency audit (that its figures
rest on them), the next steps (fio's raw output of each run) and page 1 (cold read 5, O1/N1: a candidate's log was
the baseline's × 2.055 on every sample, and the report computed from it without a word).
"""

from __future__ import annotations

from report.compute.findings import Finding
from report.document.spoken import fill, said
from report.formatting import count, p3, sig
from report.i18n import _, join_words, ngettext
from report.wording.base import Words


def _runs(found: Finding) -> str:
    """The runs a finding names, "run 2" or "runs 1, 2 and 3" (marked as the words that state it)."""
    numbers = [item.split(":", 1)[1] for item in found.scope.items]
    text = ngettext("run {runs}", "runs {runs}", len(numbers)).format(runs=join_words(numbers))
    return said(found, text)


def _ratio(low: float, high: float) -> str:
    return sig(low) if sig(low) == sig(high) else _("{low} to {high}").format(low=sig(low), high=sig(high))


def bandwidth_words(w: Words) -> list[str]:
    """The bandwidth section's warnings: the candidate's log the baseline's times a constant; a run a copy of another
    run of its system."""
    out = []
    if (found := w.findings.get("bandwidth_copied")) is not None:
        text = _(
            "{candidate}'s bandwidth log is {baseline}'s multiplied by {ratio}, sample for sample. In {runs}, each of "
            "the {pairs} samples is that multiple of {baseline}'s sample at the same point of the same run to within "
            "{spread}, no more than the rounding of the logged values allows ({bound} either way), while the log "
            "itself moves from one sample to the next by far more. Two storage systems do not repeat each other's "
            "ripple, so these are not independent measurements: one log was derived from the other. The bandwidths "
            "and their ratio, the steady state, the consistency audit and the cluster's demand set against the "
            "logged bandwidth all rest on these logs, and none of them is evidence until fio's raw JSON output of "
            "each bandwidth run is supplied."
        )
        out.append(
            fill(
                text,
                candidate=w.name("candidate"),
                baseline=w.name("baseline"),
                ratio=_ratio(*found["ratio"]),
                runs=_runs(found),
                pairs=count(found["pairs"]),
                spread=p3(100 * found["spread"]),
                bound=p3(100 * found["bound"]),
            )
        )
    if (found := w.findings.get("bandwidth_runs_copied")) is not None:
        for item in found.scope.items:
            side, run = item.split(":", 1)
            text = _(
                "{system}'s bandwidth run {copy} is its run {source} multiplied by {ratio}, sample for sample, to "
                "within the rounding of the logged values. Two runs of one system do not repeat each other's ripple, "
                "so this run is a copy, not a repeated measurement, and {system}'s bandwidth rests on fewer runs than "
                "it counts."
            )
            out.append(
                fill(
                    text,
                    system=w.name(side),
                    copy=said(found, run),
                    source=str(found["sources"][item]),
                    ratio=sig(found["ratio"][item]),
                )
            )
    return out


def audit_words(w: Words) -> str:
    """The audit's caveat: its figures set the saves against logs that are copies; "" when none is."""
    if not (w.findings.has("bandwidth_copied") or w.findings.has("bandwidth_runs_copied")):
        return ""
    return _(
        "The figures below set the saves against bandwidth logs that are not independent measurements (see the "
        "bandwidth section): they hold only if those logs do, which fio's raw output of each bandwidth run would show."
    )


def next_step(w: Words) -> str:
    """The next step: fio's raw output of every bandwidth run; "" when no log is a copy."""
    if w.findings.has("bandwidth_copied"):
        return _(
            "Supply fio's raw JSON output (fio --output-format=json) and bandwidth log of every bandwidth run on both "
            "systems, or repeat the runs: the logs given are one log scaled, sample for sample, so this report's "
            "bandwidth figures cannot be relied on."
        )
    if w.findings.has("bandwidth_runs_copied"):
        return _(
            "Supply fio's raw JSON output (fio --output-format=json) and bandwidth log of every bandwidth run, or "
            "repeat the runs: some runs given are copies of another run, sample for sample, so this report's "
            "bandwidth figures cannot be relied on."
        )
    return ""


def page_one(w: Words) -> str:
    """Page 1's note (or reason): which logs are copies and what that takes from the report; "" when none is."""
    if (found := w.findings.get("bandwidth_copied")) is not None:
        return fill(
            _(
                "{candidate}'s bandwidth log is {baseline}'s multiplied by {ratio} on every sample of {runs}: the two "
                "are not independent measurements, so no bandwidth figure of this report, nor the consistency audit "
                "or the cluster's demand that rest on them, is evidence until fio's raw output of each run is "
                "supplied. The save and load times do not rest on these logs."
            ),
            candidate=w.name("candidate"),
            baseline=w.name("baseline"),
            ratio=_ratio(*found["ratio"]),
            runs=_runs(found),
        )
    if (found := w.findings.get("bandwidth_runs_copied")) is not None:
        return fill(
            ngettext(
                "Bandwidth {runs} is a copy of another run of the same system, not a repeated measurement: the "
                "bandwidth figures rest on fewer runs than they count until fio's raw output of each run is supplied.",
                "Bandwidth {runs} are copies of other runs of the same system, not repeated measurements: the "
                "bandwidth figures rest on fewer runs than they count until fio's raw output of each run is supplied.",
                len(found.scope.items),
            ),
            runs=_runs(found),
        )
    return ""


def change_words() -> str:
    """What would change the recommendation: the runs' own output."""
    return _("fio's raw output of each bandwidth run, to show where its log came from")
