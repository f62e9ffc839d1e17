"""Whether G4 can pass at all, and the largest interval at which it would (CONTRACT.md, schema 4, settled points 1, 2).

A save pauses training p_X(n) = b_X + max(0, w_X − n × t) at an interval of n steps: sync, b the mean save and w 0;
async, b the staging σ and w the write lag (the save's mean). With s(n) = total_steps // n and c the main figures'
compute_s, the benefit at n is reduction(n) = 100 × s(n) × (p_B(n) − p_C(n)) / (c + s(n) × p_B(n)). `interval_steps`
finds the largest n in 1..total_steps with reduction(n) >= target, and returns exactly what `interval_steps_brute`
(every n, one by one) returns: it evaluates the very same floating-point expression, only fewer times.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from report.compute.asynchronous import min_interval_steps
from report.compute.figures import AsyncSide, Bubble, GatesReach, Save

# n evaluated at once below the interval where both writes finish in time (numpy arrays of this length, a few MB).
CHUNK = 1 << 18


@dataclass(frozen=True)
class Pauses:
    """What one save costs training on each side at an interval of n steps: b + max(0, w − n × step_s)."""

    blocking_b: float  #: b_B: the baseline's save (sync) or its staging (async)
    blocking_c: float  #: b_C
    lag_b: float  #: w_B: 0 (sync) or the baseline's write lag (async)
    lag_c: float  #: w_C
    step_s: float  #: t, seconds of compute per step (> 0)

    def at(self, n: int) -> tuple[float, float]:
        """(p_B(n), p_C(n))."""
        return (
            self.blocking_b + max(0.0, self.lag_b - n * self.step_s),
            self.blocking_c + max(0.0, self.lag_c - n * self.step_s),
        )


def reduction_pct(saves: int, pause_b: float, pause_c: float, compute_s: float) -> float:
    """100 × saves × (p_B − p_C) / (c + saves × p_B): the training-time benefit of `saves` saves, compute held."""
    return 100 * saves * (pause_b - pause_c) / (compute_s + saves * pause_b)


def interval_steps_brute(total_steps: int, target_pct: float, compute_s: float, pauses: Pauses) -> int | None:
    """The largest n in 1..total_steps with reduction(n) >= target_pct, every n evaluated (the reference)."""
    found = None
    for n in range(1, total_steps + 1):
        if reduction_pct(total_steps // n, *pauses.at(n), compute_s) >= target_pct:
            found = n
    return found


def interval_steps(total_steps: int, target_pct: float, compute_s: float, pauses: Pauses) -> int | None:
    """The largest n in 1..total_steps with reduction(n) >= target_pct; None when there is none. Equal to
    `interval_steps_brute`, in about 2√total_steps evaluations plus those below the stall-free interval.

    From m = the smallest n at which both writes finish within the interval (n × t >= w on each side, tested in the
    same product the pauses use; 1 in sync mode) the pauses are exactly b_B and b_C, so reduction(n) depends on n only
    through s = total_steps // n: each run of n sharing one s is judged once, at its largest n. Below m the pauses
    change with n and no order is assumed (async is not monotone): `_below` evaluates each n there, top down.
    """
    stall_free = max(min_interval_steps(pauses.lag_b, pauses.step_s), min_interval_steps(pauses.lag_c, pauses.step_s))
    high = total_steps
    while high >= stall_free:  # the runs of equal s, largest n first
        saves = total_steps // high
        if reduction_pct(saves, pauses.blocking_b, pauses.blocking_c, compute_s) >= target_pct:
            return high
        high = total_steps // (saves + 1)  # the largest n whose s is saves + 1
    top = min(stall_free - 1, total_steps)
    return _below(total_steps, target_pct, compute_s, pauses, top) if top >= 1 else None


def _below(total_steps: int, target_pct: float, compute_s: float, pauses: Pauses, top: int) -> int | None:
    """The largest n in 1..top with reduction(n) >= target_pct: ranges of up to CHUNK n are evaluated in numpy (the
    same IEEE operations in the same order as `reduction_pct`); a larger range is split, its upper half first, unless
    a bound shows that no n in it can reach the target (a write lag of hours at a step of milliseconds would otherwise
    mean billions of evaluations)."""
    ranges = [(1, top)]
    while ranges:
        low, high = ranges.pop()
        if high - low + 1 <= CHUNK:
            n = np.arange(low, high + 1, dtype=np.int64)
            saves = total_steps // n
            p_b = pauses.blocking_b + np.maximum(0.0, pauses.lag_b - n * pauses.step_s)
            p_c = pauses.blocking_c + np.maximum(0.0, pauses.lag_c - n * pauses.step_s)
            passed = np.flatnonzero(100 * saves * (p_b - p_c) / (compute_s + saves * p_b) >= target_pct)
            if len(passed):
                return int(n[passed[-1]])
        elif _bound(total_steps, compute_s, pauses, low, high) >= target_pct:
            middle = (low + high) // 2
            ranges += [(low, middle), (middle + 1, high)]  # the upper half is taken first
    return None


def _bound(total_steps: int, compute_s: float, pauses: Pauses, low: int, high: int) -> float:
    """Above every reduction(n), n in low..high, as computed: both pauses fall as n grows, so p_B − p_C <= p_B(low) −
    p_C(high) = d, p_B >= p_B(high) and s <= S = total_steps // low; 100 s d / (c + s p) grows with s for d > 0. The
    margin, 1e-9 × (1 + S × (b_B + b_C + 2 w_B + 2 w_C) / c)², is millions of times the rounding a computed reduction
    can carry, so a range this bound leaves out holds no n `interval_steps_brute` would find."""
    p_b_low, _ = pauses.at(low)
    p_b_high, p_c_high = pauses.at(high)
    saves, gap = total_steps // low, p_b_low - p_c_high
    scale = saves * (pauses.blocking_b + pauses.blocking_c + 2 * (pauses.lag_b + pauses.lag_c)) / compute_s
    bound = 100 * saves * gap / (compute_s + saves * p_b_high) if gap > 0 else 0.0
    return bound + 1e-9 * (1 + scale) ** 2


def pauses_of(mode: str, save: Save, async_sides: dict[str, AsyncSide], step_s: float) -> Pauses:
    """The pauses at any interval: sync, the mean saves; async, staging and write lag (settled point 1)."""
    if mode == "async":
        b, c = async_sides["baseline"], async_sides["candidate"]
        return Pauses(b.staging_s, c.staging_s, b.write_lag_s, c.write_lag_s, step_s)
    return Pauses(save.baseline.mean_s, save.candidate.mean_s, 0.0, 0.0, step_s)


def gates_reach(
    mode: str, save: Save, bubble: Bubble, async_sides: dict[str, AsyncSide], step_s: float, target_pct: float
) -> GatesReach:
    """G4's ceiling (settled point 2) and the largest interval at which G4 would pass (settled point 1)."""
    if mode == "async":
        stall_b, saves = async_sides["baseline"].stall_s, bubble.saves
        ceiling = reduction_pct(saves, stall_b, async_sides["candidate"].staging_s, bubble.compute_s)
    else:
        ceiling = bubble.baseline_bubble_pct
    pauses = pauses_of(mode, save, async_sides, step_s)
    return GatesReach(
        g4_max_reduction_pct=ceiling,
        g4_reachable=ceiling >= target_pct,
        g4_interval_steps=interval_steps(bubble.total_steps, target_pct, bubble.compute_s, pauses),
    )


def g4_range(mode: str, save: Save, bubble: Bubble) -> tuple[float, float] | None:
    """G4's training-time change across the speedup's 95% interval, (at its low end, at its high end): the candidate's
    mean save taken as mean_B ÷ each end, everything else the main figures' (sync saves only; None in async mode or
    without an interval). A target between the two is one the runs cannot settle, whatever G4's status by the means
    (cold read 6, outlier case: 2.49% against 2.5%, 0.92% to 3.54% across the interval)."""
    ci = save.speedup_ci95
    if mode != "sync" or ci is None or bubble.saves == 0:
        return None
    mean_b = save.baseline.mean_s
    low, high = (reduction_pct(bubble.saves, mean_b, mean_b / end, bubble.compute_s) for end in ci)
    return low, high


def g4_unsettled(mode: str, save: Save, bubble: Bubble, target_pct: float) -> tuple[float, float] | None:
    """G4's range across the speedup's interval when the target lies inside it (low < target <= high), else None."""
    found = g4_range(mode, save, bubble)
    if found is None or not found[0] < target_pct <= found[1]:
        return None
    return found
