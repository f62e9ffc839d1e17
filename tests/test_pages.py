"""The printed pages, read back from the PDF: every page filled, tables whole, user text as written, no cut names."""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path

import pytest
from markupsafe import escape
from pypdf import PdfReader

from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, FIXTURES
from tests.poppler import pdftotext

# A4 and the print sheet's margins (templates/styles/print.css): the text area, in points from the top.
MM = 72 / 25.4
TOP, BOTTOM = 22 * MM, 841.89 - 20 * MM
RIGHT = 595.28 - 18 * MM  # the text column's right edge (page 1's wider margins are inside it)
EXAMPLES = DATA.parent / "examples"
REPORTS = {
    "long_names": (FIXTURES / "long_names", "en"),
    "long_names_zh": (FIXTURES / "long_names", "zh-CN"),
    "default": (DATA, "en"),
    "default_zh": (DATA, "zh-CN"),
    "fio_local": (EXAMPLES / "fio-local", "en"),
    "fio_local_zh": (EXAMPLES / "fio-local", "zh-CN"),
    "async_70b": (EXAMPLES / "async-70b", "en"),
    # page 1's tiles carry interval marks here (re-tuning, the asynchronous limit): it must still hold one page
    "async_70b_zh": (EXAMPLES / "async-70b", "zh-CN"),
    "retune": (FIXTURES / "retune", "en"),
    "scaling_cluster": (EXAMPLES / "scaling-cluster", "en"),  # the scaling section with its chart and tables
    "scaling_cluster_zh": (EXAMPLES / "scaling-cluster", "zh-CN"),
    # a folder measure made (field test 6): page 1 moves lines to page 2 to hold one page (tests/pdf/test_page_one.py)
    "field6_tmpfs": (FIXTURES / "field6_tmpfs", "en"),
    "field6_tmpfs_zh": (FIXTURES / "field6_tmpfs", "zh-CN"),
}


@pytest.fixture(scope="module", params=sorted(REPORTS))
def report(request, tmp_path_factory, builds) -> tuple[str, Path]:
    """One report of REPORTS built to a PDF file (once per run: tests/builds.py)."""
    folder, language = REPORTS[request.param]
    pdf = builds.get(folder, language).pdf
    path = tmp_path_factory.mktemp(request.param) / "report.pdf"
    path.write_bytes(pdf)
    return request.param, path


def _layout_text(path: Path, first: int = 1, last: int = 0) -> str:
    """Pages `first` to `last` (1-based; 0: to the end) as poppler lays them out, one form feed after each page."""
    pages = ["-f", str(first)] + (["-l", str(last)] if last else [])
    return pdftotext(path, "-layout", *pages)


def _words(path: Path) -> list[list[tuple[float, float, str]]]:
    """Per page, every word's top and bottom (points from the page's top) and its text, by poppler's pdftotext."""
    xhtml = pdftotext(path, "-bbox")
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


@pytest.mark.slow
def test_the_cover_holds_on_one_page(report):
    """Page 1 ends with the note on the attachments, at the foot of the page: a cover that runs over pushes its last
    lines onto a page 2 that the fill rule reads as full (the async example's, fourth cold read). Page 2 opens with
    the contents."""
    name, path = report
    text = PdfReader(path).pages[1].extract_text()
    assert "Contents" in text or "目录" in text, f"{name}: page 2 is not the contents: {text[:200]!r}"


@pytest.mark.slow
def test_no_page_is_left_nearly_empty(report):
    """Every page carries a third of its lines at least, but the cover and the last page. The rule would also spare
    a section's opening page, but no section forces a page break in print (print.css), so none needs sparing: a
    short page is always something pushed over (the async example's page 6, two-thirds empty, came from chart
    captions kept with the next figure and heading)."""
    name, path = report
    pages = _words(path)
    exempt = {0, len(pages) - 1}
    short = {i + 1: round(fill(w), 2) for i, w in enumerate(pages) if i not in exempt and fill(w) < 1 / 3}
    assert short == {}, f"{name}: pages (1-based) filled below a third: {short}"


