"""What a session writes into the joint-test folder besides fio's outputs: test.toml's [[import]] tables (with what
the runs were measured on), its [environment] and [sources] lines in the joint test's language, [systems]
not_durable, and raw/<system>/commands.txt, the exact commands (the customer pages name none; the appendix lists the
file). Rewritten after every finished run.

`s` is the running session (report/measure/session.py's Session, which imports this module).
"""

from __future__ import annotations

import copy
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from report.i18n import LANGUAGES, activate
from report.inputs.config import FILE
from report.measure import earlier, plan, words
from report.measure.plan import PHASE_WORDS
from report.measure.probe import Refused
from report.measure.record import (
    ImportTable,
    Removal,
    Translated,
    toml_key,
    toml_value,
    updated,
    write_atomically,
)

COMMANDS = "commands.txt"  #: beside the runs' outputs in raw/<system>/: every command, as run


def import_tables(s: Any) -> list[ImportTable]:
    """One [[import]] per phase that has finished runs, naming exactly those runs' outputs."""
    r, tables = s.request, []
    stamp = s.started.strftime("%Y-%m-%d %H:%M UTC")
    for phase in plan.PHASES:
        files = [f"{s.raw_name}/{step.output}" for step in s.done if step.phase == phase]
        if not files:
            continue
        fields: list[tuple[str, object]] = [("tool", "fio"), ("files", files), ("system", r.system)]
        if phase == "save":
            n_bytes = s.sizes.save_total(r.ranks) * r.concurrent
            fields += [("into", "save_times"), ("model", r.save_model), ("gpus", r.gpus * r.concurrent)]
            fields += [("snapshot_gb", float(plan.gb_text(n_bytes)))]
        elif phase == "restore":
            n_bytes = s.sizes.save_total(r.ranks)
            fields += [("into", "restore_times"), ("model", r.model), ("snapshot_gb", float(plan.gb_text(n_bytes)))]
        elif phase == "load":
            n_bytes = s.sizes.load_total(r.ranks)
            fields += [("into", "load_times"), ("model", r.load_model), ("platform", r.platform)]
            fields += [("size_gb", float(plan.gb_text(n_bytes)))]
        else:
            fields += [("into", "bandwidth")]
        fields += _measured_on(s, phase)
        comments = [f"{PHASE_WORDS[phase]} runs measured by `python -m report measure` ({s.label}, {stamp})"]
        if phase == "save" and r.concurrent > 1:
            comments.append(f"{r.concurrent} saves at once, each of the whole snapshot: sizes and GPUs are the sum")
        if r.clients:
            comments.append(_hosts_comment(s))
        asked = {"save": r.snapshot_gb, "restore": r.snapshot_gb, "load": r.load_gb}.get(phase)
        whole = {"save": s.sizes.save_total(r.ranks), "restore": s.sizes.save_total(r.ranks)}.get(phase)
        whole = s.sizes.load_total(r.ranks) if phase == "load" else whole
        if asked is not None and whole is not None and float(plan.gb_text(whole)) != asked:
            comments.append(
                f"asked for {asked:g} GB; fio moves whole {words.mib(r.block_bytes)} blocks, so each of the"
                f" {r.ranks} files holds {words.mib(whole // r.ranks)}: {plan.gb_text(whole)} GB in all"
            )
        tables.append(ImportTable(tuple(comments), tuple(fields)))
    return tables


def _hosts_comment(s: Any) -> str:
    """Where the runs ran, as the [environment] `hosts` line says it: servers at loopback addresses are one machine,
    not separate hosts (field test 9, m2: the comment said "2 hosts" beside a `hosts` line saying one machine)."""
    servers = ", ".join(s.request.clients)
    if s.jobs_here:
        count = len(s.request.clients)
        return f"on {count} fio servers at loopback addresses of this one machine at once: {servers}; one machine"
    return f"on {len(s.request.clients)} hosts at once through fio's client/server: {servers}"


