"""What a recommendation on other grounds rests on and this test did not measure (report/wording/unmeasured.py): the
cold starts a year at which faster loads would pay, worked by hand on test_load_value's folder."""

from __future__ import annotations

from report.compute import compute
from report.i18n import activate
from report.wording.base import Words
from report.wording.unmeasured import to_pay
from tests.compute.test_load_value import LOADS, PRICED, _folder
from tests.conftest import PROVENANCE


def test_faster_loads_say_the_cold_starts_a_year_that_would_pay_for_the_candidate(tmp_path):
    test, _m = _folder(tmp_path, PRICED, LOADS)
    w = Words(test, compute(test), {}, PROVENANCE)
    # 100,000 USD ÷ (5 × 10 s × 8 ÷ 3600 × 2.0 USD) = 450,000 cold starts of M a year, each worth 0.0444 USD; a day,
    # 450,000 ÷ 365 = 1,233 (cold read 16, U-M3)
    assert to_pay(w) == (
        "No cold model loads were counted: faster loads alone would pay for Cand within an assumed 5-year life, the "
        "tool's default, not agreed with the customer, at about 450,000 cold starts a year (1,230 a day) of M, each "
        "10 s shorter and worth 0.0444 USD on a server of 8 GPUs (the training nodes' size) at the hourly rate of "
        "training, an indicative count."
    )
    with activate("zh-CN"):
        assert "每年约需 45 万 次（每天约 1,230 次）M冷启动" in to_pay(w)  # typeset later as 45 万次


def test_a_life_agreed_for_the_test_sets_the_cold_starts_and_is_said_as_agreed(tmp_path):
    # 100,000 USD ÷ (2 × 10 × 8 ÷ 3600 × 2.0 USD) = 1,125,000 cold starts a year, in floating point a hair below, so
    # 1.12 million at three digits; a day, 1,125,000 ÷ 365 = 3,082
    test, _m = _folder(tmp_path, PRICED + "service_life_years = 2\n", LOADS)
    text = to_pay(Words(test, compute(test), {}, PROVENANCE))
    assert "within the 2-year life agreed for this test, at about 1.12 million cold starts a year (3,080 a day)" in text
    with activate("zh-CN"):
        assert "在本次测试约定的 2 年使用期内收回" in to_pay(Words(test, compute(test), {}, PROVENANCE))


def test_a_run_of_more_failures_than_one_prints_no_restart_bound():
    """Cold test 18, X: at 18.9 failures a run a restart from the start after each lost node gives e^18.9 times the
    run, printed as "at most 146,000,000 million CAD a year": no cost bounds it; the sentence says why."""
    from types import SimpleNamespace as NS

    from report.wording.said import node_loss_bound

    figures = {"loss_bound_per_year": 1.46e14, "failures_per_run": 18.9, "wall_side": "candidate"}
    found = type("F", (), {"__getitem__": lambda self, k: figures[k]})()
    w = NS(name=lambda side: {"candidate": "T0 tier"}[side])
    assert node_loss_bound(w, found) == (
        " At 18.9 failures a run over T0 tier's wall time, a job restarted from its start after each lost node would "
        "seldom finish: the run depends on checkpoints that survive a node, and no cost bounds it."
    )
