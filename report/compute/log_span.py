"""The bandwidth log against the run length its source note states (cold read 20, AC-M3: "fio 3.39 … 120 s per run
sampled every 2 s", while each run's samples span 0–98 s): where even the longest run of a system's log covers less
than the stated length by more than one sample's interval, the record contradicts itself and the report says so.
Decided once here from [sources] bandwidth and the log; the bandwidth section words it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from report.compute.figures import SIDES, Metrics
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

ID = "log_short_of_runtime"

#: A run length as a note states it: "runtime=120", "120 s per run", "60 seconds each run", "每次 120 s".
RUN_LENGTH = re.compile(
    r"\bruntime\s*=\s*(\d+(?:\.\d+)?)|\b(\d+(?:\.\d+)?)\s*s(?:econds?)? (?:per|each|a) run\b"
    r"|每次\s*(\d+(?:\.\d+)?)\s*s",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class LogSpan:
    """A system's longest run in its bandwidth log."""

    first_s: float  #: its first sample's time
    last_s: float  #: its last sample's time
    step_s: float  #: the median interval between its samples (0 with one sample)

    @property
    def covered_s(self) -> float:
        """The time its samples cover: last − first, plus the interval the last sample stands for."""
        return self.last_s - self.first_s + self.step_s


def stated_run_s(test: JointTest) -> float | None:
    """The one run length [sources] bandwidth states, in seconds; None where it states none or several."""
    text = test.config.sources.get("bandwidth", "")
    found = {float(next(g for g in match.groups() if g)) for match in RUN_LENGTH.finditer(text)}
    return found.pop() if len(found) == 1 else None


def longest_run(test: JointTest, system: str) -> LogSpan | None:
    """System `system`'s run whose samples cover the most time; None without runs."""
    log = test.bandwidth
    spans = []
    for run in log.runs_of(system):
        t, _v = log.samples(int(run))
        if len(t) == 0:
            continue
        step = float(np.median(np.diff(t))) if len(t) > 1 else 0.0
        spans.append(LogSpan(float(t.min()), float(t.max()), step))
    return max(spans, key=lambda s: s.covered_s, default=None)


def log_short_of_runtime(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The sides whose longest logged run covers less than the stated run length less one sample's interval (scope),
    each with its `LogSpan` under "each", and the stated length under "stated_s"."""
    stated = stated_run_s(test)
    if stated is None:
        return
    each = {}
    for key in SIDES:
        span = longest_run(test, m.bandwidth.side(key).system)
        if span is not None and span.covered_s < stated - span.step_s:
            each[key] = span
    if each:
        yield make_finding(ID, SIDES_KIND, tuple(each), SIDES, each=each, stated_s=stated)


RULES = (log_short_of_runtime,)
