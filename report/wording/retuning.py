"""Re-tuning the checkpoint interval against switching storage, worded once: where Young's optimum lies against the
run, the headline where it holds, the caveat where it does not, and the assumed failure rate."""

from __future__ import annotations

from decimal import Decimal

from report.compute import Metrics
from report.compute.retune_cost import optimal_steps
from report.document.blocks import (
    Para,
)
from report.document.spoken import said
from report.formatting import (
    count,
    num,
    p3,
    sig,
    worked,
    x3,
)
from report.i18n import _, ngettext
from report.inputs.config import ReliabilitySpec
from report.wording.base import Words


def _points(value: float, minuend: float, subtrahend: float) -> str:
    """A difference of two failure-aware overheads, in points (no sign), at the digits the failure table's printed
    overheads give back (`worked`): the reader subtracts them from the table."""
    return points_together((value, minuend, subtrahend))[0]


def points_together(*differences: tuple[float, float, float]) -> tuple[str, ...]:
    """Differences of failure-aware overheads, each (value, minuend, subtrahend), printed side by side at one precision:
    each at the digits the printed overheads give back (`worked`), then all at the fewest decimals any of them has
    (Chinese reading 13b, X-14: "9.68 percentage points" beside "7.4", as 9.88% − 2.47% gives 7.41, not 7.40: now
    "9.7" beside "7.4"; "10.6" beside "5.2" already agree). Where those decimals would leave a difference fewer than
    two significant digits (13.5 beside 0.72), each keeps its own: two digits at least, as `worked` has it."""
    own = []
    for value, minuend, subtrahend in differences:
        shown = Decimal(sig(minuend).replace(",", "")) - Decimal(sig(subtrahend).replace(",", ""))  # 11.5 − 8.45 = 3.05
        own.append(worked(abs(value), abs(float(shown))))
    decimals = min(len(text.partition(".")[2]) for text in own)
    together = tuple(num(abs(value), decimals) for value, _a, _b in differences)
    if any(len(text.replace(",", "").replace(".", "").lstrip("0")) < 2 for text in together):
        return tuple(own)
    return together


def optimum_points(m: Metrics) -> str:
    """The candidate's contribution, each system at its optimal interval: baseline − candidate optimal overhead."""
    r = m.reliability
    return _points(r.optimum_gain_pct, r.baseline.optimal_overhead_pct, r.candidate.optimal_overhead_pct)


def optimum_words(m: Metrics) -> str:
    if m.reliability.optimum_gain_pct >= 0:
        return _("the candidate's contribution is {points} percentage points").format(points=optimum_points(m))
    return _("the candidate costs {points} percentage points more").format(points=optimum_points(m))


def _switch_words(m: Metrics, points: str = "") -> str:
    r = m.reliability
    points = points or _points(r.switch_gain_pct, r.baseline.overhead_pct, r.candidate.overhead_pct)
    return (_("saves {points}") if r.switch_gain_pct >= 0 else _("costs {points} more")).format(points=points)


def _beyond_run(m: Metrics) -> str:
    """A caveat when Young's optimal interval is longer than the whole run, said where the failure model is explained
    (the answers refer back to it)."""
    r, b = m.reliability, m.bubble
    if not beyond_run(m):
        return ""
    # whose optimum: the baseline's (Chinese reading 22, m15: the candidate's, 2,343 steps, was never said)
    return " " + _(
        "Young's optimum on {baseline} ({optimum} steps) is longer than the whole run ({steps} steps): at this failure "
        "rate a run this short would not checkpoint for its own sake at all, and the failure model says little about "
        "it; it keeps today's interval for other reasons (evaluation, preemption, a failure rate higher than "
        "assumed), which the report cannot weigh."
    ).format(
        baseline=m.save.baseline.system,
        optimum=count(round(r.baseline.optimal_interval_steps)),
        steps=count(b.total_steps),
    )


def beyond_run(m: Metrics) -> bool:
    """Whether Young's optimal interval on the baseline is longer than the whole run."""
    return m.reliability.baseline.optimal_interval_steps > m.bubble.total_steps


