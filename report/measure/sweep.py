"""`measure --clients-sweep`: the sustained write with 1, 2, 4, … client nodes at once, recorded as scaling rows.

fio's client/server does the I/O: for each client count k, one fio client process drives the first k `--client` hosts
with one job file (each host writes `--writers` files over and over for `--sustain-s` seconds, `group_reporting` so
that fio totals each host), `--runs` times. Each run's JSON goes to raw/<system>/sweep-<k>-<run>.json, and test.toml
gets one [[import]] table into "scaling" naming them (CONTRACT.md: one row per run, the hosts that wrote and the sum of
each host's io_bytes over its runtime). test.toml is rewritten once a count's runs have all finished, never in the
middle of one: a count stopped (Ctrl-C) or failed leaves the folder as it was before that count, its outputs removed.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from report.inputs.config import FILE
from report.inputs.ingest import fio as fio_json
from report.inputs.ingest.fio_scaling import host_totals, scaling_row
from report.measure import earlier, plan, probe, sweep_record, words
from report.measure.outcome import RunResult, job_cpu
from report.measure.probe import Refused, refuse_usage
from report.measure.progress import build_hint, duration_words
from report.pipeline import processes

_OUTPUT = re.compile(r"^sweep-(\d+)-(\d+)\.json$")
_JOB = re.compile(r"^sweep(?:-(\d+))?\.fio$")
#: the job's section name: fio names each host's files <prefix>.sweep.<n>.0 in the folder
JOB_NAME = "sweep"


def default_counts(hosts: int) -> tuple[int, ...]:
    """1, 2, 4, … below the number of hosts, then all of them: 3 hosts give 1, 2, 3; 8 give 1, 2, 4, 8."""
    out, k = [], 1
    while k < hosts:
        out.append(k)
        k *= 2
    return (*out, hosts)


def parse_counts(text: str, hosts: int) -> tuple[int, ...]:
    """`--clients-sweep K,K,…` (empty: the default counts) as ascending distinct counts from 1 to the hosts given."""
    if not text.strip():
        return default_counts(hosts)
    parts = [p.strip() for p in text.split(",")]
    if not all(re.fullmatch(r"[0-9]{1,6}", p) for p in parts):
        raise refuse_usage(f"--clients-sweep {text!r}: give client counts separated by commas, such as 1,2,4")
    counts = sorted({int(p) for p in parts})
    if counts[0] < 1 or counts[-1] > hosts:
        raise refuse_usage(f"--clients-sweep {text}: each count must be from 1 to the {hosts} --client hosts given")
    return tuple(counts)


@dataclass
class Sweep:
    """A client sweep in progress: what it runs, where its outputs go, what it has recorded."""

    request: plan.Request  #: writers, block size, sustained seconds, runs, every --client host, direct I/O
    counts: tuple[int, ...]
    data_dir: Path
    raw: Path  #: DATA_DIR/raw/<system folder>
    raw_name: str
    path: str  #: the folder on the storage, as the servers see it
    fio: str
    fio_version: str
    file_bytes: int  #: each writer's file
    original: str  #: test.toml before the sweep
    bom: bool
    language: str
    number: int  #: which sweep of this system, from 1 (job file sweep.fio, then sweep-2.fio)
    label: str  #: its [environment] keys' prefix
    command: str
    jobs_here: bool = False  #: every server at a loopback address: the jobs run on this machine, its CPU theirs
    first_run: dict[int, int] = field(default_factory=dict)  #: per count, the run number its first run takes
    done: list[tuple[int, int]] = field(default_factory=list)  #: (count, run) of the recorded runs
    results: dict[tuple[int, int], RunResult] = field(default_factory=dict)  #: each finished run's CPU, by (count, run)
    commands: dict[tuple[int, int], list[str]] = field(default_factory=dict)  #: each run's fio command, as run
    logged: int = 0  #: runs of `done` already in raw/<system>/commands.txt
    replaces: earlier.Replacement | None = None  #: the earlier sweeps of this system it replaces (not --add-runs)
    kept: earlier.Replacement | None = None  #: the earlier sweeps it adds to (--add-runs)
    moved: bool = False  #: the replaced sweeps' files have been moved to raw/<system>/replaced/
    mount: probe.Mount | None = None  #: the file system of --path, where it is mounted here too
    durability: probe.Durability | None = None  #: the devices under it, as far as Linux shows them from here
    written: str | None = None  #: test.toml as the sweep last wrote it
    prefix: str = ""
    started: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    stops: tuple[str, ...] = ()  #: what a real sweep would stop at, which a dry run says above its plan

    def output(self, k: int, run: int) -> Path:
        """A run's JSON."""
        return self.raw / f"sweep-{k}-{run}.json"

    @property
    def job(self) -> Path:
        """The sweep's job file, kept beside its outputs."""
        return self.raw / ("sweep.fio" if self.number == 1 else f"sweep-{self.number}.fio")


