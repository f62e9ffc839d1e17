"""Findings: the sentences several sections say, worded once (gate details, the verdict, capacity, re-tuning)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from report.blocks import (
    Para,
)
from report.compute import SIDES, Gate, Metrics
from report.config import ReliabilitySpec, TestConfig, Thresholds
from report.formatting import (
    count,
    gb,
    given,
    gpus,
    natural_key,
    p3,
    ratio3,
    s3,
    sig,
    x3,
)
from report.i18n import _, join_words, ngettext
from report.ingest.tools import IMPORT_TOOLS
from report.joint_test import JointTest
from report.sections.base import Words
from report.sections.decisions import TILE_GATES, no_difference_shown, open_gates
from report.sections.labels import gate_name, status_label, verdict_status_label
from report.sections.phrases import (
    _n,
    gate_list,
    sooner,
)


def gate_detail(m: Metrics, cfg: TestConfig, gate: Gate) -> str:
    """Why a gate has its status, in one line, from the figures, and the open gates whose data it rests on."""
    return _own_detail(m, cfg, gate) + _rests_on(m, gate.id)


def _rests_on(m: Metrics, gate_id: str) -> str:
    """Said of G3 and G4 when they are computed from save runs that G1 or G2 reject or cannot judge."""
    if gate_id not in TILE_GATES or (gate_id == "G3" and m.save.speedup_ci95 is None):
        return ""  # G3 without an interval already says that the runs are too few
    failed, missing = open_gates({g.id: g.status for g in m.gates}, gate_id)
    if failed:
        return _("; computed from save runs that fail {gates}").format(gates=gate_list(failed))
    if missing:
        return _("; computed from save runs too few to decide {gates}").format(gates=gate_list(missing))
    return ""


def _own_detail(m: Metrics, cfg: TestConfig, gate: Gate) -> str:
    g = cfg.gates
    if gate.id in ("G1", "G2"):
        side = m.save.baseline if gate.id == "G1" else m.save.candidate
        if gate.status == "insufficient":
            return _("{runs} of {model} on {system}; at least {needed} are needed").format(
                runs=_n(side.runs, "{n} run", "{n} runs"),
                model=side.model,
                system=side.system,
                needed=max(g.min_runs, 2),
            )
        text = (
            _("{runs} runs, spread (CV) {cv} within the {limit}% limit")
            if gate.status == "pass"
            else _("{runs} runs, spread (CV) {cv} above the {limit}% limit")
        )
        return text.format(runs=side.runs, cv=p3(side.cv_pct), limit=given(g.max_cv_pct))
    if gate.id == "G3":
        ci = m.save.speedup_ci95
        if ci is None:
            return _("no confidence interval: each system needs 2 or more runs")
        text = {
            "pass": _("95% interval {low} to {high} lies at or above {target}×"),
            "fail": _("95% interval {low} to {high} lies below {target}×"),
            "insufficient": _("95% interval {low} to {high} contains {target}×"),
        }[gate.status]
        return text.format(low=x3(ci[0]), high=x3(ci[1]), target=given(g.target_speedup))
    change = m.bubble.duration_reduction_pct
    text = (
        _("training time {change} shorter; target {target}% shorter")
        if change >= 0
        else _("training time {change} longer; target {target}% shorter")
    )
    detail = text.format(change=p3(abs(change)), target=given(g.target_duration_reduction_pct))
    if today_interval_only(m):  # judged where a longer or re-tuned interval takes the benefit away (cold read 4, M1)
        detail = _("{detail}, at today's interval only").format(detail=detail)
    return detail


def verdict_reason(m: Metrics, cfg: TestConfig, short: bool = False) -> str:
    """Why the verdict is what it is, and, for an asynchronous job, up to which interval its benefit holds (`short`:
    page 1's words for it, where room is scarce; the summary gives the reason in full)."""
    limit = async_limit(m, short)
    return _verdict_reason(m, cfg) + (" " + limit if limit else "")


def verdict_summary(m: Metrics, cfg: TestConfig) -> str:
    """The verdict's reason as the summary says it, after page 1 has said it in full: the gates that fail or lack data,
    referring to the gate table for each reason, then which way G3 leans and the asynchronous limit. A verdict whose
    gates all pass keeps its reason, one sentence already."""
    v = m.verdict
    if v.status == "demonstrated":
        return verdict_reason(m, cfg)
    if v.status == "not_demonstrated":
        text = ngettext("{gates} fails.", "{gates} fail.", len(v.failed)).format(gates=gate_list(v.failed))
        if v.insufficient:
            also = ngettext("{gates} also lacks the data.", "{gates} also lack the data.", len(v.insufficient))
            text += " " + also.format(gates=gate_list(v.insufficient))
    else:
        text = _("{gates} cannot be decided from this test.").format(gates=gate_list(v.insufficient))
    text += " " + _("The gate table in “{section}” gives each gate's reason.").format(
        section=_("Joint-test gates and next steps")
    )
    gates = {g.id: g for g in m.gates}
    limit = async_limit(m)
    return text + _g3_leaning(m, cfg, gates["G3"]) + (" " + limit if limit else "")


def stall_free_steps(m: Metrics) -> int | None:
    """The interval (steps) from which neither system's asynchronous write outlasts the compute between saves, when
    the job saves asynchronously and today's interval is shorter (the storage's benefit vanishes from there)."""
    a = m.async_
    if m.checkpoint_mode != "async" or not a.storage_stalls:
        return None
    return max(a.baseline.min_interval_steps, a.candidate.min_interval_steps)


def async_limit(m: Metrics, short: bool = False) -> str:
    """The limit of an asynchronous job's benefit, said wherever the benefit is stated on page 1. Beyond the limit
    only staging stalls training: where the two systems stage in different times, training time still differs by that
    (Chinese reading 3, minor 1: "would not change" beside page 7's slightly slower candidate)."""
    steps = stall_free_steps(m)
    if steps is None:
        return ""
    a = m.async_
    gain = m.reliability.optimum_gain_pct
    if short:
        text = (
            _(
                "The benefit holds only under {steps} steps between saves (today: {interval}); each at its optimal "
                "interval, the candidate lowers the failure-aware overhead by only {points} percentage points."
            )
            if gain >= 0
            else _(
                "The benefit holds only under {steps} steps between saves (today: {interval}); each at its optimal "
                "interval, the candidate raises the failure-aware overhead by {points} percentage points."
            )
        )
        return text.format(
            steps=count(steps), interval=count(m.bubble.checkpoint_interval_steps), points=sig(abs(gain))
        )
    beyond = (
        _("neither write outlasts the compute between saves and training time would not change")
        if a.baseline.staging_s == a.candidate.staging_s
        else _(
            "neither write outlasts the compute between saves, so only staging stalls training ({baseline} on the "
            "baseline, {candidate} on the candidate)"
        ).format(baseline=s3(a.baseline.staging_s), candidate=s3(a.candidate.staging_s))
    )
    text = (
        _(
            "The benefit holds only at intervals under {steps} steps (today: {interval}): from {steps} steps on "
            "{beyond}; each at its optimal interval, the candidate lowers the failure-aware overhead by only {points} "
            "percentage points."
        )
        if gain >= 0
        else _(
            "The benefit holds only at intervals under {steps} steps (today: {interval}): from {steps} steps on "
            "{beyond}; each at its optimal interval, the candidate raises the failure-aware overhead by {points} "
            "percentage points."
        )
    )
    return text.format(
        steps=count(steps), interval=count(m.bubble.checkpoint_interval_steps), beyond=beyond, points=sig(abs(gain))
    )


def _verdict_reason(m: Metrics, cfg: TestConfig) -> str:
    v, gates = m.verdict, {g.id: g for g in m.gates}

    def failed(gate_id: str) -> str:
        return _("{gate} fails ({name}: {detail})").format(
            gate=gate_id, name=gate_name(gate_id).lower(), detail=gate_detail(m, cfg, gates[gate_id])
        )

    if v.status == "not_demonstrated":
        text = _("{failures}.").format(failures=_("; ").join(failed(g) for g in v.failed))
        if v.insufficient:
            also = ngettext("{gates} also lacks the data.", "{gates} also lack the data.", len(v.insufficient))
            text += " " + also.format(gates=gate_list(v.insufficient))
        return text + _g3_leaning(m, cfg, gates["G3"])
    if v.status == "undecided":
        parts = _("; ").join(
            _("{gate} ({detail})").format(gate=g, detail=gate_detail(m, cfg, gates[g])) for g in v.insufficient
        )
        return _("{gates} cannot be decided from this test: {reasons}.").format(
            gates=gate_list(v.insufficient), reasons=parts
        ) + _g3_leaning(m, cfg, gates["G3"])
    changed = _changed_thresholds(cfg)
    if "save_times" in m.inputs_illustrative:
        text = _("All four gates pass on this test's illustrative save times: they show the method, not the storage.")
    else:
        text = _("All four gates pass on this test's measurements.")
    if changed:
        return (
            text
            + " "
            + _("Thresholds test.toml sets apart from the defaults: {thresholds}.").format(
                thresholds=_("; ").join(changed)
            )
        )
    return text


def verdict_label(m: Metrics) -> str:
    """The verdict as page 1 and the summary print it, with what it rests on when that is not a durable measurement.

    Every gate rests on the save times (G4 on them and the training assumptions): when they are illustrative, or a
    save system's saves are not durable, the verdict line itself says so, not a note further down the page; and
    passing gates on such save times do not make a demonstrated benefit (cold read 7, blocker 1).
    """
    if verdict_style(m) == "indicative":
        steps = stall_free_steps(m)
        if "save_times" in m.inputs_illustrative:
            text = (
                _("Gates pass on illustrative save times; benefit not yet measured")
                if steps is None
                else _(
                    "Gates pass on illustrative save times, at intervals under {steps} steps only; benefit not yet "
                    "measured"
                )
            )
        else:
            text = (
                _("Gates pass on saves that are not durable; benefit not yet shown on durable storage")
                if steps is None
                else _(
                    "Gates pass on saves that are not durable, at intervals under {steps} steps only; benefit not "
                    "yet shown on durable storage"
                )
            )
        return text.format(steps=count(steps or 0))
    label = verdict_status_label(m.verdict.status)
    if "save_times" in m.inputs_illustrative:
        return _("{verdict}, on illustrative save times, not measurements").format(verdict=label)
    if m.not_durable:  # whose saves, by name (Chinese reading 4, M1: "另有系统" read as a third system)
        systems = [s.system for key, s in zip(SIDES, m.save.sides(), strict=True) if key in m.not_durable]
        return _("{verdict}; the saves on {systems} are not durable").format(verdict=label, systems=join_words(systems))
    return label


def verdict_style(m: Metrics) -> str:
    """How the verdict is styled: its status, except "indicative" (neutral, not green) when every gate passes on save
    times that are illustrative or not durable."""
    status = m.verdict.status
    if status == "demonstrated" and ("save_times" in m.inputs_illustrative or m.not_durable):
        return "indicative"
    return status


def gate_status(m: Metrics, gate: Gate) -> tuple[str, str]:
    """A gate's status as the gate table prints it, and its style: a pass computed from save runs another gate
    rejects or cannot judge is indicative (cold read 7, major 2), and a pass on illustrative or not durable save
    times says so (blocker 1); neither is a bare green tick."""
    if gate.status != "pass":
        return status_label(gate.status), gate.status
    failed, missing = open_gates({g.id: g.status for g in m.gates}, gate.id) if gate.id in TILE_GATES else ([], [])
    if "save_times" in m.inputs_illustrative:
        rests = _("illustrative")
    elif m.not_durable:
        rests = _("not durable")
    else:
        rests = ""
    if failed or missing:
        label = _("Indicative pass")
        return (_("{status} ({rests})").format(status=label, rests=rests) if rests else label), "pass-indicative"
    if rests:
        return _("{status} ({rests})").format(status=status_label("pass"), rests=rests), "pass-illustrative"
    return status_label("pass"), "pass"


def _g3_leaning(m: Metrics, cfg: TestConfig, g3: Gate) -> str:
    """When G3 is undecided but its point estimate is below the target: which way more runs would likely go."""
    target = cfg.gates.target_speedup
    if g3.status != "insufficient" or m.save.speedup >= target:
        return ""
    return " " + _(
        "G3's point estimate, {speedup}, is below the {target}× target: unless more runs move it, they would make G3 "
        "fail, not pass."
    ).format(speedup=x3(m.save.speedup), target=given(target))


def _changed_thresholds(cfg: TestConfig) -> list[str]:
    """The gate thresholds test.toml gives other values than the defaults, as a reader compares them."""
    default, g, out = Thresholds(), cfg.gates, []
    words = {
        "min_runs": _("at least {value} runs per system (default {default})"),
        "max_cv_pct": _("a spread (CV) of at most {value}% (default {default}%)"),
        "target_speedup": _("a save speedup of at least {value}× (default {default}×)"),
        "target_duration_reduction_pct": _("a training run at least {value}% shorter (default {default}%)"),
    }
    for key, text in words.items():
        value, base = getattr(g, key), getattr(default, key)
        if value != base:
            out.append(text.format(value=given(value), default=given(base)))
    return out


def capacity_sentence(m: Metrics) -> str:
    """The GPU-equivalents a cluster of such jobs gains (or loses), from the save times alone."""
    b = m.bubble
    text = (
        _(
            "Each GPU completes {gain} more steps per unit of time; in a cluster of {cluster} GPUs running jobs like "
            "this one, with this job's save times, that is worth {gpus} GPUs of capacity."
        )
        if b.throughput_gain_pct >= 0
        else _(
            "Each GPU completes {gain} fewer steps per unit of time; in a cluster of {cluster} GPUs running jobs "
            "like this one, with this job's save times, that is a loss of {gpus} GPUs of capacity."
        )
    )
    return text.format(
        gain=p3(abs(b.throughput_gain_pct)), cluster=count(b.cluster_gpus), gpus=gpus(abs(b.gpu_equivalents))
    )


def optimum_equivalents(m: Metrics) -> str:
    """The GPU-equivalents with each system at its optimal interval, unsigned, as every page prints them."""
    return sig(abs(m.reliability.optimum_gpu_equivalents))


def optimum_capacity(m: Metrics) -> str:
    """Said after the GPU-equivalents at today's interval when a longer or re-tuned interval takes most of them away:
    what they come to with each system at its optimal interval (fourth cold read, M1)."""
    if not today_interval_only(m):
        return ""
    equivalents = m.reliability.optimum_gpu_equivalents
    text = (
        _(
            "That holds at today's interval only: with each system at its optimal interval, failures included, the "
            "cluster would gain {gpus} GPU-equivalents."
        )
        if equivalents >= 0
        else _(
            "That holds at today's interval only: with each system at its optimal interval, failures included, the "
            "cluster would lose {gpus} GPU-equivalents."
        )
    )
    return " " + text.format(gpus=optimum_equivalents(m))


def capacity_paras(w: Words, after: str = "") -> list[Para]:
    """The GPU-equivalents (with `after`), marked as the save times they come from are, then the bandwidth the cluster
    behind them would need, a paragraph of its own marked as the bandwidth is too: each mark lands on the figures
    drawn from its input, not on whatever shares their paragraph."""
    m = w.m
    capacity = capacity_sentence(m) + optimum_capacity(m) + (" " + after if after else "")
    return [w.p(capacity, "save_times"), w.p(demand_sentence(m), "save_times", "bandwidth")]


def demand_sentence(m: Metrics) -> str:
    """The bandwidth the cluster behind the GPU-equivalents would need on the candidate, against what was measured."""
    cl, c = m.cluster, m.cluster.candidate
    if m.save.candidate.gpus > m.bubble.cluster_gpus:
        jobs = _("The cluster figures describe one job of {gpus} GPUs, larger than the cluster.").format(
            gpus=count(m.save.candidate.gpus)
        )
    else:
        jobs = ngettext(
            "A cluster of {cluster} GPUs holds {n} such job ({gpus} GPUs).",
            "A cluster of {cluster} GPUs holds {n} such jobs ({gpus} GPUs each).",
            cl.jobs,
        ).format(n=count(cl.jobs), cluster=count(m.bubble.cluster_gpus), gpus=count(m.save.candidate.gpus))
    text = (
        jobs
        + " "
        + _(
            "On {system} their checkpoints need {mean} GB/s of writes on average (saves perfectly staggered) and "
            "{peak} GB/s if every job saves at once, against the {measured} GB/s sustained bandwidth of this test."
        ).format(
            system=m.save.candidate.system,
            mean=sig(c.mean_write_gbps),
            peak=sig(c.peak_write_gbps),
            measured=sig(m.bandwidth.candidate_gbps),
        )
    )
    text += _beyond_bandwidth(m)
    return text


def _beyond_bandwidth(m: Metrics) -> str:
    """When the cluster's saves need more than this test sustained: on average (the GPU-equivalents rest on a bandwidth
    not shown), or only when every job saves at once (they hold only if the saves are staggered)."""
    c = m.cluster.candidate
    ratios = {
        "mean_ratio": _("{ratio}×").format(ratio=sig(c.mean_to_sustained)),
        "peak_ratio": _("{ratio}×").format(ratio=sig(c.peak_to_sustained)),
    }
    if c.mean_to_sustained > 1:
        said = _(
            "Even perfectly staggered, that is more than this test's sustained bandwidth ({mean_ratio} of it on "
            "average, {peak_ratio} at peak): the GPU-equivalents assume a bandwidth the test did not show."
        )
    elif c.peak_to_sustained > 1:
        said = _(
            "On average that is within this test's sustained bandwidth ({mean_ratio} of it), but every job saving at "
            "once needs {peak_ratio} of it: the GPU-equivalents hold only if the jobs' saves are staggered, or with a "
            "bandwidth the test did not show."
        )
    else:
        return ""
    return (
        " "
        + said.format(**ratios)
        + " "
        + _(
            "This test's bandwidth is what its clients drove, not the system's capacity, so measure at the cluster's "
            "scale before counting on it."
        )
    )


def cluster_row_assumption(m: Metrics) -> str:
    """The value table's cluster row, in one sentence: what it assumes of the storage (the figures are said in full
    beside the GPU-equivalents)."""
    c = m.cluster.candidate
    fields = {
        "system": m.save.candidate.system,
        "peak": sig(c.peak_write_gbps),
        "peak_ratio": _("{ratio}×").format(ratio=sig(c.peak_to_sustained)),
        "mean": sig(c.mean_write_gbps),
        "mean_ratio": _("{ratio}×").format(ratio=sig(c.mean_to_sustained)),
    }
    if c.mean_to_sustained > 1:  # even staggered saves need more (third cold read, m-16)
        return _(
            "The cluster row assumes {system} takes every job's saves: {mean} GB/s on average even if they are "
            "perfectly staggered and {peak} GB/s if they all save at once, {mean_ratio} and {peak_ratio} this test's "
            "sustained bandwidth (see “Training bubble analysis”)."
        ).format(**fields)
    if c.peak_to_sustained > 1:
        return _(
            "The cluster row assumes {system} takes every job's saves: {peak} GB/s if they all save at once, "
            "{peak_ratio} this test's sustained bandwidth (see “Training bubble analysis”)."
        ).format(**fields)
    return _(
        "The cluster row assumes {system} takes every job's saves: {peak} GB/s if they all save at once, within this "
        "test's sustained bandwidth ({peak_ratio} of it)."
    ).format(**fields)


def async_sentence(m: Metrics) -> str:
    """What asynchronous saves make of the storage's benefit at today's interval, and what remains."""
    a, r, s = m.async_, m.reliability, m.save
    if a.storage_stalls:
        text = (
            _(
                "With asynchronous saves the storage would still stall training at today's interval: a write outlasts "
                "the {tau} of compute between saves, and the run would finish {sooner} on {candidate}."
            )
            if m.checkpoint_mode == "sync"
            else _(
                "This job saves asynchronously and a write outlasts the {tau} of compute between saves, so the "
                "storage stalls training: the run finishes {sooner} on {candidate}."
            )
        )
        return text.format(tau=s3(r.interval_s), sooner=sooner(a.duration_reduction_pct), candidate=s.candidate.system)
    vanish = (
        _(
            "With asynchronous saves this storage benefit would vanish at today's interval: neither write ({baseline} "
            "and {candidate}) outlasts the {tau} of compute between saves, so training time would not change."
        )
        if m.checkpoint_mode == "sync"
        else _(
            "This job saves asynchronously and neither write ({baseline} and {candidate}) outlasts the {tau} of "
            "compute between saves, so the storage does not change training time at today's interval."
        )
    ).format(baseline=s3(a.baseline.write_lag_s), candidate=s3(a.candidate.write_lag_s), tau=s3(r.interval_s))
    return vanish + " " + _stall_free_words(m) + _restore_words(m)


def frequent_saves_help(m: Metrics) -> bool:
    """Whether saving more often than the baseline's stall-free interval allows would lose less work per failure: its
    optimal interval is shorter than that interval (fourth cold read, M4)."""
    return m.reliability.baseline.optimal_interval_steps < m.async_.baseline.min_interval_steps


def _stall_free_words(m: Metrics) -> str:
    """What the shorter stall-free interval is worth: less work lost per failure only where the optimal interval is
    shorter than the baseline's stall-free one (fourth cold read, M4: at 27,775 steps against 55 it buys nothing)."""
    a, r = m.async_, m.reliability
    fields = {
        "baseline_steps": count(a.baseline.min_interval_steps),
        "candidate_steps": count(a.candidate.min_interval_steps),
        "optimum": count(round(r.baseline.optimal_interval_steps)),
        "system": m.save.baseline.system,
    }
    if frequent_saves_help(m):
        text = _(
            "What remains is a shorter stall-free interval (from {baseline_steps} to {candidate_steps} steps): the job "
            "could save closer to the optimal interval, {optimum} steps on {system}, and lose less work per failure."
        )
    else:
        text = _(
            "The stall-free interval is shorter too (from {baseline_steps} to {candidate_steps} steps), but at the "
            "assumed failure rate that buys little: the optimal interval is {optimum} steps on {system}, longer than "
            "both."
        )
    return text.format(**fields)


def _restore_words(m: Metrics) -> str:
    """The restores, after what asynchronous saves leave of the benefit (said elsewhere when they read memory)."""
    r, s = m.reliability, m.save
    if restores_from_memory(m):
        return ""
    if r.baseline.restore_s is None:
        return " " + _("Restores may be faster as well (not measured in this test).")
    return " " + _(
        "A restore after a failure takes {baseline} on {baseline_system} and {candidate} on {candidate_system}."
    ).format(
        baseline=s3(r.baseline.restore_s),
        baseline_system=s.baseline.system,
        candidate=s3(r.candidate.restore_s),
        candidate_system=s.candidate.system,
    )


def restores_from_memory(m: Metrics) -> bool:
    """Whether the measured restores include a system whose saves are not durable: its restores read memory, so the
    failure section says so once (`memory_restores`) and no other section offers them as a benefit."""
    return m.reliability.baseline.restore_s is not None and bool(m.not_durable)


def memory_restores(m: Metrics) -> str:
    """Said beside measured restores, in the failure section, when a system's saves are not durable: its restores read
    memory, not storage."""
    if m.reliability.baseline.restore_s is None:
        return ""
    names = [s.system for key, s in zip(("baseline", "candidate"), m.save.sides(), strict=True) if key in m.not_durable]
    if not names:
        return ""
    return " " + ngettext(
        "The restores on {systems} read back a checkpoint held in memory, not on durable storage: they time a read "
        "from memory, which a power loss would leave with nothing to read, not a restore to count on.",
        "The restores on {systems} read back checkpoints held in memory, not on durable storage: they time reads "
        "from memory, which a power loss would leave with nothing to read, not restores to count on.",
        len(names),
    ).format(systems=join_words(names))


#: What `report measure` writes in a system's [environment] lines when every load reads memory (tmpfs, a RAM disk):
#: report/measure/words.py's `_cache`, in the languages it may have written test.toml in.
LOADS_READ_MEMORY = ("every load reads memory", "每次加载读取的都是内存")


def memory_load_systems(m: Metrics, cfg: TestConfig) -> list[str]:
    """The load systems (the load baseline, the candidate) whose loads read memory, not storage: a system whose saves
    are not durable, or one whose [environment] lines say that every load reads memory."""
    not_durable = {s.system for key, s in zip(SIDES, m.save.sides(), strict=True) if key in m.not_durable}
    said = {
        system
        for system in (m.load.baseline_system, m.load.candidate_system)
        for label, text in cfg.environment
        if label.partition(":")[0].partition("：")[0] == system and any(words in text for words in LOADS_READ_MEMORY)
    }
    return [x for x in (m.load.baseline_system, m.load.candidate_system) if x in not_durable | said]


def memory_loads(m: Metrics, cfg: TestConfig, full: bool = True) -> str:
    """Said beside the load speedup when a load system reads memory: in full where the loads are stated (page 1, the
    summary, the loading section), elsewhere the fact and a pointer to the loading section."""
    names = memory_load_systems(m, cfg)
    if not names:
        return ""
    if not full:
        return " " + _("The loads on {systems} read memory, not storage (see “{section}”).").format(
            systems=join_words(names), section=_("Model loading for inference")
        )
    return " " + ngettext(
        "The loads on {systems} read a model held in memory, not on storage: they time a read from memory through "
        "this machine's I/O path, not what a durable system will do.",
        "The loads on {systems} read models held in memory, not on storage: they time reads from memory through "
        "this machine's I/O path, not what a durable system will do.",
        len(names),
    ).format(systems=join_words(names))


def loads_marked(w: Words) -> str:
    """The mark of a figure drawn from the load times: "illustrative" when they are, "not_durable" when a load system
    reads memory (its saves are not durable), else none."""
    return w.marked("load_times") or ("not_durable" if memory_load_systems(w.m, w.config) else "")


def ettr_fields(m: Metrics) -> dict[str, str]:
    """The fields of every ETTR sentence (the failure section's, the asynchronous answer's): each side's ETTR at
    today's interval and at its optimal interval, and the systems' names."""
    r, s = m.reliability, m.save
    return {
        "baseline": ratio3(r.baseline.ettr),
        "baseline_system": s.baseline.system,
        "candidate": ratio3(r.candidate.ettr),
        "candidate_system": s.candidate.system,
        "baseline_optimal": ratio3(r.baseline.optimal_ettr),
        "candidate_optimal": ratio3(r.candidate.optimal_ettr),
    }


def _optimum_words(m: Metrics) -> str:
    gain = m.reliability.optimum_gain_pct
    if gain >= 0:
        return _("the candidate's contribution is {points} percentage points").format(points=sig(gain))
    return _("the candidate costs {points} percentage points more").format(points=sig(-gain))


def _switch_words(gain: float) -> str:
    return (_("saves {points}") if gain >= 0 else _("costs {points} more")).format(points=sig(abs(gain)))


def _beyond_run(m: Metrics) -> str:
    """A caveat when Young's optimal interval is longer than the whole run, said where the failure model is explained
    (the answers refer back to it)."""
    r, b = m.reliability, m.bubble
    if not beyond_run(m):
        return ""
    return " " + _(
        "Young's optimum ({optimum} steps) is longer than the whole run ({steps} steps): at this failure rate a run "
        "this short would not checkpoint for its own sake at all, and the failure model says little about it; it "
        "keeps today's interval for other reasons (evaluation, preemption, a failure rate higher than assumed), which "
        "the report cannot weigh."
    ).format(optimum=count(round(r.baseline.optimal_interval_steps)), steps=count(b.total_steps))


def beyond_run(m: Metrics) -> bool:
    """Whether Young's optimal interval on the baseline is longer than the whole run."""
    return m.reliability.baseline.optimal_interval_steps > m.bubble.total_steps


def today_interval_only(m: Metrics) -> bool:
    """Whether a benefit at today's interval is mostly one of the interval: the job saves asynchronously and its
    benefit ends below some interval, or re-tuning the baseline's interval alone does more than the candidate at today's
    (with Young's optimum inside the run). Page 1 marks the tiles that state such a benefit (third cold read, M-5)."""
    return stall_free_steps(m) is not None or tuning_sentence(m) is not None


def assumed_failure_rate(m: Metrics) -> str:
    """The failure rate a figure of the failure model rests on, named as the assumption it is: Llama 3's (the
    report's default) or the per-GPU MTBF test.toml sets."""
    hours = m.reliability.gpu_mtbf_hours
    if hours == ReliabilitySpec().gpu_mtbf_hours:
        return _("the failure rate assumed from Llama 3's training")
    return _("the failure rate test.toml assumes (a per-GPU MTBF of {hours} h)").format(hours=sig(hours))


def tuning_sentence(m: Metrics) -> Para | None:
    """The summary's re-tuning headline: only where it holds, Young's optimum shorter than the run (else the failure
    section carries the comparison as a caveat). It names its premise, the assumed failure rate (Chinese reading 3,
    major 1), and prints the optima at three digits like the failure table, so no operand pair beside the difference
    (minor 3: "0.2911%" beside the table's "0.291%")."""
    r, s = m.reliability, m.save
    if not r.tuning_beats_switching or beyond_run(m):
        return None
    text = _(
        "With {rate}, re-tuning the checkpoint interval alone does more than switching to the new storage at today's "
        "interval: saving every {optimum} steps instead of every {interval} would cut the failure-aware overhead on "
        "{baseline} from {today} to {tuned} of compute time, less than {candidate} at today's interval "
        "({candidate_today}). Compared each at its own optimal interval, {contribution}."
    ).format(
        rate=assumed_failure_rate(m),
        optimum=count(round(r.baseline.optimal_interval_steps)),
        interval=count(m.bubble.checkpoint_interval_steps),
        baseline=s.baseline.system,
        today=p3(r.baseline.overhead_pct),
        tuned=p3(r.baseline.optimal_overhead_pct),
        candidate=s.candidate.system,
        candidate_today=p3(r.candidate.overhead_pct),
        contribution=_optimum_words(m),
    )
    return Para(text, "warning", False)


def retune_headline(m: Metrics) -> str:
    """Page 1's line of the re-tuning headline, with its figures and, like the summary's, its premise (an assumed
    failure rate), where the summary's holds (else ""). An asynchronous job whose benefit ends below some interval has
    it said already, with the optimum against optimum, by its limit (`async_limit`): page 1 has no room for both."""
    r, s = m.reliability, m.save
    if tuning_sentence(m) is None or stall_free_steps(m) is not None:
        return ""
    return _(
        "At the assumed failure rate, re-tuning the interval on {baseline} alone recovers more ({today} → {tuned} "
        "failure-aware overhead) than {candidate} at today's interval ({candidate_today}); optimum against optimum, "
        "{contribution}."
    ).format(
        baseline=s.baseline.system,
        today=p3(r.baseline.overhead_pct),
        tuned=p3(r.baseline.optimal_overhead_pct),
        candidate=s.candidate.system,
        candidate_today=p3(r.candidate.overhead_pct),
        contribution=_optimum_words(m),
    )


def retune_sentence(m: Metrics) -> str:
    """Re-tuning against switching, with the caveat on Young's optimum first when it lies beyond the run."""
    r, s = m.reliability, m.save
    figures = {
        "baseline": s.baseline.system,
        "optimum": count(round(r.baseline.optimal_interval_steps)),
        "retune": sig(r.retune_gain_pct),
        "candidate": s.candidate.system,
        "switch": _switch_words(r.switch_gain_pct),
    }
    if r.tuning_beats_switching and beyond_run(m):
        # The caveat first, the figure after it "for reference": read the other way round, the reader keeps
        # "re-tuning saves more than switching" and meets the caveat only after it.
        return (
            _beyond_run(m).lstrip()
            + " "
            + _(
                "For reference only: re-tuning the interval on {baseline} alone, to Young's optimum of {optimum} "
                "steps, saves {retune} percentage points; moving to {candidate} at today's interval {switch}."
            ).format(**figures)
            + " "
            + _("On the failure model alone, optimum against optimum, {contribution}.").format(
                contribution=_optimum_words(m)
            )
            + " "
            + _(
                "As Young's optimum is longer than the run, this comparison is a caveat, not a finding: it does not "
                "say that re-tuning beats the new storage."
            )
        )
    retune = _(
        "Re-tuning the interval on {baseline} alone, to every {optimum} steps, saves {retune} percentage points; "
        "moving to {candidate} at today's interval {switch}."
    ).format(**figures)
    if r.tuning_beats_switching:
        return (
            retune
            + " "
            + _(
                "Re-tuning alone recovers more than the new storage does at today's interval; optimum against "
                "optimum, {contribution}."
            ).format(contribution=_optimum_words(m))
        )
    return (
        retune
        + " "
        + _("Optimum against optimum the candidate still saves {points} points.").format(points=sig(r.optimum_gain_pct))
    )


def retune_reference(m: Metrics) -> str:
    """The counter-argument (save less often) where a question raises it: its conclusion in one clause, referring to
    the failure section for the figures instead of repeating its paragraph."""
    r, s = m.reliability, m.save
    if r.tuning_beats_switching and beyond_run(m):
        text = _(
            "The counter-argument a performance engineer raises first, save less often, is weighed in “{section}”; "
            "Young's optimal interval is longer than this whole run, so the comparison there is a caveat, not a "
            "finding."
        )
    elif r.tuning_beats_switching:
        text = _(
            "The counter-argument a performance engineer raises first, save less often, holds here: re-tuning the "
            "interval on {baseline} alone recovers more than {candidate} does at today's interval (see “{section}”)."
        )
    else:
        text = _(
            "The counter-argument a performance engineer raises first, save less often, does not outweigh the "
            "storage here: re-tuning the interval on {baseline} alone recovers less than moving to {candidate} (see "
            "“{section}”)."
        )
    return text.format(
        baseline=s.baseline.system, candidate=s.candidate.system, section=_("Failures and the checkpoint interval")
    )


def save_warnings(w: Words) -> list[Para]:
    m = w.m
    out = []
    for key, s in ((v.key, v.save) for v in w.sides):
        for run in s.outlier_runs:
            value = s.times_s[s.run_numbers.index(run)]
            text = _(
                "Run {run} on {system} ({time}) stands out from the other runs (modified z-score above 3.5). It is "
                "kept in every figure; check the run's log before relying on it."
            )
            out.append(
                w.p(text.format(run=run, system=s.system, time=s3(value)), "save_times", style="warning", side=key)
            )
    r = m.reliability
    for key, s, side in ((v.key, v.save, v.reliability) for v in w.sides):
        if side.save_overhead_pct >= 100:
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
    return out


def bytes_from_fio(test: JointTest) -> bool:
    """Whether every save row came from fio's own output, which counts the bytes each save wrote (io_bytes, held
    within 1% of the stated checkpoint by the import)."""
    imported = test.imported
    if imported is None:
        return False
    tools = {use.tool for use in imported.tools if use.into == "save_times"}
    counted = bool(tools) and all(IMPORT_TOOLS[tool].counts_bytes for tool in tools)
    return counted and len(imported.origins.get("save_times.csv", [])) == len(test.saves)


@dataclass(frozen=True)
class OtherWorkload:
    """A (model, GPUs) pair of save_times.csv other than the training model's: rows the analysis leaves aside."""

    model: str
    gpus: int
    baseline_runs: int
    candidate_runs: int


def other_workloads(w: Words) -> list[OtherWorkload]:
    """The save times' (model, GPUs) pairs other than the training model's, with each save system's run count, in
    natural order: the contract analyses the training model's rows only (CONTRACT.md, "Checkpoint save")."""
    saves, training = w.test.saves, w.config.training.model
    pairs = {(str(r.model), int(r.gpus)) for r in saves[["model", "gpus"]].itertuples() if str(r.model) != training}
    systems = [side.system for side in w.sides]
    found = []
    for model, n in sorted(pairs, key=lambda p: (natural_key(p[0]), p[1])):
        rows = saves[(saves["model"].astype(str) == model) & (saves["gpus"] == n)]
        runs = [int((rows["system"].astype(str) == system).sum()) for system in systems]
        found.append(OtherWorkload(model, n, runs[0], runs[1]))
    return found


def other_workloads_words(w: Words) -> str:
    """ "“7B”, 4 GPUs (2 / 2 runs)": each other workload of the save times with its runs, baseline / candidate."""
    return join_words(
        [
            (
                _("“{model}”, {gpus} GPUs, concurrent saves ({baseline} / {candidate} runs)")
                if CONCURRENT_MODEL.search(o.model)
                else _("“{model}”, {gpus} GPUs ({baseline} / {candidate} runs)")
            ).format(model=o.model, gpus=count(o.gpus), baseline=o.baseline_runs, candidate=o.candidate_runs)
            for o in other_workloads(w)
        ]
    )


#: The model name `measure --concurrent-jobs K` gives the rows of K jobs saving at once ("32B LoRA × 2 at once").
CONCURRENT_MODEL = re.compile(r" × \d+ at once$")


#: A projection's name that states a GPU count ("70B on 64 GPUs", "70B，64 块 GPU", "512 卡").
GPU_IN_NAME = re.compile(r"\d[\d,]*\s*(?:GPUs?\b|块\s*GPU|卡)", re.IGNORECASE)


def projection_gpus(m: Metrics) -> list[int]:
    """The GPU counts of the save rows the projections' fitted lines take: one count, or several when they mix."""
    return sorted({g for key in SIDES for g in m.fits[key].gpus})


def projection_label(m: Metrics, p) -> str:
    """A projection's row label: test.toml's name, or, where that name states a GPU count the projection does not
    use, what was projected with the name in brackets: "140 GB on 8 GPUs (test.toml: “70B on 64 GPUs”)"."""
    if not GPU_IN_NAME.search(p.name):
        return p.name
    held = projection_gpus(m)
    if len(held) == 1:
        text = _("{size} on {gpus} GPUs (test.toml: “{name}”)")
    else:
        text = _("{size}, fitted over {gpus} GPUs (test.toml: “{name}”)")
    return text.format(size=gb(p.snapshot_gb), gpus=join_words([count(g) for g in held]), name=p.name)


def no_difference_note(w: Words) -> list[Para]:
    """Said at the top of each section whose figures follow from the two mean save times, while the speedup's 95%
    interval includes 1×: they hold only if the means held (second cold read, major 4); [] otherwise."""
    ci = w.m.save.speedup_ci95
    if not no_difference_shown(ci):
        return []
    text = _(
        "This test does not show a difference in save time (the speedup's 95% interval, {low} to {high}, includes "
        "1×): the figures below follow from the two means and hold only if the means held."
    )
    return [w.p(text.format(low=x3(ci[0]), high=x3(ci[1])), "save_times", style="warning")]


def headline_load_pairs(m: Metrics) -> list:
    """The load pairs every headline states (page 1, the summary, the loading section): those whose runs stay within
    the limit when an end of the whole range is unstable and such pairs remain, else all (third cold read, M-1: one
    range everywhere)."""
    ends, stable = load_speedups_by_spread(m)
    if ends and stable:
        return [p for p in m.load.models if not p.unstable]
    return list(m.load.models)


def headline_load_span(m: Metrics) -> tuple[float, float]:
    """The range of the headline pairs' load speedups (`headline_load_pairs`)."""
    speedups = [p.speedup for p in headline_load_pairs(m)]
    return min(speedups), max(speedups)


def load_pairs(m: Metrics) -> str:
    """The pairs the headline load range is taken from: "3 model/platform pairs", or "2 of 3 model/platform pairs"
    when unstable ends are left out of it."""
    total, used = len(m.load.models), len(headline_load_pairs(m))
    if used < total:
        return ngettext("{n} of {total} model/platform pair", "{n} of {total} model/platform pairs", total).format(
            n=used, total=total
        )
    return ngettext("{n} model/platform pair", "{n} model/platform pairs", total).format(n=total)


def unstable_loads(m: Metrics, cfg: TestConfig, section: str = "") -> str:
    """Said after the headline load range when an end of the whole range comes from runs that spread above the
    limit: left out of the range when other pairs remain, else named as unstable. `section`: where the loads are
    discussed, when it is not here (there, the warnings that follow the range name an unstable pair)."""
    ends, stable = load_speedups_by_spread(m)
    if not ends:
        return ""
    values, limit = join_words([x3(v) for v in ends]), given(cfg.gates.max_cv_pct)
    if stable:
        text = (
            _(
                "Left out of this range: {values}, from runs that spread above the {limit}% limit (unstable; see "
                "“{section}”)."
            )
            if section
            else _(
                "Left out of this range: {values}, from runs that spread above the {limit}% limit (unstable; below)."
            )
        )
    elif section:
        text = _("The runs behind {values} spread above the {limit}% limit: unstable (see “{section}”).")
    else:  # nothing left out, and the warnings below say it
        return ""
    return " " + text.format(values=values, limit=limit, section=section)


def load_speedups_by_spread(m: Metrics) -> tuple[list[float], list[float]]:
    """The load speedups at the ends of the range that come from pairs whose runs spread above the limit (unstable),
    and the speedups of the other pairs: what page 1's tile heads with and the summary names."""
    ld = m.load
    ends = sorted({p.speedup for p in ld.models if p.unstable and p.speedup in (ld.speedup_min, ld.speedup_max)})
    return ends, [p.speedup for p in ld.models if not p.unstable]
