"""Scaling reading 10 (docs/readings/scaling-reading-10.md), on the reader's joint test R (docs/readings/cold-tests-10/
make.py.txt): the baseline swept from 1 to 12 client nodes with a negative κ, the candidate from 2 to 16 without a
one-client point, the saves timed on the job's 48 nodes, a projection to 96 nodes; and folder L of cold tests 9.

- B1: Fig. 9 drew the baseline's fit (κ < 0) to its pole, about 1,200 GB/s at 36 client nodes, flattening every point.
- B2: "at the job's 48 nodes this test cannot compare the two systems", while the saves were timed on those 48 nodes.
- M1: "the advantage grows as client nodes are added" rested on 2, 4 and 8; the candidate's rate per client fell at 16.
- M4: the candidate's own flattening went unsaid (no fit without a one-client point).
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import matplotlib.pyplot as plt
import pytest

from report.charts import describe as charts
from report.charts import draw as drawing
from report.charts import scaling_chart
from report.compute import compute
from report.inputs.joint_test import read_joint_test
from tests.conftest import ROOT

MAKE_R = ROOT / "docs" / "readings" / "cold-tests-10" / "make.py.txt"
MAKE_L = ROOT / "docs" / "readings" / "cold-tests-9" / "make.py.txt"


@pytest.fixture(scope="module")
def joint_test_r(tmp_path_factory):
    """Folder R of cold tests 10, made by their own script."""
    where = tmp_path_factory.mktemp("cold10")
    subprocess.run([sys.executable, str(MAKE_R), str(where)], check=True)
    return where / "R"


@pytest.fixture(scope="module")
def joint_test_l(tmp_path_factory):
    """Folder L of cold tests 9, made by their own script."""
    where = tmp_path_factory.mktemp("cold9")
    shutil.copy(MAKE_L, where / "make.py")
    subprocess.run([sys.executable, str(where / "make.py")], check=True, cwd=where)
    return where / "scaling"


def _chart(path):
    test = read_joint_test(path)
    m = compute(test)
    chart = charts.describe_all(m, test.bandwidth)["scaling"]
    drawing._setup()
    return m, chart, scaling_chart.draw(m, test.bandwidth, chart)


def _reach(fig, colour) -> float:
    """The largest client count a line of the given colour is drawn to."""
    xs = [max(line.get_xdata()) for line in fig.axes[0].get_lines() if line.get_color() == colour]
    return max(xs)


def test_b1_a_fit_the_law_does_not_describe_stops_at_its_points_and_the_axis_keeps_them(joint_test_r):
    from report.charts.style import COLOURS

    m, chart, fig = _chart(joint_test_r)
    try:
        assert m.scaling.baseline.usl.kappa < 0  # κ = −0.00303 (the reader's −0.0030)
        # the baseline's curve ends at its own 12 client nodes tested, not at the pole near 36.6
        assert _reach(fig, COLOURS["baseline"]) <= 12
        # the axis: the highest run, CX-10's 33.889 GB/s at 16 client nodes, × 1.15 = 38.97 (on main: ~1,400)
        assert fig.axes[0].get_ylim()[1] == pytest.approx(33.889 * 1.15)
        assert "OpenZFS NFS head pair (existing)'s fitted parameters cannot be used to extrapolate" in chart.caption
        assert "drawn dashed, over its 12 client nodes tested only" in chart.caption
        # every side's measured points have a legend entry, the fitted side's too (minor 6)
        labels = [t.get_text().replace("\n", " ") for t in fig.axes[0].get_legend().get_texts()]
        assert "OpenZFS NFS head pair (existing)" in labels
    finally:
        plt.close(fig)


def test_b1_a_fit_that_describes_its_points_stops_at_twice_the_sweep(joint_test_l):
    from report.charts.style import COLOURS

    m, chart, fig = _chart(joint_test_l)
    try:
        # OS-5 swept to 16 client nodes: its curve stops at 32, not at the projection's 128 nodes
        assert m.scaling.candidate.usl.describes
        assert 31 < _reach(fig, COLOURS["candidate"]) <= 32
        assert fig.axes[0].get_xlim()[1] == pytest.approx(128 * 1.2)
        assert "Orbis OS-5 all-flash NAS's curve stops at twice its 16 client nodes tested" in chart.caption
    finally:
        plt.close(fig)


@pytest.fixture(scope="module")
def words_r(joint_test_r) -> dict[str, str]:
    """Folder R's paragraphs, per language."""
    from report.i18n import activate
    from tests.sections.helpers import all_paras, build

    out = {}
    for language in ("en", "zh-CN"):
        with activate(language):
            ctx, _ = build(joint_test_r)
        out[language] = " ".join(p.text for p in all_paras(ctx))
    return out


