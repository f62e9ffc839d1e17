"""Failures and the checkpoint interval: failure-aware overhead today and at each system's optimum."""

from __future__ import annotations

from report.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.compute import Metrics
from report.formatting import (
    count,
    h3,
    hours,
    num,
    p3,
    pct,
    seconds,
    sig,
    x3,
)
from report.i18n import _
from report.sections.base import Words
from report.sections.findings import (
    retune_sentence,
)

ID = "reliability"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("reliability",)


def _reliability_rows(m: Metrics) -> tuple[tuple[str, ...], ...]:
    r, s = m.reliability, m.save
    today, tuned = _("{system}, today's interval"), _("{system}, re-tuned (Young)")
    return (
        (
            today.format(system=s.baseline.system),
            seconds(s.baseline.mean_s),
            hours(r.interval_s),
            pct(r.baseline.save_overhead_pct, 2),
            pct(r.baseline.overhead_pct, 2),
        ),
        (
            today.format(system=s.candidate.system),
            seconds(s.candidate.mean_s),
            hours(r.interval_s),
            pct(r.candidate.save_overhead_pct, 2),
            pct(r.candidate.overhead_pct, 2),
        ),
        (
            tuned.format(system=s.baseline.system),
            seconds(s.baseline.mean_s),
            hours(r.baseline.optimal_interval_s),
            pct(100 * s.baseline.mean_s / r.baseline.optimal_interval_s, 2),
            pct(r.baseline.optimal_overhead_pct, 2),
        ),
        (
            tuned.format(system=s.candidate.system),
            seconds(s.candidate.mean_s),
            hours(r.candidate.optimal_interval_s),
            pct(100 * s.candidate.mean_s / r.candidate.optimal_interval_s, 2),
            pct(r.candidate.optimal_overhead_pct, 2),
        ),
    )


def build(w: Words) -> Section:
    m = w.m
    r, s = m.reliability, m.save
    table = Table(
        "reliability",
        _("Failure-aware overhead, share of compute time: today's interval and each system's optimal interval"),
        (
            Column(_("System and interval"), False),
            Column(_("Save cost")),
            Column(_("Interval (compute)")),
            Column(_("Saves alone")),
            Column(_("Saves, rework and restarts")),
        ),
        _reliability_rows(m),
        _(
            "Job MTBF {mtbf} ({gpu_mtbf} h per GPU ÷ {gpus} GPUs); restart {restart}; step time {step}. Daly's "
            "higher-order optimum: {daly_baseline} and {daly_candidate}."
        ).format(
            mtbf=hours(r.job_mtbf_s),
            gpu_mtbf=num(r.gpu_mtbf_hours, 0),
            gpus=r.gpus,
            restart=seconds(r.restart_s),
            step=seconds(r.step_time_s),
            daly_baseline=hours(r.baseline.daly_interval_s),
            daly_candidate=hours(r.candidate.daly_interval_s),
        ),
        illustrative=w.marked("save_times"),
    )
    rate = (
        _(
            "test.toml gives no failure rate, so the report uses Llama 3's (419 unexpected interruptions in 54 days "
            "on 16,384 GPUs)."
        )
        if w.config.is_default("reliability.gpu_mtbf_hours")
        else _("test.toml sets a per-GPU MTBF of {hours} h.").format(hours=sig(r.gpu_mtbf_hours))
    )
    intro = Para(
        _(
            "At cluster scale jobs are interrupted: after each failure the work since the last checkpoint is lost "
            "and the job restarts, so the checkpoint interval trades save time against lost work."
        )
        + " "
        + rate
    )
    measure = Para(
        _(
            "Two measures of the same saves appear in this report. The bubble share is save time as a share of wall "
            "time ({bubble} on {system}); the overheads in this section are shares of compute time, as Young's model "
            "counts them ({saves} for the saves alone, the same saves: x of compute is x ÷ (1 + x) of wall time). "
            "Rework and restarts add to the saves."
        ).format(
            bubble=p3(m.bubble.baseline_bubble_pct), system=s.baseline.system, saves=p3(r.baseline.save_overhead_pct)
        ),
        "note",
    )
    notes = [
        w.p(
            _(
                "At today's interval ({steps} steps, {hours} of compute) saves, rework and restarts cost {baseline} of "
                "compute time on {baseline_system} and {candidate} on {candidate_system}."
            ).format(
                steps=count(m.bubble.checkpoint_interval_steps),
                hours=h3(r.interval_s),
                baseline=p3(r.baseline.overhead_pct),
                baseline_system=s.baseline.system,
                candidate=p3(r.candidate.overhead_pct),
                candidate_system=s.candidate.system,
            ),
            "save_times",
        ),
        w.p(retune_sentence(m), "save_times"),
        w.p(
            _(
                "Re-optimised, the overhead scales with the square root of the save cost: the candidate's optimum is "
                "{ratio} the baseline's, close to √{cost} = {root}, not the cost ratio itself."
            ).format(ratio=x3(r.optimal_overhead_ratio), cost=sig(r.cost_ratio), root=sig(r.sqrt_cost_ratio)),
            "save_times",
        ),
    ]
    return Section(
        ID,
        _("Failures and the checkpoint interval"),
        (intro, *notes, table, measure, w.figure("reliability")),
    )
