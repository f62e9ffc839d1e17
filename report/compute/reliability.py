"""Failures: restores, recovery, the overhead of saves and failures, ETTR and the optimal interval."""

from __future__ import annotations

import math
from collections.abc import Callable

from report import stats
from report.compute.figures import AsyncSide, Bubble, Reliability, ReliabilitySide, Save, SaveSide
from report.inputs.joint_test import JointTest


def blocking(test: JointTest, side: SaveSide, lag: AsyncSide) -> tuple[float, float]:
    """(b, w): the part of a save that blocks training and the write lag (sync: the save, 0; async: staging, save)."""
    if test.config.training.checkpoint_mode == "async":
        return lag.staging_s, lag.write_lag_s
    return side.mean_s, 0.0


def _restore_s(test: JointTest, system: str) -> float | None:
    """Mean restore time of the training model on `system`; None when no restores were measured."""
    frame = test.restores
    if frame is None or frame.empty:
        return None
    rows = frame[(frame["system"] == system) & (frame["model"] == test.config.training.model)]
    return stats.mean([float(v) for v in rows["restore_s"]])


def reliability_figures(
    test: JointTest, save: Save, bubble: Bubble, async_sides: dict[str, AsyncSide], step: float
) -> Reliability:
    """Failure-aware figures at the test's interval and at each side's optimum."""
    r = test.config.reliability
    gpus = save.baseline.gpus
    mtbf = r.gpu_mtbf_hours * 3600 / gpus
    interval = bubble.checkpoint_interval_steps * step

    def side(name: str, s: SaveSide) -> ReliabilitySide:
        b, w = blocking(test, s, async_sides[name])
        restore = _restore_s(test, s.system)
        recovery = r.restart_s + (0.0 if restore is None else restore)
        best = max(stats.young_interval(b, mtbf), w)
        overhead = stats.failure_overhead_pct(b, w, interval, mtbf, recovery)
        optimal = stats.failure_overhead_pct(b, w, best, mtbf, recovery)
        return ReliabilitySide(
            restore_s=restore,
            recovery_s=recovery,
            optimal_interval_s=best,
            optimal_interval_steps=best / step,
            daly_interval_s=max(stats.daly_interval(b, mtbf), w),
            save_overhead_pct=100 * stats.pause(b, w, interval) / interval,
            overhead_pct=overhead,
            optimal_overhead_pct=optimal,
            ettr=1 / (1 + overhead / 100),
            optimal_ettr=1 / (1 + optimal / 100),
        )

    b, c = side("baseline", save.baseline), side("candidate", save.candidate)
    return Reliability(
        gpu_mtbf_hours=r.gpu_mtbf_hours,
        restart_s=r.restart_s,
        gpus=gpus,
        job_mtbf_s=mtbf,
        step_time_s=step,
        interval_s=interval,
        baseline=b,
        candidate=c,
        tuning_beats_switching=b.optimal_overhead_pct < c.overhead_pct,
        retune_gain_pct=b.overhead_pct - b.optimal_overhead_pct,
        switch_gain_pct=b.overhead_pct - c.overhead_pct,
        optimum_gain_pct=b.optimal_overhead_pct - c.optimal_overhead_pct,
        # wall time is compute × (1 + overhead): the candidate's throughput gain with both at their optima, and what
        # it is worth in a cluster like bubble.gpu_equivalents at today's interval
        optimum_gpu_equivalents=bubble.cluster_gpus
        * ((1 + b.optimal_overhead_pct / 100) / (1 + c.optimal_overhead_pct / 100) - 1),
        cost_ratio=save.time_ratio,
        sqrt_cost_ratio=math.sqrt(save.time_ratio),
        optimal_overhead_ratio=c.optimal_overhead_pct / b.optimal_overhead_pct,
    )


def _baseline_beats(
    test: JointTest, save: Save, r: Reliability, async_sides: dict[str, AsyncSide]
) -> Callable[[int], bool] | None:
    """Whether the baseline's failure-aware overhead at an interval of n steps is at most the candidate's at today's
    interval, as a test of n; None where re-tuning does not beat switching (no interval to search for)."""
    if not r.tuning_beats_switching:
        return None
    b, w = blocking(test, save.baseline, async_sides["baseline"])
    step, target = r.step_time_s, r.candidate.overhead_pct

    def beats(n: int) -> bool:
        return stats.failure_overhead_pct(b, w, n * step, r.job_mtbf_s, r.baseline.recovery_s) <= target

    return beats


