"""Where the training model's result reverses at a larger scale: the larger workloads both save systems timed, and the
projections, whose saves are slower on the candidate while the training model's are faster, said where the decision
is (cold read 12, V-M2: a 256-GPU job 1.84× slower on the candidate and a 768-GPU projection 4.6× slower, said only in
a tile's small print on the decision page)."""

from __future__ import annotations

from report.formatting import count, s3
from report.i18n import _, join_clauses
from report.wording.base import Words


def _larger_slower(w: Words) -> list:
    """The other workloads both systems timed on more GPUs or at a larger checkpoint than the training model's, whose
    saves take longer on the candidate."""
    s = w.m.save.baseline
    return [o for o in w.m.other_saves if o.ratio < 1 and (o.gpus > s.gpus or o.snapshot_gb > s.snapshot_gb)]


def _projected_slower(w: Words) -> list:
    """The projections whose candidate save is projected to take longer than the baseline's."""
    return [p for p in w.m.projections if p.candidate_s > p.baseline_s]


def reverses_at_scale(w: Words, workloads: bool = True) -> str:
    """ "Larger jobs reverse it: …", with each larger workload's means and each
    projection's two times; "" where the candidate's saves of the training model are not faster, or nothing larger
    is slower on it. `workloads` False leaves the timed workloads to another sentence (workloads.not_for)."""
    if not w.m.save.speedup > 1:
        return ""
    candidate = w.name("candidate")
    parts = [
        _("“{model}” on {gpus} GPUs saves in {c} on {candidate} against {b}").format(
            model=o.model,
            gpus=count(o.gpus),
            candidate=candidate,
            c=s3(o.candidate_mean_s),
            b=s3(o.baseline_mean_s),
        )
        for o in (_larger_slower(w) if workloads else [])
    ]
    timed = len(parts)
    parts += [
        _("{name} is projected at {c} on {candidate} against {b}").format(
            name=p.name, c=s3(p.candidate_s), candidate=candidate, b=s3(p.baseline_s)
        )
        for p in _projected_slower(w)
    ]
    if not parts:
        return ""
    if not timed:
        # a projection is no finding: it carries a save time over to more GPUs (cold read 13, X-M2: "Larger jobs
        # reverse it" on a projection alone, the shared side's time carried from 64 GPUs, the local side's per node)
        return _("By projection, not by any save timed, larger jobs may reverse it: {items}.").format(
            items=join_clauses(parts)
        )
    return _("Larger jobs reverse it: {items}.").format(items=join_clauses(parts))
