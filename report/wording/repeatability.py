"""The verdict where only repeatability fails (compute/gate_findings.py `spread_only`): the gates that fail on spread,
the gates that pass with every run kept, and the result without the outlying runs as a sensitivity case that no
agreement excludes, with what would settle it (cold read 17, W-B1)."""

from __future__ import annotations

from report.compute.findings import Finding
from report.compute.gate_findings import REPEATABILITY
from report.document.spoken import said
from report.formatting import given, p3
from report.i18n import _, join_words, ngettext
from report.wording.phrases import gate_list


def spread_only_label(found: Finding) -> str:
    """The verdict line: "Targets not met because G2 fails on spread (10.6% against 3%); G1, G3 and G4 pass with every
    run kept" (the finding's `passed` holds two gates or more: G3 and G4 at least)."""
    failed = join_words(
        [
            _("{gate} fails on spread ({cv} against {limit}%)").format(
                gate=g, cv=p3(found["cv"][REPEATABILITY[g]]), limit=given(found["limit"])
            )
            for g in found["failed"]
        ]
    )
    if (only := found["baseline_only"]) is not None:
        return said(found, _baseline_only_label(found, only))
    text = _("Targets not met because {failed}; {passed} pass with every run kept")
    return said(found, text.format(failed=failed, passed=gate_list(list(found["passed"]))))


def _baseline_only_label(found: Finding, only: dict) -> str:
    """The verdict line where only the baseline's repeatability (G1) fails: the candidate's gates first, so that
    "targets not met" is not read as the candidate failing, then the runs that fail G1 and whether the record gives
    their cause (cold read 19, AA-M2; Chinese reading 19, AA-B2)."""
    n = len(only["runs"])
    fields = {
        "cv": p3(found["cv"]["baseline"]),
        "limit": given(found["limit"]),
        "n": str(n),
        "without": p3(only["cv_without"] or 0.0),
    }
    if not only["runs"]:
        return _(
            "The candidate meets G2, G3 and G4; targets not met only on the baseline's repeatability (G1: {cv} against "
            "{limit}%)"
        ).format(**fields)
    if only["recorded"]:
        return ngettext(
            "The candidate meets G2, G3 and G4; targets not met only on the baseline's repeatability (G1), which one "
            "run with a recorded cause fails: {cv} against {limit}%, {without} without it",
            "The candidate meets G2, G3 and G4; targets not met only on the baseline's repeatability (G1), which {n} "
            "runs with a recorded cause fail: {cv} against {limit}%, {without} without them",
            n,
        ).format(**fields)
    return ngettext(
        "The candidate meets G2, G3 and G4; targets not met only on the baseline's repeatability (G1), which one run "
        "fails: {cv} against {limit}%, {without} without it",
        "The candidate meets G2, G3 and G4; targets not met only on the baseline's repeatability (G1), which {n} runs "
        "fail: {cv} against {limit}%, {without} without them",
        n,
    ).format(**fields)


def sensitivity(found: Finding, runs: str, speedup: str, after: str, verdict_without: str) -> str:
    """The result without the outlying runs (`runs`, with the speedup and the gates' states without them), said as a
    sensitivity case beside a verdict that fails on spread alone, and what would settle it: a written amendment to the
    test plan, or a re-test of the gates that fail."""
    text = _(
        "Sensitivity case, which no agreement excludes: without {runs}, the speedup is {speedup} and {after}; the "
        "gates would give “{verdict}”. Only a written amendment to the test plan that excludes such runs, or a "
        "re-test of {failed}, would change the verdict."
    )
    failed = gate_list(list(found["failed"]))
    return said(found, text.format(runs=runs, speedup=speedup, after=after, verdict=verdict_without, failed=failed))
