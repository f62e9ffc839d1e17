"""Scaling reading 11 (docs/readings/scaling-reading-11.md), on folder U of cold tests 11 (docs/readings/cold-tests-11/
make.py.txt): HDD NAS swept at 1, 2, 4, 8, 12 and 16 client nodes, PX-20 at 1, 2, 4, 8, 16 and 24 (σ −0.033), the
job's 96 GPUs on 12 nodes, the bandwidth test "on each of the job's 12 nodes".

Means worked from scaling.csv: HDD NAS at 12 (9.760 + 9.571 + 9.353) / 3 = 9.5613; PX-20 at 8 (27.355 + 25.972 +
25.585) / 3 = 26.304, at 16 (37.832 + 37.065 + 36.898) / 3 = 37.265, at 24 (36.228 + 35.486 + 34.991) / 3 = 35.568.

- B1: "3.60× at the job's 12 nodes" (the fits) and "the means there give 3.59×" (PX-20's fit over HDD NAS's mean),
  though PX-20 was never run at 12: bounded by its 8 and 16, 26.304 / 9.5613 = 2.751 to 37.265 / 9.5613 = 3.897.
- B2: the comparison ends at 16 (HDD NAS's most); PX-20 fell (35.568 − 37.265) / 37.265 = −4.55% from 16 to 24, its
  runs' ranges 36.898–37.832 and 34.991–36.228 apart.
- M1: PX-20's 30.0 GB/s at 32 nodes without its negative-σ caveat beside it.
- M2: "each on its own client count", "84.1% from the sweep's one-client mean": the sources say 12 nodes for both.
- M3: the next steps asked nothing of the baseline (no run at 24) nor of PX-20's missing 12.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from report.compute import compute
from report.compute import scaling_compare as compare
from report.document.blocks import Table
from report.inputs.joint_test import read_joint_test
from tests.conftest import ROOT

MAKE_U = ROOT / "docs" / "readings" / "cold-tests-11" / "make.py.txt"


@pytest.fixture(scope="module")
def joint_test_u(tmp_path_factory):
    """Folder U of cold tests 11, made by their own script."""
    where = tmp_path_factory.mktemp("cold11")
    subprocess.run([sys.executable, str(MAKE_U), str(where)], check=True)
    return where / "U"


@pytest.fixture(scope="module")
def words_u(joint_test_u) -> dict[str, dict[str, str]]:
    """Folder U's paragraphs per language: every section's, and page 1's sweep line."""
    from report.i18n import activate
    from tests.sections.helpers import all_paras, build, paras, section

    out = {}
    for language in ("en", "zh-CN"):
        with activate(language):
            ctx, _ = build(joint_test_u)
            out[language] = {
                "all": " ".join(p.text for p in all_paras(ctx)),
                "cover": " ".join(ctx.cover.verdict_notes),
                "summary": " ".join(p.text for p in paras(section(ctx, "summary").blocks)),
                "answers": " ".join(p.text for p in paras(section(ctx, "qa").blocks)),
                "scaling": " ".join(p.text for p in paras(section(ctx, "scaling").blocks)),
                "projections": " ".join(p.text for p in paras(section(ctx, "projections").blocks)),
                "gates": " ".join(p.text for p in paras(section(ctx, "gates").blocks)),
                "notes": " ".join(b.note for b in section(ctx, "scaling").blocks if isinstance(b, Table)),
            }
    return out


def test_b1_the_job_count_is_bounded_by_the_counts_run_not_given_by_the_fit(joint_test_u):
    m = compute(read_joint_test(joint_test_u))
    s = m.scaling
    # no ratio at 12: PX-20 was not run there, and its fit is not a mean (on main 12 was listed with 3.59×)
    assert [p.clients for p in compare.compared(s)] == [1, 2, 4, 8, 16]
    br = compare.bracket(s, 12)
    assert br.low == pytest.approx(26.304 / (28.684 / 3), rel=1e-12)  # 2.7511
    assert br.high == pytest.approx(37.265 / (28.684 / 3), rel=1e-12)  # 3.8975
    assert br.between == (("candidate", 8, 16),)
    # where both were run there is no bracket: their means' ratio is the figure
    assert compare.bracket(s, 16) is None
    # beyond a side's counts nothing bounds it (HDD NAS stopped at 16)
    assert compare.bracket(s, 24) is None


