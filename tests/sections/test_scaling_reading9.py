"""Scaling reading 9 (docs/readings/scaling-reading-9.md), on the reader's joint test L (built by
docs/readings/cold-tests-9/make.py.txt): a client sweep on both systems, the baseline without a one-client point, a
bandwidth test run on 32 nodes, and a projection at the timed size on 4× the GPUs timed.

- B2: the sustained-bandwidth test said "with one client", which the tool does not know;
- B3: the projection said "timed on both systems" when only its size was, at another GPU count;
- M1: its times said "fitted, not extrapolated" at 4× the nodes timed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from report.document.blocks import Figure, Para, Table
from report.formatting import sig
from report.i18n import activate
from tests.conftest import ROOT
from tests.sections.helpers import all_paras, build, cover_text, paras, section

MAKE = ROOT / "docs" / "readings" / "cold-tests-9" / "make.py.txt"


@pytest.fixture(scope="module")
def joint_test_l(tmp_path_factory):
    """Folder L of the cold tests, made by their own script in a temporary directory."""
    where = tmp_path_factory.mktemp("cold9")
    shutil.copy(MAKE, where / "make.py")
    subprocess.run([sys.executable, str(where / "make.py")], check=True, cwd=where)
    return where / "scaling"


@pytest.fixture(scope="module")
def built_l(joint_test_l) -> dict:
    """Folder L's report context, one build per language for the module (each test reads the same two builds)."""
    out = {}
    for language in ("en", "zh-CN"):
        with activate(language):
            out[language], _ = build(joint_test_l)
    return out


@pytest.fixture(scope="module")
def words_l(built_l) -> dict[str, str]:
    """Folder L's paragraphs, per language."""
    return {language: " ".join(p.text for p in all_paras(ctx)) for language, ctx in built_l.items()}


def test_b2_the_bandwidth_test_is_not_said_to_be_one_clients(words_l):
    for language, said, not_said in (
        # the sources' "32 nodes × 8 jobs", beyond the sweep's 16 (scaling reading 11, M2)
        (
            "en",
            "The sustained-bandwidth test, on the 32 client nodes the data sources record, gives 26.2 GB/s, beyond the "
            "16 client nodes the sweep reached; it is set beside the sweep per client node above",  # reading 14, M2
            "with one client,",
        ),
        (
            "zh-CN",
            "持续带宽测试在数据来源记录的 32 个客户端节点上为 26.2 GB/s，超出扩展测试达到的 16 个客户端节点",
            "持续带宽测试在单个客户端下",
        ),
    ):
        text = words_l[language]
        assert said in text and not_said not in text, language


def test_b3_m1_a_projection_at_the_size_timed_on_other_gpus_is_neither_timed_nor_fitted(words_l):
    for language, said, not_said in (
        (
            "en",
            (
                # 1,024 GPUs / 8 = 128 nodes, beyond the 32 (Lustre) and 16 (OS-5) swept and the 32 of the saves
                # (scaling reading 15, M2): no time printed, where the text above calls it unknown
                "“Mixtral 8x22B on 1,024 GPUs”, at 128 nodes, lies beyond the client nodes either system was run "
                "with: its save times there are not measured",
                "“Mixtral 8x22B on 1,024 GPUs” at 128 nodes: not measured. Neither system was run with that many "
                "client nodes writing (Lustre up to 32 client nodes and OS-5 up to 32 client nodes)",
            ),
            (
                "The larger checkpoint asked about was timed on both systems",
                "fitted, not extrapolated",
                "118 s, OS-5 70.1",
            ),
        ),
        (
            "zh-CN",
            ("位于 128 个节点，超出两个系统运行过的客户端节点数，其在此处的保存耗时未实测", "未实测。两个系统未在"),
            ("所问的更大检查点在两个系统上都实测过", "不是外推值"),
        ),
    ):
        text = words_l[language]
        for s in said:
            assert s in text, (language, s)
        for s in not_said:
            assert s not in text, (language, s)


