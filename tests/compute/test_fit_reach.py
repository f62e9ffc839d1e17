"""Whether a node-local side's fit is carried past its sweep (report/compute/fit_reach.py), on data/ with its saves on
64 GPUs (8 nodes of 8), Mingxin FX100 declared local to each node, and a scaling.csv written by each test."""

from __future__ import annotations

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.fit_reach import ID, reasons, unprojected
from report.inputs.joint_test import read_joint_test

B, C = "Local NVMe (single drive)", "Mingxin FX100"
#: C's fit exact: λ 0.1, σ 0, κ 0.125 (C(2) = 0.2 / 1.25 = 0.16, C(4) = 0.4 / 2.5 = 0.16); C(8) = 0.8 / 8 = 0.1
EXACT = f"{C},1,1,0.1\n{C},2,1,0.16\n{C},4,1,0.16\n"
#: two runs at 2 and 4: the means 0.18 and 0.28 give L = 1/9 and 3/7, so a = 2/21, κ = b = 1/63, σ = 5/63 and
#: C(8) = 0.8 / (1 + 7 × 5/63 + 56/63) = 0.8 × 63 / 154 = 0.32727; the refit (0.16, 0.4) gives κ = −0.125, the
#: refit (0.2, 0.16) κ = 0.25: κ's sign is open
OPEN = f"{C},1,1,0.1\n{C},2,1,0.16\n{C},2,2,0.2\n{C},4,1,0.16\n{C},4,2,0.4\n"


def _findings(folder, rows: str, save_s: int = 94):
    path = folder("data")
    saves = (path / "save_times.csv").read_text().replace(",8,", ",64,")
    (path / "save_times.csv").write_text(
        saves.replace(f"{C},32B LoRA,64,65.6,1,94", f"{C},32B LoRA,64,65.6,1,{save_s}")
    )
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    text = (path / "test.toml").read_text()
    (path / "test.toml").write_text(text.replace("[systems]\n", f'[systems]\nnode_local = ["{C}"]\n', 1))
    test = read_joint_test(path)
    m = compute(test)
    return m, decide(test, m)


def test_a_save_above_the_fit_at_the_jobs_nodes_stops_the_fit_at_the_sweep(folder):
    m, findings = _findings(folder, EXACT)
    assert (m.scaling.candidate.usl.sigma, m.scaling.candidate.usl.kappa) == pytest.approx((0.0, 0.125), abs=1e-12)
    assert unprojected(findings) == ("candidate",)
    found = reasons(findings, "candidate")
    # the save on the job's 8 nodes: 65.6 GB in 94 s = 0.69787 GB/s, above the fit's 0.1 GB/s there
    assert found.nodes == 8 and found.above and found.kappa is None  # one run a count: no refits
    assert found.saved == pytest.approx(0.69787, abs=1e-5) and found.fitted == pytest.approx(0.1)
    assert findings.get(ID).scope.items == ("candidate",) and not findings.get(ID).scope.whole


def test_kappas_open_sign_over_the_refits_stops_it_too(folder):
    # 65.6 GB in 656 s = 0.1 GB/s, below the fit's 0.32727 GB/s at 8: only κ's range holds the fit back
    m, findings = _findings(folder, OPEN, save_s=656)
    assert m.scaling.candidate.usl.kappa == pytest.approx(1 / 63)
    found = reasons(findings, "candidate")
    assert found is not None and not found.above and found.fitted == pytest.approx(0.32727, abs=1e-5)
    assert found.kappa == pytest.approx((-0.125, 0.25))


def test_a_fit_the_save_and_the_refits_bear_out_is_carried(folder):
    # 65.6 GB in 820 s = 0.08 GB/s, below the exact fit's 0.1 GB/s at 8; one run a count gives no refits
    _m, findings = _findings(folder, EXACT, save_s=820)
    assert unprojected(findings) == () and findings.get(ID) is None
