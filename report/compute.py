"""Computing every figure of the report from a validated joint test: pure, no I/O, plain frozen values."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from report import stats
from report.load import JointTest
from report.problems import InvalidInput, Problem
from report.runs import BandwidthLog

SIDES = ("baseline", "candidate")
SCHEMA_VERSION = 2  #: metrics.json's schema (CONTRACT.md): raised whenever a key's meaning changes
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
    outlier_runs: tuple[int, ...]  #: runs whose modified z-score exceeds 3.5 (shown, never dropped)


@dataclass(frozen=True)
class Save:
    """Checkpoint save time, baseline against candidate."""

    baseline: SaveSide
    candidate: SaveSide
    speedup: float  #: mean_B / mean_C
    reduction_pct: float  #: 100 * (1 - mean_C / mean_B)
    saved_per_save_s: float  #: mean_B - mean_C
    speedup_ci95: tuple[float, float] | None  #: delta-method 95% interval; None with fewer than 2 runs a side


@dataclass(frozen=True)
class BandwidthSide:
    """One system's sustained write bandwidth."""

    system: str  #: name from test.toml
    runs: int  #: number of runs
    samples: int  #: number of samples over all runs
    run_means_gbps: tuple[float, ...]  #: mean of each run, by run number
    sustained_gbps: float  #: mean over runs of the run means


@dataclass(frozen=True)
class Bandwidth:
    """Sustained write bandwidth, baseline against candidate."""

    baseline_gbps: float  #: baseline's sustained bandwidth
    candidate_gbps: float  #: candidate's sustained bandwidth
    improvement_pct: float  #: 100 * (C / B - 1)
    sides: dict[str, BandwidthSide]  #: per side detail


@dataclass(frozen=True)
class Bubble:
    """The training run with synchronous saves: the checkpoint bubble on each system."""

    saves: int  #: total_steps // checkpoint_interval_steps
    baseline_save_total_s: float  #: saves * mean_B
    candidate_save_total_s: float  #: saves * mean_C
    time_saved_s: float  #: their difference
    baseline_duration_s: float  #: wall time with baseline saves
    compute_s: float  #: baseline_duration_s - baseline_save_total_s
    candidate_duration_s: float  #: compute_s + candidate_save_total_s
    baseline_bubble_pct: float  #: 100 * baseline_save_total_s / baseline_duration_s
    candidate_bubble_pct: float  #: 100 * candidate_save_total_s / candidate_duration_s
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
    method: str  #: "proportional" (one measured size) or "least squares" (several), per side
    extrapolation: float  #: snapshot_gb / the largest measured size


@dataclass(frozen=True)
class Fit:
    """How one system's save time is projected: save_s = intercept_s + slope_s_per_gb * size."""

    sizes_gb: tuple[float, ...]  #: every save row's snapshot size (all models)
    times_s: tuple[float, ...]  #: every save row's time
    intercept_s: float  #: 0 when proportional
    slope_s_per_gb: float  #: seconds per GB
    method: str  #: "proportional" or "least squares"


@dataclass(frozen=True)
class LoadModel:
    """Model load time for one model on one platform."""

    model: str  #: model loaded
    platform: str  #: accelerator platform
    size_gb: float  #: bytes read
    baseline_s: float  #: mean load time from the load baseline
    candidate_s: float  #: mean load time from the candidate
    speedup: float  #: baseline_s / candidate_s
    baseline_runs: int  #: repetitions on the baseline
    candidate_runs: int  #: repetitions on the candidate


@dataclass(frozen=True)
class Load:
    """Model loading for inference."""

    models: tuple[LoadModel, ...]  #: sorted by model then platform
    speedup_min: float  #: smallest speedup
    speedup_max: float  #: largest speedup
    baseline_system: str  #: the load baseline's name
    candidate_system: str  #: the candidate's name


@dataclass(frozen=True)
class Gate:
    """One joint-test gate and its verdict."""

    id: str  #: G1 to G4
    name: str  #: what it checks
    status: str  #: pass, fail or insufficient
    detail: str  #: why, in one line


@dataclass(frozen=True)
class ReliabilitySide:
    """Checkpoint interval and expected overhead on one system."""

    optimal_interval_s: float  #: Young: sqrt(2 c M)
    daly_interval_s: float  #: Daly's higher-order optimum
    overhead_pct: float  #: expected overhead at the configured interval
    optimal_overhead_pct: float  #: expected overhead at Young's interval


