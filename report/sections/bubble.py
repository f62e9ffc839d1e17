"""Training bubble analysis: the run with synchronous saves, its capacity, and its sensitivity."""

from __future__ import annotations

from report.compute import SENSITIVITY_SPAN, Metrics
from report.compute.save_overlap import overlapping
from report.document.blocks import (
    Block,
    Column,
    Para,
    Section,
    Table,
)
from report.formatting import (
    count,
    gpus,
    h3,
    p3,
    s3,
    seconds_figure,
)
from report.i18n import _
from report.wording.base import Words
from report.wording.capacity import capacity_beyond, capacity_paras
from report.wording.decisions import means_only
from report.wording.phrases import shorter
from report.wording.statements import no_difference_note

ID = "bubble"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("composition", "sensitivity")


def build(w: Words) -> Section:
    m = w.m
    b = m.bubble
    stalls = m.checkpoint_mode == "async"  # the bubble is made of stalls, not whole saves
    table = Table(
        "bubble",
        _("Training run with asynchronous checkpoint saves (stalls)")
        if stalls
        else _("Training run with synchronous checkpoint saves"),
        (
            Column(_("Figure"), False),
            Column(w.header(m.save.baseline.system, "s")),
            Column(w.header(m.save.candidate.system, "s")),
            Column(_("Difference (s)")),
        ),
        (
            (_("Compute"), seconds_figure(b.compute_s), seconds_figure(b.compute_s), "0"),
            (
                (_("Checkpoint stalls ({saves} × stall)") if stalls else _("Checkpoint saves ({saves} × mean)")).format(
                    saves=b.saves
                ),
                seconds_figure(b.baseline_save_total_s),
                seconds_figure(b.candidate_save_total_s),
                seconds_figure(-b.time_saved_s),
            ),
            (
                _("Wall time"),
                seconds_figure(b.baseline_duration_s),
                seconds_figure(b.candidate_duration_s),
                seconds_figure(-b.time_saved_s),
            ),
        ),
        (
            # the same share said once (Chinese reading 14c, Q-m2)
            _("Bubble share (stalls ÷ wall time): {baseline} on either system.")
            if stalls and b.baseline_bubble_pct == b.candidate_bubble_pct
            else _("Bubble share (saves ÷ wall time): {baseline} on either system.")
            if b.baseline_bubble_pct == b.candidate_bubble_pct
            else _("Bubble share (stalls ÷ wall time): {baseline} against {candidate}.")
            if stalls
            else _("Bubble share (saves ÷ wall time): {baseline} against {candidate}.")
        ).format(baseline=p3(b.baseline_bubble_pct), candidate=p3(b.candidate_bubble_pct)),
        illustrative=w.marked("save_times"),
    )
    finishes = (
        # equal on both systems: said so, not "0 s sooner, 0%" (Chinese reading 14c, Q-m2)
        _("The run finishes at the same time on either system.")
        if b.time_saved_s == 0
        else _("The run finishes {time} sooner, {share} of its baseline wall time.")
        if b.time_saved_s >= 0
        else _("The run finishes {time} later, {share} of its baseline wall time.")
    )
    if means_only(m):  # the banner may be a page away (cold read 6, m7)
        finishes = (
            _("If the means held, the run would finish {time} sooner, {share} of its baseline wall time.")
            if b.time_saved_s >= 0
            else _("If the means held, the run would finish {time} later, {share} of its baseline wall time.")
        )
    saved = abs(b.time_saved_s)
    # Hours beside the seconds only where a reader counts in hours (not "22.1 s (0.00614 h)").
    time = _("{seconds} ({hours})").format(seconds=s3(saved), hours=h3(saved)) if saved >= 3600 else s3(saved)
    blocks: list[Block] = [
        *no_difference_note(w),
        Para(
            _(
                "A training bubble is time the GPUs sit idle waiting on I/O or synchronisation. Its usual sources are "
                "checkpoint saves (the longest single pauses, when weights and optimiser state are written every few "
                "hundred steps), data loading and gradient synchronisation. This analysis quantifies the first from "
                "this test's save times: with asynchronous saves, training stops while each checkpoint is staged to "
                "host memory and, when a write outlasts the compute between saves, until that write is durable (the "
                "stall)."
            )
            if stalls
            else _(
                "A training bubble is time the GPUs sit idle waiting on I/O or synchronisation. Its usual sources are "
                "checkpoint saves (the longest single pauses, when weights and optimiser state are written every few "
                "hundred steps), data loading and gradient synchronisation. This analysis quantifies the first from "
                "this test's save times: with a synchronous save, every GPU of the job waits for each save to become "
                "durable."
            )
        ),
        Para(
            _(
                # seconds from seconds: the interval's compute, not its steps (cold read 9, m15; Chinese reading 9, M4)
                "saves = floor(steps ÷ interval) · stall = staging + max(0, write lag − compute between saves) · "
                "wall time = compute + saves × stall · bubble share = saves × stall ÷ wall time"
            )
            if stalls
            else _(
                "saves = floor(steps ÷ interval) · wall time = compute + saves × save time · "
                "bubble share = saves × save time ÷ wall time"
            ),
            "formula",
        ),
        table,
        w.p(
            finishes.format(time=time, share=p3(abs(b.duration_reduction_pct))),
            "save_times",
        ),
        *capacity_paras(w, _per_1000(m, stalls), full=True),
        w.figure("composition"),
        w.p(_sensitivity_sentence(m) + _below_zero(m), "save_times"),
        w.figure("sensitivity"),
    ]
    return Section(ID, _("Training bubble analysis"), tuple(blocks))


