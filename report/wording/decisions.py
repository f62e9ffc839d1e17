"""Decisions the wording makes from the figures, in one place: thresholds and the tiles' gates."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from report.compute.mirror_audit import BANDWIDTH_BOUND_SHARE_PCT as BANDWIDTH_BOUND_SHARE_PCT
from report.compute.recommendation import slow_baseline_only, staging_only
from report.compute.speedup import no_difference_shown as no_difference_shown
from report.compute.speedup import speedup_established as speedup_established

if TYPE_CHECKING:
    from report.compute import Metrics

# Beyond this multiple of the largest measured checkpoint a projection is an extrapolation to measure.
FAR_EXTRAPOLATION = 1.5


class RestsOn(NamedTuple):
    """What a headline tile or a gate is computed from: its inputs and the gates that judge those inputs' data."""

    inputs: tuple[str, ...]
    gates: tuple[str, ...]


# One table, shared by page 1 and the gate table: a tile (or gate) is flagged while one of its gates fails or lacks
# data (G1 and G2 judge the save runs every save figure is computed from; G3 and G4 are computed from those runs too).
TILE_GATES: dict[str, RestsOn] = {
    "speedup": RestsOn(("save_times",), ("G1", "G2", "G3")),
    "bubble": RestsOn(("save_times",), ("G1", "G2", "G4")),
    "training": RestsOn(("save_times",), ("G1", "G2", "G4")),
    "ettr": RestsOn(("save_times", "restore_times"), ("G1", "G2")),
    "capacity": RestsOn(("save_times", "bandwidth"), ("G1", "G2", "G4")),  # its note states the bandwidth demand
    "loading": RestsOn(("load_times",), ()),
    "G3": RestsOn(("save_times",), ("G1", "G2")),
    "G4": RestsOn(("save_times",), ("G1", "G2")),
}


# The tiles that state a benefit derived from the two save means: conditional while the speedup's interval includes 1×.
DERIVED_TILES = ("bubble", "training", "ettr", "capacity")


def means_only(m: Metrics) -> bool:
    """Whether the figures drawn from the two mean save times hold only if the means held: the speedup's 95% interval
    includes 1×, or there is none (one value per system: cold read 13, M1; Chinese reading 13, M1: the default data's
    single saves gave "the run ends 4.67% sooner" as a fact where gates_fail's three runs each said "if the means
    held"), or a repeatability gate (G1, G2) fails: means of runs that spread above the limit (cold read 15, M1: the
    fio example's failing G1 and G2 said "the run ends 0.436% sooner" as a fact, undecided ones a condition)."""
    ci = m.save.speedup_ci95
    statuses = judged_statuses(m)
    return ci is None or no_difference_shown(ci) or "fail" in (statuses["G1"], statuses["G2"])


def judged_statuses(m: Metrics) -> dict[str, str]:
    """Each gate's status as the figures that rest on it are read: G1 as passing where only the baseline's slow runs
    fail it and every gate passes without them (compute/recommendation.py slow_baseline_only: cold read 15, R-B1, "AX-6
    meets every target" beside tiles "G1 FAILED" and G3 "passes only if the means hold", which it passes either way);
    metrics.json and the gate table keep the contract's statuses."""
    statuses = {g.id: g.status for g in m.gates}
    if slow_baseline_only(m):
        statuses["G1"] = "pass"
    return statuses


def open_gates(statuses: dict[str, str], item: str) -> tuple[list[str], list[str]]:
    """The gates `item` rests on that fail, then those that lack data (`statuses`: gate id → status)."""
    concerned = [g for g in TILE_GATES[item].gates if g != item]
    return (
        [g for g in concerned if statuses[g] == "fail"],
        [g for g in concerned if statuses[g] == "insufficient"],
    )


def async_erases(m: Metrics) -> bool:
    """Whether asynchronous saves would take the synchronous job's benefit away: the storage never stalls them, so
    both systems stall for the staging alone."""
    return m.checkpoint_mode == "sync" and not m.async_.storage_stalls and m.bubble.time_saved_s > 0


def writes_hidden(m: Metrics) -> bool:
    """Whether an asynchronous job's writes both finish within the compute between saves: each side stalls for its
    own staging alone, and no save speed changes training time at today's interval (cold read 9, J-M1)."""
    return m.checkpoint_mode == "async" and not m.async_.storage_stalls


def staging_alone(m: Metrics) -> bool:
    """Whether the training-time figures (longer run, GPUs, ETTR, value) differ only by the staging times test.toml
    gives: the writes are hidden and the two staging times differ (cold read 9, J-B1: "4.79 GPUs lost" from 5.80 s
    against 6.10 s of staging, blamed on the storage). The recommendation's rule decides it (staging_only)."""
    return staging_only(m)
