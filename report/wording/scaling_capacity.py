"""The cluster's write demand on the candidate against the capacity its client sweep implies (scaling reading 5, M1
and m1; scaling reading 6, M2): the fitted aggregate at the cluster's nodes, the fitted maximum at any client count
with its spread over the refits, and what every job saving at once would take."""

from __future__ import annotations

from report.compute import scaling_compare as compare
from report.document.blocks import Para
from report.formatting import count, pct, sig
from report.i18n import _
from report.wording.base import Words
from report.wording.scaling import clients, side_of
from report.wording.scaling_claim import refitted
from report.wording.scaling_cluster import consequence, overlap


def _top_spread(w: Words, peak_demand: float) -> str:
    """How far one run per client count moves the fitted maximum, against the peak demand; "" without a range."""
    found = refitted(w.m)
    if found is None or found[0] != "candidate":
        return ""
    r = found[1]
    low, high = r.top_low, r.top_high
    if low is None or high is None:
        return ""
    fields = {"low": sig(low), "high": sig(high), "refits": count(r.refits)}
    if high < peak_demand and not r.without_top:
        text = _(
            "Refitted to one run per client count, it lies between {low} and {high} GB/s, below the peak demand in all "
            "{refits} refits."
        )
    else:
        text = _("Refitted to one run per client count, it lies between {low} and {high} GB/s.")
    return " " + text.format(**fields)


def cluster_capacity(w: Words) -> Para | None:
    """The cluster's write demand on the candidate (mean and peak, as computed) against what the sweep implies: the
    fitted aggregate at the cluster's node count where that is not far beyond the clients measured ("the fit cannot
    tell" where it is), and the fitted maximum at any client count; with the demand's own assumption, that each save
    keeps the time measured with one job writing (scaling reading 5, M1 and m1). None where either is missing (no fit,
    or a candidate local to each node, whose demand is not shared)."""
    m = w.m
    demand = m.cluster.candidate
    s = side_of(m, "candidate")
    if m.scaling is None or s is None or s.usl is None or demand is None:  # a candidate local to each node shares none
        return None
    n, capacity = m.scaling.cluster_nodes, m.scaling.at_cluster.candidate
    head = _(
        "The cluster's {jobs} jobs like this one need {mean} GB/s from {candidate} on average (saves staggered) and "
        "{peak} GB/s when every job saves at once."
    ).format(
        jobs=count(m.cluster.jobs),
        mean=sig(demand.mean_write_gbps),
        peak=sig(demand.peak_write_gbps),
        candidate=w.name("candidate"),
    )
    assumes = _(
        "Both figures assume each save still takes the {time} s of this one job writing alone; with every job "
        "saving at once the saves contend, so the peak figure is what today's save time would need, not a rate the "
        "storage is shown to give."
    ).format(time=sig(m.save.candidate.mean_s))
    notes = [head, assumes, *overlap(m)]
    enough = True
    if capacity is None:
        notes.append(
            _(
                "Its fitted law gives no bandwidth at those jobs' {nodes} (its denominator is not above zero): the law "
                "does not reach that far."
            ).format(nodes=clients(n))
        )
        enough = False
    elif compare.far(m.scaling, n):
        notes.append(
            _(
                "The fit cannot tell what {candidate} gives at those jobs' {nodes}, {times} times the {most} tested."
            ).format(
                candidate=w.name("candidate"), nodes=clients(n), times=sig(n / s.max_clients), most=count(s.max_clients)
            )
        )
    else:
        if capacity >= demand.peak_write_gbps:
            judgement = _("enough for both")
        elif capacity >= demand.mean_write_gbps:
            judgement = _("enough on average, not when every job saves at once")
        else:
            judgement = _("short of both")
            enough = False
        notes.append(
            _("Its fitted aggregate at those jobs' {nodes} is {capacity} GB/s: {judgement}.").format(
                nodes=clients(n), capacity=sig(capacity), judgement=judgement
            )
        )
        if n > s.max_clients:
            text = _("Those {nodes} lie beyond the {most} tested: an extrapolation of the fit.")
            notes.append(text.format(nodes=clients(n), most=count(s.max_clients)))
    more, top_enough = _top_notes(w, s, demand.peak_write_gbps, n)
    notes += more
    enough = enough and top_enough
    at_once = w.findings.get("cluster_local_at_once")
    # the section bounds every job at once by the most a levelled sweep gave: no second bound at the fitted maximum
    # (scaling reading 19, Z-6: 15.6 s at 414 GB/s beside at least 15.9 s at 404)
    if (found := consequence(m)) and not (at_once is not None and at_once["levelled"]):
        notes.append(found)  # scaling reading 6, M2: what every job saving at once would take, against the baseline
    if not s.usl.describes:
        notes.append(_("The fit's parameters cannot be used to extrapolate (above): this is not a forecast."))
    style = "p" if enough and s.usl.describes else "warning"
    return w.p(" ".join(notes), "scaling", "save_times", style=style)


