"""Drawing the charts: vector SVG from the computed figures, deterministic, readable in print and in grey."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("svg")

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import font_manager

from report import stats
from report.compute import SIDES, Metrics, predict
from report.formatting import num, seconds
from report.runs import BandwidthLog

FONTS = Path(__file__).parent / "assets" / "fonts"
# Baseline light and dashed, candidate dark and solid: the pair stays apart in grey.
COLOURS = {"baseline": "#9aa5b1", "candidate": "#0b5a7a"}
INK, GRID, ACCENT = "#1f2933", "#d9dee3", "#c05621"
MARKERS = {"baseline": "o", "candidate": "s"}
LINES = {"baseline": (0, (4, 2)), "candidate": "solid"}
# The PDF text width (A4 less 2 x 18 mm): charts print at 1:1, so every chart shares one text size.
WIDTH_IN = 174 / 25.4
# Points per run kept in the bandwidth chart: min and max of each bucket, so peaks and troughs stay.
SERIES_BUCKETS = 600


@dataclass(frozen=True)
class Chart:
    """One drawn chart and the words that go with it."""

    id: str
    title: str
    caption: str
    alt: str
    svg: str


def _setup() -> None:
    for path in sorted(FONTS.glob("*.otf")):
        font_manager.fontManager.addfont(str(path))
    plt.rcParams.update(
        {
            "font.family": "Inter",
            "font.size": 8.5,
            "svg.fonttype": "none",
            "svg.hashsalt": "joint-test-report",
            "axes.edgecolor": INK,
            "axes.labelcolor": INK,
            "axes.titlesize": 9,
            "axes.titleweight": "semibold",
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "grid.color": GRID,
            "grid.linewidth": 0.6,
            "xtick.color": INK,
            "ytick.color": INK,
            "legend.frameon": False,
            "legend.fontsize": 8,
            "path.simplify": True,
            "axes.axisbelow": True,
        }
    )


_setup()


def _svg(fig) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def short(name: str, limit: int = 32) -> str:
    """A chart label: long names are cut with an ellipsis (tables print them in full)."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def _labels(m: Metrics) -> dict[str, str]:
    return {side: short(getattr(m.save, side).system) for side in SIDES}


def save_times(m: Metrics) -> Chart:
    """Every timed save as a point, the mean as a bar, the spread as a whisker when repeated."""
    fig, ax = plt.subplots(layout="constrained", figsize=(WIDTH_IN, 1.9))
    for y, side in enumerate(reversed(SIDES)):
        s = getattr(m.save, side)
        ax.barh(y, s.mean_s, height=0.55, color=COLOURS[side], alpha=0.35, edgecolor=COLOURS[side], zorder=2)
        jitter = np.linspace(-0.12, 0.12, len(s.times_s)) if len(s.times_s) > 1 else [0.0]
        ax.scatter(
            s.times_s,
            y + np.asarray(jitter),
            marker=MARKERS[side],
            s=16,
            color=COLOURS[side],
            zorder=4,
            edgecolor=INK,
            linewidth=0.4,
        )
        if s.stdev_s is not None:
            ax.errorbar(s.mean_s, y, xerr=s.stdev_s, color=INK, capsize=3, linewidth=0.9, zorder=5)
        ax.annotate(
            f"mean {seconds(s.mean_s)}", (s.mean_s, y), xytext=(6, 9), textcoords="offset points", fontsize=8, color=INK
        )
    ax.set_yticks([0, 1], [_labels(m)[s] for s in reversed(SIDES)])
    ax.set_xlabel("Checkpoint save time (s)")
    ax.set_xlim(0, max(m.save.baseline.max_s, m.save.candidate.max_s) * 1.18)
    ax.grid(axis="y", visible=False)
    runs = f"{m.save.baseline.runs} and {m.save.candidate.runs} runs"
    alt = (
        f"Bar and dot chart of save times for {m.save.baseline.model}: {_labels(m)['baseline']} mean "
        f"{seconds(m.save.baseline.mean_s)}, {_labels(m)['candidate']} mean {seconds(m.save.candidate.mean_s)} "
        f"({runs})."
    )
    return Chart(
        "save-times",
        "Checkpoint save time per system",
        f"Save time of one {num(m.save.baseline.snapshot_gb, 1)} GB checkpoint of {m.save.baseline.model}; "
        "each point is one run, the bar is the mean, the whisker one standard deviation when repeated.",
        alt,
        _svg(fig),
    )