@pytest.mark.slow
def test_digests_are_printed_whole_and_the_colophon_is_short(report):
    """Each input's SHA-256 stands on one line of the colophon (the cold read found them wrapped, the colophon over
    six pages), and the colophon takes three pages at most: it flows on from Appendix B (a forced break left retune's
    page before it 28% full, below the fill rule), so the fio example's 34 files, begun at a page's foot, take three."""
    name, path = report
    folder, _language = REPORTS[name]
    test = read_joint_test(folder)
    opens = max(_section_pages(path)) + 1  # the colophon is the last section
    text = _layout_text(path, opens)
    lines = text.splitlines()
    # metrics.json's with the inputs': every file attached is listed (Chinese reading 13b, X-16)
    from pypdf import PdfReader

    digests = [*test.sha256.values(), hashlib.sha256(PdfReader(path).attachments["metrics.json"][0]).hexdigest()]
    assert all(any(digest in line for line in lines) for digest in digests), name
    assert len(digests) == len(re.findall(r"\b[0-9a-f]{64}\b", text))
    assert text.count("\f") <= 3, f"{name}: the colophon takes {text.count(chr(12))} pages"


@pytest.mark.slow
def test_user_text_is_printed_as_written(report):
    """Inter's contextual alternates would draw "8 x 400" as "8 × 400" and "0x1F" as "0×1F"; the PDF's text then
    maps the one glyph to one character, so either the inputs' x or the report's own × comes out wrong."""
    name, path = report
    if not name.startswith("long_names"):
        pytest.skip("the long-names fixture holds the inputs' 'x'")
    text = pdftotext(path)
    flat = " ".join(text.split())
    assert "8 x 400 Gb/s" in flat and "0x1F stripe map" in flat
    assert "8 × 400" not in flat and "0×1F" not in flat
    # the report's own multiplication sign survives beside them (Chinese prose says 倍, docs/zh-CN.md)
    assert ("4.21 倍" if name.endswith("_zh") else "4.21×") in flat
    assert not re.search(r"\d\.\d+x\b", flat)  # and is never read back as the letter


@pytest.mark.slow
def test_no_name_is_cut(report):
    """No word ends in an ellipsis ("4 contr…"): names wrap in charts and tables (a formula's "+ …" is no name)."""
    name, path = report
    text = pdftotext(path)
    assert re.findall(r"\S*\w…", text) == [], name


# ---- one precision per figure ----

NUMBER = re.compile(r"(?<![\w.])[−-]?\d[\d,]*(?:\.\d+)?")


def renders(token: str, value: float) -> bool:
    """Whether a printed number is `value` rounded to the decimals it shows ("10.98" and "11.0" both render
    10.9807; a whole number of fewer than three digits, "11", is not counted: tick labels and counts print those,
    and they say too little to tell figures apart)."""
    text = token.replace(",", "").replace("−", "-")
    decimals = len(text.split(".")[1]) if "." in text else 0
    if (not decimals and len(text.lstrip("-").lstrip("0")) < 3) or value == 0:
        return False
    return abs(float(text) - value) <= 0.5 * 10**-decimals * (1 + 1e-9)


def figures_of(metrics: dict) -> list[float]:
    """Every non-zero number of metrics.json (lists of more than 12 samples left out)."""
    out: list[float] = []

    def walk(x):
        if isinstance(x, float) and x == x and abs(x) != float("inf") and x:
            out.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list) and len(x) <= 12:
            for v in x:
                walk(v)

    walk(metrics)
    return out


def clashes(first: str, second: str, metrics: dict) -> dict[float, set[str]]:
    """Figures that `first` prints one way and `second` another: figure -> the two renderings."""
    a, b = NUMBER.findall(first), NUMBER.findall(second)
    out = {}
    for value in figures_of(metrics):
        mine = {t for t in a if renders(t, value)}
        theirs = {t for t in b if renders(t, value)}
        if mine and theirs and mine != theirs:
            out[value] = mine | theirs
    return out


