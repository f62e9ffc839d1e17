"""Asynchronous saves (staging, write lag, stalls) and the cluster's storage demand."""

from __future__ import annotations

import math

from report import stats
from report.compute.figures import (
    SIDES,
    Async,
    AsyncSide,
    Bandwidth,
    Bubble,
    Cluster,
    ClusterSide,
    Metrics,
    NodeLocal,
    NodeShare,
    Save,
    SaveSide,
)
from report.compute.nodes import copy_timed
from report.inputs.joint_test import JointTest


def _staging(test: JointTest, system: str) -> float:
    spec = test.config.async_saves
    return 0.0 if spec is None else spec.staging_s[system]


def _gpus_per_node(test: JointTest) -> int:
    """The one node size (settled point 4): [training] gpus_per_node, else [async] gpus_per_node, else 8 (the staging
    memory and the per-node figures count it)."""
    return test.config.gpus_per_node


def async_sides_at(test: JointTest, save: Save, step: float, interval: float) -> dict[str, AsyncSide]:
    """Each side's asynchronous save (staging, write lag, stall) at this step time and interval."""
    per_node = _gpus_per_node(test)
    mtbf = test.config.reliability.gpu_mtbf_hours * 3600 / save.baseline.gpus  # reliability.job_mtbf_s
    out = {}
    for name, side in zip(SIDES, save.sides(), strict=True):
        staging, lag = _staging(test, side.system), side.mean_s
        out[name] = AsyncSide(
            staging_s=staging,
            write_lag_s=lag,
            stall_s=staging + max(0.0, lag - interval),
            min_interval_steps=min_interval_steps(lag, step),
            optimal_interval_steps=max(stats.young_interval(staging, mtbf), lag) / step,
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


def async_figures(test: JointTest, sides: dict[str, AsyncSide], bubble: Bubble, interval: float, step: float) -> Async:
    """The asynchronous checkpointing figures: both sides' stalls and what they change."""
    b, c = sides["baseline"], sides["candidate"]
    saves = bubble.saves
    return Async(
        # the lost work after a failure runs back to the last durable checkpoint, T/2 + w on average, as the overhead
        # counts it (cold read 28, M1: half the intervals' difference alone was a third of it)
        stall_free_rework_s=(b.min_interval_steps - c.min_interval_steps) * step / 2 + b.write_lag_s - c.write_lag_s,
        staging_given=test.config.async_saves is not None,
        storage_stalls=b.write_lag_s > interval or c.write_lag_s > interval,
        duration_reduction_pct=100 * saves * (b.stall_s - c.stall_s) / (bubble.compute_s + saves * b.stall_s),
        baseline=b,
        candidate=c,
    )


def node_local(test: JointTest, save: Save, bandwidth: Bandwidth, bubble: Bubble, interval: float) -> NodeLocal | None:
    """Each node's part of the saves where a save system is local to each node ([systems] node_local)."""
    config = test.config
    names = {"baseline": config.systems.save_baseline, "candidate": config.systems.candidate}
    sides = tuple(key for key in ("baseline", "candidate") if names[key] in config.systems.node_local)
    if not sides:
        return None
    per_node = _gpus_per_node(test)

    nodes = -(-save.baseline.gpus // per_node)

    def side(s: SaveSide, sustained: float) -> NodeShare:
        job_gb = s.snapshot_gb * min(s.gpus, per_node) / s.gpus
        cycle_gb = s.snapshot_gb * per_node / s.gpus  # a node's GPUs' part of every job it holds
        mean, peak = cycle_gb / (interval + s.pause_s), cycle_gb / s.mean_s
        return NodeShare(
            job_gb=job_gb,
            job_gbps=job_gb / s.mean_s,
            job_share_pct=100 * job_gb / s.mean_s / sustained,
            job_bandwidth_gbps=nodes * sustained,
            cluster=ClusterSide(mean, mean / sustained, peak, peak / sustained),
        )

    return NodeLocal(
        sides=sides,
        gpus_per_node=per_node,
        nodes_per_job=nodes,
        nodes_in_cluster=max(1, bubble.cluster_gpus // per_node),
        baseline=side(save.baseline, bandwidth.baseline_gbps),
        candidate=side(save.candidate, bandwidth.candidate_gbps),
        # loads from a candidate local to each node read a model already copied onto the node's drives, a copy the load
        # times leave out unless their source says it was timed (cold tests 14, Q)
        load_copy_untimed="candidate" in sides and not copy_timed(config.sources.get("load_times", "")),
    )


def cluster(
    save: Save, bandwidth: Bandwidth, bubble: Bubble, interval: float, node_local: tuple[str, ...] = ()
) -> Cluster:
    """The write bandwidth the cluster's jobs ask of each system, mean and peak, against its sustained rate; None for
    a side in `node_local`, whose bandwidth is not shared between jobs (schema 4: its four keys null)."""
    jobs = max(1, bubble.cluster_gpus // save.baseline.gpus)

    def side(key: str, s: SaveSide, sustained: float) -> ClusterSide | None:
        if key in node_local:
            return None
        mean = jobs * s.snapshot_gb / (interval + s.pause_s)
        peak = jobs * s.snapshot_gb / s.mean_s
        return ClusterSide(mean, mean / sustained, peak, peak / sustained)

    return Cluster(
        jobs=jobs,
        baseline=side("baseline", save.baseline, bandwidth.baseline_gbps),
        candidate=side("candidate", save.candidate, bandwidth.candidate_gbps),
    )


#: A stall-free interval is impractically short when it is under this share of today's interval between saves: a job
#: that saves every 2-4 steps where today it saves every 340 would write its checkpoint ~100 times as often, which no
#: operator plans for host memory, file counts and retention (cold read 16, T-m9: "nobody checkpoints 1.9 TB every 2-4
#: steps"). Below it, what shorter stall-free intervals buy is negligible in practice.
IMPRACTICAL_SHARE = 0.1


def stall_free_impractical(m: Metrics) -> bool:
    """Whether both sides' shortest stall-free intervals are impractically short: each under IMPRACTICAL_SHARE of
    today's interval (in steps), so the work a failure costs less at them is no benefit a job would take."""
    a, today = m.async_, m.bubble.checkpoint_interval_steps
    return max(a.baseline.min_interval_steps, a.candidate.min_interval_steps) < IMPRACTICAL_SHARE * today
