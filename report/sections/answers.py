"""Questions and answers: utilisation, the model's life cycle, other scales."""

from __future__ import annotations

from report.compute import Metrics
from report.document.blocks import (
    Para,
    Section,
    Subsection,
)
from report.document.spoken import fill, said, spoken
from report.formatting import (
    count,
    gpus,
    h3,
    long_duration,
    p3,
    projection_texts,
    s3,
    sig,
)
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.capacity import (
    capacity_beyond,
    capacity_condition,
    demand,
    demand_ratios,
    optimum_capacity,
    per_node,
)
from report.wording.decisions import means_only, speedup_established
from report.wording.loads import load_not_established, loads_marked, memory_loads
from report.wording.phrases import (
    both,
    counted_noun,
    per_save,
    sooner,
    speed_phrase,
)
from report.wording.retuning import assumed_failure_rate, optimum_words, retune_reference, today_interval_only
from report.wording.scaling import qa_sentence
from report.wording.statements import (
    async_title,
    ettr_fields,
    log_outrun,
    no_difference_note,
    projection_gpus,
    projection_label,
    restores_from_memory,
    stall_free_clause,
    stall_free_shorter,
)
from report.wording.workloads import other_ratios_sentence, other_workloads, other_workloads_words

ID = "qa"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def _utilisation_answer(w: Words) -> Subsection:
    m = w.m
    s, b = m.save, m.bubble
    return Subsection(
        "qa-utilisation",
        (
            _("What would a {ratio}× save-time ratio do to GPU utilisation?").format(ratio=sig(s.speedup))
            # not shown to differ, or not established: a condition (cold read 6, m7; cold read 22, M1)
            if not speedup_established(m)
            else _("What does a {speed} checkpoint save do to GPU utilisation?").format(speed=speed_phrase(s.speedup))
        ),
        (
            w.p(
                (
                    _(
                        "With asynchronous saves the GPUs stop while each checkpoint is staged and while a write "
                        "outlasts the interval. On {baseline} they spend {bubble} of the run stalled ({saves} of "
                        "{time}); on {candidate}, {candidate_bubble}. The share of wall time spent computing goes from "
                        "{busy} to {candidate_busy}."
                    )
                    if m.checkpoint_mode == "async"
                    else _(
                        "With synchronous saves the GPUs wait for every checkpoint. On {baseline} they spend {bubble} "
                        "of the run waiting ({saves} of {time}); on {candidate}, {candidate_bubble}. The share of wall "
                        "time spent computing goes from {busy} to {candidate_busy}."
                    )
                ).format(
                    baseline=s.baseline.system,
                    bubble=p3(b.baseline_bubble_pct),
                    saves=counted_noun(b.saves, "{n} save", "{n} saves"),
                    time=s3(s.baseline.pause_s),
                    candidate=s.candidate.system,
                    candidate_bubble=p3(b.candidate_bubble_pct),
                    busy=p3(b.baseline_compute_share_pct),
                    candidate_busy=p3(b.candidate_compute_share_pct),
                ),
                "save_times",
            ),
            w.p(
                (
                    # the Q&A is read on its own: the summary's condition goes with it (cold read 15, M1)
                    _("If the means held, the same work would be done in {candidate} instead of {baseline}.")
                    if means_only(m)
                    else _("The same work is done in {candidate} instead of {baseline}.")
                ).format(
                    candidate=long_duration(b.candidate_duration_s, b.baseline_duration_s),
                    baseline=long_duration(b.baseline_duration_s, b.candidate_duration_s),
                )
                + " "
                + (
                    _(
                        "In a cluster of {cluster} GPUs running such jobs that would be worth {gpus} GPUs of "
                        "capacity{condition} (see the summary)."
                    )
                    if capacity_beyond(m) or (means_only(m) and b.gpu_equivalents >= 0)
                    else _(
                        "In a cluster of {cluster} GPUs running such jobs that is worth {gpus} GPUs of "
                        "capacity{condition} (the summary says what bandwidth it assumes)."
                    )
                    if b.gpu_equivalents >= 0
                    else _(
                        "In a cluster of {cluster} GPUs running such jobs that would be a loss of {gpus} GPUs of "
                        "capacity (the summary says what bandwidth it assumes)."
                    )
                    if means_only(m)
                    else _(
                        "In a cluster of {cluster} GPUs running such jobs that is a loss of {gpus} GPUs of capacity "
                        "(the summary says what bandwidth it assumes)."
                    )
                ).format(
                    cluster=count(b.cluster_gpus), gpus=gpus(abs(b.gpu_equivalents)), condition=capacity_condition(m)
                )
                + optimum_capacity(m),  # the Q&A is read on its own: its limit goes with it (cold read 6, M3)
                # the bandwidth is only referred to (its figures are in the summary, marked there), unless the gain
                # needs more than the test showed: then its ratio is said here
                *(("save_times", "bandwidth") if capacity_beyond(m) else ("save_times",)),
            ),
            w.p(retune_reference(m), "save_times"),
        ),
    )


