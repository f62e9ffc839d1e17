"""What metrics.json keeps that the scaling section does not print: the fitted law beside a runs' mean or where the
section withholds a figure, and the projected times beyond the client nodes tested. Said once, in the colophon, not on
the customer pages (cold read 17, V: "the figures attached to this PDF for machines to read" on the scaling pages)."""

from __future__ import annotations

from report.compute import SIDES
from report.formatting import count, sig
from report.i18n import _, join_words, ngettext
from report.wording.base import Words
from report.wording.projection_reach import ID as UNMEASURED
from report.wording.scaling import nodes_words, side_of


def run_at(w: Words, key: str, nodes: int | None):
    """Side `key`'s sweep point at `nodes` client nodes, None where it did not run that count."""
    s = side_of(w.m, key)
    return None if s is None or nodes is None else next((p for p in s.points if p.clients == nodes), None)


def law_fails(w: Words, key: str) -> bool:
    """A side whose fit gives a negative σ or κ: the law does not describe its points."""
    s = side_of(w.m, key)
    return s is not None and s.usl is not None and not s.usl.describes


def kept(w: Words) -> list[str]:
    """The colophon's sentences on what metrics.json keeps beyond the scaling section's figures; [] where none."""
    said = [text for key in SIDES if (text := _kept_fit(w, key))]
    if any(True for _found in w.findings.each(UNMEASURED)):
        said.append(
            _(
                "metrics.json also keeps the projected save times beyond the client nodes a system was run with; "
                "they assume the rate of this test's saves and were not measured."
            )
        )
    return said


def _split(w: Words, key: str) -> tuple[dict[int, float], set[int]]:
    """The fitted law's values metrics.json keeps beside a runs' mean, and the node counts where the section gives none
    because the law does not describe its points."""
    m = w.m
    beside: dict[int, float] = {}
    withheld: set[int] = set()
    at_job = [] if m.scaling is None else [(m.nodes, m.scaling.at_job.side(key))]
    for nodes, value in [(p.nodes, p.scaled.side(key)) for p in m.projections] + at_job:
        if nodes is None or value is None:
            continue
        if (point := run_at(w, key, nodes)) is not None and sig(point.mean_gbps) != sig(value):
            beside[nodes] = value
        elif point is None and law_fails(w, key) and nodes != m.nodes:
            withheld.add(nodes)
    return beside, withheld


def _kept_fit(w: Words, key: str) -> str:
    """What metrics.json keeps where the scaling section prints a side's runs' mean or no figure: the fitted law's
    value beside a mean, said as the fit's; where a law that does not describe its points gives one the section
    withholds, that the file has it, no figure (scaling reading 14, m6; scaling reading 13, M2). "" where they agree."""
    m, s = w.m, side_of(w.m, key)
    if m.scaling is None or s is None or s.usl is None:
        return ""
    beside, withheld = _split(w, key)
    said = []
    if beside:
        values = [
            (_("{gbps} GB/s at the job's {nodes}") if n == m.nodes else _("{gbps} GB/s at {nodes}")).format(
                gbps=sig(v), nodes=nodes_words(n)
            )
            for n, v in sorted(beside.items())
        ]
        text = _(
            "metrics.json keeps {system}'s fitted law where its format asks for it: {values}; where the scaling "
            "section gives its runs' mean instead, these are the fit's values, not a run's."
        )
        said.append(text.format(system=w.name(key), values=join_words(values)))
    if withheld:
        text = _(
            "metrics.json also keeps {system}'s fitted law at {nodes}, where the scaling section gives no figure: its "
            "law's parameters cannot be used to extrapolate, so those values are no forecast."
        )
        counts = ngettext("{counts} node", "{counts} nodes", max(withheld)).format(
            counts=join_words([count(n) for n in sorted(withheld)])
        )
        said.append(text.format(system=w.name(key), nodes=counts))
    return " ".join(said)
