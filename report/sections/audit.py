"""Consistency audit: save throughput against sustained bandwidth, and what explains the gap."""

from __future__ import annotations

from collections.abc import Sequence

from report.compute import WrittenFit
from report.compute.audit import FIO_BYTES_TOLERANCE, bytes_from_fio
from report.compute.figures import SaveSpan
from report.compute.mirror_audit import IngestRow
from report.document.blocks import (
    Items,
    Para,
    Section,
)
from report.document.spoken import fill, said
from report.formatting import (
    count,
    gb,
    num,
    p3,
    s3,
    sig,
    x3,
)
from report.i18n import _, join_words, ngettext
from report.inputs.runs import FEW_SAMPLES, both_sustained, sparse
from report.wording.bandwidth_share import at_bandwidth, near_and_far
from report.wording.base import Side, Words
from report.wording.copies import audit_words
from report.wording.decisions import BANDWIDTH_BOUND_SHARE_PCT, FAR_EXTRAPOLATION
from report.wording.node_share import node_hypotheses
from report.wording.outrun import outrun_causes, outrun_sides, within_spread
from report.wording.phrases import (
    both,
    gate_list,
    respectively,
)
from report.wording.row_nodes import more_nodes
from report.wording.scaling_saves import sweep_share
from report.wording.statements import (
    fit_is_physical,
    sources_by_system,
    spans_node_local,
    tool_timed,
)

ID = "audit"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def build(w: Words) -> Section:
    m = w.m
    a = m.audit
    deps = ("save_times", "bandwidth")
    # a bandwidth log that is a copy of another: every figure below rests on it (cold read 5, O1/N1)
    copied = [w.p(text, *deps, style="warning") for text in (audit_words(w),) if text]
    at = [w.p(text, *deps, style="note") for text in (at_bandwidth(w),) if text]
    items = copied + _rows_outrun(w) + more_nodes(w) + at + _effective(w) + sweep_share(w) + _per_node(w)
    if spans_node_local(m):  # `_whole_job` places them after the bytes a save would write at the whole log's rate
        items += _span_words(w) + _tool_words(w)
    if keys := outrun_sides(w):
        # a logged rate is what the clients drove, not a ceiling (cold read 21, M2: "implausible" left out the likeliest
        # cause), said of the systems it holds for, without a cause the record rules out (cold read 10, Q-M3)
        text = _(
            "A save on {systems} that finishes faster than the bandwidth this test logged shows that log is no "
            "ceiling: {causes}. Check these before relying on any figure set against that bandwidth."
        ).format(systems=join_words([w.name(key) for key in keys]), causes=outrun_causes(w, keys))
        items.append(w.p(text, *deps, style="warning"))
    # the whole job against one node's bandwidth: no bytes, line or quotient from it (cold read 21, M1)
    items += _hypotheses(w) if spans_node_local(m) else _whole_job(w)
    if a.max_extrapolation is not None and a.max_extrapolation > FAR_EXTRAPOLATION:
        text = _(
            "The largest projection is {ratio} the largest checkpoint in the save times: treat projected times as "
            "estimates under the stated scaling assumption."
        )
        items.append(w.p(text.format(ratio=x3(a.max_extrapolation)), "save_times"))
    return Section(ID, _("Consistency audit"), (Items(tuple(items), "audit"),))


def _rows_outrun(w: Words) -> list[Para]:
    """Every save row (system, model) that wrote faster than the bandwidth measured on its system (the finding
    rows_outrun), each named with its rate, and what would explain it: impossible for durable saves."""
    found = w.findings.get("rows_outrun")
    if found is None:
        return []
    node_local = set(w.m.node_local.sides) if w.m.node_local is not None else set()
    rows = [_row_text(w, row, node_local) for row in found["rows"]]
    shared_many = any(row.side not in node_local and row.nodes > 1 for row in found["rows"])
    causes = (
        _(
            "the checkpoint sizes, the node count, the bandwidth's scope (more client nodes than the bandwidth test "
            "had) or the saves' durability"
        )
        if shared_many
        else _("the checkpoint sizes, the node count, the bandwidth's scope or the saves' durability")
    )
    text = ngettext(
        "Implausible for durable saves: a save wrote faster than the bandwidth logged on its system. {rows} One of "
        "{causes} is wrong; settle which before relying on figures drawn from this row.",
        "Implausible for durable saves: saves wrote faster than the bandwidth logged on their systems. {rows} One of "
        "{causes} is wrong; settle which before relying on figures drawn from these rows.",
        len(rows),
    )
    return [
        w.p(fill(text, rows=said(found, " ".join(rows)), causes=causes), "save_times", "bandwidth", style="warning")
    ]


