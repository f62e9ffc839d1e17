"""The paybacks on every basis in the economics section (report/wording/paybacks.py), on cold tests 15, R by hand
(tests/compute/test_paybacks.py works the years: 21.988, 3.081, 2.053 and 0.2877)."""

from types import SimpleNamespace as NS

from report import i18n
from report.wording.paybacks import paybacks_words

PRICE = 1_240_000
FOUND = {
    "price": PRICE,
    "currency": "EUR",
    "job_payback_years": PRICE / 402_426.2,
    "payback_years": PRICE / 604_027.3,
    "today_payback_years": PRICE / 4_310_244.2,
    "fill_share": 402_426.2 / 4_310_244.2,
}


def _words(found=FOUND):
    return NS(
        findings=NS(get=lambda key: found if key == "value_priced" else None),
        config=NS(economics=NS(runs_per_year=64)),
        m=NS(bubble=NS(cluster_gpus=1728)),
    )


def test_the_recommendation_s_basis_then_the_table():
    """Page 2's one payback named, the table below giving every basis (cold read 17, W-M1); re-tuning costs nothing
    here, where no finding says the optimum lengthens the baseline's interval."""
    assert paybacks_words(_words(), ("speedup", "job_paid_today")) == (
        "At the candidate's price of 1.24 million EUR, the recommendation weighs this payback: about 22.0 years on the "
        "64 runs a year given, each system at its optimal interval; the table below gives every basis. It is decided "
        "on the runs given. Re-tuning the interval costs nothing."
    )
    # where the money rule does not decide on the runs given, the runs given still lead, the customer's own plan, the
    # whole cluster's said as the lower bounds they are (cold read 16, T-B3)
    text = paybacks_words(_words(), ("speedup",))
    assert "this payback: about 22.0 years on the 64 runs a year given, each system at its optimal interval;" in text
    assert (
        "It rests on the runs a year given; the whole cluster's are lower bounds, as every GPU running such jobs all "
        "year bounds the value from above." in text
    )
    # where nothing pays within the life, the whole cluster's at the optima leads
    text = paybacks_words(_words(), ("unpaid",))
    assert "this payback: at least 2.05 years were the whole 1,728-GPU cluster" in text
    with i18n.activate("zh-CN"):
        zh = paybacks_words(_words(), ("speedup", "job_paid_today"))
    assert zh == (
        "按被测系统报价 124 万 欧元 计，建议所依据的回收期为：按给定的每年 64 次训练、每个系统取其最优间隔计，约 22.0 年；"
        "下表列出各口径的回收期。建议即按给定的训练次数作出。调整保存间隔本身不产生费用。"
    )


def test_nothing_without_a_price():
    assert paybacks_words(_words(found=None), ("job_unpaid",)) == ""


def test_long_paybacks_keep_three_significant_digits():
    """A payback of thousands of years at three significant digits, the rule for amounts (cold read 16, U-m4: "about
    14,928 years"): 3,150,000,000 ÷ 211,014 = 14,928 → "14,900"; 3,150,000,000 ÷ 9,320,000 = 337.98 → "338"."""
    found = {
        "price": 3_150_000_000,
        "currency": "KRW",
        "job_payback_years": 3_150_000_000 / 61_380_000,
        "payback_years": 3_150_000_000 / 9_320_000,
        "today_payback_years": None,
        "fill_share": 211_014 / 9_320_000,
    }
    text = paybacks_words(_words(found), ("speedup",))
    assert "about 14,900 years on the 64 runs a year given, each system at its optimal interval;" in text
    assert "14,928" not in text


def test_re_tuning_to_a_write_bound_optimum_is_not_called_a_cost():
    """Cold read 18, X minor 4: "Re-tuning is not free" beside 0.318 h against 0.318 h. The write-bound joint test of
    tests/compute/test_retune_cost.py by hand: 31 steps (62 s, 0.0172 h) against 20 (40 s, 0.0111 h), a failure losing
    92.1 s (0.0256 h) against 91.4 s (0.0254 h), 0.77% more: no cost said; the interval still the teams' to accept."""
    from report.wording.paybacks import retune_cost_words

    cost = {
        "today_steps": 20,
        "whole_steps": 31,
        "today_s": 40.0,
        "optimal_s": 62.0,
        "lost_today_s": 91.4,
        "lost_optimal_s": 92.1,
        "costs_work": False,
        "write_bound": True,
        "gpus": 16,
    }
    words = NS(findings=NS(get=lambda key: cost if key == "retune_cost" else None), name=lambda side: "Base")
    assert retune_cost_words(words) == (
        "Re-tuning adds almost nothing to the work a failure loses: with Base saving every 31 steps (0.0172 h) instead "
        "of every 20 (0.0111 h), a failure loses on average 0.0256 h of the job's work on its 16 GPUs, against "
        "0.0254 h today; the training teams must still accept that interval (evaluation or pre-emption may fix it)."
    )
    with i18n.activate("zh-CN"):
        assert retune_cost_words(words).startswith(
            "调整间隔几乎不增加故障损失：Base 由每 20 步（0.0111 h）保存一次改为每 31 步"
        )
    assert "Re-tuning is not free" in retune_cost_words(
        NS(findings=NS(get=lambda key: {**cost, "costs_work": True}), name=lambda side: "Base")
    )


