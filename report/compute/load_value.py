"""What faster model loads would have to amount to before they paid for the candidate: the cold starts a year at which
the time they save, priced as the serving node's accelerator time, pays the candidate's price within the service life
the report assumes. Report-only, not in metrics.json (cold read 15pq, P-M1 and Q-M4: "LF-760 only if faster model
loads are worth its price", with no count; a 300B cold start saved about 1.55 CNY, so a 5-year payback needs about
566,000 cold starts a year)."""

from __future__ import annotations

from dataclasses import dataclass

from report.compute.figures import Metrics
from report.compute.service_life import life_years
from report.inputs.joint_test import JointTest

#: the days a year the cold starts a year are spread over
DAYS_A_YEAR = 365


@dataclass(frozen=True)
class ColdStartsToPay:
    """The load pair that saves the most per cold start, and the cold starts a year at which that saving pays."""

    model: str  #: the model of the pair
    saved_s: float  #: the seconds one cold start saves (baseline mean − candidate mean)
    gpus: int  #: the accelerators a serving node holds, taken as the training nodes' size ([training] gpus_per_node)
    per_start: float  #: saved_s × gpus / 3600 × the GPU-hour price: one cold start's worth, in the currency
    per_year: float  #: the price ÷ (the service life × per_start): the cold starts a year that pay it
    per_day: float  #: per_year ÷ 365, so a reader can judge it (cold read 16, U-M3: 1.64 million a year, 4,490 a day)
    currency: str
    years: float  #: the service life (compute/service_life.py)


def cold_starts_to_pay(test: JointTest, m: Metrics) -> ColdStartsToPay | None:
    """Where a price and a GPU-hour price are given and some established load pair is faster on the candidate: the
    pair saving the most per cold start (the fewest cold starts needed) and the count a year that pays the price;
    None otherwise."""
    e = test.config.economics
    if e is None or not e.candidate_price or not e.gpu_hour_price > 0:
        return None
    faster = [p for p in m.load.models if p.established and p.saved_s > 0]
    if not faster:
        return None
    best = max(faster, key=lambda p: (p.saved_s, p.model))
    gpus = test.config.gpus_per_node
    per_start = best.saved_s * gpus / 3600 * e.gpu_hour_price
    years = life_years(test.config)
    return ColdStartsToPay(
        model=best.model,
        saved_s=best.saved_s,
        gpus=gpus,
        per_start=per_start,
        per_year=e.candidate_price / (years * per_start),
        per_day=e.candidate_price / (years * per_start) / DAYS_A_YEAR,
        currency=e.currency,
        years=years,
    )
