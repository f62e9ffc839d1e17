"""Raw files read strictly: JSON without NaN, infinities or runaway nesting, lines of a bounded length, typed fields.

A tool's output is data, never trusted to be well formed: `NaN`, `Infinity` and `1e400` are not numbers a tool
measured, a boolean is not a number (Python counts `true` as 1), a value nested a hundred thousand deep would
exhaust the parser's stack, and a megabyte-long line is no line a tool writes. Each is refused with the line.
"""

from __future__ import annotations

import json
import math
from typing import TypeGuard

MAX_DEPTH = 200  # fio's JSON nests 5 deep, DLIO's 4
MAX_LINE = 1 << 20  # bytes in one line of a JSON file or a trainer log (a long log line is a few KB)
MAX_LOG_LINE = 4096  # bytes in one line of a fio bandwidth log (about 40 are written)


class JsonProblem(ValueError):
    """Why a text is not strict JSON, with the line where there is one."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def _constant(name: str) -> float:
    raise JsonProblem(f"holds {name}, which is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonProblem(f"holds {text[:40]}, a number too large to be a measurement")
    return value


def strict_loads(text: str, start: int = 0) -> object:
    """The JSON value in `text` from `start` (trailing text allowed); JsonProblem names the line otherwise."""
    value, _end = strict_decode(text, start)
    return value


def strict_decode(text: str, start: int = 0) -> tuple[object, int]:
    """The JSON value starting at `start` and where it ends, checked as the module says."""
    decoder = json.JSONDecoder(parse_constant=_constant, parse_float=_finite)
    try:
        return decoder.raw_decode(text, start)
    except JsonProblem as exc:
        exc.line = exc.line or _line_of_problem(text, start, str(exc))
        raise
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"is not valid JSON: {exc.msg}", exc.lineno) from exc
    except RecursionError as exc:
        at = deep_at(text, start)
        raise JsonProblem(f"nests deeper than {MAX_DEPTH} levels; a tool's output nests a few", at) from exc


def check_depth(value: object) -> None:
    """Raise JsonProblem when a decoded value nests deeper than MAX_DEPTH (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise JsonProblem(f"nests deeper than {MAX_DEPTH} levels; a tool's output nests a few")
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        stack += [(c, depth + 1) for c in children if isinstance(c, dict | list)]


def deep_at(text: str, start: int = 0) -> int | None:
    """The line where nesting first goes deeper than MAX_DEPTH (strings skipped), or None."""
    depth, quoted, escaped = 0, False, False
    for at in range(start, len(text)):
        char = text[at]
        if quoted:
            escaped, quoted = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return text.count("\n", 0, at) + 1
        elif char in "]}":
            depth -= 1
    return None


def _line_of_problem(text: str, start: int, message: str) -> int | None:
    token = message.removeprefix("holds ").split(",")[0].split(" ")[0]
    at = text.find(token, start)
    return text.count("\n", 0, at) + 1 if at >= 0 else None


def long_line(data: bytes, limit: int) -> int | None:
    """The first line (1-based) longer than `limit` bytes, or None; vectorised in 64 MB blocks, for logs of millions
    of lines, with no copy of the whole."""
    if len(data) <= limit:
        return None
    import numpy as np  # here: verify reads metrics.json strictly (strict_loads) in a process without numpy

    view, block, last_end, lines = np.frombuffer(data, np.uint8), 64 << 20, -1, 0
    for lo in range(0, len(data), block):
        ends = np.flatnonzero(view[lo : lo + block] == 10) + lo
        lengths = np.diff(np.concatenate(([last_end], ends))) - 1
        if len(over := np.flatnonzero(lengths > limit)):
            return lines + int(over[0]) + 1
        lines, last_end = lines + len(ends), int(ends[-1]) if len(ends) else last_end
    return lines + 1 if len(data) - 1 - last_end > limit else None


def number(value: object) -> TypeGuard[int | float]:
    """Whether a decoded JSON value is a number (a boolean is not, whatever Python says)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def type_name(value: object) -> str:
    """A JSON value's kind, in words, for a message."""
    kinds = ((bool, "a boolean"), (str, "a string"), (list, "a list"), (dict, "an object"), (type(None), "null"))
    return next((word for kind, word in kinds if isinstance(value, kind)), "a number")
