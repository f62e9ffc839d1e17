"""The sections' registry: ids unique, every chart placed exactly once, every entry built and rendered, in order."""

import ast
import re
import types
from collections import Counter
from pathlib import Path

import pytest

from report import sections
from report.charts import describe as charts
from report.document.blocks import Figure, Para, Section, Subsection
from report.render import html as render
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build

#: report/wording/'s lower floor: the sentences above (statements, verdict, ...) may import it, never the reverse.
WORDING_FLOOR = {"base", "decisions", "labels", "phrases"}
PACKAGE = Path(sections.__file__).parent


def placed(blocks):
    """The ids of the charts `blocks` place, in order, subsections included."""
    for b in blocks:
        if isinstance(b, Figure):
            yield b.chart.id
        elif isinstance(b, Subsection):
            yield from placed(b.blocks)


def test_ids_are_unique():
    ids = [module.ID for module in (sections.COVER, sections.FORMAL, *sections.SECTIONS)]
    assert len(ids) == len(set(ids)), Counter(ids).most_common(3)


def test_every_chart_is_placed_exactly_once():
    declared = Counter(chart_id for module in sections.SECTIONS for chart_id in module.CHARTS)
    assert declared == Counter(list(charts.DESCRIBERS))  # the chart registry: each of its ids once, nothing else
    assert sections.COVER.CHARTS == ()


@pytest.mark.parametrize("folder", [FIXTURES / "economics", DATA])
def test_every_entry_is_built_in_order_with_the_charts_it_declares(folder):
    ctx, m = build(folder)
    left_out = {"economics": m.economics is None, "projections": not m.projections}  # nothing to say: no section
    expected = [module.ID for module in sections.SECTIONS if not left_out.get(module.ID, False)]
    assert [s.id for s in ctx.sections] == expected
    for s in ctx.sections:
        module = next(module for module in sections.SECTIONS if s.id == module.ID)
        # a chart of an input the test lacks is not placed (charts.drawn: no projections, no projection chart)
        assert tuple(placed(s.blocks)) == tuple(c for c in module.CHARTS if charts.drawn(c, m)), s.id
    html = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    rendered = re.findall(r'<section id="([^"]+)"', html)
    assert rendered == expected
    assert sorted(re.findall(r'src="chart:([^"]+)"', html)) == sorted(
        c for c in charts.DESCRIBERS if charts.drawn(c, m)
    )


def test_only_economics_and_projections_can_be_left_out():
    """The economics fixture prices GPU time, DATA does not; DATA asks for a projection, the economics fixture does
    not (Chinese reading 12, W-m5: a section saying it projects nothing): each optional section comes and goes with
    what it words."""
    economics, priced = build(FIXTURES / "economics")
    default, m = build(DATA)
    assert m.economics is None and priced.economics is not None
    assert m.projections and not priced.projections
    assert {s.id for s in economics.sections} ^ {s.id for s in default.sections} == {"economics", "projections"}


def _imported_report_modules(path: Path) -> set[str]:
    """The report modules `path` imports, dotted (`from report.x import y` counts report.x and, if a module, report.x.y)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("report"):
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("report"))
    return found


def test_a_section_imports_no_other_section():
    """A section words its part from report/wording/ and report/document/: never from another section."""
    names = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.stem == "__init__":
            continue
        others = {f"report.sections.{n}" for n in names - {path.stem}}
        assert not _imported_report_modules(path) & others, path.stem


def test_every_module_of_the_sections_package_is_a_registered_section():
    registered = {module.__name__.rsplit(".", 1)[1] for module in (sections.COVER, sections.FORMAL, *sections.SECTIONS)}
    on_disk = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert registered == on_disk


def test_the_wording_floor_imports_nothing_above_it():
    """base, decisions, labels and phrases are what the sentences are built from; they import no sentence module, and
    nothing in report/wording/ imports a section."""
    wording = PACKAGE.parent / "wording"
    above = {f"report.wording.{p.stem}" for p in wording.glob("*.py")} - {
        f"report.wording.{n}" for n in (*WORDING_FLOOR, "__init__")
    }
    for path in sorted(wording.glob("*.py")):
        imported = _imported_report_modules(path)
        assert not {m for m in imported if m.startswith("report.sections")}, path.stem
        if path.stem in WORDING_FLOOR:
            assert not imported & above, (path.stem, imported & above)


def test_a_section_is_added_by_its_module_and_one_registry_line(monkeypatch):
    """What docs/contributing.md's "A section" says: a module with ID, CHARTS and build, one line in SECTIONS."""
    extra = types.ModuleType("report.sections.extra")
    extra.ID, extra.CHARTS = "extra", ()
    extra.build = lambda w: Section(extra.ID, "An added section", (Para(f"{w.m.save.baseline.system} saves."),))
    monkeypatch.setattr(sections, "SECTIONS", (*sections.SECTIONS[:2], extra, *sections.SECTIONS[2:]))
    ctx, _ = build(FIXTURES / "repeated")
    assert [s.id for s in ctx.sections][:4] == ["summary", "gates", "extra", "setup"]
    html = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    assert '<a href="#extra">An added section</a>' in html  # in the contents, with no template touched
    assert '<section id="extra" class="">\n  <h1>An added section</h1>\n  <p class="p">Old NAS saves.</p>' in html


def test_no_module_of_the_report_is_over_600_lines():
    """Issue 22: a module a newcomer can read; the findings floor was split (findings, verdict, retuning, load_range)
    when it grew past this."""
    root = PACKAGE.parent
    long = {str(p.relative_to(root)): n for p in root.rglob("*.py") if (n := len(p.read_text().splitlines())) > 600}
    assert long == {}
