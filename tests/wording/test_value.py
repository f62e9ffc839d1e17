"""The value of the time saved against the candidate's price (report/wording/value.py), on figures set by hand."""

from types import SimpleNamespace as NS

from report import i18n
from report.wording.value import cluster_share, job_money, one_array, rests_on


def _words(cluster_gpus: int, runs: int, peak_to_sustained: float = 10.97, node_local=None):
    """Cold tests 14, P: a shared candidate, 12 jobs whose saves need 17.0 GB/s on average (30.1% of 56.5 GB/s) and
    619 GB/s all at once (10.97×)."""
    cluster = NS(
        mean_write_gbps=17.01, mean_to_sustained=0.3014, peak_write_gbps=619.3, peak_to_sustained=peak_to_sustained
    )
    return NS(
        m=NS(
            bubble=NS(cluster_gpus=cluster_gpus, gpu_equivalents=263.6),
            node_local=node_local,
            cluster=NS(candidate=cluster),
            bandwidth=NS(candidate_gbps=56.45),
            save=NS(candidate=NS(gpus=256, mean_s=81.4)),
            checkpoint_mode="sync",
        ),
        config=NS(economics=NS(runs_per_year=runs)),
        name=lambda key: {"candidate": "LF-760"}[key],
        findings=NS(get=lambda _id: None),
    )


#: Cold tests 14, P: 4.38 million CNY over 3,335,681 CNY a year at the optima = 1.3131 years; over 15,700,304 CNY a
#: year at today's interval = 0.27898 years; the 5 runs a year fill 73,744 / 15,700,304 = 0.4697% of the cluster's time
P = {"payback_years": 1.3131, "today_payback_years": 0.27898, "fill_share": 0.004697, "currency": "CNY"}


def test_the_cluster_share_such_jobs_must_fill_is_the_optima_payback_over_the_service_life():
    """Cold tests 14, P (cold read 14, P-B1): a payback of 1.3131 years at the optima, for a cluster full of such jobs,
    pays within 5 years only while they fill at least 1.3131 / 5 = 26.26% of its time; the 5 runs a year given fill
    0.4697% of it, at the candidate's wall time (5 × 98.75 h × 256 GPUs ÷ (3,072 × 8,760 h); the baseline's 107.2 h
    gives 0.510%: cold read 14c, P-M2). While the interval stays as it is, 0.27898 / 5 = 5.580% (5.6%), less than half of
    26.26%: said too, with the staggering its payback needs (619 GB/s all at once against 56.5 GB/s logged). The
    service life is the report's assumption, said as one."""
    text = cluster_share(_words(3072, 5), P, more=True)
    assert text == (
        "such jobs filling at least 26.3% of the cluster's time with each system at its optimal interval, or 5.6% "
        "while the interval stays as it is and their saves do not overlap, where the 5 runs a year given fill 0.470% "
        "at LF-760's wall time: the time saved would then pay for LF-760 within an assumed 5-year life, the tool's default, not agreed with the customer"
    )
    # all at once within the bandwidth logged: no staggering to ask
    assert "overlap" not in cluster_share(_words(3072, 5, peak_to_sustained=0.9), P, more=True)
    # the interval kept as it is needs more than half the optima's share: the optima's alone (0.7 / 5 = 14% > 13.1%)
    near = cluster_share(_words(3072, 5), {**P, "today_payback_years": 0.7}, more=True)
    assert near == (
        "such jobs filling at least 26.3% of the cluster's time, where the 5 runs a year given fill 0.470% at LF-760's "
        "wall time: the time saved with each system at its optimal interval would then pay for LF-760 within an assumed "
        "5-year life, the tool's default, not agreed with the customer"
    )
    less = cluster_share(_words(3072, 5), {**P, "fill_share": 0.40}, more=False)
    assert less.startswith(
        "such jobs filling less than 26.3% of the cluster's time (the 5 runs a year given fill 40.0% at LF-760's wall "
        "time)"
    )
    assert less.endswith("an assumed 5-year life, the tool's default, not agreed with the customer")
    assert cluster_share(_words(3072, 5), {**P, "payback_years": None}, more=True) == ""
    assert cluster_share(_words(3072, 5), None, more=False) == ""
    with i18n.activate("zh-CN"):
        zh = cluster_share(_words(3072, 5), P, more=True)
    assert "26.3%" in zh and "5.6%" in zh and "0.470%" in zh and "5 年使用期（通用假设值，并非委托方约定）" in zh


