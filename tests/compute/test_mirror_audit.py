"""A node-local side mirrored synchronously to a partner node takes in twice its part on every node during a save
(report/compute/mirror_audit.py; cold read 18, X-M2; scaling reading 18, X-5), worked by hand on the node_local_retune
fixture: local SSD, 64 GPUs on 8 nodes of 8, a 196 GB checkpoint, so a node's part is 196 ÷ 8 = 24.5 GB; its saves
38.32, 37.56, 37.28, 39.31 and 37.88 s, mean 190.35 ÷ 5 = 38.07 s; one node's logged bandwidth 0.67324 GB/s (its three
runs spread 0.0055 GB/s, so a row is beyond it above 1 + 2 × 0.0055 ÷ 0.67324 = 1.0163×)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.mirror_audit import mirrored_sides
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from report.sections import audit
from report.wording.base import Words
from tests.conftest import PROVENANCE, ROOT

BANDWIDTH = 0.67324  # GB/s, one node's, the mean of its three runs
LOCAL = "Local SATA SSD (per node)"
CONTINUED = "baseline / Qwen 14B continued pre-training"


def _fixture(tmp_path: Path, protection: str | None, slower: float = 1.0) -> Path:
    """node_local_retune with an [environment] line on local SSD's protection, its 64-GPU saves `slower` times as long."""
    folder = tmp_path / "mirror"
    shutil.copytree(ROOT / "tests" / "fixtures" / "node_local_retune", folder)
    if protection is not None:
        toml = (folder / "test.toml").read_text(encoding="utf-8")
        line = f'"data protection" = "local SSD: {protection}"\n'
        (folder / "test.toml").write_text(toml.replace("\n[environment]\n", "\n[environment]\n" + line, 1), "utf-8")
    rows = (folder / "save_times.csv").read_text(encoding="utf-8").splitlines()
    out = []
    for row in rows:
        cells = row.split(",")
        if cells[0] == LOCAL and cells[2] == "64":
            cells[-1] = f"{float(cells[-1]) * slower:.2f}"
        out.append(",".join(cells))
    (folder / "save_times.csv").write_text("\n".join(out) + "\n", encoding="utf-8")
    return folder


SYNC = "each node's writes mirrored synchronously to a partner node in another rack"


def test_a_synchronous_partner_mirror_doubles_each_node_ingest(tmp_path):
    test = read_joint_test(_fixture(tmp_path, SYNC))
    m = compute(test)
    assert mirrored_sides(test, m) == ("baseline",)
    found = decide(test, m)
    rows = {f"{r.side} / {r.model}": r for r in found.get("rows_outrun")["rows"]}
    # 2 × 24.5 GB in 38.07 s = 1.2871 GB/s a node, 1.2871 ÷ 0.67324 = 1.9118× one node's bandwidth
    row = rows[CONTINUED]
    assert row.mirrored
    assert row.written_gb == pytest.approx(49.0)
    assert row.gbps == pytest.approx(1.28710, rel=1e-4)
    assert row.to_bandwidth == pytest.approx(1.9118, rel=1e-4)
    # the one-node job's partner does not save with it: its row stays 196 ÷ 39.3167 s ÷ 0.67324 = 7.405×
    one = rows["baseline / Qwen 14B on one node"]
    assert not one.mirrored
    assert one.to_bandwidth == pytest.approx(7.4047, rel=1e-4)
    # metrics.json's rows keep the contract's one part per node: 24.5 ÷ 38.07 ÷ 0.67324 = 0.9559×
    assert m.audit.rows[0].to_bandwidth == pytest.approx(0.9559, rel=1e-4)
    w = Words(test, m, {}, PROVENANCE)
    with activate("en"):
        text = " ".join(p.text for p in audit._rows_outrun(w))
    assert "each node's drives took in 1.29 GB/s" in text
    assert "1.91× one node's logged bandwidth of 0.673 GB/s" in text
    with activate("zh-CN"):
        text = " ".join(p.text for p in audit._rows_outrun(w))
    assert "伙伴节点的同步镜像，合计 1.29 GB/s" in text


@pytest.mark.parametrize(
    "protection",
    [None, "RAID-1 across the node's two drives", "each node's part copied asynchronously to a partner node"],
)
def test_no_partner_or_no_synchronous_mirror_leaves_the_part_alone(tmp_path, protection):
    test = read_joint_test(_fixture(tmp_path, protection))
    m = compute(test)
    assert mirrored_sides(test, m) == ()
    rows_outrun = decide(test, m).get("rows_outrun")
    # 24.5 ÷ 38.07 ÷ 0.67324 = 0.956×: within one node's bandwidth, only the one-node row is beyond it
    assert [f"{r.side} / {r.model}" for r in rows_outrun["rows"]] == ["baseline / Qwen 14B on one node"]


