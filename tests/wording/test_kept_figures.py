"""What metrics.json keeps beyond the scaling section's figures, said in the colophon only (cold read 17, V: "the
figures attached to this PDF for machines to read" on the customer pages). Figures from test_scaling_reading13's
DISOWNED sweep, worked there: the baseline's σ < 0, its runs' mean 8.80 GB/s at the job's 4 nodes beside the law's
C_B(4) = 8 / 0.91230 = 8.769."""

from __future__ import annotations

from report.compute import compute
from report.inputs.joint_test import read_joint_test
from report.wording.base import Words
from report.wording.kept_figures import kept, law_fails, run_at
from tests.conftest import PROVENANCE
from tests.sections.test_scaling import B, with_scaling
from tests.sections.test_scaling_reading13 import AT_16, DISOWNED


def test_the_disowned_law_and_the_runs_mean_beside_it(folder):
    test = read_joint_test(with_scaling(folder, DISOWNED, toml=AT_16))
    w = Words(test, compute(test), {}, PROVENANCE)
    assert law_fails(w, "baseline") and not law_fails(w, "candidate")
    assert round(run_at(w, "baseline", 4).mean_gbps, 2) == 8.80 and run_at(w, "baseline", 16) is None
    said = " ".join(kept(w))
    assert f"metrics.json keeps {B}'s fitted law where its format asks for it: 8.77 GB/s at the job's 4 nodes;" in said
    assert "fitted law at 16 nodes, where the scaling section gives no figure" in said
