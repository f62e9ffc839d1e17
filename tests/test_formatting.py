"""Number formatting: one place, exact snapshots."""

from report import formatting as f


def test_snapshots():
    assert f.seconds(178.0) == "178 s"
    assert f.seconds(379.8780487) == "379.9 s"
    assert f.seconds(3560.0) == "3,560 s"
    assert f.seconds(3.244) == "3.24 s"
    assert f.long_duration(36000) == "36,000 s (10.0 h)"
    assert f.pct(9.888888) == "9.9%" and f.pct(None) == "–"
    assert f.num(-0.00001, 1) == "0.0" and f.num(-1680, 0) == "−1,680"
    assert f.num(float("nan")) == "–"
    assert f.gb(65.6) == "65.6 GB" and f.gb(140.0) == "140 GB"
    assert f.mean_sd(110, 10, 1) == "110.0 ± 10.0" and f.mean_sd(94, None, 1) == "94.0"


def test_fixed_decimals_keep_two_significant_digits_of_a_small_value():
    from report.formatting import fixed, hours, pct

    assert [fixed(v, 1) for v in (0.0694, 0.556, 0.618, 12.34, 0.0)] == ["0.069", "0.56", "0.62", "12.3", "0.0"]
    assert fixed(-0.693, 0) == "−0.69" and fixed(-1680.4, 0) == "−1,680" and fixed(5.3, 0) == "5.3"
    assert pct(0.0053, 2) == "0.0053%" and pct(0.0112, 2) == "0.011%" and pct(9.89, 2) == "9.89%"
    assert hours(0.0694 * 3600) == "0.069 h" and hours(36000) == "10.0 h"
