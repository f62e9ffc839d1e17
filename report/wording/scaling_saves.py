"""The saves at the job's nodes, in the scaling words (scaling reading 10, B2): the sweep's benchmark writers may stop
short of the job's nodes, but the saves were timed with the job's own nodes writing, so they are this test's
comparison of the two systems at the job's size; the section, the summary and the Q&A say so with their figures."""

from __future__ import annotations

from report.formatting import s3, sig, x3
from report.i18n import _
from report.wording.base import Words
from report.wording.scaling import job_nodes, nodes_words


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
