"""What a sceptical reader weighs against the decision page's case, decided from the figures and the test's own record
(cold read 13b and Chinese reading 13b): the workloads' save ratios that the cluster's job mix chooses between, a
candidate that restores slower, save times a storage benchmark took rather than the trainer, the shared candidate's
stall when the whole cluster saves on it, and a slow run whose cause the record names. Pure functions; the words are
in report/wording/counterpoints.py, the rules in docs/recommendation.md."""

from __future__ import annotations

import re

from report import stats
from report.compute.figures import Metrics, SaveSide
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.inputs.joint_test import JointTest

#: Two workloads' save ratios this many times apart (the larger over the smaller) differ by a lot: which of them the
#: cluster's jobs are decides which one applies (cold read 13b, X-M3: 1.10× against 6.50×).
JOB_MIX_SPREAD = 2.0


def job_mix_decides(m: Metrics, target: float) -> bool:
    """Whether the cluster's job mix decides which save ratio applies: another workload timed on both systems has a
    ratio on the other side of G3's target from the training model's, or the largest ratio is JOB_MIX_SPREAD times
    the smallest or more. Not where saves are asynchronous and every workload's baseline write ends within the compute
    between saves at today's interval: no save then stalls training on either system, whichever ratio applies (cold
    read 20, AC minor: the job mix said to change a verdict the async arithmetic decides)."""
    ratios = [m.save.speedup, *(o.ratio for o in m.other_saves)]
    if len(ratios) < 2:
        return False
    writes = [m.save.baseline.mean_s, *(o.baseline_mean_s for o in m.other_saves)]
    if m.checkpoint_mode == "async" and max(writes) <= m.reliability.interval_s:
        return False
    straddles = any((r >= target) != (m.save.speedup >= target) for r in ratios[1:])
    return straddles or max(ratios) >= JOB_MIX_SPREAD * min(ratios)


def g3_below_elsewhere(m: Metrics, target: float) -> tuple:
    """Where G3 passes, the other workloads timed on both systems whose save ratio lies below its target: the gate is
    defined on the training model's saves (CONTRACT.md), so its pass holds for that workload, not for these (cold read
    15, S-M3; Chinese reading 15, S major 4: "✓ Pass" on GLM-4.5-Air beside Qwen3-235B at 1.09× against 1.8×)."""
    if not any(g.id == "G3" and g.status == "pass" for g in m.gates):
        return ()
    return tuple(o for o in m.other_saves if o.ratio < target)


def restores_slower(m: Metrics) -> bool:
    """Whether both systems' restores were timed and the candidate's mean restore is the longer."""
    r = m.reliability
    return (
        r.baseline.restore_s is not None
        and r.candidate.restore_s is not None
        and r.candidate.restore_s > r.baseline.restore_s
    )


#: The share of the two systems' difference at their optimal intervals from which the restores' own term could move a
#: conclusion: below it, fewer restores than the saves' rule weigh too little to matter (cold read 14c, P-m1: 3
#: restores a side against 4 agreed, "about 0.03 of the 1.86 points").
RESTORES_MATERIAL = 0.1


def restore_points(m: Metrics) -> float | None:
    """The percentage points of failure-aware overhead the measured restores put between the systems, baseline less
    candidate: 100 × (restore_B − restore_C) ÷ the job's MTBF, the same at every interval; None without restores."""
    r = m.reliability
    if r.baseline.restore_s is None or r.candidate.restore_s is None:
        return None
    return 100 * (r.baseline.restore_s - r.candidate.restore_s) / r.job_mtbf_s


def restores_material(m: Metrics) -> bool:
    """Whether the restores' term is RESTORES_MATERIAL or more of the difference between the systems at their optimal
    intervals (reliability.optimum_gain_pct), which the ETTR and the GPU-equivalents at the optimum rest on."""
    points = restore_points(m)
    return points is not None and abs(points) >= RESTORES_MATERIAL * abs(m.reliability.optimum_gain_pct)


def shared_stall_floor_s(m: Metrics) -> float | None:
    """The least a save on a shared candidate would stall training with the cluster's jobs saving at today's interval,
    where their mean demand exceeds its bandwidth and a node-local baseline's (whose bandwidth grows with the nodes)
    would stall less: the array writes at most `bandwidth.candidate_gbps`, so one save cycle lasts at least
    jobs × snapshot_gb ÷ bandwidth = mean_to_sustained × (τ + pause_C), and each save stalls at least that less τ.
    None where the baseline is not node-local, the candidate is, the demand is within the bandwidth, or the floor is
    not above the baseline's own stall (cold read 13b, X-M4: 338 GB/s against 45.1 GB/s, "not attainable", the
    direction unsaid)."""
    local = m.node_local.sides if m.node_local is not None else ()
    cluster = m.cluster.candidate
    if "baseline" not in local or "candidate" in local or cluster is None or cluster.mean_to_sustained <= 1:
        return None
    tau = m.reliability.interval_s
    floor = cluster.mean_to_sustained * (tau + m.save.candidate.pause_s) - tau
    return floor if floor > m.save.baseline.pause_s else None