def today_interval_only(m: Metrics) -> bool:
    """Whether a benefit at today's interval is mostly one of the interval: the job saves asynchronously and its
    benefit ends below some interval, or re-tuning the baseline's interval alone does more than the candidate at
    today's, or, each system at its optimal interval, the cluster gains less than half today's GPU-equivalents (the
    last two with Young's optimum inside the run). Page 1 marks the tiles that state such a benefit (third cold read,
    M-5); the capacity tile then prints the optima's figure (cold read 14, M1: 137 GPU-equivalents today, 35.1 at
    the optima)."""
    return stall_free_steps(m) is not None or tuning_sentence(m) is not None or _gain_mostly_the_interval(m)


def _gain_mostly_the_interval(m: Metrics) -> bool:
    today, optima = m.bubble.gpu_equivalents, m.reliability.optimum_gpu_equivalents
    return not beyond_run(m) and today > 0 and optima < today / 2


def assumed_failure_rate(m: Metrics) -> str:
    """The failure rate a figure of the failure model rests on, named as the assumption it is: Llama 3's (the
    report's default) or the per-GPU MTBF set for this test."""
    hours = m.reliability.gpu_mtbf_hours
    if hours == ReliabilitySpec().gpu_mtbf_hours:
        return _("the failure rate assumed from Llama 3's training")
    return _("the failure rate agreed for this test (a per-GPU MTBF of {hours} h)").format(hours=sig(hours))


# A per-GPU MTBF this many times away from the default (Llama 3's) is called out wherever a finding rests on it.
FAR_MTBF = 10.0


def far_mtbf(m: Metrics) -> float | None:
    """How many times the per-GPU MTBF test.toml sets is away from the default (shorter or longer), where it is at
    least FAR_MTBF times; None nearer the default."""
    value, default = m.reliability.gpu_mtbf_hours, ReliabilitySpec().gpu_mtbf_hours
    if default / FAR_MTBF < value < default * FAR_MTBF:
        return None
    return max(value, default) / min(value, default)


def far_mtbf_condition(m: Metrics) -> str:
    """Said after a finding of the failure model where test.toml's MTBF is far from the default: the finding rests on
    it (cold read 22, M2: economics' "save less often does not outweigh the storage here" stood on a 100 h MTBF, 507×
    shorter than the default, said only beside the assumptions)."""
    ratio = far_mtbf(m)
    if ratio is None:
        return ""
    value, default = m.reliability.gpu_mtbf_hours, ReliabilitySpec().gpu_mtbf_hours
    text = (
        _(
            "That rests on the per-GPU MTBF set for this test, {value} h, {ratio} shorter than the default taken from "
            "Llama 3's training ({default} h): confirm it with the cluster's own failure records before relying on it."
        )
        if value < default
        else _(
            "That rests on the per-GPU MTBF set for this test, {value} h, {ratio} longer than the default taken from "
            "Llama 3's training ({default} h): confirm it with the cluster's own failure records before relying on it."
        )
    )
    return " " + text.format(value=num(value, 0), default=num(default, 0), ratio=x3(ratio))


def copy_premise(m: Metrics) -> bool:
    """Whether re-tuning the baseline rests on a premise this test does not show: the baseline local to each node and
    the candidate shared, so that the failure figures count a failed node's part of the baseline's checkpoint as
    restorable, which needs a copy kept off the node that the test did not time (cold read 12, V-M5: "re-tuning does
    more than switching" said as a finding on checkpoints that stay on the node that wrote them)."""
    n = m.node_local
    return n is not None and "baseline" in n.sides and "candidate" not in n.sides


def premise(m: Metrics, baseline: str | None = None) -> str:
    """The copy-off-the-node premise as a sentence and a space, said before the re-tuning comparison where it rests on
    it (`copy_premise`), else "". `baseline`: the name to call the baseline by (page 1's short name)."""
    if not copy_premise(m):
        return ""
    return (
        _(
            "What follows needs a copy of {baseline}'s checkpoints kept off the node, which this test did not time."
        ).format(baseline=baseline or m.save.baseline.system)
        + " "
    )


