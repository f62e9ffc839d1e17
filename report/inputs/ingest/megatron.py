"""Megatron-LM: the `save-checkpoint` timer lines of a training log (megatron/core/timers.py), in milliseconds.

`    save-checkpoint ......: (MIN, MAX)` across ranks, or `: MAX` with `--timing-log-option max`; the run's
duration is MAX. `save-checkpoint-non-persistent` is another timer and is ignored.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import TYPE_CHECKING

from report.inputs.ingest.json_limits import MAX_LINE, long_line
from report.inputs.ingest.measured import Measured
from report.problems import Problem

if TYPE_CHECKING:
    from report.inputs.ingest.measured import Files
    from report.inputs.specs import ImportSpec

_TIMER = re.compile(
    rb"(?:^|\s)save-checkpoint \.*: *(?:\( *(?P<min>[0-9.]+) *, *(?P<max>[0-9.]+) *\)|(?P<only>[0-9.]+))[ \t]*\r?$",
    re.MULTILINE,
)


def saves(path: str, data: bytes) -> tuple[list[tuple[float, int]], list[Problem]]:
    """Each save's duration in seconds and its line, in file order."""
    if (long := long_line(data, MAX_LINE)) is not None:
        return [], [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; a training log has none")]
    found, problems = [], []
    for m in _TIMER.finditer(data):
        text = m.group("max") or m.group("only")
        line = data.count(b"\n", 0, m.start("min") if m.group("min") else m.start("only")) + 1
        if not re.fullmatch(rb"\d+(\.\d+)?", text) or not math.isfinite(float(text)):
            problems.append(Problem(path, line, "save-checkpoint", f'"{text[:40].decode()}" is not a number of ms'))
            continue
        # Decimally, so that 148404.49 ms is 148.40449 s as a person converts it, not float division's
        # 148.40448999999998 (printed by `rows`, written to the CSV).
        found.append((float(Decimal(text.decode()) / 1000), line))
    if problems:
        return [], problems
    if not found:
        message = "holds no Megatron-LM save-checkpoint timer line (e.g. '    save-checkpoint ....: (1.0, 2.0)')"
        return [], [Problem(path, None, None, message)]
    bad = [(s, line) for s, line in found if not s > 0]
    return found, [Problem(path, line, "save-checkpoint", "a save of 0 ms is not a duration") for _, line in bad]


# The import's reader (an entry of report/inputs/ingest/tools.py): the matched files in, one Measured per run out.


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):  # noqa: ARG001 (the reader's signature)
    """A Megatron-LM import's runs: one per save-checkpoint timer line."""
    measured, problems = [], []
    for name in names:
        found, errors = saves(name, files.read(name) or b"")
        problems += errors
        measured += [Measured(seconds, None, (name, line)) for seconds, line in found]
    return measured, (), problems