def test_b1_page_one_the_summary_and_the_qa_give_the_range_and_no_fitted_headline(words_u):
    en, zh = words_u["en"], words_u["zh-CN"]
    for part in ("cover", "summary", "answers"):
        assert "2.75–3.90×" in en[part], part
        assert "PX-20 was not run there: its means at 8 and 16 client nodes bound it" in en[part], part
        assert "3.60×" not in en[part] and "3.59×" not in en[part], part
        assert "2.75–3.90×" in zh[part] and "PX-20 未在该处运行" in zh[part], part
    assert "the means there give" not in en["all"]
    assert (
        "PX-20 was not run at the job's 12 nodes: its means at 8 and 16 client nodes (26.3 and 37.3 GB/s), against "
        "HDD NAS's 9.56 GB/s there, put the ratio at the job's size between 2.75× and 3.90×"
    ) in en["scaling"]
    # the fits' figure, said as theirs, with the caveat of PX-20's negative σ beside it
    assert (
        "The fitted laws give 3.60× there (34.3 against 9.53 GB/s), a figure of the fits, not of a run. PX-20's fitted "
        "law, with a negative σ, cannot be used to extrapolate: that figure is no forecast."
    ) in en["scaling"]
    # the ratios said as measured are the means' only: 12 is not among them
    assert "2.13×, 2.37×, 2.75×, 3.33× and 3.57× HDD NAS's at 1, 2, 4, 8 and 16 client nodes" in en["scaling"]


def test_b2_where_the_comparison_ends_and_the_fall_from_16_to_24_are_said(joint_test_u, words_u):
    m = compute(read_joint_test(joint_test_u))
    (fall,) = compare.falls(m.scaling, "candidate")
    assert (fall.before.clients, fall.after.clients) == (16, 24)
    assert fall.change == pytest.approx((106.705 - 111.795) / 111.795, rel=1e-12)  # −4.553%
    assert fall.apart  # 36.228 < 36.898
    assert compare.falls(m.scaling, "baseline") == ()
    en, zh = words_u["en"], words_u["zh-CN"]
    ends = (
        "The sweep's comparison ends at 16 client nodes, the most both systems were run at: HDD NAS was run up to 16 "
        "client nodes, PX-20 up to 24 client nodes."
    )
    assert ends in en["scaling"] and ends in en["summary"] and ends in en["answers"]
    assert (
        "PX-20's aggregate fell from 37.3 GB/s at 16 to 35.6 GB/s at 24 client nodes, 4.6% lower; the runs' ranges "
        "(36.9–37.8 and 35.0–36.2 GB/s) do not overlap."
    ) in en["scaling"]
    for part in ("cover", "summary", "answers"):
        assert "PX-20's aggregate fell 4.6% from 16 to 24 client nodes." in en[part], part
    assert "扩展测试的比较止于 16 个客户端节点" in zh["scaling"]
    assert "PX-20 的聚合带宽从 16 个客户端节点到 24 个客户端节点下降了 4.6%" in zh["cover"]


def test_m1_the_32_node_extrapolation_carries_its_caveat_beside_it(words_u):
    en, zh = words_u["en"], words_u["zh-CN"]
    # no figure from the disowned law at 32 nodes, its runs' means instead (scaling reading 13, M2): at 16,
    # (37.832 + 37.065 + 36.898) / 3 = 37.265; at 24, (36.228 + 35.486 + 34.991) / 3 = 35.568
    runs = "At 32 nodes, beyond the 24 client nodes it was run at, its runs' means were 37.3 GB/s at 16 and 35.6 GB/s at 24"
    assert (
        "PX-20's law fitted to the client sweep, with a negative σ, cannot be used to extrapolate, so no aggregate "
        f"is given for it there. {runs} client nodes."
    ) in en["projections"]
    assert "30 GB/s" not in en["projections"]
    assert (
        "由客户端扩展测试拟合的 PX-20 定律 σ 为负，其参数不能用于外推，因此不在该处给出其聚合带宽。"
        in zh["projections"]
    )
    # Table 13's note
    assert (
        "PX-20: its fitted law, with a negative σ, cannot be used to extrapolate, so no aggregate is given at a node "
        f"count it was not run at. {runs} client nodes."
    ) in en["notes"]


def test_m2_the_bandwidth_tests_client_count_is_the_sources_twelve(words_u):
    """HDD NAS: 9.11 GB/s against the sweep's 9.5613 at 12, (9.5613 − 9.11) / 9.5613 = 4.7% below (the reader's);
    PX-20 was not run at 12: its means at 8 and 16 are 26.3 and 37.3 GB/s."""
    en, zh = words_u["en"], words_u["zh-CN"]
    assert "each on its own client count" not in en["all"] and "perhaps on different client counts" not in en["all"]
    assert "the two systems' bandwidth tests on the same 12 client nodes, as the data sources record" in en["all"]
    assert (
        "The sustained-bandwidth test, on the 12 client nodes the data sources record, gives 9.11 GB/s, 4.7% below "
        "the sweep's mean of 9.56 GB/s at that count"
    ) in en["scaling"]
    assert (
        "The sustained-bandwidth test, on the 12 client nodes the data sources record, gives 34.1 GB/s; the sweep was "
        "not run at that count: its means at 8 and 16 client nodes are 26.3 and 37.3 GB/s."
    ) in en["scaling"]
    assert (
        "每个测试使用其自己的客户端数量" not in zh["all"]
        and "比扩展测试在该数量下的平均值 9.56 GB/s 低 4.7%" in zh["scaling"]
    )


