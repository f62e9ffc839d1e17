"""Schema 3's figures (asynchronous saves, restores, ETTR, the cluster, energy) against values worked out by hand.

Every scenario starts from the default joint test: one save of 178 s on the baseline and 94 s on the candidate, a
65.6 GB snapshot on 8 GPUs, sustained bandwidths 3.26 and 6.40 GB/s, 10,000 steps, the default reliability
(50,677 GPU-hours MTBF, so M = 50677 * 3600 / 8 = 22,804,650 s per job; restart 600 s) and a 1,000-GPU cluster.
"""

import dataclasses
import json
import math

import pandas as pd
import pytest

from report.compute import compute, min_interval_steps
from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, FIXTURES

M = 50677 * 3600 / 8  # job MTBF, s
B, C = "Local NVMe (single drive)", "Mingxin FX100"


def approx(value):
    return pytest.approx(value, rel=1e-9)


def overhead(b, w, t, recovery):
    """The contract's overhead at interval t, written out again: p/T + (T + p)/(2M) + w/M + recovery/M."""
    p = b + max(0, w - t)
    return 100 * (p / t + (t + p) / (2 * M) + w / M + recovery / M)


def edited(folder, training: str, extra: str = "", interval: int = 500) -> dict:
    """The default joint test with [training]'s duration line and interval replaced and tables appended; its metrics."""
    path = folder("data")
    text = (path / "test.toml").read_text().replace("baseline_duration_s       = 36000", training)
    text = text.replace("checkpoint_interval_steps = 500", f"checkpoint_interval_steps = {interval}")
    (path / "test.toml").write_text(text + "\n" + extra)
    return compute(read_joint_test(path)).to_dict()


@pytest.fixture(scope="module")
def default():
    return compute(read_joint_test(DATA)).to_dict()


def test_sync_without_async(default):
    m = default
    assert m["checkpoint_mode"] == "sync" and m["not_durable"] == []
    assert (m["save"]["baseline"]["pause_s"], m["save"]["candidate"]["pause_s"]) == (178.0, 94.0)
    a = m["async"]
    assert a["staging_given"] is False and a["storage_stalls"] is False
    # τ = 500 steps × (32,440 s / 10,000 steps) = 1,622 s: both writes finish long before the next save.
    assert m["reliability"]["interval_s"] == approx(1622)
    for side, lag, steps in (("baseline", 178, 55), ("candidate", 94, 29)):  # 178 / 3.244 = 54.9; 94 / 3.244 = 29.0
        assert a[side] == {
            "staging_s": 0.0,
            "write_lag_s": lag,
            "stall_s": 0.0,
            "min_interval_steps": steps,
            "optimal_interval_steps": approx(lag / 3.244),  # staging 0 s: max(√(2 × 0 × M), lag) ÷ step
            "staged_per_node_gb": approx(65.6),  # 65.6 × min(8, 8) / 8
        }
    assert a["duration_reduction_pct"] == 0.0  # 100 × 20 × (0 − 0) / (32,440 + 0)
    r = m["reliability"]
    for side, cost in (("baseline", 178), ("candidate", 94)):
        x = r[side]
        assert x["restore_s"] is None and x["recovery_s"] == 600.0
        assert x["overhead_pct"] == approx(100 * (cost / 1622 + (1622 + cost) / (2 * M) + 600 / M))
        assert x["optimal_interval_s"] == approx(math.sqrt(2 * cost * M))
        assert x["ettr"] == approx(1 / (1 + x["overhead_pct"] / 100))
        assert x["optimal_ettr"] == approx(1 / (1 + x["optimal_overhead_pct"] / 100))
    assert r["baseline"]["ettr"] == approx(1 / (1 + (178 / 1622 + 1800 / (2 * M) + 600 / M)))  # 0.9011
    assert round(r["baseline"]["ettr"], 4) == 0.9011 and round(r["candidate"]["ettr"], 4) == 0.9452
    c = m["cluster"]
    assert c["jobs"] == 125  # 1,000 // 8
    assert c["baseline"]["mean_write_gbps"] == approx(125 * 65.6 / (1622 + 178))  # 4.56 GB/s
    assert c["baseline"]["mean_to_sustained"] == approx(8200 / 1800 / 3.26)
    assert c["candidate"]["peak_write_gbps"] == approx(8200 / 94)  # the 87 GB/s
    assert c["candidate"]["peak_to_sustained"] == approx(8200 / 94 / 6.40)  # 13.6× the 6.40 GB/s measured
    assert c["baseline"]["peak_write_gbps"] == approx(8200 / 178)
    assert c["candidate"]["mean_write_gbps"] == approx(8200 / (1622 + 94))
    assert [g.keys() == {"id", "status"} for g in m["gates"]] == [True] * 4


