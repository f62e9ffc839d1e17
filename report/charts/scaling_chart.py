"""The scaling chart: aggregate write bandwidth against client nodes, per side its runs, their mean and range, the
fitted law (dashed beyond the client nodes measured, which are shaded), a node-local side's one-node bandwidth times
the nodes, the training job's nodes and each projection's (report/charts/draw.py registers it)."""

from __future__ import annotations

import math

import matplotlib.ticker
import numpy as np
from matplotlib.figure import Figure

from report.charts.collisions import ALTERNATIVES
from report.charts.describe import Chart, wrapped
from report.charts.scaling_reach import both_run, client_range, crossing_drawn, curve_reach, scaling_of, tested_drawn
from report.charts.style import COLOURS, GRID, INK, MARKERS, figure, legend_above, mark_interval
from report.compute import SIDES, Metrics, ScalingSide
from report.compute import scaling_compare as compare
from report.compute.scaling_checks import refit_band
from report.formatting import num
from report.i18n import _, ngettext
from report.inputs.runs import BandwidthLog

#: The factor between two runs of one count drawn side by side on the log axis of client nodes.
RUN_STEP = 1.05
#: The factor right of their count at which the bandwidth tests are drawn, clear of the sweep's runs there.
TESTS_STEP = RUN_STEP**3


