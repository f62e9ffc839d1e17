"""The money rules the recommendation reads (docs/recommendation.md, "When the money decides"): whether the time saved
pays for the candidate within the service life, on which basis, and whether outlying runs could change that."""

from __future__ import annotations

from report.compute.figures import Metrics
from report.compute.scopes import Findings
from report.compute.service_life import DEFAULT_SERVICE_LIFE_YEARS


def life(found: Findings) -> float:
    """The service life the paybacks are weighed against (compute/service_life.py), as the money finding holds it."""
    value = found.get("value_priced") or found.get("value_unpriced")
    return value["life"] if value is not None and "life" in value.figures else DEFAULT_SERVICE_LIFE_YEARS


def unpaid(found: Findings) -> bool:
    """With a price, whether the time saved pays for the candidate within the service life at neither interval: the
    shorter payback (the whole cluster's value while the interval stays, or at the optima; both bound the value from
    above, so the payback from below) is longer, or there is none."""
    value = found.get("value_priced")
    if value is None:
        return False
    paybacks = [y for y in (value["today_payback_years"], value["payback_years"]) if y is not None]
    return not paybacks or min(paybacks) > life(found)


def paid_at_optima(found: Findings) -> bool:
    """With a price, whether the time saved with each system at its optimal interval pays for the candidate within
    the service life on the runs a year given: the whole cluster's payback at the optima over the share of the
    cluster's time those runs fill (cold read 14, P-B1: "recommended" on a payback of 1.31 years for a cluster full of
    such jobs, where the 5 runs a year given fill 0.47% of it and pay in about 280 years)."""
    value = found.get("value_priced")
    if value is None or value["payback_years"] is None or not value["fill_share"]:
        return False
    return value["payback_years"] / value["fill_share"] <= life(found)


#: The reasons that say the job's own runs do not pay at the optima: `job_unpaid`, nor at today's interval either;
#: `job_paid_today`, within the service life only while the interval stays as it is.
JOB_MONEY = ("job_unpaid", "job_paid_today")


def job_optima_payback_years(found: Findings) -> float | None:
    """With a price, the job's own payback with each system at its optimal interval: the whole cluster's there over the
    share of its time the runs given fill (cold tests 15, R: 3.08 years at today's interval, 22.0 at the optima, the
    one `paid_at_optima` weighs); None without it."""
    value = found.get("value_priced")
    if value is None or value["payback_years"] is None or not value["fill_share"]:
        return None
    return value["payback_years"] / value["fill_share"]


def job_paid_today(found: Findings) -> bool:
    """With a price, whether the runs a year given pay for the candidate within the service life at today's interval
    (failure-free), where at the optima they do not (`paid_at_optima` false)."""
    value = found.get("value_priced")
    return value is not None and value["job_payback_years"] is not None and (value["job_payback_years"] <= life(found))


def paid_for_cluster_at_optima(found: Findings) -> bool:
    """With a price, whether the time saved at the optima would pay within the service life were the whole cluster
    to run such jobs: a bound from above, so a cluster fuller of them than the runs given could make the case."""
    value = found.get("value_priced")
    return value is not None and value["payback_years"] is not None and value["payback_years"] <= life(found)


def unpaid_at_optima(found: Findings) -> bool:
    """With a price, whether the time saved, each system at its optimal interval, pays for the candidate within
    the service life neither for the whole cluster nor at all: only an interval that cannot change would pay it."""
    value = found.get("value_priced")
    if value is None:
        return False
    years = value["payback_years"]
    return years is None or years > life(found)


#: The outlying runs' own open items: what their cause or more runs would settle.
OUTLIER_OPEN = frozenset({"save_spread", "save_runs_short", "g3_open", "outliers_decide"})
#: How far beyond the service life the job's paybacks must lie, with the outlying runs, for their cause not to matter:
#: the payback without them is the one with them over the gain's ratio (compute/reliability.py), but for the
#: candidate's wall time in the share of the cluster the runs given fill, which the margin covers.
MONEY_MARGIN = 2


def money_either_way(m: Metrics, found: Findings, unsure: tuple[str, ...]) -> bool:
    """Whether the result hangs on outlying runs alone (every gate passes without them, nothing else open) and the runs
    a year given pay for the candidate within the service life neither with them nor without them, at the optima or
    at today's interval, by MONEY_MARGIN: then no cause of the runs changes the recommendation (cold tests 17, W)."""
    w = m.without_outliers
    if w is None or w.verdict_status != "demonstrated" or not found.has("outliers_decide"):
        return False
    ratio = m.optima_gain_ratio_without_outliers
    if not set(unsure) <= OUTLIER_OPEN or ratio is None:
        return False
    years, value = job_optima_payback_years(found), found.get("value_priced")
    if years is None or value is None or value["job_payback_years"] is None or m.bubble.duration_reduction_pct <= 0:
        return False
    today_ratio = w.duration_reduction_pct / m.bubble.duration_reduction_pct
    beyond = MONEY_MARGIN * life(found)
    return years / ratio > beyond and value["job_payback_years"] / today_ratio > beyond
