"""Questions and answers: the white paper's three questions and the asynchronous one, each answered in two sentences
at most from the figures, pointing to the section that argues it."""

from __future__ import annotations

from report.compute.counterpoints import restores_slower
from report.compute.save_overlap import overlapping
from report.document.blocks import (
    Para,
    Section,
    Subsection,
)
from report.document.spoken import fill, said, spoken
from report.formatting import (
    count,
    gb,
    given,
    gpus,
    s3,
    sig,
    x3,
)
from report.i18n import _, join_clauses, join_words
from report.wording.base import Words
from report.wording.capacity import (
    QUEUEING,
    demand,
    optimum_equivalents,
    per_node,
)
from report.wording.counterpoints import slower_restores
from report.wording.decisions import means_only, speedup_established, staging_alone
from report.wording.flagged import flag_words, same_checkpoint, workload_name
from report.wording.loads import (
    direction_settled,
    least_savings,
    load_not_established,
    loads_marked,
    spread_excess,
)
from report.wording.phrases import (
    per_save,
    sooner,
)
from report.wording.projection_reach import unmeasured_clause, unmeasured_sides
from report.wording.projection_signs import projections_title
from report.wording.scaling_cluster import against
from report.wording.scaling_headline import qa_sentence
from report.wording.staging import staging_cause
from report.wording.statements import (
    async_title,
    log_outrun,
    no_difference_note,
    restores_from_memory,
    stall_free_clause,
    stall_free_shorter,
)
from report.wording.workloads import measured_larger, timed_elsewhere, timed_gpus

ID = "qa"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def _utilisation_answer(w: Words) -> Subsection:
    """The white paper's first question, in two sentences: what the candidate's saves do to the run, and what that is
    worth in a cluster with the bandwidth it needs (the GPU-equivalents statement names its mean and peak demand)."""
    m = w.m
    s, b = m.save, m.bubble
    # the run's change alone: the bubble shares are the section's, page 1's and the summary's (issue 45: each decision
    # figure at most four times on the customer pages)
    # the sign of the time saved: none says the run takes as long (cold read 14, Q: "ends sooner" beside 0 s saved)
    change = b.duration_reduction_pct
    # scoped to the workload the training figures are of: another in the save times may go the other way (cold read
    # 12, V-M4: "a run on TS-90 ends sooner" beside a 256-GPU job whose saves take 1.84× as long on it)
    run = (
        (
            _("If the means held, a run of {model} on {candidate_system} would end sooner than on {baseline_system}")
            if change > 0
            else _(
                "If the means held, a run of {model} would take as long on {candidate_system} as on {baseline_system}"
            )
            if change == 0
            else _(
                "If the means held, a run of {model} on {candidate_system} would end later than on {baseline_system}"
            )
        )
        if means_only(m)
        else _("A run of {model} on {candidate_system} ends sooner than on {baseline_system}")
        if change > 0
        else _("A run of {model} takes as long on {candidate_system} as on {baseline_system}")
        if change == 0
        else _("A run of {model} on {candidate_system} ends later than on {baseline_system}")
    ).format(model=s.baseline.model, candidate_system=w.name("candidate"), baseline_system=w.name("baseline"))
    contrary = _contrary_workloads(w)
    run = (_("{run}; this does not hold for {workloads}.") if contrary else _("{run}.")).format(
        run=run, workloads=contrary
    )
    return Subsection(
        "qa-utilisation",
        (
            # the staging times given make the difference, not the slower save (cold read 9, J-B1)
            _("What do the staging times given do to GPU utilisation?")
            if staging_alone(m)
            else _("What would this test's save-time ratio do to GPU utilisation?")
            if not speedup_established(m)
            else _("What does the faster checkpoint save do to GPU utilisation?")
            if s.speedup >= 1
            else _("What does the slower checkpoint save do to GPU utilisation?")
        ),
        (
            w.p(
                " ".join(t for t in (run, _capacity_words(w), staging_cause(m)) if t),
                "save_times",
                "bandwidth",
                *_swept(w),
            ),
        ),
    )