def test_floats_and_counts_in_json(default):
    text = json.dumps(default)
    assert '"restart_s": 600.0' in text and '"staging_s": 0.0' in text and '"stall_s": 0.0' in text
    assert isinstance(default["async"]["baseline"]["min_interval_steps"], int)
    assert isinstance(default["cluster"]["jobs"], int)
    assert isinstance(default["bubble"]["baseline_duration_s"], float)


def test_sync_with_async_is_a_what_if(folder):
    m = edited(folder, "baseline_duration_s = 36000", f'[async]\nstaging_s = {{ "{B}" = 10, "{C}" = 6 }}\n')
    assert m["checkpoint_mode"] == "sync"
    assert (m["save"]["baseline"]["pause_s"], m["save"]["candidate"]["pause_s"]) == (178.0, 94.0)
    assert m["bubble"]["time_saved_s"] == 1680  # the bubble keeps the synchronous saves
    a = m["async"]
    assert a["staging_given"] is True and a["storage_stalls"] is False
    assert (a["baseline"]["stall_s"], a["candidate"]["stall_s"]) == (10.0, 6.0)  # staging + max(0, lag − 1,622)
    assert a["duration_reduction_pct"] == approx(100 * 20 * 4 / (32440 + 20 * 10))  # 0.245%
    assert m["reliability"]["baseline"]["overhead_pct"] == approx(overhead(178, 0, 1622, 600))


ASYNC_STALLING = (
    'step_time_s = 1.0\ncheckpoint_mode = "async"',
    "[async]\nstaging_s = 5\ngpus_per_node = 4\n"
    '[economics]\ngpu_hour_price = 2\ncurrency = "USD"\nruns_per_year = 12\ngpu_power_kw = 1.0\npue = 1.25\n',
)


def test_async_baseline_write_outlasts_the_interval(folder):
    # A save every 100 steps of 1 s: τ = 100 s. The baseline's 178 s write outlasts it, the candidate's 94 s not.
    training, extra = ASYNC_STALLING
    m = edited(folder, training, extra, interval=100)
    assert m["checkpoint_mode"] == "async"
    a = m["async"]
    assert a["storage_stalls"] is True
    assert (a["baseline"]["stall_s"], a["candidate"]["stall_s"]) == (83.0, 5.0)  # 5 + (178 − 100); 5 + 0
    assert (a["baseline"]["min_interval_steps"], a["candidate"]["min_interval_steps"]) == (178, 94)
    assert a["baseline"]["staged_per_node_gb"] == approx(65.6 * 4 / 8)  # 32.8 GB per node of 4 GPUs
    assert (m["save"]["baseline"]["pause_s"], m["save"]["candidate"]["pause_s"]) == (83.0, 5.0)
    b = m["bubble"]
    assert b["saves"] == 100
    assert (b["baseline_save_total_s"], b["candidate_save_total_s"], b["time_saved_s"]) == (8300, 500, 7800)
    assert (b["baseline_duration_s"], b["compute_s"], b["candidate_duration_s"]) == (18300, 10000, 10500)
    assert b["duration_reduction_pct"] == approx(100 * 7800 / 18300)  # 42.6%
    assert a["duration_reduction_pct"] == approx(100 * 100 * 78 / (10000 + 100 * 83))  # the same
    assert b["gpu_equivalents"] == approx(1000 * (18300 / 10500 - 1))  # 742.9
    assert m["gates"][3] == {"id": "G4", "status": "pass"}
    r = m["reliability"]
    assert (r["step_time_s"], r["interval_s"]) == (1.0, 100.0)
    assert r["baseline"]["overhead_pct"] == approx(100 * (83 / 100 + 183 / (2 * M) + 178 / M + 600 / M))
    assert r["candidate"]["overhead_pct"] == approx(100 * (5 / 100 + 105 / (2 * M) + 94 / M + 600 / M))
    best = math.sqrt(2 * 5 * M)  # 15,101 s, beyond both write lags
    assert r["baseline"]["optimal_interval_s"] == approx(best)
    assert r["baseline"]["optimal_overhead_pct"] == approx(overhead(5, 178, best, 600))
    assert r["candidate"]["optimal_ettr"] == approx(1 / (1 + overhead(5, 94, best, 600) / 100))
    c = m["cluster"]
    assert c["baseline"]["mean_write_gbps"] == approx(125 * 65.6 / (100 + 83))  # 44.8 GB/s
    assert c["candidate"]["mean_write_gbps"] == approx(125 * 65.6 / (100 + 5))
    assert c["baseline"]["peak_write_gbps"] == approx(8200 / 178)  # the save time, not the stall
    e = m["economics"]
    assert e["value_per_run"] == approx(7800 / 3600 * 8 * 2)  # 34.67 USD
    assert e["energy_kwh_per_run"] == approx(7800 / 3600 * 8 * 1.0 * 1.25)  # 21.67 kWh
    assert e["energy_kwh_per_year"] == approx(7800 / 3600 * 8 * 1.25 * 12)  # 260 kWh
    s = m["sensitivity"]
    assert s["interval_reduction_pct"][s["intervals_steps"].index(100)] == approx(b["duration_reduction_pct"])
    for k, pct in zip(s["intervals_steps"], s["interval_reduction_pct"], strict=True):
        n = 10000 // k  # at τ = k s: the baseline stalls 5 + max(0, 178 − k), the candidate 5 + max(0, 94 − k)
        stall_b, stall_c = 5 + max(0, 178 - k), 5 + max(0, 94 - k)
        assert pct == approx(100 * n * (stall_b - stall_c) / (10000 + n * stall_b)), k
    assert s["interval_reduction_pct"][-1] == 0.0  # at 800 steps neither write stalls: equal stagings, no benefit


