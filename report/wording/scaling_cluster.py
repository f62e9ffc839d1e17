"""The cluster's saves against the client sweep, where the reader decides (scaling reading 6, M2 and M3): the demand set
against the sweep, not against one client's bandwidth, and what every job saving at once would take at the fitted
maximum, against the baseline. Built from the figures only; nothing is said without a fitted law the law allows, or
for a candidate local to each node (its demand is one node's, set against one node's bandwidth elsewhere)."""

from __future__ import annotations

from dataclasses import dataclass

from report.compute import Metrics, ScalingPoint
from report.compute import scaling_compare as compare
from report.compute.cluster_scope import demand_basis, shared_demand
from report.formatting import PROSE_DIGITS, count, figure_of, p3, sig, worked
from report.i18n import _
from report.wording.scaling import clients, fitted, fitted_side, node_local


@dataclass(frozen=True)
class Against:
    """What the sweep gives to set the cluster's demand against."""

    nodes: int  #: the cluster's client nodes: its jobs' nodes, all saving at once
    most: ScalingPoint  #: the candidate's most client nodes measured
    at_nodes: float | None  #: the fitted aggregate at `nodes`, where the law gives one and `nodes` is not far
    top: float | None  #: the fitted maximum at any client count (C at the fitted peak), where there is one
    peak_clients: float | None  #: where the fitted maximum lies
    peak_gbps: float  #: the cluster's demand with every job saving at once within today's save time (the contract's)
    mean_gbps: float  #: its demand with the saves perfectly staggered
    due_gbps: float | None = None  #: async: every job's write at once, due by its next save (jobs × size ÷ τ)
    best: ScalingPoint | None = None  #: the one basis the demand is set against: the most the sweep gave

    @property
    def basis(self) -> ScalingPoint:
        """The most the sweep gave, or its most client nodes' mean where that was not given."""
        return self.most if self.best is None else self.best


def against(m: Metrics) -> Against | None:
    """The sweep's figures for the cluster's demand on a shared candidate with a fitted law (σ, κ >= 0), else None."""
    demand = m.cluster.candidate
    s = fitted_side(m, "candidate")
    if m.scaling is None or s is None or s.usl is None or demand is None or node_local(m, "candidate"):
        return None
    if not s.usl.describes:  # a fit the law does not describe gives no figure to decide on (said in the section)
        return None
    n = m.scaling.cluster_nodes
    at_nodes = None if compare.far(m.scaling, n) else s.usl.capacity(n)
    top = compare.peak_capacity(s.usl)
    return Against(
        n,
        s.points[-1],
        at_nodes,
        top,
        s.usl.peak_clients if top is not None else None,
        demand.peak_write_gbps,
        demand.mean_write_gbps,
        # two demands, named apart (scaling reading 16, M2): today's save time, and before the next save
        shared_demand(m)["candidate"].peak_write_gbps if m.checkpoint_mode == "async" else None,
        demand_basis(s),
    )


def _ratio(demand: float, capacity: float, digits: int = PROSE_DIGITS) -> str:
    """demand ÷ capacity as the page prints a share ("18.2%") or a multiple ("1.91×"), at digits its printed operands
    give back (at most `digits`)."""
    value = demand / capacity
    recomputed = figure_of(sig(demand)) / figure_of(sig(capacity))
    if value < 1:
        return _("{share}%").format(share=worked(100 * value, 100 * recomputed, digits))
    return _("{ratio}×").format(ratio=worked(value, recomputed, digits))


def shares_of(demand: float, *capacities: float) -> list[str]:
    """demand ÷ each capacity, set side by side in one sentence: at one precision, the fewest digits any of them needs
    (scaling reading 7b, minor 14: "2.3× the one and 1.91× the other")."""
    digits = min(figure_digits(_ratio(demand, c)) for c in capacities)
    return [_ratio(demand, c, digits) for c in capacities]


