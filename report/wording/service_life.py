"""The service life a payback is weighed against, in words: "an assumed 5-year life, the tool's default, not agreed
with the customer" where the test gives none (cold read 20, AC-M5: "a default", not whose), "the 3-year life agreed for
this test" where it does (cold read 17, W-M1; Chinese reading 17, W-B2: a 5-year life against a quote with three years'
support, unflagged). The years and
whether they were agreed are the money finding's (compute/service_life.py)."""

from __future__ import annotations

from report.compute.service_life import DEFAULT_SERVICE_LIFE_YEARS
from report.formatting import sig
from report.i18n import _


def _figures(found) -> dict:
    """A money finding's figures (or a plain mapping of them), {} without one."""
    return {} if found is None else dict(getattr(found, "figures", found))


def money_found(findings):
    """The money finding (value_priced or value_unpriced), or None."""
    return findings.get("value_priced") or findings.get("value_unpriced")


def years(found) -> float:
    """The service life of a money finding, the default without one."""
    return _figures(found).get("life", DEFAULT_SERVICE_LIFE_YEARS)


def life_number(found) -> str:
    """The service life's years as printed: a whole number without decimals, else three significant digits."""
    n = years(found)
    return str(int(n)) if float(n).is_integer() else sig(n)


def life_phrase(found) -> str:
    """The service life with its source, to stand after "within" or "beyond"."""
    figures = _figures(found)
    if figures.get("life_agreed", False):
        return _("the {n}-year life agreed for this test").format(n=life_number(found))
    support = figures.get("support")
    if support is None:
        return _("an assumed {n}-year life, the tool's default, not agreed with the customer").format(
            n=life_number(found)
        )
    # the price notes' years of support are the life's source (cold read 18, X minor 7, Y minor 4; Chinese reading 18,
    # X minor 6: "未经与委托方约定的默认 5 年使用期" read as translationese, beside a quote with five years' support)
    if support == years(found):
        return _(
            "an assumed {n}-year life, the years of support the price includes, not confirmed by the customer"
        ).format(n=life_number(found))
    return _(
        "an assumed {n}-year life, not confirmed by the customer (the price includes {support} years of support)"
    ).format(n=life_number(found), support=support)
