"""Schema 4's figures (CONTRACT.md, "What a senior engineer states first", settled points 1 to 12) against values worked
out by hand: outliers and the decision without them, whether G4 can pass, the audit of every save row, storage local to
each node, loads judged as saves are, and the payback. The arithmetic is written out beside each expected value."""

import json
import math
import unittest.mock

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import t as student_t

from report.compute import compute, reach
from report.compute.reach import Pauses, interval_steps, interval_steps_brute
from report.inputs.joint_test import read_joint_test
from report.schema import SCHEMA_VERSION
from tests.conftest import DATA, without_projection_gpus
from tests.golden import CASES

M = 50677 * 3600 / 8  # data/'s job MTBF, s: 22,804,650


def approx(value):
    return pytest.approx(value, rel=1e-9)


def joint_test(path, toml: str, saves: str, bandwidth: str, loads: str):
    """A joint-test folder written from its test.toml and three CSVs (header lines included); its metrics."""
    path.mkdir()
    (path / "test.toml").write_text(toml)
    (path / "save_times.csv").write_text(saves)
    (path / "bandwidth.csv").write_text(bandwidth)
    (path / "load_times.csv").write_text(loads)
    return compute(read_joint_test(path)).to_dict()


HEAD = """title = "schema 4 by hand"
customer = "C"
date = 2026-12-01

[systems]
candidate = "Cand"
save_baseline = "Base"
load_baseline = "Filer"
"""


def flat_bandwidth(base_gbps: float, cand_gbps: float) -> str:
    """Two samples a system, equal, so that each sustained bandwidth is exactly the value given."""
    rows = [f"{system},1,{t},{v}" for system, v in (("Base", base_gbps), ("Cand", cand_gbps)) for t in (0, 1)]
    return "system,run,t_s,write_gbps\n" + "\n".join(rows) + "\n"


def save_rows(system: str, model: str, gpus: int, size: float, times: list[float]) -> list[str]:
    return [f"{system},{model},{gpus},{size},{run},{t}" for run, t in enumerate(times, start=1)]


SAVES_HEADER = "system,model,gpus,snapshot_gb,run,save_s\n"
LOADS = "system,model,platform,size_gb,run,load_s\nFiler,M,P,10,1,20\nCand,M,P,10,1,4\n"


# Outliers, and the decision without them


@pytest.fixture(scope="module")
def outliers(tmp_path_factory):
    """Baseline 6 runs 100, 101, 102, 103, 104, 130 (run 6 stands out); candidate 5 runs 50, 50, 50, 51, 60 (run 5
    stands out, by the MAD = 0 fallback). 1,000 steps, a save every 100 (10 saves), 10,000 s with baseline saves;
    target speedup 1.95. Loads: pair A established, B spread too wide, C too few runs."""
    toml = HEAD + (
        '\n[training]\nmodel = "32B"\ntotal_steps = 1000\ncheckpoint_interval_steps = 100\n'
        "baseline_duration_s = 10000\n\n[gates]\ntarget_speedup = 1.95\n"
    )
    saves = SAVES_HEADER + "\n".join(
        save_rows("Base", "32B", 8, 64, [100, 101, 102, 103, 104, 130])
        + save_rows("Cand", "32B", 8, 64, [50, 50, 50, 51, 60])
    )
    loads = "system,model,platform,size_gb,run,load_s\n" + "\n".join(
        [f"Filer,A,P,10,{r},{t}" for r, t in enumerate([10, 10.2, 9.8], 1)]
        + [f"Cand,A,P,10,{r},2" for r in (1, 2, 3)]
        + [f"Filer,B,P,20,{r},{t}" for r, t in enumerate([20, 22, 18], 1)]
        + [f"Cand,B,P,20,{r},5" for r in (1, 2, 3)]
        + [f"Filer,C,P,30,{r},30" for r in (1, 2)]
        + [f"Cand,C,P,30,{r},3" for r in (1, 2)]
    )
    return joint_test(tmp_path_factory.mktemp("o") / "t", toml, saves + "\n", flat_bandwidth(2, 4), loads + "\n")


