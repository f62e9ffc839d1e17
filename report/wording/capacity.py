"""Capacity: the GPU-equivalents a cluster of such jobs gains, the bandwidth its saves need against this test's, and
the condition that ties them, worded once for page 1, the summary, the bubble section, the answers and the value."""

from __future__ import annotations

from report.compute import ClusterSide, Metrics
from report.compute.audit import FIO_BYTES_TOLERANCE
from report.compute.cluster_scope import at_once
from report.compute.save_overlap import overlapping
from report.document.blocks import (
    Para,
)
from report.formatting import (
    count,
    figure_of,
    gb,
    gpus,
    p3,
    sig,
    worked,
    x3,
)
from report.i18n import _, ngettext
from report.inputs.runs import sustained
from report.wording.base import Words
from report.wording.cluster_scope import baseline_demand, writes_due
from report.wording.decisions import means_only
from report.wording.retuning import today_interval_only
from report.wording.save_overlap import overlap_condition
from report.wording.scaling import clients
from report.wording.scaling_cluster import against, consequence, demand_against_sweep
from report.wording.staging import staging_cause
from report.wording.statements import fit_is_physical, log_outrun, spans_node_local


def demand(m: Metrics) -> ClusterSide:
    """The write demand the capacity figures are set against the tested bandwidth with: the whole cluster's on a
    shared candidate; one node's part of it where the candidate is local to each node ([systems] node_local), its
    bandwidth logged on one node (cold read 17, M1: 500 jobs' demand set against one machine's tmpfs)."""
    n, write_s = m.node_local, m.save.candidate.mean_s
    if n is not None and per_node(m):
        return at_once(m, n.candidate.cluster, write_s)
    shared = m.cluster.candidate
    assert shared is not None, "a candidate not local to each node has the cluster's figures"
    # async: every job writing at once has until the next save, not the measured save time (cold read 15, S-M5)
    return at_once(m, shared, write_s)


def per_node(m: Metrics) -> bool:
    """Whether the candidate is local to each node: its demand is one node's part (`demand`)."""
    return m.node_local is not None and "candidate" in m.node_local.sides


def capacity_condition(m: Metrics, short: bool = False) -> str:
    """The bandwidth a gain in GPU-equivalents rests on, said in the sentence that states it (cold read 11, M1;
    Chinese reading 11, M2: page 1 printed "Not shown" while the summary and the answers stated "worth 20.4 GPUs"): more
    than the test showed on average, or within it only if the jobs' saves stay staggered. A loss needs no condition."""
    c = demand(m)
    if m.bubble.gpu_equivalents < 0:
        return ""
    if log_outrun(m):
        return _(", if the storage kept pace, which this test's logged bandwidth cannot tell: the saves outrun it")
    if c.mean_to_sustained > 1:
        return _(", but only with {mean_ratio} this test's bandwidth on average, which the test does not show").format(
            **demand_ratios(m)
        )
    if overlapping(m):  # the saves cannot be staggered at all (scaling reading 20, AB-M1)
        return overlap_condition(m, short)
    if c.peak_to_sustained > 1 and c.mean_to_sustained >= QUEUEING and not per_node(m):
        return _(
            ", if the jobs' saves stay staggered; at {mean_ratio} of this test's bandwidth on average, independent "
            "jobs' "
            "saves would often overlap and wait for each other, so this is an upper bound"
        ).format(**demand_ratios(m))
    if c.peak_to_sustained > 1:
        return _(", if the jobs' saves stay staggered")
    return ""


#: The mean demand (share of the bandwidth measured) from which independent jobs keep the storage busy half the time or
#: more and their saves queue (fifth cold read, N5: 0.828x called "if the saves stay staggered").
QUEUEING = 0.5


def capacity_beyond(m: Metrics) -> bool:
    """Whether the cluster's saves need more than this test's bandwidth even perfectly staggered, or the bandwidth is
    no reference (`log_outrun`): its GPU-equivalents are then a condition, never a finding (page 1's tile prints "Not
    shown" or "Unchecked")."""
    return (demand(m).mean_to_sustained > 1 or log_outrun(m)) and m.bubble.gpu_equivalents >= 0


