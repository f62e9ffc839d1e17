"""What re-tuning the baseline's interval costs, decided once (cold read 17, W-M1; Chinese reading 17, W M3: "at no
cost" of an interval 14 times today's, 7.2 h between saves, where each failure then loses about 3.6 h of a 64-card
job's work). Nothing here is written to metrics.json: the figures are the reliability model's own terms."""

from __future__ import annotations

import math
from collections.abc import Iterator

from report import stats
from report.compute.figures import SIDES, Metrics
from report.compute.reliability import blocking
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest


def lost_work_s(blocking_s: float, lag_s: float, interval_s: float) -> float:
    """The work a failure loses on average at `interval_s`: half a period (the interval and its pause) plus the write
    lag, the rework term of stats.failure_overhead_pct times the job's mean time between failures."""
    return (interval_s + stats.pause(blocking_s, lag_s, interval_s)) / 2 + lag_s


def optimal_steps(m: Metrics) -> int:
    """The baseline's optimum in whole steps, as the text names it: where its write outlasts Young's interval (async
    saves), the optimum is the write itself and the shortest whole-step interval at which no save stalls (cold read
    18, X minor 4: "every 173 steps" where 173 still stalls 0.75 s a save and 174 is the minimum); else rounded."""
    if write_bound(m):
        return m.async_.baseline.min_interval_steps
    return round(m.reliability.baseline.optimal_interval_steps)


def write_bound(m: Metrics) -> bool:
    """Whether the baseline's optimum is its write lag, longer than Young's interval for its staging (async saves)."""
    return m.checkpoint_mode == "async" and math.isclose(
        m.reliability.baseline.optimal_interval_s, m.async_.baseline.write_lag_s
    )


#: the share by which the work a failure loses at the optimum must exceed today's for re-tuning to be said to cost
#: (cold read 18, X minor 4: "Re-tuning is not free" beside 0.318 h against 0.318 h)
COST_SHARE = 0.01


def retune_cost(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Re-tuning lengthens the baseline's interval (its optimum above today's): each failure may then lose more work
    on average, on every GPU of the job (`costs_work`: more than COST_SHARE above today's; a write-bound optimum
    loses no more, its saves no longer stalling), and the interval is the training teams' to accept (evaluation or
    pre-emption may fix it). Scope: the baseline, whose interval the re-tuning changes."""
    r = m.reliability
    best = r.baseline.optimal_interval_s
    if best <= r.interval_s:
        return
    b, lag = blocking(test, m.save.baseline, m.async_.baseline)
    steps = optimal_steps(m)
    # a write-bound optimum is said in whole steps (174, not 173.2): the work lost is the one at that interval
    at = steps * r.step_time_s if write_bound(m) else best
    lost_today, lost_optimal = lost_work_s(b, lag, r.interval_s), lost_work_s(b, lag, at)
    yield make_finding(
        "retune_cost",
        SIDES_KIND,
        ("baseline",),
        SIDES,
        today_steps=test.config.training.checkpoint_interval_steps,
        today_s=r.interval_s,
        optimal_steps=r.baseline.optimal_interval_steps,
        whole_steps=steps,
        optimal_s=at,
        lost_today_s=lost_today,
        lost_optimal_s=lost_optimal,
        write_bound=write_bound(m),
        costs_work=lost_optimal > lost_today * (1 + COST_SHARE),
        gpus=r.gpus,
    )


RETUNE_RULES = (retune_cost,)
