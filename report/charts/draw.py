"""Drawing the charts: vector SVG from the computed figures, deterministic, readable in print and in grey."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable
from pathlib import Path

import matplotlib
import matplotlib.ticker
import numpy as np
from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from report.charts import collisions as layout
from report.charts import interval_charts, scaling_chart, ticks
from report.charts.describe import SERIES_BUCKETS, Chart, labels, over_time, throughputs, wrapped
from report.charts.style import COLOURS, GRID, INK, LINES, MARKERS
from report.charts.style import figure as _figure
from report.charts.style import legend_above as _legend_above
from report.charts.svg import plain_svg
from report.compute import SIDES, Metrics, predict
from report.formatting import natural_key, projection_texts, s3, sig
from report.i18n import _
from report.inputs.runs import BandwidthLog, both_sustained, minmax_downsample

FONTS = Path(__file__).resolve().parents[1] / "assets" / "fonts"


def _setup() -> None:
    # Only the shipped files draw and measure the shipped families: a machine's own copy of a family (Debian's
    # fonts-noto-cjk installs "Noto Sans CJK SC" too) would otherwise win matplotlib's match and move the text.
    shipped = sorted(FONTS.glob("*.otf"))
    families = {font_manager.FontProperties(fname=str(path)).get_name() for path in shipped}
    manager = font_manager.fontManager
    manager.ttflist = [entry for entry in manager.ttflist if entry.name not in families]
    for path in shipped:
        manager.addfont(str(path))
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
            "figure.autolayout": False,  # report/charts/collisions.py removes the engine once the layout is kept
            "figure.constrained_layout.use": False,
        }
    )


def _text_measured_once() -> None:
    """Measure each text once for the whole drawing, not once in every figure (issue 27).

    matplotlib keeps a text's size per renderer object (`matplotlib.text._get_text_metrics_with_cache`), and every
    figure has renderers of its own: the nine charts measured the same tick labels, units and names again, chart
    after chart, an eighth of the drawing (0.08 s). A size depends on the renderer's kind (Agg to lay out, SVG to
    save), the text, its font properties and the dpi, never on the figure asking: the same sizes, the same SVG
    (tests/charts/test_describe.py draws every chart both ways)."""
    import matplotlib.text

    # a private function of matplotlib, absent from the .pyi files matplotlib ships
    measure = matplotlib.text._get_text_metrics_with_cache  # type: ignore[attr-defined]
    if hasattr(measure, "__wrapped__"):  # already shared (the module imported again, as the tests do)
        return
    sizes: dict[tuple, tuple[float, float, float]] = {}

    @functools.wraps(measure)  # sets __wrapped__, which marks the function shared
    def measured(renderer, text, fontprop, ismath, dpi):
        key = (type(renderer), text, fontprop, ismath, dpi)
        if key not in sizes:  # kept under a copy: a FontProperties is mutable, and so is its hash
            sizes[(type(renderer), text, fontprop.copy(), ismath, dpi)] = measure(renderer, text, fontprop, ismath, dpi)
        return sizes[key]

    matplotlib.text._get_text_metrics_with_cache = measured  # type: ignore[attr-defined]  # private, as above


_setup()
_text_measured_once()


# id -> drawing function, filled by @draws; report/charts/describe.py's DESCRIBERS holds the same ids (a test checks).
DRAWERS: dict[str, Callable[[Metrics, BandwidthLog, Chart], Figure]] = {}


def draws(chart_id: str):
    """Register the function that draws the chart `chart_id`."""

    def register(func: Callable[[Metrics, BandwidthLog, Chart], Figure]):
        DRAWERS[chart_id] = func
        return func

    return register


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    # "font-family: 'Inter', 'Noto Sans CJK SC'" -> "'Inter','Noto Sans CJK SC'": WeasyPrint's SVG text strips only
    # the quotes of each name, so " 'Noto Sans CJK SC" after the space matched no face and fontconfig picked any CJK
    # font the machine had (docs/weasyprint-upstream.md).
    text = _FAMILIES.sub(lambda found: found[0].replace(", ", ","), text)
    return plain_svg(text[text.index("<svg") :])


_FAMILIES = re.compile(r"font-family: [^;\"]+")


@draws("save-times")
def save_times(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Every timed save as a point, the mean as a bar, the spread as a whisker when repeated."""
    fig, ax = _figure(chart)
    for y, (side, s) in enumerate(reversed(list(zip(SIDES, m.save.sides(), strict=True)))):
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
        # Above the bar's top edge (0.275), in the gap between the bars, where no point or whisker is drawn.
        ax.annotate(
            _("mean {time}").format(time=s3(s.mean_s)),
            (s.mean_s, y + 0.3),
            xytext=(3, 0),
            textcoords="offset points",
            va="bottom",
            fontsize=8,
            color=INK,
        )
    # Room above the upper bar for its label: the baseline's mean was drawn outside the axes, and cut.
    ax.set_ylim(-0.45, 1.75)
    ax.set_yticks([0, 1], [labels(m, chart)[s] for s in reversed(SIDES)])
    ax.set_xlabel(_("Checkpoint save time (s)"))
    ax.set_xlim(0, max(m.save.baseline.max_s, m.save.candidate.max_s) * 1.18)
    ax.grid(axis="y", visible=False)
    return fig


