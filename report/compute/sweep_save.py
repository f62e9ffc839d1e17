"""Each side's save against the client sweep at the save's own node count (scaling reading 5, M4; the lead's closing
note 33: the band was decided in wording/scaling_saves.py): the sweep's aggregate there (its mean where it ran that
count, else its fitted law between the counts it ran), the save's throughput as a share of it, and whether that
share leaves the save not bound by bandwidth, open, or possibly bound. Decided once here, with the sides it holds
for; the consistency audit words it. Nothing here is written to metrics.json."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from report.compute.figures import SIDES, Metrics
from report.compute.mirror_audit import BANDWIDTH_BOUND_SHARE_PCT
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.compute.sweep_at import sweep_at
from report.inputs.joint_test import JointTest

ID = "save_sweep_share"

#: Below this share of the aggregate a save is not bandwidth-bound: its fixed cost would exceed its write's own time.
HALF_SHARE_PCT = 50.0

NOT_BOUND, OPEN, MAY_BE_BOUND = "not_bound", "open", "may_be_bound"


@dataclass(frozen=True)
class SweepSave:
    """Side's save at the sweep's aggregate for the save's nodes."""

    aggregate: float  #: GB/s: the sweep's mean at the save's nodes, else its law there
    measured: bool  #: the sweep ran the save's node count (else `aggregate` is the law's)
    fit_disowned: bool  #: a fitted figure from a law that does not describe its points (σ or κ below zero)
    rate: float  #: GB/s: the save's effective throughput (`save.<side>.effective_gbps`)
    share: float  #: % of `aggregate`
    band: str  #: NOT_BOUND (below half), OPEN (below 80%), MAY_BE_BOUND


def band(share: float) -> str:
    """NOT_BOUND below HALF_SHARE_PCT, OPEN below BANDWIDTH_BOUND_SHARE_PCT, else MAY_BE_BOUND: below half, the
    save's fixed cost would exceed its write's own time at the aggregate's rate; between, a fixed cost below the
    write's own time leaves a bandwidth-bound save this close (scaling reading 11b, m7)."""
    if share < HALF_SHARE_PCT:
        return NOT_BOUND
    return OPEN if share < BANDWIDTH_BOUND_SHARE_PCT else MAY_BE_BOUND


def sweep_save(m: Metrics, key: str) -> SweepSave | None:
    """Side `key`'s save against its sweep at the save's nodes, where the sweep spans them and gives an aggregate
    above zero there; None otherwise."""
    at = sweep_at(m, key, m.nodes)
    if at is None:
        return None
    rate = m.save.side(key).effective_gbps
    share = 100 * rate / at.aggregate
    return SweepSave(at.aggregate, at.point is not None, at.fit_disowned, rate, share, band(share))


def save_sweep_share(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The sides whose save the sweep at the save's nodes weighs (scope), each with its `SweepSave` under "each"."""
    del test
    found = {key: got for key in SIDES if (got := sweep_save(m, key)) is not None}
    if found:
        yield make_finding(ID, SIDES_KIND, tuple(found), SIDES, each=found)


RULES = (save_sweep_share,)