def test_b2_the_saves_timed_on_the_jobs_48_nodes_are_the_comparison_there(words_r):
    """The saves: 225 s and 62.1 s (4 runs each) on the job's 384 GPUs / 8 = 48 nodes, 3.63× (3.50–3.75×)."""
    en, zh = words_r["en"], words_r["zh-CN"]
    said = (
        "This test's saves were timed with the job's 48 nodes writing: CX-10's are 3.63× as fast (62.1 s against "
        "225 s; 95% interval 3.50–3.75×), the comparison at the job's size."
    )
    assert en.count(said) == 2  # the section and the Q&A
    assert "this test cannot compare the two systems" not in en and "At the job's 48 nodes this test gives no" not in en
    assert "At the job's 48 nodes the sweep gives no ratio" in en
    assert zh.count("本次测试的保存是在该作业的 48 个节点同时写入下计时的") == 2
    assert "本次测试无法比较这两个系统" not in zh


def test_m1_no_trend_word_beyond_the_counts_both_were_run_at(words_r):
    """Ratios 3.35×, 3.51×, 3.63× at 2, 4, 8; CX-10 16: 33.8735 / 16 = 2.117 against 7.1565 / 2 = 3.578 GB/s per
    client, 59.2%; ZFS NFS 12: 9.1377 / 12 = 0.7615 against 2.1393 / 2 = 1.0697, 71.2%."""
    en, zh = words_r["en"], words_r["zh-CN"]
    assert "as client nodes are added" not in en and "the most tested" not in en
    assert "The ratio rises from 2 to 8 client nodes." in en
    assert "3.63× at 8 client nodes, the most compared: the advantage grows over these counts." in en
    assert (
        "CX-10 was also run at 16 client nodes, where its aggregate per client node is 59.2% of its value at 2." in en
    )
    assert (
        "ZFS NFS was also run at 12 client nodes, where its aggregate per client node is 71.2% of its value at 2." in en
    )
    assert "随客户端节点增加而扩大" not in zh and "已测最多" not in zh
    assert "CX-10 还测了 16 个客户端节点，此时其折合到每个客户端节点的聚合带宽为其 2 个客户端节点时的 59.2%" in zh


def test_m4_the_candidates_own_flattening_is_said_without_a_fit(words_r):
    """Per client 3.578, 3.325, 2.888, 2.117 GB/s at 2, 4, 8, 16: 100%, 92.9%, 80.7%, 59.2%; added per client node
    (13.3005 − 7.1565) / 2 = 3.07, (23.1005 − 13.3005) / 4 = 2.45, (33.8735 − 23.1005) / 8 = 1.35."""
    en, zh = words_r["en"], words_r["zh-CN"]
    assert (
        "Per client node that is 3.58, 3.33, 2.89 and 2.12 GB/s at 2, 4, 8 and 16 client nodes: 100%, 92.9%, 80.7% "
        "and 59.2% of its rate at 2. Each client node added brought 3.07, 2.45 and 1.35 GB/s (from 2 to 4, 4 to 8 "
        "and 8 to 16)."
    ) in en
    assert (
        "即其 2 个客户端节点时速率的 100%、92.9%、80.7%和59.2%。 每增加一个客户端节点，聚合带宽分别增加 3.07、2.45和1.35 GB/s"
        in zh
    )


def test_m2_the_96_node_projection_beyond_every_count_run_is_not_measured(words_r):
    """768 GPUs / 8 = 96 nodes, 2.00× the 384 GPUs (48 nodes) the saves were timed on and beyond both sweeps: no time
    is printed (scaling reading 15, M2), where reading 10 printed the saves' means (225 s and 62.1 s) as estimates."""
    en, zh = words_r["en"], words_r["zh-CN"]
    assert "are unknown" not in en and "extrapolated in nodes" not in en
    assert (
        "“DBRX 132B on 768 GPUs” at 96 nodes: not measured. Neither system was run with that many client nodes "
        "writing (ZFS NFS up to 48 client nodes and CX-10 up to 48 client nodes), so what either gives there is unknown "
        "and no save time or saving is printed for it."
    ) in en
    assert (
        "“DBRX 132B on 768 GPUs”, at 96 nodes, lies beyond the client nodes either system was run with: its save times "
        "there are not measured"
    ) in en
    assert "estimates from those saves, with no range" not in en
    assert "保存时间未知" not in zh and zh.count("未实测") == 2


