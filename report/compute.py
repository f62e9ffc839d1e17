"""Computing every figure of the report from a validated joint test: pure, no I/O, plain frozen values."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from decimal import Decimal, localcontext

import numpy as np
import pandas as pd

from report import stats
from report.config import EconomicsSpec
from report.load import JointTest
from report.problems import InvalidInput, Problem
from report.runs import BandwidthLog, steady_means

SIDES = ("baseline", "candidate")
# metrics.json's layout: raised whenever a key's meaning changes (CONTRACT.md); verify refuses any other.
SCHEMA_VERSION = 3
# A projection further than this multiple beyond the largest measured snapshot is flagged.
FAR_EXTRAPOLATION = 1.5


@dataclass(frozen=True)
class SaveSide:
    """One system's saves of the training model."""

    system: str  #: name from test.toml
    model: str  #: the training model
    runs: int  #: number of timed saves
    snapshot_gb: float  #: size of one checkpoint
    gpus: int  #: GPUs in the training job
    mean_s: float  #: mean save time
    stdev_s: float | None  #: sample standard deviation, None with one run
    cv_pct: float | None  #: coefficient of variation, 100 * stdev / mean
    min_s: float  #: fastest run
    max_s: float  #: slowest run
    effective_gbps: float  #: snapshot_gb / mean_s
    run_numbers: tuple[int, ...]  #: the `run` column, in file order
    times_s: tuple[float, ...]  #: the `save_s` column, in file order
    outlier_runs: tuple[int, ...]  #: runs whose modified z-score exceeds 3.5, from 5 runs on (shown, never dropped)
    pause_s: float = 0.0  #: how long one save stops training: mean_s (sync), async.<side>.stall_s (async)


@dataclass(frozen=True)
class Save:
    """Checkpoint save time, baseline against candidate."""

    baseline: SaveSide
    candidate: SaveSide
    speedup: float  #: mean_B / mean_C
    reduction_pct: float  #: 100 * (1 - mean_C / mean_B)
    saved_per_save_s: float  #: mean_B - mean_C
    time_ratio: float  #: mean_C / mean_B, the candidate's save time with the baseline's as 1
    speedup_ci95: tuple[float, float] | None  #: delta-method 95% interval; None with fewer than 2 runs a side

    def sides(self) -> tuple[SaveSide, SaveSide]:
        """Baseline, then candidate."""
        return (self.baseline, self.candidate)


@dataclass(frozen=True)
class BandwidthSide:
    """One system's sustained write bandwidth."""

    system: str  #: name from test.toml
    runs: int  #: number of runs
    samples: int  #: number of samples over all runs
    sustained_gbps: float  #: mean over runs of each run's mean sample
    stdev_gbps: float | None  #: sample standard deviation of the run means; None with one run
    steady_gbps: float  #: likewise, each run's warm-up samples left out (CONTRACT.md, steady state)
    warmup_samples: int  #: samples left out as warm-up, over all runs
    steady_gain_pct: float  #: 100 * (steady_gbps / sustained_gbps - 1)


@dataclass(frozen=True)
class Bandwidth:
    """Sustained write bandwidth, baseline against candidate."""

    baseline_gbps: float  #: baseline's sustained bandwidth
    candidate_gbps: float  #: candidate's sustained bandwidth
    improvement_pct: float  #: 100 * (C / B - 1)
    steady_improvement_pct: float  #: the same for the steady-state means
    baseline: BandwidthSide
    candidate: BandwidthSide

    def sides(self) -> tuple[BandwidthSide, BandwidthSide]:
        """Baseline, then candidate."""
        return (self.baseline, self.candidate)


