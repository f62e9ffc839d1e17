"""What a person watching a long measurement sees: a line per finished run, a live line while fio runs.

On a terminal: the step, the bytes moved so far and the rate (per host with fio servers, where their files can be
seen from here), and the time left for the whole session, estimated from the runs finished so far. Each finished
run gets a line that stays, with each host's bytes and rate with servers. Not on a terminal (a log, nohup, CI):
those lines only, no live line.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import TextIO

from report.measure.outcome import RunResult
from report.measure.plan import PHASE_WORDS, Request, Sizes, Step
from report.problems import escaped


def gb(n_bytes: float) -> str:
    """Bytes as GB for a progress line: three decimals below 100 GB, whole GB above (never an exponent)."""
    return f"{n_bytes / 1e9:.3f}" if n_bytes < 100e9 else f"{n_bytes / 1e9:.0f}"


def gb_alike(n_bytes: list[float]) -> list[str]:
    """Byte counts as GB with one number of decimals, the one `gb` gives the largest: three below 100 GB, else one."""
    decimals = 3 if max(n_bytes) < 100e9 else 1
    return [f"{n / 1e9:.{decimals}f}" for n in n_bytes]


def rate(n_bytes: float, seconds: float) -> str:
    """A rate in GB/s for a progress line."""
    return f"{n_bytes / seconds / 1e9:.3f} GB/s" if seconds > 0 else "- GB/s"


def duration_words(seconds: float) -> str:
    """A time left as a person says it: 40 s, 3 min, 1 h 20 min."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"{hours} h {minutes} min"


class Progress:
    """Progress lines on `stream` when it is a terminal (or when forced), else silence."""

    def __init__(self, request: Request, sizes: Sizes, stream: TextIO | None = None, live: bool | None = None):
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty() if live is None else live  #: a live line rewritten in place
        self.request, self.sizes = request, sizes
        self.seconds: dict[str, list[float]] = {}  #: per phase, the wall time each finished step took
        self.step: Step | None = None
        self.left: list[Step] = []
        self.began = 0.0
        self._width = 0

    def start(self, step: Step, index: int, steps: list[Step]) -> None:
        """A step begins."""
        self.step, self.left, self.began = step, steps[index + 1 :], time.monotonic()
        self.index, self.count = index + 1, len(steps)
        self._show(self._head())

    def _current(self) -> Step:
        """The step under way: `start` sets it before any line about it is made."""
        if self.step is None:
            raise RuntimeError("no step has started")
        return self.step

    def _head(self) -> str:
        step = self._current()
        return f"[{self.index}/{self.count}] {PHASE_WORDS[step.phase]} run {step.run}"

    def time_left(self, elapsed: float) -> float | None:
        """Seconds left in the session: this step's estimate less its elapsed time, plus every step to come."""
        total, current = 0.0, self._current()
        for step in [current, *self.left]:
            if step.phase == "sustain":
                guess = self.request.sustain_s + 1.0
            elif self.seconds.get(step.phase):
                guess = sum(self.seconds[step.phase]) / len(self.seconds[step.phase])
            else:
                return None
            total += max(0.0, guess - elapsed) if step is current else guess
        return total

    def tick(self, moved: int | None, hosts: dict[str, int] | None = None) -> None:
        """While fio runs: bytes moved so far (None where they cannot be seen), and per host with servers."""
        if not self.live or self.step is None:
            return
        elapsed = time.monotonic() - self.began
        parts = [self._head()]
        planned = self.sizes.planned(self.step.phase, self.request.ranks, self.request.concurrent)
        if self.step.phase == "sustain":
            parts.append(f"{min(elapsed, self.request.sustain_s):.0f} of {self.request.sustain_s} s")
        elif moved is not None and planned:
            parts.append(f"{gb(min(moved, planned))} of {gb(planned)} GB, {rate(moved, elapsed)} so far")
            if hosts and len(hosts) > 1:
                parts.append(", ".join(f"{host} {gb(n)} GB {rate(n, elapsed)}" for host, n in hosts.items()))
        else:
            parts.append(f"{elapsed:.0f} s")
        left = self.time_left(elapsed)
        parts.append(f"about {duration_words(left)} left" if left is not None else "time left: after the first run")
        self._show(" · ".join(parts))

    def finish(self, step: Step, result: RunResult | None) -> None:
        """A step finished and was recorded: a line that stays (also in a log), each host's share with servers."""
        took = time.monotonic() - self.began
        self.seconds.setdefault(step.phase, []).append(took)
        text = self._head()
        run = result.run if result is not None else None
        if run is not None and step.phase == "sustain":
            text += f": {rate(run.bw_bytes, 1)} over {run.duration_s:.3g} s (fio's total), recorded"
        elif run is not None:
            moved = f"{gb(run.size_bytes)} GB in {run.duration_s:.3f} s"
            text += f": {moved} ({rate(run.size_bytes, run.duration_s)}), recorded"
        else:
            text += f": done in {took:.3g} s"
        hosts = {h: t for h, t in (result.hosts.items() if result is not None else ()) if h is not None}
        if len(hosts) > 1:  # one precision for every host (field test 8, minor 11: "118 GB …, 71.604 GB …")
            sizes = gb_alike([t.io_bytes for t in hosts.values()])
            pairs = zip(hosts.items(), sizes, strict=True)
            shares = (f"{h} {n} GB in {t.runtime_ms / 1000:.3f} s" for (h, t), n in pairs)
            text += f"; {', '.join(shares)}"
        if not self.live:
            self.stream.write(escaped(f"measure: {text}") + "\n")
            self.stream.flush()
            return
        self._show(text, keep=True)

    def _show(self, text: str, keep: bool = False) -> None:
        if not self.live:
            return
        pad = " " * max(0, self._width - len(text))
        self.stream.write("\r" + text + pad + ("\n" if keep else ""))
        self.stream.flush()
        self._width = 0 if keep else len(text)

    def close(self) -> None:
        """End a live line so the next message starts on its own line."""
        if self.live and self._width:
            self.stream.write("\n")
            self.stream.flush()
            self._width = 0


def resume_hint(s, phases: list[str]) -> str:
    """How to finish the runs a stopped session planned (field test 8, minor 8: the engineer worked out the counts per
    phase): the same command with --add-runs, once per number of runs left, each with the phases left that many."""
    left: dict[int, list[str]] = {}
    for phase in phases:
        n = s.request.runs - sum(1 for d in s.done if d.phase == phase)
        if n > 0:
            left.setdefault(n, []).append(phase)
    if not left:
        return ""
    parts = [f"--phases {','.join(ps)} --add-runs --runs {n}" for n, ps in sorted(left.items(), reverse=True)]
    return "; to finish the runs planned, run the same command again with " + ", then with ".join(parts)


def runs_said(counts: list[tuple[int, str]]) -> str:
    """ "2 save runs, 1 restore run and 0 sustained write runs" (field test 8, minor 11: "1 sustained write runs")."""
    said = [f"{n} {what} run{'' if n == 1 else 's'}" for n, what in counts]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def build_hint(data_dir: Path) -> str:
    """The command that builds the joint test into a folder of its own beside it: `make report DATA=…` alone builds
    into output/, replacing whatever report is there (field test 8, minor 9)."""
    out = data_dir.parent / f"{data_dir.name or data_dir.resolve().name}-report"
    return f"make report DATA={shlex.quote(str(data_dir))} OUT={shlex.quote(str(out))}"
