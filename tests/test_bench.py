"""The bench's arithmetic and its refusal to judge a busy machine (tools/bench.py; its timings are `make bench`'s)."""

from tools import bench


def test_ratio_taken_pair_by_pair():
    # Three pairs; the second ran while the machine was twice as slow, for both sides alike.
    builds, floors = [3.0, 6.0, 4.0], [2.0, 4.0, 1.6]
    assert bench.median_ratio(builds, floors) == 1.5  # ratios 1.5, 1.5, 2.5
    # The ratio of the medians would mix machine states: 4.0 / 2.0.
    assert sorted(builds)[1] / sorted(floors)[1] == 2.0


def test_no_verdict_on_a_busy_machine(monkeypatch):
    monkeypatch.setitem(bench.JUDGE, "busy", False)
    assert bench.verdict(True) == "meet" and bench.verdict(False) == "MISS"
    assert bench.verdict(False, "meets", "MISSES") == "MISSES"
    monkeypatch.setitem(bench.JUDGE, "busy", True)
    assert bench.verdict(True) == bench.verdict(False) == "(no verdict: the machine was busy)"


def test_load_average_printed_as_three_figures():
    figures = bench.load_average().split()
    assert len(figures) == 3 and all(float(x) >= 0 for x in figures)


def test_the_bench_waits_for_the_load_to_settle_then_judges(capsys):
    loads, slept = iter([1.2, 0.9, 0.6, 0.45, 0.3]), []
    assert bench.settled(60, load=lambda: next(loads), sleep=slept.append) == 0.45
    assert slept == [5.0, 5.0, 5.0] and "waiting up to 60 s" in capsys.readouterr().out


def test_the_bench_stops_waiting_and_reports_the_load_it_found(capsys):
    slept = []
    assert bench.settled(12, load=lambda: 2.0, sleep=slept.append) == 2.0  # then main judges nothing
    assert slept == [5.0, 5.0, 5.0] and "waiting up to 12 s" in capsys.readouterr().out
    assert bench.settled(0, load=lambda: 2.0, sleep=slept.append) == 2.0  # --settle 0: no wait, nothing said
    assert len(slept) == 3 and capsys.readouterr().out == ""
