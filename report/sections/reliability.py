"""Failures and the checkpoint interval: failure-aware overhead today and at each system's optimum."""

from __future__ import annotations

import math

from report import stats
from report.compute import SIDES, Metrics
from report.compute.counterpoints import restore_points, restores_material
from report.document.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.document.spoken import fill, said
from report.formatting import (
    count,
    figure_of,
    given,
    h3,
    hours,
    num,
    p3,
    ratio3,
    s3,
    seconds,
    seconds_figure,
    sig,
    worked,
)
from report.i18n import _, join_clauses, join_words, ngettext
from report.wording.base import Words
from report.wording.cluster_scope import retuned_carry
from report.wording.phrases import both
from report.wording.restores import restore_read, restores_worth_little
from report.wording.retune_band import implied_rate_words
from report.wording.retuning import beyond_run, retune_sentence
from report.wording.said import node_local_words
from report.wording.statements import (
    ettr_fields,
    failures_assume_restores,
    memory_restores,
    no_difference_note,
    read_by,
)

ID = "reliability"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("reliability",)


def _cost_at(m: Metrics, side: str, interval_s: float) -> float:
    """What one save costs training at `interval_s`: the save time (sync), staging plus any wait (async)."""
    save = m.save.side(side)
    if m.checkpoint_mode != "async":
        return save.mean_s
    staged = m.async_.side(side)
    return stats.pause(staged.staging_s, staged.write_lag_s, interval_s)


def _reliability_rows(m: Metrics) -> tuple[tuple[str, ...], ...]:
    r, s = m.reliability, m.save
    today = _("{system}, today's interval")
    # Young's optimum in sync mode; with asynchronous saves the optimum is bounded by the write lag as well
    tuned = _("{system}, re-tuned") if m.checkpoint_mode == "async" else _("{system}, re-tuned (Young)")
    rows = []
    for label, at_optimum in ((today, False), (tuned, True)):
        for key, save, side in zip(SIDES, s.sides(), (r.baseline, r.candidate), strict=True):
            interval = side.optimal_interval_s if at_optimum else r.interval_s
            cost = _cost_at(m, key, interval)
            name = label.format(system=save.system)
            if at_optimum and side.optimal_interval_steps > m.bubble.total_steps:
                # an interval the run never reaches: not a setting to adopt (third cold read, m-7)
                name = _("{row}: longer than the whole run").format(row=name)
            rows.append(
                (
                    name,
                    seconds(cost),
                    h3(interval),
                    p3(100 * cost / interval),
                    p3(side.optimal_overhead_pct if at_optimum else side.overhead_pct),
                    ratio3(side.optimal_ettr if at_optimum else side.ettr),
                )
            )
    return tuple(rows)


def _recovery_table(w: Words) -> Table:
    m = w.m
    r = m.reliability
    rows = tuple(
        (
            save.system,
            # the headers name the unit: "600", not "600 s" under "Restart (s)"
            "–" if side.restore_s is None else seconds_figure(side.restore_s),
            seconds_figure(r.restart_s),
            seconds_figure(side.recovery_s),
            ratio3(side.ettr),
            ratio3(side.optimal_ettr),
        )
        for save, side in zip(m.save.sides(), (r.baseline, r.candidate), strict=True)
    )
    note = (
        _(
            "Restore not measured: the assumed restart time ({restart}) is used for the whole recovery on both systems."
        ).format(restart=seconds(r.restart_s))
        + restore_read(w)
        if r.baseline.restore_s is None
        else _("Recovery = restart ({restart}, without reading the checkpoint) + the mean restore time.").format(
            restart=seconds(r.restart_s)
        )
    )
    return Table(
        "recovery",
        _("Recovery after a failure and effective training time ratio (ETTR)"),
        (
            Column(_("System"), False),
            Column(_("Restore (s)")),
            Column(_("Restart (s)")),
            Column(_("Recovery (s)")),
            Column(_("ETTR, today's interval")),
            Column(_("ETTR, optimal interval")),
        ),
        rows,
        note,
        illustrative=w.marked("save_times", "restore_times"),
    )