def test_b1_without_a_figure_at_the_jobs_size_the_ratios_swept_and_their_trend_are_given(words_l):
    for language, said, not_said in (
        (
            "en",
            (
                "OS-5's aggregate is 2.34×, 2.21×, 1.99× and 1.69× Lustre's at 2, 4, 8 and 16 client nodes writing "
                "at once, respectively. The ratio falls from 2 to 16 client nodes.",
                # the cause, Lustre not run at 32, beside the missing law (scaling reading 13, m3)
                "At the job's 32 nodes the sweep gives no ratio: Lustre was run up to 16 client nodes only (its "
                "points give no fitted law).",
            ),
            ("The sweep cannot answer it at the job's size",),
        ),
        (
            "zh-CN",
            (
                "OS-5 的聚合带宽依次为 Lustre 的 2.34×、2.21×、1.99×和1.69×",
                "从 2 个到 16 个客户端节点，该比值逐步下降",
                "客户端扩展测试给不出比值",
            ),
            ("本次测试无法在该作业的规模下回答这一问题",),
        ),
    ):
        text = words_l[language]
        for s in said:
            assert s in text, (language, s)
        for s in not_said:
            assert s not in text, (language, s)


def test_b1_the_answers_give_the_ratios_swept_beside_cannot_compare(words_l):
    for language, said, not_said in (
        (
            "en",
            "With 2 client nodes writing at once the candidate's aggregate write bandwidth is 2.34× the baseline's, "
            "with 16 client nodes 1.69×; at the job's 32 nodes the sweep gives no ratio",
            "With the job's client nodes writing at once, this test cannot compare",
        ),
        ("zh-CN", "被测系统的聚合写带宽为基线的 2.34×，16 个客户端节点时为 1.69×", "本次测试无法在该作业的规模下比较"),
    ):
        text = words_l[language]
        assert said in text and not_said not in text, language


def test_b2_m1minor_no_sentence_says_the_bandwidth_test_or_the_advantage_is_one_clients(words_l):
    for language, not_said in (
        ("en", ("rather than one client", "advantage seen with one client")),
        ("zh-CN", ("而非单个客户端", "单个客户端下的带宽优势")),
    ):
        text = words_l[language]
        assert "Against the client sweep:" in text or "以客户端扩展测试为参照，" in text
        for s in not_said:
            assert s not in text, (language, s)


def _table(ctx, table_id: str) -> Table:
    return next(b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == table_id)


def test_m4_the_points_table_gives_the_ratio_of_the_means_at_each_count_both_ran(built_l):
    # scaling.csv's means, by hand: OS-5 22.116/3 = 7.372 against Lustre 9.457/3 = 3.15233 at 2 clients (2.3386),
    # 39.695/3 against 17.951/3 at 4 (2.2113), 64.506/3 against 32.388/3 at 8 (1.9917), 85.184/3 against 50.277/3 at
    # 16 (1.6943); Lustre has no run at 1 client
    for language, header in (("en", "OS-5 ÷ Lustre: means"), ("zh-CN", "OS-5 ÷ Lustre：均值之比")):
        table = _table(built_l[language], "scaling")
        assert table.columns[-1].label == header, language
        assert [row[-1] for row in table.rows] == ["–", "2.34×", "2.21×", "1.99×", "1.69×"], language


def test_m3_each_sides_rate_per_client_kept_from_2_to_16_is_said_without_a_fit(words_l):
    # per client node at 16 over at 2, by hand: OS-5 (85.184/3/16) / (22.116/3/2) = 0.48146, Lustre (50.277/3/16) /
    # (9.457/3/2) = 0.66455; Lustre keeps more, though it has no fitted law
    for language, said in (
        (
            "en",
            "At 16 client nodes, OS-5's aggregate per client node is 48.1% of its value at 2, Lustre's 66.5%: Lustre "
            "keeps more of its rate per client node there.",
        ),
        ("zh-CN", "OS-5 折合到每个客户端节点的聚合带宽为其 2 个客户端节点时的 48.1%，Lustre 为 66.5%"),
    ):
        assert said in words_l[language], language


