"""Reading test.toml's tables key by key: the keys each table takes, their kinds, and the lines they are on."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal, TypeGuard, overload

from report.bounds import name_problem, number_problem, reference_problem, shown_number
from report.inputs.specs import CSV_INPUTS, FILE
from report.problems import Problem
from report.text_check import text_problem

# Each key: (kind, required). Kinds: text, date, posint, posnum, nonnegnum, num.
TOP = {"title": ("text", True), "customer": ("text", True), "date": ("date", True), "language": ("text", False)}
SYSTEMS = {k: ("text", True) for k in ("candidate", "save_baseline", "load_baseline")} | {
    "not_durable": ("systems", False),
    "node_local": ("systems", False),
    "short": ("any", False),  # checked by config._short_names
}
_TRAINING = {
    "model": ("text", True),
    "total_steps": ("posint", True),
    "checkpoint_interval_steps": ("posint", True),
    "baseline_duration_s": ("posnum", False),
    "step_time_s": ("posnum", False),
    "cluster_gpus": ("posint", False),
    "checkpoint_mode": ("text", False),
    "gpus_per_node": ("posint", False),
}
PROJECTION = {
    "name": ("text", True),
    "snapshot_gb": ("posnum", True),
    "saves": ("posint", False),
    "gpus": ("posint", False),
}
_SOURCES = {k: ("text", False) for k in CSV_INPUTS} | {"illustrative": ("list", False)}
_GATES = {
    "min_runs": ("posint", False),
    # CONTRACT.md, settled point 11: the three thresholds are numbers above zero
    "max_cv_pct": ("posnum", False),
    "target_speedup": ("posnum", False),
    "target_duration_reduction_pct": ("posnum", False),
}
_RELIABILITY = {"gpu_mtbf_hours": ("posnum", False), "restart_s": ("nonnegnum", False)}
ECONOMICS = {
    "gpu_hour_price": ("posnum", True),
    "currency": ("text", True),
    "runs_per_year": ("posint", True),
    "retained_checkpoints": ("posint", False),
    "gpu_power_kw": ("posnum", False),
    "pue": ("atleast1", False),
    "candidate_price": ("posnum", False),
    # the years a payback is weighed against; without it an assumed 5 (report/compute/service_life.py)
    "service_life_years": ("posnum", False),
}
ASYNC = {"staging_s": ("any", True), "gpus_per_node": ("posint", False)}  # staging_s: checked by _async_saves
_TABLES = {"systems": SYSTEMS, "training": _TRAINING, "sources": _SOURCES, "gates": _GATES}
_TABLES["reliability"] = _RELIABILITY
# [report] (schema 4): who stands behind the report; every key optional, each a text.
REPORT = {
    k: ("text", False)
    for k in ("number", "revision", "commissioned_by", "tested_by", "prepared_by", "reviewed_by", "approved_by")
}
# [scaling]: a claim about scaling with client nodes that the joint test weighs its sweep against (field test 8,
# major 1: without it the report grades the sweep against no one's claim).
SCALING = {"claim_low": ("posnum", True), "claim_high": ("posnum", True), "claim_source": ("text", True)}
_OPTIONAL_TABLES = {"economics": ECONOMICS, "environment": None, "async": ASYNC, "report": REPORT, "text": None}
_OPTIONAL_TABLES["scaling"] = SCALING

KIND_WORDS = {
    "text": "a text in quotes",
    "date": "a date such as 2026-11-30 (no quotes, no time)",
    "posint": "a whole number above zero",
    "posnum": "a number above zero",
    "nonnegnum": "a number, zero or above",
    "atleast1": "a number, 1 or above",
    "num": "a number",
    "list": 'a list of input names, e.g. ["load_times"]',
    "systems": "a list of save-system names in quotes",
}
_NUMBER_KINDS = ("posint", "posnum", "nonnegnum", "atleast1", "num")


class KeyLines:
    """Finds the line of a key in the TOML text, so messages can point at it."""

    _HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]?")
    _KEY = re.compile(r"^\s*([A-Za-z0-9_\"'-]+)\s*=")

    def __init__(self, text: str):
        self.lines: dict[tuple[str, int, str], int] = {}
        self.tables: dict[tuple[str, int], int] = {}
        table, index = "", 0
        counts: dict[str, int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            if m := self._HEADER.match(line):
                table = m.group(2).replace('"', "").replace("'", "").strip()
                index = counts[table] = counts.get(table, -1) + 1 if m.group(1) == "[[" else 0
                self.tables.setdefault((table, index), number)
            elif m := self._KEY.match(line):
                key = m.group(1).strip("\"'")
                self.lines.setdefault((table, index, key), number)

    def of(self, table: str, key: str | None = None, index: int = 0) -> int | None:
        """The line of `key` in `table` (the table's header line when key is None)."""
        if key is None:
            return self.tables.get((table, index))
        return self.lines.get((table, index, key))


@overload
def check_value(value: object, kind: Literal["text"]) -> TypeGuard[str]: ...
@overload
def check_value(value: object, kind: Literal["posint"]) -> TypeGuard[int]: ...
@overload
def check_value(value: object, kind: Literal["posnum", "nonnegnum", "atleast1", "num"]) -> TypeGuard[int | float]: ...
@overload
def check_value(value: object, kind: str) -> bool: ...


def check_value(value: object, kind: str) -> bool:
    """Whether `value` is of `kind` (a key's kind in the tables above: "text", "posint", "date", ...)."""
    if kind == "text":
        return isinstance(value, str) and value.strip() != ""
    if kind == "date":
        return isinstance(value, dt.date) and not isinstance(value, dt.datetime)
    if kind in ("list", "systems"):
        return isinstance(value, list)
    if kind == "any":
        return True
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if kind == "posint":
        return isinstance(value, int) and value > 0
    if value != value or value in (float("inf"), float("-inf")):
        return False
    return {"posnum": value > 0, "nonnegnum": value >= 0, "atleast1": value >= 1, "num": True}[kind]


def _kind_words(kind: str, data: dict) -> str:
    """What a key of `kind` takes, in words; a list of save systems names them (the table's own `data`)."""
    words = KIND_WORDS[kind]
    if kind == "systems":
        names = [v.strip() for k in ("candidate", "save_baseline") if isinstance(v := data.get(k), str) and v.strip()]
        if names:
            words += ", e.g. [" + ", ".join(f'"{n}"' for n in names[:1]) + "]"
    return words


def kind_problem(value: object, kind: str, data: dict | None = None) -> str:
    """What is wrong with `value`, which is not of `kind`: a text in quotes that is empty (or only spaces) is said to
    be empty, not to be something it already is (attacks-6 F02)."""
    if kind == "text" and isinstance(value, str):
        return f"must not be empty, got {described(value)}"
    return f"must be {_kind_words(kind, data or {})}, got {described(value)}"


def described(value: object) -> str:
    """`value` as a message quotes it: a string in quotes, "a table", "a list", true or false, a number never in
    hundreds of digits."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return shown_number(value)
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class TableReader:
    """Collects problems while picking validated values out of the parsed TOML."""

    def __init__(self, lines: KeyLines):
        self.lines = lines
        self.problems: list[Problem] = []

    def problem(self, table: str, key: str | None, message: str, index: int = 0) -> None:
        line = (
            self.lines.of(table, key, index)
            or (self.lines.of(f"{table}.{key}", None, index) if table and key else None)  # a [table.key] of its own
            or self.lines.of(table or key or "", None, index)
        )
        path = ".".join(p for p in (table if not index else f"{table}[{index + 1}]", key) if p)
        self.problems.append(Problem(FILE, line, path or None, message))

    def table(self, data: dict, table: str, spec: dict, index: int = 0) -> dict:
        """The values of `spec`'s keys in `data`, each checked; unknown keys are problems."""
        out = {}
        for key, value in data.items():
            if key not in spec:
                if not (table == "" and key in _TABLES | _OPTIONAL_TABLES | {"projections": None, "import": None}):
                    self.problem(table, key, f"unknown key{_suggest(key, spec)}", index)
                continue
            kind: str = spec[key][0]
            if (
                kind == "text"
                and isinstance(value, str)
                and (wrong := text_problem(value) or _long_name(table, key, value))
            ):
                self.problem(table, key, wrong, index)
            elif check_value(value, kind):
                if kind in _NUMBER_KINDS and (wrong := number_problem(f"{table}.{key}", value)):
                    self.problem(table, key, wrong, index)
                    continue
                if isinstance(value, float):
                    value += 0.0  # -0.0 is zero: the report would print "−0%" (attacks-5 A08)
                out[key] = value.strip() if kind == "text" else value
            else:
                self.problem(table, key, kind_problem(value, kind, data), index)
        for key, (_, required) in spec.items():
            if required and key not in data:
                self.problem(table, None, f'the key "{key}" is missing', index)
        return out

    def subtable(self, data: dict, name: str) -> dict:
        value = data.get(name, {})
        if isinstance(value, dict):
            return self.table(value, name, _TABLES[name])
        self.problem("", name, f"must be a table [{name}], got {described(value)}")
        return {}


def _suggest(key: str, spec: dict) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(spec), n=1)
    return f' (did you mean "{close[0]}"?)' if close else ""


_NAME_KEYS = ("candidate", "save_baseline", "load_baseline", "model", "platform", "system", "name")


#: [report]'s number and revision, bounded as references; its parties and sign-off names as names are
_REFERENCE_KEYS = ("number", "revision")


def _long_name(table: str, key: str, value: str) -> str | None:
    """A system, model, platform or projection name (or a [report] party) too long to be one, or a report number or
    revision too long for the footer (report/bounds.py)."""
    if table == "report":
        return reference_problem(value) if key in _REFERENCE_KEYS else name_problem(value)
    return name_problem(value) if key in _NAME_KEYS else None
