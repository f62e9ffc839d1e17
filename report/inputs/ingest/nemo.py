"""NeMo: `Global Checkpoint Save : Rank: R : Iteration: I : … : Save duration: D s` lines (nemo/lightning/io/pl.py).

One line per rank; a save's duration is the maximum over its iteration's lines, in seconds.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from report.inputs.ingest.json_limits import MAX_LINE, long_line
from report.inputs.ingest.measured import Measured
from report.problems import Problem

if TYPE_CHECKING:
    from report.inputs.ingest.measured import Files
    from report.inputs.specs import ImportSpec

_SAVE = re.compile(
    rb"Global Checkpoint Save\s*:\s*Rank\s*:\s*(?P<rank>\d+)\s*:\s*Iteration\s*:\s*(?P<iteration>\d+)\s*:"
    rb".*?Save duration\s*:\s*(?P<seconds>[0-9.eE+-]+)\s*s"
)


def save_lines(path: str, data: bytes) -> tuple[list[tuple[int, float, int]], list[Problem]]:
    """(iteration, seconds, line) of every save line, in file order."""
    if (long := long_line(data, MAX_LINE)) is not None:
        return [], [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; a training log has none")]
    found, problems = [], []
    for m in _SAVE.finditer(data):
        line = data.count(b"\n", 0, m.start()) + 1
        try:
            seconds = float(m.group("seconds"))
        except ValueError:
            seconds = float("nan")
        if not 0 < seconds < float("inf"):
            problems.append(Problem(path, line, "Save duration", f'"{m.group("seconds").decode()}" is not a duration'))
            continue
        found.append((int(m.group("iteration")), seconds, line))
    if not found and not problems:
        message = "holds no NeMo 'Global Checkpoint Save : Rank: … : Save duration: … s' line"
        problems.append(Problem(path, None, None, message))
    return found, problems


def saves(lines: list[tuple[int, float, int]]) -> list[tuple[int, float, int]]:
    """Each iteration in order of first appearance: (iteration, maximum seconds over its lines, first line)."""
    out: dict[int, tuple[float, int]] = {}
    for iteration, seconds, line in lines:
        before = out.get(iteration)
        out[iteration] = (max(before[0], seconds), before[1]) if before else (seconds, line)
    return [(i, s, line) for i, (s, line) in out.items()]


# The import's reader (an entry of report/inputs/ingest/tools.py): the matched files in, one Measured per run out.


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):  # noqa: ARG001 (the reader's signature)
    """A NeMo import's runs: one per iteration saved, its time the slowest rank's."""
    lines, problems, where = [], [], {}
    for name in names:
        found, errors = save_lines(name, files.read(name) or b"")
        problems += errors
        for iteration, seconds, line in found:
            where.setdefault(iteration, (name, line))
            lines.append((iteration, seconds, line))
    measured = [Measured(seconds, None, where[i]) for i, seconds, _ in saves(lines)]
    return measured, (), problems
