"""Reading test.toml: what was tested and the training assumptions, checked key by key."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from dataclasses import dataclass, field

from report.bounds import MAX_PROJECTIONS, name_problem
from report.i18n import LANGUAGES
from report.problems import Problem
from report.text_check import text_problem

FILE = "test.toml"


@dataclass(frozen=True)
class Systems:
    """The names of the three systems, as save_times/bandwidth/load_times spell them."""

    candidate: str
    save_baseline: str
    load_baseline: str
    not_durable: tuple[str, ...] = ()  #: save systems whose saves would not survive a power loss (schema 3)


@dataclass(frozen=True)
class Training:
    """The training run the bubble analysis models."""

    model: str
    total_steps: int
    checkpoint_interval_steps: int
    baseline_duration_s: float | None
    step_time_s: float | None
    cluster_gpus: int
    checkpoint_mode: str = "sync"  #: "sync": training waits for each save; "async": only while it is staged


@dataclass(frozen=True)
class ProjectionSpec:
    """A checkpoint size to project save times to; `saves` None means the training run's."""

    name: str
    snapshot_gb: float
    saves: int | None


@dataclass(frozen=True)
class Thresholds:
    """Thresholds of the joint-test gates G1 to G4."""

    min_runs: int = 3
    max_cv_pct: float = 5.0
    target_speedup: float = 1.5
    target_duration_reduction_pct: float = 2.0


@dataclass(frozen=True)
class ReliabilitySpec:
    """Failure assumptions: per-GPU mean time between failures and the cost of a restart."""

    gpu_mtbf_hours: float = 50677.0
    restart_s: float = 600.0


@dataclass(frozen=True)
class EconomicsSpec:
    """What an hour of one GPU costs, and how often the training run is repeated: the value of the time saved."""

    gpu_hour_price: float
    currency: str
    runs_per_year: int
    retained_checkpoints: int = 3
    gpu_power_kw: float | None = None  #: average draw of one GPU with its share of the server; None: no energy
    pue: float = 1.0  #: the data centre's power usage effectiveness


@dataclass(frozen=True)
class AsyncSaves:
    """[async]: how long one save blocks training while its state is staged to host memory, per save system."""

    staging_s: dict[str, float]  #: save system name -> seconds
    gpus_per_node: int = 8


# The inputs a figure can be derived from, in the contract's order (the order of `inputs_illustrative`).
CSV_INPUTS = ("save_times", "bandwidth", "load_times", "restore_times")
CHECKPOINT_MODES = ("sync", "async")


@dataclass(frozen=True)
class ImportSpec:
    """One [[import]] table: which tool's files become rows of which table, and the columns the tool does not give."""

    index: int  #: 0-based position among the [[import]] tables
    line: int  #: line of its [[import]] header in test.toml
    tool: str  #: fio, mlperf, megatron or nemo
    files: tuple[str, ...]  #: paths or globs inside the folder
    system: str
    into: str  #: save_times, load_times, bandwidth or restore_times
    model: str | None = None
    gpus: int | None = None
    snapshot_gb: float | None = None  #: or size_gb for loads
    platform: str | None = None
    files_line: int | None = None  #: line of its `files` key

    @property
    def table(self) -> str:
        """The CSV file name the rows belong to."""
        return f"{self.into}.csv"


@dataclass(frozen=True)
class TestConfig:
    """Everything test.toml says, validated."""

    title: str
    customer: str
    date: dt.date
    systems: Systems
    training: Training
    projections: tuple[ProjectionSpec, ...]
    sources: dict[str, str] = field(default_factory=dict)
    gates: Thresholds = Thresholds()
    reliability: ReliabilitySpec = ReliabilitySpec()
    illustrative: tuple[str, ...] = ()  #: inputs declared illustrative, in CSV_INPUTS order
    economics: EconomicsSpec | None = None
    async_saves: AsyncSaves | None = None  #: [async]; required in async mode, a what-if in sync mode
    environment: tuple[tuple[str, str], ...] = ()  #: [environment] labels and texts, in the order given
    language: str = "en"
    given: frozenset[str] = frozenset()  #: dotted keys test.toml gives (the rest are defaults)

    def is_default(self, key: str) -> bool:
        """Whether a dotted key such as "reliability.restart_s" takes its default value (test.toml omits it)."""
        return key not in self.given

    imports: tuple[ImportSpec, ...] = ()


