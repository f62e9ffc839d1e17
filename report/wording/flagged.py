"""Figures drawn from a save row the consistency audit flags (a save faster than the bandwidth logged on its system,
impossible for a durable save: the finding rows_outrun), said so wherever the report quotes them.

Cold read 8b, H-4/H-5 (zh H-M2): the audit called local SSD's one-node row 7.40× the node's bandwidth, and the
summary, the Q&A, page 1's speed tile and the projection still quoted it, or a ratio or a fitted line drawn from it,
without a word; the Q&A called the same 196 GB checkpoint on 8 GPUs "another model size". Each quote now says that the
audit flags the row and that it is not to be relied upon until explained, and names such a row as the same checkpoint
on N GPUs where it is one."""

from __future__ import annotations

from report.compute.figures import AuditRow, OtherSave
from report.formatting import count, gb, sig, x3
from report.i18n import _, join_words
from report.wording.base import Words


def flagged_rows(w: Words) -> tuple[AuditRow, ...]:
    """The save rows (side, model) the audit flags as impossible for a durable save."""
    found = w.findings.get("rows_outrun")
    return () if found is None else tuple(found["rows"])


def flagged_sides(w: Words, model: str, gpus: int) -> tuple[str, ...]:
    """The sides whose rows of (model, gpus) the audit flags, in side order."""
    return tuple(row.side for row in flagged_rows(w) if row.model == model and row.gpus == gpus)


def fit_flagged(w: Words, side: str) -> tuple[str, ...]:
    """The models of side `side` whose flagged rows enter its projection (every save row of a side enters it)."""
    return tuple(row.model for row in flagged_rows(w) if row.side == side)


def same_checkpoint(w: Words, o: OtherSave) -> bool:
    """Whether another workload is the training model's checkpoint (its size) timed on another GPU count."""
    s = w.m.save.baseline
    return o.snapshot_gb == s.snapshot_gb and o.gpus != s.gpus


def workload_name(w: Words, o: OtherSave) -> str:
    """ "the same 196 GB checkpoint on 8 GPUs (“Qwen 14B on one node”)", or "“70B”" for another model size."""
    if same_checkpoint(w, o):
        return _("the same {size} checkpoint on {gpus} GPUs (“{model}”)").format(
            size=gb(o.snapshot_gb), gpus=count(o.gpus), model=o.model
        )
    return _("“{model}”").format(model=o.model)


def flag_words(w: Words, o: OtherSave) -> str:
    """ "the consistency audit flags local SSD's saves of “Qwen 14B on one node” as faster than the bandwidth logged,
    impossible for a durable save: not to be relied upon until that is explained", "" where no row of `o` is flagged."""
    sides = flagged_sides(w, o.model, o.gpus)
    if not sides:
        return ""
    return _(
        "the consistency audit flags {systems}'s saves of “{model}” as faster than the bandwidth logged, impossible "
        "for a durable save: not to be relied upon until that is explained"
    ).format(systems=join_words([w.name(side) for side in sides]), model=o.model)


def other_flag_sentence(w: Words, o: OtherSave) -> str:
    """ "The consistency audit flags …: not to be relied upon until that is explained." for a flagged other workload,
    "" otherwise."""
    sides = flagged_sides(w, o.model, o.gpus)
    if not sides:
        return ""
    return _(
        "The consistency audit flags {systems}'s saves of it as faster than the bandwidth logged, impossible for a "
        "durable save: its ratio is not to be relied upon until that is explained."
    ).format(systems=join_words([w.name(side) for side in sides]))


def disagreeing(w: Words) -> tuple[OtherSave, ...]:
    """The other workloads both systems timed whose ratio lies on the other side of G3's target, or of 1 (faster or
    slower), from the headline's (cold tests 10, P: a 1.70× headline below its 1.7× target named the 2.30× model and
    not the 104B, where the candidate is 0.641×: slower)."""
    target, speedup = w.config.gates.target_speedup, w.m.save.speedup
    return tuple(
        o for o in w.m.other_saves if (o.ratio >= target) != (speedup >= target) or (o.ratio >= 1) != (speedup >= 1)
    )


