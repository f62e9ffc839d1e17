"""The [environment] lines a session writes, worded in test.toml's language (they are printed in the report).

The comments beside the [[import]] tables and the messages to the operator stay English: they are read by the
engineer, not the customer.
"""

from __future__ import annotations

import datetime as dt
import os
import tomllib

from report.i18n import _, activate, join_words
from report.measure import plan, probe


def phase_word(phase: str) -> str:
    """A phase as the report names it."""
    return {
        "save": _("save"),
        "restore": _("restore"),
        "load": _("load"),
        "sustain": _("sustained write"),
        "prepare": _("files for the load"),
    }[phase]


def label(system: str, number: int) -> str:
    """The prefix of a session's [environment] keys: the system's name, with the session from the second on."""
    return system if number == 1 else _("{system}, session {number}").format(system=system, number=number)


def key(label: str, item: str) -> str:
    """An [environment] key: the session's label and what the line is about."""
    return _("{label}: {item}").format(label=label, item=item)


def mib(n_bytes: int) -> str:
    """Bytes in MiB, as fio's sizes are written."""
    return f"{n_bytes / 2**20:g} MiB"


def environment(s, prefix: str | None = None) -> list[tuple[str, str]]:
    """What each run saw, as [environment] lines prefixed with the session's label (`prefix`: that label as the
    active language words it, for the lines in another language than test.toml's). A later session of the system
    leaves out the lines an earlier one recorded word for word, and names them (field test 8, major 5: a resumed
    test repeated file system, space, durability, hosts, cache and shapes four times over six pages)."""
    lines = _lines(s)
    same, number = repeated(s)
    if same:
        items = join_words([lines[i][0] for i in sorted(same)])
        text = _("as recorded for {label}: {items}").format(label=label(s.request.system, number), items=items)
        lines = [lines[0], (_("set-up"), text), *(line for i, line in enumerate(lines) if i and i not in same)]
    return [(key(prefix or s.label, item), text) for item, text in lines]


def repeated(s) -> tuple[frozenset[int], int]:
    """The positions of this session's lines that the latest earlier session of the system in test.toml recorded word
    for word (never when it was measured, nor its runs), and that session's number; decided in test.toml's language,
    so that every language leaves out the same lines."""
    if s.number < 2 or not s.original:
        return frozenset(), 0
    try:
        earlier = tomllib.loads(s.original).get("environment", {})
    except tomllib.TOMLDecodeError:
        return frozenset(), 0
    with activate(s.language):
        lines = _lines(s)
        kept = {_("measured"), _("runs")}
        for number in range(s.number - 1, 0, -1):
            keys = [key(label(s.request.system, number), item) for item, _text in lines]
            if any(k in earlier for k in keys):
                same = (i for i, (item, text) in enumerate(lines) if item not in kept and earlier.get(keys[i]) == text)
                return frozenset(same), number
    return frozenset(), 0


def _lines(s) -> list[tuple[str, str]]:
    """The session's [environment] items and texts, in the active language."""
    m, sep = s.machine, _("; ")
    now = dt.datetime.now(dt.UTC)
    lines = [
        (
            _("measured"),
            _("{start} to {end} UTC, with fio; the exact commands are kept with the runs' outputs").format(
                start=f"{s.started:%Y-%m-%d %H:%M:%S}", end=f"{now:%H:%M:%S}"
            ),
        ),
        ("fio", _("{fio}; {kernel}").format(fio=m.fio_version, kernel=m.kernel)),
        (_("file system"), _file_system(s)),
    ]
    if m.free is not None:
        lines.append((_("free space"), _("{free} GB free of {total} GB before the first run").format(
            free=f"{m.free / 1e9:.1f}", total=f"{m.total / 1e9:.1f}"
        )))  # fmt: skip
    lines.append((_("durability"), _durability(s)))
    if s.request.clients:
        text = _("{count} hosts saving at once through fio's client/server, {writers} writers each: {hosts}")
        if s.jobs_here:  # servers at loopback addresses: one machine, its processors shared (field test 7, finding 5)
            text = _(
                "{count} fio servers at loopback addresses of this one machine saving at once, {writers} writers each: "
                "{hosts}; one machine, not separate hosts"
            )
        hosts = _(", ").join(plan.host_of(h) for h in s.request.clients)
        lines.append((_("hosts"), text.format(count=len(s.request.clients), writers=s.request.writers, hosts=hosts)))
    if {"load", "restore"} & set(s.request.phases):
        lines.append((_("page cache"), _cache(s)))
    lines.append((_("shapes"), sep.join(_shapes(s))))
    if cpu := client_cpu(s.results):
        lines.append((_("client CPU"), cpu))
    lines.append((_("runs"), _runs(s)))
    return lines


