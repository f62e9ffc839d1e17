"""The saving columns of the projections table, signed as the figures fall: what was saved, or by how much the
candidate is slower where it is slower in every projection (cold read 13b, X: "Saved per save −56.8 … Save time saved
in all −68,100")."""

from __future__ import annotations

from report.compute.figures import Metrics, Projection
from report.compute.projected import mixed_sides, projected_changes, saving_estimable, training_saved_s
from report.formatting import count, rounded, seconds
from report.i18n import _, join_words, ngettext
from report.wording.base import Words
from report.wording.scaling_projected import basis_finding


def slower(w: Words) -> bool:
    """Whether the candidate is slower in every projection, none printed as a range: the saving columns then say
    "<candidate> slower by", not a "saved" figure below zero (cold read 13b, X: "Saved per save −56.8")."""
    if not saving_estimable(w.m):  # no saving printed, so no sign to say (compute/projected.py)
        return False
    return all(p.saved_per_save_s < 0 for p in w.m.projections) and not any(
        (found := basis_finding(w, p)) is not None and found["order_open"] for p in w.m.projections
    )


def saving_columns(w: Words) -> tuple[str, str, str]:
    """The headers of the per-save and total columns and the total's name in the note: what was saved, or by how much
    the candidate is slower."""
    asynchronous = w.m.checkpoint_mode == "async"
    if slower(w):
        name = w.label(w.m.save.candidate.system)
        if asynchronous:
            total = (_("{candidate}'s training time longer in all (s)"), _("{candidate}'s training time longer in all"))
        else:
            total = (_("{candidate} slower in all (s)"), _("{candidate} slower in all"))
        per_save = _("{candidate} slower per save (s)")
        return per_save.format(candidate=name), total[0].format(candidate=name), total[1].format(candidate=name)
    if asynchronous:  # the training time the stalls save, not the save time (cold read 14c, Q-m3)
        return _("Saved per save (s)"), _("Training time saved in all (s)"), _("Training time saved in all")
    return _("Saved per save (s)"), _("Saved in all (s)"), _("Saved in all")


def projections_title(m: Metrics) -> str:
    """The projections section's title, by what its projections change: the checkpoint size, the GPU count or both
    (cold read 14c, Q-m6: "Projections to other checkpoint sizes" over 5,572 GB, the size timed, on 512 GPUs)."""
    size, gpus = projected_changes(m)
    if gpus and size:
        return _("Projections to other checkpoint sizes and GPU counts")
    if gpus:
        return _("Projections to other GPU counts")
    return _("Projections to other checkpoint sizes")


def projections_caption(m: Metrics) -> str:
    """Table 11's caption, by what the projections change (`projections_title`)."""
    size, gpus = projected_changes(m)
    if gpus and size:
        return _("Projected save times at other checkpoint sizes and GPU counts")
    if gpus:
        return _("Projected save times at other GPU counts")
    return _("Projected save times at other checkpoint sizes")


def not_estimable() -> str:
    """A saving the table does not print: the fitted lines mix checkpoint size with GPU count (compute/projected.py)."""
    return _("not estimable")


def saving_cells(w: Words, p: Projection, cells: tuple[str, str, str, str]) -> tuple[str, str, str, str]:
    """Table 11's row as the figures allow: where a line mixes GPU counts, no saving (per save or in all), as the text
    above disowns it (cold read 14c, P-M5); asynchronously, the training time saved in all, not the save time (Q-m3)."""
    if not saving_estimable(w.m):
        return cells[0], cells[1], not_estimable(), not_estimable()
    found = basis_finding(w, p)
    if w.m.checkpoint_mode != "async" or (found is not None and found["order_open"]):
        return cells
    saved = training_saved_s(w.m, p)
    return (*cells[:3], rounded(-saved if slower(w) else saved))


def saving_note(w: Words) -> str:
    """What the saving columns hold where `saving_cells` changes them; "" otherwise."""
    m = w.m
    if not saving_estimable(m):
        text = ngettext(
            "Saved: not estimable, as the line of {systems} mixes checkpoint size with GPU count (see above): its "
            "projected time is at no single GPU count, so a saving against it is at no job's size.",
            "Saved: not estimable, as the lines of {systems} mix checkpoint size with GPU count (see above): their "
            "projected times are at no single GPU count, so their difference is no saving at any job's size.",
            len(mixed_sides(m)),
        )
        return text.format(systems=join_words([w.name(key) for key in mixed_sides(m)])) + agreed_signs(w)
    if m.checkpoint_mode != "async":
        return ""
    return _(
        "{column}: saves × the difference of the two stalls per save at today's interval (staging, plus any part of "
        "the projected save beyond the {tau} of compute between saves)."
    ).format(column=saving_columns(w)[2], tau=seconds(m.reliability.interval_s))


def agreed_signs(w: Words) -> str:
    """Where no saving is printed, the faster side of each projection on which its two times and the node count a
    shared ceiling turns the sign at agree (compute/job_size.py `projections_agree`; cold read 16, T-B2), with what
    that rests on; "" otherwise."""
    f = w.findings.get("job_size_scope")
    if f is None or not f["projections_agree"]:
        return ""
    return " " + _(
        "The sign is estimable where both estimates agree: {items}; this assumes {baseline}'s time per node as if it "
        "scaled with the nodes and {candidate} held at its best aggregate rate ({best} GB/s), which puts {baseline} "
        "ahead beyond {nodes} nodes."
    ).format(
        items=join_words(
            [
                _("{name}, faster on {system}").format(name=name, system=w.name(side))
                for name, side in f["projections_agree"].items()
            ]
        ),
        baseline=w.name("baseline"),
        candidate=w.name("candidate"),
        best=rounded(f["best_gbps"]),
        nodes=count(f["up_to_nodes"]),
    )


def async_note(w: Words) -> str:
    """Beside an asynchronous job's projections: what their save times do to training, from their stalls."""
    m = w.m
    stalling = [
        (p, key)
        for p in m.projections
        for key, t in (("baseline", p.baseline_s), ("candidate", p.candidate_s))
        if t > m.reliability.interval_s
    ]
    if not stalling:
        return _(
            "This job saves asynchronously: no projected save outlasts the {tau} of compute between saves at today's "
            "interval, so each costs training only its staging, and the table's last column gives the training time "
            "saved; the saving per save is save time, written in the background."
        ).format(tau=seconds(m.reliability.interval_s))
    return _(
        "This job saves asynchronously: a projected save stalls training only beyond the {tau} of compute between "
        "saves at today's interval ({saves}), so the training time saved is what the table gives, not the save time "
        "saved."
    ).format(
        tau=seconds(m.reliability.interval_s),
        saves=join_words(
            [
                _("{system}'s {time} s at “{name}”").format(
                    system=w.name(key), time=rounded(getattr(p, f"{key}_s")), name=p.name
                )
                for p, key in stalling
            ]
        ),
    )
