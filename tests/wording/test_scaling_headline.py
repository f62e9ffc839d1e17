"""Page 1's and the summary's client-sweep line where the training job's nodes lie beyond the most client nodes
measured (report/wording/scaling_headline.py): the ratio there is the fits' alone, an extrapolation, and the move from
the job's nodes back to fewer is no trend of the sweep's (early cold read 21, AE-M2: "15.0× at the job's 72 nodes, 13.9×
at 64 client nodes: shrinking over that range", a rise read backwards and the extrapolation unsaid)."""

from __future__ import annotations

import shutil

import pytest

from report.formatting import x3
from report.i18n import activate
from tests.conftest import ROOT
from tests.sections.helpers import build, cover_text, paras, section

# the baseline's aggregate at 1, 2, 4 and 8 client nodes, 3 runs each: a shared system that flattens
BASELINE = {1: (3.00, 3.05, 2.95), 2: (5.4, 5.5, 5.3), 4: (8.9, 9.1, 9.0), 8: (12.1, 12.3, 11.9)}


@pytest.fixture(scope="module")
def beyond(tmp_path_factory):
    """examples/scaling-cluster with both sides swept to 8 client nodes, a shared baseline, and its job's 32 GPUs on
    nodes of 2 (16 nodes): beyond the 8 measured."""
    where = tmp_path_factory.mktemp("beyond") / "scaling"
    shutil.copytree(ROOT / "examples" / "scaling-cluster", where)
    toml = (where / "test.toml").read_text()
    toml = toml.replace('node_local    = ["Local NVMe RAID-0 (per node)"]\n', "")
    toml = toml.replace('save_baseline = "Local NVMe RAID-0 (per node)"', 'save_baseline = "Shared NAS"')
    toml = toml.replace("cluster_gpus              = 1000\n", "cluster_gpus              = 1000\ngpus_per_node = 2\n")
    (where / "test.toml").write_text(toml)
    for name in ("save_times.csv", "bandwidth.csv"):
        path = where / name
        path.write_text(path.read_text().replace("Local NVMe RAID-0 (per node)", "Shared NAS"))
    rows = [f"Shared NAS,{k},{i + 1},{v}" for k, runs in BASELINE.items() for i, v in enumerate(runs)]
    with (where / "scaling.csv").open("a") as f:
        f.write("\n".join(rows) + "\n")
    return where


def test_the_ratio_beyond_the_sweep_is_the_fits_and_has_no_trend(beyond):
    # at 8 client nodes, by hand: the candidate's mean (36.4 + 37.9 + 37.1) / 3 = 37.1333, the baseline's
    # (12.1 + 12.3 + 11.9) / 3 = 12.1, a ratio of 3.0689 (3.07×)
    with activate("en"):
        ctx, m = build(beyond)
    assert m.nodes == 16
    at_job = x3(m.scaling.at_job.ratio)
    page_one = cover_text(ctx) + " " + " ".join(t.note for t in ctx.cover.tiles)
    assert (
        f"Client sweep: 3.07× the baseline's aggregate at 8 client nodes, the most swept; the fits give {at_job} at "
        "the job's 16 nodes, beyond them." in page_one
    )
    summary = " ".join(p.text for p in paras(section(ctx, "summary").blocks))
    assert "at 8 client nodes, the most swept; the fits give " + at_job + " at the job's 16 nodes, beyond them." in (
        summary
    )
    for words in (page_one, summary):
        assert "over that range" not in words and "over these counts" not in words


def test_the_chinese_says_the_job_lies_beyond_the_measured(beyond):
    with activate("zh-CN"):
        ctx, _ = build(beyond)
    page_one = cover_text(ctx)
    assert (
        "测试到的最多 8 个客户端节点时为基线聚合带宽的 3.07×；本作业的 16 个节点超出测试范围，按拟合曲线外推为"
        in page_one
    )
    assert "优势缩小" not in page_one and "优势扩大" not in page_one
