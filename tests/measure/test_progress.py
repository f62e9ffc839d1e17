"""What a person sees while measuring: lines on a terminal, a line per run in a log; time left from finished runs;
each host's share with fio servers."""

import io

from report.inputs.ingest.fio import FioRun, HostTotal
from report.measure import plan
from report.measure.outcome import RunResult
from report.measure.plan import Step
from report.measure.progress import Progress, duration_words, gb, rate
from tests.measure.test_plan import request


def test_words_for_time_and_sizes():
    assert [duration_words(s) for s in (40, 89.4, 180, 4000, 6000, 7199)] == [
        "40 s", "89 s", "3 min", "67 min", "1 h 40 min", "2 h 0 min"
    ]  # fmt: skip
    assert gb(62_600) == "0.000" and gb(65_598_914_560) == "65.599" and gb(140_000_000_000) == "140"
    assert rate(6.4e9, 1.0) == "6.400 GB/s" and rate(1, 0) == "- GB/s"


def done(step: Step, seconds: float, n_bytes: int, bw: float, hosts=None) -> RunResult:
    return RunResult(step, FioRun(seconds, n_bytes, bw, None, None, ()), hosts or {None: HostTotal(n_bytes, 1, bw)})


def test_not_on_a_terminal_only_a_line_per_finished_run():
    """Field test S7: in a log (nohup, ssh with a file) only the last line appeared, minutes after the start."""
    stream = io.StringIO()
    r = request(runs=1)
    progress = Progress(r, plan.sizes(r), stream)
    steps = plan.steps(r, dict.fromkeys(plan.PHASES, 1))
    progress.start(steps[0], 0, steps)
    progress.tick(10**9)
    progress.finish(steps[0], done(steps[0], 1.0, 10**9, 1e9))
    progress.close()
    assert stream.getvalue() == "measure: [1/3] save run 1: 1.000 GB in 1.000 s (1.000 GB/s), recorded\n"


def test_with_servers_each_hosts_bytes_and_rate(monkeypatch):
    """Field test S7: with --client the live line showed neither bytes nor rate. The clock stands still (2 s after
    the start): the rates are worked from it, and a loaded machine once let 0.003 s more pass (1.499 GB/s)."""
    import types

    from report.measure import progress as module

    monkeypatch.setattr(module, "time", types.SimpleNamespace(monotonic=lambda: 1000.0))
    stream = io.StringIO()
    r = request(runs=1, clients=("127.0.0.2,8765", "127.0.0.3,8766"))
    progress = Progress(r, plan.sizes(r), stream, live=True)
    steps = plan.steps(r, dict.fromkeys(plan.PHASES, 1))
    progress.start(steps[0], 0, steps)
    progress.began -= 2.0
    progress.tick(3 * 10**9, {"127.0.0.2": 2 * 10**9, "127.0.0.3": 10**9})
    live = stream.getvalue().split("\r")[-1]
    assert "3.000 of 65.599 GB" in live and "127.0.0.2 2.000 GB 1.0" in live and "127.0.0.3 1.000 GB 0.5" in live
    hosts = {"127.0.0.2": HostTotal(4 * 10**9, 2000, 2e9), "127.0.0.3": HostTotal(2 * 10**9, 4000, 5e8)}
    progress.finish(steps[0], done(steps[0], 4.0, 6 * 10**9, 2.5e9, hosts))
    last = stream.getvalue().split("\r")[-1].rstrip()
    assert last.endswith("recorded; 127.0.0.2 4.000 GB in 2.000 s, 127.0.0.3 2.000 GB in 4.000 s")
    # one precision for both hosts, whichever side of 100 GB (field test 8, minor 11: "118 GB in 60.003 s, 127.0.0.3
    # 71.604 GB in 60.029 s")
    hosts = {"127.0.0.2": HostTotal(118_000_000_000, 60003, 2e9), "127.0.0.3": HostTotal(71_604_000_000, 60029, 1e9)}
    progress.finish(steps[1], done(steps[1], 60.0, 189_604_000_000, 3.1e9, hosts))
    last = stream.getvalue().split("\r")[-1].rstrip()
    assert last.endswith("; 127.0.0.2 118.0 GB in 60.003 s, 127.0.0.3 71.6 GB in 60.029 s")