def break_even_steps(
    test: JointTest, save: Save, reliability: Reliability, async_sides: dict[str, AsyncSide]
) -> int | None:
    """Where re-tuning beats switching: the fewest whole steps between saves at which the baseline's failure-aware
    overhead falls to the candidate's at today's interval (cold read 31, M1: retune's case priced at Young's 11,124
    steps when about 2,035 suffice). The overhead falls from today's interval to the baseline's optimum, so the search
    halves that range. None where re-tuning does not beat switching."""
    r = reliability
    beats = _baseline_beats(test, save, r, async_sides)
    if beats is None:
        return None
    low = test.config.training.checkpoint_interval_steps
    high = max(low, math.ceil(r.baseline.optimal_interval_steps))
    if beats(low):
        return low
    if not beats(high):  # the optimum itself, rounded up to a whole step, just misses: the next whole step
        return high + 1
    while high - low > 1:  # beats(high), not beats(low)
        mid = (low + high) // 2
        low, high = (low, mid) if beats(mid) else (mid, high)
    return high


def break_even_upper_steps(
    test: JointTest, save: Save, reliability: Reliability, async_sides: dict[str, AsyncSide]
) -> int | None:
    """The most whole steps between saves at which the baseline's failure-aware overhead is still no more than the
    candidate's at today's interval: beyond its optimum the overhead rises again, as lost work grows (cold read 7:
    "saving every 6,977 steps or more" is false beyond about 13,630). None where re-tuning does not beat switching, or
    where it still holds at total_steps (one save a run)."""
    r = reliability
    beats = _baseline_beats(test, save, r, async_sides)
    if beats is None:
        return None
    total = test.config.training.total_steps
    low = max(test.config.training.checkpoint_interval_steps, math.floor(r.baseline.optimal_interval_steps))
    if not beats(low):
        low = max(test.config.training.checkpoint_interval_steps, math.ceil(r.baseline.optimal_interval_steps))
        if not beats(low):
            return None
    if beats(total):
        return None
    high = total  # beats(low), not beats(high): the overhead rises from the optimum on
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if beats(mid) else (low, mid)
    return low


def flip_mtbf_hours(
    test: JointTest, save: Save, reliability: Reliability, async_sides: dict[str, AsyncSide], edge: bool = False
) -> float | None:
    """The per-GPU MTBF (h) at which re-tuning the baseline's interval and switching at today's interval recover the
    same: the baseline's overhead at its optimum equals the candidate's at today's interval (fifth cold reads b, A3/A4
    and M-8: the case for or against re-tuning rests on an assumed failure rate, and page 1 gave no threshold at which
    it turns). Searched from the assumed MTBF towards the side where the comparison turns (shorter where re-tuning
    wins today: more failures make the candidate's lost work weigh), over three decades, then bisected to 1e-9
    relative. None where it does not turn within a thousand times the assumed MTBF. With `edge`, the MTBF beyond that
    one, in the same direction, at which the comparison turns back (the far edge of the band where the other wins),
    None where it does not within a further three decades."""
    r = reliability
    gpus, interval = r.gpus, r.interval_s
    recovery_b, recovery_c = r.baseline.recovery_s, r.candidate.recovery_s
    b_b, w_b = blocking(test, save.baseline, async_sides["baseline"])
    b_c, w_c = blocking(test, save.candidate, async_sides["candidate"])

    def margin(hours: float) -> float:  # > 0 where re-tuning the baseline recovers more than switching
        mtbf = hours * 3600 / gpus
        best = max(stats.young_interval(b_b, mtbf), w_b)
        tuned = stats.failure_overhead_pct(b_b, w_b, best, mtbf, recovery_b)
        return stats.failure_overhead_pct(b_c, w_c, interval, mtbf, recovery_c) - tuned

    here = r.gpu_mtbf_hours
    flip = _turn(margin, here, 0.9 if margin(here) > 0 else 1 / 0.9)
    if flip is None or not edge:
        return flip
    # the band's far edge: past the flip, in the same direction (cold read 13b, X: switching recovered more only
    # between about 20 h and 94.6 h, where the optimal interval floors at the write lag; "below 94.6 h" was false)
    factor = 0.9 if flip < here else 1 / 0.9
    return _turn(margin, flip * (1 - 1e-6) if flip < here else flip * (1 + 1e-6), factor)


