"""One node's part of a save on storage local to each node, against its node's bandwidth on the basis a shared side's
saves are judged on: the log's rate over a save's own length where that differs from the whole run's mean (cold read
12, V-M3: Gen5 scratch's node part at 68.1% of the whole fio run's mean, warm-up included, was called "not bound by
bandwidth", while TS-90's saves were set against the first 4.19 s of its log; over a save's 6.29 s the node's log
averages 8.28 GB/s, and the node part reaches 91% of it)."""

from __future__ import annotations

from report.compute import Metrics
from report.document.blocks import Para
from report.formatting import p3, s3, sig
from report.i18n import _
from report.wording.base import Words
from report.wording.decisions import BANDWIDTH_BOUND_SHARE_PCT


def node_span(m: Metrics, key: str) -> tuple[float, float] | None:
    """(rate in GB/s, share in %) of side `key`'s node part against its node's log over a save's length, where that
    rate departs from the whole log's mean (`SaveSpan.differs`); None otherwise, or where the side has no node part."""
    part, span = m.node_part(key), m.save_span
    if part is None or span is None or not span.side(key).differs:
        return None
    rate = span.side(key).log_gbps
    return rate, 100 * part.job_gbps / rate


def judged_node_share(m: Metrics, key: str) -> float:
    """The share (%) of its node's bandwidth a node part reaches, as the audit judges a shared side's saves: over a
    save's length where the log's rate changes within a run, else over the whole log."""
    spanned = node_span(m, key)
    part = m.node_part(key)
    assert part is not None, "judged only for a side local to each node whose job spans several nodes"
    return part.job_share_pct if spanned is None else spanned[1]


def node_not_bound(m: Metrics, key: str) -> bool:
    """Whether side `key`'s node part runs far enough below its node's bandwidth, on the same basis as a shared side,
    to say that its saves are not bound by bandwidth."""
    return m.node_part(key) is not None and judged_node_share(m, key) < BANDWIDTH_BOUND_SHARE_PCT


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
            if not node_not_bound(w.m, side.key):
                text += " " + _(
                    "On that basis, the one the candidate's saves are judged on, the save may be bound by bandwidth."
                )
                out.append(w.p(text, "save_times", "bandwidth", side=side.key))
                continue
            out.append(w.p(text, "save_times", "bandwidth", side=side.key))
        if not node_not_bound(w.m, side.key):
            continue
        text = _(
            "On {system}, each node's part of a save runs at {share} of one node's bandwidth: the save is not bound by "
            "bandwidth, and its time goes elsewhere (serialisation, many small files, metadata, synchronisation "
            "between ranks). The save speedup is therefore not shown to come from the candidate's bandwidth; record "
            "the time each save spends writing to tell."
        ).format(system=side.save.system, share=p3(judged_node_share(w.m, side.key)))
        out.append(w.p(text, "save_times", "bandwidth", side=side.key))
    return out
