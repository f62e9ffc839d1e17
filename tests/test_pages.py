"""The printed pages, read back from the PDF: every page filled, tables whole, user text as written, no cut names."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from report.build import build_outputs
from report.load import load
from tests.conftest import DATA, FIXTURES, PROVENANCE

# A4 and the print sheet's margins (templates/styles/print.css): the text area, in points from the top.
MM = 72 / 25.4
TOP, BOTTOM = 22 * MM, 841.89 - 20 * MM
REPORTS = {
    "long_names": (FIXTURES / "long_names", "en"),
    "long_names_zh": (FIXTURES / "long_names", "zh-CN"),
    "default": (DATA, "en"),
    "default_zh": (DATA, "zh-CN"),
}


@pytest.fixture(scope="module", params=sorted(REPORTS))
def report(request, tmp_path_factory) -> tuple[str, Path]:
    """One report of REPORTS built to a PDF file."""
    folder, language = REPORTS[request.param]
    pdf = build_outputs(load(folder), PROVENANCE, language).pdf
    path = tmp_path_factory.mktemp(request.param) / "report.pdf"
    path.write_bytes(pdf)
    return request.param, path


def _words(path: Path) -> list[list[tuple[float, float, str]]]:
    """Per page, every word's top and bottom (points from the page's top) and its text, by poppler's pdftotext."""
    xhtml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], check=True, capture_output=True, text=True).stdout
    pages = []
    for page in xhtml.split("<page ")[1:]:
        found = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', page)
        pages.append([(float(a), float(b), w) for a, b, w in found])
    return pages


def _section_pages(path: Path) -> set[int]:
    """The pages (0-based) on which a section opens: where the outline's first-level entries point."""
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return {reader.get_destination_page_number(o) for o in reader.outline if not isinstance(o, list)}


def fill(words: list[tuple[float, float, str]]) -> float:
    """How far down the text area a page's content reaches (0 empty, 1 full); running header and footer left out."""
    body = [bottom for top, bottom, _ in words if top >= TOP - 1 and bottom <= BOTTOM + 1]
    return (max(body) - TOP) / (BOTTOM - TOP) if body else 0.0


def test_fill_measures_a_page_down_to_its_last_line():
    line = 10.0
    assert fill([(TOP, TOP + line, "a")]) == pytest.approx(line / (BOTTOM - TOP))
    half = TOP + (BOTTOM - TOP) / 2
    assert fill([(TOP, TOP + line, "a"), (half - line, half, "b"), (20, 30, "header")]) == pytest.approx(0.5)
    assert fill([(BOTTOM + 5, BOTTOM + 15, "footer")]) == 0.0


def test_no_page_is_left_nearly_empty(report):
    """Every page carries a third of its lines at least, but the last page and a page on which a section opens."""
    name, path = report
    pages = _words(path)
    exempt = _section_pages(path) | {0, len(pages) - 1}
    short = {i + 1: round(fill(w), 2) for i, w in enumerate(pages) if i not in exempt and fill(w) < 1 / 3}
    assert short == {}, f"{name}: pages (1-based) filled below a third: {short}"


def test_user_text_is_printed_as_written(report):
    """Inter's contextual alternates would draw "8 x 400" as "8 × 400" and "0x1F" as "0×1F"; the PDF's text then
    maps the one glyph to one character, so either the inputs' x or the report's own × comes out wrong."""
    name, path = report
    if not name.startswith("long_names"):
        pytest.skip("the long-names fixture holds the inputs' 'x'")
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    flat = " ".join(text.split())
    assert "8 x 400 Gb/s" in flat and "0x1F stripe map" in flat
    assert "8 × 400" not in flat and "0×1F" not in flat
    assert "4.21×" in flat  # the report's own multiplication sign survives beside them
    assert not re.search(r"\d\.\d+x\b", flat)  # and is never read back as the letter


def test_no_name_is_cut(report):
    """No word ends in an ellipsis ("4 contr…"): names wrap in charts and tables (a formula's "+ …" is no name)."""
    name, path = report
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    assert re.findall(r"\S*\w…", text) == [], name