def minmax_downsample(t: np.ndarray, v: np.ndarray, buckets: int = SERIES_BUCKETS) -> tuple[np.ndarray, np.ndarray]:
    """At most 2 x (buckets + 1) points: each bucket's minimum and maximum in time order, so extremes survive."""
    if len(t) <= 2 * buckets:
        return t, v
    size = len(v) // buckets
    whole = v[: size * buckets].reshape(buckets, size)
    offsets = np.arange(buckets) * size
    pairs = [np.stack((whole.argmin(axis=1) + offsets, whole.argmax(axis=1) + offsets), axis=1)]
    if len(v) > size * buckets:  # the remainder is a bucket of its own
        rest = v[size * buckets :]
        pairs.append(np.asarray([[rest.argmin(), rest.argmax()]]) + size * buckets)
    idx = np.sort(np.concatenate(pairs), axis=1).ravel()
    return t[idx], v[idx]


def bandwidth(m: Metrics, log: BandwidthLog) -> Chart:
    """Write bandwidth over time for every run, or per system when runs hold one sample each."""
    fig, ax = plt.subplots(layout="constrained", figsize=(WIDTH_IN, 2.5))
    names = _labels(m)
    over_time = bool(np.any(log.run_stop - log.run_start > 1))
    for side in SIDES:
        gbps = getattr(m.bandwidth, f"{side}_gbps")
        if over_time:
            for i, k in enumerate(log.runs_of(m.bandwidth.sides[side].system)):
                t, v = minmax_downsample(*log.samples(k))
                ax.plot(
                    t,
                    v,
                    color=COLOURS[side],
                    linewidth=0.9,
                    linestyle=LINES[side],
                    alpha=0.9,
                    label=names[side] if i == 0 else None,
                )
            ax.axhline(gbps, color=COLOURS[side], linewidth=0.8, linestyle=":")
            ax.annotate(
                f"sustained {num(gbps, 2)} GB/s",
                (1.0, gbps),
                xycoords=("axes fraction", "data"),
                xytext=(-2, 4),
                textcoords="offset points",
                ha="right",
                fontsize=7.5,
                color=INK,
            )
        else:
            x = SIDES.index(side)
            ax.bar(x, gbps, color=COLOURS[side], width=0.5, label=names[side])
            ax.annotate(f"{num(gbps, 2)} GB/s", (x, gbps), xytext=(0, 3), textcoords="offset points", ha="center")
    if over_time:
        ax.set_xlabel("Time since the run started (s)")
        ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=2)
    else:
        ax.set_xticks([0, 1], [names[s] for s in SIDES])
    ax.set_ylabel("Write bandwidth (GB/s)")
    highest = max(r.max_gbps for side in SIDES for r in m.bandwidth.sides[side].per_run)
    ax.set_ylim(0, max(highest, m.bandwidth.candidate_gbps) * 1.15)
    alt = (
        f"Write bandwidth {'over time' if over_time else 'per system'}: sustained "
        f"{num(m.bandwidth.baseline_gbps, 2)} GB/s on {names['baseline']} and "
        f"{num(m.bandwidth.candidate_gbps, 2)} GB/s on {names['candidate']}."
    )
    caption = (
        "Sustained write bandwidth samples over time; dotted lines mark each system's sustained mean. "
        "Long logs are thinned to each interval's minimum and maximum, so every peak and trough remains."
        if over_time
        else "Sustained write bandwidth per system (one sample per run)."
    )
    return Chart("bandwidth", "Sustained write bandwidth", caption, alt, _svg(fig))


