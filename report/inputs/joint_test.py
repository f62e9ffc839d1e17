"""Loading a joint-test folder: its files read once, the imports run, every rule of the contract checked across them."""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from report import bounds, stats
from report.inputs import files as inputs
from report.inputs import misspelt
from report.inputs.config import TestConfig, parse_config
from report.inputs.csv_tables import CsvTable, header_of, read_table
from report.inputs.ingest import imports as ingest
from report.inputs.ingest.files import AttachedFiles, FolderFiles
from report.inputs.runs import BandwidthLog, group_runs
from report.inputs.safe_read import Unreadable, read_regular, resolved
from report.inputs.texts import unknown_names
from report.problems import InvalidInput, Problem
from report.text_check import text_problem


@dataclass(frozen=True)
class JointTest:
    """A validated joint test: its configuration, its three tables and the bytes they came from."""

    config: TestConfig
    saves: pd.DataFrame
    bandwidth: BandwidthLog
    loads: pd.DataFrame
    raw: dict[str, bytes]  #: every input file by its path inside the folder: test.toml, the CSVs present, raw files
    sha256: Mapping[str, str]  #: each input file's name mapped to the SHA-256 of its bytes
    imported: ingest.Imported | None = None  #: the rows the [[import]] tables gave, and the tools they came from
    restores: pd.DataFrame | None = None  #: restore_times rows (CSV and imports); None when no restore was measured
    scaling: pd.DataFrame | None = None  #: scaling rows (CSV and imports); None when client scaling was not measured
    #: each name test.toml gives (system, model, projection) mapped to the name the report prints in its language,
    #: where they differ ([text.<language>]; inputs/texts.py `printed`): the tables hold the printed names, raw given
    printed_names: Mapping[str, str] = field(default_factory=dict)


INPUT_LIMIT = 4 << 30  # bytes of one input file: far beyond a 10M-sample log (367 MB)


def read_folder(folder: Path) -> dict[str, bytes]:
    """The bytes of every input: test.toml, the CSVs, and each file the imports read; InvalidInput if one is missing.

    A CSV may be left out when an [[import]] feeds its table.
    """
    if not folder.is_dir():
        raise InvalidInput([Problem(str(folder), None, None, "this joint-test folder does not exist")])
    raw, problems = {}, []
    for item in inputs.INPUTS:
        path = folder / item.name
        if path.exists() or path.is_symlink():
            data = read_input(folder, item.name)
            if isinstance(data, Problem):
                problems.append(data)
            else:
                raw[item.name] = data
    if inputs.CONFIG.name not in raw:  # without test.toml no import is known: every CSV must be there
        if not problems:
            problems.append(Problem(inputs.CONFIG.name, None, None, f"the file is missing from {folder}"))
        missing = [
            t.name for t in inputs.TABLES if t.name not in raw and not t.optional and not _present(folder / t.name)
        ]
        raise InvalidInput(problems + [Problem(n, None, None, f"the file is missing from {folder}") for n in missing])
    config, _ = parse_config(raw[inputs.CONFIG.name])
    fed = _fed(config, raw[inputs.CONFIG.name])
    for item in inputs.TABLES:
        if item.name not in raw and item.name not in fed and not item.optional and not _present(folder / item.name):
            problems.append(Problem(item.name, None, None, f"the file is missing from {folder}"))
    if config is not None and config.imports:
        found, errors = ingest.collect(config.imports, FolderFiles(folder))
        problems += errors
        raw |= {name: found[name] for name in sorted(found) if name not in raw}
    if problems:
        raise InvalidInput(problems)
    return raw


def _present(path: Path) -> bool:
    return path.exists() or path.is_symlink()


def read_input(folder: Path, name: str) -> bytes | Problem:
    """One input file's bytes, or the problem with it: missing, leading outside the folder, not a file, unreadable."""
    path = folder / name
    if not path.exists() and not path.is_symlink():
        return Problem(name, None, None, f"the file is missing from {folder}")
    try:
        if not resolved(path).is_relative_to(folder.resolve()):
            return Problem(
                name, None, None, "is a link leading outside the joint-test folder; copy the file in instead"
            )
        return read_regular(path, INPUT_LIMIT)
    except Unreadable as exc:
        return Problem(name, None, None, str(exc))
    except OSError as exc:
        return Problem(name, None, None, f"cannot be read ({exc.strerror or exc})")


