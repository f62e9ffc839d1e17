"""The charts against the checkpoint interval: the failure-aware overhead, the stall per save of asynchronous saves
and the training-time benefit's sensitivity (report/charts/draw.py registers them with the others)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from matplotlib.figure import Figure

from report import stats
from report.charts.describe import Chart, labels
from report.charts.style import ACCENT, COLOURS, INK, LINES, MARKERS
from report.charts.style import figure as _figure
from report.charts.style import legend_above as _legend_above
from report.charts.style import mark_interval as _mark_interval
from report.charts.ticks import log_x
from report.compute import SIDES, Metrics
from report.formatting import num
from report.i18n import _
from report.inputs.runs import BandwidthLog

# id -> drawing function of this module's charts; report/charts/draw.py merges them into its DRAWERS.
DRAWERS: dict[str, Callable[[Metrics, BandwidthLog, Chart], Figure]] = {}


def _draws(chart_id: str):
    """Register the function that draws the chart `chart_id`."""

    def register(func: Callable[[Metrics, BandwidthLog, Chart], Figure]):
        DRAWERS[chart_id] = func
        return func

    return register


def _blocking_and_lag(m: Metrics, side: str) -> tuple[float, float]:
    """The part of a save that blocks training and the write lag (sync: the save time and 0; async: staging and the
    save time), as the failure model takes them (CONTRACT.md)."""
    save = m.save.side(side)
    if m.checkpoint_mode == "async":
        staged = m.async_.side(side)
        return staged.staging_s, staged.write_lag_s
    return save.mean_s, 0.0


@_draws("reliability")
def reliability(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Expected overhead against checkpoint interval, with the configured and Young-optimal intervals."""
    r = m.reliability
    fig, ax = _figure(chart)
    sides = {
        side: (_blocking_and_lag(m, side), best) for side, best in zip(SIDES, (r.baseline, r.candidate), strict=True)
    }
    lo = min(r.interval_s, r.baseline.optimal_interval_s, r.candidate.optimal_interval_s) / 4
    hi = max(r.interval_s, r.baseline.optimal_interval_s, r.candidate.optimal_interval_s) * 4
    x = np.geomspace(lo, hi, 200)
    top = 0.0
    for side, ((blocking, lag), best) in sides.items():
        y = [stats.failure_overhead_pct(blocking, lag, v, r.job_mtbf_s, best.recovery_s) for v in x]
        top = max(top, best.overhead_pct)
        ax.plot(x / 3600, y, color=COLOURS[side], linestyle=LINES[side], linewidth=1.2, label=labels(m, chart)[side])
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
    _mark_interval(ax, r.interval_s / 3600, _("configured interval"))
    log_x(ax)
    ax.set_xlabel(_("Checkpoint interval (h, log scale)"))
    ax.set_ylabel(_("Expected overhead (% of compute time)"))
    ax.set_ylim(0, top * 1.25 if math.isfinite(top) and top > 0 else 1)
    _legend_above(ax, 2)
    return fig


@_draws("stall")
def stall(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Stall per save against the checkpoint interval (steps), today's interval and each stall-free bound marked."""
    a, k, step = m.async_, m.bubble.checkpoint_interval_steps, m.reliability.step_time_s
    fig, ax = _figure(chart)
    bounds = [side.min_interval_steps for side in a.sides()]
    lo, hi = max(1.0, min([k, *bounds]) / 4), max([k, *bounds]) * 4
    x = np.geomspace(lo, hi, 300)
    top = 0.0
    for side, stats_side in zip(SIDES, a.sides(), strict=True):
        y = stats_side.staging_s + np.maximum(0.0, stats_side.write_lag_s - x * step)
        top = max(top, float(y.max()))
        ax.plot(x, y, color=COLOURS[side], linestyle=LINES[side], linewidth=1.2, label=labels(m, chart)[side])
        ax.scatter(
            [stats_side.min_interval_steps],
            [stats_side.staging_s],
            marker="v",
            color=COLOURS[side],
            edgecolor=INK,
            s=30,
            zorder=5,
            clip_on=False,  # on the axis when staging is 0: still seen whole
        )
        ax.annotate(
            num(stats_side.min_interval_steps, 0),
            (stats_side.min_interval_steps, stats_side.staging_s),
            xytext=(0, 6),
            textcoords="offset points",
            ha="center",
            fontsize=7.5,
            color=INK,
        )
    _mark_interval(ax, k, _("today's interval"))
    log_x(ax)
    ax.set_xlabel(_("Checkpoint interval (steps, log scale)"))
    ax.set_ylabel(_("Stall per save (s)"))
    ax.set_ylim(0, top * 1.15 if top > 0 else 1)
    _legend_above(ax, 2)
    return fig


@_draws("sensitivity")
def sensitivity(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """The training-time benefit against the checkpoint interval (left) and the step time (right)."""
    sv, b = m.sensitivity, m.bubble
    fig, (left, right) = _figure(chart, cols=2)
    panels = (
        (
            left,
            sv.intervals_steps,
            sv.interval_reduction_pct,
            b.checkpoint_interval_steps,
            _("Checkpoint interval (steps, log scale)"),  # both axes logarithmic, said as figures 6 and 7 say it
        ),
        (
            right,
            sv.step_times_s,
            sv.step_time_reduction_pct,
            sv.step_time_s,
            _("Compute time per step (s, log scale)"),
        ),
    )
    for ax, x, y, here, label in panels:
        ax.plot(x, y, color=COLOURS["candidate"], linewidth=1.2)
        ax.scatter([here], [b.duration_reduction_pct], color=ACCENT, edgecolor=INK, s=24, zorder=5)
        ax.axhline(sv.target_pct, color=ACCENT, linewidth=0.8, linestyle="--")
        log_x(ax)
        ax.set_xlabel(label)
        # a run made longer is below zero: the axis takes it in, with a zero line (cold read 6: empty on 0-1)
        low = min(0.0, min(y), b.duration_reduction_pct) * 1.15
        high = max(max(y), sv.target_pct, 0.0) * 1.15
        ax.set_ylim(low, high if high > low else low + 1)
        if low < 0:
            ax.axhline(0, color=INK, linewidth=0.6)
    left.set_ylabel(_("Training run shorter by (%)"))
    return fig