# Each key: (kind, required). Kinds: text, date, posint, posnum, nonnegnum, num.
_TOP = {"title": ("text", True), "customer": ("text", True), "date": ("date", True), "language": ("text", False)}
_SYSTEMS = {k: ("text", True) for k in ("candidate", "save_baseline", "load_baseline")} | {
    "not_durable": ("list", False)
}
_TRAINING = {
    "model": ("text", True),
    "total_steps": ("posint", True),
    "checkpoint_interval_steps": ("posint", True),
    "baseline_duration_s": ("posnum", False),
    "step_time_s": ("posnum", False),
    "cluster_gpus": ("posint", False),
    "checkpoint_mode": ("text", False),
}
_PROJECTION = {"name": ("text", True), "snapshot_gb": ("posnum", True), "saves": ("posint", False)}
_SOURCES = {k: ("text", False) for k in CSV_INPUTS} | {"illustrative": ("list", False)}
_GATES = {
    "min_runs": ("posint", False),
    "max_cv_pct": ("nonnegnum", False),
    "target_speedup": ("posnum", False),
    "target_duration_reduction_pct": ("num", False),
}
_RELIABILITY = {"gpu_mtbf_hours": ("posnum", False), "restart_s": ("nonnegnum", False)}
_ECONOMICS = {
    "gpu_hour_price": ("posnum", True),
    "currency": ("text", True),
    "runs_per_year": ("posint", True),
    "retained_checkpoints": ("posint", False),
    "gpu_power_kw": ("posnum", False),
    "pue": ("atleast1", False),
}
_ASYNC = {"staging_s": ("any", True), "gpus_per_node": ("posint", False)}  # staging_s: checked by _async_saves
_TABLES = {"systems": _SYSTEMS, "training": _TRAINING, "sources": _SOURCES, "gates": _GATES}
_TABLES["reliability"] = _RELIABILITY
_OPTIONAL_TABLES = {"economics": _ECONOMICS, "environment": None, "async": _ASYNC}

_KIND_WORDS = {
    "text": "a text in quotes",
    "date": "a date such as 2026-11-30 (no quotes, no time)",
    "posint": "a whole number above zero",
    "posnum": "a number above zero",
    "nonnegnum": "a number, zero or above",
    "atleast1": "a number, 1 or above",
    "num": "a number",
    "list": 'a list of input names, e.g. ["load_times"]',
}


class _KeyLines:
    """Finds the line of a key in the TOML text, so messages can point at it."""

    _HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]?")
    _KEY = re.compile(r"^\s*([A-Za-z0-9_\"'-]+)\s*=")

    def __init__(self, text: str):
        self.lines: dict[tuple[str, int, str], int] = {}
        self.tables: dict[tuple[str, int], int] = {}
        table, index, counts = "", 0, {}
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


def _check_value(value: object, kind: str) -> bool:
    if kind == "text":
        return isinstance(value, str) and value.strip() != ""
    if kind == "date":
        return isinstance(value, dt.date) and not isinstance(value, dt.datetime)
    if kind == "list":
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


def _describe(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class _Reader:
    """Collects problems while picking validated values out of the parsed TOML."""

    def __init__(self, lines: _KeyLines):
        self.lines = lines
        self.problems: list[Problem] = []

    def problem(self, table: str, key: str | None, message: str, index: int = 0) -> None:
        line = self.lines.of(table, key, index) or self.lines.of(table or key or "", None, index)
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
            kind, _ = spec[key]
            if kind == "text" and isinstance(value, str) and (wrong := text_problem(value) or _long_name(key, value)):
                self.problem(table, key, wrong, index)
            elif _check_value(value, kind):
                out[key] = value.strip() if kind == "text" else value
            else:
                self.problem(table, key, f"must be {_KIND_WORDS[kind]}, got {_describe(value)}", index)
        for key, (_, required) in spec.items():
            if required and key not in data:
                self.problem(table, None, f'the key "{key}" is missing', index)
        return out

    def subtable(self, data: dict, name: str) -> dict:
        value = data.get(name, {})
        if isinstance(value, dict):
            return self.table(value, name, _TABLES[name])
        self.problem("", name, f"must be a table [{name}], got {_describe(value)}")
        return {}


def _suggest(key: str, spec: dict) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(spec), n=1)
    return f' (did you mean "{close[0]}"?)' if close else ""