def gpu_time(gpu_hours: float) -> str:
    """GPU time in the unit a reader uses for its size: GPU-hours from one, else GPU-minutes, else GPU-seconds."""
    if gpu_hours >= 1:
        return _("{n} GPU-hours").format(n=sig(gpu_hours))
    if gpu_hours * 60 >= 1:
        return _("{n} GPU-minutes").format(n=sig(gpu_hours * 60))
    return _("{n} GPU-seconds").format(n=sig(gpu_hours * 3600))


def _lifecycle_answer(w: Words) -> Subsection:
    m = w.m
    lc, b = m.lifecycle, m.bubble
    training = (
        (
            _(
                "Training, if the means held: each run of {steps} steps would spend {time} less on checkpoint stalls, "
                "on each of its {gpus} GPUs: {gpu_time} of GPU time per run."
            )
            if lc.training_saved_s >= 0
            else _(
                "Training, if the means held: each run of {steps} steps would spend {time} more on checkpoint stalls, "
                "on each of its {gpus} GPUs: {gpu_time} of GPU time per run."
            )
        )
        if means_only(m)
        else _(
            "Training: each run of {steps} steps spends {time} less on checkpoint stalls, on each of its {gpus} GPUs: "
            "{gpu_time} of GPU time per run."
        )
        if lc.training_saved_s >= 0
        else _(
            "Training: each run of {steps} steps spends {time} more on checkpoint stalls, on each of its {gpus} GPUs: "
            "{gpu_time} of GPU time per run."
        )
    )
    return Subsection(
        "qa-lifecycle",
        _("How do faster saves in training and faster loads in inference add up over a model's life cycle?"),
        (
            w.p(
                training.format(
                    steps=count(b.total_steps),
                    time=s3(abs(lc.training_saved_s)),
                    gpus=m.save.baseline.gpus,
                    gpu_time=gpu_time(abs(lc.training_gpu_hours_saved)),
                )
                # the limit the cluster answer carries, carried by the GPU time too (cold read 8, M2)
                + (
                    " "
                    + _(
                        "That is at today's interval only: each system at its optimal interval, {contribution} (see "
                        "“{section}”)."
                    ).format(contribution=optimum_words(m), section=_("Failures and the checkpoint interval"))
                    if today_interval_only(m)
                    else ""
                ),
                "save_times",
            ),
            Para(spoken(_cold_start_words(w), memory_loads(m, w.config, full=False)), "p", loads_marked(w)),
            Para(
                _(
                    "The two are different units (GPU time of a training job, seconds of a service's start) and are "
                    "not added here: a training run and a model's cold start are not one quantity, even of the same "
                    "model."
                ),
                "note",
            ),
        ),
    )


