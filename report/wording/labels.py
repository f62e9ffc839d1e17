"""Labels: the reader's names of the inputs, the gates, their statuses and the verdict."""

from __future__ import annotations

from typing import TYPE_CHECKING

from report.i18n import _

if TYPE_CHECKING:
    from report.compute import Metrics
    from report.compute.scopes import Findings


def input_label(name: str) -> str:
    """A reader's name for one of the CSV inputs."""
    return {
        "save_times": _("Checkpoint save times"),
        "bandwidth": _("Write bandwidth"),
        "load_times": _("Model load times"),
        "restore_times": _("Checkpoint restore times"),
        "scaling": _("Write bandwidth by client count"),
    }[name]


def input_words(name: str) -> str:
    """The same in running text."""
    return {
        "save_times": _("checkpoint save times"),
        "bandwidth": _("write bandwidth"),
        "load_times": _("model load times"),
        "restore_times": _("checkpoint restore times"),
        "scaling": _("write bandwidth by client count"),
    }[name]


def status_label(status: str) -> str:
    """A gate's status as the gate table prints it."""
    return {"pass": _("Pass"), "fail": _("Fail"), "insufficient": _("Insufficient data")}[status]


def verdict_status_label(status: str, settled: bool = True, runs_decide: bool = True) -> str:
    """A verdict status (demonstrated, not_demonstrated, undecided) as the reader's words. `settled`: a failed
    verdict rests on a target missed beyond the runs' uncertainty (G3 failing, or G4 failing across the speedup's
    interval); when only repeatability fails, or G4 fails by the means inside its interval, the verdict is a benefit
    these runs do not show, not a target missed (cold read 6, outlier case, B1: 2.49% against 2.5%). `runs_decide`:
    false where no practical number of runs would decide an undecided verdict."""
    if status == "undecided" and not runs_decide:
        # no practical number of runs decides G3 (compute/recommendation.py g3_lean): no measurement to ask for (cold
        # read 10, P-B1: "more measurements needed" below "no practical number of runs")
        return _("Undecided; no practical number of runs decides it")
    if status == "not_demonstrated" and not settled:
        return _("Not demonstrated by these runs")
    return {
        "demonstrated": _("Benefit demonstrated"),
        # a failed gate is a target missed, not a benefit absent: the speedup may pass (fifth cold reads b, M-15)
        "not_demonstrated": _("Targets not met"),
        "undecided": _("Undecided, more measurements needed"),
    }[status]


def gate_name(gate_id: str) -> str:
    """What each gate checks, named as a check, never as the state it would reach (the contract's "Baseline
    established", "Save-time target met" read as achieved in "G3 fails (save-time target met: …)", cold read 6, M1;
    "Candidate measured" was said of illustrative runs, M11): README, "What the report says"."""
    return {
        "G1": _("Baseline repeatability"),
        "G2": _("Candidate repeatability on the same workload"),
        "G3": _("Save-time speedup"),
        "G4": _("Training-time benefit"),
    }[gate_id]


def g4_pass_unsettled(m: Metrics, found: Findings) -> bool:
    """G4 passes by the means, which the runs do not settle: the one finding every place that states the gates' status
    reads, the banner, the gate line, the gate table's row and tally, and the next steps' heading (cold read 13b, Y-B2:
    "All four gates pass", "Pass by the means, not settled" and "Every gate passes" on three pages)."""
    return any(g.id == "G4" and g.status == "pass" for g in m.gates) and found.has("g4_unsettled")


def g4_unsettled_words() -> str:
    """What an unsettled G4 pass is, in the words each place appends to "All four gates pass"."""
    return _("G4 by the means, not settled")


def colophon_title() -> str:
    """The colophon's heading: the recomputation method and the software environment, as a formal report titles its
    last appendix (zh reading 14c, P-m9 and Q-m10: "输入文件与软件版本" read as the tool's internals)."""
    return _("Appendix C: recomputation method and software environment")
