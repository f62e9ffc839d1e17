"""One node's part of a save on storage local to each node, against its node's bandwidth on the basis a shared side's
saves are judged on: the log's rate over a save's own length where that differs from the whole run's mean (cold read
12, V-M3: Gen5 scratch's node part at 68.1% of the whole fio run's mean, warm-up included, was called "not bound by
bandwidth", while TS-90's saves were set against the first 4.19 s of its log; over a save's 6.29 s the node's log
averages 8.28 GB/s, and the node part reaches 91% of it)."""

from __future__ import annotations

from report.compute.mirror_audit import judged_node_share, node_span
from report.document.blocks import Para
from report.formatting import gb, p3, s3, sig
from report.i18n import _
from report.wording.base import Words
from report.wording.scaling import nodes_words


def node_not_bound(w: Words, key: str) -> bool:
    """Whether the finding node_not_bound holds side `key`: its node part runs far enough below its node's bandwidth,
    on the basis a shared side's saves are judged on (compute/mirror_audit.py)."""
    found = w.findings.get("node_not_bound")
    return found is not None and key in found.scope.items


def node_warning(w: Words, key: str) -> str:
    """The summary's warning for a node part not bound by bandwidth, with the share it is judged by."""
    m = w.m
    system = m.save.side(key).system
    spanned = node_span(m, key)
    if spanned is None:
        return _(
            "On {system}, local to each node, each node's part of a save runs at {share} of one node's bandwidth: the "
            "save is not bound by bandwidth, so the speedup is not shown to come from the candidate's bandwidth (see "
            "“{section}”)."
        ).format(system=system, share=p3(judged_node_share(m, key)), section=_("Consistency audit"))
    return _(
        "On {system}, local to each node, each node's part of a save runs at {share} of what one node's log shows over "
        "a save's length ({rate} GB/s): the save is not bound by bandwidth, so the speedup is not shown to come from "
        "the candidate's bandwidth (see “{section}”)."
    ).format(system=system, share=p3(spanned[1]), rate=sig(spanned[0]), section=_("Consistency audit"))


def node_hypotheses(w: Words) -> list[Para]:
    """Where a node-local system's job spans several nodes, what one node's share of its bandwidth says, judged as a
    shared side's saves are: a node part far below it is not bound by bandwidth, and the speedup is then not shown to
    come from bandwidth; one that keeps pace with the log over a save's length may be bound by it."""
    out = []
    for side in w.sides:
        part = w.m.node_part(side.key)
        if part is None:
            continue
        spanned = node_span(w.m, side.key)
        if spanned is not None:
            text = _(
                "A save on {system} lasts {span}, and its node's log changes within a run: over each run's first "
                "{span} it averages {rate} GB/s, against {whole} GB/s over the whole run, and each node's part of a "
                "save runs at {share} of the former."
            ).format(
                system=side.save.system,
                span=s3(side.save.mean_s),
                rate=sig(spanned[0]),
                whole=sig(w.m.bandwidth.side(side.key).sustained_gbps),
                share=p3(spanned[1]),
            )
            text += _mirror_words(w, side.key)
            if not node_not_bound(w, side.key):
                basis = _(
                    "On that basis, the one the candidate's saves are judged on, the save may be bound by bandwidth."
                )
                text += " " + (_sweep_words(w, side.key) or basis)
                out.append(w.p(text, "save_times", "bandwidth", side=side.key))
                continue
            out.append(w.p(text, "save_times", "bandwidth", side=side.key))
        elif mirror := _mirror_words(w, side.key, spanned=False):
            out.append(w.p(mirror.strip(), "save_times", "bandwidth", side=side.key))
        if not node_not_bound(w, side.key):
            if swept := _sweep_words(w, side.key):
                out.append(w.p(swept, "save_times", "bandwidth", "scaling", side=side.key))
            continue
        text = _(
            "On {system}, each node's part of a save runs at {share} of one node's bandwidth: the save is not bound by "
            "bandwidth, and its time goes elsewhere (serialisation, many small files, metadata, synchronisation "
            "between ranks). The save speedup is therefore not shown to come from the candidate's bandwidth; record "
            "the time each save spends writing to tell."
        ).format(system=side.save.system, share=p3(judged_node_share(w.m, side.key)))
        out.append(w.p(text, "save_times", "bandwidth", side=side.key))
    return out


def _sweep_words(w: Words, key: str) -> str:
    """ "On Local NVMe, against the client sweep's 2.47 GB/s a node with the save's 64 nodes writing at once, each
    node's part of a save runs at 80.0%: the save may be bound by bandwidth.", where the finding
    node_sweep_share holds side `key` and node_not_bound does not; "" otherwise (scaling reading 19, Z-1)."""
    found = w.findings.get("node_sweep_share")
    if found is None or key not in found.scope.items:
        return ""
    rate, share = found["swept"][key]
    return _(
        "On {system}, against the client sweep's {rate} GB/s a node with the save's {nodes} writing at once, each "
        "node's part of a save runs at {share}: the save may be bound by bandwidth."
    ).format(system=w.name(key), rate=sig(rate), nodes=nodes_words(w.m.nodes), share=p3(share))


def _mirror_words(w: Words, key: str, spanned: bool = True) -> str:
    """ " Each node's drives also take in its partner's synchronous mirror: 73.4 GB a save, 9.74 GB/s, 148% of the
    former.", where the finding mirror_ingest holds side `key`; "" otherwise. `spanned`: against the log's rate over
    a save's length, said just before; else against one node's bandwidth."""
    found = w.findings.get("mirror_ingest")
    if found is None or key not in found.scope.items:
        return ""
    written, rate, share = found["ingest"][key]
    text = (
        _(
            "Each node's drives also take in its partner's synchronous mirror: {written} a save, {rate} GB/s, {share} "
            "of the former."
        )
        if spanned
        else _(
            "On {system}, each node's drives take in its own part of a save and its partner's synchronous mirror: "
            "{written} a save, {rate} GB/s, {share} of one node's bandwidth."
        )
    )
    return " " + text.format(system=w.name(key), written=gb(written), rate=sig(rate), share=p3(share))
