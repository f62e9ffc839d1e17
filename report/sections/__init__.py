"""The report's sections: the cover and an ordered registry of section modules, each wording its part of the figures.

The computation (report/compute/) returns numbers, statuses and ids; the sections only word and format them.
Every sentence is a message of the active language's catalog (report/i18n.py), formatted with named fields.
Prose and tiles print three significant digits (report/formatting.py), tables the precision of their columns.
Every block that states a figure drawn from an input test.toml declares illustrative carries a visible mark.

Each section module exports `ID`, `CHARTS` (the charts it places, in order) and `build(words) -> Section | None`
(None: the section is left out of this report). A section imports the wording shared by several sections
(report/wording/) and the document's blocks (report/document/), never another section. SECTIONS below is the
only list of the sections, in report order.
"""

from __future__ import annotations

from types import ModuleType

from report import i18n
from report.charts.describe import Chart
from report.compute import Metrics
from report.document.blocks import Section
from report.i18n import _, page_footer
from report.inputs.joint_test import JointTest
from report.provenance import Provenance
from report.sections import (
    answers,
    appendix,
    asynchronous,
    audit,
    bandwidth,
    bubble,
    colophon,
    cover,
    economics,
    formal,
    formulas,
    gates,
    loading,
    projections,
    reliability,
    save,
    scaling,
    setup,
    summary,
)
from report.wording.base import ReportContext, Words
from report.wording.environment import record_gate_term

#: The cover: page 1, before every section.
COVER: ModuleType = cover
#: The formal parts ([report] given): a cover with the sign-off and the statement before page 1, the footers' number.
FORMAL: ModuleType = formal
#: The sections in report order, each a module with ID, CHARTS and build(words).
SECTIONS: tuple[ModuleType, ...] = (
    summary,
    gates,
    setup,
    save,
    bandwidth,
    bubble,
    asynchronous,
    reliability,
    projections,
    scaling,
    loading,
    economics,
    audit,
    answers,
    appendix,
    formulas,
    colophon,
)


def build(
    test: JointTest,
    m: Metrics,
    charts: dict[str, Chart],
    prov: Provenance,
    language: str = "en",
    metrics_json: bytes = b"",
) -> ReportContext:
    """The whole context of the report, worded in the active language (report/i18n.py), its accelerators called as
    the test's platform is (GPUs, or NPUs: Words.accelerator). `metrics_json`, the bytes attached beside the inputs,
    is listed with them in the colophon."""
    w = Words(test, m, charts, prov)
    w.metrics_json = metrics_json
    # the gates called as the record calls them where it names them …门槛 (Chinese reading 19)
    with i18n.accelerators(w.accelerator), i18n.gate_term(record_gate_term(w)):
        return _build(w, language)


def _build(w: Words, language: str) -> ReportContext:
    built = [module.build(w) for module in SECTIONS]
    c = w.config
    named = (c.systems.candidate, c.systems.save_baseline, c.systems.load_baseline)  # page 1's list of the systems
    if c.systems.load_baseline == c.systems.save_baseline:  # one baseline for both: named once (zh reading 8, I-m5)
        description = _("Joint test: {candidate} against {baseline}").format(
            candidate=c.systems.candidate, baseline=c.systems.save_baseline
        )
    else:
        description = _("Joint test: {candidate} against {save_baseline} and {load_baseline}").format(
            candidate=c.systems.candidate, save_baseline=c.systems.save_baseline, load_baseline=c.systems.load_baseline
        )
    return ReportContext(
        # each part says a system's full name at its first mention, then its short name ([systems] short;
        # Words.shorten), the sections after the setup's table too (CONTRACT.md)
        cover=w.shorten(COVER.build(w), first=named),
        sections=_shortened(w, [s for s in built if s is not None]),
        description=description,
        charts=w.charts,
        language=language,
        footer=page_footer(),
        formal=FORMAL.build(w),
    )


def _shortened(w: Words, sections: list[Section]) -> tuple[Section, ...]:
    """The sections with their names resolved: each section names a system in full at its first mention, then by its
    short name (CONTRACT.md, "used after each section's first mention"), whether it comes before or after the setup's
    table that introduces the short names ("…, hereafter “FX100”"). A section read alone thus says what "FX100" is,
    and the full name's brackets are printed once per section, not at every mention."""
    return tuple(w.shorten(s) for s in sections)