def capacity_sentence(m: Metrics, short: bool = False) -> str:
    """The GPU-equivalents a cluster of such jobs gains (or loses), from the save times alone, with the bandwidth they
    rest on (`capacity_condition`)."""
    b = m.bubble
    gain = b.throughput_gain_pct >= 0
    if b.gpu_equivalents == 0 and not means_only(m):
        # no "0% more steps … worth 0 GPUs" (Chinese reading 14c, Q-m2)
        text = _(
            "Each GPU completes as many steps per unit of time on either system; in a cluster of {cluster} GPUs "
            "running jobs like this one, {basis}, no capacity is gained{condition}."
        )
    elif means_only(m):  # a condition wherever it is said (cold read 6, m7)
        text = (
            _(
                "If the means held: each GPU would complete {gain} more steps per unit of time; in a cluster of "
                "{cluster} GPUs running jobs like this one, {basis}, that would be worth {gpus} "
                "GPUs of capacity{condition}."
            )
            if gain
            else _(
                "If the means held: each GPU would complete {gain} fewer steps per unit of time; in a cluster of "
                "{cluster} GPUs running jobs like this one, {basis}, that would be a loss of {gpus} "
                "GPUs of capacity."
            )
        )
    elif capacity_beyond(m) or overlapping(m):
        text = _(
            "Each GPU completes {gain} more steps per unit of time; in a cluster of {cluster} GPUs running jobs like "
            "this one, {basis}, that would be worth {gpus} GPUs of capacity{condition}."
        )
    else:
        text = (
            _(
                "Each GPU completes {gain} more steps per unit of time; in a cluster of {cluster} GPUs running jobs "
                "like this one, {basis}, that is worth {gpus} GPUs of capacity{condition}."
            )
            if gain
            else _(
                "Each GPU completes {gain} fewer steps per unit of time; in a cluster of {cluster} GPUs running jobs "
                "like this one, {basis}, that is a loss of {gpus} GPUs of capacity."
            )
        )
    # an asynchronous job's saves cost it their stalls, not their times (cold read 11, T-M5)
    basis = _("with this job's stalls per save") if m.checkpoint_mode == "async" else _("with this job's save times")
    text = text.format(
        gain=p3(abs(b.throughput_gain_pct)),
        cluster=count(b.cluster_gpus),
        gpus=gpus(abs(b.gpu_equivalents)),
        condition=capacity_condition(m, short),
        basis=basis,
    )
    held = m.cluster.jobs * m.save.candidate.gpus
    if m.cluster.jobs > 1 and held < b.cluster_gpus and text[-1:] in ".。":
        # scaling reading 7b, minor 12: the cluster's 31 jobs of 32 GPUs hold 992 of the 1,000 the figure is per
        per = _(
            "{text} (a figure per {cluster} GPUs, of which the cluster's {jobs} whole jobs of {size} GPUs hold {held})"
        )
        fields = {"cluster": count(b.cluster_gpus), "jobs": count(m.cluster.jobs), "held": count(held)}
        text = per.format(text=text[:-1], size=count(m.save.candidate.gpus), **fields) + text[-1]
    if staging_cause(m):  # the staging times given make the loss, not the storage (cold read 9, J-B1)
        text += " " + staging_cause(m)
    return text


def optimum_equivalents(m: Metrics) -> str:
    """The GPU-equivalents with each system at its optimal interval, unsigned, as every page prints them."""
    return sig(abs(m.reliability.optimum_gpu_equivalents))


def optimum_capacity(m: Metrics) -> str:
    """Said after the GPU-equivalents at today's interval when a longer or re-tuned interval takes most of them away:
    what they come to with each system at its optimal interval (fourth cold read, M1)."""
    if not today_interval_only(m):
        return ""
    equivalents = m.reliability.optimum_gpu_equivalents
    text = (
        _(
            "That holds at today's interval only: with each system at its optimal interval, failures included, the "
            "cluster would gain {gpus} GPU-equivalents."
        )
        if equivalents >= 0
        else _(
            "That holds at today's interval only: with each system at its optimal interval, failures included, the "
            "cluster would lose {gpus} GPU-equivalents."
        )
    )
    return " " + text.format(gpus=optimum_equivalents(m))


