"""Chart ticks: round values on log axes, and labels with thousands separators as the text prints numbers."""

from __future__ import annotations

import math

import matplotlib
import matplotlib.ticker
import numpy as np
from matplotlib.figure import Figure

from report.formatting import given


def log_ticks(lo: float, hi: float) -> list[float]:
    """At least three and at most about seven round values between `lo` and `hi` (both > 0)."""
    decades = range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 1)
    for steps in ((1,), (1, 3), (1, 2, 5), tuple(range(1, 10))):
        ticks = [float(f"{d}e{k}") for k in decades for d in steps if lo <= float(f"{d}e{k}") <= hi]
        if len(ticks) >= 3:
            return thinned(ticks, 7)
    inner = np.geomspace(lo, hi, 5)[1:4]
    for digits in range(2, 16):  # the fewest significant digits that keep three distinct values
        ticks = [float(f"{v:.{digits}g}") for v in inner]
        if len(set(ticks)) == 3:
            return ticks
    return [float(v) for v in inner]


def thinned(ticks: list[float], most: int) -> list[float]:
    """Every n-th tick, so that at most `most` remain (labels of a long span stay apart)."""
    step = math.ceil(len(ticks) / most)
    return ticks[::step]


def tick_label(value: float) -> str:
    """A tick's label: the shortest plain form of a round value ("0.5", "20", "2,000")."""
    return given(value)


class GroupedFormatter(matplotlib.ticker.Formatter):
    """Tick labels with thousands separators, all at one number of decimals (the fewest that show every tick): "0",
    "1,000", "2,000" or "0.5", "1.0", "1.5"."""

    def __call__(self, value, _pos=None):
        return self.format_ticks([value])[0]

    def format_ticks(self, values):
        places = max((len(given(v).partition(".")[2]) for v in values), default=0)
        return [f"{v + 0.0:,.{places}f}".replace("-", "−") for v in values]


def grouped_ticks(fig: Figure) -> Figure:
    """Linear axes label their ticks as the text prints numbers, with thousands separators ("1,000", not "1000"):
    the Chinese reading 3 (minor 14) found "1000 2000" on an axis beside "1,967 s" in the same chart."""
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if type(axis.get_major_formatter()) is matplotlib.ticker.ScalarFormatter:
                axis.set_major_formatter(GroupedFormatter())
    return fig


def log_x(ax) -> None:
    """A log-scale x axis labelled in plain numbers (never mathtext) at three ticks at least, however narrow its span:
    1-2-5 steps, else every digit, else three values spread evenly; call it after the data is drawn."""
    ax.set_xscale("log")
    lo, hi = ax.get_xlim()
    ax.set_xlim(lo, hi)  # fixed here: the ticks below are chosen for these limits
    values = log_ticks(lo, hi)
    ax.xaxis.set_major_locator(matplotlib.ticker.FixedLocator(values))
    ax.xaxis.set_major_formatter(matplotlib.ticker.FixedFormatter([tick_label(t) for t in values]))
    ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