def test_m2minor_the_lead_names_no_node_local_storage_where_neither_side_is(built_l):
    for language, said, not_said in (
        ("en", "both systems here are shared", "storage local to each node grows"),
        ("zh-CN", "本次测试的两个系统属于共享存储", "节点本地存储只要"),
    ):
        lead = next(b.text for b in section(built_l[language], "scaling").blocks if isinstance(b, Para))
        assert said in lead and not_said not in lead, language


def _page_one(ctx) -> str:
    c = ctx.cover
    return " ".join((cover_text(ctx), *(t.note for t in c.tiles)))


def test_m5_page_one_answers_the_sweep_without_a_ratio_at_the_jobs_nodes(built_l):
    # the ratios of the means at the fewest and the most counts both ran, by hand: 7.372 / 3.15233 = 2.3386 at 2,
    # 28.3947 / 16.759 = 1.6943 at 16 (a fall of 28%, beyond the 5% called steady); 256 GPUs ÷ 8 = 32 nodes
    for language, said in (
        (
            "en",
            "Client sweep: 2.34× the baseline's aggregate at 2 client nodes, 1.69× at 16: shrinking over that range; no "
            "ratio at the job's 32 nodes.",
        ),
        (
            "zh-CN",
            "客户端扩展测试：2 个客户端节点时为基线聚合带宽的 2.34×，16 个时为 1.69×，在这一范围内优势缩小；作业 32 个节点时无比值。",
        ),
    ):
        assert said in _page_one(built_l[language]), language
    summary = " ".join(p.text for p in paras(section(built_l["en"], "summary").blocks))
    assert (
        "Client sweep: OS-5's aggregate write bandwidth is 2.34× the baseline's at 2 client nodes and 1.69× at 16 "
        "client nodes, the most compared: the advantage shrinks over these counts. At the job's 32 nodes the sweep "
        "gives no ratio." in summary
    )


def test_m6_page_ones_time_for_every_job_at_once_is_said_a_best_case(built_l):
    # 8 jobs × 1,690 GB = 13,520 GB over the fitted maximum (29.1 GB/s at 21.1 nodes, which the reader recomputed):
    # 464 s, and only if the storage reaches that maximum at 256 client nodes
    for language, said, not_said in (
        (
            "en",
            # a fitted, extrapolated figure, not a bound (scaling reading 16, m1: "at best 280 s")
            "all at once: about 464 s a save (409–488 s across refits) if it sustained the extrapolated fit's "
            "maximum, not measured at the cluster's nodes; against 70.1 s for one job alone",
            "all at once: 464 s a save if",
        ),
        ("zh-CN", "每次约 464 s（重新拟合为 409–488 s），集群的节点数下未经测量", "每次 464 s"),
    ):
        text = _page_one(built_l[language])
        assert said in text and not_said not in text, language


