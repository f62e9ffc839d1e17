"""Megatron-LM: the `save-checkpoint` and `load-checkpoint` timer lines of a training log (megatron/core/timers.py).

`    save-checkpoint ......: (MIN, MAX)` across ranks, in ms, or `: MAX` with `--timing-log-option max`; the run's
duration is MAX. `load-checkpoint` times the read of the checkpoint a run starts from: a restore.
`save-checkpoint-non-persistent` is another timer and is ignored. Multi-rank stdout glues lines: a timer header
before the name (`(ms):save-checkpoint …`) or text after the numbers (`(8140.10, 8140.19)training ...`) is read; a
timer line that cannot be read is named, never dropped.
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

SAVE, LOAD = "save-checkpoint", "load-checkpoint"
_NAME = rb"(?<![\w-])(?P<name>save-checkpoint|load-checkpoint)(?![\w-])"
_TIMER = re.compile(
    _NAME + rb" *\.* *: *(?:\( *(?P<min>[0-9.]+) *, *(?P<max>[0-9.]+) *\)|(?P<only>[0-9.]+))", re.MULTILINE
)
_MENTION = re.compile(_NAME + rb".*$", re.MULTILINE)
# `--timing-log-option all`: the name alone on its line, each rank's time on the lines after it
_ALL_RANKS = re.compile(_NAME + rb":[ \t]*\r?$", re.MULTILINE)
# A run that starts from no checkpoint still times load-checkpoint (checkpointing.py, load_checkpoint)
_NOTHING_LOADED = re.compile(rb"will not load any checkpoints|could not find the metadata file", re.IGNORECASE)
_SAVING = re.compile(rb"(?<!successfully )saving checkpoint at iteration", re.IGNORECASE)


def saves(path: str, data: bytes) -> tuple[list[tuple[float, int]], list[Problem]]:
    """Each save's duration in seconds and its line, in file order."""
    return timed(path, data, SAVE)


def timed(path: str, data: bytes, timer: str) -> tuple[list[tuple[float, int]], list[Problem]]:
    """Each `timer` line's MAX in seconds and its line, in file order; a line naming the timer that cannot be read,
    or a load timed where no checkpoint was loaded, is a problem with its line."""
    if (long := long_line(data, MAX_LINE)) is not None:
        return [], [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; a training log has none")]
    found, problems, read = [], [], set()
    for m in _TIMER.finditer(data):
        if m.group("name").decode() != timer:
            continue
        line = _line(data, m.start())
        read.add(line)
        text = m.group("max") or m.group("only")
        if not re.fullmatch(rb"\d+(\.\d+)?", text) or not math.isfinite(float(text)):
            problems.append(Problem(path, line, timer, f'"{text[:40].decode()}" is not a number of ms'))
            continue
        if timer == LOAD and (nothing := _nothing_loaded(data, m.start())) is not None:
            message = (
                f"times no restore: line {nothing} says the run found no checkpoint to load; import the log of a run"
                " that resumed from one"
            )
            problems.append(Problem(path, line, timer, message))
            continue
        # Decimally, so that 148404.49 ms is 148.40449 s as a person converts it, not float division's
        # 148.40448999999998 (printed by `rows`, written to the CSV).
        found.append((float(Decimal(text.decode()) / 1000), line))
    problems += _unread(path, data, timer, read)
    if problems:
        return [], problems
    if not found:
        return [], [_none_found(path, data, timer)]
    bad = [(s, line) for s, line in found if not s > 0]
    return found, [Problem(path, line, timer, f"a {timer} of 0 ms is not a duration") for _, line in bad]


def _line(data: bytes, at: int) -> int:
    return data.count(b"\n", 0, at) + 1


def _nothing_loaded(data: bytes, at: int) -> int | None:
    """The line saying no checkpoint was found, between the previous load-checkpoint timer and this one."""
    said = list(_NOTHING_LOADED.finditer(data, max(data.rfind(LOAD.encode(), 0, at), 0), at))
    return _line(data, said[-1].start()) if said else None


def _unread(path: str, data: bytes, timer: str, read: set[int]) -> list[Problem]:
    """Lines naming the timer that the timer pattern did not read: said, never dropped."""
    problems = []
    for m in _MENTION.finditer(data):
        line = _line(data, m.start())
        if m.group("name").decode() != timer or line in read:
            continue
        if _ALL_RANKS.match(data, m.start()):
            message = (
                "is Megatron's --timing-log-option all layout (a line per rank), which this import does not read:"
                " rerun with --timing-log-option minmax (the default) or max"
            )
        else:
            shown = m.group(0).decode("utf-8", "replace").strip()[:80]
            message = f'"{shown}" names the {timer} timer but cannot be read as one (MIN, MAX) or MAX in ms'
        problems.append(Problem(path, line, timer, message))
    return problems


def _none_found(path: str, data: bytes, timer: str) -> Problem:
    """The log has no such timer: what it does hold, and what to import instead."""
    if timer == LOAD:
        message = (
            "holds no Megatron-LM load-checkpoint timer line (e.g. '    load-checkpoint ....: (1.0, 2.0)'); Megatron"
            " prints one when a run starts from a checkpoint"
        )
        return Problem(path, None, None, message)
    if saving := len(_SAVING.findall(data)):
        message = (
            f"logs {saving} checkpoint save{'s' if saving > 1 else ''} but no save-checkpoint timer line: Megatron"
            " times the saves made during training, not the one at its end; import a log with timed saves, or time"
            " the saves with fio or MLPerf Storage"
        )
        return Problem(path, None, None, message)
    return Problem(
        path,
        None,
        None,
        "holds no Megatron-LM save-checkpoint timer line (e.g. '    save-checkpoint ....: (1.0, 2.0)')",
    )


# The import's reader (an entry of report/inputs/ingest/tools.py): the matched files in, one Measured per run out.


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):  # noqa: ARG001 (the reader's signature)
    """A Megatron-LM import's runs: one per save-checkpoint timer line, or per load-checkpoint line for restores."""
    timer = LOAD if spec.into == "restore_times" else SAVE
    measured, problems = [], []
    for name in names:
        found, errors = timed(name, files.read(name) or b"", timer)
        problems += errors
        measured += [Measured(seconds, None, (name, line)) for seconds, line in found]
    return measured, (), problems
