"""MLPerf Storage checkpointing (DLIO): per-rank per-epoch stats files and the run's summary.json.

A save is `save_ckpt<N>` (v2.0+) or `ckpt<N>` (v1.0, durations as strings); a restore is `load_ckpt<N>`.
The MLPerf rules take a save's duration as the maximum across ranks, so every rank's file counts.
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeGuard

from report.inputs.ingest.json_limits import MAX_LINE, JsonProblem, long_line, number, strict_loads, type_name
from report.inputs.ingest.measured import Measured
from report.problems import Problem

if TYPE_CHECKING:
    from report.inputs.ingest.files import Listing
    from report.inputs.ingest.measured import Files
    from report.inputs.specs import ImportSpec

GIB_PER_GB = 1.073741824  # DLIO's "GB" are GiB (base_checkpointing.py divides by 1024**3)
_SAVE, _LOAD = re.compile(r"^(?:save_ckpt|ckpt)(\d+)$"), re.compile(r"^load_ckpt(\d+)$")


@dataclass(frozen=True)
class Checkpoints:
    """One rank file's checkpoint durations, keyed by (epoch, N)."""

    durations: dict[tuple[int, int], float]
    lines: dict[tuple[int, int], int]  #: the line of each checkpoint's key


# The summary metrics DLIO's mlperf_storage_v2.0 branch writes as NaN (np.mean of an empty list) in an invocation that
# only reads or only writes (statscounter.py, end_run()): the rules ask for the two phases apart, so a valid file holds
# them. The import never reads them: they alone may be NaN.
_NAN_METRIC = re.compile(
    r'("(?:save|load)_checkpoint_(?:io|duration)_(?:mean|stdev)_(?:GB_per_second|seconds)"\s*:\s*)NaN(?=\s*[,}])'
)
# The first characters of a DLIO log line (dlio.log): `[OUTPUT] …`, `[INFO] …`, `[METRIC] …`
_DLIO_LOG = re.compile(rb"\s*\[(?:OUTPUT|INFO|METRIC|DEBUG|WARNING|ERROR)\]")