@dataclass(frozen=True)
class Bubble:
    """The training run: the checkpoint bubble on each system, each save costing its pause (save.<side>.pause_s)."""

    saves: int  #: total_steps // checkpoint_interval_steps
    baseline_save_total_s: float  #: saves * pause_B (sync: pause = mean_B)
    candidate_save_total_s: float  #: saves * pause_C
    time_saved_s: float  #: their difference
    baseline_duration_s: float  #: wall time with baseline saves
    compute_s: float  #: baseline_duration_s - baseline_save_total_s
    candidate_duration_s: float  #: compute_s + candidate_save_total_s
    baseline_bubble_pct: float  #: 100 * baseline_save_total_s / baseline_duration_s
    candidate_bubble_pct: float  #: 100 * candidate_save_total_s / candidate_duration_s
    baseline_compute_share_pct: float  #: 100 - baseline_bubble_pct: the share of wall time spent computing
    candidate_compute_share_pct: float  #: 100 - candidate_bubble_pct
    duration_reduction_pct: float  #: 100 * time_saved_s / baseline_duration_s
    throughput_gain_pct: float  #: 100 * (baseline_duration_s / candidate_duration_s - 1)
    cluster_gpus: int  #: cluster size
    gpu_equivalents: float  #: cluster_gpus * throughput_gain_pct / 100
    total_steps: int  #: steps of the run
    checkpoint_interval_steps: int  #: steps between saves


@dataclass(frozen=True)
class Projection:
    """Save times projected to another checkpoint size."""

    name: str  #: from test.toml
    snapshot_gb: float  #: the projected checkpoint size
    saves: int  #: saves it is multiplied over
    baseline_s: float  #: projected baseline save time
    candidate_s: float  #: projected candidate save time
    saved_per_save_s: float  #: baseline_s - candidate_s
    saved_total_s: float  #: saves * saved_per_save_s
    extrapolation: float  #: snapshot_gb / the largest measured size
    measured_size: bool  #: True when both systems have save rows of exactly this size


@dataclass(frozen=True)
class Fit:
    """How one system's save time is projected: save_s = intercept_s + slope_s_per_gb * size."""

    sizes_gb: tuple[float, ...]  #: every save row's snapshot size (all models)
    times_s: tuple[float, ...]  #: every save row's time
    gpus: tuple[int, ...]  #: the distinct GPU counts of those rows, ascending
    intercept_s: float  #: 0 when proportional
    slope_s_per_gb: float  #: seconds per GB
    method: str  #: "proportional" (one measured size) or "least_squares" (several)


@dataclass(frozen=True)
class LoadModel:
    """Model load time for one model on one platform."""

    model: str  #: model loaded
    platform: str  #: accelerator platform
    size_gb: float  #: bytes read
    baseline_s: float  #: mean load time from the load baseline
    candidate_s: float  #: mean load time from the candidate
    speedup: float  #: baseline_s / candidate_s
    saved_s: float  #: baseline_s - candidate_s, per cold start
    baseline_runs: int  #: repetitions on the baseline
    candidate_runs: int  #: repetitions on the candidate
    baseline_stdev_s: float | None  #: sample standard deviation; None with one run
    candidate_stdev_s: float | None  #: likewise
    baseline_cv_pct: float | None  #: 100 * stdev / mean; None with one run
    candidate_cv_pct: float | None  #: likewise
    speedup_ci95: tuple[float, float] | None  #: the saves' delta method on this pair's runs
    unstable: bool  #: a CV above the gates' max_cv_pct on either side


@dataclass(frozen=True)
class Load:
    """Model loading for inference."""

    models: tuple[LoadModel, ...]  #: sorted by model then platform, by code point
    speedup_min: float  #: smallest speedup
    speedup_max: float  #: largest speedup
    baseline_system: str  #: the load baseline's name
    candidate_system: str  #: the candidate's name


@dataclass(frozen=True)
class Gate:
    """One joint-test gate and its verdict."""

    id: str  #: G1 to G4 (the report words each gate from the figures: no free text in metrics.json)
    status: str  #: pass, fail or insufficient


@dataclass(frozen=True)
class Verdict:
    """What the gates decide together."""

    status: str  #: not_demonstrated (a gate fails), undecided (one lacks data), else demonstrated
    failed: tuple[str, ...]  #: ids of the failed gates, in gate order
    insufficient: tuple[str, ...]  #: ids of the gates without enough data


@dataclass(frozen=True)
class RunsShort:
    """Runs each save side lacks to reach max(min_runs, 2)."""

    baseline: int
    candidate: int


@dataclass(frozen=True)
class NextSteps:
    """What would decide the gates that are not passed."""

    min_runs_short: RunsShort
    g3_runs_per_side: int | None  #: runs per side at which G3 would be decided, the observed spread persisting


