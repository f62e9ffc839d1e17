"""Statistics against figures computed by hand and published cases."""

import math

import pytest

from report import stats


def test_mean_and_sample_stdev():
    assert stats.mean([100, 110, 120]) == 110
    assert stats.stdev([100, 110, 120]) == pytest.approx(10.0, rel=1e-12)
    assert stats.stdev([5.0]) is None


def test_ratio_ci95_matches_hand_computation():
    # Fixture A: means 110 and 55, sds 10 and 5, three runs each: v_B = v_C = 1/363, df = 4.
    se = math.sqrt(2 / 363)
    t = 2.7764451051977987  # Student's t, 97.5%, 4 degrees of freedom (tables: 2.776)
    low, high = stats.ratio_ci95(110, 10, 3, 55, 5, 3)
    assert low == pytest.approx(2 * math.exp(-t * se), rel=1e-9)
    assert high == pytest.approx(2 * math.exp(t * se), rel=1e-9)
    assert (round(low, 4), round(high, 4)) == (1.6275, 2.4577)


def test_ratio_ci95_edge_cases():
    assert stats.ratio_ci95(10, 0.0, 3, 5, 0.0, 3) == (2.0, 2.0)
    assert stats.ratio_ci95(10, None, 1, 5, 1.0, 3) is None


def test_t_quantile_against_tables():
    assert stats.t_quantile_975(1) == pytest.approx(12.706, abs=1e-3)
    assert stats.t_quantile_975(10) == pytest.approx(2.228, abs=1e-3)
    # df = 2 has a closed form: (2p - 1) / sqrt(2 p (1 - p))
    assert stats.t_quantile_975(2) == pytest.approx(0.95 / math.sqrt(2 * 0.975 * 0.025), rel=1e-9)
    assert stats.t_quantile_975(3) < stats.t_quantile_975(2.5) < stats.t_quantile_975(2)  # fractional df


def test_modified_z_flags_only_the_stray_run():
    z = stats.modified_z([100, 101, 99, 100, 160])
    assert [abs(v) > stats.OUTLIER_Z for v in z] == [False, False, False, False, True]
    assert stats.modified_z([5, 5, 5]) == [0.0, 0.0, 0.0]


def test_least_squares_hand_computed():
    # Fixture A baseline rows: sizes 64 x3 and 16 x2; the line is 6 + 1.625 x.
    a, b = stats.least_squares([64, 64, 64, 16, 16], [100, 110, 120, 30, 34])
    assert (a, b) == (pytest.approx(6.0, rel=1e-12), pytest.approx(1.625, rel=1e-12))


@pytest.mark.parametrize(("mtbf_min", "expected_min"), [(24 * 60, 117), (6 * 60, 57), (15, 9.1)])
def test_daly_published_cases(mtbf_min, expected_min):
    # Daly (2006): a 5-minute checkpoint with MTBF 24 h, 6 h and 15 min.
    interval = stats.daly_interval(5 * 60, mtbf_min * 60) / 60
    assert interval == pytest.approx(expected_min, rel=0.01)


def test_young_and_overhead_by_hand():
    assert stats.young_interval(178, 22_804_650) == pytest.approx(math.sqrt(2 * 178 * 22_804_650))
    # c/tau + (tau + c)/2M + R/M with c = 110, tau = 2000, M = 2.25e6, R = 300
    assert stats.overhead_pct(110, 2000, 2_250_000, 300) == pytest.approx(5.5602222222, rel=1e-9)
    assert stats.daly_interval(100, 10) == 10  # a save longer than 2 MTBF: checkpoint every MTBF
