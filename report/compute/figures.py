"""The report's figures: frozen dataclasses of plain values, every field documented; `Metrics.to_dict`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

# Re-exported: the figures of report.compute's other figure modules, reached from here as from the package.
from report.compute.decision import Gate as Gate
from report.compute.decision import GatesReach as GatesReach
from report.compute.decision import NextSteps as NextSteps
from report.compute.decision import RunsShort as RunsShort
from report.compute.decision import Verdict as Verdict
from report.compute.decision import WithoutOutliers as WithoutOutliers
from report.compute.load_figures import Load as Load
from report.compute.load_figures import LoadModel as LoadModel
from report.compute.load_figures import LoadSide as LoadSide
from report.compute.scaling_figures import ScaledGbps, Scaling
from report.compute.scaling_figures import plain as scaling_json
from report.compute.sides import SIDES as SIDES
from report.compute.sides import TwoSided as TwoSided

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
class Save(TwoSided):
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
    run_samples: tuple[int, ...]  #: number of samples of each run, in the runs' order
    sustained_gbps: float  #: mean over runs of each run's mean sample
    stdev_gbps: float | None  #: sample standard deviation of the run means; None with one run
    steady_gbps: float  #: likewise, each run's warm-up samples left out (CONTRACT.md, steady state)
    warmup_samples: int  #: samples left out as warm-up, over all runs
    steady_gain_pct: float  #: 100 * (steady_gbps / sustained_gbps - 1)


@dataclass(frozen=True)
class Bandwidth(TwoSided):
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
class BubbleSide:
    """One side's view of the training run (Bubble's baseline_*/candidate_* fields)."""

    save_total_s: float  #: saves * pause
    duration_s: float  #: wall time with this side's saves
    bubble_pct: float  #: 100 * save_total_s / duration_s
    compute_share_pct: float  #: 100 - bubble_pct


@dataclass(frozen=True)
class Bubble(TwoSided):
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

    @property
    def baseline(self) -> BubbleSide:
        """The baseline's figures."""
        b = self
        return BubbleSide(
            b.baseline_save_total_s, b.baseline_duration_s, b.baseline_bubble_pct, b.baseline_compute_share_pct
        )

    @property
    def candidate(self) -> BubbleSide:
        """The candidate's figures."""
        c = self
        return BubbleSide(
            c.candidate_save_total_s, c.candidate_duration_s, c.candidate_bubble_pct, c.candidate_compute_share_pct
        )


@dataclass(frozen=True)
class ProjectionSide:
    """One side's view of a projection (Projection's baseline_s/candidate_s)."""

    save_s: float  #: the projected save time


@dataclass(frozen=True)
class Projection(TwoSided):
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
    gpus: int | None = None  #: [[projections]] gpus (schema 4); None without it
    nodes: int | None = None  #: ceil(gpus / gpus_per_node); None without gpus
    scaled_gbps: ScaledGbps | None = None  #: compute/scaling.py (settled point 7): set by compute

    @property
    def scaled(self) -> ScaledGbps:
        """scaled_gbps, once compute has set it (every projection of a Metrics has it)."""
        assert self.scaled_gbps is not None, "compute sets scaled_gbps on every projection of the metrics"
        return self.scaled_gbps

    @property
    def baseline(self) -> ProjectionSide:
        """The baseline's projected save."""
        return ProjectionSide(self.baseline_s)

    @property
    def candidate(self) -> ProjectionSide:
        """The candidate's projected save."""
        return ProjectionSide(self.candidate_s)


