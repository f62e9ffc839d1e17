"""The figures of how each save system scales with client nodes (CONTRACT.md, "How the candidate scales with clients"):
frozen dataclasses of plain values and their metrics.json form; report/compute/scaling.py computes them."""

from __future__ import annotations

from dataclasses import dataclass

from report.compute.sides import SIDES, TwoSided


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
class BeyondSweep:
    """A side's sustained-bandwidth test at a client count beyond its sweep's largest, per client node against the
    sweep (scaling reading 14, M2: MR-40 6.40 GB/s per node at 12 in the sweep, 4.26 at 24 in the bandwidth test).
    Two tests by different runs: report-only, not in metrics.json."""

    side: str  #: "baseline" or "candidate"
    clients: int  #: the client nodes the bandwidth test wrote from ([sources] bandwidth)
    gbps: float  #: bandwidth.<side>_gbps
    per_node_gbps: float  #: gbps / clients
    last: ScalingPoint  #: the sweep's largest client count
    last_per_node_gbps: float  #: last.mean_gbps / last.clients
    added_gbps: float  #: (gbps − last.mean_gbps) / (clients − last.clients): each client node added beyond the sweep
    earlier_added_gbps: tuple[float, ...]  #: the same between the sweep's successive counts, ascending

    @property
    def falls(self) -> bool:
        """Whether the rate per client node is lower in the bandwidth test than at the sweep's largest count."""
        return self.per_node_gbps < self.last_per_node_gbps


@dataclass(frozen=True)
class TestedRatio:
    """The sustained-bandwidth test's ratio at the client count it was logged from (scaling reading 14, m2: 4.97× from
    the two tests on Z's 24 nodes, where the sweep gives no ratio). Report-only, not in metrics.json."""

    clients: int  #: the client nodes the bandwidth test wrote from ([sources] bandwidth)
    ratio: float  #: bandwidth.candidate_gbps / bandwidth.baseline_gbps


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
    beyond: tuple[BeyondSweep, ...] = ()  #: each shared side whose bandwidth test ran beyond its sweep (not in JSON)
    tested: TestedRatio | None = None  #: the bandwidth test's ratio where its client count is logged (not in JSON)
    #: (side, client nodes) each side's sustained-bandwidth test wrote from, where the record gives it (not in JSON)
    test_clients: tuple[tuple[str, int], ...] = ()

    def test_clients_of(self, key: str) -> int | None:
        """The client nodes side `key`'s bandwidth test wrote from, where the record gives them; else None."""
        return dict(self.test_clients).get(key)

    @property
    def max_clients(self) -> int:
        """The most client nodes measured at once on either side."""
        return max(s.max_clients for s in self.sides() if s is not None)


def plain(out: dict | None) -> dict | None:
    """metrics.json's form of `scaling` (from dataclasses.asdict): each point without its runs' values, and without
    the cluster's figures (the contract's keys only)."""
    if out is None:
        return None
    for key in (
        "job_nodes",
        "cluster_nodes",
        "at_cluster",
        "node_local",
        "one_node_gbps",
        "beyond",
        "tested",
        "test_clients",
    ):
        del out[key]
    for key in SIDES:
        if out[key] is not None:
            for point in out[key]["points"]:
                del point["run_gbps"]
    return out
