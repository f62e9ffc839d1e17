"""fio: a run's JSON output (json, json+, or the JSON inside normal,json) and its per-job bandwidth logs.

Pure functions of bytes. The logs' names and column layout come from the run's own options, never from guessing:
a five-column line is 3.17 with `log_offset` or 3.18+ without it, and only the JSON says which.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

from report.inputs.ingest.identify import fio_text_kind
from report.inputs.ingest.json_limits import (
    MAX_LINE,
    MAX_LOG_LINE,
    JsonProblem,
    long_line,
    number,
    strict_decode,
    type_name,
)
from report.inputs.ingest.measured import Measured
from report.problems import Problem

if TYPE_CHECKING:
    from report.inputs.ingest.files import Listing
    from report.inputs.ingest.measured import Files
    from report.inputs.specs import ImportSpec

WRITE, READ = "write", "read"
_TRUE = ("1", "true", "yes", "on")
_BLOCK = 4 << 20


@dataclass(frozen=True)
class Job:
    """One entry of `jobs` (or `client_stats`) and the logs fio wrote for it."""

    name: str
    options: dict[str, str]
    io_bytes: dict[str, int]  #: per direction, in bytes (fio before 2.21 wrote KiB: multiplied by 1024 here)
    runtime_ms: dict[str, int]  #: per direction
    bw_bytes: dict[str, float]  #: per direction, B/s (before 2.21: `bw` KiB/s × 1024)
    threads: tuple[int, ...]  #: fio's global thread numbers this entry stands for
    host: str | None


@dataclass(frozen=True)
class FioJson:
    """What a fio JSON says: its version, where it starts, its jobs."""

    version: str
    line: int
    jobs: tuple[Job, ...]


@dataclass(frozen=True)
class FioRun:
    """One fio run: its duration and size for one direction, and its bandwidth samples if asked for."""

    duration_s: float
    size_bytes: int
    bw_bytes: float  #: Σ bw_bytes of the jobs (B/s), the JSON's own total
    t_s: np.ndarray | None
    gbps: np.ndarray | None
    logs: tuple[str, ...]  #: the bandwidth logs the samples came from


def read_json(path: str, data: bytes) -> tuple[FioJson | None, list[Problem]]:
    """The fio JSON in a file: text before the first line starting with `{` and after its value is skipped.

    Read strictly (json_limits): NaN, infinities, runaway nesting and over-long lines are problems with their
    line, and every field taken from a job is type-checked (`_field_problems`) before it is used.
    """
    if (long := long_line(data, MAX_LINE)) is not None:
        return None, [Problem(path, long, None, f"has a line longer than {MAX_LINE:,} bytes; fio writes no such line")]
    text = data.decode("utf-8", errors="replace")
    start = re.search(r"^\{", text, re.MULTILINE)
    if start is None:
        return None, [Problem(path, None, None, fio_text_kind(text))]
    line = text.count("\n", 0, start.start()) + 1
    try:
        value, _ = strict_decode(text, start.start())
    except JsonProblem as exc:
        return None, [Problem(path, exc.line, None, str(exc))]
    # a client/server run (fio --client) has `client_stats` in place of `jobs`
    listed = isinstance(value, dict) and any(isinstance(value.get(k), list) for k in ("jobs", "client_stats"))
    if not isinstance(value, dict) or "fio version" not in value or not listed:
        return None, [Problem(path, line, None, 'is not fio JSON output (it has no "fio version" and "jobs")')]
    if problems := _field_problems(path, text, value):
        return None, problems
    version = str(value["fio version"])
    if problems := consistency_problems(path, text, value, kib_sizes(version)):
        return None, problems
    return FioJson(version, line, _jobs(value, kib_sizes(version))), []


def kib_sizes(version: str) -> bool:
    """Whether this fio writes `io_bytes` in KiB and no `bw_bytes`: before 2.21 (axboe/fio c12d597a, "Since the dawn of
    time, this has outputted kilobytes")."""
    return _version(version) < (2, 21)


_COUNTS = ("io_bytes", "runtime", "bw")  # integers fio writes (bytes, ms, KiB/s)
_INTEGER_OPTIONS = ("numjobs", "log_avg_msec")


def _field_problems(path: str, text: str, value: dict) -> list[Problem]:
    """Every field `_job` and the log reader take, checked: numbers that are numbers (not booleans), options that are
    integers; each problem names the line of the field's first such occurrence."""
    problems = []
    entries = [e for key in ("jobs", "client_stats") for e in (value.get(key) or [])]
    if not all(isinstance(e, dict) for e in entries) or not isinstance(value.get("client_stats", []), list):
        return [Problem(path, None, "jobs", "is not fio JSON output: a job entry is not an object")]
    for e in entries:
        if "error" in e and not (number(e["error"]) and float(e["error"]).is_integer()):
            problems.append(_bad(path, text, "error", e["error"], "error", "a whole number"))
        for direction in (WRITE, READ):
            side = e.get(direction, {})
            if not isinstance(side, dict):
                problems.append(_bad(path, text, direction, side, f"{direction}", "an object"))
                continue
            for key in (*_COUNTS, "bw_bytes"):
                if key in side and not _count(side[key], key in _COUNTS):
                    wanted = "a whole number >= 0" if key in _COUNTS else "a number >= 0"
                    problems.append(_bad(path, text, key, side[key], f"{direction}.{key}", wanted))
        options = [value.get("global options", {}), e.get("job options", {})]
        if not all(isinstance(o, dict) for o in options):
            problems.append(Problem(path, None, "job options", "is not an object of options"))
            continue
        for option in _INTEGER_OPTIONS:
            for given in (o[option] for o in options if option in o):
                if not re.fullmatch(r"\d{1,9}", str(given).strip()) and str(given).strip() != "":
                    problems.append(_bad(path, text, option, given, option, "a whole number"))
    return problems[:1] + [p for p in problems[1:] if p != problems[0]][:9]


def _count(value: object, integer: bool) -> bool:
    if not number(value) or value < 0:
        return False
    return not integer or float(value).is_integer()


def _bad(path: str, text: str, key: str, value: object, column: str, wanted: str) -> Problem:
    shown = json.dumps(value)[:40] if not isinstance(value, dict | list) else type_name(value)
    at = re.search(rf'"{re.escape(key)}"\s*:\s*{re.escape(json.dumps(value)[:40])}', text)
    at = at or re.search(rf'"{re.escape(key)}"\s*:', text)
    line = text.count("\n", 0, at.start()) + 1 if at else None
    return Problem(path, line, column, f"{shown} is {type_name(value)}, not {wanted}")


ALL_CLIENTS = "All clients"  # the entry of a client/server run's `client_stats` that sums the others


def _entries(value: dict) -> list[dict]:
    """The job entries: `jobs`, or in a client/server run `client_stats` without "All clients"."""
    clients = value.get("client_stats")
    return [e for e in clients if e.get("jobname") != ALL_CLIENTS] if isinstance(clients, list) else value["jobs"]


def _who(e: dict) -> str:
    host = e.get("hostname")
    return f'job "{e.get("jobname", "")}"' + (f" (host {host})" if host else "")


class _Lines:
    """Where each entry of `jobs` and `client_stats` is, in file order (entry i starts at the i-th "jobname")."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [m.start() for m in re.finditer(r'"jobname"\s*:', text)]

    def of(self, index: int, *keys: str) -> int | None:
        """The line of `keys` (nested, in order) inside the index-th entry, else of the entry itself."""
        if index >= len(self.starts):
            return None
        entry = at = self.starts[index]
        for key in keys:  # a key, not a value: `"rw": "write"` in the job's options comes before its "write"
            found = re.compile(rf'"{re.escape(key)}"\s*:').search(self.text, at)
            at = found.start() if found else entry
        return self.text.count("\n", 0, at) + 1


def consistency_problems(path: str, text: str, value: dict, kib: bool) -> list[Problem]:
    """A fio JSON checked against itself, each problem naming the file, the job and its line.

    A job whose `error` is not 0 failed (a failed end_fsync leaves bytes written that are not durable). A job's
    runtime must agree with its own io_bytes and bw_bytes, which fio derives from them (bw_bytes = io_bytes × 1000 /
    runtime, in integers): |io_bytes / (runtime / 1000) − bw_bytes| <= 1% of bw_bytes + 1 KiB/s. In a client/server
    run the clients' io_bytes must sum to the "All clients" entry's.
    """
    listed = [e for key in value if key in ("jobs", "client_stats") for e in value[key] or []]
    lines, problems = _Lines(text), []
    for index, e in enumerate(listed):
        if e.get("jobname") == ALL_CLIENTS:
            problems += _all_clients_problems(path, e, lines.of(index), _entries(value), kib)
        elif e.get("error", 0):
            code = int(e["error"])
            message = (
                f"{_who(e)} failed: fio reports error {code} ({os.strerror(code)}); what it wrote is no measurement"
                " (a failed fsync leaves bytes that are not durable): rerun it"
            )
            problems.append(Problem(path, lines.of(index, "error"), "error", message))
        else:
            for direction in (WRITE, READ):
                if (wrong := _runtime_problem(e, direction, kib)) is not None:
                    line = lines.of(index, direction, "runtime")
                    problems.append(Problem(path, line, f"{direction}.runtime", wrong))
    return problems


def _runtime_problem(e: dict, direction: str, kib: bool) -> str | None:
    """Why a job's runtime in one direction cannot be what moved its bytes at its rate, or None."""
    side = e.get(direction) or {}
    size = int(side.get("io_bytes", 0)) * (1024 if kib else 1)
    said = "bw_bytes" if "bw_bytes" in side else "bw × 1024"
    rate = float(side["bw_bytes"] if "bw_bytes" in side else side.get("bw", 0) * 1024)
    runtime = int(side.get("runtime", 0))
    if runtime == 0:  # fio writes a rate of 0 for a phase shorter than a millisecond
        actual = 0.0 if size == 0 else float("inf")
        if rate == 0:
            return None
    else:
        actual = size / (runtime / 1000)
        if abs(actual - rate) <= 0.01 * rate + 1024:
            return None
    return (
        f"{_who(e)}: {runtime} ms disagrees with its own io_bytes and {said}: {size:,} bytes in {runtime} ms is"
        f" {actual:.4g} B/s, {said} says {rate:.4g} B/s (fio's rounding allows 1% + 1 KiB/s); these figures do not"
        " come from one fio run"
    )


def _all_clients_problems(path: str, total: dict, line: int | None, clients: list[dict], kib: bool) -> list[Problem]:
    """The "All clients" entry against the sum of the clients' io_bytes, in each direction."""
    problems = []
    for direction in (WRITE, READ):
        summed = sum(int((e.get(direction) or {}).get("io_bytes", 0)) for e in clients)
        given = int((total.get(direction) or {}).get("io_bytes", 0))
        # before 2.21 each entry is its own bytes >> 10, so the sum may fall short by less than a KiB per entry
        if given == summed or (kib and 0 <= given - summed < len(clients)):
            continue
        message = (
            f'"{ALL_CLIENTS}" says {given:,} {"KiB" if kib else "bytes"}, but its {len(clients)} client entries sum'
            f" to {summed:,}: these figures do not come from one fio run"
        )
        problems.append(Problem(path, line, f"{direction}.io_bytes", message))
    return problems


def _jobs(value: dict, kib: bool) -> tuple[Job, ...]:
    clients = value.get("client_stats")
    entries = _entries(value)
    same_name: dict[tuple, int] = {}
    for e in entries:
        key = (e.get("jobname"), e.get("groupid"), e.get("hostname"))
        same_name[key] = same_name.get(key, 0) + 1
    jobs = []
    next_thread: dict[str | None, int] = {}  # per host (None: a local run), the next thread's number
    for e in entries:
        options = {**value.get("global options", {}), **e.get("job options", {})}
        host = e.get("hostname") if isinstance(clients, list) else None
        numjobs = int(options.get("numjobs", "1") or 1)
        # group_reporting leaves one entry for numjobs threads; otherwise each thread has its own entry.
        count = numjobs if same_name[(e.get("jobname"), e.get("groupid"), e.get("hostname"))] < numjobs else 1
        first = next_thread.get(host, 1)
        next_thread[host] = first + count
        jobs.append(_job(e, options, tuple(range(first, first + count)), host, kib))
    return tuple(jobs)


def _job(e: dict, options: dict, threads: tuple[int, ...], host: str | None, kib: bool) -> Job:
    sides = {d: e.get(d, {}) for d in (WRITE, READ)}
    unit = 1024 if kib else 1
    return Job(
        name=str(e.get("jobname", "")),
        options={k: str(v) for k, v in options.items()},
        io_bytes={d: int(s.get("io_bytes", 0)) * unit for d, s in sides.items()},
        runtime_ms={d: int(s.get("runtime", 0)) for d, s in sides.items()},
        bw_bytes={d: float(s["bw_bytes"] if "bw_bytes" in s else s.get("bw", 0) * 1024) for d, s in sides.items()},
        threads=threads,
        host=host,
    )


@dataclass(frozen=True)
class HostTotal:
    """What one host of a run moved in one direction: its jobs' bytes, the slowest job's runtime, their rates."""

    io_bytes: int
    runtime_ms: int
    bw_bytes: float


def host_totals(run: FioJson, direction: str) -> dict[str | None, HostTotal]:
    """Per host (None in a local run), the totals of its jobs that moved bytes in the direction, in file order:
    Σ io_bytes, max runtime, Σ bw_bytes (a client/server run's aggregate is the sum over its hosts)."""
    totals: dict[str | None, HostTotal] = {}
    for job in run.jobs:
        if job.io_bytes[direction] > 0:
            before = totals.get(job.host, HostTotal(0, 0, 0.0))
            totals[job.host] = HostTotal(
                before.io_bytes + job.io_bytes[direction],
                max(before.runtime_ms, job.runtime_ms[direction]),
                before.bw_bytes + job.bw_bytes[direction],
            )
    return totals


def log_names(path: str, run: FioJson) -> list[str]:
    """Every bandwidth log the run's jobs would have written, beside the JSON (paths inside the folder)."""
    folder = posixpath.dirname(path)
    names = []
    for job in run.jobs:
        prefix = posixpath.basename(job.options.get("write_bw_log", "") or "") or job.name
        host = f".{job.host}" if job.host else ""
        if job.options.get("per_job_logs", "1").lower() not in _TRUE:
            names.append(posixpath.join(folder, f"{prefix}_bw.log{host}"))
        else:
            names += [posixpath.join(folder, f"{prefix}_bw.{n}.log{host}") for n in job.threads]
    return names


def parse_run(
    path: str, run: FioJson, logs: Mapping[str, bytes], direction: str, with_bandwidth: bool
) -> tuple[FioRun | None, list[Problem]]:
    """The run's duration and size in one direction; its bandwidth samples when asked and its logs are there."""
    jobs = [j for j in run.jobs if j.io_bytes[direction] > 0]
    if not jobs:
        return None, [Problem(path, run.line, f"{direction}.io_bytes", f"no job has a {direction} phase")]
    duration = max(j.runtime_ms[direction] for j in jobs) / 1000
    size = sum(j.io_bytes[direction] for j in jobs)
    total_bw = sum(j.bw_bytes[direction] for j in jobs)
    t_s = gbps = None
    used: tuple[str, ...] = ()
    problems: list[Problem] = []
    if with_bandwidth:
        t_s, gbps, used, problems = _bandwidth(path, run, jobs, logs, direction)
    return FioRun(duration, size, total_bw, t_s, gbps, used), problems


def _bandwidth(path: str, run: FioJson, jobs: list[Job], logs: Mapping[str, bytes], direction: str):
    """Samples from the jobs' logs: none when the run wrote no logs, problems when they cannot be read exactly."""
    per_job: list[tuple[Job, str, bytes]] = []
    for job in jobs:
        sub = FioJson(run.version, run.line, (job,))
        for name in log_names(path, sub):
            if name in logs:
                per_job.append((job, name, logs[name]))
    if not per_job:
        return None, None, (), []
    names = tuple(name for _, name, _ in per_job)
    shared = [n for n in names if re.search(r"_bw\.log(\.[^/]*)?$", n)]
    if shared:
        message = (
            "is a shared log (per_job_logs=0): every job appends to it, with no job column, so it cannot be split"
            " back into jobs; rerun fio with per_job_logs=1"
        )
        return None, None, names, [Problem(shared[0], None, None, message)]
    expected = {n for job in jobs for n in log_names(path, FioJson(run.version, run.line, (job,)))}
    missing = sorted(expected - set(names))
    if missing:
        return None, None, names, [Problem(missing[0], None, None, f"is missing: {path} has logs for its other jobs")]
    window = int(jobs[0].options.get("log_avg_msec", "0") or 0)
    seconds = min(job.runtime_ms[direction] for job in jobs) // 1000
    columns, problems = [], []
    for job, name, data in per_job:
        found, problem = _read_log(name, data, job, run.version, direction, window, seconds)
        if problem:
            problems.append(problem)
        columns.append(found)
    if problems:
        return None, None, names, problems
    if window > 0:
        return (*_windows(columns, window), names, [])
    t_s, gbps = _seconds(columns)
    if len(t_s) == 0:
        runtime = max(job.runtime_ms[direction] for job in jobs)
        message = f"gives no whole second in which every job logged (the job ran {runtime} ms)"
        return None, None, names, [Problem(names[0], None, None, message)]
    return t_s, gbps, names, []


def _version(text: str) -> tuple[int, int]:
    match = re.search(r"(\d+)\.(\d+)", text)
    return (int(match.group(1)), int(match.group(2))) if match else (3, 0)


def layout(options: Mapping[str, str], version: str) -> dict[str, int]:
    """Column positions of a bandwidth log written with these options by this fio version, and the count."""
    v = _version(version)
    on = {k: options.get(k, "0").lower() in _TRUE for k in ("log_offset", "log_prio", "log_issue_time")}
    both = v >= (3, 37) and options.get("log_window_value", "").lower() in ("both", "2")
    count = 4 + both + on["log_offset"] + (v >= (3, 18)) + (v >= (3, 38) and on["log_issue_time"])
    return {"time": 0, "value": 1, "dir": 2 + both, "bs": 3 + both, "count": count}


def _layout_words(options: Mapping[str, str], version: str) -> str:
    keys = ("log_offset", "log_prio", "log_window_value", "log_issue_time")
    return f"{version} with " + ", ".join(f"{k}={options.get(k, '0')}" for k in keys)


def _read_log(name: str, data: bytes, job: Job, version: str, direction: str, window: int, seconds: int):
    """(time, value, bs) of one log's rows in the direction, or a problem naming the log."""
    if not data or data.isspace():  # isspace, not strip: a long log is never copied
        runtime = job.runtime_ms[direction]
        if window > runtime:
            why = f"the job ran {runtime} ms, shorter than its log window of {window} ms (log_avg_msec)"
            return None, Problem(name, None, None, f"is empty: {why}, so fio wrote no sample; use a smaller window")
        return None, Problem(name, None, None, "is empty: fio wrote no sample")
    if (long := long_line(data, MAX_LOG_LINE)) is not None:
        message = f"has a line longer than {MAX_LOG_LINE:,} bytes; fio writes log lines of about 40"
        return None, Problem(name, long, None, message)
    cols = layout(job.options, version)
    first = data[: data.find(b"\n")] if b"\n" in data[:65536] else data[:65536]
    if first.count(b",") + 1 != cols["count"]:
        message = (
            f"has {first.count(b',') + 1} columns, but {_layout_words(job.options, version)} writes"
            f" {cols['count']}: a layout the run's options do not explain"
        )
        return None, Problem(name, 1, None, message)
    code = 1 if direction == WRITE else 0
    found: np.ndarray | tuple[np.ndarray, np.ndarray]  # a windowed log's rows, or per second (values, counts)
    try:
        if window > 0:
            found = _windowed(data, cols, code)
            count = len(found)
        else:
            found = _per_second(data, cols, code, seconds)
            count = int(found[1].sum()) if seconds else int(bool(re.search(rb"^[^,]*,[^,]*, *%d," % code, data, re.M)))
    except pa.ArrowInvalid as exc:
        return None, Problem(name, None, None, f"cannot be read as a fio log: {str(exc).splitlines()[0]}")
    if count == 0:
        return None, Problem(name, None, None, f"has no {direction} rows (direction {code})")
    if not np.isfinite(found if window > 0 else found[0]).all():
        return None, _not_finite(name, data)
    return found, None


def _not_finite(name: str, data: bytes) -> Problem:
    """A log value too large to be a number (1e400, a thousand digits), with its line where one can be found."""
    at = re.search(rb"^[^,\n]*,[^,\n]*(?:inf|nan|[eE]\+?\d{3,}|\d{300,})", data, re.MULTILINE | re.IGNORECASE)
    line = data.count(b"\n", 0, at.start()) + 1 if at else None
    return Problem(name, line, "value", "is not a finite number; fio writes none such")


def _batches(data: bytes, cols: dict[str, int], direction: int, keys: tuple[str, ...]):
    """Each block's columns `keys` over the rows of one direction (pyarrow's streaming reader, vectorised)."""
    names = [f"c{i}" for i in range(cols["count"])]
    want = {"time": pa.int64(), "value": pa.float64(), "dir": pa.int8(), "bs": pa.int64()}
    types = {names[cols[k]]: want[k] for k in (*keys, "dir")}
    reader = pacsv.open_csv(
        pa.BufferReader(data),
        read_options=pacsv.ReadOptions(column_names=names, block_size=_BLOCK),
        convert_options=pacsv.ConvertOptions(include_columns=list(types), column_types=types),
    )
    for batch in reader:
        keep = batch.column(names[cols["dir"]]).to_numpy() == direction
        yield tuple(batch.column(names[cols[k]]).to_numpy()[keep] for k in keys)


def _windowed(data: bytes, cols: dict[str, int], direction: int) -> np.ndarray:
    """A windowed log's values of one direction, in time order."""
    parts = list(_batches(data, cols, direction, ("time", "value")))
    time = np.concatenate([p[0] for p in parts]) if parts else np.zeros(0, np.int64)
    value = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0)
    return value[np.argsort(time, kind="stable")]


