"""Colophon: the input files with their hashes, and the software that built the report."""

from __future__ import annotations

from report.document.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.formatting import (
    count,
)
from report.i18n import _
from report.inputs.files import media_type
from report.wording.base import Words

ID = "colophon"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def build(w: Words) -> Section:
    test, prov = w.test, w.prov
    inputs = Table(
        "inputs",
        _("Input files (attached to the PDF)"),
        (
            Column(_("File"), False),
            Column(_("Bytes")),
            Column(_("Media type"), False),
            Column("SHA-256", False, code=True),
        ),
        tuple((name, count(len(data)), media_type(name), test.sha256[name]) for name, data in test.raw.items()),
    )
    versions = Table(
        "versions",
        _("Software that built this report"),
        (Column(_("Component"), False), Column(_("Version"), False)),
        (
            (
                _("Report generator"),
                _("{version} (commit {commit})").format(version=prov.generator, commit=prov.commit),
            ),
            ("Python", prov.python),
            *prov.packages,
        ),
    )
    intro = Para(
        _(
            "The PDF edition of this report carries its input files as attachments, with metrics.json, the "
            "unrounded figures; python -m report verify report.pdf recomputes the figures from the attachments and "
            "compares them. The HTML edition carries neither: check it against the PDF and metrics.json built beside "
            "it."
        )
    )
    # new_page: a part of its own where a sheet breaks before one; print.css breaks before none (a forced break here
    # left retune's page before it 28% full), so the colophon flows on from Appendix B
    return Section(ID, _("Colophon: inputs and software"), (intro, inputs, versions), appendix=True, new_page=True)