def test_the_job_s_own_payback_is_said_in_the_headline_s_clause():
    """Cold tests 15, R: page 2's one payback is the job's at the optima (compute/paybacks.py; Chinese reading 15, R
    major 6: 3.08, 22.0 and 2.05 years side by side): the whole cluster's 1,240,000 ÷ 604,000 = 2.053 years over the
    9.34% the 64 runs given fill = 21.98, "22.0" years, the value line's (runs_given_line), with a pointer to the other
    bases; the headline's sentence gives the share such jobs must fill (cold read 18, Y minor 9: two short sentences).
    Its 9.34% already fills the 0.29 / 5 = 5.8% the interval kept as it is needs: no such share is asked for."""
    w = _words(1728, 64)
    found = {
        "price": 1_240_000,
        "job_payback_years": 3.0846,
        "payback_years": 2.0530,
        "fill_share": 0.0934,
        "currency": "EUR",
    }
    w.findings = NS(get=lambda key: found if key == "value_priced" else None)
    for reasons in (("speedup", "job_paid_today"), ("speedup", "job_unpaid")):
        # the share such jobs must fill, 2.0530 ÷ 5 = 41.1%, beside the 9.34% the runs given fill (cold read 16, T-B3)
        assert job_money(w, found, reasons) == (
            "Checkpoint speed pays for LF-760 within an assumed 5-year life, the tool's default, not agreed with the customer, "
            "only if such jobs fill 41.1% or more of the cluster's time."
        )
    # without a payback at the optima the job's basis has none: no clause
    w.findings = NS(get=lambda key: {**found, "payback_years": None} if key == "value_priced" else None)
    assert job_money(w, {**found, "payback_years": None}, ("job_unpaid",)) == ""
    r = {"payback_years": 2.0530, "today_payback_years": 0.29, "fill_share": 0.0934, "currency": "EUR"}
    w.name = lambda key: {"candidate": "AX-6"}[key]
    assert cluster_share(w, r, more=True) == (
        "such jobs filling at least 41.1% of the cluster's time, where the 64 runs a year given fill 9.34% at AX-6's "
        "wall time: the time saved with each system at its optimal interval would then pay for AX-6 within an assumed "
        "5-year life, the tool's default, not agreed with the customer"
    )


def test_the_value_rests_on_no_target_where_every_target_passes():
    """Cold read 14c and Chinese reading 14c, P-B1: "It does not change the recommendation, which rests on the targets
    and reasons above" beside four agreed targets that all pass (评估目标 quoted by the Chinese reader)."""
    assert rests_on("demonstrated") == "It does not change the recommendation, which rests on the reasons above."
    assert rests_on("not_demonstrated") == (
        "It does not change the recommendation, which rests on the targets and reasons above."
    )
    with i18n.activate("zh-CN"):
        assert "目标" not in rests_on("demonstrated") and "目标" in rests_on("not_demonstrated")


def test_the_whole_cluster_on_one_shared_candidate_says_what_the_test_measured():
    """Cold read 14c, P-M3: twelve 256-GPU jobs of a 3,072-GPU cluster on one LF-760, which the test measured serving
    the job's 256 GPUs (32 of the cluster's 384 nodes). A candidate local to each node grows with the cluster."""
    assert one_array(_words(3072, 5)) == " on one LF-760 (this test ran it for 256 of those GPUs)"
    assert one_array(_words(256, 5)) == ""
    assert one_array(_words(3072, 5, node_local=NS(sides=("candidate",)))) == ""