def _ettr_sentence(w: Words) -> Para:
    m = w.m
    r, s = m.reliability, m.save
    fields = ettr_fields(m)
    # an optimum longer than the run is a reference, not a setting (cold read 13, m10); equal optima print once
    # (Chinese reading 28, m9), else each after the system the sentence named it by (zh reading 8)
    longer = min(r.baseline.optimal_interval_steps, r.candidate.optimal_interval_steps) > m.bubble.total_steps
    if fields["baseline_optimal"] == fields["candidate_optimal"]:
        text = (
            _(
                "Effective training time ratio (ETTR, productive compute over wall time): {baseline} on "
                "{baseline_system} and {candidate} on {candidate_system} at today's interval; at each system's optimal "
                "interval, {optimal}, though that interval is longer than this run (a reference only)."
            )
            if longer
            else _(
                "Effective training time ratio (ETTR, productive compute over wall time): {baseline} on "
                "{baseline_system} and {candidate} on {candidate_system} at today's interval; at each system's optimal "
                "interval, {optimal}."
            )
        )
        fields["optimal"] = both(fields["baseline_optimal"], fields["candidate_optimal"])
    else:
        text = (
            _(
                "Effective training time ratio (ETTR, productive compute over wall time): {baseline} on "
                "{baseline_system} and {candidate} on {candidate_system} at today's interval; at each system's optimal "
                "interval, {baseline_optimal} and {candidate_optimal} respectively, though that interval is longer "
                "than this run (a reference only)."
            )
            if longer
            else _(
                "Effective training time ratio (ETTR, productive compute over wall time): {baseline} on "
                "{baseline_system} and {candidate} on {candidate_system} at today's interval; at each system's optimal "
                "interval, {baseline_optimal} and {candidate_optimal} respectively."
            )
        )
    text = text.format(**fields)
    if r.baseline.restore_s is None:
        text += " " + _("Restore not measured: the assumed restart time is used.")
    else:
        text += (
            " "
            + _("A restore takes {baseline} on {baseline_system} and {candidate} on {candidate_system}.").format(
                baseline=seconds(r.baseline.restore_s),
                baseline_system=s.baseline.system,
                candidate=seconds(r.candidate.restore_s),
                candidate_system=s.candidate.system,
            )
            + memory_restores(m)
            + _restores_read(w)
            + restores_worth_little(w)
            + _restores_judged(w)
        )
    return w.p(text + _few_saves(w) + failures_assume_restores(m), "save_times", "restore_times")


#: Below this many saves a run, an optimal interval is one a team rarely sets (evaluation and hand-off need more).
FEW_SAVES = 5