def _file_system(s) -> str:
    mount = s.machine.mount
    if mount is None and s.request.clients and s.machine.free is None:
        return _("{path} on the fio servers (not mounted on the machine that ran measure)").format(path=s.path)
    if mount is None:
        text = _("{path} (this system does not list its mounts in {mountinfo})")
        return text.format(path=s.path, mountinfo=probe.MOUNTINFO)
    text = _("{path} on {fstype} ({source}) mounted at {point}, options {options}").format(
        path=s.path, fstype=mount.fstype, source=mount.source, point=mount.point, options=mount.options
    )
    if s.machine.memory is not None:
        text = _(
            "{text}; it lives in memory: the medium is memory, not storage, and the rates are bounded by this "
            "machine's I/O path"
        ).format(text=text)
    return text


def _in_memory(s) -> str | None:
    """What keeps the data in memory only (tmpfs, a RAM block device, ext4 on a loop device over tmpfs), else None."""
    judged = s.machine.durability
    if judged is not None and judged.memory is not None:
        return memory_words(judged.memory)
    return s.machine.memory


def memory_words(part: tuple) -> str:
    """What keeps data in memory only, from probe.Durability's parts, in the active language."""
    kind = part[0]
    if kind == "fs":
        return part[1]
    if kind == "ram":
        return _("a RAM block device ({device})").format(device=part[1])
    if kind == "loop":
        text = _("{top}, a loop device whose backing file {file} is on {below}")
        return text.format(top=part[1], file=part[2], below=memory_words(part[3]))
    if kind == "stack":
        return _("{top}, stacked on {below}").format(top=part[1], below=memory_words(part[2]))
    return _("an overlay file system written to {upper}, on {below}").format(upper=part[1], below=memory_words(part[2]))


def unknown_words(reason: tuple) -> str:
    """Why durability cannot be judged from here, from probe.Durability's reason, in the active language."""
    kind, *details = reason
    texts = {
        "mounts": _("this system does not list its mounts in {0}"),
        "deep": _("its devices stack more than 8 deep"),
        "remote": _("{0} keeps the data on another machine, whose medium cannot be seen from here"),
        "overlay": _("an overlay file system whose upper folder is not named"),
        "not-block": _("{0} on {1}, which is not a block device Linux lists in {2}"),
        "loop-unreadable": _("{0} is a loop device whose backing file cannot be read"),
        "loop-gone": _("the backing file {1} of the loop device {0} is gone"),
        "network-block": _("{0} is a network block device, whose medium cannot be seen from here"),
        "not-here": _("the folder is on the fio servers and not mounted on the machine that ran measure"),
    }
    return texts[kind].format(*details)


def _durability(s) -> str:
    io = _("O_DIRECT writes and reads (direct=1)") if s.request.direct else _("buffered writes and reads (direct=0)")
    if (fstype := _in_memory(s)) is not None:
        text = _(
            "{io}; not durable: {fstype} keeps the data in memory only, so an fsync does nothing and a reboot loses it"
        )
        return text.format(io=io, fstype=fstype)
    text = _("{io}; every save and sustained write ends with an fsync, inside the timed run (end_fsync=1)")
    judged = s.machine.durability
    if judged is not None and judged.unknown is not None:
        text = _(
            "{io}; every save and sustained write ends with an fsync, inside the timed run (end_fsync=1); whether the "
            "medium keeps the data through a power loss cannot be judged: {why}"
        )
        return text.format(io=io, why=unknown_words(judged.unknown))
    return text.format(io=io)


def _cache(s) -> str:
    if (fstype := _in_memory(s)) is not None:
        text = _("none to drop: {fstype}'s pages are the only copy of the data, so every load reads memory")
        return text.format(fstype=fstype)
    evict = _("fio evicts the files' clean cached pages before each load (invalidate=1)")
    if s.request.clients and not s.jobs_here:  # loopback servers run on this kernel (field test 9, m5)
        text = _("not dropped on the fio servers (measure cannot reach their kernels); {evict}").format(evict=evict)
    elif not s.drop_caches:
        text = _("not dropped (--keep-page-cache); {evict}").format(evict=evict)
    elif s.cache_note is not None:
        text = _("not dropped ({reason}); {evict}").format(reason=s.cache_note, evict=evict)
    else:
        text = _("written back and dropped before each load (sync; echo 1 > {path}); {evict}")
        text = text.format(path=probe.DROP_CACHES, evict=evict)
    if s.request.direct:
        text = _("{text}; O_DIRECT reads bypass the page cache").format(text=text)
    return text


