"""The `measure` command: options turned into a checked request and a session, then a dry run or the real one."""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import shutil
import sys
from dataclasses import replace
from pathlib import Path

from report.measure import earlier, ending, existing, outcome, plan, probe, words, written
from report.measure.hosts import clients, gpus_warning, node_local_sustain
from report.measure.plan import Request
from report.measure.probe import Refused, refuse_usage
from report.measure.progress import runs_said
from report.problems import escaped  # each line one line, whatever a path holds (issue 44, V4)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The command's options (the names of the first five come from the joint-test kit's interface)."""
    p = sub.add_parser(
        "measure",
        help="run fio saves, loads and sustained writes on a mounted folder and record them in DATA_DIR",
        description="Measure one system of the joint test with fio and record the runs in DATA_DIR's test.toml.",
    )
    p.add_argument("data_dir", type=Path, metavar="DATA_DIR", help="the joint-test folder (its test.toml exists)")
    p.add_argument("--system", required=True, metavar="NAME", help="a name of test.toml's [systems]")
    p.add_argument("--path", required=True, type=Path, metavar="MOUNTED_DIR", help="a folder on the storage")
    p.add_argument("--snapshot-gb", type=float, metavar="GB", help="one checkpoint's size (10^9 bytes)")
    p.add_argument("--writers", type=int, default=8, metavar="N", help="files written at once, one per rank (8)")
    p.add_argument("--runs", type=int, default=5, metavar="N", help="runs of each phase (5)")
    p.add_argument("--load-gb", type=float, metavar="GB", help="the model's size a load reads (10^9 bytes)")
    p.add_argument("--gpus", type=int, metavar="N", help="the save rows' gpus column")
    p.add_argument("--load-model", metavar="MODEL", help="the load rows' model column")
    p.add_argument("--platform", metavar="NAME", help="the load rows' platform column")
    p.add_argument(
        "--phases",
        metavar="LIST",
        help="comma-separated, of save, restore, load, sustain (default: every phase its [systems] role uses)",
    )
    p.add_argument("--block-size", default="1M", metavar="SIZE", help="bytes per I/O: 4K … 64M (1M)")
    p.add_argument("--sustain-s", type=int, default=60, metavar="S", help="seconds of each sustained write (60)")
    p.add_argument("--window-ms", type=int, default=1000, metavar="MS", help="bandwidth log window (1000)")
    p.add_argument(
        "--direct",
        choices=("auto", "yes", "no"),
        default="auto",
        help="O_DIRECT I/O: auto (where the file system takes it), yes, no (buffered, fsync at the end)",
    )
    p.add_argument(
        "--keep-page-cache", action="store_true", help="do not drop the kernel's page cache before each load"
    )
    p.add_argument("--fio", default="fio", metavar="PATH", help="the fio program (fio)")
    p.add_argument(
        "--client",
        action="append",
        default=[],
        metavar="HOST[,PORT]",
        help="a host running `fio --server` (repeatable; port 8765): every host saves at once, --writers each",
    )
    p.add_argument(
        "--concurrent-jobs",
        type=int,
        default=1,
        metavar="K",
        help="K independent saves at once, each the whole snapshot (recorded as a model of their own)",
    )
    p.add_argument(
        "--allow-not-durable",
        action="store_true",
        help="measure saves on a file system in memory (tmpfs, ramfs, a RAM block device); test.toml marks it",
    )
    p.add_argument(
        "--watchdog-s",
        type=float,
        metavar="S",
        help="stop a run that has not finished after S seconds (default: its bytes at 0.01 GB/s, plus 60 s)",
    )
    p.add_argument(
        "--clients-sweep",
        nargs="?",
        const="",
        metavar="K,K,...",
        help="with --client hosts: the sustained write with 1, 2, 4, ... of them at once up to all (or these counts),"
        " --runs times each, recorded as scaling rows",
    )
    p.add_argument(
        "--add-runs",
        action="store_true",
        help="add this session's runs to the system's earlier ones (default: replace the earlier runs of the same"
        " phases, their files kept in raw/<system>/replaced/)",
    )
    p.add_argument("--dry-run", action="store_true", help="print the plan and the job files; write nothing")


