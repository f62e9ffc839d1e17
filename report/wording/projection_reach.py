"""A projection beyond every node count a side was measured at, in words and cells (the finding
projection_unmeasured): "not measured" in the tables where its save time and saving would stand, and one sentence
saying why, the same in the projections section, the scaling section and the Q&A (scaling reading 15, M2)."""

from __future__ import annotations

from report.compute.figures import Projection
from report.compute.projection_reach import ID, unmeasured
from report.document.spoken import said
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.scaling import clients, nodes_words


def not_measured_cell() -> str:
    """The cell of a save time or saving beyond every node count its side was measured at."""
    return _("not measured")


def unmeasured_sides(w: Words, p: Projection) -> tuple[str, ...]:
    """The sides whose time at `p` the finding projection_unmeasured holds for."""
    return unmeasured(w.findings, p)


def unmeasured_cells(w: Words, p: Projection, cells: tuple[str, ...]) -> tuple[str, ...]:
    """Table 11's (baseline, candidate, saved per save, saved in all): "not measured" for each side beyond what was
    measured, and for the saving where either is."""
    sides = unmeasured_sides(w, p)
    if not sides:
        return cells
    gap = not_measured_cell()
    return (
        gap if "baseline" in sides else cells[0],
        gap if "candidate" in sides else cells[1],
        *(gap for _cell in cells[2:]),
    )


def unmeasured_sentence(w: Words, p: Projection) -> str:
    """Why `p`'s cells read "not measured", with the most client nodes each side was run with; "" where none do."""
    found = next((f for f in w.findings.each(ID) if f["name"] == p.name), None)
    if found is None:
        return ""
    most = found["most"]
    fields = {"name": p.name, "nodes": nodes_words(found["nodes"])}
    if found.scope.whole:
        text = _(
            "“{name}” at {nodes}: not measured. Neither system was run with that many client nodes writing ({each}), "
            "so what either gives there is unknown and no save time or saving is printed for it."
        )
        each = [_("{system} up to {n}").format(system=w.name(key), n=clients(most[key])) for key in found.scope.items]
        fields["each"] = join_words(each)
    else:
        key = found.scope.items[0]
        text = _(
            "“{name}” at {nodes}: {system} was run with up to {n} writing only, so what it gives there is unknown and "
            "neither its save time nor the saving is printed."
        )
        fields.update(system=w.name(key), n=clients(most[key]))
    return said(found, text.format(**fields))


def unmeasured_clause(w: Words, p: Projection, section: str) -> str:
    """The Q&A's clause for `p` beyond what was measured: its save times there are not measured; "" otherwise."""
    found = next((f for f in w.findings.each(ID) if f["name"] == p.name), None)
    if found is None:
        return ""
    if found.scope.whole:
        text = _(
            "“{name}”, at {nodes}, lies beyond the client nodes either system was run with: its save times there are "
            "not measured (see “{section}”)"
        )
        return said(found, text.format(name=p.name, nodes=nodes_words(found["nodes"]), section=section))
    text = _(
        "“{name}”, at {nodes}, lies beyond the client nodes {system} was run with: its save time there is not "
        "measured (see “{section}”)"
    )
    system = w.name(found.scope.items[0])
    return said(found, text.format(name=p.name, nodes=nodes_words(found["nodes"]), system=system, section=section))
