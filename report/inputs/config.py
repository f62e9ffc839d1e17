"""Reading test.toml: what was tested and the training assumptions, checked key by key."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from typing import Any

from report.bounds import MAX_PROJECTIONS, MAX_RUN_S, PLAUSIBLE, name_problem, number_problem
from report.i18n import LANGUAGES
from report.inputs.import_tables import import_specs, not_durable_problems
from report.inputs.notes import measured_inputs
from report.inputs.specs import (
    CHECKPOINT_MODES,
    CSV_INPUTS,
    FILE,
    GPUS_PER_NODE,
    AsyncSaves,
    EconomicsSpec,
    ImportSpec,
    ProjectionSpec,
    ReliabilitySpec,
    ReportSpec,
    ScalingClaim,
    Systems,
    TestConfig,
    Thresholds,
    Training,
)
from report.inputs.texts import parse_texts
from report.inputs.toml_reader import (
    ASYNC,
    ECONOMICS,
    PROJECTION,
    REPORT,
    SCALING,
    SYSTEMS,
    TOP,
    KeyLines,
    TableReader,
    check_value,
    described,
    kind_problem,
)
from report.problems import Problem
from report.text_check import folded, text_problem


def parse_config(raw: bytes | bytearray) -> tuple[TestConfig | None, list[Problem]]:
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
    except ValueError:  # Python reads no integer of more than 4,300 digits (sys.int_info.str_digits_check_threshold)
        return None, [_long_integer(text)]
    reader = TableReader(KeyLines(text))
    top = reader.table(data, "", TOP)
    systems = reader.subtable(data, "systems")
    training = reader.subtable(data, "training")
    sources = reader.subtable(data, "sources")
    gates = reader.subtable(data, "gates")
    reliability = reader.subtable(data, "reliability")
    projections = _projections(reader, data.get("projections", []))
    illustrative = _illustrative(reader, sources.pop("illustrative", []))
    economics = _economics(reader, data)
    async_saves = _async_saves(reader, data, systems)
    not_durable = _save_systems(reader, "not_durable", systems.pop("not_durable", []), systems)
    node_local = _save_systems(reader, "node_local", systems.pop("node_local", []), systems)
    short = _short_names(reader, systems.pop("short", {}), systems)
    report = _report(reader, data)
    scaling_claim = _scaling_claim(reader, data)
    _projection_gpus(reader, projections, node_local)
    _node_size(reader, training, data.get("async"))
    environment = _environment(reader, data.get("environment", {}))
    _check_language(reader, top.get("language"))
    texts = parse_texts(
        reader, data.get("text", {}), top.get("language", "en"), systems, training.get("model"), tuple(projections),
        sources, environment,
    )  # fmt: skip
    imports = import_specs(reader, data.get("import", []), systems)
    not_durable_problems(reader, imports, not_durable)
    raw_training = data.get("training")
    _cross_checks(reader, systems, training, raw_training if isinstance(raw_training, dict) else {})
    _mode_checks(reader, training, "async" in data)
    if reader.problems:
        return None, sorted(reader.problems, key=lambda p: (p.line is None, p.line or 0))
    # [gates] as checked against GATES: min_runs a whole number, the other thresholds numbers made floats.
    thresholds: dict[str, Any] = {k: (v if k == "min_runs" else float(v)) for k, v in gates.items()}
    return (
        TestConfig(
            title=top["title"],
            customer=top["customer"],
            date=top["date"],
            systems=Systems(**systems, not_durable=not_durable, node_local=node_local, short=short),
            training=Training(
                model=training["model"],
                total_steps=training["total_steps"],
                checkpoint_interval_steps=training["checkpoint_interval_steps"],
                baseline_duration_s=_float(training.get("baseline_duration_s")),
                step_time_s=_float(training.get("step_time_s")),
                cluster_gpus=training.get("cluster_gpus", 1000),
                checkpoint_mode=training.get("checkpoint_mode", "sync"),
                gpus_per_node=training.get("gpus_per_node"),
            ),
            projections=tuple(p for p in projections if p is not None),
            sources=sources,
            measured=measured_inputs(sources),
            gates=Thresholds(**thresholds),
            reliability=ReliabilitySpec(**{k: float(v) for k, v in reliability.items()}),
            illustrative=illustrative,
            economics=economics,
            async_saves=async_saves,
            environment=environment,
            language=top.get("language", "en"),
            given=_given(data),
            imports=imports,
            report=report,
            scaling_claim=scaling_claim,
            texts=texts,
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


def _illustrative(reader: TableReader, value: list) -> tuple[str, ...]:
    """[sources] illustrative: distinct names of the CSV inputs, returned in the contract's order."""
    names = []
    for item in value:
        if item not in CSV_INPUTS:
            allowed = ", ".join(f'"{n}"' for n in CSV_INPUTS)
            reader.problem("sources", "illustrative", f"{described(item)} is not an input name; expected {allowed}")
        elif item in names:
            reader.problem("sources", "illustrative", f'"{item}" is listed twice')
        else:
            names.append(item)
    return tuple(n for n in CSV_INPUTS if n in names)


