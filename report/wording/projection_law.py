"""The proportional projection's law against the consistency audit's fixed cost, in words (the finding
projection_fixed_cost, report/compute/projection_law.py): said once, where the projections section states the law
(cold read 16, U-m3)."""

from __future__ import annotations

from report.compute.projection_law import ID
from report.document.blocks import Para
from report.document.spoken import said
from report.formatting import s3
from report.i18n import _, ngettext
from report.wording.base import Words


def fixed_cost_note(w: Words) -> list[Para]:
    """That the line through the origin assumes a save has no fixed cost, which the audit's fit does not support, and
    which way that errs: a larger checkpoint's projected time is an upper bound, a smaller one's a lower bound (the
    finding's docstring gives the algebra); [] without the finding."""
    found = w.findings.get(ID)
    if found is None:
        return []
    text = ngettext(
        "This line through the origin assumes a save has no fixed cost, which the consistency audit's fit does not "
        "support: it gives a fixed cost of {fixed} (see “{section}”). With such a cost, a projected time is an upper "
        "bound for a checkpoint larger than this test's and a lower bound for a smaller one.",
        "These lines through the origin assume a save has no fixed cost, which the consistency audit's fit does not "
        "support: it gives a fixed cost of {fixed} (see “{section}”). With such a cost, a projected time is an upper "
        "bound for a checkpoint larger than this test's and a lower bound for a smaller one.",
        len(found.scope.items),
    ).format(fixed=s3(found["fixed_s"]), section=_("Consistency audit"))
    return [w.p(said(found, text), "save_times", "bandwidth")]
