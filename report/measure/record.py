"""Recording a measurement in test.toml: [[import]] tables naming the runs' outputs, and [environment] lines.

The user's text is kept as written: lines are added to the end of [environment] (or a new table) and the
import tables are appended. The result is parsed again and must equal the old document plus exactly the
added keys, else nothing is written; test.toml is replaced atomically, so an interruption leaves either the
old file or the new one.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import tempfile
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from report.measure.probe import Refused

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ENVIRONMENT = re.compile(r"^\s*\[\s*environment\s*\]\s*(#.*)?$")
_ANY_HEADER = re.compile(r"^\s*\[")
_BLANK_OR_COMMENT = re.compile(r"^\s*(#.*)?$")
_SYSTEMS = re.compile(r"^\s*\[\s*systems\s*\]\s*(#.*)?$")
_SOURCES = re.compile(r"^\s*\[\s*sources\s*\]\s*(#.*)?$")
_NOT_DURABLE = re.compile(r"^\s*not_durable\s*=")


@dataclass(frozen=True)
class Translated:
    """The lines a session writes, in another language than test.toml's, for [text.<language>]: each [environment]
    line as (its key in [environment], its label, its text), and [sources] notes as (table, note)."""

    environment: list[tuple[str, str, str]]
    sources: list[tuple[str, str]]


def _text_header(language: str, part: str) -> re.Pattern:
    """The header of [text.<language>.<part>], the language bare or quoted."""
    lang = re.escape(language)
    return re.compile(rf"""^\s*\[\s*text\s*\.\s*(?:{lang}|"{lang}"|'{lang}')\s*\.\s*{part}\s*\]\s*(#.*)?$""")


@dataclass(frozen=True)
class ImportTable:
    """One [[import]] table to add, with comment lines above it."""

    comments: tuple[str, ...]
    fields: tuple[tuple[str, object], ...]

    def as_dict(self) -> dict:
        """The table as tomllib reads it back."""
        return dict(self.fields)


def toml_key(key: str) -> str:
    """A key, bare where TOML allows it, else quoted."""
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: object) -> str:
    """A string, integer, finite float or list of strings as TOML writes it (JSON's string escapes are TOML's)."""
    if isinstance(value, bool):
        raise TypeError("no booleans in these tables")
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to test.toml")


@dataclass(frozen=True)
class Removal:
    """What a session replaces in test.toml: [[import]] tables (0-based among them) and [environment] keys."""

    imports: frozenset[int] = frozenset()
    environment: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.imports or self.environment)


_IMPORT_HEADER = re.compile(r"^\s*\[\[\s*import\s*\]\]\s*(#.*)?$")
_COMMENT = re.compile(r"^\s*#")
_BLANK = re.compile(r"^\s*$")


def updated(
    original: str,
    environment: list[tuple[str, str]],
    tables: list[ImportTable],
    not_durable: str | None = None,
    removal: Removal = Removal(),
    sources: list[tuple[str, str]] = (),  # type: ignore[assignment]
    translated: dict[str, Translated] | None = None,
) -> str:
    """test.toml's text with the environment lines, the [sources] lines and import tables added, and `not_durable`
    named in [systems]' not_durable list; a replaced session's tables and lines (`removal`) taken out with the
    comments above them. Checked by parsing it back."""
    eol = "\r\n" if "\r\n" in original else "\n"  # the user's line endings, for the lines added too
    lines = original.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += eol
    if removal:
        lines = _removed(lines, removal)
    listed = tomllib.loads(original).get("systems", {}).get("not_durable", [])
    if not_durable is not None and not_durable not in listed:
        _name_not_durable(lines, eol, [*listed, not_durable])
    _add_keys(lines, _SOURCES, "sources", [(k, v) for k, v in sources], eol)
    _add_keys(lines, _ENVIRONMENT, "environment", environment, eol)
    for language, more in (translated or {}).items():  # [text.<language>]: the same lines in another language
        name = f"text.{toml_key(language)}"
        _add_keys(lines, _text_header(language, "sources"), f"{name}.sources", more.sources, eol)
        pairs = [(k, {"label": label, "text": text}) for k, label, text in more.environment]
        _add_keys(lines, _text_header(language, "environment"), f"{name}.environment", pairs, eol)
    for table in tables:
        lines += [eol, *(f"# {c}{eol}" for c in table.comments), f"[[import]]{eol}"]
        lines += [f"{toml_key(k)} = {toml_value(v)}{eol}" for k, v in table.fields]
    text = "".join(lines)
    _check(original, text, environment, tables, not_durable, removal, sources, translated)
    return text


def _add_keys(
    lines: list[str], header_line: re.Pattern, name: str, keys: Sequence[tuple[str, object]], eol: str
) -> None:
    """Keys added after the last key of the table `name` (a new table at the end where there is none)."""
    added = [f"{toml_key(k)} = {toml_value(v)}{eol}" for k, v in keys]
    if not added:
        return
    header = next((i for i, line in enumerate(lines) if header_line.match(line)), None)
    if header is None:
        lines += [eol, f"[{name}]{eol}", *added]
        return
    end = next((i for i in range(header + 1, len(lines)) if _ANY_HEADER.match(lines[i])), len(lines))
    while end > header + 1 and _BLANK_OR_COMMENT.match(lines[end - 1]):
        end -= 1
    lines[end:end] = added