def test_not_bound_only_where_the_mirrored_ingest_stays_far_below(tmp_path):
    # saves twice as long, 76.14 s: a node's part at 24.5 ÷ 76.14 = 0.32178 GB/s, 47.80% of 0.67324: not bound alone
    plain = read_joint_test(_fixture(tmp_path / "a", None, slower=2.0))
    found = decide(plain, compute(plain))
    assert found.get("node_not_bound").scope.items == ("baseline",)
    assert found.get("mirror_ingest") is None
    # mirrored, each node takes in 49 GB in 76.14 s, 0.64355 GB/s, 95.59%: at its bandwidth, not "not bound"
    test = read_joint_test(_fixture(tmp_path / "b", SYNC, slower=2.0))
    m = compute(test)
    found = decide(test, m)
    assert found.get("node_not_bound") is None
    written, rate, share = found.get("mirror_ingest")["ingest"]["baseline"]
    assert (written, rate, share) == pytest.approx((49.0, 0.64355, 95.59), rel=1e-4)
    assert found.get("rows_outrun")["rows"][0].model == "Qwen 14B on one node"  # 0.956× is within the bandwidth
    w = Words(test, m, {}, PROVENANCE)
    with activate("en"):
        text = " ".join(p.text for p in audit._hypotheses(w))
    assert "not bound by bandwidth" not in text
    assert re.search(r"its partner's synchronous mirror: 49 GB a save, 0\.644 GB/.?s, 95\.6% of one node", text)


def _swept(folder: Path, at_eight: float) -> Path:
    """Local SSD's client sweep at 1, 2, 4 and 8 nodes, three runs each; its 8-node runs average `at_eight` GB/s."""
    rows = ["system,clients,run,write_gbps"]
    for clients, mean in ((1, 0.67), (2, 1.3), (4, 2.5), (8, at_eight)):
        rows += [f"{LOCAL},{clients},{run},{mean + d:.3f}" for run, d in ((1, -0.01), (2, 0.0), (3, 0.01))]
    (folder / "scaling.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("at_eight, bound", [(3.0, True), (4.0, False)])
def test_not_bound_is_judged_against_the_sweep_at_the_saves_nodes(tmp_path, at_eight, bound):
    # saves twice as long, 76.14 s: a node's part at 24.5 ÷ 76.14 = 0.32178 GB/s, 47.80% of one node's 0.67324;
    # the sweep's 8 nodes writing at once give at_eight ÷ 8 a node: 3.0 → 0.375 GB/s, the part at 85.81% of it
    # (may be bound); 4.0 → 0.5 GB/s, 64.36% (still not bound)
    test = read_joint_test(_swept(_fixture(tmp_path, None, slower=2.0), at_eight))
    m = compute(test)
    found = decide(test, m)
    rate, share = found.get("node_sweep_share")["swept"]["baseline"]
    assert rate == pytest.approx(at_eight / 8)
    assert share == pytest.approx(85.807 if bound else 64.355, rel=1e-4)
    not_bound = found.get("node_not_bound")
    assert (not_bound is None) == bound
    if not bound:
        return
    w = Words(test, m, {}, PROVENANCE)
    for language, expected in (
        ("en", "against the client sweep's 0.375 GB/s a node with the save's 8 nodes writing at once"),
        ("zh-CN", "0.375 GB/s"),
    ):
        with activate(language):
            text = " ".join(p.text for p in audit._hypotheses(w))
        assert "not bound by bandwidth" not in text
        assert "85.8%" in text and expected in text


@pytest.mark.parametrize(
    "name, mirrored",
    [
        ("Local SATA SSD (two-server synchronous mirror)", True),
        ("本地 SATA SSD（双节点同步镜像）", True),
        ("Local SATA SSD (mirrored to a partner node)", False),  # no word of a synchronous copy
    ],
)
def test_a_name_that_says_a_synchronous_partner_mirror_is_read(tmp_path, name, mirrored):
    # cold read 20, AC-M1: the record's lines call the system by a shorter name than its own, which says the mirror
    folder = _fixture(tmp_path, None)
    for path in folder.iterdir():
        if path.suffix in (".toml", ".csv"):
            path.write_text(path.read_text(encoding="utf-8").replace(LOCAL, name), encoding="utf-8")
    test = read_joint_test(folder)
    m = compute(test)
    assert mirrored_sides(test, m) == (("baseline",) if mirrored else ())
    rows = {f"{r.side} / {r.model}": r for r in decide(test, m).get("rows_outrun")["rows"]}
    # mirrored: 2 × 24.5 GB in 38.07 s ÷ 0.67324 = 1.9118×; else 24.5 ÷ 38.07 ÷ 0.67324 = 0.956×, not beyond it
    if mirrored:
        assert rows[CONTINUED].to_bandwidth == pytest.approx(1.9118, rel=1e-4)
    else:
        assert CONTINUED not in rows
