"""One `measure` session: check everything, then run fio step by step, recording each finished run at once.

Order of work: the request and test.toml are checked, fio is found, the free space is compared with the
largest file set, and only then is anything created: the outputs' folder raw/<system>/ and a scratch folder
of our own inside MOUNTED_DIR. After every finished fio run, test.toml is rewritten (atomically) with the
runs so far, so an interruption at any moment leaves a folder that builds. The scratch folder is removed at
the end, on failure and on Ctrl-C.
"""

from __future__ import annotations

import codecs
import contextlib
import datetime as dt
import fcntl
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from report.i18n import activate
from report.inputs.config import FILE, TestConfig, parse_config
from report.measure import earlier, outcome, plan, probe, words
from report.measure.earlier import existing_runs
from report.measure.plan import PHASE_WORDS, Request, Sizes, Step
from report.measure.probe import Refused, refuse_usage
from report.measure.progress import Progress
from report.measure.written import record
from report.pipeline import processes

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType

    #: what signal.signal takes and returns (typeshed's private signal._HANDLER)
    _Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None

#: what fio's client prints when a server stops answering (it then waits for it for ever)
_TIMED_OUT = re.compile(r"client (\S+) timed out|client <([^>]+)>: timeout")


@dataclass(frozen=True)
class Machine:
    """What the machine under test said before the first run."""

    fio_version: str
    kernel: str
    mount: probe.Mount | None
    free: int | None  #: None where the folder is not seen from here (only the servers see it)
    total: int | None
    servers: tuple[probe.Server, ...] = ()  #: the fio servers that answered, in --client order
    memory: str | None = None  #: what keeps the folder's data in memory only (tmpfs, …), else None: durable
    durability: probe.Durability | None = None  #: the devices under the folder, followed as far as Linux shows them


@dataclass
class Session:
    """A measurement in progress: where things go, what finished, what the environment was."""

    request: Request
    data_dir: Path
    raw: Path  #: DATA_DIR/raw/<system folder>
    raw_name: str  #: the same, relative to DATA_DIR, POSIX
    path: Path  #: MOUNTED_DIR
    fio: str
    machine: Machine
    sizes: Sizes
    label: str  #: the [environment] keys' prefix
    number: int  #: which session of this system, from 1
    command: str
    original: str  #: test.toml as it was before this session
    drop_caches: bool
    bom: bool = False  #: test.toml opens with a UTF-8 byte order mark, kept when rewriting it
    language: str = "en"  #: test.toml's, for the [environment] lines
    direct_mode: str = "auto"  #: auto, yes or no (--direct)
    started: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    done: list[Step] = field(default_factory=list)
    cache_note: str | None = None  #: why the page cache could not be dropped
    scratch: Path | None = None  #: our own folder inside MOUNTED_DIR for fio's data files, once created
    notes: tuple[str, ...] = ()  #: said to the operator at the end
    warnings: tuple[str, ...] = ()  #: said before the first run (and by a dry run), and again at the end
    written: str | None = None  #: test.toml as this session last wrote it
    recorded: list[Step] = field(default_factory=list)  #: the runs in test.toml as this session last wrote it
    results: list[outcome.RunResult] = field(default_factory=list)  #: each recorded run, per host
    replaces: earlier.Replacement | None = None  #: an earlier session's runs of the same phases, replaced
    moved: bool = False  #: the replaced runs' files have been moved to raw/<system>/replaced/
    sources_for: frozenset[str] = frozenset()  #: tables whose [sources] line this session may write (written.py)
    commands: dict[Step, list[str]] = field(default_factory=dict)  #: each run's fio command, as run
    logged: int = 0  #: runs of `done` already in raw/<system>/commands.txt
    jobs_here: bool = True  #: fio's jobs run on this machine (no servers, or servers on loopback): its CPU is theirs
    conflict: bool = False  #: test.toml changed under us: record nothing more
    interrupted_in: Step | None = None
    stop_signal: str | None = None  #: the signal that stopped the session (SIGINT: Ctrl-C), for commands.txt
    stopped_bytes: int | None = None  #: what the run stopped half-way wrote before it was stopped, as fio said it
    failure: str | None = None  #: why the session stopped, as the console says it (commands.txt keeps it)
    failed_in: Step | None = None  #: the run under way when it failed (the [environment] line names that run only)
    failure_logged: bool = False  #: the failure is in raw/<system>/commands.txt
    prefix: str | None = None  #: with fio servers: the data files' name prefix (fio adds each host's name)


