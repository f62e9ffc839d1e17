"""Pure statistical functions: spread, the speedup's confidence interval, outliers, fits, checkpoint intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

# Iglewicz and Hoaglin's cut-off for the modified z-score.
OUTLIER_Z = 3.5
# Below this many runs no run is called an outlier: with three, the median absolute deviation is the smaller of the
# two gaps from the median, so any uneven triple would flag its far value (0.455 s against 0.525 s and 0.530 s).
OUTLIER_MIN_RUNS = 5


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean."""
    return math.fsum(values) / len(values)


def stdev(values: Sequence[float]) -> float | None:
    """Sample standard deviation (n - 1); None with fewer than two values."""
    if len(values) < 2:
        return None
    m = mean(values)
    return math.sqrt(math.fsum((v - m) ** 2 for v in values) / (len(values) - 1))


def t_quantile_975(df: float) -> float:
    """The 97.5% quantile of Student's t with `df` degrees of freedom."""
    from scipy.special import stdtrit  # imported only when an interval is computed

    return float(stdtrit(df, 0.975))


def ratio_ci95(
    mean_b: float, sd_b: float | None, n_b: int, mean_c: float, sd_c: float | None, n_c: int
) -> tuple[float, float] | None:
    """95% interval of mean_b / mean_c: delta method on the log ratio, Welch-Satterthwaite df."""
    if sd_b is None or sd_c is None:
        return None
    ratio = mean_b / mean_c
    v_b = sd_b**2 / (n_b * mean_b**2)
    v_c = sd_c**2 / (n_c * mean_c**2)
    se = math.sqrt(v_b + v_c)
    if se == 0:
        return (ratio, ratio)
    df = (v_b + v_c) ** 2 / (v_b**2 / (n_b - 1) + v_c**2 / (n_c - 1))
    half = t_quantile_975(df) * se
    return (ratio * math.exp(-half), ratio * math.exp(half))


def modified_z(values: Sequence[float]) -> list[float]:
    """Iglewicz-Hoaglin modified z-scores; 0 for every value when the spread is zero."""
    x = np.asarray(values, dtype=float)
    median = float(np.median(x))
    mad = float(np.median(np.abs(x - median)))
    if mad > 0:
        return (0.6745 * (x - median) / mad).tolist()
    mean_ad = float(np.mean(np.abs(x - median)))
    if mean_ad > 0:  # more than half the values equal: IBM's fallback on the mean absolute deviation
        return ((x - median) / (1.253314 * mean_ad)).tolist()
    return [0.0] * len(x)


def least_squares(x: Sequence[float], y: Sequence[float]) -> tuple[float, float]:
    """Intercept a and slope b of the least-squares line y = a + b x (x must hold two or more values)."""
    mx, my = mean(x), mean(y)
    sxx = math.fsum((xi - mx) ** 2 for xi in x)
    sxy = math.fsum((xi - mx) * (yi - my) for xi, yi in zip(x, y, strict=True))
    slope = sxy / sxx
    return my - slope * mx, slope


def young_interval(cost_s: float, mtbf_s: float) -> float:
    """Young's (1974) first-order optimal checkpoint interval, sqrt(2 c M)."""
    return math.sqrt(2 * cost_s * mtbf_s)


def daly_interval(cost_s: float, mtbf_s: float) -> float:
    """Daly's (2006) higher-order optimal interval of compute between checkpoints."""
    if cost_s >= 2 * mtbf_s:
        return mtbf_s
    r = cost_s / (2 * mtbf_s)
    return math.sqrt(2 * cost_s * mtbf_s) * (1 + math.sqrt(r) / 3 + r / 9) - cost_s


def overhead_pct(cost_s: float, interval_s: float, mtbf_s: float, restart_s: float) -> float:
    """Expected share of time lost, first order: saves, half an interval of rework, and restarts per failure."""
    return 100 * (cost_s / interval_s + (interval_s + cost_s) / (2 * mtbf_s) + restart_s / mtbf_s)


def pause(blocking_s: float, lag_s: float, interval_s: float) -> float:
    """What one save costs training at `interval_s`: the blocking part plus any wait for the previous write."""
    return blocking_s + max(0.0, lag_s - interval_s)


def failure_overhead_pct(blocking_s: float, lag_s: float, interval_s: float, mtbf_s: float, recovery_s: float) -> float:
    """Expected overhead, a share of compute time: saves, work lost to a failure (half a period plus the write lag:
    a checkpoint still being written cannot be restored) and recovery. With lag_s 0 it is overhead_pct's."""
    p = pause(blocking_s, lag_s, interval_s)
    return 100 * (p / interval_s + (interval_s + p) / (2 * mtbf_s) + lag_s / mtbf_s + recovery_s / mtbf_s)


def runs_to_decide(speedup: float, cv_b: float | None, cv_c: float | None, target: float) -> int | None:
    """Runs per side at which the speedup's 95% interval, with the observed spread, would clear `target`.

    cv_b and cv_c are the sides' coefficients of variation as fractions. The smallest n from 2 to 10,000 at which
    the interval's far end lies beyond the target on the side the speedup is on; None when a spread is unknown, the
    speedup equals the target, or no such n exists.
    """
    if cv_b is None or cv_c is None or speedup == target:
        return None
    from scipy.special import stdtrit

    n = np.arange(2, 10_001, dtype=np.float64)
    var = cv_b**2 + cv_c**2
    se = np.sqrt(var / n)
    df = (n - 1) * var**2 / (cv_b**4 + cv_c**4) if var > 0 else n - 1
    half = stdtrit(df, 0.975) * se
    decided = speedup * np.exp(-half) >= target if speedup > target else speedup * np.exp(half) < target
    found = np.flatnonzero(decided)
    return int(n[found[0]]) if len(found) else None