def _row_text(w: Words, row: IngestRow, node_local: set[str]) -> str:
    """One flagged save row, with its rate against the bandwidth logged on its system."""
    # a sentence per row, "1 node" in the singular (cold read 5, N20: "(8 GPUs, 1 nodes): one node's part, ...")
    text = (
        _(
            "On {nodes} nodes ({gpus}), each node's drives took in {rate} GB/s during the {model} save on {system}, "
            "its own part and its partner's synchronous mirror, {ratio} one node's logged bandwidth of {bandwidth} "
            "GB/s."
        )
        if row.mirrored
        else ngettext(
            "On {nodes} node ({gpus}), the {model} save on {system} wrote {rate} GB/s, {ratio} that node's logged "
            "bandwidth of {bandwidth} GB/s.",
            "On {nodes} nodes ({gpus}), the {model} save on {system} wrote {rate} GB/s per node, {ratio} one "
            "node's logged bandwidth of {bandwidth} GB/s.",
            row.nodes,
        )
        if row.side in node_local
        else ngettext(
            "The {model} save on {system} ({gpus} on {nodes} node) wrote {rate} GB/s, {ratio} the {bandwidth} GB/s "
            "logged on that system.",
            "The {model} save on {system} ({gpus} on {nodes} nodes) wrote {rate} GB/s, {ratio} the {bandwidth} "
            "GB/s logged on that system.",
            row.nodes,
        )
    )
    return text.format(
        model=row.model,
        system=w.name(row.side),
        gpus=ngettext("{n} GPU", "{n} GPUs", row.gpus).format(n=count(row.gpus)),
        nodes=count(row.nodes),
        rate=sig(row.gbps),
        ratio=x3(row.to_bandwidth),
        bandwidth=sig(w.m.bandwidth.baseline_gbps if row.side == "baseline" else w.m.bandwidth.candidate_gbps),
    )


def _effective(w: Words) -> list[Para]:
    """Each save's throughput against its system's bandwidth; a system local to each node whose job spans several
    nodes is left to `_per_node`, which sets one node's part against the one node its bandwidth was logged on (cold
    read 22, M2: "50.2% of the sustained bandwidth" for a whole job against one node's)."""
    m = w.m
    a, s = m.audit, m.save
    shown = [side for side in w.sides if m.node_part(side.key) is None]
    if not shown:
        return []
    held = both_sustained(m.bandwidth)
    if len(shown) == 1:
        side = shown[0]
        text = (
            _(
                "Effective save throughput (checkpoint size ÷ save time) is {rate} GB/s on {system}: {share} of its "
                "sustained bandwidth."
            )
            if held
            else _(
                "Effective save throughput (checkpoint size ÷ save time) is {rate} GB/s on {system}: {share} of the "
                "write bandwidth this test logged."
            )
        ).format(
            rate=sig(side.save.effective_gbps),
            system=side.save.system,
            share=p3(side.audit.effective_share_pct),
        )
        return [w.p(text, "save_times", "bandwidth", side=side.key)]
    text = (
        _(
            "Effective save throughput (checkpoint size ÷ save time) is {baseline} GB/s on {baseline_system} "
            "and {candidate} GB/s on {candidate_system}: {shares} of the sustained bandwidth."
        )
        if held
        else _(
            "Effective save throughput (checkpoint size ÷ save time) is {baseline} GB/s on {baseline_system} "
            "and {candidate} GB/s on {candidate_system}: {shares} of the write bandwidth this test logged."
        )
    ).format(
        baseline=sig(s.baseline.effective_gbps),
        baseline_system=s.baseline.system,
        candidate=sig(s.candidate.effective_gbps),
        candidate_system=s.candidate.system,
        shares=respectively(p3(a.baseline.effective_share_pct), p3(a.candidate.effective_share_pct)),
    )
    return [w.p(text, "save_times", "bandwidth")]