def figure_digits(text: str) -> int:
    """The significant digits of a printed figure ("2.3×": 2, "1.91×": 3, "18.2%": 3)."""
    digits = "".join(ch for ch in text if ch.isdigit()).lstrip("0")
    return max(1, len(digits))


def demand_against_sweep(m: Metrics) -> str:
    """The cluster's demand set against the client sweep in one sentence, or "" without a sweep to set it against: the
    fitted aggregate at the cluster's client nodes (an extrapolation beyond the clients measured), or, where those lie
    too far beyond for the fit to tell, the aggregate measured with the most clients and the fitted maximum."""
    a = against(m)
    if a is None:
        return ""
    most = a.most.clients
    if a.at_nodes is not None:
        where = (
            _("an extrapolation beyond the {most} tested").format(most=clients(most))
            if a.nodes > most
            else _("within the {most} tested").format(most=clients(most))
        )
        fields = {
            "capacity": sig(a.at_nodes),
            "nodes": clients(a.nodes),
            "where": where,
            "mean": _ratio(a.mean_gbps, a.at_nodes),
            "peak": _ratio(a.peak_gbps, a.at_nodes),
        }
        if a.due_gbps is not None:
            return _(
                "Against the client sweep: its fitted law gives {capacity} GB/s at the cluster's {nodes}, {where}; the "
                "demand is {mean} of that on average, {due} for every job's write to finish before its next save, and "
                "{peak} to keep today's save time with every job at once."
            ).format(due=_ratio(a.due_gbps, a.at_nodes), **fields)
        return _(
            "Against the client sweep: its fitted law gives {capacity} GB/s at the cluster's "
            "{nodes}, {where}; the demand is {mean} of that on average and {peak} with every job saving at once."
        ).format(**fields)
    # one basis, the most the sweep gave (cluster_scope.demand_basis; zh reading 18, Y minor 1)
    text = _(
        "Against the client sweep: the cluster's {nodes} lie too far beyond the {most} tested for the fit to tell what "
        "they give; the most the sweep gave is {measured} GB/s at {at}, and every job saving at once needs "
        "{peak_measured} that."
    ).format(
        nodes=clients(a.nodes),
        most=clients(most),
        measured=sig(a.basis.mean_gbps),
        at=clients(a.basis.clients),
        peak_measured=_ratio(a.peak_gbps, a.basis.mean_gbps),
    )
    return text + due_words(a)


def due_words(a: Against) -> str:
    """With asynchronous saves, the demand of every job's write finishing before its next save set against the same
    two figures, apart from the one of keeping today's save time (scaling reading 16, M2: 82.4 GB/s printed, then
    4.6× and 4.1× worked from 500 GB/s); "" for synchronous saves or without a fitted maximum."""
    if a.due_gbps is None:
        return ""
    return " " + _(
        "That ratio is of keeping today's save time; for every job's write to finish before its next save instead, "
        "the jobs need {due} GB/s, {due_measured} of the same, though not at the cluster's {nodes}."
    ).format(due=sig(a.due_gbps), due_measured=_ratio(a.due_gbps, a.basis.mean_gbps), nodes=clients(a.nodes))


@dataclass(frozen=True)
class AllAtOnce:
    """Every job of the cluster saving at once against the most the fit gives."""

    seconds: float  #: the jobs' checkpoints ÷ that capacity: the least time their saves together take
    capacity: float  #: the fitted maximum, or the fitted aggregate at the cluster's nodes where there is no maximum
    at_peak: bool  #: whether `capacity` is the fitted maximum
    total_gb: float  #: every job's checkpoint
    baseline_s: float | None  #: the baseline's mean save, where its saves do not contend (local to each node, unswept)


