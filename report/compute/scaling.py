"""How each save system scales with client nodes: the points of scaling.csv, Gunther's Universal Scalability Law
fitted to them, and the aggregate bandwidth at the job's nodes and at each projection's (CONTRACT.md, "How the
candidate scales with clients" and settled points 7 to 9). Pure: no I/O, plain frozen values."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from report import stats
from report.compute.client_links import bandwidth_test_clients, clients_logged
from report.compute.figures import SIDES, Bandwidth, Projection, Save
from report.compute.nodes import node_local_sides, nodes, share
from report.compute.scaling_figures import (
    BeyondSweep,
    ScaledGbps,
    Scaling,
    ScalingPoint,
    ScalingSide,
    TestedRatio,
    Usl,
)

if TYPE_CHECKING:
    from report.inputs.joint_test import JointTest

#: The fewest client counts above one that a fit needs (with the one-client point that gives λ).
USL_MIN_COUNTS = 2


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
    if found is not None:
        logged = clients_logged(test)
        beyond = (beyond_sweep(key, sides[key], logged, job) for key in SIDES)
        counts = ((key, bandwidth_test_clients(test, key, found.job_nodes)) for key in SIDES)
        found = replace(
            found,
            beyond=tuple(b for b in beyond if b is not None),
            tested=tested_ratio(logged, job),
            test_clients=tuple((key, n) for key, n in counts if n is not None),
        )
    return found, scaled_projections


def beyond_sweep(key: str, s: ScalingSide | None, clients: int | None, job: Job) -> BeyondSweep | None:
    """Side `key`'s bandwidth test, logged from `clients` client nodes, per client node against its sweep, where the
    side is shared and `clients` lies beyond the sweep's largest count; else None."""
    if s is None or clients is None or key in job.node_local or clients <= s.max_clients:
        return None
    gbps, last = job.bandwidth_gbps[key], s.points[-1]
    pairs = zip(s.points, s.points[1:], strict=False)
    earlier = tuple((b.mean_gbps - a.mean_gbps) / (b.clients - a.clients) for a, b in pairs)
    added = (gbps - last.mean_gbps) / (clients - last.clients)
    return BeyondSweep(key, clients, gbps, gbps / clients, last, last.mean_gbps / last.clients, added, earlier)


def tested_ratio(clients: int | None, job: Job) -> TestedRatio | None:
    """The bandwidth test's ratio at the `clients` it was logged from; None without a logged count or a baseline
    bandwidth above zero. Only the two tests' own ratio: a side's sweep mean set against the other side's test mixes two
    methods that differ by several per cent on one system (scaling reading 15, M1: 4.64× beside 4.97×)."""
    base = job.bandwidth_gbps["baseline"]
    if clients is None or not base > 0:
        return None
    return TestedRatio(clients, job.bandwidth_gbps["candidate"] / base)
