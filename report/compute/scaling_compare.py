"""What the client sweep says beyond one node count (issue 47, scaling reading 5): the two sides' aggregates and their
ratio at every client count measured, where the fitted curves cross, the fitted peak's aggregate and how far one run
per count moves the peak, and how closely the fit meets the means. Read by the words only (not in metrics.json: the
contract fixes its keys); pure, from `Scaling` alone."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import pairwise

from report.compute.scaling_figures import Scaling, ScalingPoint, ScalingSide, Usl
from report.compute.sides import SIDES

#: The most one-run-per-count refits tried for the peak's spread (3 runs at 4 counts: 81; 8 runs at 6: 262,144).
MAX_REFITS = 20_000
#: Where the crossover is looked for: from one client node to the most scaling.csv takes (report/bounds.py).
SEARCH_TO = 100_000.0
#: A node count beyond this many times the most client nodes measured is too far for the fit to say anything.
FAR = 2.0


@dataclass(frozen=True)
class Pair:
    """Both sides' aggregate write bandwidth at one client count measured on either side."""

    clients: int
    baseline: float | None
    candidate: float | None
    measured: tuple[str, ...]  #: the sides whose figure is a measured mean (the others: fitted or one node × nodes)

    @property
    def ratio(self) -> float | None:
        """candidate / baseline where both exist."""
        if self.baseline is None or self.candidate is None or not self.baseline > 0:
            return None
        return self.candidate / self.baseline


@dataclass(frozen=True)
class Crossover:
    """Where the two sides' curves (fitted law, or a node-local side's one node × nodes) cross."""

    clients: float  #: the client count at the crossing (real)
    leader_after: str  #: the side with the larger aggregate beyond it
    extrapolated: bool  #: beyond the most client nodes both sides were run with (`both_most`): the fits' alone


@dataclass(frozen=True)
class PeakSpread:
    """The fitted peak refitted to one run per client count, over every such choice."""

    low: float | None  #: the least peak among the refits that give one (None when none does)
    high: float | None
    refits: int  #: how many refits were made
    without_peak: int  #: how many give no peak (κ <= 0 or σ >= 1)


def curve(s: Scaling, key: str) -> Callable[[float], float | None] | None:
    """Side `key`'s aggregate as a function of client nodes: its fitted law, else a node-local side's one node × k."""
    side = s.side(key)
    if side is not None and side.usl is not None:
        return side.usl.capacity
    one = s.one_node_gbps.side(key)
    if one is not None:
        return lambda k: one * k
    return None


def pairs(s: Scaling) -> tuple[Pair, ...]:
    """At every client count measured on either side: each side's measured mean there, else (a node-local side without
    rows) one node's bandwidth times the count; a swept side not run at that count has none there, its fit included
    (scaling reading 11, B1: a fitted 34.3 GB/s at 12 client nodes was read as "the means there give 3.59×")."""
    counts = sorted({p.clients for side in s.sides() if side is not None for p in side.points})
    out = []
    for k in counts:
        values: dict[str, float | None] = {}
        measured = []
        for key in SIDES:
            side = s.side(key)
            point = None if side is None else next((p for p in side.points if p.clients == k), None)
            if point is not None:
                values[key] = point.mean_gbps
                measured.append(key)
            elif side is None and (one := s.one_node_gbps.side(key)) is not None:
                values[key] = one * k  # a node-local side without rows: one node's bandwidth times the nodes
            else:
                values[key] = None  # no fitted figure in a ratio said as measured
        out.append(Pair(k, values["baseline"], values["candidate"], tuple(measured)))
    return tuple(out)


def compared(s: Scaling) -> tuple[Pair, ...]:
    """The pairs that have a ratio."""
    return tuple(p for p in pairs(s) if p.ratio is not None)


def crossover(s: Scaling) -> Crossover | None:
    """The first client count from one up where the two curves cross (the leader changes), found on a fine log grid
    and refined by bisection; None where either side has no curve or they do not cross up to SEARCH_TO."""
    fb, fc = curve(s, "baseline"), curve(s, "candidate")
    if fb is None or fc is None:
        return None

    def gap(k: float) -> float | None:
        b, c = fb(k), fc(k)
        return None if b is None or c is None else c - b

    grid = [10 ** (i / 400) for i in range(0, 2001)]  # 1 to 100,000, 400 steps a decade
    last_k, last = None, None
    for k in grid:
        g = gap(k)
        if g is None:
            last_k, last = None, None
            continue
        if last is not None and last_k is not None and (g > 0) != (last > 0) and g != 0:
            lo, hi = last_k, k
            for _ in range(80):
                mid = (lo + hi) / 2
                gm = gap(mid)
                if gm is None:
                    break
                if (gm > 0) == (last > 0):
                    lo = mid
                else:
                    hi = mid
            at = (lo + hi) / 2
            return Crossover(at, "candidate" if g > 0 else "baseline", at > both_most(s))
        last_k, last = k, g
    return None


