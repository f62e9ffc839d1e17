"""Whether the proportional projection (a line through the origin, used where a side's save times give one checkpoint
size) agrees with the consistency audit's fit of a fixed cost: decided once here, with the sides it holds for, so that
the projections section says what the law assumes (cold read 16, U-m3: 0.0783 and 0.0120 s per GB through the origin
on one page, a fixed cost F = 6.12 s in the audit on another)."""

from __future__ import annotations

from collections.abc import Iterator

from report.compute.audit import written_fit_physical
from report.compute.figures import SIDES, Metrics
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

ID = "projection_fixed_cost"


def proportional_sides(m: Metrics) -> tuple[str, ...]:
    """The sides projected in proportion to size: one checkpoint size in their save times and not local to each node
    (a node-local side's fit is worded with its node's part)."""
    return tuple(key for key in SIDES if key not in m.node_fits and m.fits[key].method == "proportional")


def projection_fixed_cost(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The proportional sides (scope), where the audit's two-system fit can describe the saves (`written_fit_physical`:
    not where the audit itself calls it no model of them) and gives a fixed cost F above zero, which the proportional
    law leaves out. With save = F + k × size, the line through the measured point (S0, F + k × S0) and
    the origin predicts size × (F / S0 + k): F × (size / S0 - 1) more than the fit, so its time for a larger checkpoint
    is an upper bound and for a smaller one a lower bound. Figure: F (`fixed_s`)."""
    fit, sides = m.audit.fit, proportional_sides(m)
    if fit is None or not fit.fixed_s > 0 or not sides or not written_fit_physical(test, m.audit):
        return
    yield make_finding(ID, SIDES_KIND, sides, SIDES, fixed_s=fit.fixed_s)


RULES = (projection_fixed_cost,)