def test_m7_the_next_steps_sweep_the_baseline_too(built_l, joint_test_l, tmp_path):
    # Lustre's sweep starts at 2 client nodes, both sweeps stop at 16, below the job's 256 GPUs ÷ 8 = 32 nodes
    steps = " ".join(p.text for p in paras(section(built_l["en"], "gates").blocks))
    # the full name or the short one, as the section's earlier lines named Lustre or not
    assert re.search(
        r"Run Lustre( 2\.15 on hybrid OSTs \(existing\))? with one client node too \(its sweep starts at 2 client "
        r"nodes\): this report fits the law only with the one-client mean as λ, and a fit describes how a system scales "
        r"over the counts run; it does not stand in for runs at counts not run\.",
        steps,
    )
    assert "Sweep both systems to the job's 32 nodes or beyond, with the same benchmark settings, recorded" in steps
    zh = " ".join(p.text for p in paras(section(built_l["zh-CN"], "gates").blocks))
    assert "单个客户端节点的运行（其扩展测试从 2 个客户端节点开始）" in zh and "并延伸到该作业的 32 个节点或更多" in zh
    # a baseline run at 1 and 2 client nodes only: it has its one-client point but too few counts for a law
    folder = tmp_path / "L2"
    shutil.copytree(joint_test_l, folder)
    rows = (folder / "scaling.csv").read_text().splitlines()
    kept = [r for r in rows if not r.startswith("Lustre") or r.split(",")[1] == "2"]
    kept += [f"Lustre 2.15 on hybrid OSTs (existing),1,{run},{gbps}" for run, gbps in ((1, 1.61), (2, 1.58))]
    (folder / "scaling.csv").write_text("\n".join(kept) + "\n")
    ctx, _ = build(folder)
    steps = " ".join(p.text for p in paras(section(ctx, "gates").blocks))
    assert "at more client counts: a fitted law needs one client node and at least two other counts." in steps
    assert "with one client node too" not in steps


def test_m2_the_aggregate_far_beyond_the_sweep_has_its_range_and_what_it_would_take(built_l):
    # OS-5's law at 128 nodes, 8× the 16 tested: 11.8 GB/s, 7.9–22.2 over the 3^5 = 243 refits (the reader's own
    # recomputation by the report's method); 1,690 GB ÷ 11.8 GB/s = 143 s, above both save times beside it (70.1 s, and
    # Lustre's 118 s)
    table = _table(built_l["en"], "scaling-projections")
    # the times at 1,024 GPUs, from saves on 256, marked as point estimates (scaling reading 13, M1)
    # at 128 nodes, beyond what either system was run at: not measured (scaling reading 15, M2)
    gap = "not measured"
    assert table.rows == (("Mixtral 8x22B on 1,024 GPUs", "128", gap, "–", gap, "11.8 (7.87–22.2)†"),)
    assert "In brackets, beyond the client nodes tested: the least and the greatest over the refits" in table.note
    assert (
        "At OS-5's fitted 11.8 GB/s at 128 nodes, its 1,690 GB checkpoint would take at least 143 s, longer than the "
        "70.1 s projected at the rate of this test's saves: its save time at 128 nodes is not measured." in table.note
    )
    zh = _table(built_l["zh-CN"], "scaling-projections").note
    assert (
        "其 1,690 GB 检查点至少需要 143 s，比按本次测试保存速率推算的 70.1 s 长；其在 128 个节点下的保存耗时未实测"
        in zh
    )
    assert (
        "OS-5 11.8 GB/s of aggregate write bandwidth at 128 nodes (7.87–22.2 GB/s over the refits to one run per client "
        "count), an extrapolation beyond the 16 client nodes tested." in words_of(built_l["en"], "projections")
    )


def words_of(ctx, section_id: str) -> str:
    return " ".join(p.text for p in paras(section(ctx, section_id).blocks))


def test_m3minor_the_caption_names_only_the_marks_drawn(built_l):
    # one fitted curve (OS-5; Lustre has no one-client run): its peak at 21.1 nodes lies on the axis, no crossing
    for language, said, not_said in (
        (
            "en",
            (
                "Lustre's points give no fitted law, so no curve is drawn for it beyond them.",
                "A diamond marks a fitted peak. The dashed vertical line",
            ),
            "a cross where the two curves meet",
        ),
        ("zh-CN", ("的数据点无法拟合出定律", "菱形标出拟合峰值。", "竖直虚线为训练作业的节点数。"), "叉号"),
    ):
        (figure,) = [b for b in section(built_l[language], "scaling").blocks if isinstance(b, Figure)]
        for s in said:
            assert s in figure.chart.caption, (language, s)
        assert not_said not in figure.chart.caption, language


