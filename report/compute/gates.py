"""The acceptance gates, the verdict and the runs still needed."""

from __future__ import annotations

from report import stats
from report.compute.figures import Bubble, Gate, NextSteps, RunsShort, Save, SaveSide, Verdict
from report.inputs.joint_test import JointTest


def _measurement_gate(gate_id: str, side: SaveSide, min_runs: int, max_cv: float) -> Gate:
    if side.runs < min_runs or side.cv_pct is None:
        return Gate(gate_id, "insufficient")
    return Gate(gate_id, "pass" if side.cv_pct <= max_cv else "fail")


def _speedup_gate(save: Save, target: float) -> Gate:
    ci = save.speedup_ci95
    if ci is None:
        return Gate("G3", "insufficient")
    if ci[0] >= target:
        return Gate("G3", "pass")
    if ci[1] < target:
        return Gate("G3", "fail")
    return Gate("G3", "insufficient")


def evaluated_gates(test: JointTest, save: Save, bubble: Bubble) -> tuple[Gate, ...]:
    """G1 to G4 evaluated against test.toml's [gates]."""
    g = test.config.gates
    g1 = _measurement_gate("G1", save.baseline, g.min_runs, g.max_cv_pct)
    g2 = _measurement_gate("G2", save.candidate, g.min_runs, g.max_cv_pct)
    passed = bubble.duration_reduction_pct >= g.target_duration_reduction_pct
    g4 = Gate("G4", "pass" if passed else "fail")
    return (g1, g2, _speedup_gate(save, g.target_speedup), g4)


def verdict(gates: tuple[Gate, ...]) -> Verdict:
    """The verdict the gates give: demonstrated, undecided or not demonstrated."""
    failed = tuple(g.id for g in gates if g.status == "fail")
    insufficient = tuple(g.id for g in gates if g.status == "insufficient")
    status = "not_demonstrated" if failed else "undecided" if insufficient else "demonstrated"
    return Verdict(status, failed, insufficient)


def next_steps(test: JointTest, save: Save) -> NextSteps:
    """The runs each side still needs, and the runs per side that would decide G3."""
    g = test.config.gates
    need = max(g.min_runs, 2)
    b, c = save.baseline, save.candidate
    fraction = [None if s.cv_pct is None else s.cv_pct / 100 for s in (b, c)]
    return NextSteps(
        min_runs_short=RunsShort(max(0, need - b.runs), max(0, need - c.runs)),
        g3_runs_per_side=stats.runs_to_decide(save.speedup, *fraction, g.target_speedup),
    )
