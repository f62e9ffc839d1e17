"""Drawing the charts: vector SVG from the computed figures, deterministic, readable in print and in grey."""

from __future__ import annotations

import io
import math
from pathlib import Path

import matplotlib
import matplotlib.ticker
import numpy as np
from matplotlib import font_manager
from matplotlib.figure import Figure

from report import stats
from report.charts import Chart, labels, over_time, short
from report.compute import SIDES, Metrics, predict
from report.formatting import num, seconds
from report.runs import BandwidthLog

FONTS = Path(__file__).parent / "assets" / "fonts"
# Baseline light and dashed, candidate dark and solid: the pair stays apart in grey.
COLOURS = {"baseline": "#9aa5b1", "candidate": "#0b5a7a"}
INK, GRID, ACCENT = "#1f2933", "#d9dee3", "#c05621"
MARKERS = {"baseline": "o", "candidate": "s"}
LINES = {"baseline": (0, (4, 2)), "candidate": "solid"}
# Points per run kept in the bandwidth chart: min and max of each bucket, so peaks and troughs stay.
SERIES_BUCKETS = 600


def _setup() -> None:
    for path in sorted(FONTS.glob("*.otf")):
        font_manager.fontManager.addfont(str(path))
    matplotlib.rcParams.update(
        {
            "font.family": ["Inter", "Noto Sans CJK SC"],  # the CJK font draws what Inter cannot (names in Chinese)
            "text.parse_math": False,  # texts from the inputs are text: "$x$" is not mathematics
            "text.usetex": False,
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


def _figure(chart: Chart):
    """A figure of the chart's size with one axes; no pyplot, so no global state and a lighter import."""
    fig = Figure(figsize=(chart.width_in, chart.height_in), layout="constrained")
    return fig, fig.subplots()


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]


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


def save_times(m: Metrics, chart: Chart) -> str:
    """Every timed save as a point, the mean as a bar, the spread as a whisker when repeated."""
    fig, ax = _figure(chart)
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
    ax.set_yticks([0, 1], [labels(m)[s] for s in reversed(SIDES)])
    ax.set_xlabel("Checkpoint save time (s)")
    ax.set_xlim(0, max(m.save.baseline.max_s, m.save.candidate.max_s) * 1.18)
    ax.grid(axis="y", visible=False)
    return _svg(fig)


def bandwidth(m: Metrics, log: BandwidthLog, chart: Chart) -> str:
    """Write bandwidth over time for every run, or per system when runs hold one sample each."""
    fig, ax = _figure(chart)
    names = labels(m)
    timed = over_time(log)
    for side in SIDES:
        gbps = getattr(m.bandwidth, f"{side}_gbps")
        if timed:
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
                # A long log's samples cover the line: the label stays legible on a light ground.
                bbox={"boxstyle": "square,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
                zorder=6,
            )
        else:
            x = SIDES.index(side)
            ax.bar(x, gbps, color=COLOURS[side], width=0.5, label=names[side])
            ax.annotate(f"{num(gbps, 2)} GB/s", (x, gbps), xytext=(0, 3), textcoords="offset points", ha="center")
    if timed:
        ax.set_xlabel("Time since the run started (s)")
        ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=2)
    else:
        ax.set_xticks([0, 1], [names[s] for s in SIDES])
    ax.set_ylabel("Write bandwidth (GB/s)")
    highest = max(log.run_max[log.runs_of(m.bandwidth.sides[side].system)].max() for side in SIDES)
    ax.set_ylim(0, max(highest, m.bandwidth.candidate_gbps) * 1.15)
    return _svg(fig)


def throughput(m: Metrics, chart: Chart) -> str:
    """Effective save throughput beside sustained bandwidth: how far the save is from the device limit."""
    fig, ax = _figure(chart)
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
    ax.set_yticks(y, [labels(m)[s] for s in SIDES])
    ax.set_xlabel("GB/s")
    ax.set_xlim(0, max(sus + eff) * 1.25)
    ax.grid(axis="y", visible=False)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncols=2)
    return _svg(fig)


def composition(m: Metrics, chart: Chart) -> str:
    """Training wall time split into compute and checkpoint saves, with the bubble share."""
    b = m.bubble
    fig, ax = _figure(chart)
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
            label=f"Checkpoint saves ({labels(m)[side]})",
        )
        end = (b.compute_s + totals[side]) / 3600
        ax.annotate(
            f"{num(shares[side], 1)}% bubble · {num(end, 2)} h",
            (end, y),
            xytext=(5, -3),
            textcoords="offset points",
            fontsize=8,
        )
    ax.set_yticks([0, 1], [labels(m)[s] for s in reversed(SIDES)])
    ax.set_xlabel("Training wall time (h)")
    ax.set_xlim(0, b.baseline_duration_s / 3600 * 1.3)
    ax.grid(axis="y", visible=False)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.32), ncols=3)
    return _svg(fig)


def projection(m: Metrics, chart: Chart) -> str:
    """Save time against snapshot size: measured points, the scaling line and the projected sizes."""
    fig, ax = _figure(chart)
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
            label=f"{labels(m)[side]} ({fit.method})",
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
    return _svg(fig)


def load_times(m: Metrics, chart: Chart) -> str:
    """Load time per model and platform, both systems, with the speedup."""
    models = m.load.models
    fig, ax = _figure(chart)
    y = np.arange(len(models))[::-1]
    h = 0.36
    names = {"baseline": short(m.load.baseline_system), "candidate": short(m.load.candidate_system)}
    for side, offset in (("baseline", h / 2), ("candidate", -h / 2)):
        times = [getattr(x, f"{side}_s") for x in models]
        ax.barh(y + offset, times, height=h, color=COLOURS[side], edgecolor=INK, linewidth=0.4, label=names[side])
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
    return _svg(fig)


def reliability(m: Metrics, chart: Chart) -> str:
    """Expected overhead against checkpoint interval, with the configured and Young-optimal intervals."""
    r = m.reliability
    fig, ax = _figure(chart)
    costs = {side: getattr(m.save, side).mean_s for side in SIDES}
    lo = min(r.interval_s, *(getattr(r, s).optimal_interval_s for s in SIDES)) / 4
    hi = max(r.interval_s, *(getattr(r, s).optimal_interval_s for s in SIDES)) * 4
    x = np.geomspace(lo, hi, 200)
    top = 0.0
    for side in SIDES:
        y = [stats.overhead_pct(costs[side], v, r.job_mtbf_s, r.restart_s) for v in x]
        top = max(top, getattr(r, side).overhead_pct)
        ax.plot(x / 3600, y, color=COLOURS[side], linestyle=LINES[side], linewidth=1.2, label=labels(m)[side])
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
    return _svg(fig)


def draw_all(m: Metrics, log: BandwidthLog, charts: dict[str, Chart]) -> dict[str, str]:
    """Every chart's SVG, keyed by id, each at the size `charts` gives it."""
    return {
        "save-times": save_times(m, charts["save-times"]),
        "bandwidth": bandwidth(m, log, charts["bandwidth"]),
        "throughput": throughput(m, charts["throughput"]),
        "composition": composition(m, charts["composition"]),
        "projection": projection(m, charts["projection"]),
        "load-times": load_times(m, charts["load-times"]),
        "reliability": reliability(m, charts["reliability"]),
    }
