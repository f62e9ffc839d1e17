"""Loading a joint-test folder: the four files read once, every rule of the contract checked across them."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from report import stats
from report.config import TestConfig, parse_config
from report.evidence import INPUT_FILES
from report.problems import InvalidInput, Problem
from report.runs import BandwidthLog, group_runs
from report.safe_read import Unreadable, read_regular
from report.tables import Table, read_table
from report.text_check import text_problem

SAVE_SPEC = {
    "system": "text",
    "model": "text",
    "gpus": "int>0",
    "snapshot_gb": "num>0",
    "run": "int>=1",
    "save_s": "num>0",
}
BANDWIDTH_SPEC = {"system": "text", "run": "int>=1", "t_s": "num>=0", "write_gbps": "num>=0"}
LOAD_SPEC = {
    "system": "text",
    "model": "text",
    "platform": "text",
    "size_gb": "num>0",
    "run": "int>=1",
    "load_s": "num>0",
}


@dataclass(frozen=True)
class JointTest:
    """A validated joint test: its configuration, its three tables and the bytes they came from."""

    config: TestConfig
    saves: pd.DataFrame
    bandwidth: BandwidthLog
    loads: pd.DataFrame
    raw: dict[str, bytes]
    sha256: Mapping[str, str]  #: each input file's name mapped to the SHA-256 of its bytes


INPUT_LIMIT = 4 << 30  # bytes of one input file: far beyond a 10M-sample log (367 MB)


def read_folder(folder: Path) -> dict[str, bytes]:
    """The bytes of the four input files; a missing folder or file, or one that is not a plain file, is InvalidInput."""
    if not folder.is_dir():
        raise InvalidInput([Problem(str(folder), None, None, "this joint-test folder does not exist")])
    raw, problems = {}, []
    for name in INPUT_FILES:
        data = read_input(folder, name)
        if isinstance(data, Problem):
            problems.append(data)
        else:
            raw[name] = data
    if problems:
        raise InvalidInput(problems)
    return raw


def read_input(folder: Path, name: str) -> bytes | Problem:
    """One input file's bytes, or the problem with it: missing, leading outside the folder, not a file, unreadable."""
    path = folder / name
    if not path.exists() and not path.is_symlink():
        return Problem(name, None, None, f"the file is missing from {folder}")
    if not path.resolve().is_relative_to(folder.resolve()):
        return Problem(name, None, None, "is a link leading outside the joint-test folder; copy the file in instead")
    try:
        return read_regular(path, INPUT_LIMIT)
    except Unreadable as exc:
        return Problem(name, None, None, str(exc))
    except OSError as exc:
        return Problem(name, None, None, f"cannot be read ({exc.strerror or exc})")


def load(folder: Path) -> JointTest:
    """Read and validate a joint-test folder; raises InvalidInput listing every problem found."""
    return parse(read_folder(folder))


def parse(raw: dict[str, bytes], sha256: Mapping[str, str] | None = None) -> JointTest:
    """Validate the four files' bytes; raises InvalidInput listing every problem found.

    `sha256` may come from hashes already under way elsewhere (report/evidence.py); by default they are computed.
    """
    config, problems = parse_config(raw["test.toml"])
    tables = {}
    for name, spec in (("save_times.csv", SAVE_SPEC), ("bandwidth.csv", BANDWIDTH_SPEC), ("load_times.csv", LOAD_SPEC)):
        table, found = read_table(name, raw[name], spec)
        if table is not None and not found:
            found = _check_texts(table, [column for column, kind in spec.items() if kind == "text"])
            found += _check_ranges(table, spec)
        problems += found
        if table is not None and not found:
            tables[name] = table
    log = None
    if config is not None:
        found, log = _cross_checks(config, tables)
        problems += found
    if problems:
        raise InvalidInput(problems)
    if sha256 is None:
        sha256 = {name: hashlib.sha256(data).hexdigest() for name, data in raw.items()}
    saves, loads = _frame(tables["save_times.csv"]), _frame(tables["load_times.csv"])
    return JointTest(config, saves, log, loads, dict(raw), sha256)


