"""The risks and counter-arguments of report/compute/risks.py in words: the storage's share first where the staging
times alone make a training-time figure, what the trainer's own asynchronous saves would leave, the other side's
degraded state untested, and the access path a load comparison includes."""

from __future__ import annotations

from report.compute.asynchronous import stall_free_impractical
from report.formatting import count, gpus, hours, money, p3, ratio3, ratio3_beside, s3
from report.i18n import _, join_clauses, join_words
from report.wording.base import Words
from report.wording.outlier_words import cause_words
from report.wording.statements import frequent_saves_help


def staging_tile(w: Words, tile_id: str, value: str, label: str, note: str) -> tuple[str, str, str] | None:
    """A page-1 tile's figure, label and note where the staging times given alone make its difference (the finding
    staging_made): the storage's share first, then the figure the staging times make, called a trainer setting (cold
    read 15, S-B1: "0.604% shorter training run" credited to the candidate from 4.7 s against 8.3 s of staging); None
    for another tile or test."""
    found = w.findings.get("staging_made")
    if found is None or tile_id not in ("bubble", "training", "ettr", "capacity"):
        return None
    if tile_id == "bubble":  # each side's stall is its own staging: the arrow is no storage's (cold read 15, S-B1)
        return value, label, _("{note}; each the staging alone, a trainer setting").format(note=note)
    stagings = _("{candidate} against {baseline} of staging a save").format(
        candidate=s3(found["candidate_s"]), baseline=s3(found["baseline_s"])
    )
    if tile_id == "training":
        note = (
            _("{staged} shorter with the staging times given ({stagings}), a trainer setting, not the storage")
            if found["staged_reduction_pct"] >= 0
            else _("{staged} longer with the staging times given ({stagings}), a trainer setting, not the storage")
        ).format(staged=p3(abs(found["staged_reduction_pct"])), stagings=stagings)
        if not found["established"]:  # one figure a side, no spread (cold read 20, AC-M2)
            note = _("{note}; not established, as no spread is given").format(note=note)
        return p3(found["storage_reduction_pct"]), _("shorter training run from the storage"), note
    baseline = ratio3(w.m.reliability.baseline.ettr)
    if tile_id == "ettr":
        return (
            f"{baseline} → {ratio3_beside(found['storage_ettr'], w.m.reliability.baseline.ettr)}",
            _("effective training time ratio (ETTR), the storage's part"),
            _(
                "at today's interval, failures included, with equal staging on both; {baseline} → {staged} with the "
                "staging times given, a trainer setting"
            ).format(baseline=baseline, staged=ratio3(found["staged_ettr"])),
        )
    return (
        gpus(found["storage_optimum_gpu_equivalents"]),
        _("GPU-equivalents from the storage, each system at its optimal interval"),
        _(
            "{today} at today's interval; with the staging times given, a trainer setting: {staged_optimum} at the "
            "optimal intervals, {staged_today} at today's"
        ).format(
            today=gpus(found["storage_gpu_equivalents"]),
            staged_optimum=gpus(found["staged_optimum_gpu_equivalents"]),
            staged_today=gpus(found["staged_gpu_equivalents"]),
        ),
    )


def staging_value(w: Words) -> str:
    """The value line's opening where the staging times alone make the time saved (staging_made): the storage's value
    first, then what follows as the staging times' ("" elsewhere)."""
    found = w.findings.get("staging_made")
    e = w.m.economics
    if found is None or e is None or found["storage_optimum_value_per_year"] is None:
        return ""
    if not found["established"]:  # cold read 20, AC-M2: a value on two medians with no spread
        return _(
            "Value of the time the storage saves: none at today's interval, {optimum} a year for the whole cluster "
            "with each system at its optimal interval. With the staging times given, a trainer setting, not the "
            "storage, and one figure a side with no spread, so that what follows is not established:"
        ).format(optimum=money(found["storage_optimum_value_per_year"], e.currency))
    return _(
        "Value of the time the storage saves: none at today's interval, {optimum} a year for the whole cluster with "
        "each system at its optimal interval. With the staging times given, a trainer setting, not the storage:"
    ).format(optimum=money(found["storage_optimum_value_per_year"], e.currency))