def test_renders_and_clashes_by_hand():
    assert renders("10.98", 10.98068) and renders("11.0", 10.98068) and not renders("11", 10.98068)
    assert renders("455", 455.0) and renders("455.0", 455.0) and not renders("455.1", 455.0)
    assert renders("1,680", 1680.4) and renders("−0.69", -0.6912)
    metrics = {"a": 10.98068, "b": 1.0712, "c": 455.0, "d": [3.5]}
    found = clashes("a ratio of 11.0× and 1.1 GB; 455 GB", "table: 10.98 1.07 455.0 3.5", metrics)
    assert found == {10.98068: {"11.0", "10.98"}, 1.0712: {"1.1", "1.07"}, 455.0: {"455", "455.0"}}
    assert clashes("8.21% of 3.5", "8.21 and 3.50", {"x": 8.2104, "y": 3.5}) == {3.5: {"3.5", "3.50"}}


def _prose(html: str) -> str:
    """The report's sentences and tiles: the HTML's text without its tables, charts and appendices."""
    html = re.sub(r"<table.*?</table>|<figure class=\"chart\".*?</figure>|<style.*?</style>", " ", html, flags=re.S)
    html = html.split('class="appendix', 1)[0]
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.slow
@pytest.mark.parametrize("folder", [DATA, FIXTURES / "long_names", FIXTURES / "economics", FIXTURES / "repeated"])
def test_charts_print_each_figure_as_the_prose_does(folder, builds):
    """A value label or an alt text prints a figure exactly as the sentences and tiles print it (the cold read
    found 7.7× in a chart beside 7.68× in the text, 1.1 GB beside 1.07 GB, 455.0 GB beside 455 GB)."""
    import json

    from matplotlib.text import Annotation

    from report.charts import describe as charts
    from report.charts import draw as drawing
    from report.compute import compute

    test = read_joint_test(folder)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative)
    chart_text = []
    for chart_id, fig in drawing.figures(m, test.bandwidth, described).items():
        chart = described[chart_id]
        chart_text += [chart.alt, chart.caption]
        chart_text += [a.get_text() for a in fig.findobj(Annotation) if a.get_visible()]  # value labels, not ticks
    built = builds.get(folder)  # once per run (tests/builds.py)
    html, metrics = built.html.decode(), json.loads(built.metrics)
    prose = _prose(html)
    for note in test.config.sources.values():  # the user's words ("6.2x to 9.3x speedups") are not renderings
        prose = prose.replace(escape(note), " ")
    # a difference of two percentages, in points, is a figure of its own that no chart prints ("3.0 points" is not
    # the 3.00 s a chart labels)
    prose = re.sub(r"[−-]?\d[\d,.]*(?=[ \u00a0](?:percentage )?points)", " ", prose)
    assert clashes(" ".join(chart_text), prose, metrics) == {}


def name_lines(layout: str, caption: str, columns: tuple[str, str, str]) -> dict[str, int]:
    """In poppler's layout text of a table (captioned `caption`, its first header line holding the three `columns`
    labels), each row's name in the first column mapped to the lines it and the second column's cell take, whichever
    takes more. Rows are the blocks between blank lines, up to the table's note."""
    lines = layout[layout.index(caption) :].splitlines()
    head = next(i for i, line in enumerate(lines) if all(f" {c}" in f" {line}" for c in columns))
    second, third = (lines[head].index(c) for c in columns[1:])
    out, block = {}, []
    for line in [*lines[head + 1 :], ""]:
        if line.strip() and not line.lstrip().startswith(("Mean", "Note")):
            block.append(line)
            continue
        if block:
            first = [b[:second].strip() for b in block if b[:second].strip()]
            other = [b[second:third].strip() for b in block if b[second:third].strip()]
            out[re.sub(r"(?<=-) ", "", " ".join(first))] = max(len(first), len(other))
            block = []
        if line.strip():
            break
    return out


