"""Findings: the sentences several sections say, worded once (gate details, the verdict, capacity, re-tuning)."""

from __future__ import annotations

import json

from report.compute import SIDES, Metrics
from report.compute.asynchronous import stall_free_impractical
from report.compute.audit import departs, written_fit_physical
from report.compute.projections import NAMED_GPUS
from report.document.blocks import Para
from report.formatting import (
    count,
    hours,
    ratio3,
    s3,
)
from report.i18n import _, join_words, ngettext
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.inputs.joint_test import JointTest
from report.wording.base import Words
from report.wording.decisions import no_difference_shown
from report.wording.node_share import node_not_bound, node_warning
from report.wording.outrun import outrun_warning
from report.wording.phrases import sooner


def stalling_writes(m: Metrics) -> str:
    """Whose writes outlast the compute between saves, with their durations (Chinese reading 6, M3: "a write
    outlasts" read as both systems' while only the baseline's 340 s did)."""
    a, r, s = m.async_, m.reliability, m.save
    b, c = a.baseline.write_lag_s > r.interval_s, a.candidate.write_lag_s > r.interval_s
    if b and c:
        return _("either system's write ({baseline} and {candidate})").format(
            baseline=s3(a.baseline.write_lag_s), candidate=s3(a.candidate.write_lag_s)
        )
    side, lag = (s.baseline, a.baseline) if b else (s.candidate, a.candidate)
    return _("the {lag} write on {system}").format(system=side.system, lag=s3(lag.write_lag_s))


def async_title(m: Metrics) -> str:
    """The asynchronous section's title: a what-if for a job that saves synchronously (the summary and the answers
    refer to it by name)."""
    return _("Asynchronous checkpointing (what-if)") if m.checkpoint_mode == "sync" else _("Asynchronous checkpointing")


def async_sentence(m: Metrics, refer: bool = False) -> str:
    """What asynchronous saves make of the storage's benefit at today's interval, and what remains (`refer`: said in
    the asynchronous section; here a pointer to it, as the summary says it: Chinese reading 11, m7)."""
    a, r, s = m.async_, m.reliability, m.save
    if a.storage_stalls:
        text = (
            _(
                "With asynchronous saves the storage would still stall training at today's interval: the {tau} of "
                "compute between saves is shorter than {writes}, and the run would finish {sooner} on {candidate}."
            )
            if m.checkpoint_mode == "sync"
            else _(
                "This job saves asynchronously, and at today's interval the {tau} of compute between saves is "
                "shorter than {writes}, so the storage stalls training: the run's gain on {candidate} shrinks at "
                "longer intervals and is gone from {steps} steps on."
            )
        )
        # a condition, with its limit, not an event (Chinese reading 5, major 3)
        return text.format(
            tau=s3(r.interval_s),
            writes=stalling_writes(m),
            sooner=sooner(a.duration_reduction_pct),
            candidate=s.candidate.system,
            steps=count(max(a.baseline.min_interval_steps, a.candidate.min_interval_steps)),
        )
    vanish = (
        _(
            "With asynchronous saves any save-time difference would vanish at today's interval: neither write "
            "({baseline} and {candidate}) outlasts the {tau} of compute between saves, so training would take as "
            "long on either system."
        )
        # no benefit shown to vanish (cold read 7, M3)
        if m.checkpoint_mode == "sync" and no_difference_shown(m.save.speedup_ci95)
        else _(
            "With asynchronous saves this storage benefit would vanish at today's interval: neither write ({baseline} "
            "and {candidate}) outlasts the {tau} of compute between saves, so training would take as long on either "
            "system."
        )
        if m.checkpoint_mode == "sync"
        else _(
            "This job saves asynchronously and neither write ({baseline} and {candidate}) outlasts the {tau} of "
            "compute between saves, so the storage does not change training time at today's interval."
        )
    ).format(baseline=s3(a.baseline.write_lag_s), candidate=s3(a.candidate.write_lag_s), tau=s3(r.interval_s))
    if refer and not stall_free_shorter(m):
        # nothing shorter remains where both need the same interval (Chinese reading 19, M1: "what remains, a shorter
        # interval" over 1 step on both)
        return vanish + " " + _stall_free_words(m) + _restore_words(m)
    if refer:
        remains = _(
            "What remains, a shorter interval at which writes no longer stall training, is weighed in “{section}”."
        ).format(section=async_title(m))
        return vanish + " " + remains + _restore_words(m)
    return vanish + " " + _stall_free_words(m) + _restore_words(m)