def read_config(data_dir: Path) -> tuple[str, TestConfig, bool]:
    """test.toml's text (line endings as written), its validated content, and whether it opens with a BOM."""
    toml = data_dir / FILE
    if not toml.is_file():
        raise refuse_usage(
            f"{toml} does not exist: write the joint test's test.toml first (title, customer, date, [systems],"
            " [training]; see README), then measure into its folder"
        )
    raw = toml.read_bytes()
    config, problems = parse_config(raw)
    if config is None:
        head = f"{toml} is not valid, so nothing can be recorded in it:"
        raise Refused("", status=1, lines=(head, *(f"  {p}" for p in problems)))
    return raw.decode("utf-8-sig"), config, raw.startswith(codecs.BOM_UTF8)


def given_system(config: TestConfig, name: str) -> str:
    """`--system` as test.toml's [systems] names the system: a [systems] name as it is, and a system's name as
    [text.<language>] prints it as the name it translates, so that each edition's appendix quotes the command with the
    names of its own language (cold read 14c, P-m4: the English edition's command named the systems in Chinese)."""
    if roles(config, name):
        return name
    printed = {shown.strip(): full for texts in config.texts.values() for full, shown in texts.systems.items()}
    return printed.get(name.strip(), name)


def roles(config: TestConfig, system: str) -> list[str]:
    """The [systems] roles a system name holds."""
    return [r for r in ("candidate", "save_baseline", "load_baseline") if getattr(config.systems, r) == system]


def allowed_phases(config: TestConfig, system: str, asked: tuple[str, ...] | None) -> tuple[str, ...]:
    """The phases the system's roles allow (a load baseline has no save rows); asked ones must all be allowed."""
    held = roles(config, system)
    if not held:
        held_by = ("candidate", "save_baseline", "load_baseline")
        names = ", ".join(f'"{n}"' for n in dict.fromkeys(getattr(config.systems, r) for r in held_by))
        raise refuse_usage(f'--system "{system}" is not one of test.toml\'s [systems] ({names})')
    allowed = tuple(p for p in plan.PHASES if set(plan.PHASE_ROLES[p]) & set(held))
    if asked is None:
        return allowed
    for phase in asked:
        if phase not in allowed:
            raise refuse_usage(
                f'--phases {phase}: "{system}" is test.toml\'s {" and ".join(held)}, whose report uses no'
                f" {plan.PHASE_TABLE[phase]} rows; measure {', '.join(allowed)} on it"
            )
    return tuple(p for p in plan.PHASES if p in asked)


def label_for(system: str, number: int, environment: dict[str, str], language: str) -> str:
    """The [environment] prefix of this session: the system's name, with the session number from the second on,
    and a higher number while an existing key already starts with it."""
    with activate(language):
        return words.label(system, session_number(system, number, environment, language))


def session_number(system: str, number: int, environment: dict[str, str], language: str) -> int:
    """The number of this session's label (label_for): `number`, or higher while an existing [environment] key
    already starts with its label (a client sweep's session, a user's own key). Its job files carry it too."""
    with activate(language):
        while any(key.startswith(words.key(words.label(system, number), "")) for key in environment):
            number += 1
    return number


def job_file_name(phase: str, number: int) -> str:
    """The job file of a phase in a session: save.fio, then save-2.fio for a second session."""
    return f"{phase}.fio" if number == 1 else f"{phase}-{number}.fio"


# --- running ----------------------------------------------------------------------------------------------------


STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, n))


@contextlib.contextmanager
def stopped_as_interrupt():
    """From measure's first line: SIGTERM, SIGHUP and SIGQUIT stop it as Ctrl-C does (KeyboardInterrupt), so a
    dropped ssh session while test.toml is read or the servers are probed still cleans up and says so; a signal
    ignored when measure started (nohup's SIGHUP) stays ignored."""

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    previous = {}
    for sig in STOP_SIGNALS[1:]:
        if signal.getsignal(sig) != signal.SIG_IGN:
            previous[sig] = signal.signal(sig, interrupt)
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


