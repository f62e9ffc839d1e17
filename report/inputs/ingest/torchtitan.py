"""torchtitan: `Finished saving the checkpoint (or staging if async is enabled)in X seconds.`
(torchtitan/components/checkpoint.py; some versions print no space before `in`, older ones no parenthesis).

The line times a save with `checkpoint.async_mode = "disabled"`, the staging only with "async" or
"async_with_pinned_mem"; the log does not say which, so the import's `async_mode` key does (imports.py refuses the
two asynchronous modes as saves). Each rank prints its own line under torchrun (`[rank3]:…`): save k is the k-th
line of each rank over every matched file, its duration the slowest rank's.
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

_SAVED = re.compile(
    rb"^(?:.*?\[rank(?P<rank>\d+)\]:)?.*?Finished saving the checkpoint(?: *\(or staging if async is enabled\))?"
    rb" *in +(?P<seconds>[0-9.eE+-]+) *seconds",
    re.MULTILINE,
)
FINISHED = "Finished saving the checkpoint (or staging if async is enabled) in X seconds."


def save_lines(path: str, data: bytes) -> tuple[list[tuple[int, float, int]], list[Problem]]:
    """(rank, seconds, line) of every save line, in file order (rank 0 when the line names none)."""
    if (long := long_line(data, MAX_LINE)) is not None:
        return [], [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; a training log has none")]
    found, problems = [], []
    for m in _SAVED.finditer(data):
        line = data.count(b"\n", 0, m.start()) + 1
        try:
            seconds = float(m.group("seconds"))
        except ValueError:
            seconds = float("nan")
        if not 0 < seconds < float("inf"):
            problems.append(Problem(path, line, "seconds", f'"{m.group("seconds").decode()}" is not a duration'))
            continue
        found.append((int(m.group("rank") or 0), seconds, line))
    if not found and not problems:
        problems.append(Problem(path, None, None, f"holds no torchtitan '{FINISHED}' line"))
    return found, problems


# The import's reader (an entry of report/inputs/ingest/tools.py): the matched files in, one Measured per run out.


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):  # noqa: ARG001 (the reader's signature)
    """A torchtitan import's runs: save k, the k-th line of each rank, its time the slowest rank's."""
    lines, problems = [], []
    for name in names:
        found, errors = save_lines(name, files.read(name) or b"")
        problems += errors
        lines += [(rank, seconds, (name, line)) for rank, seconds, line in found]
    return [Measured(seconds, None, origin) for seconds, origin in per_rank_turns(lines)], (), problems
