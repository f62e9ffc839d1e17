"""What a client sweep writes into the joint-test folder besides fio's outputs, as the other phases do
(report/measure/written.py): its [[import]] table into scaling (with the runs bound by the client's CPU), its
[environment] lines in words in test.toml's language and under [text.<language>.environment] in the report's other
languages (the customer pages name no file or command: field test 7, findings 3 and 4), and raw/<system>/commands.txt,
the sweep's command line and every fio command as it ran.

`s` is the running sweep (report/measure/sweep.py's Sweep, which imports this module).
"""

from __future__ import annotations

import datetime as dt
import os
import shlex
import sys
from typing import Any

from report.i18n import _, activate
from report.inputs.config import FILE
from report.measure import earlier, plan, probe, words, written
from report.measure.probe import Refused
from report.measure.record import ImportTable, Removal, updated, write_atomically
from report.measure.written import COMMANDS


def counted(s: Any) -> str:
    """What the sweep counts, for the console and the comments: client nodes, or, where every server is at a loopback
    address of this machine, fio servers on one machine (field test 7, finding 5)."""
    return "fio server(s) on this machine" if s.jobs_here else "client node(s)"


def import_table(s: Any) -> ImportTable | None:
    """The sweep's [[import]] table: every recorded run's JSON, into scaling, and the runs bound by the CPU."""
    if not s.done:
        return None
    files = [f"{s.raw_name}/{s.output(k, run).name}" for k, run in s.done]
    stamp = s.started.strftime("%Y-%m-%d %H:%M UTC")
    counts = sorted({k for k, _ in s.done})
    where = (
        "fio servers at loopback addresses of this one machine (one machine, not separate client nodes)"
        if s.jobs_here
        else "client nodes at once through fio's client/server"
    )
    comments = (
        f"client sweep measured by `python -m report measure --clients-sweep` ({s.label}, {stamp})",
        f"{', '.join(map(str, counts))} {where}, {s.request.runs} runs each:"
        f" {', '.join(s.request.clients[: counts[-1]])}",
    )
    fields: list[tuple[str, object]] = [("tool", "fio"), ("files", files), ("system", s.request.system)]
    fields.append(("into", "scaling"))
    if s.mount is not None:
        fields.append(("filesystem", s.mount.fstype))
    if s.durability is not None:
        fields.append(("medium", s.durability.medium))
    bound = [f for (k, run), f in zip(s.done, files, strict=True) if (r := s.results.get((k, run))) and r.cpu_bound]
    if bound:
        fields.append(("cpu_bound", bound))
    return ImportTable(comments, tuple(fields))


def environment(s: Any, label: str | None = None) -> list[tuple[str, str]]:
    """The sweep's [environment] lines in the active language, in words (`label`: the session's label as the active
    language words it): when, what ran where, and the client CPU as the main session gives it."""
    counts = sorted({k for k, _ in s.done})
    hosts = _(", ").join(plan.host_of(h) for h in s.request.clients[: counts[-1]])
    if s.jobs_here:
        text = _(
            "{counts} fio servers at once at loopback addresses of this one machine ({hosts}), {runs} runs each: one "
            "machine of {cores} processors, not separate client nodes; {writers} writers per server, {seconds} s of "
            "sustained writes in {block} blocks, {direct}"
        )
    else:
        text = _(
            "{counts} client nodes at once ({hosts}) through fio's client/server, {runs} runs each: {writers} writers "
            "per node, {seconds} s of sustained writes in {block} blocks, {direct}"
        )
    sweep = text.format(
        counts=_(", ").join(str(k) for k in counts),
        hosts=hosts,
        runs=s.request.runs,
        cores=os.cpu_count() or "?",
        writers=s.request.writers,
        seconds=s.request.sustain_s,
        block=words.mib(s.request.block_bytes),
        direct=_("direct I/O") if s.request.direct else _("buffered I/O, fsync at the end"),
    )
    now = dt.datetime.now(dt.UTC)
    measured = _("{start} to {end} UTC, with fio; the exact commands are kept with the runs' outputs").format(
        start=f"{s.started:%Y-%m-%d %H:%M:%S}", end=f"{now:%H:%M:%S}"
    )
    # fio's version and the kernel, as a session's fio line gives them (field test 8, minor 11)
    fio = _("{fio}; {kernel}").format(fio=s.fio_version, kernel=probe.kernel())
    lines = [(_("measured"), measured), ("fio", fio), (_("client sweep"), sweep)]
    if cpu := words.client_cpu([s.results[done] for done in s.done if done in s.results]):
        lines.append((_("client CPU"), cpu))
    return [(words.key(label or s.label, item), text) for item, text in lines]


def text(s: Any) -> str:
    """test.toml with the recorded counts' runs (refused where it cannot take them)."""
    table = import_table(s)
    with activate(s.language):
        lines = environment(s)
    removal = s.replaces.removal if s.replaces is not None else Removal()
    memory = s.durability is not None and s.durability.memory is not None and table is not None
    not_durable = s.request.system if memory else None  # the build refuses a memory medium not named so
    tables = [table] if table else []
    return updated(
        s.original, lines, tables, not_durable, removal, [], written.translated(s, environment, sources=False)
    )


def record(s: Any) -> None:
    """test.toml with the recorded counts' runs, written in one step; refused if someone else changed it meanwhile;
    then commands.txt with the runs just recorded."""
    path = s.data_dir / FILE
    current = path.read_bytes().decode("utf-8-sig")
    if current != (s.written if s.written is not None else s.original):
        raise Refused(
            f"{path} was changed by someone else during the sweep, so it is not overwritten; the finished counts' runs"
            f" are in {s.raw}: add them with an [[import]] table into scaling, or sweep again"
        )
    written = text(s)
    write_atomically(path, written, s.bom)
    s.written = written
    log_commands(s)
    if s.replaces is not None and not s.moved:  # test.toml no longer imports them: they move aside, kept
        s.moved = True
        if left := earlier.move_files(s.data_dir, s.replaces):
            print(f"measure: note: could not move {', '.join(left)} to {s.replaces.folder}", file=sys.stderr)


def log_commands(s: Any) -> None:
    """raw/<system>/commands.txt: the sweep's command line once, then each recorded run's fio command as it ran.
    Appended as counts are recorded; what was written stays."""
    runs = s.done[s.logged :]
    if not runs:
        return
    lines = []
    if s.logged == 0:
        lines += [f"# {s.label}: measure --clients-sweep started {s.started:%Y-%m-%d %H:%M:%S} UTC", s.command]
    for k, run in runs:
        if (command := s.commands.get((k, run))) is not None:
            lines += [f"# client sweep: {k} {counted(s)}, run {run}", shlex.join(command)]
    with open(s.raw / COMMANDS, "a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    s.logged = len(s.done)
