"""Where the training model's result reverses at a larger scale: the larger workloads both save systems timed, and the
projections, whose saves are slower on the candidate while the training model's are faster, said where the decision
is (cold read 12, V-M2: a 256-GPU job 1.84× slower on the candidate and a 768-GPU projection 4.6× slower, said only in
a tile's small print on the decision page)."""

from __future__ import annotations

from report.compute.projected import saving_estimable
from report.formatting import count, s3
from report.i18n import _, join_clauses
from report.wording.base import Words


def _larger_slower(w: Words) -> list:
    """The other workloads both systems timed on more GPUs or at a larger checkpoint than the training model's, whose
    saves take longer on the candidate."""
    s = w.m.save.baseline
    return [o for o in w.m.other_saves if o.ratio < 1 and (o.gpus > s.gpus or o.snapshot_gb > s.snapshot_gb)]


def _projected_slower(w: Words) -> list:
    """The projections whose candidate save is projected to take longer than the baseline's, where a projection's
    difference is at any one job's size (`saving_estimable`): a projection the projections section calls "not
    estimable" is no reason on the decision page (cold read 15, S-M2; Chinese reading 15, S major 5: 16.2 s against
    8.03 s on page 2, its saving "not estimable" on page 16)."""
    if not saving_estimable(w.m):
        return []
    return [p for p in w.m.projections if p.candidate_s > p.baseline_s]


def _assumption(w: Words) -> str:
    """What a projection of a side local to each node assumes, said with it: " (…)" or "" (issue 43: the node-local
    projection's reversal is said where it holds, with its assumption)."""
    node_local = getattr(w.m, "node_local", None)
    local = node_local.sides if node_local is not None else ()
    if not local:
        return ""
    return _(" ({system}'s time taken per node, as if it scaled with the nodes)").format(system=w.name(local[0]))


def reverses_at_scale(w: Words, workloads: bool = True) -> str:
    """ "{candidate} saves slower than {baseline} in larger jobs: …", with each larger workload's means and each
    projection's two times, the candidate's first, as the sentence names the systems (cold read 13b, X: "projected at
    82.9 s on LC-520 against 26.1 s" named one system, and "may reverse it" left "it" to the reader); "" where the
    candidate's saves of the training model are not faster, or nothing larger is slower on it. `workloads` False
    leaves the timed workloads to another sentence (workloads.not_for)."""
    if not w.m.save.speedup > 1:
        return ""
    parts = [
        _("“{model}” on {gpus} GPUs, {c} against {b}").format(
            model=o.model, gpus=count(o.gpus), c=s3(o.candidate_mean_s), b=s3(o.baseline_mean_s)
        )
        for o in (_larger_slower(w) if workloads else [])
    ]
    timed = len(parts)
    parts += [
        _("{name}, projected at {c} against {b}").format(name=p.name, c=s3(p.candidate_s), b=s3(p.baseline_s))
        for p in _projected_slower(w)
    ]
    if not parts:
        return ""
    if not timed:
        # a projection is no finding: it carries a save time over to more GPUs (cold read 13, X-M2: "Larger jobs
        # reverse it" on a projection alone, the shared side's time carried from 64 GPUs, the local side's per node)
        return _(
            "By projection, not by any save timed, {candidate} may save slower than {baseline} in larger jobs: "
            "{items}{assumed}."
        ).format(
            candidate=w.name("candidate"),
            baseline=w.name("baseline"),
            items=join_clauses(parts),
            assumed=_assumption(w),
        )
    return _("{candidate} saves slower than {baseline} in larger jobs: {items}.").format(
        candidate=w.name("candidate"), baseline=w.name("baseline"), items=join_clauses(parts)
    )