#: a job failing less often than once in this many runs gains little from losing less work per failure
RARE_FAILURES = 10


def frequent_saves_help(m: Metrics) -> bool:
    """Whether a shorter stall-free interval lets the job lose less work per failure: its saves taken asynchronously
    have their optimal interval (Young's on the staging, at least the write) set by the write, not by the staging. The
    what-if of a synchronous job takes staging as 0 s, so its optimum is the write itself (fifth cold read, M1: the
    synchronous optimum, 27,775 steps, is not the asynchronous one)."""
    return m.async_.baseline.optimal_interval_steps <= m.async_.baseline.min_interval_steps


def stall_free_clause(m: Metrics) -> str:
    """How the shortest stall-free interval changes and what that is worth at the assumed failure rate, as a clause
    (no capital, no full stop) for the summary, the asynchronous section and the Q&A: the work failures cost less
    (or more) as a figure where the write sets the optimal interval (cold read 6, M4: "lose less work per failure"
    was 42.2 s of recomputation once every 6,335 h on the default data), "buys little" where the optimum is longer
    than both."""
    a = m.async_
    b, c = a.baseline.min_interval_steps, a.candidate.min_interval_steps
    fields = {
        "baseline_steps": count(b),
        "candidate_steps": count(c),
        "rework": s3(abs(a.stall_free_rework_s)),
        "mtbf": hours(m.reliability.job_mtbf_s),
        "section": _("Failures and the checkpoint interval"),
    }
    if c == b:
        return ngettext(
            "the shortest interval at which writes no longer stall training is the same on both ({baseline_steps} "
            "step)",
            "the shortest interval at which writes no longer stall training is the same on both ({baseline_steps} "
            "steps)",
            b,
        ).format(**fields)
    if stall_free_impractical(m):  # every 2-4 steps where today's is 340: no benefit a job would take (16, T-m9)
        fields["today"] = count(m.bubble.checkpoint_interval_steps)
        text = _(
            "the shortest interval at which writes no longer stall training goes from {baseline_steps} to "
            "{candidate_steps} steps, both under a tenth of today's {today}: no job saves that often, so what "
            "asynchronous saves would gain there is negligible"
        )
    elif not frequent_saves_help(m):
        text = (
            _(
                "the shortest interval at which writes no longer stall training goes from {baseline_steps} to "
                "{candidate_steps} "
                "steps, but at the assumed failure rate that buys little: the optimal interval is longer than both "
                "(see “{section}”)"
            )
            if c < b
            else _(
                "the shortest interval at which writes no longer stall training grows from {baseline_steps} to "
                "{candidate_steps} "
                "steps, which at the assumed failure rate matters little: the optimal interval is longer than both "
                "(see “{section}”)"
            )
        )
    elif m.reliability.job_mtbf_s > RARE_FAILURES * m.bubble.baseline_duration_s:
        # the figure with its scale: once every 6,335 h against a 9-hour run (cold read 7, M2)
        fields["run"] = hours(m.bubble.baseline_duration_s)
        text = (
            _(
                "the shortest interval at which writes no longer stall training goes from {baseline_steps} to "
                "{candidate_steps} "
                "steps, so the job, were it to save that often, would recompute {rework} less after each failure on "
                "average; but at the assumed failure rate a failure comes once every {mtbf}, against a run of {run}, "
                "so this buys little"
            )
            if c < b
            else _(
                "the shortest interval at which writes no longer stall training grows from {baseline_steps} to "
                "{candidate_steps} "
                "steps, so the job must checkpoint less often and recompute {rework} more after each failure on "
                "average; but at the assumed failure rate a failure comes once every {mtbf}, against a run of {run}, "
                "so this matters little"
            )
        )
    else:
        text = (
            _(
                "the shortest interval at which writes no longer stall training goes from {baseline_steps} to "
                "{candidate_steps} "
                "steps, so the job, were it to save that often, would recompute {rework} less after each failure on "
                "average (at the assumed failure rate, one failure every {mtbf})"
            )
            if c < b
            else _(
                "the shortest interval at which writes no longer stall training grows from {baseline_steps} to "
                "{candidate_steps} "
                "steps, so the job must checkpoint less often and recompute {rework} more after each failure on "
                "average (at the assumed failure rate, one failure every {mtbf})"
            )
        )
    return text.format(**fields)