def composition(m: Metrics) -> Chart:
    """Training wall time split into compute and checkpoint saves, with the bubble share."""
    b = m.bubble
    fig, ax = plt.subplots(layout="constrained", figsize=(WIDTH_IN, 1.9))
    totals = {"baseline": b.baseline_save_total_s, "candidate": b.candidate_save_total_s}
    shares = {"baseline": b.baseline_bubble_pct, "candidate": b.candidate_bubble_pct}
    for y, side in enumerate(reversed(SIDES)):
        ax.barh(
            y,
            b.compute_s / 3600,
            color="#e4e7eb",
            edgecolor=INK,
            linewidth=0.5,
            height=0.55,
            label="Compute" if y == 0 else None,
        )
        ax.barh(
            y,
            totals[side] / 3600,
            left=b.compute_s / 3600,
            color=COLOURS[side],
            edgecolor=INK,
            linewidth=0.5,
            height=0.55,
            label=f"Checkpoint saves ({_labels(m)[side]})",
        )
        end = (b.compute_s + totals[side]) / 3600
        ax.annotate(
            f"{num(shares[side], 1)}% bubble · {num(end, 2)} h",
            (end, y),
            xytext=(5, -3),
            textcoords="offset points",
            fontsize=8,
        )
    ax.set_yticks([0, 1], [_labels(m)[s] for s in reversed(SIDES)])
    ax.set_xlabel("Training wall time (h)")
    ax.set_xlim(0, b.baseline_duration_s / 3600 * 1.3)
    ax.grid(axis="y", visible=False)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.32), ncols=3)
    alt = (
        f"Stacked bars of training time: compute {num(b.compute_s / 3600, 2)} h on both systems; saves add "
        f"{seconds(b.baseline_save_total_s)} on the baseline and {seconds(b.candidate_save_total_s)} on the "
        f"candidate, a bubble share of {num(b.baseline_bubble_pct, 1)}% against {num(b.candidate_bubble_pct, 1)}%."
    )
    caption = (
        f"Wall time of {num(b.total_steps, 0)} steps with a synchronous save every "
        f"{num(b.checkpoint_interval_steps, 0)} steps ({b.saves} saves); compute time is the same on both."
    )
    return Chart("composition", "Training time: compute and checkpoint bubble", caption, alt, _svg(fig))


def load_times(m: Metrics) -> Chart:
    """Load time per model and platform, both systems, with the speedup."""
    models = m.load.models
    fig, ax = plt.subplots(layout="constrained", figsize=(WIDTH_IN, 0.9 + 0.5 * len(models)))
    y = np.arange(len(models))[::-1]
    h = 0.36
    names = {"baseline": short(m.load.baseline_system), "candidate": short(m.load.candidate_system)}
    ax.barh(
        y + h / 2,
        [x.baseline_s for x in models],
        height=h,
        color=COLOURS["baseline"],
        edgecolor=INK,
        linewidth=0.4,
        label=names["baseline"],
    )
    ax.barh(
        y - h / 2,
        [x.candidate_s for x in models],
        height=h,
        color=COLOURS["candidate"],
        edgecolor=INK,
        linewidth=0.4,
        label=names["candidate"],
    )
    for yi, x in zip(y, models, strict=True):
        ax.annotate(
            f"{num(x.speedup, 1)}× faster",
            (x.baseline_s, yi + h / 2),
            xytext=(4, -3),
            textcoords="offset points",
            fontsize=8,
            color=INK,
        )
    ax.set_yticks(y, [f"{short(x.model, 24)}\n{short(x.platform, 24)}" for x in models], fontsize=7.5)
    ax.set_xlabel("Model load time (s)")
    ax.set_xlim(0, max(x.baseline_s for x in models) * 1.25)
    ax.grid(axis="y", visible=False)
    ax.legend(loc="lower right")
    alt = (
        f"Grouped bars of model load time for {len(models)} model and platform pairs; the candidate loads "
        f"{num(m.load.speedup_min, 1)}× to {num(m.load.speedup_max, 1)}× faster than {names['baseline']}."
    )
    return Chart(
        "load-times",
        "Model load time for inference",
        "Mean time from the start of the load until the "
        "model is ready to serve, per model and platform; labels give the speedup.",
        alt,
        _svg(fig),
    )


