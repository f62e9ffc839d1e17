"""What the cluster figures assume (report/compute/cluster_scope.py), worked by hand from the fixtures' rows (cold reads
15, R-M2, S-M5; 15pq, P-M2, P-M3, Q-M1, Q-M3)."""

import json

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.inputs.joint_test import read_joint_test
from report.pipeline.stages import metrics_json
from tests.conftest import FIXTURES
from tests.sections.helpers import PROVENANCE


def _decided(path):
    test = read_joint_test(path)
    m = compute(test)
    return m, {f.id: f for f in decide(test, m)}


def _without_price(path):
    """The folder with its [economics] candidate_price line taken out."""
    toml = path / "test.toml"
    lines = toml.read_text(encoding="utf-8").splitlines(keepends=True)
    toml.write_text("".join(x for x in lines if not x.startswith("candidate_price")), encoding="utf-8")
    return path


def test_the_baseline_meets_the_same_demand_against_its_own_bandwidth(folder):
    # economics fixture: 512 GPUs ÷ 16 a job = 32 jobs of 64 GB, a save every 1,000 × 2.0 = 2,000 s. Old NAS saves in
    # (100 + 110 + 120) ÷ 3 = 110 s and logged 3.00 GB/s: 32 × 64 ÷ (2,000 + 110) = 2,048 ÷ 2,110 = 0.97062 GB/s on
    # average, 0.32354 of it; 2,048 ÷ 110 = 18.618 GB/s all at once, 6.2061 of it. Array X: 55 s, 7.00 GB/s:
    # 2,048 ÷ 2,055 = 0.99659 (0.14237), 2,048 ÷ 55 = 37.236 (5.3195)
    _, found = _decided(folder("economics"))
    demand = found["cluster_demand"]
    assert demand.scope.items == ("baseline", "candidate") and demand.scope.whole
    assert (demand["jobs"], demand["asynchronous"], demand["deadline_s"]) == (32, False, 2000.0)
    b, c = demand["sides"]["baseline"], demand["sides"]["candidate"]
    assert b["measured_gbps"] == 3.0 and c["measured_gbps"] == 7.0
    assert b["mean_gbps"] == pytest.approx(0.970616, rel=1e-6) and b["mean_ratio"] == pytest.approx(0.323539, rel=1e-5)
    assert b["at_once_gbps"] == pytest.approx(18.61818, rel=1e-6) and b["at_once_ratio"] == pytest.approx(6.206061)
    assert c["mean_gbps"] == pytest.approx(0.996594, rel=1e-6) and c["at_once_gbps"] == pytest.approx(37.23636)
    assert c["at_once_ratio"] == pytest.approx(5.319481, rel=1e-6)
    assert "cluster_over_measured" not in found  # both within their bandwidth on average


def test_an_oversubscribed_baseline_is_found_and_async_writes_are_due_by_the_interval():
    # node_local_candidate (cold tests 14, Q): 2,048 ÷ 256 = 8 jobs of 5,572 GB, a save every 60 × 6.2 = 372 s, the
    # HS-9 write within it, so its stall is the 5.3 s staging: 8 × 5,572 ÷ 377.3 = 44,576 ÷ 377.3 = 118.14 GB/s on
    # average, 4.17 × the 28.3 GB/s logged; all at once, each write due by the next save: 44,576 ÷ 372 = 119.83 GB/s
    # (not 44,576 ÷ the 212 s save, the contract's peak, which metrics.json keeps)
    m, found = _decided(FIXTURES / "node_local_candidate")
    demand = found["cluster_demand"]
    assert demand.scope.items == ("baseline",)  # BX-4 is local to each node: no shared demand
    assert (demand["jobs"], demand["asynchronous"], demand["deadline_s"]) == (8, True, 372.0)
    b = demand["sides"]["baseline"]
    assert b["mean_gbps"] == pytest.approx(44576 / 377.3, rel=1e-9)
    assert b["at_once_gbps"] == pytest.approx(44576 / 372, rel=1e-9)
    assert b["mean_ratio"] == pytest.approx(44576 / 377.3 / m.bandwidth.baseline_gbps, rel=1e-9)
    assert 4.16 < b["mean_ratio"] < 4.18
    assert m.cluster.baseline is not None and m.cluster.baseline.peak_write_gbps == pytest.approx(
        44576 / m.save.baseline.mean_s
    )
    assert found["cluster_over_measured"].scope.items == ("baseline",)


