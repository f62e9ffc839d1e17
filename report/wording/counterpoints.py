"""The decision page's counter-arguments in words, each decided in report/compute/counterpoints.py: save times a
storage benchmark took, a candidate that restores slower, the cluster's job mix choosing between the workloads' save
ratios, a shared candidate that the whole cluster's saves would outrun, and a slow run whose cause the record names."""

from __future__ import annotations

from report.compute.counterpoints import (
    benchmark_saves,
    job_mix_decides,
    recorded_cause,
    restores_slower,
    shared_stall_floor_s,
)
from report.formatting import count, s3, sig, x3
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.outlier_words import cause_words
from report.wording.statements import frequent_saves_help


def speed_counterpoints(w: Words) -> str:
    """What the save figures on the decision page need beside them: " " and sentences, or ""."""
    out = []
    tool = benchmark_saves(w.test)
    if tool is not None:
        # Chinese reading 13b, X-4: fio imitating the trainer's writes read as the trainer's own saves
        out.append(_("{tool} timed these saves, not the trainer.").format(tool=tool))
    if restores_slower(w.m):
        out.append(slower_restores(w))
    local = w.m.node_local.sides if w.m.node_local is not None else ()
    if local == ("candidate",):
        # the candidate's own risk beside its speed (cold read 14 and Chinese reading 14, Q-M1: said on the decision
        # page only in the value line's parenthesis)
        out.append(
            _(
                "{candidate} keeps a node's part of each checkpoint on that node: a failed node takes it along, and "
                "the copy off the node that restarting elsewhere needs was not timed."
            ).format(candidate=w.name("candidate"))
        )
    return "".join(" " + text for text in out)


def slower_restores(w: Words) -> str:
    """The candidate's restores are the slower (Chinese reading 13b, X-5): both means, and, for a node-local baseline,
    where its restores were read (on the node that wrote them, which a lost node cannot do)."""
    r = w.m.reliability
    fields = {
        "candidate": w.name("candidate"),
        "baseline": w.name("baseline"),
        "candidate_s": s3(r.candidate.restore_s or 0.0),
        "baseline_s": s3(r.baseline.restore_s or 0.0),
    }
    if w.m.node_local is not None and "baseline" in w.m.node_local.sides:
        return _(
            "{candidate} restores slower: {candidate_s} against {baseline_s} on {baseline}, read on the node that "
            "wrote it."
        ).format(**fields)
    return _("{candidate} restores slower: {candidate_s} against {baseline_s}.").format(**fields)


def job_mix_change(w: Words) -> str:
    """What would change it where the workloads' save ratios straddle G3's target or lie far apart: the cluster's job
    mix, which decides which applies (cold read 13b, X-M3: 1.10× against 6.50×)."""
    m = w.m
    if not job_mix_decides(m, w.config.gates.target_speedup):
        return ""
    ratios = sorted([(m.save.speedup, m.save.baseline.model), *((o.ratio, o.model) for o in m.other_saves)])
    return _("the cluster's job mix (saves run {low} for {low_model}, {high} for {high_model})").format(
        low=_faster(ratios[0][0]), low_model=ratios[0][1], high=_faster(ratios[-1][0]), high_model=ratios[-1][1]
    )


def _faster(ratio: float) -> str:
    """A save ratio as a reader says it: "1.94× faster", and below 1 "1.84× slower", not "0.542× faster"."""
    if ratio >= 1:
        return _("{ratio} faster").format(ratio=x3(ratio))
    return _("{ratio} slower").format(ratio=x3(1 / ratio))