def capacity_paras(w: Words, after: str = "", full: bool = True) -> list[Para]:
    """The GPU-equivalents (with `after`), marked as the save times they come from are, then the bandwidth the cluster
    behind them would need, a paragraph of its own marked as the bandwidth is too: each mark lands on the figures
    drawn from its input, not on whatever shares their paragraph. `full`: the bandwidth paragraph in full (the
    training bubble section, where it is argued), else one sentence that refers to it (the summary: each fact
    explained once, in its section)."""
    m = w.m
    # `after` (per 1,000 GPUs) scales today's figure, so it comes before the optimum's (cold read 6, M3)
    # the summary names the overlap and points to the section that gives its figures (said once)
    capacity = capacity_sentence(m, short=not full) + (" " + after if after else "") + optimum_capacity(m)
    # the condition of a gain beyond the tested bandwidth states its ratio to that bandwidth: marked as it is too
    inputs = ("save_times", "bandwidth") if capacity_beyond(m) else ("save_times",)
    if not full and _demand_within(m):
        # a demand within the bandwidth tested, on average, changes nothing the summary states: it points to where the
        # demand is argued, not its figures again (cold read 14c, P-m3: the 264 / 56.0 / 17.0 / 619 paragraph on four
        # pages)
        pointer = _("The bandwidth their saves would need is weighed in “{section}”.")
        return [w.p(capacity + " " + pointer.format(section=_("Training bubble analysis")), *inputs)]
    demand = demand_sentence(m) + _bytes_condition(w) + _both_sides(w) if full else demand_reference(m)
    swept = ("scaling",) if against(m) is not None and not log_outrun(m) else ()
    return [w.p(capacity, *inputs), w.p(demand, "save_times", "bandwidth", *swept)]


def _both_sides(w: Words) -> str:
    """The asynchronous write's deadline and the baseline's own demand, beside the candidate's (cold reads 15, S-M5;
    15pq, P-M3, Q-M3)."""
    said = [s for s in (writes_due(w), baseline_demand(w)) if s]
    return "".join(" " + s for s in said)


def _bytes_condition(w: Words) -> str:
    """What the demand assumes of the bytes each save writes, where the consistency audit's line fits saves that write
    more than the stated checkpoint and nothing counted them (cold read 18, M3: data's 4.78 GB/s "within this test's
    bandwidth" beside the audit's 558 GB per save, 8.51× the checkpoint)."""
    a, m = w.m.audit, w.m
    fit, ratio = a.fit, a.fit_written_to_snapshot  # fit_is_physical: neither is None
    if (
        not fit_is_physical(w)
        or fit is None
        or ratio is None
        or ratio <= 1 + FIO_BYTES_TOLERANCE
        or spans_node_local(m)
    ):
        return ""
    fields = {
        "size": gb(m.save.candidate.snapshot_gb),
        "written": sig(fit.written_gb),
        "ratio": x3(ratio),
        "section": _("Consistency audit"),
    }
    if demand(m).mean_to_sustained <= 1 < demand(m).mean_to_sustained * ratio:
        text = _(
            "These demands take each save to write the stated {size} checkpoint. The bytes a save writes were not "
            "recorded, and the audit cannot rule out more: its line through the two systems' points gives {written} "
            "GB, {ratio} as much (see “{section}”), which would need {ratio} these bandwidths, beyond this test's even "
            "on average. Record the bytes written per save to tell."
        )
    else:
        text = _(
            "These demands take each save to write the stated {size} checkpoint. The bytes a save writes were not "
            "recorded, and the audit cannot rule out more: its line through the two systems' points gives {written} "
            "GB, {ratio} as much (see “{section}”), which would need {ratio} these bandwidths. Record the bytes "
            "written per save to tell."
        )
    return " " + text.format(**fields)


def _demand_within(m: Metrics) -> bool:
    """Whether the cluster's demand is `demand_reference`'s plain case: within one test's bandwidth of the shared
    candidate on average, no client sweep to set it against, no save that outruns the log."""
    return against(m) is None and not log_outrun(m) and not per_node(m) and not capacity_beyond(m)