@dataclass(frozen=True)
class ReliabilitySide:
    """Checkpoint interval, recovery and expected overhead on one system.

    b is the part of a save that blocks training and w the write lag (sync: b = save mean_s, w = 0; async: b =
    staging_s, w = the save's mean_s); the pause at interval T is p(T) = b + max(0, w - T); M = job_mtbf_s.
    """

    restore_s: float | None  #: mean restore_s of the training model on this system; None without restores
    recovery_s: float  #: restart_s + (restore_s, or 0 when None): a failure until training resumes
    optimal_interval_s: float  #: max(sqrt(2 b M), w), the exact minimiser of overhead_pct (sync: Young's sqrt(2 c M))
    optimal_interval_steps: float  #: optimal_interval_s / step_time_s
    daly_interval_s: float  #: max(Daly's higher-order optimum for cost b, w)
    save_overhead_pct: float  #: 100 * p(interval_s) / interval_s: the saves alone, as a share of compute time
    overhead_pct: float  #: 100 * (p(T)/T + (T + p(T))/(2M) + w/M + recovery_s/M) at T = interval_s
    optimal_overhead_pct: float  #: the same at T = optimal_interval_s
    ettr: float  #: 1 / (1 + overhead_pct / 100): effective training time ratio at today's interval
    optimal_ettr: float  #: 1 / (1 + optimal_overhead_pct / 100)


@dataclass(frozen=True)
class Reliability:
    """Failure-aware analysis, first order (Young 1974)."""

    gpu_mtbf_hours: float  #: per-GPU mean time between failures
    restart_s: float  #: time from a failure until training resumes (without reading the checkpoint if restores given)
    gpus: int  #: GPUs of the training job
    job_mtbf_s: float  #: gpu_mtbf_hours * 3600 / gpus
    step_time_s: float  #: compute_s / total_steps (async mode: the given step_time_s)
    interval_s: float  #: checkpoint_interval_steps * step_time_s
    baseline: ReliabilitySide
    candidate: ReliabilitySide
    tuning_beats_switching: bool  #: baseline.optimal_overhead_pct < candidate.overhead_pct
    retune_gain_pct: float  #: baseline.overhead_pct - baseline.optimal_overhead_pct: re-tuning alone
    switch_gain_pct: float  #: baseline.overhead_pct - candidate.overhead_pct: the candidate at today's interval
    optimum_gain_pct: float  #: baseline.optimal_overhead_pct - candidate.optimal_overhead_pct: optimum to optimum
    cost_ratio: float  #: mean_C / mean_B (save times, whatever the mode)
    sqrt_cost_ratio: float  #: sqrt(cost_ratio): how the optimal overhead scales with the save cost
    optimal_overhead_ratio: float  #: candidate.optimal_overhead_pct / baseline.optimal_overhead_pct


@dataclass(frozen=True)
class AsyncSide:
    """One system's saves as an asynchronous trainer would take them: staged, then written in the background."""

    staging_s: float  #: sigma: [async] staging_s of this system, 0 without [async]
    write_lag_s: float  #: s = save mean_s: how long after training resumes the checkpoint is durable
    stall_s: float  #: sigma + max(0, write_lag_s - interval_s): what one save costs training, one save in flight
    min_interval_steps: int  #: smallest n >= 1 with n * step_time_s >= write_lag_s (floats as storage_stalls)
    staged_per_node_gb: float  #: snapshot_gb * min(gpus, gpus_per_node) / gpus: host memory per node for one copy


@dataclass(frozen=True)
class Async:
    """Asynchronous checkpointing: the model in async mode, a what-if in sync mode."""

    staging_given: bool  #: [async] is present
    storage_stalls: bool  #: either side's write_lag_s > reliability.interval_s
    duration_reduction_pct: float  #: 100 * saves * (stall_B - stall_C) / (compute_s + saves * stall_B)
    baseline: AsyncSide
    candidate: AsyncSide

    def sides(self) -> tuple[AsyncSide, AsyncSide]:
        """Baseline, then candidate."""
        return (self.baseline, self.candidate)


@dataclass(frozen=True)
class ClusterSide:
    """The write bandwidth the cluster's checkpoints need on one system."""

    mean_write_gbps: float  #: jobs * snapshot_gb / (interval_s + pause_s): perfectly staggered saves
    mean_to_sustained: float  #: mean_write_gbps / bandwidth.<side>_gbps
    peak_write_gbps: float  #: jobs * snapshot_gb / mean_s: every job saving at once at the measured save time
    peak_to_sustained: float  #: peak_write_gbps / bandwidth.<side>_gbps