def _per_second(data: bytes, cols: dict[str, int], direction: int, seconds: int) -> tuple[np.ndarray, np.ndarray]:
    """A per-I/O log's bytes and rows per whole second k = time_ms // 1000, for k below `seconds`."""
    total, rows = np.zeros(seconds), np.zeros(seconds, dtype=np.int64)
    for time, bs in _batches(data, cols, direction, ("time", "bs")):
        k = time // 1000
        keep = k < seconds
        total += np.bincount(k[keep], weights=bs[keep], minlength=seconds)[:seconds]
        rows += np.bincount(k[keep], minlength=seconds)[:seconds]
    return total, rows


def _windows(values: list[np.ndarray], window: int) -> tuple[np.ndarray, np.ndarray]:
    """Window i: the i-th row (in time order) of every job's log, for i below the smallest row count."""
    count = min(len(v) for v in values)
    total = np.sum([v[:count] for v in values], axis=0)
    return np.arange(count) * (window / 1000), total * 1024 / 1e9


def _seconds(columns: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Per-I/O logs: the jobs' bytes per second summed, where every job has rows."""
    total = np.sum([c[0] for c in columns], axis=0)
    every = np.all([c[1] > 0 for c in columns], axis=0)
    t = np.flatnonzero(every)
    return t.astype(np.float64), total[t] / 1e9


# The first columns of a fio log line (time, value, direction, block size): a log given where its JSON is needed.
_LOG_LINE = re.compile(rb"^\s*\d+, *\d+, *\d+, *\d+")


# The import's reader (an entry of report/inputs/ingest/tools.py): the matched files in, one Measured per run out.


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):
    """A fio import's runs: one per run's JSON, with its bandwidth samples where the table wants them."""
    measured, versions, problems = [], set(), []
    direction = READ if spec.into in ("load_times", "restore_times") else WRITE
    wanted = spec.into == "bandwidth" or (spec.into == "save_times" and spec.model == training_model)
    for name in names:
        data = files.read(name) or b""
        parsed, found = read_json(name, data)
        if parsed is None:
            problems += not_a_json(name, data, found, files.listing)
            continue
        versions.add(parsed.version)
        logs = {n: body for n in log_names(name, parsed) if (body := files.read(n)) is not None}
        result, found = parse_run(name, parsed, logs, direction, wanted)
        problems += found
        if result is None or found:
            continue
        if spec.into == "bandwidth" and result.t_s is None:
            message = "has no bandwidth log beside it (write_bw_log with per_job_logs=1), so it gives no samples"
            problems.append(Problem(name, parsed.line, None, message))
        size = result.size_bytes / 1e9
        origin = (name, parsed.line)
        measured.append(Measured(result.duration_s, size, origin, result.t_s, result.gbps, result.logs))
    return measured, tuple(sorted(versions)), problems