def read_joint_test(folder: Path) -> JointTest:
    """Read and validate a joint-test folder; raises InvalidInput listing every problem found."""
    return parse(read_folder(folder))


def parse(raw: dict[str, bytes], sha256: Mapping[str, str] | None = None) -> JointTest:
    """Validate the inputs' bytes (the imports run over them); raises InvalidInput listing every problem found.

    `sha256` may come from hashes already under way elsewhere (report/pdf/evidence.py); by default they are computed.
    """
    config, problems = parse_config(raw[inputs.CONFIG.name])
    tables: dict[str, CsvTable] = {}
    for item in inputs.TABLES:
        if item.name in raw:
            table, found = read_table(item.name, raw[item.name], item.columns)
            if table is not None and not found:
                found = _check_cells(table, item)
            problems += found
            if table is not None and not found:
                tables[item.name] = table
    imported = None
    fed = _fed(config, raw[inputs.CONFIG.name])
    for item in inputs.TABLES:
        if item.name not in raw and item.name not in fed and not item.optional:
            problems.append(Problem(item.name, None, None, "the file is missing"))
    if config is not None and config.imports:
        imported = ingest.run(config.imports, config.training.model, AttachedFiles(raw), _numbering(tables))
        problems += imported.problems
    relocate: dict[str, tuple[int, list]] = {}
    merged = imported is None
    if imported is not None and not problems:
        problems += _merge(raw, tables, imported, relocate)
        merged = True
    log = None
    if config is not None and merged:
        found, log = _cross_checks(config, tables, _import_lines(config, raw))
        roles = {role: getattr(config.systems, role) for role in misspelt.ROLES}
        found = misspelt.row_problems(raw[inputs.CONFIG.name], roles, tables) + found  # the typo's line first
        problems += found + _printed_names(config, tables)
    if problems:
        raise InvalidInput([_relocated(p, relocate) for p in problems])
    # No problem: parse_config gave a config, and bandwidth.csv (required, typed or imported) gave a log.
    assert config is not None and log is not None
    raw = canonical_order(raw)
    if sha256 is None:
        sha256 = {name: hashlib.sha256(data).hexdigest() for name, data in raw.items()}
    saves, loads = _frame(tables["save_times.csv"]), _frame(tables["load_times.csv"])
    restores = _frame(tables["restore_times.csv"]) if "restore_times.csv" in tables else None
    scaling = _frame(tables["scaling.csv"]) if "scaling.csv" in tables else None
    return JointTest(config, saves, log, loads, raw, sha256, imported, restores, scaling)


def canonical_order(raw: Mapping[str, bytes]) -> dict[str, bytes]:
    """The inputs in one order whatever order they were read in: test.toml, the CSVs as described, raw files by path.

    The colophon lists them and the PDF attaches them in this order, so a rebuild from the attachments (verify)
    gives the same pages and bytes as the build from the folder.
    """
    described = [f.name for f in inputs.INPUTS]
    rank = {name: i for i, name in enumerate(described)}
    return {name: raw[name] for name in sorted(raw, key=lambda n: (rank.get(n, len(described)), n))}


def _fed(config: TestConfig | None, toml: bytes) -> set[str]:
    """The CSVs imports may feed; while test.toml is invalid, any of them if it has [[import]] tables at all
    (so that its own problems are not buried under files that are missing only because of them)."""
    if config is not None:
        return ingest.tables_fed(config.imports, config.training.model)
    return {item.name for item in inputs.TABLES} if b"[[import]]" in toml else set()


def _numbering(tables: dict[str, CsvTable]) -> ingest.Numbering:
    """The highest run number of each row key in the CSVs, and bandwidth.csv's (system, run) pairs."""
    numbering = ingest.Numbering()
    keys = {"save_times.csv": ["system", "model"], "load_times.csv": ["system", "model", "platform"]}
    keys["restore_times.csv"] = ["system", "model"]
    keys["scaling.csv"] = ["system", "clients"]
    keys["bandwidth.csv"] = ["system"]
    for name, by in keys.items():
        if (table := tables.get(name)) is None:
            continue
        frame = pd.DataFrame({k: table.columns[k] for k in [*by, "run"]}, copy=False)
        for key, run in frame.groupby(by, observed=True)["run"].max().items():
            numbering.highest[(name, *(key if isinstance(key, tuple) else (key,)))] = int(run)
    if (table := tables.get("bandwidth.csv")) is not None:
        frame = pd.DataFrame({k: table.columns[k] for k in ("system", "run")}, copy=False)
        first = frame.drop_duplicates(keep="first")
        lines = table.line_of(first.index.to_numpy())
        for (system, run), line in zip(first.itertuples(index=False), lines, strict=True):
            numbering.bandwidth_csv[(str(system), int(run))] = int(line)
    return numbering