@dataclass(frozen=True)
class Cluster:
    """The cluster behind the GPU-equivalents: jobs like the measured one, and the bandwidth they would need."""

    jobs: int  #: max(1, cluster_gpus // gpus)
    baseline: ClusterSide
    candidate: ClusterSide

    def sides(self) -> tuple[ClusterSide, ClusterSide]:
        """Baseline, then candidate."""
        return (self.baseline, self.candidate)


@dataclass(frozen=True)
class WrittenFit:
    """The two-system model save = fixed_s + written_gb / bandwidth, through both systems' (bandwidth, mean)."""

    fixed_s: float  #: F = mean_B - V / bandwidth_B
    written_gb: float  #: V = (mean_B - mean_C) / (1 / bandwidth_B - 1 / bandwidth_C)


@dataclass(frozen=True)
class AuditSide:
    """One system's save set against its sustained bandwidth."""

    implied_written_gb: float  #: bandwidth_gbps * save mean_s: what the save would write at full sustained bandwidth
    implied_to_snapshot: float  #: implied_written_gb / snapshot_gb
    effective_share_pct: float  #: 100 * effective_gbps / bandwidth_gbps


@dataclass(frozen=True)
class Audit:
    """Consistency checks between the measurements."""

    baseline: AuditSide
    candidate: AuditSide
    fit: WrittenFit | None  #: None when both bandwidths are (nearly) equal
    fit_written_to_snapshot: float | None  #: fit.written_gb / snapshot_gb
    bandwidth_ratio: float  #: C / B sustained bandwidth
    save_speedup_to_bandwidth_ratio: float  #: save.speedup / bandwidth_ratio
    effective_above_sustained: bool  #: a save faster than its system's sustained bandwidth allows (implausible)
    max_extrapolation: float | None  #: the largest projection size over the largest measured size


@dataclass(frozen=True)
class Lifecycle:
    """Train, save, deploy, serve: the time the candidate saves per unit of each stage (never summed across them)."""

    training_saved_s: float  #: per training run: bubble.time_saved_s
    training_gpu_hours_saved: float  #: per training run, over the job's GPUs: time_saved_s * gpus / 3600
    load_saved_min_s: float  #: smallest saving per cold start over the measured load models
    load_saved_max_s: float  #: largest saving per cold start


@dataclass(frozen=True)
class Scale:
    """The effect at the cluster's size, at the measured job's save times."""

    cluster_gpus: int  #: bubble.cluster_gpus
    job_mtbf_s: float  #: gpu_mtbf_hours * 3600 / cluster_gpus, for a job spanning the cluster
    baseline_optimal_interval_s: float  #: Young's interval for the baseline at that size
    candidate_optimal_interval_s: float  #: likewise, candidate
    baseline_optimal_overhead_pct: float  #: expected overhead at that interval
    candidate_optimal_overhead_pct: float  #: likewise, candidate
    gpu_equivalents_per_1000: float  #: GPU-equivalents per 1,000 GPUs: 10 * throughput_gain_pct


@dataclass(frozen=True)
class Economics:
    """The value of the time saved ([economics] in test.toml)."""

    value_per_run: float  #: bubble.time_saved_s / 3600 * gpus * gpu_hour_price
    value_per_year: float  #: value_per_run * runs_per_year
    cluster_value_per_year: float  #: bubble.gpu_equivalents * 8760 * gpu_hour_price
    retained_gb: float  #: retained_checkpoints * snapshot_gb
    currency: str  #: as given
    energy_kwh_per_run: float | None = None  #: time_saved_s / 3600 * gpus * gpu_power_kw * pue; None: key absent
    energy_kwh_per_year: float | None = None  #: energy_kwh_per_run * runs_per_year; None: key absent


@dataclass(frozen=True)
class Sensitivity:
    """The training-time benefit (bubble.duration_reduction_pct) as the checkpoint interval and step time vary."""

    intervals_steps: tuple[int, ...]  #: checkpoint intervals, steps
    interval_reduction_pct: tuple[float, ...]  #: the benefit at each interval, compute time held
    step_times_s: tuple[float, ...]  #: compute seconds per step
    step_time_reduction_pct: tuple[float, ...]  #: the benefit at each step time, the interval held
    step_time_s: float  #: the configured step time, compute_s / total_steps
    target_pct: float  #: G4's target_duration_reduction_pct, drawn as a line