def staging_unestablished(w: Words) -> str:
    """Where the staging times alone make the time saved and their difference is not established (staging_made's
    `established`: one figure a side, no spread), that every figure resting on it is not, for the economics section
    beside the values it gives (cold read 20, AC-M2); "" otherwise."""
    found = w.findings.get("staging_made")
    if found is None or found["established"]:
        return ""
    return _(
        "The staging times are one figure a side with no spread, so their difference of {difference} a save is not "
        "established, nor is any training-time difference or value that rests on it; the per-save staging times "
        "with their spread would settle it."
    ).format(difference=s3(abs(found["baseline_s"] - found["candidate_s"])))


def async_counterpoint(w: Words) -> str:
    """What the trainer's own asynchronous saves would leave of a synchronous job's benefit (the finding
    async_trainer), in full for the asynchronous section: the trainers the records name that can, or that none is
    named; the benefit the what-if leaves at today's interval; and what the candidate keeps, its faster restores where
    both were timed and the rework a failure costs, conditional on the intervals and the failure rate assumed (cold
    read 15, R-M3; Chinese reading 15pq, P-M2, P-M3). Page 1 gives one sentence of it (`async_proviso`). "" without
    the finding."""
    found = w.findings.get("async_trainer")
    if found is None:
        return ""
    fields = _async_fields(w, found)
    head = (
        _("{trainers}, named in this test's records, can save asynchronously, a setting of the trainer.")
        if found["trainers"]
        else _(
            "The records name no trainer this report knows to save asynchronously (PyTorch DCP, Megatron-LM, NeMo "
            "and torchtitan can); whether this job's can is the first thing to ask."
        )
    ).format(**fields)
    kept = _kept(w)
    if found["async_reduction_pct"] == 0:
        tail = (
            _(
                "Were its saves asynchronous, training would take as long on either system at today's interval "
                "({staging}), and {candidate} would keep {kept}."
            )
            if kept
            else _(
                "Were its saves asynchronous, training would take as long on either system at today's interval "
                "({staging})."
            )
        )
    else:
        tail = _(
            "Were its saves asynchronous, training would be {async} shorter on {candidate} at today's interval "
            "({staging})."
        )
    return head + " " + tail.format(kept=join_clauses(kept, inner=True), **fields)  # clauses: "…，…" (zh reading 15)


def async_proviso(w: Words) -> str:
    """The asynchronous what-if on page 1, one sentence: which trainer can save asynchronously and what that leaves
    of the benefit at today's interval, pointing to the asynchronous section for the rest (cold tests 17, W: two
    sentences and a list of what the candidate keeps ran the decision page onto page 3). "" without the finding."""
    found = w.findings.get("async_trainer")
    if found is None:
        return ""
    fields = _async_fields(w, found)
    if found["async_reduction_pct"] == 0:
        text = (
            _(
                "{trainers} can save asynchronously, a setting of the trainer: training would then take as long on "
                "either system at today's interval (“{section}”)."
            )
            if found["trainers"]
            else _(
                "Were this job's trainer to save asynchronously, training would take as long on either system at "
                "today's interval (“{section}”)."
            )
        )
    else:
        text = (
            _(
                "{trainers} can save asynchronously, a setting of the trainer: training would then be {async} shorter "
                "on {candidate} at today's interval (“{section}”)."
            )
            if found["trainers"]
            else _(
                "Were this job's trainer to save asynchronously, training would be {async} shorter on {candidate} at "
                "today's interval (“{section}”)."
            )
        )
    return text.format(**fields)