def both_most(s: Scaling) -> int:
    """The most client nodes both sides were run with: the largest count in both sweeps, or the swept side's most
    where the other side is node-local without rows (modelled as one node × nodes), else the most on either side
    (cold tests 17, W-M1: a crossing at 30 nodes beyond the 16 both were run with was printed as a result)."""
    if s.baseline is None or s.candidate is None:
        return s.max_clients
    common = {p.clients for p in s.baseline.points} & {p.clients for p in s.candidate.points}
    return max(common, default=min(s.baseline.max_clients, s.candidate.max_clients))


def disowned(s: Scaling) -> tuple[str, ...]:
    """The sides whose fitted law the report disowns: a negative σ or κ, whose curve runs to a pole (cold tests 17,
    W-M1: HC-200's κ < 0 took its fit to infinity at 31.3 nodes, and the 'crossing' at 30.5 was that blow-up)."""
    return tuple(
        key for key in SIDES if (side := s.side(key)) is not None and side.usl is not None and not side.usl.describes
    )


def crossing(s: Scaling) -> Crossover | None:
    """The crossing the report may speak of: none where either side's fit is disowned (`disowned`), else `crossover`;
    one beyond `both_most` is the fits' extrapolation, never a result (the words and the chart read `extrapolated`)."""
    return None if disowned(s) else crossover(s)


def peak_capacity(u: Usl) -> float | None:
    """C at the fitted peak, None without a peak at or above one client node."""
    if u.peak_clients is None or u.peak_clients < 1:
        return None
    return u.capacity(u.peak_clients)


def peak_spread(side: ScalingSide) -> PeakSpread | None:
    """The law refitted to one run per client count, for every choice of runs (at most MAX_REFITS); None without a
    fit, with one run at every count (nothing to vary) or with too many choices."""
    from report.compute.scaling import fit_usl  # the one fit; imported here to keep this module free of a cycle

    if side.usl is None or all(p.runs == 1 for p in side.points):
        return None
    if math.prod(p.runs for p in side.points) > MAX_REFITS:
        return None
    peaks: list[float] = []
    without = refits = 0
    for choice in itertools.product(*(p.run_gbps for p in side.points)):
        points = tuple(type(p)(p.clients, v, 1, (v,)) for p, v in zip(side.points, choice, strict=True))
        u = fit_usl(points)
        refits += 1
        if u is None or u.peak_clients is None:
            without += 1
        else:
            peaks.append(u.peak_clients)
    return PeakSpread(min(peaks, default=None), max(peaks, default=None), refits, without)


def largest_gap(side: ScalingSide) -> float | None:
    """The largest |C(k) − mean(k)| over the counts measured, as a share of that mean; None without a fit."""
    u = side.usl
    if u is None:
        return None
    gaps = [abs(c - p.mean_gbps) / p.mean_gbps for p in side.points if (c := u.capacity(p.clients)) is not None]
    return max(gaps, default=None)


def run_pair_range(s: Scaling, clients: int) -> tuple[float, float] | None:
    """The least and the greatest candidate ÷ baseline over every pair of their runs at `clients`, where both sides
    were run there (scaling reading 15, m4: 4.38× of the means at 2 client nodes, 4.13–4.52× over the run pairs, with
    2 runs a count); None otherwise."""
    found = [next((p for p in side.points if p.clients == clients), None) for side in s.sides() if side is not None]
    if len(found) != 2 or found[0] is None or found[1] is None or not min(found[0].run_gbps) > 0:
        return None
    ratios = [c / b for c in found[1].run_gbps for b in found[0].run_gbps]
    return min(ratios), max(ratios)


def stops_rising(side: ScalingSide) -> tuple[ScalingPoint, ScalingPoint] | None:
    """Where a side's runs stop scaling: the count with its highest mean and the most client nodes it ran, where that
    is a larger count with a lower mean (more nodes gave no more bandwidth); None where the highest mean is at the
    most it ran. From the runs, not the fit (scaling reading 15, m1: OrangeFS 22.0 GB/s at 24, 20.9 at 32)."""
    top = max(side.points, key=lambda p: p.mean_gbps)
    last = side.points[-1]
    return None if top.clients == last.clients else (top, last)


def far(s: Scaling, k: float) -> bool:
    """Whether node count `k` lies so far beyond the client nodes measured that the fit cannot tell."""
    return k > FAR * s.max_clients


#: The most refits whose crossover is searched for (each search walks a grid of 2,001 client counts).
MAX_CROSSOVER_REFITS = 1_000


