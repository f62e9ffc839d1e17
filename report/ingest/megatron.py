"""Megatron-LM: the `save-checkpoint` timer lines of a training log (megatron/core/timers.py), in milliseconds.

`    save-checkpoint ......: (MIN, MAX)` across ranks, or `: MAX` with `--timing-log-option max`; the run's
duration is MAX. `save-checkpoint-non-persistent` is another timer and is ignored.
"""

from __future__ import annotations

import re
from decimal import Decimal

from report.problems import Problem

_TIMER = re.compile(
    rb"(?:^|\s)save-checkpoint \.*: *(?:\( *(?P<min>[0-9.]+) *, *(?P<max>[0-9.]+) *\)|(?P<only>[0-9.]+))[ \t]*\r?$",
    re.MULTILINE,
)


def saves(path: str, data: bytes) -> tuple[list[tuple[float, int]], list[Problem]]:
    """Each save's duration in seconds and its line, in file order."""
    found = []
    for m in _TIMER.finditer(data):
        # Decimally, so that 148404.49 ms is 148.40449 s as a person converts it, not float division's
        # 148.40448999999998 (printed by `rows`, written to the CSV).
        seconds = float(Decimal((m.group("max") or m.group("only")).decode()) / 1000)
        found.append((seconds, data.count(b"\n", 0, m.start("min") if m.group("min") else m.start("only")) + 1))
    if not found:
        message = "holds no Megatron-LM save-checkpoint timer line (e.g. '    save-checkpoint ....: (1.0, 2.0)')"
        return [], [Problem(path, None, None, message)]
    bad = [(s, line) for s, line in found if not s > 0]
    return found, [Problem(path, line, "save-checkpoint", "a save of 0 ms is not a duration") for _, line in bad]
