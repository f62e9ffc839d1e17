"""How far a passing G4 is from failing: the interval up to which it passes, where that is near today's, and its result
on a baseline run the record says ran with the baseline to itself (cold read 18, X-M4; Chinese reading 18, X-M2: G4's
13.3% at 150 steps passes only up to 159; NX-80's run 5, in a maintenance window with the other tenants' jobs drained,
took 713 s, and on that run the gain is 7.4%, below the 8% target)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from report import stats
from report.compute import reach
from report.compute.figures import Metrics
from report.compute.scopes import TEST_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: A passing G4 whose limit lies below this multiple of today's interval is near failing: a re-tune within it fails.
NEAR_INTERVAL = 1.5

#: A record of the save runs saying the baseline served this job alone during a run.
QUIET = re.compile(
    r"served this job alone|(?:other )?tenants'? jobs (?:had been |were )?drained|no other (?:jobs|tenants|traffic)"
    r"|without other (?:jobs|tenants)|to itself|只服务本作业|其他租户的作业已排空|无其他租户",
    re.IGNORECASE,
)


def quiet_run(test: JointTest, m: Metrics) -> tuple[int, float] | None:
    """(run, save time) of the baseline's one fast outlying run that the record of the save runs names by number and
    says ran with the baseline serving this job alone; None otherwise."""
    s = m.save.baseline
    z = dict(zip(s.run_numbers, stats.modified_z(s.times_s), strict=True))
    fast = [run for run in s.outlier_runs if z[run] < 0]
    note = test.config.sources.get("save_times", "")
    if len(fast) != 1 or not QUIET.search(note):
        return None
    run = fast[0]
    if not re.search(rf"(?:\brun\s*{run}\b|第\s*{run}\s*次)", note, re.IGNORECASE):
        return None
    return run, dict(zip(s.run_numbers, s.times_s, strict=True))[run]


def g4_margin(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """G4 passes: the largest interval at which it still would (`gates_reach.g4_interval_steps`) where that is below
    NEAR_INTERVAL × today's, and, where a baseline run ran quiet (`quiet_run`), G4 on that run's save time alone at
    today's interval, and the largest interval at which it would pass there."""
    if next(g.status for g in m.gates if g.id == "G4") != "pass":
        return
    today = test.config.training.checkpoint_interval_steps
    limit = m.gates_reach.g4_interval_steps
    near = limit is not None and limit < NEAR_INTERVAL * today
    quiet = quiet_run(test, m)
    if not near and quiet is None:
        return
    target, b = test.config.gates.target_duration_reduction_pct, m.bubble
    on_quiet = None
    if quiet is not None:
        run, seconds = quiet
        step = m.reliability.step_time_s
        sides = {"baseline": m.async_.baseline, "candidate": m.async_.candidate}
        pauses = reach.pauses_of(m.checkpoint_mode, m.save, sides, step)
        if m.checkpoint_mode == "async":
            pauses = dataclasses.replace(pauses, lag_b=seconds)
        else:
            pauses = dataclasses.replace(pauses, blocking_b=seconds)
        change = reach.reduction_pct(b.saves, *pauses.at(today), b.compute_s)
        on_quiet = {
            "run": run,
            "save_s": seconds,
            "change_pct": change,
            "passes": change >= target,
            "limit_steps": reach.interval_steps(b.total_steps, target, b.compute_s, pauses),
        }
    yield make_finding(
        "g4_margin",
        TEST_KIND,
        (),
        (),
        limit_steps=limit if near else None,
        today_steps=today,
        target=target,
        quiet=on_quiet,
    )


RULES = (g4_margin,)