@dataclass(frozen=True)
class Reliability:
    """Failure-aware analysis, first order (Young 1974)."""

    gpu_mtbf_hours: float  #: per-GPU mean time between failures
    restart_s: float  #: time to restart after a failure
    gpus: int  #: GPUs of the training job
    job_mtbf_s: float  #: gpu_mtbf_hours * 3600 / gpus
    step_time_s: float  #: compute_s / total_steps
    interval_s: float  #: checkpoint_interval_steps * step_time_s
    baseline: ReliabilitySide
    candidate: ReliabilitySide


@dataclass(frozen=True)
class Audit:
    """Consistency checks between the measurements."""

    baseline_effective_share_pct: float  #: effective save throughput as a share of sustained bandwidth
    candidate_effective_share_pct: float  #: likewise for the candidate
    bandwidth_ratio: float  #: C / B sustained bandwidth
    save_speedup_to_bandwidth_ratio: float  #: save.speedup / bandwidth_ratio
    bandwidth_bound: bool  #: True when both saves reach at least 80% of sustained bandwidth
    max_extrapolation: float | None  #: the largest projection size over the largest measured size


@dataclass(frozen=True)
class Lifecycle:
    """Train, save, deploy, serve: the time the candidate saves at each stage of a model's life."""

    training_saved_s: float  #: one training run: bubble.time_saved_s
    load_saved_min_s: float  #: smallest saving per cold start over the measured load models
    load_saved_max_s: float  #: largest saving per cold start
    load_saved_sum_s: float  #: one cold start of every measured model and platform
    total_saved_s: float  #: one training run plus one cold start of each


@dataclass(frozen=True)
class Scale:
    """The effect at the cluster's size: failures grow with GPUs, GPU-equivalents with the cluster."""

    cluster_gpus: int  #: bubble.cluster_gpus
    job_mtbf_s: float  #: gpu_mtbf_hours * 3600 / cluster_gpus, for a job spanning the cluster
    baseline_optimal_interval_s: float  #: Young's interval for the baseline at that size
    candidate_optimal_interval_s: float  #: likewise, candidate
    baseline_optimal_overhead_pct: float  #: expected overhead at that interval
    candidate_optimal_overhead_pct: float  #: likewise, candidate
    gpu_equivalents_per_1000: float  #: GPU-equivalents per 1,000 GPUs: 10 * throughput_gain_pct


@dataclass(frozen=True)
class Metrics:
    """Every figure of the report; `to_json` gives metrics.json."""

    save: Save
    bandwidth: Bandwidth
    bubble: Bubble
    projections: tuple[Projection, ...]
    fits: dict[str, Fit]
    load: Load
    gates: tuple[Gate, ...]
    reliability: Reliability
    audit: Audit
    lifecycle: Lifecycle
    scale: Scale
    inputs: dict[str, str]

    def to_dict(self) -> dict:
        """Plain nested values for metrics.json (tuples become lists)."""
        return _plain(dataclasses.asdict(self))


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
    bubble = _bubble(test, save)
    fits = {side: _fit(test.saves, names[side]) for side in SIDES}
    projections = tuple(_projection(spec, fits, bubble.saves) for spec in config.projections)
    problems = _feasibility(test, bubble, projections)
    if problems:
        raise InvalidInput(problems)
    bandwidth = _bandwidth(test.bandwidth, names)
    load = _load(test.loads, config.systems.load_baseline, config.systems.candidate)
    return Metrics(
        save=save,
        bandwidth=bandwidth,
        bubble=bubble,
        projections=projections,
        fits=fits,
        load=load,
        gates=_gates(test, save, bubble),
        reliability=_reliability(test, save, bubble),
        audit=_audit(save, bandwidth, projections, fits),
        lifecycle=_lifecycle(bubble, load),
        scale=_scale(test, save, bubble),
        inputs=dict(test.sha256),
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
        outlier_runs=tuple(int(r) for r, zi in zip(runs, z, strict=True) if abs(zi) > stats.OUTLIER_Z),
    )


def _save(frame: pd.DataFrame, names: dict[str, str], model: str) -> Save:
    b, c = (_save_side(frame, names[side], model) for side in SIDES)
    return Save(
        baseline=b,
        candidate=c,
        speedup=b.mean_s / c.mean_s,
        reduction_pct=100 * (1 - c.mean_s / b.mean_s),
        saved_per_save_s=b.mean_s - c.mean_s,
        speedup_ci95=stats.ratio_ci95(b.mean_s, b.stdev_s, b.runs, c.mean_s, c.stdev_s, c.runs),
    )