def test_outlier_runs_even_count_median_and_the_mad_zero_fallback(outliers):
    # Baseline, six runs: median of an even count = (102 + 103) / 2 = 102.5; |x - 102.5| = 2.5, 1.5, 0.5, 0.5, 1.5,
    # 27.5, sorted 0.5, 0.5, 1.5, 1.5, 2.5, 27.5: MAD = (1.5 + 1.5) / 2 = 1.5. Run 6: 0.6745 * 27.5 / 1.5 = 12.37 > 3.5;
    # run 1: 0.6745 * 2.5 / 1.5 = 1.12.
    assert outliers["save"]["baseline"]["outlier_runs"] == [6]
    # Candidate: median 50, |x - 50| = 0, 0, 0, 1, 10: MAD = 0, so (x - median) / (1.253314 * mean |x - median|),
    # mean |x - 50| = 11 / 5 = 2.2: run 5: 10 / (1.253314 * 2.2) = 10 / 2.7572908 = 3.627 > 3.5; run 4: 0.363.
    assert 10 / (1.253314 * 2.2) > 3.5 > 1 / (1.253314 * 2.2)
    assert outliers["save"]["candidate"]["outlier_runs"] == [5]
    assert all(isinstance(r, int) for side in ("baseline", "candidate") for r in outliers["save"][side]["outlier_runs"])


def test_an_outlier_flips_g1_g2_g3_and_the_verdict(outliers):
    # Every run: mean_B = 640 / 6 = 106.667, s_B² = 663.333 / 5 = 132.667 (CV 10.8% > 5: G1 fails); mean_C = 261 / 5
    # = 52.2, s_C² = 76.8 / 4 = 19.2 (CV 8.39%: G2 fails); the interval 1.79 to 2.33 holds 1.95: G3 insufficient.
    assert [g["status"] for g in outliers["gates"]] == ["fail", "fail", "insufficient", "pass"]
    assert outliers["verdict"]["status"] == "not_demonstrated"
    w = outliers["without_outliers"]
    # Without run 6 and run 5: mean_B' = 510 / 5 = 102, s_B'² = (4 + 1 + 0 + 1 + 4) / 4 = 2.5 (CV 1.55%);
    # mean_C' = 201 / 4 = 50.25, s_C'² = (3 * 0.0625 + 0.5625) / 3 = 0.25 (CV 0.995%).
    assert w["speedup"] == approx(102 / 50.25)  # 2.0299
    v_b, v_c = 2.5 / (5 * 102**2), 0.25 / (4 * 50.25**2)  # the delta method's two terms
    se = math.sqrt(v_b + v_c)
    df = (v_b + v_c) ** 2 / (v_b**2 / 4 + v_c**2 / 3)  # Welch-Satterthwaite: 6.78
    half = student_t.ppf(0.975, df) * se
    assert w["speedup_ci95"] == [approx(102 / 50.25 * math.exp(-half)), approx(102 / 50.25 * math.exp(half))]
    assert w["speedup_ci95"][0] > 1.95  # 1.989: G3 passes without the outliers
    # compute_s = 10,000 - 10 * 106.667 = 8,933.33 (the main figures'), saves 10: 100 * 10 * (102 - 50.25) /
    # (8,933.33 + 10 * 102) = 51,750 / 9,953.33 = 5.199%.
    compute_s = 10000 - 10 * (640 / 6)
    assert w["duration_reduction_pct"] == approx(100 * 10 * (102 - 50.25) / (compute_s + 10 * 102))
    assert w["gates"] == [{"id": g, "status": "pass"} for g in ("G1", "G2", "G3", "G4")]
    assert w["verdict_status"] == "demonstrated"


def test_without_outliers_is_null_when_no_run_stands_out():
    m = compute(read_joint_test(DATA)).to_dict()
    assert m["without_outliers"] is None
    assert m["save"]["baseline"]["outlier_runs"] == [] and m["save"]["candidate"]["outlier_runs"] == []


def test_without_outliers_g1_counts_the_remaining_runs(tmp_path):
    """Five runs with min_runs 5: one outlier leaves four, fewer than min_runs, so G1 is insufficient without it."""
    toml = HEAD + (
        '\n[training]\nmodel = "32B"\ntotal_steps = 1000\ncheckpoint_interval_steps = 100\n'
        "baseline_duration_s = 10000\n\n[gates]\nmin_runs = 5\n"
    )
    saves = SAVES_HEADER + "\n".join(
        save_rows("Base", "32B", 8, 64, [100, 101, 102, 103, 140])
        + save_rows("Cand", "32B", 8, 64, [50, 51, 50, 51, 50])
    )
    # median 102, |x - 102| = 2, 1, 0, 1, 38: MAD 1; run 5: 0.6745 * 38 = 25.6 > 3.5
    m = joint_test(tmp_path / "t", toml, saves + "\n", flat_bandwidth(2, 4), LOADS)
    assert m["save"]["baseline"]["outlier_runs"] == [5]
    assert m["without_outliers"]["gates"][0] == {"id": "G1", "status": "insufficient"}


