"""Running test.toml's [[import]] tables: the files each one reads, and the rows they give, runs numbered.

`collect` reads every file the imports need (the matched files, the fio logs their options name, a DLIO
summary.json); `run` turns those bytes into rows. Both see the files through one interface, so a report's
attachments give the same rows as the folder did.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from report.inputs.config import ImportSpec
from report.inputs.ingest import staging
from report.inputs.ingest.distinct import duplicate_runs
from report.inputs.ingest.files import CONFIG, glob_problem
from report.inputs.ingest.identify import identify, refusal
from report.inputs.ingest.measured import Files, Measured
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.problems import Problem

COLUMNS = {
    "save_times.csv": ("system", "model", "gpus", "snapshot_gb", "run", "save_s"),
    "bandwidth.csv": ("system", "run", "t_s", "write_gbps"),
    "load_times.csv": ("system", "model", "platform", "size_gb", "run", "load_s"),
    "restore_times.csv": ("system", "model", "run", "restore_s"),
    "scaling.csv": ("system", "clients", "run", "write_gbps"),
}
_MiB, _GiB = 1.048576, 1.073741824


@dataclass(frozen=True)
class ToolUse:
    """Which tool (and version, as its files report it) fed which table from which files."""

    tool: str
    versions: tuple[str, ...]
    into: str
    system: str
    files: tuple[str, ...]


@dataclass
class Imported:
    """Rows per table (CSV name -> column -> values), where each row came from, and every problem found."""

    rows: dict[str, dict[str, list]] = field(default_factory=dict)
    origins: dict[str, list[tuple[str, int | None]]] = field(default_factory=dict)
    tools: list[ToolUse] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: (system, run) -> (GB written, seconds) of each bandwidth run a tool timed whole: fio's own rate, its run time
    #: including what its logs do not cover (the closing fsync; cold read 29, M1)
    tool_runs: dict[tuple[str, int], tuple[float, float]] = field(default_factory=dict)
    #: system -> the hosts its imported scaling runs wrote from, as fio names them (a sweep through fio servers at
    #: loopback addresses ran on one machine: field test 7, finding 5)
    scaling_hosts: dict[str, set[str]] = field(default_factory=dict)
    #: system -> the most fio hosts one of its imported bandwidth runs wrote from at once (fio's client/server names
    #: each host's log `<prefix>_bw.<N>.log.<host>`), where that is more than one (field test 8, major 2)
    bandwidth_hosts: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def add(self, table: str, values: Mapping[str, object], origin: tuple[str, int | None]) -> None:
        """Append one row."""
        columns = self.rows.setdefault(table, {c: [] for c in COLUMNS[table]})
        for column in COLUMNS[table]:
            columns[column].append(values[column])
        self.origins.setdefault(table, []).append(origin)


def tables_fed(specs: tuple[ImportSpec, ...], training_model: str | None) -> set[str]:
    """The CSV names the imports may give rows to (a CSV so fed may be left out of the folder)."""
    fed = {s.table for s in specs}
    if any(IMPORT_TOOLS[s.tool].logs_bandwidth and s.into == "save_times" and s.model == training_model for s in specs):
        fed.add("bandwidth.csv")
    return fed


def matched(spec: ImportSpec, files: Files) -> tuple[list[str], list[Problem]]:
    """The files an import's patterns match, deduplicated and sorted; a pattern matching nothing is a problem."""
    names, problems = set(), []
    for pattern in spec.files:
        inside, outside = files.listing.glob(pattern)
        line = spec.files_line or spec.line
        if (problem := glob_problem(line, pattern, outside, inside, files.listing.loops)) is not None:
            problems.append(problem)
        names.update(inside)
    return sorted(names), problems


def collect(specs: tuple[ImportSpec, ...], files: Files) -> tuple[dict[str, bytes], list[Problem]]:
    """Every file the imports read, by its path inside the folder."""
    read: dict[str, bytes] = {}
    problems: list[Problem] = []
    for spec in specs:
        names, found = matched(spec, files)
        problems += found
        for name in names:
            data = read.get(name)
            read[name] = data if data is not None else files.read(name) or b""
            companions = IMPORT_TOOLS[spec.tool].companions
            extras, found = ([], []) if companions is None else companions(spec, name, read[name], files.listing)
            problems += found
            for extra in extras:
                if extra not in read and (body := files.read(extra)) is not None:
                    read[extra] = body
    return read, problems


