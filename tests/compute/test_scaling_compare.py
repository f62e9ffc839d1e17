"""What the client sweep says beyond the job's nodes (scaling reading 5): ratios at every count, the crossover, the
fitted peak's aggregate and its spread over one-run refits, and how closely the fit meets the means; each against a
value worked by hand or by the reader's own script (docs/readings/scaling-reading-5.md, §2)."""

from __future__ import annotations

import math

from report.compute import scaling_compare as compare
from report.compute.scaling import fit_usl, points
from report.compute.scaling_figures import ScaledGbps, Scaling, ScalingSide
from tests.conftest import ROOT
from tests.sections.helpers import build

EXAMPLE = ROOT / "examples" / "scaling-cluster"


def test_the_example_ratios_crossover_peak_and_spread_are_the_readers():
    _, m = build(EXAMPLE)
    s = m.scaling
    # the reader's table: 2.00, 1.94, 1.80, 1.45 (candidate mean / one node's 3.194925 GB/s × k)
    assert [(p.clients, round(p.ratio, 2)) for p in compare.pairs(s)] == [(1, 2.0), (2, 1.94), (4, 1.8), (8, 1.45)]
    assert all(p.measured == ("candidate",) for p in compare.pairs(s))
    # the crossover by hand: λk / (1 + σ(k − 1) + κk(k − 1)) = b·k, i.e. κk² + (σ − κ)k + (1 − σ − λ / b) = 0
    u, b = s.candidate.usl, 3.194925
    qa, qb, qc = u.kappa, u.sigma - u.kappa, 1 - u.sigma - u.lambda_gbps / b
    by_hand = (-qb + math.sqrt(qb * qb - 4 * qa * qc)) / (2 * qa)
    x = compare.crossover(s)
    assert x is not None and math.isclose(x.clients, by_hand, rel_tol=1e-9) and round(by_hand, 1) == 13.8
    assert x.leader_after == "baseline" and x.extrapolated
    assert round(compare.peak_capacity(u), 1) == 44.2  # C(15.2)
    spread = compare.peak_spread(s.candidate)
    assert spread is not None and spread.refits == 81 and spread.without_peak == 0
    assert (round(spread.low, 1), round(spread.high, 1)) == (11.5, 35.0)  # the reader's 81 refits: 11.5 to 35
    assert compare.largest_gap(s.candidate) < 0.001  # fitted = means, near automatic with 2 parameters on 3 ratios
    assert compare.far(s, 124) and not compare.far(s, 13.8)


def _scaling(baseline, candidate) -> Scaling:
    sides = [None if rows is None else ScalingSide(p := points(rows), fit_usl(p)) for rows in (baseline, candidate)]
    return Scaling(sides[0], sides[1], ScaledGbps(None, None), 4, 124, ScaledGbps(None, None))


def test_two_swept_sides_a_linear_baseline_and_a_saturating_candidate_cross_within_the_range():
    # baseline 2k exactly (σ = κ = 0); candidate 6, 10, 12, 12.5: the curves cross between 4 and 8 client nodes
    s = _scaling([(1, 2.0), (2, 4.0), (4, 8.0), (8, 16.0)], [(1, 6.0), (2, 10.0), (4, 12.0), (8, 12.5)])
    assert [round(p.ratio, 3) for p in compare.pairs(s)] == [3.0, 2.5, 1.5, 0.781]
    assert all(p.measured == ("baseline", "candidate") for p in compare.pairs(s))
    x = compare.crossover(s)
    u = s.candidate.usl
    # C(k) = 2k  <=>  1 + σ(k − 1) + κk(k − 1) = λ / 2 = 3
    assert x is not None and not x.extrapolated and x.leader_after == "baseline"
    assert math.isclose(1 + u.sigma * (x.clients - 1) + u.kappa * x.clients * (x.clients - 1), 3.0, rel_tol=1e-9)
    # one run per count: nothing to refit
    assert compare.peak_spread(s.candidate) is None


def test_no_crossover_where_the_candidate_pulls_away_and_none_without_a_curve():
    s = _scaling([(1, 3.0), (2, 5.6), (4, 9.6), (8, 14.0)], [(1, 6.0), (2, 12.0), (4, 24.0), (8, 48.0)])
    assert compare.crossover(s) is None
    assert [round(p.ratio, 2) for p in compare.pairs(s)] == [2.0, 2.14, 2.5, 3.43]
    only = _scaling(None, [(1, 6.0), (2, 12.0), (4, 24.0)])
    assert compare.crossover(only) is None and compare.compared(only) == ()


