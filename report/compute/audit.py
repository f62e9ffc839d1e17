"""The bandwidth audit, the checkpoint lifecycle, the scale-out view and the economics."""

from __future__ import annotations

from report import stats
from report.compute.figures import (
    SIDES,
    AsyncSide,
    Audit,
    AuditRow,
    AuditSide,
    Bandwidth,
    Bubble,
    Economics,
    Lifecycle,
    Load,
    Projection,
    Reliability,
    Save,
    SaveSide,
    SaveSpan,
    Scale,
    SpanSide,
    WrittenFit,
)
from report.compute.nodes import aggregate_gbps, node_local_sides, nodes, share
from report.compute.reliability import blocking
from report.inputs.config import EconomicsSpec
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.inputs.joint_test import JointTest
from report.inputs.runs import BandwidthLog, span_means


def _audit_side(save: SaveSide, bandwidth_gbps: float) -> AuditSide:
    implied = bandwidth_gbps * save.mean_s
    return AuditSide(
        implied_written_gb=implied,
        implied_to_snapshot=implied / save.snapshot_gb,
        effective_share_pct=100 * save.effective_gbps / bandwidth_gbps,
    )


def _written_fit(save: Save, bw_b: float, bw_c: float) -> WrittenFit | None:
    gap = 1 / bw_b - 1 / bw_c
    if abs(gap) <= 1e-9 / bw_b:
        return None
    written = (save.baseline.mean_s - save.candidate.mean_s) / gap
    return WrittenFit(fixed_s=save.baseline.mean_s - written / bw_b, written_gb=written)


def audit_gbps(test: JointTest, save: Save, bandwidth: Bandwidth) -> dict[str, float]:
    """The bandwidth each side's saves are audited against: bandwidth.<side>_gbps, or for a side local to each node
    the job's aggregate B_X = bandwidth.<side>_gbps / share(g), g the training model's gpus (settled point 4)."""
    local, per_node = node_local_sides(test), test.config.gpus_per_node
    out = {}
    for key, side, measured in zip(
        SIDES, save.sides(), (bandwidth.baseline_gbps, bandwidth.candidate_gbps), strict=True
    ):
        out[key] = aggregate_gbps(measured, side.gpus, per_node) if key in local else measured
    return out


def audit_rows(test: JointTest, bandwidth: Bandwidth) -> tuple[AuditRow, ...]:
    """Every (save system, model) of save_times against the bandwidth measured on that system (settled point 6)."""
    frame, systems, per_node = test.saves, test.config.systems, test.config.gpus_per_node
    local = node_local_sides(test)
    rows = []
    for key, system, measured in (
        ("baseline", systems.save_baseline, bandwidth.baseline_gbps),
        ("candidate", systems.candidate, bandwidth.candidate_gbps),
    ):
        of_system = frame[frame["system"] == system]
        for model in sorted({str(v) for v in of_system["model"]}):
            group = of_system[of_system["model"].astype(str) == model]
            gpus, snapshot = int(group["gpus"].iloc[0]), float(group["snapshot_gb"].iloc[0])
            mean = stats.mean([float(v) for v in group["save_s"]])
            written = snapshot * share(gpus, per_node) if key in local else snapshot
            rows.append(
                AuditRow(
                    side=key,
                    model=model,
                    gpus=gpus,
                    nodes=nodes(gpus, per_node),
                    snapshot_gb=snapshot,
                    mean_s=mean,
                    written_gb=written,
                    gbps=written / mean,
                    to_bandwidth=written / mean / measured,
                )
            )
    return tuple(rows)


def bandwidth_audit(test: JointTest, save: Save, bandwidth: Bandwidth, projections: tuple[Projection, ...]) -> Audit:
    """Each side's saves against its sustained bandwidth (a node-local side's: the job's nodes together), the fit of
    bytes written, and every save row against the bandwidth measured."""
    gbps = audit_gbps(test, save, bandwidth)
    b = _audit_side(save.baseline, gbps["baseline"])
    c = _audit_side(save.candidate, gbps["candidate"])
    fit = _written_fit(save, gbps["baseline"], gbps["candidate"])
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
        rows=audit_rows(test, bandwidth),
    )


# Beyond this difference between the log's rate over a save's span and its whole-run mean, the audit sets the saves
# against the former (cold read 27, M1).
SPAN_DIFFERS_PCT = 10.0


def departs(rate: float, whole_gbps: float) -> bool:
    """Whether a rate set beside a log's whole mean (the log's over a save's span, a tool's over whole runs) parts from
    it by more than SPAN_DIFFERS_PCT: then the audit sets the saves against it too."""
    return abs(rate / whole_gbps - 1) * 100 > SPAN_DIFFERS_PCT


