"""What a recommendation on other grounds rests on and this test did not measure, said beside what would change it:
the node-loss rate and the off-node copy behind checkpoints that survive a node, the cold starts behind faster loads
(moved from wording/recommendation.py)."""

from __future__ import annotations

from report.compute.load_value import cold_starts_to_pay
from report.compute.recommendation import OTHER_GROUNDS, Recommendation
from report.formatting import count, many, money, s3, sig
from report.i18n import _
from report.wording.base import Words


def unmeasured(w: Words, rec: Recommendation) -> list[str]:
    """Where the recommendation hands the decision to other grounds, what they rest on and this test did not measure,
    and what to measure before deciding: for checkpoints that survive a node, the node-loss rate and the off-node copy
    (cold read 8b, H-7: "only if … checkpoints that survive a node are worth its price" with neither quantified); for
    faster loads, the count of cold starts."""
    if rec.kind != OTHER_GROUNDS:
        return []
    # faster loads are worth as much as the cold starts they shorten, which no joint test counts (cold read 11, T-M2);
    # with a price, how many would pay for the candidate (cold read 15pq, P-M1, Q-M4: "not quantified")
    cold_starts = _("No cold model loads were counted, on which the worth of faster loads depends.") + to_pay(w)
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
    """What decides the purchase on checkpoints that survive a node, and what it is worth at most at the scope of the
    value line beside it, the whole cluster (compute/findings.py `node_local`; cold read 13b, X-M1: "at most 961 GBP a
    year to this job" beside 8,800 GBP for the whole cluster led a director to treat the deciding factor as worthless;
    at the cluster's scope it is about 600,000 GBP, a payback of 2.4 years)."""
    found = w.findings.get("node_local")
    decides = _(
        "the share of failures that lose a node, and the cost of a copy of {baseline}'s checkpoints off the node, "
        "decide the purchase."
    ).format(baseline=w.name("baseline"))
    if found is None or found["cluster_loss_bound_per_year"] is None:
        return _("Checkpoints that survive a node: {decides}").format(decides=decides)
    # both scopes: the job's own runs beside the whole cluster's bound (cold read 14c, X-B1: the cluster's 601,000 GBP
    # and 2.43 years alone read as the expected worth; the job's 961 GBP was left out)
    fields = {
        "value": money(found["cluster_loss_bound_per_year"], found["currency"]),
        "gpus": count(found["cluster_gpus"]),
        "job": money(found["loss_bound_per_year"], found["currency"]),
    }
    years = found["cluster_payback_floor_years"]
    bound = (
        _(
            "Were every assumed failure a lost node, checkpoints that survive it would be worth at most {job} a year "
            "to this job, {value} to a {gpus}-GPU cluster of such jobs (a payback of at least {years} years): "
            "{decides}"
        )
        if years is not None
        else _(
            "Were every assumed failure a lost node, checkpoints that survive it would be worth at most {job} a year "
            "to this job, {value} to a {gpus}-GPU cluster of such jobs: {decides}"
        )
    )
    return bound.format(years=sig(years) if years is not None else "", decides=decides, **fields)


def to_pay(w: Words) -> str:
    """ " Faster loads alone would pay for LF-760 within 5 years (an assumed service life) at about 566,000 cold
    starts a year of ERNIE-4.5-300B-A47B, each 188 s shorter, worth 1.55 CNY on a server of 8 GPUs (the training
    nodes' size).", or "" without a price or an established faster pair (compute/load_value.py)."""
    c = cold_starts_to_pay(w.test, w.m)
    if c is None:
        return ""
    return " " + _(
        "Faster loads alone would pay for {candidate} within {years} years (an assumed service life) at about {n} cold "
        "starts a year of {model}, each {saved} shorter, worth {worth} on a server of {gpus} GPUs (the training "
        "nodes' size)."
    ).format(
        candidate=w.name("candidate"),
        years=count(c.years),
        n=many(c.per_year),
        model=c.model,
        saved=s3(c.saved_s),
        worth=money(c.per_start, c.currency),
        gpus=count(c.gpus),
    )
