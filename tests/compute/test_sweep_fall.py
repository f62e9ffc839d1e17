"""Where a side's sweep has fallen at the job's nodes (report/compute/sweep_fall.py), on data/ with its saves on 32
GPUs (4 nodes of 8) and a scaling.csv of two runs a count written by each test."""

from __future__ import annotations

from report.compute import compute
from report.compute.findings import decide
from report.compute.sweep_fall import ID
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts

B, C = "Local NVMe (single drive)", "Mingxin FX100"
RISING = f"{C},1,1,1.0\n{C},1,2,1.0\n{C},2,1,2.0\n{C},2,2,2.0\n{C},4,1,4.0\n{C},4,2,4.0\n"


def _folder(folder, at_four: tuple[float, float]):
    path = folder("data")
    (path / "save_times.csv").write_text((path / "save_times.csv").read_text().replace(",8,", ",32,"))
    rows = f"{B},1,1,1.0\n{B},1,2,1.0\n{B},2,1,2.0\n{B},2,2,2.1\n{B},4,1,{at_four[0]}\n{B},4,2,{at_four[1]}\n"
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows + RISING)
    return path


def test_a_sweep_fallen_at_the_jobs_nodes_past_its_most_is_found_and_said(folder):
    # B: 2.05 GB/s at 2 (runs 2.0, 2.1), 1.05 at the job's 4 (runs 1.0, 1.1): 1.1 < 2.0, the ranges apart; 1.05 ÷
    # 2.05 = 51.2%. C rises to 4.0 at 4: not found
    path = _folder(folder, (1.0, 1.1))
    test = read_joint_test(path)
    found = decide(test, compute(test)).get(ID)
    assert found is not None and found.scope.items == ("baseline",)
    at, best = found["each"]["baseline"]
    assert (at.clients, round(at.mean_gbps, 2), best.clients, round(best.mean_gbps, 2)) == (4, 1.05, 2, 2.05)
    ctx, _m = build(path)
    text = " ".join(texts(section(ctx, "scaling").blocks))
    assert (
        f"At the job's 4 nodes {B} is past the most its sweep gave: 1.05 GB/s there against 2.05 GB/s at 2 client "
        "nodes (51% of it, the runs' ranges apart), so the job runs where its aggregate is falling." in text
    ), text
    with activate("zh-CN"):
        zh = " ".join(texts(section(build(path)[0], "scaling").blocks))
    assert "作业正处于其聚合带宽下降的区段" in zh and "2.05 GB/s（该处为其 51%，运行范围没有交叠）" in zh, zh


def test_a_dip_within_the_runs_ranges_is_not_a_fall(folder):
    # B at the job's 4: runs 1.9 and 2.05, mean 1.975 below 2.05 at 2, but 2.05 >= 2.0, the least run there
    test = read_joint_test(_folder(folder, (1.9, 2.05)))
    assert decide(test, compute(test)).get(ID) is None