def _merge(
    raw: dict[str, bytes], tables: dict[str, CsvTable], imported: ingest.Imported, relocate: dict
) -> list[Problem]:
    """Each fed table read again with the imported rows appended as CSV lines, so every rule applies to them."""
    problems = []
    for item in inputs.TABLES:
        rows = imported.rows.get(item.name)
        if not rows:
            if item.name not in raw and not item.optional:
                message = "the file is missing and no [[import]] gave rows for it"
                problems.append(Problem(item.name, None, None, message))
            continue
        data, first_line = _with_rows(raw.get(item.name), rows, item)
        relocate[item.name] = (first_line, imported.origins[item.name])
        table, found = read_table(item.name, data, item.columns)
        if table is not None and not found:
            found = _check_cells(table, item)  # the typed rows' rules, the imported rows named by their raw file
        problems += found
        if table is not None and not found:
            tables[item.name] = table
    return problems


def _check_cells(table: CsvTable, item: inputs.CsvFile) -> list[Problem]:
    """Every rule on a table's cells, one place for typed and imported rows: counts and names within bounds, texts
    printable, numbers within the range a measurement can take (issue 44 F9: imported rows skipped the ranges)."""
    text_columns = [column for column, kind in item.columns.items() if kind == "text"]
    found = bounds.table_problems(table, text_columns)  # first: a million names is one line, at once
    return found or _check_texts(table, text_columns) + _check_ranges(table, item.columns)


def _with_rows(csv_bytes: bytes | None, rows: dict[str, list], item: inputs.CsvFile) -> tuple[bytes, int]:
    """The CSV's bytes and the imported rows after them, in its header's order; and the first such row's line."""
    header = header_of(csv_bytes) if csv_bytes else list(item.columns)
    head = b"" if csv_bytes else (",".join(header) + "\n").encode()
    body = csv_bytes or b""
    if body and not body.endswith((b"\n", b"\r")):
        body += b"\n"
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    count = len(next(iter(rows.values())))
    columns = [rows.get(c) for c in header]
    for i in range(count):
        writer.writerow(["" if col is None else _cell(col[i]) for col in columns])
    data = head + body + text.getvalue().encode("utf-8")
    before = head + body
    lines = before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n")
    return data, lines + 1


def _cell(value: object) -> str:
    """Numbers in Python's shortest round-trip form."""
    return repr(value) if isinstance(value, float) else str(value)


def _relocated(problem: Problem, relocate: dict[str, tuple[int, list]]) -> Problem:
    """A problem in an imported row, named by the raw file (and line) it came from."""
    if problem.file not in relocate or problem.line is None or problem.line < relocate[problem.file][0]:
        return problem
    first, origins = relocate[problem.file]
    file, line = origins[problem.line - first]
    return Problem(file, line, problem.where, f"{problem.message} (imported into {problem.file})")


# Bounds no measurement reaches, by the column's unit (report/bounds.py: one table for the CSVs and test.toml).
PLAUSIBLE = bounds.PLAUSIBLE


