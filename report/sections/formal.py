"""The document's formal parts (test.toml's [report]; CONTRACT.md, "The report as a deliverable"): a cover before page 1
with the report's number and revision, the commissioning and testing parties, the sign-off block (prepared, reviewed,
approved: names, and blank lines for the signature and the date) and a statement of scope, limits and data
responsibility; and the reference that every page's footer carries. Without [report] there is none of it.

None of it is a figure: metrics.json echoes nothing of [report]. The parties' names are printed as given.
"""

from __future__ import annotations

import re

from report.i18n import _, date, join_words, language
from report.wording.base import Formal, Words
from report.wording.labels import colophon_title
from report.wording.record_facts import independence

ID = "formal"


def given(w: Words) -> bool:
    """Whether test.toml gives [report] (even empty): the report is then a formal deliverable."""
    return "report" in w.config.given


def reference(w: Words) -> str:
    """The line every page's footer carries: the report's number and its revision, as far as [report] gives them, and
    "Draft" while a sign-off role has no name (cold read 13, Y-B1: an edition with no names at all read as a final
    report with the draft said only in the statement's last lines)."""
    r = w.config.report
    if r.number and r.revision:
        line = _("Report {number} · Revision {revision}").format(number=r.number, revision=r.revision)
    elif r.number:
        line = _("Report {number}").format(number=r.number)
    elif r.revision:
        line = _("Revision {revision}").format(revision=r.revision)
    else:
        line = ""
    if given(w) and unnamed_roles(w):
        return _("{reference} · Draft").format(reference=line) if line else _("Draft")
    return line


def unnamed_roles(w: Words) -> list[str]:
    """The sign-off roles [report] names no one for."""
    r = w.config.report
    return [
        role
        for role, name in (
            (_("preparer"), r.prepared_by),
            (_("reviewer"), r.reviewed_by),
            (_("approver"), r.approved_by),
        )
        if not (name or "").strip()
    ]


def status(w: Words) -> str:
    """What the filed edition is, on the cover beside its date: the sign-off lines are blank by design (a pen or a
    digital signature comes after the build), and readers took the blank lines for a report issued unsigned (Chinese
    reading 18, X-B2 and Y-B1). With a sign-off role unnamed, a draft."""
    if unnamed_roles(w):
        return _("Draft: not valid until every signer is named and has signed")
    return _("Issued for signature; valid once signed and dated")


def build(w: Words) -> Formal | None:
    if not given(w):
        return None
    c, r = w.config, w.config.report
    particulars = [
        (_("Report number"), r.number),
        (_("Revision"), r.revision),
        (_("Commissioned by"), r.commissioned_by),
        (_("Tested by"), r.tested_by),
    ]
    rows = (
        *((label, text) for label, text in particulars if text),
        (_("System under test"), c.systems.candidate),
        # test.toml's date is the report's: the runs were before it (Chinese reading 16, T-B3)
        (_("Report date"), date(c.date)),
        (_("Report status"), status(w)),
    )
    return Formal(
        # page 2 calls it so: one name (zh reading 9, J-m7); a draft says so in its first words (cold read 13, Y-B1)
        kicker=_("Draft joint-test report") if unnamed_roles(w) else _("Joint-test report"),
        title=c.title,
        reference=reference(w),
        particulars=rows,
        signoff_headers=(_("Role"), _("Name"), _("Signature"), _("Date")),
        signoff=(
            (_("Prepared by"), r.prepared_by or ""),
            (_("Reviewed by"), r.reviewed_by or ""),
            (_("Approved by"), r.approved_by or ""),
            # a joint test's customer confirms receipt on the same block, its name left for its own hand (Chinese
            # readings 13b and 14: no 委托方确认 on a joint-test report the vendor alone signs)
            *(((_("Received for the commissioning party"), ""),) if r.commissioned_by else ()),
        ),
        statement_title=_("Statement"),
        statement=_statement(w),
        seals=_seals(w),
        **_revisions(w),
    )


def _seals(w: Words) -> tuple[str, ...]:
    """A Chinese test report is filed with its parties' seals beside the signatures (Chinese reading 15pq, P-m7: no
    盖章位): a box for the testing party's and, where [report] names one, the commissioning party's. An English report
    is signed, not sealed: none."""
    if language() != "zh-CN":
        return ()
    r = w.config.report
    return (_("Seal of the testing party"), *((_("Seal of the commissioning party"),) if r.commissioned_by else ()))