def test_async_neither_write_stalls_with_restores(folder):
    # The default interval: τ = 500 × 3.244 = 1,622 s. Equal staging of 6.5 s: no training-time benefit.
    m = edited(folder, 'step_time_s = 3.244\ncheckpoint_mode = "async"', "[async]\nstaging_s = 6.5\n")
    a = m["async"]
    assert a["storage_stalls"] is False
    assert (a["baseline"]["stall_s"], a["candidate"]["stall_s"]) == (6.5, 6.5)
    assert a["duration_reduction_pct"] == 0.0
    b = m["bubble"]
    assert (b["baseline_save_total_s"], b["time_saved_s"], b["duration_reduction_pct"]) == (130, 0, 0)
    assert b["baseline_duration_s"] == approx(32440 + 130) and b["gpu_equivalents"] == 0
    assert m["gates"][3] == {"id": "G4", "status": "fail"}
    assert "G4" in m["verdict"]["failed"]
    r = m["reliability"]
    assert r["baseline"]["restore_s"] is None
    assert r["baseline"]["overhead_pct"] == approx(100 * (6.5 / 1622 + 1628.5 / (2 * M) + 178 / M + 600 / M))
    assert r["candidate"]["ettr"] > r["baseline"]["ettr"]  # the shorter write lag loses less work per failure
    assert r["baseline"]["optimal_interval_s"] == approx(math.sqrt(2 * 6.5 * M))


def test_restores_present(folder):
    path = folder("data")
    text = (path / "test.toml").read_text().replace("baseline_duration_s       = 36000", "step_time_s = 3.244")
    (path / "test.toml").write_text(
        text.replace("cluster_gpus              = 1000", 'checkpoint_mode = "async"') + "\n[async]\nstaging_s = 6.5\n"
    )
    test = read_joint_test(path)
    rows = [(B, "32B LoRA", 1, 100.0), (B, "32B LoRA", 2, 120.0), (C, "32B LoRA", 1, 30.0), (C, "70B", 1, 999.0)]
    restores = pd.DataFrame(rows, columns=["system", "model", "run", "restore_s"])
    m = compute(dataclasses.replace(test, restores=restores)).to_dict()
    r = m["reliability"]
    assert (r["baseline"]["restore_s"], r["candidate"]["restore_s"]) == (110.0, 30.0)  # the 70B row left out
    assert (r["baseline"]["recovery_s"], r["candidate"]["recovery_s"]) == (710.0, 630.0)
    assert r["baseline"]["overhead_pct"] == approx(overhead(6.5, 178, 1622, 710))
    assert r["candidate"]["overhead_pct"] == approx(overhead(6.5, 94, 1622, 630))
    assert r["candidate"]["optimal_overhead_pct"] == approx(overhead(6.5, 94, math.sqrt(13 * M), 630))
    assert m["cluster"]["jobs"] == 125  # cluster_gpus left out: its default 1,000 // 8


