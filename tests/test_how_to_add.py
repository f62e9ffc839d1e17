"""docs/contributing.md's "How to add": a chart and an import tool, each added at test time by the files it names only.

A section and a language are shown the same way in tests/sections/test_registry.py and tests/test_i18n.py.
"""

import re
import shutil
import types
from pathlib import Path

import pytest
from matplotlib.figure import Figure as MplFigure

from report import sections
from report.charts import describe as charts
from report.charts import draw as drawing
from report.compute import compute
from report.document.blocks import Para, Section
from report.inputs.ingest import tools
from report.inputs.ingest.measured import Measured
from report.inputs.joint_test import read_joint_test
from report.problems import InvalidInput
from report.render import html as render
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section


def test_a_chart_is_added_by_a_describer_a_drawer_and_the_section_that_places_it(monkeypatch):
    """charts.py: @describes; drawing.py: @draws; the section: the id in CHARTS and w.figure(id) among its blocks."""
    monkeypatch.setattr(charts, "DESCRIBERS", dict(charts.DESCRIBERS))
    monkeypatch.setattr(drawing, "DRAWERS", dict(drawing.DRAWERS))

    @charts.describes("runs-per-side", "save_times")
    def describe(m, log):
        b, c = m.save.baseline, m.save.candidate
        alt = f"{b.system}: {b.runs} runs; {c.system}: {c.runs} runs."
        return charts.Chart("runs-per-side", "Timed saves per system", "One bar per system.", alt, 3.0, 2.0)

    @drawing.draws("runs-per-side")
    def draw(m, log, chart):
        fig = MplFigure(figsize=(chart.width_in, chart.height_in))
        ax = fig.subplots()
        ax.bar([s.system for s in m.save.sides()], [s.runs for s in m.save.sides()])
        return fig

    extra = types.ModuleType("report.sections.runs")
    extra.ID, extra.CHARTS = "runs", ("runs-per-side",)
    extra.build = lambda w: Section(extra.ID, "Runs", (Para("Runs per system."), w.figure("runs-per-side")))
    monkeypatch.setattr(sections, "SECTIONS", (*sections.SECTIONS, extra))

    ctx, m = build(FIXTURES / "repeated")
    chart = ctx.charts["runs-per-side"]
    # The repeated fixture: Old NAS saved 3 times, the candidate 3 times (tests/compute/test_compute.py works them out).
    assert (m.save.baseline.runs, m.save.candidate.runs) == (3, 3)
    assert chart.alt == f"{m.save.baseline.system}: 3 runs; {m.save.candidate.system}: 3 runs."
    assert chart.inputs == ("save_times",)
    placed = [b for b in section(ctx, "runs").blocks if getattr(b, "kind", "") == "figure"]
    assert [b.chart.id for b in placed] == ["runs-per-side"]
    svg = drawing.draw_all(m, read_joint_test(FIXTURES / "repeated").bandwidth, {"runs-per-side": chart})
    assert svg["runs-per-side"].startswith("<svg ") and 'width="216pt" height="144pt"' in svg["runs-per-side"]
    html = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    assert "Timed saves per system" in html and '<section id="runs"' in html


def _stopwatch(spec, names, files, training_model):
    """A throwaway tool's reader: one save time in seconds per line of each matched file."""
    measured = []
    for name in names:
        for number, line in enumerate((files.read(name) or b"").decode().splitlines(), start=1):
            measured.append(Measured(float(line), None, (name, number)))
    return measured, (), []  # its files give no version


@pytest.fixture
def stopwatch_folder(tmp_path):
    """The imports fixture with NVMe's Megatron-LM import replaced by a stopwatch's file of two saves."""
    folder = tmp_path / "imports"
    shutil.copytree(FIXTURES / "imports", folder)
    (folder / "raw" / "nvme" / "stopwatch.txt").write_text("1.5\n2.5\n")
    toml = (folder / "test.toml").read_text()
    old = 'tool        = "megatron"\nfiles       = ["raw/nvme/train.log"]'
    assert old in toml
    (folder / "test.toml").write_text(
        toml.replace(old, 'tool        = "stopwatch"\nfiles       = ["raw/nvme/stopwatch.txt"]')
    )
    return folder


