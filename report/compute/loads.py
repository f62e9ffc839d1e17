"""Model load times on both systems."""

from __future__ import annotations

import dataclasses

import pandas as pd

from report import stats
from report.compute.figures import Load, LoadModel


def _load_model(model: str, platform: str, b: pd.Series, c: pd.Series, max_cv: float, min_runs: int) -> LoadModel:
    """One pair's figures; `established` judges its runs as G1 and G2 judge saves (schema 4)."""
    tb, tc = b.tolist(), c.tolist()
    mb, mc = stats.mean(tb), stats.mean(tc)
    sb, sc = stats.stdev(tb), stats.stdev(tc)
    cvb = None if sb is None else 100 * sb / mb
    cvc = None if sc is None else 100 * sc / mc
    return LoadModel(
        model=model,
        platform=platform,
        size_gb=0.0,
        baseline_s=mb,
        candidate_s=mc,
        speedup=mb / mc,
        saved_s=mb - mc,
        baseline_runs=len(tb),
        candidate_runs=len(tc),
        baseline_stdev_s=sb,
        candidate_stdev_s=sc,
        baseline_cv_pct=cvb,
        candidate_cv_pct=cvc,
        speedup_ci95=stats.ratio_ci95(mb, sb, len(tb), mc, sc, len(tc)),
        unstable=any(cv is not None and cv > max_cv for cv in (cvb, cvc)),
        established=all(
            n >= min_runs and cv is not None and cv <= max_cv for n, cv in ((len(tb), cvb), (len(tc), cvc))
        ),
    )


def load_times(frame: pd.DataFrame, baseline: str, candidate: str, max_cv: float, min_runs: int) -> Load:
    """The model loads, model by model, and the range of their speedups (over every pair, and over the established)."""
    groups = {
        (str(m), str(p), str(s)): rows
        for (m, p, s), rows in frame.groupby(["model", "platform", "system"], observed=True)
    }
    models = []
    for model, platform in sorted({(m, p) for m, p, _ in groups}):
        b, c = groups[(model, platform, baseline)], groups[(model, platform, candidate)]
        entry = _load_model(model, platform, b["load_s"], c["load_s"], max_cv, min_runs)
        models.append(dataclasses.replace(entry, size_gb=float(b["size_gb"].iloc[0])))
    speedups = [m.speedup for m in models]
    established = [m.speedup for m in models if m.established]
    return Load(
        models=tuple(models),
        speedup_min=min(speedups),
        speedup_max=max(speedups),
        baseline_system=baseline,
        candidate_system=candidate,
        range=(min(speedups), max(speedups)),
        established_range=(min(established), max(established)) if established else None,
    )