_SIZE = re.compile(r"^(\d+)([KMG]?)(i?B)?$", re.I)


def block_bytes(text: str) -> int:
    """'1M', '512K', '4MiB' as bytes (binary multiples, as fio reads them)."""
    m = _SIZE.match(text.strip())
    if not m:
        raise refuse_usage(f"--block-size {text!r}: give a size such as 512K, 1M or 4M")
    n = int(m.group(1)) << {"": 0, "K": 10, "M": 20, "G": 30}[m.group(2).upper()]
    if n < 4096 or n > 64 << 20 or n % 4096:
        raise refuse_usage(f"--block-size {text}: must be a multiple of 4 KiB between 4K and 64M")
    return n


def _phases(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    asked = tuple(dict.fromkeys(p.strip() for p in text.split(",") if p.strip()))
    unknown = [p for p in asked if p not in plan.PHASES]
    if unknown or not asked:
        raise refuse_usage(f"--phases {text!r}: a comma-separated list of save, restore, load, sustain")
    return asked


def _require(args: argparse.Namespace, phases: tuple[str, ...]) -> None:
    needs = {"save": ("snapshot_gb", "gpus"), "restore": ("snapshot_gb",)}
    needs["load"] = ("load_gb", "load_model", "platform")
    missing = [f"--{o.replace('_', '-')}" for p in phases for o in needs.get(p, ()) if getattr(args, o) is None]
    if "sustain" in phases and args.snapshot_gb is None and args.load_gb is None:
        missing.append("--snapshot-gb")
    if missing:
        raise refuse_usage(f"measuring {', '.join(phases)} needs {', '.join(dict.fromkeys(missing))}")
    for name in ("snapshot_gb", "load_gb"):
        value = getattr(args, name)
        if value is not None and not (value > 0 and value < 1e6):
            raise refuse_usage(f"--{name.replace('_', '-')} {value}: must be a size in GB above 0")
    if "restore" in phases and "save" not in phases:
        raise refuse_usage("--phases restore reads back the files a save wrote: measure save with it")
    lows = (("writers", 1), ("runs", 1), ("gpus", 1), ("sustain_s", 1), ("window_ms", 10), ("concurrent_jobs", 1))
    for name, low in lows:
        value = getattr(args, name)
        if value is not None and value < low:
            raise refuse_usage(f"--{name.replace('_', '-')} {value}: must be at least {low}")
    from report.text_check import text_problem

    for name in ("load_model", "platform"):
        value = getattr(args, name)
        if value is not None and not value.strip():
            raise refuse_usage(f"--{name.replace('_', '-')} must not be empty")
        if value is not None and (problem := text_problem(value)) is not None:
            raise refuse_usage(f"--{name.replace('_', '-')} {problem}")
    if args.watchdog_s is not None and not (args.watchdog_s >= 1 and args.watchdog_s < 1e7):
        raise refuse_usage(f"--watchdog-s {args.watchdog_s}: must be at least 1 second")


def _phases_for_concurrent(args: argparse.Namespace, phases: tuple[str, ...]) -> tuple[str, ...]:
    """K saves at once are saves only: a restore, load or sustained write of K jobs is not what they are about."""
    if args.concurrent_jobs == 1:
        return phases
    if args.phases is None:
        return ("save",) if "save" in phases else phases
    if phases != ("save",):
        raise refuse_usage(
            f"--concurrent-jobs {args.concurrent_jobs} measures saves only: measure"
            f" {', '.join(p for p in phases if p != 'save')} in a session without it"
        )
    return phases


def printable(text: str) -> str:
    """A command line as one printable line: a control character in an argument is shown escaped."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def build_session(args: argparse.Namespace, argv: list[str]):
    """Everything checked that can be checked without writing: test.toml, the options, the folder's rows, fio, the
    free space, the durability of the target, the fio servers."""
    from report.measure import session

    data_dir = args.data_dir
    original, config, bom = session.read_config(data_dir)
    args.system = session.given_system(config, args.system)
    session.refuse_if_busy(data_dir)
    request = _request(args, config)
    path = _target(args, request.clients)
    stale = _stale_notes(path) if path.is_dir() else ()
    try:
        made = _checked_session(args, argv, data_dir, original, config, bom, request, path)
    except Refused as exc:
        if not stale:
            raise
        raise Refused("", exc.status, (*exc.lines, *(f"note: {note}" for note in stale))) from None
    made.notes += stale
    return made


def _checked_session(args, argv, data_dir: Path, original: str, config, bom: bool, request: Request, path: Path):
    from report.measure import session

    sizes = plan.sizes(request)
    existing.check_values(request)
    existing.check(existing.read(data_dir, config), config, request, sizes)
    fio = _fio(args.fio)
    version = probe.fio_version(fio)
    local = path.is_dir()
    free, total = probe.free_bytes(path) if local else (None, None)
    stops = _room_refusal(args, request, sizes, path, free)
    _check_folder_room(data_dir, request)
    mount = probe.mount_of(path) if local else None
    judged = probe.durability(path) if local else probe.Durability(unknown=("not-here",))
    memory = english(words.memory_words, judged.memory) if judged.memory is not None else None
    saves = [p for p in request.phases if p in ("save", "restore", "sustain")]
    if memory is not None and saves and not args.allow_not_durable:
        stops += (
            f"--path {path} is on {memory}, which does not survive a power loss: its saves would be compared with"
            " durable ones. Give --allow-not-durable to measure it anyway (test.toml's [systems] not_durable then"
            " names it and the report marks its saves)",
        )
    if stops and not args.dry_run:
        raise Refused(f"{stops[0]}. Nothing was written")
    servers: tuple[probe.Server, ...] = ()
    if request.clients and not args.dry_run:
        servers = probe.servers(fio, request.clients, str(path), plan.host_bytes(request))
    # a dry run writes nothing on the servers, but names a wrong port or path (field test 8, minor 7)
    unready = probe.dry_check(request.clients, path) if request.clients and args.dry_run else ()
    raw_name = f"raw/{plan.system_folder(args.system)}"
    raw = data_dir / raw_name
    first = earlier.existing_runs(raw)[1]
    replaces = None if args.add_runs else earlier.find(config, original, request, raw_name)
    also = earlier.restores_of_replaced_saves(config, request, raw_name) if replaces is not None else None
    if also is not None:  # field test 5, m13: restores must read this session's saves, not the replaced ones
        request = replace(request, phases=tuple(p for p in plan.PHASES if p in (*request.phases, "restore")))
        replaces = earlier.find(config, original, request, raw_name)
    removed = replaces.removal.environment if replaces is not None else frozenset()
    environment = {k: v for k, v in config.environment if k not in removed}
    # the job files carry the session number of the [environment] labels (field test 9, m4: a client sweep's
    # session 2 made the next one "session 3" with save-2.fio)
    number = session.session_number(args.system, first, environment, config.language)
    made = session.Session(
        request=request,
        data_dir=data_dir,
        raw=raw,
        raw_name=raw_name,
        path=path,
        fio=fio,
        machine=session.Machine(version, probe.kernel(), mount, free, total, servers, memory, judged),
        sizes=sizes,
        label=session.label_for(args.system, first, environment, config.language),
        number=number,
        command=printable("python -m report " + shlex.join(argv)),
        original=original,
        drop_caches=not args.keep_page_cache,
        direct_mode=args.direct,
        notes=_illustrative_notes(config, request.phases),
        language=config.language,
        bom=bom,
        jobs_here=probe.jobs_run_here(request.clients),
        replaces=replaces,
        sources_for=written.sources_for(config, data_dir, request.phases),
    )
    if also is not None:
        made.warnings += (
            f"the {runs_said([(also, 'restore')])} of {args.system} in test.toml read back the files of the saves this"
            " session replaces: it measures the restores again too (after each save, as a first session does), so"
            " that the imported restores read this session's saves",
        )
    if replaces is not None:
        made.warnings += (
            f"this session replaces {replaces.words(args.system)}: once its first run is recorded, their [[import]]"
            f" tables leave test.toml and their files move to {replaces.folder}/ (kept, no longer imported); to keep"
            f" them, stop before then (Ctrl-C: on a terminal the first run waits {earlier.REPLACE_PAUSE_S} s), or"
            " give --add-runs to add this session's runs to them; --dry-run shows this without measuring",
        )
    written.record_if_all_finished(made)  # refused before the first run, not after it
    made.warnings += _shared_with_records(data_dir, path) if local else ()
    made.warnings += gpus_warning(request.gpus, request.clients, made.jobs_here, config.gpus_per_node)
    made.warnings += node_local_sustain(request, config.systems.node_local) + unready
    # a dry run shows the plan whatever a real run would stop at, and says that first (field test 9, m1)
    made.warnings = tuple(f"{stop}; a real run would stop here" for stop in stops) + made.warnings
    if judged.unknown is not None and saves:
        why = english(words.unknown_words, judged.unknown)
        made.notes += (
            f"whether {path} keeps its data through a power loss cannot be judged from here ({why}); test.toml says"
            " so. If it is memory (a RAM disk on the servers, a tmpfs behind a network file system), name it in"
            " [systems] not_durable",
        )
    return made


def english(render, value) -> str:
    """A text measure/words.py words for test.toml, in English for the operator's messages."""
    from report.i18n import activate

    with activate("en"):
        return render(value)


def _request(args: argparse.Namespace, config) -> Request:
    """The command line checked for sense against test.toml's systems and training model."""
    from report.measure import session

    phases = session.allowed_phases(config, args.system, _phases(args.phases))
    if args.concurrent_jobs < 1:
        raise refuse_usage(f"--concurrent-jobs {args.concurrent_jobs}: must be at least 1")
    phases = _phases_for_concurrent(args, phases)
    block = block_bytes(args.block_size)
    _require(args, phases)
    hosts = clients(args.client)
    if "sustain" in phases and args.sustain_s * 1000 < 4 * args.window_ms:
        raise refuse_usage(
            f"--sustain-s {args.sustain_s} gives fewer than four {args.window_ms} ms windows: the steady state needs"
            " more (lengthen --sustain-s or shorten --window-ms)"
        )
    return Request(
        system=args.system,
        phases=phases,
        runs=args.runs,
        writers=args.writers,
        block_bytes=block,
        snapshot_gb=args.snapshot_gb,
        gpus=args.gpus,
        load_gb=args.load_gb,
        load_model=args.load_model.strip() if args.load_model else None,
        platform=args.platform.strip() if args.platform else None,
        sustain_s=args.sustain_s,
        window_ms=args.window_ms,
        direct=args.direct != "no",
        model=config.training.model,
        clients=hosts,
        concurrent=args.concurrent_jobs,
        watchdog_s=args.watchdog_s,
    )


def _target(args: argparse.Namespace, hosts: tuple[str, ...]) -> Path:
    """--path as fio will be given it: resolved here, or as the servers see it."""
    if hosts and not args.path.is_absolute():
        raise refuse_usage(f"--path {args.path}: with --client, give the folder as the servers see it, from /")
    path = args.path.resolve() if not hosts or args.path.is_dir() else args.path
    if not hosts and not path.is_dir():
        raise refuse_usage(f"--path {path}: not a folder (mount the storage and give a folder on it)")
    _check_fio_safe(path)
    return path


def _fio(name: str) -> str:
    fio = shutil.which(name)
    if fio is None:
        raise Refused(f"fio not found ({name}): install it (apt-get install fio, dnf install fio) or give --fio PATH")
    return str(Path(fio).resolve())  # fio runs in raw/<system>/: a relative --fio would mean another file there


def _room_refusal(args: argparse.Namespace, request: Request, sizes, path: Path, free: int | None) -> tuple[str, ...]:
    """Here (no --client): the largest file set and the margin fit in the free space (else why not: a real run
    refuses, a dry run warns), and this user may write."""
    if request.clients:
        return ()
    assert free is not None  # no --client: `_target` made sure --path is a folder here, its free space read
    needed = plan.needed_bytes(request, sizes)
    if free < needed:
        largest = max(sizes.save_total(request.ranks) * request.concurrent, sizes.load_total(request.ranks))
        return (
            f"{path} has {free / 1e9:.3g} GB free; the largest file set here is {largest / 1e9:.3g} GB, which with"
            f" the margin kept free needs {needed / 1e9:.3g} GB: free space, or measure a smaller size",
        )
    if not args.dry_run and not os.access(path, os.W_OK | os.X_OK):
        raise Refused(f"--path {path}: this user cannot write there")
    return ()


def _check_folder_room(data_dir: Path, request: Request) -> None:
    """C10: the joint-test folder takes fio's outputs after every run: its disk must hold them (and a margin)."""
    needed = existing.output_bytes(request) + (1 << 20)
    free = shutil.disk_usage(data_dir).free
    if free < needed:
        raise Refused(
            f"{data_dir} has {free / 1e6:.3g} MB free; this session's outputs (fio's JSON and logs under raw/,"
            f" test.toml) need about {needed / 1e6:.3g} MB: free space there, or measure fewer runs. Nothing was"
            " written"
        )


def _shared_with_records(data_dir: Path, path: Path) -> tuple[str, ...]:
    """Field test S9: the joint-test folder on the file system being measured (the records written after every run
    share its bandwidth and take its room), which the README advises against."""
    try:
        same = os.stat(data_dir).st_dev == os.stat(path).st_dev
    except OSError:
        return ()
    if not same:
        return ()
    mount = probe.mount_of(path)
    where = f" ({mount.source} mounted at {mount.point})" if mount is not None else ""
    return (
        f"{data_dir} and --path {path} are on one file system{where}: test.toml and fio's outputs, written after every"
        " run, share the bandwidth being measured and take its room; keep the joint-test folder elsewhere (a USB"
        " stick, the home folder of another disk) for figures of record",
    )


def _illustrative_notes(config, phases: tuple[str, ...]) -> tuple[str, ...]:
    measured = [plan.PHASE_TABLE[p] for p in phases if plan.PHASE_TABLE[p] in config.illustrative]
    return tuple(
        f'test.toml\'s [sources] illustrative still names "{table}": take it out once every one of its rows is'
        " measured, or the report keeps marking them illustrative"
        for table in measured
    )


_LEFT_FILE = re.compile(r"\.report-measure-(probe-\d+\.(room|direct)|\d+-\d+\.\w+\.\d+\.\d+)$")


def _stale_notes(path: Path) -> tuple[str, ...]:
    """What a killed session left in --path (a scratch folder, a probe's reserved file, a server's data files):
    named, never removed (another session may be using it)."""
    try:
        entries = sorted(os.scandir(path), key=lambda e: e.name)
    except OSError:
        return ()
    folders = [e.name for e in entries if e.name.startswith("report-measure-") and e.is_dir(follow_symlinks=False)]
    files = [e.name for e in entries if _LEFT_FILE.search(e.name) and e.is_file(follow_symlinks=False)]
    notes = []
    if folders:
        notes.append(
            f"{path} holds {', '.join(folders)}, left by a session that was killed (or one still running): remove it"
            " once no measure is running there"
        )
    if files:
        shown = ", ".join(files[:6]) + (f" and {len(files) - 6} more" if len(files) > 6 else "")
        notes.append(
            f"{path} holds {shown}: files of measure's probe or runs that a killed session (or one still running)"
            " left behind; remove them once no measure is running there"
        )
    return tuple(notes)


# fio reads a job file's values with `#` and `;` starting a comment, `${…}` expanded, `\` kept and `:` separating
# folders: a folder holding one would make fio write somewhere else than asked, so it is refused before anything runs.
_FIO_UNSAFE = set("#;$\\")


def _check_fio_safe(path: Path) -> None:
    text = str(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise refuse_usage(f"--path {printable(text)}: not valid UTF-8; give a folder with a plain name") from None
    bad = sorted({c for c in text if c in _FIO_UNSAFE or not c.isprintable()})
    if bad:
        shown = ", ".join(repr(c) for c in bad)
        raise refuse_usage(
            f"--path {printable(text)}: holds {shown}, which fio's job files read as a comment, a variable or an"
            " escape, so fio would write elsewhere; give (or link) a folder whose name has none of them"
        )


def dry_run(s, out) -> None:
    """The plan, the job files and the lines test.toml would get, as if every run finished; nothing is written."""
    from report.measure import session

    steps = plan.steps(s.request, earlier.existing_runs(s.raw)[0])
    r = s.request
    for warning in s.warnings:
        print(f"warning: {warning}", file=out)
    print(f"measure {r.system} on {s.path} ({s.machine.fio_version}), {runs_said([(len(steps), 'fio')])}:", file=out)
    for step in steps:
        target = "scratch, not recorded" if step.phase == "prepare" else f"{s.raw_name}/{step.output}"
        print(f"  {plan.PHASE_WORDS[step.phase]} run {step.run} -> {target}", file=out)
    scratch, prefix = s.path / "report-measure-XXXXXXXX", None  # the name mkdtemp will give it
    if r.clients:
        scratch, prefix = s.path, "report-measure-PID-TIME"
        hosts = ", ".join(r.clients)
        print(f"on {len(r.clients)} fio servers at once ({hosts}); each is probed before the first run.", file=out)
        print(f"fio's data files go to {scratch} on each, named <host>.{prefix}.*, removed after each run.", file=out)
    else:
        print(f"fio's data files go to {scratch} and are removed after each run.", file=out)
    if s.direct_mode == "auto":
        print("direct=1 below is probed when running: where the file system refuses O_DIRECT, direct=0.", file=out)
    for phase in dict.fromkeys(step.phase for step in steps):
        name = session.job_file_name(phase, s.number)
        print(f"\n--- {s.raw_name}/{name}", file=out)
        out.write(plan.job_file(phase, r, s.sizes, str(scratch), prefix))
    text = written.record_if_all_finished(s)
    if text.startswith(s.original):
        print(f"\n--- {session.FILE} would gain (with every run finished):", file=out)
        out.write(text[len(s.original) :])
    else:  # a replacing session takes lines out too: those and the ones added, not the whole file (field test 8, m11)
        print(f"\n--- {session.FILE} would change (with every run finished): - taken out, + added", file=out)
        diff = difflib.unified_diff(s.original.splitlines(), text.splitlines(), lineterm="", n=0)
        out.write("".join(f"{line}\n" for line in diff if line[:1] in "+-" and line[:3] not in ("---", "+++")))
    print("\n(dry run: nothing was written)", file=out)


def run(args: argparse.Namespace, argv: list[str]) -> int:
    """The command; its exit status (0 done, 1 test.toml invalid, 2 usage, 3 the machine, 130 stopped)."""
    from report.measure import session

    with session.stopped_as_interrupt():
        return _run(args, argv)


def _run(args: argparse.Namespace, argv: list[str]) -> int:
    from report.measure import session
    from report.measure.progress import Progress

    try:
        s = build_session(args, argv)
        if args.dry_run:
            dry_run(s, sys.stdout)
            return 0
        for warning in s.warnings:
            print(escaped(f"measure: warning: {warning}"), file=sys.stderr)
        earlier.pause_before_replacing(s)
        progress = Progress(s.request, s.sizes)
        status = session.execute(s, progress)
    except Refused as exc:
        for line in exc.lines:  # each line one line, whatever a path or a name holds; each problem prefixed
            print(escaped(line if line[:1].isspace() else f"measure: {line}"), file=sys.stderr)
        ending.recorded_before(s if "s" in locals() else None)
        return exc.status
    except OSError as exc:
        if "s" not in locals() or s.written is None:
            raise  # nothing recorded: the command line's own message says so
        where = exc.filename if exc.filename is not None else "measure"
        print(escaped(f"measure: {where}: {exc.strerror or exc}"), file=sys.stderr)
        ending.recorded_before(s)
        return 3
    print(escaped(ending.summary(s, status)), file=sys.stderr)
    for kind, line in (*ending.cpu_lines(s.results), *outcome.short_lines(s.results)):  # what to know before leaving
        print(escaped(f"measure: {kind}: {line}"), file=sys.stderr)
    if s.warnings:  # said once, before the first run; a long session scrolls them away (field test 6, m3)
        print(
            f"measure: {len(s.warnings)} warning{'' if len(s.warnings) == 1 else 's'} before the first run, above",
            file=sys.stderr,
        )
    for note in (*ending.volume_notes(s), *s.notes, *ending.mlperf_notes(s)):
        print(escaped(f"measure: note: {note}"), file=sys.stderr)
    return status
