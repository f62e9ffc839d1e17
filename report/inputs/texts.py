"""test.toml's free texts in another language (`[text."zh-CN"]`, `[text.en]`): used when the report is built in that
language, so that one joint test gives a clean English and a clean Chinese report (field test 5, M4).

```toml
language = "en"                       # the language of the top-level texts
[text."zh-CN"]                        # any language of the report but test.toml's own; every key optional
title    = "…"                        # printed instead of `title`
customer = "…"                        # instead of `customer`
model    = "…"                        # the training model ([training] model) as printed
systems     = { "Local disk" = "本地磁盘" }            # a system's full name as printed, keyed by [systems]' name
short       = { "Local disk" = "本地盘" }              # its short name in this language (as [systems] short)
projections = { "70B on 64 GPUs" = "64 卡上的 70B" }    # a projection's name as printed, keyed by its name
models      = { "Llama 3 8B, bf16" = "Llama 3 8B（bf16）" }  # a model of load_times (or of the saves) as printed
platforms   = { "8x H100 node" = "8 卡 H100 节点" }     # a platform of load_times as printed
claim_source = "…"                    # [scaling] claim_source as printed
[text."zh-CN".report]                 # [report]'s texts: commissioned_by, tested_by, prepared_by, reviewed_by,
tested_by = "…"                       #   approved_by (number and revision are the same in every language)
[text."zh-CN".sources]                # [sources] notes, keyed as [sources] is
save_times = "…"
[text."zh-CN".environment]            # [environment] lines, keyed by [environment]'s own keys: the text alone,
"clients" = "…"                       #   (the label prints as given), or the label and the text
"Local disk: measured" = { label = "…", text = "…" }
```

Names in the CSVs and in `[systems]` stay the keys that join the data and the names metrics.json carries; only
what the report prints changes. Each text is checked as the top-level one it stands for.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, TypeVar

from report.bounds import name_problem
from report.i18n import LANGUAGES
from report.inputs.specs import CSV_INPUTS, Texts
from report.inputs.toml_reader import TableReader, check_value, described, kind_problem
from report.text_check import folded, in_language, text_problem

PARTIES = ("commissioned_by", "tested_by", "prepared_by", "reviewed_by", "approved_by")
KEYS = (
    "title",
    "customer",
    "model",
    "systems",
    "short",
    "projections",
    "models",
    "platforms",
    "report",
    "sources",
    "environment",
    "claim_source",
)


def parse_texts(
    reader: TableReader,
    value: object,
    language: str,
    systems: dict,
    training_model: object,
    projections: tuple,
    sources: dict,
    environment: tuple[tuple[str, str], ...],
) -> dict[str, Texts]:
    """[text.<language>] tables, checked: a language of the report other than test.toml's own; known keys; each text
    as the one it stands for; names that a reader can tell apart from every other system's."""
    if not isinstance(value, dict):
        reader.problem("", "text", f'must be a table such as [text."zh-CN"], got {described(value)}')
        return {}
    out = {}
    for lang, table in value.items():
        where = f"text.{lang}"
        if lang not in LANGUAGES:
            expected = " or ".join(f'"{n}"' for n in LANGUAGES)
            reader.problem("text", lang, f'"{lang}" is not a language of this report; expected {expected}')
        elif lang == language:
            reader.problem(
                "text", lang, f"is test.toml's own language ({lang}): its texts are the top-level ones, not repeated"
            )
        elif not isinstance(table, dict):
            reader.problem("text", lang, f'must be a table [text."{lang}"], got {described(table)}')
        else:
            out[lang] = _one(reader, where, table, systems, training_model, projections, sources, environment)
    return out


def _one(reader, where, table, systems, training_model, projections, sources, environment) -> Texts:
    found: dict = {}
    for key, value in table.items():
        if key not in KEYS:
            reader.problem(where, key, f"unknown key; expected one of {', '.join(KEYS)}")
        elif key in ("title", "customer", "model", "claim_source"):
            if (text := _text(reader, where, key, value)) is not None:
                found[key] = text
        elif key == "report":
            found[key] = _mapping(reader, where, key, value, {k: k for k in PARTIES}, "a key of [report]")
        elif key == "sources":
            known = {k: k for k in CSV_INPUTS if k in sources}
            found[key] = _mapping(reader, where, key, value, known, "a table of [sources] with a note")
        elif key == "projections":
            names = {p.name: p.name for p in projections if p is not None}
            found[key] = _mapping(reader, where, key, value, names, "the name of a [[projections]] table")
        elif key in ("models", "platforms"):
            # keyed by names the rows give (load_times.csv, the imports): checked against them once they are read
            # (inputs/joint_test.py), here as names
            found[key] = _names(reader, where, key, value)
        elif key in ("systems", "short"):
            roles = ("candidate", "save_baseline", "load_baseline")
            full = {v.strip(): v for k in roles if isinstance(v := systems.get(k), str)}
            found[key] = _mapping(reader, where, key, value, full, "a system of [systems]", names=True)
            _distinct(reader, where, found[key], set(full.values()))
        else:
            found[key] = _environment(reader, where, value, dict(environment))
    if "model" in found and not isinstance(training_model, str):
        del found["model"]
    elif "model" in found and found["model"] != found.get("models", {}).get(training_model, found["model"]):
        reader.problem(where, "models", f'"{training_model}" is the training model, which model prints otherwise')
    return Texts(**found)