def _removed(lines: list[str], removal: Removal) -> list[str]:
    """The lines without the removed [[import]] tables (each with the comment lines and the blank line above it)
    and without the removed [environment] keys' lines. A table that is not one `[[import]]` header with its keys,
    or a key not on one line, is left, and the check after refuses."""
    headers = [i for i, line in enumerate(lines) if _IMPORT_HEADER.match(line)]
    drop: set[int] = set()
    for index in removal.imports:
        if index >= len(headers):
            continue
        start = headers[index]
        end = next((i for i in range(start + 1, len(lines)) if _ANY_HEADER.match(lines[i])), len(lines))
        while end > start + 1 and (_BLANK_OR_COMMENT.match(lines[end - 1])):
            end -= 1  # the comments above the next table are the next table's
        first = start
        while first > 0 and _COMMENT.match(lines[first - 1]):
            first -= 1
        if first > 0 and _BLANK.match(lines[first - 1]):
            first -= 1
        drop.update(range(first, end))
    if removal.environment:  # [environment]'s lines, and the same keys in [text.<language>.environment]
        patterns = [_ENVIRONMENT, *(_text_header(lang, "environment") for lang in _languages())]
        for pattern in patterns:
            header = next((i for i, line in enumerate(lines) if pattern.match(line)), None)
            if header is None:
                continue
            end = next((i for i in range(header + 1, len(lines)) if _ANY_HEADER.match(lines[i])), len(lines))
            for i in range(header + 1, end):
                with contextlib.suppress(tomllib.TOMLDecodeError):
                    if set(tomllib.loads(lines[i])) & removal.environment:
                        drop.add(i)
    return [line for i, line in enumerate(lines) if i not in drop]


def _languages() -> tuple[str, ...]:
    from report.i18n import LANGUAGES

    return tuple(LANGUAGES)


def _name_not_durable(lines: list[str], eol: str, names: list[str]) -> None:
    """[systems]' not_durable written anew (one line) where it is one line, or added as the table's last key."""
    header = next((i for i, line in enumerate(lines) if _SYSTEMS.match(line)), None)
    if header is None:
        return  # [systems] written otherwise: the check below refuses
    end = next((i for i in range(header + 1, len(lines)) if _ANY_HEADER.match(lines[i])), len(lines))
    new = f"not_durable = {toml_value(names)}{eol}"
    for i in range(header + 1, end):
        if _NOT_DURABLE.match(lines[i]):
            lines[i] = new  # a list spread over lines would leave its tail: the check below refuses that
            return
    while end > header + 1 and _BLANK_OR_COMMENT.match(lines[end - 1]):
        end -= 1
    lines.insert(end, new)


def _check(
    original: str,
    text: str,
    environment: list[tuple[str, str]],
    tables: list[ImportTable],
    not_durable: str | None = None,
    removal: Removal = Removal(),
    sources: list[tuple[str, str]] = (),  # type: ignore[assignment]
    translated: dict[str, Translated] | None = None,
) -> None:
    """The new document is the old one less exactly what was replaced, plus exactly what was added, or test.toml is
    left alone."""
    before, after = tomllib.loads(original), None
    with contextlib.suppress(tomllib.TOMLDecodeError):
        after = tomllib.loads(text)
    if removal:
        before = dict(before)
        kept = [t for i, t in enumerate(before.get("import", [])) if i not in removal.imports]
        before.pop("import", None)
        if kept:
            before["import"] = kept
        if "environment" in before:  # its header stays, even with no line left under it
            before["environment"] = {k: v for k, v in before["environment"].items() if k not in removal.environment}
        _texts_removed(before, removal)
    expected = dict(before)
    listed = before.get("systems", {}).get("not_durable", [])
    if not_durable is not None and not_durable not in listed:
        expected["systems"] = {**before.get("systems", {}), "not_durable": [*listed, not_durable]}
    if environment:
        expected["environment"] = {**before.get("environment", {}), **dict(environment)}
    if sources:
        expected["sources"] = {**before.get("sources", {}), **dict(sources)}
    _texts_added(expected, translated or {})
    if tables:
        expected["import"] = [*before.get("import", []), *(t.as_dict() for t in tables)]
    if after != expected:
        raise Refused(
            "cannot add the measurement to test.toml without changing what it already says (is [environment] or"
            " [systems] an inline table, written with dotted keys, or not_durable a list over several lines?): write"
            " them as tables of their own, the list on one line; nothing was recorded",
        )


def _texts_removed(before: dict, removal: Removal) -> None:
    """[text.<language>.environment] without the replaced session's keys (its header stays)."""
    texts = before.get("text")
    if not isinstance(texts, dict):
        return
    before["text"] = {
        lang: {**t, "environment": {k: v for k, v in t["environment"].items() if k not in removal.environment}}
        if isinstance(t, dict) and isinstance(t.get("environment"), dict)
        else t
        for lang, t in texts.items()
    }


def _texts_added(expected: dict, translated: dict[str, Translated]) -> None:
    """[text.<language>]'s sources and environment with a session's lines in that language."""
    for language, more in translated.items():
        texts = dict(expected.get("text", {}))
        one = dict(texts.get(language, {}))
        if more.sources:
            one["sources"] = {**one.get("sources", {}), **dict(more.sources)}
        if more.environment:
            added = {k: {"label": label, "text": text} for k, label, text in more.environment}
            one["environment"] = {**one.get("environment", {}), **added}
        if one:
            texts[language] = one
            expected["text"] = texts


def write_atomically(path: Path, text: str, bom: bool = False) -> None:
    """Replace a file's content in one step (a reader sees the old file or the new one), keeping its mode and owner;
    a symlinked file is replaced where the link points."""
    path = Path(os.path.realpath(path))
    info = path.stat() if path.exists() else None
    fd, temp = tempfile.mkstemp(prefix=".test.toml.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8-sig" if bom else "utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, info.st_mode & 0o7777 if info else 0o644)
        if info is not None and (info.st_uid, info.st_gid) != (os.getuid(), os.getgid()):
            with contextlib.suppress(PermissionError):  # root measuring (for drop_caches) keeps the user's file theirs
                os.chown(temp, info.st_uid, info.st_gid)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