def demand_reference(m: Metrics) -> str:
    """The cluster's bandwidth demand in one sentence, pointing to the training bubble section that argues it."""
    c = demand(m)
    if against(m) is not None and not log_outrun(m):
        # the client sweep, not one client's bandwidth, is what the demand is set against (scaling reading 6, M2, M3)
        text = _("Their saves would need {mean} GB/s on average and {peak} GB/s all at once on {system}.").format(
            mean=sig(c.mean_write_gbps), peak=sig(c.peak_write_gbps), system=m.save.candidate.system
        )
        # every job at once, the demand against the sweep and the overlap: argued there once (V minor 12)
        return " ".join([text, _("See “{section}”.").format(section=_("Scaling with client nodes"))])
    return (
        _(
            "Their saves would need {mean} GB/s on average and {peak} GB/s all at once on {system}; this test's logged "
            "bandwidth cannot tell whether it keeps pace, as the saves outrun it (see “{section}”)."
        )
        if log_outrun(m)
        # asynchronous: the bytes over the interval finish each write before the next save, not a rate all at once
        # (scaling reading 20, AC-m2: "0.0848 GB/s all at once" where today's save time all at once needs 3.78)
        else _(
            "A node's part of their saves would need {mean} GB/s on average and {peak} GB/s to finish each write "
            "before the next save on its own {system}, {ratio} of this test's bandwidth of one node, on average (see "
            "“{section}”)."
        )
        if per_node(m) and m.checkpoint_mode == "async"
        else _(
            "A node's part of their saves would need {mean} GB/s on average and {peak} GB/s all at once on its own "
            "{system}, {ratio} of this test's bandwidth of one node, on average (see “{section}”)."
        )
        if per_node(m)
        else _(
            "Their saves would need {mean} GB/s on average and {peak} GB/s all at once on {system}, {ratio} this "
            "test's bandwidth on average: at the bandwidth this test showed, the GPU-equivalents above are not "
            "attainable (see “{section}”)."
        )
        if capacity_beyond(m)
        else _(
            "Their saves would need {mean} GB/s on average and {peak} GB/s all at once on {system}, {ratio} of "
            "this test's bandwidth on average (see “{section}”)."
        )
    ).format(
        mean=sig(c.mean_write_gbps),
        peak=sig(c.peak_write_gbps),
        system=m.save.candidate.system,
        ratio=demand_ratios(m)["mean_ratio"],
        section=_("Training bubble analysis"),
    )


def demand_sentence(m: Metrics) -> str:
    """The bandwidth the cluster behind the GPU-equivalents would need on the candidate, against what was measured."""
    cl, c = m.cluster, demand(m)
    if per_node(m):
        return _node_demand_sentence(m) + _beyond_bandwidth(m)
    if m.save.candidate.gpus > m.bubble.cluster_gpus:
        jobs = _("The cluster figures describe one job of {gpus} GPUs, larger than the cluster.").format(
            gpus=count(m.save.candidate.gpus)
        )
    else:
        jobs = ngettext(
            "A cluster of {cluster} GPUs holds {n} such job ({gpus} GPUs).",
            "A cluster of {cluster} GPUs holds {n} such jobs ({gpus} GPUs each).",
            cl.jobs,
        ).format(n=count(cl.jobs), cluster=count(m.bubble.cluster_gpus), gpus=count(m.save.candidate.gpus))
    if against(m) is not None and not log_outrun(m):
        return jobs + " " + _swept_demand(m)
    need = (
        _(
            "On {system} their checkpoints need {mean} GB/s of writes on average (saves perfectly staggered) and "
            "{peak} GB/s if every job saves at once, against the {measured} GB/s sustained bandwidth of this test."
        )
        if sustained(m.bandwidth.candidate)
        else _(
            "On {system} their checkpoints need {mean} GB/s of writes on average (saves perfectly staggered) and "
            "{peak} GB/s if every job saves at once, against the {measured} GB/s write bandwidth of this test (not "
            "shown to be sustained: see “{section}”)."
        )
    )
    text = (
        jobs
        + " "
        + need.format(
            system=m.save.candidate.system,
            mean=sig(c.mean_write_gbps),
            peak=sig(c.peak_write_gbps),
            measured=sig(m.bandwidth.candidate_gbps),
            section=_("Write bandwidth"),
        )
    )
    return text + _beyond_bandwidth(m)