def _contrary_workloads(w: Words) -> str:
    """The other workloads both save systems timed whose ratio lies on the other side of 1 from the training model's
    speedup: the utilisation answer does not hold for them, said with each one's ratio; "" where none."""
    m = w.m
    faster = m.save.speedup >= 1
    contrary = [o for o in m.other_saves if (o.ratio < 1) == faster and o.ratio != 1]
    if not contrary:
        return ""
    parts = [
        (
            _("“{model}” on {gpus} GPUs, whose saves take {ratio} as long on {candidate}")
            if faster
            else _("“{model}” on {gpus} GPUs, whose saves are {ratio} faster on {candidate}")
        ).format(
            model=o.model,
            gpus=count(o.gpus),
            ratio=x3(1 / o.ratio if faster else o.ratio),
            candidate=w.name("candidate"),
        )
        for o in contrary
    ]
    return join_words(parts)


def _swept(w: Words) -> tuple[str, ...]:
    """("scaling",) where the cluster's demand is set against the client sweep (its figures are marked as it is)."""
    m = w.m
    if against(m) is None or log_outrun(m) or per_node(m) or m.bubble.gpu_equivalents < 0:
        return ()
    return ("scaling",)


def _capacity_words(w: Words) -> str:
    """The cluster's gain with the bandwidth it needs, mean and peak, in one sentence, and where it is argued."""
    m = w.m
    b, c = m.bubble, demand(m)
    fields = {
        "cluster": count(b.cluster_gpus),
        "gpus": gpus(abs(b.gpu_equivalents)),
        "optimum": optimum_equivalents(m),
        "mean": sig(c.mean_write_gbps),
        "peak": sig(c.peak_write_gbps),
        "measured": (
            _("the bandwidth input's {gbps} GB/s")
            if "bandwidth" in m.inputs_illustrative
            else _("this test's {gbps} GB/s of one node")
            if per_node(m)
            else _("this test's {gbps} GB/s")
        ).format(gbps=sig(m.bandwidth.candidate_gbps)),
        "section": _("Training bubble analysis"),
    }
    if log_outrun(m):
        text = _(
            "In a cluster of {cluster} GPUs that would be {gpus} GPU-equivalents if the storage kept pace with saves "
            "needing {mean} GB/s on average and {peak} GB/s at once, which the logged bandwidth cannot tell "
            "(see “{section}”)."
        )
    elif per_node(m) and m.checkpoint_mode == "async":
        # the write's deadline, not "at once" (scaling reading 20, AC-m2)
        text = _(
            "In a cluster of {cluster} GPUs that is {gpus} GPU-equivalents at today's interval ({optimum} with each "
            "system at its optimal interval); a node's part of the saves needs {mean} GB/s on average and {peak} GB/s "
            "to finish each write before the next save, against {measured} (see “{section}”)."
        )
    elif per_node(m):
        text = _(
            "In a cluster of {cluster} GPUs that is {gpus} GPU-equivalents at today's interval ({optimum} with each "
            "system at its optimal interval); a node's part of the saves needs {mean} GB/s on average and {peak} GB/s "
            "at once against {measured} (see “{section}”)."
        )
    elif b.gpu_equivalents < 0:
        text = _(
            "In a cluster of {cluster} GPUs that is a loss of {gpus} GPU-equivalents at today's interval (see "
            "“{section}”)."
        )
    elif overlapping(m) and not c.mean_to_sustained > 1:
        # saves that cannot be staggered: the figure is not established (scaling reading 20, AB-M1)
        # the demand said beside it, as every GPU-equivalents statement does (CONTRACT.md); two sentences at most, the
        # figures of the overlap in the section it points to
        text = (
            _(
                "In a cluster of {cluster} GPUs that would be {gpus} GPU-equivalents at today's interval ({optimum} "
                "with each system at its optimal interval) only if every job's save kept the time it took alone, "
                "which the saves on {systems} cannot, as they overlap, with saves needing {mean} GB/s on average and "
                "{peak} GB/s if every job saved at once (see “{section}”)."
            )
            if against(m) is not None
            else _(
                "In a cluster of {cluster} GPUs that would be {gpus} GPU-equivalents at today's interval ({optimum} "
                "with each system at its optimal interval) only if every job's save kept the time it took alone, "
                "which the saves on {systems} cannot, as they overlap, with saves needing {mean} GB/s on average and "
                "{peak} GB/s if every job saved at once, against {measured} (see “{section}”)."
            )
        )
        return text.format(systems=join_words([o.system for o in overlapping(m)]), **fields)
    elif against(m) is not None:
        # set against the client sweep, not one client's bandwidth (scaling reading 6, M3)
        text = (
            _(  # the asynchronous write's deadline, not "at once" (scaling reading 16, M2)
                "In a cluster of {cluster} GPUs that would be {gpus} GPU-equivalents at today's interval ({optimum} "
                "with each system at its optimal interval), with saves needing {mean} GB/s on average and {peak} GB/s "
                "for every job's write to finish before its next save (see “{section}”)."
            )
            if m.checkpoint_mode == "async"
            else _(
                "In a cluster of {cluster} GPUs that would be {gpus} GPU-equivalents at today's interval ({optimum} "
                "with each system at its optimal interval), with saves needing {mean} GB/s on average and {peak} GB/s "
                "if every job saved at once (see “{section}”)."
            )
        )
        return text.format(**fields)  # the demand against the sweep: in the section it points to
    elif c.mean_to_sustained > 1:
        text = _(
            "In a cluster of {cluster} GPUs that would be {gpus} GPU-equivalents at today's interval ({optimum} with "
            "each system at its optimal interval), but only with saves needing {mean} GB/s on average and {peak} GB/s "
            "at once against {measured}, more than it shows even on average (see “{section}”)."
        )
    elif c.peak_to_sustained > 1 and c.mean_to_sustained >= QUEUEING:
        text = _(
            "In a cluster of {cluster} GPUs that would be at most {gpus} GPU-equivalents at today's interval "
            "({optimum} with each system at its optimal interval): saves needing {mean} GB/s on average, within "
            "{measured}, but {peak} GB/s if every job saved at once, would often overlap and wait for each other (see "
            "“{section}”)."
        )
    elif c.peak_to_sustained > 1:
        text = _(
            "In a cluster of {cluster} GPUs that would be {gpus} GPU-equivalents at today's interval ({optimum} with "
            "each system at its optimal interval), with saves needing {mean} GB/s on average, within {measured}, but "
            "{peak} GB/s if every job saved at once: the saves must stay staggered (see “{section}”)."
        )
    else:
        text = _(
            "In a cluster of {cluster} GPUs that is {gpus} GPU-equivalents at today's interval ({optimum} with each "
            "system at its optimal interval); its saves need {mean} GB/s on average and {peak} GB/s at once, within "
            "{measured} (see “{section}”)."
        )
    return text.format(**fields)


