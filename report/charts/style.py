"""The charts' look, shared by every drawing: the two sides' colours, markers and lines, the figure with its mark,
the legend above the plot, the marked interval."""

from __future__ import annotations

from matplotlib.figure import Figure

from report.charts.describe import Chart
from report.i18n import _

# Baseline light and dashed, candidate dark and solid: the pair stays apart in grey.
COLOURS = {"baseline": "#9aa5b1", "candidate": "#0b5a7a"}
INK, GRID, ACCENT = "#1f2933", "#d9dee3", "#c05621"
MARKERS = {"baseline": "o", "candidate": "s"}
LINES = {"baseline": (0, (4, 2)), "candidate": "solid"}


def figure(chart: Chart, cols: int = 1):
    """A figure of the chart's size; no pyplot, so no global state and a lighter import."""
    fig = Figure(figsize=(chart.width_in, chart.height_in), layout="constrained")
    if chart.illustrative:  # drawn from inputs test.toml declares illustrative (or not durable): the chart says so
        text = {"not_durable": _("NOT DURABLE SAVES"), "reads_memory": _("LOADS READ MEMORY")}.get(
            str(chart.illustrative), _("ILLUSTRATIVE INPUT, NOT MEASURED")
        )
        fig.suptitle(text, x=0.99, ha="right", fontsize=7, color=ACCENT, weight="bold")
    return fig, fig.subplots(1, cols) if cols > 1 else fig.subplots()


def legend_above(ax, columns: int) -> None:
    """The legend above the plot, where no curve or bar can run through it, in as many columns (up to `columns`) as
    fit the figure's width: measured, so that no name of any length pushes it out of the figure."""
    entries = len(ax.get_legend_handles_labels()[1])
    fig = ax.get_figure()
    renderer = fig._get_renderer()
    # The legend starts at the axes' left edge, which the layout puts right of the y tick labels and axis label,
    # with constrained layout's padding (3 points) on each side of the figure.
    left = ax.bbox.x0 - ax.yaxis.get_tightbbox(renderer).x0 if ax.yaxis.get_visible() else 0.0
    room = fig.bbox.width - left - 4 * 3 * fig.dpi / 72
    for ncols in range(max(1, min(columns, entries)), 0, -1):
        legend = ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=ncols, borderaxespad=0.2)
        if legend.get_window_extent(renderer).width <= room:
            return


def mark_interval(ax, x: float, label: str, left: bool = False) -> None:
    """The interval a chart is read at: a dashed line at `x`, labelled at the top of the axes (to its left with
    `left`, where another line close on its right would cross the label)."""
    ax.axvline(x, color=ACCENT, linewidth=0.8, linestyle="--")
    ax.annotate(
        label,
        (x, 0.97),
        xycoords=("data", "axes fraction"),
        xytext=(-4 if left else 4, -8),
        textcoords="offset points",
        fontsize=7.5,
        color=ACCENT,
        ha="right" if left else "left",
    )