def all_at_once(m: Metrics) -> AllAtOnce | None:
    """The least time every job's save at once takes on the candidate, on its fit: where the fitted maximum (else the
    fitted aggregate at the cluster's nodes) is below the demand of every job at once; None otherwise."""
    a = against(m)
    if a is None:
        return None
    capacity, at_peak = (a.top, True) if a.top is not None else (a.at_nodes, False)
    if capacity is None or not capacity > 0 or capacity >= a.peak_gbps:
        return None
    total = m.cluster.jobs * m.save.candidate.snapshot_gb
    unswept_local = node_local(m, "baseline") and not fitted(m, "baseline")
    return AllAtOnce(total / capacity, capacity, at_peak, total, m.save.baseline.mean_s if unswept_local else None)


def refit_seconds(m: Metrics) -> tuple[float, float] | None:
    """The least time every job's save at once takes across the one-run-per-count refits (their fitted maxima's
    range), (shortest, longest); None where the refits are not made or one gives no maximum (scaling reading 7, B1:
    46.0 s on the point fit, 31-52 s across the refits)."""
    found = all_at_once(m)
    r = compare.refit_ranges(m.scaling, "candidate") if m.scaling is not None else None
    if found is None or not found.at_peak or r is None or r.without_top or r.top_low is None or r.top_high is None:
        return None
    return found.total_gb / r.top_high, found.total_gb / r.top_low


def no_faster(m: Metrics) -> bool:
    """Whether every job saving at once takes at least the baseline's save time (as printed) on every one-run refit,
    not on the point fit alone: an extrapolated peak whose refits straddle the baseline does not tell (scaling
    reading 7, B1: 34 of 81 refits faster than the baseline)."""
    found, spread = all_at_once(m), refit_seconds(m)
    if found is None or found.baseline_s is None or spread is None:
        return False
    return figure_of(sig(spread[0])) >= figure_of(sig(found.baseline_s))


