"""The context's dataclasses (the cover, the whole report) and the words helper every section builds from."""

from __future__ import annotations

from dataclasses import dataclass

from report.charts.describe import Chart
from report.compute import SIDES, AuditSide, BandwidthSide, Fit, Metrics, ReliabilitySide, SaveSide
from report.document.blocks import (
    Figure,
    Para,
    Section,
)
from report.inputs.config import TestConfig
from report.inputs.joint_test import JointTest
from report.provenance import Provenance


@dataclass(frozen=True)
class KeyFigure:
    """A headline tile of the cover."""

    id: str
    value: str
    label: str
    note: str
    mark: str = ""  #: a failed or undecided gate it depends on, or "Illustrative input"
    mark_kind: str = ""  #: "fail", "insufficient" or "illustrative"


@dataclass(frozen=True)
class Cover:
    """The first page: who, what, the verdict first, the headline tiles, and what the figures rest on."""

    title: str
    customer: str
    date: str
    date_iso: str
    candidate: str
    save_baseline: str
    load_baseline: str
    verdict_status: str  #: demonstrated, not_demonstrated or undecided
    verdict_style: str  #: the verdict box's style: the status, or "indicative" (gates pass on illustrative saves)
    verdict_label: str
    verdict_reason: str
    tiles: tuple[KeyFigure, ...]
    evidence: str  #: which inputs are measured and which illustrative


@dataclass(frozen=True)
class Formal:
    """The document's formal parts, from test.toml's [report] (CONTRACT.md, "The report as a deliverable"): a cover
    with the report's number, its parties and the sign-off block, then the statement of scope and limits; and the
    reference every page's footer carries. Absent (None on the context) without [report]."""

    kicker: str  #: "Test report"
    title: str  #: the joint test's title, as given
    reference: str  #: the footer's line: number and revision ("" when [report] gives neither)
    particulars: tuple[tuple[str, str], ...]  #: label and text: number, revision, parties, systems, test date
    signoff_headers: tuple[str, str, str, str]  #: role, name, signature, date
    signoff: tuple[tuple[str, str], ...]  #: each role and its name ("" where [report] names nobody)
    statement_title: str
    statement: tuple[str, ...]  #: its numbered paragraphs: scope, limits, data responsibility, validity


@dataclass(frozen=True)
class ReportContext:
    """Everything the templates show: the cover, then the sections in order; templates only loop and print."""

    cover: Cover
    sections: tuple[Section, ...]
    description: str
    charts: dict[str, Chart]
    language: str
    footer: tuple[str, str, str]  #: the words around the page number and count in the PDF's footer
    formal: Formal | None = None  #: the formal cover and statement ([report] given), printed before page 1


@dataclass(frozen=True)
class Side:
    """One side of the comparison (the save baseline or the candidate): its figures in every part, typed."""

    key: str  #: "baseline" or "candidate"
    save: SaveSide
    bandwidth: BandwidthSide
    reliability: ReliabilitySide
    audit: AuditSide
    fit: Fit

    @property
    def system(self) -> str:
        """The system's name, as the save times give it."""
        return self.save.system


def sides(m: Metrics) -> tuple[Side, Side]:
    """The baseline's view, then the candidate's: what display code loops over instead of `side == "baseline"`."""
    baseline, candidate = (
        Side(key, save, bandwidth, reliability, audit, m.fits[key])
        for key, save, bandwidth, reliability, audit in zip(
            SIDES,
            m.save.sides(),
            m.bandwidth.sides(),
            (m.reliability.baseline, m.reliability.candidate),
            (m.audit.baseline, m.audit.candidate),
            strict=True,
        )
    )
    return baseline, candidate


#: The inputs whose figures describe the save systems, marked when one of them is not durable.
SAVE_INPUTS = ("save_times", "bandwidth", "restore_times")


def mark_of(m: Metrics, inputs: tuple[str, ...] | list[str], side: str | None = None) -> str:
    """ "illustrative", "not_durable" or "": how a figure drawn from `inputs` is marked wherever it appears. `side`
    ("baseline" or "candidate") names the one system a figure describes: a durable system's own figure is not marked
    "not_durable" because the other system's saves are not durable."""
    if set(inputs) & set(m.inputs_illustrative):
        return "illustrative"
    concerned = m.not_durable if side is None else [s for s in m.not_durable if s == side]
    if concerned and set(inputs) & set(SAVE_INPUTS):
        return "not_durable"
    return ""


class Words:
    """Words and marks for one report: which inputs are illustrative, and the figures to word."""

    def __init__(self, test: JointTest, m: Metrics, charts: dict[str, Chart], prov: Provenance):
        self.test, self.m, self.charts, self.prov = test, m, charts, prov
        self.config: TestConfig = test.config
        self.illustrative = set(m.inputs_illustrative)
        self.sides = sides(m)  #: the baseline's view, then the candidate's

    def name(self, key: str) -> str:
        """The name of system `key` ("baseline", "candidate" or "load_baseline") as a sentence prints it: the one
        place that names a system, so that short names (test.toml's [systems] short) are applied in one place."""
        systems = self.config.systems
        return {
            "baseline": systems.save_baseline,
            "candidate": systems.candidate,
            "load_baseline": systems.load_baseline,
        }[key]

    def marked(self, *inputs: str, side: str | None = None) -> str:
        """The mark of a figure drawn from `inputs` ("" when none): "illustrative" when one of them is declared
        illustrative, else "not_durable" when it is a save input and a save system (`side`'s, when it names one) is
        not durable."""
        return mark_of(self.m, inputs, side)

    def origin(self, name: str) -> str:
        """Where input `name` comes from: "illustrative" (declared so), "imported" (a tool's output: timed), or
        "supplied" (rows given in its CSV, taken as given: a published figure is such a row). Only an imported input
        is worded as an event ("saved", "loaded"); the others are named (fourth cold read, M2)."""
        if name in self.illustrative:
            return "illustrative"
        return "supplied" if f"{name}.csv" in self.test.raw else "imported"

    def p(self, text: str, *inputs: str, style: str = "p", side: str | None = None) -> Para:
        """A paragraph stating figures drawn from `inputs` (of one system's only when `side` names it)."""
        return Para(text, style, self.marked(*inputs, side=side))

    def figure(self, chart_id: str) -> Figure:
        """The chart `chart_id`, placed."""
        return Figure(self.charts[chart_id])