@dataclass(frozen=True)
class ProjectionBasis:
    """What a projection's times stand on (not in metrics.json: the contract fixes `projections[i]`'s keys): the size
    each side's fit is evaluated at, the GPU count its times are at, the checkpoint each GPU would hold there (cold
    read 5, O3: 5,670 GB "on 64 GPUs" is 88.6 GB per GPU) and the sides measured at fewer nodes than it is at."""

    name: str  #: the projection's name
    size_gb: dict[str, float]  #: per side, the size its fit is evaluated at: snapshot_gb, or a node's part
    gpus_used: tuple[int, ...]  #: the projection's gpus, or else the GPU counts of the rows the fits take
    per_gpu_gb: float | None  #: snapshot_gb / gpus_used when that is one count, else None
    measured_per_gpu_gb: float  #: the training model's snapshot_gb / its gpus: what a GPU held in this test
    named_gpus: int | None  #: the GPU count the name states ("405B on 512 GPUs": 512), None when it states none
    named_per_gpu_gb: float | None  #: snapshot_gb / named_gpus
    unmeasured: tuple[str, ...] = ()  #: sides beyond every node count they were run at (compute/projection_reach.py)

    @property
    def name_differs(self) -> bool:
        """The name states a GPU count the times are not at."""
        return self.named_gpus is not None and self.gpus_used != (self.named_gpus,)


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
class Reliability(TwoSided):
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
    #: bubble.cluster_gpus * ((1 + baseline.optimal_overhead_pct / 100) / (1 + candidate.optimal_overhead_pct / 100)
    #: - 1): the GPU-equivalents with each system at its optimal interval, failures included
    optimum_gpu_equivalents: float
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
    #: max(sqrt(2 staging_s M), write_lag_s) / step_time_s, M = reliability.job_mtbf_s: the optimal interval of the
    #: saves taken asynchronously (a what-if in sync mode; reliability's own in async mode)
    optimal_interval_steps: float
    staged_per_node_gb: float  #: snapshot_gb * min(gpus, gpus_per_node) / gpus: host memory per node for one copy


@dataclass(frozen=True)
class Async(TwoSided):
    """Asynchronous checkpointing: the model in async mode, a what-if in sync mode."""

    staging_given: bool  #: [async] is present
    storage_stalls: bool  #: either side's write_lag_s > reliability.interval_s
    duration_reduction_pct: float  #: 100 * saves * (stall_B - stall_C) / (compute_s + saves * stall_B)
    #: (min_interval_steps_B - min_interval_steps_C) * step_time_s / 2 + write_lag_s_B - write_lag_s_C: the work a
    #: failure costs less on average (half an interval, and the lag to a durable checkpoint), each at its stall-free
    #: interval
    stall_free_rework_s: float
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
class Cluster(TwoSided):
    """The cluster behind the GPU-equivalents: jobs like the measured one, and the bandwidth they would need."""

    jobs: int  #: max(1, cluster_gpus // gpus)
    baseline: ClusterSide | None  #: None for a side local to each node: metrics.json's four keys are then null
    candidate: ClusterSide | None  #: likewise

    def sides(self) -> tuple[ClusterSide | None, ClusterSide | None]:
        """Baseline, then candidate."""
        return (self.baseline, self.candidate)


@dataclass(frozen=True)
class OtherSave:
    """A (model, GPUs) pair other than the training model's, timed on both save systems: the ratio of its mean save
    times, which no gate judges. Not in metrics.json (the contract analyses the training model's rows only)."""

    model: str
    gpus: int
    baseline_mean_s: float
    candidate_mean_s: float
    ratio: float  #: baseline_mean_s / candidate_mean_s
    snapshot_gb: float = 0.0  #: the workload's checkpoint size (its rows share one, as the training model's do)
    baseline_runs: int = 0
    candidate_runs: int = 0
    #: the 95% interval of `ratio`, computed as `save.speedup_ci95` is (delta method, Welch df); None with fewer than
    #: two runs on a side (cold read 5b, M1/M3: a second workload measured five runs a side, called "projected")
    ratio_ci95: tuple[float, float] | None = None


