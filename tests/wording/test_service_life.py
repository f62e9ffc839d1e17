"""The service life in words (report/wording/service_life.py): assumed and the tool's default, or agreed for the
test (cold read 17, W-M1; Chinese reading 17, W-B2)."""

from __future__ import annotations

from report.compute.scopes import Finding, Scope
from report.i18n import activate
from report.wording.service_life import life_number, life_phrase


def _money(life: float, agreed: bool, support: int | None = None) -> Finding:
    return Finding("value_priced", Scope("test", (), ()), {"life": life, "life_agreed": agreed, "support": support})


def test_the_life_says_whose_it_is():
    with activate("en"):
        assert (
            life_phrase(_money(5, False)) == "an assumed 5-year life, the tool's default, not agreed with the customer"
        )
        assert life_phrase(_money(3, True)) == "the 3-year life agreed for this test"
        assert life_phrase(None) == "an assumed 5-year life, the tool's default, not agreed with the customer"
    with activate("zh-CN"):
        # Chinese reading 18, X minor 6: "未经与委托方约定的默认 5 年使用期" read as translationese
        assert life_phrase(_money(5, False)) == "5 年使用期（通用假设值，并非委托方约定）"
        assert life_phrase(_money(3, True)) == "本次测试约定的 3 年使用期"


def test_a_fractional_life_keeps_its_digits():
    assert (life_number(_money(3.0, True)), life_number(_money(2.5, True))) == ("3", "2.50")


def test_the_years_of_support_the_price_includes_are_the_lifes_source():
    """Cold read 18, X minor 7, Y minor 4; Chinese reading 18, X minor 6: the price notes gave five years' support and
    the report called the 5-year life a default; a quote with three years' support beside a 5-year life says both."""
    with activate("en"):
        assert life_phrase(_money(5, False, 5)) == (
            "an assumed 5-year life, the years of support the price includes, not confirmed by the customer"
        )
        assert life_phrase(_money(5, False, 3)) == (
            "an assumed 5-year life, not confirmed by the customer (the price includes 3 years of support)"
        )
        assert life_phrase(_money(3, True, 5)) == "the 3-year life agreed for this test"
    with activate("zh-CN"):
        assert life_phrase(_money(5, False, 5)) == "5 年使用期（与报价所含维保期相同，未经委托方确认）"
        assert life_phrase(_money(5, False, 3)) == "5 年使用期（估算，未经委托方确认；报价含 3 年维保）"
