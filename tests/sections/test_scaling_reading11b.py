"""Scaling reading 11b (docs/readings/scaling-reading-11b.md), on folder U of cold tests 11 and folder R of cold tests
10, made by their own scripts.

U: HDD NAS swept at 1 to 16 client nodes, PX-20 at 1 to 24; job 96 GPUs = 12 nodes; projections 128 and 256 GPUs = 16
and 32 nodes; cluster 768 GPUs = 8 jobs × 12 = 96 nodes. PX-20's saves (9.22 + 8.94 + 9.04 + 9.08) / 4 = 9.07 s; every
job at once 8 × 210 / 9.07 = 185.23 GB/s, 5.43× its 34.13 GB/s sustained (the sources: the job's 12 nodes) and 4.97×
its best mean 37.265 GB/s (16).
R: ZFS NFS at 1, 2, 3, 4, 6, 8, 12; CX-10 at 2, 4, 8, 16: both at 2, 4 and 8 only; job 384 GPUs = 48 nodes; the
projection 768 GPUs = 96 nodes; cluster 1280 // 384 = 3 jobs × 48 = 144 nodes. CX-10's saves (62.80 + 60.59 + 61.19 +
63.67) / 4 = 62.0625 s; every job at once 3 × 1848 / 62.0625 = 89.33 GB/s, 2.64× its best mean 33.8735 GB/s (16); its
sustained bandwidth ran on a client count of its own ("CX-10 from 16 clients"), not set beside the demand.

- M1: no headline page said that the comparison stops where one side's sweep does (U: 17 to 24, the title's range).
- M2: nothing said that beyond every count run nothing was measured, nor set the all-at-once demand against the
  sustained bandwidth and the most the sweep gave.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from report.compute import compute
from report.document.blocks import Table
from report.inputs.joint_test import read_joint_test
from report.wording import scaling_unmeasured as unmeasured
from tests.conftest import ROOT

MAKE = {"U": ROOT / "docs/readings/cold-tests-11/make.py.txt", "R": ROOT / "docs/readings/cold-tests-10/make.py.txt"}


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict[str, object]:
    """Folders U and R, made by their own scripts."""
    out = {}
    for name, script in MAKE.items():
        where = tmp_path_factory.mktemp(f"cold-{name}")
        subprocess.run([sys.executable, str(script), str(where)], check=True)
        out[name] = where / name
    return out


@pytest.fixture(scope="module")
def words(folders) -> dict[tuple[str, str], dict[str, str]]:
    """Page 1's sweep line, the summary's, the Q&A's and the scaling section's words, per folder and language."""
    from report.i18n import activate
    from tests.sections.helpers import all_paras, build, paras, section

    out = {}
    for name, folder in folders.items():
        for language in ("en", "zh-CN"):
            with activate(language):
                ctx, _ = build(folder)
                out[name, language] = {
                    "all": " ".join(p.text for p in all_paras(ctx)),
                    "notes": " ".join(
                        b.note
                        for key in ("scaling", "projections")
                        for b in section(ctx, key).blocks
                        if isinstance(b, Table)
                    ),
                    "cover": " ".join(ctx.cover.verdict_notes),
                    "summary": " ".join(p.text for p in paras(section(ctx, "summary").blocks)),
                    "answers": " ".join(p.text for p in paras(section(ctx, "qa").blocks)),
                    "scaling": " ".join(p.text for p in paras(section(ctx, "scaling").blocks)),
                    "gates": " ".join(p.text for p in paras(section(ctx, "gates").blocks)),
                }
    return out


def test_the_ranges_left_unmeasured_are_worked_from_the_counts_run(folders):
    u = compute(read_joint_test(folders["U"]))
    assert unmeasured.compared_gap(u) == unmeasured.Gap(17, 24, ("baseline",))
    assert unmeasured.asked_beyond(u) == (
        ("projection", 32, "StarCoder2 15B on 256 GPUs"),
        ("cluster", 96, ""),
    )  # the job's 12 and the 128-GPU projection's 16 lie within the 24 run
    r = compute(read_joint_test(folders["R"]))
    assert unmeasured.compared_gap(r) == unmeasured.Gap(9, 16, ())  # ZFS NFS at 12, CX-10 at 16: none on both
    assert unmeasured.asked_beyond(r) == (
        ("job", 48, ""),
        ("projection", 96, "DBRX 132B on 768 GPUs"),
        ("cluster", 144, ""),
    )


def test_m1_m2_the_summary_and_the_qa_say_what_stays_unmeasured_and_the_demand(words):
    u, r = words["U", "en"], words["R", "en"]
    # said once, in the scaling section; the summary points to it (zh reading 17, V minor 12)
    pointer = "The counts the sweep left uncompared and every job saving at once: see “Scaling with client nodes”."
    assert pointer in u["summary"] and pointer in r["summary"]
    assert "was not run, so the two systems are not compared" not in u["summary"] + u["answers"]
    for part in ("scaling",):
        assert "From 17 to 24 client nodes HDD NAS was not run, so the two systems are not compared there." in u[part]
        assert (
            "Beyond 24 client nodes neither system was run: at the 32 nodes of “StarCoder2 15B on 256 GPUs” and "
            "the cluster's 96 nodes (every job saving at once) the test gives no figure, and what either system gives "
            "there is unknown."
        ) in u[part], part
        assert "From 9 to 16 client nodes the two systems are not compared: no count there was run on both." in r[part]
        # the saves ran on the job's 48 nodes: no "neither system was run" there (scaling reading 14, m4)
        assert (
            "Beyond 16 client nodes neither system was swept; only the tests on the job's 48 nodes ran there. At the 96 "
            "nodes of “DBRX 132B on 768 GPUs” and the cluster's 144 nodes (every job saving at once) the test gives no "
            "figure"
        ) in r[part], part
    for part in ("answers",):
        assert (
            # one basis, the most its sweep gave (zh reading 18, Y minor 1): 185 ÷ 37.3 = 4.96 as printed, 4.97
            # unrounded: to the two digits both give back
            "Every one of the cluster's 8 jobs saving at once, each in today's 9.07 s, needs 185 GB/s from PX-20: "
            "5.0× the most its sweep gave (37.3 GB/s at 16 client nodes)."
        ) in u[part], part
        assert (
            "Every one of the cluster's 3 jobs saving at once, each in today's 62.1 s, needs 89.3 GB/s from CX-10: "
            "2.6× the most its sweep gave (33.9 GB/s at 16 client nodes)."
        ) in r[part], part
    assert (
        "Not compared: from 17 to 24 client nodes (HDD NAS not run) and beyond 24 client nodes (neither system run)."
        in u["cover"]
    )
    assert (
        "Not compared by the sweep: from 9 to 16 client nodes and beyond 16 client nodes (neither system swept; tested "
        "at the job's 48 nodes only)." in r["cover"]
    )


def test_m1_m2_the_chinese_edition_says_the_same(words):
    u, r = words["U", "zh-CN"], words["R", "zh-CN"]
    assert "见“客户端节点扩展性”一节" in u["summary"]
    for part in ("scaling",):
        assert "从 17 个到 24 个客户端节点，HDD NAS 未运行，故该范围内两个系统未作比较。" in u[part], part
        assert "超过 24 个客户端节点后两个系统未再运行" in u[part], part
        assert "从 9 个到 16 个客户端节点，两个系统未作比较" in r[part], part
    assert "需要 PX-20 提供 185 GB/s，为其扩展测试所得最大值（16 个客户端节点下 37.3 GB/s）的 5.0×" in u["answers"]
    cover = u["cover"].replace("\u00a0", " ").replace("\u2060", "")
    assert "未作比较：17 个到 24 个客户端节点（HDD NAS 未运行）和超过 24 个客户端节点（两个系统未运行）。" in cover


def test_m1_the_bound_at_the_jobs_nodes_keeps_its_condition_on_every_headline_page(words):
    u, zh = words["U", "en"], words["U", "zh-CN"]
    # PX-20 fell from 37.3 at 16 to 35.6 at 24: its aggregate at 12 need not lie between its 8 and 16 means
    bound = (
        "PX-20 was not run there: its means at 8 and 16 client nodes bound it if its aggregate there lies between them"
    )
    for part in ("cover", "summary", "answers"):
        assert bound in u[part], part
        assert "若其在该处的聚合带宽介于 8 和 16 个客户端节点时的平均值之间，则以这两个平均值为上下界" in zh[part], part


def test_m2_the_caveat_names_the_negative_parameter(words):
    # U: PX-20 σ = −0.033, κ = +0.0033; R: ZFS NFS σ = 0.083, κ = −0.0030
    u, r = words["U", "en"]["all"], words["R", "en"]["all"]
    assert "PX-20's fitted law, with a negative σ, cannot be used to extrapolate: that figure is no forecast." in u
    assert "σ or κ" not in u and "σ or κ" not in r
    notes = words["R", "en"]["notes"]
    assert (
        "ZFS NFS: its fitted law, with a negative κ, cannot be used to extrapolate, so no aggregate is given at a "
        "node count it was not run at." in notes
    )
    assert "σ or κ" not in notes
    assert "PX-20 的拟合定律中 σ 为负，其参数不能用于外推" in words["U", "zh-CN"]["all"]


def test_m7_a_save_near_the_aggregate_is_not_said_unbound(words):
    # HDD NAS 210 / 12 / 27.56 = 0.6350 GB/s a node × 12 = 7.62 GB/s, 79.7% of the 9.561 GB/s swept at 12; PX-20
    # 210 / 9.07 = 23.15 GB/s, 67.4% of its fit's 34.33 at 12: both above half, where a fixed cost below the write's
    # own time leaves a bandwidth-bound save
    u = words["U", "en"]["all"]
    for rate, share in (("7.62", "79.7%"), ("23.2", "67.4%")):
        assert (
            f"The save's {rate} GB/s is {share} of it: the save did not run at the aggregate's rate, and this test "
            "does not show whether bandwidth bounds it"
        ) in u
    assert "the save is not bound by bandwidth" not in u


def test_m10_the_chinese_adds_no_only_to_the_shares(words):
    zh = words["U", "zh-CN"]["all"]
    assert "（27.6 s 内写入 17.5 GB），为前者的 79.7%" in zh
    assert "保存的 7.62 GB/s 为其 79.7%" in zh and "保存的 23.2 GB/s 为其 67.4%" in zh
    assert "仅为前者" not in zh and "仅为其" not in zh and "仅为峰值需求" not in zh


def test_m9_the_next_steps_close_the_gap_beyond_every_count_run(words):
    u, r = words["U", "en"]["gates"], words["R", "en"]["gates"]
    # U: both swept to 16 and 24, the job's 12 within: the step beyond 24 toward the cluster's 96 nodes (8 × 12)
    assert (
        "Sweep both systems beyond 24 client nodes, toward the cluster's 96 nodes (every job saving at once), with the "
        "same benchmark settings: above 24 client nodes no comparison exists, and a run there needs that many client "
        "nodes writing at once."
    ) in u
    # R: both stop below the job's 48 nodes, which the step to the job's size already asks: no second step
    assert "Sweep both systems beyond" not in r
    assert "Sweep both systems to the job's 48 nodes or beyond" in r
    # scaling.csv typed by hand in both: neither the settings nor what limits the curve were logged
    said = (
        "With the next sweep, record the benchmark's settings and log what limits its curve (each client's network "
        "links, the storage's front end, the network between): this sweep recorded neither."
    )
    assert said in u and said in r
    assert (
        "以相同的基准测试设置，将两个系统的扩展测试延伸到超过 24 个客户端节点，直至集群的 96 个节点"
        in words["U", "zh-CN"]["gates"]
    )


def test_m8_figure_9_shades_the_span_both_ran_apart_and_dashes_a_fit_that_does_not_describe(folders):
    from matplotlib.colors import to_hex

    from report.charts import describe as charts
    from report.charts import draw as drawing
    from report.charts import scaling_chart
    from report.charts.style import COLOURS

    for name, span, text in (
        ("U", (1, 16), "“StarCoder2 15B on 128 GPUs” at 16 client nodes and “StarCoder2 15B on 256 GPUs” at 32"),
        ("R", (2, 8), "The dotted line marks “DBRX 132B on 768 GPUs” at 96 client nodes."),
    ):
        test = read_joint_test(folders[name])
        m = compute(test)
        chart = charts.describe_all(m, test.bandwidth)["scaling"]
        drawing._setup()
        fig = scaling_chart.draw(m, test.bandwidth, chart)
        ax = fig.axes[0]
        # U: HDD NAS at 1-16, PX-20 at 1-24: both at 1 to 16; R: ZFS NFS 1-12, CX-10 2-16: both at 2, 4 and 8
        bands = sorted((round(p.get_x(), 6), round(p.get_x() + p.get_width(), 6)) for p in ax.patches[:2])
        top = 24 if name == "U" else 16
        assert bands == sorted([(min(span[0], 1), top), span]), name
        assert f"The darker grey band spans {span[0]} to {span[1]} client nodes" in chart.caption
        assert text in chart.caption
        # the side whose law does not describe its points (U: PX-20, σ < 0; R: ZFS NFS, κ < 0) is dashed throughout
        key = "candidate" if name == "U" else "baseline"
        lines = [
            ln for ln in ax.get_lines() if to_hex(ln.get_color()) == to_hex(COLOURS[key]) and len(ln.get_xdata()) > 2
        ]
        assert lines and all(ln.get_linestyle() == "--" for ln in lines), name


def test_m3_table_12_flags_a_fitted_figure_beyond_the_counts_run(folders):
    from report.i18n import activate
    from tests.sections.helpers import build, section

    def table(name):
        with activate("en"):
            ctx, _ = build(folders[name])
        return next(b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == "scaling")

    u = table("U")
    rows = {r[0]: r for r in u.rows}
    # HDD NAS's fit at 24, beyond its 16: 1.451 × 24 / (1 + 0.0575 × 23 + 0.00148 × 24 × 23) = 11.1, an extrapolation
    assert rows["24"][3] == "11.1†" and rows["16"][3] == "10.5"
    # PX-20's fit at 12, never run there, from a law with σ < 0
    assert rows["12"][6] == "34.3‡" and rows["16"][6] == "37.8"
    assert "† beyond that system's client nodes tested: an extrapolation of its fit." in u.note
    assert (
        "‡ at a count that system was not run at, from a law whose parameters cannot be used to extrapolate" in u.note
    )
    # R: ZFS NFS's law (κ < 0) gives no figure at 16 and CX-10 has no law: nothing flagged, no mark explained
    r = table("R")
    assert not any("†" in cell or "‡" in cell for row in r.rows for cell in row)
    assert "†" not in r.note and "‡" not in r.note


def test_m5_the_cluster_demand_leads_with_the_runs_not_the_disowned_fit(words):
    # PX-20's best mean 37.265 GB/s at 16, 37.265 / 185.23 = 20%; its fit (σ < 0) peaks at 38.0 GB/s at 17.6, 21%
    u = words["U", "en"]["scaling"]
    assert (
        "The most its runs gave at any count run is 37.3 GB/s (the mean at 16 client nodes), 20% of the peak demand: "
        "every job saving at once would need more than the sweep showed, and the cluster's 96 client nodes were not "
        "run. The fitted maximum, 38.0 GB/s at 17.6 client nodes, within the 24 tested, is 21% of the peak demand."
    ) in u
    assert "The fitted maximum at any client count" not in u
    assert "在已运行的任一数量下，其运行所得最大值为 37.3 GB/s" in words["U", "zh-CN"]["scaling"]


def test_m6_both_per_node_shares_are_against_a_rate_at_the_jobs_nodes(words):
    # HDD NAS: 210 / 12 / 27.5575 = 0.635 GB/s a node against the sweep's 9.5613 / 12 = 0.797 at 12: 79.7%; PX-20, not
    # swept at 12: 210 / 12 / 9.07 = 1.929 against its bandwidth test on the job's 12 nodes, 34.1324 / 12 = 2.844: 67.8%
    u = words["U", "en"]["scaling"]
    assert "0.797 GB/s each with 12 writing. A node of this job's save wrote 0.635 GB/s (17.5 GB in 27.6 s), 79.7%" in u
    assert (
        "The sweep was not run at the job's 12 nodes; its bandwidth test, on those 12 client nodes, drove 2.84 GB/s "
        "each, writing as fast as it could. A node of this job's save wrote 1.93 GB/s (17.5 GB in 9.07 s), 67.8% of that"
    ) in u
    assert "62.5%" not in u
    assert (
        "扩展测试未在作业的 12 个节点下运行；其带宽测试在这 12 个客户端节点上全速写入，每个节点为 2.84 GB/s"
        in words["U", "zh-CN"]["scaling"]
    )


def test_m4_a_disowned_law_beyond_the_runs_prints_no_figure_and_a_peak_passed_is_said(folders, words):
    from report.i18n import activate
    from tests.sections.helpers import build, section

    with activate("en"):
        ctx, _ = build(folders["U"])
    table = next(b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == "scaling-projections")
    rows = {r[0]: r for r in table.rows}
    # PX-20 (σ < 0) at 32 nodes: its fit's 29.96 GB/s is not printed (scaling reading 13, M2); HDD NAS (a law that
    # describes) with its refits' range
    assert rows["StarCoder2 15B on 256 GPUs"][5] == "–"
    assert rows["StarCoder2 15B on 256 GPUs"][3] == "10.9 (9.40–13.1)†"  # beyond its 16 tested (scaling reading 16, m3)
    # HDD NAS's peak sqrt((1 − 0.0575) / 0.00148) = 25.3 lies between its 16 run and the projection's 32
    assert (
        "HDD NAS's aggregate at 32 nodes lies past its fitted peak at 25.3 client nodes, on the fitted curve's falling "
        "side, beyond every count it was run at."
    ) in table.note
    assert "gives PX-20 30 GB/s" not in words["U", "en"]["all"]


def test_m2_a_negative_sigma_is_said_as_the_rise_faster_than_linear_it_fits(words):
    # PX-20 per client node over λ = 3.086: 6.447 / 2 = 3.224 (104%), 13.048 / 4 = 3.262 (106%), 26.304 / 8 = 3.288
    # (107%); at 16 and 24 below one client's (75.5%, 48.0%)
    assert (
        "A negative σ is how the law fits a rise faster than linear: with 2, 4 and 8 client nodes writing, each drove "
        "104%, 106% and 107% of the one-client mean."
    ) in words["U", "en"]["scaling"]
    assert "σ 为负，是该定律对超线性增长的拟合方式：2、4和8 个客户端节点同时写入时" in words["U", "zh-CN"]["scaling"]
    # R: ZFS NFS's negative parameter is κ, and no count beat one client: nothing said
    assert "rise faster than linear" not in words["R", "en"]["all"]


def test_m1_the_bandwidth_tests_on_the_jobs_nodes_stand_beside_the_bound(words):
    # U's sources: the bandwidth tests ran on the job's 12 nodes: 34.1324 / 9.10851 = 3.747
    said = "The bandwidth tests, on the job's 12 client nodes, give 3.75× (34.1 against 9.11 GB/s)."
    assert said in words["U", "en"]["summary"] and said in words["U", "en"]["answers"]
    assert (
        "在作业的 12 个客户端节点上进行的带宽测试给出 3.75×（基线 9.11 GB/s，被测系统 34.1 GB/s）"
        in (words["U", "zh-CN"]["summary"])
    )
    # R: each side's bandwidth test on its own count (12 and 16 clients), and no bound at the job's 48 nodes
    assert "The bandwidth tests, on the job's" not in words["R", "en"]["all"]
