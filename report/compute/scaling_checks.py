"""What the words and the chart say of a fitted law beyond its own figures (scaling reading 7b, minors 6, 8 and 10):
how far σ and κ move over the one-run-per-count refits, a fit without the largest client count set against that count,
and the band the refits' curves span. For the words only: metrics.json carries none of these. Pure."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from report.compute.scaling_compare import MAX_REFITS
from report.compute.scaling_figures import ScalingPoint, ScalingSide, Usl


def _refits(side: ScalingSide) -> Iterator[Usl | None]:
    """The law refitted to one run per client count, for every choice of runs (as scaling_compare.peak_spread)."""
    from report.compute.scaling import fit_usl  # the one fit; imported here to keep this module free of a cycle

    for choice in itertools.product(*(p.run_gbps for p in side.points)):
        yield fit_usl(tuple(ScalingPoint(p.clients, v, 1, (v,)) for p, v in zip(side.points, choice, strict=True)))


def _refittable(side: ScalingSide | None) -> bool:
    """A fit whose runs can be chosen one per count (more than one run somewhere, at most MAX_REFITS choices)."""
    return (
        side is not None
        and side.usl is not None
        and any(p.runs > 1 for p in side.points)
        and math.prod(p.runs for p in side.points) <= MAX_REFITS
    )


@dataclass(frozen=True)
class ParamSpread:
    """σ and κ over the one-run-per-count refits: their least and greatest, how many refits give a negative σ (which
    the law does not allow), and how closely the two move together (Pearson's r over the refits)."""

    sigma_low: float
    sigma_high: float
    kappa_low: float
    kappa_high: float
    negative_sigma: int
    correlation: float | None  #: None where either does not vary
    refits: int


def param_spread(side: ScalingSide | None) -> ParamSpread | None:
    """σ and κ refitted to one run per client count; None where scaling_compare.peak_spread gives none."""
    if side is None or not _refittable(side):
        return None
    fits = [u for u in _refits(side) if u is not None]
    if not fits:
        return None
    sigmas, kappas = [u.sigma for u in fits], [u.kappa for u in fits]
    return ParamSpread(
        min(sigmas),
        max(sigmas),
        min(kappas),
        max(kappas),
        sum(1 for v in sigmas if v < 0),
        _correlation(sigmas, kappas),
        len(fits),
    )


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    n = len(xs)
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    syy = math.fsum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / math.sqrt(sxx * syy)


@dataclass(frozen=True)
class Holdout:
    """The largest client count left out of the fit and predicted from the others: by the law, and by the law without
    coherency (κ = 0, Amdahl's law) fitted the same way (σ by least squares through the origin on L = σx)."""

    clients: int
    measured_gbps: float  #: its mean
    law_gbps: float | None
    amdahl_gbps: float | None


def holdout(side: ScalingSide | None) -> Holdout | None:
    """The check of scaling reading 7b, minor 8; None without a fit or with fewer than three client counts above one
    (the fit without the largest needs two)."""
    from report.compute.scaling import fit_usl

    if side is None or side.usl is None or sum(1 for p in side.points if p.clients > 1) < 3:
        return None
    last, rest = side.points[-1], side.points[:-1]
    u = fit_usl(rest)
    lam = side.usl.lambda_gbps
    pairs = [(p.clients - 1.0, p.clients / (p.mean_gbps / lam) - 1) for p in rest if p.clients > 1]
    sigma = math.fsum(x * v for x, v in pairs) / math.fsum(x * x for x, _ in pairs)
    amdahl = Usl(lam, sigma, 0.0, None).capacity(last.clients)
    return Holdout(last.clients, last.mean_gbps, None if u is None else u.capacity(last.clients), amdahl)


#: The most refits whose curves the chart's band spans (each evaluated at every client count drawn).
MAX_BAND_REFITS = 1_000


def refit_band(side: ScalingSide | None, ks: Sequence[float]) -> tuple[list[float], list[float]] | None:
    """At each client count of `ks`, the least and the greatest C(k) over the refits that give one (nan where none);
    None where the side cannot be refitted."""
    if side is None or not _refittable(side) or math.prod(p.runs for p in side.points) > MAX_BAND_REFITS:
        return None
    low, high = [math.inf] * len(ks), [-math.inf] * len(ks)
    for u in _refits(side):
        if u is None:
            continue
        for i, k in enumerate(ks):
            if (c := u.capacity(k)) is not None:
                low[i], high[i] = min(low[i], c), max(high[i], c)
    return [v if math.isfinite(v) else math.nan for v in low], [v if math.isfinite(v) else math.nan for v in high]