def tile_scope(w: Words, said: tuple[str, ...] = ()) -> str:
    """Page 1's speed tile, where another configuration disagrees: "this job's 64 GPUs on 8 nodes only; 0.975× on 8
    GPUs, a row the audit flags" (cold read 8b, H-4: the tile generalised one configuration). `said`: the workloads
    whose ratio page 1 gives elsewhere (changes.mix_models_said); an unflagged one of them, no slower, is not given
    again (each fact once on page 1)."""
    others = disagreeing(w)
    if not others:
        return ""
    s, nodes = w.m.save.baseline, w.m.nodes
    # beside another workload said slower, a bare "2.30×" reads slower too (cold read 10, P-M2)
    mixed = any(other.ratio < 1 <= w.m.save.speedup for other in others)
    parts = []
    for o in others:
        flag, same = bool(flagged_sides(w, o.model, o.gpus)), same_checkpoint(w, o)
        if o.model in said and not flag and not same and (o.ratio >= 1) == (w.m.save.speedup >= 1):
            continue
        if o.ratio < 1 <= w.m.save.speedup:  # beside "1.70× faster", a bare "0.641×" hides that the candidate loses
            parts.append(_slower(flag, same).format(gpus=count(o.gpus), ratio=sig(1 / o.ratio), model=o.model))
            continue
        text = _("{ratio} on {gpus} GPUs, a row the audit flags") if flag else _("{ratio} on {gpus} GPUs")
        if not same:
            text = _("“{model}” {ratio}, a row the audit flags") if flag else _("“{model}” {ratio}")
        # beside a slower headline ("1.62× slower"), a bare "3.29×" reads as slower too: its direction, said (Chinese
        # reading 9, J-B2: the 8B's candidate is 3.29× faster)
        faster = (w.m.save.speedup < 1 or mixed) and o.ratio >= 1
        ratio = _("{ratio}× faster there").format(ratio=sig(o.ratio)) if faster else x3(o.ratio)
        parts.append(text.format(gpus=count(o.gpus), ratio=ratio, model=o.model))
    scope = (
        _("this job's {gpus} GPUs on {nodes} nodes only").format(gpus=count(s.gpus), nodes=count(nodes))
        if nodes > 1
        else _("this job's {gpus} GPUs only").format(gpus=count(s.gpus))
    )
    return _("{scope}; {others}").format(scope=scope, others=join_words(parts)) if parts else scope


def _slower(flag: bool, same: bool) -> str:
    """The tile's words for another workload on which the candidate is slower, the headline being faster (cold tests
    10, P: the 104B at 0.641× was left out beside a 1.70× headline)."""
    if same:
        return (
            _("{ratio}× slower on {gpus} GPUs, a row the audit flags") if flag else _("{ratio}× slower on {gpus} GPUs")
        )
    return _("“{model}” {ratio}× slower, a row the audit flags") if flag else _("“{model}” {ratio}× slower")


def fit_flag(w: Words, side: str) -> str:
    """ " Its line takes the “Qwen 14B on one node” rows, which the consistency audit flags …": a side's projection
    fitted over a row the audit flags (every save row of a side enters its fit), "" otherwise."""
    models = fit_flagged(w, side)
    if not models:
        return ""
    return " " + _(
        "Its projection takes the rows of {models}, which the consistency audit flags as faster than the bandwidth "
        "logged, impossible for a durable save: the projection is not to be relied upon until that is explained."
    ).format(models=join_words([_("“{model}”").format(model=model) for model in models]))


def flagged_fit(w: Words, side: str) -> str:
    """ "local SSD's save times rest on the “Qwen 14B on one node” rows, which the consistency audit flags: not to be
    relied upon until that is explained." (a table's note)."""
    return _(
        "{system}'s save times are fitted over the rows of {models}, which the consistency audit flags as impossible "
        "for a durable save: not to be relied upon until that is explained."
    ).format(
        system=w.name(side),
        models=join_words([_("“{model}”").format(model=model) for model in fit_flagged(w, side)]),
    )