def _check_ranges(table: CsvTable, spec: dict[str, str]) -> list[Problem]:
    """Each number column within the bounds of its unit (PLAUSIBLE), each count within its bound (COUNTS); a sample at
    t_s 0 is fine."""
    problems = []
    for column, kind in spec.items():
        unit = next((u for u in PLAUSIBLE if column.endswith(u)), None)
        if unit is None or not kind.startswith("num"):
            continue
        low, high = PLAUSIBLE[unit]
        values = np.asarray(table.columns[column], dtype=float)
        outside = np.flatnonzero(((values < low) & (values != 0)) | (values > high))
        for row, line in zip(outside[:10], table.line_of(outside[:10]), strict=True):
            message = f'"{_display(values[row])}" is outside the range a measurement can take ({low:g} to {high:g})'
            problems.append(Problem(table.name, int(line), column, message))
        if len(outside) > 10:
            problems.append(Problem(table.name, None, column, f"{len(outside) - 10} more values out of range"))
    for column, (most, what) in bounds.COUNTS.items():
        if column not in spec:
            continue
        counts = np.asarray(table.columns[column])
        above = np.flatnonzero(counts > most)
        for row, line in zip(above[:10], table.line_of(above[:10]), strict=True):
            message = f'"{int(counts[row])}" is more than a joint test can take (at most {most:,} {what})'
            problems.append(Problem(table.name, int(line), column, message))
        if len(above) > 10:
            problems.append(Problem(table.name, None, column, f"{len(above) - 10} more values out of range"))
    return problems


def _check_texts(table: CsvTable, columns: list[str]) -> list[Problem]:
    """Each distinct text of the text columns printable and drawable (report/text_check.py), located."""
    problems = []
    for column in columns:
        values: pd.Categorical = table.columns[column]
        bad = [(code, wrong) for code, name in enumerate(values.categories) if (wrong := text_problem(name))]
        for code, wrong in bad[:10]:
            line = int(table.line_of(np.flatnonzero(values.codes == code)[:1])[0])
            problems.append(Problem(table.name, line, column, wrong))
        if len(bad) > 10:
            problems.append(Problem(table.name, None, column, f"{len(bad) - 10} more texts like these"))
    return problems


def _frame(table: CsvTable) -> pd.DataFrame:
    return pd.DataFrame(table.columns, copy=False)


def _import_lines(config: TestConfig, raw: Mapping[str, bytes]) -> dict[tuple[str, str | None], int]:
    """Where test.toml feeds a table that has no CSV: the line of the [[import]] of each (table, system), and of
    the table's first import under (table, None). A table-wide problem of such a table names that line."""
    lines: dict[tuple[str, str | None], int] = {}
    for spec in config.imports:
        if spec.table not in raw:
            lines.setdefault((spec.table, spec.system), spec.line)
            lines.setdefault((spec.table, None), spec.line)
    return lines


def _cross_checks(
    config: TestConfig, tables: dict[str, CsvTable], imports: dict[tuple[str, str | None], int]
) -> tuple[list[Problem], BandwidthLog | None]:
    systems = config.systems
    save_systems = {systems.save_baseline: "save_baseline", systems.candidate: "candidate"}
    load_systems = {systems.load_baseline: "load_baseline", systems.candidate: "candidate"}
    problems: list[Problem] = []
    if saves := tables.get("save_times.csv"):
        problems += _check_systems(saves, save_systems, imports)
        problems += _check_unique(saves, ["system", "model", "run"], "run", "this run number appears twice")
        problems += _check_model_constants(saves, "model", ["snapshot_gb", "gpus"])
        problems += _check_training_model(saves, config, save_systems, imports)
    log = None
    if bandwidth := tables.get("bandwidth.csv"):
        problems += _check_systems(bandwidth, save_systems, imports)
        log, found = _bandwidth_log(bandwidth, save_systems)
        problems += found
    if loads := tables.get("load_times.csv"):
        problems += _check_systems(loads, load_systems, imports)
        problems += _check_unique(loads, ["system", "model", "platform", "run"], "run", "this run number appears twice")
        problems += _check_model_constants(loads, ["model", "platform"], ["size_gb"])
        problems += _check_both_loaded(loads, load_systems)
    if restores := tables.get("restore_times.csv"):
        problems += _check_systems(restores, save_systems, imports)
        problems += _check_unique(restores, ["system", "model", "run"], "run", "this run number appears twice")
        problems += _check_training_model(restores, config, save_systems, imports)
        if saves:
            problems += _check_saved_models(restores, saves)
    if scaling := tables.get("scaling.csv"):  # a save system may have no rows: its side is then not scaled
        problems += _check_systems(scaling, save_systems, imports, every=False)
        message = "this run number appears twice"
        problems += _check_unique(scaling, ["system", "clients", "run"], "run", message)
    return problems, log