def test_a_share_the_headline_gives_is_not_given_again_among_what_would_change_it():
    """Cold read 16, T-B3: where the job's own money decides, the headline gives the optima's share (1.3131 ÷ 5 =
    26.3% on P) and the runs given's (0.470%); what would change it gives only the interval's, 0.27898 ÷ 5 = 5.580%
    (5.6%), with the staggering its payback needs, and the headline's share by reference where there is none (0.7 ÷ 5
    = 14% is more than half of 26.3%)."""
    assert cluster_share(_words(3072, 5), P, more=True, told=True) == (
        "such jobs filling at least 5.6% of the cluster's time while the interval stays as it is and their saves do "
        "not overlap: the time saved would then pay for LF-760 within 5 years"
    )
    assert cluster_share(_words(3072, 5, peak_to_sustained=0.9), P, more=True, told=True) == (
        "such jobs filling at least 5.6% of the cluster's time while the interval stays as it is: the time saved would "
        "then pay for LF-760 within 5 years"
    )
    assert cluster_share(_words(3072, 5), {**P, "today_payback_years": 0.7}, more=True, told=True) == (
        "such jobs filling the share of the cluster's time named above"
    )


def test_today_s_figure_is_the_only_one_that_pays_only_where_the_optima_s_do_not(monkeypatch):
    """Cold test 18, X: 1.25 million CAD over 322,000 CAD a year on the job's runs at the optima = 3.88 years, and
    over 510,000 CAD a year on the whole cluster = 2.45 years, both within 5, beside "the figure at today's interval,
    the only one that pays within 5 years". Where the optima pay, today's figure pays "too"; where neither does
    (1.25 million over 200,000 = 6.25 years), it is the only one."""
    from report.wording import value

    w = _words(1024, 15)
    w.m.economics = NS(currency="CAD")
    w.config = NS(economics=NS(runs_per_year=15), is_default=lambda key: False)
    monkeypatch.setattr(value, "_own_paid", lambda w, found: "OWN")
    found = {"price": 1_250_000, "optimum_per_year": 510_000, "today_payback_years": 1.2}
    monkeypatch.setattr(value, "job_optima_payback_years", lambda findings: 3.88)
    line = value._own_line(w, found, today=True)
    assert line.endswith(
        "(the figure at today's interval, which pays within 5 years too, with its conditions: "
        "“Value of the time saved”)."
    )
    monkeypatch.setattr(value, "job_optima_payback_years", lambda findings: 9.7)
    line = value._own_line(w, {**found, "optimum_per_year": 200_000}, today=True)
    assert "the only one that pays within 5 years" in line
    assert value._own_line(w, found, today=False).endswith("(other bases: “Value of the time saved”).")


def test_a_staging_opening_gives_the_payback_no_line_above_gives(tmp_path):
    """Cold read 20, AC-M5: where the staging times open the value line, the job's own payback line is not printed, so
    "its payback is given above" pointed at nothing. node_local_async with the staging times swapped (the candidate
    stages 5.8 s, the baseline 6.1 s): 1,200,000 EUR over the whole cluster's 975 EUR a year at the optima = 1,231
    years (metrics.json's payback_years), said with its basis."""
    import shutil

    from tests.conftest import FIXTURES
    from tests.sections.helpers import build

    folder = tmp_path / "swapped"
    shutil.copytree(FIXTURES / "node_local_async", folder)
    toml = (folder / "test.toml").read_text(encoding="utf-8")
    toml = toml.replace(
        '"Local NVMe RAID-0 (per node)" = 5.8, "Vantor VX-12 parallel file system" = 6.1',
        '"Local NVMe RAID-0 (per node)" = 6.1, "Vantor VX-12 parallel file system" = 5.8',
    )
    (folder / "test.toml").write_text(toml, encoding="utf-8")
    ctx, m = build(folder)
    assert round(m.economics.payback_years) == 1231
    assert "given above" not in ctx.cover.value
    assert "at a price of 1.2 million EUR, a payback of at least 1,230 years on the cluster figure" in ctx.cover.value