def test_every_node_attached_is_an_assumption_with_the_links_it_would_take(folder):
    # economics: 512 GPUs ÷ 8 a node = 64 nodes; the job's 16 GPUs are 2 of them; "8 × 200 Gb/s NICs each":
    # 64 × 8 × 200 ÷ 8 = 12,800 GB/s of links
    _, found = _decided(folder("economics"))
    a = found["cluster_attachment"]
    assert (a["cluster_nodes"], a["tested_nodes"], a["untested_nodes"]) == (64, 2, 62)
    assert (a["node_local"], a["links"], a["cluster_links_gbps"]) == (False, (8, 200.0), 12800.0)
    assert "price_scope" not in found and not a["priced"]  # no price given
    # node_local_candidate: 2,048 ÷ 8 = 256 nodes, BX-4 on each; the test's 256 GPUs are 32 of them
    _, found = _decided(FIXTURES / "node_local_candidate")
    a = found["cluster_attachment"]
    assert (a["cluster_nodes"], a["tested_nodes"], a["untested_nodes"], a["node_local"]) == (256, 32, 224, True)
    assert a["links"] is None and a["cluster_links_gbps"] is None
    # cold read 20, AC-M4: the price given is BX-4's sized for the whole cluster, so the 224 untested nodes' BX-4 is in
    # it; without a price it is not
    assert a["priced"]
    _, unpriced = _decided(_without_price(folder("node_local_candidate")))
    assert unpriced["cluster_attachment"]["node_local"] and not unpriced["cluster_attachment"]["priced"]
    p = found["price_scope"]
    assert (p["price"], p["currency"], p["cluster_gpus"], p["cluster_nodes"], p["job_gpus"]) == (
        1845000,
        "USD",
        2048,
        256,
        256,
    )
    assert p["node_local"] and not p["stated"]  # no [environment] line speaks of the price


def test_a_price_line_of_the_record_is_noted_and_metrics_keep_their_contract_keys(folder):
    data = folder("economics")
    toml = data / "test.toml"
    text = toml.read_text().replace("runs_per_year  = 12\n", "runs_per_year  = 12\ncandidate_price = 640000\n")
    toml.write_text(text.replace('operator   = "', 'economics  = "Array X quoted for the cluster"\noperator   = "'))
    m, found = _decided(data)
    assert found["price_scope"]["stated"] and found["price_scope"]["price"] == 640000
    assert set(json.loads(metrics_json(m, PROVENANCE))["cluster"]["baseline"]) == {  # no new key in metrics.json
        "mean_write_gbps",
        "mean_to_sustained",
        "peak_write_gbps",
        "peak_to_sustained",
    }


