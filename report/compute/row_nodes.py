"""Save rows on a shared system run on more client nodes than its bandwidth test wrote from (cold read 20, AB-M1:
MiniMax-M1's save on KV-6 ran on 64 nodes, the bandwidth was logged from the job's 8; its 176 GB/s was called 1.95×
the bandwidth, "impossible for a durable save", while the client sweep measured 274 GB/s with 64 nodes writing at
once, and the row ran at 64% of that). Such a row is set against the client sweep at its own node count: the sweep's
mean where it ran that count, its fitted law where the count lies between counts it ran (`sweep_at`); beyond the
counts it ran, a bound at the row's count would be an extrapolation; with no sweep of the side, only the bandwidth
test from fewer nodes is left, which is no evidence of an impossible save. Decided once here; the audit words it, and
mirror_audit.rows_outrun flags such a row only where the sweep gives its count and the row outran that too."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from report import stats
from report.compute.client_links import bandwidth_test_clients
from report.compute.figures import AuditRow, Metrics
from report.compute.scaling_figures import ScalingPoint
from report.compute.scopes import ROWS_KIND, Finding, make_finding
from report.compute.sweep_at import SweepAt, sweep_at
from report.inputs.joint_test import JointTest

ID = "rows_more_nodes"

#: The sweep ran the row's node count / its law gives it between counts run / the count lies beyond the counts run /
#: the side has no sweep (the bandwidth test from fewer nodes is all there is).
MEASURED, FITTED, BEYOND, NO_SWEEP = "measured", "fitted", "beyond", "no_sweep"


@dataclass(frozen=True)
class MoreNodesRow:
    """One save row against what the client sweep gives at its node count."""

    row: AuditRow
    logged_clients: int  #: the client nodes the side's bandwidth test wrote from
    basis: str  #: MEASURED, FITTED, BEYOND or NO_SWEEP
    at: SweepAt | None = None  #: MEASURED, FITTED: the sweep at row.nodes
    share_pct: float | None = None  #: MEASURED, FITTED: row.gbps as a share of at.aggregate
    above: bool = (
        False  #: MEASURED: beyond the point's runs' spread (1 + 2 CV); FITTED: above the law (a describing one)
    )
    largest: ScalingPoint | None = None  #: BEYOND: the sweep's point at the count nearest the row's

    @property
    def key(self) -> str:
        return f"{self.row.side} / {self.row.model}"

    @property
    def outruns(self) -> bool:
        """Whether the row outran what the sweep gives at its own count: it stays flagged as outrunning."""
        return self.above and self.basis in (MEASURED, FITTED)


def _spread(point: ScalingPoint) -> float:
    """The point's runs' coefficient of variation (0 with one run)."""
    sd = stats.stdev([float(v) for v in point.run_gbps])
    return 0.0 if sd is None or not point.mean_gbps > 0 else sd / point.mean_gbps


def classify(row: AuditRow, logged: int, m: Metrics) -> MoreNodesRow:
    """Row `row`, run on more nodes than `logged`, against the sweep of its side at row.nodes."""
    at = sweep_at(m, row.side, row.nodes)
    if at is not None:
        share = 100 * row.gbps / at.aggregate
        if at.point is not None:
            above = share > 100 * (1 + 2 * _spread(at.point))
            return MoreNodesRow(row, logged, MEASURED, at=at, share_pct=share, above=above)
        return MoreNodesRow(row, logged, FITTED, at=at, share_pct=share, above=share > 100 and not at.fit_disowned)
    side = None if m.scaling is None else m.scaling.side(row.side)
    if side is None:
        return MoreNodesRow(row, logged, NO_SWEEP)
    nearest = side.points[-1] if row.nodes > side.max_clients else side.points[0]
    return MoreNodesRow(row, logged, BEYOND, largest=nearest)


def more_node_rows(test: JointTest, m: Metrics) -> tuple[MoreNodesRow, ...]:
    """Every save row of a shared side run on more client nodes than that side's bandwidth test wrote from, where the
    record gives that count."""
    local = set(m.node_local.sides) if m.node_local is not None else set()
    out = []
    for row in m.audit.rows:
        if row.side in local:
            continue
        logged = bandwidth_test_clients(test, row.side, m.nodes)
        if logged is not None and row.nodes > logged:
            out.append(classify(row, logged, m))
    return tuple(out)


def rows_more_nodes(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The save rows run on more client nodes than their bandwidth test (scope), each a `MoreNodesRow` under "rows"."""
    found = more_node_rows(test, m)
    if found:
        universe = [f"{row.side} / {row.model}" for row in m.audit.rows]
        yield make_finding(ID, ROWS_KIND, [r.key for r in found], universe, rows=found)


RULES = (rows_more_nodes,)
