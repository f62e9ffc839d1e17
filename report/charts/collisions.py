"""Checking a drawn chart's text: nothing overlaps, nothing leaves the figure, no curve runs through a legend, no
value label covers a data point, a log axis has three labelled ticks at least.

`problems` lists what is wrong with a figure; `declutter` applies the rule that keeps a chart legible: a value label
(an annotation) that collides with text already placed or with a data point is moved up by its own height, then to
any other place its drawing function offers, and dropped if it still collides or would leave the figure. The dropped
value is still in the tables. Tick labels, axis labels, titles and legends are never moved: the drawing functions
place them where they cannot collide.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.artist import Artist
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.text import Annotation, Text
from matplotlib.transforms import Bbox, BboxBase

# Boxes may touch: an overlap must exceed this, in pixels, on both axes to count.
TOLERANCE_PX = 0.5


@dataclass(frozen=True)
class Placed:
    """A piece of text (or a whole legend) where it was drawn."""

    what: str
    box: Bbox
    artist: Artist


def _texts(fig: Figure, renderer) -> list[Placed]:
    """Every visible text of the figure except legends' own texts, and each legend as one box."""
    placed = []

    def add(text: Text, what: str) -> None:
        if text.get_visible() and text.get_text().strip():
            placed.append(Placed(what, text.get_window_extent(renderer), text))

    for text in fig.texts:  # the suptitle included
        add(text, f"figure text {text.get_text()!r}")
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            # only the ticks drawn, inside the view limits (a private method, absent from matplotlib's .pyi files)
            for tick in axis._update_ticks():  # type: ignore[union-attr]
                for label in (tick.label1, tick.label2):
                    add(label, f"tick label {label.get_text()!r}")
            add(axis.label, f"axis label {axis.label.get_text()!r}")
        for title in (ax.title, ax._left_title, ax._right_title):  # type: ignore[attr-defined]  # private matplotlib API, absent from its .pyi files
            add(title, "axes title")
        for text in ax.texts:
            add(text, f"label {text.get_text()!r}")
        legend = ax.get_legend()
        if legend is not None and legend.get_visible():
            placed.append(Placed("legend", legend.get_window_extent(renderer), legend))
    return placed


def _points(fig: Figure) -> list[Bbox]:
    """The box of every data point drawn as a marker (scatter), inside its axes."""
    boxes = []
    for ax in fig.axes:
        for coll in ax.collections:
            # matplotlib's .pyi types get_offsets as any ArrayLike; it returns an array
            if not isinstance(coll, PathCollection) or not coll.get_visible() or not len(coll.get_offsets()):  # type: ignore[arg-type]
                continue
            centres = coll.get_offset_transform().transform(np.asarray(coll.get_offsets(), dtype=float))
            sizes = np.broadcast_to(np.asarray(coll.get_sizes(), dtype=float), (len(centres),))
            for (x, y), area in zip(centres, sizes, strict=True):
                r = np.sqrt(area) * fig.dpi / 72 / 2  # `s` is the marker's area in points squared
                if ax.bbox.x0 <= x <= ax.bbox.x1 and ax.bbox.y0 <= y <= ax.bbox.y1:
                    boxes.append(Bbox.from_extents(x - r, y - r, x + r, y + r))
    return boxes


def _few_log_ticks(fig: Figure) -> list[str]:
    """Log axes with fewer than three labelled ticks in view: a reader cannot tell the scale from one."""
    out = []
    for i, ax in enumerate(fig.axes):
        for name, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            if axis.get_scale() != "log":
                continue
            ticks = axis._update_ticks()  # type: ignore[union-attr]  # private matplotlib API, absent from its .pyi files
            shown = [t for t in ticks if t.label1.get_visible() and t.label1.get_text().strip()]
            if len(shown) < 3:
                out.append(f"the log {name} axis of axes {i} has {len(shown)} labelled ticks")
    return out


def _overlap(a: Bbox, b: Bbox) -> bool:
    return min(a.x1, b.x1) - max(a.x0, b.x0) > TOLERANCE_PX and min(a.y1, b.y1) - max(a.y0, b.y0) > TOLERANCE_PX


def _inside(box: BboxBase, frame: BboxBase) -> bool:
    return (
        box.x0 >= frame.x0 - TOLERANCE_PX
        and box.y0 >= frame.y0 - TOLERANCE_PX
        and box.x1 <= frame.x1 + TOLERANCE_PX
        and box.y1 <= frame.y1 + TOLERANCE_PX
    )