def test_m4minor_sigma_and_kappa_are_printed_to_the_digits_the_refits_allow(words_l):
    # OS-5's fit (the reader reproduced σ = 0.0420, κ = 0.00216) and its 243 refits (σ 0.0198–0.0628, κ 0.000826–
    # 0.00347): two significant digits each, the range said to fix them no closer
    for language, said in (
        (
            "en",
            (
                "contention σ = 0.042 and coherency κ = 0.0022.",
                "σ lies between 0.020 and 0.063 and κ between 0.00083 and 0.0035, the one rising as the other falls "
                "(correlation −0.91): the runs fix neither more closely than that.",
            ),
        ),
        ("zh-CN", ("σ 介于 0.020 与 0.063 之间，κ 介于 0.00083 与 0.0035 之间", "确定得比这更精确")),
    ):
        for s in said:
            assert s in words_l[language], (language, s)
    assert "σ = 0.0420" not in words_l["en"]


def test_m2_a_far_aggregate_slower_than_its_own_save_only(joint_test_l, tmp_path):
    # Lustre's saves doubled (mean 2 × 118 s = 236 s): OS-5's 1,690 GB at its fitted 11.8 GB/s at 128 nodes takes at
    # least 143 s, longer than its own 70.1 s but not than Lustre's 236 s
    folder = tmp_path / "L3"
    shutil.copytree(joint_test_l, folder)
    rows = (folder / "save_times.csv").read_text().splitlines()
    doubled = [rows[0]]
    for row in rows[1:]:
        cells = row.split(",")
        if cells[0].startswith("Lustre"):
            cells[-1] = repr(2 * float(cells[-1]))
        doubled.append(",".join(cells))
    (folder / "save_times.csv").write_text("\n".join(doubled) + "\n")
    ctx, m = build(folder)
    assert sig(m.projections[0].baseline_s) == "236"
    note = _table(ctx, "scaling-projections").note
    assert (
        "At OS-5's fitted 11.8 GB/s at 128 nodes, its 1,690 GB checkpoint would take at least 143 s, longer than the "
        "70.1 s projected at the rate of this test's saves: its save time at 128 nodes is not measured." in note
    )


def test_the_side_that_keeps_more_is_said_at_the_counts_where_it_does(joint_test_l, tmp_path):
    """Scaling reading 18, Y-1: "keeps more of its rate per client node over the counts both were run at" where the
    other side kept more at every count but the last. A sweep worked by hand, per client node over its value at 2:
    baseline 22/4 ÷ 10/2 = 110% at 4, 30/8 ÷ 5 = 75% at 8, 40/16 ÷ 5 = 50% at 16; candidate 30/4 ÷ 20/2 = 75%,
    50/8 ÷ 10 = 62.5%, 100/16 ÷ 10 = 62.5%: the candidate keeps more at 16 only, the baseline at 4 and 8."""
    folder = tmp_path / "kept"
    shutil.copytree(joint_test_l, folder)
    with activate("en"):
        _ctx, m = build(joint_test_l)
    rows = ["system,clients,run,write_gbps"]
    names = {"baseline": m.save.baseline.system, "candidate": m.save.candidate.system}
    means = {"baseline": (10, 22, 30, 40), "candidate": (20, 30, 50, 100)}
    for side, values in means.items():
        for clients, value in zip((2, 4, 8, 16), values, strict=True):
            rows += [f'"{names[side]}",{clients},{run},{value}' for run in (1, 2, 3)]
    (folder / "scaling.csv").write_text("\n".join(rows) + "\n")
    with activate("en"):
        ctx, _m = build(folder)
    text = " ".join(p.text for p in all_paras(ctx))
    assert "of its value at 2, " in text and "keeps more of its rate per client node there." in text
    assert re.search(r"At 4 and 8 client nodes [^.]+ keeps more of it\.", text)
