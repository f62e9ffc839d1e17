"""Phrases that keep their sign honest, shared by the sections: “84 s less”, “1.89× slower”, “both 11%”."""

from __future__ import annotations

from report.compute import Metrics
from report.formatting import (
    count,
    p3,
    s3,
    x3,
)
from report.i18n import _, join_words, ngettext


def _n(n: int, one: str, many: str) -> str:
    """A count with its noun, singular or plural: "1 run", "3 runs"."""
    return ngettext(one, many, n).format(n=count(n))


def per_save(saved_s: float) -> str:
    """ "84 s less", "12.0 s more", "no difference"."""
    if saved_s == 0:
        return _("no difference")
    text = _("{time} less") if saved_s > 0 else _("{time} more")
    return text.format(time=s3(abs(saved_s)))


def speed_phrase(speedup: float) -> str:
    """ "1.89× faster", "1.89× slower" (the inverse), "as fast"."""
    if speedup == 1:
        return _("as fast")
    if speedup > 1:
        return _("{ratio} faster").format(ratio=x3(speedup))
    return _("{ratio} slower").format(ratio=x3(1 / speedup))


def speedup_ci_phrase(m: Metrics) -> str:
    ci = m.save.speedup_ci95
    if ci is None:
        return _("one value per system, so no confidence interval")
    return _("95% confidence interval of the speedup {low} to {high}").format(low=x3(ci[0]), high=x3(ci[1]))


def both(a: str, b: str) -> str:
    """ "11% and 12%", or "both 11%" when they print alike."""
    return _("both {value}").format(value=a) if a == b else _("{a} and {b}").format(a=a, b=b)


def gate_list(ids: tuple[str, ...] | list[str]) -> str:
    return join_words(list(ids))


def sooner(reduction_pct: float) -> str:
    if reduction_pct == 0:
        return _("at the same time")
    text = _("{share} sooner") if reduction_pct > 0 else _("{share} later")
    return text.format(share=p3(abs(reduction_pct)))


def pct_change(value: float) -> str:
    if value == 0:
        return _("the same")
    return (_("{share} more") if value > 0 else _("{share} less")).format(share=p3(abs(value)))


def ratio_range(low: float, high: float, joiner: str | None = None) -> str:
    a, b = x3(low), x3(high)
    if a == b:
        return a
    return f"{a}{joiner}{b}" if joiner else _("{low} to {high}").format(low=a, high=b)


def load_speed(m: Metrics) -> str:
    lo, hi = m.load.speedup_min, m.load.speedup_max
    if lo >= 1:
        return _("{ratios} faster").format(ratios=ratio_range(lo, hi))
    if hi < 1:
        return _("{ratios} slower").format(ratios=ratio_range(1 / hi, 1 / lo))
    return _("between {slower} slower and {faster} faster").format(slower=x3(1 / lo), faster=x3(hi))
