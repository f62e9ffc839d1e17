"""The next steps ask for an outlying run's cause wherever the run decides a gate, every gate passing too (cold read
12, W-B1: a candidate run "with the write-back cache left on" carried G3, and no step asked for it)."""

from tests.compute.test_findings import LIFTED_BASE, LIFTED_CAND, TOML, write_folder
from tests.sections.helpers import build, section, texts


def _folder(tmp_path, base, cand):
    gates = "min_runs = 5\ntarget_speedup = 3.935\ntarget_duration_reduction_pct = 0.1"
    return write_folder(tmp_path / "decides", TOML.replace("min_runs = 1", gates), base, cand, 9)


BASE, CAND = LIFTED_BASE, LIFTED_CAND  # run 9 slow on Base: it lifts G3 (tests/compute/test_findings.py works it)


def test_a_run_that_decides_a_passing_gate_is_a_next_step(tmp_path):
    ctx, m = build(_folder(tmp_path, BASE, CAND))
    assert [g.status for g in m.gates][:3] == ["pass", "pass", "pass"] and m.save.baseline.outlier_runs == (9,)
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert "Find the cause of run 9 on Base (42 s) first. If the storage's own background work" in steps
    assert steps.count("Without it, G3 would change.") == 1


def test_a_run_much_faster_than_the_rest_may_not_be_durable(tmp_path):
    """The candidate's run 9 at 6.0 s among 9.7-10.3 s (z = 0.6745 × 4.0 ÷ 0.3 = 9.0): G2 fails with it (CV above 5%)
    and passes without it; the spread's step names the run, as a save that may not have reached durable storage."""
    ctx, m = build(_folder(tmp_path, [*BASE[:-1], 40.0], [*CAND[:-1], 6.0]))
    assert m.save.candidate.outlier_runs == (9,) and m.gates[1].status == "fail"
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert (
        "Find the cause of run 9 on Cand (6 s) first: a save much faster than the others may not have reached " in steps
    )
    assert "background work" not in steps and "Without it," not in steps  # the spread's step says it once