def _scale_answer(w: Words) -> Subsection:
    m = w.m
    s, b, sc = m.save, m.bubble, m.scale
    proj = [
        (
            # in async mode the background write's time, not the stall's (cold read 29, m5)
            _(
                "{name}: {baseline} against {candidate} per save, {saved} less save time per save, written in the "
                "background"
            )
            if m.checkpoint_mode == "async"
            else _("{name}: {baseline} against {candidate} per save, {saved} saved per save")
        ).format(
            name=projection_label(m, p), baseline=f"{t.baseline} s", candidate=f"{t.candidate} s", saved=f"{t.saved} s"
        )
        for p, t in ((p, projection_texts(p)) for p in m.projections)
    ]
    held = projection_gpus(m)
    if not proj:
        proj_text = _("No other checkpoint size was projected in this test.")
    else:
        proj_text = (
            _(
                "Projected to other checkpoint sizes, at this test's GPU count ({gpus}) — {projections}. Bubble shares "
                "at other sizes also depend on their compute time per step, which this test did not measure."
            )
            if len(held) == 1
            else _(
                "Projected to other checkpoint sizes along fitted lines that take rows of {gpus} GPUs, so at no single "
                "GPU count — {projections}. Bubble shares at other sizes also depend on their compute time per step, "
                "which this test did not measure."
            )
        ).format(gpus=join_words([count(g) for g in held]), projections=_("; ").join(proj))
    return Subsection(
        "qa-scale",
        _("Does the effect hold at other cluster and model sizes?"),
        (
            w.p(
                (
                    # Asynchronous jobs pay their stalls, not their saves: the premise is the stall (49.4 s, not 340 s).
                    # On a bandwidth the test does not show, a condition from its first words (Chinese reading 12, M1).
                    _(
                        "Cluster size: the throughput gain ({gain}) is a property of each job, so the GPU-equivalents "
                        "would grow with the cluster, {per_1000} per 1,000 GPUs, if each job kept this job's stalls "
                        "({baseline} and {candidate}) and the storage a bandwidth this test does not show (below)."
                    )
                    # a bandwidth the saves outrun is weighed by the sentence after (cold read 22, M3)
                    if m.checkpoint_mode == "async" and capacity_beyond(m) and not log_outrun(m)
                    else _(
                        "Cluster size: the throughput gain ({gain}) is a property of each job, so the GPU-equivalents "
                        "would grow with the cluster, {per_1000} per 1,000 GPUs, if each job kept this job's save "
                        "times ({baseline} and {candidate}) and the storage a bandwidth this test does not show "
                        "(below)."
                    )
                    if capacity_beyond(m) and not log_outrun(m)
                    else _(
                        "Cluster size: the throughput gain ({gain}) is a property of each job, so the GPU-equivalents "
                        "grow with the cluster, {per_1000} per 1,000 GPUs, as long as each job keeps this job's stalls "
                        "({baseline} and {candidate})."
                    )
                    if m.checkpoint_mode == "async"
                    else _(
                        "Cluster size: the throughput gain ({gain}) is a property of each job, so the GPU-equivalents "
                        "grow with the cluster, {per_1000} per 1,000 GPUs, as long as each job keeps this job's save "
                        "times ({baseline} and {candidate})."
                    )
                ).format(
                    gain=p3(b.throughput_gain_pct),
                    per_1000=gpus(sc.gpu_equivalents_per_1000),
                    baseline=s3(s.baseline.pause_s),
                    candidate=s3(s.candidate.pause_s),
                )
                + (
                    " " + _("That holds at today's interval only (see the answer above).")
                    if today_interval_only(m)
                    else ""
                )
                + _scale_bandwidth(m),
                "save_times",
                "bandwidth",  # the answer always states the bandwidth its premise needs
            ),
            w.p(
                (
                    # one job across the cluster, unlike the rest of the report's many jobs of this size: said as the
                    # what-if it is, its save times not measured (cold read 16, M2)
                    _(
                        "Failures grow with scale: with {rate}, a single job across all {gpus} GPUs would fail on "
                        "average every {mtbf}. If it still saved in this job's save times (not measured: such a job "
                        "writes a larger checkpoint, in parallel), at its optimal interval it would lose {baseline} of "
                        "its compute time on {baseline_system} and {candidate} on {candidate_system}."
                    )
                    if max(sc.baseline_optimal_overhead_pct, sc.candidate_optimal_overhead_pct) < 100
                    # both losses printed: "above 100%" was one system's, not both (Chinese reading 23, m1: 86.1%)
                    else _(
                        "Failures grow with scale: with {rate}, a single job across all {gpus} GPUs would fail on "
                        "average every {mtbf}, too often for this job's save and restart times: Young's first-order "
                        "model gives {baseline} of the compute time lost on {baseline_system} and {candidate} on "
                        "{candidate_system}; above 100% it no longer applies, and near it such a job would make little "
                        "progress on either."
                    )
                ).format(
                    rate=assumed_failure_rate(m),
                    gpus=count(sc.cluster_gpus),
                    mtbf=h3(sc.job_mtbf_s),
                    # a loss past 100% is where the model stops: said so, not printed as "106%"
                    baseline=_loss(sc.baseline_optimal_overhead_pct),
                    baseline_system=s.baseline.system,
                    candidate=_loss(sc.candidate_optimal_overhead_pct),
                    candidate_system=s.candidate.system,
                )
                + _scale_beyond_run(m),
                "save_times",
            ),
            qa_sentence(w),  # the white paper's scaling claim, from the scaling section's figures (issue 47)
            w.p(proj_text, "save_times"),
            *_other_workloads_answer(w),
        ),
    )


def _loss(pct: float) -> str:
    """A failure-aware loss as the scale answer prints it: "86.1%", or "above 100%" where Young's model no longer
    applies."""
    return p3(pct) if pct < 100 else _("above 100%")


