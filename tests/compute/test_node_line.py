"""A node-local side's line used outside the node parts it runs through (report/compute/node_line.py; scaling reading
20, AC-m4). Fixture node_local_candidate (BX-4 local to each node, 8 GPUs a node; its Jamba saves, 5,572 GB on 256 GPUs,
32 nodes: a node's part 174.125 GB, 8 runs, mean 19.23375 s; projection at 512 GPUs, 64 nodes) with a second model
of our own: 800 GB on 32 GPUs, 4 nodes, a node's part 200 GB, saved in 21.0 s twice on BX-4."""

from __future__ import annotations

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts

ROWS = (
    "Brackwater BX-4 in-node NVMe tier,Small 8B,32,800.0,1,21.0\n"
    "Brackwater BX-4 in-node NVMe tier,Small 8B,32,800.0,2,21.0\n"
    "Hollis HS-9 hybrid NAS (existing),Small 8B,32,800.0,1,40.0\n"
    "Hollis HS-9 hybrid NAS (existing),Small 8B,32,800.0,2,41.0\n"
)


def _folder(folder, rows: str = ROWS):
    path = folder("node_local_candidate")
    saves = path / "save_times.csv"
    saves.write_text(saves.read_text() + rows)
    return path


def test_a_projection_below_the_node_parts_of_a_two_point_line_is_an_extrapolation(folder):
    # the line runs through the two parts' means: slope (21.0 − 19.23375) ÷ (200 − 174.125) = 0.0682609 s/GB,
    # intercept 19.23375 − 0.0682609 × 174.125 = 7.34781 s; the projection's part 5,572 ÷ 64 = 87.0625 GB, 87.0625 GB
    # below 174.125, at 7.34781 + 0.0682609 × 87.0625 = 13.2908 s
    path = _folder(folder)
    test = read_joint_test(path)
    found = decide(test, compute(test)).each("node_line_outside")
    assert len(found) == 1 and found[0].scope.items == ("candidate",)
    f = found[0]
    assert (f["points"], f["nodes"]) == (2, (4, 32))
    assert f["low_gb"] == pytest.approx(174.125) and f["high_gb"] == pytest.approx(200.0)
    assert f["at_gb"] == pytest.approx(87.0625) and f["outside_gb"] == pytest.approx(87.0625)
    assert f["time_s"] == pytest.approx(13.2908, rel=1e-5)
    text = " ".join(texts(section(build(path)[0], "projections").blocks))
    assert (
        "BX-4's line runs through 2 node parts only, 174 and 200 GB, from saves on 4 and 32 nodes." in text
        and "it is used at 87.1 GB a node, 87.1 GB outside them: its 13.3 s is an extrapolation" in text
    ), text
    with activate("zh-CN"):
        zh = " ".join(texts(section(build(path)[0], "projections").blocks))
    assert "外推" in zh and "13.3 s" in zh and "87.1 GB" in zh, zh


def test_a_projection_within_its_node_parts_needs_no_word(folder):
    # a second model of 160 GB on 4 nodes, a node's part 40 GB: the projection's 87.0625 GB lies between 40 and
    # 174.125 GB, no finding; the fixture alone has one part (a proportional line), no finding either
    rows = ROWS.replace("800.0", "160.0")
    for path in (_folder(folder, rows), folder("node_local_candidate")):
        test = read_joint_test(path)
        assert decide(test, compute(test)).each("node_line_outside") == ()
