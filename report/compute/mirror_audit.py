"""Save rows against the bandwidth measured, counting what the record says each node's drives take in during a save.

A side local to each node whose record mirrors each node's part synchronously to a partner node writes twice its part
on every node while the job saves: its own part, and its partner's (cold test 18, X-M2: T0 tier's 7.54 s save was
set at 55.7% of one node's 8.75 GB/s, while each node's two drives took in 73.4 GB in it, 9.74 GB/s, 1.11× the
bandwidth logged on one node with no partner writing to it). Its rows are set against the node's bandwidth at that
ingest, and the audit says "not bound by bandwidth" of a node's part only where that ingest stays far below it (scaling
reading 18, X-5). metrics.json's `audit.rows` keep the contract's one part per node; these rows are the findings'.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from report.compute.figures import AuditRow, Metrics
from report.compute.node_loss import ANOTHER_NODE, kept_on_another_node
from report.compute.row_nodes import more_node_rows, rows_more_nodes
from report.compute.scopes import ROWS_KIND, SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: Effective throughput of at least this share of the bandwidth is consistent with a bandwidth-bound save.
BANDWIDTH_BOUND_SHARE_PCT = 80.0

#: A copy made while the write is made, as a record says it; an asynchronous mirror lands after the save.
SYNCHRONOUS = re.compile(r"\bsynchronous(?:ly)?\b|\bsync(?:hronous)? mirror|同步", re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class IngestRow(AuditRow):
    """A save row as its system's drives take it in: `written_gb`, `gbps` and `to_bandwidth` count the partner's
    mirror on a side that mirrors synchronously (twice the node's part), else they are `audit.rows`'."""

    mirrored: bool = False  #: the figures count the partner's mirror


def mirrored_sides(test: JointTest, m: Metrics) -> tuple[str, ...]:
    """The node-local sides whose record keeps each node's part on a partner node too, written synchronously: a line
    of [environment] (or the save times' note) that names the system holds a clause saying both."""
    if m.node_local is None:
        return ()
    out = []
    for key in m.node_local.sides:
        system = m.save.side(key).system
        if kept_on_another_node(test, system) and _synchronous(test, system):
            out.append(key)
    return tuple(out)


def _synchronous(test: JointTest, system: str) -> bool:
    """Whether the record says `system` mirrors synchronously to another node: its own name says both, as
    `kept_on_another_node` reads it (cold read 20, AC-M1: "青橙 QC-L2 计算节点本地 NVMe（双节点同步镜像）", whose record
    lines call it "QC-L2", had its rows set against one node's bandwidth at one part a node), or a clause of a line
    that names it does."""
    systems = test.config.systems
    own = f"{system} {systems.short_name(system)}"
    if ANOTHER_NODE.search(own) and SYNCHRONOUS.search(own):
        return True
    names = {system.lower(), systems.short_name(system).lower()} - {""}
    texts = [f"{label}: {text}" for label, text in test.config.environment]
    texts.append(test.config.sources.get("save_times", ""))
    for text in texts:
        if not any(n in text.lower() for n in names):
            continue
        if any(ANOTHER_NODE.search(c) and SYNCHRONOUS.search(c) for c in re.split(r"[;；]", text)):
            return True
    return False


def ingest_rows(test: JointTest, m: Metrics) -> tuple[IngestRow, ...]:
    """`audit.rows`, a synchronously mirrored side's at twice its node's part."""
    mirrored = set(mirrored_sides(test, m))
    out = []
    for row in m.audit.rows:
        # the partner saves too only where the job spans several nodes
        on = row.side in mirrored and row.nodes > 1
        k = 2 if on else 1
        fields = {f.name: getattr(row, f.name) for f in dataclasses.fields(AuditRow)}
        fields.update(written_gb=k * row.written_gb, gbps=k * row.gbps, to_bandwidth=k * row.to_bandwidth)
        out.append(IngestRow(**fields, mirrored=on))
    return tuple(out)


def rows_outrun(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Every save row (side, model) that wrote faster than the bandwidth measured on its system, beyond the bandwidth
    runs' own spread: implausible for durable saves. A row above the mean but within 1 + 2 × the run means' CV is at
    the bandwidth, not beyond it (rows_at_bandwidth: cold reading 7, A-02: 1.01× called implausible where the runs
    spread ±1.2%). A synchronously mirrored side's rows count the partner's mirror (`ingest_rows`). A row run on more
    client nodes than its bandwidth test is judged by `row_nodes` instead, and stays here only where the sweep
    gives its node count and the row outran that too (cold read 20, AB-M1)."""
    rows_all = ingest_rows(test, m)
    universe = [f"{row.side} / {row.model}" for row in rows_all]
    elsewhere = {(r.row.side, r.row.model) for r in more_node_rows(test, m) if not r.outruns}
    fast = [row for row in rows_all if row.to_bandwidth > 1 and (row.side, row.model) not in elsewhere]
    beyond = [row for row in fast if row.to_bandwidth > 1 + 2 * _bandwidth_cv(m, row.side)]
    within = [row for row in fast if row not in beyond]
    for finding_id, rows in (("rows_outrun", beyond), ("rows_at_bandwidth", within)):
        if rows:
            items = [f"{row.side} / {row.model}" for row in rows]
            yield make_finding(finding_id, ROWS_KIND, items, universe, rows=tuple(rows))


def _bandwidth_cv(m: Metrics, side: str) -> float:
    """The spread of a side's bandwidth runs, sample stdev of the run means ÷ their mean; 0 with one run."""
    b = m.bandwidth.baseline if side == "baseline" else m.bandwidth.candidate
    return 0.0 if b.stdev_gbps is None or b.sustained_gbps <= 0 else b.stdev_gbps / b.sustained_gbps


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


def sweep_node_share(m: Metrics, key: str) -> tuple[float, float] | None:
    """(per-node rate in GB/s, share in %) of side `key`'s node part against the client sweep's aggregate at the
    save's own node count ÷ those nodes, where the sweep measured that count; None otherwise (scaling reading 19, Z-1:
    Local NVMe's part at 73.7% of one node's log was "not bound by bandwidth", while the sweep's 64 nodes writing at
    once gave 158 GB/s, 2.47 GB/s a node, and the part ran at 80.0% of that)."""
    part = m.node_part(key)
    side = None if m.scaling is None else m.scaling.side(key)
    if part is None or side is None:
        return None
    point = next((p for p in side.points if p.clients == m.nodes), None)
    if point is None or not point.mean_gbps > 0:
        return None
    rate = point.mean_gbps / m.nodes
    return rate, 100 * part.job_gbps / rate


def node_not_bound(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The node-local sides whose node part runs far enough below its node's bandwidth, on the basis a shared side is
    judged on, to say that their saves are not bound by bandwidth; a synchronously mirrored side's node takes in twice
    its part, so that share doubles (scaling reading 18, X-5). Where the client sweep measured the save's own node
    count, the part must also stay far below the sweep's per-node rate there (`sweep_node_share`), so that the audit
    does not call a save both bound and not bound (scaling reading 19, Z-1); `swept` holds that side's (rate, share)."""
    if m.node_local is None:
        return
    mirrored = mirrored_sides(test, m)
    keys, swept = [], {}
    for key in m.node_local.sides:
        if m.node_part(key) is None:
            continue
        k = 2 if key in mirrored else 1
        sweep = sweep_node_share(m, key)
        if sweep is not None:
            swept[key] = sweep
        if judged_node_share(m, key) * k >= BANDWIDTH_BOUND_SHARE_PCT:
            continue
        if sweep is None or sweep[1] * k < BANDWIDTH_BOUND_SHARE_PCT:
            keys.append(key)
    if swept:
        yield make_finding("node_sweep_share", SIDES_KIND, list(swept), list(m.node_local.sides), swept=swept)
    if keys:
        yield make_finding("node_not_bound", SIDES_KIND, keys, list(m.node_local.sides))


def mirror_ingest(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The node-local sides whose node takes in its partner's mirror during a save, with each node's ingest over the
    training model's save and its share of the node's bandwidth, on the basis `judged_node_share` uses."""
    keys = [key for key in mirrored_sides(test, m) if m.node_part(key) is not None]
    if not keys:
        return
    figures = {}
    for key in keys:
        part = m.node_part(key)
        assert part is not None
        figures[key] = (2 * part.job_gb, 2 * part.job_gbps, 2 * judged_node_share(m, key))
    sides = m.node_local.sides if m.node_local is not None else ()
    yield make_finding("mirror_ingest", SIDES_KIND, keys, list(sides), ingest=figures)


RULES = (rows_outrun, rows_more_nodes, node_not_bound, mirror_ingest)