@dataclass(frozen=True)
class SpanSide:
    """One system's saves against its log over each run's first save.<side>.mean_s seconds, the span."""

    log_gbps: float  #: mean over runs of each run's rate over the span (runs.span_means)
    share_pct: float  #: 100 * save.<side>.effective_gbps / log_gbps
    implied_written_gb: float  #: log_gbps * save.<side>.mean_s: what the save would write at that rate
    differs: bool  #: log_gbps differs from bandwidth.<side>_gbps by more than compute.audit's SPAN_DIFFERS_PCT
    tool_gbps: float | None = None  #: mean of the tool's own rate per run (fio: io_bytes ÷ runtime); None if untimed
    tool_share_pct: float | None = None  #: 100 * save.<side>.effective_gbps / tool_gbps


@dataclass(frozen=True)
class SaveSpan(TwoSided):
    """The saves against their logs over the same span; not in metrics.json (the contract's audit: the whole log)."""

    baseline: SpanSide
    candidate: SpanSide


@dataclass(frozen=True)
class NodeShare:
    """One node's part of a save system local to each node, against the bandwidth logged on one node."""

    job_gb: float  #: GB one node writes of each of the job's checkpoints: snapshot_gb * min(gpus, gpus_per_node) / gpus
    job_gbps: float  #: job_gb / mean_s: the rate one node writes at during a save
    job_share_pct: float  #: 100 * job_gbps / bandwidth.<side>_gbps
    job_bandwidth_gbps: float  #: nodes_per_job * bandwidth.<side>_gbps: the job's nodes' own systems together
    cluster: ClusterSide  #: a node's part of the cluster's demand: snapshot_gb * gpus_per_node / gpus per save cycle


@dataclass(frozen=True)
class NodeLocal:
    """Save systems local to each node ([systems] node_local); not in metrics.json (docs/node-local.md)."""

    sides: tuple[str, ...]  #: "baseline", "candidate": the sides that are node-local
    gpus_per_node: int  #: [async] gpus_per_node (default 8)
    nodes_per_job: int  #: ceil(gpus / gpus_per_node)
    nodes_in_cluster: int  #: max(1, cluster_gpus // gpus_per_node)
    baseline: NodeShare
    candidate: NodeShare
    load_copy_untimed: bool = False  #: candidate node-local, load_times' source not saying the copy onto it was timed

    def side(self, key: str) -> NodeShare:
        return self.baseline if key == "baseline" else self.candidate


@dataclass(frozen=True)
class WrittenFit:
    """The two-system model save = fixed_s + written_gb / bandwidth, through both systems' (bandwidth, mean)."""

    fixed_s: float  #: F = mean_B - V / bandwidth_B
    written_gb: float  #: V = (mean_B - mean_C) / (1 / bandwidth_B - 1 / bandwidth_C)


@dataclass(frozen=True)
class AuditSide:
    """One system's save set against its sustained bandwidth: bandwidth.<side>_gbps, or for a side local to each node
    the job's aggregate, bandwidth.<side>_gbps / share(gpus) (schema 4, settled point 4)."""

    implied_written_gb: float  #: bandwidth_gbps * save mean_s: what the save would write at full sustained bandwidth
    implied_to_snapshot: float  #: implied_written_gb / snapshot_gb
    effective_share_pct: float  #: 100 * effective_gbps / bandwidth_gbps


@dataclass(frozen=True)
class AuditRow:
    """One (save system, model) of save_times against that system's measured bandwidth (schema 4, settled point 6)."""

    side: str  #: "baseline" or "candidate"
    model: str  #: the model column
    gpus: int  #: its gpus column
    nodes: int  #: ceil(gpus / gpus_per_node)
    snapshot_gb: float  #: its snapshot_gb column
    mean_s: float  #: mean save_s of its rows
    written_gb: float  #: snapshot_gb * share(gpus) on a side local to each node (one node's part), else snapshot_gb
    gbps: float  #: written_gb / mean_s
    to_bandwidth: float  #: gbps / bandwidth.<side>_gbps (as measured): above 1, faster than the bandwidth measured


