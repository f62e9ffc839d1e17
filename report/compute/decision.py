"""The figures that decide a joint test: the gates, the verdict, what would decide them, the decision with the outlier
runs left out, and whether G4 can pass at all (schema 4). Frozen dataclasses of plain values, every field documented;
report.compute.figures re-exports them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Gate:
    """One joint-test gate and its verdict."""

    id: str  #: G1 to G4 (the report words each gate from the figures: no free text in metrics.json)
    status: str  #: pass, fail or insufficient


@dataclass(frozen=True)
class Verdict:
    """What the gates decide together."""

    status: str  #: not_demonstrated (a gate fails), undecided (one lacks data), else demonstrated
    failed: tuple[str, ...]  #: ids of the failed gates, in gate order
    insufficient: tuple[str, ...]  #: ids of the gates without enough data


@dataclass(frozen=True)
class RunsShort:
    """Runs each save side lacks to reach max(min_runs, 2)."""

    baseline: int
    candidate: int


@dataclass(frozen=True)
class NextSteps:
    """What would decide the gates that are not passed."""

    min_runs_short: RunsShort
    g3_runs_per_side: int | None  #: runs per side at which G3 would be decided, the observed spread persisting


@dataclass(frozen=True)
class WithoutOutliers:
    """The decision with the outlier runs (save.<side>.outlier_runs) left out of both sides' training-model rows,
    everything else (compute_s, saves, the interval, the thresholds) unchanged (schema 4, settled points 1 and 3)."""

    speedup: float  #: mean_B' / mean_C' over the remaining runs
    speedup_ci95: tuple[float, float] | None  #: the delta method on the remaining runs; None with fewer than 2 a side
    duration_reduction_pct: float  #: 100 * saves * (p_B' - p_C') / (compute_s + saves * p_B'), p' the remaining pause
    gates: tuple[Gate, ...]  #: G1 to G4 on the remaining runs (G1, G2 count them), the same thresholds
    verdict_status: str  #: what those gates decide together (Verdict.status)


@dataclass(frozen=True)
class GatesReach:
    """Whether G4 can pass at all, and at what interval (schema 4, settled points 1 and 2)."""

    #: the training-time benefit of a candidate whose save adds nothing storage can remove: sync,
    #: bubble.baseline_bubble_pct; async, 100 * saves * (stall_B - staging_C) / (compute_s + saves * stall_B)
    g4_max_reduction_pct: float
    g4_reachable: bool  #: g4_max_reduction_pct >= target_duration_reduction_pct
    #: the largest interval n in 1..total_steps whose benefit (compute_s kept, saves = total_steps // n, the pauses at
    #: n) is >= the target; None when none is
    g4_interval_steps: int | None