@draws("bandwidth")
def bandwidth(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Write bandwidth over time for every run, or per system when runs hold one sample each."""
    fig, ax = _figure(chart)
    names = labels(m, chart)
    timed = over_time(log)
    for side, bw in zip(SIDES, m.bandwidth.sides(), strict=True):
        gbps = bw.sustained_gbps
        if timed:
            for i, k in enumerate(log.runs_of(bw.system)):
                t, v = minmax_downsample(*log.samples(k), SERIES_BUCKETS)
                ax.plot(
                    t,
                    v,
                    color=COLOURS[side],
                    linewidth=0.9,
                    linestyle=LINES[side],
                    alpha=0.9,
                    label=names[side] if i == 0 else None,
                )
                if len(t) < 2:  # a one-sample run draws no line: a marker shows it (a scatter, so labels avoid it)
                    ax.scatter(
                        t, v, marker=MARKERS[side], s=16, color=COLOURS[side], edgecolor=INK, linewidth=0.4, zorder=4
                    )
            ax.axhline(gbps, color=COLOURS[side], linewidth=0.8, linestyle=":")
            ax.annotate(
                (_("sustained {bandwidth} GB/s") if both_sustained(m.bandwidth) else _("mean {bandwidth} GB/s")).format(
                    bandwidth=sig(gbps)
                ),
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
            ax.annotate(f"{sig(gbps)} GB/s", (x, gbps), xytext=(0, 3), textcoords="offset points", ha="center")
    if timed:
        ax.set_xlabel(_("Time since the run started (s)"))
        _legend_above(ax, 2)
    else:
        ax.set_xticks([0, 1], [names[s] for s in SIDES])
    ax.set_ylabel(_("Write bandwidth (GB/s)"))
    highest = max(log.run_max[log.runs_of(bw.system)].max() for bw in m.bandwidth.sides())
    ax.set_ylim(0, max(highest, m.bandwidth.candidate_gbps) * 1.15)
    return fig


@draws("throughput")
def throughput(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Effective save throughput beside sustained bandwidth: how far the save is from the device limit."""
    fig, ax = _figure(chart)
    y = np.arange(2)[::-1]
    h = 0.36
    eff = throughputs(m)  # one node's part where the system is local to each node and the job spans nodes
    sus = [m.bandwidth.baseline_gbps, m.bandwidth.candidate_gbps]
    ax.barh(
        y + h / 2,
        sus,
        height=h,
        color="#e4e7eb",
        edgecolor=INK,
        linewidth=0.5,
        label=_("Sustained write bandwidth") if both_sustained(m.bandwidth) else _("Write bandwidth"),
    )
    ax.barh(
        y - h / 2,
        eff,
        height=h,
        color=[COLOURS[s] for s in SIDES],
        edgecolor=INK,
        linewidth=0.5,
        label=_("Effective save throughput (size / time)"),
    )
    for yi, e, s in zip(y, eff, sus, strict=True):
        ax.annotate(f"{sig(s)}", (s, yi + h / 2), xytext=(3, -3), textcoords="offset points", fontsize=7.5)
        ax.annotate(
            f"{sig(e)} ({sig(100 * e / s)}%)",
            (e, yi - h / 2),
            xytext=(3, -3),
            textcoords="offset points",
            fontsize=7.5,
        )
    names = [labels(m, chart)[s] + ("\n" + _("(one node)") if m.node_part(s) is not None else "") for s in SIDES]
    ax.set_yticks(y, names)
    ax.set_xlabel("GB/s")
    ax.set_xlim(0, max(sus + eff) * 1.25)
    ax.grid(axis="y", visible=False)
    _legend_above(ax, 2)
    return fig


@draws("composition")
def composition(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Training wall time split into compute and checkpoint saves, with the bubble share."""
    b = m.bubble
    fig, ax = _figure(chart)
    totals = {"baseline": b.baseline_save_total_s, "candidate": b.candidate_save_total_s}
    shares = {"baseline": b.baseline_bubble_pct, "candidate": b.candidate_bubble_pct}
    # The bars are saves × pause: the saves' time when synchronous, the stalls' when asynchronous.
    legend = _("Checkpoint stalls ({system})") if m.checkpoint_mode == "async" else _("Checkpoint saves ({system})")
    for y, side in enumerate(reversed(SIDES)):
        ax.barh(
            y,
            b.compute_s / 3600,
            color="#e4e7eb",
            edgecolor=INK,
            linewidth=0.5,
            height=0.55,
            label=_("Compute") if y == 0 else None,
        )
        ax.barh(
            y,
            totals[side] / 3600,
            left=b.compute_s / 3600,
            color=COLOURS[side],
            edgecolor=INK,
            linewidth=0.5,
            height=0.55,
            label=wrapped(legend.format(system=chart.label(m.save.sides()[SIDES.index(side)].system)), 32),
        )
        end = (b.compute_s + totals[side]) / 3600
        ax.annotate(
            _("{share}% bubble · {hours} h").format(share=sig(shares[side]), hours=sig(end)),
            (end, y),
            xytext=(5, -3),
            textcoords="offset points",
            fontsize=8,
        )
    ax.set_yticks([0, 1], [labels(m, chart)[s] for s in reversed(SIDES)])
    ax.set_xlabel(_("Training wall time (h)"))
    ax.set_xlim(0, b.baseline_duration_s / 3600 * 1.3)
    ax.grid(axis="y", visible=False)
    _legend_above(ax, 3)
    return fig


def projection_frames(m: Metrics) -> tuple[tuple[str, ...], ...]:
    """The sides each panel of the projection chart draws: the shared sides against the whole checkpoint, then the
    sides local to each node against each node's part, the size their lines are fitted over and evaluated at
    (settled point 5). One panel when every side is of one kind."""
    local = tuple(side for side in SIDES if side in m.node_fits)
    shared = tuple(side for side in SIDES if side not in local)
    return tuple(frame for frame in (shared, local) if frame)


def _projection_frame(m: Metrics, chart: Chart, ax: Axes, sides: tuple[str, ...]) -> None:
    """One panel: each side's measured saves, its fitted line and its projected times (open diamonds), each at the
    size its fit uses, so that the line runs through the diamonds (cold read 5, N14: a node-local line drawn over
    whole checkpoints reached 140 s at 880 GB beside its 35.7 s diamond)."""
    node = sides[0] in m.node_fits
    fits = m.node_fits if node else m.fits
    bases = m.projection_bases
    sizes = [s for side in sides for s in fits[side].sizes_gb] + [b.size_gb[side] for b in bases for side in sides]
    x = np.linspace(0, max(sizes) * 1.08, 50)
    for side in sides:
        fit = fits[side]
        ax.plot(
            x,
            [predict(fit, v) for v in x],
            color=COLOURS[side],
            linestyle=LINES[side],
            linewidth=1.1,
            label=wrapped(
                (
                    _("{system} (proportional)") if fit.method == "proportional" else _("{system} (least squares)")
                ).format(system=chart.label(m.save.sides()[SIDES.index(side)].system)),
                32,
            ),
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
        for p, b in zip(m.projections, bases, strict=True):
            if side in b.unmeasured:  # beyond every node count it was run at: no time (scaling reading 15, M2)
                continue
            value = p.side(side).save_s
            others = [p.side(o).save_s for o in sides if o != side and o not in b.unmeasured]
            ax.scatter(
                [b.size_gb[side]],
                [value],
                marker="D",
                facecolor="white",
                edgecolor=COLOURS[side],
                s=26,
                linewidth=1.2,
                zorder=5,
            )
            # The higher of the two projected times of a panel is labelled above its diamond, the lower below, so
            # that two close times (1,100 s and 1,000 s) do not print on each other; a lower time near the axis, far
            # from the other, above too, where below would print on the axis (Chinese reading 17, W minor 12: "11.9 s"
            # under 212 s, on the point and the axis)
            above = all(value >= o for o in others) or _clear_above(value, others)
            ax.annotate(
                f"{projection_texts(p).save(side)} s",
                (b.size_gb[side], value),
                xytext=(-7, 5 if above else -5),
                textcoords="offset points",
                ha="right",
                va="bottom" if above else "top",
                fontsize=7.5,
            )
    for at in sorted({b.size_gb[side] for b in bases for side in sides}):
        ax.axvline(at, color=GRID, linewidth=0.8, zorder=1)
    ax.set_xlabel(_("Each node's part of the checkpoint (GB)") if node else _("Checkpoint size (GB)"))
    ax.set_xlim(0, max(sizes) * 1.08)
    ax.set_ylim(bottom=0)
    _legend_above(ax, 2)


def _clear_above(value: float, others: list[float]) -> bool:
    """Whether a projected time's label goes above its diamond though another time is higher: it sits in the lowest
    tenth of the panel (a label below would print on the axis) and every other time is a fifth of the panel above it
    (their labels cannot meet)."""
    top = max([value, *others])
    return value < 0.1 * top and all(o - value > 0.2 * top for o in others)


@draws("projection")
def projection(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Save time against snapshot size: measured points, the scaling line and the projected sizes; a side local to
    each node in a panel of its own, against each node's part."""
    frames = projection_frames(m)
    fig, axes = _figure(chart, cols=len(frames))
    axes = list(axes) if len(frames) > 1 else [axes]
    for ax, sides in zip(axes, frames, strict=True):
        _projection_frame(m, chart, ax, sides)
    if len(axes) > 1:  # one time scale: the panels' diamonds compare at a glance
        top = max(ax.get_ylim()[1] for ax in axes)
        for ax in axes:
            ax.set_ylim(0, top)
    axes[0].set_ylabel(_("Save time (s)"))
    return fig


def _load_label(speedup: float, shown: bool) -> str:
    """A load pair's label: "1.19× faster", below 1 "1.23× slower" (the inverse; cold read 20, AC minor: "0.813×
    faster"); a bare ratio where no pair establishes a speedup (cold read 15, M2: "9.30× faster" on the bars beside a
    text that establishes none)."""
    if not shown:
        return _("ratio {ratio}×").format(ratio=sig(speedup))
    if speedup < 1:
        return _("{ratio}× slower").format(ratio=sig(1 / speedup))
    return _("{ratio}× faster").format(ratio=sig(speedup))


@draws("load-times")
def load_times(m: Metrics, log: BandwidthLog, chart: Chart) -> Figure:
    """Load time per model and platform, both systems, with the speedup."""
    models = sorted(m.load.models, key=lambda x: (natural_key(x.model), natural_key(x.platform)))
    fig, ax = _figure(chart)
    y = np.arange(len(models))[::-1]
    h = 0.36
    names = {
        "baseline": wrapped(chart.label(m.load.baseline_system)),
        "candidate": wrapped(chart.label(m.load.candidate_system)),
    }
    for side, offset in (("baseline", h / 2), ("candidate", -h / 2)):
        times = [x.side(side).mean_s for x in models]
        ax.barh(y + offset, times, height=h, color=COLOURS[side], edgecolor=INK, linewidth=0.4, label=names[side])
    for yi, x in zip(y, models, strict=True):
        ax.annotate(
            _load_label(x.speedup, m.load.speedup_shown),
            (x.baseline_s, yi + h / 2),
            xytext=(4, -3),
            textcoords="offset points",
            fontsize=8,
            color=INK,
        )
    ax.set_yticks(
        y, [f"{wrapped(x.model)}\n{wrapped(x.platform)}" for x in models], fontsize=7.5, linespacing=1.4
    )  # model over platform, with room between them ("M" and "P" touched)
    ax.set_xlabel(_("Model load time (s)"))
    # a candidate slower than the baseline draws the longer bar: the axis holds both
    ax.set_xlim(0, max(max(x.baseline_s, x.candidate_s) for x in models) * 1.25)
    ax.grid(axis="y", visible=False)
    _legend_above(ax, 2)
    return fig


# In modules of their own (this one holds the others): the charts against the checkpoint interval and client scaling.
DRAWERS.update(interval_charts.DRAWERS)
DRAWERS["scaling"] = scaling_chart.draw


def figures(m: Metrics, log: BandwidthLog, charts: dict[str, Chart]) -> dict[str, Figure]:
    """Every chart drawn and decluttered, as matplotlib figures (the tests check their layout)."""
    return {
        chart_id: layout.declutter(ticks.grouped_ticks(DRAWERS[chart_id](m, log, chart)))
        for chart_id, chart in charts.items()
    }


def draw_all(m: Metrics, log: BandwidthLog, charts: dict[str, Chart]) -> dict[str, str]:
    """Every chart's SVG, keyed by id, each at the size `charts` gives it."""
    return {chart_id: _svg(fig) for chart_id, fig in figures(m, log, charts).items()}