def existing(raw: Path) -> tuple[dict[int, int], int]:
    """The highest run of each client count already in raw/<system>/ (and its replaced/: a run number is never given
    twice), and the next sweep number."""
    highest: dict[int, int] = {}
    sweeps = 0
    for folder in (raw, raw / earlier.REPLACED):
        for entry in folder.iterdir() if folder.is_dir() else ():
            if m := _OUTPUT.match(entry.name):
                k = int(m.group(1))
                highest[k] = max(highest.get(k, 0), int(m.group(2)))
            if m := _JOB.match(entry.name):
                sweeps = max(sweeps, int(m.group(1) or 1))
    return highest, sweeps + 1


def job_file(s: Sweep, hosts: int) -> str:
    """The job every host runs: --writers files of the save's size, written over and over for --sustain-s seconds,
    fsynced at the end, totalled per host (group_reporting), removed at the end (unlink=1)."""
    r = s.request
    return (
        "\n".join(
            [
                "; A client sweep's sustained write: each client node writes its files over and over for a fixed time,",
                f"; the same job on each of the {hosts} hosts; group_reporting gives fio's own total per host.",
                "[global]",
                f"directory={plan.fio_path(s.path)}",
                "ioengine=psync",
                f"bs={r.block_bytes}",
                f"direct={int(r.direct)}",
                "invalidate=1",
                "fallocate=none",
                "thread=1",
                "group_reporting=1",
                f"filename_format={s.prefix}.$jobname.$jobnum.$filenum",
                f"[{JOB_NAME}]",
                "rw=write",
                "end_fsync=1",
                "time_based=1",
                f"runtime={r.sustain_s}",
                f"size={s.file_bytes}",
                "unlink=1",
                f"numjobs={r.writers}",
            ]
        )
        + "\n"
    )


def cleanup_file(s: Sweep) -> str:
    """A job that removes what a stopped run left on a server: each name opened, one block written, unlinked."""
    r = s.request
    lines = [
        "; Removes the files a stopped sweep run left behind (one block written to each name, then unlinked).",
        "[global]",
        f"directory={plan.fio_path(s.path)}",
        "ioengine=psync",
        f"bs={r.block_bytes}",
        f"size={r.block_bytes}",
        "rw=write",
        "unlink=1",
        "thread=1",
        f"filename_format={s.prefix}.$jobname.$jobnum.$filenum",
        f"[{JOB_NAME}]",
        f"numjobs={r.writers}",
    ]
    return "\n".join(lines) + "\n"


def fio_command(s: Sweep, k: int) -> list[str]:
    """One fio client process driving the first k hosts, each with the same job file, JSON on standard output."""
    jobs = [part for host in s.request.clients[:k] for part in (f"--client={host}", str(s.job.resolve()))]
    return [s.fio, *jobs, "--output-format=json", "--eta=never"]


# --- running ---------------------------------------------------------------------------------------------------------


class Stopped(Exception):
    """The operator stopped the sweep (Ctrl-C, SIGTERM, a dropped session)."""