@dataclass(frozen=True)
class RefitRanges:
    """The fitted maximum and the crossover of one side, refitted to one run per client count, over every such choice
    (scaling reading 6, m1: the peak had its range, the crossover and the maximum none)."""

    top_low: float | None  #: the least fitted maximum among the refits that give one
    top_high: float | None
    without_top: int  #: refits that give no maximum at or above one client node
    cross_low: float | None  #: the least crossover among the refits that give one (None when not searched or none)
    cross_high: float | None
    without_cross: int  #: refits whose curves do not cross (0 when not searched)
    refits: int


def refit_ranges(s: Scaling, key: str) -> RefitRanges | None:
    """Side `key` refitted to one run per client count, for every choice of runs: the range of its fitted maximum and
    of the crossover with the other side's curve (searched for at most MAX_CROSSOVER_REFITS refits); None as
    `peak_spread` gives None."""
    from report.compute.scaling import fit_usl  # the one fit (see peak_spread)

    side = s.side(key)
    if side is None or side.usl is None or all(p.runs == 1 for p in side.points):
        return None
    total = math.prod(p.runs for p in side.points)
    if total > MAX_REFITS:
        return None
    search = total <= MAX_CROSSOVER_REFITS and crossover(s) is not None
    tops: list[float] = []
    crosses: list[float] = []
    without_top = without_cross = 0
    for choice in itertools.product(*(p.run_gbps for p in side.points)):
        points = tuple(type(p)(p.clients, v, 1, (v,)) for p, v in zip(side.points, choice, strict=True))
        u = fit_usl(points)
        top = None if u is None else peak_capacity(u)
        if top is None:
            without_top += 1
        else:
            tops.append(top)
        if search:
            side_now = ScalingSide(points, u)
            refitted = replace(s, candidate=side_now) if key == "candidate" else replace(s, baseline=side_now)
            x = crossover(refitted)
            if x is None:
                without_cross += 1
            else:
                crosses.append(x.clients)
    return RefitRanges(
        min(tops, default=None),
        max(tops, default=None),
        without_top,
        min(crosses, default=None),
        max(crosses, default=None),
        without_cross,
        total,
    )


#: A ratio that moves by more than this factor between two client counts has a trend ("falls", "rises").
TREND = 1.05


@dataclass(frozen=True)
class Trend:
    """How the two sides' ratio moves from one client count to a larger one, and what the move is made of (scaling
    reading 7b, finding 3: "the advantage shrinks" said of a ratio against a baseline modelled as one node × nodes)."""

    first: Pair
    last: Pair
    #: "reverses" (from at least 1 to below it), "falls", "rises", "steady" (every ratio between within TREND of the
    #: first), or "uneven" (a ratio between the two lies more than TREND outside them: no trend word holds)
    direction: str
    modelled: tuple[str, ...]  #: the sides whose aggregate is one node × nodes (local to each node, not swept)
    #: where exactly one side is modelled: the other side's aggregate per client node at `last` as a share of its
    #: per-node figure at `first`; the modelled ratio moves by that share alone (else None)
    per_node_share: float | None
    #: where "uneven" and the ratios rise at every count to one highest between and fall at every count after it:
    #: that count's pair (cold tests 17, W minor 4: 10.1× at 1 rising to 23.6× at 8, then 20.8× at 16); else None
    peak: Pair | None = None
    #: where "uneven" and the ratios fall at every count to one lowest between and rise at every count after it: that
    #: count's pair (cold read 20, AB minor: 7.35× at 1 falling to 6.32× at 8, then 20.7× at 64, said "no steady
    #: trend" in the section and "the advantage grows" from 8 on in the summary); else None
    trough: Pair | None = None


def modelled(s: Scaling) -> tuple[str, ...]:
    """The sides whose aggregate is a model, not a sweep: local to each node, without rows (one node × nodes)."""
    return tuple(key for key in SIDES if s.side(key) is None and s.one_node_gbps.side(key) is not None)


def trend(s: Scaling, first: Pair, last: Pair) -> Trend | None:
    """The ratio's move from `first` to `last` (each with a ratio), decided once for the section, the summary, page 1
    and the Q&A; None where either has no ratio."""
    a, b = first.ratio, last.ratio
    if a is None or b is None:
        return None
    # the ratios measured between the two counts: a trend read from the ends alone would hide them (cold tests 13, Z:
    # 4.38x at 2 client nodes and 4.21x at 12 was "within 5%", with 3.88x at 4 between)
    between = [p.ratio for p in compared(s) if first.clients < p.clients < last.clients and p.ratio is not None]
    if any(r < min(a, b) / TREND or r > max(a, b) * TREND for r in between):
        direction = "uneven"
    elif b < 1 <= a:
        direction = "reverses"
    elif b < a / TREND:
        direction = "falls"
    elif b > a * TREND:
        direction = "rises"
    else:
        direction = "steady"
    found = modelled(s)
    share = None
    if len(found) == 1:
        key = "candidate" if found[0] == "baseline" else "baseline"
        x, y = getattr(first, key), getattr(last, key)
        if x is not None and y is not None and x > 0:
            share = (y / last.clients) / (x / first.clients)
    if direction != "uneven":
        return Trend(first, last, direction, found, share)
    return Trend(first, last, direction, found, share, _hump(s, first, last), _hump(s, first, last, trough=True))