def test_on_a_terminal_a_live_line_and_a_line_per_run_with_the_time_left():
    stream = io.StringIO()
    r = request(runs=2, sustain_s=60)
    progress = Progress(r, plan.sizes(r), stream, live=True)
    steps = plan.steps(r, dict.fromkeys(plan.PHASES, 1))
    progress.start(steps[0], 0, steps)
    assert progress.time_left(0.0) is None  # nothing finished: no estimate yet
    progress.tick(32_799_457_280)
    assert "[1/6] save run 1 · 32.799 of 65.599 GB" in stream.getvalue()
    assert "time left: after the first run" in stream.getvalue()
    progress.seconds = {"save": [100.0], "load": [20.0]}
    # This save (100 s expected, 30 s gone), then load 20, sustain 61, save 100, load 20, sustain 61.
    assert progress.time_left(30.0) == 70 + 20 + 61 + 100 + 20 + 61
    progress.finish(Step("save", 1), done(Step("save", 1), 94.0, 65_598_914_560, 7e8))
    last = stream.getvalue().split("\r")[-1]
    # The line that stays is padded over the longer live line before it, then ended.
    assert last.endswith("\n") and last.rstrip() == "[1/6] save run 1: 65.599 GB in 94.000 s (0.698 GB/s), recorded"


def test_each_hosts_bytes_are_read_from_its_files_where_the_path_is_mounted_here(tmp_path):
    from report.measure import session
    from tests.measure.test_words import a_session

    s = a_session(clients=("127.0.0.2,8765", "127.0.0.3,8766"))
    s.path, s.prefix = tmp_path, "report-measure-7-1"
    (tmp_path / "127.0.0.2.report-measure-7-1.ckpt.0.0").write_bytes(b"x" * 3000)
    (tmp_path / "127.0.0.2.report-measure-7-1.ckpt.1.0").write_bytes(b"x" * 1000)
    (tmp_path / "127.0.0.3.report-measure-7-1.ckpt.0.0").write_bytes(b"x" * 500)
    (tmp_path / "127.0.0.3.report-measure-6-1.ckpt.0.0").write_bytes(b"x" * 9)  # another session's
    assert session._bytes_so_far(s, Step("save", 1), 0) == (4500, {"127.0.0.2": 4000, "127.0.0.3": 500})
    assert session._bytes_so_far(s, Step("load", 1), 0) == (None, None)  # reads: fio's client says nothing per host
    s.path = tmp_path / "not-mounted-here"
    assert session._bytes_so_far(s, Step("save", 1), 0) == (None, None)


def test_runs_under_a_second_are_counted_per_phase():
    """Field test 7, m8: each timed phase with runs under a second, their range; seconds-long runs and the sustained
    write (a window log, not a time) say nothing."""
    from report.measure.outcome import short_lines

    results = [done(Step("save", 1), 0.165, 1, 1.0), done(Step("save", 2), 0.28, 1, 1.0)]
    results += [done(Step("save", 3), 1.5, 1, 1.0), done(Step("load", 1), 0.4, 1, 1.0)]
    results += [done(Step("restore", 1), 2.0, 1, 1.0), done(Step("sustain", 1), 0.5, 1, 1.0)]
    tail = (
        ": fio reports whole milliseconds, and a few milliseconds of jitter are percents of such a time and widen the"
        " spread the gates test; measure a size that takes seconds (a larger {})"
    )
    assert short_lines(results) == [
        ("warning", "2 of 3 save runs lasted under a second (0.165-0.280 s)" + tail.format("--snapshot-gb")),
        ("warning", "1 of 1 load runs lasted under a second (0.400 s)" + tail.format("--load-gb")),
    ]
    assert short_lines(results[2:3]) == []