def not_a_json(name: str, data: bytes, found: list[Problem], listing: Listing) -> list[Problem]:
    """A fio log given where the run's JSON is needed says so, and whether a JSON is beside it."""
    if not _LOG_LINE.match(data):
        return found
    folder = posixpath.dirname(name)
    beside = [n for n in listing.names if posixpath.dirname(n) == folder and n.endswith((".json", ".out"))]
    wrote = [n for n in beside if name in _logs_of(n, listing)]  # the run whose options name this log
    if wrote or not beside:
        hint = f"name {wrote[0]} in files instead" if wrote else "and there is no JSON beside it"
    else:
        others = "the JSON beside it did not" if len(beside) == 1 else f"none of the {len(beside)} JSONs beside it did"
        hint = f"its run's options name it, and {others}: name the run's JSON in files instead"
    if listing.partial:
        hint = "name the run's JSON in files instead"
    if re.search(r"_bw\.log(\.[^/]*)?$", name):
        hint += (
            "; a log without a job number is shared by every job (per_job_logs=0) and cannot be split back into"
            " jobs: rerun fio with per_job_logs=1"
        )
    message = (
        "is a fio log, not a run's JSON output: the import reads the JSON (--output-format=json) and finds the"
        f" logs from its options; {hint}"
    )
    return [Problem(name, 1, None, message)]


def _logs_of(name: str, listing: Listing) -> list[str]:
    """The bandwidth logs the fio JSON `name` would have written, or [] where it is not one."""
    data = listing.read(name)
    run = read_json(name, data)[0] if data is not None and not _LOG_LINE.match(data) else None
    return log_names(name, run) if run is not None else []


def companions(
    spec: ImportSpec,  # noqa: ARG001 (the registry's signature)
    name: str,
    data: bytes,
    listing: Listing,
) -> tuple[list[str], list[Problem]]:
    """The files read beside a run's JSON: its bandwidth logs (a log given in its place is a problem), and the
    commands `python -m report measure` ran, where it made the run (its commands.txt: attached and listed with the
    inputs, so the appendix carries the exact commands the customer pages put in words)."""
    if found := not_a_json(name, data, [], listing):
        return [], found
    run, _ = read_json(name, data)
    commands = posixpath.join(posixpath.dirname(name), MEASURE_COMMANDS)
    beside = [commands] if commands in listing.names else []
    return (log_names(name, run) if run is not None else []) + beside, []


MEASURE_COMMANDS = "commands.txt"  #: report/measure/written.py's COMMANDS
