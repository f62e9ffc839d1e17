"""The saves, the bandwidth and the training-time bubble of both sides."""

from __future__ import annotations

import dataclasses
import math

import pandas as pd

from report import stats
from report.compute.asynchronous import async_sides_at
from report.compute.figures import SIDES, AsyncSide, Bandwidth, BandwidthSide, Bubble, OtherSave, Save, SaveSide
from report.inputs.joint_test import JointTest
from report.inputs.runs import BandwidthLog, steady_means
from report.inputs.specs import Training


def saves_and_bubble(test: JointTest, save: Save) -> tuple[dict[str, AsyncSide] | None, Save, Bubble]:
    """The async figures per side (async mode; None in sync mode), the saves with their pause, and the bubble.

    In sync mode the pause is the save's mean and the step time follows from the bubble (compute_s / total_steps,
    checked above zero before the what-if is computed); in async mode the step time is given and the pause is the
    stall, which depends on the interval.
    """
    t = test.config.training
    if t.checkpoint_mode == "async":
        step = _given_step_s(t)
        sides = async_sides_at(test, save, step, t.checkpoint_interval_steps * step)
        pauses = {side: sides[side].stall_s for side in SIDES}
    else:
        sides, pauses = None, {"baseline": save.baseline.mean_s, "candidate": save.candidate.mean_s}
    save = dataclasses.replace(
        save,
        baseline=dataclasses.replace(save.baseline, pause_s=pauses["baseline"]),
        candidate=dataclasses.replace(save.candidate, pause_s=pauses["candidate"]),
    )
    return sides, save, _bubble(test, save)


def step_time(test: JointTest, bubble: Bubble) -> float:
    """t: compute seconds per step; in async mode the given step_time_s."""
    t = test.config.training
    return _given_step_s(t) if t.checkpoint_mode == "async" else bubble.compute_s / bubble.total_steps


def _given_step_s(t: Training) -> float:
    """step_time_s where test.toml must give it: parse_config requires it in async mode, and requires exactly one of
    it and baseline_duration_s."""
    assert t.step_time_s is not None, "parse_config requires step_time_s here"
    return t.step_time_s


def _save_side(frame: pd.DataFrame, system: str, model: str) -> SaveSide:
    rows = frame[(frame["system"] == system) & (frame["model"] == model)]
    times = rows["save_s"].tolist()
    runs = rows["run"].tolist()
    m = stats.mean(times)
    sd = stats.stdev(times)
    z = stats.modified_z(times)
    return SaveSide(
        system=system,
        model=model,
        runs=len(times),
        snapshot_gb=float(rows["snapshot_gb"].iloc[0]),
        gpus=int(rows["gpus"].iloc[0]),
        mean_s=m,
        stdev_s=sd,
        cv_pct=None if sd is None else 100 * sd / m,
        min_s=min(times),
        max_s=max(times),
        effective_gbps=float(rows["snapshot_gb"].iloc[0]) / m,
        run_numbers=tuple(int(r) for r in runs),
        times_s=tuple(times),
        outlier_runs=tuple(int(r) for r, zi in zip(runs, z, strict=True) if abs(zi) > stats.OUTLIER_Z)
        if len(times) >= stats.OUTLIER_MIN_RUNS
        else (),
    )


def save_times(frame: pd.DataFrame, names: dict[str, str], model: str) -> Save:
    """The training model's save times on both sides and their ratio."""
    b, c = (_save_side(frame, names[side], model) for side in SIDES)
    return Save(
        baseline=b,
        candidate=c,
        speedup=b.mean_s / c.mean_s,
        reduction_pct=100 * (1 - c.mean_s / b.mean_s),
        saved_per_save_s=b.mean_s - c.mean_s,
        time_ratio=c.mean_s / b.mean_s,
        speedup_ci95=stats.ratio_ci95(b.mean_s, b.stdev_s, b.runs, c.mean_s, c.stdev_s, c.runs),
    )