@dataclass(frozen=True)
class Metrics:
    """Every figure of the report; `to_dict` gives metrics.json."""

    schema_version: int
    checkpoint_mode: str  #: "sync" or "async"
    not_durable: tuple[str, ...]  #: the sides ("baseline", "candidate") whose saves are not durable
    inputs_illustrative: tuple[str, ...]
    save: Save
    bandwidth: Bandwidth
    bubble: Bubble
    projections: tuple[Projection, ...]
    fits: dict[str, Fit]
    load: Load
    gates: tuple[Gate, ...]
    verdict: Verdict
    next_steps: NextSteps
    reliability: Reliability
    audit: Audit
    lifecycle: Lifecycle
    scale: Scale
    economics: Economics | None
    sensitivity: Sensitivity
    inputs: dict[str, str]
    async_: Async  #: metrics.json's "async"
    cluster: Cluster

    def to_dict(self) -> dict:
        """Plain nested values for metrics.json (tuples become lists; no economics key without [economics], no
        economics.energy_* without gpu_power_kw)."""
        out = _plain(dataclasses.asdict(self))
        out["async"] = out.pop("async_")
        if out["economics"] is None:
            del out["economics"]
        elif out["economics"]["energy_kwh_per_run"] is None:
            del out["economics"]["energy_kwh_per_run"], out["economics"]["energy_kwh_per_year"]
        return out


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def compute(test: JointTest) -> Metrics:
    """All figures of the contract (and the report's extras) for a validated joint test."""
    config = test.config
    names = {"baseline": config.systems.save_baseline, "candidate": config.systems.candidate}
    save = _save(test.saves, names, config.training.model)
    async_sides, save, bubble = _saves_and_bubble(test, save)
    fits = {side: _fit(test.saves, names[side]) for side in SIDES}
    projections = tuple(_projection(spec, fits, bubble.saves) for spec in config.projections)
    problems = _feasibility(test, bubble, projections)
    if problems:
        raise InvalidInput(problems)
    if async_sides is None:  # sync mode: the what-if at the step time the bubble gives, now known to be above zero
        step = bubble.compute_s / bubble.total_steps
        async_sides = _async_sides(test, save, step, config.training.checkpoint_interval_steps * step)
    bandwidth = _bandwidth(test.bandwidth, names)
    load = _load(test.loads, config.systems.load_baseline, config.systems.candidate, config.gates.max_cv_pct)
    gates = _gates(test, save, bubble)
    step = _step_time(test, bubble)
    reliability = _reliability(test, save, bubble, async_sides, step)
    return Metrics(
        schema_version=SCHEMA_VERSION,
        checkpoint_mode=config.training.checkpoint_mode,
        not_durable=tuple(side for side in SIDES if names[side] in config.systems.not_durable),
        inputs_illustrative=config.illustrative,
        save=save,
        bandwidth=bandwidth,
        bubble=bubble,
        projections=projections,
        fits=fits,
        load=load,
        gates=gates,
        verdict=_verdict(gates),
        next_steps=_next_steps(test, save),
        reliability=reliability,
        audit=_audit(save, bandwidth, projections),
        lifecycle=_lifecycle(save, bubble, load),
        scale=_scale(test, save, bubble, reliability, async_sides),
        economics=_economics(config.economics, save, bubble),
        sensitivity=_sensitivity(
            save, bubble, async_sides, config.training.checkpoint_mode, step, config.gates.target_duration_reduction_pct
        ),
        inputs={name: test.sha256[name] for name in test.raw},  # in the inputs' canonical order
        async_=_async(test, async_sides, bubble, reliability.interval_s),
        cluster=_cluster(save, bandwidth, bubble, reliability.interval_s),
    )


