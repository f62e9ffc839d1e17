"""How far a passing G4 is from failing, as the finding g4_margin decides it (compute/g4_margin.py): page 1's sentences
and the gate table's clause (cold read 18, X-M4; Chinese reading 18, X-M2)."""

from __future__ import annotations

from report.compute.findings import Finding, Findings
from report.formatting import count, given, p3, s3
from report.i18n import _


def _quiet(g: Finding, baseline: str, sentence: bool) -> str:
    """G4 on the baseline's quiet run: a sentence of its own (page 1), or a clause (the gate table)."""
    q = g["quiet"]
    if sentence:
        text = (
            _(
                "On run {run}, the one {baseline} ran serving this job alone ({time}), training would be {change} "
                "shorter, below the {target}% target: G4 would fail there."
            )
            if not q["passes"]
            else _(
                "On run {run}, the one {baseline} ran serving this job alone ({time}), training would be {change} "
                "shorter, still meeting the {target}% target."
            )
        )
    else:
        text = (
            _("on run {run} alone, with {baseline} serving this job only ({time}), {change} shorter: fails")
            if not q["passes"]
            else _("on run {run} alone, with {baseline} serving this job only ({time}), {change} shorter: passes")
        )
    return text.format(
        run=count(q["run"]),
        baseline=baseline,
        time=s3(q["save_s"]),
        change=p3(q["change_pct"]),
        target=given(g["target"]),
    )


def page_one(found: Findings, baseline: str) -> str:
    """ "G4 passes only up to 159 steps between saves (today: 150). On run 5, ... G4 would fail there.", "" without
    the finding."""
    g = found.get("g4_margin")
    if g is None:
        return ""
    parts = []
    if g["limit_steps"] is not None:
        parts.append(
            _("G4 passes only up to {limit} steps between saves (today: {today}).").format(
                limit=count(g["limit_steps"]), today=count(g["today_steps"])
            )
        )
    if g["quiet"] is not None:
        parts.append(_quiet(g, baseline, sentence=True))
    return " ".join(parts)


def gate_clause(found: Findings, baseline: str, limit: bool = True) -> str:
    """The G4 row's clause: "; passes up to 159 steps between saves; on run 5 alone, ...", "" without the finding.
    `limit`: give the limit (not where the row gives it already, with the re-tuned interval at which G4 fails)."""
    g = found.get("g4_margin")
    if g is None:
        return ""
    text = ""
    if limit and g["limit_steps"] is not None:
        text += _("; passes up to {limit} steps between saves").format(limit=count(g["limit_steps"]))
    if g["quiet"] is not None:
        text += "; " + _quiet(g, baseline, sentence=False)
    return text