def _swept_demand(m: Metrics) -> str:
    """The cluster's demand on a shared candidate with a client sweep: set against the sweep, not against one client's
    bandwidth (scaling reading 6, M3: 13.4× one client's 6.30 GB/s beside a sweep that gives 1.9× its fitted maximum),
    with what every job saving at once would take (M2)."""
    c, within = demand(m), m.cluster.candidate
    text = (
        _(  # two demands named apart (scaling reading 16, M2)
            "On {system} their checkpoints need {mean} GB/s of writes on average (saves perfectly staggered), {peak} "
            "GB/s for every job's write to finish before its next save, and {within} GB/s to keep today's save time "
            "with every job at once."
        )
        if m.checkpoint_mode == "async" and within is not None
        else _(
            "On {system} their checkpoints need {mean} GB/s of writes on average (saves perfectly staggered) and "
            "{peak} GB/s if every job saves at once."
        )
    ).format(
        system=m.save.candidate.system,
        mean=sig(c.mean_write_gbps),
        peak=sig(c.peak_write_gbps),
        within=sig(within.peak_write_gbps) if within is not None else "",
    )
    said = [text, demand_against_sweep(m)]
    if consequence(m):  # argued in the scaling section, once
        scaling = _("Scaling with client nodes")
        said.append(_("What every job saving at once would take is in “{section}”.").format(section=scaling))
    said.append(
        _(
            "The sweep shows what its clients drove, not the system's capacity: measure at the cluster's client count "
            "before counting on it."
        )
    )
    return " ".join(said)


def _node_demand_sentence(m: Metrics) -> str:
    """A candidate local to each node: each node takes its part of the saves; this test's bandwidth is one node's."""
    n, c = m.node_local, demand(m)
    assert n is not None, "called for a candidate local to each node (per_node)"
    text = (
        _(
            "{system} is storage local to each node (as recorded for this test), and this test's bandwidth is "
            "one node's: a cluster of {cluster} GPUs, {per_node} to a node, writes to {nodes} of them, each taking its "
            "node's part of the saves. One node's part needs {mean} GB/s of writes on average (saves perfectly "
            "staggered) and {peak} GB/s to finish each asynchronous write before the next save, against the "
            "{measured} GB/s sustained bandwidth of one node in this test."
        )
        if sustained(m.bandwidth.candidate) and m.checkpoint_mode == "async"
        else _(
            "{system} is storage local to each node (as recorded for this test), and this test's bandwidth is "
            "one node's: a cluster of {cluster} GPUs, {per_node} to a node, writes to {nodes} of them, each taking its "
            "node's part of the saves. One node's part needs {mean} GB/s of writes on average (saves perfectly "
            "staggered) and {peak} GB/s if every job saves at once, against the {measured} GB/s sustained bandwidth "
            "of one node in this test."
        )
        if sustained(m.bandwidth.candidate)
        else _(
            "{system} is storage local to each node (as recorded for this test), and this test's bandwidth is "
            "one node's: a cluster of {cluster} GPUs, {per_node} to a node, writes to {nodes} of them, each taking its "
            "node's part of the saves. One node's part needs {mean} GB/s of writes on average (saves perfectly "
            "staggered) and {peak} GB/s if every job saves at once, against the {measured} GB/s write bandwidth "
            "of one node in this test (not shown to be sustained: see “{section}”)."
        )
    )
    return text.format(
        system=m.save.candidate.system,
        cluster=count(m.bubble.cluster_gpus),
        per_node=count(n.gpus_per_node),
        nodes=count(n.nodes_in_cluster),
        mean=sig(c.mean_write_gbps),
        peak=sig(c.peak_write_gbps),
        measured=sig(m.bandwidth.candidate_gbps),
        section=_("Write bandwidth"),
    )


