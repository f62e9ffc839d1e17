"""The consistency audit's words for a save row run on more client nodes than its bandwidth test wrote from (cold read
20, AB-M1): set against the client sweep at its own node count, as report/compute/row_nodes.py decided, saying which
figure it was set against."""

from __future__ import annotations

from report.compute.row_nodes import BEYOND, FITTED, ID, MEASURED, MoreNodesRow
from report.document.blocks import Para
from report.document.spoken import said
from report.formatting import count, pct, sig, x3
from report.i18n import _, ngettext
from report.wording.base import Words
from report.wording.scaling import side_of
from report.wording.scaling_range import negative_params


def more_nodes(w: Words) -> list[Para]:
    """One paragraph per row of the finding rows_more_nodes."""
    found = w.findings.get(ID)
    if found is None:
        return []
    out = []
    for got in found["rows"]:
        style = "warning" if got.outruns else "p"
        out.append(w.p(said(found, _row_words(w, got)), "save_times", "bandwidth", "scaling", style=style))
    return out


def _row_words(w: Words, got: MoreNodesRow) -> str:
    row = got.row
    fields = {
        "model": row.model,
        "system": w.name(row.side),
        "nodes": count(row.nodes),
        "logged": count(got.logged_clients),
        "rate": sig(row.gbps),
        "ratio": x3(row.to_bandwidth),
        "bandwidth": sig(w.m.bandwidth.side(row.side).sustained_gbps),
    }
    lead = ngettext(
        "The {model} save on {system} ran on {nodes} client nodes, more than the {logged} node its bandwidth test "
        "wrote from.",
        "The {model} save on {system} ran on {nodes} client nodes, more than the {logged} nodes its bandwidth test "
        "wrote from.",
        got.logged_clients,
    ).format(**fields)
    return lead + " " + _judgement(w, got, fields)


def _judgement(w: Words, got: MoreNodesRow, fields: dict[str, str]) -> str:
    """What the sweep at the row's node count says of it, naming the figure it is set against."""
    if got.basis in (MEASURED, FITTED):
        assert got.at is not None and got.share_pct is not None
        fields.update(aggregate=sig(got.at.aggregate), share=pct(got.share_pct, 0))
        if got.basis == MEASURED:
            if got.above:
                return _(
                    "Its {rate} GB/s is {share} of the {aggregate} GB/s the client sweep gave with {nodes} nodes "
                    "writing at once, beyond the spread of those runs: settle why before relying on figures drawn "
                    "from this row."
                ).format(**fields)
            return _(
                "Its {rate} GB/s is {share} of the {aggregate} GB/s the client sweep gave with {nodes} nodes "
                "writing at once: within what the system gave at that count."
            ).format(**fields)
        s = side_of(w.m, got.row.side)
        if got.at.fit_disowned and s is not None and s.usl is not None:
            return _(
                "The sweep did not run {nodes} nodes; the law fitted to it gives {aggregate} GB/s there, of which its "
                "{rate} GB/s is {share}, but with a negative {which} that law does not describe the sweep's points: "
                "neither figure is evidence of an impossible save."
            ).format(which=negative_params(s.usl), **fields)
        if got.above:
            return _(
                "Its {rate} GB/s is {share} of the {aggregate} GB/s the law fitted to the client sweep gives at "
                "{nodes} nodes, between counts the sweep ran: settle why before relying on figures drawn from this "
                "row."
            ).format(**fields)
        return _(
            "Its {rate} GB/s is {share} of the {aggregate} GB/s the law fitted to the client sweep gives at {nodes} "
            "nodes, between counts the sweep ran: within what the system gives at that count."
        ).format(**fields)
    if got.basis == BEYOND:
        assert got.largest is not None
        fields.update(most=sig(got.largest.mean_gbps), k=count(got.largest.clients))
        return _(
            "The client sweep did not reach {nodes} nodes (the nearest count it ran, {k}, gave {most} GB/s), so a "
            "bound at that count would be an extrapolation: its {rate} GB/s, {ratio} the {bandwidth} GB/s logged "
            "from fewer nodes, is no evidence of an impossible save."
        ).format(**fields)
    return _(
        "No client sweep was run on {system}, so the only bandwidth to set it against is the {bandwidth} GB/s logged "
        "from fewer nodes: its {rate} GB/s, {ratio} that, is no evidence of an impossible save; a run with {nodes} "
        "nodes writing at once would settle it."
    ).format(**fields)
