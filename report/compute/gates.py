"""The acceptance gates, the verdict and the runs still needed."""

from __future__ import annotations

from report import stats
from report.compute.figures import (
    SIDES,
    AsyncSide,
    Bubble,
    Gate,
    NextSteps,
    RunsShort,
    Save,
    SaveSide,
    Verdict,
    WithoutOutliers,
)
from report.compute.reach import reduction_pct
from report.inputs.joint_test import JointTest


def _measurement_gate(gate_id: str, side: SaveSide, min_runs: int, max_cv: float) -> Gate:
    return _runs_gate(gate_id, side.runs, side.cv_pct, min_runs, max_cv)


def _runs_gate(gate_id: str, runs: int, cv_pct: float | None, min_runs: int, max_cv: float) -> Gate:
    """G1 or G2: at least min_runs runs and a cv_pct (else insufficient), and cv_pct <= max_cv (else fail)."""
    if runs < min_runs or cv_pct is None:
        return Gate(gate_id, "insufficient")
    return Gate(gate_id, "pass" if cv_pct <= max_cv else "fail")


def _speedup_gate(save: Save, target: float) -> Gate:
    return _interval_gate(save.speedup_ci95, target)


def _interval_gate(ci: tuple[float, float] | None, target: float) -> Gate:
    """G3: pass when the interval's low end reaches the target, fail when its high end is below it."""
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
    cv_b, cv_c = (None if s.cv_pct is None else s.cv_pct / 100 for s in (b, c))
    return NextSteps(
        min_runs_short=RunsShort(max(0, need - b.runs), max(0, need - c.runs)),
        g3_runs_per_side=stats.runs_to_decide(save.speedup, cv_b, cv_c, g.target_speedup),
    )


def without_outliers(
    test: JointTest, save: Save, bubble: Bubble, async_sides: dict[str, AsyncSide], interval_s: float
) -> WithoutOutliers | None:
    """The speedup, the benefit, the gates and the verdict with each side's outlier runs left out (found once, on all
    runs); None when neither side has one. compute_s, saves and the interval stay the main figures' (settled point 1);
    a remaining pause is the remaining mean (sync) or staging + max(0, remaining mean − τ) (async)."""
    if not save.baseline.outlier_runs and not save.candidate.outlier_runs:
        return None
    g = test.config.gates
    rest = {}
    for key, side in zip(SIDES, save.sides(), strict=True):
        times = [t for run, t in zip(side.run_numbers, side.times_s, strict=True) if run not in side.outlier_runs]
        mean, sd = stats.mean(times), stats.stdev(times)
        pause = mean
        if test.config.training.checkpoint_mode == "async":
            pause = async_sides[key].staging_s + max(0.0, mean - interval_s)
        rest[key] = (len(times), mean, sd, None if sd is None else 100 * sd / mean, pause)
    (n_b, mean_b, sd_b, cv_b, pause_b), (n_c, mean_c, sd_c, cv_c, pause_c) = rest["baseline"], rest["candidate"]
    ci = stats.ratio_ci95(mean_b, sd_b, n_b, mean_c, sd_c, n_c)
    reduction = reduction_pct(bubble.saves, pause_b, pause_c, bubble.compute_s)
    gates = (
        _runs_gate("G1", n_b, cv_b, g.min_runs, g.max_cv_pct),
        _runs_gate("G2", n_c, cv_c, g.min_runs, g.max_cv_pct),
        _interval_gate(ci, g.target_speedup),
        Gate("G4", "pass" if reduction >= g.target_duration_reduction_pct else "fail"),
    )
    return WithoutOutliers(
        speedup=mean_b / mean_c,
        speedup_ci95=ci,
        duration_reduction_pct=reduction,
        gates=gates,
        verdict_status=verdict(gates).status,
    )