def _span(w: Words) -> SaveSpan:
    """The figures over a save's span, read only for a side `_spanned` or `tool_timed` gives: neither gives one
    without them."""
    span = w.m.save_span
    assert span is not None, "no side is spanned or timed by its tool without the save span"
    return span


def _fit(w: Words) -> tuple[WrittenFit, float]:
    """The two-system line and its V over the stated checkpoint, read only where the audit has the line."""
    a = w.m.audit
    assert a.fit is not None and a.fit_written_to_snapshot is not None, "read only where the audit has the line"
    return a.fit, a.fit_written_to_snapshot


def _spanned(w: Words) -> list:
    """The sides, each set against its own bandwidth, whose log's rate over a save's span differs from the whole log's
    mean (`SaveSpan.differs`): the audit sets those saves against the former (cold read 27, M1)."""
    span = w.m.save_span
    if span is None:
        return []
    return [side for side in w.sides if w.m.node_part(side.key) is None and span.side(side.key).differs]


def _kept_pace(w: Words) -> list:
    """The spanned sides whose saves reach BANDWIDTH_BOUND_SHARE_PCT of the rate their log shows over the same span."""
    return [side for side in _spanned(w) if _span(w).side(side.key).share_pct >= BANDWIDTH_BOUND_SHARE_PCT]


def _span_words(w: Words) -> list[Para]:
    """Where a log's rate changes within a save's span: the rate over that span and the save's share of it."""
    out = []
    for side in _spanned(w):
        span = _span(w).side(side.key)
        text = _(
            "A save on {system} lasts {span}, and its log's rate changes within a run: over each run's first {span} "
            "the log averages {rate} GB/s, and the saves reach {share} of that. At that rate a save would write "
            "{written} GB, {ratio} the stated checkpoint."
        ).format(
            system=side.save.system,
            span=s3(side.save.mean_s),
            rate=sig(span.log_gbps),
            share=p3(span.share_pct),
            written=sig(span.implied_written_gb),
            ratio=x3(span.implied_written_gb / side.save.snapshot_gb),
        )
        out.append(w.p(text, "save_times", "bandwidth", side=side.key))
    return out


def _tool_words(w: Words) -> list[Para]:
    """Where fio timed the bandwidth runs whole at another rate than their logs show: the saves against that rate."""
    out = []
    for side in tool_timed(w):
        span = _span(w).side(side.key)
        text = _(
            "Against the rate fio gives for {system}'s whole bandwidth runs ({rate} GB/s, their closing writes and "
            "syncs included), the saves reach {share}."
        ).format(system=side.save.system, rate=sig(span.tool_gbps), share=p3(span.tool_share_pct))
        out.append(w.p(text, "save_times", "bandwidth", side=side.key))
    return out


