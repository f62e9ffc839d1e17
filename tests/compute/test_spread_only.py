"""The verdict that fails on repeatability alone (compute/gate_findings.py `spread_only`) and what re-tuning the
baseline's interval costs (compute/retune_cost.py), on a small joint test worked by hand (cold read 17, W-B1, W-M1).

Saves of 10 GB on 16 GPUs: the baseline 30.0, 30.3, 29.8 s (mean 30.0333 s), the candidate 10.0, 10.1, 12.0 s (mean
10.7 s, sd sqrt(((-0.7)² + (-0.6)² + 1.3²) / 2) = sqrt(1.27) = 1.12694 s, CV 10.532%, above the 3% limit): G2 fails
on spread, G1 passes; the speedup 30.0333 / 10.7 = 2.807x clears a 1.2x target, and a save every 500 steps of 2 s (1,000 s)
shortens the run by (30.0333 - 10.7) / (1,000 + 30.0333) = 1.877%, above a 1% target.
"""

from report.compute import compute
from report.compute.findings import decide
from report.inputs.joint_test import read_joint_test
from tests.compute.test_findings import TOML as FINDINGS_TOML
from tests.compute.test_findings import write_folder

#: test_findings' joint test with these gates and a failure rate of its own
TOML = FINDINGS_TOML.replace(
    "min_runs = 1\n",
    "min_runs = 3\nmax_cv_pct = 3\ntarget_speedup = 1.2\ntarget_duration_reduction_pct = 1\n\n"
    "[reliability]\ngpu_mtbf_hours = 1000\nrestart_s = 600\n",
)


def _found(tmp_path, cand: list[float], toml: str = TOML, name: str = "t"):
    test = read_joint_test(write_folder(tmp_path / name, toml, [30.0, 30.3, 29.8], cand))
    m = compute(test)
    return decide(test, m), m


def test_a_verdict_failing_on_the_candidate_s_spread_alone(tmp_path):
    found, m = _found(tmp_path, [10.0, 10.1, 12.0])
    assert {g.id: g.status for g in m.gates} == {"G1": "pass", "G2": "fail", "G3": "pass", "G4": "pass"}
    spread = found.get("spread_only")
    assert spread is not None
    assert spread.scope.items == ("candidate",) and spread["failed"] == ("G2",)
    assert spread["passed"] == ("G1", "G3", "G4")
    assert round(spread["cv"]["candidate"], 2) == 10.53 and spread["limit"] == 3


def test_no_such_verdict_where_a_target_gate_fails(tmp_path):
    # a 3x target: 2.807x misses it, so G3 fails beside G2 and the verdict is not repeatability's alone
    found, _m = _found(tmp_path, [10.0, 10.1, 12.0], TOML.replace("target_speedup = 1.2", "target_speedup = 3"))
    assert not found.has("spread_only")
    # every gate passing: nothing to name
    found, _m = _found(tmp_path, [10.0, 10.1, 10.2], name="x")
    assert not found.has("spread_only")


def test_re_tuning_the_baseline_costs_lost_work(tmp_path):
    """The job's MTBF 1,000 h × 3,600 / 16 = 225,000 s; the baseline's optimum sqrt(2 × 30.0333 × 225,000) = 3,676.3 s
    (1,838.1 steps of 2 s) against 1,000 s today. A failure loses half a period and the pause: (1,000 + 30.0333) / 2 =
    515.02 s today, (3,676.3 + 30.0333) / 2 = 1,853.2 s at the optimum."""
    found, _m = _found(tmp_path, [10.0, 10.1, 12.0])
    cost = found.get("retune_cost")
    assert cost is not None and cost.scope.items == ("baseline",)
    assert cost["today_steps"] == 500 and round(cost["optimal_steps"], 1) == 1838.1
    assert round(cost["today_s"]) == 1000 and round(cost["optimal_s"], 1) == 3676.3
    assert round(cost["lost_today_s"], 2) == 515.02 and round(cost["lost_optimal_s"], 1) == 1853.2
    assert cost["gpus"] == 16
    # 1,853.2 s against 515.02 s: re-tuning costs lost work; the optimum is Young's, named in whole steps
    assert cost["costs_work"] and not cost["write_bound"] and cost["whole_steps"] == 1838


def test_a_verdict_failing_on_one_baseline_run_says_first_that_the_candidate_meets_its_gates(tmp_path):
    """Cold read 19, AA-M2: "Targets not met" read as the candidate failing, where one baseline run with a recorded
    switch-port flap failed G1. Baseline 30.0, 30.1, 29.9, 30.0, 36.0 s: median 30.0, MAD 0.1, run 5's modified
    z-score 0.6745 × 6 / 0.1 = 40.5; mean 31.2, sd sqrt(28.82 / 4) = 2.6842, CV 8.603%; without run 5 mean 30.0,
    sd sqrt(0.02 / 3) = 0.08165, CV 0.2722%. Candidate 10.0, 10.1, 10.2 s (CV 0.990%)."""
    from report.i18n import activate
    from report.wording.repeatability import spread_only_label

    toml = TOML + '\n[sources]\nsave_times = "During Base run 5 a switch port facing Base node 2 flapped"\n'
    test = read_joint_test(write_folder(tmp_path / "b", toml, [30.0, 30.1, 29.9, 30.0, 36.0], [10.0, 10.1, 10.2]))
    m = compute(test)
    found = decide(test, m)
    assert {g.id: g.status for g in m.gates} == {"G1": "fail", "G2": "pass", "G3": "pass", "G4": "pass"}
    only = found.get("spread_only")["baseline_only"]
    assert only["runs"] == (5,) and only["recorded"] and round(only["cv_without"], 4) == 0.2722
    with activate("en"):
        assert spread_only_label(found.get("spread_only")) == (
            "The candidate meets G2, G3 and G4; targets not met only on the baseline's repeatability (G1), which one "
            "run with a recorded cause fails: 8.60% against 3%, 0.272% without it"
        )
    with activate("zh-CN"):
        assert spread_only_label(found.get("spread_only")) == (
            "被测系统通过 G2、G3 和 G4；未达到评估目标仅因基线测量重复性（G1）未通过，由 1 次有记录原因的运行造成："
            "变异系数 8.60%，上限 3%，剔除后为 0.272%"
        )
    # the candidate's spread failing too: not the baseline's alone
    found, _m = _found(tmp_path, [10.0, 10.1, 12.0], name="c")
    assert found.get("spread_only")["baseline_only"] is None