def parse_config(raw: bytes) -> tuple[TestConfig | None, list[Problem]]:
    """Parse and validate test.toml; returns the config, or None with the problems found."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(FILE, line, None, "is not UTF-8 text; save it as UTF-8")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [_syntax_problem(str(exc))]
    except RecursionError:  # a key or value nested thousands deep: no test.toml looks like that
        return None, [Problem(FILE, None, None, "nests tables or arrays too deeply to be read")]
    reader = _Reader(_KeyLines(text))
    top = reader.table(data, "", _TOP)
    systems = reader.subtable(data, "systems")
    training = reader.subtable(data, "training")
    sources = reader.subtable(data, "sources")
    gates = reader.subtable(data, "gates")
    reliability = reader.subtable(data, "reliability")
    projections = _projections(reader, data.get("projections", []))
    illustrative = _illustrative(reader, sources.pop("illustrative", []))
    economics = _economics(reader, data)
    async_saves = _async_saves(reader, data, systems)
    not_durable = _not_durable(reader, systems.pop("not_durable", []), systems)
    environment = _environment(reader, data.get("environment", {}))
    _check_language(reader, top.get("language"))
    imports = _imports(reader, data.get("import", []), systems)
    _cross_checks(reader, systems, training)
    _mode_checks(reader, training, "async" in data)
    if reader.problems:
        return None, sorted(reader.problems, key=lambda p: (p.line is None, p.line or 0))
    return (
        TestConfig(
            title=top["title"],
            customer=top["customer"],
            date=top["date"],
            systems=Systems(**systems, not_durable=not_durable),
            training=Training(
                model=training["model"],
                total_steps=training["total_steps"],
                checkpoint_interval_steps=training["checkpoint_interval_steps"],
                baseline_duration_s=_float(training.get("baseline_duration_s")),
                step_time_s=_float(training.get("step_time_s")),
                cluster_gpus=training.get("cluster_gpus", 1000),
                checkpoint_mode=training.get("checkpoint_mode", "sync"),
            ),
            projections=projections,
            sources=sources,
            gates=Thresholds(**{k: (v if k == "min_runs" else float(v)) for k, v in gates.items()}),
            reliability=ReliabilitySpec(**{k: float(v) for k, v in reliability.items()}),
            illustrative=illustrative,
            economics=economics,
            async_saves=async_saves,
            environment=environment,
            language=top.get("language", "en"),
            given=_given(data),
            imports=imports,
        ),
        [],
    )


def _given(data: dict) -> frozenset[str]:
    """Every dotted key test.toml gives, so that the report can say which values are defaults."""
    keys = set()
    for name, value in data.items():
        keys.add(name)
        if isinstance(value, dict):
            keys.update(f"{name}.{key}" for key in value)
    return frozenset(keys)


def _illustrative(reader: _Reader, value: list) -> tuple[str, ...]:
    """[sources] illustrative: distinct names of the CSV inputs, returned in the contract's order."""
    names = []
    for item in value:
        if item not in CSV_INPUTS:
            allowed = ", ".join(f'"{n}"' for n in CSV_INPUTS)
            reader.problem("sources", "illustrative", f"{_describe(item)} is not an input name; expected {allowed}")
        elif item in names:
            reader.problem("sources", "illustrative", f'"{item}" is listed twice')
        else:
            names.append(item)
    return tuple(n for n in CSV_INPUTS if n in names)


def _economics(reader: _Reader, data: dict) -> EconomicsSpec | None:
    if "economics" not in data:
        return None
    value = data["economics"]
    if not isinstance(value, dict):
        reader.problem("", "economics", f"must be a table [economics], got {_describe(value)}")
        return None
    checked = reader.table(value, "economics", _ECONOMICS)
    if "pue" in checked and "gpu_power_kw" not in value:
        reader.problem("economics", "pue", "is given without gpu_power_kw; the energy figures need the power of a GPU")
        return None
    if len(checked) != len(value) or not {"gpu_hour_price", "currency", "runs_per_year"} <= checked.keys():
        return None
    return EconomicsSpec(
        gpu_hour_price=float(checked["gpu_hour_price"]),
        currency=checked["currency"],
        runs_per_year=checked["runs_per_year"],
        retained_checkpoints=checked.get("retained_checkpoints", 3),
        gpu_power_kw=_float(checked.get("gpu_power_kw")),
        pue=float(checked.get("pue", 1.0)),
    )