def _measured_on(s: Any, phase: str) -> list[tuple[str, object]]:
    """What the import records beside the runs: the file system's type, what holds its data (memory, storage, or
    unknown from here: the build refuses memory for a system test.toml does not name not_durable), and the runs
    whose client was bound by its CPU (the report names them)."""
    fields: list[tuple[str, object]] = []
    if s.machine.mount is not None:
        fields.append(("filesystem", s.machine.mount.fstype))
    if s.machine.durability is not None:
        fields.append(("medium", s.machine.durability.medium))
    bound = [f"{s.raw_name}/{r.step.output}" for r in s.results if r.step.phase == phase and r.cpu_bound]
    if bound:
        fields.append(("cpu_bound", bound))
    return fields


def not_durable(s: Any) -> str | None:
    """The system to name in [systems] not_durable: a save system measured on a file system in memory."""
    saves = any(step.phase in ("save", "restore", "sustain") for step in s.done)
    return s.request.system if s.machine.memory is not None and saves else None


def environment_lines(s: Any) -> list[tuple[str, str]]:
    """What each run saw, as [environment] lines in test.toml's language (the report prints them)."""
    with activate(s.language):
        return words.environment(s)


def translated(
    s: Any, environment: Callable[..., list[tuple[str, str]]] = words.environment, sources: bool = True
) -> dict[str, Translated]:
    """The lines this session writes, in each language of the report other than test.toml's: [environment] lines
    keyed by the ones written in test.toml's language, with their label and text, and the [sources] notes, for
    [text.<language>] (report/inputs/texts.py), so that one measurement gives a clean report in every language
    (field test 5, M4). `environment` words the lines (a client sweep's own, measure/sweep_record.py, which writes no
    [sources] note: `sources` False)."""
    with activate(s.language):
        own = environment(s)
        number = next((n for n in range(1, 1000) if words.label(s.request.system, n) == s.label), None)
    out = {}
    for language in LANGUAGES:
        if language == s.language:
            continue
        with activate(language):
            label = words.label(s.request.system, number) if number is not None else s.label
            other = environment(s, label)
        lines = [(key, label, text) for (key, _own), (label, text) in zip(own, other, strict=True)]
        notes = [(table, _note(table, language)) for table, _note_text in sources_lines(s)] if sources else []
        out[language] = Translated(lines, notes)
    return out


def _note(table: str, language: str) -> str:
    with activate(language):
        return words.source(table)


def _stranded(s: Any) -> Path | None:
    """The [[import]] tables this session would have added for its runs not yet in test.toml, written beside them for a
    person to copy (field test 8, finding 4: "add them with [[import]] tables" named no file and no key); None where
    there are none or the file cannot be written."""
    kept = copy.copy(s)
    kept.done = [step for step in s.done if step.phase != "prepare" and step not in s.recorded]
    lines: list[str] = []
    for table in import_tables(kept):
        lines += [f"# {c}" for c in table.comments] + ["[[import]]"]
        lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in table.fields] + [""]
    if not lines:
        return None
    path = s.raw / STRANDED
    try:
        path.write_text("\n".join(lines), encoding="utf-8")
    except OSError:
        return None
    return path


#: the file the runs of a session that stopped recording are described in, inside raw/<system>/
STRANDED = "import-tables.toml"


def record(s: Any) -> None:
    """Rewrite test.toml with every finished run of this session (nothing when none finished)."""
    if not any(step.phase != "prepare" for step in s.done):
        return
    if s.conflict:
        return
    path = s.data_dir / FILE
    try:
        current = path.read_bytes().decode("utf-8-sig")  # bytes, not read_text: CRLF must stay CRLF to compare
    except (OSError, UnicodeDecodeError):
        current = None
    if current != (s.written if s.written is not None else s.original):
        s.conflict = True
        kept = _stranded(s)
        raise Refused(
            f"{path} was changed by someone else while measuring, so this session stops recording rather than"
            f" overwrite it; its finished runs are in {s.raw}"
            + (
                f", and the [[import]] tables that record those not in test.toml are in {kept}: copy them into"
                " test.toml, or measure again"
                if kept is not None
                else ": add them with [[import]] tables, or measure again"
            ),
        )
    text = updated(
        s.original, environment_lines(s), import_tables(s), not_durable(s), _removal(s), sources_lines(s),
        translated(s),
    )  # fmt: skip
    write_atomically(path, text, s.bom)
    log_commands(s)
    s.written, s.recorded = text, list(s.done)
    if s.replaces is not None and not s.moved:  # test.toml no longer imports them: they move aside, kept
        s.moved = True
        left = earlier.move_files(s.data_dir, s.replaces)
        if left:
            s.notes += (f"could not move {', '.join(left)} to {s.replaces.folder}: test.toml no longer imports it",)


