"""What a person sees while measuring: lines on a terminal, nothing in a log; time left from finished runs."""

import io

from report.inputs.ingest.fio import FioRun
from report.measure import plan
from report.measure.plan import Step
from report.measure.progress import Progress, duration_words, gb, rate
from tests.measure.test_plan import request


def test_words_for_time_and_sizes():
    assert [duration_words(s) for s in (40, 89.4, 180, 4000, 6000, 7199)] == [
        "40 s", "89 s", "3 min", "67 min", "1 h 40 min", "2 h 0 min"
    ]  # fmt: skip
    assert gb(62_600) == "0.000" and gb(65_598_914_560) == "65.599" and gb(140_000_000_000) == "140"
    assert rate(6.4e9, 1.0) == "6.400 GB/s" and rate(1, 0) == "- GB/s"


def test_not_on_a_terminal_it_is_silent():
    stream = io.StringIO()
    r = request(runs=1)
    progress = Progress(r, plan.sizes(r), stream)
    steps = plan.steps(r, dict.fromkeys(plan.PHASES, 1))
    progress.start(steps[0], 0, steps)
    progress.tick(10**9)
    progress.finish(steps[0], FioRun(1.0, 10**9, 1e9, None, None, ()))
    progress.close()
    assert stream.getvalue() == ""


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
    progress.finish(Step("save", 1), FioRun(94.0, 65_598_914_560, 7e8, None, None, ()))
    last = stream.getvalue().split("\r")[-1]
    # The line that stays is padded over the longer live line before it, then ended.
    assert last.endswith("\n") and last.rstrip() == "[1/6] save run 1: 65.599 GB in 94.000 s (0.698 GB/s), recorded"