def later_revision(revision: str | None) -> bool:
    """Whether `revision` names a revision after the first: a number above 1 ("2", "1.1", "V3", "Rev. 2"; "1.0" is
    the first) or a letter after A ("B"). Any other text is not read as a place in a sequence."""
    text = (revision or "").strip()
    if re.fullmatch("[B-Z]", text, re.IGNORECASE):
        return True
    number = re.fullmatch(r"(?:v|rev\.?\s*|版本\s*)?(\d+(?:\.\d+)*)", text, re.IGNORECASE)
    if number is None:
        return False
    parts = [int(p) for p in number[1].split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return parts > [1]


def _revisions(w: Words) -> dict:
    """The revision history a formal document carries from its second revision on (zh reading 8, H-m7/I-m7: 版本 2
    without 修订记录). The inputs give the revision and the report's date, nothing of the earlier revisions: the table
    carries this revision's row only, issued with these results, never an invented row nor a sentence about the rows
    it lacks (cold read 13b, X-m1 and zh X-9: a history that says it records no history read as unprofessional)."""
    r = w.config.report
    if not later_revision(r.revision):
        return {}
    return {
        "revisions_title": _("Revision history"),
        "revisions_headers": (_("Revision"), _("Date"), _("Changes")),
        "revisions": ((r.revision, date(w.config.date), _("This revision, issued with these results.")),),
    }


def _statement(w: Words) -> tuple[str, ...]:
    """Scope, limits, data responsibility and validity, in sentences a customer files (no file, key or command)."""
    r = w.config.report
    # no date here: the report's date is not the days the runs took (Chinese reading 16, T-B3)
    scope = _(
        "This report covers the test results of the systems, configurations and workloads described in “{setup}”. "
        "Its results do not extend to other configurations, software versions, cluster sizes or workloads; figures "
        "it gives for a whole cluster are extrapolations from the tested configuration, not results."
    ).format(setup=_("Test setup and data sources"))
    limits = _(
        "Figures that rest on assumptions (the failure rate, the restart time, the price of GPU time) and "
        "projections beyond the sizes the test covered are estimates, and the report says so where it states them."
    )
    if w.m.inputs_illustrative:
        limits += " " + _(
            "Some inputs of this report are illustrative, not measured: every figure drawn from them is marked "
            "“Illustrative”."
        )
    responsibility = _(
        "{tester} ran the test and is responsible for the measurements it records; figures "
        "taken from other sources are printed as given, with their sources."
    ).format(tester=r.tested_by or _("The testing party"))
    if vendor := independence(w):  # the candidate's vendor ran the test (zh reading 17, V M3, W M7)
        responsibility = vendor[0] + " " + vendor[1]
    if r.commissioned_by:
        responsibility += " " + _(
            "{customer} is responsible for the information it supplied about its jobs and its cluster."
        ).format(customer=r.commissioned_by)
    responsibility += " " + _(
        "Every figure is computed from the inputs attached to the PDF edition, which recompute it (see “{colophon}”)."
    ).format(colophon=colophon_title())
    # when it takes effect, not what it is before: "unsigned, it is a draft" made every reader call the filed PDF a
    # draft, its signatures being added by pen or digital signature after it is built (cold read 14c, P-m5; zh P-m10)
    # the cover's status row says the edition is issued for signature (Chinese reading 18, Y-B1): said once
    validity = _(
        "It takes effect when the persons who prepared, reviewed and approved it have signed and dated it, and may "
        "be copied only in full, unless {tester} agrees in writing."
    ).format(tester=_("the testing party"))  # named in the cover's table and in the sentence before: said once
    unnamed = unnamed_roles(w)
    if unnamed:
        # a sign-off row without a name cannot be signed: said, so that no one files it as final (Chinese reading 12,
        # W-B2: "审核、批准两栏没有人名")
        validity += " " + _(
            "The test data name no {roles}: this edition is a draft until they are named and sign."
        ).format(roles=join_words(unnamed))
    return (scope, limits, responsibility, validity)
