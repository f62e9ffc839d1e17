"""A side's client sweep at one node count (scaling.csv): the mean of its runs where it ran that count, else its fitted
law where the count lies between the counts it ran. What a save at that count is set against: the job's own save
(sweep_save.py) and a save row run on more nodes than its bandwidth test (row_nodes.py, cold read 20, AB-M1)."""

from __future__ import annotations

from dataclasses import dataclass

from report.compute.figures import Metrics
from report.compute.scaling_figures import ScalingPoint


@dataclass(frozen=True)
class SweepAt:
    """Side's client sweep at one node count within the counts it ran."""

    aggregate: float  #: GB/s: the sweep's mean at that count, else its law there
    point: ScalingPoint | None  #: the sweep's runs at that count, None where the figure is the law's
    fit_disowned: bool  #: a fitted figure from a law that does not describe its points (σ or κ below zero)


def sweep_at(m: Metrics, key: str, k: int) -> SweepAt | None:
    """Side `key`'s client sweep at `k` nodes: its mean where it ran `k`, else its fitted law where `k` lies between
    the counts it ran; None where it has no sweep, `k` lies outside its counts, or the figure is not above zero."""
    s = None if m.scaling is None else m.scaling.side(key)
    if s is None or not s.points[0].clients <= k <= s.max_clients:
        return None
    point = next((p for p in s.points if p.clients == k), None)
    aggregate = point.mean_gbps if point is not None else (None if s.usl is None else s.usl.capacity(k))
    if aggregate is None or not aggregate > 0:
        return None
    return SweepAt(aggregate, point, point is None and s.usl is not None and not s.usl.describes)