def draw(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Aggregate write bandwidth against client nodes: runs and means, the fitted laws, the measured range shaded, the
    training job's nodes and the projections' marked, the fitted peak and the crossover where the axis reaches them."""
    fig, ax = figure(chart)
    s = scaling_of(m)
    lo, hi = client_range(m)
    grid = np.geomspace(max(1.0, lo), hi, 400)
    _tested(ax, m)
    top = 0.0
    for key, side in zip(SIDES, s.sides(), strict=True):
        name = m.save.side(key).system
        if side is not None:
            top = max(top, _runs(ax, key, side, wrapped(name, 40)))  # every side's points in the legend (reading 10)
        if side is not None and side.usl is not None:
            top = max(top, _curve(ax, key, side, grid, wrapped(_("{system} (fitted law)").format(system=name), 40)))
        elif (one := s.one_node_gbps.side(key)) is not None:
            label = wrapped(_("{system}: one node's bandwidth × nodes (modelled, not swept)").format(system=name), 40)
            ax.plot(grid, one * grid, color=COLOURS[key], linewidth=1.2, linestyle=":", label=label)
            # its one measurement: one node's bandwidth, at one node (scaling reading 5, §3: no marker before)
            ax.scatter(
                [1],
                [one],
                marker=MARKERS[key],
                s=36,
                facecolor="white",
                edgecolor=COLOURS[key],
                linewidth=1.4,
                zorder=5,
                label=wrapped(_("{system}: one node (bandwidth test)").format(system=name), 40),
            )
            top = max(top, one * hi)
    top = max(top, _bandwidth_tests(ax, m, log))
    _crossing(ax, m, hi)
    _marks(ax, m)
    _log2_x(ax, lo, hi, [p.clients for side in s.sides() if side is not None for p in side.points])
    ax.set_xlabel(_("Client nodes writing at once (log scale)"))
    ax.set_ylabel(_("Aggregate write bandwidth (GB/s)"))
    ax.set_ylim(0, top * 1.15 if top > 0 else 1)
    legend_above(ax, 3)
    return fig


def _tested(ax, m: Metrics) -> None:
    """The client nodes tested, shaded; where one side ran further, the span both ran darker than the rest (scaling
    reading 11b, m8: one band from 1 to 24 read as both tested to 24, HDD NAS stopping at 16)."""
    s = scaling_of(m)
    low = min(side.points[0].clients for side in s.sides() if side is not None)
    span = both_run(m)
    if span is None:
        ax.axvspan(low, s.max_clients, color=GRID, alpha=0.45, linewidth=0, zorder=0, label=_("client nodes tested"))
        return
    ax.axvspan(low, s.max_clients, color=GRID, alpha=0.2, linewidth=0, zorder=0, label=_("tested on one system"))
    ax.axvspan(*span, color=GRID, alpha=0.55, linewidth=0, zorder=0, label=_("tested on both systems"))


def _curve(ax, key: str, side: ScalingSide, grid, label: str) -> float:
    """A side's fitted law, solid over its client nodes tested, dashed beyond them up to its reach (none where the law
    does not describe its points: scaling reading 10, B1), with the refits' band and the fitted peak; the highest
    value drawn."""
    assert side.usl is not None
    shown = grid[grid <= curve_reach(side)]
    values = np.array([np.nan if (c := side.usl.capacity(k)) is None else c for k in shown])
    inside = shown <= side.max_clients
    # a law that does not describe the points is drawn dashed where it was tested too: no solid line reads as a law
    # through counts never run (scaling reading 11b, m8)
    style = "-" if side.usl.describes else (0, (4, 2))
    ax.plot(shown[inside], values[inside], color=COLOURS[key], linewidth=1.4, linestyle=style, label=label)
    beyond = shown >= side.max_clients
    top = 0.0
    if beyond.sum() > 1:
        ax.plot(shown[beyond], values[beyond], color=COLOURS[key], linewidth=1.2, linestyle=(0, (4, 2)))
        top = _refits(ax, key, side, shown[beyond])
    _peak(ax, key, side)
    return max(top, float(np.nanmax(values)) if np.isfinite(values).any() else 0.0)


def _refits(ax, key: str, side: ScalingSide, ks) -> float:
    """Beyond the client nodes tested, the band the one-run-per-count refits span, in the side's colour (scaling
    reading 7b, minor 10: no spread drawn on the extrapolation); the highest drawn value, 0 where none is drawn."""
    found = refit_band(side, [float(k) for k in ks]) if len(ks) > 1 else None
    if found is None:
        return 0.0
    low, high = np.array(found[0]), np.array(found[1])
    ax.fill_between(ks, low, high, color=COLOURS[key], alpha=0.14, linewidth=0, zorder=1, label=_("spread of refits"))
    return float(np.nanmax(high)) if np.isfinite(high).any() else 0.0


def _peak(ax, key: str, side: ScalingSide) -> None:
    """The fitted peak as an open diamond on the curve, where the curve reaches it (`curve_reach`)."""
    u = side.usl
    if u is None or not u.describes or u.peak_clients is None or not 1 <= u.peak_clients <= curve_reach(side):
        return
    c = u.capacity(u.peak_clients)
    if c is None:
        return
    ax.scatter(
        [u.peak_clients],
        [c],
        marker="D",
        s=30,
        facecolor="white",
        edgecolor=COLOURS[key],
        linewidth=1.2,
        zorder=6,
        label=_("fitted peak"),
    )


def _bandwidth_tests(ax, m: Metrics, log: BandwidthLog) -> float:
    """Each side's sustained-bandwidth test at the client count it ran on, as an open star in its colour, apart from the
    sweep's points (scaling reading 14, m7), with a bar over its runs' means where it has several, and named in the
    legend as a separate test (scaling reading 15, m7: on the log axis the star read as the sweep's next point); the
    highest drawn, 0 where none is."""
    t = tested_drawn(m)
    if t is None:
        return 0.0
    values = {"baseline": m.bandwidth.baseline_gbps, "candidate": m.bandwidth.candidate_gbps}
    x, top = t.clients * TESTS_STEP, 0.0
    for i, key in enumerate(SIDES):
        runs = tested_runs(m, log, key)
        if len(runs) > 1:
            ax.errorbar(
                [x],
                [values[key]],
                yerr=[[values[key] - min(runs)], [max(runs) - values[key]]],
                fmt="none",
                ecolor=COLOURS[key],
                elinewidth=1.0,
                capsize=3,
                zorder=4,
            )
        ax.scatter(
            [x],
            [values[key]],
            marker="*",
            s=90,
            facecolor="white",
            edgecolor=COLOURS[key],
            linewidth=1.1,
            zorder=5,
            label=_("separate sustained-bandwidth test, not the sweep") if i == 0 else None,
        )
        top = max(top, values[key], *runs)
    return top


def tested_runs(m: Metrics, log: BandwidthLog, key: str) -> list[float]:
    """Side `key`'s bandwidth test, each run's mean (the bar over the star where there are several)."""
    return [float(v) for v in log.run_mean[log.runs_of(m.bandwidth.side(key).system)]]


def _crossing(ax, m: Metrics, hi: float) -> None:
    """Where the two curves cross, as a cross on them, where both are drawn and the axis reaches it."""
    s = scaling_of(m)
    x = crossing_drawn(m)
    f = None if x is None else compare.curve(s, "candidate")
    if x is None or f is None or x.clients > hi or (y := f(x.clients)) is None:
        return
    ax.scatter([x.clients], [y], marker="X", s=42, color=INK, zorder=6, label=_("curves cross"))


def _runs(ax, key: str, side: ScalingSide, label: str | None) -> float:
    """Each run as a point, its count's range as a bar, the means as the side's marker; the highest run. Sized to be
    seen at reading size (scaling reading 5, §3: runs and bars invisible at 70 dpi)."""
    for point in side.points:
        # side by side around their count (a log axis: by a factor), so that runs a percent apart stay visible
        spread = [point.clients * RUN_STEP ** (i - (point.runs - 1) / 2) for i in range(point.runs)]
        ax.scatter(
            spread,
            point.run_gbps,
            s=14,
            facecolor="white",
            edgecolor=COLOURS[key],
            linewidth=0.9,
            zorder=3,
        )
        if point.runs > 1:
            low, high = min(point.run_gbps), max(point.run_gbps)
            ax.vlines(point.clients, low, high, color=COLOURS[key], linewidth=1.6, zorder=3)
    ax.scatter(
        [p.clients for p in side.points],
        [p.mean_gbps for p in side.points],
        marker=MARKERS[key],
        s=30,
        color=COLOURS[key],
        edgecolor=INK,
        linewidth=0.4,
        zorder=4,
        label=label,
    )
    return max(v for p in side.points for v in p.run_gbps)


def _marks(ax, m: Metrics) -> None:
    """The training job's nodes (dashed, labelled at the top) and each projection's (dotted, named at the bottom)."""
    k = scaling_of(m).job_nodes
    # a projection's line within 4× on the right crossed the label (scaling reading 10, minor 6): the label goes left
    near = any(p.nodes is not None and k < p.nodes <= 4 * k for p in m.projections)
    label = _("training job: {nodes}").format(nodes=ngettext("{n} node", "{n} nodes", k).format(n=k))
    mark_interval(ax, k, label, left=near)
    for p in m.projections:
        if (nodes := p.nodes) is not None:
            ax.axvline(nodes, color=INK, linewidth=0.7, linestyle=":")
            label = ax.annotate(
                p.name,
                (nodes, 0.03),
                xycoords=("data", "axes fraction"),
                xytext=(3, 0),
                textcoords="offset points",
                fontsize=7,
                color=INK,
                rotation=90,
                va="bottom",
                zorder=7,
                # readable where it crosses a curve or the refits' band (scaling reading 9, m3)
                bbox={"boxstyle": "square,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
            )
            # where the foot of the line holds points, its name in two lines there, else at its head, below the job's
            # label, else its GPUs alone half-way up, which the caption's name carries (scaling reading 14, m7: the
            # 16-node line's name was dropped)
            short = wrapped(p.name, 24)
            gpus = ngettext("{n} GPU", "{n} GPUs", p.gpus or 0).format(n=num(p.gpus or 0, 0))
            places = [((nodes, 0.03), (3, 0), "bottom", short), ((nodes, 0.97), (3, -14), "top", short)]
            setattr(label, ALTERNATIVES, [*places, ((nodes, 0.55), (3, 0), "center", gpus)])


def _log2_x(ax, lo: float, hi: float, counts: list[int]) -> None:
    """A log-scale axis of client nodes ticked at the counts tested where they are few (1, 2, 3), else at 1, 2, 4, 8,
    … (every other power of two where more than eight)."""
    ax.set_xscale("log")
    ax.set_xlim(lo, hi)
    powers = [2**i for i in range(0, 40) if lo <= 2**i <= hi]
    if len(powers) > 8:
        powers = powers[:: math.ceil(len(powers) / 8)]
    if len(set(counts)) <= 6 and max(counts) * 4 > hi:  # the counts tested span most of the axis: tick them
        powers = sorted(set(counts) | {p for p in powers if p > max(counts)})
    ax.xaxis.set_major_locator(matplotlib.ticker.FixedLocator(powers))
    ax.xaxis.set_major_formatter(matplotlib.ticker.FixedFormatter([num(p, 0) for p in powers]))
    ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