def test_energy_absent_without_power(folder):
    extra = '[economics]\ngpu_hour_price = 2\ncurrency = "USD"\nruns_per_year = 12\n'
    m = edited(folder, "baseline_duration_s = 36000", extra)
    assert "energy_kwh_per_run" not in m["economics"] and "energy_kwh_per_year" not in m["economics"]
    assert m["economics"]["value_per_run"] == approx(1680 / 3600 * 8 * 2)


def test_not_durable_lists_sides(folder):
    path = folder("data")
    text = (
        (path / "test.toml")
        .read_text()
        .replace('load_baseline = "NFS"', f'load_baseline = "NFS"\nnot_durable = ["{C}"]')
    )
    (path / "test.toml").write_text(text)
    assert compute(read_joint_test(path)).to_dict()["not_durable"] == ["candidate"]


def test_min_interval_steps_ties_in_floating_point():
    assert min_interval_steps(178, 3.244) == 55 and min_interval_steps(3.244, 3.244) == 1
    assert min_interval_steps(0.5, 3.244) == 1
    # 233 × t computed in floats: ceil(lag / t) gives 234, yet 233 × t >= lag, so 233 (and storage_stalls false).
    t = 0.9476572718746066
    lag = 233 * t
    assert math.ceil(lag / t) == 234 and min_interval_steps(lag, t) == 233
    assert min_interval_steps(lag * (1 + 1e-15), t) == 234
    assert 3 * 0.1 > 0.3 and min_interval_steps(0.3, 0.1) == 3


@pytest.mark.parametrize("name", ["default", "economics", "gates_fail", "repeated"])
def test_schema_2_figures_unchanged_in_sync_mode(name):
    """The contract's reduction: sync mode without [async] and without restores keeps every schema-2 figure."""
    before = json.loads((FIXTURES / "schema2" / f"{name}.json").read_text())
    folder = DATA if name == "default" else FIXTURES / name
    after = compute(read_joint_test(folder)).to_dict()
    del before["schema_version"], after["schema_version"], before["generator"]
    # schema 4 gave data/test.toml's projection its 64 GPUs, a line that changes no figure: its digest is the input's
    del before["inputs"]["test.toml"], after["inputs"]["test.toml"]
    for gate in before["gates"]:
        del gate["name"], gate["detail"]
    _same(before, after, name)


def _same(before, after, where):
    if isinstance(before, dict):
        assert isinstance(after, dict), where
        for key, value in before.items():
            assert key in after, f"{where}.{key}"
            _same(value, after[key], f"{where}.{key}")
    elif isinstance(before, list):
        assert len(before) == len(after), where
        for i, (x, y) in enumerate(zip(before, after, strict=True)):
            _same(x, y, f"{where}[{i}]")
    elif isinstance(before, float) and not isinstance(after, bool):
        assert after == pytest.approx(before, rel=1e-12, abs=0), where
        assert type(after) is type(before), where
    else:
        assert after == before and type(after) is type(before), where


