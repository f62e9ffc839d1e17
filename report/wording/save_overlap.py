"""The GPU-equivalents' condition where the cluster's saves cannot be staggered on a side (compute/save_overlap.py;
scaling reading 20, AB-M1), worded once for the summary, the bubble section, the answers and the value."""

from __future__ import annotations

from report.compute import Metrics
from report.compute.save_overlap import overlapping
from report.formatting import count, sig
from report.i18n import _, join_words


def overlap_condition(m: Metrics, short: bool = False) -> str:
    """The GPU-equivalents' condition where a side's saves cannot be staggered at all (`overlapping`, scaling
    reading 20, AB-M1: 39.7 "if the jobs' saves stay staggered" while GN-220's 32 saves of 30.3 s needed 971 s of
    saving in each 855 s cycle): each save keeping its time alone, which that side cannot; "" where none overlaps."""
    sides = overlap_sides(m)
    if not sides:
        return ""
    if short:  # the summary: the sides by name, their figures in the section it points to
        return _(
            ", if every job's save kept the time it took alone in this test, which the saves on {systems} cannot, as "
            "they overlap (see “{section}”)"
        ).format(systems=join_words([c.system for c in overlapping(m)]), section=_("Training bubble analysis"))
    return _(
        ", if every job's save kept the time it took alone in this test, which cannot hold. {sides} Each would take "
        "longer than this test timed it, so this test does not establish the figure"
    ).format(sides=sides)


def overlap_sides(m: Metrics) -> str:
    """Each side whose cluster saves cannot be staggered, with the seconds of saving its jobs need in a cycle and the
    saves in flight on average: "On GN-220, the 32 jobs need 971 s of saving …"; "" where none overlaps."""
    return " ".join(
        [
            _(
                "On {system}, the {jobs} jobs need {saving} s of saving in each {cycle} s checkpoint cycle, so "
                "{in_flight} of their saves are in flight at once on average, sharing the storage."
            ).format(
                system=c.system,
                jobs=count(c.jobs),
                saving=sig(c.saving_s),
                cycle=sig(c.cycle_s),
                in_flight=sig(c.in_flight),
            )
            for c in overlapping(m)
        ]
    )