def _async_saves(reader: _Reader, data: dict, systems: dict) -> AsyncSaves | None:
    """[async]: staging_s, one number >= 0 for both save systems or a table keyed by exactly their names."""
    if "async" not in data:
        return None
    value = data["async"]
    if not isinstance(value, dict):
        reader.problem("", "async", f"must be a table [async], got {_describe(value)}")
        return None
    checked = reader.table(value, "async", _ASYNC)
    if "staging_s" not in checked:
        return None
    staging = _staging(reader, checked["staging_s"], systems)
    if staging is None:
        return None
    return AsyncSaves(staging_s=staging, gpus_per_node=checked.get("gpus_per_node", 8))


def _staging(reader: _Reader, value: object, systems: dict) -> dict[str, float] | None:
    names = [systems.get(k) for k in ("save_baseline", "candidate")]
    if None in names:
        return None  # [systems] is wrong already; that problem is reported
    expected = " and ".join(f'"{n}"' for n in names)
    if _check_value(value, "nonnegnum"):
        return {name: float(value) for name in names}
    if not isinstance(value, dict):
        reader.problem(
            "async",
            "staging_s",
            f"must be a number, zero or above, or a table of one such number per save system ({expected}),"
            f" got {_describe(value)}",
        )
        return None
    out, ok = {}, True
    for key, seconds in value.items():
        name = key.strip()
        if name not in names:
            reader.problem("async", "staging_s", f'"{name}" is not a save system; expected {expected}')
            ok = False
        elif name in out:
            reader.problem("async", "staging_s", f'"{name}" is given twice')
            ok = False
        elif not _check_value(seconds, "nonnegnum"):
            reader.problem("async", "staging_s", f'"{name}": must be a number, zero or above, got {_describe(seconds)}')
            ok = False
        else:
            out[name] = float(seconds)
    missing = [n for n in names if n not in out and n not in {k.strip() for k in value}]
    for name in missing:
        reader.problem("async", "staging_s", f'"{name}" has no staging time; give one for each save system')
    return out if ok and not missing else None


def _not_durable(reader: _Reader, value: list, systems: dict) -> tuple[str, ...]:
    """[systems] not_durable: distinct names, each the save_baseline or the candidate."""
    names = [systems.get(k) for k in ("save_baseline", "candidate") if systems.get(k)]
    expected = " or ".join(f'"{n}"' for n in names)
    out: list[str] = []
    for item in value:
        name = item.strip() if isinstance(item, str) else None
        if name not in names:
            reader.problem("systems", "not_durable", f"{_describe(item)} is not a save system; expected {expected}")
        elif name in out:
            reader.problem("systems", "not_durable", f'"{name}" is listed twice')
        else:
            out.append(name)
    return tuple(out)


def _mode_checks(reader: _Reader, training: dict, async_given: bool) -> None:
    """checkpoint_mode: "sync" or "async"; "async" needs step_time_s and [async] with its staging times."""
    mode = training.get("checkpoint_mode", "sync")
    if mode not in CHECKPOINT_MODES:
        allowed = " or ".join(f'"{m}"' for m in CHECKPOINT_MODES)
        reader.problem("training", "checkpoint_mode", f"{_describe(mode)} is not a checkpoint mode; expected {allowed}")
        return
    if mode != "async":
        return
    if "baseline_duration_s" in training:
        reader.problem(
            "training",
            "baseline_duration_s",
            'must not be given with checkpoint_mode = "async" (the wall time then depends on the interval);'
            " give step_time_s, the compute seconds per step",
        )
    if not async_given:
        reader.problem(
            "training",
            "checkpoint_mode",
            '"async" needs an [async] table with staging_s, the seconds one save blocks training while staged',
        )


