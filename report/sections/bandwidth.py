"""Sustained write bandwidth beside the effective save throughput."""

from __future__ import annotations

from report.blocks import (
    Column,
    Section,
    Table,
)
from report.formatting import (
    count,
    p3,
    sig,
    spread,
)
from report.i18n import _, join_words, ngettext
from report.sections.base import Words
from report.sections.phrases import (
    both,
    pct_change,
)

ID = "bandwidth"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("bandwidth", "throughput")


# Fewer samples per run than this show neither a sustained rate nor a warm-up.
FEW_SAMPLES = 3


def build(w: Words) -> Section:
    m = w.m
    bw, a = m.bandwidth, m.audit
    rows = []
    for side, save, audit in ((v.bandwidth, v.save, v.audit) for v in w.sides):
        rows.append(
            (
                side.system,
                str(side.runs),
                count(side.samples),
                spread(side.sustained_gbps, side.stdev_gbps),
                sig(side.steady_gbps),
                sig(save.effective_gbps),
                p3(audit.effective_share_pct),
            )
        )
    table = Table(
        "bandwidth",
        _("Sustained write bandwidth beside the effective save throughput"),
        (
            Column(_("System"), False),
            Column(_("Runs")),
            Column(_("Samples")),
            Column(_("All samples GB/s (± sd over runs)")),
            Column(_("Steady state GB/s")),
            Column(_("Effective save GB/s")),
            Column(_("Effective ÷ all samples")),
        ),
        tuple(rows),
        _(
            "All samples: the mean of each run's samples, then the mean over runs (the contract's sustained "
            "bandwidth). Steady state: the same without each run's warm-up, the samples before the first one at 90% "
            "of the run's median. Effective: checkpoint size ÷ mean save time."
        ),
        illustrative=w.marked("bandwidth", "save_times"),
    )
    notes = [
        w.p(
            _("{candidate} sustains {candidate_bw} GB/s against {baseline_bw} GB/s, {change}.").format(
                candidate=bw.candidate.system,
                candidate_bw=sig(bw.candidate_gbps),
                baseline_bw=sig(bw.baseline_gbps),
                change=pct_change(bw.improvement_pct),
            ),
            "bandwidth",
        )
    ]
    ramps = [(side.key, side.bandwidth) for side in w.sides if side.bandwidth.warmup_samples]
    for key, s in ramps:
        text = ngettext(
            "{system}'s log opens with a warm-up ({n} sample below 90% of its run's median); without it the mean is "
            "{steady} GB/s, {change} than with it. A save sees mostly the steady state only if it lasts much longer "
            "than the warm-up.",
            "{system}'s log opens with a warm-up ({n} samples below 90% of their run's median); without it the mean "
            "is {steady} GB/s, {change} than with it. A save sees mostly the steady state only if it lasts much "
            "longer than the warm-up.",
            s.warmup_samples,
        )
        notes.append(
            w.p(
                text.format(
                    system=s.system,
                    n=count(s.warmup_samples),
                    steady=sig(s.steady_gbps),
                    change=pct_change(s.steady_gain_pct),
                ),
                "bandwidth",
                side=key,
            )
        )
    # A run of one or two samples shows neither a sustained rate nor a warm-up (third cold read, m-13).
    sparse = [side for side in w.sides if side.bandwidth.samples < FEW_SAMPLES * side.bandwidth.runs]
    if sparse:
        notes.append(
            w.p(
                _(
                    "{systems}: fewer than {few} samples per run, too few to call the rate sustained or to see a "
                    "warm-up; log the bandwidth through each run (fio's --write_bw_log)."
                ).format(systems=join_words([side.system for side in sparse]), few=FEW_SAMPLES),
                "bandwidth",
            )
        )
    elif not ramps:
        notes.append(
            w.p(_("No run opens with a warm-up ramp: the steady-state means equal the all-sample means."), "bandwidth")
        )
    notes.append(
        w.p(
            _(
                "The saves reach {shares} of the sustained bandwidth; the consistency audit below weighs what that "
                "means."
            ).format(shares=both(p3(a.baseline.effective_share_pct), p3(a.candidate.effective_share_pct))),
            "bandwidth",
            "save_times",
        )
    )
    return Section(
        ID,
        _("Sustained write bandwidth"),
        (*notes, table, w.figure("bandwidth"), w.figure("throughput")),
    )