def _names(reader: TableReader, where: str, key: str, value: object) -> dict[str, str]:
    """A table of name -> name as printed, each a name a reader can tell apart (bounds.name_problem)."""
    if not isinstance(value, dict):
        reader.problem(where, key, f"must be a table of name = name as printed, got {described(value)}")
        return {}
    out: dict[str, str] = {}
    for name, text in value.items():
        if (checked := _text(reader, where, key, text, name=True)) is not None:
            out[name.strip()] = checked
    return out


def unknown_names(texts: dict[str, Texts], models: set[str], platforms: set[str]) -> list[str]:
    """What [text.<language>] models and platforms name that no row does: "text.zh-CN.models: "x" is not …"."""
    out = []
    for language, t in texts.items():
        kinds = (("models", models, "a model of the rows"), ("platforms", platforms, "a platform of load_times"))
        for key, known, what in kinds:
            for name in getattr(t, key):
                if name not in known:
                    expected = ", ".join(f'"{n}"' for n in sorted(known)) or "none"
                    out.append(f'text.{language}.{key}: "{name}" is not {what} (expected {expected})')
    return out


def _text(reader: TableReader, where: str, key: str, value: object, name: bool = False) -> str | None:
    if not check_value(value, "text"):
        reader.problem(where, key, kind_problem(value, "text"))
        return None
    assert isinstance(value, str)
    wrong = text_problem(value) or (name_problem(value) if name else None)
    if wrong:
        reader.problem(where, key, wrong)
        return None
    return value.strip()


def _mapping(reader, where, key, value, known: dict, what: str, names: bool = False) -> dict[str, str]:
    """A table of known key -> text; keys compared after trimming."""
    if not isinstance(value, dict):
        reader.problem(where, key, f"must be a table of {what} = text, got {described(value)}")
        return {}
    out: dict[str, str] = {}
    for name, text in value.items():
        if name.strip() not in known:
            expected = " or ".join(f'"{n}"' for n in sorted(known)) or "nothing here"
            reader.problem(where, key, f'"{name}" is not {what}; expected {expected}')
        elif (checked := _text(reader, where, key, text, names)) is not None:
            out[known[name.strip()]] = checked
    return out


def _distinct(reader: TableReader, where: str, shown: dict[str, str], full: set[str]) -> None:
    """Two systems printed alike, or one printed as another's full name, could not be told apart."""
    seen: dict[str, str] = {}
    for name, text in shown.items():
        key = folded(text)
        if key in seen:
            reader.problem(where, "systems", f'"{seen[key]}" and "{name}" are both printed "{text}"')
        seen[key] = name
        if any(key == folded(f) for f in full if f != name):
            reader.problem(where, "systems", f'"{name}" is printed "{text}", the full name of another system')


def _environment(reader, where, value, environment: dict[str, str]) -> dict[str, tuple[str, str]]:
    if not isinstance(value, dict):
        reader.problem(where, "environment", f"must be a table of [environment] key = text, got {described(value)}")
        return {}
    out = {}
    for key, item in value.items():
        if key not in environment:
            reader.problem(where, "environment", f'"{key}" is not a key of [environment]')
            continue
        label, text = key, item
        if isinstance(item, dict):
            unknown = sorted(set(item) - {"label", "text"})
            if unknown or "text" not in item:
                wrong = f"unknown key {unknown[0]}" if unknown else "text is missing"
                reader.problem(where, "environment", f'"{key}": {{ label = "…", text = "…" }} expected ({wrong})')
                continue
            label, text = item.get("label", key), item["text"]
            if _text(reader, where, "environment", label) is None:
                continue
        if (checked := _text(reader, where, "environment", text)) is not None:
            out[key] = (label.strip(), checked)
    return out


_T = TypeVar("_T")


