"""The one payback page 2 gives, chosen by rule, and the others the economics section gives (docs/recommendation.md,
"One payback on page 2"; cold read 15pq, Q-M5, P-M6; Chinese reading 15, R major 6: 3.08, 22.0 and 2.05 years side
by side on one page, none said to be the one to read). Pure: the findings and the recommendation's reasons in, bases
and years out; nothing here is written to metrics.json.

The rule: page 2's payback is taken with each system at its optimal interval, as re-tuning the baseline's interval
costs nothing and a payback that rests on today's interval rests on the customer never doing it; on the runs a year
the test gives, the customer's own plan, wherever the time saved has a value on them (cold read 16, T-B3: 3.44 years
on the whole cluster beside 415 on the 22 runs a year given); the whole cluster's (metrics.json's
`economics.payback_years`, a lower bound, as every GPU busy all year bounds the value from above) only where the
time saved does not pay within the life on any basis (`unpaid`, `unpaid_optima`: "at least" then holds on each) or
has no value on the runs given."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from report.compute.findings import Findings
from report.compute.recommendation import job_optima_payback_years

#: the runs a year given, each system at its optimal interval
JOB_OPTIMA = "job_optima"
#: the runs a year given, today's interval, failure-free (metrics.json's value_per_year over the price)
JOB_TODAY = "job_today"
#: the whole cluster, each system at its optimal interval (metrics.json's payback_years)
CLUSTER_OPTIMA = "cluster_optima"
#: the whole cluster, today's interval
CLUSTER_TODAY = "cluster_today"

#: the reasons that give page 2's payback as the whole cluster's shorter one, "at least" on every basis
UNPAID = {"unpaid", "unpaid_optima"}

#: every basis, in the order the economics section lists them
BASES = (JOB_OPTIMA, JOB_TODAY, CLUSTER_OPTIMA, CLUSTER_TODAY)


@dataclass(frozen=True)
class Payback:
    """A payback in years on one basis; `years` None where the time saved has no value on it."""

    basis: str
    years: float | None


def paybacks(found: Findings) -> tuple[Payback, ...]:
    """Every basis's payback, where a price is given; () without one."""
    value = found.get("value_priced")
    if value is None:
        return ()
    years = {
        JOB_OPTIMA: job_optima_payback_years(found),
        JOB_TODAY: value["job_payback_years"],
        CLUSTER_OPTIMA: value["payback_years"],
        CLUSTER_TODAY: value["today_payback_years"],
    }
    return tuple(Payback(basis, years[basis]) for basis in BASES)


def main_basis(found: Findings, reasons: Iterable[str]) -> str | None:
    """The basis page 2 gives its one payback on (the module's rule); None without a price."""
    if found.get("value_priced") is None:
        return None
    if UNPAID & set(reasons) or job_optima_payback_years(found) is None:
        return CLUSTER_OPTIMA
    return JOB_OPTIMA


def job_optima_value(found: Findings) -> float | None:
    """The job's own value a year on the runs given, each system at its optimal interval: the whole cluster's there ×
    the share of its time the runs fill (the value `job_optima_payback_years` sets the price against); None without
    a price or that share."""
    value = found.get("value_priced")
    if value is None or not value["fill_share"]:
        return None
    return float(value["optimum_per_year"] * value["fill_share"])


def other_paybacks(found: Findings, reasons: Iterable[str]) -> tuple[Payback, ...]:
    """The paybacks on every basis but page 2's, those with a value: what the economics section gives beside it."""
    main = main_basis(found, reasons)
    return tuple(p for p in paybacks(found) if p.basis != main and p.years is not None)


@dataclass(frozen=True)
class PaybackRange:
    """Page 2's two ends where its one payback is the job's own (JOB_OPTIMA), each system at its optimal interval:
    the runs a year given (this job's share of the cluster) and the whole cluster running such jobs all year, each
    weighed against the service life; `bound`: the whole cluster's value at the optima is the largest the report gives,
    so "at most" holds of it (not where today's interval gives more)."""

    job_years: float
    cluster_years: float
    job_within: bool
    cluster_within: bool
    bound: bool


def page_one_range(found: Findings, reasons: Iterable[str]) -> PaybackRange | None:
    """Both ends of the paybacks page 2 gives on its job's basis (cold read 20, AB-M2; Chinese reading 20, AB Major-3:
    "about 3,480 years" on one 64-GPU job's 10 runs a year beside a cluster-sized price, while the whole cluster at
    the optima pays in 4.64 years, within the 6-year life, and "at most 9.06 million" a year beside 99.0 million at
    today's interval); None where page 2's basis is not the job's or the cluster has no payback at the optima."""
    value = found.get("value_priced")
    job = job_optima_payback_years(found)
    if main_basis(found, reasons) != JOB_OPTIMA or value is None or job is None or value["payback_years"] is None:
        return None
    life = value["life"]
    return PaybackRange(
        job_years=job,
        cluster_years=value["payback_years"],
        job_within=job <= life,
        cluster_within=value["payback_years"] <= life,
        bound=value["optimum_per_year"] >= value["today_per_year"],
    )