def demand_ratios(m: Metrics) -> dict[str, str]:
    """The cluster's write demand against this test's bandwidth, as every page prints it: "mean_ratio" (saves perfectly
    staggered) and "peak_ratio" (every job at once), "7.07×"."""
    c = demand(m)
    measured = figure_of(sig(m.bandwidth.candidate_gbps))

    def ratio(value: float, demand_gbps: float) -> str:
        if value < 1:  # a share of the bandwidth reads as a percent: "16% of", not "0.156×" (zh cold read 5b, M-22)
            # three digits, as every figure of the report: two made "14%" read as the 13.7 GPU-equivalents printed
            # another way (tests/test_precision.py)
            return _("{share}%").format(share=sig(100 * value, 3))
        # at the digits its printed operands give back (cold read 12, m3: 12.8 ÷ 3.00 is 4.27, not the 4.25 printed)
        return _("{ratio}×").format(ratio=worked(value, figure_of(sig(demand_gbps)) / measured))

    return {
        "mean_ratio": ratio(c.mean_to_sustained, c.mean_write_gbps),
        "peak_ratio": ratio(c.peak_to_sustained, c.peak_write_gbps),
    }


def _beyond_bandwidth(m: Metrics) -> str:
    """When the cluster's saves need more than this test sustained: on average (the GPU-equivalents rest on a bandwidth
    not shown), or only when every job saves at once (they hold only if the saves are staggered)."""
    c = demand(m)
    ratios = demand_ratios(m)
    if log_outrun(m):  # the reference itself is in doubt: no ratio to it (Chinese reading 21, M1; cold read 22, M3)
        return " " + _(
            "The saves themselves run faster than this bandwidth (see the warning below), so it is no measure of "
            "what the storage can take, and no demand is set against it: measure at the cluster's scale before "
            "counting on the GPU-equivalents."
        )
    if c.mean_to_sustained > 1:
        said = _(
            "Even perfectly staggered, that is more than this test's bandwidth ({mean_ratio} of it on "
            "average, {peak_ratio} at peak): at the bandwidth this test showed, the GPU-equivalents are not "
            "attainable."
        )
    elif c.peak_to_sustained > 1:
        said = _(
            "On average that is within this test's bandwidth ({mean_ratio} of it), but every job saving at "
            "once needs {peak_ratio} of it: the GPU-equivalents hold only if the jobs' saves are staggered, or with a "
            "bandwidth the test did not show."
        )
    else:
        return ""
    # an illustrative log says what it is (cold read 7, M5); node-local storage is measured on one node (zh reading 19)
    caution = (
        _(
            "This test's bandwidth is what its clients drove on one node: measure one node with every job it holds "
            "saving at once before counting on it."
        )
        if per_node(m)
        else _(
            "This test's bandwidth is illustrative, not measured, and a measurement would show what its clients "
            "drove, not the system's capacity: measure at the cluster's scale before counting on it."
        )
        if "bandwidth" in m.inputs_illustrative
        else _(
            "This test's bandwidth is what its clients drove; the candidate's client sweep reached {most} (see "
            "“{section}”), short of the cluster's scale, so extend it there before counting on it."
        ).format(most=clients(most), section=_("Scaling with client nodes"))
        if (most := swept_to(m)) is not None
        else _(
            # not "not the system's capacity": nothing shows the clients were the limit (cold read 6, M4)
            "This test's bandwidth is what its clients drove; whether more clients would drive more was not "
            "measured, so measure at the cluster's scale before counting on it."
        )
    )
    return " " + said.format(**ratios) + " " + caution


def swept_to(m: Metrics) -> int | None:
    """The most client nodes the candidate's client sweep reached; None where it was not swept."""
    side = None if m.scaling is None else m.scaling.candidate
    return None if side is None else side.max_clients