def _json(path: str, data: bytes) -> tuple[object, list[Problem]]:
    if (long := long_line(data, MAX_LINE)) is not None:
        return None, [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; DLIO writes no such line")]
    if _DLIO_LOG.match(data):
        message = (
            "is DLIO's log (dlio.log), which prints rank 0's figures only; the import reads every rank's"
            " per-epoch stats: name the run folder's *per_epoch_stats.json in files instead"
        )
        return None, [Problem(path, 1, None, message)]
    try:
        return strict_loads(_NAN_METRIC.sub(r"\1null", data.decode("utf-8-sig"))), []
    except UnicodeDecodeError:
        return None, [Problem(path, None, None, "is not a DLIO JSON file (it is not UTF-8)")]
    except JsonProblem as exc:
        why = "it is not valid JSON" if str(exc).startswith("is not valid JSON") else f"it {exc}"
        return None, [Problem(path, exc.line, None, f"is not a DLIO JSON file ({why})")]


def is_summary(value: object) -> TypeGuard[dict[str, Any]]:
    """Whether a DLIO file is a run's summary.json (it has `metric`) rather than a rank's per-epoch stats."""
    return isinstance(value, dict) and isinstance(value.get("metric"), dict)


def summary_size_gb(path: str, data: bytes) -> tuple[float | None, list[Problem]]:
    """`checkpoint_size_GB` of a summary.json in decimal GB, or None when it has none."""
    value, problems = _json(path, data)
    if problems or not is_summary(value):
        return None, problems
    size = value["metric"].get("checkpoint_size_GB")
    if size is None:
        return None, []
    if isinstance(size, str) and re.fullmatch(r"\d+(\.\d+)?([eE][+-]?\d{1,2})?", size.strip()):
        size = float(size)  # v1.0 writes numbers as strings
    if not number(size) or not size > 0:
        message = f"{json.dumps(size)[:40]} is {type_name(size)}, not a size in GB above 0"
        return None, [Problem(path, size_line(data), "checkpoint_size_GB", message)]
    # Decimally: 61.1 GiB is 65.6056254464 GB as written, not a float product's last-digit noise.
    return float(Decimal(repr(float(size))) * Decimal(repr(GIB_PER_GB))), []


def size_line(data: bytes) -> int | None:
    """The line of a summary's `checkpoint_size_GB` key."""
    at = data.find(b'"checkpoint_size_GB"')
    return data.count(b"\n", 0, at) + 1 if at >= 0 else None


def read_rank(path: str, data: bytes, loads: bool) -> tuple[Checkpoints | None, list[Problem]]:
    """The checkpoint durations in one rank's per-epoch stats (epoch -> {save_ckpt1: {duration, …}, …})."""
    value, problems = _json(path, data)
    if problems:
        return None, problems
    if isinstance(value, dict) and "host_cpuinfo" in value and not is_summary(value):
        message = (
            "is DLIO's {rank}_output.json (a rank's host and step timings), not its per-epoch stats: name the run"
            " folder's *per_epoch_stats.json in files instead"
        )
        return None, [Problem(path, 1, None, message)]
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        return None, [Problem(path, 1, None, "is not a DLIO per-epoch stats file (epoch -> stats)")]
    text, pattern = data.decode("utf-8-sig"), _LOAD if loads else _SAVE
    durations, lines, problems = {}, {}, []
    for epoch, stats in value.items():
        for key, item in stats.items():
            if (m := pattern.match(key)) and isinstance(item, dict):
                where = (_int(epoch), int(m.group(1)))
                lines[where] = _line_of(text, key, epoch)
                seconds = _seconds(item.get("duration"))
                if seconds is None:
                    message = f'"{item.get("duration")}" is not a duration in seconds'
                    problems.append(Problem(path, lines[where], f"{epoch}.{key}.duration", message))
                else:
                    durations[where] = seconds
    if not durations and not problems:
        kind = "load_ckpt<N>" if loads else "save_ckpt<N> or ckpt<N>"
        message = f"holds no checkpoint {'restore' if loads else 'save'} ({kind})"
        other = _SAVE if loads else _LOAD
        if any(other.match(key) for stats in value.values() for key in stats):
            written = "a write phase's run (save_ckpt<N>)"
            if not any(key.startswith("save_") for stats in value.values() for key in stats if other.match(key)):
                written = "a training run whose checkpoints (ckpt<N>) are saves"  # v1.0's training workload
            message += (
                f": it is {written}, import it into save_times"
                if loads
                else ": it is a read phase's run (load_ckpt<N>, restores), import it into restore_times"
            )
        return None, [Problem(path, None, None, message)]
    return Checkpoints(durations, lines), problems


def _int(text: str) -> int:
    return int(text) if text.strip().isdigit() else 0


def _seconds(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None  # JSON's true, false, null, a list or an object: no duration
    try:
        seconds = float(value)  # v1.0 writes "0.61"
    except (TypeError, ValueError):
        return None
    return seconds if seconds > 0 and seconds != float("inf") else None


def _line_of(text: str, key: str, epoch: str) -> int:
    start = text.find(f'"{epoch}"')
    at = text.find(f'"{key}"', max(start, 0))
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def runs(ranks: list[Checkpoints]) -> list[tuple[tuple[int, int], float]]:
    """Each checkpoint ordered by epoch, then N, its duration the maximum over the ranks."""
    out: dict[tuple[int, int], float] = {}
    for rank in ranks:
        for where, seconds in rank.durations.items():
            out[where] = max(out.get(where, 0.0), seconds)
    return sorted(out.items())


# The import's reader (an entry of report/inputs/ingest/tools.py): the matched files in, one Measured per run out.


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):  # noqa: ARG001 (the reader's signature)
    """An MLPerf Storage import's runs: a save (or restore) per checkpoint, its time the slowest rank's.

    Each run folder (`RESULTS/checkpointing/<model>/<timestamp>/`) is one invocation: `save_ckpt<N>` restarts at 1
    in each, so the folders' checkpoints are runs of their own, the folders in code-point order.
    """
    by_folder: dict[str, list[str]] = {}
    for name in names:
        by_folder.setdefault(posixpath.dirname(name), []).append(name)
    measured, problems = [], []
    for folder in sorted(by_folder):
        found, errors = _folder_runs(spec, by_folder[folder], files)
        measured += found
        problems += errors
    return measured, (), problems


def _folder_runs(spec: ImportSpec, names: list[str], files: Files) -> tuple[list[Measured], list[Problem]]:
    """The runs of one run folder's matched files: each checkpoint, its time the slowest rank's."""
    loads = spec.into in ("load_times", "restore_times")  # a restore is DLIO's load_ckpt<N>
    ranks, size, size_from, problems = [], None, None, []
    summaries = [n for n in names if is_summary(_json_or_none(files.read(n)))]
    if spec.snapshot_gb is None:
        beside = posixpath.join(posixpath.dirname(names[0]), "summary.json")
        summaries = sorted(set(summaries) | ({beside} if files.read(beside) is not None else set()))
    for name in summaries:
        found_size, found = summary_size_gb(name, files.read(name) or b"")
        problems += found
        if found_size is not None:
            size, size_from = found_size, (name, size_line(files.read(name) or b""))
    for name in names:
        if name in summaries:
            continue
        rank, found = read_rank(name, files.read(name) or b"", loads)
        problems += found
        if rank is not None:
            ranks.append((name, rank))
    if not ranks and not problems:
        message = (  # issue 46: a summary.json alone
            "is DLIO's summary.json (rank 0's means over the run), which the import reads only for the checkpoint"
            " size: name the run folder's *per_epoch_stats.json in files, the figures of every rank"
            if set(names) <= set(summaries)
            else "no rank file (per_epoch_stats.json) among the matched files"
        )
        problems.append(Problem(names[0], None, None, message))
    measured = []
    for where, seconds in runs([r for _, r in ranks]):
        slowest = next((n, r.lines[where]) for n, r in ranks if r.durations.get(where) == seconds)
        measured.append(Measured(seconds, size, slowest, size_from=size_from))
    return measured, problems


def _json_or_none(data: bytes | None) -> object:
    value, problems = _json("", data or b"")
    return None if problems else value  # the reader says what is wrong, with the line


def companions(spec: ImportSpec, name: str, data: bytes, listing: Listing) -> tuple[list[str], list[Problem]]:  # noqa: ARG001
    """The run's summary.json beside a rank file, for the snapshot size when test.toml gives none."""
    if spec.snapshot_gb is None:
        return [posixpath.join(posixpath.dirname(name), "summary.json")], []
    return [], []