def test_outliers_only_from_five_runs(tmp_path):
    """Four runs 100, 101, 102, 200: the far value would score 0.6745 * 98.5 / 1 = 66 (median 101.5, MAD 1), but with
    fewer than 5 runs no run is an outlier (settled point 3); the candidate's five equal runs have MAD 0 and mean
    |x - median| 0: none either."""
    toml = HEAD + '\n[training]\nmodel = "32B"\ntotal_steps = 1000\ncheckpoint_interval_steps = 100\nstep_time_s = 10\n'
    saves = SAVES_HEADER + "\n".join(
        save_rows("Base", "32B", 8, 64, [100, 101, 102, 200]) + save_rows("Cand", "32B", 8, 64, [50, 50, 50, 50, 50])
    )
    m = joint_test(tmp_path / "t", toml, saves + "\n", flat_bandwidth(2, 4), LOADS)
    assert m["save"]["baseline"]["outlier_runs"] == [] and m["save"]["candidate"]["outlier_runs"] == []
    assert m["without_outliers"] is None


# Whether G4 can pass at all


def test_g4_reach_sync_by_hand(outliers):
    # baseline_bubble_pct = 100 * 10 * 106.667 / 10,000 = 10.667 >= 2: reachable. At n steps, s = 1000 // n:
    # 100 s (106.667 - 52.2) / (8,933.33 + 106.667 s) >= 2 <=> 5,446.7 s >= 17,866.7 + 213.3 s <=> s >= 3.41: s >= 4,
    # n <= 1000 // 4 = 250.
    r = outliers["gates_reach"]
    assert r["g4_max_reduction_pct"] == approx(100 * 10 * (640 / 6) / 10000)
    assert r["g4_max_reduction_pct"] == outliers["bubble"]["baseline_bubble_pct"]
    assert r["g4_reachable"] is True and r["g4_interval_steps"] == 250


def test_g4_unreachable_at_todays_interval_but_reachable_at_a_shorter_one(folder):
    path = folder("data")
    text = (path / "test.toml").read_text() + "\n[gates]\ntarget_duration_reduction_pct = 10\n"
    (path / "test.toml").write_text(text)
    r = compute(read_joint_test(path)).to_dict()["gates_reach"]
    # data/: the whole baseline bubble is 100 * 3,560 / 36,000 = 9.889% < 10: no storage reaches 10% at 500 steps.
    assert r["g4_max_reduction_pct"] == approx(100 * 3560 / 36000) and r["g4_reachable"] is False
    # At n: 100 s * 84 / (32,440 + 178 s) >= 10 <=> 6,620 s >= 324,400 <=> s >= 49.003: s >= 50, n <= 10,000 // 50 =
    # 200. Check: s = 50 gives 420,000 / 41,340 = 10.16; s = 49 (n = 201) gives 411,600 / 41,162 = 9.9995.
    assert 100 * 50 * 84 / (32440 + 178 * 50) >= 10 > 100 * 49 * 84 / (32440 + 178 * 49)
    assert r["g4_interval_steps"] == 200


def test_g4_unreachable_at_any_interval(folder):
    path = folder("data")
    (path / "test.toml").write_text(
        (path / "test.toml").read_text() + "\n[gates]\ntarget_duration_reduction_pct = 50\n"
    )
    r = compute(read_joint_test(path)).to_dict()["gates_reach"]
    # As s grows the benefit tends to 100 * 84 / 178 = 47.2% < 50: no interval reaches it.
    assert r["g4_reachable"] is False and r["g4_interval_steps"] is None