def _whole_job(w: Words) -> list[Para]:
    """The implied bytes, the two-system line, the quotient and the hypotheses, where both bandwidths are the job's."""
    m = w.m
    a, s = m.audit, m.save
    deps = ("save_times", "bandwidth")
    items: list[Para] = []
    items.append(
        w.p(
            (
                _(
                    "At full sustained bandwidth the saves would write {baseline} GB and {candidate} GB, "
                    "{baseline_ratio} and {candidate_ratio} the stated {size} checkpoint."
                )
                if both_sustained(m.bandwidth)
                else _(
                    "At the full write bandwidth this test logged the saves would write {baseline} GB and {candidate} "
                    "GB, {baseline_ratio} and {candidate_ratio} the stated {size} checkpoint."
                )
            ).format(
                baseline=sig(a.baseline.implied_written_gb),
                candidate=sig(a.candidate.implied_written_gb),
                baseline_ratio=x3(a.baseline.implied_to_snapshot),
                candidate_ratio=x3(a.candidate.implied_to_snapshot),
                size=gb(s.baseline.snapshot_gb),
            ),
            *deps,
        )
    )
    items += _span_words(w) + _tool_words(w)
    if a.fit is not None:
        text = _(
            "A save bound by bandwidth that writes V GB after a fixed cost F, save = F + V ÷ bandwidth, passes through "
            "both systems' points with F = {fixed} and V = {written} GB, {ratio} the stated checkpoint."
        ).format(fixed=s3(a.fit.fixed_s), written=sig(a.fit.written_gb), ratio=x3(a.fit_written_to_snapshot))
        # two equations in two unknowns always solve: the line is no test of the model (cold read 5b, A-18/M-18)
        text += " " + _(
            "Two points fix two unknowns exactly, so any two saves give such a line: it is not evidence that the "
            "saves are bound by bandwidth; only a third point (another bandwidth, or another size) could test it."
        )
        verdict = _fit_verdict(w)
        items.append(w.p(f"{text} {verdict}" if verdict else text, *deps))
    items.append(
        w.p(
            _(
                # the ratio of the means, as the summary calls an unestablished speedup (Chinese reading 23, m3)
                "The ratio of the mean save times ({speedup}) against the bandwidth ratio ({ratio}): their quotient is "
                "{quotient}."
            ).format(
                speedup=x3(s.speedup), ratio=x3(a.bandwidth_ratio), quotient=sig(a.save_speedup_to_bandwidth_ratio)
            ),
            *deps,
        )
    )
    return items + _hypotheses(w)


def _fit_verdict(w: Words) -> str:
    """What the line is worth, from its own figures: nothing when F < 0 (no save takes negative time before it
    writes) or when fio's byte counts contradict V; "" when it may describe the saves."""
    fit, ratio = _fit(w)
    counted = bytes_from_fio(w.test) and abs(ratio - 1) > FIO_BYTES_TOLERANCE
    if fit.fixed_s < 0 and counted:
        return _(
            "A fixed cost below zero is not physical, and fio counted each save's bytes at the stated checkpoint, not "
            "V: this line is not a model of these saves."
        )
    if fit.fixed_s < 0:
        return _("A fixed cost below zero is not physical: this line is not a model of these saves.")
    if counted:
        return _(
            "fio counted each save's bytes at the stated checkpoint, not V: this line is not a model of these saves."
        )
    if ratio < 1 - FIO_BYTES_TOLERANCE:
        return _(
            "A save cannot write less than its checkpoint: with V below the stated checkpoint this line is not a model "
            "of these saves, and says nothing of where their time goes."
        )
    return ""


def _fixed_cost_bound(w: Words) -> str:
    """The explanation when the line writes no more than the checkpoint: its fixed cost, not bandwidth, sets the
    save time, so "writes far more than the checkpoint" would contradict it."""
    (fit, _ratio), s = _fit(w), w.m.save
    return _(
        "The line writes no more than the stated checkpoint and spends a fixed {fixed} of each save ({baseline} of "
        "the save time on {baseline_system}, {candidate} on {candidate_system}): these saves are dominated by a "
        "fixed cost, not by bandwidth (serialisation, many small files, metadata, synchronisation between ranks), and "
        "writing more than the stated checkpoint does not fit these figures. A faster write shortens only the rest. "
        "To confirm it, record the bytes written per save and the time the save spends writing."
    ).format(
        fixed=s3(fit.fixed_s),
        baseline=p3(100 * fit.fixed_s / s.baseline.mean_s),
        baseline_system=s.baseline.system,
        candidate=p3(100 * fit.fixed_s / s.candidate.mean_s),
        candidate_system=s.candidate.system,
    )


# Beyond this factor either way, the bandwidths differ and the save speedup departs from their ratio.
FOLLOW_FACTOR = 1.25


