"""What the scaling chart spans and draws, decided once for the chart, its caption and its description: the sweep's
figures, how far each fitted curve reaches, the crossing and the peaks drawn, and the client nodes the axis spans
(moved from charts/describe.py, which imports them, as charts/scaling_caption.py and charts/scaling_chart.py do)."""

from __future__ import annotations

from report.compute import SIDES, Metrics, Scaling, ScalingSide
from report.compute import scaling_compare as compare
from report.compute.scaling_figures import TestedRatio


def scaling_of(m: Metrics) -> Scaling:
    """scaling.csv's figures, read only for the scaling chart, which is drawn only with them (`drawn`)."""
    assert m.scaling is not None, "the scaling chart is drawn only with scaling.csv"
    return m.scaling


#: A fitted peak or crossover further than this many times the most client nodes tested is left off the axis: the
#: fit cannot tell anything there (report/compute/scaling_compare.py, FAR), and the measured points would shrink.
FARTHEST_DRAWN = 32.0


def curve_reach(side: ScalingSide) -> float:
    """The most client nodes a side's fitted curve is drawn to (scaling reading 10, B1): the side's own most tested
    where the law does not describe its points (a negative σ or κ, which the text calls no forecast: drawn on, the
    curve ran to its pole, 1,200 GB/s, and flattened every point), else FAR times them (the fit cannot tell beyond)."""
    assert side.usl is not None, "only a fitted law has a curve"
    return float(side.max_clients) if not side.usl.describes else compare.FAR * side.max_clients


def crossing_drawn(m: Metrics) -> compare.Crossover | None:
    """The curves' crossover where the chart draws both curves (within each fitted side's reach) and both sides were
    run there, else None: a crossing beyond the counts both were run with is the fits' extrapolation, no marked
    result (cold tests 17, V-M1), and none is drawn from a disowned fit (`compare.crossing`)."""
    s = scaling_of(m)
    x = compare.crossing(s)
    if x is None or x.extrapolated:
        return None
    fitted = [side for side in s.sides() if side is not None and side.usl is not None]
    return x if all(x.clients <= curve_reach(side) for side in fitted) else None


def peaks_drawn(m: Metrics) -> list[tuple[str, float]]:
    """Each side's fitted peak where the chart draws it: a law that describes its points, from one client node up to
    the curve's reach."""
    found = []
    for key, side in zip(SIDES, scaling_of(m).sides(), strict=True):
        if side is None or (u := side.usl) is None or not u.describes or u.peak_clients is None:
            continue
        if 1 <= u.peak_clients <= curve_reach(side):
            found.append((key, u.peak_clients))
    return found


def _features(m: Metrics) -> list[float]:
    """The client counts beyond the points that the text relies on and the chart draws: each side's fitted peak and
    where the two curves cross, each within FARTHEST_DRAWN times the most client nodes tested."""
    s = scaling_of(m)
    found = [k for _key, k in peaks_drawn(m)]
    if (x := crossing_drawn(m)) is not None:
        found.append(x.clients)
    return [k for k in found if k <= FARTHEST_DRAWN * s.max_clients]


def client_range(m: Metrics) -> tuple[float, float]:
    """The client nodes the scaling chart spans: the fewest measured to the most of measured, the job's nodes, the
    projections' nodes, the fitted peaks and the curves' crossover, with a margin (a log axis; scaling reading 5, M7:
    an axis that stopped at 9.5 nodes hid the peak at 15 and the crossover at 14 that the text quotes)."""
    measured = [p.clients for side in scaling_of(m).sides() if side is not None for p in side.points]
    marked = [scaling_of(m).job_nodes, *(n for p in m.projections if (n := p.nodes) is not None), *_features(m)]
    return min(measured) / 1.3, max(*measured, *marked) * 1.2


def both_run(m: Metrics) -> tuple[int, int] | None:
    """The fewest and the most client nodes both sides were run at, where both were swept and they stopped at
    different counts (the comparison's span); None otherwise."""
    s = scaling_of(m)
    if s.baseline is None or s.candidate is None or s.baseline.max_clients == s.candidate.max_clients:
        return None
    common = {p.clients for p in s.baseline.points} & {p.clients for p in s.candidate.points}
    return (min(common), max(common)) if common else None


def tested_drawn(m: Metrics) -> TestedRatio | None:
    """The bandwidth tests' client count where the chart draws both tests there (scaling reading 14, m7: MR-40's 102
    and OrangeFS's 20.5 GB/s on the job's 24 nodes, not drawn): both sides shared (a side local to each node has its one
    node's test drawn at one node), the count within the axis; else None."""
    s = scaling_of(m)
    t = s.tested
    if t is None or s.node_local or t.clients > client_range(m)[1]:
        return None
    return t