#: Storage benchmarks that imitate a trainer's saves without running it, as a record of the save runs names them.
BENCHMARKS = re.compile(r"\bfio\b|\bIOR\b|\belbencho\b|\bMLPerf Storage\b|\bDLIO\b")


def benchmark_saves(test: JointTest) -> str | None:
    """The storage benchmark that timed the save times instead of the trainer, by the name the report gives it: every
    save row imported from one tool that runs no trainer (fio, MLPerf Storage), or, where the rows were typed, the
    benchmark the record of the save runs (`[sources] save_times`) names; None otherwise (Chinese reading 13b, X-4:
    "82.9 s" read as the trainer's own saves)."""
    imported = test.imported
    if imported is not None and imported.origins.get("save_times.csv"):
        tools = {use.tool for use in imported.tools if use.into == "save_times"}
        typed = len(imported.origins["save_times.csv"]) != len(test.saves)
        tool = IMPORT_TOOLS[next(iter(tools))] if len(tools) == 1 and not typed else None
        return tool.name if tool is not None and not tool.trainer_log else None
    found = BENCHMARKS.search(test.config.sources.get("save_times", ""))
    return found.group(0) if found else None


#: The storage's own background work a record of the save runs may name as a slow run's cause, by id.
CAUSES = {
    "rebuild": re.compile(r"rebuil|resync|重建|重构", re.IGNORECASE),
    "scrub": re.compile(r"scrub|巡检", re.IGNORECASE),
    "rebalance": re.compile(r"rebalanc|再平衡|均衡", re.IGNORECASE),
    # a controller of the storage taking over from another (cold read 15, R: "controller A took over its volumes")
    "failover": re.compile(r"fail-?over|took over|takeover|接管|故障切换", re.IGNORECASE),
    # the storage's own hardware at its limit (cold read 14c, Q-M5: an E3.S drive at 81 °C throttled one run)
    "thermal": re.compile(r"thermal|throttl|overheat|温度上限|过热|降速", re.IGNORECASE),
    # a planned upgrade of the storage's own nodes while it serves (cold read 18, Y-M2: "find the cause of run 6" where
    # the record named a rolling firmware upgrade of storage node 4)
    "upgrade": re.compile(r"upgrad|firmware update|升级", re.IGNORECASE),
}

#: A spread at this share of its limit or more is near it: within a fifth of the limit (Q: 4.36% against 5.0%).
NEAR_LIMIT_SHARE = 0.8


#: Recorded causes outside the storage's own work: a fault of what surrounds it, or a cause of no kind CAUSES knows.
OUTSIDE = ("infrastructure", "recorded")

#: A fault of what surrounds the storage under test (its network, the clients, power) a record may name as a slow
#: run's cause (cold read 19, AA-M2: "a storage-switch port facing BX-40 node 2 flapped ... NFS clients retransmitted").
INFRASTRUCTURE = re.compile(
    r"switch|\bports?\b|\blinks?\b|LACP|network|retransmi|\bNIC\b|cabl|power (?:cut|loss|fail)|"
    r"交换机|端口|链路|网络|闪断|重传|网卡|断电",
    re.IGNORECASE,
)

#: Words that make a sentence naming a run the record of what happened during it.
EVENT = re.compile(r"\bduring\b|\bwhile\b|\bbecause\b|\bcaused\b|\bdue to\b|期间|由于|因为|导致|造成", re.IGNORECASE)

#: Words that say the record found no cause: such a sentence names none.
NO_CAUSE = re.compile(
    r"\bno cause\b|\bshows? nothing\b|\bno error\b|\bunknown\b|\bnot known\b|\bunexplained\b|\bnone found\b|"
    r"原因不明|未查明|未找到"
)


def _run_words(run: str) -> str:
    return rf"(?:\brun\s*{run}\b|第\s*{run}\s*次)"


def _cause_sentence(note: str, run: str) -> str | None:
    """The sentence of `note` that names run `run` and says what happened during it (EVENT, or a fault INFRASTRUCTURE
    knows), where it does not say that no cause was found; None otherwise."""
    for sentence in re.split(r"(?<=[.;])\s+|[。；]", note):
        if not re.search(_run_words(run), sentence, re.IGNORECASE) or NO_CAUSE.search(sentence):
            continue
        told = re.sub(r"\s*[(（][^)）]*[)）]", "", sentence)  # what a parenthesis says is evidence, not the cause
        if EVENT.search(told) or INFRASTRUCTURE.search(told):
            return sentence
    return None