def _async_fields(w: Words, found) -> dict[str, str]:
    """The figures and names the asynchronous what-if is worded with."""
    return {
        "trainers": join_words(list(found["trainers"])),
        "staging": _("on the staging times given") if found["staging_given"] else _("staging taken as 0 s, untimed"),
        "candidate": w.name("candidate"),
        "section": _("Asynchronous checkpointing (what-if)"),
        "async": p3(found["async_reduction_pct"]),
    }


def _kept(w: Words) -> list[str]:
    """What asynchronous saves leave to the candidate: faster restores where both were timed, and the rework a failure
    costs less, said with the intervals it assumes (Chinese reading 15pq, P-M2: "379 s less rework" as an unconditional
    advantage)."""
    m, r = w.m, w.m.reliability
    kept = []
    baseline_s, candidate_s = r.baseline.restore_s, r.candidate.restore_s
    # restores from memory are no advantage: the failure section says what they read (the not-durable case)
    durable = "candidate" not in m.not_durable
    if durable and baseline_s is not None and candidate_s is not None and candidate_s < baseline_s:
        kept.append(
            _("restores of {candidate_s} against {baseline_s}").format(
                candidate_s=s3(candidate_s), baseline_s=s3(baseline_s)
            )
        )
    a = m.async_
    # not at intervals no job saves at (both under a tenth of today's): the asynchronous section calls that negligible,
    # and page 2 would offer it as an advantage (cold tests 17, W: "299 s less rework a failure" at 2 steps against 24,
    # today 200)
    if frequent_saves_help(m) and a.stall_free_rework_s > 0 and not stall_free_impractical(m):
        kept.append(
            _(
                "{rework} less rework a failure, were each system to save at its shortest stall-free interval "
                "({candidate_steps} steps against {baseline_steps}, not today's {steps}; a failure every {mtbf} "
                "assumed)"
            ).format(
                mtbf=hours(m.reliability.job_mtbf_s),
                rework=s3(a.stall_free_rework_s),
                candidate_steps=count(a.candidate.min_interval_steps),
                baseline_steps=count(a.baseline.min_interval_steps),
                steps=count(m.bubble.checkpoint_interval_steps),
            )
        )
    return kept


def degraded_change(w: Words) -> str:
    """What would change it where one side was timed through a failure or degraded state the record names: the other
    side timed in a state of its own kind, untested (cold read 15, R-M4); "" without the finding."""
    found = w.findings.get("degraded_untested")
    if found is None:
        return ""
    if found["cause"] == "thermal":  # a drive at its limit is no event of its own kind to time "during"
        return _(
            "{other} timed with its drives at their thermal limit, which this test did not do (only {seen}'s runs "
            "include one)"
        ).format(other=w.name(found.scope.items[0]), seen=w.name(found["seen_on"]))
    return _(
        "{other} timed during {cause} of its own, which this test did not do (only {seen}'s runs include one)"
    ).format(other=w.name(found.scope.items[0]), cause=cause_words(found["cause"]), seen=w.name(found["seen_on"]))


def _path(token: str) -> str:
    """A load path token the records name, as printed (the protocols and mounts print as they are)."""
    if token == "native client":
        return _("a native client")
    return _("local disk") if token == "local disk" else token


def load_path_words(w: Words) -> str:
    """What the load comparison includes and what it leaves untested (the finding load_path): " " and a sentence, or
    ""."""
    found = w.findings.get("load_path")
    if found is None:
        return ""
    names = {"baseline": w.name("load_baseline"), "candidate": w.name("candidate")}
    if found["differ"]:
        paths = {side: join_words([_path(t) for t in tokens]) for side, tokens in found["paths"].items()}
        return " " + _(
            "Each ratio includes the path the loads took ({baseline_path} to {baseline}, {candidate_path} to "
            "{candidate}); no other path to {baseline} (a faster client or mount, models kept nearer the servers) was "
            "tested."
        ).format(baseline_path=paths["load_baseline"], candidate_path=paths["candidate"], **names)
    return " " + _(
        "Each ratio includes the path the loads took, as tested; no other path to {baseline} was tested."
    ).format(**names)