def test_g4_reach_async_by_hand(tmp_path):
    """Async, 1,000 steps of 1 s, a save every 100 (τ = 100 s, 10 saves): the baseline stages 5 s and writes 10 s,
    the candidate stages 1 s and writes 60 s (faster staging, slower storage). Not monotone: the candidate stalls at
    short intervals."""
    toml = HEAD + (
        '\n[training]\nmodel = "32B"\ntotal_steps = 1000\ncheckpoint_interval_steps = 100\nstep_time_s = 1\n'
        'checkpoint_mode = "async"\n\n[async]\nstaging_s = { "Base" = 5, "Cand" = 1 }\n'
    )
    saves = SAVES_HEADER + "\n".join(save_rows("Base", "32B", 8, 64, [10]) + save_rows("Cand", "32B", 8, 64, [60]))
    m = joint_test(tmp_path / "t", toml, saves + "\n", flat_bandwidth(2, 4), LOADS)
    r = m["gates_reach"]
    # stall_B = 5 + max(0, 10 - 100) = 5; G4's ceiling: the candidate's stall is its staging, 1 s:
    # 100 * 10 * (5 - 1) / (1,000 + 10 * 5) = 4,000 / 1,050 = 3.810% >= 2.
    assert m["bubble"]["compute_s"] == approx(1000)
    assert r["g4_max_reduction_pct"] == approx(4000 / 1050) and r["g4_reachable"] is True
    # p_B(n) = 5 + max(0, 10 - n), p_C(n) = 1 + max(0, 60 - n). From n = 60 on both are stall-free: 100 s * 4 /
    # (1,000 + 5 s) >= 2 <=> 390 s >= 2,000 <=> s >= 5.13: s >= 6, n <= 1000 // 6 = 166. Below 56 the candidate's stall
    # exceeds the baseline's (n = 20: p_B 5, p_C 41), so smaller n fail while 166 passes.
    assert r["g4_interval_steps"] == 166
    pauses = Pauses(5.0, 1.0, 10.0, 60.0, 1.0)
    assert reach.reduction_pct(1000 // 20, *pauses.at(20), 1000.0) < 0
    assert (
        reach.reduction_pct(1000 // 166, *pauses.at(166), 1000.0) >= 2 > reach.reduction_pct(5, *pauses.at(167), 1000)
    )
    assert interval_steps_brute(1000, 2.0, 1000.0, pauses) == 166


def test_g4_interval_below_the_stall_free_interval():
    """The baseline writes 100 s, the candidate 10 s, both stage 1 s; 1,000 steps of 1 s, compute 1,000 s. From n =
    100 on neither stalls and the benefit is 0; at n = 97: s = 10, p_B = 1 + 3 = 4, p_C = 1, 100 * 10 * 3 / (1,000 +
    40) = 2.88 >= 2; at n = 98: p_B = 3, 100 * 10 * 2 / 1,030 = 1.94 < 2. So 97, found below the stall-free interval."""
    pauses = Pauses(1.0, 1.0, 100.0, 10.0, 1.0)
    assert interval_steps(1000, 2.0, 1000.0, pauses) == 97 == interval_steps_brute(1000, 2.0, 1000.0, pauses)
    with unittest.mock.patch.object(reach, "CHUNK", 4):  # the scan in chunks of 4, top down, finds the same n
        assert interval_steps(1000, 2.0, 1000.0, pauses) == 97


def test_g4_interval_data_by_hand():
    # data/: 100 s * 84 / (32,440 + 178 s) >= 2 <=> 8,044 s >= 64,880 <=> s >= 8.07: s >= 9, n <= 10,000 // 9 = 1,111.
    r = compute(read_joint_test(DATA)).to_dict()["gates_reach"]
    assert r == {"g4_max_reduction_pct": approx(100 * 3560 / 36000), "g4_reachable": True, "g4_interval_steps": 1111}


_pause = st.floats(0, 500, allow_nan=False)


@given(
    total=st.integers(1, 400),
    target=st.floats(-50, 60, allow_nan=False),
    compute_s=st.floats(1e-3, 1e5, allow_nan=False),
    blocking=st.tuples(_pause, _pause),
    lags=st.one_of(st.just((0.0, 0.0)), st.tuples(_pause, _pause)),
    step=st.floats(1e-3, 50, allow_nan=False),
    chunk=st.sampled_from([1, 3, 64, reach.CHUNK]),
)
def test_the_g4_search_equals_brute_force(total, target, compute_s, blocking, lags, step, chunk):
    """Settled point 1: a faster search returns the very n every interval tried one by one returns (sync: no lag)."""
    pauses = Pauses(*blocking, *lags, step)
    with unittest.mock.patch.object(reach, "CHUNK", chunk):
        assert interval_steps(total, target, compute_s, pauses) == interval_steps_brute(
            total, target, compute_s, pauses
        )


# Storage local to each node


@pytest.fixture(scope="module")
def node_local(tmp_path_factory):
    """The baseline local to each node, the candidate shared; 8 GPUs a node. Training model 70B on 16 GPUs (2 nodes,
    share(16) = 8 / 16 = 0.5), 200 GB: baseline 40, 42, 44 s (mean 42), candidate 25 s three times. A 7B on 8 GPUs
    (share 1), 20 GB: baseline 5, 5; candidate 4, 4. Bandwidth: 2.5 GB/s on one baseline node, 10 GB/s on the
    candidate. Projections: 800 GB on 64 GPUs (8 nodes) and 20 GB on 8."""
    toml = HEAD + (
        'node_local = ["Base"]\n\n[training]\nmodel = "70B"\ntotal_steps = 1000\ncheckpoint_interval_steps = 100\n'
        "step_time_s = 10\ngpus_per_node = 8\n\n"
        '[[projections]]\nname = "405B on 64 GPUs"\nsnapshot_gb = 800\ngpus = 64\n\n'
        '[[projections]]\nname = "7B on 8 GPUs"\nsnapshot_gb = 20\ngpus = 8\n'
    )
    saves = SAVES_HEADER + "\n".join(
        save_rows("Base", "70B", 16, 200, [40, 42, 44])
        + save_rows("Base", "7B", 8, 20, [5, 5])
        + save_rows("Cand", "70B", 16, 200, [25, 25, 25])
        + save_rows("Cand", "7B", 8, 20, [4, 4])
    )
    return joint_test(tmp_path_factory.mktemp("n") / "t", toml, saves + "\n", flat_bandwidth(2.5, 10), LOADS)


def test_node_local_sides_and_nodes(node_local):
    assert node_local["node_local"] == ["baseline"]
    assert node_local["nodes"] == 2 and isinstance(node_local["nodes"], int)  # ceil(16 / 8)


def test_node_local_audit_uses_the_jobs_aggregate(node_local):
    a = node_local["audit"]
    # B_B = 2.5 / share(16) = 2.5 / 0.5 = 5 GB/s (the two nodes together); the candidate's stays 10.
    assert a["baseline"]["implied_written_gb"] == approx(5 * 42)  # 210
    assert a["baseline"]["implied_to_snapshot"] == approx(210 / 200)
    assert a["baseline"]["effective_share_pct"] == approx(100 * (200 / 42) / 5)  # 95.2%
    assert a["candidate"]["implied_written_gb"] == approx(10 * 25)
    assert a["candidate"]["effective_share_pct"] == approx(100 * (200 / 25) / 10)  # 80%
    # fit through (5, 42) and (10, 25): V = (42 - 25) / (1/5 - 1/10) = 170 GB, F = 42 - 170 / 5 = 8 s
    assert a["fit"] == {"fixed_s": approx(8), "written_gb": approx(170)}
    assert a["effective_above_sustained"] is False
    # every bandwidth figure stays as measured: one node's
    assert node_local["bandwidth"]["baseline_gbps"] == approx(2.5)
    assert a["bandwidth_ratio"] == approx(10 / 2.5)


def test_audit_rows_every_save_system_and_model(node_local):
    # sides baseline then candidate, models by code point ("70B" < "7B": "0" is U+0030, "B" U+0042); to_bandwidth
    # against the bandwidth measured (one node's 2.5 on the baseline)
    assert node_local["audit"]["rows"] == [
        # 200 GB over 16 GPUs: each node writes 200 * 0.5 = 100 GB in 42 s: 2.381 GB/s, 0.952 of 2.5
        row("baseline", "70B", 16, 2, 200, 42, 100, 100 / 42, 100 / 42 / 2.5),
        # 20 GB on one node in 5 s: 4 GB/s, 1.6 times the node's bandwidth: faster than measured
        row("baseline", "7B", 8, 1, 20, 5, 20, 4, 1.6),
        # the shared candidate carries the whole checkpoint: 200 / 25 = 8 GB/s, 0.8 of 10
        row("candidate", "70B", 16, 2, 200, 25, 200, 8, 0.8),
        row("candidate", "7B", 8, 1, 20, 4, 20, 5, 0.5),
    ]
    assert all(isinstance(r["gpus"], int) and isinstance(r["nodes"], int) for r in node_local["audit"]["rows"])


def row(side, model, gpus, nodes, snapshot, mean, written, gbps, ratio):
    return {
        "side": side,
        "model": model,
        "gpus": gpus,
        "nodes": nodes,
        "snapshot_gb": approx(snapshot),
        "mean_s": approx(mean),
        "written_gb": approx(written),
        "gbps": approx(gbps),
        "to_bandwidth": approx(ratio),
    }


def test_node_local_cluster_side_is_four_nulls(node_local):
    c = node_local["cluster"]
    assert c["baseline"] == dict.fromkeys(
        ("mean_write_gbps", "mean_to_sustained", "peak_write_gbps", "peak_to_sustained")
    )
    assert c["jobs"] == 62  # 1,000 // 16, unchanged
    # the shared candidate's keep their formula: τ = 100 steps * 10 s = 1,000 s; 62 * 200 / (1,000 + 25)
    assert c["candidate"]["mean_write_gbps"] == approx(62 * 200 / 1025)
    assert c["candidate"]["peak_to_sustained"] == approx(62 * 200 / 25 / 10)


def test_node_local_projections_with_gpus(node_local):
    big, small = node_local["projections"]
    # Baseline, per node: x = snapshot_gb * share(gpus): 70B rows 200 * 0.5 = 100 (t 40, 42, 44), 7B rows 20 * 1 = 20
    # (t 5, 5): two values, least squares over five points. mean x = 340 / 5 = 68, mean t = 136 / 5 = 27.2;
    # Sxx = 3 * 32² + 2 * 48² = 7,680; Sxy = 32 * (12.8 + 14.8 + 16.8) + 2 * 48 * 22.2 = 1,420.8 + 2,131.2 = 3,552;
    # slope 3,552 / 7,680 = 0.4625, intercept 27.2 - 0.4625 * 68 = -4.25. At 800 GB on 64 GPUs: x = 800 * 8 / 64 =
    # 100, t = -4.25 + 46.25 = 42 s (each of the 8 nodes writes 100 GB, as each of the 2 did).
    assert (big["gpus"], big["nodes"]) == (64, 8)
    assert big["baseline_s"] == approx(42)
    # Candidate, shared: over snapshot_gb, sizes 200 (t 25 * 3) and 20 (t 4 * 2): mean 128 and 16.6;
    # Sxx = 3 * 72² + 2 * 108² = 38,880; Sxy = 3 * 72 * 8.4 + 2 * 108 * 12.6 = 4,536; slope 7/60, intercept
    # 16.6 - 128 * 7/60 = 1.6667. At 800: 1.6667 + 93.333 = 95 s.
    assert big["candidate_s"] == approx(95)
    assert big["saved_per_save_s"] == approx(42 - 95)
    assert big["saved_total_s"] == approx(10 * (42 - 95))  # the run's 1,000 // 100 saves
    # 20 GB on 8 GPUs: baseline x = 20: -4.25 + 0.4625 * 20 = 5; candidate 1.6667 + 20 * 7/60 = 4
    assert (small["gpus"], small["nodes"], small["baseline_s"], small["candidate_s"]) == (8, 1, approx(5), approx(4))


def test_node_local_projection_with_one_size_is_proportional(tmp_path):
    """One value of x = snapshot_gb * share(gpus) on the node-local side: t0 * x / x0. Baseline rows all 70B on 16
    GPUs (x0 = 100, t0 = 42); projected 300 GB on 12 GPUs: share(12) = 8 / 12, x = 300 * 8 / 12 = 200: 42 * 2 = 84."""
    toml = HEAD + (
        'node_local = ["Base"]\n\n[training]\nmodel = "70B"\ntotal_steps = 1000\ncheckpoint_interval_steps = 100\n'
        'step_time_s = 10\n\n[[projections]]\nname = "P"\nsnapshot_gb = 300\ngpus = 12\n'
    )
    saves = SAVES_HEADER + "\n".join(
        save_rows("Base", "70B", 16, 200, [40, 42, 44]) + save_rows("Cand", "70B", 16, 200, [25, 25, 25])
    )
    (p,) = joint_test(tmp_path / "t", toml, saves + "\n", flat_bandwidth(2.5, 10), LOADS)["projections"]
    assert p["baseline_s"] == approx(42 * (300 * (8 / 12)) / 100)  # 84
    assert p["candidate_s"] == approx(25 * 300 / 200)  # shared: proportional in snapshot_gb, 37.5
    assert (p["gpus"], p["nodes"]) == (12, 2)


def test_projection_gpus_change_no_time_without_a_node_local_side(folder):
    path = folder("data")
    (path / "test.toml").write_text(without_projection_gpus((path / "test.toml").read_text()))
    before = compute(read_joint_test(path)).to_dict()["projections"][0]
    assert (before["gpus"], before["nodes"]) == (None, None)
    (path / "test.toml").write_text(
        (path / "test.toml").read_text().replace("snapshot_gb = 140", "snapshot_gb = 140\ngpus = 64")
    )
    after = compute(read_joint_test(path)).to_dict()["projections"][0]
    assert (after["gpus"], after["nodes"]) == (64, 8)
    assert (after["baseline_s"], after["candidate_s"]) == (before["baseline_s"], before["candidate_s"])  # 379.9, 200.6


# Loads judged as saves are


def test_loads_established_and_their_ranges(outliers):
    a, b, c = outliers["load"]["models"]
    # A: 10, 10.2, 9.8 (CV 2%) against 2, 2, 2 (CV 0%), 3 runs each: established, speedup 10 / 2 = 5.
    assert (a["model"], a["established"], a["speedup"]) == ("A", True, approx(5))
    # B: 20, 22, 18: s = 2, CV 10% > 5: not established; speedup 20 / 5 = 4.
    assert (b["model"], b["established"], b["speedup"]) == ("B", False, approx(4))
    # C: CV 0% both sides but 2 runs < min_runs 3: not established; speedup 30 / 3 = 10.
    assert (c["model"], c["established"], c["baseline_runs"], c["candidate_runs"]) == ("C", False, 2, 2)
    assert outliers["load"]["range"] == [approx(4), approx(10)]
    assert outliers["load"]["range"] == [outliers["load"]["speedup_min"], outliers["load"]["speedup_max"]]
    assert outliers["load"]["established_range"] == [approx(5), approx(5)]


def test_loads_with_one_run_are_never_established():
    load = compute(read_joint_test(DATA)).to_dict()["load"]
    # one run a side: no cv_pct, so not established; the range still covers every pair: 49.6 / 8 = 6.2, 372 / 40 = 9.3
    assert [m["established"] for m in load["models"]] == [False, False, False]
    assert load["range"] == [approx(6.2), approx(9.3)] and load["established_range"] is None


# A price beside the value


def optimal_overhead(b: float) -> float:
    """data/'s sync overhead at Young's interval sqrt(2 b M), restart 600 s, no restores, written out again."""
    t = math.sqrt(2 * b * M)
    return 100 * (b / t + (t + b) / (2 * M) + 600 / M)


ECONOMICS = '\n[economics]\ngpu_hour_price = 2\ncurrency = "USD"\nruns_per_year = 4\n'


def test_payback_from_the_optimum_against_optimum_value(folder):
    path = folder("data")
    (path / "test.toml").write_text((path / "test.toml").read_text() + ECONOMICS + "candidate_price = 100000\n")
    m = compute(read_joint_test(path)).to_dict()
    # optimum_gpu_equivalents = 1,000 * (ETTR_C* / ETTR_B* - 1) = 1,000 * ((1 + o_B / 100) / (1 + o_C / 100) - 1), o
    # each side's overhead at its optimum (178 s and 94 s saves): about 1,000 * (1.003981 / 1.002894 - 1) = 1.08
    gpus = 1000 * ((1 + optimal_overhead(178) / 100) / (1 + optimal_overhead(94) / 100) - 1)
    assert m["reliability"]["optimum_gpu_equivalents"] == approx(gpus)
    value = gpus * 8760 * 2  # a year of those GPUs at 2 USD an hour: about 19,000 USD
    assert m["economics"]["optimum_cluster_value_per_year"] == approx(value)
    assert m["economics"]["payback_years"] == approx(100000 / value)  # about 5.3 years
    assert "candidate_price" not in m["economics"]


def test_payback_null_when_the_value_is_not_above_zero(folder):
    path = folder("data")
    (path / "test.toml").write_text((path / "test.toml").read_text() + ECONOMICS + "candidate_price = 100000\n")
    saves = (
        (path / "save_times.csv")
        .read_text()
        .replace("Mingxin FX100,32B LoRA,8,65.6,1,94", "Mingxin FX100,32B LoRA,8,65.6,1,178")
    )
    (path / "save_times.csv").write_text(saves)
    m = compute(read_joint_test(path)).to_dict()
    # equal saves (178 s each): equal optima, optimum_gpu_equivalents = 1,000 * (1 - 1) = 0, a value of 0 <= 0
    assert m["economics"]["optimum_cluster_value_per_year"] == 0
    assert m["economics"]["payback_years"] is None
    slower = saves.replace("Mingxin FX100,32B LoRA,8,65.6,1,178", "Mingxin FX100,32B LoRA,8,65.6,1,200")
    (path / "save_times.csv").write_text(slower)
    m = compute(read_joint_test(path)).to_dict()
    assert m["economics"]["optimum_cluster_value_per_year"] < 0 and m["economics"]["payback_years"] is None


def test_payback_absent_without_a_price(folder):
    path = folder("data")
    (path / "test.toml").write_text((path / "test.toml").read_text() + ECONOMICS)
    economics = compute(read_joint_test(path)).to_dict()["economics"]
    assert "payback_years" not in economics and "optimum_cluster_value_per_year" in economics


# Shapes and presence (settled points 7 and 8), in every golden case


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_schema_4_key_with_its_type(case):
    folder, _ = CASES[case]
    m = json.loads(json.dumps(compute(read_joint_test(folder)).to_dict()))
    assert SCHEMA_VERSION == 4
    for side in ("baseline", "candidate"):
        assert all(type(r) is int for r in m["save"][side]["outlier_runs"])
        assert set(m["cluster"][side]) == {
            "mean_write_gbps",
            "mean_to_sustained",
            "peak_write_gbps",
            "peak_to_sustained",
        }
    assert "without_outliers" in m
    r = m["gates_reach"]
    assert type(r["g4_max_reduction_pct"]) is float and type(r["g4_reachable"]) is bool
    assert r["g4_interval_steps"] is None or type(r["g4_interval_steps"]) is int
    assert type(m["nodes"]) is int and isinstance(m["node_local"], list)
    assert [r["side"] for r in m["audit"]["rows"]] == sorted(r["side"] for r in m["audit"]["rows"])
    for audit_row in m["audit"]["rows"]:
        assert type(audit_row["gpus"]) is int and type(audit_row["nodes"]) is int
        assert all(type(audit_row[k]) is float for k in ("snapshot_gb", "mean_s", "written_gb", "gbps", "to_bandwidth"))
    for model in m["load"]["models"]:
        assert type(model["established"]) is bool
        assert type(model["baseline_runs"]) is int and type(model["candidate_runs"]) is int
    assert len(m["load"]["range"]) == 2
    for p in m["projections"]:
        assert "gpus" in p and "nodes" in p
    assert type(m["reliability"]["optimum_gpu_equivalents"]) is float
    if "economics" in m:
        assert type(m["economics"]["optimum_cluster_value_per_year"]) is float


def test_the_schema_4_example_by_hand():
    """examples/node-local-72b: 20,000 steps of 3.6 s (compute 72,000 s), a save every 1,000 (20 saves); the
    baseline local to each node, 16 GPUs at 8 a node."""
    from tests.conftest import ROOT

    m = compute(read_joint_test(ROOT / "examples" / "node-local-72b")).to_dict()
    # candidate: median (17.2 + 17.3) / 2 = 17.25, MAD (0.15 + 0.15) / 2 = 0.15; run 4: 0.6745 * 4.15 / 0.15 = 18.7
    assert m["save"]["candidate"]["outlier_runs"] == [4] and m["save"]["baseline"]["outlier_runs"] == []
    assert [g["status"] for g in m["gates"]] == ["pass", "fail", "insufficient", "fail"]
    w = m["without_outliers"]
    assert w["speedup"] == approx(34.9 / 17.2)  # 209.4 / 6 against 86 / 5
    assert [g["status"] for g in w["gates"]] == ["pass", "pass", "pass", "fail"]
    assert w["verdict_status"] == "not_demonstrated"  # G4 still fails: the runs settle G2 and G3, not the verdict
    # bubble: 100 * 20 * 34.9 / (72,000 + 20 * 34.9) = 69,800 / 72,698 = 0.960% < 2%: out of reach for any storage;
    # 100 s * 17 / (72,000 + 34.9 s) >= 2 <=> 1,630.2 s >= 144,000 <=> s >= 88.3: s >= 89, n <= 20,000 // 89 = 224
    r = m["gates_reach"]
    assert r["g4_max_reduction_pct"] == approx(69800 / 72698) and r["g4_reachable"] is False
    assert r["g4_interval_steps"] == 224
    assert (m["node_local"], m["nodes"]) == (["baseline"], 2)
    # one node's 2.7875 GB/s (the mean of its two runs) / share(16) = 5.575 GB/s for the job: 5.575 * 34.9 = 194.6 GB
    assert m["audit"]["baseline"]["implied_written_gb"] == approx(m["bandwidth"]["baseline_gbps"] * 2 * 34.9)
    (p,) = m["projections"]
    assert (p["gpus"], p["nodes"]) == (64, 8) and p["baseline_s"] < p["candidate_s"]  # per node, the local drives win
    e = m["economics"]
    assert e["payback_years"] == approx(1200000 / e["optimum_cluster_value_per_year"])
    assert m["load"]["established_range"] == [approx(m["load"]["models"][1]["speedup"])] * 2  # the 72B pair only