def projection(m: Metrics) -> Chart:
    """Save time against snapshot size: measured points, the scaling line and the projected sizes."""
    fig, ax = plt.subplots(layout="constrained", figsize=(WIDTH_IN, 2.6))
    sizes = [s for side in SIDES for s in m.fits[side].sizes_gb] + [p.snapshot_gb for p in m.projections]
    x = np.linspace(0, max(sizes) * 1.08, 50)
    for side in SIDES:
        fit = m.fits[side]
        ax.plot(
            x,
            [predict(fit, v) for v in x],
            color=COLOURS[side],
            linestyle=LINES[side],
            linewidth=1.1,
            label=f"{_labels(m)[side]} ({fit.method})",
        )
        ax.scatter(
            fit.sizes_gb,
            fit.times_s,
            marker=MARKERS[side],
            color=COLOURS[side],
            edgecolor=INK,
            linewidth=0.4,
            s=18,
            zorder=4,
        )
        for p in m.projections:
            value = getattr(p, f"{side}_s")
            ax.scatter(
                [p.snapshot_gb],
                [value],
                marker="D",
                facecolor="white",
                edgecolor=COLOURS[side],
                s=26,
                linewidth=1.2,
                zorder=5,
            )
            ax.annotate(
                seconds(value),
                (p.snapshot_gb, value),
                xytext=(-6, 6),
                textcoords="offset points",
                ha="right",
                fontsize=7.5,
            )
    for p in m.projections:
        ax.axvline(p.snapshot_gb, color=GRID, linewidth=0.8, zorder=1)
    ax.set_xlabel("Checkpoint size (GB)")
    ax.set_ylabel("Save time (s)")
    ax.set_xlim(0, max(sizes) * 1.08)
    ax.set_ylim(bottom=0)
    ax.legend(loc="upper left")
    names = ", ".join(p.name for p in m.projections) or "no projection"
    alt = (
        f"Save time against checkpoint size with measured points and scaling lines for both systems; "
        f"projected sizes: {names}."
    )
    return Chart(
        "projection",
        "Projected save time by checkpoint size",
        "Filled markers are measured saves; open diamonds are the projections; lines show the scaling assumption.",
        alt,
        _svg(fig),
    )