def test_name_lines_reads_a_table_by_hand():
    layout = (
        "Table 1. Load\n\n  Model          Platform      Size\n\n"
        "  Llama-3 70B    NVIDIA H100   140 GB\n  full fine-     SXM5\n  tune           80 GB\n  (BF16)         (8 per\n"
        "                 node)\n\n  Qwen2.5 7B     Atlas         15.2 GB\n\n  Mean ± sd over runs\n"
    )
    assert name_lines(layout, "Table 1.", ("Model", "Platform", "Size")) == {
        "Llama-3 70B full fine-tune (BF16)": 5,
        "Qwen2.5 7B": 1,
    }


@pytest.mark.slow
def test_long_names_in_the_load_table_take_three_lines_at_most(report):
    """The cold read found a model name over five lines and a platform over six: numbers break between their pieces
    ("401.0 | ± 6.0") and the table is set a size smaller before a name takes a fourth line."""
    name, path = report
    if name != "long_names":
        pytest.skip("the long-names fixture holds the long model and platform names")
    found = name_lines(_layout_text(path), "Model load time (inference cold start)", ("Model", "Platform", "Size"))
    assert set(found) == {
        "Llama-3 70B full fine-tune (BF16, ZeRO-3)",
        "Qwen2.5 7B instruction tune (BF16)",
        "Qwen2.5 32B LoRA adapters and optimizer state",
    }
    assert max(found.values()) <= 3, found


def _pages_of_figures(html: str, charts: dict[str, tuple[str, str]]) -> dict[str, int]:
    """Lay `html` out with the print sheet, charts as placeholders of their size: each figure's id -> its page."""
    from report.pdf.renderer import PdfRenderer

    document = PdfRenderer().layout(html, charts)
    found = {}
    for number, page in enumerate(document.pages, 1):
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if getattr(box, "element_tag", "") == "figure" and element is not None:
                found.setdefault(element.get("id"), number)
    return found


def test_a_chart_caption_does_not_carry_its_figure_to_the_next_page():
    """A third of a page of text, two charts of 300 pt and a section: the second chart does not fit, the first does. With
    captions kept with what follows, the two charts and the heading made one chain, all moved to page 2 (the async
    example's page 6, two-thirds empty)."""
    from report.render import CHART_SCHEME

    text = "<p>" + "A line of the report that fills the page. " * 40 + "</p>"

    def chart(chart_id: str) -> str:
        return f'<figure class="chart" id="{chart_id}"><img src="{CHART_SCHEME}:{chart_id}"><figcaption>A chart.</figcaption></figure>'

    html = f"<html><body><section>{text}{chart('one')}{chart('two')}</section><section><h1>Next</h1><p>x</p></section></body></html>"
    pages = _pages_of_figures(html, {"one": ("480", "300"), "two": ("480", "300")})
    assert pages == {"one": 1, "two": 2}


@pytest.mark.slow
def test_a_tile_figure_stays_on_one_line(report):
    """fio-local's bubble tile broke “1.29% → | 0.853%” over two lines and pushed its words down: the word after each
    arrow of the cover (in the order the PDF draws them) is on the arrow's line."""
    name, path = report
    words = _words(path)[0]
    pairs = [(words[i - 1], words[i + 1]) for i, (_t, _b, w) in enumerate(words) if w == "→"]
    assert pairs, name
    for before, after in pairs:
        assert abs(before[0] - after[0]) < 0.5, (name, before, after)
    if name == "fio_local":
        assert ("1.29%", "0.853%") in [(b[2], a[2]) for b, a in pairs]


def _right_edges(path: Path) -> list[list[tuple[float, str]]]:
    """Per page, every word's right edge (points from the page's left) and its text, by poppler's pdftotext."""
    xhtml = pdftotext(path, "-bbox")
    return [
        [(float(right), word) for right, word in re.findall(r'xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', page)]
        for page in xhtml.split("<page ")[1:]
    ]