def gpu_time(gpu_hours: float) -> str:
    """GPU time in the unit a reader uses for its size: GPU-hours from one, else GPU-minutes, else GPU-seconds."""
    if gpu_hours >= 1:
        return _("{n} GPU-hours").format(n=sig(gpu_hours))
    if gpu_hours * 60 >= 1:
        return _("{n} GPU-minutes").format(n=sig(gpu_hours * 60))
    return _("{n} GPU-seconds").format(n=sig(gpu_hours * 3600))


def _lifecycle_answer(w: Words) -> Subsection:
    """The white paper's second question, in two sentences: the training run's GPU time, then each model's cold
    start (never one pair's saving said of all), not added together."""
    m = w.m
    lc = m.lifecycle
    training = (
        # equal on both systems: said so, not "0 GPU-seconds less" (Chinese reading 14c, Q-m2)
        _("Each run of {model} spends as much GPU time on checkpoints on either system")
        if lc.training_saved_s == 0
        else _("If the means held, each run of {model} would spend {gpu_time} {less} on checkpoints")
        if means_only(m)
        else _("Each run of {model} spends {gpu_time} {less} on checkpoints")
    ).format(
        model=m.save.baseline.model,
        gpu_time=gpu_time(abs(lc.training_gpu_hours_saved)),
        less=_("less") if lc.training_saved_s >= 0 else _("more"),
    )
    return Subsection(
        "qa-lifecycle",
        _("How do faster saves in training and faster loads in inference add up over a model's life cycle?"),
        (
            w.p(
                " ".join(
                    t
                    for t in (
                        training + _(" (see “{section}”).").format(section=_("Training bubble analysis")),
                        staging_cause(m),
                    )
                    if t
                ),
                "save_times",
            ),
            # loads that read memory are marked so (loads_marked); the loading section says it in words
            Para(_cold_start_words(w), "p", loads_marked(w)),
        ),
    )