def _turn(margin, start: float, factor: float) -> float | None:
    """The MTBF (h) nearest `start` in the direction `factor` steps (0.9 shorter, 1 / 0.9 longer) at which `margin`
    changes sign, over three decades, bisected to 1e-9 relative; None where it does not."""
    sign = margin(start) > 0
    near = start
    for _ in range(66):  # 0.9^66 ≈ 1/1,000
        far = near * factor
        if (margin(far) > 0) != sign:
            low, high = sorted((near, far))
            while high - low > 1e-9 * high:
                mid = (low + high) / 2
                if (margin(mid) > 0) == (margin(low) > 0):
                    low = mid
                else:
                    high = mid
            return (low + high) / 2
        near = far
    return None


def _without_outliers(test: JointTest, side: SaveSide) -> tuple[float, float]:
    """(blocking, write lag) of `side` without its outlying runs: for asynchronous saves the runs give the write lag,
    [async] the staging that blocks."""
    kept = [t for run, t in zip(side.run_numbers, side.times_s, strict=True) if run not in side.outlier_runs]
    mean = stats.mean(kept)
    if test.config.training.checkpoint_mode != "async":
        return mean, 0.0
    spec = test.config.async_saves
    return (0.0 if spec is None else spec.staging_s[side.system]), mean


def retune_without_outliers(test: JointTest, save: Save, reliability: Reliability) -> bool | None:
    """Whether re-tuning the baseline's interval still recovers more than switching, and switching still helps, with
    each side's outlier runs (save.<side>.outlier_runs) left out of its mean: then an outlying run's cause cannot
    change what re-tuning says (cold read 7b, B-1: "not yet: the cause of one slow run decides it" while saving every
    510 steps on the baseline matched the candidate with the run or without it). For asynchronous saves the runs give
    the write lag, [async] the staging that blocks (cold tests 10, Q: an outlier on the async candidate left the
    question open though re-tuning matched it either way). None without an outlying run. Not in metrics.json."""
    if not save.baseline.outlier_runs and not save.candidate.outlier_runs:
        return None
    r = reliability
    (b, w_b), (c, w_c) = _without_outliers(test, save.baseline), _without_outliers(test, save.candidate)
    best = max(stats.young_interval(b, r.job_mtbf_s), w_b)
    tuned = stats.failure_overhead_pct(b, w_b, best, r.job_mtbf_s, r.baseline.recovery_s)
    today_b = stats.failure_overhead_pct(b, w_b, r.interval_s, r.job_mtbf_s, r.baseline.recovery_s)
    today_c = stats.failure_overhead_pct(c, w_c, r.interval_s, r.job_mtbf_s, r.candidate.recovery_s)
    return tuned < today_c < today_b


def optima_gain_ratio_without_outliers(test: JointTest, save: Save, reliability: Reliability) -> float | None:
    """The candidate's throughput gain with each system at its optimal interval, failures included, without the
    outlying runs over the same with them: (1 + o_B') / (1 + o_C') - 1 over (1 + o_B) / (1 + o_C) - 1, o the optimal
    overhead (reliability.<side>.optimal_overhead_pct / 100), ' without the runs. Every value at the optima
    (`reliability.optimum_gpu_equivalents`, `economics.payback_years` and the job's share of it) scales with that gain,
    so a payback without the runs is the one with them over this ratio, but for the candidate's wall time in the share
    of the cluster the runs a year fill (cold tests 17, W: "not yet; the cause of one slow run decides it first" where
    the runs given paid for the candidate in about 1,650 years with the run or without it). None without an outlying
    run or where the gain with the runs is not positive. Not in metrics.json."""
    if not save.baseline.outlier_runs and not save.candidate.outlier_runs:
        return None
    r = reliability
    gain = (1 + r.baseline.optimal_overhead_pct / 100) / (1 + r.candidate.optimal_overhead_pct / 100) - 1
    if gain <= 0:
        return None

    def optimal(side: SaveSide, recovery_s: float) -> float:
        b, w = _without_outliers(test, side)
        best = max(stats.young_interval(b, r.job_mtbf_s), w)
        return stats.failure_overhead_pct(b, w, best, r.job_mtbf_s, recovery_s) / 100

    base, cand = optimal(save.baseline, r.baseline.recovery_s), optimal(save.candidate, r.candidate.recovery_s)
    without = (1 + base) / (1 + cand)
    return (without - 1) / gain