def _other_workloads_answer(w: Words) -> list:
    """The save times' other model sizes, named with their runs and said to be outside the analysis: the answer
    must not read as if nothing was timed at other sizes."""
    if not other_workloads(w):
        return []
    lead = _("Model size: the save times also include {others}.").format(others=other_workloads_words(w))
    if w.m.projections:
        text = _(
            "The analysis is the training model's only (“{model}”, {gpus} GPUs), so this report draws no conclusion "
            "at those sizes and no gate judges them: their rows enter only the projections' fitted line, and are "
            "attached to the PDF (see “{appendix}”)."
        )
    else:
        text = _(
            "The analysis is the training model's only (“{model}”, {gpus} GPUs), so this report draws no conclusion "
            "at those sizes and no gate judges them: their rows are attached to the PDF (see “{appendix}”)."
        )
    # where they are, not "does not compare" over rows Appendix A prints (cold read 18, M5), with the ratios of their
    # means, not "the speedup may differ" over ratios Appendix A's rows give (cold read 23, M2)
    text = text.format(
        model=w.config.training.model, gpus=count(w.m.save.baseline.gpus), appendix=_("Appendix A: inputs")
    )
    said = " ".join(t for t in (lead, other_ratios_sentence(w.m), text) if t)
    return [w.p(said, "save_times")]


def _async_answer(w: Words) -> Subsection:
    """ "We checkpoint asynchronously: why buy faster storage?", answered from the figures."""
    m = w.m
    s, a, r = m.save, m.async_, m.reliability
    lags = _(
        "With asynchronous saves training waits only while each checkpoint is staged to host memory; the write to "
        "storage runs in the background and stalls training only if it is not finished when the next save is due, "
        "{tau} of compute later at today's interval. The write takes {baseline} on {baseline_system} and {candidate} "
        "on {candidate_system}."
    ).format(
        tau=s3(r.interval_s),
        baseline=s3(a.baseline.write_lag_s),
        baseline_system=s.baseline.system,
        candidate=s3(a.candidate.write_lag_s),
        candidate_system=s.candidate.system,
    )
    if a.storage_stalls:
        today = _(
            "At today's interval a write outlasts the compute between saves, so the storage still stalls training: "
            "with asynchronous saves the run would finish {sooner} on {candidate}."
        ).format(sooner=sooner(a.duration_reduction_pct), candidate=s.candidate.system)
    else:
        today = _(
            "At today's interval neither write outlasts it, so the honest answer is that faster storage would not "
            "change training time: the stall per save is the staging alone ({stalls})."
        ).format(stalls=both(s3(a.baseline.stall_s), s3(a.candidate.stall_s)))
    # "What it does change" only where training time does not: after "would finish 11.4% sooner" it would read as
    # taking that benefit back.
    # the clause in full is the summary's and the section's: here the change and a pointer (Chinese reading 8, M3:
    # the same long sentence three times)
    b_steps, c_steps = a.baseline.min_interval_steps, a.candidate.min_interval_steps
    clause = (
        stall_free_clause(m)
        if b_steps == c_steps or a.storage_stalls  # where the storage stalls, the summary and section do not say it
        else _(
            "the shortest interval at which writes no longer stall training goes from {baseline_steps} to "
            "{candidate_steps} steps (what that is worth: see “{section}”)"
        ).format(
            baseline_steps=count(b_steps),
            candidate_steps=count(c_steps),
            section=async_title(m),
        )
    )
    changes = (
        _("Beyond training time: {clause}")
        if a.storage_stalls
        else _("What it does change: {clause}")
        if stall_free_shorter(m)
        # "what it does change" over an interval the same on both (Chinese reading 20, M2)
        else _("Nor does it change this: {clause}")
    ).format(clause=clause)
    if r.baseline.restore_s is None or r.candidate.restore_s is None:  # both measured (restore_times.csv), or neither
        changes += _("; restores after a failure were not measured in this test.")
    elif restores_from_memory(m):  # reads from memory, no benefit to offer: the failure section says so
        changes = _("{sentence}.").format(sentence=changes)  # the full stop in the catalog: 。 in Chinese
    else:
        changes += _("; a restore after a failure takes {candidate} instead of {baseline}.").format(
            baseline=s3(r.baseline.restore_s), candidate=s3(r.candidate.restore_s)
        )
    blocks = [w.p(lags, "save_times"), w.p(today, "save_times"), w.p(changes, "save_times", "restore_times")]
    if m.checkpoint_mode == "async":
        blocks.append(
            w.p(
                _(
                    "Failures included, the effective training time ratio is {baseline} on {baseline_system} and "
                    "{candidate} on {candidate_system} at today's interval; at each system's optimal interval, "
                    "{optimal}."
                ).format(**ettr_fields(m)),
                "save_times",
                "restore_times",
            )
        )
    return Subsection("qa-async", _("We checkpoint asynchronously: why buy faster storage?"), tuple(blocks))


