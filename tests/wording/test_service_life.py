"""The service life in words (report/wording/service_life.py): assumed and the tool's default, or agreed for the
test (cold read 17, W-M1; Chinese reading 17, W-B2)."""

from __future__ import annotations

from report.compute.scopes import Finding, Scope
from report.i18n import activate
from report.wording.service_life import life_number, life_phrase


def _money(life: float, agreed: bool) -> Finding:
    return Finding("value_priced", Scope("test", (), ()), {"life": life, "life_agreed": agreed})


def test_the_life_says_whose_it_is():
    with activate("en"):
        assert life_phrase(_money(5, False)) == "an assumed 5-year life, a default not agreed with the customer"
        assert life_phrase(_money(3, True)) == "the 3-year life agreed for this test"
        assert life_phrase(None) == "an assumed 5-year life, a default not agreed with the customer"
    with activate("zh-CN"):
        assert life_phrase(_money(5, False)) == "未经与委托方约定的默认 5 年使用期"
        assert life_phrase(_money(3, True)) == "本次测试约定的 3 年使用期"


def test_a_fractional_life_keeps_its_digits():
    assert (life_number(_money(3.0, True)), life_number(_money(2.5, True))) == ("3", "2.50")
