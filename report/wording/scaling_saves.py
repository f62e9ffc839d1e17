"""The saves at the job's nodes, in the scaling words (scaling reading 10, B2): the sweep's benchmark writers may stop
short of the job's nodes, but the saves were timed with the job's own nodes writing, so they are this test's
comparison of the two systems at the job's size; the section, the summary and the Q&A say so with their figures."""

from __future__ import annotations

from report.compute import SIDES
from report.document.blocks import Para
from report.formatting import pct, s3, sig, x3
from report.i18n import _
from report.wording.base import Words
from report.wording.decisions import BANDWIDTH_BOUND_SHARE_PCT
from report.wording.scaling import job_nodes, nodes_words, side_of
from report.wording.scaling_range import negative_params

#: Below this share of the aggregate a save is not bandwidth-bound: its fixed cost would exceed its write's own time.
HALF_SHARE_PCT = 50.0


def saves_at_job(w: Words) -> str:
    """ "This test's saves were timed with the job's 48 nodes writing: …" with the speedup, both means and, where the
    runs give one, its 95% interval."""
    m = w.m
    save, ci = m.save, m.save.speedup_ci95
    fields = {
        "nodes": nodes_words(job_nodes(m)),
        "candidate": w.name("candidate"),
        "speedup": x3(save.speedup),
        "c": s3(save.candidate.mean_s),
        "b": s3(save.baseline.mean_s),
    }
    if ci is None or sig(ci[0]) == sig(ci[1]):
        text = _(
            "This test's saves were timed with the job's {nodes} writing: {candidate}'s are {speedup} as fast ({c} "
            "against {b}), the comparison at the job's size."
        )
    else:
        fields.update(low=sig(ci[0]), high=sig(ci[1]))
        text = _(
            "This test's saves were timed with the job's {nodes} writing: {candidate}'s are {speedup} as fast ({c} "
            "against {b}; 95% interval {low}–{high}×), the comparison at the job's size."
        )
    return text.format(**fields)


def sweep_share(w: Words) -> list[Para]:
    """The consistency audit's link between the sweep and the saves (scaling reading 5, M4): each side swept at the
    save's node count (measured there, or fitted between counts measured), its save's throughput against that
    aggregate, and whether the save can be bound by bandwidth."""
    m, out = w.m, []
    k = job_nodes(m)
    for key in SIDES:
        s = side_of(m, key)
        if s is None or not s.points[0].clients <= k <= s.max_clients:
            continue
        point = next((p for p in s.points if p.clients == k), None)
        aggregate = point.mean_gbps if point is not None else (None if s.usl is None else s.usl.capacity(k))
        if aggregate is None or not aggregate > 0:
            continue
        rate = m.save.side(key).effective_gbps
        share = 100 * rate / aggregate
        text = (
            _("At the save's {nodes}, the client sweep gives {aggregate} GB/s in aggregate on {system}.")
            if point is not None
            else _("At the save's {nodes}, the law fitted to the client sweep gives {aggregate} GB/s on {system}.")
        ).format(nodes=nodes_words(k), aggregate=sig(aggregate), system=w.name(key))
        if point is None and s.usl is not None and not s.usl.describes:  # a fit at a count not run (reading 11, B1)
            text += " " + _(
                "{system} was not run at that count, and its fitted law, with a negative {which}, cannot be used to "
                "extrapolate: the figure is the fit's, no forecast."
            ).format(system=w.name(key), which=negative_params(s.usl))
        if share < HALF_SHARE_PCT:
            text += " " + _(
                "The save's {rate} GB/s is {share} of it: the save is not bound by bandwidth, so a larger aggregate, "
                "at this node count or any other, does not by itself explain or predict a shorter save of one job. "
                "Where many jobs save at once and together need more than the aggregate, it does bound their saves "
                "(“Scaling with client nodes”)."
            ).format(rate=sig(rate), share=pct(share, 1))
        elif share < BANDWIDTH_BOUND_SHARE_PCT:
            # a fixed cost below the write's own time leaves a bandwidth-bound save this close (scaling reading 11b,
            # m7: "79.7% of it: not bound by bandwidth" said as fact)
            text += " " + _(
                "The save's {rate} GB/s is {share} of it: the save did not run at the aggregate's rate, and this test "
                "does not show whether bandwidth bounds it, so a larger aggregate, at this node count or any other, "
                "does not by itself explain or predict a shorter save of one job. "
                "Where many jobs save at once and together need more than the aggregate, it does bound their saves "
                "(“Scaling with client nodes”)."
            ).format(rate=sig(rate), share=pct(share, 1))
        else:
            text += " " + _("The save's {rate} GB/s is {share} of it: the save may be bound by bandwidth.").format(
                rate=sig(rate), share=pct(share, 1)
            )
        out.append(w.p(text, "scaling", "save_times", side=key))
    return out