def test_m2_one_count_for_both_only_where_the_sources_record_one():
    from report.wording.outrun import recorded_counts

    assert recorded_counts("fio 3.37, 8 jobs on each of the job's 12 nodes") == [12]
    assert recorded_counts("ZFS NFS from 12 clients, CX-10 from 16 clients (8 jobs each)") == [12, 16]
    assert recorded_counts("fio 3.36 sequential write, 32 nodes × 8 jobs") == [32]


def test_m3_the_next_steps_ask_for_the_counts_each_sweep_lacks(words_u):
    en, zh = words_u["en"], words_u["zh-CN"]
    # the baseline named in full by the step before, on a system in service (cold read 17, W-M2): short here
    assert (
        "Run the client sweep with HDD NAS at 24 client nodes and Pellucid PX-20 NVMe-oF flash at 12 client nodes"
    ) in en["gates"]
    assert "在客户端扩展测试中补测" in zh["gates"]


def test_m1_minor_no_crossing_far_beyond_the_sweep(words_u):
    """The fits cross near 757 client nodes, 31.5 times the 24 tested: no figure of the test (minor 1)."""
    assert "757" not in words_u["en"]["all"] and "757" not in words_u["zh-CN"]["all"]


def test_minor7_the_projection_table_gives_the_means_where_the_sweep_ran_its_nodes(joint_test_u):
    """At 16 nodes: HDD NAS (10.484 + 10.264 + 10.587) / 3 = 10.445, PX-20 37.265 (the fits' 10.5 and 37.8 on main);
    at 32 nodes neither ran: the fits, with their refit ranges."""
    from tests.sections.helpers import build, section

    ctx, _ = build(joint_test_u)
    (table,) = [b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == "scaling-projections"]
    rows = {row[1]: row for row in table.rows}
    assert (rows["16"][3], rows["16"][5]) == ("10.4", "37.3")
    # PX-20's law disowned: no figure where it was not run (scaling reading 13, M2), not "30 (29–32)"
    assert (rows["32"][3], rows["32"][5]) == ("10.9 (9.40–13.1)†", "–")
    assert "GB/s is the mean of its runs there, not the fit" in table.note


def test_minor3_the_runs_best_beside_the_disowned_fits_maximum(words_u):
    """PX-20's best mean is 37.265 GB/s at 16 client nodes, beside the fit's 38.0 at 17.6."""
    assert (
        "The most its runs gave at any count run is 37.3 GB/s (the mean at 16 client nodes)" in words_u["en"]["scaling"]
    )


def test_minor6_the_caption_says_what_the_grey_band_and_the_diamond_cover(joint_test_u):
    from report.charts import describe as charts

    test = read_joint_test(joint_test_u)
    caption = charts.describe_all(compute(test), test.bandwidth)["scaling"].caption
    assert "dashed beyond its own system's client nodes tested" in caption
    # the bands split where one side ran further (scaling reading 11b, m8)
    assert "The darker grey band spans 1 to 16 client nodes, the fewest to the most both systems were run at" in caption
    assert "its curve is drawn dashed, over its 24 client nodes tested only, its fitted peak unmarked" in caption


def test_minor5_the_disowned_fit_is_held_out_too(words_u):
    """PX-20 fitted to 1-16 only: λ 3.086, the fit predicts 34.0 GB/s at 24 against the runs' 35.568 (the reader's
    34.0 and −4.3%)."""
    assert (
        "Fitted to 1, 2, 4, 8 and 16 client nodes only, the law gives 34.0 GB/s at 24 client nodes, against the runs' "
        "mean of 35.6 GB/s there (4.33% apart)"
    ) in words_u["en"]["scaling"]


def test_b1_the_audit_says_the_fit_at_the_jobs_nodes_is_the_fits(words_u):
    assert (
        "At the save's 12 nodes, the law fitted to the client sweep gives 34.3 GB/s on PX-20. PX-20 was not run at that "
        "count, and its fitted law, with a negative σ, cannot be used to extrapolate: the figure is the fit's, no "
        "forecast."
    ) in words_u["en"]["all"]
