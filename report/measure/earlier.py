"""A second `measure` of a system replaces the first's runs of the same phases (field test S2: running the same
command twice added a "session 2" to the report without a word, and nobody knew which lines to delete).

What it replaces is said before the first run (and by a dry run); once the new session's first run is recorded, the
earlier [[import]] tables of those phases leave test.toml, with the [environment] lines of a session none of whose
tables is left, and the earlier runs' files move to raw/<system>/replaced/, kept, not imported. `--add-runs` adds the
new runs to the earlier ones instead (a G1 "three more runs").
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from report.i18n import LANGUAGES, _, activate
from report.inputs.config import TestConfig
from report.measure import plan
from report.measure.plan import Request
from report.measure.progress import runs_said
from report.measure.record import Removal

REPLACED = "replaced"  #: the folder under raw/<system>/ the replaced runs' files move to
#: the comment measure writes above each of its [[import]] tables: its phase, then "(label, date time UTC)"
_MEASURED = re.compile(
    r"(?:runs|client sweep) measured by `python -m report measure(?: --clients-sweep)?` "
    r"\((?P<label>.*), (?P<stamp>[0-9-]+ [0-9:]+ UTC)\)"
)
_IMPORT_HEADER = re.compile(r"^\s*\[\[\s*import\s*\]\]")


@dataclass(frozen=True)
class Earlier:
    """One earlier [[import]] table this session replaces."""

    index: int  #: among the [[import]] tables
    line: int
    phase: str
    files: tuple[str, ...]
    label: str | None  #: the session's [environment] label, from the comment above the table
    stamp: str | None


@dataclass(frozen=True)
class Replacement:
    """What this session replaces, and where the replaced files go."""

    tables: tuple[Earlier, ...]
    removal: Removal
    folder: str  #: raw/<system>/replaced, relative to the joint-test folder

    def words(self, system: str) -> str:
        """ "the 3 save runs and 3 restore runs of RAM tmpfs measured 2026-12-05 14:02 UTC (test.toml:65, :72)"."""
        counts: dict[str, int] = {}
        for t in self.tables:
            counts[t.phase] = counts.get(t.phase, 0) + len(t.files)
        runs = runs_said([(n, plan.PHASE_WORDS.get(p, "client sweep")) for p, n in counts.items()])
        stamps = sorted({t.stamp for t in self.tables if t.stamp})
        when = f" measured {', '.join(stamps)}" if stamps else ""
        lines = ", ".join(f"test.toml:{t.line}" for t in self.tables)
        return f"the {runs} of {system}{when} ({lines})"


_OUTPUT = re.compile(r"^(save|restore|load|sustain)-(\d+)\.json$")
_JOB_FILE = re.compile(r"^(?:save|restore|load|sustain|prepare)(?:-(\d+))?\.fio$")


def existing_runs(raw: Path) -> tuple[dict[str, int], int]:
    """The next run number of each phase after the outputs already in raw/<system>/ (and its replaced/: a number is
    never given twice), and the next session number."""
    highest = dict.fromkeys(plan.PHASES, 0)
    sessions = 0
    replaced = raw / REPLACED
    for entry in [*(raw.iterdir() if raw.is_dir() else ()), *(replaced.iterdir() if replaced.is_dir() else ())]:
        if m := _OUTPUT.match(entry.name):
            highest[m.group(1)] = max(highest[m.group(1)], int(m.group(2)))
        if m := _JOB_FILE.match(entry.name):
            sessions = max(sessions, int(m.group(1) or 1))
    return {p: n + 1 for p, n in highest.items()}, sessions + 1


def comment_labels(original: str) -> list[tuple[str | None, str | None]]:
    """For each [[import]] header of test.toml, in order, the label and time of the measure comment above it."""
    lines = original.splitlines()
    out = []
    for i, line in enumerate(lines):
        if not _IMPORT_HEADER.match(line):
            continue
        found: tuple[str | None, str | None] = (None, None)
        j = i - 1
        while j >= 0 and lines[j].lstrip().startswith("#"):
            if m := _MEASURED.search(lines[j]):
                found = (m.group("label"), m.group("stamp"))
            j -= 1
        out.append(found)
    return out


def find(config: TestConfig, original: str, request: Request, raw_name: str) -> Replacement | None:
    """The earlier tables of this system whose runs this session measures again: measure's own outputs (every file
    `raw/<system>/<phase>-N.json`), of the same phase and the same model (and platform)."""
    labels = comment_labels(original)
    if len(labels) != len(config.imports):
        labels = [(None, None)] * len(config.imports)  # [[import]] written otherwise: no label to go by
    tables = []
    for spec in config.imports:
        phase = next((p for p, t in plan.PHASE_TABLE.items() if t == spec.into), None)
        if spec.tool != "fio" or spec.system != request.system or phase not in request.phases:
            continue
        wanted = {
            "save": (request.save_model, None),
            "restore": (request.model, None),
            "load": (request.load_model, request.platform),
        }.get(phase)
        if wanted is not None and (spec.model, spec.platform if phase == "load" else None) != wanted:
            continue
        own = re.compile(rf"{re.escape(raw_name)}/{phase}-\d+\.json")
        if not spec.files or not all(own.fullmatch(f) for f in spec.files):
            continue
        label, stamp = labels[spec.index]
        tables.append(Earlier(spec.index, spec.line, phase, spec.files, label, stamp))
    return _replacement(config, labels, tables, raw_name)


def find_sweeps(config: TestConfig, original: str, system: str, raw_name: str) -> Replacement | None:
    """The earlier client sweeps of this system that a new sweep replaces, as a session replaces the runs of its
    phases (field test 7, m10): measure's own scaling imports, every file `raw/<system>/sweep-K-N.json`."""
    labels = comment_labels(original)
    if len(labels) != len(config.imports):
        labels = [(None, None)] * len(config.imports)
    own = re.compile(rf"{re.escape(raw_name)}/sweep-\d+-\d+\.json")
    tables = [
        Earlier(spec.index, spec.line, "sweep", spec.files, *labels[spec.index])
        for spec in config.imports
        if spec.tool == "fio" and spec.into == "scaling" and spec.system == system and spec.files
        and all(own.fullmatch(f) for f in spec.files)
    ]  # fmt: skip
    return _replacement(config, labels, tables, raw_name)


