"""Trainer logs written with asynchronous saves: their save durations time the staging, not the write to storage.

With Megatron-LM's `--async-save`, NeMo's `async_save` or torchtitan's `async_mode`, the line that times a save
covers only the part that blocks training (copying the state to host memory); the write to storage finishes in the
background. Such a log imported into save_times would compare staging with another system's durable saves (issue 44
A1: 38.9x). A log says so by any of these, and the first one found (by line) is named:
- a marker line: `scheduled an async checkpoint save`, `Unfinalized async checkpoint saves`, `Pending async
  checkpoint saves`, `Async finalization time took`, torchtitan's `Received async checkpoint request`, matched
  case-insensitively with any run of whitespace (a no-break space too), hyphens or underscores between the words
  (A2: a double space, a hyphen or a no-break space hid them);
- the arguments or config: Megatron's argument dump `async_save ...... True`, NeMo's config `async_save: true`
  (also `async_save=True`, `'async_save': True`, NeMo 2's `ckpt_async_save=True`, a command line's `--async-save`)
  (A1, A4: the markers deleted);
- a finalisation printed late: `successfully saved checkpoint from iteration N` after a progress line of a later
  iteration (`iteration M/ …`, M > N), where a synchronous save prints it before training goes on;
- for torchtitan, whose log does not say which: test.toml's `async_mode`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from report.problems import Problem

_GAP = r"[\s_-]*"  # \s is Unicode: a no-break space (U+00A0) is whitespace too
MARKER = re.compile(rf"async{_GAP}(?:checkpoint{_GAP}(?:save|request)|finali[sz]ation)", re.IGNORECASE | re.MULTILINE)
ARGUMENT = re.compile(
    r"(?<![\w-])(?:ckpt_)?async[_-]save\b[\s.:=\'\"]*true\b|(?<![\w-])--async-save(?![\w=-])",
    re.IGNORECASE | re.MULTILINE,
)
_ORDER = re.compile(
    r"(?P<saved>successfully saved checkpoint (?:from|at) iteration\s+(?P<n>\d+))|\biteration\s+(?P<m>\d+)\s*/\s*\d+",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Evidence:
    """Where a log shows asynchronous saves, and how, in words."""

    line: int
    how: str


def evidence(data: bytes, async_mode: str | None = None, timed: int | None = None) -> Evidence | None:
    """The first line (1-based) of a log that shows it was written with asynchronous saves, or None. `async_mode` is
    what test.toml says of a log that does not say it itself (None where the log does), `timed` the log's first
    timed save."""
    text = data.decode("utf-8", "replace")
    found: list[Evidence] = []
    if async_mode not in (None, "disabled"):
        how = f'test.toml gives async_mode = "{async_mode}": its save lines then time the staging'
        found.append(Evidence(timed or 1, how))
    for pattern, how in ((MARKER, 'it logs "{line}"'), (ARGUMENT, 'its arguments set async_save ("{line}")')):
        if m := pattern.search(text):
            found.append(Evidence(_line(text, m.start()), how.format(line=_shown(text, m.start()))))
    highest = None
    for m in _ORDER.finditer(text):
        if m.group("saved") is None:
            highest = max(highest or 0, int(m.group("m")))
        elif highest is not None and int(m.group("n")) < highest:
            how = (
                f'"{_shown(text, m.start())}" comes after iteration {highest} was logged: the save was finished in'
                " the background"
            )
            found.append(Evidence(_line(text, m.start()), how))
            break
    return min(found, key=lambda e: e.line, default=None)


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def _shown(text: str, at: int) -> str:
    """The line holding position `at`, trimmed, at most 120 characters."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return text[start : end if end >= 0 else len(text)].strip()[:120]


def refusal(name: str, at: Evidence, seconds: list[float]) -> Problem:
    """The problem of a log whose save durations are staging times, offering them to [async] staging_s."""
    offer = f": their mean is {sum(seconds) / len(seconds):.6g} s" if seconds else ""
    message = (
        f"was written with asynchronous saves ({at.how}): its save durations are staging times, the part that blocks"
        f" training (give them as [async] staging_s in test.toml{offer}); the save time to durable storage must come"
        " from a storage measurement (fio, MLPerf Storage)"
    )
    return Problem(name, at.line, None, message)