def stall_free_shorter(m: Metrics) -> bool:
    """Whether the candidate shortens the interval at which writes no longer stall training: only then does anything
    of the storage's benefit "remain" there (Chinese readings 19 and 20)."""
    return m.async_.candidate.min_interval_steps < m.async_.baseline.min_interval_steps


def log_outrun(m: Metrics) -> bool:
    """Whether the candidate's saves ran faster than the bandwidth this test logged for it: the cluster's demand, set
    against that bandwidth, then has no reference, so no ratio to it is printed (cold read 22, M3). The baseline's
    outrunning its own log leaves the candidate's figures standing (cold read 10, Q-M3: BeeGFS's 1.007× had voided
    YC-7200's cluster figures); `outrun_sides` says whose saves outrun their logs."""
    part = m.node_part("candidate")
    share = m.audit.candidate.effective_share_pct if part is None else part.job_share_pct
    return share > 100  # a node part's demand is set against its own drives, the mirror aside


def spans_node_local(m: Metrics) -> bool:
    """Whether a save system is local to each node and the job spans several nodes: the whole job against one node's
    bandwidth decides nothing (docs/node-local.md)."""
    return m.node_local is not None and m.node_local.nodes_per_job > 1


def _stall_free_words(m: Metrics) -> str:
    """What the stall-free interval's change is worth, after the benefit that vanishes; where the candidate does not
    shorten it, that nothing remains there either."""
    if stall_free_shorter(m):
        return _("What remains: {clause}.").format(clause=stall_free_clause(m))
    return _("Nor does saving more often favour the candidate: {clause}.").format(clause=stall_free_clause(m))


def _restore_words(m: Metrics) -> str:
    """The restores, after what asynchronous saves leave of the benefit (said elsewhere when they read memory): a
    pointer to the failure section, which compares them."""
    r = m.reliability
    if restores_from_memory(m):
        return ""
    if r.baseline.restore_s is None or r.candidate.restore_s is None:  # both measured (restore_times.csv), or neither
        return " " + _(
            "Restore times were not measured in this test."
        )  # no benefit claimed without data (cold read 7, m11)
    # argued once, in the failure section beside the ETTR they feed, with their runs judged there: here a pointer
    # (repeat19b: the restore times were said five times on the customer pages)
    return " " + _("Restore times: see “{section}”.").format(section=_("Failures and the checkpoint interval"))


def restores_from_memory(m: Metrics) -> bool:
    """Whether the measured restores include a system whose saves are not durable: its restores read memory, so the
    failure section says so once (`memory_restores`) and no other section offers them as a benefit."""
    return m.reliability.baseline.restore_s is not None and bool(m.not_durable)


def memory_restores(m: Metrics) -> str:
    """Said beside measured restores, in the failure section, when a system's saves are not durable: its restores read
    memory, not storage."""
    if m.reliability.baseline.restore_s is None:
        return ""
    names = not_durable_systems(m)
    if not names:
        return ""
    return " " + ngettext(
        "The restores on {systems} read back a checkpoint held in memory, not on durable storage: they time a read "
        "from memory, which a power loss would leave with nothing to read, not a restore to count on.",
        "The restores on {systems} read back checkpoints held in memory, not on durable storage: they time reads "
        "from memory, which a power loss would leave with nothing to read, not restores to count on.",
        len(names),
    ).format(systems=join_words(names))


def not_durable_systems(m: Metrics) -> list[str]:
    """The names of the systems whose saves are not durable, baseline first."""
    return [s.system for key, s in zip(("baseline", "candidate"), m.save.sides(), strict=True) if key in m.not_durable]


def failures_assume_restores(m: Metrics) -> str:
    """Said after the ETTR when a system's saves are not durable: the failure model restores the last checkpoint
    after every failure, which a checkpoint in memory survives only if the node does (cold read 6, M5)."""
    return _memory_restores(m) + _node_restores(m)