def sync_assumed(w: Words) -> str:
    """After what would change a case against the candidate: its benefit assumes synchronous saves (cold read 13b,
    Y-M4: "none if saved asynchronously" in a tile's small type only), a sentence of its own, not one more condition
    (Chinese reading 14b, Y), and a condition with its limits, not a verdict on the others (cold read 14c, P-M6, and
    Chinese reading 14c, P-M4: "None of these would count were the job to save asynchronously" read as a what-if
    voiding the agreed gates): whether the trainer can is unknown, the staging time the what-if takes, and what
    asynchronous saves leave to the candidate, its faster restores where both were timed and the rework a failure
    costs where its shorter stall-free interval saves some."""
    m, r = w.m, w.m.reliability
    fields = {
        "staging": _("on the staging times given")
        if m.async_.staging_given
        else _("staging taken as 0 s, which this test did not time"),
        "candidate": w.name("candidate"),
    }
    kept = []
    both = r.baseline.restore_s is not None and r.candidate.restore_s is not None
    if both and r.candidate.restore_s < r.baseline.restore_s:
        kept.append(
            _("restores of {candidate_s} against {baseline_s}").format(
                candidate_s=s3(r.candidate.restore_s), baseline_s=s3(r.baseline.restore_s)
            )
        )
    if frequent_saves_help(m) and m.async_.stall_free_rework_s > 0:
        kept.append(_("{rework} less rework after each failure").format(rework=s3(m.async_.stall_free_rework_s)))
    if not kept:
        return _(
            "Whether this job's trainer can save asynchronously this test does not show; if it can, training takes as "
            "long on either system at today's interval ({staging})."
        ).format(**fields)
    return _(
        "Whether this job's trainer can save asynchronously this test does not show; if it can, training takes as "
        "long on either system at today's interval ({staging}), and {candidate} keeps {kept}."
    ).format(kept=join_words(kept), **fields)


def shared_stall(w: Words) -> str:
    """The capacity tile's note where the cluster's saves at today's interval would outrun a shared candidate's
    bandwidth and a node-local baseline's grows with its nodes: the demand, and the direction, with the candidate's
    least stall a save (cold read 13b, X-M4: 338 GB/s against 45.1 GB/s, "not attainable", the direction unsaid)."""
    m = w.m
    floor = shared_stall_floor_s(m)
    if floor is None or m.cluster.candidate is None:
        return ""
    return _(
        # the measured bandwidth as the array's limit is an assumption: more clients were not measured (cold reads
        # 14b, X: "treats the 45.1 GB/s from 16 trays as the storage's limit")
        "{gpus}-GPU cluster of such jobs at today's interval: their saves need {mean} GB/s against this test's "
        "{measured} GB/s; were that {candidate}'s limit (more clients were not measured), a save would stall at least "
        "{floor} on it, {stall} on {baseline}"
    ).format(
        gpus=count(m.bubble.cluster_gpus),
        mean=sig(m.cluster.candidate.mean_write_gbps),
        measured=sig(m.bandwidth.candidate_gbps),
        floor=s3(floor),
        candidate=w.name("candidate"),
        stall=s3(m.save.baseline.pause_s),
        baseline=w.name("baseline"),
    )


def cause_step(w: Words, items: list[str], runs: str, clause: bool = False) -> str:
    """The next step for outlying runs whose cause the record of the save runs names (compute/counterpoints.py
    recorded_cause): how often that condition occurs in service, and the other system timed in the same state, not
    the cause (cold read 13b, Y-M1: "find the cause of run 5" beside a record of a disk rebuild); "" otherwise.
    `clause`: as a part of "What would change it: …"."""
    cause = recorded_cause(w.test, tuple(items))
    if cause is None:
        return ""
    side = items[0].split(":")[0]
    fields = {
        "runs": runs,
        "cause": cause_words(cause),
        "system": w.name(side),
        "other": w.name("candidate" if side == "baseline" else "baseline"),
    }
    if clause:
        return _(
            "how often {cause} occurs in service on {system} (the record of the save runs gives it as the cause of "
            "{runs}), and {other} timed during {cause} of its own"
        ).format(**fields)
    return _(
        "The record of the save runs gives the cause of {runs}: {cause} on {system}. Ask how often {cause} occurs "
        "there in service, and time {other} the same way during {cause} of its own."
    ).format(**fields)
