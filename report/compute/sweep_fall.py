"""Where a side's client sweep has fallen at the job's node count, past the most it gave (zh reading 18, Y-M5: QH-500
gave 30.9 GB/s at 16 client nodes and 15.5 GB/s at the job's 64, and the report did not say that the job runs where the
baseline's aggregate is falling). Decided once here, with the sides it holds for: the job's count swept, the most the
sweep gave at fewer client nodes, and every run at the job's count below every run there (ranges apart, not a dip
within the runs' spread). Nothing here is written to metrics.json."""

from __future__ import annotations

from collections.abc import Iterator

from report.compute.figures import SIDES, Metrics
from report.compute.scaling_figures import ScalingPoint
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

ID = "sweep_falls_at_job"


def fallen(m: Metrics, key: str) -> tuple[ScalingPoint, ScalingPoint] | None:
    """Side `key`'s sweep at the job's nodes and the most it gave, where the one has fallen from the other."""
    sc = m.scaling
    s = None if sc is None else sc.side(key)
    if sc is None or s is None:
        return None
    at = next((p for p in s.points if p.clients == sc.job_nodes), None)
    best = max(s.points, key=lambda p: p.mean_gbps)
    if at is None or best.clients >= at.clients or not max(at.run_gbps) < min(best.run_gbps):
        return None
    return at, best


def sweep_falls_at_job(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The sides whose sweep has fallen at the job's nodes (scope), each with (at the job's nodes, the most given)."""
    del test
    found = {key: pair for key in SIDES if (pair := fallen(m, key)) is not None}
    if found:
        yield make_finding(ID, SIDES_KIND, tuple(found), SIDES, each=found)


RULES = (sweep_falls_at_job,)