def _shapes(s) -> list[str]:
    r, z, parts = s.request, s.sizes, []
    block = mib(r.block_bytes)
    if "save" in r.phases:
        text = _("save: {writers} new files of {size} each, sequential {block} writes")
        parts.append(text.format(writers=r.ranks, size=mib(z.save_file), block=block))
        if r.concurrent > 1:
            text = _("{count} such saves at once, each the whole snapshot")
            parts.append(text.format(count=r.concurrent))
    if "restore" in r.phases:
        text = _("restore: the save's {writers} files read back whole, sequential {block} reads")
        parts.append(text.format(writers=r.ranks, block=block))
    if "load" in r.phases:
        text = _("load: {writers} readers, {size} of each file, sequential {block} reads")
        parts.append(text.format(writers=r.ranks, size=mib(z.load_file), block=block))
    if "sustain" in r.phases:
        text = _("sustained write: {seconds} s over {writers} files, {window} ms log windows")
        parts.append(text.format(seconds=r.sustain_s, writers=r.ranks, window=r.window_ms))
    parts.append(_("one synchronous (psync) I/O at a time per file"))
    return parts


def _runs(s) -> str:
    phases = [p for p in plan.PHASES if p in s.request.phases]
    count = _("{phase} {count}")
    counts = _(", ").join(
        count.format(phase=phase_word(p), count=sum(1 for d in s.done if d.phase == p)) for p in phases
    )
    text = _("{counts} of {runs} planned").format(counts=counts, runs=s.request.runs)
    if s.interrupted_in is not None:
        stopped = _("stopped by the operator during {phase} run {run}").format(
            phase=phase_word(s.interrupted_in.phase), run=s.interrupted_in.run
        )
        text = _("{text}; {stopped}").format(text=text, stopped=stopped)
    if s.failure is not None:  # its reason names files and is in English: kept with the commands (field test 8)
        failed = getattr(s, "failed_in", None)
        stopped = (
            _("stopped: {phase} run {run} was rejected; why is kept with the commands").format(
                phase=phase_word(failed.phase), run=failed.run
            )
            if failed is not None
            else _("stopped before the planned runs finished; why is kept with the commands")
        )
        text = _("{text}; {stopped}").format(text=text, stopped=stopped)
    return text


def client_cpu(recorded: list) -> str:
    """Per phase: how long fio's threads were on a CPU (fio's usr_cpu + sys_cpu), how busy this machine was where
    the jobs ran here, and how many runs the CPU rather than the storage bound (`recorded`: outcome.RunResult's, a
    session's or a client sweep's)."""
    parts = []
    for phase in plan.PHASES:
        results = [r for r in recorded if r.step.phase == phase]
        if not results:
            continue
        busy = [job.busy for r in results for job in r.cpu]
        items = []
        if busy:
            items.append(_span(busy, _("fio's threads on a CPU for {low}–{high}% of each run"),
                               _("fio's threads on a CPU for {share}% of each run")))  # fmt: skip
        shares = [r.fio_share * 100 for r in results if r.fio_share is not None]
        if shares:
            text = _("together at most {share}% of the processor time they could use")
            items.append(text.format(share=f"{max(shares):.0f}"))
        machine = [r.machine_busy * 100 for r in results if r.machine_busy is not None]
        if machine:
            cpus = os.cpu_count() or "?"
            spans = (
                _("the {cpus} processors of the machine running fio {low}–{high}% busy"),
                _("the {cpus} processors of the machine running fio {share}% busy"),
            )
            items.append(_span(machine, *spans, cpus=cpus))
        bound = sum(1 for r in results if r.cpu_bound)
        if bound:
            text = _("{count} of {total} runs bound by the processors rather than the storage")
            items.append(text.format(count=bound, total=len(results)))
        if items:
            parts.append(_("{phase}: {items}").format(phase=phase_word(phase), items=_(", ").join(items)))
    return _("; ").join(parts)


def _span(values: list[float], span: str, single: str, **more) -> str:
    """A range of percentages, or one figure where both ends round alike (field test 5, m8: "100–100% busy")."""
    low, high = f"{min(values):.0f}", f"{max(values):.0f}"
    return single.format(share=high, **more) if low == high else span.format(low=low, high=high, **more)


def source(table: str) -> str:
    """The [sources] line of a table whose rows measure alone gave: where they come from, in words (the customer
    pages name no file or command; the commands are kept under raw/, which the appendix lists)."""
    return {
        "save_times": _(
            "Measured on site with fio: each save writes new checkpoint files from several writers at once and ends "
            "with an fsync; the test environment gives each system's setup."
        ),
        "restore_times": _(
            "Measured on site with fio: each restore reads back whole the files a save wrote, their cached pages "
            "evicted first."
        ),
        "load_times": _(
            "Measured on site with fio: each load reads the model's files back sequentially, their cached pages "
            "evicted first."
        ),
        "bandwidth": _(
            "Measured on site with fio: a write sustained over the save's files, its rate logged in windows."
        ),
    }[table]