def run_one(s: Sweep, k: int, run: int, stop, limit: float) -> float:
    """One run of count k: fio's client, its JSON to the run's output; its aggregate (GB/s). Stopped, or Refused
    when it fails or hangs."""
    out = s.output(k, run)
    command = s.commands[(k, run)] = fio_command(s, k)
    busy = probe.CpuWatch() if s.jobs_here else None  # the jobs run here: this machine's load is theirs
    with open(out, "wb") as std, open(out.with_suffix(".stderr"), "wb") as errors:
        child = subprocess.Popen(
            command,
            cwd=s.raw,
            stdout=std,
            stderr=errors,
            start_new_session=True,  # the terminal's Ctrl-C reaches fio only through us, once
        )
        stop.child = child
        began = time.monotonic()
        try:
            while child.poll() is None:
                if stop.asked:
                    processes.wait_or_kill(child)
                    raise Stopped
                if time.monotonic() - began > limit:
                    child.send_signal(signal.SIGINT)
                    processes.wait_or_kill(child, 10)
                    raise Refused(f"{k} client nodes, run {run}: no result after {limit:.0f} s, so fio was stopped")
                time.sleep(0.2)
        finally:
            stop.child = None
            if child.poll() is None:
                processes.wait_or_kill(child)
    if stop.asked:
        raise Stopped
    if child.returncode != 0:
        said = out.with_suffix(".stderr").read_text(errors="replace").strip().splitlines()
        raise Refused(f"{k} client nodes, run {run}: fio failed ({'; '.join(said[-3:]) or child.returncode})")
    rate, fio_run = check(s, k, run)
    s.results[(k, run)] = RunResult(  # the CPU rule of every other phase (field test 7, finding 5)
        plan.Step("sustain", run),
        fio_run,
        {},
        job_cpu(out),
        machine_busy=busy.share() if busy is not None else None,
        cores=os.cpu_count() if s.jobs_here else None,
    )
    out.with_suffix(".stderr").unlink(missing_ok=True)
    return rate


def check(s: Sweep, k: int, run: int) -> tuple[float, fio_json.FioRun]:
    """The finished run read as the import will read it: k hosts wrote; its aggregate (GB/s) and fio's run."""
    out = s.output(k, run)
    name = f"{s.raw_name}/{out.name}"
    parsed, problems = fio_json.read_json(name, out.read_bytes())
    if parsed is None:
        raise Refused(f"{name}: fio's output cannot be read: {'; '.join(p.message for p in problems)}")
    fio_run, problems = fio_json.parse_run(name, parsed, {}, fio_json.WRITE, False)
    row, found = scaling_row(name, parsed) if not problems else (None, problems)
    if row is None or fio_run is None:
        raise Refused(f"{name}: {'; '.join(str(p) for p in found)}")
    wrote = {t.host for t in host_totals(parsed)}
    missing = [h for h in s.request.clients[:k] if h.rsplit(",", 1)[0] not in wrote]
    if row[0] != k or missing:
        raise Refused(
            f"{name}: {row[0]} of the {k} hosts wrote ({', '.join(missing)} did not): the count is not recorded"
        )
    return row[1], fio_run


def _discard(s: Sweep, k: int) -> None:
    """Every output of count k's runs: the folder as it was before that count."""
    for run in range(s.first_run[k], s.first_run[k] + s.request.runs):
        out = s.output(k, run)
        out.unlink(missing_ok=True)
        out.with_suffix(".stderr").unlink(missing_ok=True)
        s.results.pop((k, run), None)
        s.commands.pop((k, run), None)


def _clean_servers(s: Sweep, k: int) -> None:
    """After a stopped or failed run: whatever files it left on the k hosts, removed (a host that is gone is not
    waited for)."""
    with tempfile.TemporaryDirectory(prefix="report-measure-clean-") as temp:
        job = Path(temp) / "clean.fio"
        job.write_text(cleanup_file(s), encoding="utf-8")
        for host in s.request.clients[:k]:
            command = [s.fio, f"--client={host}", str(job), "--output-format=json", "--eta=never"]
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                subprocess.run(command, capture_output=True, timeout=probe.PROBE_TIMEOUT_S, start_new_session=True)