class Stop:
    """Ctrl-C (SIGINT), SIGTERM, and SIGHUP or SIGQUIT (a dropped ssh session) while measuring: remembered, passed
    on to fio once, acted on between polls."""

    def __init__(self) -> None:
        self.asked = False
        self.signum: int | None = None  #: the first stop signal received
        self.child: subprocess.Popen | None = None
        self._old: dict[int, _Handler] = {}

    def __enter__(self) -> Stop:
        for sig in STOP_SIGNALS:
            if signal.getsignal(sig) != signal.SIG_IGN:  # nohup's SIGHUP stays ignored: the session goes on
                self._old[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, old in self._old.items():
            signal.signal(sig, old)

    def _handle(self, signum: int, frame: object) -> None:
        if not self.asked and self.child is not None and self.child.poll() is None:
            self.child.send_signal(signal.SIGINT)
        self.asked = True
        self.signum = self.signum or signum


class Watchdog(Exception):
    """A run stopped because it made no progress: a server stopped answering, or it outlasted its time limit."""


def fio_command(s: Session, job: Path, out: Path) -> list[str]:
    """fio here, or fio's client driving every server with the same job file (each host's jobs its own)."""
    if s.request.clients:  # the JSON from standard output: a server given --output creates that file where it runs
        jobs = [part for host in s.request.clients for part in (f"--client={host}", str(job.resolve()))]
        return [s.fio, *jobs, "--output-format=json", "--eta=never"]
    return [s.fio, str(job.resolve()), "--output-format=json", f"--output={out.name}", "--eta=never"]


def run_fio(s: Session, step: Step, job: Path, out: Path, stop: Stop, progress: Progress) -> int | None:
    """Run one step's fio; its exit status, or None when the operator stopped it; Watchdog when it hung."""
    env = dict(os.environ, MEASURE_RUN=str(step.run))
    command = fio_command(s, job, out)
    s.commands[step] = command
    limit = plan.time_limit(s.request, s.sizes, step.phase)
    began = time.monotonic()
    with open(out.with_suffix(".stderr"), "wb") as errors, open(out if s.request.clients else os.devnull, "wb") as std:
        child = subprocess.Popen(
            command,
            cwd=out.parent,
            env=env,
            stdout=std,
            stderr=errors,
            start_new_session=True,  # the terminal's Ctrl-C reaches fio only through us, once
            preexec_fn=_die_with_parent,
        )
        stop.child = child
        try:
            while child.poll() is None:
                if stop.asked:
                    processes.wait_or_kill(child)
                    return None
                hung = _hung(s, out, time.monotonic() - began, limit)
                if hung is not None:
                    child.send_signal(signal.SIGINT)
                    processes.wait_or_kill(child, 10)
                    raise Watchdog(hung)
                progress.tick(*_bytes_so_far(s, step, child.pid))
                time.sleep(0.25)
        finally:
            stop.child = None
            if child.poll() is None:
                processes.wait_or_kill(child)
    return None if stop.asked else child.returncode


def _die_with_parent() -> None:
    """In the child before fio starts: Linux sends it SIGTERM if measure itself is killed (SIGKILL, a crash), so no
    fio goes on writing to the storage unwatched."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _hung(s: Session, out: Path, elapsed: float, limit: float) -> str | None:
    """Why a running fio is to be stopped (a server stopped answering; no result within the limit), else None."""
    if s.request.clients and (m := _TIMED_OUT.search(outcome.fio_said(out))):
        return f"fio server {m.group(1) or m.group(2)} stopped answering (fio: {m.group(0)})"
    if elapsed > limit:
        return (
            f"no result after {limit:.0f} s (the planned bytes at {plan.FLOOR_GBPS:g} GB/s plus"
            f" {plan.WATCHDOG_GRACE_S} s, or --watchdog-s): fio was stopped"
        )
    return None


def _bytes_so_far(s: Session, step: Step, pid: int) -> tuple[int | None, dict[str, int] | None]:
    """Bytes the running step has moved, and per host with fio servers: the files' sizes for a first write (with
    servers, where --path is mounted here too: each host's files carry its name), fio's read counters for a load."""
    if s.request.clients:
        if step.phase not in ("save", "prepare") or s.prefix is None or not s.path.is_dir():
            return None, None  # fio's client says nothing per host until the run ends; the files are not seen here
        hosts = {plan.host_of(h): 0 for h in s.request.clients}
        try:
            for entry in os.scandir(s.path):
                host, _, rest = entry.name.partition(f".{s.prefix}.")
                if rest and host in hosts and entry.is_file(follow_symlinks=False):
                    hosts[host] += entry.stat().st_size
        except OSError:
            return None, None
        return sum(hosts.values()), hosts
    if step.phase in ("save", "prepare"):
        try:
            return sum(e.stat().st_size for e in os.scandir(s.scratch) if e.is_file()), None
        except OSError:
            return None, None
    if step.phase in ("load", "restore"):
        return _read_counters(pid), None
    return None, None


def _read_counters(pid: int) -> int | None:
    """Σ rchar of fio (its jobs are threads) and anything it started (Linux /proc), None where it cannot be read."""
    values = [processes.status_field(p, "rchar") for p in processes.tree(pid)]
    counted = [int(v) for v in values if v is not None and v.isdigit()]
    return sum(counted) if counted else None


def clear(folder: Path) -> None:
    """Remove fio's data files between steps (the next save writes new files, as a framework does)."""
    for entry in os.scandir(folder):
        if entry.is_file(follow_symlinks=False):
            os.unlink(entry.path)


def execute(s: Session, progress: Progress) -> int:
    """Run every step, recording each finished run; the exit status (0, 3 on a failure, 130 when stopped)."""
    lock = _lock(s.data_dir)
    jobs: dict[str, Path] = {}
    try:
        with Stop() as stop:  # from here on Ctrl-C is a request to stop, acted on between steps
            steps = plan.steps(s.request, existing_runs(s.raw)[0])
            s.raw.mkdir(parents=True, exist_ok=True)
            if s.request.clients:
                s.prefix = f"report-measure-{os.getpid()}-{int(time.time())}"
                takes_direct = all(server.direct for server in s.machine.servers)
                if not s.jobs_here:  # servers at loopback addresses share this kernel: its cache is dropped here
                    s.cache_note = "the fio servers' page caches are not dropped from here"
            else:
                s.scratch = Path(tempfile.mkdtemp(prefix="report-measure-", dir=s.path.resolve()))
                takes_direct = probe.direct_io_works(s.scratch)
            if s.direct_mode != "no" and not takes_direct:
                if s.direct_mode == "yes":
                    raise Refused(
                        f"{s.path} does not take O_DIRECT writes: measure with --direct auto or no (buffered writes,"
                        " an fsync at the end of each save; the record says so)"
                    )
                s.request = replace(s.request, direct=False)
            for phase in dict.fromkeys(step.phase for step in steps):
                jobs[phase] = s.raw / job_file_name(phase, s.number)
                folder = str(s.scratch or s.path)
                text = plan.job_file(phase, s.request, s.sizes, folder, s.prefix)
                jobs[phase].write_text(text, encoding="utf-8")
            status = _steps(s, steps, jobs, stop, progress)
    except BaseException as exc:  # a refusal, the disk of DATA_DIR full, anything: clean up, record what finished
        s.failure = s.failure or _reason(exc)
        progress.close()
        _finish(s, jobs)
        raise
    else:
        _finish(s, jobs)
        progress.close()
        return status
    finally:
        os.close(lock)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"{exc.filename or 'measure'}: {exc.strerror or exc}"
    return str(exc) or type(exc).__name__


def refuse_if_busy(data_dir: Path) -> None:
    """Before anything is probed: another session recording into the folder is said at once, not after the servers
    were probed (field test 8, minor 13a: refused only after 21 s)."""
    os.close(_lock(data_dir))


def recording(data_dir: Path) -> bool:
    """Whether a measure session holds the folder's lock (it is adding runs to test.toml now)."""
    try:
        refuse_if_busy(data_dir)
    except (Refused, OSError):
        return True
    return False


def _lock(data_dir: Path) -> int:
    """One session at a time per folder: each rewrites test.toml from what it read, so two would lose runs."""
    fd = os.open(data_dir, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise Refused(f"another measure is recording into {data_dir}: let it finish, then measure again") from None
    return fd


def _output(s: Session, step: Step) -> Path:
    """Where a run's fio JSON goes: raw/<system>/, or the scratch folder for an untimed prepare."""
    if step.phase != "prepare":
        return s.raw / step.output
    if s.scratch is None:  # with fio servers no scratch folder is made here: a prepare's JSON has nowhere to go
        raise RuntimeError(f"a prepare run ({step.output}) with fio servers has no scratch folder to write to")
    return s.scratch / f"prepare-{step.run}.json"


def _steps(s: Session, steps: list[Step], jobs: dict[str, Path], stop: Stop, progress: Progress) -> int:
    for index, step in enumerate(steps):
        if stop.asked:
            break
        if step.phase in ("load", "restore") and s.drop_caches and s.jobs_here:
            note = probe.drop_page_cache()
            s.cache_note = s.cache_note or note
        out = _output(s, step)
        s.failed_in = step if step.phase != "prepare" else None  # until it is recorded: a failure now is in it
        progress.start(step, index, steps)
        busy = probe.CpuWatch() if s.jobs_here else None
        try:
            status = run_fio(s, step, jobs[step.phase], out, stop, progress)
        except Watchdog as exc:
            _discard(out)
            s.failure = f"{PHASE_WORDS[step.phase]} run {step.run} rejected: {exc}"
            raise Refused(s.failure) from None
        if status is None:
            s.interrupted_in = step
            # fio reports what a stopped run wrote: the storage took it, so the session's total counts it (field
            # test 9, m9), though the run is not recorded
            s.stopped_bytes = outcome.written_before_stop(out) if step.phase in ("save", "sustain") else None
            _discard(out)
            break
        if status != 0:
            raise _failed(s, step, out)
        try:
            result = outcome.check_output(s, step, out) if step.phase != "prepare" else None
            if result is not None:
                here = busy is not None  # the jobs ran on this machine: its load and cores are theirs
                cores = os.cpu_count() if here else None
                memory = s.machine.durability is not None and bool(s.machine.durability.memory)
                result = replace(
                    result, machine_busy=busy.share() if busy is not None else None, cores=cores, memory=memory
                )
        except Refused as exc:
            _discard(out)  # a rejected run leaves nothing in raw/ either
            s.failure = str(exc)
            raise
        out.with_suffix(".stderr").unlink(missing_ok=True)
        s.done.append(step)
        s.failed_in = None
        if result is not None:
            s.results.append(result)
        record(s)
        progress.finish(step, result)
        following = steps[index + 1] if index + 1 < len(steps) else None
        reads_next = following is not None and following.phase in ("restore", "prepare", "load")
        if s.scratch is not None and (not reads_next or step.phase == "load"):
            clear(s.scratch)
    if stop.asked:
        s.interrupted_in = s.interrupted_in or next((t for t in steps if t not in s.done), None)
        s.stop_signal = signal.Signals(stop.signum).name if stop.signum is not None else None
        return 130
    return 0


def _failed(s: Session, step: Step, out: Path) -> Refused:
    """Why a run fio ended with an error is rejected, its files discarded: --path gone on a server is the refusal
    fio's exit 0 gets too (which it exits with is a race in fio's client: outcome.gone_refusal), else fio's reason."""
    refusal = outcome.gone_refusal(s, out)
    if refusal is None:
        refusal = Refused(f"fio failed in {PHASE_WORDS[step.phase]} run {step.run}: {outcome.failed_why(s, out)}")
    _discard(out)
    s.failure = str(refusal)
    return refusal


def _discard(out: Path) -> None:
    """An unfinished run leaves nothing behind: its JSON, its error text and its bandwidth logs go."""
    for path in (out, out.with_suffix(".stderr")):
        path.unlink(missing_ok=True)
    stem = out.stem
    for log in out.parent.glob(f"{glob_escape(stem)}_bw.*.log*"):
        log.unlink(missing_ok=True)


def _clean_servers(s: Session, prefix: str) -> None:
    """With fio servers: a run stopped half-way leaves its files there; a job on every server that still answers
    removes any of this session's names (`prefix`, its data files'; bounded in time: a host that is gone is not
    waited for)."""
    with tempfile.TemporaryDirectory(prefix="report-measure-clean-") as temp:
        job = Path(temp) / "clean.fio"
        job.write_text(plan.cleanup_file(s.request, str(s.path), prefix), encoding="utf-8")
        for host in s.request.clients:
            command = [s.fio, f"--client={host}", str(job), "--output-format=json", "--eta=never"]
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                subprocess.run(command, capture_output=True, timeout=probe.PROBE_TIMEOUT_S, start_new_session=True)


def glob_escape(text: str) -> str:
    """A name used literally in a glob pattern."""
    return re.sub(r"([*?\[])", r"[\1]", text)


def _finish(s: Session, jobs: dict[str, Path]) -> None:
    """Last record (with why the session stopped); then, whatever that record does, the scratch folder removed and
    the job files of a session that recorded nothing."""
    previous = {sig: signal.signal(sig, signal.SIG_IGN) for sig in STOP_SIGNALS}  # cleaning up is not stopped
    try:
        with contextlib.suppress(Refused, OSError):  # already said, or the reason the session is ending
            record(s)
    finally:
        if s.scratch is not None:
            shutil.rmtree(s.scratch, ignore_errors=True)
        if s.prefix is not None:
            _clean_servers(s, s.prefix)
        if not s.written:
            for job in jobs.values():
                job.unlink(missing_ok=True)
            for folder in (s.raw, s.raw.parent):
                with contextlib.suppress(OSError):  # only when empty: rmdir refuses otherwise
                    folder.rmdir()
        for sig, old in previous.items():
            signal.signal(sig, old)