def _measured_first(s, peak_demand: float, n: int, where: str, top: float) -> list[str]:
    """Where the fit does not describe the points: the most the runs gave against every job at once, and the fitted
    maximum said as the fit's."""
    best = max(s.points, key=lambda p: p.mean_gbps)
    values = {
        "best": sig(best.mean_gbps),
        "k": clients(best.clients),
        "share": pct(100 * best.mean_gbps / peak_demand, 0),
        "nodes": clients(n),
    }
    if best.mean_gbps < peak_demand:
        text = _(
            "The most its runs gave at any count run is {best} GB/s (the mean at {k}), {share} of the peak demand: "
            "every job saving at once would need more than the sweep showed, and the cluster's {nodes} were not run."
        )
    else:
        text = _("The most its runs gave is {best} GB/s (the mean at {k}), {share} of the peak demand.")
    fit = _("The fitted maximum, {where}, is {share} of the peak demand.").format(
        where=where, share=pct(100 * top / peak_demand, 0)
    )
    return [text.format(**values), fit]


def _top_notes(w: Words, s, peak_demand: float, n: int) -> tuple[list[str], bool]:
    """The fitted maximum at any client count against every job saving at once, and the runs' own best beside a fit
    the law disowns; whether the maximum covers the demand."""
    notes: list[str] = []
    enough = True
    top = compare.peak_capacity(s.usl)
    if top is not None and s.usl.peak_clients is not None:
        peak = s.usl.peak_clients
        where = (
            _("{top} GB/s at {peak} client nodes, an extrapolation beyond the {most} tested")
            if peak > s.max_clients
            else _("{top} GB/s at {peak} client nodes, within the {most} tested")
        ).format(top=sig(top), peak=sig(peak), most=count(s.max_clients))
        if not s.usl.describes:
            # the runs first, the disowned fit's maximum as its own (scaling reading 11b, m5: "at any client count …
            # cannot keep today's save time" rested on the fit past the counts run)
            return _measured_first(s, peak_demand, n, where, top), top >= peak_demand
        elif top < peak_demand:
            notes.append(
                _(
                    "The fitted maximum at any client count, {where}, is {share} of the peak demand: as far as the fit "
                    "tells, the saves of every job at once cannot keep today's save time on this storage."
                ).format(where=where, share=pct(100 * top / peak_demand, 0))
                + _top_spread(w, peak_demand)
            )
            enough = False
        else:
            notes.append(
                _("The fitted maximum at any client count, {where}, covers the peak demand.").format(where=where)
            )
    if not s.usl.describes:  # the runs' own best beside a fit the law disowns (reading 11, m3)
        best = max(s.points, key=lambda p: p.mean_gbps)
        text = _("The most its runs gave is {best} GB/s (the mean at {k}), {share} of the peak demand.")
        notes.append(
            text.format(
                best=sig(best.mean_gbps),
                k=clients(best.clients),
                share=pct(100 * best.mean_gbps / peak_demand, 0),
            )
        )
    return notes, enough