def consequence(m: Metrics, short: bool = False) -> str:
    """What every job saving at once would take, and what it does to the advantage, in one sentence ("" where the fit
    gives enough or nothing to say it from); `short`: page 1's fewer words."""
    found = all_at_once(m)
    if found is None:
        return ""
    a = against(m)
    assert a is not None
    b = found.baseline_s
    fields = {
        "jobs": count(m.cluster.jobs),
        "total": sig(found.total_gb),
        "time": sig(found.seconds),
        "capacity": sig(found.capacity),
        "today": sig(m.save.candidate.mean_s),
        "baseline": "" if b is None else sig(b),
        "most": clients(a.most.clients),
        "measured": sig(a.most.mean_gbps),
    }
    slower = no_faster(m)
    spread = refit_seconds(m)
    fields["low"], fields["high"] = (sig(spread[0]), sig(spread[1])) if spread else ("", "")
    beyond = a.peak_clients is not None and a.peak_clients > a.most.clients
    # page 1 keeps "extrapolated" and the refits' range (scaling reading 7, B1: a point estimate beyond the clients
    # tested decided "no faster than the baseline"); the time at the fitted maximum is no floor beside the refits'
    # range (scaling reading 7b, finding 2: "at least 46.0 s" beside 31.2–52.2 s): only the least of every refit's
    # time is "at least", and page 1 sets it against the baseline's save, not one job's; the time at the fitted maximum
    # is said "at best", longer below it (scaling reading 9, M6: "409–488 s across refits" read as an interval)
    fields["fit"] = _("the extrapolated fit's maximum") if beyond else _("the fitted maximum")
    if short:
        if not found.at_peak:
            return ""
        if slower:
            text = _(
                "all at once: at least {low} s a save across refits ({time} s if it tops out at {fit}), no faster "
                "than the baseline's {baseline} s"
            )
        elif spread is not None and b is not None:
            text = _(
                "all at once: at best {time} s a save ({low}–{high} s across refits), if it tops out at {fit}, longer "
                "below it; against the baseline's {baseline} s: neither shown faster"
            )
        elif spread is not None and beyond:  # a fitted, extrapolated figure, no bound (scaling reading 16, m1)
            text = _(
                "all at once: about {time} s a save ({low}–{high} s across refits) if it sustained {fit}, not "
                "measured at the cluster's nodes; against {today} s for one job alone"
            )
        elif spread is not None:
            text = _(
                "all at once: at best {time} s a save ({low}–{high} s across refits), if it tops out at {fit}, longer "
                "below it; against {today} s for one job alone"
            )
        else:
            text = _(
                "all at once: at best {time} s a save, if it tops out at {fit}, longer below it; against {today} s for "
                "one job alone"
            )
        return text.format(**fields)
    head = (
        _(
            "If the cluster's {jobs} jobs save at once, their {total} GB take {time} s to write if the storage tops "
            "out at the fitted maximum of {capacity} GB/s (an extrapolation beyond the {most} tested, which gave "
            "{measured} GB/s), and longer below it, against {today} s for one job saving alone."
        )
        if found.at_peak and beyond
        else _(
            "If the cluster's {jobs} jobs save at once, their {total} GB take {time} s to write if the storage tops "
            "out at the fitted maximum of {capacity} GB/s, within the {most} tested, and longer below it, against "
            "{today} s for one job saving alone."
        )
        if found.at_peak
        else _(
            "If the cluster's {jobs} jobs save at once, their {total} GB take {time} s to write at the fitted "
            "aggregate of {capacity} GB/s at their nodes (an extrapolation beyond the {most} tested, which gave "
            "{measured} GB/s), and longer below it, against {today} s for one job saving alone."
        )
    )
    if b is None:
        return head.format(**fields)
    if slower:
        # not "only while staggered": some jobs may save at once before the fitted maximum runs short (scaling
        # reading 7, M1): capacity × the baseline's save ÷ one checkpoint
        fields["together"] = count(int(found.capacity * b / m.save.candidate.snapshot_gb))
        tail = _(
            "At the one-run-per-count refits' maxima it takes {low}–{high} s, no faster than the baseline's "
            "{baseline} s, whose saves, each node writing to its own storage, do not contend (as assumed for its "
            "figures): on the fit, the candidate's save advantage holds while at most {together} jobs save at once."
        )
    elif spread is not None:
        tail = _(
            "At the one-run-per-count refits' maxima it takes {low}–{high} s, against the baseline's {baseline} s, "
            "whose saves, each node writing to its own storage, do not contend: the fit does not tell which would "
            "finish first."
        )
    else:
        tail = _(
            "Against the baseline's {baseline} s, whose saves, each node writing to its own storage, do not contend, "
            "the fit does not tell which would finish first."
        )
    return head.format(**fields) + " " + tail.format(**fields)


def overlap(m: Metrics) -> list[str]:
    """How many of the cluster's jobs save at once on average, where each save pauses the job for its whole write
    (scaling reading 7b, minor 12: only "staggered" and "every job at once" were given, and the first is near the
    usual case): jobs × the share of its time a job spends saving (mean demand ÷ peak demand)."""
    c = m.cluster.candidate
    save = m.save.candidate
    if c is None or not c.peak_write_gbps > 0 or m.cluster.jobs < 2 or save.pause_s != save.mean_s:
        return []
    share = c.mean_write_gbps / c.peak_write_gbps
    at_once = m.cluster.jobs * share
    fields = {"share": p3(100 * share), "n": sig(at_once), "jobs": count(m.cluster.jobs)}
    if at_once < 1:
        text = _(
            "If the jobs run independently of each other, their saves overlap little: each job spends {share} of its "
            "time saving, so on average {n} of the {jobs} jobs are saving at any moment; every job at once is the "
            "worst case, not the usual one."
        )
    else:
        text = _(
            "Each job spends {share} of its time saving, so on average {n} of the {jobs} jobs are saving at any "
            "moment: their saves overlap as a rule."
        )
    return [text.format(**fields)]
