"""What a finished fio run says: its output read the way the import will read it, and, where a run cannot be used,
why in the words of what happened (the folder gone on a server, the joint-test folder's disk full, fio's own reason
for giving up), not only what the output lacks.

`s` is the running session (report/measure/session.py's Session, which imports this module).
"""

from __future__ import annotations

import contextlib
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from report.inputs.ingest import fio as fio_json
from report.measure import plan, probe
from report.measure.plan import Step
from report.measure.probe import Refused

_DISCONNECTED = re.compile(r"client: host=(\S+) disconnected")


@dataclass(frozen=True)
class JobCpu:
    """One fio job's CPU as fio measured it on its host: percentages of one CPU over the job's run."""

    host: str | None  #: None in a run on this machine
    usr: float
    sys: float
    runtime_ms: int | None = None  #: fio's job_runtime: the time usr and sys are percentages of (None: not given)
    threads: int = 1  #: the jobs fio reports as this one (group_reporting: numjobs; their runtimes summed)

    @property
    def busy(self) -> float:
        """usr + sys: the share of the run the job's thread was on a CPU."""
        return self.usr + self.sys


@dataclass(frozen=True)
class RunResult:
    """A finished, checked run: what the import will read, and per host what it moved and the jobs' CPU (reused by
    the per-host views: progress, the record, a sweep over client counts)."""

    step: Step
    run: fio_json.FioRun
    hosts: dict[str | None, fio_json.HostTotal]  #: per host (None: this machine), in the JSON's order
    cpu: tuple[JobCpu, ...] = ()
    machine_busy: float | None = None  #: this machine's CPUs busy over the run (0-1), where its jobs ran here
    cores: int | None = None  #: this machine's processors, where its jobs ran here (loopback servers included)
    memory: bool = False  #: the target lives in memory (tmpfs, a RAM disk): no device for fio's threads to wait for

    @property
    def fio_share(self) -> float | None:
        """fio's own CPU use as a share of the CPU its jobs could use: per machine, the jobs' usr_cpu + sys_cpu summed
        over 100 × min(jobs, cores) (a job is one thread: it can use one core at most). The jobs that ran here
        (loopback servers included) are one machine of `cores`; each remote server's are a machine whose cores are
        not known here, taken as one per job. The largest share over the machines; None without CPU figures.
        fio gives each job's usr_cpu and sys_cpu as percentages of that job's own runtime: where fio gives the
        runtimes, each job's CPU time (busy × runtime) is summed over the longest runtime, as percentages of different
        runtimes do not add up (field test 7, m7: 96.5, 48.6, 66.0 and 48.1% over 87-182 ms on 2 cores said 130%);
        at most all of it."""
        if not self.cpu:
            return None
        machines: dict[str | None, list[JobCpu]] = {}
        for job in self.cpu:
            machines.setdefault(None if self.cores is not None else job.host, []).append(job)
        return max(min(_share(jobs, self.cores), 1.0) for jobs in machines.values())

    @property
    def machine_loaded(self) -> bool:
        """The machine running the jobs was at least 90% busy over the run, fio's threads and other work together."""
        return self.machine_busy is not None and self.machine_busy >= CPU_BOUND

    @property
    def cpu_bound(self) -> bool:
        """The client's CPU, not the storage, set the pace. The rule is about fio's own threads (field test 5, M2/m7:
        a rule on the machine's load flagged every O_DIRECT run of a shared client whose threads were on a CPU 3-5%
        of the time): bound when one thread was on a CPU for at least 90% of the run (it never waited for the
        storage), or fio's threads together used at least 90% of the CPU they could use (`fio_share`). The machine's
        load is context: on a machine at least 90% busy, other work takes CPU fio could have used, and fio's threads
        using half of what they could is enough (field test T3: four writer threads on a loaded 2-core client, each
        on a CPU a third of the time, a RAM target slower than a disk). A target in memory on such a machine is bound
        whatever the share: nothing but a processor kept its threads waiting."""
        share = self.fio_share
        if share is None:
            return False
        if self.memory and self.machine_loaded:
            # a target in memory has no device to wait for: fio's threads off a CPU waited for one (field test 9, M2:
            # a tmpfs at 13-37% on a saturated 2-core client, saving slower than a disk, said storage-bound)
            return True
        bar = LOADED_SHARE if self.machine_loaded else CPU_BOUND
        return share >= bar or any(job.busy >= CPU_BOUND * 100 for job in self.cpu)


def _share(jobs: list[JobCpu], cores: int | None) -> float:
    """fio's threads' CPU time on one machine over what min(threads, cores) could give over the longest thread's
    runtime (`cores` None: one per thread)."""
    threads = sum(job.threads for job in jobs)
    usable = 100 * min(threads, cores or threads)
    if all(job.runtime_ms is not None and job.runtime_ms > 0 for job in jobs):
        longest = max((job.runtime_ms or 0) / job.threads for job in jobs)
        return sum(job.busy * (job.runtime_ms or 0) for job in jobs) / (usable * longest)
    return sum(job.busy * job.threads for job in jobs) / usable