def _ranged(optimum: float, life: float, agreed: bool):
    """Cold tests 15, R with a service life set: the findings page_one_range reads, and the words' other inputs."""
    from report.compute.findings import Finding, Findings, Scope

    figures = {
        **FOUND,
        "payback_years": PRICE / optimum,
        "optimum_per_year": optimum,
        "today_per_year": 4_310_244.2,
        "life": life,
        "life_agreed": agreed,
    }
    findings = Findings((Finding("value_priced", Scope("test", (), ()), figures),))
    return NS(findings=findings, config=NS(economics=NS(runs_per_year=64)), m=NS(bubble=NS(cluster_gpus=1728))), figures


def test_page_2_gives_both_ends_of_the_payback_at_the_optima():
    """Cold read 20, AB-M2: the job's basis alone (3,480 years) hid the whole cluster's 4.64, within the life. By hand
    on R: the runs fill 402,426.2 ÷ 4,310,244.2 = 9.3365% of the cluster's time, so the job's value at the optima is
    604,027.3 × 0.093365 = 56,395.6 EUR (56,400), its payback 1,240,000 ÷ 56,395.6 = 21.99 years (22.0), beyond a
    5-year life; the whole cluster's 1,240,000 ÷ 604,027.3 = 2.053 years (2.05), within it. 604,027 EUR at the optima
    is less than 4,310,244 at today's interval, so it is no "at most". With a 25-year life agreed both lie within it
    and no life is named; with 5,000,000 EUR a year at the optima (more than today's), "at most" holds."""
    from report.wording.paybacks import range_line

    w, found = _ranged(604_027.3, 5, False)
    assert range_line(w, found, ("speedup",), ["N"]) == (
        "Value of the time saved at the optimal intervals: 56,400 EUR on this job's 64 runs a year, a payback of "
        "about 22.0 years at 1.24 million EUR, beyond an assumed 5-year life, the tool's default, not agreed with the customer; "
        "604,000 EUR a year if such jobs filled the whole 1,728-GPU cluster, at least 2.05 years, within it "
        "(baseline's cost left out; N)."
    )
    w, found = _ranged(604_027.3, 25, True)
    within = range_line(w, found, ("speedup",), ["N"])
    assert "about 22.0 years at 1.24 million EUR; 604,000 EUR a year" in within and "within it" not in within
    w, found = _ranged(5_000_000, 5, False)
    assert "at most 5 million EUR a year if such jobs filled" in range_line(w, found, ("speedup",), ["N"])
    assert range_line(w, found, ("unpaid",), ["N"]) == ""  # page 2's basis the whole cluster's: no range
    w, found = _ranged(604_027.3, 5, False)
    with i18n.activate("zh-CN"):
        zh = range_line(w, found, ("speedup",), ["N"])
    assert "回收期约 22.0 年" in zh and "回收期至少 2.05 年，在使用期内" in zh


def test_young_s_optimum_is_named_in_whole_steps_as_everywhere_else():
    """Cold read 20, AB minor: "saving every 1,990 steps (3.04 h)" beside 1,987 steps in every other line. Young's
    optimum of 1,987.2 steps rounds to the step, 1,987; three significant digits would make it 1,990."""
    from report.wording.paybacks import retune_cost_words

    cost = {
        "today_steps": 150,
        "whole_steps": 1987,
        "today_s": 150 * 5.5,
        "optimal_s": 1987.2 * 5.5,
        "lost_today_s": 440.0,
        "lost_optimal_s": 5500.0,
        "costs_work": True,
        "write_bound": False,
        "gpus": 64,
    }
    words = NS(findings=NS(get=lambda key: cost if key == "retune_cost" else None), name=lambda side: "Base")
    text = retune_cost_words(words)
    assert "with Base saving every 1,987 steps (3.04 h) instead of every 150 (0.229 h)" in text
    assert "1,990" not in text
