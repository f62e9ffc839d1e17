"""The saves at the job's nodes, in the scaling words (scaling reading 10, B2): the sweep's benchmark writers may stop
short of the job's nodes, but the saves were timed with the job's own nodes writing, so they are this test's
comparison of the two systems at the job's size; the section, the summary and the Q&A say so with their figures."""

from __future__ import annotations

from report.compute.sweep_save import ID as SWEEP_SAVE
from report.compute.sweep_save import NOT_BOUND, OPEN, SweepSave
from report.document.blocks import Para
from report.formatting import pct, s3, sig, x3
from report.i18n import _
from report.wording.base import Words
from report.wording.scaling import job_nodes, nodes_words, side_of
from report.wording.scaling_range import negative_params


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
    aggregate, and what the finding save_sweep_share decided of it (compute/sweep_save.py)."""
    found = w.findings.get(SWEEP_SAVE)
    if found is None:
        return []
    out = []
    for key in found.scope.items:
        out.append(w.p(_sweep_share_words(w, key, found["each"][key]), "scaling", "save_times", side=key))
    return out


def _sweep_share_words(w: Words, key: str, got: SweepSave) -> str:
    """Side `key`'s sentences: the sweep's aggregate at the save's nodes, and the save's share of it, as decided."""
    fields = {"nodes": nodes_words(job_nodes(w.m)), "aggregate": sig(got.aggregate), "system": w.name(key)}
    text = (
        _("At the save's {nodes}, the client sweep gives {aggregate} GB/s in aggregate on {system}.")
        if got.measured
        else _("At the save's {nodes}, the law fitted to the client sweep gives {aggregate} GB/s on {system}.")
    ).format(**fields)
    s = side_of(w.m, key)
    if got.fit_disowned and s is not None and s.usl is not None:  # a fit at a count not run (reading 11, B1)
        text += " " + _(
            "{system} was not run at that count, and its fitted law, with a negative {which}, cannot be used to "
            "extrapolate: the figure is the fit's, no forecast."
        ).format(system=w.name(key), which=negative_params(s.usl))
    share = {"rate": sig(got.rate), "share": pct(got.share, 1)}
    if got.band == NOT_BOUND:
        text += " " + _(
            "The save's {rate} GB/s is {share} of it: the save is not bound by bandwidth, so a larger aggregate, "
            "at this node count or any other, does not by itself explain or predict a shorter save of one job. "
            "Where many jobs save at once and together need more than the aggregate, it does bound their saves "
            "(“Scaling with client nodes”)."
        ).format(**share)
    elif got.band == OPEN:
        text += " " + _(
            "The save's {rate} GB/s is {share} of it: the save did not run at the aggregate's rate, and this test "
            "does not show whether bandwidth bounds it, so a larger aggregate, at this node count or any other, "
            "does not by itself explain or predict a shorter save of one job. "
            "Where many jobs save at once and together need more than the aggregate, it does bound their saves "
            "(“Scaling with client nodes”)."
        ).format(**share)
    else:
        text += " " + _("The save's {rate} GB/s is {share} of it: the save may be bound by bandwidth.").format(**share)
    return text
