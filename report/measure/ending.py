"""What a session says when it ends: the runs recorded and how to build them (or finish them), the runs bound by
the client's CPU, MLPerf Storage's cache rule, and what a failure left recorded (moved out of command.py, which wires
the stages together)."""

from __future__ import annotations

import sys

from report.measure import plan, probe
from report.measure.progress import build_hint, resume_hint, runs_said
from report.problems import escaped


def cpu_lines(results) -> list[tuple[str, str]]:
    """At the end of a session (field test 5, M2): the runs bound by the CPU of the machine running fio, as a warning
    (the report says so on page 1 too), or, where that machine was busy with other work but fio's threads were not
    bound, a note that the storage set the pace. outcome.RunResult.cpu_bound holds the rule."""
    shares = [r.fio_share for r in results if r.fio_share is not None]
    if not shares:
        return []
    bound = [r for r in results if r.cpu_bound]
    used = f"fio's threads used up to {max(shares):.0%} of the CPU they could use"
    if bound:
        busy = [r.machine_busy for r in bound if r.machine_busy is not None]
        machine = f", the machine running fio up to {max(busy):.0%} busy" if busy else ""
        return [
            (
                "warning",
                f"{len(bound)} of {len(results)} runs were bound by the CPU of the machine running fio, not by the"
                f" storage ({used}{machine}): their times measure that machine as much as the storage, and the"
                " report says so on its first page; measure again from a client whose processors are idle",
            )
        ]
    loaded = [r for r in results if r.machine_loaded]
    if loaded:
        return [
            (
                "note",
                f"the machine running fio was at least 90% busy during {len(loaded)} of {len(results)} runs, but"
                f" {used}: the storage, not the CPU, set the pace",
            )
        ]
    return []


def recorded_before(s) -> None:
    """After a failure: what the session did record (so a full disk is not taken for an empty folder)."""
    if s is None or s.written is None:
        return
    from report.measure import session

    phases = [p for p in plan.PHASES if p in s.request.phases]
    counts = runs_said([(sum(1 for d in s.recorded if d.phase == p), plan.PHASE_WORDS[p]) for p in phases])
    print(
        escaped(
            f"measure: finished before it and recorded in {s.data_dir / session.FILE}: {counts} (the folder builds)"
        ),
        file=sys.stderr,
    )


def mlperf_notes(s) -> list[str]:
    """MLPerf Storage's rule where it applies: buffered I/O whose caches were not dropped must move at least three
    times the client's memory, or the page cache, not the storage, is measured."""
    if s.request.direct or s.cache_note is None or not s.done:
        return []
    memory = probe.memory_bytes()
    per_client = s.sizes.save_total(s.request.writers) or s.sizes.load_total(s.request.writers)
    if memory is None or per_client >= 3 * memory:
        return []
    return [
        f"buffered I/O and the page cache not dropped ({s.cache_note}): each client moved"
        f" {per_client / 1e9:.3g} GB, below three times this machine's {memory / 1e9:.3g} GB of memory (MLPerf"
        " Storage's rule), so the figures may be the cache's: drop caches as root, use --direct yes, or measure more"
    ]


def summary(s, status: int) -> str:
    from report.measure import session

    phases = [p for p in plan.PHASES if p in s.request.phases]
    counts = runs_said([(sum(1 for d in s.done if d.phase == p), plan.PHASE_WORDS[p]) for p in phases])
    where = f"{s.data_dir / session.FILE}"
    if status == 130:
        return f"measure: stopped; {counts} recorded in {where} (the unfinished run was discarded)" + resume_hint(
            s, phases
        )
    build = build_hint(s.data_dir)
    return f"measure: {counts} of {s.request.system} recorded in {where}; build the report with {build}"


def volume_notes(s) -> list[str]:
    """What the session wrote to the storage, per phase, so that a customer's device's write volume is known (field
    test 8, minor 14: a 60 s sustained write put 185 GB a run on the disk under test, 1.1 TB in a day, unsaid)."""
    written = {
        phase: sum(h.io_bytes for r in s.results if r.step.phase == phase for h in r.hosts.values())
        for phase in ("save", "sustain")
    }
    stopped = s.interrupted_in if s.interrupted_in is not None and s.interrupted_in.phase in written else None
    if stopped is not None and s.stopped_bytes:  # the stopped run wrote to the device too (field test 9, m9)
        written[stopped.phase] += s.stopped_bytes
    if not any(written.values()):
        return []
    parts = ", ".join(f"{plan.PHASE_WORDS[p]}s {n / 1e9:.3g} GB" for p, n in written.items() if n)
    if stopped is not None and s.stopped_bytes != 0:
        run = f"{plan.PHASE_WORDS[stopped.phase]} run {stopped.run}"
        parts += (
            f"; the stopped {run} wrote {s.stopped_bytes / 1e9:.3g} GB of these, by fio's count when it stopped"
            if s.stopped_bytes is not None
            else f"; and the stopped {run} wrote an amount fio did not report"
        )
    said = f"this session wrote {sum(written.values()) / 1e9:.3g} GB to {s.path} ({parts})"
    if written["sustain"]:
        said += (
            f"; each sustained write writes for {s.request.sustain_s} s as fast as the storage takes it: on a device"
            " with a write budget (an SSD's endurance), mind the total"
        )
    return [said]