def _saves_and_bubble(test: JointTest, save: Save) -> tuple[dict[str, AsyncSide] | None, Save, Bubble]:
    """The async figures per side (async mode; None in sync mode), the saves with their pause, and the bubble.

    In sync mode the pause is the save's mean and the step time follows from the bubble (compute_s / total_steps,
    checked above zero before the what-if is computed); in async mode the step time is given and the pause is the
    stall, which depends on the interval.
    """
    t = test.config.training
    if t.checkpoint_mode == "async":
        step = t.step_time_s
        sides = _async_sides(test, save, step, t.checkpoint_interval_steps * step)
        pauses = {side: sides[side].stall_s for side in SIDES}
    else:
        sides, pauses = None, {"baseline": save.baseline.mean_s, "candidate": save.candidate.mean_s}
    save = dataclasses.replace(
        save,
        baseline=dataclasses.replace(save.baseline, pause_s=pauses["baseline"]),
        candidate=dataclasses.replace(save.candidate, pause_s=pauses["candidate"]),
    )
    return sides, save, _bubble(test, save)


def _step_time(test: JointTest, bubble: Bubble) -> float:
    """t: compute seconds per step; in async mode the given step_time_s."""
    t = test.config.training
    return t.step_time_s if t.checkpoint_mode == "async" else bubble.compute_s / bubble.total_steps


def _staging(test: JointTest, system: str) -> float:
    spec = test.config.async_saves
    return 0.0 if spec is None else spec.staging_s[system]


def _async_sides(test: JointTest, save: Save, step: float, interval: float) -> dict[str, AsyncSide]:
    spec = test.config.async_saves
    per_node = 8 if spec is None else spec.gpus_per_node
    out = {}
    for name, side in zip(SIDES, save.sides(), strict=True):
        staging, lag = _staging(test, side.system), side.mean_s
        out[name] = AsyncSide(
            staging_s=staging,
            write_lag_s=lag,
            stall_s=staging + max(0.0, lag - interval),
            min_interval_steps=min_interval_steps(lag, step),
            staged_per_node_gb=side.snapshot_gb * min(side.gpus, per_node) / side.gpus,
        )
    return out


def min_interval_steps(lag_s: float, step_s: float) -> int:
    """The smallest integer n >= 1 with n * step_s >= lag_s, tested in that very product (as storage_stalls is)."""
    if not step_s > 0:
        raise ValueError(f"a step time must be above zero, got {step_s}")
    n = max(1, math.ceil(lag_s / step_s))
    while n > 1 and (n - 1) * step_s >= lag_s:
        n -= 1
    while n * step_s < lag_s:
        n += 1
    return n


def _async(test: JointTest, sides: dict[str, AsyncSide], bubble: Bubble, interval: float) -> Async:
    b, c = sides["baseline"], sides["candidate"]
    saves = bubble.saves
    return Async(
        staging_given=test.config.async_saves is not None,
        storage_stalls=b.write_lag_s > interval or c.write_lag_s > interval,
        duration_reduction_pct=100 * saves * (b.stall_s - c.stall_s) / (bubble.compute_s + saves * b.stall_s),
        baseline=b,
        candidate=c,
    )


