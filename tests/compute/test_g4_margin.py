"""How far a passing G4 is from failing (report/compute/g4_margin.py; cold read 18, X-M4; Chinese reading 18, X-M2),
worked by hand on the async_mode fixture with six runs a system: 10,000 steps of 0.3 s, a save every 500 steps (150 s
of compute between saves), 6.5 s of staging on either system, a 10% target. The baseline's runs 178, 180, 179, 181,
178 and 160 s, mean 1,056 ÷ 6 = 176 s (run 6 lies 18.5 s below the median 178.5, its absolute deviations' median
1.0 s: modified z −12.5, an outlier); the candidate's 94, 95, 94, 96, 95, 94 s, inside the 150 s, so it stalls its
6.5 s of staging alone.
- today: 20 saves, the baseline stalls 6.5 + 176 − 150 = 32.5 s: 100 × 20 × 26 ÷ (3,000 + 20 × 32.5) = 14.247%;
- at n steps the baseline stalls 6.5 + 176 − 0.3 n: n = 525 (19 saves), 100 × 19 × 18.5 ÷ (3,000 + 19 × 25) =
  10.115%, n = 526, 100 × 19 × 18.2 ÷ (3,000 + 19 × 24.7) = 9.967%: G4 passes up to 525 steps, below 1.5 × 500;
- run 6 alone: 6.5 + 160 − 150 = 16.5 s, 100 × 20 × 10 ÷ (3,000 + 20 × 16.5) = 6.006%: G4 fails; it would pass up
  to n = 476 (21 saves, 100 × 21 × 17.2 ÷ (3,000 + 21 × 23.7) = 10.327%; at 477, 20 saves, 9.746%)."""

from __future__ import annotations

import shutil

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from report.wording import g4_margin
from tests.conftest import ROOT

BASELINE = "Local NVMe (single drive)"
CANDIDATE = "Mingxin FX100"


def _fixture(tmp_path, note: str, quiet_s: float = 160.0):
    folder = tmp_path / "margin"
    shutil.copytree(ROOT / "tests" / "fixtures" / "async_mode", folder)
    rows = ["system,model,gpus,snapshot_gb,run,save_s"]
    for run, seconds in enumerate((178, 180, 179, 181, 178, quiet_s), start=1):
        rows.append(f"{BASELINE},32B LoRA,8,65.6,{run},{seconds}")
    for run, seconds in enumerate((94, 95, 94, 96, 95, 94), start=1):
        rows.append(f"{CANDIDATE},32B LoRA,8,65.6,{run},{seconds}")
    (folder / "save_times.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    toml = (folder / "test.toml").read_text(encoding="utf-8")
    toml = toml.replace(
        'save_times = "White paper: measured 32B LoRA checkpoint saves, 8 GPUs"', f'save_times = "{note}"'
    )
    toml = toml.replace("\n[async]\n", "\n[gates]\ntarget_duration_reduction_pct = 10\n\n[async]\n", 1)
    (folder / "test.toml").write_text(toml, encoding="utf-8")
    return read_joint_test(folder)


QUIET = "measured saves, 8 GPUs; run 6 on the baseline fell in a maintenance window, when it served this job alone"


def test_a_passing_g4_gives_its_limit_and_the_quiet_run_result(tmp_path):
    test = _fixture(tmp_path, QUIET)
    m = compute(test)
    assert m.bubble.duration_reduction_pct == pytest.approx(14.247, abs=1e-3)
    g = decide(test, m).get("g4_margin")
    assert g["limit_steps"] == 525
    assert g["today_steps"] == 500
    q = g["quiet"]
    assert (q["run"], q["save_s"], q["passes"], q["limit_steps"]) == (6, 160.0, False, 476)
    assert q["change_pct"] == pytest.approx(6.006, abs=1e-3)
    with activate("en"):
        text = g4_margin.page_one(decide(test, m), "local NVMe")
        assert text == (
            "G4 passes only up to 525 steps between saves (today: 500). On run 6, the one local NVMe ran serving this "
            "job alone (160 s), training would be 6.01% shorter, below the 10% target: G4 would fail there."
        )
        assert g4_margin.gate_clause(decide(test, m), "local NVMe").startswith("; passes up to 525 steps")
    with activate("zh-CN"):
        text = g4_margin.page_one(decide(test, m), "本地 NVMe")
        assert "G4 仅在保存间隔不超过 525 步时通过（当前为 500 步）" in text
        assert "缩短 6.01%，低于 10% 的目标，G4 不能通过" in text


def test_no_quiet_record_leaves_the_limit_alone(tmp_path):
    test = _fixture(tmp_path, "measured saves, 8 GPUs")
    g = decide(test, compute(test)).get("g4_margin")
    assert g["limit_steps"] == 525
    assert g["quiet"] is None


def test_a_quiet_note_without_a_fast_outlier_gives_no_quiet_result(tmp_path):
    # run 6 at 179 s is no outlier (the runs 178 to 181 s): the note names no run the tool set apart
    test = _fixture(tmp_path, QUIET, quiet_s=179.0)
    g = decide(test, compute(test)).get("g4_margin")
    assert g is not None and g["quiet"] is None