def _node_restores(m: Metrics) -> str:
    """Systems local to each node, durable: the failure model restores after every failure, which a checkpoint on a
    node's own drives survives only if the node does (cold read 19, M1: RAID-0's figures as the array's)."""
    if m.node_local is None:
        return ""
    memory = set(not_durable_systems(m))
    names = [
        s.system
        for key, s in zip(SIDES, m.save.sides(), strict=True)
        if key in m.node_local.sides and s.system not in memory
    ]
    if not names:
        return ""
    text = ngettext(
        "The failure figures of {systems} count every failure as one it restores from: its checkpoints are on each "
        "node's own storage, so that holds for failures that leave the node's drives readable, not for a node lost, "
        "whose part of the checkpoint goes with it (the job then restarts from a copy kept elsewhere, or from the "
        "start).",
        "The failure figures of {systems} count every failure as one they restore from: their checkpoints are on each "
        "node's own storage, so that holds for failures that leave the node's drives readable, not for a node lost, "
        "whose part of the checkpoint goes with it (the job then restarts from a copy kept elsewhere, or from the "
        "start).",
        len(names),
    ).format(systems=join_words(names))
    return " " + text + _restored_on_node(m, names)


def _restored_on_node(m: Metrics, names: list[str]) -> str:
    """Where those systems' restores were timed: read back on the node that wrote them, which a lost node cannot do
    (Chinese reading 13b, X-5: the local restore compared with the shared one as if it held after any failure)."""
    if m.reliability.baseline.restore_s is None:
        return ""
    return " " + ngettext(
        "Its restore time was read back on the node that wrote the checkpoint, which a lost node cannot do.",
        "Their restore times were read back on the nodes that wrote the checkpoints, which a lost node cannot do.",
        len(names),
    )


def _memory_restores(m: Metrics) -> str:
    names = not_durable_systems(m)
    if not names:
        return ""
    return " " + ngettext(
        "The failure figures of {systems} count every failure as one it restores from: its checkpoints are in memory, "
        "so that holds only for failures that leave the node running (a crashed process), not for a reboot or a "
        "power loss, after which the job would start over.",
        "The failure figures of {systems} count every failure as one they restore from: their checkpoints are in "
        "memory, so that holds only for failures that leave the node running (a crashed process), not for a reboot "
        "or a power loss, after which the job would start over.",
        len(names),
    ).format(systems=join_words(names))


def ettr_fields(m: Metrics) -> dict[str, str]:
    """The fields of every ETTR sentence (the failure section's, the asynchronous answer's): each side's ETTR at
    today's interval and at its optimal interval, and the systems' names."""
    r, s = m.reliability, m.save
    return {
        "baseline": ratio3(r.baseline.ettr),
        "baseline_system": s.baseline.system,
        "candidate": ratio3(r.candidate.ettr),
        "candidate_system": s.candidate.system,
        # at the optimum too the systems keep the names the sentence gave them (zh reading 8: 在当前间隔下本地 SSD 为
        # 0.981，HX-8 为 0.992；在各自的最优间隔下，基线 0.993，被测系统 0.995 named one thing two ways)
        "baseline_optimal": ratio3(r.baseline.optimal_ettr),
        "candidate_optimal": ratio3(r.candidate.optimal_ettr),
    }


def save_warnings(w: Words, summary: bool = False) -> list[Para]:
    """The save times' warnings; `summary` adds the audit's doubt on a node-local save, which the summary reads and
    the save section leaves to the bandwidth section and the audit (Chinese reading 12, V-m5: the same sentence on
    four pages)."""
    m = w.m
    out = []
    r = m.reliability
    for key, s, rel in ((v.key, v.save, v.reliability) for v in w.sides):
        if rel.save_overhead_pct >= 100:
            text = _(
                "A save on {system} ({time}) lasts longer than the compute between two saves ({interval}): the job "
                "would spend more time saving than training. Check the interval and the save times before relying "
                "on any figure of this report."
            )
            out.append(
                w.p(
                    text.format(system=s.system, time=s3(s.mean_s), interval=s3(r.interval_s)),
                    "save_times",
                    style="warning",
                    side=key,
                )
            )
    if (mixed := _mixed_save_sources(w)) is not None:
        out.append(w.p(mixed, "save_times", style="warning"))
    n = m.node_local
    if (
        summary and n is not None and spans_node_local(m)
    ):  # the audit's doubt, where the summary reads it (cold read 20, M4)
        for side in w.sides:  # judged on the basis a shared side's saves are (cold read 12, V-M3)
            if side.key in n.sides and node_not_bound(w, side.key):
                out.append(w.p(node_warning(w, side.key), "save_times", "bandwidth", style="warning", side=side.key))
    if text := outrun_warning(w):  # the audit's finding, where the summary reads it (cold read 19, M4)
        out.append(w.p(text, "save_times", "bandwidth", style="warning"))
    return out


