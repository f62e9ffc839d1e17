"""Save-time fits, projections to other snapshot sizes and the inputs' feasibility."""

from __future__ import annotations

import pandas as pd

from report import stats
from report.compute.figures import SIDES, Bubble, Fit, Projection
from report.inputs.joint_test import JointTest
from report.problems import Problem


def line_fit(frame: pd.DataFrame, system: str) -> Fit:
    """One system's save time against snapshot size: a least-squares line, or proportional for one size."""
    rows = frame[frame["system"] == system]
    sizes = tuple(float(v) for v in rows["snapshot_gb"])
    times = tuple(float(v) for v in rows["save_s"])
    gpus = tuple(sorted({int(v) for v in rows["gpus"]}))
    if len(set(sizes)) == 1:
        return Fit(sizes, times, gpus, 0.0, stats.mean(times) / sizes[0], "proportional")
    a, b = stats.least_squares(sizes, times)
    return Fit(sizes, times, gpus, a, b, "least_squares")


def predict(fit: Fit, size_gb: float) -> float:
    """The projected save time at `size_gb`."""
    if fit.method == "proportional":
        return stats.mean(fit.times_s) * size_gb / fit.sizes_gb[0]
    return fit.intercept_s + fit.slope_s_per_gb * size_gb


def projection(spec, fits: dict[str, Fit], default_saves: int) -> Projection:
    """The save times test.toml's [[projection]] asks for, from both sides' fits."""
    b, c = predict(fits["baseline"], spec.snapshot_gb), predict(fits["candidate"], spec.snapshot_gb)
    saves = spec.saves if spec.saves is not None else default_saves
    measured = max(max(fits[s].sizes_gb) for s in SIDES)
    return Projection(
        name=spec.name,
        snapshot_gb=spec.snapshot_gb,
        saves=saves,
        baseline_s=b,
        candidate_s=c,
        saved_per_save_s=b - c,
        saved_total_s=saves * (b - c),
        extrapolation=spec.snapshot_gb / measured,
        measured_size=all(spec.snapshot_gb in fits[s].sizes_gb for s in SIDES),
    )


def infeasible(test: JointTest, bubble: Bubble, projections: tuple[Projection, ...]) -> list[Problem]:
    """Inputs that are each valid but together describe something impossible."""
    problems = []
    t = test.config.training
    if not bubble.compute_s > 0:
        key = "baseline_duration_s" if t.baseline_duration_s is not None else "step_time_s"
        message = (
            f"the run's {bubble.saves} baseline saves alone take {bubble.baseline_save_total_s:g} s,"
            f" which leaves no compute time in a baseline duration of {bubble.baseline_duration_s:g} s"
        )
        problems.append(Problem("test.toml", None, f"training.{key}", message))
    for index, p in enumerate(projections, start=1):
        for side, value in (("baseline", p.baseline_s), ("candidate", p.candidate_s)):
            if not value > 0:
                message = (
                    f'"{p.name}": the {side} save time projected to {p.snapshot_gb:g} GB is {value:.4g} s;'
                    " a save time must be above zero (the fitted line through the measured sizes falls below zero)"
                )
                problems.append(Problem("test.toml", None, f"projections[{index}].snapshot_gb", message))
    return problems