def _printed_names(config: TestConfig, tables: dict[str, CsvTable]) -> list[Problem]:
    """[text.<language>] models and platforms name models and platforms of the rows (the saves', the restores', the
    loads'), which only the rows give: checked once they are read (report/inputs/texts.py)."""
    if not any(t.models or t.platforms for t in config.texts.values()):
        return []

    def names(table: str, column: str) -> set[str]:
        found = tables.get(table)
        if found is None or column not in found.columns:
            return set()
        return {str(v) for v in pd.Series(found.columns[column]).dropna().unique()}

    models = names("save_times.csv", "model") | names("restore_times.csv", "model") | names("load_times.csv", "model")
    platforms = names("load_times.csv", "platform")
    return [
        Problem(inputs.CONFIG.name, None, None, message) for message in unknown_names(config.texts, models, platforms)
    ]


def _check_saved_models(restores: CsvTable, saves: CsvTable) -> list[Problem]:
    """A restore reads a checkpoint a save wrote: its model must be a model of save_times.csv (on any system)."""
    model: pd.Categorical = restores.columns["model"]
    saved_models: pd.Categorical = saves.columns["model"]
    saved = set(saved_models.categories)
    problems = []
    for code, name in enumerate(model.categories):
        if name not in saved:
            line = int(restores.line_of(np.flatnonzero(model.codes == code)[:1])[0])
            message = f'"{name}" is not a model of save_times.csv; a restore reads back a checkpoint that was saved'
            problems.append(Problem(restores.name, line, "model", message))
    return problems


def _unlocated(
    table: CsvTable, imports: dict[tuple[str, str | None], int], system: str, where: str, message: str
) -> Problem:
    """A problem of a whole table: named by the CSV, or, when only imports feed it, by the [[import]] line of
    that system (else the table's first import), as the contract asks."""
    line = imports.get((table.name, system)) or imports.get((table.name, None))
    if line is None:
        return Problem(table.name, None, where, message)
    return Problem(inputs.CONFIG.name, line, f"import.{where}", f"{message} (imported into {table.name})")


def _check_systems(
    table: CsvTable, expected: dict[str, str], imports: dict[tuple[str, str | None], int], every: bool = True
) -> list[Problem]:
    """Every row names a system of test.toml, and (`every`) each such system has rows."""
    system: pd.Categorical = table.columns["system"]
    problems = []
    allowed = " or ".join(f'"{name}"' for name in expected)
    unknown = [code for code, name in enumerate(system.categories) if name not in expected]
    counts = np.bincount(np.asarray(system.codes), minlength=len(system.categories))
    for code in unknown[:10]:  # at most 10 messages, each costing one pass over the column
        line = int(table.line_of(np.flatnonzero(system.codes == code)[:1])[0])
        also = f" (and {counts[code] - 1} more rows)" if counts[code] > 1 else ""
        message = f'"{system.categories[code]}" is not a system of test.toml [systems]{also}; expected {allowed}'
        problems.append(Problem(table.name, line, "system", message))
    if len(unknown) > 10:
        message = f"{len(unknown) - 10} more names that are not systems of test.toml [systems]"
        problems.append(Problem(table.name, None, "system", message))
    for name, key in expected.items() if every else ():
        if name not in system.categories:
            message = f'no rows for "{name}" (test.toml systems.{key})'
            problems.append(_unlocated(table, imports, name, "system", message))
    return problems


def _check_unique(table: CsvTable, keys: list[str], column: str, message: str) -> list[Problem]:
    frame = pd.DataFrame({k: table.columns[k] for k in keys}, copy=False)
    return _repeated(table, np.flatnonzero(frame.duplicated(keep="first").to_numpy()), keys, column, message)


def _repeated(table: CsvTable, rows: np.ndarray, keys: list[str], column: str, message: str) -> list[Problem]:
    """Problems for rows (0-based, in file order) that repeat an earlier row's keys."""
    if len(rows) == 0:
        return []
    problems = []
    for row, line in zip(rows[:10], table.line_of(rows[:10]), strict=True):
        value = _display(table.columns[column][row])
        problems.append(Problem(table.name, int(line), column, f'"{value}": {message} for the same {_group(keys)}'))
    if len(rows) > 10:
        problems.append(Problem(table.name, None, column, f"{len(rows) - 10} more repeated rows"))
    return problems