@dataclass
class Numbering:
    """The highest run number used per row key, and bandwidth.csv's own (system, run) pairs with a line each."""

    highest: dict[tuple, int] = field(default_factory=dict)
    bandwidth_csv: dict[tuple[str, int], int | None] = field(default_factory=dict)

    def next(self, key: tuple) -> int:
        """The next run number for a key."""
        self.highest[key] = self.highest.get(key, 0) + 1
        return self.highest[key]


def run(specs: tuple[ImportSpec, ...], training_model: str, files: Files, numbering: Numbering) -> Imported:
    """The rows every import gives, numbered after the CSVs' runs, in test.toml's order."""
    out = Imported()
    seen: dict[tuple[str, str], int] = {}
    first_of: dict[str, str] = {}
    for spec in specs:
        names, problems = matched(spec, files)
        out.problems += problems
        problems = _repeats(spec, names, seen, training_model)
        problems += duplicate_runs(spec, names, files, first_of)
        out.problems += problems
        if problems or not names:
            continue
        measured, versions, problems = _measure(spec, names, files, training_model)
        problems = _said_what_they_are(spec, names, files, problems)
        problems = problems or _check_sizes(spec, measured)  # sizes of what was read, not of what could not be
        out.problems += problems
        if not problems:
            out.problems += _rows(spec, measured, numbering, out)
            out.tools.append(ToolUse(spec.tool, versions, spec.into, spec.system, tuple(names)))
    return out


def _key(spec: ImportSpec) -> tuple:
    if spec.into == "save_times":
        return ("save_times.csv", spec.system, spec.model)
    if spec.into == "load_times":
        return ("load_times.csv", spec.system, spec.model, spec.platform)
    if spec.into == "restore_times":
        return ("restore_times.csv", spec.system, spec.model)
    if spec.into == "scaling":  # and each run's client count (`_rows`)
        return ("scaling.csv", spec.system)
    return ("bandwidth.csv", spec.system)


def _repeats(
    spec: ImportSpec, names: list[str], seen: dict[tuple[str, str], int], training_model: str
) -> list[Problem]:
    """Two imports giving the same run: one file (or two with the same bytes) read twice into one table."""
    problems = []
    for feed in tables_fed((spec,), training_model):
        for name in names:
            key = (feed, name)
            if key in seen and seen[key] != spec.line:
                message = (
                    f'"{name}" is also imported into {feed} by the [[import]] at line {seen[key]}: the same run twice'
                )
                problems.append(Problem(CONFIG, spec.files_line or spec.line, "import.files", message))
            seen.setdefault(key, spec.line)
    return problems


def _measure(
    spec: ImportSpec, names: list[str], files: Files, training_model: str
) -> tuple[list[Measured], tuple[str, ...], list[Problem]]:
    tool = IMPORT_TOOLS[spec.tool]
    measured, versions, problems = tool.reader(spec, names, files, training_model)
    if tool.trainer_log and spec.into == "save_times":
        seconds = [m.seconds for m in measured]
        staged = [
            staging.refusal(name, at, seconds)
            for name in names
            if (at := staging.evidence(files.read(name) or b"", spec.async_mode, _first_line(measured, name)))
            is not None
        ]
        if staged:  # its durations are not saves, whatever else is wrong with them
            return [], (), staged
    return measured, versions, problems


def _said_what_they_are(spec: ImportSpec, names: list[str], files: Files, problems: list[Problem]) -> list[Problem]:
    """A refused file that is another tool's output, or no tool's, is said to be what it is, with what to import
    instead (issue 46), in place of what the import's tool found missing in it."""
    if not problems:
        return problems
    tool = IMPORT_TOOLS[spec.tool]
    out = list(problems)
    for name in names:
        if not any(p.file == name for p in problems):
            continue
        kind = identify(name, files.read(name) or b"")
        if kind is None or kind.tool == spec.tool:
            continue
        out = [p for p in out if p.file != name]
        out.append(Problem(name, None, None, refusal(kind, spec.tool, tool.name)))
    return out


def _first_line(measured: list[Measured], name: str) -> int | None:
    return min((m.origin[1] for m in measured if m.origin[0] == name and m.origin[1]), default=None)