def tuning_sentence(m: Metrics) -> Para | None:
    """The summary's re-tuning headline: only where it holds, Young's optimum shorter than the run (else the failure
    section carries the comparison as a caveat). It names its premise, the assumed failure rate (Chinese reading 3,
    major 1), and prints the optima at three digits like the failure table, so no operand pair beside the difference
    (minor 3: "0.2911%" beside the table's "0.291%")."""
    r = m.reliability
    if not r.tuning_beats_switching or r.switch_gain_pct <= 0 or beyond_run(m):
        return None
    text = _(
        "With {rate}, re-tuning the checkpoint interval alone does more than switching to the new storage at today's "
        "interval: saving every {optimum} steps instead of every {interval} would cut the failure-aware overhead on "
        "{baseline} from {today} to {tuned} of compute time, less than {candidate} at today's interval "
        "({candidate_today}). Compared each at its own optimal interval, {contribution}."
    ).format(
        rate=assumed_failure_rate(m),
        optimum=count(optimal_steps(m)),
        interval=count(m.bubble.checkpoint_interval_steps),
        **_tuning_fields(m),
    )
    # how far re-tuning must go is argued in the failure section and said on page 2: here a clause that points there
    # (cold read 14c, Q-m8: the 64-to-2,018-steps sentence on pages 2, 4 and 12)
    further = (
        " "
        + _("How far re-tuning must go to match {candidate} at today's interval is shown in “{section}”.").format(
            candidate=m.save.candidate.system, section=_("Failures and the checkpoint interval")
        )
        if break_even_words(m)
        else ""
    )
    return Para(premise(m) + text + further, "warning", False)


def interval_lever(w: Words) -> str:
    """The summary's line where the interval, not the storage, is the larger lever (compute/findings.py
    `interval_outweighs_storage`), with its premise; "" otherwise."""
    found = w.findings.get("interval_outweighs_storage")
    if found is None:
        return ""
    m = w.m
    text = _(
        "Whatever the storage, the checkpoint interval is the larger lever: with {rate}, saving every {optimum} steps "
        "instead of every {interval} would cut the failure-aware overhead on {baseline} from {today} to {tuned} of "
        "compute time, {gain} percentage points, where the two systems differ by {difference} points at today's "
        "interval. Check first what sets the interval (evaluation and pre-emption set it too)."
    ).format(
        rate=assumed_failure_rate(m),
        optimum=count(round(found["optimal_steps"])),
        interval=count(m.bubble.checkpoint_interval_steps),
        baseline=w.name("baseline"),
        today=p3(found["today_pct"]),
        tuned=p3(found["tuned_pct"]),
        # at the digits the failure table's overheads give back (13.8 − 0.335; 14.6 − 13.8), as its section says them
        gain=_points(found["retune_gain_pct"], found["today_pct"], found["tuned_pct"]),
        difference=_points(found["difference_pct"], m.reliability.candidate.overhead_pct, found["today_pct"]),
    )
    return said(found, text)


def break_even_words(m: Metrics) -> str:
    """How far re-tuning must go to match the candidate at today's interval: the fewest steps between saves at which
    the baseline alone costs no more (cold read 31, M1: retune's case priced at Young's 11,124 steps, where 2,035
    suffice, and async-70b's at 1,220, where 57 do)."""
    n = m.break_even_steps
    if n is None or n >= round(m.reliability.baseline.optimal_interval_steps):
        return ""
    if n <= m.bubble.checkpoint_interval_steps and m.break_even_upper_steps is None:
        # "from 20 steps" where 20 is today's interval: the baseline already costs no more (zh reading 9, J-m3)
        return ""
    if m.break_even_upper_steps is not None:  # beyond it, lost work outgrows the saves saved (cold read 7)
        return " " + _(
            "It need not go that far: from {steps} to {upper} steps between saves, {baseline} alone already costs no "
            "more than {candidate} at today's interval."
        ).format(
            steps=count(n),
            upper=count(m.break_even_upper_steps),
            baseline=m.save.baseline.system,
            candidate=m.save.candidate.system,
        )
    return " " + _(
        "It need not go that far: from {steps} steps between saves, {baseline} alone already costs no more than "
        "{candidate} at today's interval."
    ).format(steps=count(n), baseline=m.save.baseline.system, candidate=m.save.candidate.system)