def _cluster(save: Save, bandwidth: Bandwidth, bubble: Bubble, interval: float) -> Cluster:
    jobs = max(1, bubble.cluster_gpus // save.baseline.gpus)

    def side(s: SaveSide, sustained: float) -> ClusterSide:
        mean = jobs * s.snapshot_gb / (interval + s.pause_s)
        peak = jobs * s.snapshot_gb / s.mean_s
        return ClusterSide(mean, mean / sustained, peak, peak / sustained)

    return Cluster(
        jobs=jobs,
        baseline=side(save.baseline, bandwidth.baseline_gbps),
        candidate=side(save.candidate, bandwidth.candidate_gbps),
    )


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


def _save(frame: pd.DataFrame, names: dict[str, str], model: str) -> Save:
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


def _bandwidth_side(log: BandwidthLog, system: str) -> BandwidthSide:
    runs = log.runs_of(system)
    means = [float(v) for v in log.run_mean[runs]]
    steady, dropped = steady_means(log, runs)
    sustained, steady_mean = stats.mean(means), stats.mean(steady.tolist())
    return BandwidthSide(
        system=system,
        runs=len(means),
        samples=int((log.run_stop[runs] - log.run_start[runs]).sum()),
        sustained_gbps=sustained,
        stdev_gbps=stats.stdev(means),
        steady_gbps=steady_mean,
        warmup_samples=int(dropped.sum()),
        steady_gain_pct=100 * (steady_mean / sustained - 1),
    )


def _bandwidth(log: BandwidthLog, names: dict[str, str]) -> Bandwidth:
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
        t.baseline_duration_s if t.baseline_duration_s is not None else t.total_steps * t.step_time_s + base_total
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


def _fit(frame: pd.DataFrame, system: str) -> Fit:
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


def _projection(spec, fits: dict[str, Fit], default_saves: int) -> Projection:
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


def _feasibility(test: JointTest, bubble: Bubble, projections: tuple[Projection, ...]) -> list[Problem]:
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


def _load_model(model: str, platform: str, b: pd.Series, c: pd.Series, max_cv: float) -> LoadModel:
    tb, tc = b.tolist(), c.tolist()
    mb, mc = stats.mean(tb), stats.mean(tc)
    sb, sc = stats.stdev(tb), stats.stdev(tc)
    cvb = None if sb is None else 100 * sb / mb
    cvc = None if sc is None else 100 * sc / mc
    return LoadModel(
        model=model,
        platform=platform,
        size_gb=0.0,
        baseline_s=mb,
        candidate_s=mc,
        speedup=mb / mc,
        saved_s=mb - mc,
        baseline_runs=len(tb),
        candidate_runs=len(tc),
        baseline_stdev_s=sb,
        candidate_stdev_s=sc,
        baseline_cv_pct=cvb,
        candidate_cv_pct=cvc,
        speedup_ci95=stats.ratio_ci95(mb, sb, len(tb), mc, sc, len(tc)),
        unstable=any(cv is not None and cv > max_cv for cv in (cvb, cvc)),
    )


def _load(frame: pd.DataFrame, baseline: str, candidate: str, max_cv: float) -> Load:
    groups = {
        (str(m), str(p), str(s)): rows
        for (m, p, s), rows in frame.groupby(["model", "platform", "system"], observed=True)
    }
    models = []
    for model, platform in sorted({(m, p) for m, p, _ in groups}):
        b, c = groups[(model, platform, baseline)], groups[(model, platform, candidate)]
        entry = _load_model(model, platform, b["load_s"], c["load_s"], max_cv)
        models.append(dataclasses.replace(entry, size_gb=float(b["size_gb"].iloc[0])))
    speedups = [m.speedup for m in models]
    return Load(tuple(models), min(speedups), max(speedups), baseline, candidate)


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


def _gates(test: JointTest, save: Save, bubble: Bubble) -> tuple[Gate, ...]:
    g = test.config.gates
    g1 = _measurement_gate("G1", save.baseline, g.min_runs, g.max_cv_pct)
    g2 = _measurement_gate("G2", save.candidate, g.min_runs, g.max_cv_pct)
    passed = bubble.duration_reduction_pct >= g.target_duration_reduction_pct
    g4 = Gate("G4", "pass" if passed else "fail")
    return (g1, g2, _speedup_gate(save, g.target_speedup), g4)


def _verdict(gates: tuple[Gate, ...]) -> Verdict:
    failed = tuple(g.id for g in gates if g.status == "fail")
    insufficient = tuple(g.id for g in gates if g.status == "insufficient")
    status = "not_demonstrated" if failed else "undecided" if insufficient else "demonstrated"
    return Verdict(status, failed, insufficient)


def _next_steps(test: JointTest, save: Save) -> NextSteps:
    g = test.config.gates
    need = max(g.min_runs, 2)
    b, c = save.baseline, save.candidate
    fraction = [None if s.cv_pct is None else s.cv_pct / 100 for s in (b, c)]
    return NextSteps(
        min_runs_short=RunsShort(max(0, need - b.runs), max(0, need - c.runs)),
        g3_runs_per_side=stats.runs_to_decide(save.speedup, *fraction, g.target_speedup),
    )


def _blocking(test: JointTest, side: SaveSide, lag: AsyncSide) -> tuple[float, float]:
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


def _reliability(
    test: JointTest, save: Save, bubble: Bubble, async_sides: dict[str, AsyncSide], step: float
) -> Reliability:
    r = test.config.reliability
    gpus = save.baseline.gpus
    mtbf = r.gpu_mtbf_hours * 3600 / gpus
    interval = bubble.checkpoint_interval_steps * step

    def side(name: str, s: SaveSide) -> ReliabilitySide:
        b, w = _blocking(test, s, async_sides[name])
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
        cost_ratio=save.time_ratio,
        sqrt_cost_ratio=math.sqrt(save.time_ratio),
        optimal_overhead_ratio=c.optimal_overhead_pct / b.optimal_overhead_pct,
    )