@pytest.mark.slow
def test_no_text_runs_past_the_right_margin(report):
    """Every word, in tables too, ends inside the text column: fio-local's environment table ended at 577 pt (the
    column ends at 544) with its command lines unbroken, and long_names' Chinese save and bandwidth tables put their
    throughput column 18 mm into the margin."""
    name, path = report
    past = [
        (number, round(right, 1), word)
        for number, page in enumerate(_right_edges(path), 1)
        for right, word in page
        if right > RIGHT + 0.5
    ]
    assert past == [], f"{name}: words past the right margin (page, right edge in pt, word): {past[:10]}"


@pytest.mark.slow
def test_a_short_platform_name_keeps_its_words(report):
    """fio-local's platform “2-core VM” broke after its hyphen in Chinese (“2- / core / VM”, three lines) in a
    column too narrow for its word: the load table's row takes the two lines its model name needs, no more."""
    name, path = report
    if not name.startswith("fio_local"):
        pytest.skip("the fio example's load table holds the hyphenated platform")
    zh = name.endswith("_zh")
    caption, columns = (  # fio's loads are file reads, a proxy (cold read 16, M3)
        ("读取与模型同样大小的文件的时间（fio），近似代表加载时间", ("模型", "平台", "大小"))
        if zh
        else ("Time to read files the model's size (fio), a proxy for the load time", ("Model", "Platform", "Size"))
    )
    layout = _layout_text(path)
    table = layout[layout.index("表 11" if zh else "Table 11") :]
    found = name_lines(table, caption, columns)
    assert next(iter(found.items())) == ("2 × 512 MiB read (fio)", 2), found


def _pages_of(html: str, tags: tuple[str, ...]) -> dict[str, int]:
    """Lay `html` out with the print sheet: each element of `tags` that has an id -> the page it starts on."""
    from report.pdf.renderer import PdfRenderer

    renderer = PdfRenderer()
    try:
        document = renderer.layout(html, {})
    finally:
        renderer.close()
    found = {}
    for number, page in enumerate(document.pages, 1):
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if getattr(box, "element_tag", "") in tags and element is not None and element.get("id"):
                found.setdefault(element.get("id"), number)
    return found


@pytest.mark.parametrize("filler_lines", [58, 62])
def test_a_heading_keeps_its_short_paragraphs_and_the_block_after_them(filler_lines):
    """fio-local's page 6 (Chinese; the English too) ended with the save section's heading and its two short
    paragraphs, the table and Figure 1 on the next page: the heading goes over with them."""
    filler = "".join(f"<p>Line {i} of the section before.</p>" for i in range(filler_lines))
    rows = "".join(f"<tr><td>System {i}</td><td class='num'>{i}.00</td></tr>" for i in range(5))
    table = f"<figure class='table whole' id='table'><table><tbody>{rows}</tbody></table></figure>"
    opening = "<p>One sentence of the verdict, short.</p><p>Another of method.</p>"
    html = (
        f"<html><body><section>{filler}</section>"
        f"<section><h1 id='heading'>Checkpoint save time</h1>{opening}{table}</section></body></html>"
    )
    pages = _pages_of(html, ("h1", "figure"))
    assert pages["heading"] == pages["table"], pages


@pytest.mark.slow
def test_the_save_section_opens_on_its_table_s_page(report):
    """fio-local in Chinese (and in English) stranded the save section's heading and first paragraphs at a page's
    foot, its table on the next page."""
    name, path = report
    if not name.startswith("fio_local"):
        pytest.skip("the fio example stranded the save section's heading")
    heading, table = ("检查点保存时间", r"表\s?5\s") if name.endswith("_zh") else ("Checkpoint save time", r"Table 5\.")
    pages = _layout_text(path).split("\f")
    opens = next(i for i, page in enumerate(pages) if any(line.strip() == heading for line in page.splitlines()))
    assert re.search(table, pages[opens]), f"{name}: the save section opens on page {opens + 1}, its table is not there"