def _rows_per_system(test: JointTest, name: str) -> dict[str, int]:
    """How many rows of input `name` each system has, imported rows included."""
    if name == "bandwidth":
        log = test.bandwidth
        return {
            system: int(sum(log.run_stop[r] - log.run_start[r] for r in log.runs_of(system))) for system in log.systems
        }
    frame = {"save_times": test.saves, "load_times": test.loads, "restore_times": test.restores}.get(name, test.scaling)
    return {} if frame is None else {str(k): int(v) for k, v in frame["system"].value_counts().items()}


def sources_by_system(test: JointTest, name: str) -> dict[str, tuple[str, ...]]:
    """Where each system's rows of input `name` came from: the tools whose output gave them (the report's names,
    sorted), then "{name}.csv" where rows were given in it."""
    imported, file = test.imported, f"{name}.csv"
    uses = [] if imported is None else [u for u in imported.tools if u.into == name]
    rows = _rows_per_system(test, name)
    if imported is None or not uses:
        return {system: (file,) for system in rows}
    taken: dict[str, int] = {}
    if file in test.raw:  # rows given and imported: which systems have rows beyond the imported ones
        for system in imported.rows.get(file, {}).get("system", []):
            taken[system] = taken.get(system, 0) + 1
    out = {}
    for system, n in rows.items():
        tools = sorted({IMPORT_TOOLS[u.tool].name for u in uses if u.system == system})
        given = file in test.raw and (not tools or n > taken.get(system, 0))
        out[system] = (*tools, *((file,) if given else ()))
    return out


def save_sources(test: JointTest, system: str) -> tuple[str, ...]:
    """Where `system`'s save rows came from (`sources_by_system`)."""
    return sources_by_system(test, "save_times").get(system, ())


def _mixed_save_sources(w: Words) -> str | None:
    """The warning where the two save systems' times came from different programs, or one's from a tool and the
    other's given in save_times.csv: the speedup then compares two measurements made differently (cold read 18, M1:
    Megatron-LM's and NeMo's logs against MLPerf Storage's, called "the same workload")."""
    s = w.m.save
    sources = [save_sources(w.test, side.system) for side in (s.baseline, s.candidate)]
    # one system's runs from several programs: its spread may be theirs (Chinese reading 19, M6: NVMe's 25.1%)
    within = [
        _(
            "{system}'s own runs come from {sources}, so their spread may be the programs' rather than the storage's."
        ).format(system=side.system, sources=join_words(list(names)))
        for side, names in zip((s.baseline, s.candidate), sources, strict=True)
        if len(names) > 1
    ]
    if sources[0] == sources[1]:
        return " ".join(within) or None

    def words(names: tuple[str, ...]) -> str:
        tools = [n for n in names if n != "save_times.csv"]
        parts = [_("{tools} output").format(tools=join_words(tools))] if tools else []
        if "save_times.csv" in names:
            parts.append(_("rows given in save_times.csv"))
        return join_words(parts)

    return _(
        "The save times of {baseline} come from {baseline_sources} and those of {candidate} from "
        "{candidate_sources}: programs that time a save differently (where the clock starts and stops, what it waits "
        "for), so the speedup compares two measurements made differently. Time both systems with the same tool "
        "before relying on it."
    ).format(
        baseline=s.baseline.system,
        baseline_sources=words(sources[0]),
        candidate=s.candidate.system,
        candidate_sources=words(sources[1]),
    ) + "".join(" " + t for t in within)


def fit_is_physical(w: Words) -> bool:
    """Whether the two-system line can describe these saves (compute.audit.written_fit_physical)."""
    return written_fit_physical(w.test, w.m.audit)