def _scale_answer(w: Words) -> Subsection:
    """The white paper's third question, in two sentences: cluster size from the scaling section's figures, then model
    size (the projections, and the other sizes timed that fall below G3's target)."""
    m = w.m
    blocks = [qa_sentence(w)]  # the white paper's scaling claim, from the scaling section's figures (issue 47)
    below = w.findings.get("other_models_below_target")
    size = ""
    projected = [p for p in m.projections if not p.measured_size]
    measured = [p for p in m.projections if p.measured_size and not timed_elsewhere(m, p)]
    elsewhere = [p for p in m.projections if timed_elsewhere(m, p)]
    larger = measured_larger(m) if "save_times" not in m.inputs_illustrative else []
    if larger:
        # a larger size both systems timed is said measured, with its ratio (cold read 5b, M1: "Larger checkpoints
        # are projected, not measured" beside five 980 GB saves a system)
        size = _("A larger checkpoint was timed on both systems: {measured} (see “{section}”)").format(
            measured=join_words(
                [
                    _("“{model}” at {size}, {ratio}").format(model=o.model, size=gb(o.snapshot_gb), ratio=x3(o.ratio))
                    for o in larger
                ]
            ),
            section=_("Executive summary"),
        )
        if projected:
            size = spoken(
                size,
                _("; "),
                _("{projections} are projected, not measured (see “{section}”)").format(
                    projections=join_words([p.name for p in projected]),
                    section=projections_title(m),
                ),
            )
    elif projected:
        size = _("Larger checkpoints are projected, not measured ({projections}; see “{section}”)").format(
            # the names only: the projections section says at which GPU count each is projected (a label's own
            # brackets nested in these read "(405B on 512 GPUs (projected at 64 GPUs); …")
            projections=join_words([p.name for p in projected]),
            section=projections_title(m),
        )
    elif measured and "save_times" not in m.inputs_illustrative:
        size = _("The larger checkpoint asked about was timed on both systems ({projections}; see “{section}”)").format(
            projections=join_words([p.name for p in measured]),
            section=projections_title(m),
        )
    if elsewhere and "save_times" not in m.inputs_illustrative:
        # its size timed, but on another GPU count: not "timed on both systems" (scaling reading 9, B3)
        moved = join_clauses(
            [
                _(
                    "“{name}” was timed at its size on {timed} GPUs only, not on {gpus}: its times there ({baseline} "
                    "{b}, {candidate} {c}) are estimates from those saves, with no range, not timings (see “{section}”)"
                ).format(
                    name=p.name,
                    timed=join_words([count(g) for g in timed_gpus(m, p.snapshot_gb)]),
                    gpus=count(p.gpus or 0),
                    baseline=w.name("baseline"),
                    b=s3(p.baseline_s),
                    candidate=w.name("candidate"),
                    c=s3(p.candidate_s),
                    section=projections_title(m),
                )
                if not unmeasured_sides(w, p)
                else unmeasured_clause(w, p, projections_title(m))
                for p in elsewhere
            ]
        )
        size = spoken(size, _("; "), moved) if size else moved
    if below is not None:
        # the same checkpoint on another GPU count is named so, and a row the audit flags is said to be (8b, H-5)
        others = [next(o for o in m.other_saves if o.model == model) for model in below.scope.items]
        pair = _("{model} at {ratio}") if any(same_checkpoint(w, o) for o in others) else _("{model} {ratio}")
        ratios = join_words([pair.format(model=workload_name(w, o), ratio=x3(below["ratio"][o.model])) for o in others])
        tail = fill(
            _("of the other configurations timed, {ratios} fall below the {target}× target")
            if any(same_checkpoint(w, o) for o in others)
            else _("of the other model sizes timed, {ratios} fall below the {target}× target"),
            ratios=said(below, ratios),
            target=given(below["target"]),
        )
        flags = [text for text in (flag_words(w, o) for o in others) if text]
        if flags:
            tail = spoken(tail, _(", but "), join_words(flags))
        size = spoken(size, _("; "), tail) if size else spoken(_("Model size: "), tail)
    if size:
        blocks.append(w.p(spoken(size, _(".")), "save_times"))
    if not projected and not m.other_saves:
        # one model at one size: the question's model size said unanswered, not passed over (scaling reading 15, m6)
        text = _(
            "Model size: one model at one checkpoint size was timed ({model}, {size}); this test did not measure or "
            "project another model size, so it does not say whether the effect holds for other model sizes."
        )
        blocks.append(w.p(text.format(model=m.save.baseline.model, size=gb(m.save.baseline.snapshot_gb)), "save_times"))
    return Subsection("qa-scale", _("Does the effect hold at other cluster and model sizes?"), tuple(blocks))