def test_m3_the_bandwidth_ratio_is_set_beside_the_sweeps_at_equal_client_counts(words_r):
    """33.54 / 8.546 = 3.92× from the two bandwidth tests; the sweep at 8 client nodes, the most both were run at:
    23.1005 / 6.3723 = 3.625 → 3.63×."""
    en, zh = words_r["en"], words_r["zh-CN"]
    assert (
        "Corvid CX-10 NVMe-oF flash sustains 33.5 GB/s against 8.55 GB/s, 3.92× as much. These two figures are each "
        "system's bandwidth test as it was run, each on its own client count (see the data sources); at equal client "
        "counts the client sweep gives 3.63× at 8 client nodes, the most both were run at"
    ) in en
    assert "在相同的客户端数量下，客户端扩展测试在两个系统共同测过的最多的 8 个客户端节点下给出 3.63×" in zh


def test_minor2_no_fitted_figure_beyond_the_points_of_a_law_that_does_not_describe_them(joint_test_r):
    """ZFS NFS swept to 12 client nodes, κ < 0: its fitted 12.1 GB/s at CX-10's 16 is no longer printed; within its
    counts the fit stays (9.10 GB/s at 12)."""
    from report.document.blocks import Table
    from tests.sections.helpers import build, section

    ctx, _ = build(joint_test_r)
    (table,) = [b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == "scaling"]
    rows = {row[0]: row for row in table.rows}
    assert rows["12"][3] == "9.10" and rows["16"][3] == "–"


def test_minor4_minor8_a_dash_at_96_nodes_is_said_and_zh_joins_clauses_with_a_semicolon(joint_test_r, words_r):
    """ZFS NFS's denominator at 96 nodes: 1 + 0.0826 × 95 − 0.00303 × 96 × 95 = −18.7, no figure; in Chinese the two
    reasons, each a clause, are joined by "；", not by 和."""
    from report.document.blocks import Table
    from tests.sections.helpers import build, section

    ctx, _ = build(joint_test_r)
    (table,) = [b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == "scaling-projections"]
    assert table.rows[0][3] == "–"
    # its law disowned (κ < 0): its runs' means nearest 96 nodes instead (scaling reading 13, M2): at 8,
    # (6.202 + 6.488 + 6.427) / 3 = 6.372; at 12, (9.184 + 9.118 + 9.111) / 3 = 9.138
    assert (
        "At 96 nodes, beyond the 12 client nodes it was run at, its runs' means were 6.37 GB/s at 8 and 9.14 GB/s at "
        "12 client nodes." in table.note
    )
    zh = words_r["zh-CN"]
    assert (
        "ZFS NFS 的拟合曲线在 48 个节点处没有值（分母不大于零）；CX-10 只测到 16 个客户端节点（其数据点不足以拟合该定律）"
        in zh
    )


def test_minor6_the_jobs_label_goes_left_of_its_line_where_a_projections_line_is_near(joint_test_r):
    """The job's 48 nodes and the projection's 96: the label, on the right of 48, was crossed by the line at 96."""
    fig = _chart(joint_test_r)[2]
    try:
        (label,) = [t for t in fig.axes[0].texts if t.get_text() == "training job: 48 nodes"]
        assert label.get_horizontalalignment() == "right"
    finally:
        plt.close(fig)


def test_minor3_a_fit_with_negative_kappa_is_said_to_follow_its_points_not_to_describe_the_system(words_r):
    """λ = 1.144, σ = 0.08261, κ = −0.003026 (Cramer's rule on the normal equations); the largest gap to a mean is at 8
    client nodes: C(8) = 1.144 × 8 / (1 + 0.08261 × 7 − 0.003026 × 56) = 6.496 against 6.372, 1.94%."""
    en, zh = words_r["en"], words_r["zh-CN"]
    assert (
        "so its parameters cannot be used to extrapolate: its curve lies at most 1.94% from the means over the 12 "
        "client nodes tested, but means nothing beyond them"
    ) in en
    assert "在已测的 12 个客户端节点范围内，其曲线与均值相差至多 1.94%" in zh
