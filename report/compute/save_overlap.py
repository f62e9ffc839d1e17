"""Whether the cluster's jobs' saves can be staggered on a shared side at all (scaling reading 20, AB-M1). The
GPU-equivalents at today's interval take every job's save at the time it took alone in this test, which holds only
while the saves do not overlap. Where the cluster's jobs need more seconds of saving in a checkpoint cycle than the
cycle holds (jobs × save time > the interval + one save), no phasing keeps them apart: on average jobs × save time ÷
cycle saves are in flight at once, sharing the storage, so the isolated save time does not hold on that side
(GN-220: 32 × 30.3 s = 971 s of saving in an 855 s cycle, 1.14 in flight). Synchronous saves only: an asynchronous
write's time is not what it costs training. A side local to each node shares nothing between jobs (no cluster
figures). Figures for the findings only, none in metrics.json."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from report.compute.figures import SIDES, Metrics
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest


@dataclass(frozen=True)
class Concurrency:
    """One shared side's saves across the cluster's jobs in a checkpoint cycle."""

    side: str
    system: str
    jobs: int
    save_s: float  #: one save's mean time in this test, alone
    cycle_s: float  #: the interval between saves plus one save
    saving_s: float  #: jobs × save_s: the seconds of saving the jobs need in one cycle
    in_flight: float  #: saving_s ÷ cycle_s: the saves in flight at once on average

    @property
    def overlaps(self) -> bool:
        """Whether the saves cannot be staggered: more seconds of saving than the cycle holds."""
        return self.saving_s > self.cycle_s


def concurrency(m: Metrics) -> tuple[Concurrency, ...]:
    """Each shared side's saves in flight with the cluster's jobs at today's interval; () for asynchronous saves, one
    job, or no shared side."""
    if m.checkpoint_mode == "async" or m.cluster.jobs < 2:
        return ()
    out = []
    for side, c, s in zip(SIDES, m.cluster.sides(), m.save.sides(), strict=True):
        if c is None:
            continue
        cycle = m.reliability.interval_s + s.pause_s
        saving = m.cluster.jobs * s.mean_s
        out.append(Concurrency(side, s.system, m.cluster.jobs, s.mean_s, cycle, saving, saving / cycle))
    return tuple(out)


def overlapping(m: Metrics) -> tuple[Concurrency, ...]:
    """The shared sides whose cluster saves cannot be staggered (`Concurrency.overlaps`), where the GPU-equivalents
    at today's interval rest on the save times (a gain or a loss)."""
    if m.bubble.gpu_equivalents == 0:
        return ()
    return tuple(c for c in concurrency(m) if c.overlaps)


def saves_overlap(_test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The GPU-equivalents at today's interval are not established where a side's saves cannot be staggered: the
    sides that overlap, each side's saves in flight on average (both said, scaling reading 20, AB-M1)."""
    found = overlapping(m)
    if not found:
        return
    yield make_finding(
        "cluster_saves_overlap",
        SIDES_KIND,
        tuple(c.side for c in found),
        SIDES,
        sides={c.side: c for c in found},
        in_flight={c.side: c.in_flight for c in concurrency(m)},
        today_gpus=m.bubble.gpu_equivalents,
    )


RULES = (saves_overlap,)