def _scale_bandwidth(m: Metrics) -> str:
    """Said after "the GPU-equivalents grow with the cluster" where the cluster's saves need more than this test's
    bandwidth: they grow so only if the storage's bandwidth grows with the cluster (Chinese reading 5, major 4)."""
    c = demand(m)
    ratio = {"cluster": count(m.bubble.cluster_gpus), **demand_ratios(m)}
    if log_outrun(m):  # no ratio to a bandwidth the saves outrun (cold read 22, M3)
        text = _(
            "That needs the storage's bandwidth to grow with the cluster too, which this test cannot weigh: its saves "
            "outrun the bandwidth it logged (see the summary)."
        )
    elif per_node(m):  # a system on each node grows with the nodes; what is asked is one node's part (cold read 17, M1)
        text = (
            _(
                "Storage local to each node grows with the nodes, but each node's part of the saves needs {mean_ratio} "
                "this test's bandwidth of one node on average (see the summary)."
            )
            if c.mean_to_sustained > 1
            else _(
                "Storage local to each node grows with the nodes: each node's part of the saves needs {mean_ratio} "
                "this test's bandwidth of one node on average and {peak_ratio} if every job saves at once "
                "(see the summary)."
            )
        )
    elif c.mean_to_sustained > 1:
        text = _(
            "That needs the storage's bandwidth to grow with the cluster too: at {cluster} GPUs the saves already "
            "need {mean_ratio} this test's bandwidth on average (see the summary)."
        )
    elif c.peak_to_sustained > 1:  # the premise the summary states, said here too (Chinese reading 7, M2)
        text = _(
            "That needs the jobs' saves to stay staggered and the storage's bandwidth to grow with the cluster: at "
            "{cluster} GPUs the saves need {mean_ratio} this test's bandwidth on average and {peak_ratio} if every "
            "job saves at once (see the summary)."
        )
    else:
        text = _(
            "That needs the storage's bandwidth to grow with the cluster: at {cluster} GPUs the saves need "
            "{peak_ratio} this test's bandwidth even if every job saves at once."
        )
    return " " + text.format(**ratio)


def _cold_start_words(w: Words) -> str:
    """What a cold start saves, model by model (the finding load_savings): never one pair's saving said of all."""
    m = w.m
    if load_not_established(m):  # no saving to state (cold read 10, M2)
        return _(
            "Deploying and serving: the load times do not yet establish a cold-start saving (see “{section}”). A cold "
            "start recurs at every scale-out, restart and model update, so its weight depends on how often the service "
            "starts models, which this test does not measure."
        ).format(section=_("Model loading for inference"))
    found = w.findings.get("load_savings")
    assert found is not None, "every joint test has the finding load_savings"
    per_pair = join_words(
        [
            _("{saved} for {model} on {platform}").format(saved=per_save(p.saved_s), model=p.model, platform=p.platform)
            for p in m.load.models
        ]
    )
    text = _(
        "Deploying and serving: a cold start takes {per_pair}. It recurs at every scale-out, restart and model "
        "update, so its weight depends on how often the service starts models, which this test does not measure."
    )
    return fill(text, per_pair=said(found, per_pair))


def build(w: Words) -> Section:
    return Section(
        ID,
        _("Questions and answers"),
        (*no_difference_note(w), _utilisation_answer(w), _async_answer(w), _lifecycle_answer(w), _scale_answer(w)),
    )


def _scale_beyond_run(m: Metrics) -> str:
    """Where even the cluster-wide job's optimal intervals are longer than this run's compute: the failure section's
    rule, "a reference only" (cold read 28, m1: gates_fail's 1,625 and 1,549 steps against a 1,000-step run)."""
    sc = m.scale
    if max(sc.baseline_optimal_overhead_pct, sc.candidate_optimal_overhead_pct) >= 100:
        return ""
    if min(sc.baseline_optimal_interval_s, sc.candidate_optimal_interval_s) <= m.bubble.compute_s:
        return ""
    return " " + _(
        "Both optimal intervals ({baseline} and {candidate}) are longer than this run's {compute} of compute: a "
        "reference only."
    ).format(
        baseline=h3(sc.baseline_optimal_interval_s),
        candidate=h3(sc.candidate_optimal_interval_s),
        compute=h3(m.bubble.compute_s),
    )