def _few_saves(w: Words) -> str:
    """Where a system's optimal interval leaves a run fewer than FEW_SAVES saves, how many, that such an interval is
    usually capped by evaluation and hand-off needs, and the break-even interval as the practical lever (cold read 5b,
    A5/A-7: 8,276 steps is 2 saves in a 20,000-step run)."""
    m, total = w.m, w.m.bubble.total_steps
    parts = []
    for key, side in (("baseline", m.reliability.baseline), ("candidate", m.reliability.candidate)):
        saves = int(total // side.optimal_interval_steps) if side.optimal_interval_steps > 0 else 0
        if 1 <= saves < FEW_SAVES:
            parts.append(
                ngettext(
                    "at {steps} steps a run of {total} steps would save {n} time on {system}",
                    "at {steps} steps a run of {total} steps would save {n} times on {system}",
                    saves,
                ).format(
                    steps=count(round(side.optimal_interval_steps)), total=count(total), n=saves, system=w.name(key)
                )
            )
    if not parts:
        return ""
    text = " " + _(
        "The optimal interval leaves few saves: {parts}; such an interval is usually capped by evaluation and "
        "hand-off needs."
    ).format(parts=join_clauses(parts))
    if m.break_even_steps is not None:
        text += " " + _(
            "The practical lever is the break-even interval, {steps} steps, at which {baseline}'s overhead equals "
            "{candidate}'s at today's interval."
        ).format(steps=count(m.break_even_steps), baseline=w.name("baseline"), candidate=w.name("candidate"))
    return text


def _restores_judged(w: Words) -> str:
    """The restores judged by the rule the saves follow, beside the ETTR they feed: the sides with too few runs or a
    spread above the limit (the findings restore_runs_short and restore_spread), and only those."""
    out = ""
    short = w.findings.get("restore_runs_short")
    if short is not None:
        parts = join_words(
            [
                ngettext("{n} restore on {system}", "{n} restores on {system}", short["runs"][side]).format(
                    n=short["runs"][side], system=w.name(side)
                )
                for side in short.scope.items
            ]
        )
        out += " " + fill(
            _(
                "The restores were timed fewer times than the saves' rule asks ({needed} a system): {parts}; the ETTR "
                "rests on them."
            ),
            needed=str(short["needed"]),
            parts=said(short, parts),
        )
        out += _restores_weigh(w.m)
    spread = w.findings.get("restore_spread")
    if spread is not None:
        parts = join_words(
            [_("{system} {cv}").format(system=w.name(side), cv=p3(spread["cv"][side])) for side in spread.scope.items]
        )
        out += " " + fill(
            _("The restore times on {parts} (CV) spread above the {limit}% limit the saves follow."),
            parts=said(spread, parts),
            limit=given(spread["limit"]),
        )
    return out


def _restores_weigh(m: Metrics) -> str:
    """How much the restores weigh between the systems at their optimal intervals, beside too few of them: whether more
    could move the ETTR and the GPU-equivalents at the optimum (compute/counterpoints.py `restores_material`)."""
    points = restore_points(m)
    if points is None:
        return ""
    fields = {"points": sig(abs(points)), "difference": sig(abs(m.reliability.optimum_gain_pct))}
    if restores_material(m):
        text = _(
            "They make {points} of the {difference} percentage points between the two systems at their optimal "
            "intervals: more restores could move the ETTR and the GPU-equivalents at the optimum."
        )
    else:
        text = _(
            "They make only {points} of the {difference} percentage points between the two systems at their optimal "
            "intervals, too little for more restores to change a conclusion."
        )
    return " " + text.format(**fields)


def _restores_read(w: Words) -> str:
    """Where the restore times are a tool's reads of the saved files (fio's), what they leave out (cold read 16, M3)."""
    tool = read_by(w.test, "restore_times")
    if tool is None:
        return ""
    return " " + _(
        "These restore times are {tool}'s reads of the saved files: a framework's work in a restore (deserialising, "
        "placing the weights on the GPUs) is not timed."
    ).format(tool=tool)


def _lag_bound(w: Words) -> Para | None:
    """In async mode the optimum cannot be shorter than the write lag: say where that bound decides it."""
    m = w.m
    if m.checkpoint_mode != "async":
        return None
    r = m.reliability
    sides = tuple(zip(m.save.sides(), (r.baseline, r.candidate), m.async_.sides(), strict=True))
    bound = [side.optimal_interval_s == staged.write_lag_s for _save, side, staged in sides]
    lags = both(*(s3(staged.write_lag_s) for _save, _side, staged in sides))
    if bound[0] == bound[1]:
        # Said once for both systems: two sentences alike but for the name read as a slip (what is "it"?).
        both_systems = (
            _("On both systems the write lag ({lags}) sets it.")
            if bound[0]
            else _("On both systems it lies above the write lag ({lags}).")
        )
        parts = [both_systems.format(lags=lags)]
    else:
        parts = [
            (
                _("On {system} the write lag ({lag}) sets it.")
                if on_lag
                else _("On {system} it lies above the write lag ({lag}).")
            ).format(system=save.system, lag=s3(staged.write_lag_s))
            for (save, _side, staged), on_lag in zip(sides, bound, strict=True)
        ]
    return w.p(
        _(
            "With asynchronous saves the optimal interval is max(√(2 × staging × MTBF), write lag): a shorter interval "
            "would start a save before the previous one is durable."
        )
        + " "
        + " ".join(parts),
        "save_times",
    )


def _node_local_failures(w: Words) -> str:
    """Storage local to each node (the finding node_local): its checkpoints go with a failed node; every figure of
    this section assumes that part can be restored."""
    found = w.findings.get("node_local")
    if found is None:
        return ""
    return (
        " "
        + node_local_words(w, found)
        + " "
        + _("The figures below assume a failed node's part of the checkpoint can be restored.")
    )


def build(w: Words) -> Section:
    m = w.m
    r, s = m.reliability, m.save
    table = Table(
        "reliability",
        _("Failure-aware overhead, share of compute time: today's interval and each system's optimal interval"),
        (
            Column(_("System and interval"), False),
            Column(_("Stall per save") if m.checkpoint_mode == "async" else _("Save cost")),
            Column(_("Interval (compute)")),
            # an async column holds the stall, not the save (Chinese reading 28, m2: 仅保存 beside 仅停顿 on one spread)
            Column(_("Stalls alone") if m.checkpoint_mode == "async" else _("Saves alone")),
            Column(
                _("Stalls, rework and restarts") if m.checkpoint_mode == "async" else _("Saves, rework and restarts")
            ),
            Column(_("ETTR")),
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
            "No failure rate was agreed for this test, so the report uses Llama 3's (419 unexpected interruptions in "
            "54 days on 16,384 GPUs) as a reference value."
        )
        if w.config.is_default("reliability.gpu_mtbf_hours")
        else _("The per-GPU MTBF agreed for this test is {hours} h.").format(hours=sig(r.gpu_mtbf_hours))
    )
    intro = Para(
        _(
            "At cluster scale jobs are interrupted: after each failure the work since the last checkpoint is lost "
            "and the job restarts, so the checkpoint interval trades save time against lost work."
        )
        + " "
        + rate
        + implied_rate_words(w)
        + _node_local_failures(w)
    )
    measure = Para(
        (
            _(
                "Two measures of the same stalls appear in this report. The bubble share is stall time as a share of "
                "wall time (see “{section}”); the overheads in this section are shares of compute time, as "
                "Young's model counts them ({saves} for the stalls alone, the same stalls: x of compute is x ÷ (1 + x) "
                "of wall time). Rework and restarts add to the stalls."
            )
            if m.checkpoint_mode == "async"
            else _(
                "Two measures of the same saves appear in this report. The bubble share is save time as a share of "
                "wall time (see “{section}”); the overheads in this section are shares of compute time, as "
                "Young's model counts them ({saves} for the saves alone, the same saves: x of compute is x ÷ (1 + x) "
                "of wall time). Rework and restarts add to the saves."
            )
        ).format(section=_("Training bubble analysis"), saves=p3(r.baseline.save_overhead_pct)),
        "note",
    )
    notes = [
        w.p(
            (
                _(
                    "At today's interval ({steps} steps, {hours} of compute) stalls, rework and restarts cost "
                    "{baseline} of compute time on {baseline_system} and {candidate} on {candidate_system}."
                )
                if m.checkpoint_mode == "async"
                else _(
                    "At today's interval ({steps} steps, {hours} of compute) saves, rework and restarts cost "
                    "{baseline} of compute time on {baseline_system} and {candidate} on {candidate_system}."
                )
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
        w.p(retune_sentence(m) + _carried(w), "save_times"),
    ]
    if m.checkpoint_mode == "sync":  # the square-root rule is about a save that blocks whole; async blocks staging
        notes.append(w.p(_square_root(m), "save_times"))
    return Section(
        ID,
        _("Failures and the checkpoint interval"),
        (*no_difference_note(w), *_blocks(w, intro, notes, table, measure), w.figure("reliability")),
    )


def _carried(w: Words) -> str:
    """Where re-tuning the baseline recovers more than switching, whether it carries the cluster's jobs at the re-tuned
    interval (cold read 16, U-M5): " " and a sentence, or ""."""
    carry = retuned_carry(w) if w.findings.has("retune_beats_switch") and not beyond_run(w.m) else ""
    return " " + carry if carry else ""


def _blocks(w: Words, intro: Para, notes: list[Para], table: Table, measure: Para) -> tuple:
    """The section's text and tables in order, the async optimum's bound when there is one."""
    blocks = (intro, *notes, _ettr_sentence(w), table, _recovery_table(w), _lag_bound(w), measure)
    return tuple(b for b in blocks if b is not None)


def _square_root(m: Metrics) -> str:
    """The square-root rule against the optima. Where the optima's ratio and the root part at two digits, the ratio is
    said too, as the printed optima give it (cold read 23, m1: "roughly √0.500 = 0.707" where 8.45% ÷ 11.5% is
    0.735); where they agree, "roughly" is true and one figure fewer to reconcile."""
    r = m.reliability
    ratio = r.candidate.optimal_overhead_pct / r.baseline.optimal_overhead_pct
    fields = {
        # the optima as the table prints them: 0.714 ÷ 1.00 is not the 0.710 the unrounded optima give (cold read 7, M1)
        "candidate": p3(r.candidate.optimal_overhead_pct),
        "baseline": p3(r.baseline.optimal_overhead_pct),
        # the cost as every page prints it, the root at the digits that cost gives back: √0.660 is 0.812, not the
        # 0.813 of √0.6605 (cold read 15, m3), so "0.81" (cold read 16, m3: one ratio printed 0.660 and 0.6605)
        "cost": sig(r.cost_ratio),
        "root": worked(r.sqrt_cost_ratio, math.sqrt(figure_of(sig(r.cost_ratio)))),
        "ratio": worked(
            ratio, figure_of(sig(r.candidate.optimal_overhead_pct)) / figure_of(sig(r.baseline.optimal_overhead_pct))
        ),
    }
    if sig(ratio, 2) == sig(r.sqrt_cost_ratio, 2):
        return _(
            "Re-optimised, the overhead scales with the square root of the save cost: at their optima the "
            "candidate's overhead, {candidate}, against the baseline's {baseline}, is roughly √{cost} = "
            "{root} times it (the restart term does not scale), not the cost ratio itself."
        ).format(**fields)
    return _(
        "Re-optimised, the overhead scales with the square root of the save cost: at their optima the candidate's "
        "overhead, {candidate}, is {ratio} times the baseline's {baseline}, of the order of √{cost} = {root} (the "
        "restart term "
        "does not scale), not the cost ratio itself."
    ).format(**fields)