def test_an_import_tool_is_added_by_its_module_and_one_registry_line(monkeypatch, stopwatch_folder):
    """What docs/contributing.md's "An import tool" says: a reader, one ImportTool line; config, ingest and the report
    read the registry."""
    with pytest.raises(InvalidInput) as caught:  # not registered: config refuses it, naming the registry's tools
        read_joint_test(stopwatch_folder)
    assert any(
        'must be one of fio, mlperf, megatron, nemo, torchtitan, got "stopwatch"' in str(p)
        for p in caught.value.problems
    )

    entry = tools.ImportTool("stopwatch", "Stopwatch", ("save_times",), _stopwatch)
    monkeypatch.setitem(tools.IMPORT_TOOLS, "stopwatch", entry)
    test = read_joint_test(stopwatch_folder)
    stopwatch = next(u for u in test.imported.tools if u.tool == "stopwatch")
    assert (stopwatch.into, stopwatch.system, stopwatch.files) == ("save_times", "NVMe", ("raw/nvme/stopwatch.txt",))
    rows = test.saves[test.saves["system"] == "NVMe"]
    # The stopwatch's two saves first (runs 1 and 2), then NeMo's iterations 100 and 200 (2.7 s and 2.4 s).
    assert rows["run"].tolist() == [1, 2, 3, 4] and rows["save_s"].tolist() == [1.5, 2.5, 2.7, 2.4]
    m = compute(test)
    assert m.save.baseline.mean_s == pytest.approx((1.5 + 2.5 + 2.7 + 2.4) / 4, rel=1e-12)
    ctx, _ = build(stopwatch_folder)
    sources = next(b for b in section(ctx, "setup").blocks if getattr(b, "kind", "") == "definitions")
    assert any("Stopwatch output (no version given)" in text for _, text in sources.items)

    toml = (stopwatch_folder / "test.toml").read_text()
    (stopwatch_folder / "test.toml").write_text(
        toml.replace('into        = "save_times"', 'into        = "bandwidth"', 1)
    )
    with pytest.raises(InvalidInput) as caught:  # its registry line says which tables it may feed
        read_joint_test(stopwatch_folder)
    assert any(
        "stopwatch output cannot become bandwidth rows (it can: save_times)" in str(p) for p in caught.value.problems
    )


def test_the_language_registry_is_the_only_list_of_languages():
    """How to add a language: config, the command line, verify and tools/catalogs.py read report/i18n.py's LANGUAGES
    (tests/test_i18n.py adds one at test time); none of them spells a language code of its own."""
    root = Path(__file__).parent.parent
    readers = ("report/inputs/config.py", "report/cli.py", "report/verify/check.py", "tools/catalogs.py")
    for name in readers:
        source = (root / name).read_text()
        assert "LANGUAGES" in source, name  # reads the registry
        assert not re.search(r"[\"']zh[-_]CN[\"']", source), name  # and lists no language of its own
    for name in ("report/inputs/specs.py", "report/inputs/toml_reader.py", "report/inputs/import_tables.py"):
        assert not re.search(r"[\"']zh[-_]CN[\"']", (root / name).read_text()), name


def test_the_import_tool_registry_is_the_only_list_of_tools():
    """No module but the registry and each tool's own module names a tool by its id."""
    root = Path(__file__).parent.parent / "report"
    ids = tuple(tools.IMPORT_TOOLS)
    assert ids == ("fio", "mlperf", "megatron", "nemo", "torchtitan")
    for path in sorted(root.rglob("*.py")):
        # identify.py tells every tool's files apart, for the refusals of the others (issue 46)
        if path.parent.name == "ingest" and path.stem in (*ids, "tools", "identify"):
            continue
        if path.parent.name == "measure":  # the measure command runs fio itself, it does not import
            continue
        source = path.read_text()
        for tool in ids:
            assert f'"{tool}"' not in source, (path.relative_to(root), tool)