def follows_bandwidth(a) -> bool:
    """Whether the save speedup could follow the bandwidth ratio: the bandwidths barely differ, or the quotient of
    the two lies within FOLLOW_FACTOR of 1."""
    if max(a.bandwidth_ratio, 1 / a.bandwidth_ratio) < FOLLOW_FACTOR:
        return True
    q = a.save_speedup_to_bandwidth_ratio
    return max(q, 1 / q) < FOLLOW_FACTOR


def _weak_evidence(m) -> str:
    """What keeps the save speedup against the bandwidth ratio from being a finding: a bandwidth of too few samples
    per run, save runs that G1 or G2 reject or cannot judge; "" when neither."""
    reasons = []
    if sparse(m.bandwidth.baseline) or sparse(m.bandwidth.candidate):
        reasons.append(_("the bandwidth has fewer than {few} samples per run").format(few=FEW_SAMPLES))
    elif not both_sustained(m.bandwidth):
        reasons.append(_("the bandwidth's runs end before their rate settles"))
    failed = [g.id for g in m.gates if g.id in ("G1", "G2") and g.status == "fail"]
    missing = [g.id for g in m.gates if g.id in ("G1", "G2") and g.status == "insufficient"]
    if failed:
        reasons.append(ngettext("{gates} fails", "{gates} fail", len(failed)).format(gates=gate_list(failed)))
    if missing:
        reasons.append(
            ngettext("{gates} lacks the data", "{gates} lack the data", len(missing)).format(gates=gate_list(missing))
        )
    text = reasons[0] if reasons else ""
    for reason in reasons[1:]:  # clauses, not nouns: 且 in Chinese, not 和
        text = _("{first} and {second}").format(first=text, second=reason)
    return text


def _per_node(w: Words) -> list[Para]:
    """A save system local to each node whose job spans several nodes: its bandwidth was logged on one node, so the
    whole job's throughput set against it overstates the share by the number of nodes (cold read 18, M6: a 256-GPU
    job on 32 nodes, each writing its 30.3 GB to its own RAID, measured against one node's 4.80 GB/s)."""
    n = w.m.node_local
    if n is None or not spans_node_local(w.m):
        return []
    out = []
    for side in w.sides:
        if side.key not in n.sides:
            continue
        share = n.side(side.key)
        # the audit's other figures leave this system out (`_effective`, `node_hypotheses`): nothing to discount
        # (cold read 22, m1: "the line through both systems' points" pointed at a line no longer printed)
        # a job whose GPUs do not fill its last node: the other nodes write share(g), the last one less (attacks-6
        # R11: "the job's 2 nodes each write 66.7 GB" of a 100 GB checkpoint on 12 GPUs at 8 a node)
        uneven = side.save.gpus % n.gpus_per_node != 0
        text = (
            _(
                "{system} is storage local to each node, and its bandwidth was logged on one node: of the job's "
                "{nodes} nodes, each full one writes {part} of every checkpoint at once, at {rate} GB/s, {share} of "
                "that bandwidth; the last node, not full, writes less."
            )
            if uneven
            else _(
                "{system} is storage local to each node, and its bandwidth was logged on one node: the job's {nodes} "
                "nodes each write {part} of every checkpoint at once, at {rate} GB/s each, {share} of that bandwidth."
            )
        ).format(
            system=side.save.system,
            nodes=count(n.nodes_per_job),
            part=gb(share.job_gb),
            rate=sig(share.job_gbps),
            share=p3(share.job_share_pct),
        )
        out.append(w.p(text, "save_times", "bandwidth", side=side.key))
    return out


