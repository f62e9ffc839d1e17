"""How far the save speedup is established: decided once here, worded in report/wording/phrases.py (measured_speed)
and on page 1 (sections/cover.py), where the wording used to decide it (cold read 19, AA-M5; lead's 2bb770d5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeGuard

from report.compute.figures import SIDES
from report.compute.scopes import SIDES_KIND, Finding, make_finding

if TYPE_CHECKING:
    from report.compute.figures import Metrics
    from report.inputs.joint_test import JointTest

#: A 95% interval whose high end is at most this multiple of its low end settles the speedup's size (10%).
SETTLED_WIDTH = 1.1

#: The readings of the save speedup, in the order `speedup_reading` tries them.
NO_DIFFERENCE = "no_difference"  #: the 95% interval includes 1×
ESTABLISHED = "established"  #: G1 and G2 pass and the interval excludes 1×
SLOWER_UNESTABLISHED = "slower_unestablished"  #: slower by the means, not established
SETTLED = "settled"  #: faster at 95% confidence within a narrow interval, though a repeatability gate fails
FASTER_UNSETTLED = "faster_unsettled"  #: faster at 95% confidence, its size not settled
UNESTABLISHED = "unestablished"  #: no interval (one value a side), or one that does not settle the direction


def no_difference_shown(ci: tuple[float, float] | None) -> TypeGuard[tuple[float, float]]:
    """Whether the speedup's 95% interval includes 1×: the test does not show that the save times differ."""
    return ci is not None and ci[0] <= 1 <= ci[1]


def speedup_established(m: Metrics) -> bool:
    """Whether the save speedup is established, by the rule the load speedup's tile follows: both systems' runs pass
    the repeatability gates (G1, G2) and the 95% interval excludes 1× (cold read 22, M1: page 1 printed "1.89× faster"
    on one value per system beside the loads' "Not established … spread unknown")."""
    repeatable = all(g.status == "pass" for g in m.gates if g.id in ("G1", "G2"))
    return repeatable and m.save.speedup_ci95 is not None and not no_difference_shown(m.save.speedup_ci95)


def settled(ci: tuple[float, float] | None) -> bool:
    """Whether an interval wholly above 1× is narrow enough (high <= SETTLED_WIDTH × low) to settle the size, whatever
    spread fails a gate (cold read 19, AA-M5: "its size not yet settled" of 32.6-35.6×)."""
    return ci is not None and ci[0] > 1 and ci[1] <= SETTLED_WIDTH * ci[0]


def speedup_reading(m: Metrics) -> str:
    """Which of the readings above the save speedup has."""
    ci = m.save.speedup_ci95
    if no_difference_shown(ci):
        return NO_DIFFERENCE
    if speedup_established(m):
        return ESTABLISHED
    if m.save.speedup < 1:
        return SLOWER_UNESTABLISHED
    if settled(ci):
        return SETTLED
    if ci is not None and ci[0] > 1:
        return FASTER_UNSETTLED
    return UNESTABLISHED


def save_speedup(_test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The save speedup's reading, of the two sides' save runs (scope: both sides), with its ratio and interval."""
    yield make_finding(
        "save_speedup",
        SIDES_KIND,
        SIDES,
        SIDES,
        reading=speedup_reading(m),
        ratio=m.save.speedup,
        ci=m.save.speedup_ci95,
    )


RULES = (save_speedup,)