def _sensitivity_sentence(m: Metrics) -> str:
    sv, b = m.sensitivity, m.bubble
    # the longest interval stops at the run's length where 8× today's would exceed it (cold read 22, m1: "8× today's"
    # beside "every 6,000 steps" for a 1,000-step interval)
    clamped = sv.intervals_steps[-1] < SENSITIVITY_SPAN * b.checkpoint_interval_steps
    return (
        _(
            "The benefit depends on how often the job saves and how long each step computes: at the chart's edges "
            "(1/{span}× today's interval and one save in the whole run, short of {span}×; 1/{span}× and {span}× "
            "today's step time; not proposed settings) the run is {often} with a save every {few_steps} steps and "
            "{rarely} every {many_steps} steps, {short} at {short_step} of compute per step and {long} at "
            "{long_step} (this test: {interval} steps and {step} per step)."
        )
        if clamped
        # the chart's edges are not settings anyone proposed (cold read 13, m1: "75.7% shorter every 6 steps")
        else _(
            "The benefit depends on how often the job saves and how long each step computes: at the chart's edges "
            "(1/{span}× and {span}× today's, not proposed settings) the run is {often} with a save every {few_steps} "
            "steps and {rarely} every {many_steps} steps, {short} at {short_step} of compute per step and {long} at "
            "{long_step} (this test: {interval} steps and {step} per step)."
        )
    ).format(
        span=f"{SENSITIVITY_SPAN:g}",
        often=shorter(sv.interval_reduction_pct[0]),
        few_steps=count(sv.intervals_steps[0]),
        rarely=shorter(sv.interval_reduction_pct[-1]),
        many_steps=count(sv.intervals_steps[-1]),
        short=shorter(sv.step_time_reduction_pct[0]),
        short_step=s3(sv.step_times_s[0]),
        long=shorter(sv.step_time_reduction_pct[-1]),
        long_step=s3(sv.step_times_s[-1]),
        interval=count(b.checkpoint_interval_steps),
        step=s3(sv.step_time_s),
    )


def _below_zero(m: Metrics) -> str:
    """Why an asynchronous job's benefit falls below zero at long intervals or long steps: where neither write outlasts
    the compute between saves only staging counts, and the candidate's is the longer."""
    sv, a = m.sensitivity, m.async_
    lowest = min(*sv.interval_reduction_pct, *sv.step_time_reduction_pct)
    if m.checkpoint_mode != "async" or lowest >= 0 or a.candidate.staging_s <= a.baseline.staging_s:
        return ""
    return " " + _(
        "It falls below zero where neither write outlasts the compute between saves (from {steps} steps at {step} per "
        "step, or with steps long enough): only staging counts there, and it takes {candidate_staging} on {candidate} "
        "against {baseline_staging} on {baseline}."
    ).format(
        steps=count(max(a.baseline.min_interval_steps, a.candidate.min_interval_steps)),
        step=s3(sv.step_time_s),
        candidate=m.save.candidate.system,
        candidate_staging=s3(a.candidate.staging_s),
        baseline=m.save.baseline.system,
        baseline_staging=s3(a.baseline.staging_s),
    )


def _per_1000(m: Metrics, stalls: bool) -> str:
    """The GPU-equivalents per 1,000 GPUs (unless the cluster is 1,000 GPUs: said already) and what they assume."""
    assumes = (
        _(
            "This assumes every job of the cluster checkpoints like this {gpus}-GPU job, with its stalls (staging plus "
            "any write that outlasts the interval)."
        )
        if stalls
        else _("This assumes every job of the cluster checkpoints like this {gpus}-GPU job, at its save times.")
    ).format(gpus=m.save.baseline.gpus)
    if m.bubble.cluster_gpus == 1000 or m.scale.gpu_equivalents_per_1000 == 0:  # no "Per 1,000 GPUs: 0" (Q-m2)
        return assumes
    if overlapping(m):  # a figure the test does not establish, scaled to another cluster (scaling reading 20, AB-M1)
        return assumes
    # a figure on a bandwidth the test does not show keeps its condition (Chinese reading 12, M1: "129 per 1,000 GPUs"
    # said plainly after "only with 7.07× this test's bandwidth")
    value = m.scale.gpu_equivalents_per_1000
    if value < 0:  # a loss said as one, as the sentence before it says it (cold read 9, J-m4: "−6.24" after "a loss")
        return _("Per 1,000 GPUs: a loss of {per_1000}.").format(per_1000=gpus(-value)) + " " + assumes
    per_1000 = (
        # not "the same bandwidth": the cluster's is another size's (Chinese reading 28, m3)
        _(
            "Per 1,000 GPUs that would be {per_1000}, again only if the storage keeps up with every job's saves (the "
            "bandwidth needed grows with the cluster)."
        )
        if capacity_beyond(m)
        else _("Per 1,000 GPUs: {per_1000}.")
    )
    return per_1000.format(per_1000=gpus(value)) + " " + assumes
