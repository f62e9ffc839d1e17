"""The audit's sentence where one system's saves run close to its bandwidth and the other's do not: each side said
with its own share, never "the saves" of both (cold tests 6: "the saves run close to the sustained bandwidth" of a
candidate at 59.5%)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from report.document.spoken import fill, said
from report.formatting import pct, x3
from report.i18n import _, join_words
from report.wording.base import Words


def near_and_far(w: Words, near: Sequence[Any], far: Sequence[Any], share: Callable[[Words, Any], float]) -> str:
    """`near`: the sides whose saves reach the bandwidth-bound share of their bandwidth; `far`: the others; `share`:
    the share (%) the audit judges a side by."""

    def names(sides: Sequence[Any]) -> str:
        return join_words([w.name(side.key) for side in sides])

    def shares(sides: Sequence[Any]) -> str:
        return join_words([pct(share(w, side), 1) for side in sides])

    return _(
        "On {near}, the saves run close to the sustained bandwidth ({near_share} of it), which is consistent with a "
        "bandwidth-bound save; on {far}, they reach only {far_share} of it, so most of their time goes elsewhere. The "
        "bytes written per save would tell which."
    ).format(near=names(near), near_share=shares(near), far=names(far), far_share=shares(far))


def at_bandwidth(w: Words) -> str:
    """The save rows a little above the bandwidth measured, within its runs' spread (the finding rows_at_bandwidth):
    at the bandwidth, not beyond it; durable saves that keep up with a sequential write leave no margin."""
    found = w.findings.get("rows_at_bandwidth")
    if found is None:
        return ""
    rows = join_words(
        [
            _("{model} on {system} ({ratio})").format(
                model=row.model, system=w.name(row.side), ratio=x3(row.to_bandwidth)
            )
            for row in found["rows"]
        ]
    )
    text = _(
        "Saves at the bandwidth logged, within the spread of its runs: {rows}. Durable saves that keep up with a "
        "sequential write benchmark leave no margin; check that they were durable when timed."
    )
    return fill(text, rows=said(found, rows))