@dataclass(frozen=True)
class Audit(TwoSided):
    """Consistency checks between the measurements."""

    baseline: AuditSide
    candidate: AuditSide
    fit: WrittenFit | None  #: None when both bandwidths are (nearly) equal
    fit_written_to_snapshot: float | None  #: fit.written_gb / snapshot_gb
    bandwidth_ratio: float  #: C / B sustained bandwidth
    save_speedup_to_bandwidth_ratio: float  #: save.speedup / bandwidth_ratio
    effective_above_sustained: bool  #: a save faster than its system's sustained bandwidth allows (implausible)
    max_extrapolation: float | None  #: the largest projection size over the largest measured size
    rows: tuple[AuditRow, ...] = ()  #: every (side, model) of save_times: sides in order, models by code point


@dataclass(frozen=True)
class Lifecycle:
    """Train, save, deploy, serve: the time the candidate saves per unit of each stage (never summed across them)."""

    training_saved_s: float  #: per training run: bubble.time_saved_s
    training_gpu_hours_saved: float  #: per training run, over the job's GPUs: time_saved_s * gpus / 3600
    load_saved_min_s: float  #: smallest saving per cold start over the measured load models
    load_saved_max_s: float  #: largest saving per cold start


@dataclass(frozen=True)
class ScaleSide:
    """One side's view at the cluster's size (Scale's baseline_*/candidate_* fields)."""

    optimal_interval_s: float  #: Young's interval at that size
    optimal_overhead_pct: float  #: expected overhead at that interval


@dataclass(frozen=True)
class Scale(TwoSided):
    """The effect at the cluster's size, at the measured job's save times."""

    cluster_gpus: int  #: bubble.cluster_gpus
    job_mtbf_s: float  #: gpu_mtbf_hours * 3600 / cluster_gpus, for a job spanning the cluster
    baseline_optimal_interval_s: float  #: Young's interval for the baseline at that size
    candidate_optimal_interval_s: float  #: likewise, candidate
    baseline_optimal_overhead_pct: float  #: expected overhead at that interval
    candidate_optimal_overhead_pct: float  #: likewise, candidate
    gpu_equivalents_per_1000: float  #: GPU-equivalents per 1,000 GPUs: 10 * throughput_gain_pct

    @property
    def baseline(self) -> ScaleSide:
        """The baseline's figures at the cluster's size."""
        return ScaleSide(self.baseline_optimal_interval_s, self.baseline_optimal_overhead_pct)

    @property
    def candidate(self) -> ScaleSide:
        """The candidate's figures at the cluster's size."""
        return ScaleSide(self.candidate_optimal_interval_s, self.candidate_optimal_overhead_pct)


@dataclass(frozen=True)
class Economics:
    """The value of the time saved ([economics] in test.toml)."""

    value_per_run: float  #: bubble.time_saved_s / 3600 * gpus * gpu_hour_price
    value_per_year: float  #: value_per_run * runs_per_year
    cluster_value_per_year: float  #: bubble.gpu_equivalents * 8760 * gpu_hour_price
    optimum_cluster_value_per_year: float  #: reliability.optimum_gpu_equivalents * 8760 * gpu_hour_price
    retained_gb: float  #: retained_checkpoints * snapshot_gb
    currency: str  #: as given
    energy_kwh_per_run: float | None = None  #: time_saved_s / 3600 * gpus * gpu_power_kw * pue; None: key absent
    energy_kwh_per_year: float | None = None  #: energy_kwh_per_run * runs_per_year; None: key absent
    #: candidate_price / optimum_cluster_value_per_year, None when that value is <= 0; the key is absent without a price
    payback_years: float | None = None
    candidate_price: float | None = None  #: [economics] candidate_price; None: none given. Not in metrics.json


@dataclass(frozen=True)
class Sensitivity:
    """The training-time benefit (bubble.duration_reduction_pct) as the checkpoint interval and step time vary."""

    intervals_steps: tuple[int, ...]  #: checkpoint intervals, steps
    interval_reduction_pct: tuple[float, ...]  #: the benefit at each interval, compute time held
    step_times_s: tuple[float, ...]  #: compute seconds per step
    step_time_reduction_pct: tuple[float, ...]  #: the benefit at each step time, the interval held
    step_time_s: float  #: the configured step time, compute_s / total_steps
    target_pct: float  #: G4's target_duration_reduction_pct, drawn as a line