def _hypotheses(w: Words) -> list[Para]:
    a = w.m.audit
    deps = ("save_times", "bandwidth")
    if spans_node_local(w.m):  # the whole job against one node's bandwidth decides nothing (cold read 19, M2)
        return node_hypotheses(w)
    if kept := _kept_pace(w):
        return [w.p(_kept_words(w, kept), *deps)]
    below = max(_judged_share(w, side) for side in w.sides) < BANDWIDTH_BOUND_SHARE_PCT
    if below and not bytes_from_fio(w.test) and fit_is_physical(w) and _fit(w)[1] <= 1 + FIO_BYTES_TOLERANCE:
        text = _fixed_cost_bound(w)
    elif below and bytes_from_fio(w.test):
        text = _fio_counted(w, w.sides)
    elif below and not follows_bandwidth(a):
        weak = _weak_evidence(w.m)
        text = (
            # the quotient hints, the data cannot carry it as a finding (Chinese reading 6, M5: gates_fail's
            # one-sample bandwidth and failed G1)
            _(
                "The saves speed up far less than the bandwidth (quotient {quotient}). That points to "
                "time spent elsewhere than writing (serialisation, many small files, metadata, synchronisation "
                "between ranks) rather than to a save that writes more than the stated checkpoint; but {weak}, so it "
                "is a lead, not a finding. To settle it, repeat the runs and record the bytes written per save and "
                "the time the save spends writing."
            )
            if weak
            # the quotient already rules out a bandwidth-bound save that writes more (Chinese reading 4, M2)
            else _(
                "The saves do not follow the bandwidth (quotient {quotient}). A save bound "
                "by bandwidth would speed up with it whatever it writes, so writing more than the stated checkpoint "
                "does not explain these figures: most of the time goes elsewhere (serialisation, many small files, "
                "metadata, synchronisation between ranks). To confirm it, record the bytes written per save and the "
                "time the save spends writing."
            )
        ).format(
            candidate_system=w.m.save.candidate.system,
            baseline_system=w.m.save.baseline.system,
            ratio=x3(a.bandwidth_ratio),
            speedup=x3(w.m.save.speedup),
            quotient=sig(a.save_speedup_to_bandwidth_ratio),
            weak=weak,
        )
    elif below:
        text = _(
            "Two explanations fit these figures equally well, and this test's figures cannot tell them apart: the save "
            "writes about the stated checkpoint but spends most of its time elsewhere (serialisation, many small "
            "files, metadata, synchronisation between ranks), or it is bound by bandwidth but writes far more than "
            "the stated checkpoint (optimiser state, several copies, write amplification). To tell them apart, "
            "record the bytes written per save and the time the save spends writing."
        )
    elif any(not within_spread(w, key) for key in outrun_sides(w)):
        # not "close to" a bandwidth that a save outruns (cold read 18, B1: 204% and 1,288% of it); a save within the
        # spread of its bandwidth runs is at the bandwidth, not beyond it (cold read 10, Q-M3: BeeGFS's 1.007×)
        text = _(
            "A save that outruns the bandwidth this test logged cannot be bound by it, so neither reading of these "
            "saves (bound by bandwidth, or spending its time elsewhere) can be weighed until the warning above is "
            "resolved: record the bytes written per save and log the bandwidth on the system the saves were timed on."
        )
    elif far := [side for side in w.sides if _judged_share(w, side) < BANDWIDTH_BOUND_SHARE_PCT]:
        # one side near its bandwidth, one not: each said (cold tests 6: "the saves run close" of a 59.5% candidate)
        text = near_and_far(w, [side for side in w.sides if side not in far], far, _judged_share)
    elif _bandwidth_source_stated(w):
        # the data sources say where the bandwidth came from: no "if it was derived from these saves" (cold read 5, O14)
        text = _(
            "The saves run close to the sustained bandwidth, which is consistent with a bandwidth-bound save; the "
            "bytes written per save would confirm it."
        )
    else:
        text = _(
            "The saves run close to the sustained bandwidth, which is consistent with a bandwidth-bound save; it is "
            "no proof if the bandwidth was derived from these same saves (see the data sources). A bandwidth log "
            "taken independently of the saves, and the bytes written per save, would confirm it."
        )
    return [w.p(text, *deps)]


