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