def test_the_async_example_by_hand():
    """examples/async-70b: saves every 50 steps of 6 s (τ = 300 s); means 340.04 s and 75.26 s over five runs."""
    m = compute(read_joint_test(DATA.parent / "examples" / "async-70b")).to_dict()
    assert m["checkpoint_mode"] == "async" and m["reliability"]["interval_s"] == 300.0
    a = m["async"]
    assert a["baseline"]["write_lag_s"] == approx((338.2 + 341.5 + 336.9 + 344.0 + 339.6) / 5)
    assert a["baseline"]["stall_s"] == approx(9.4 + 340.04 - 300) and a["candidate"]["stall_s"] == 9.6
    assert (a["baseline"]["min_interval_steps"], a["candidate"]["min_interval_steps"]) == (57, 13)  # 340.04 / 6
    assert a["baseline"]["staged_per_node_gb"] == approx(980 * 8 / 64)  # 122.5 GB of host memory per node
    r = m["reliability"]
    assert r["baseline"]["restore_s"] == approx((212.4 + 208.9 + 215.1) / 3)
    assert r["candidate"]["recovery_s"] == approx(420 + (61.3 + 59.8 + 62.0) / 3)
    b = m["bubble"]
    assert b["compute_s"] == 120000 and b["saves"] == 400
    assert b["time_saved_s"] == approx(400 * (49.44 - 9.6))
    assert m["cluster"]["jobs"] == 32  # 2,048 // 64
    assert m["economics"]["energy_kwh_per_run"] == approx(400 * 39.84 / 3600 * 64 * 1.1 * 1.3)


def test_node_local_saves_by_hand():
    """[systems] node_local's per-node figures, not in metrics.json (schema 4 lists the sides). long_names: the baseline's 256-GPU job spans 256 ÷ 8 = 32 nodes, each
    writing 970 × 8 ÷ 256 = 30.3125 GB of every checkpoint. fio-local: both systems local, 2-GPU jobs, 8 GPUs a node:
    a node writes 1.073741824 × 8 ÷ 2 = 4.294967296 GB every cycle (four jobs), over τ + the save (250 s + 2.15 s on
    tmpfs), and all of it at once over the save time; 1,000 ÷ 8 = 125 nodes."""
    import json

    from report.compute import compute
    from report.inputs.joint_test import read_joint_test
    from tests.conftest import FIXTURES, ROOT

    m = compute(read_joint_test(FIXTURES / "long_names"))
    n = m.node_local
    assert (n.sides, n.gpus_per_node, n.nodes_per_job) == (("baseline",), 8, 32)
    assert n.baseline.job_gb == 30.3125
    assert n.baseline.job_gbps == pytest.approx(30.3125 / m.save.baseline.mean_s)
    assert n.baseline.job_share_pct == pytest.approx(100 * 30.3125 / m.save.baseline.mean_s / m.bandwidth.baseline_gbps)
    assert json.loads(json.dumps(m.to_dict()))["node_local"] == ["baseline"]  # schema 4: the sides alone
    m = compute(read_joint_test(ROOT / "examples" / "fio-local"))
    n, c = m.node_local, m.save.candidate
    assert (n.sides, n.nodes_per_job, n.nodes_in_cluster) == (("baseline", "candidate"), 1, 125)
    cycle = 1.073741824 * 8 / 2
    assert n.candidate.cluster.mean_write_gbps == pytest.approx(cycle / (m.reliability.interval_s + c.pause_s))
    assert n.candidate.cluster.peak_write_gbps == pytest.approx(cycle / c.mean_s)
    assert n.candidate.cluster.mean_to_sustained == pytest.approx(
        n.candidate.cluster.mean_write_gbps / m.bandwidth.candidate_gbps
    )
    assert (
        round(n.candidate.cluster.mean_write_gbps, 4) == 0.0170
        and round(n.candidate.cluster.peak_to_sustained, 2) == 2.62
    )
    assert compute(read_joint_test(DATA)).node_local is None


def test_stall_free_intervals_under_a_tenth_of_today_s_are_impractical():
    """Cold read 16, T-m9: a benefit at stall-free intervals of 2-4 steps where today's is 340 is no benefit. The
    repeated fixture (2.0 s steps, 1,000 between saves): ⌈110 ÷ 2⌉ = 55 and ⌈55 ÷ 2⌉ = 28 steps, both under 100. The
    default data (3.244 s steps, 500 between saves): 55 and 29, and 55 is not under 50."""
    from report.compute.asynchronous import stall_free_impractical
    from tests.sections.helpers import build

    _ctx, m = build(FIXTURES / "repeated")
    assert (m.async_.baseline.min_interval_steps, m.async_.candidate.min_interval_steps) == (55, 28)
    assert stall_free_impractical(m)
    _ctx, m = build(DATA)
    assert (m.async_.baseline.min_interval_steps, m.bubble.checkpoint_interval_steps) == (55, 500)
    assert not stall_free_impractical(m)