def _group(keys: list[str]) -> str:
    return ", ".join(k for k in keys[:-1])


def _display(value: object) -> str:
    if isinstance(value, float | np.floating):
        return f"{value:g}" if float(value).is_integer() else repr(float(value))
    return str(value)


def _check_model_constants(table: CsvTable, by: str | list[str], columns: list[str]) -> list[Problem]:
    """All rows of one model (or model and platform) share one value of each of `columns`."""
    by = [by] if isinstance(by, str) else by
    frame = pd.DataFrame({k: table.columns[k] for k in by + columns}, copy=False)
    problems = []
    for column in columns:
        first = frame.groupby(by, observed=True, sort=False)[column].transform("first").to_numpy()
        differing = np.flatnonzero(frame[column].to_numpy() != first)
        seen = set()
        for row in differing:
            group = tuple(str(frame[k].iloc[row]) for k in by)
            if group in seen:
                continue
            seen.add(group)
            line = int(table.line_of(np.asarray([row]))[0])
            label = " on ".join(f'"{g}"' for g in group)
            message = (
                f'"{_display(frame[column].iloc[row])}" differs from {_display(first[row])} given earlier for {label};'
                f" all rows of one {' and '.join(by)} must share one {column}"
            )
            problems.append(Problem(table.name, line, column, message))
    return problems


def _check_training_model(
    table: CsvTable, config: TestConfig, systems: dict[str, str], imports: dict[tuple[str, str | None], int]
) -> list[Problem]:
    """Each save system has rows of the model the bubble analysis uses."""
    model = config.training.model
    frame = pd.DataFrame({k: table.columns[k] for k in ("system", "model")}, copy=False)
    of_model = set(frame.loc[frame["model"] == model, "system"].astype(str))
    system_column: pd.Categorical = table.columns["system"]
    problems = []
    for name in systems:
        if name not in of_model and name in system_column.categories:
            message = f'no rows of the training model "{model}" (test.toml training.model) for "{name}"'
            problems.append(_unlocated(table, imports, name, "model", message))
    return problems


def _bandwidth_log(table: CsvTable, systems: dict[str, str]) -> tuple[BandwidthLog, list[Problem]]:
    """The samples grouped into runs; repeated sample times, and a system whose sustained bandwidth is zero."""
    system: pd.Categorical = table.columns["system"]
    log, repeated = group_runs(
        tuple(system.categories),
        np.asarray(system.codes),
        table.columns["run"],
        table.columns["t_s"],
        table.columns["write_gbps"],
    )
    message = "a sample at this time appears twice"
    problems = _repeated(table, repeated, ["system", "run", "t_s"], "t_s", message)
    for name in (name for name in systems if name in log.systems):  # other names are reported as unknown
        value = stats.mean(log.run_mean[log.runs_of(name)].tolist())
        if not value > 0:
            message = f'the sustained bandwidth of "{name}" comes out as {value:g} GB/s; it must be above zero'
            problems.append(Problem(table.name, None, "write_gbps", message))
    return log, problems


def _check_both_loaded(table: CsvTable, systems: dict[str, str]) -> list[Problem]:
    frame = pd.DataFrame({k: table.columns[k] for k in ("system", "model", "platform")}, copy=False)
    problems = []
    for (model, platform), group in frame.groupby(["model", "platform"], observed=True, sort=True):
        have = set(group["system"].astype(str))
        for name, key in systems.items():
            if name not in have:
                line = int(table.line_of(np.asarray([group.index[0]]))[0])
                message = (
                    f'"{model}" on "{platform}" has no rows for "{name}" (test.toml systems.{key});'
                    " both systems must load it"
                )
                problems.append(Problem(table.name, line, "system", message))
    return problems


def imported_csv(test: JointTest) -> str:
    """The imported rows of each table the imports feed: `# <name>.csv`, the header, the rows (`rows` command)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    rows = test.imported.rows if test.imported is not None else {}
    for item in inputs.TABLES:
        if item.name not in rows:
            continue
        out.write(f"# {item.name}\n")
        writer.writerow(list(item.columns))
        columns = [rows[item.name][c] for c in item.columns]
        writer.writerows([_cell(v) for v in row] for row in zip(*columns, strict=True))
    return out.getvalue()
