"""How each save system scales with client nodes: the points of scaling.csv, Gunther's Universal Scalability Law
fitted to them, and the aggregate bandwidth at the job's nodes and at each projection's (CONTRACT.md, "How the
candidate scales with clients" and settled points 7 to 9). Pure: no I/O, plain frozen values."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from report import stats
from report.compute.figures import SIDES, Bandwidth, Projection, Save, TwoSided
from report.compute.nodes import node_local_sides, nodes, share

if TYPE_CHECKING:
    from report.inputs.joint_test import JointTest

#: The fewest client counts above one that a fit needs (with the one-client point that gives λ).
USL_MIN_COUNTS = 2


@dataclass(frozen=True)
class ScalingPoint:
    """The runs at one client count."""

    clients: int  #: client nodes writing at once
    mean_gbps: float  #: mean of write_gbps over the runs
    runs: int  #: number of runs
    run_gbps: tuple[float, ...]  #: each run's write_gbps, in file order: the chart's spread (not in metrics.json)


@dataclass(frozen=True)
class Usl:
    """Gunther's Universal Scalability Law fitted to one side's points: C(k) = λk / (1 + σ(k − 1) + κk(k − 1)).

    With X(k) = mean_gbps(k) / λ, x = k − 1 and L = k / X(k) − 1 at each k > 1, the least-squares fit through the
    origin L = a·x + b·x² (the normal equations solved by Cramer's rule) gives κ = b and σ = a − b."""

    lambda_gbps: float  #: λ: the mean at one client
    sigma: float  #: σ = a − b: contention, as fitted (may be negative)
    kappa: float  #: κ = b: coherency, as fitted (may be negative)
    peak_clients: float | None  #: sqrt((1 − σ) / κ) when κ > 0 and σ < 1, else None; unrounded, may be below 1

    def capacity(self, k: float) -> float | None:
        """C(k) in GB/s; None where 1 + σ(k − 1) + κk(k − 1) <= 0 (the law gives no bandwidth there)."""
        denominator = 1 + self.sigma * (k - 1) + self.kappa * k * (k - 1)
        return self.lambda_gbps * k / denominator if denominator > 0 else None

    @property
    def describes(self) -> bool:
        """Whether the fit is one the law allows: σ and κ both >= 0 (else the law does not describe the points)."""
        return self.sigma >= 0 and self.kappa >= 0


@dataclass(frozen=True)
class ScalingSide:
    """One save system's aggregate write bandwidth by client count."""

    points: tuple[ScalingPoint, ...]  #: ascending clients
    usl: Usl | None  #: None unless there is a one-client point and at least two other client counts

    @property
    def max_clients(self) -> int:
        """The most client nodes measured at once."""
        return self.points[-1].clients


@dataclass(frozen=True)
class ScaledGbps(TwoSided):
    """Aggregate write bandwidth per side at some node count (GB/s), None where nothing gives one."""

    baseline: float | None
    candidate: float | None

    @property
    def ratio(self) -> float | None:
        """candidate / baseline where both exist (not in metrics.json)."""
        if self.baseline is None or self.candidate is None or not self.baseline > 0:
            return None
        return self.candidate / self.baseline


#: A projection's scaled_gbps without anything to scale (no gpus, no usl, no node-local side).
UNSCALED = ScaledGbps(None, None)


@dataclass(frozen=True)
class Scaling(TwoSided):
    """scaling.csv's figures: each side's points and fit (None for a side without rows), and both at the job's nodes."""

    baseline: ScalingSide | None
    candidate: ScalingSide | None
    at_job: ScaledGbps  #: C(nodes) per side, or a node-local side's bandwidth / share(gpus) (settled point 7)
    job_nodes: int  #: ceil(gpus / gpus_per_node): the training job's nodes, where at_job is taken (not in metrics.json)
    #: cluster.jobs × job_nodes: the client nodes of the cluster's jobs, all saving at once (not in metrics.json)
    cluster_nodes: int
    at_cluster: ScaledGbps  #: each side's usl C(cluster_nodes), else None (not in metrics.json)
    node_local: tuple[str, ...] = ()  #: the sides local to each node (not in metrics.json: its own key)
    one_node_gbps: ScaledGbps = UNSCALED  #: each node-local side's bandwidth.<side>_gbps, else None (not in JSON)

    @property
    def max_clients(self) -> int:
        """The most client nodes measured at once on either side."""
        return max(s.max_clients for s in self.sides() if s is not None)


@dataclass(frozen=True)
class Job:
    """What the scaled figures are taken at: the node size, the training job's GPUs, the node-local sides, and each
    side's measured sustained bandwidth (bandwidth.<side>_gbps, one node's for a node-local side)."""

    gpus_per_node: int
    gpus: int  #: the training model's gpus
    cluster_gpus: int  #: [training] cluster_gpus
    node_local: tuple[str, ...]  #: "baseline", "candidate": the sides local to each node
    bandwidth_gbps: Mapping[str, float]  #: side -> bandwidth.<side>_gbps

    def nodes(self, gpus: int) -> int:
        """ceil(gpus / gpus_per_node)."""
        return nodes(gpus, self.gpus_per_node)

    def share(self, gpus: int) -> float:
        """share(g) = min(g, gpus_per_node) / g: one node's part of a checkpoint sharded evenly over g GPUs."""
        return share(gpus, self.gpus_per_node)


def points(rows: Iterable[tuple[int, float]]) -> tuple[ScalingPoint, ...]:
    """(clients, write_gbps) rows as one point per client count, ascending."""
    by_count: dict[int, list[float]] = {}
    for clients, gbps in rows:
        by_count.setdefault(int(clients), []).append(float(gbps))
    return tuple(
        ScalingPoint(k, stats.mean(values), len(values), tuple(values)) for k, values in sorted(by_count.items())
    )


def fit_usl(side_points: Sequence[ScalingPoint]) -> Usl | None:
    """The law fitted as the contract says (settled point 9): one point per k > 1, unweighted, Cramer's rule."""
    ones = [p for p in side_points if p.clients == 1]
    others = [p for p in side_points if p.clients > 1]
    if not ones or len(others) < USL_MIN_COUNTS:
        return None
    lam = ones[0].mean_gbps
    xs = [float(p.clients - 1) for p in others]
    ls = [p.clients / (p.mean_gbps / lam) - 1 for p in others]
    s2 = math.fsum(x**2 for x in xs)
    s3 = math.fsum(x**3 for x in xs)
    s4 = math.fsum(x**4 for x in xs)
    s1l = math.fsum(x * v for x, v in zip(xs, ls, strict=True))
    s2l = math.fsum(x**2 * v for x, v in zip(xs, ls, strict=True))
    det = s2 * s4 - s3 * s3  # > 0 with two distinct x > 0 (Cauchy-Schwarz)
    a = (s1l * s4 - s3 * s2l) / det
    b = (s2 * s2l - s3 * s1l) / det
    sigma, kappa = a - b, b
    peak = math.sqrt((1 - sigma) / kappa) if kappa > 0 and sigma < 1 else None
    return Usl(lam, sigma, kappa, peak)


def side_of(rows: Iterable[tuple[int, float]]) -> ScalingSide | None:
    """One side's points and fit; None without rows."""
    found = points(rows)
    return ScalingSide(found, fit_usl(found)) if found else None


def scaled(side: str, s: ScalingSide | None, job: Job, gpus: int | None) -> float | None:
    """f for one side at `gpus` (settled point 7): C(nodes) where the side has a fit, else a node-local side's
    bandwidth / share(gpus), else None; None without gpus."""
    if gpus is None:
        return None
    if s is not None and s.usl is not None:
        return s.usl.capacity(job.nodes(gpus))
    if side in job.node_local:
        return job.bandwidth_gbps[side] / job.share(gpus)
    return None


def scaled_both(sides: Mapping[str, ScalingSide | None], job: Job, gpus: int | None) -> ScaledGbps:
    """`scaled` for both sides."""
    return ScaledGbps(*(scaled(key, sides.get(key), job, gpus) for key in SIDES))


def scaling(rows: Mapping[str, Iterable[tuple[int, float]]] | None, job: Job) -> Scaling | None:
    """metrics.json's `scaling`: None without scaling.csv (`rows` None); else each side's rows (side -> (clients,
    write_gbps) pairs, a side without rows absent or empty) as points and fit, and both sides at the job's nodes."""
    if rows is None:
        return None
    sides = {key: side_of(rows.get(key, ())) for key in SIDES}
    cluster = max(1, job.cluster_gpus // job.gpus) * job.nodes(job.gpus)  # cluster.jobs of the job's nodes
    fitted = [None if s is None or s.usl is None else s.usl.capacity(cluster) for s in sides.values()]
    at_job = scaled_both(sides, job, job.gpus)
    one_node = ScaledGbps(*(job.bandwidth_gbps[key] if key in job.node_local else None for key in SIDES))
    nodes = job.nodes(job.gpus)
    return Scaling(
        sides["baseline"], sides["candidate"], at_job, nodes, cluster, ScaledGbps(*fitted), job.node_local, one_node
    )


def plain(out: dict | None) -> dict | None:
    """metrics.json's form of `scaling` (from dataclasses.asdict): each point without its runs' values, and without
    the cluster's figures (the contract's keys only)."""
    if out is None:
        return None
    for key in ("job_nodes", "cluster_nodes", "at_cluster", "node_local", "one_node_gbps"):
        del out[key]
    for key in SIDES:
        if out[key] is not None:
            for point in out[key]["points"]:
                del point["run_gbps"]
    return out


# --- from a joint test ------------------------------------------------------------------------------------------


def job_of(test: JointTest, save: Save, bandwidth: Bandwidth) -> Job:
    """The node size, the training job's GPUs, the node-local sides and the measured bandwidths of a joint test."""
    return Job(
        gpus_per_node=test.config.gpus_per_node,
        gpus=save.baseline.gpus,
        cluster_gpus=test.config.training.cluster_gpus,
        node_local=node_local_sides(test),
        bandwidth_gbps={"baseline": bandwidth.baseline_gbps, "candidate": bandwidth.candidate_gbps},
    )


def rows_of(test: JointTest) -> dict[str, list[tuple[int, float]]] | None:
    """scaling.csv's rows (with the imported ones) per side, in file order; None without any."""
    frame = test.scaling
    if frame is None:
        return None
    names = {test.config.systems.save_baseline: "baseline", test.config.systems.candidate: "candidate"}
    out: dict[str, list[tuple[int, float]]] = {key: [] for key in SIDES}
    for system, clients, gbps in zip(frame["system"], frame["clients"], frame["write_gbps"], strict=True):
        out[names[str(system)]].append((int(clients), float(gbps)))
    return out


def with_projections(
    test: JointTest, save: Save, bandwidth: Bandwidth, projections: tuple[Projection, ...]
) -> tuple[Scaling | None, tuple[Projection, ...]]:
    """`scaling`, and the projections each carrying its scaled_gbps (with or without scaling.csv)."""
    job = job_of(test, save, bandwidth)
    found = scaling(rows_of(test), job)
    sides = {key: (None if found is None else found.side(key)) for key in SIDES}
    specs = test.config.projections
    scaled_projections = tuple(
        replace(p, scaled_gbps=scaled_both(sides, job, spec.gpus)) for p, spec in zip(projections, specs, strict=True)
    )
    return found, scaled_projections