CPU_BOUND = 0.9  #: the share of the run above which a thread, fio's threads together, or the machine, count as busy
LOADED_SHARE = 0.5  #: on a machine busy above CPU_BOUND: fio's share of its usable CPU above which it was bound


def job_cpu(out: Path) -> tuple[JobCpu, ...]:
    """Each job's usr_cpu and sys_cpu from fio's JSON (the "All clients" entry left out)."""
    import json

    try:
        text = out.read_text(encoding="utf-8", errors="replace")
        start = re.search(r"^\{", text, re.MULTILINE)
        value, _ = json.JSONDecoder().raw_decode(text, start.start()) if start else ({}, 0)
    except (OSError, ValueError):
        return ()
    entries = value.get("client_stats") or value.get("jobs") or [] if isinstance(value, dict) else []
    found = []
    for e in entries:
        if not isinstance(e, dict) or e.get("jobname") == "All clients":
            continue
        usr, sys_ = e.get("usr_cpu"), e.get("sys_cpu")
        if isinstance(usr, int | float) and isinstance(sys_, int | float):
            host = e.get("hostname") if "client_stats" in value else None
            runtime = e.get("job_runtime")
            runtime = runtime if isinstance(runtime, int) and not isinstance(runtime, bool) else None
            options = {**(value.get("global options") or {}), **(e.get("job options") or {})}
            grouped = str(options.get("group_reporting", "0")) not in ("0", "")
            threads = int(n) if grouped and str(n := options.get("numjobs", "1")).isdigit() and int(n) > 0 else 1
            found.append(JobCpu(str(host) if host is not None else None, float(usr), float(sys_), runtime, threads))
    return tuple(found)


def check_output(s: Any, step: Step, out: Path) -> RunResult:
    """The finished run read the way the import will read it, and the bytes it moved checked against the plan; a
    run that cannot be used says why in the words of what happened (the folder gone on a server, the joint-test
    folder's disk full, fio's own reason), not only what the output lacks."""
    name = f"{s.raw_name}/{out.name}"
    said = fio_said(out)
    if (gone := gone_refusal(s, out)) is not None:
        raise gone
    if not out.is_file() or out.stat().st_size == 0:
        raise Refused(f"{name}: {disk_full(s) or 'fio ended without writing its output'}; the run is not recorded")
    parsed, problems = fio_json.read_json(name, out.read_bytes())
    if parsed is None:
        why = disk_full(s) or f"fio's output cannot be read: {'; '.join(p.message for p in problems)}"
        raise Refused(f"{name}: {why}")
    direction = fio_json.READ if step.phase in ("load", "restore") else fio_json.WRITE
    logs = {n: (s.data_dir / n).read_bytes() for n in fio_json.log_names(name, parsed) if (s.data_dir / n).is_file()}
    result, problems = fio_json.parse_run(name, parsed, logs, direction, step.phase == "sustain")
    if result is None or problems:
        found = "; ".join(_unnamed(str(p), name) for p in problems)
        raise Refused(f"{name}: {found}{reasons(said)}")
    expected = s.sizes.planned(step.phase, s.request.ranks, s.request.concurrent)
    hosts = {plan.host_of(h) for h in s.request.clients}
    missing = sorted(hosts - {j.host for j in parsed.jobs})
    if missing:
        raise Refused(f"{name}: no result from {', '.join(missing)}{reasons(said)}: the run is not recorded")
    if expected is not None and result.size_bytes != expected:
        moved = f"fio moved {result.size_bytes} of {expected} bytes{reasons(said)}"
        raise Refused(f"{name}: {moved}: the run is not recorded")
    if step.phase == "sustain" and result.t_s is None:
        raise Refused(f"{name}: the sustained write left no bandwidth samples (a run shorter than one log window?)")
    return RunResult(step, result, fio_json.host_totals(parsed, direction), job_cpu(out))


def written_before_stop(out: Path) -> int | None:
    """The bytes a run stopped half-way wrote, from the results fio prints when it is stopped (on every host); None
    where it printed none that can be read."""
    try:
        parsed, _problems = fio_json.read_json(out.name, out.read_bytes())
    except OSError:
        return None
    if parsed is None:
        return None
    return sum(total.io_bytes for total in fio_json.host_totals(parsed, fio_json.WRITE).values())


def _unnamed(problem: str, name: str) -> str:
    """A problem's text without the file's name in front, when the message names it already (C7: named twice)."""
    return problem[len(name) :].lstrip(":") if problem.startswith(f"{name}:") else problem


#: what fio says when it cannot run every job or gives up: its own reason, surfaced where a run is refused (C13)
_FIO_REASONS = re.compile(
    r"maximum number of jobs|smalloc: OOM|failed to setup shm|--alloc-size|No space left|Cannot allocate memory"
    r"|Too many open files|Permission denied|Read-only file system|is not a directory|failed parsing",
)