def _async_answer(w: Words) -> Subsection:
    """ "We checkpoint asynchronously: why buy faster storage?" (async mode; sync mode asks whether saving
    asynchronously would make faster storage unnecessary), in two sentences: what asynchronous saves leave of the
    benefit at today's interval, then what the storage still changes."""
    m = w.m
    a, r = m.async_, m.reliability
    if a.storage_stalls and m.checkpoint_mode == "async":
        # the job's own figures are these: the run's change is the summary's and the bubble section's
        # the sign of the job's time saved (the summary's and the bubble section's): a slower candidate lengthens it
        change = m.bubble.duration_reduction_pct
        today = (
            _(
                "At today's interval a write outlasts the compute between saves, so the storage still stalls training "
                "and the faster storage shortens the run."
            )
            if change > 0
            else _(
                "At today's interval a write outlasts the compute between saves, so the storage still stalls training, "
                "but the run takes as long on {candidate} as on {baseline}."
            )
            if change == 0
            else _(
                "At today's interval a write outlasts the compute between saves, so the storage still stalls training "
                "and the run ends later on {candidate}."
            )
        ).format(candidate=w.name("candidate"), baseline=w.name("baseline"))
    elif a.storage_stalls:
        today = _(
            "At today's interval a write outlasts the compute between saves, so the storage still stalls training: "
            "with asynchronous saves the run would finish {sooner} on {candidate}."
        ).format(sooner=sooner(a.duration_reduction_pct), candidate=w.name("candidate"))
    else:
        today = _(
            "At today's interval neither write ({baseline} and {candidate}) of {model} outlasts the {tau} of compute "
            "between saves, so with asynchronous saves faster storage would not change its training time."
        ).format(
            model=m.save.baseline.model,
            baseline=s3(a.baseline.write_lag_s),
            candidate=s3(a.candidate.write_lag_s),
            tau=s3(r.interval_s),
        )
    # the second sentence: what the storage still changes, with its worth at the assumed failure rate (fifth cold
    # read, M1: a shorter stall-free interval "buys little" where the optimal interval is longer than both)
    changes = (
        _("Beyond training time: {clause}")
        if a.storage_stalls
        else _("What it still changes: {clause}")
        if stall_free_shorter(m)
        else _("Nor does saving more often favour the candidate: {clause}")
    ).format(clause=stall_free_clause(m))
    if r.baseline.restore_s is None or r.candidate.restore_s is None:  # both measured, or neither
        changes += _("; restores were not measured")
    elif restores_slower(m):
        # a drawback, not among what the storage still changes for the better (Chinese reading 13b, X-5)
        changes += _("; but {restores}").format(restores=slower_restores(w).rstrip(".。"))
    # the restore times are compared in the failure section alone (repeat19b: said five times): a pointer there
    changes += (
        _(" (see “{section}”; restore times in “{failures}”).").format(
            section=async_title(m), failures=_("Failures and the checkpoint interval")
        )
        if r.baseline.restore_s is not None and not restores_from_memory(m)
        else _(" (see “{section}”).").format(section=async_title(m))
    )
    # asked as it applies to the job: a job that saves synchronously does not "already" save asynchronously (Chinese
    # reading 13b, Y 10: the question put to OLMo-core's synchronous saves read as a template)
    question = (
        _("We checkpoint asynchronously: why buy faster storage?")
        if m.checkpoint_mode == "async"
        else _("Would saving asynchronously make faster storage unnecessary?")
    )
    return Subsection(
        "qa-async",
        question,
        (w.p(today + " " + changes, "save_times", "restore_times"),),
    )