def reliability(m: Metrics) -> Chart:
    """Expected overhead against checkpoint interval, with the configured and Young-optimal intervals."""
    r = m.reliability
    fig, ax = plt.subplots(layout="constrained", figsize=(WIDTH_IN, 2.6))
    costs = {side: getattr(m.save, side).mean_s for side in SIDES}
    lo = min(r.interval_s, *(getattr(r, s).optimal_interval_s for s in SIDES)) / 4
    hi = max(r.interval_s, *(getattr(r, s).optimal_interval_s for s in SIDES)) * 4
    x = np.geomspace(lo, hi, 200)
    top = 0.0
    for side in SIDES:
        y = [stats.overhead_pct(costs[side], v, r.job_mtbf_s, r.restart_s) for v in x]
        top = max(top, getattr(r, side).overhead_pct)
        ax.plot(x / 3600, y, color=COLOURS[side], linestyle=LINES[side], linewidth=1.2, label=_labels(m)[side])
        best = getattr(r, side)
        ax.scatter(
            [best.optimal_interval_s / 3600],
            [best.optimal_overhead_pct],
            marker="v",
            color=COLOURS[side],
            edgecolor=INK,
            s=30,
            zorder=5,
        )
        ax.scatter(
            [r.interval_s / 3600],
            [best.overhead_pct],
            marker=MARKERS[side],
            color=COLOURS[side],
            edgecolor=INK,
            s=22,
            zorder=5,
        )
    ax.axvline(r.interval_s / 3600, color=ACCENT, linewidth=0.8, linestyle="--")
    ax.annotate(
        "configured interval",
        (r.interval_s / 3600, 0.97),
        xycoords=("data", "axes fraction"),
        xytext=(4, -8),
        textcoords="offset points",
        fontsize=7.5,
        color=ACCENT,
    )
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    ax.set_xlabel("Checkpoint interval (h, log scale)")
    ax.set_ylabel("Expected overhead (% of time)")
    ax.set_ylim(0, top * 1.25 if math.isfinite(top) and top > 0 else 1)
    ax.legend(loc="upper right")
    alt = (
        f"Expected overhead against checkpoint interval for both systems; at the configured interval of "
        f"{seconds(r.interval_s)} the overhead is {num(r.baseline.overhead_pct, 2)}% against "
        f"{num(r.candidate.overhead_pct, 2)}%; triangles mark Young's optimal intervals."
    )
    return Chart(
        "reliability",
        "Failure-aware overhead by checkpoint interval",
        "Saves plus expected rework and restarts, first order (Young 1974); circles and squares mark the "
        "configured interval, triangles each system's optimal interval.",
        alt,
        _svg(fig),
    )


def throughput(m: Metrics) -> Chart:
    """Effective save throughput beside sustained bandwidth: how far the save is from the device limit."""
    fig, ax = plt.subplots(layout="constrained", figsize=(WIDTH_IN, 2.0))
    y = np.arange(2)[::-1]
    h = 0.36
    eff = [getattr(m.save, s).effective_gbps for s in SIDES]
    sus = [m.bandwidth.baseline_gbps, m.bandwidth.candidate_gbps]
    ax.barh(y + h / 2, sus, height=h, color="#e4e7eb", edgecolor=INK, linewidth=0.5, label="Sustained write bandwidth")
    ax.barh(
        y - h / 2,
        eff,
        height=h,
        color=[COLOURS[s] for s in SIDES],
        edgecolor=INK,
        linewidth=0.5,
        label="Effective save throughput (size / time)",
    )
    for yi, e, s in zip(y, eff, sus, strict=True):
        ax.annotate(f"{num(s, 2)}", (s, yi + h / 2), xytext=(3, -3), textcoords="offset points", fontsize=7.5)
        ax.annotate(
            f"{num(e, 2)} ({num(100 * e / s, 0)}%)",
            (e, yi - h / 2),
            xytext=(3, -3),
            textcoords="offset points",
            fontsize=7.5,
        )
    ax.set_yticks(y, [_labels(m)[s] for s in SIDES])
    ax.set_xlabel("GB/s")
    ax.set_xlim(0, max(sus + eff) * 1.25)
    ax.grid(axis="y", visible=False)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncols=2)
    alt = (
        f"Bars comparing effective save throughput ({num(eff[0], 2)} and {num(eff[1], 2)} GB/s) with sustained "
        f"write bandwidth ({num(sus[0], 2)} and {num(sus[1], 2)} GB/s)."
    )
    return Chart(
        "throughput",
        "Effective save throughput against sustained bandwidth",
        "Checkpoint size divided by mean save time, beside the sustained bandwidth each system measured.",
        alt,
        _svg(fig),
    )


def draw_all(m: Metrics, log: BandwidthLog) -> dict[str, Chart]:
    """Every chart of the report, keyed by id, in report order."""
    charts = [
        save_times(m),
        bandwidth(m, log),
        throughput(m),
        composition(m),
        projection(m),
        load_times(m),
        reliability(m),
    ]
    return {c.id: c for c in charts}
