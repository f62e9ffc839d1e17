"""Charts: seven vector SVGs from the figures, deterministic, with text and alt text; thinning keeps extremes."""

import numpy as np
import pytest

from report import charts
from report.compute import compute
from report.load import load
from tests.conftest import DATA, FIXTURES


@pytest.fixture(scope="module")
def drawn():
    test = load(DATA)
    return charts.draw_all(compute(test), test.bandwidth)


def test_seven_charts_with_words(drawn):
    assert list(drawn) == [
        "save-times",
        "bandwidth",
        "throughput",
        "composition",
        "projection",
        "load-times",
        "reliability",
    ]
    for chart in drawn.values():
        assert chart.svg.startswith("<svg") and "<text" in chart.svg  # text stays text
        assert chart.title and chart.caption and len(chart.alt) > 40
        assert "<image" not in chart.svg  # vector only
    assert "178 s" in drawn["save-times"].alt and "6.2× to 9.3×" in drawn["load-times"].alt


def test_charts_are_deterministic(drawn):
    test = load(DATA)
    again = charts.draw_all(compute(test), test.bandwidth)
    assert {k: c.svg for k, c in again.items()} == {k: c.svg for k, c in drawn.items()}


def test_axis_units(drawn):
    assert "(s)" in drawn["save-times"].svg and "(GB/s)" in drawn["bandwidth"].svg
    assert "(GB)" in drawn["projection"].svg and "(h" in drawn["reliability"].svg


def test_one_sample_per_run_draws_bars():
    test = load(FIXTURES / "gates_fail")
    chart = charts.bandwidth(compute(test), test.bandwidth)
    assert "per system" in chart.alt


def test_minmax_downsample_keeps_every_peak_and_trough():
    rng = np.random.default_rng(3)
    t = np.arange(300_000, dtype=float)
    v = rng.normal(5, 0.1, t.size)
    v[12_345], v[250_000] = 50.0, -3.0
    ts, vs = charts.minmax_downsample(t, v)
    assert len(ts) <= 2 * (charts.SERIES_BUCKETS + 1)
    assert vs.max() == 50.0 and vs.min() == -3.0
    assert np.all(np.diff(ts) >= 0)
    short = np.arange(10.0)
    assert charts.minmax_downsample(short, short)[0] is short


def test_long_system_names_keep_their_lines(folder):
    data = folder("data")
    long = "Mingxin FX100 all-flash NVMe-oF array with 24 drives and firmware 3.2.1"
    for name in ("test.toml", "save_times.csv", "bandwidth.csv", "load_times.csv"):
        (data / name).write_text((data / name).read_text().replace("Mingxin FX100", long))
    test, short = load(data), load(DATA)
    lines = charts.bandwidth(compute(test), test.bandwidth).svg.count('<g id="line2d_')
    assert lines == charts.bandwidth(compute(short), short.bandwidth).svg.count('<g id="line2d_') > 2