def _check_sizes(spec: ImportSpec, measured: list[Measured]) -> list[Problem]:
    """Reported sizes against test.toml's, or against each other when test.toml gives none."""
    column = "size_gb" if spec.into == "load_times" else "snapshot_gb"
    given, problems = spec.snapshot_gb, []
    if spec.into in ("bandwidth", "scaling") or (spec.into == "restore_times" and IMPORT_TOOLS[spec.tool].trainer_log):
        return []  # samples and scaling rows carry no size; restore rows carry none and a trainer's log gives none
    if given is None:
        sizes = [m for m in measured if m.size_gb is not None]
        if len(sizes) < len(measured) or not measured:
            return [
                Problem(CONFIG, spec.line, f"import.{column}", f"{spec.tool} does not report the size: give {column}")
            ]
        first = sizes[0]
        for m in sizes[1:]:
            if m.size_gb != first.size_gb:
                message = (
                    f"reports {m.size_gb!r} GB, {first.origin[0]} {first.size_gb!r} GB: the runs of one import must"
                    f" share one size (or give {column} in test.toml)"
                )
                problems.append(Problem(m.origin[0], m.origin[1], column, message))
        return problems[:1]
    for m in measured:
        if m.size_gb is not None and abs(m.size_gb - given) > 0.01 * given:
            file, line = m.size_from or m.origin
            problems.append(Problem(file, line, column, _size_message(m.size_gb, given, column)))
    return list(dict.fromkeys(problems))


def _size_message(reported: float, given: float, column: str) -> str:
    ratio = reported / given
    hint = ""
    for factor, small, big in ((_MiB, "MiB", "MB"), (_GiB, "GiB", "GB")):
        if abs(ratio - factor) < 0.002 or abs(ratio - factor**2) < 0.002:
            hint = f" (the ratio is {ratio:.4f}: a size in {small} written as {big}?)"
    return (
        f"the tool reports {reported:.10g} GB, test.toml gives {column} = {given:g}: they differ by more than 1%{hint}"
    )


def _rows(spec: ImportSpec, measured: list[Measured], numbering: Numbering, out: Imported) -> list[Problem]:
    """The rows of one import; its fio samples go to bandwidth.csv under the save's run number."""
    problems = []
    key = _key(spec)
    for m in measured:
        if spec.into == "scaling":  # numbered per client count: a run is unique per (system, clients)
            number = numbering.next((*key, m.clients))
            row = {"system": spec.system, "clients": m.clients, "run": number, "write_gbps": m.write_gbps}
            out.add("scaling.csv", row, m.origin)
            out.scaling_hosts.setdefault(spec.system, set()).update(m.hosts)
            continue
        number = numbering.next(key)
        size = spec.snapshot_gb if spec.snapshot_gb is not None else m.size_gb
        if spec.into == "save_times":
            row = {"system": spec.system, "model": spec.model, "gpus": spec.gpus, "snapshot_gb": size}
            out.add("save_times.csv", row | {"run": number, "save_s": m.seconds}, m.origin)
        elif spec.into == "load_times":
            row = {"system": spec.system, "model": spec.model, "platform": spec.platform, "size_gb": size}
            out.add("load_times.csv", row | {"run": number, "load_s": m.seconds}, m.origin)
        elif spec.into == "restore_times":  # the size only checked the files: restore rows carry none
            row = {"system": spec.system, "model": spec.model, "run": number, "restore_s": m.seconds}
            out.add("restore_times.csv", row, m.origin)
        if m.t_s is not None:
            problems += _samples(spec.system, number, m, numbering, out)
            if spec.into == "bandwidth" and m.size_gb and m.seconds > 0:
                out.tool_runs[(spec.system, number)] = (m.size_gb, m.seconds)
    return problems


def _samples(system: str, number: int, m: Measured, numbering: Numbering, out: Imported) -> list[Problem]:
    bandwidth_key = ("bandwidth.csv", system)
    if (system, number) in numbering.bandwidth_csv:
        line = numbering.bandwidth_csv[(system, number)]
        where = f"bandwidth.csv:{line}" if line else "bandwidth.csv"
        message = f'gives run {number} of "{system}", which {where} already has'
        return [Problem(m.logs[0] if m.logs else m.origin[0], None, "run", message)]
    numbering.highest[bandwidth_key] = max(numbering.highest.get(bandwidth_key, 0), number)
    assert m.t_s is not None and m.gbps is not None  # called for a run with samples; a reader gives both or neither
    for t, gbps in zip(m.t_s.tolist(), m.gbps.tolist(), strict=True):
        out.add("bandwidth.csv", {"system": system, "run": number, "t_s": t, "write_gbps": gbps}, (m.logs[0], None))
    hosts = tuple(sorted({found.group(1) for name in m.logs if (found := _LOG_HOST.search(name))}))
    if len(hosts) > max(1, len(out.bandwidth_hosts.get(system, ()))):
        out.bandwidth_hosts[system] = hosts
    return []


#: the host a client/server run's bandwidth log was written on: `<prefix>_bw.<N>.log.<host>`
_LOG_HOST = re.compile(r"_bw\.\d+\.log\.(.+)$")
