"""Number formatting: one place, exact snapshots."""

from report import formatting as f


def test_snapshots():
    assert f.seconds(178.0) == "178 s"
    assert f.seconds(379.8780487) == "379.9 s"
    assert f.seconds(3560.0) == "3,560 s"
    assert f.seconds(3.244) == "3.24 s"
    assert f.long_duration(36000) == "36,000 s (10.0 h)"
    assert f.pct(9.888888) == "9.9%" and f.pct(None) == "–"
    assert f.times(1.8936) == "1.9×"
    assert f.times_range(6.2, 9.3) == "6.2× to 9.3×" and f.times_range(2.0, 2.04) == "2.0×"
    assert f.num(-0.00001, 1) == "0.0" and f.num(-1680, 0) == "−1,680"
    assert f.num(float("nan")) == "–"
    assert f.gbps(3.26) == "3.26 GB/s" and f.gb(65.6) == "65.6 GB" and f.gb(140.0) == "140 GB"
    assert f.mean_sd(110, 10, 1) == "110.0 ± 10.0" and f.mean_sd(94, None, 1) == "94.0"