def _hump(s: Scaling, first: Pair, last: Pair, trough: bool = False) -> Pair | None:
    """The pair with the highest ratio from `first` to `last`, where the ratios rise at every count up to it and fall
    at every count after it (`trough`: the lowest, where they fall to it and rise after it); None otherwise."""
    run = [p for p in compared(s) if first.clients <= p.clients <= last.clients]
    ratios = [(-1 if trough else 1) * (p.ratio or 0.0) for p in run]
    top = max(range(len(run)), key=ratios.__getitem__) if run else 0
    rising = all(a < b for a, b in pairwise(ratios[: top + 1]))
    falling = all(a > b for a, b in pairwise(ratios[top:]))
    return run[top] if 0 < top < len(run) - 1 and rising and falling else None


@dataclass(frozen=True)
class Bracket:
    """The ratio at one client count where a swept side was not run there, bounded by what the points give (scaling
    reading 11, B1: the candidate's fit at 12 client nodes was said as the comparison there, though it was run at 8 and
    16 only): each such side between its means at the nearest counts it ran below and above, the other side's mean
    there (or its own such range); None where a side has neither."""

    clients: int
    low: float  #: the least ratio the ranges allow: the candidate's least over the baseline's greatest
    high: float  #: the greatest: the candidate's greatest over the baseline's least
    #: per side not run at `clients`: (side, the count below, the count above) whose means bound it
    between: tuple[tuple[str, int, int], ...]


def _bounds(s: Scaling, key: str, k: int) -> tuple[float, float, tuple[int, int] | None] | None:
    """Side `key` at `k`: its mean twice where it ran k, else its means at the nearest counts below and above k (least
    first) with those counts, else a node-local side's one node × k; None where nothing bounds it."""
    side = s.side(key)
    if side is None:
        one = s.one_node_gbps.side(key)
        return None if one is None else (one * k, one * k, None)
    if (point := next((p for p in side.points if p.clients == k), None)) is not None:
        return point.mean_gbps, point.mean_gbps, None
    below = [p for p in side.points if p.clients < k]
    above = [p for p in side.points if p.clients > k]
    if not below or not above:
        return None
    a, b = below[-1], above[0]
    return min(a.mean_gbps, b.mean_gbps), max(a.mean_gbps, b.mean_gbps), (a.clients, b.clients)


def bracket(s: Scaling, k: int) -> Bracket | None:
    """The ratio at `k` client nodes bounded by the points where a swept side was not run at k (see Bracket); None
    where both sides were (their means' ratio is the figure), or a side has nothing that bounds it."""
    b, c = _bounds(s, "baseline", k), _bounds(s, "candidate", k)
    if b is None or c is None or (b[2] is None and c[2] is None) or not b[0] > 0:
        return None
    between = tuple((key, x[2][0], x[2][1]) for key, x in (("baseline", b), ("candidate", c)) if x[2] is not None)
    return Bracket(k, c[0] / b[1], c[1] / b[0], between)


@dataclass(frozen=True)
class Fall:
    """A side's aggregate lower at a client count than at the count before it that it ran (scaling reading 11, B2: the
    candidate's aggregate fell 4.6% from 16 to 24 client nodes and was said only as a share per client node)."""

    key: str
    before: ScalingPoint  #: the count before, with its runs
    after: ScalingPoint  #: the count after, where the mean is lower

    @property
    def change(self) -> float:
        """(mean after − mean before) / mean before: negative."""
        return (self.after.mean_gbps - self.before.mean_gbps) / self.before.mean_gbps

    @property
    def apart(self) -> bool:
        """Whether every run after lies below every run before (the runs' ranges do not overlap)."""
        return max(self.after.run_gbps) < min(self.before.run_gbps)


def falls(s: Scaling, key: str) -> tuple[Fall, ...]:
    """Each step between side `key`'s consecutive client counts where its mean aggregate went down."""
    side = s.side(key)
    if side is None:
        return ()
    pairs_run = zip(side.points, side.points[1:], strict=False)
    return tuple(Fall(key, a, b) for a, b in pairs_run if b.mean_gbps < a.mean_gbps)
