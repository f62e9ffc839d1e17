"""Page 1's recommendation in words (report/wording/recommendation.py)."""

from tests.conftest import FIXTURES
from tests.sections.helpers import build


def test_a_decision_handed_to_what_the_test_did_not_measure_says_so():
    """Cold read 8b, H-7: "HX-8 only if … checkpoints that survive a node are worth its price", with neither the
    node-loss rate nor the time of a copy kept off the node measured: page 1 says so and what to measure first."""
    ctx, _m = build(FIXTURES / "node_local_retune")
    c = ctx.cover
    assert c.recommendation_kind == "other_grounds" and "checkpoints that survive a node" in c.recommendation
    assert c.changes.startswith("What would change it: ")
    assert c.changes.endswith(
        "This test has no figure for how often a node is lost, nor for how long a copy of local SSD's checkpoints kept "
        "off the node takes, on which checkpoints that survive a node depend: take the node-loss rate from the "
        "cluster's own records and time that copy on local SSD before deciding."
    )


def test_grounds_the_test_measured_add_nothing():
    ctx, _m = build(FIXTURES / "outlier_scrub")
    assert "node-loss rate" not in ctx.cover.changes


def _near_target(tmp_path, target: str):
    """The repeated fixture (32B: 100/110/120 s against 50/55/60 s, a speedup of 110 / 55 = 2.00) against `target`."""
    import shutil

    folder = tmp_path / target
    shutil.copytree(FIXTURES / "repeated", folder)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("max_cv_pct = 10", f"max_cv_pct = 10\ntarget_speedup = {target}"))
    return folder


def test_a_speedup_at_its_target_is_not_sent_for_hundreds_of_runs(tmp_path):
    # cold tests 10, P: "What would change it: 905 save runs per system" beside "not yet; the measurements … decide
    # it": beyond PRACTICAL_RUNS a system, no run settles it: how close the speedup lies to the target does
    ctx, m = build(_near_target(tmp_path, "2.02"))
    assert m.save.speedup == 2.0 and m.next_steps.g3_runs_per_side > 100
    assert ctx.cover.recommendation == (
        "Recommendation: not yet; the speedup lies at the target, and what counts as meeting it decides."
    )
    # the reason beside it says the same, not "so more runs decide it"
    assert ctx.cover.reasons[0].endswith(
        "contains the 2.02× target, and the speedup lies so close to it that no practical number of runs decides it."
    )
    # |2.00 / 2.02 - 1| = 0.990%
    assert ctx.cover.changes == (
        f"What would change it: no practical number of runs (about {m.next_steps.g3_runs_per_side} per system): the "
        "speedup, 2.00×, lies 0.990% from the 2.02× target, so whether that meets the target is for the parties to "
        "agree."
    )
    # a target further off: a count a joint test can run, and the measurements decide
    ctx, m = build(_near_target(tmp_path, "2.3"))
    n = m.next_steps.g3_runs_per_side
    assert 3 < n <= 100 and ctx.cover.changes == (
        f"What would change it: {n} save runs per system, if the spread and the means persist."
    )
    assert ctx.cover.recommendation.endswith("the measurements under “What would change it” decide it.")
    assert ctx.cover.reasons[0].endswith("contains the 2.3× target, so more runs decide it.")