def _lines_through_legends(fig: Figure, renderer) -> list[str]:
    out = []
    for ax in fig.axes:
        legend = ax.get_legend()
        if legend is None or not legend.get_visible():
            continue
        box = legend.get_window_extent(renderer)
        for line in ax.get_lines():
            # matplotlib's .pyi types get_xdata as any ArrayLike; a drawn line's is a sequence
            if not isinstance(line, Line2D) or not line.get_visible() or len(line.get_xdata()) < 2:  # type: ignore[arg-type]
                continue
            points = _densified(line.get_transform().transform(np.column_stack(line.get_data())))
            frame = ax.bbox  # the line is clipped to the axes: only what is drawn counts
            drawn = points[
                (points[:, 0] >= frame.x0)
                & (points[:, 0] <= frame.x1)
                & (points[:, 1] >= frame.y0)
                & (points[:, 1] <= frame.y1)
            ]
            x, y = drawn[:, 0], drawn[:, 1]
            inside = (x > box.x0) & (x < box.x1) & (y > box.y0) & (y < box.y1)
            if inside.any():
                out.append(f"the line {line.get_label()!r} runs through the legend")
    return out


def _densified(points: np.ndarray, steps: int = 16) -> np.ndarray:
    """Points along each segment, so that a segment crossing a box is seen even when no vertex lies in it."""
    t = np.linspace(0, 1, steps, endpoint=False)[None, :, None]
    a, b = points[:-1, None, :], points[1:, None, :]
    return np.concatenate(((a + t * (b - a)).reshape(-1, 2), points[-1:]))


def problems(fig: Figure) -> list[str]:
    """What is wrong with the figure's text, one line each; empty when nothing overlaps or leaves the figure."""
    fig.draw_without_rendering()
    renderer = fig._get_renderer()  # type: ignore[attr-defined]  # private matplotlib API, absent from its .pyi files
    placed = _texts(fig, renderer)
    frame = fig.bbox
    out = [f"{p.what} leaves the figure" for p in placed if not _inside(p.box, frame)]
    for i, a in enumerate(placed):
        out += [f"{a.what} overlaps {b.what}" for b in placed[i + 1 :] if _overlap(a.box, b.box)]
    points = _points(fig)
    for a in (p for p in placed if isinstance(p.artist, Annotation)):
        if any(_overlap(a.box, point) for point in points):
            out.append(f"{a.what} covers a data point")
    return out + _lines_through_legends(fig, renderer) + _few_log_ticks(fig)


def declutter(fig: Figure) -> Figure:
    """Move each value label that collides up by its height, or drop it when that does not help; returns `fig`.

    Lays the figure out once (its layout engine only, no drawing) and keeps that layout, so that saving draws it
    once: the chart is laid out and drawn one time in all."""
    renderer = fig._get_renderer()  # type: ignore[attr-defined]  # private matplotlib API, absent from its .pyi files
    if (engine := fig.get_layout_engine()) is not None:
        engine.execute(fig)
    placed = _texts(fig, renderer)
    fixed = [p for p in placed if not isinstance(p.artist, Annotation)]
    kept: list[Bbox] = [p.box for p in fixed] + _points(fig)
    for label in placed:
        if not isinstance(label.artist, Annotation):
            continue
        box = label.box
        if _clear(box, kept, fig.bbox):
            kept.append(box)
            continue
        moved = _moved_up(label.artist, box, renderer)
        if moved is not None and _clear(moved, kept, fig.bbox):
            kept.append(moved)
        elif (elsewhere := _placed_elsewhere(label.artist, kept, fig.bbox, renderer)) is not None:
            kept.append(elsewhere)
        else:
            label.artist.set_visible(False)
    # Keep the layout, and no engine at all: with any engine (even "none"'s placeholder) savefig draws the figure
    # once more before drawing it for the file.
    fig.set_layout_engine(None)
    return fig


#: The attribute of an annotation that lists other places to try before it is dropped, each (xy, offset in points,
#: vertical alignment, text): a projection's name beside its line at the foot of the axes, else at its head (scaling
#: reading 14, m7: the 16-node line's name dropped where the baseline's points sat below it).
ALTERNATIVES = "placements"


def _placed_elsewhere(label: Annotation, kept: list[Bbox], frame: BboxBase, renderer) -> Bbox | None:
    """The first of the label's other places (`ALTERNATIVES`) where it collides with nothing, the label moved there;
    None where there is none."""
    for xy, offset, va, text in getattr(label, ALTERNATIVES, ()):
        label.xy, label.xyann = xy, offset
        label.set_verticalalignment(va)
        label.set_text(text)
        box = label.get_window_extent(renderer)
        if _clear(box, kept, frame):
            return box
    return None


def _clear(box: Bbox, kept: list[Bbox], frame: BboxBase) -> bool:
    return _inside(box, frame) and not any(_overlap(box, other) for other in kept)


def _moved_up(label: Annotation, box: Bbox, renderer) -> Bbox | None:
    """Shift a label placed in offset points up by its own height (plus a gap); its new box, or None if it cannot."""
    if label.anncoords != "offset points":
        return None
    x, y = label.xyann
    label.xyann = (x, y + box.height * 72 / label.figure.dpi + 2)
    return label.get_window_extent(renderer)