#: Metrics' fields for the report's reasoning, not figures of the contract: left out of metrics.json.
NOT_IN_METRICS_JSON = (
    *("other_saves", "save_span", "break_even_steps", "break_even_upper_steps", "flip_mtbf_hours", "node_fits"),
    *("flip_edge_mtbf_hours", "retune_without_outliers", "optima_gain_ratio_without_outliers", "projection_bases"),
)


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
    gates_reach: GatesReach
    without_outliers: WithoutOutliers | None  #: None when neither side has an outlier run
    nodes: int  #: ceil(training model's gpus / gpus_per_node): the job's nodes
    scaling: Scaling | None = None  #: by client count (compute/scaling.py); None without scaling.csv
    node_local: NodeLocal | None = None  #: per-node figures; metrics.json's `node_local` is its `sides` alone
    #: the fits a node-local side's projections use, over snapshot_gb * share(gpus) (settled point 5); not in
    #: metrics.json (`fits` keeps every side's fit over snapshot_gb)
    node_fits: dict[str, Fit] = dataclasses.field(default_factory=dict)
    #: per projection, what its times stand on (compute/projections.py basis); not in metrics.json
    projection_bases: tuple[ProjectionBasis, ...] = ()
    other_saves: tuple[OtherSave, ...] = ()  #: the save times' other model sizes, by size; not in metrics.json
    save_span: SaveSpan | None = None  #: the saves against their logs over the saves' own span; not in metrics.json
    break_even_steps: int | None = None  #: compute.reliability.break_even_steps; not in metrics.json
    break_even_upper_steps: int | None = None  #: compute.reliability.break_even_upper_steps; not in metrics.json
    flip_mtbf_hours: float | None = None  #: compute.reliability.flip_mtbf_hours; not in metrics.json
    flip_edge_mtbf_hours: float | None = None  #: the band's far edge (flip_mtbf_hours, edge=True); not in metrics.json
    retune_without_outliers: bool | None = None  #: compute.reliability.retune_without_outliers; not in metrics.json
    optima_gain_ratio_without_outliers: float | None = None  #: compute.reliability's; not in metrics.json

    def basis_of(self, p: Projection) -> ProjectionBasis:
        """What projection `p`'s times stand on, found by its place among the projections."""
        return self.projection_bases[self.projections.index(p)]

    def node_part(self, key: str) -> NodeShare | None:
        """One node's part of side `key`'s saves, where that system is local to each node and the job spans several
        nodes: the figures to set against its bandwidth, logged on one node (the whole job's throughput against it
        overstates the share by the number of nodes). None otherwise."""
        n = self.node_local
        if n is None or key not in n.sides or n.nodes_per_job <= 1:
            return None
        return n.side(key)

    def to_dict(self) -> dict:
        """Plain nested values for metrics.json (tuples become lists; no economics key without [economics], no
        economics.energy_* without gpu_power_kw, no economics.payback_years without candidate_price; `node_local` the
        node-local sides; a node-local side's four cluster keys null)."""
        out = _plain(dataclasses.asdict(self))
        out["async"] = out.pop("async_")
        out["scaling"] = scaling_json(out["scaling"])
        out["node_local"] = [] if self.node_local is None else list(self.node_local.sides)
        for key in NOT_IN_METRICS_JSON:
            del out[key]
        for side in SIDES:  # a side local to each node: its bandwidth is not shared between jobs (schema 4)
            if out["cluster"][side] is None:
                out["cluster"][side] = dict.fromkeys(f.name for f in dataclasses.fields(ClusterSide))
        economics = out["economics"]
        if economics is None:
            del out["economics"]
        else:
            if economics["energy_kwh_per_run"] is None:
                del economics["energy_kwh_per_run"], economics["energy_kwh_per_year"]
            if economics.pop("candidate_price") is None:
                del economics["payback_years"]
        return out


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value
