"""What re-tuning the baseline's interval costs, decided once (cold read 17, W-M1; Chinese reading 17, W M3: "at no
cost" of an interval 14 times today's, 7.2 h between saves, where each failure then loses about 3.6 h of a 64-card
job's work). Nothing here is written to metrics.json: the figures are the reliability model's own terms."""

from __future__ import annotations

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


def retune_cost(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Re-tuning lengthens the baseline's interval (its optimum above today's): each failure then loses more work on
    average, on every GPU of the job, and the interval is the training teams' to accept (evaluation or pre-emption may
    fix it). Scope: the baseline, whose interval the re-tuning changes."""
    r = m.reliability
    best = r.baseline.optimal_interval_s
    if best <= r.interval_s:
        return
    b, lag = blocking(test, m.save.baseline, m.async_.baseline)
    yield make_finding(
        "retune_cost",
        SIDES_KIND,
        ("baseline",),
        SIDES,
        today_steps=test.config.training.checkpoint_interval_steps,
        today_s=r.interval_s,
        optimal_steps=r.baseline.optimal_interval_steps,
        optimal_s=best,
        lost_today_s=lost_work_s(b, lag, r.interval_s),
        lost_optimal_s=lost_work_s(b, lag, best),
        gpus=r.gpus,
    )


RETUNE_RULES = (retune_cost,)
