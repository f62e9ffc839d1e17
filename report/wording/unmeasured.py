"""What a recommendation on other grounds rests on and this test did not measure, said beside what would change it:
the node-loss rate and the off-node copy behind checkpoints that survive a node, the cold starts behind faster loads
(moved from wording/recommendation.py)."""

from __future__ import annotations

from report.compute.recommendation import OTHER_GROUNDS, Recommendation
from report.formatting import money, sig
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
    # what follows the durability sentence: the cold starts, and a price where the test gives none
    after = [cold_starts] if "loads" in rec.grounds else []
    economics = w.m.economics
    if economics is None or not economics.candidate_price:
        # "worth its price" with no price anywhere in the report (cold read 13, Y-M3)
        after.append(
            _(
                "This test gives no price for {candidate}, against which these grounds are weighed: take it from the "
                "vendor's quote before deciding."
            ).format(candidate=w.name("candidate"))
        )
    if "durability" not in rec.grounds:
        return after
    return [
        _(
            "Checkpoints that survive a node rest on a node-loss rate and an off-node copy of {baseline}'s "
            "checkpoints, neither of which this test gives{bound}: take the rate from the cluster's records and time "
            "that copy before deciding."
        ).format(baseline=w.name("baseline"), bound=_bound(w)),
        *after,
    ]


def _bound(w: Words) -> str:
    """What the report's own worst case makes checkpoints that survive a node worth at most, where the failure section
    sizes it (compute/findings.py `node_local`): page 1 handed the decision to that worth without it (cold read 13,
    X-M3: at most 961 GBP a year, 1,519 years to recover the price, said on page 13 only)."""
    found = w.findings.get("node_local")
    if found is None or found["loss_bound_per_year"] is None:
        return ""
    value = money(found["loss_bound_per_year"], found["currency"])
    if found["payback_floor_years"] is None:
        return _(" (worth at most {value} a year to this job, were every assumed failure a lost node)").format(
            value=value
        )
    return _(
        " (worth at most {value} a year to this job, {years} years of the price, were every assumed failure a lost "
        "node)"
    ).format(value=value, years=sig(found["payback_floor_years"]))
