"""Checkpoint save time: the two systems' saves side by side."""

from __future__ import annotations

from report.compute import SaveSide
from report.document.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.formatting import (
    gb,
    p3,
    seconds_figure,
    sig,
    spread,
)
from report.i18n import _
from report.wording.base import Words
from report.wording.outlier_words import outlier_warning
from report.wording.phrases import (
    measured_speed,
    per_save,
    speedup_ci_phrase,
)
from report.wording.spread_runs import means_speed, runs_beside, runs_beside_words
from report.wording.statements import save_warnings, spans_node_local

ID = "save"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("save-times",)


def build(w: Words) -> Section:
    m = w.m
    s = m.save
    beside = runs_beside(w)  # a gate failing on spread: the runs side by side, no confidence bound (8b, I-4)

    def row(side: SaveSide, rel: float, speed: float) -> tuple[str, ...]:
        return (
            side.system,
            str(side.runs),
            spread(side.mean_s, side.stdev_s, seconds_figure),
            sig(side.cv_pct),
            f"{seconds_figure(side.min_s)}–{seconds_figure(side.max_s)}" if side.runs > 1 else "–",
            sig(rel),
            sig(speed),
            sig(side.effective_gbps),
        )

    table = Table(
        "save",
        _("Checkpoint save time, {model}, {size} per checkpoint").format(
            model=s.baseline.model, size=gb(s.baseline.snapshot_gb)
        ),
        (
            Column(_("System"), False),
            Column(_("Runs")),
            Column(_("Mean ± sd (s)")),
            Column(_("CV (%)")),
            Column(_("Range (s)")),
            Column(_("Time (baseline = 1.00)")),
            Column(_("Speed (baseline = 1.00)")),
            # the whole job's, where the bandwidth table gives a node-local side one node's part (zh reading 9,
            # J-m11: 56.7 here beside 3.55 there under one name)
            Column(_("Effective GB/s, whole job") if spans_node_local(m) else _("Effective GB/s")),
        ),
        (row(s.baseline, 1.0, 1.0), row(s.candidate, s.time_ratio, s.speedup)),
        illustrative=w.marked("save_times"),
    )
    notes = [
        w.p(
            # the share says which way it goes: "(77.9% of the baseline's time)" read as the candidate's own time
            # (third cold read, m-1)
            (
                _("{candidate} takes {difference} per checkpoint, {share} less than the baseline: {speed}, {interval}.")
                if s.saved_per_save_s >= 0
                else _(
                    "{candidate} takes {difference} per checkpoint, {share} more than the baseline: {speed}, "
                    "{interval}."
                )
            ).format(
                candidate=s.candidate.system,
                difference=per_save(s.saved_per_save_s),
                share=p3(abs(s.reduction_pct)),
                speed=measured_speed(m) if beside is None else means_speed(w),
                interval=speedup_ci_phrase(m) if beside is None else runs_beside_words(w, beside),
            ),
            "save_times",
        )
    ]
    if beside is not None:
        pass  # no interval is stated: nothing to say where it comes from
    elif s.speedup_ci95 is not None:
        notes.append(
            Para(
                _(
                    "The interval comes from the delta method on the log of the ratio of means with "
                    "Welch–Satterthwaite degrees of freedom; it reflects run-to-run spread only, not differences "
                    "between workloads."
                )
            )
        )
    else:
        notes.append(
            Para(
                _(
                    "With one save per system there is no measure of spread: how far a repeat would differ is unknown, "
                    "and the gates cannot be decided."
                )
            )
        )
    return Section(
        ID, _("Checkpoint save time"), (*notes, table, w.figure("save-times"), *outlier_warning(w), *save_warnings(w))
    )