def _environment(reader: _Reader, value: object) -> tuple[tuple[str, str], ...]:
    """[environment]: the reader's own labels, each a non-empty text, in the order given."""
    if not isinstance(value, dict):
        reader.problem("", "environment", f"must be a table [environment], got {_describe(value)}")
        return ()
    out = []
    for key, text in value.items():
        if _check_value(text, "text"):
            out.append((key, text.strip()))
        else:
            reader.problem("environment", key, f"must be {_KIND_WORDS['text']}, got {_describe(text)}")
    return tuple(out)


def _check_language(reader: _Reader, language: str | None) -> None:
    if language is not None and language not in LANGUAGES:
        allowed = " or ".join(f'"{n}"' for n in LANGUAGES)
        reader.problem("", "language", f'"{language}" is not a language of this report; expected {allowed}')


def _float(value: int | float | None) -> float | None:
    return None if value is None else float(value)


def _syntax_problem(message: str) -> Problem:
    match = re.search(r"\(at line (\d+), column (\d+)\)", message)
    text = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
    if match:
        return Problem(FILE, int(match.group(1)), f"column {match.group(2)}", f"TOML syntax error: {text}")
    return Problem(FILE, None, None, f"TOML syntax error: {text}")


_NAME_KEYS = ("candidate", "save_baseline", "load_baseline", "model", "platform", "system", "name")


def _long_name(key: str, value: str) -> str | None:
    """A system, model, platform or projection name too long to be one (report/bounds.py)."""
    return name_problem(value) if key in _NAME_KEYS else None


def _lookalike_systems(reader: _Reader, systems: dict) -> None:
    """Two roles' names equal after Unicode normalisation and case folding would print as one system."""
    from report.text_check import lookalikes

    names = {k: v for k, v in systems.items() if k in _SYSTEMS and isinstance(v, str)}
    for first, second in lookalikes(names):
        reader.problem(
            "systems",
            second,
            f'"{names[second]}" and {first} "{names[first]}" differ only in case or Unicode form: a reader cannot'
            " tell them apart; name the two systems so that they differ",
        )


def _projections(reader: _Reader, value: object) -> tuple[ProjectionSpec, ...]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        reader.problem("", "projections", "must be written as [[projections]] tables")
        return ()
    if len(value) > MAX_PROJECTIONS:  # before each is checked: twenty thousand took minutes and 4 GB
        reader.problem("", "projections", f"{len(value):,} projections; a report shows at most {MAX_PROJECTIONS:,}")
        return ()
    specs = []
    for index, item in enumerate(value):
        checked = reader.table(item, "projections", _PROJECTION, index)
        if len(checked) == len(item) and {"name", "snapshot_gb"} <= checked.keys():
            specs.append(ProjectionSpec(checked["name"], float(checked["snapshot_gb"]), checked.get("saves")))
    return tuple(specs)


def _cross_checks(reader: _Reader, systems: dict, training: dict) -> None:
    _lookalike_systems(reader, systems)
    candidate = systems.get("candidate")
    for key in ("save_baseline", "load_baseline"):
        if candidate is not None and systems.get(key) == candidate:
            reader.problem("systems", key, f'must differ from candidate ("{candidate}")')
    given = [k for k in ("baseline_duration_s", "step_time_s") if k in training]
    if len(given) != 1:
        what = "neither is given" if not given else "both are given"
        reader.problem("training", None, f"give exactly one of baseline_duration_s and step_time_s ({what})")
    total, interval = training.get("total_steps"), training.get("checkpoint_interval_steps")
    if total is not None and interval is not None and interval > total:
        reader.problem(
            "training",
            "checkpoint_interval_steps",
            f"must not exceed total_steps ({interval} > {total}): the run would never save",
        )


# [[import]]: the tools, the tables each may feed, and the keys of each table (kind, required).
IMPORT_PAIRS = {
    "fio": ("save_times", "load_times", "bandwidth", "restore_times"),
    "mlperf": ("save_times", "load_times", "restore_times"),
    "megatron": ("save_times",),
    "nemo": ("save_times",),
}
_IMPORT_COMMON = {"tool": ("text", True), "files": ("files", True), "system": ("text", True), "into": ("text", True)}
_IMPORT_KEYS = {
    "save_times": {"model": ("text", True), "gpus": ("posint", True), "snapshot_gb": ("posnum", False)},
    "load_times": {"model": ("text", True), "platform": ("text", True), "size_gb": ("posnum", False)},
    "bandwidth": {},
    "restore_times": {"model": ("text", True), "snapshot_gb": ("posnum", False)},
}
_IMPORT_SYSTEMS = {
    "restore_times": ("save_baseline", "candidate"),
    "save_times": ("save_baseline", "candidate"),
    "bandwidth": ("save_baseline", "candidate"),
    "load_times": ("load_baseline", "candidate"),
}