def printed(test: Any, metrics: _T, language: str) -> tuple[Any, _T]:
    """The joint test (a JointTest: joint_test imports config, which imports this module) and its figures as the
    report in `language` prints them: test.toml's [text.<language>] texts in place of the top-level ones, and every
    system, training model and projection name it gives replaced by its printed name, in the tables, the
    configuration and the figures alike (so that every lookup by name still joins). The figures themselves, and
    metrics.json (written from the figures as computed), do not change."""
    texts = test.config.texts.get(language)
    c = test.config
    # a projection named in English ("34B on 128 GPUs") and not named in this language reads in Chinese as the
    # Chinese reader would write it (Chinese readings 7 and 7b, A-17/A11), a name test.toml gives taking precedence
    read = _projections_read(c.projections, language)
    if texts is None:
        return _named(test, c, metrics, read) if read else (test, metrics)
    names = read | texts.names(c.training.model)
    report = dataclasses.replace(c.report, **texts.report)
    given = (texts.environment.get(key, (key, text)) for key, text in c.environment)
    environment = tuple(_system_named(label, text, texts.systems) for label, text in given)
    # a printed name takes this language's short name, not the top-level one (cold tests 6: "Tianqiong TQ-5000
    # all-flash" in full on every page of the English edition)
    # a renamed system keeps its top-level short name where that name reads in this language ("TQ-5000", "GPFS" in
    # the English edition of a Chinese test: cold read 6, m1), unless [text.L] short gives it another
    short = {
        k: v for k, v in c.systems.short.items() if k not in texts.systems or in_language(v, language)
    } | texts.short
    config = dataclasses.replace(
        c,
        title=texts.title or c.title,
        customer=texts.customer or c.customer,
        report=report,
        sources={**c.sources, **texts.sources},
        environment=environment,
        systems=dataclasses.replace(c.systems, short=short),
        scaling_claim=_claim_printed(c.scaling_claim, texts.claim_source),
    )
    if not names:
        return dataclasses.replace(test, config=config), metrics
    return _named(test, config, metrics, names)


def _claim_printed(claim: Any, source: str | None) -> Any:
    """[scaling]'s claim with its source as this language prints it, where [text.<language>] gives it."""
    return claim if claim is None or source is None else dataclasses.replace(claim, source=source)


def _named(test: Any, config: Any, metrics: _T, names: dict[str, str]) -> tuple[Any, _T]:
    """The joint test with `config` and every name of `names` replaced by its printed name; its figures likewise."""
    config = _renamed(config, names)
    kept = {"raw": test.raw, "sha256": test.sha256, "config": config, "printed_names": dict(names)}
    shown = _renamed(dataclasses.replace(test, raw={}, sha256={}), names)
    return dataclasses.replace(shown, **kept), _renamed(metrics, names)


#: "34B on 128 GPUs", "405B on 1 GPU": a model and a GPU count, the way a projection is usually named in English
_ON_GPUS = re.compile(r"(?P<model>\S(?:.*\S)?) on (?P<gpus>\d[\d,]*) GPUs?")


def _projections_read(projections: Any, language: str) -> dict[str, str]:
    """Each projection named "<model> on <n> GPUs" as a Chinese report prints it, "<model>（<n> 卡）"; nothing in
    another language, or for a name of another shape (it prints as given)."""
    if language != "zh-CN":
        return {}
    found = ((p.name, _ON_GPUS.fullmatch(p.name)) for p in projections if p is not None)
    return {name: f"{m['model']}（{m['gpus']} 卡）" for name, m in found if m}


def _system_named(label: str, text: str, systems: dict[str, str]) -> tuple[str, str]:
    """An [environment] line whose label begins with a system's name ("Local disk (ext4)：测量", as measure writes
    its keys and their translations), that name as this language prints it (field test 6, m4: "Local disk (ext4)：
    测量" beside 本地磁盘（ext4） everywhere else on the page)."""
    for name, shown in systems.items():
        if label.startswith(name) and label[len(name) : len(name) + 1] in (":", "：", ",", "，"):
            return shown + label[len(name) :], text
    return label, text


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """`value` with every text that is a key of `names` replaced by its value: in dataclasses, tuples, lists, dicts
    (keys too) and the `system`, `model` and `platform` columns of tables; the same object where nothing changes."""
    import pandas as pd

    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, pd.DataFrame):
        return _renamed_table(value, names)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if f.init:
                old = getattr(value, f.name)
                if (new := _renamed(old, names)) is not old:
                    changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, tuple | list):
        return _renamed_items(value, names)
    if isinstance(value, dict):
        pairs = [(_renamed(k, names), _renamed(v, names)) for k, v in value.items()]
        if all(a is k and b is v for (a, b), (k, v) in zip(pairs, value.items(), strict=True)):
            return value
        return dict(pairs)
    return value


def _renamed_table(value: Any, names: dict[str, str]) -> Any:
    """A table with its `system`, `model` and `platform` columns renamed (a copy; the same table where nothing
    changes)."""
    columns = [c for c in ("system", "model", "platform") if c in value.columns and value[c].isin(list(names)).any()]
    if not columns:
        return value
    value = value.copy()
    for column in columns:
        value[column] = value[column].map(lambda v: names.get(v, v) if isinstance(v, str) else v)
    return value


def _renamed_items(value: tuple | list, names: dict[str, str]) -> Any:
    items = [_renamed(v, names) for v in value]
    if all(a is b for a, b in zip(items, value, strict=True)):
        return value
    return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