def recorded_cause(test: JointTest, items: tuple[str, ...]) -> str | None:
    """The cause the record of the save runs gives for the outlying runs `items` ("side:run"): an id of CAUSES where
    the record names each run by its number and one kind of background work (cold read 13b, Y-M1: "find the cause of
    run 5" where the record said a chunk server was rebuilding a failed disk); else, where a sentence of the record
    names each run and what happened during it, "infrastructure" for a fault of what surrounds the storage
    (INFRASTRUCTURE) or "recorded" for any other cause, whatever it is (cold read 19, AA-M2: a switch-port flap read
    as unexplained, "find the cause", a rebuild or a scrub guessed); None otherwise."""
    note = test.config.sources.get("save_times", "")
    runs = {item.split(":")[1] for item in items}
    named = all(re.search(_run_words(run), note, re.IGNORECASE) for run in runs)
    kinds = [cause for cause, words in CAUSES.items() if words.search(note)]
    if named and len(kinds) == 1:
        return kinds[0]
    sentences = [_cause_sentence(note, run) for run in sorted(runs)]
    if not runs or any(sentence is None for sentence in sentences):
        return None
    return "infrastructure" if all(INFRASTRUCTURE.search(s or "") for s in sentences) else "recorded"


#: A quoted cause longer than this many characters is cut at its first clause (a Chinese one always is).
QUOTE_CHARS = 60


def cause_quote(test: JointTest, items: tuple[str, ...]) -> str:
    """The cause the record of the save runs gives for the first of the outlying runs `items`, in its own words and a
    few of them: the sentence naming the run, without its parentheses and the words naming the run, cut at its first
    clause where long (AA: "a storage-switch port facing BX-40 node 2 flapped"); "" where it names none."""
    run = sorted(item.split(":")[1] for item in items)[0] if items else ""
    sentence = _cause_sentence(test.config.sources.get("save_times", ""), run) if run else None
    if sentence is None:
        return ""
    text = re.sub(r"\s*[(（][^)）]*[)）]", "", sentence).strip()
    mention = re.search(_run_words(run), text, re.IGNORECASE)
    after = text[mention.end() :] if mention else text
    after = re.sub(r"^\s*(?:运行)?(?:期间|中|时)?[\s,，:：]*", "", after)
    quote = after if len(after) >= 8 else text
    first = re.split(r",\s|，|、|\s+and\s+", quote)[0]
    if len(first) >= 8 and (len(quote) > QUOTE_CHARS or not first.isascii()):
        quote = first
    return quote.strip().rstrip(".。")


def slow_outlier_runs(s: SaveSide) -> tuple[int, ...]:
    """The side's outlying runs that are slower than its median (modified z-score above 0), in run order."""
    z = dict(zip(s.run_numbers, stats.modified_z(s.times_s), strict=True))
    return tuple(run for run in s.outlier_runs if z[run] > 0)


def recorded_outlier(test: JointTest, m: Metrics) -> dict | None:
    """A slow outlying run on one side whose cause the record of the save runs gives (`recorded_cause`), the side's
    runs, and whether that run alone brings the side's spread near its limit: at NEAR_LIMIT_SHARE of the limit or more
    with it, within the limit, and below that share without it (cold read 14c, Q-M5; Chinese reading 14c, Q-M4: 4.36%
    against 5.0%, 1.38% without it). None without such a run, or where the runs are on both sides."""
    items = []
    for side, s in zip(("baseline", "candidate"), m.save.sides(), strict=True):
        items += [(side, run, s) for run in slow_outlier_runs(s)]
    if not items or len({side for side, _run, _s in items}) > 1:
        return None
    cause = recorded_cause(test, tuple(f"{side}:{run}" for side, run, _s in items))
    if cause is None:
        return None
    side, s = items[0][0], items[0][2]
    kept = [t for r, t in zip(s.run_numbers, s.times_s, strict=True) if r not in s.outlier_runs]
    sd = stats.stdev(kept)
    without = None if sd is None else 100 * sd / stats.mean(kept)
    limit = test.config.gates.max_cv_pct
    near = (
        s.cv_pct is not None
        and without is not None
        and NEAR_LIMIT_SHARE * limit <= s.cv_pct <= limit
        and without < NEAR_LIMIT_SHARE * limit
    )
    return {
        "side": side,
        "runs": tuple(run for _side, run, _s in items),
        "of": s.runs,
        "times_s": tuple(t for r, t in zip(s.run_numbers, s.times_s, strict=True) if r in s.outlier_runs),
        "cause": cause,
        "cv_pct": s.cv_pct,
        "cv_without_pct": without,
        "limit": limit,
        "near": near,
    }
