"""The save speedup where a repeatability gate fails on spread: the runs side by side, not a confidence bound.

A 95% interval by the delta method assumes runs that scatter about their mean; runs whose spread fails G1 or G2 (an
outlying run, z = 24.9 in cold read 8b, I-4) break that assumption, so "at least 1.06× at 95% confidence" read as a
bound that held. Where either gate fails on spread, the report says instead how many of the candidate's runs beat
every run of the baseline (or lost to every one, for a slower candidate), with the ranges, and prints the interval
marked only indicative until the spread passes."""

from __future__ import annotations

from dataclasses import dataclass

from report.formatting import given, seconds_figure, sig
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.decisions import judged_statuses, no_difference_shown


@dataclass(frozen=True)
class RunsBeside:
    """The candidate's training-model runs against the baseline's, in the direction of the means."""

    faster: bool  #: the means' direction: the candidate faster (else slower)
    beyond: tuple[float, ...]  #: the candidate's runs beyond every baseline run in that direction, ascending
    others: tuple[float, ...]  #: the candidate's other runs, ascending
    baseline: tuple[float, ...]  #: the baseline's runs, ascending
    spread_sides: tuple[str, ...]  #: the sides whose gate (G1, G2) fails on spread


def spread_fails(w: Words) -> tuple[str, ...]:
    """The sides whose repeatability gate fails (G1 baseline, G2 candidate): their runs spread above the limit."""
    status = judged_statuses(w.m)  # not a baseline's slow runs set aside (cold read 15, R-M1)
    return tuple(side for side, gate in (("baseline", "G1"), ("candidate", "G2")) if status.get(gate) == "fail")


def runs_beside(w: Words) -> RunsBeside | None:
    """The runs side by side where G1 or G2 fails on spread and both sides have runs to compare; None otherwise."""
    failed = spread_fails(w)
    if not failed or w.m.save.speedup_ci95 is None or no_difference_shown(w.m.save.speedup_ci95):
        return None
    saves, model = w.test.saves, w.config.training.model
    runs = {}
    for side in w.sides:
        rows = saves[(saves["model"].astype(str) == model) & (saves["system"].astype(str) == side.system)]
        runs[side.key] = tuple(sorted(float(v) for v in rows["save_s"]))
    base, cand = runs["baseline"], runs["candidate"]
    if len(base) < 2 or len(cand) < 2:
        return None
    faster = w.m.save.speedup >= 1
    beyond = tuple(v for v in cand if (v < base[0] if faster else v > base[-1]))
    others = tuple(v for v in cand if v not in beyond)
    return RunsBeside(faster, beyond, others, base, failed)


def _span(values: tuple[float, ...]) -> str:
    """ "30.6–32.5 s", or "58.6 s" for one value (or values that print alike)."""
    low, high = seconds_figure(values[0]), seconds_figure(values[-1])
    if low == high:
        return _("{value} s").format(value=low)
    return _("{low}–{high} s").format(low=low, high=high)


def spread_why(w: Words, r: RunsBeside) -> str:
    """ "NG-6's runs spread above the 5% limit", or both systems'."""
    limit = given(w.config.gates.max_cv_pct)
    if len(r.spread_sides) == 2:
        return _("both systems' runs spread above the {limit}% limit").format(limit=limit)
    return _("{system}'s runs spread above the {limit}% limit").format(system=w.name(r.spread_sides[0]), limit=limit)


def runs_beside_words(w: Words, r: RunsBeside, *, others: bool = True, interval: bool = True) -> str:
    """ "5 of 6 runs on NG-6 faster than every run on Ceph: 30.6–32.5 s against 51.7–54.0 s, the other run 58.6 s; no
    confidence statement while NG-6's runs spread above the 5% limit". `others` names the runs left out (prose; the
    tile leaves them to the body); `interval` false leaves out the indicative interval, which a reason on the same
    page gives (cold read 16, U: the tile repeated the speed reason's clause)."""
    fields = {
        "n": len(r.beyond),
        "runs": len(r.beyond) + len(r.others),
        "candidate": w.name("candidate"),
        "baseline": w.name("baseline"),
        "baseline_span": _span(r.baseline),
    }
    if not r.beyond:
        text = (
            _("no run on {candidate} faster than every run on {baseline}: {candidate_span} against {baseline_span}")
            if r.faster
            else _(
                "no run on {candidate} slower than every run on {baseline}: {candidate_span} against {baseline_span}"
            )
        ).format(candidate_span=_span(r.others), **fields)
    elif not r.others:
        text = (
            _("all {runs} runs on {candidate} faster than every run on {baseline}: {span} against {baseline_span}")
            if r.faster
            else _("all {runs} runs on {candidate} slower than every run on {baseline}: {span} against {baseline_span}")
        ).format(span=_span(r.beyond), **fields)
    else:
        text = (
            _("{n} of {runs} runs on {candidate} faster than every run on {baseline}: {span} against {baseline_span}")
            if r.faster
            else _(
                "{n} of {runs} runs on {candidate} slower than every run on {baseline}: {span} against {baseline_span}"
            )
        ).format(span=_span(r.beyond), **fields)
        if r.others and others:
            rest = join_words([_("{value} s").format(value=seconds_figure(v)) for v in r.others])
            text += (_(", the other run {times}") if len(r.others) == 1 else _(", the other {n} runs {times}")).format(
                n=len(r.others), times=rest
            )
    # the interval printed, marked indicative, as page 2's reason and Table 1 print it: one rule everywhere (cold
    # read 16, U-M4 and cold read 15, R-M1: "no confidence statement" beside "the 95% interval ... is only indicative")
    ci = w.m.save.speedup_ci95
    assert ci is not None  # runs_beside gives runs only where the interval is computed
    if not interval:
        return text
    return _("{runs}; the speedup's 95% interval ({low}–{high}×) is only indicative while {why}").format(
        runs=text, low=sig(ci[0]), high=sig(ci[1]), why=spread_why(w, r)
    )


def means_speed(w: Words) -> str:
    """ "1.46× faster by the means": the ratio without the interval's word on it."""
    s = w.m.save
    if s.speedup >= 1:
        return _("{ratio}× faster by the means").format(ratio=sig(s.speedup))
    return _("{ratio}× slower by the means").format(ratio=sig(1 / s.speedup))
