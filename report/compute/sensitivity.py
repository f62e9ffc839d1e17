"""The benefit over a grid of checkpoint intervals and step times."""

from __future__ import annotations

from decimal import Decimal, localcontext

import numpy as np

from report.compute.figures import AsyncSide, Bubble, Save, Sensitivity

# The sensitivity chart spans this factor either side of the configured interval and step time.
SENSITIVITY_SPAN = 8.0
SENSITIVITY_POINTS = 41


def _reduction_pct(saves: int, pauses: tuple[float, float], compute_s: float) -> float:
    """bubble.duration_reduction_pct for `saves` saves of pauses (baseline, candidate) and `compute_s` of compute."""
    return 100 * saves * (pauses[0] - pauses[1]) / (compute_s + saves * pauses[0])


def _geometric_grid(span: float, points: int) -> np.ndarray:
    """`points` factors from 1/span to span, equally spaced on a log scale, each correctly rounded.

    numpy's geomspace goes through exp and log loops chosen by the processor's instruction set, so its last digit
    differs between machines (an AMD EPYC and the machine that made the golden files disagreed in 25 of 41 points);
    decimal's power is integer arithmetic, the same everywhere, and metrics.json must not depend on the processor.
    """
    base, last = Decimal(repr(span)), points - 1
    with localcontext() as ctx:
        ctx.prec = 40
        return np.array([float(base ** (Decimal(2 * i - last) / last)) for i in range(points)])


def sensitivity_grid(
    save: Save, bubble: Bubble, async_sides: dict[str, AsyncSide], mode: str, step_time: float, target_pct: float
) -> Sensitivity:
    """The benefit over a grid of intervals and step times; in async mode each point's pauses are its stalls."""
    total, interval = bubble.total_steps, bubble.checkpoint_interval_steps
    grid = _geometric_grid(SENSITIVITY_SPAN, SENSITIVITY_POINTS)
    steps = sorted({int(v) for v in np.clip(np.rint(interval * grid), 1, total)} | {interval})
    times_s = sorted({float(v) for v in step_time * grid} | {step_time})
    saves = bubble.saves

    def pauses(interval_s: float) -> tuple[float, float]:
        if mode != "async":
            return (save.baseline.mean_s, save.candidate.mean_s)
        b, c = async_sides["baseline"], async_sides["candidate"]
        return (b.staging_s + max(0.0, b.write_lag_s - interval_s), c.staging_s + max(0.0, c.write_lag_s - interval_s))

    return Sensitivity(
        intervals_steps=tuple(steps),
        interval_reduction_pct=tuple(
            _reduction_pct(total // k, pauses(k * step_time), bubble.compute_s) for k in steps
        ),
        step_times_s=tuple(times_s),
        step_time_reduction_pct=tuple(_reduction_pct(saves, pauses(interval * t), total * t) for t in times_s),
        step_time_s=step_time,
        target_pct=target_pct,
    )
