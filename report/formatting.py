"""Formatting numbers for readers: one place for precision, separators and units, registered as Jinja filters."""

from __future__ import annotations

import math


def num(value: float | int | None, digits: int = 1) -> str:
    """A number with thousands separators and `digits` decimals; an en dash when there is none."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    text = f"{value:,.{digits}f}"
    if text.startswith("-") and float(text.replace(",", "")) == 0:
        text = text[1:]  # never print a negative zero
    return text.replace("-", "−")


def auto_digits(value: float) -> int:
    """Decimals a reader needs for a measured quantity: whole values none, large ones one, small ones two."""
    if float(value).is_integer() and abs(value) >= 1:
        return 0
    magnitude = abs(value)
    return 1 if magnitude >= 10 else 2 if magnitude >= 0.1 else 3


def seconds(value: float | None) -> str:
    """A duration in seconds, e.g. "178 s", "379.9 s", "3,560 s"."""
    if value is None:
        return "–"
    return f"{num(value, auto_digits(value))} s"


def hours(value_s: float) -> str:
    """A long duration in hours from seconds, e.g. "10.0 h"."""
    return f"{num(value_s / 3600, 1)} h"


def long_duration(value_s: float) -> str:
    """Seconds for short spans, hours beside them for long ones: "36,000 s (10.0 h)"."""
    return seconds(value_s) if abs(value_s) < 3600 else f"{seconds(value_s)} ({hours(value_s)})"


def pct(value: float | None, digits: int = 1) -> str:
    """A percentage, e.g. "9.9%"."""
    return "–" if value is None else f"{num(value, digits)}%"


def times(value: float | None, digits: int = 1) -> str:
    """A ratio as a multiple, e.g. "1.9×"."""
    return "–" if value is None else f"{num(value, digits)}×"


def times_range(low: float, high: float, joiner: str = " to ") -> str:
    """A range of multiples, "6.2× to 9.3×", or one multiple when both ends print alike."""
    a, b = times(low), times(high)
    return a if a == b else f"{a}{joiner}{b}"


def gbps(value: float, digits: int = 2) -> str:
    """A bandwidth, e.g. "3.26 GB/s"."""
    return f"{num(value, digits)} GB/s"


def gb(value: float) -> str:
    """A size in decimal gigabytes, e.g. "65.6 GB"."""
    return f"{num(value, auto_digits(value))} GB"


def count(value: int) -> str:
    """A whole number with separators, e.g. "10,000"."""
    return num(value, 0)


def mean_sd(mean: float, sd: float | None, digits: int) -> str:
    """hyperfine's cell: "178.0 ± 2.1", or the mean alone with one run."""
    return num(mean, digits) if sd is None else f"{num(mean, digits)} ± {num(sd, digits)}"


FILTERS = {
    "num": num,
    "seconds": seconds,
    "hours": hours,
    "long_duration": long_duration,
    "pct": pct,
    "times": times,
    "times_range": times_range,
    "gbps": gbps,
    "gb": gb,
    "count": count,
}
