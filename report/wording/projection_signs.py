"""The saving columns of the projections table, signed as the figures fall: what was saved, or by how much the
candidate is slower where it is slower in every projection (cold read 13b, X: "Saved per save −56.8 … Save time saved
in all −68,100")."""

from __future__ import annotations

from report.i18n import _
from report.wording.base import Words
from report.wording.scaling_projected import basis_finding


def slower(w: Words) -> bool:
    """Whether the candidate is slower in every projection, none printed as a range: the saving columns then say
    "<candidate> slower by", not a "saved" figure below zero (cold read 13b, X: "Saved per save −56.8")."""
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
            total = (_("{candidate}'s save time longer in all (s)"), _("{candidate}'s save time longer in all"))
        else:
            total = (_("{candidate} slower in all (s)"), _("{candidate} slower in all"))
        per_save = _("{candidate} slower per save (s)")
        return per_save.format(candidate=name), total[0].format(candidate=name), total[1].format(candidate=name)
    if asynchronous:
        return _("Saved per save (s)"), _("Save time saved in all (s)"), _("Save time saved in all")
    return _("Saved per save (s)"), _("Saved in all (s)"), _("Saved in all")