def scale_step(m: Metrics) -> str:
    """The next step where the cluster's jobs need more of the candidate's bandwidth than this test showed: measure at
    their scale, or, where the candidate was swept, extend the sweep it did (field test 7, m13: "Measure the
    candidate with as many clients …" beside a 1-2 client sweep)."""
    if per_node(m):
        return _(
            "Measure one node with every job it holds saving at once: the GPU-equivalents need more of a node's "
            "bandwidth than this test showed, at least when every job saves at once."
        )
    staggered = demand(m).mean_to_sustained > 1  # not "at least when every job saves at once" (zh reading 27, m2)
    if (most := swept_to(m)) is not None:
        text = (
            _(
                "Extend the candidate's client sweep, which reached {most}, to as many clients as the cluster's jobs "
                "would save from at once: the GPU-equivalents need more bandwidth than this test showed, even with "
                "the saves perfectly staggered."
            )
            if staggered
            else _(
                "Extend the candidate's client sweep, which reached {most}, to as many clients as the cluster's jobs "
                "would save from at once: the GPU-equivalents need more bandwidth than this test showed, at least "
                "when every job saves at once."
            )
        )
        return text.format(most=clients(most))
    if staggered:
        return _(
            "Measure the candidate with as many clients as the cluster's jobs would save from at once: the "
            "GPU-equivalents need more bandwidth than this test showed, even with the saves perfectly staggered."
        )
    return _(
        "Measure the candidate with as many clients as the cluster's jobs would save from at once: the "
        "GPU-equivalents need more bandwidth than this test showed, at least when every job saves at once."
    )


def cluster_row_assumption(m: Metrics) -> str:
    """The value table's cluster row, in one sentence: what it assumes of the storage (the figures are said in full
    beside the GPU-equivalents)."""
    c = demand(m)
    fields = {
        "system": m.save.candidate.system,
        "peak": sig(c.peak_write_gbps),
        "mean": sig(c.mean_write_gbps),
        **demand_ratios(m),
        # beside the optima's row, the row of today's interval by name (Chinese reading 7, M1)
        "row": _("The cluster row at today's interval") if today_interval_only(m) else _("The cluster row"),
    }
    if per_node(m):  # each node's own system takes its node's part (cold read 17, M1)
        return (
            _(
                "{row} assumes each node's own {system} takes that node's part of the saves: {peak} GB/s if they all "
                "save at once, {peak_ratio} this test's bandwidth of one node (see “Training bubble "
                "analysis”)."
            )
            if c.peak_to_sustained > 1
            # the asynchronous write's deadline, not "at once" (scaling reading 20, AC-m2)
            else _(
                "{row} assumes each node's own {system} takes that node's part of the saves: {peak} GB/s to finish "
                "each write before the next save, within this test's bandwidth of one node ({peak_ratio} of it)."
            )
            if m.checkpoint_mode == "async"
            else _(
                "{row} assumes each node's own {system} takes that node's part of the saves: {peak} GB/s if they all "
                "save at once, within this test's bandwidth of one node ({peak_ratio} of it)."
            )
        ).format(**fields)
    if log_outrun(m):  # no ratio to a bandwidth the saves outrun (cold read 22, M3)
        return _(
            "{row} assumes {system} takes every job's saves: {mean} GB/s on average even if they are perfectly "
            "staggered and {peak} GB/s if they all save at once, which this test's logged bandwidth cannot weigh: "
            "the saves outrun it."
        ).format(**fields)
    if c.mean_to_sustained > 1:  # even staggered saves need more (third cold read, m-16)
        return _(
            "{row} assumes {system} takes every job's saves: {mean} GB/s on average even if they are "
            "perfectly staggered and {peak} GB/s if they all save at once, {mean_ratio} and {peak_ratio} this test's "
            "bandwidth (see “Training bubble analysis”)."
        ).format(**fields)
    if c.peak_to_sustained > 1:
        return _(
            "{row} assumes {system} takes every job's saves: {peak} GB/s if they all save at once, "
            "{peak_ratio} this test's bandwidth (see “Training bubble analysis”)."
        ).format(**fields)
    return (
        _(
            "{row} assumes {system} takes every job's saves: {peak} GB/s for every write to finish before its next "
            "save, within this test's bandwidth ({peak_ratio} of it)."
        )
        if m.checkpoint_mode == "async"  # the write's deadline, not "at once" (scaling reading 16, M2)
        else _(
            "{row} assumes {system} takes every job's saves: {peak} GB/s if they all save at once, within this "
            "test's bandwidth ({peak_ratio} of it)."
        )
    ).format(**fields)