def _removal(s: Any) -> Removal:
    return s.replaces.removal if s.replaces is not None else Removal()


def record_if_all_finished(s: Any) -> str:
    """test.toml as this session would leave it with every planned run finished; a refusal where it cannot take the
    lines. Checked before anything runs, and what a dry run prints."""
    done = s.done
    s.done = [step for step in plan.steps(s.request, earlier.existing_runs(s.raw)[0]) if step.phase != "prepare"]
    try:
        return updated(
            s.original, environment_lines(s), import_tables(s), not_durable(s), _removal(s), sources_lines(s),
            translated(s),
        )  # fmt: skip
    finally:
        s.done = done


def sources_lines(s: Any) -> list[tuple[str, str]]:
    """[sources] lines for the tables this session gives rows to, where measure's runs are their only rows and the
    joint test says nothing of their source yet, in the joint test's language."""
    tables = [plan.PHASE_TABLE[p] for p in plan.PHASES if any(step.phase == p for step in s.done)]
    with activate(s.language):
        return [(table, words.source(table)) for table in tables if table in s.sources_for]


_OWN = re.compile(r"raw/[^/]+/(save|restore|load|sustain)-\d+\.json")


def sources_for(config: Any, data_dir: Any, phases: tuple[str, ...]) -> frozenset[str]:
    """The tables of these phases whose rows come from measure alone (no CSV, no other import) and whose source
    test.toml does not state: measure may say it, in words."""
    out = set()
    for phase in phases:
        table = plan.PHASE_TABLE[phase]
        if table in config.sources or (data_dir / f"{table}.csv").exists():
            continue
        if any(spec.into == table and not all(_OWN.fullmatch(f) for f in spec.files) for spec in config.imports):
            continue
        out.add(table)
    return frozenset(out)


def _stopped_by(s: Any) -> str | None:
    """Why a session the operator stopped ended, for commands.txt (field test 9, m3: measure.md promises the line,
    and only test.toml's `runs` line had it)."""
    if s.interrupted_in is None:
        return None
    how = {"SIGINT": "Ctrl-C (SIGINT)", None: "a stop signal"}.get(s.stop_signal, s.stop_signal)
    step = s.interrupted_in
    return f"{how} during {PHASE_WORDS[step.phase]} run {step.run}, which was discarded unfinished"


def log_commands(s: Any) -> None:
    """raw/<system>/commands.txt: this session's command line once, then each recorded run's fio command as run
    (MEASURE_RUN set, the job file beside it). Appended as runs finish; what was written stays."""
    steps = s.done[s.logged :]
    why = s.failure if s.failure is not None else _stopped_by(s)
    stopped = why is not None and not s.failure_logged
    if not steps and not stopped:
        return
    lines = []
    if s.logged == 0:
        lines += [f"# {s.label}: measure started {s.started:%Y-%m-%d %H:%M:%S} UTC", s.command]
    for step in steps:
        command = s.commands.get(step)
        if command is not None:
            lines.append(f"# {PHASE_WORDS[step.phase]} run {step.run}")
            lines.append(f"MEASURE_RUN={step.run} {shlex.join(command)}")
    if stopped:  # the reason, which names files: here, not in test.toml's [environment] (the customer pages)
        lines += [f"# stopped: {line}" for line in str(why).splitlines()]
        s.failure_logged = True
    with open(s.raw / COMMANDS, "a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    s.logged = len(s.done)
