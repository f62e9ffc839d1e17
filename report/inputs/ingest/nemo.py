"""NeMo: `Global Checkpoint Save : Rank: R : Iteration: I : … : Save duration: D s` lines (nemo/lightning/io/pl.py),
and, for restores, `Global Checkpoint Load : Rank : R : Start time : T s : Time spent in load_checkpoint: D s`.

One line per rank; a save's duration is the maximum over its iteration's lines, in seconds. A load line carries no
iteration: restore k is the k-th load line of each rank (over every matched file), its duration the slowest rank's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from report.inputs.ingest.json_limits import MAX_LINE, long_line
from report.inputs.ingest.measured import Measured, per_rank_turns
from report.problems import Problem

if TYPE_CHECKING:
    from report.inputs.ingest.measured import Files
    from report.inputs.specs import ImportSpec

_SAVE = re.compile(
    rb"Global Checkpoint Save\s*:\s*Rank\s*:\s*(?P<rank>\d+)\s*:\s*Iteration\s*:\s*(?P<iteration>\d+)\s*:"
    rb".*?Save duration\s*:\s*(?P<seconds>[0-9.eE+-]+)\s*s"
)
_SAVE_LINE = re.compile(rb"Global Checkpoint Save\b[^\n]*")
_LOAD = re.compile(
    rb"Global Checkpoint Load\s*:\s*Rank\s*:\s*(?P<rank>\d+)\s*:.*?Time spent in load_checkpoint\s*:\s*"
    rb"(?P<seconds>[0-9.eE+-]+)\s*s"
)


def _duration(path: str, line: int, text: bytes, where: str) -> float | Problem:
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < float("inf"):
        return Problem(path, line, where, f'"{text.decode()}" is not a duration')
    return seconds


def save_lines(path: str, data: bytes) -> tuple[list[tuple[int, float, int]], list[Problem]]:
    """(iteration, seconds, line) of every save line, in file order."""
    if (long := long_line(data, MAX_LINE)) is not None:
        return [], [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; a training log has none")]
    found, problems, read = [], [], set()
    for m in _SAVE.finditer(data):
        line = data.count(b"\n", 0, m.start()) + 1
        read.add(line)
        seconds = _duration(path, line, m.group("seconds"), "Save duration")
        if isinstance(seconds, Problem):
            problems.append(seconds)
        else:
            found.append((int(m.group("iteration")), seconds, line))
    for m in _SAVE_LINE.finditer(data):  # a save line the pattern did not read is said, never dropped
        line = data.count(b"\n", 0, m.start()) + 1
        if line not in read:
            problems.append(Problem(path, line, None, _unread(m.group(0))))
    if not found and not problems:
        message = "holds no NeMo 'Global Checkpoint Save : Rank: … : Save duration: … s' line"
        problems.append(Problem(path, None, None, message))
    return found, problems


def _unread(text: bytes) -> str:
    if re.search(rb"Save duration", text) and not re.search(rb"Iteration", text):
        return (
            "is a NeMo save line without an Iteration, which NeMo prints for a save outside training (a model"
            " converted or exported), not a training checkpoint: import the log of a training run"
        )
    return "names a NeMo checkpoint save but cannot be read as 'Rank: … : Iteration: … : Save duration: … s'"


def saves(lines: list[tuple[int, float, int]]) -> list[tuple[int, float, int]]:
    """Each iteration in order of first appearance: (iteration, maximum seconds over its lines, first line)."""
    out: dict[int, tuple[float, int]] = {}
    for iteration, seconds, line in lines:
        before = out.get(iteration)
        out[iteration] = (max(before[0], seconds), before[1]) if before else (seconds, line)
    return [(i, s, line) for i, (s, line) in out.items()]


def load_lines(path: str, data: bytes) -> tuple[list[tuple[int, float, int]], list[Problem]]:
    """(rank, seconds, line) of every checkpoint-load line, in file order."""
    if (long := long_line(data, MAX_LINE)) is not None:
        return [], [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; a training log has none")]
    found, problems = [], []
    for m in _LOAD.finditer(data):
        line = data.count(b"\n", 0, m.start()) + 1
        seconds = _duration(path, line, m.group("seconds"), "Time spent in load_checkpoint")
        if isinstance(seconds, Problem):
            problems.append(seconds)
        else:
            found.append((int(m.group("rank")), seconds, line))
    if not found and not problems:
        message = (
            "holds no NeMo 'Global Checkpoint Load : Rank : … : Time spent in load_checkpoint: … s' line; NeMo prints"
            " one when a run resumes from a checkpoint"
        )
        problems.append(Problem(path, None, None, message))
    return found, problems


# The import's reader (an entry of report/inputs/ingest/tools.py): the matched files in, one Measured per run out.


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):  # noqa: ARG001 (the reader's signature)
    """A NeMo import's runs: one per iteration saved, its time the slowest rank's; or one per checkpoint load."""
    if spec.into == "restore_times":
        loads, problems = [], []
        for name in names:
            found, errors = load_lines(name, files.read(name) or b"")
            problems += errors
            loads += [(rank, seconds, (name, line)) for rank, seconds, line in found]
        return [Measured(seconds, None, origin) for seconds, origin in per_rank_turns(loads)], (), problems
    lines, problems = [], []
    where: dict[int, tuple[str, int]] = {}  # each iteration's first save line
    for name in names:
        found, errors = save_lines(name, files.read(name) or b"")
        problems += errors
        for iteration, seconds, line in found:
            where.setdefault(iteration, (name, line))
            lines.append((iteration, seconds, line))
    measured = [Measured(seconds, None, where[i]) for i, seconds, _ in saves(lines)]
    return measured, (), problems