def reasons(said: str) -> str:
    """fio's own reasons among what it said, as a parenthesis, or nothing."""
    lines = [line.strip() for line in said.splitlines() if _FIO_REASONS.search(line)]
    lines = list(dict.fromkeys(re.sub(r"^<[^>]*>\s*", "", line) for line in lines))
    return f" (fio: {'; '.join(lines[:3])[:300]})" if lines else ""


def gone_refusal(s: Any, out: Path) -> Refused | None:
    """--path gone on a server (or here), as one refusal whatever fio's exit status: with servers, fio's client exits 0
    or 1 as the servers' messages and their hang-ups race to it (field test 7, finding 14: the same run said "fio
    failed in save run 2" one time and "raw/…/save-2.json: …" another)."""
    gone = folder_gone(s, fio_said(out))
    return None if gone is None else Refused(f"{s.raw_name}/{out.name}: {gone}; the run is not recorded")


def folder_gone(s: Any, said: str) -> str | None:
    """C7: --path removed (or unmounted) on a server during the session: fio says the folder is not a directory and
    writes an empty result."""
    if not re.search(r"is not a directory|failed parsing directory", said):
        return None
    where = f"on {', '.join(plan.host_of(h) for h in s.request.clients)}" if s.request.clients else "here"
    return (
        f"--path {s.path} no longer exists {where} (fio: {_first_line(said, 'directory')}): it was removed or"
        " unmounted during the session; mount or create it again, then measure again"
    )


def _first_line(text: str, word: str) -> str:
    line = next((line.strip() for line in text.splitlines() if word in line), "")
    return re.sub(r"^<[^>]*>\s*", "", line)


#: below this much free space, the joint-test folder's disk is taken as full when fio's output is missing or cut
FULL_BYTES = 1 << 20


def disk_full(s: Any) -> str | None:
    """C10: the joint-test folder's own disk full, named as such (fio could not write its output there)."""
    try:
        free = shutil.disk_usage(s.raw).free
    except OSError:
        return None
    if free >= FULL_BYTES:
        return None
    mount = probe.mount_of(s.raw)
    on = f" ({mount.source} mounted at {mount.point})" if mount is not None else ""
    return (
        f"the joint-test folder's disk is full{on}, {free:,} bytes free, so fio could not write its output there:"
        f" free space on it (test.toml and raw/ are written after every run)"
    )


def fio_said(out: Path) -> str:
    """What fio said: its standard error, and the lines before the JSON in its output (fio's client prints its
    messages about the servers there)."""
    text = ""
    for path in (out.with_suffix(".stderr"), out):
        with contextlib.suppress(OSError):
            said = path.read_text(errors="replace")
            start = re.search(r"^\{", said, re.MULTILINE)
            text += (said[: start.start()] if start else said) + "\n"
    return text


def failed_why(s: Any, out: Path) -> str:
    """Why fio ended with an error: the folder gone, fio's own reason (a server that gave up is not one that died:
    C13), a server that stopped answering, else fio's last lines."""
    said, reason = fio_said(out), fio_error(out)
    if (gone := folder_gone(s, said)) is not None:
        return gone
    if (full := disk_full(s)) is not None:
        return full
    if _FIO_REASONS.search(said):
        return reasons(said)[len(" (fio: ") : -1]
    if m := _DISCONNECTED.search(reason):
        return f"fio server {m.group(1)} stopped answering (fio: {m.group(0)})"
    return reason


def fio_error(out: Path) -> str:
    text = fio_said(out).strip()
    lines = [line for line in text.splitlines() if line.strip()]
    return "; ".join(lines[-3:])[:400] or "no message (see fio's exit status)"


#: A timed run shorter than this is mostly fio's rounding and jitter: fio reports runtimes in whole milliseconds.
SHORT_S = 1.0


def short_lines(results: list[RunResult]) -> list[tuple[str, str]]:
    """At the end of a session (field test 7, m8): the saves, restores and loads that lasted under a second, per
    phase, as a warning: their times are a few hundred whole milliseconds, and a few milliseconds of jitter widen the
    spread the gates test (the candidate's 0.165-0.28 s saves spread 21.5%)."""
    lines = []
    for phase in ("save", "restore", "load"):
        timed = [r.run.duration_s for r in results if r.step.phase == phase]
        short = [t for t in timed if t < SHORT_S]
        if not short:
            continue
        span = f"{min(short):.3f} s" if len(short) == 1 else f"{min(short):.3f}-{max(short):.3f} s"
        option = "--load-gb" if phase == "load" else "--snapshot-gb"
        lines.append(
            (
                "warning",
                f"{len(short)} of {len(timed)} {plan.PHASE_WORDS[phase]} runs lasted under a second ({span}): fio"
                " reports whole milliseconds, and a few milliseconds of jitter are percents of such a time and widen"
                f" the spread the gates test; measure a size that takes seconds (a larger {option})",
            )
        )
    return lines