def _tool_gbps(test: JointTest, log: BandwidthLog, system: str) -> float | None:
    """The mean over a system's bandwidth runs of the rate its tool reported for the whole run (fio: io_bytes ÷
    runtime), where the tool timed every one of them."""
    timed = {} if test.imported is None else test.imported.tool_runs
    runs = [timed.get((system, int(n))) for n in log.run_number[log.runs_of(system)]]
    timed_runs = [r for r in runs if r is not None]
    if not runs or len(timed_runs) < len(runs):
        return None
    return stats.mean([size / seconds for size, seconds in timed_runs])


def save_span(test: JointTest, save: Save, bandwidth: Bandwidth) -> SaveSpan:
    """Each system's saves against its log over the same span, the first mean_s seconds of each run, and against its
    tool's own rate."""
    log, sides = test.bandwidth, []
    for side, bw in zip(save.sides(), bandwidth.sides(), strict=True):
        rate = stats.mean([float(r) for r in span_means(log, log.runs_of(bw.system), side.mean_s)])
        tool = _tool_gbps(test, log, bw.system)
        sides.append(
            SpanSide(
                log_gbps=rate,
                share_pct=100 * side.effective_gbps / rate,
                implied_written_gb=rate * side.mean_s,
                differs=departs(rate, bw.sustained_gbps),
                tool_gbps=tool,
                tool_share_pct=None if tool is None else 100 * side.effective_gbps / tool,
            )
        )
    return SaveSpan(*sides)


def lifecycle(save: Save, bubble: Bubble, load: Load) -> Lifecycle:
    """What the candidate saves over a training run and across the model loads."""
    saved = [m.saved_s for m in load.models]
    return Lifecycle(
        training_saved_s=bubble.time_saved_s,
        training_gpu_hours_saved=bubble.time_saved_s * save.baseline.gpus / 3600,
        load_saved_min_s=min(saved),
        load_saved_max_s=max(saved),
    )


def scale(
    test: JointTest, save: Save, bubble: Bubble, reliability: Reliability, async_sides: dict[str, AsyncSide]
) -> Scale:
    """Failure-aware figures at the cluster's size: job MTBF, each side's optimum interval and overhead."""
    r = test.config.reliability
    mtbf = r.gpu_mtbf_hours * 3600 / bubble.cluster_gpus
    optimum = {}
    for name, side, rel in zip(SIDES, save.sides(), (reliability.baseline, reliability.candidate), strict=True):
        b, w = blocking(test, side, async_sides[name])
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


def economics(spec: EconomicsSpec | None, save: Save, bubble: Bubble, reliability: Reliability) -> Economics | None:
    """What the saved GPU time is worth ([economics]); None where test.toml prices nothing."""
    if spec is None:
        return None
    per_run = bubble.time_saved_s / 3600 * save.baseline.gpus * spec.gpu_hour_price
    optimum = reliability.optimum_gpu_equivalents * 8760 * spec.gpu_hour_price  # both systems at their optimum
    energy = None
    if spec.gpu_power_kw is not None:
        energy = bubble.time_saved_s / 3600 * save.baseline.gpus * spec.gpu_power_kw * spec.pue
    return Economics(
        value_per_run=per_run,
        value_per_year=per_run * spec.runs_per_year,
        cluster_value_per_year=bubble.gpu_equivalents * 8760 * spec.gpu_hour_price,
        optimum_cluster_value_per_year=optimum,
        retained_gb=spec.retained_checkpoints * save.baseline.snapshot_gb,
        currency=spec.currency,
        energy_kwh_per_run=energy,
        energy_kwh_per_year=None if energy is None else energy * spec.runs_per_year,
        payback_years=None if spec.candidate_price is None or optimum <= 0 else spec.candidate_price / optimum,
        candidate_price=spec.candidate_price,
    )


def bytes_from_fio(test: JointTest) -> bool:
    """Whether every save row came from fio's own output, which counts the bytes each save wrote (io_bytes, held
    within 1% of the stated checkpoint by the import)."""
    imported = test.imported
    if imported is None:
        return False
    tools = {use.tool for use in imported.tools if use.into == "save_times"}
    counted = bool(tools) and all(IMPORT_TOOLS[tool].counts_bytes for tool in tools)
    return counted and len(imported.origins.get("save_times.csv", [])) == len(test.saves)


# fio's byte count of a save is held within this share of the stated checkpoint by the import (ingest/imports.py).
FIO_BYTES_TOLERANCE = 0.01


def written_fit_physical(test: JointTest, a: Audit) -> bool:
    """Whether the two-system line can describe these saves: a fixed cost of zero or more, and, when fio counted the
    bytes each save wrote, a V that matches the count (the stated checkpoint, within FIO_BYTES_TOLERANCE)."""
    ratio = a.fit_written_to_snapshot  # None exactly when a.fit is
    if a.fit is None or ratio is None or a.fit.fixed_s < 0 or ratio < 1 - FIO_BYTES_TOLERANCE:
        return False  # no save takes negative time before it writes, nor writes less than its checkpoint
    return not bytes_from_fio(test) or abs(ratio - 1) <= FIO_BYTES_TOLERANCE