def _imports(reader: _Reader, value: object, systems: dict) -> tuple[ImportSpec, ...]:
    """The [[import]] tables, each checked against its tool and target table."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        reader.problem("", "import", "must be written as [[import]] tables")
        return ()
    specs = [_import(reader, index, item, systems) for index, item in enumerate(value)]
    return tuple(s for s in specs if s is not None)


def _import(reader: _Reader, index: int, item: dict, systems: dict) -> ImportSpec | None:
    before = len(reader.problems)
    tool, into = item.get("tool"), item.get("into")
    if tool not in IMPORT_PAIRS:
        reader.problem("import", "tool" if "tool" in item else None, _one_of("tool", tool, IMPORT_PAIRS), index)
    if into not in _IMPORT_KEYS:
        reader.problem("import", "into" if "into" in item else None, _one_of("into", into, _IMPORT_KEYS), index)
    elif tool in IMPORT_PAIRS and into not in IMPORT_PAIRS[tool]:
        allowed = ", ".join(IMPORT_PAIRS[tool])
        reader.problem("import", "into", f"{tool} output cannot become {into} rows (it can: {allowed})", index)
    if len(reader.problems) > before:
        return None
    spec = _IMPORT_COMMON | _IMPORT_KEYS[into]
    for key in item:
        if key not in spec and key in {k for keys in _IMPORT_KEYS.values() for k in keys}:
            reader.problem("import", key, f"does not apply to an import into {into}", index)
    known = {
        k: v for k, v in item.items() if k in spec or k not in {"model", "gpus", "snapshot_gb", "platform", "size_gb"}
    }
    checked = reader.table(_files_checked(reader, known, index), "import", _files_as_text(spec), index)
    if tool in ("megatron", "nemo") and "snapshot_gb" not in item:
        reader.problem("import", None, f'the key "snapshot_gb" is missing ({tool} logs do not give the size)', index)
    _check_import_system(reader, checked.get("system"), into, systems, index)
    if len(reader.problems) > before:
        return None
    size = checked.get("snapshot_gb", checked.get("size_gb"))
    return ImportSpec(
        index=index,
        line=reader.lines.of("import", None, index) or 0,
        tool=tool,
        files=tuple(item["files"]),
        system=checked["system"],
        into=into,
        model=checked.get("model"),
        gpus=checked.get("gpus"),
        snapshot_gb=None if size is None else float(size),
        platform=checked.get("platform"),
        files_line=reader.lines.of("import", "files", index),
    )


def _one_of(key: str, value: object, allowed: dict) -> str:
    if value is None:
        return f'the key "{key}" is missing'
    return f"must be one of {', '.join(allowed)}, got {_describe(value)}"


def _files_checked(reader: _Reader, item: dict, index: int) -> dict:
    """`files` must be a non-empty list of non-empty strings; it is then checked like a text."""
    files = item.get("files")
    if files is None:
        return item
    if not (isinstance(files, list) and files and all(isinstance(f, str) and f.strip() for f in files)):
        reader.problem("import", "files", f"must be a list of paths in quotes, got {_describe(files)}", index)
    return {k: v for k, v in item.items() if k != "files"} | {"files": "-"}


def _files_as_text(spec: dict) -> dict:
    return {k: ("text", required) if kind == "files" else (kind, required) for k, (kind, required) in spec.items()}


def _check_import_system(reader: _Reader, system: str | None, into: str, systems: dict, index: int) -> None:
    names = {systems.get(k): k for k in _IMPORT_SYSTEMS[into] if systems.get(k)}
    if system is not None and systems and system not in names:
        allowed = " or ".join(f'"{n}"' for n in names)
        reader.problem(
            "import", "system", f'"{system}" is not a system of [systems] for {into}; expected {allowed}', index
        )
