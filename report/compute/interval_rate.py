"""The failure rate today's interval implies, decided once as a finding: where today's checkpoint interval, taken as
the baseline's Young optimum (sqrt(2 × save cost × job MTBF)), implies a per-GPU MTBF RATE_MARGIN times or more away
from the one the analysis rests on (cold read 19, Z-M1: the record set the 50-step interval "from the cluster's 2026
failure frequency", which implies about 1,130 h per GPU, inside the band where switching recovers more, while the
analysis rests on 20,000 h)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from report.compute.figures import SIDES, Metrics
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: How many times the failure rate a re-tuning comparison rests on must be off before it turns, for that comparison to
#: decide on a rate only assumed (docs/recommendation.md); the same margin makes the rate today's interval implies far.
RATE_MARGIN = 10

#: Words by which a record says the interval was set from the failure rate.
_INTERVAL = re.compile(r"interval|间隔", re.IGNORECASE)
_FAILURES = re.compile(r"fail|MTBF|interrupt|故障|中断", re.IGNORECASE)
#: The failure rate's own name, which says "interval" of failures, not of saves: every record's failure assumptions
#: ("平均故障间隔 52,000 小时") would otherwise read as an interval set from failures (cold16_u).
_MTBF = re.compile(r"平均故障间隔(时间)?|mean time between failures|MTBF", re.IGNORECASE)


def _set_from_failures(label: str, text: str) -> bool:
    """Whether an environment line says the checkpoint interval was set from failures: it names an interval other than
    the MTBF, and failures."""
    return bool(_INTERVAL.search(_MTBF.sub("", label + " " + text)) and _FAILURES.search(text))


def implied_mtbf_hours(m: Metrics) -> float | None:
    """The per-GPU MTBF (h) at which today's interval is the baseline's optimum: Young's T* = sqrt(2 b M) gives
    M = T² ÷ (2 b), and b = T*² ÷ (2 M) at the rate set, so M' = M × (T ÷ T*)², per GPU the same ratio. None where the
    baseline's optimum floors at its write lag (asynchronous saves staged in no time): no rate makes it today's."""
    r = m.reliability
    lag = m.save.baseline.mean_s if m.checkpoint_mode == "async" else 0.0
    if r.baseline.optimal_interval_s <= lag:
        return None
    return r.gpu_mtbf_hours * (r.interval_s / r.baseline.optimal_interval_s) ** 2


def _turns_between(m: Metrics, implied: float) -> bool:
    """Whether re-tuning's comparison with switching turns between the rate set and `implied`: `implied` lies in the
    band where switching recovers more (between flip_mtbf_hours and flip_edge_mtbf_hours), or, without a far edge,
    beyond flip_mtbf_hours as seen from the rate set."""
    flip, edge, here = m.flip_mtbf_hours, m.flip_edge_mtbf_hours, m.reliability.gpu_mtbf_hours
    if flip is None:
        return False
    if edge is not None:
        return min(flip, edge) < implied < max(flip, edge)
    return implied < flip if flip < here else implied > flip


def interval_rate(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """`interval_rate` on the baseline where the record says today's interval was set from the failure rate and the
    per-GPU MTBF it implies is RATE_MARGIN times or more from the one set: `implied_hours`, `ratio` (the rate set's MTBF
    over the implied one), `turns` (re-tuning's comparison with switching turns between the two rates: page 1 says
    it)."""
    implied = implied_mtbf_hours(m)
    if implied is None:
        return
    here = m.reliability.gpu_mtbf_hours
    if max(here / implied, implied / here) < RATE_MARGIN:
        return
    # only where the record says the interval was set from failures: an interval set for evaluation or pre-emption
    # implies no failure rate
    if not any(_set_from_failures(label, text) for label, text in test.config.environment):
        return
    yield make_finding(
        "interval_rate",
        SIDES_KIND,
        ("baseline",),
        SIDES,
        implied_hours=implied,
        ratio=here / implied,
        turns=_turns_between(m, implied),
    )


INTERVAL_RULES = (interval_rate,)
