"""Phrases that keep their sign honest, shared by the sections: “84 s less”, “1.89× slower”, “both 11%”."""

from __future__ import annotations

from report.compute import Metrics
from report.formatting import (
    count,
    p3,
    s3,
    sig,
    x3,
)
from report.i18n import _, join_words, ngettext


def counted_noun(n: int, one: str, many: str) -> str:
    """A count with its noun, singular or plural: "1 run", "3 runs"."""
    return ngettext(one, many, n).format(n=count(n))


def per_save(saved_s: float) -> str:
    """ "84 s less", "12.0 s more", "no difference"."""
    if saved_s == 0:
        return _("no difference")
    text = _("{time} less") if saved_s > 0 else _("{time} more")
    return text.format(time=s3(abs(saved_s)))


def speed_phrase(speedup: float) -> str:
    """ "1.89× faster", "1.89× slower" (the inverse), "as fast". The multiple is a field of its own, × in the message:
    Chinese words it as 加速比 1.89 / 用时为基线的 1.89 倍, since "快 1.89 倍" reads as 2.89 times the speed."""
    if speedup == 1:
        return _("as fast")
    if speedup > 1:
        return _("{ratio}× faster").format(ratio=sig(speedup))
    return _("{ratio}× slower").format(ratio=sig(1 / speedup))


def measured_speed(m: Metrics) -> str:
    """The save speedup as prose states a finding: "1.89× faster", or, while its 95% interval includes 1×, the ratio
    of the means without "faster" (cold read 9, M4: "1.10× faster" in the box that says no difference is shown). Which
    reading it has is decided in compute/speedup.py."""
    from report.compute import speedup as read

    reading = read.speedup_reading(m)
    if reading == read.NO_DIFFERENCE:
        return _("a ratio of {ratio}× between the means, no difference shown").format(ratio=sig(m.save.speedup))
    if reading == read.SLOWER_UNESTABLISHED:  # as the loads' "not yet an established speedup" (cold read 22, M1)
        return _("{ratio}× slower by the ratio of the means, not yet established").format(ratio=sig(1 / m.save.speedup))
    if reading == read.SETTLED:  # the size settled, a repeatability gate failing (cold read 19, AA-M5)
        return _(
            "{ratio}× faster by the means, within a narrow 95% interval, though a repeatability gate fails"
        ).format(ratio=sig(m.save.speedup))
    if reading == read.FASTER_UNSETTLED:  # faster, its interval says, as the loads' words say of theirs (zh 23, m1)
        return _("{ratio}× faster by the means: faster at 95% confidence, its size not yet settled").format(
            ratio=sig(m.save.speedup)
        )
    if reading == read.UNESTABLISHED:
        return _("a ratio of {ratio}× between the means, not yet an established speedup").format(
            ratio=sig(m.save.speedup)
        )
    return speed_phrase(m.save.speedup)


def speedup_ci_phrase(m: Metrics) -> str:
    ci = m.save.speedup_ci95
    if ci is None:
        return _("one value per system, so no confidence interval")
    if ci[1] < 1:  # slower at 95% confidence: the interval as the slowdown the sentence states (cold tests 6, B)
        return _("95% confidence interval {low} to {high} slower").format(low=x3(1 / ci[1]), high=x3(1 / ci[0]))
    return _("95% confidence interval of the speedup {low} to {high}").format(low=x3(ci[0]), high=x3(ci[1]))


def both(baseline: str, candidate: str) -> str:
    """ "11% and 12%" (Chinese names the sides: 基线 11%，候选系统 12%), or "both 11%" when they print alike."""
    if baseline == candidate:
        return _("both {value}").format(value=baseline)
    return _("{baseline} and {candidate}").format(baseline=baseline, candidate=candidate)


def respectively(baseline: str, candidate: str) -> str:
    """ "11.3% and 10.9% respectively" (Chinese: 分别为 11.3% 和 10.9%) after a sentence that named both systems in
    that order, or "both 11%" when they print alike (zh reading 8: 基线/被测系统 right after the names)."""
    if baseline == candidate:
        return both(baseline, candidate)
    return _("{baseline} and {candidate} respectively").format(baseline=baseline, candidate=candidate)


def each_named(baseline: str, baseline_system: str, candidate: str, candidate_system: str) -> str:
    """ "95.1% on Ceph and 84.8% on NG-6" (Chinese: Ceph 95.1%，NG-6 84.8%), or "both 0 s" when they print alike: a
    pair said with the names the report gives the systems, never 基线/被测系统 beside them (zh reading 8)."""
    if baseline == candidate:
        return both(baseline, candidate)
    return _("{baseline} on {baseline_system} and {candidate} on {candidate_system}").format(
        baseline=baseline, baseline_system=baseline_system, candidate=candidate, candidate_system=candidate_system
    )


def gate_list(ids: tuple[str, ...] | list[str]) -> str:
    return join_words(list(ids))


def sooner(reduction_pct: float) -> str:
    if reduction_pct == 0:
        return _("at the same time")
    text = _("{share} sooner") if reduction_pct > 0 else _("{share} later")
    return text.format(share=p3(abs(reduction_pct)))


def shorter(reduction_pct: float) -> str:
    """A run's wall time against the baseline's: "11.4% shorter", "0.00830% longer" (never a negative shortening)."""
    if reduction_pct == 0:
        return _("no shorter")
    text = _("{share} shorter") if reduction_pct > 0 else _("{share} longer")
    return text.format(share=p3(abs(reduction_pct)))


def pct_change(value: float, ratio: float | None = None) -> str:
    """ "35.0% more", "12.0% less"; from twice as much on, the `ratio` as a multiple: "4.55× as much", not "355% more",
    which a reader takes for 3.55 times (Chinese reading 30, m1: 高 355% beside 4.55 倍)."""
    if value == 0:
        return _("the same")
    if ratio is not None and value >= 100:
        return _("{ratio}× as much").format(ratio=sig(ratio))
    return (_("{share} more") if value > 0 else _("{share} less")).format(share=p3(abs(value)))


def ratio_span(low: float, high: float) -> str:
    """A tile's range of multiples: "6.20×–9.30×" ("6.20–9.30 倍"), one value when both print alike."""
    a, b = sig(low), sig(high)
    return x3(low) if a == b else _("{low}×–{high}×").format(low=a, high=b)


def load_speed(m: Metrics, span: tuple[float, float] | None = None) -> str:
    """ "6.20× to 9.30× faster", "1.5× slower", "between 1.5× slower and 2.00× faster": the multiples are fields
    and × is in the message, so that Chinese can say 加速比 6.20 至 9.30 rather than the ambiguous 快 6.20 倍. `span`:
    the range to word (by default every pair's)."""
    lo, hi = span or (m.load.speedup_min, m.load.speedup_max)
    if lo >= 1:
        return _multiples(lo, hi, _("{ratio}× faster"), _("{low}× to {high}× faster"))
    if hi < 1:
        return _multiples(1 / hi, 1 / lo, _("{ratio}× slower"), _("{low}× to {high}× slower"))
    return _("between {slower}× slower and {faster}× faster").format(slower=sig(1 / lo), faster=sig(hi))


def _multiples(low: float, high: float, one: str, several: str) -> str:
    a, b = sig(low), sig(high)
    return one.format(ratio=a) if a == b else several.format(low=a, high=b)


def record_pointer() -> str:
    """Where the record of the save runs is quoted: once, in the setup's data sources, and pointed to elsewhere (cold
    read 16, T-m3 and U-m5: its ~90 words printed verbatim three times)."""
    return _("The record of the save runs is quoted in “{section}”.").format(section=_("Test setup and data sources"))
