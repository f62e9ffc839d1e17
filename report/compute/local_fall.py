"""A side local to each node whose own client sweep shows the rate a node gives falling as more nodes write at once
(scaling reading 19, Z-2): Local NVMe's fell to 76.1% of one node's at 64 client nodes and 59.9% at 128, although
each node wrote only its own drive. That a node-local save keeps one job's time with every job of the cluster saving
at once is then an assumption (the nodes write independently of one another), not what the sweep shows; at the
per-node rate of the sweep's most client nodes the job's save would take longer. Figures for the findings only,
none in metrics.json."""

from __future__ import annotations

from dataclasses import dataclass

from report.compute.figures import Metrics
from report.compute.scaling_figures import ScalingPoint


@dataclass(frozen=True)
class LocalFall:
    """A node-local side's per-node rate at its sweep's fewest, job's and most client counts."""

    first: ScalingPoint  #: the fewest client nodes swept
    at_job: ScalingPoint | None  #: at the job's nodes, where swept there
    top: ScalingPoint  #: the most client nodes swept
    job_kept_pct: float | None  #: the rate a node gave at the job's nodes, % of at the fewest
    top_kept_pct: float  #: at the most, % of at the fewest
    scaled_s: float | None  #: the save's time at the top count's rate a node, where the top lies beyond the job's


def per_node(point: ScalingPoint) -> float:
    """GB/s a client node gave at `point`: the mean over the count."""
    return point.mean_gbps / point.clients


def local_fall(m: Metrics, key: str) -> LocalFall | None:
    """Side `key`'s per-node fall in its own sweep: where every run at the most client nodes gave less a node than
    every run at the fewest (ranges apart, not the runs' spread); None otherwise. `scaled_s`: the save's mean time ×
    (rate a node at the job's nodes ÷ at the most), the same bytes a node at the lower rate."""
    s = None if m.scaling is None else m.scaling.side(key)
    if s is None or len(s.points) < 2:
        return None
    first, top = s.points[0], s.points[-1]
    if not max(top.run_gbps) / top.clients < min(first.run_gbps) / first.clients:
        return None
    at_job = next((p for p in s.points if p.clients == m.nodes), None)
    base = per_node(first)
    job_kept = None if at_job is None else 100 * per_node(at_job) / base
    scaled = None
    if at_job is not None and top.clients > at_job.clients:
        scaled = m.save.side(key).mean_s * per_node(at_job) / per_node(top)
    return LocalFall(first, at_job, top, job_kept, 100 * per_node(top) / base, scaled)