def _replacement(
    config: TestConfig, labels: list[tuple[str | None, str | None]], tables: list[Earlier], raw_name: str
) -> Replacement | None:
    """The tables replaced, with the [environment] lines of the sessions none of whose tables is left."""
    if not tables:
        return None
    removed = {t.index for t in tables}
    gone_labels = set()
    for label in {t.label for t in tables if t.label}:
        kept = [i for i, (other, _) in enumerate(labels) if other == label and i not in removed]
        if not kept:
            gone_labels.add(label)
    # a gone session whose set-up a later session names ("as recorded for …": measure/words.py) keeps those lines
    named = {label for label in gone_labels if any(v.startswith(_recorded_for(label)) for _, v in config.environment)}
    keys = {
        key
        for key, _ in config.environment
        for label in gone_labels
        if key.startswith((f"{label}: ", f"{label}："))  # the English and the Chinese separator
        and (label not in named or key in _runs_keys(label) | _measured_keys(label))
    }
    # a session with tables left loses its runs line, whose counts included the runs replaced (field test 8, major
    # 5: "sustained write 1 of 2 planned" of a run that a later session had replaced)
    partly = {t.label for t in tables if t.label} - gone_labels
    keys |= {key for key, _ in config.environment for label in partly if key in _runs_keys(label)}
    return Replacement(tuple(tables), Removal(frozenset(removed), frozenset(keys)), f"{raw_name}/{REPLACED}")


def _runs_keys(label: str) -> set[str]:
    """The keys a session's runs line may have, in test.toml's language whichever it is."""
    return _keys(label, "runs")


def _measured_keys(label: str) -> set[str]:
    """The keys a session's line of when it was measured may have."""
    return _keys(label, "measured")


def _keys(label: str, item: str) -> set[str]:
    out = set()
    for language in LANGUAGES:
        with activate(language):
            out.add(_("{label}: {item}").format(label=label, item=_(item)))
    return out


def _recorded_for(label: str) -> tuple[str, ...]:
    """How a later session's set-up line opens when it names `label`'s lines, in each language."""
    out = []
    for language in LANGUAGES:
        with activate(language):
            out.append(_("as recorded for {label}: {items}").format(label=label, items=""))
    return tuple(out)


def restores_of_replaced_saves(config: TestConfig, request: Request, raw_name: str) -> int | None:
    """The number of earlier restore runs of this system that read back the files of saves this session replaces
    (measure's own restores of the training model, where the session measures saves but not restores); None when
    there are none. Those restores must go with the saves they read (field test 5, m13)."""
    if "save" not in request.phases or "restore" in request.phases:
        return None
    own = re.compile(rf"{re.escape(raw_name)}/restore-\d+\.json")
    runs = sum(
        len(spec.files)
        for spec in config.imports
        if spec.tool == "fio"
        and spec.into == "restore_times"
        and spec.system == request.system
        and spec.model == request.model
        and spec.files
        and all(own.fullmatch(f) for f in spec.files)
    )
    return runs or None


def move_files(data_dir: Path, replacement: Replacement) -> list[str]:
    """The replaced runs' JSON and logs moved to raw/<system>/replaced/ (kept, no longer imported); what could not
    be moved is returned, for a note."""
    target = data_dir / replacement.folder
    left = []
    for table in replacement.tables:
        for name in table.files:
            source = data_dir / name
            stem = source.name.removesuffix(".json")
            for path in [source, *source.parent.glob(f"{glob_escape(stem)}_bw.*.log*")]:
                if not path.exists():
                    continue
                try:
                    target.mkdir(parents=True, exist_ok=True)
                    os.replace(path, target / path.name)
                except OSError:
                    left.append(str(path.relative_to(data_dir)))
    with contextlib.suppress(OSError):
        target.rmdir()  # only when nothing moved
    return left


def glob_escape(text: str) -> str:
    """A name used literally in a glob pattern."""
    return re.sub(r"([*?\[])", r"[\1]", text)


#: How long a session that replaces earlier runs waits on a terminal before its first run: the time to stop it and
#: keep them, which its warning offers (field test 6, m3: "stop now (Ctrl-C)" and the first run started at once).
REPLACE_PAUSE_S = 5


def pause_before_replacing(s) -> None:
    """On a terminal, a session that replaces earlier runs waits REPLACE_PAUSE_S before its first run (Ctrl-C then
    stops it with nothing written); without a terminal (a script, the tests) it starts at once."""
    if s.replaces is None or not (sys.stdin.isatty() and sys.stderr.isatty()):
        return
    print(f"measure: the first run starts in {REPLACE_PAUSE_S} s; Ctrl-C keeps the runs it replaces", file=sys.stderr)
    time.sleep(REPLACE_PAUSE_S)
