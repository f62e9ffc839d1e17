"""What a recommendation on other grounds rests on and this test did not measure, said beside what would change it:
the node-loss rate and the off-node copy behind checkpoints that survive a node, the cold starts behind faster loads
(moved from wording/recommendation.py)."""

from __future__ import annotations

from report.compute.recommendation import OTHER_GROUNDS, Recommendation
from report.i18n import _
from report.wording.base import Words


def unmeasured(w: Words, rec: Recommendation) -> list[str]:
    """Where the recommendation hands the decision to other grounds, what they rest on and this test did not measure,
    and what to measure before deciding: for checkpoints that survive a node, the node-loss rate and the off-node copy
    (cold read 8b, H-7: "only if … checkpoints that survive a node are worth its price" with neither quantified); for
    faster loads, the count of cold starts."""
    if rec.kind != OTHER_GROUNDS:
        return []
    # faster loads are worth as much as the cold starts they shorten, which no joint test counts (cold read 11, T-M2)
    cold_starts = _(
        "This test gives no count of cold model loads, on which the worth of faster loads depends: take it from the "
        "serving cluster's own records before deciding."
    )
    loads = [cold_starts] if "loads" in rec.grounds else []
    if "durability" not in rec.grounds:
        return loads
    return [
        _(
            "This test has no figure for how often a node is lost, nor for how long a copy of {baseline}'s checkpoints "
            "kept off the node takes, on which checkpoints that survive a node depend: take the node-loss rate from "
            "the cluster's own records and time that copy on {baseline} before deciding."
        ).format(baseline=w.name("baseline")),
        *loads,
    ]