def _tuning_fields(m: Metrics) -> dict[str, str]:
    """The figures the summary's re-tuning box and page 1's line both print."""
    r, s = m.reliability, m.save
    return {
        "baseline": s.baseline.system,
        "today": p3(r.baseline.overhead_pct),
        "tuned": p3(r.baseline.optimal_overhead_pct),
        "candidate": s.candidate.system,
        "candidate_today": p3(r.candidate.overhead_pct),
        "contribution": optimum_words(m),
    }


def retune_sentence(m: Metrics) -> str:
    """Re-tuning against switching, with the caveat on Young's optimum first when it lies beyond the run."""
    r, s = m.reliability, m.save
    retune, switch = points_together(  # side by side, at one precision
        (r.retune_gain_pct, r.baseline.overhead_pct, r.baseline.optimal_overhead_pct),
        (r.switch_gain_pct, r.baseline.overhead_pct, r.candidate.overhead_pct),
    )
    figures = {
        "baseline": s.baseline.system,
        "optimum": count(optimal_steps(m)),
        "retune": retune,
        "candidate": s.candidate.system,
        "switch": _switch_words(m, switch),
    }
    if r.tuning_beats_switching and beyond_run(m):
        # The caveat first, the figure after it "for reference": read the other way round, the reader keeps
        # "re-tuning saves more than switching" and meets the caveat only after it.
        return (
            _beyond_run(m).lstrip()
            + " "
            + _(
                "For reference only: re-tuning the interval on {baseline} alone, to Young's optimum of {optimum} "
                "steps, saves {retune} percentage points; moving to {candidate} at today's interval {switch}."
            ).format(**figures)
            + " "
            + _("On the failure model alone, optimum against optimum, {contribution}.").format(
                contribution=optimum_words(m)
            )
            + " "
            + _(
                "As Young's optimum is longer than the run, this comparison is a caveat, not a finding: it does not "
                "say that re-tuning beats the new storage."
            )
        )
    retune = _(
        "Re-tuning the interval on {baseline} alone, to every {optimum} steps, saves {retune} percentage points; "
        "moving to {candidate} at today's interval {switch}."
    ).format(**figures)
    if r.tuning_beats_switching:
        return (
            retune
            + " "
            + premise(m)
            + _(
                "Re-tuning alone recovers more than the new storage does at today's interval; optimum against "
                "optimum, {contribution}."
            ).format(contribution=optimum_words(m))
            + break_even_words(m)
            + far_mtbf_condition(m)
        )
    return (
        retune
        + " "
        + _("Optimum against optimum the candidate still saves {points} points.").format(points=optimum_points(m))
        + far_mtbf_condition(m)
    )


def stall_free_steps(m: Metrics) -> int | None:
    """The interval (steps) from which neither system's asynchronous write outlasts the compute between saves, when
    the job saves asynchronously and today's interval is shorter (the storage's benefit vanishes from there)."""
    a = m.async_
    if m.checkpoint_mode != "async" or not a.storage_stalls:
        return None
    return max(a.baseline.min_interval_steps, a.candidate.min_interval_steps)


def g4_limit_apart(m: Metrics, limit: int, retuned: str) -> str:
    """G4's interval limit told apart from an asynchronous job's benefit's, where some time is still saved beyond it
    (cold read 16, U-m7: "holds only under 76 steps" beside "passes only at intervals of at most 72 steps"); ""
    otherwise."""
    free = stall_free_steps(m)
    if free is None or free - 1 <= limit:
        return ""
    low, high = limit + 1, free - 1
    span = (
        _("{low} to {high} steps").format(low=count(low), high=count(high))
        if high > low
        else ngettext("{n} step", "{n} steps", low).format(n=count(low))
    )
    return _(
        "only at intervals of at most {steps} steps, up to which the time saved meets the target (less is saved at "
        "{span}, none from {free} on): at the re-tuned interval ({retuned}) it would fail"
    ).format(steps=count(limit), span=span, free=count(free), retuned=retuned)
