"""The model-load figures: each (model, platform) pair's loads on both systems, and the range over the pairs. Frozen
dataclasses of plain values, every field documented; report.compute.figures re-exports them."""

from __future__ import annotations

from dataclasses import dataclass

from report.compute.sides import TwoSided


@dataclass(frozen=True)
class LoadSide:
    """One side's view of a model's loads (LoadModel's baseline_*/candidate_* fields)."""

    mean_s: float  #: mean load time
    runs: int  #: repetitions
    stdev_s: float | None  #: sample standard deviation; None with one run
    cv_pct: float | None  #: 100 * stdev / mean; None with one run


@dataclass(frozen=True)
class LoadModel(TwoSided):
    """Model load time for one model on one platform."""

    model: str  #: model loaded
    platform: str  #: accelerator platform
    size_gb: float  #: bytes read
    baseline_s: float  #: mean load time from the load baseline
    candidate_s: float  #: mean load time from the candidate
    speedup: float  #: baseline_s / candidate_s
    saved_s: float  #: baseline_s - candidate_s, per cold start
    baseline_runs: int  #: repetitions on the baseline
    candidate_runs: int  #: repetitions on the candidate
    baseline_stdev_s: float | None  #: sample standard deviation; None with one run
    candidate_stdev_s: float | None  #: likewise
    baseline_cv_pct: float | None  #: 100 * stdev / mean; None with one run
    candidate_cv_pct: float | None  #: likewise
    speedup_ci95: tuple[float, float] | None  #: the saves' delta method on this pair's runs
    unstable: bool  #: a CV above the gates' max_cv_pct on either side
    #: both sides have at least the gates' min_runs runs and a cv_pct <= max_cv_pct (a null cv_pct: False), as G1 and
    #: G2 judge saves (schema 4)
    established: bool

    @property
    def baseline(self) -> LoadSide:
        """The load baseline's figures."""
        return LoadSide(self.baseline_s, self.baseline_runs, self.baseline_stdev_s, self.baseline_cv_pct)

    @property
    def candidate(self) -> LoadSide:
        """The candidate's figures."""
        return LoadSide(self.candidate_s, self.candidate_runs, self.candidate_stdev_s, self.candidate_cv_pct)


@dataclass(frozen=True)
class Load:
    """Model loading for inference."""

    models: tuple[LoadModel, ...]  #: sorted by model then platform, by code point
    speedup_min: float  #: smallest speedup
    speedup_max: float  #: largest speedup
    baseline_system: str  #: the load baseline's name
    candidate_system: str  #: the candidate's name
    range: tuple[float, float]  #: (speedup_min, speedup_max): every pair (schema 4)
    established_range: tuple[float, float] | None  #: (min, max) speedup of the established pairs; None if none

    @property
    def speedup_shown(self) -> bool:
        """Whether some pair's runs are shown to spread within the limit: more than one load time on each system (so
        a spread and an interval) and neither above the limit. Else the ratios establish no speedup (the report
        words them as ratios, its charts too)."""
        return any(p.speedup_ci95 is not None and not p.unstable for p in self.models)
