"""The report's building blocks: sections of paragraphs, tables, figures and lists that the templates loop over.

The sections (report/sections/) word and format the computed figures into these; the templates only print them.
Each block names its `kind`, which picks the partial that prints it (templates/_blocks.html).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from report.charts.describe import Chart


@dataclass(frozen=True)
class Column:
    """A table column: its header (with unit), whether it holds numbers (right-aligned), or long codes."""

    label: str
    numeric: bool = True
    code: bool = False

    @property
    def css(self) -> str:
        """The cells' class: "num" for numbers, "hash" for long codes that may break anywhere."""
        return "num" if self.numeric else "hash" if self.code else ""


@dataclass(frozen=True)
class Table:
    """A captioned table of display strings."""

    id: str
    caption: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    illustrative: bool | str = False  #: "illustrative", "not_durable" (Words.marked), "reads_memory" (loads_marked)
    kind: str = field(default="table", init=False)


@dataclass(frozen=True)
class Para:
    """A paragraph. `style`: "p", "lead" (opens a section), "warning", "formula" or "note"."""

    text: str
    style: str = "p"
    illustrative: bool | str = False  #: "illustrative", "not_durable" (Words.marked), "reads_memory" (loads_marked)
    kind: str = field(default="para", init=False)


@dataclass(frozen=True)
class Items:
    """A bulleted list of sentences."""

    items: tuple[Para, ...]
    style: str = "list"
    kind: str = field(default="items", init=False)


@dataclass(frozen=True)
class Definitions:
    """Terms and their texts (sources, formulas, environment)."""

    items: tuple[tuple[str, str], ...]
    style: str = "sources"
    marks: tuple[tuple[str, str], ...] = ()  #: per item: (kind, label) of the mark beside the term, e.g. "measured"
    kind: str = field(default="definitions", init=False)


@dataclass(frozen=True)
class Figure:
    """A chart in its place."""

    chart: Chart
    kind: str = field(default="figure", init=False)


@dataclass(frozen=True)
class GateRow:
    """A gate as the gate table shows it."""

    id: str
    name: str
    status: str  #: pass, fail or insufficient
    label: str
    detail: str
    style: str = ""  #: the status cell's style: the status, or pass-illustrative, pass-indicative


@dataclass(frozen=True)
class GateTable:
    """The gate table."""

    rows: tuple[GateRow, ...]
    caption: str
    headers: tuple[str, str, str, str]  #: gate, what it checks, status, why
    kind: str = field(default="gates", init=False)


@dataclass(frozen=True)
class Subsection:
    """A titled part of a section (a question of the Q&A), bookmarked."""

    id: str
    title: str
    blocks: tuple
    kind: str = field(default="subsection", init=False)


Block = Table | Para | Items | Definitions | Figure | GateTable | Subsection


@dataclass(frozen=True)
class Section:
    """One part of the report: the contents, the bookmarks and the running header come from its title."""

    id: str
    title: str
    blocks: tuple[Block, ...]
    appendix: bool = False
    new_page: bool = False  #: starts a page (a reader turns to a new part here)
