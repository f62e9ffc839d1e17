"""The value of the time saved against the candidate's price (report/wording/value.py), on figures set by hand."""

from types import SimpleNamespace as NS

from report import i18n
from report.wording.value import cluster_share, job_unpaid_reason


def _words(cluster_gpus: int, runs: int):
    return NS(
        m=NS(bubble=NS(cluster_gpus=cluster_gpus)),
        config=NS(economics=NS(runs_per_year=runs)),
        name=lambda key: {"candidate": "LF-760"}[key],
    )


def test_the_cluster_share_such_jobs_must_fill_is_the_optima_payback_over_the_service_life():
    """Cold tests 14, P (cold read 14, P-B1): a payback of 1.3131 years at the optima, for a cluster full of such jobs,
    pays within 5 years only while they fill at least 1.3131 / 5 = 26.26% of its time; the 5 runs a year given fill
    73,700 / 15.7 million = 0.4697% of it."""
    found = {"payback_years": 1.3131, "fill_share": 0.004697, "currency": "CNY"}
    text = cluster_share(_words(3072, 5), found, more=True)
    assert text.startswith(
        "such jobs filling at least 26.3% of the 3,072-GPU cluster's time, where the 5 runs a year given fill 0.470%:"
    )
    assert text.endswith("would then pay for LF-760 within 5 years")
    less = cluster_share(_words(3072, 5), {**found, "fill_share": 0.40}, more=False)
    assert less.startswith(
        "such jobs filling less than 26.3% of the 3,072-GPU cluster's time (the 5 runs a year given fill 40.0%)"
    )
    assert cluster_share(_words(3072, 5), {"payback_years": None, "fill_share": 0.1}, more=True) == ""
    assert cluster_share(_words(3072, 5), None, more=False) == ""
    with i18n.activate("zh-CN"):
        zh = cluster_share(_words(3072, 5), found, more=True)
    assert "此类作业占 3,072 块 GPU 集群机时的比例达到 26.3%（给定的每年 5 次训练只占 0.470%）" in zh


def test_the_job_s_own_payback_is_the_reason_where_only_a_fuller_cluster_would_pay():
    """Cold reads 14c, P: 4.38 million CNY over 73,700 CNY a year on the 5 runs given = 59.43 years."""
    w = _words(3072, 5)
    w.name = lambda key: {"candidate": "LF-760"}[key]
    found = {"price": 4_380_000, "job_payback_years": 4_380_000 / 73_700, "currency": "CNY"}
    assert job_unpaid_reason(w, found) == (
        "Its gates pass, but on the 5 runs a year given the time saved is worth 73,700 CNY a year, a payback of about "
        "59.4 years on LF-760's price of 4.38 million CNY, and with each system at its optimal interval most of the "
        "benefit is lost."
    )
    assert job_unpaid_reason(w, {**found, "job_payback_years": None}) == ""