# Bounds no measurement reaches, by the column's unit: beyond them the figures overflow or lose all precision
# (three saves of 1e-300 s, a bandwidth of 1e308 GB/s), so such a value is a typing error, said where it is.
PLAUSIBLE = {"_s": (1e-6, 1e9), "_gb": (1e-9, 1e12), "_gbps": (0.0, 1e6)}


def _check_ranges(table: Table, spec: dict[str, str]) -> list[Problem]:
    """Each number column within the bounds of its unit (PLAUSIBLE); a sample at t_s 0 is fine."""
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
    return problems


def _check_texts(table: Table, columns: list[str]) -> list[Problem]:
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


def _frame(table: Table) -> pd.DataFrame:
    return pd.DataFrame(table.columns, copy=False)


def _cross_checks(config: TestConfig, tables: dict[str, Table]) -> tuple[list[Problem], BandwidthLog | None]:
    systems = config.systems
    save_systems = {systems.save_baseline: "save_baseline", systems.candidate: "candidate"}
    load_systems = {systems.load_baseline: "load_baseline", systems.candidate: "candidate"}
    problems: list[Problem] = []
    if saves := tables.get("save_times.csv"):
        problems += _check_systems(saves, save_systems)
        problems += _check_unique(saves, ["system", "model", "run"], "run", "this run number appears twice")
        problems += _check_model_constants(saves, "model", ["snapshot_gb", "gpus"])
        problems += _check_training_model(saves, config, save_systems)
    log = None
    if bandwidth := tables.get("bandwidth.csv"):
        problems += _check_systems(bandwidth, save_systems)
        log, found = _bandwidth_log(bandwidth, save_systems)
        problems += found
    if loads := tables.get("load_times.csv"):
        problems += _check_systems(loads, load_systems)
        problems += _check_unique(loads, ["system", "model", "platform", "run"], "run", "this run number appears twice")
        problems += _check_model_constants(loads, ["model", "platform"], ["size_gb"])
        problems += _check_both_loaded(loads, load_systems)
    return problems, log


def _check_systems(table: Table, expected: dict[str, str]) -> list[Problem]:
    """Every row names a system of test.toml, and each such system has rows."""
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
    for name, key in expected.items():
        if name not in system.categories:
            problems.append(Problem(table.name, None, "system", f'no rows for "{name}" (test.toml systems.{key})'))
    return problems


def _check_unique(table: Table, keys: list[str], column: str, message: str) -> list[Problem]:
    frame = pd.DataFrame({k: table.columns[k] for k in keys}, copy=False)
    return _repeated(table, np.flatnonzero(frame.duplicated(keep="first").to_numpy()), keys, column, message)


def _repeated(table: Table, rows: np.ndarray, keys: list[str], column: str, message: str) -> list[Problem]:
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


def _check_model_constants(table: Table, by: str | list[str], columns: list[str]) -> list[Problem]:
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


def _check_training_model(table: Table, config: TestConfig, systems: dict[str, str]) -> list[Problem]:
    """Each save system has rows of the model the bubble analysis uses."""
    model = config.training.model
    frame = pd.DataFrame({k: table.columns[k] for k in ("system", "model")}, copy=False)
    of_model = set(frame.loc[frame["model"] == model, "system"].astype(str))
    problems = []
    for name in systems:
        if name not in of_model and name in table.columns["system"].categories:
            message = f'no rows of the training model "{model}" (test.toml training.model) for "{name}"'
            problems.append(Problem(table.name, None, "model", message))
    return problems


def _bandwidth_log(table: Table, systems: dict[str, str]) -> tuple[BandwidthLog, list[Problem]]:
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


def _check_both_loaded(table: Table, systems: dict[str, str]) -> list[Problem]:
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