def _economics(reader: TableReader, data: dict) -> EconomicsSpec | None:
    if "economics" not in data:
        return None
    value = data["economics"]
    if not isinstance(value, dict):
        reader.problem("", "economics", f"must be a table [economics], got {described(value)}")
        return None
    checked = reader.table(value, "economics", ECONOMICS)
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
        candidate_price=_float(checked.get("candidate_price")),
        service_life_years=_float(checked.get("service_life_years")),
    )


def _async_saves(reader: TableReader, data: dict, systems: dict) -> AsyncSaves | None:
    """[async]: staging_s, one number >= 0 for both save systems or a table keyed by exactly their names."""
    if "async" not in data:
        return None
    value = data["async"]
    if not isinstance(value, dict):
        reader.problem("", "async", f"must be a table [async], got {described(value)}")
        return None
    checked = reader.table(value, "async", ASYNC)
    if "staging_s" not in checked:
        return None
    staging = _staging(reader, checked["staging_s"], systems)
    if staging is None:
        return None
    return AsyncSaves(staging_s=staging, gpus_per_node=checked.get("gpus_per_node", GPUS_PER_NODE))


def _staging(reader: TableReader, value: object, systems: dict) -> dict[str, float] | None:
    given = [systems.get(k) for k in ("save_baseline", "candidate")]
    names = [n for n in given if n is not None]
    if len(names) < len(given):
        return None  # [systems] is wrong already; that problem is reported
    expected = " and ".join(f'"{n}"' for n in names)
    if check_value(value, "nonnegnum"):
        if wrong := number_problem("async.staging_s", value):
            reader.problem("async", "staging_s", wrong)
            return None
        return {name: float(value) + 0.0 for name in names}  # -0.0 is zero
    if not isinstance(value, dict):
        reader.problem(
            "async",
            "staging_s",
            f"must be a number, zero or above, or a table of one such number per save system ({expected}),"
            f" got {described(value)}",
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
        elif not check_value(seconds, "nonnegnum"):
            reader.problem("async", "staging_s", f'"{name}": must be a number, zero or above, got {described(seconds)}')
            ok = False
        elif wrong := number_problem("async.staging_s", seconds):
            reader.problem("async", "staging_s", f'"{name}": {wrong}')
            ok = False
        else:
            out[name] = float(seconds) + 0.0
    missing = [n for n in names if n not in out and n not in {k.strip() for k in value}]
    for name in missing:
        reader.problem("async", "staging_s", f'"{name}" has no staging time; give one for each save system')
    return out if ok and not missing else None


def _save_systems(reader: TableReader, key: str, value: list, systems: dict) -> tuple[str, ...]:
    """[systems] not_durable or node_local (`key`): distinct names, each the save_baseline or the candidate."""
    names = [systems.get(k) for k in ("save_baseline", "candidate") if systems.get(k)]
    expected = " or ".join(f'"{n}"' for n in names)
    out: list[str] = []
    for item in value:
        name = item.strip() if isinstance(item, str) else None
        if name is None or name not in names:
            reader.problem("systems", key, f"{described(item)} is not a save system; expected {expected}")
        elif name in out:
            reader.problem("systems", key, f'"{name}" is listed twice')
        else:
            out.append(name)
    return tuple(out)


def _mode_checks(reader: TableReader, training: dict, async_given: bool) -> None:
    """checkpoint_mode: "sync" or "async"; "async" needs step_time_s and [async] with its staging times."""
    mode = training.get("checkpoint_mode", "sync")
    if mode not in CHECKPOINT_MODES:
        allowed = " or ".join(f'"{m}"' for m in CHECKPOINT_MODES)
        reader.problem("training", "checkpoint_mode", f"{described(mode)} is not a checkpoint mode; expected {allowed}")
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


def _environment(reader: TableReader, value: object) -> tuple[tuple[str, str], ...]:
    """[environment]: the reader's own labels, each a non-empty text, in the order given."""
    if not isinstance(value, dict):
        reader.problem("", "environment", f"must be a table [environment], got {described(value)}")
        return ()
    out = []
    for key, text in value.items():
        if check_value(text, "text"):
            out.append((key, text.strip()))
        else:
            reader.problem("environment", key, kind_problem(text, "text"))
    return tuple(out)


def _check_language(reader: TableReader, language: str | None) -> None:
    if language is not None and language not in LANGUAGES:
        allowed = " or ".join(f'"{n}"' for n in LANGUAGES)
        reader.problem("", "language", f'"{language}" is not a language of this report; expected {allowed}')


def _float(value: int | float | None) -> float | None:
    return None if value is None else float(value)


def _long_integer(text: str) -> Problem:
    """The line of the integer too long for Python to read: no joint test has a number of thousands of digits."""
    match = re.search(r"[0-9_]{4000,}", text)
    line = text.count("\n", 0, match.start()) + 1 if match else None
    return Problem(FILE, line, None, "holds a number of thousands of digits, which no joint test has")


def _syntax_problem(message: str) -> Problem:
    match = re.search(r"\(at line (\d+), column (\d+)\)", message)
    text = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
    if match:
        return Problem(FILE, int(match.group(1)), f"column {match.group(2)}", f"TOML syntax error: {text}")
    return Problem(FILE, None, None, f"TOML syntax error: {text}")


def _lookalike_systems(reader: TableReader, systems: dict) -> None:
    """Two roles' names equal after Unicode normalisation and case folding would print as one system."""
    from report.text_check import lookalikes

    names = {k: v for k, v in systems.items() if k in SYSTEMS and isinstance(v, str)}
    for first, second in lookalikes(names):
        reader.problem(
            "systems",
            second,
            f'"{names[second]}" and {first} "{names[first]}" differ only in case or Unicode form: a reader cannot'
            " tell them apart; name the two systems so that they differ",
        )


def _projections(reader: TableReader, value: object) -> tuple[ProjectionSpec | None, ...]:
    """Each [[projections]] table, None in the place of one with a problem (so that later checks count right)."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        reader.problem("", "projections", "must be written as [[projections]] tables")
        return ()
    if len(value) > MAX_PROJECTIONS:  # before each is checked: twenty thousand took minutes and 4 GB
        reader.problem("", "projections", f"{len(value):,} projections; a report shows at most {MAX_PROJECTIONS:,}")
        return ()
    specs: list[ProjectionSpec | None] = []
    for index, item in enumerate(value):
        checked = reader.table(item, "projections", PROJECTION, index)
        if len(checked) == len(item) and {"name", "snapshot_gb"} <= checked.keys():
            specs.append(
                ProjectionSpec(
                    checked["name"], float(checked["snapshot_gb"]), checked.get("saves"), checked.get("gpus")
                )
            )
        else:
            specs.append(None)  # kept in place, so that a later check names the right [[projections]] table
    return tuple(specs)


def _projection_gpus(
    reader: TableReader, projections: tuple[ProjectionSpec | None, ...], node_local: tuple[str, ...]
) -> None:
    """A projection without `gpus` while a save system is node-local: its time cannot be projected per node."""
    if not node_local:
        return
    for index, spec in enumerate(projections):
        if spec is not None and spec.gpus is None:
            reader.problem(
                "projections",
                "gpus",
                f'"{spec.name}" has no gpus; give the GPUs of the projected job, as {_list_names(node_local)}'
                " is storage local to each node and its save time follows each node's share of the checkpoint",
                index,
            )


def _node_size(reader: TableReader, training: dict, async_table: object) -> None:
    """[training] gpus_per_node and [async] gpus_per_node: one node size serves every figure; both given must agree."""
    ours = training.get("gpus_per_node")
    theirs = async_table.get("gpus_per_node") if isinstance(async_table, dict) else None
    if ours is not None and check_value(theirs, "posint") and ours != theirs:
        reader.problem(
            "training",
            "gpus_per_node",
            f"is {ours} while async.gpus_per_node is {theirs}: one node size serves every figure; give one of the"
            " two, or the same value in both",
        )


def _list_names(names: tuple[str, ...]) -> str:
    return " and ".join(f'"{n}"' for n in names)


def _report(reader: TableReader, data: dict) -> ReportSpec:
    """[report] (schema 4): every key optional, each a text non-empty after trimming; unknown keys are problems."""
    if "report" not in data:
        return ReportSpec()
    value = data["report"]
    if not isinstance(value, dict):
        reader.problem("", "report", f"must be a table [report], got {described(value)}")
        return ReportSpec()
    return ReportSpec(**reader.table(value, "report", REPORT))


def _scaling_claim(reader: TableReader, data: dict) -> ScalingClaim | None:
    """[scaling]: the claimed range of the candidate's advantage with many client nodes, and who claims it."""
    if "scaling" not in data:
        return None
    value = data["scaling"]
    if not isinstance(value, dict):
        reader.problem("", "scaling", f"must be a table [scaling], got {described(value)}")
        return None
    checked = reader.table(value, "scaling", SCALING)
    if len(checked) != len(value) or len(checked) != len(SCALING):
        return None
    if checked["claim_high"] < checked["claim_low"]:
        low = checked["claim_low"]
        reader.problem("scaling", "claim_high", f"is below claim_low ({low}): give the claimed range low to high")
        return None
    return ScalingClaim(float(checked["claim_low"]), float(checked["claim_high"]), checked["claim_source"].strip())


def _short_names(reader: TableReader, value: object, systems: dict) -> dict[str, str]:
    """[systems] short (schema 4): a short name per system, keyed by its full name; keys and values trimmed.

    A key that names no system, two keys naming one system, two systems with one short name, and a short name that is
    another system's full name are problems (a system that is both save and load baseline is one system)."""
    full = {systems[k] for k in ("candidate", "save_baseline", "load_baseline") if isinstance(systems.get(k), str)}
    if not isinstance(value, dict):
        reader.problem("systems", "short", f"must be a table of full name = short name, got {described(value)}")
        return {}
    out: dict[str, str] = {}
    for key, short in value.items():
        name = key.strip()
        if name not in full:
            expected = " or ".join(f'"{n}"' for n in sorted(full))
            reader.problem("systems", "short", f'"{name}" is not a system of [systems]; expected {expected}')
        elif name in out:
            reader.problem("systems", "short", f'"{name}" is given twice')
        elif not check_value(short, "text"):
            reader.problem("systems", "short", f'"{name}": {kind_problem(short, "text")}')
        elif wrong := text_problem(short) or name_problem(short) or _short_name_problem(short.strip()):
            reader.problem("systems", "short", f'"{name}": {wrong}')
        else:
            out[name] = short.strip()
    # compared as a reader tells names apart (NFKC, case folded), as [systems]' full names are: "fx100" beside
    # "FX100" read as one system (attacks-6 S04)
    by_short: dict[str, tuple[str, str]] = {}
    for name, short in out.items():
        key = folded(short)
        if key in by_short:
            other, other_short = by_short[key]
            same = f'"{short}"' if other_short == short else f'"{other_short}" and "{short}"'
            reader.problem(
                "systems",
                "short",
                f'"{other}" and "{name}" have one short name, {same}: a reader could not tell them apart',
            )
        else:
            by_short[key] = (name, short)
        if any(key == folded(f) for f in full if f != name):
            reader.problem("systems", "short", f'"{name}": its short name "{short}" is the full name of another system')
    return out


#: a gate's id as the report prints it (G1 to G4), folded as a reader reads it ("g3", "Ｇ３")
_GATE_ID = re.compile(r"g\s*[1-4]")
#: a figure as the report prints one: a number, and perhaps a unit or multiplier of its own ("1.95×", "2x", "40%",
#: "6.3 GB/s"); "3FS" (a file system) is a name
_FIGURE = re.compile(r"[-+−±~≈]?\s*(\d[\d.,\s]*)?\d\s*(×|x|%|s|ms|h|min|[kmgtp]i?b(/s)?|gpus?|nodes?)?")


def _short_name_problem(short: str) -> str | None:
    """A short name that a reader would take for a gate or a figure beside the report's own (attacks-6 S05: "G3 is
    better on durability" beside the gate G3, "1.95× keeps a node's part of a checkpoint" beside a 1.95× speedup)."""
    key = folded(short)
    if _GATE_ID.fullmatch(key):
        return f'its short name "{short}" is a gate of the report (G1 to G4): a reader would take one for the other'
    if _FIGURE.fullmatch(key):
        return f'its short name "{short}" reads as a figure: a reader would take it for one of the report\'s'
    if not any(unicodedata.category(c).startswith("L") for c in short):
        return f'its short name "{short}" has no letter: a short name is a name, such as "FX100"'
    return None


def _cross_checks(reader: TableReader, systems: dict, training: dict, given_training: dict) -> None:
    """`training`: the [training] keys whose values passed their checks; `given_training`: every key it gives."""
    _lookalike_systems(reader, systems)
    candidate = systems.get("candidate")
    for key in ("save_baseline", "load_baseline"):
        if candidate is not None and systems.get(key) == candidate:
            reader.problem("systems", key, f'must differ from candidate ("{candidate}")')
    given = [k for k in ("baseline_duration_s", "step_time_s") if k in given_training]
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
    _run_bounds(reader, training)


def _run_bounds(reader: TableReader, training: dict) -> None:
    """The run the keys describe within the bounds each key has alone: total_steps steps of step_time_s at most
    MAX_RUN_S of compute, and a step of baseline_duration_s / total_steps no shorter than the shortest time."""
    total = training.get("total_steps")
    if total is None:
        return
    if (step := training.get("step_time_s")) is not None and total * step > MAX_RUN_S:
        reader.problem(
            "training",
            "step_time_s",
            f"{total:,} steps of {step:g} s are {total * step:.3g} s of compute, beyond any training run"
            f" (at most {MAX_RUN_S:g} s)",
        )
    shortest = PLAUSIBLE["_s"][0]
    if (duration := training.get("baseline_duration_s")) is not None and duration / total < shortest:
        reader.problem(
            "training",
            "baseline_duration_s",
            f"{duration:g} s for {total:,} steps is {duration / total:.3g} s a step, shorter than any step"
            f" (at least {shortest:g} s)",
        )


# What other modules import from report.inputs.config (the validated specs and the parser).
__all__ = [
    "CHECKPOINT_MODES",
    "CSV_INPUTS",
    "FILE",
    "AsyncSaves",
    "EconomicsSpec",
    "ImportSpec",
    "ProjectionSpec",
    "ReliabilitySpec",
    "Systems",
    "TestConfig",
    "Thresholds",
    "Training",
    "parse_config",
]