def read_by(test: JointTest, table: str) -> str | None:
    """The tool whose imports gave every row of `table` ("load_times", "restore_times") as timed reads of files (fio),
    by the name the report gives it; None when a row came from elsewhere. Such a time is a proxy: a framework's load or
    restore also deserialises the weights and copies them to the GPUs (cold read 16, M3)."""
    imported = test.imported
    frame = {"load_times": test.loads, "restore_times": test.restores}[table]
    if imported is None or frame is None:
        return None
    tools = {use.tool for use in imported.tools if use.into == table}
    if len(tools) != 1 or len(imported.origins.get(f"{table}.csv", [])) != len(frame):
        return None
    tool = IMPORT_TOOLS[tools.pop()]
    return tool.name if tool.reads_files else None


def loads_read_as_restores(test: JointTest) -> list[str]:
    """The systems whose fio load runs are the same job as their fio restore runs (the same options, global and per
    job, in the runs' JSON): one read measured twice, not a load of its own (cold read 30, M1: fio-local's load.fio
    and restore.fio differ only in their comment)."""
    imported = test.imported
    if imported is None:
        return []

    def options(use) -> tuple | None:
        try:
            run = json.loads(test.raw[use.files[0]])
            return (run.get("global options"), [job.get("job options") for job in run.get("jobs", [])])
        except (KeyError, IndexError, ValueError, AttributeError):
            return None

    out = []
    for system in dict.fromkeys(use.system for use in imported.tools):
        reads = {
            into: [
                options(u)
                for u in imported.tools
                if u.system == system and u.into == into and IMPORT_TOOLS[u.tool].reads_files
            ]
            for into in ("load_times", "restore_times")
        }
        if any(o is not None and o in reads["restore_times"] for o in reads["load_times"]):
            out.append(system)
    return out


#: A projection's name that states a GPU count ("70B on 64 GPUs", "70B，64 块 GPU", "512 卡"): compute's, one pattern.
GPU_IN_NAME = NAMED_GPUS


def projection_gpus(m: Metrics) -> list[int]:
    """The GPU counts of the save rows the projections' fitted lines take: one count, or several when they mix."""
    return sorted({g for key in SIDES for g in m.fits[key].gpus})


def projection_label(m: Metrics, p) -> str:
    """A projection's row label: its name as the test names it, or, where that name states a GPU count its times are
    not at, the name with the count they are at: "405B on 512 GPUs (projected at 64 GPUs)". Cold read 5, O3: the
    label "5,670 GB on 64 GPUs (named …)" set out a job no one runs (88.6 GB of checkpoint per GPU) as the row's
    subject. No file or key of the tool is named."""
    b = m.basis_of(p)
    if not b.name_differs:
        return p.name
    text = _("{name} (projected at {gpus} GPUs)") if len(b.gpus_used) == 1 else _("{name} (fitted over {gpus} GPUs)")
    return text.format(name=p.name, gpus=join_words([count(g) for g in b.gpus_used]))


def no_difference_note(w: Words) -> list[Para]:
    """Said at the top of each section whose figures follow from the two mean save times, while the speedup's 95%
    interval includes 1×: they hold only if the means held (second cold read, major 4); [] otherwise."""
    ci = w.m.save.speedup_ci95
    if not no_difference_shown(ci):
        return []
    # the interval is in the summary and on page 1; each section says the condition in one line, not the whole
    # sentence again (cold reads 12 and 13: the same sentence six times in gates_fail)
    text = _(
        "The figures below hold only if the means held: this test shows no difference in save time (see the summary)."
    )
    return [w.p(text, "save_times", style="warning")]


def tool_timed(w) -> list:
    """The sides, each set against its own bandwidth, whose bandwidth runs fio timed whole at a rate that departs
    (compute.audit.departs) from the mean of their logs: a run's time counts what the logs do not (cold read 29, M1:
    fio-local's local disk, 0.441 GB/s by fio's count against its logs' 0.533, the closing fsync not in the logs)."""
    span = w.m.save_span
    out = []
    for side in w.sides:
        tool = None if span is None or w.m.node_part(side.key) is not None else span.side(side.key).tool_gbps
        if tool is not None and departs(tool, side.bandwidth.sustained_gbps):
            out.append(side)
    return out
