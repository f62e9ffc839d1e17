"""The share of failures that lose a node at which the candidate pays within the service life
(report/compute/node_loss.py `break_even_share`; cold read 17, V-M1), worked by hand."""

from __future__ import annotations

import math

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.node_loss import break_even_share, cluster_node_loss
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from report.wording.base import Words
from report.wording.unmeasured import durability_decides
from tests.conftest import PROVENANCE, ROOT


def test_the_share_that_pays_on_cold_test_17_v_figures():
    # Cold test 17, V: a 2,304-GPU cluster, a run of D = 294,659.25 s on the node-local baseline, a job MTBF of
    # M = 3,937,500 s (35,000 h per GPU over 32 GPUs), 3.90 CHF a GPU-hour, the whole cluster's value at the optima
    # 65,798.28 CHF a year, a price of 2.45 million CHF over 5 years: 490,000 − 65,798.28 = 424,201.72 CHF a year must
    # come from the lost nodes. A share p loses N × 8,760 × 3.9 ÷ D = 267.135 CHF a year per second of rework a run,
    # so the rework needed is 424,201.72 ÷ 267.135 = 1,587.97 s a run. With x = p D ÷ M that rework is
    # D ((e^x − 1) ÷ x − 1) = D (x/2 + x²/6 + ...): x/2 + x²/6 = 1,587.97 ÷ 294,659.25 = 0.0053892 gives
    # x = 0.010740, p = x M ÷ D = 0.010740 × 13.3629 = 0.14352: 14.4%. The reader's "about 17%" set the whole
    # 490,000 CHF a year against p × the bound for every failure (3.02 million), 16.2%, leaving out the 65,800 CHF
    # the time saved brings and the bound's growth faster than p (e^x).
    needed = 2_450_000 / 5 - 65_798.28
    share = break_even_share(needed, 2304, 294_659.25, 3_937_500, 3.9)
    assert share == pytest.approx(0.14352, abs=2e-5)
    assert cluster_node_loss(1.0, 2304, 294_659.25, 3_937_500, 3.9) == pytest.approx(3.0201e6, rel=1e-4)
    # nothing needed: 0; more than every failure a lost node gives: None
    assert break_even_share(-1.0, 2304, 294_659.25, 3_937_500, 3.9) == 0.0
    assert break_even_share(3.1e6, 2304, 294_659.25, 3_937_500, 3.9) is None


def test_a_node_local_baseline_names_the_share_on_its_decision_page():
    folder = ROOT / "tests" / "fixtures" / "node_local_retune"
    test = read_joint_test(folder)
    m = compute(test)
    b = decide(test, m).get("node_local")["break_even"]
    e, r = test.config.economics, m.reliability
    # at the share found, the lost nodes' cost a year closes the gap between price ÷ 5 and the value at the optima
    assert b["needed_per_year"] == pytest.approx(e.candidate_price / 5 - m.economics.optimum_cluster_value_per_year)
    p, wall, mtbf = b["share"], m.bubble.baseline_duration_s, r.job_mtbf_s
    rework = mtbf / p * math.expm1(wall * p / mtbf) - wall
    assert m.bubble.cluster_gpus * 8760 * rework / wall * e.gpu_hour_price == pytest.approx(b["needed_per_year"])
    w = Words(test, m, {}, PROVENANCE)
    with activate("en"):
        assert f"only if {100 * p:.1f}% or more of the failures lose a node" in durability_decides(w)


def test_a_part_kept_on_another_node_is_no_lost_node(tmp_path):
    """Cold test 18, X: a node-local tier "mirrored to a partner node", its record "each node's part on two nodes":
    "a failed node takes it along" and a restart-from-the-start bound (146,000,000 million CAD a year at 18.9 failures
    a run) were said of it. The record's copy on another node is found in the system's names or in a clause naming it;
    a mirror within a node (RAID-10's mirrored pairs) is not one; with it, no loss bound and no break-even."""
    import shutil

    from report.compute.node_loss import kept_on_another_node

    folder = tmp_path / "partner"
    shutil.copytree(ROOT / "tests" / "fixtures" / "node_local_retune", folder)
    test = read_joint_test(folder)
    local = test.config.systems.save_baseline
    assert not kept_on_another_node(test, local)
    toml = (folder / "test.toml").read_text(encoding="utf-8")
    extra = (
        f'"data protection" = "{local}: RAID-10 (two mirrored pairs in the node); '
        f'{test.config.systems.candidate}: 8+2 erasure coding"\n'
    )
    (folder / "test.toml").write_text(toml.replace("\n[environment]\n", "\n[environment]\n" + extra, 1), "utf-8")
    assert not kept_on_another_node(read_joint_test(folder), local)  # a mirror within the node
    extra = f'"data protection" = "{local}: each node\'s part on two nodes, the node and its partner"\n'
    (folder / "test.toml").write_text(toml.replace("\n[environment]\n", "\n[environment]\n" + extra, 1), "utf-8")
    test = read_joint_test(folder)
    assert kept_on_another_node(test, local)
    found = decide(test, compute(test)).get("node_local")
    assert found["partner"] is True
    assert found["loss_bound_per_year"] is None and found["break_even"] is None


@pytest.mark.parametrize(
    ("clause", "kept"),
    [
        ("every byte written locally is also written synchronously to the partner server", True),
        ("two-server synchronous mirror (two copies on two servers)", True),
        ("each tray's part mirrored to another tray", True),
        ("写入本机的每个字节同步写往伙伴服务器并落盘后才返回", True),
        ("双节点同步镜像（两份，分属两台服务器）", True),
        ("RAID-10 (two mirrored pairs in the node)", False),
        ("measured on one server's mirrored volume", False),
        ("每台服务器 4 块 NVMe SSD 组成本地卷（RAID-1）", False),
    ],
)
def test_a_copy_on_another_node_is_read_in_whatever_the_record_calls_its_nodes(clause, kept):
    """Cold test 20, AC: a node-local side mirrored synchronously to a partner SERVER was said to lose its part with
    a failed server ("节点故障时这部分随之丢失"): the record's servers, hosts and trays are nodes too."""
    from report.compute.node_loss import ANOTHER_NODE

    assert bool(ANOTHER_NODE.search(clause)) is kept
