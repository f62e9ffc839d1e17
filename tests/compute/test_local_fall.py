"""A node-local side's per-node fall in its own sweep (report/compute/local_fall.py) and what it does to every job
of the cluster saving at once (cluster_scope.cluster_local_at_once; scaling reading 19, Z-2). Fixture node_local_fit
(Old NAS local to each node; its job on 16 GPUs, 2 nodes of 8; 512 GPUs, 64 nodes, 32 jobs; Old NAS's training save
72.0 s) with sweeps of our own."""

from __future__ import annotations

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts

#: Array X levels off: 1.0, 3.0, 2.5 GB/s at 1, 2, 4 client nodes (the most, 3.0, at 2)
SHARED = "".join(f"Array X,{k},1,{g}\n" for k, g in ((1, 1.0), (2, 3.0), (4, 2.5)))


def _folder(folder, local: tuple[float, float, float]):
    path = folder("node_local_fit")
    rows = "".join(f"Old NAS,{k},1,{g}\n" for k, g in zip((1, 2, 4), local, strict=True))
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows + SHARED)
    return path


def _at_once(path):
    test = read_joint_test(path)
    return decide(test, compute(test)).get("cluster_local_at_once")


def test_a_node_local_sides_falling_rate_a_node_makes_one_jobs_time_an_assumption(folder):
    # Old NAS: 1.0, 1.8, 2.8 GB/s at 1, 2, 4: 1.0, 0.9, 0.7 GB/s a node, 90.0% at the job's 2 and 70.0% at 4.
    # At 4's rate a node the 72.0 s save takes 72.0 × 0.9 ÷ 0.7 = 92.571 s. Array X: 32 × 400 GB = 12,800 GB ÷ 3.0 GB/s
    # = 4,266.7 s, 59.259× the 72.0 s and 4,266.7 ÷ 92.571 = 46.091× the 92.6 s
    path = _folder(folder, (1.0, 1.8, 2.8))
    f = _at_once(path)
    assert f is not None and f.scope.items == ("baseline",)
    fall = f["local_fall"]
    assert (fall.first.clients, fall.at_job.clients, fall.top.clients) == (1, 2, 4)
    assert fall.job_kept_pct == pytest.approx(90.0) and fall.top_kept_pct == pytest.approx(70.0)
    assert fall.scaled_s == pytest.approx(92.5714, rel=1e-5)
    assert f["ratio"] == pytest.approx(59.25926, rel=1e-6) and f["ratio_low"] == pytest.approx(46.0905, rel=1e-5)
    text = " ".join(texts(section(build(path)[0], "scaling").blocks))
    assert (
        "Old NAS keeps the 72.0 s of one job only if its nodes write independently of one another. Its own sweep "
        "does not show that: the rate a client node gave, 1.00 GB/s with 1 client node, fell to 90.0% of it with 2 "
        "and to 70.0% with 4 client nodes writing at once" in text
    ), text
    assert "At the rate a node gave with 4 client nodes writing, the job's save would take about 92.6 s." in text
    assert "between 46.1× and 59.3× Old NAS's on those two bases." in text and "still saves in" not in text
    with activate("zh-CN"):
        zh = " ".join(texts(section(build(path)[0], "scaling").blocks))
    assert "只有在其节点彼此独立写入的前提下" in zh and "降至其 90.0%" in zh and "约需 92.6 秒" in zh, zh
    assert "46.1× 至 59.3×" in zh, zh


def test_a_rate_a_node_within_the_runs_spread_keeps_one_jobs_time(folder):
    # Old NAS: 1.0, 2.0, 4.0 GB/s: 1.0 GB/s a node at every count, no fall; the local side keeps one job's 72.0 s
    path = _folder(folder, (1.0, 2.0, 4.0))
    f = _at_once(path)
    assert f is not None and f["local_fall"] is None and f["ratio_low"] is None
    text = " ".join(texts(section(build(path)[0], "scaling").blocks))
    assert "Old NAS still saves in the 72.0 s of one job" in text, text