def _bandwidth_side(log: BandwidthLog, system: str) -> BandwidthSide:
    runs = log.runs_of(system)
    means = tuple(float(v) for v in log.run_mean[runs])
    samples = int((log.run_stop[runs] - log.run_start[runs]).sum())
    return BandwidthSide(system, len(means), samples, means, stats.mean(means))


def _bandwidth(log: BandwidthLog, names: dict[str, str]) -> Bandwidth:
    sides = {side: _bandwidth_side(log, names[side]) for side in SIDES}
    b, c = sides["baseline"].sustained_gbps, sides["candidate"].sustained_gbps
    return Bandwidth(b, c, 100 * (c / b - 1), sides)


def _bubble(test: JointTest, save: Save) -> Bubble:
    t = test.config.training
    saves = t.total_steps // t.checkpoint_interval_steps
    base_total = saves * save.baseline.mean_s
    cand_total = saves * save.candidate.mean_s
    duration = (
        t.baseline_duration_s if t.baseline_duration_s is not None else t.total_steps * t.step_time_s + base_total
    )
    compute_s = duration - base_total
    cand_duration = compute_s + cand_total
    gain = 100 * (duration / cand_duration - 1) if cand_duration > 0 else math.nan
    return Bubble(
        saves=saves,
        baseline_save_total_s=base_total,
        candidate_save_total_s=cand_total,
        time_saved_s=base_total - cand_total,
        baseline_duration_s=duration,
        compute_s=compute_s,
        candidate_duration_s=cand_duration,
        baseline_bubble_pct=100 * base_total / duration,
        candidate_bubble_pct=100 * cand_total / cand_duration if cand_duration > 0 else math.nan,
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
    if len(set(sizes)) == 1:
        return Fit(sizes, times, 0.0, stats.mean(times) / sizes[0], "proportional")
    a, b = stats.least_squares(sizes, times)
    return Fit(sizes, times, a, b, "least squares")


def predict(fit: Fit, size_gb: float) -> float:
    """The projected save time at `size_gb`."""
    if fit.method == "proportional":
        return stats.mean(fit.times_s) * size_gb / fit.sizes_gb[0]
    return fit.intercept_s + fit.slope_s_per_gb * size_gb


def _projection(spec, fits: dict[str, Fit], default_saves: int) -> Projection:
    b, c = predict(fits["baseline"], spec.snapshot_gb), predict(fits["candidate"], spec.snapshot_gb)
    saves = spec.saves if spec.saves is not None else default_saves
    methods = {fits[s].method for s in SIDES}
    measured = max(max(fits[s].sizes_gb) for s in SIDES)
    return Projection(
        name=spec.name,
        snapshot_gb=spec.snapshot_gb,
        saves=saves,
        baseline_s=b,
        candidate_s=c,
        saved_per_save_s=b - c,
        saved_total_s=saves * (b - c),
        method=" / ".join(sorted(methods)),
        extrapolation=spec.snapshot_gb / measured,
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


def _load(frame: pd.DataFrame, baseline: str, candidate: str) -> Load:
    grouped = frame.groupby(["model", "platform", "system"], observed=True)
    table = grouped.agg(mean=("load_s", "mean"), runs=("load_s", "size"), size=("size_gb", "first"))
    models = []
    keys = sorted({(str(m), str(p)) for m, p, _ in table.index})
    for model, platform in keys:
        b, c = table.loc[(model, platform, baseline)], table.loc[(model, platform, candidate)]
        models.append(
            LoadModel(
                model,
                platform,
                float(b["size"]),
                float(b["mean"]),
                float(c["mean"]),
                float(b["mean"] / c["mean"]),
                int(b["runs"]),
                int(c["runs"]),
            )
        )
    speedups = [m.speedup for m in models]
    return Load(tuple(models), min(speedups), max(speedups), baseline, candidate)


def _measurement_gate(gate_id: str, name: str, side: SaveSide, min_runs: int, max_cv: float) -> Gate:
    if side.runs < min_runs or side.cv_pct is None:
        detail = f"{side.runs} run(s) of {side.model} on {side.system}; at least {min_runs} are needed"
        return Gate(gate_id, name, "insufficient", detail)
    status = "pass" if side.cv_pct <= max_cv else "fail"
    verb = "within" if status == "pass" else "above"
    detail = f"{side.runs} runs, spread (CV) {side.cv_pct:.2f}% {verb} the {max_cv:g}% limit"
    return Gate(gate_id, name, status, detail)


def _gates(test: JointTest, save: Save, bubble: Bubble) -> tuple[Gate, ...]:
    g = test.config.gates
    g1 = _measurement_gate("G1", "Baseline established", save.baseline, g.min_runs, g.max_cv_pct)
    g2 = _measurement_gate("G2", "Candidate measured on the same workload", save.candidate, g.min_runs, g.max_cv_pct)
    ci = save.speedup_ci95
    if ci is None:
        g3 = Gate(
            "G3", "Save-time target met", "insufficient", "no confidence interval: each system needs 2 or more runs"
        )
    elif ci[0] >= g.target_speedup:
        g3 = Gate(
            "G3",
            "Save-time target met",
            "pass",
            f"95% interval {ci[0]:.2f}x to {ci[1]:.2f}x lies at or above {g.target_speedup:g}x",
        )
    elif ci[1] < g.target_speedup:
        g3 = Gate(
            "G3",
            "Save-time target met",
            "fail",
            f"95% interval {ci[0]:.2f}x to {ci[1]:.2f}x lies below {g.target_speedup:g}x",
        )
    else:
        g3 = Gate(
            "G3",
            "Save-time target met",
            "insufficient",
            f"95% interval {ci[0]:.2f}x to {ci[1]:.2f}x contains {g.target_speedup:g}x",
        )
    target = g.target_duration_reduction_pct
    passed = bubble.duration_reduction_pct >= target
    detail = f"training time {bubble.duration_reduction_pct:.2f}% shorter; target {target:g}%"
    g4 = Gate("G4", "Training-time benefit", "pass" if passed else "fail", detail)
    return (g1, g2, g3, g4)


def _reliability(test: JointTest, save: Save, bubble: Bubble) -> Reliability:
    r = test.config.reliability
    gpus = save.baseline.gpus
    mtbf = r.gpu_mtbf_hours * 3600 / gpus
    step = bubble.compute_s / bubble.total_steps
    interval = bubble.checkpoint_interval_steps * step

    def side(cost: float) -> ReliabilitySide:
        best = stats.young_interval(cost, mtbf)
        return ReliabilitySide(
            optimal_interval_s=best,
            daly_interval_s=stats.daly_interval(cost, mtbf),
            overhead_pct=stats.overhead_pct(cost, interval, mtbf, r.restart_s),
            optimal_overhead_pct=stats.overhead_pct(cost, best, mtbf, r.restart_s),
        )

    return Reliability(
        r.gpu_mtbf_hours,
        r.restart_s,
        gpus,
        mtbf,
        step,
        interval,
        side(save.baseline.mean_s),
        side(save.candidate.mean_s),
    )


def _audit(save: Save, bandwidth: Bandwidth, projections: tuple[Projection, ...], fits: dict[str, Fit]) -> Audit:
    b_share = 100 * save.baseline.effective_gbps / bandwidth.baseline_gbps
    c_share = 100 * save.candidate.effective_gbps / bandwidth.candidate_gbps
    ratio = bandwidth.candidate_gbps / bandwidth.baseline_gbps
    return Audit(
        baseline_effective_share_pct=b_share,
        candidate_effective_share_pct=c_share,
        bandwidth_ratio=ratio,
        save_speedup_to_bandwidth_ratio=save.speedup / ratio,
        bandwidth_bound=min(b_share, c_share) >= 80.0,
        max_extrapolation=max((p.extrapolation for p in projections), default=None),
    )


def _lifecycle(bubble: Bubble, load: Load) -> Lifecycle:
    saved = [m.baseline_s - m.candidate_s for m in load.models]
    return Lifecycle(
        training_saved_s=bubble.time_saved_s,
        load_saved_min_s=min(saved),
        load_saved_max_s=max(saved),
        load_saved_sum_s=math.fsum(saved),
        total_saved_s=bubble.time_saved_s + math.fsum(saved),
    )


def _scale(test: JointTest, save: Save, bubble: Bubble) -> Scale:
    r = test.config.reliability
    mtbf = r.gpu_mtbf_hours * 3600 / bubble.cluster_gpus
    b = stats.young_interval(save.baseline.mean_s, mtbf)
    c = stats.young_interval(save.candidate.mean_s, mtbf)
    return Scale(
        cluster_gpus=bubble.cluster_gpus,
        job_mtbf_s=mtbf,
        baseline_optimal_interval_s=b,
        candidate_optimal_interval_s=c,
        baseline_optimal_overhead_pct=stats.overhead_pct(save.baseline.mean_s, b, mtbf, r.restart_s),
        candidate_optimal_overhead_pct=stats.overhead_pct(save.candidate.mean_s, c, mtbf, r.restart_s),
        gpu_equivalents_per_1000=10 * bubble.throughput_gain_pct,
    )