def _lock(data_dir: Path) -> int:
    """One measure at a time per folder (the lock `measure` takes): each rewrites test.toml from what it read."""
    fd = os.open(data_dir, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise Refused(f"another measure is recording into {data_dir}: let it finish, then measure again") from None
    return fd


def sweep_all(s: Sweep, out) -> int:
    """Every count in turn, each recorded once all its runs finished; the exit status (0, 130 stopped)."""
    from report.measure.session import Stop

    limit = s.request.watchdog_s or s.request.sustain_s + plan.WATCHDOG_GRACE_S
    took: list[float] = []  # each run's wall time, for the time left (field test 8, minor 11: "…" for 6.5 min)
    with Stop() as stop:
        for index, k in enumerate(s.counts, start=1):
            if stop.asked:  # asked while the last count was being recorded: that one stays, this one never starts
                return 130
            runs = [s.first_run[k] + i for i in range(s.request.runs)]
            rates = []
            try:
                for i, run in enumerate(runs, start=1):
                    say = f"[count {index}/{len(s.counts)}] {k} {sweep_record.counted(s)}, run {i}/{len(runs)}"
                    left = (len(s.counts) - index + 1) * len(runs) - i + 1  # this run included
                    each = sum(took) / len(took) if took else s.request.sustain_s
                    print(f"{say}, about {duration_words(left * each)} left ...", file=out)
                    began = time.monotonic()
                    rates.append(run_one(s, k, run, stop, limit))
                    took.append(time.monotonic() - began)
                    print(f"  {rates[-1]:.3f} GB/s in aggregate (fio's per-host totals)", file=out)
                recorded = s.done
                s.done = [*recorded, *((k, run) for run in runs)]
                try:
                    sweep_record.record(s)
                except BaseException:
                    s.done = recorded  # test.toml was not rewritten: the count is not recorded
                    raise
            except Stopped:
                _discard(s, k)
                _clean_servers(s, k)
                return 130
            except BaseException:
                _discard(s, k)
                _clean_servers(s, k)
                raise
            mean = sum(rates) / len(rates)
            print(f"  {k} {sweep_record.counted(s)}: {len(runs)} runs recorded, mean {mean:.3f} GB/s", file=out)
    return 0


def build(args, argv: list[str]) -> Sweep:
    """Everything checked before anything runs: test.toml, the options, fio, the servers."""
    from report.measure import command, session

    if args.phases is not None:
        raise refuse_usage("--clients-sweep measures the sustained write only: leave out --phases")
    if args.concurrent_jobs != 1:
        raise refuse_usage("--clients-sweep measures one job per client node: leave out --concurrent-jobs")
    hosts = command.clients(args.client)
    if not hosts:
        raise refuse_usage("--clients-sweep needs the client nodes: give each with --client HOST (fio --server there)")
    counts = parse_counts(args.clients_sweep, len(hosts))
    original, config, bom = session.read_config(args.data_dir)
    args.system = session.given_system(config, args.system)
    session.refuse_if_busy(args.data_dir)
    if args.system not in (config.systems.save_baseline, config.systems.candidate):
        names = f'"{config.systems.save_baseline}" or "{config.systems.candidate}"'
        raise refuse_usage(f'--clients-sweep: "{args.system}" is not a save system of test.toml; expected {names}')
    if args.snapshot_gb is None or not 0 < args.snapshot_gb < 1e6:
        raise refuse_usage("--clients-sweep needs --snapshot-gb, the checkpoint size each client node's files share")
    if not args.path.is_absolute():
        raise refuse_usage(f"--path {args.path}: with --client, give the folder as the servers see it, from /")
    local = args.path.is_dir()  # mounted here too: its durability is judged as a session's (field test 7, m10)
    judged = probe.durability(args.path) if local else probe.Durability(unknown=("not-here",))
    stops: tuple[str, ...] = ()
    if judged.memory is not None and not args.allow_not_durable:
        memory = command.english(words.memory_words, judged.memory)
        stops = (
            f"--path {args.path} is on {memory}, which does not survive a power loss: its sustained writes would be"
            " compared with durable ones. Give --allow-not-durable to sweep it anyway (test.toml's [systems]"
            " not_durable then names it and the report marks its figures)",
        )
    if stops and not args.dry_run:  # a dry run shows the plan below it, as a session's does (field test 9, m1)
        raise Refused(f"{stops[0]}. Nothing was written")
    for name, low in (("writers", 1), ("runs", 1), ("sustain_s", 1)):
        if getattr(args, name) < low:
            raise refuse_usage(f"--{name.replace('_', '-')} {getattr(args, name)}: must be at least {low}")
    request = plan.Request(
        system=args.system,
        phases=("sustain",),
        runs=args.runs,
        writers=args.writers,
        block_bytes=command.block_bytes(args.block_size),
        snapshot_gb=args.snapshot_gb,
        gpus=None,
        load_gb=None,
        load_model=None,
        platform=None,
        sustain_s=args.sustain_s,
        window_ms=args.window_ms,
        direct=args.direct != "no",
        model=config.training.model,
        clients=hosts,
        watchdog_s=args.watchdog_s,
    )
    fio = shutil.which(args.fio)
    if fio is None:
        raise Refused(
            f"fio not found ({args.fio}): install it (apt-get install fio, dnf install fio) or give --fio PATH"
        )
    fio = str(Path(fio).resolve())
    raw_name = f"raw/{plan.system_folder(args.system)}"
    raw = args.data_dir / raw_name
    highest, number = existing(raw)
    label = session.label_for(args.system, number, dict(config.environment), config.language)
    found = earlier.find_sweeps(config, original, args.system, raw_name)  # replaced, or with --add-runs kept
    made = Sweep(
        request=request,
        counts=counts,
        data_dir=args.data_dir,
        raw=raw,
        raw_name=raw_name,
        path=str(args.path),
        fio=fio,
        fio_version=probe.fio_version(fio),
        file_bytes=plan.sizes(request).save_file,
        original=original,
        bom=bom,
        language=config.language,
        number=number,
        label=label,
        command=command.printable("python -m report " + shlex.join(argv)),
        jobs_here=probe.jobs_run_here(hosts),
        first_run={k: highest.get(k, 0) + 1 for k in counts},
        prefix=f"report-measure-{os.getpid()}-{int(time.time())}",
        mount=probe.mount_of(args.path) if local else None,
        durability=judged,
        replaces=None if args.add_runs else found,
        kept=found if args.add_runs else None,
        stops=stops,
    )
    made.done = [(k, made.first_run[k] + i) for k in counts for i in range(args.runs)]
    try:  # test.toml takes the lines: refused now, not after a count
        sweep_record.text(made)
    finally:
        made.done = []
    return made


def replacing(s: Sweep) -> str | None:
    """What the sweep does to the earlier sweeps of its system, said before it starts and by a dry run."""
    if s.replaces is not None:
        return (
            f"this sweep replaces {s.replaces.words(s.request.system)}: once its first count is recorded, their"
            f" [[import]] table leaves test.toml and their files move to {s.replaces.folder}/ (kept, no longer"
            " imported); to keep them, stop before then (Ctrl-C), or give --add-runs to add this sweep's runs to them"
        )
    if s.kept is not None:
        return f"this sweep adds its runs to {s.kept.words(s.request.system)} (--add-runs), which stay imported"
    return None


def no_fit(s: Sweep) -> str | None:
    """Said up front where the counts cannot give the report a fitted law (field test 7, m9: 2 hosts, 2 × 78 s of
    sweeping, then "it is not fitted"): the Universal Scalability Law needs one client and two other counts."""
    if 1 in s.counts and len(s.counts) >= 3:
        return None
    counts = ", ".join(map(str, s.counts))
    return (
        f"the report fits no scaling law to counts {counts}: it needs 1 client node and at least two other counts"
        " (3 or more --client hosts); the points are still reported as measured"
    )


def dry_run(s: Sweep, out) -> None:
    """The plan and the job file; nothing is run or written."""
    for stop in s.stops:
        print(f"warning: {stop}; a real run would stop here", file=out)
    print(f"measure --clients-sweep {s.request.system} on {s.path} ({s.fio_version}):", file=out)
    for said in (replacing(s), no_fit(s)):
        if said is not None:
            print(f"  {said}", file=out)
    for k in s.counts:
        hosts = ", ".join(s.request.clients[:k])
        first = s.first_run[k]
        print(f"  {k} {sweep_record.counted(s)} ({hosts}): runs {first} to {first + s.request.runs - 1}", file=out)
    print(f"\n--- {s.raw_name}/{s.job.name}", file=out)
    out.write(job_file(s, len(s.request.clients)))
    print("\n(dry run: nothing was written)", file=out)


def run(args, argv: list[str]) -> int:
    """The sweep; its exit status (0 done, 1 test.toml invalid, 2 usage, 3 the machine, 130 stopped)."""
    try:
        s = build(args, argv)
        if args.dry_run:
            dry_run(s, sys.stdout)
            return 0
        servers = probe.servers(s.fio, s.request.clients, s.path, plan.host_bytes(s.request))
        takes_direct = all(server.direct for server in servers)
        if args.direct == "yes" and not takes_direct:
            raise Refused(f"{s.path} does not take O_DIRECT writes on every server: measure with --direct auto or no")
        s.request = replace(s.request, direct=s.request.direct and takes_direct)
        if (said := no_fit(s)) is not None:
            print(f"measure: note: {said}", file=sys.stderr)
        if (said := replacing(s)) is not None:
            print(f"measure: {said}", file=sys.stderr)
            earlier.pause_before_replacing(s)
        lock = _lock(s.data_dir)
        try:
            s.raw.mkdir(parents=True, exist_ok=True)
            s.job.write_text(job_file(s, len(s.request.clients)), encoding="utf-8")
            status = sweep_all(s, sys.stderr)
        finally:
            os.close(lock)
            if not s.done:
                s.job.unlink(missing_ok=True)
                for folder in (s.raw, s.raw.parent):
                    with contextlib.suppress(OSError):
                        folder.rmdir()
    except Refused as exc:
        for line in exc.lines:  # each problem prefixed, as a session's (field test 8, minor 10)
            print(line if line[:1].isspace() else f"measure: {line}", file=sys.stderr)
        _say_recorded(s if "s" in locals() else None)
        return exc.status
    counts = sorted({k for k, _ in s.done})
    if status == 130:
        print(
            f"measure: stopped; the folder is as it was before the count under way ({len(counts)} count(s) recorded:"
            f" {', '.join(map(str, counts)) or 'none'})",
            file=sys.stderr,
        )
        return status
    print(
        f"measure: client sweep of {s.request.system} recorded in {s.data_dir / FILE} ({', '.join(map(str, counts))}"
        f" {sweep_record.counted(s)}); build the report with {build_hint(s.data_dir)}",
        file=sys.stderr,
    )
    from report.measure.ending import cpu_lines

    for kind, line in cpu_lines([s.results[done] for done in s.done if done in s.results]):
        print(f"measure: {kind}: {line}", file=sys.stderr)
    return 0


def _say_recorded(s: Sweep | None) -> None:
    if s is not None and s.done:
        counts = ", ".join(str(k) for k in sorted({k for k, _ in s.done}))
        print(f"measure: the counts finished before it ({counts}) are recorded in {s.data_dir / FILE}", file=sys.stderr)