def other_saves(frame: pd.DataFrame, names: dict[str, str], model: str) -> tuple[OtherSave, ...]:
    """Each (model, GPUs) pair other than the training model's that both save systems timed: its mean save times
    and their ratio, ordered by GPU count then model (cold read 23, M2: long_names' 4.21x was the largest of three
    sizes, the others' 2.80x and 3.39x only in Appendix A)."""
    others = frame[frame["model"].astype(str) != model]
    out = []
    for (name, gpus), rows in others.groupby([others["model"].astype(str), others["gpus"].astype(int)], sort=False):
        means = [rows.loc[rows["system"] == names[side], "save_s"] for side in SIDES]
        if any(m.empty for m in means):
            continue
        tb, tc = means[0].tolist(), means[1].tolist()
        b, c = stats.mean(tb), stats.mean(tc)
        out.append(
            OtherSave(
                str(name),
                int(gpus),
                b,
                c,
                b / c,
                snapshot_gb=float(rows["snapshot_gb"].iloc[0]),
                baseline_runs=len(tb),
                candidate_runs=len(tc),
                ratio_ci95=stats.ratio_ci95(b, stats.stdev(tb), len(tb), c, stats.stdev(tc), len(tc)),
            )
        )
    return tuple(sorted(out, key=lambda o: (o.gpus, o.model)))


def _bandwidth_side(log: BandwidthLog, system: str) -> BandwidthSide:
    runs = log.runs_of(system)
    means = [float(v) for v in log.run_mean[runs]]
    steady, dropped = steady_means(log, runs)
    sustained, steady_mean = stats.mean(means), stats.mean(steady.tolist())
    return BandwidthSide(
        system=system,
        runs=len(means),
        samples=int((log.run_stop[runs] - log.run_start[runs]).sum()),
        run_samples=tuple(int(n) for n in log.run_stop[runs] - log.run_start[runs]),
        sustained_gbps=sustained,
        stdev_gbps=stats.stdev(means),
        steady_gbps=steady_mean,
        warmup_samples=int(dropped.sum()),
        steady_gain_pct=100 * (steady_mean / sustained - 1),
    )


def bandwidth_figures(log: BandwidthLog, names: dict[str, str]) -> Bandwidth:
    """Sustained and steady write bandwidth on both sides and the improvement."""
    b, c = (_bandwidth_side(log, names[side]) for side in SIDES)
    return Bandwidth(
        baseline_gbps=b.sustained_gbps,
        candidate_gbps=c.sustained_gbps,
        improvement_pct=100 * (c.sustained_gbps / b.sustained_gbps - 1),
        steady_improvement_pct=100 * (c.steady_gbps / b.steady_gbps - 1),
        baseline=b,
        candidate=c,
    )


def _bubble(test: JointTest, save: Save) -> Bubble:
    t = test.config.training
    saves = t.total_steps // t.checkpoint_interval_steps
    base_total = saves * save.baseline.pause_s
    cand_total = saves * save.candidate.pause_s
    duration = (
        t.baseline_duration_s if t.baseline_duration_s is not None else t.total_steps * _given_step_s(t) + base_total
    )
    compute_s = duration - base_total
    cand_duration = compute_s + cand_total
    gain = 100 * (duration / cand_duration - 1) if cand_duration > 0 else math.nan
    base_bubble = 100 * base_total / duration
    cand_bubble = 100 * cand_total / cand_duration if cand_duration > 0 else math.nan
    return Bubble(
        saves=saves,
        baseline_save_total_s=base_total,
        candidate_save_total_s=cand_total,
        time_saved_s=base_total - cand_total,
        baseline_duration_s=duration,
        compute_s=compute_s,
        candidate_duration_s=cand_duration,
        baseline_bubble_pct=base_bubble,
        candidate_bubble_pct=cand_bubble,
        baseline_compute_share_pct=100 - base_bubble,
        candidate_compute_share_pct=100 - cand_bubble,
        duration_reduction_pct=100 * (base_total - cand_total) / duration,
        throughput_gain_pct=gain,
        cluster_gpus=t.cluster_gpus,
        gpu_equivalents=t.cluster_gpus * gain / 100,
        total_steps=t.total_steps,
        checkpoint_interval_steps=t.checkpoint_interval_steps,
    )