def test_a_trend_is_read_from_every_ratio_between_the_ends_not_the_ends_alone():
    # cold tests 13, Z: 4.38x at 2 client nodes, 3.88x at 4, 4.09x at 8, 4.21x at 12; the ends 4.21 / 4.38 = 0.961 lie
    # within 5%, but 3.88 < 4.21 / 1.05 = 4.01: "stays within 5%" was false at 4
    base = [(2, 10.0), (4, 20.0), (8, 40.0), (12, 60.0)]
    s = _scaling(base, [(2, 43.8), (4, 77.6), (8, 163.6), (12, 252.6)])
    found = compare.compared(s)
    assert [round(p.ratio, 2) for p in found] == [4.38, 3.88, 4.09, 4.21]
    assert compare.trend(s, found[0], found[-1]).direction == "uneven"
    # between 4 and 12 alone: 4.09 lies within [3.88 / 1.05, 4.21 × 1.05]; 4.21 / 3.88 = 1.085 > 1.05: it rises
    assert compare.trend(s, found[1], found[-1]).direction == "rises"
    # the same ends with 4.30x at 4 (within 5% of both): steady
    steady = _scaling(base, [(2, 43.8), (4, 86.0), (8, 170.0), (12, 252.6)])
    pairs = compare.compared(steady)
    assert compare.trend(steady, pairs[0], pairs[-1]).direction == "steady"
    # a dip below both ends by more than 5% on a falling ratio: uneven, not "falls"
    dip = _scaling(base, [(2, 50.0), (4, 70.0), (8, 170.0), (12, 240.0)])  # 5.0, 3.5, 4.25, 4.0
    pairs = compare.compared(dip)
    assert compare.trend(dip, pairs[0], pairs[-1]).direction == "uneven"
    fall = _scaling(base, [(2, 50.0), (4, 92.0), (8, 170.0), (12, 240.0)])  # 5.0, 4.6, 4.25, 4.0
    pairs = compare.compared(fall)
    assert compare.trend(fall, pairs[0], pairs[-1]).direction == "falls"


def test_where_the_runs_stop_scaling_is_the_highest_mean_before_a_lower_one():
    # scaling reading 15, m1: OrangeFS 21.5, 22.0 and 20.9 GB/s at 16, 24 and 32 client nodes: highest at 24, and 32
    # (the most run) gave less; a side still rising at the most it ran gives None
    s = _scaling([(1, 1.7), (16, 21.5), (24, 22.0), (32, 20.9)], [(1, 6.0), (2, 10.0), (4, 12.0), (8, 12.5)])
    top, last = compare.stops_rising(s.baseline)
    assert (top.clients, top.mean_gbps, last.clients, last.mean_gbps) == (24, 22.0, 32, 20.9)
    assert compare.stops_rising(s.candidate) is None


def test_a_crossing_beyond_the_counts_both_ran_is_the_fits_and_none_from_a_disowned_fit():
    # cold tests 17, W-M1 / V-M1 (fixture of our own): both run at 1, 2, 4 and 8; the candidate alone also at 16
    base = [(1, 2.0), (2, 4.0), (4, 8.0), (8, 16.0)]  # exactly 2k: σ = κ = 0
    cand = [(1, 6.0), (2, 10.0), (4, 12.0), (8, 12.5), (16, 12.6)]
    s = _scaling(base, cand)
    assert compare.both_most(s) == 8 and s.max_clients == 16
    x = compare.crossing(s)
    # 2k meets the candidate between 4 (8 < 12) and 8 (16 > 12.5): within the 8 both ran with, a result
    assert x is not None and 4 < x.clients < 8 and not x.extrapolated and compare.disowned(s) == ()
    # the baseline run only to 4 (2, 4, 8 GB/s): the same crossing near 6 is beyond the 4 both ran with
    short = _scaling(base[:3], cand)
    y = compare.crossing(short)
    assert compare.both_most(short) == 4 and y is not None and y.extrapolated and 4 < y.clients < 8
    # a baseline that is flat from 1 to 2 then gains (2.4, 2.4, 3.8, 5.9, 8.9 as HC-200's shape) fits κ < 0: its
    # curve has a pole, and the report speaks of no crossing from it at all
    hdd = _scaling(
        [(1, 2.4), (2, 2.4), (4, 3.8), (8, 5.9), (16, 8.9)], [(1, 24.0), (2, 46.0), (4, 85.0), (8, 140.0), (16, 185.0)]
    )
    assert hdd.baseline.usl.kappa < 0 and compare.disowned(hdd) == ("baseline",)
    assert compare.crossing(hdd) is None