def _bandwidth_source_stated(w: Words) -> bool:
    """Whether the data sources say where the bandwidth came from: a line for it in the test's sources, or every
    system's rows from a tool's bandwidth runs (an import into the bandwidth table, not rows taken from the saves)."""
    if w.config.sources.get("bandwidth"):
        return True
    kinds = sources_by_system(w.test, "bandwidth")
    return bool(kinds) and all(k and not any(kind.endswith(".csv") for kind in k) for k in kinds.values())


def _judged_share(w: Words, side) -> float:
    """The share of its bandwidth a side's saves reach, as the audit judges it: against the log's rate over the save's
    own span where that differs from the whole log's mean (`_spanned`), else against the whole log's."""
    if side in _spanned(w):
        return _span(w).side(side.key).share_pct
    return side.audit.effective_share_pct


def _fio_counted(w: Words, sides: Sequence[Side]) -> str:
    """fio's byte count rules out a save that writes more: where the time goes instead, for `sides` (both: "the
    saves"). The final fsync only where every one of them is durable (cold read 27, M1: offered for tmpfs, where the
    setup table says an fsync does nothing)."""
    # the count by its size: the import holds it within 1% of the checkpoint (Chinese reading 22, m3)
    durable = not any(side.key in w.m.not_durable for side in sides)
    where = (
        _("creating and allocating new files, the final fsync") if durable else _("creating and allocating new files")
    )
    if len(sides) == len(w.sides):
        text = _(
            "fio counted the bytes each save wrote, and they match the stated {size} checkpoint (the import holds "
            "them within {tolerance}% of it), so a save that writes more than it is ruled out: the time goes elsewhere "
            "than into writing at the logged rate ({where}), or the bandwidth run's writes took a faster path than the "
            "saves (writes that rewrite files that already exist skip the allocation a save of new files pays)."
        )
    else:
        text = _(
            "fio counted the bytes each save wrote, and they match the stated {size} checkpoint (the import holds "
            "them within {tolerance}% of it), so on {system} a save that writes more than it is ruled out: its time "
            "goes elsewhere than into writing at the logged rate ({where}), or the bandwidth run's writes took a "
            "faster path than the saves (writes that rewrite files that already exist skip the allocation a save of "
            "new files pays)."
        )
    return text.format(
        size=gb(w.m.save.baseline.snapshot_gb),
        tolerance=num(100 * FIO_BYTES_TOLERANCE, 0),
        system=sides[0].save.system,
        where=where,
    )


def _kept_words(w: Words, kept: list) -> str:
    """Where some saves keep pace with their log over their own span: the gap to the whole log's mean is the log's
    later rise, which the saves end before (cold read 27, M1); for the other side, what its own share says."""
    spans = [_span(w).side(side.key) for side in kept]
    if len(kept) == 1:
        text = _(
            "On {system}, the saves keep pace with the log over their own span ({share} of it): the gap to the whole "
            "log's mean is the rate rising after a save ends, not time spent elsewhere."
        ).format(system=kept[0].save.system, share=p3(spans[0].share_pct))
    else:
        text = _(
            "On both systems, the saves keep pace with the log over their own span ({shares} of it): the gap to the "
            "whole log's mean is the rate rising after a save ends, not time spent elsewhere."
        ).format(shares=both(p3(spans[0].share_pct), p3(spans[1].share_pct)))
    rest = [side for side in w.sides if side not in kept]
    if not rest:
        return text
    other = rest[0]
    share = _judged_share(w, other)
    if share >= BANDWIDTH_BOUND_SHARE_PCT:
        more = _("On {system}, the saves run close to the bandwidth this test logged ({share} of it).")
    elif bytes_from_fio(w.test):
        return f"{text} {_fio_counted(w, rest)}"
    else:
        more = _(
            "On {system}, the saves reach {share} of the bandwidth this test logged: their time goes elsewhere than "
            "writing (serialisation, many small files, metadata, synchronisation between ranks), or they write more "
            "than the stated checkpoint. To tell, record the bytes written per save and the time the save spends "
            "writing."
        )
    return f"{text} {more.format(system=other.save.system, share=p3(share))}"
