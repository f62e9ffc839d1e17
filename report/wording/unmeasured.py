"""What a recommendation on other grounds rests on and this test did not measure, said beside what would change it:
the node-loss rate and the off-node copy behind checkpoints that survive a node, the cold starts behind faster loads
(moved from wording/recommendation.py)."""

from __future__ import annotations

from report.compute.load_value import cold_starts_to_pay
from report.compute.recommendation import OTHER_GROUNDS, Recommendation
from report.formatting import count, many, money, pct, s3
from report.i18n import _
from report.wording.base import Words
from report.wording.service_life import life_number, life_phrase, money_found


def unmeasured(w: Words, rec: Recommendation) -> list[str]:
    """Where the recommendation hands the decision to other grounds, what they rest on and this test did not measure,
    and what to measure before deciding: for checkpoints that survive a node, the node-loss rate and the off-node copy
    (cold read 8b, H-7: "only if … checkpoints that survive a node are worth its price" with neither quantified); for
    faster loads, the count of cold starts."""
    if rec.kind != OTHER_GROUNDS:
        return []
    # faster loads are worth as much as the cold starts they shorten, which no joint test counts (cold read 11, T-M2);
    # with a price, how many would pay for the candidate (cold read 15pq, P-M1, Q-M4: "not quantified")
    # how many would pay for the candidate is the loading section's (cold tests 17, W: a what-if that ran the decision
    # page onto page 3): page 1 points to it
    cold_starts = (
        _("No cold model loads were counted, on which the worth of faster loads depends (“{section}”).").format(
            section=_("Model loading for inference")
        )
        if to_pay(w)
        else _("No cold model loads were counted, on which the worth of faster loads depends.")
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
    return [durability_decides(w), *after]


def durability_decides(w: Words) -> str:
    """What decides the purchase on checkpoints that survive a node, said without the worst case's figures: what they
    would be worth at most, were every failure a lost node and the job restarted from its start, is a bound, not an
    expected worth, and beside the value of the time saved it read as a buy signal (cold read 15, S-M1; Chinese
    reading 15, S major 8: "a payback of at least 0.654 years" beside "at least 90.5 years"); the failure section
    gives it as a bound, where it bounds (said.node_loss_bound)."""
    found = w.findings.get("node_local")
    if found is not None and "break_even" in found.figures and (b := found["break_even"]) is not None and b["share"]:
        # the share of failures that lose a node at which the candidate would pay, quantified where it is named
        # (cold read 17, V-M1: "the only case that could justify VM-12 (tray loss) is named but not quantified")
        return _(
            "Checkpoints that survive a node: with no copy of {baseline}'s checkpoints off the node, {candidate} pays "
            "within {life} years only if {share} or more of the failures lose a node; this test gives neither that "
            "share nor the copy's cost (“{section}”)."
        ).format(
            baseline=w.name("baseline"),
            candidate=w.name("candidate"),
            life=life_number(money_found(w.findings)),
            share=pct(100 * b["share"]),
            section=_("Failures and the checkpoint interval"),
        )
    decides = _(
        "the share of failures that lose a node, and the cost of a copy of {baseline}'s checkpoints off the node, "
        "decide the purchase."
    ).format(baseline=w.name("baseline"))
    if found is None or found["cluster_loss_bound_per_year"] is None:
        return _("Checkpoints that survive a node: {decides}").format(decides=decides)
    return _("Checkpoints that survive a node: {decides} This test gives neither (“{section}”).").format(
        decides=decides, section=_("Failures and the checkpoint interval")
    )


def to_pay(w: Words) -> str:
    """ "No cold model loads were counted: faster loads alone would pay for LF-760 within an assumed 5-year life,
    a default not agreed with the customer, at about 566,000 cold starts a year of ERNIE-4.5-300B-A47B,
    each 188 s shorter and worth 1.55 CNY on a server of 8 GPUs (the training nodes' size) at the hourly rate of
    training, an indicative count.", or "" without a price or an established faster pair
    (compute/load_value.py). One sentence, the count that was not made first (the dense decision page,
    tests/pdf/test_page_one.py)."""
    c = cold_starts_to_pay(w.test, w.m)
    if c is None:
        return ""
    return _(
        "No cold model loads were counted: faster loads alone would pay for {candidate} within {life}, at about {n} "
        "cold starts a year ({per_day} a day) of {model}, each {saved} shorter and worth {worth} on a server of "
        "{gpus} GPUs (the training nodes' size) at the hourly rate of training, an indicative count."
    ).format(
        candidate=w.name("candidate"),
        life=life_phrase(money_found(w.findings)),
        n=many(c.per_year),
        per_day=many(c.per_day),
        model=c.model,
        saved=s3(c.saved_s),
        worth=money(c.per_start, c.currency),
        gpus=count(c.gpus),
    )
