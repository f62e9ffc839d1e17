"""The findings (report/compute/findings.py) on joint tests whose data sit on a rule's threshold (attacks-6)."""

from report.compute import compute
from report.compute.findings import decide
from report.compute.recommendation import recommend
from report.inputs.joint_test import read_joint_test

TOML = """title = "findings on thresholds"
customer = "C"
date = 2026-12-06

[systems]
candidate = "Cand"
save_baseline = "Base"
load_baseline = "Filer"

[training]
model = "M"
total_steps = 20000
checkpoint_interval_steps = 500
step_time_s = 2.0
cluster_gpus = 256

[gates]
min_runs = 1
"""


def _folder(path, restores: str):
    path.mkdir()
    (path / "test.toml").write_text(TOML)
    saves = ["system,model,gpus,snapshot_gb,run,save_s"]
    saves += [f"Base,M,16,10,{r},{t}" for r, t in enumerate([12.0, 12.1, 11.9], 1)]
    saves += [f"Cand,M,16,10,{r},{t}" for r, t in enumerate([30.0, 30.3, 29.8], 1)]
    (path / "save_times.csv").write_text("\n".join(saves) + "\n")
    log = [f"{system},1,{t},{v}" for system, v in (("Base", 2.0), ("Cand", 8.0)) for t in (0, 1)]
    (path / "bandwidth.csv").write_text("system,run,t_s,write_gbps\n" + "\n".join(log) + "\n")
    (path / "load_times.csv").write_text(
        "system,model,platform,size_gb,run,load_s\nFiler,M,P,10,1,20\nCand,M,P,10,1,40\n"
    )
    (path / "restore_times.csv").write_text("system,model,run,restore_s\n" + restores)
    test = read_joint_test(path)
    m = compute(test)
    found = decide(test, m)
    return found, recommend(test, m, found)


def test_one_restore_a_side_is_too_few_even_where_min_runs_is_one(tmp_path):
    # attacks-6 R05: with [gates] min_runs = 1, a single restore per side has no spread, yet made the candidate
    # "better on restores after a failure" on page 1 (saves with one run a side leave G1 and G2 undecided)
    found, rec = _folder(tmp_path / "one", "Base,M,1,90\nCand,M,1,30\n")
    short = found.get("restore_runs_short")
    assert short is not None and short.scope.items == ("baseline", "candidate") and short["needed"] == 2
    assert "restores" not in rec.grounds
    found, rec = _folder(tmp_path / "two", "Base,M,1,90\nBase,M,2,91\nCand,M,1,30\nCand,M,2,30.2\n")
    assert not found.has("restore_runs_short") and "restores" in rec.grounds
