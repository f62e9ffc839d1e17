"""The value of the time saved against the candidate's price (report/wording/value.py), on figures set by hand."""

from types import SimpleNamespace as NS

from report import i18n
from report.wording.value import cluster_share


def _words(cluster_gpus: int):
    return NS(m=NS(bubble=NS(cluster_gpus=cluster_gpus)), name=lambda key: {"candidate": "LF-760"}[key])


def test_the_cluster_share_such_jobs_must_fill_is_the_optima_payback_over_the_service_life():
    """Cold tests 14, P: a payback of 1.3131 years at the optima, for the whole cluster, pays within 5 years only while
    such jobs fill at least 1.3131 / 5 = 26.26% of the cluster's time."""
    found = {"payback_years": 1.3131, "currency": "CNY"}
    text = cluster_share(_words(3072), found)
    assert text.startswith("such jobs filling less than 26.3% of the 3,072-GPU cluster's time")
    assert text.endswith("does not pay for LF-760 within 5 years")
    assert cluster_share(_words(3072), {"payback_years": None}) == "" and cluster_share(_words(3072), None) == ""
    with i18n.activate("zh-CN"):
        assert "此类作业占 3,072 块 GPU 集群机时的比例低于 26.3%（低于这一比例" in cluster_share(_words(3072), found)