def _cold_start_words(w: Words) -> str:
    """What a cold start saves, model by model (the finding load_savings), in one sentence: never one pair's saving
    said of all."""
    m = w.m
    section = _("Model loading for inference")
    if load_not_established(m) and direction_settled(w):  # faster at 95% confidence, its size open (5b, M6)
        return _(
            "Deploying and serving: at 95% confidence {candidate} loads faster, {least}; only the size of each ratio "
            "is not yet pinned down, with spreads of {excess} (see “{section}”)."
        ).format(candidate=m.load.candidate_system, least=least_savings(w), excess=spread_excess(w), section=section)
    if load_not_established(m):  # no saving to state (cold read 10, M2)
        return _(
            "Deploying and serving: the load times do not yet establish a cold-start saving (see “{section}”)."
        ).format(section=section)
    found = w.findings.get("load_savings")
    assert found is not None, "every joint test has the finding load_savings"
    per_pair = join_clauses(
        [
            _("{saved} for {model} on {platform}").format(saved=per_save(p.saved_s), model=p.model, platform=p.platform)
            for p in m.load.models
        ]
    )
    text = (
        # loads from a candidate local to each node read a model already on the node (cold read 14c, Q-M3: "at every
        # scale-out … and model update" where a fresh node or a new model needs the copy first)
        _(
            "Deploying and serving: a cold start on a node that already holds the model, as at a restart, takes "
            "{per_pair}; a scale-out onto a fresh node or a model update needs the model copied onto the node's "
            "drives first, which this test did not time (see “{section}”)."
        )
        if m.node_local is not None and m.node_local.load_copy_untimed
        else _(
            "Deploying and serving: a cold start, at every scale-out, restart and model update, takes {per_pair} (see "
            "“{section}”)."
        )
    )
    return fill(text, per_pair=said(found, per_pair), section=section)


def build(w: Words) -> Section:
    return Section(
        ID,
        _("Questions and answers"),
        (*no_difference_note(w), _utilisation_answer(w), _async_answer(w), _lifecycle_answer(w), _scale_answer(w)),
    )
