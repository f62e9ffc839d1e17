"""The context's dataclasses (the cover, the whole report) and the words helper every section builds from."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, replace

from report.charts.describe import Chart
from report.compute import SIDES, AuditSide, BandwidthSide, Fit, Metrics, ReliabilitySide, SaveSide
from report.compute.findings import decide
from report.document.blocks import (
    Column,
    Definitions,
    Figure,
    Para,
    Section,
    Table,
)
from report.document.spoken import Said, Spoken
from report.i18n import _
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
    recommendation_kind: str  #: recommended, not_yet, other_grounds or not_recommended (compute/recommendation.py)
    recommendation: str  #: the line page 1 opens with: "Recommendation: …"
    reasons: tuple[str, ...]  #: at most three, with their figures
    changes: str  #: what would change the recommendation
    value: str  #: the value of the time saved at best, against the price where one is given ("" without economics)
    verdict_status: str  #: demonstrated, not_demonstrated or undecided
    verdict_style: str  #: the verdict box's style: the status, or "indicative" (gates pass on illustrative saves)
    verdict_label: str
    verdict_gates: str  #: each gate by its plain name, its id beside it, and its status
    verdict_notes: tuple[str, ...]  #: what the verdict hangs on: a run, a gate no storage could pass, a limit
    tiles: tuple[KeyFigure, ...]
    #: who ran the test and what the record says of witnessing ("" where the record names no testing party)
    tested_by: str = ""
    #: each line's place in the order page 1 sheds lines to page 2 when it would run over (1 moves first, 0 never:
    #: sections/cover.py SHED_ORDER, docs/recommendation.md); one per reason and per verdict note
    reason_ranks: tuple[int, ...] = ()
    note_ranks: tuple[int, ...] = ()
    #: each verdict note's mark, as a section's paragraph carries it ("illustrative", "not_durable" or ""): page 1's
    #: client-sweep line rests on inputs of its own (scaling reading 7b, blocker)
    note_marks: tuple[str, ...] = ()
    changes_rank: int = 0
    value_rank: int = 0
    tiles_rank: int = 0  #: the second row of tiles' place in SHED_ORDER


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
    #: the revision history, for a revision after the first ([report] revision "2", "B", "1.1"): its title, headers
    #: and rows (revision, date, change), as far as the inputs give them (docs/verify-and-sign.md)
    revisions_title: str = ""
    revisions_headers: tuple[str, ...] = ()
    revisions: tuple[tuple[str, str, str], ...] = ()
    #: the boxes a Chinese formal report leaves for its parties' seals (测试方（盖章）, 委托方（盖章）); none in English
    seals: tuple[str, ...] = ()


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
SAVE_INPUTS = ("save_times", "bandwidth", "restore_times", "scaling")


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
        self.findings = decide(test, m)  #: every conclusion, decided once with its scope (compute/findings.py)
        self.metrics_json = b""  #: metrics.json as attached to the PDF, listed with the inputs (colophon)

    @property
    def accelerator(self) -> str:
        """ "NPU" where a load platform, or the recorded environment, names an NPU (Atlas, 910B, 昇腾, an NPU:
        ASCEND_WORDS), "card" where it names another accelerator that is not a GPU (Kunlunxin P800, Gaudi 3:
        NPU_WORDS), else "GPU": what the report's own words call the test's accelerators (in Chinese 个 NPU and
        NPU·时, or 张加速卡 and 卡时; in English GPU, or card for the latter)."""
        return accelerator_of(self.m, self.config)

    def name(self, key: str) -> str:
        """The name of system `key` ("baseline", "candidate" or "load_baseline") as a sentence prints it: its full
        name; `shorten` gives it its short name (test.toml's [systems] short) after each part's first mention."""
        systems = self.config.systems
        return {
            "baseline": systems.save_baseline,
            "candidate": systems.candidate,
            "load_baseline": systems.load_baseline,
        }[key]

    def label(self, name: str) -> str:
        """System `name` where a label prints it (a table's header, a chart's legend): its short name if it has one."""
        return self.config.systems.short_name(name)

    def header(self, name: str, unit: str) -> str:
        """A column header of system `name` with its unit, never glued to a bracket that closes the name: "FX100 (s)",
        "Local NVMe RAID-0 (per node) / s", not "… (per node) (s)" (Chinese reading 4, M14)."""
        label = self.label(name)
        if label.endswith((")", "）")):
            return _("{name} / {unit}").format(name=label, unit=unit)
        return _("{name} ({unit})").format(name=label, unit=unit)

    def hereafter(self, name: str) -> str:
        """System `name` where the report introduces it (the setup's table): with its short name, if it has one."""
        short = self.config.systems.short.get(name)
        return name if short is None else _("{name}, hereafter “{short}”").format(name=name, short=short)

    def shorten(self, part, first: tuple[str, ...] = ()):
        """`part` (a section, or page 1) as printed: each system's full name at the part's first mention, its short
        name after that (NameResolver); `first` names the systems the part has already named in full (page 1's list
        of systems). The appendices print the inputs as given."""
        if isinstance(part, Section) and part.appendix:
            return part
        return NameResolver(self.config.systems.short, first).walk(part)

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


def accelerator_of(m: Metrics, config: TestConfig) -> str:
    """ "NPU", "APU", "card" or "GPU": what the report's words call the accelerators of a test whose load
    platforms are in `m` and whose recorded environment is `config`'s (Words.accelerator; the charts are worded the
    same way)."""
    texts = [x.platform for x in m.load.models] + [t for pair in config.environment for t in pair]
    if any(ASCEND_WORDS.search(t) for t in texts):
        return "NPU"
    if any(APU_WORDS.search(t) for t in texts):
        return "APU"
    return "card" if any(NPU_WORDS.search(t) for t in texts) else "GPU"


#: A platform or environment text that names an accelerator that is not a GPU: Huawei's Ascend (Atlas 800/900
#: servers, the Ascend 910B), Kunlunxin (P800, XPU), Cambricon (MLU), Hygon (DCU), Intel Gaudi, Google TPU, by name
#: or in Chinese, or an NPU by that word (cold tests 14, P: Kunlunxin P800 cards were called GPUs).
NPU_WORDS = re.compile(
    r"\bNPUs?\b|\bAscend\b|\bAtlas\b|昇腾|\b910[ABC]\b|\bKunlun\w*|昆仑|\bXPUs?\b|\bP800\b|\bMLU\d*\b|"
    r"Cambricon|寒武纪|思元|\bDCUs?\b|海光|\bGaudi\d*\b|\bTPUs?\b",
    re.IGNORECASE,
)

#: An accelerator that is CPU and GPU in one package (AMD Instinct MI300A), an APU: called so, its time APU 时, as
#: its records say ("APU 时单价", "每块 APU"), never GPU 小时 beside 卡时 (Chinese reading 18, X minor 7).
APU_WORDS = re.compile(r"\bAPUs?\b|\bMI300A\b", re.IGNORECASE)

#: The NPUs among them (Huawei Ascend): counted 个 NPU in Chinese, as their records count NPU devices (a 910C card
#: holds two), where the others are 张加速卡 (Chinese reading 16, T-M7).
ASCEND_WORDS = re.compile(r"\bNPUs?\b|\bAscend\b|\bAtlas\b|昇腾|\b910[ABC]\b", re.IGNORECASE)

#: Tables and definition lists that print the inputs' own text (names included): never shortened.
GIVEN_TEXT_TABLES = frozenset({"environment"})
GIVEN_TEXT_DEFINITIONS = frozenset({"sources"})
#: Fields of the document's dataclasses that hold no sentence: ids, styles, statuses, dates as data, marks.
_NOT_TEXT = frozenset(
    {
        "id",
        "kind",
        "style",
        "status",
        "mark_kind",
        "verdict_status",
        "verdict_style",
        "date_iso",
        "illustrative",
        "inputs",
        "short",
        "marks",
        "note_marks",
    }
)
#: Page 1's fields that print the inputs' own text, its list of systems among them (the page's first mention).
_COVER_AS_GIVEN = frozenset({"title", "customer", "date", "candidate", "save_baseline", "load_baseline"})
_LATIN = "A-Za-z0-9_"
_QUOTED = re.compile("(“[^”]*”)")


class NameResolver:
    """The one mechanism behind short names ([systems] short; CONTRACT.md, "The report as a deliverable"): in one part
    of the report (a section, page 1), a system's full name at its first mention and its short name after that, in
    its sentences, tables and captions, in reading order. Labels (a table's column headers, and a chart's legend,
    drawn from Chart.short) always take the short name. Text in quotes (a source note, a name asked for) is printed
    as given, as are the tables of the inputs' own text."""

    def __init__(self, short: dict[str, str], seen: tuple[str, ...] = ()):
        self.short = short
        self.seen = set(seen)
        names = sorted(short, key=len, reverse=True)  # "Parallel NFS" before "NFS"
        self.pattern = re.compile("|".join(_whole(n) for n in names)) if names else None

    def text(self, text: str, label: bool = False) -> str:
        """`text` with each full name after its first mention (every one, in a `label`) shortened; quotes as given."""
        if self.pattern is None or not text:
            return text
        if isinstance(text, Spoken):  # a finding's words keep their mark, resolved part by part in reading order
            return Spoken(
                tuple(Said(self.text(p.text), p.finding) if isinstance(p, Said) else self.text(p) for p in text.parts)
            )
        return "".join(
            piece if piece.startswith("“") else self.pattern.sub(lambda found: self._name(found[0], label), piece)
            for piece in _QUOTED.split(text)
        )

    def _name(self, full: str, label: bool) -> str:
        if label or full in self.seen:
            return self.short[full]
        self.seen.add(full)
        return full

    def walk(self, part):
        """`part` (a section, page 1, a block, a tuple of them, a text) with its names resolved in reading order."""
        if isinstance(part, str):
            return self.text(part)
        if isinstance(part, tuple):
            return tuple(self.walk(item) for item in part)
        if (isinstance(part, Table) and part.id in GIVEN_TEXT_TABLES) or (
            isinstance(part, Definitions) and part.style in GIVEN_TEXT_DEFINITIONS
        ):
            return part
        if isinstance(part, Column):
            return replace(part, label=self.text(part.label, label=True))
        if isinstance(part, Table):  # a cell that is a system's name labels its row: short, as the headers are
            caption, columns = self.walk(part.caption), self.walk(part.columns)  # in reading order
            rows = tuple(
                tuple(self.short[cell] if cell in self.short else self.walk(cell) for cell in row) for row in part.rows
            )
            return replace(part, caption=caption, columns=columns, rows=rows, note=self.walk(part.note))
        if not dataclasses.is_dataclass(part) or isinstance(part, type):
            return part
        changes = {}
        for field in dataclasses.fields(part):
            if not field.init or field.name in _NOT_TEXT or (isinstance(part, Cover) and field.name in _COVER_AS_GIVEN):
                continue
            value = getattr(part, field.name)
            if isinstance(value, str | tuple) or dataclasses.is_dataclass(value):
                changes[field.name] = self.walk(value)
        return replace(part, **changes)


def _whole(name: str) -> str:
    """`name` as a pattern that matches it whole, never inside a longer Latin word or number ("NFS" in "pNFS")."""
    head = f"(?<![{_LATIN}])" if re.match(f"[{_LATIN}]", name) else ""
    tail = f"(?![{_LATIN}])" if re.search(f"[{_LATIN}]$", name) else ""
    return head + re.escape(name) + tail