def test_the_baseline_re_tuned_is_checked_against_its_own_bandwidth(folder):
    # economics (cold read 16, U-M5): M = 100 h × 3,600 ÷ 16 GPUs = 22,500 s; Young's optimum for Old NAS's 110 s save,
    # √(2 × 110 × 22,500) = √4,950,000 = 2,224.86 s; 32 × 64 = 2,048 GB ÷ 2,224.86 = 0.92051 GB/s, 0.30684 of its
    # 3.00 GB/s; written together at 3.00 GB/s, 2,048 ÷ 3 = 682.67 s, within the 2,224.86 s
    _, found = _decided(folder("economics"))
    b = found["cluster_demand"]["sides"]["baseline"]
    assert b["retuned_interval_s"] == pytest.approx(2224.8595, rel=1e-7)
    assert b["retuned_gbps"] == pytest.approx(0.920508, rel=1e-6)
    assert b["retuned_ratio"] == pytest.approx(0.306836, rel=1e-5)
    assert b["retuned_at_once_s"] == pytest.approx(682.6667, rel=1e-6)
    assert b["retuned_carries"] and b["retuned_drains"]
    # from how many 64 GB jobs the re-tuned NAS no longer carries them (cold read 19, AA-M1): 3.00 × 2,224.86 ÷ 64 =
    # 104.29 jobs carried, so from 105
    assert b["retuned_short_from_jobs"] == 105
    # node_local_candidate: 8 × 5,572 = 44,576 GB; at its optimum the write would need 44,576 ÷ 28.3 GB/s = 1,573 s, within
    # its 2,218 s: both hold; the ratio 20.1 ÷ 28.3 = 0.709
    _, found = _decided(FIXTURES / "node_local_candidate")
    b = found["cluster_demand"]["sides"]["baseline"]
    assert b["retuned_gbps"] == pytest.approx(44576 / b["retuned_interval_s"], rel=1e-12)
    assert 0.70 < b["retuned_ratio"] < 0.72 and b["retuned_carries"] and b["retuned_drains"]


def test_a_cluster_beyond_the_clients_measured_is_an_extrapolation():
    # scaling reading 16, M1. examples/scaling-cluster: 1,000 GPUs ÷ 8 = 125 nodes; the job's 32 GPUs ÷ 8 = 4 nodes,
    # which the bandwidth was measured from ([sources] bandwidth names no count); the sweep ran to 8 client nodes,
    # (36.4 + 37.9 + 37.1) ÷ 3 = 37.133 GB/s there; 125 > 2 × 8, too far for its fit to tell: no fitted figure
    from tests.conftest import ROOT

    _, found = _decided(ROOT / "examples" / "scaling-cluster")
    beyond = found["cluster_beyond_bandwidth"]
    assert (beyond["cluster_nodes"], beyond["measured_clients"], beyond["swept_clients"]) == (125, 4, 8)
    assert beyond["swept_gbps"] == pytest.approx(37.13333, rel=1e-6) and beyond["fit_gbps"] is None
    # data/: 125 nodes against the one node its job and bandwidth ran on, no sweep
    _, found = _decided(ROOT / "data")
    beyond = found["cluster_beyond_bandwidth"]
    assert (beyond["cluster_nodes"], beyond["measured_clients"], beyond["swept_clients"]) == (125, 1, None)


def test_every_job_at_once_with_one_side_local_to_each_node_bounds_the_shared_side(folder):
    # node_local_fit (Old NAS local to each node) with a sweep of our own on Array X: 1.0, 3.0, 2.5 GB/s at 1, 2, 4
    # client nodes; the cluster's 512 GPUs ÷ 8 = 64 nodes lie beyond 4. 512 // 16 = 32 jobs; Array X's snapshot of the
    # measured job (400 GB) × 32 = 12,800 GB take at least 12,800 ÷ 3.0 = 4,266.7 s at its peak mean (2 client
    # nodes), 4,266.7 ÷ 72.0 = 59.26× Old NAS's 72.0 s save
    path = folder("node_local_fit")
    rows = "".join(f"Array X,{k},1,{g}\n" for k, g in ((1, 1.0), (2, 3.0), (4, 2.5)))
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    _, found = _decided(path)
    f = found["cluster_local_at_once"]
    assert f.scope.items == ("baseline",)
    assert (f["local"], f["shared"], f["jobs"], f["cluster_nodes"]) == ("baseline", "candidate", 32, 64)
    assert (f["peak_gbps"], f["peak_clients"], f["top_gbps"], f["top_clients"]) == (3.0, 2, 2.5, 4)
    assert f["levelled"]  # 2.5 at 4 is below 3.0 at 2
    assert (f["size_gb"], f["local_save_s"]) == (12800.0, 72.0)
    assert f["at_least_s"] == pytest.approx(4266.667, rel=1e-6) and f["ratio"] == pytest.approx(59.25926, rel=1e-6)
    # without the sweep nothing is bounded
    (path / "scaling.csv").unlink()
    assert "cluster_local_at_once" not in _decided(path)[1]