def _audit_side(save: SaveSide, bandwidth_gbps: float) -> AuditSide:
    implied = bandwidth_gbps * save.mean_s
    return AuditSide(
        implied_written_gb=implied,
        implied_to_snapshot=implied / save.snapshot_gb,
        effective_share_pct=100 * save.effective_gbps / bandwidth_gbps,
    )


def _written_fit(save: Save, bandwidth: Bandwidth) -> WrittenFit | None:
    bw_b, bw_c = bandwidth.baseline_gbps, bandwidth.candidate_gbps
    gap = 1 / bw_b - 1 / bw_c
    if abs(gap) <= 1e-9 / bw_b:
        return None
    written = (save.baseline.mean_s - save.candidate.mean_s) / gap
    return WrittenFit(fixed_s=save.baseline.mean_s - written / bw_b, written_gb=written)


def _audit(save: Save, bandwidth: Bandwidth, projections: tuple[Projection, ...]) -> Audit:
    b = _audit_side(save.baseline, bandwidth.baseline_gbps)
    c = _audit_side(save.candidate, bandwidth.candidate_gbps)
    fit = _written_fit(save, bandwidth)
    ratio = bandwidth.candidate_gbps / bandwidth.baseline_gbps
    return Audit(
        baseline=b,
        candidate=c,
        fit=fit,
        fit_written_to_snapshot=None if fit is None else fit.written_gb / save.baseline.snapshot_gb,
        bandwidth_ratio=ratio,
        save_speedup_to_bandwidth_ratio=save.speedup / ratio,
        effective_above_sustained=max(b.effective_share_pct, c.effective_share_pct) > 100,
        max_extrapolation=max((p.extrapolation for p in projections), default=None),
    )


def _lifecycle(save: Save, bubble: Bubble, load: Load) -> Lifecycle:
    saved = [m.saved_s for m in load.models]
    return Lifecycle(
        training_saved_s=bubble.time_saved_s,
        training_gpu_hours_saved=bubble.time_saved_s * save.baseline.gpus / 3600,
        load_saved_min_s=min(saved),
        load_saved_max_s=max(saved),
    )


def _scale(
    test: JointTest, save: Save, bubble: Bubble, reliability: Reliability, async_sides: dict[str, AsyncSide]
) -> Scale:
    r = test.config.reliability
    mtbf = r.gpu_mtbf_hours * 3600 / bubble.cluster_gpus
    optimum = {}
    for name, side, rel in zip(SIDES, save.sides(), (reliability.baseline, reliability.candidate), strict=True):
        b, w = _blocking(test, side, async_sides[name])
        best = max(stats.young_interval(b, mtbf), w)
        optimum[name] = (best, stats.failure_overhead_pct(b, w, best, mtbf, rel.recovery_s))
    return Scale(
        cluster_gpus=bubble.cluster_gpus,
        job_mtbf_s=mtbf,
        baseline_optimal_interval_s=optimum["baseline"][0],
        candidate_optimal_interval_s=optimum["candidate"][0],
        baseline_optimal_overhead_pct=optimum["baseline"][1],
        candidate_optimal_overhead_pct=optimum["candidate"][1],
        gpu_equivalents_per_1000=10 * bubble.throughput_gain_pct,
    )


def _economics(spec: EconomicsSpec | None, save: Save, bubble: Bubble) -> Economics | None:
    if spec is None:
        return None
    per_run = bubble.time_saved_s / 3600 * save.baseline.gpus * spec.gpu_hour_price
    energy = None
    if spec.gpu_power_kw is not None:
        energy = bubble.time_saved_s / 3600 * save.baseline.gpus * spec.gpu_power_kw * spec.pue
    return Economics(
        value_per_run=per_run,
        value_per_year=per_run * spec.runs_per_year,
        cluster_value_per_year=bubble.gpu_equivalents * 8760 * spec.gpu_hour_price,
        retained_gb=spec.retained_checkpoints * save.baseline.snapshot_gb,
        currency=spec.currency,
        energy_kwh_per_run=energy,
        energy_kwh_per_year=None if energy is None else energy * spec.runs_per_year,
    )


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


def _sensitivity(
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
