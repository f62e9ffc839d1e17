"""What the build changes in WeasyPrint, pydyf and cffi (report/pdf/patches.py): each change gives the very
bytes WeasyPrint writes without it (or, for SVG text in runs, the text objects it means to), with less work."""

import contextlib
import io
import subprocess
import sys

import pytest
from pypdf import PdfReader

from report.pdf import patches
from report.pdf import renderer as pdf
from tests.conftest import DATA, ROOT


@pytest.mark.slow
def test_fonts_are_subset_by_the_pinned_harfbuzz_only(monkeypatch):
    """Neither of WeasyPrint's own paths (system libharfbuzz-subset, fontTools) runs: bytes cannot depend on them."""
    from weasyprint.pdf import fonts

    from report.inputs.joint_test import read_joint_test
    from report.pipeline.stages import build_outputs
    from tests.conftest import PROVENANCE

    def refuse(*args):
        raise AssertionError("a machine-dependent font subsetter ran")

    monkeypatch.setattr(fonts.Font, "_harfbuzz_subset", refuse)
    monkeypatch.setattr(fonts.Font, "_fonttools_subset", refuse)
    reader = PdfReader(io.BytesIO(build_outputs(read_joint_test(DATA), PROVENANCE).pdf))
    files = [f for page in reader.pages for f in page["/Resources"]["/Font"].values()]
    descendants = {f.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]["/FontName"] for f in files}
    assert len(descendants) == 3 and all("Inter" in name for name in descendants)


def counted_splits(monkeypatch) -> tuple[object, list[int]]:
    """WeasyPrint's split_first_line, wrapped to count its calls and put in its module's place: (wrapper, [count])."""
    from weasyprint.text import line_break

    calls = [0]
    original = line_break.split_first_line

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(line_break, "split_first_line", counted)
    return counted, calls


def test_page_references_are_built_once_per_page_count():
    import pydyf

    pdf.PdfRenderer()  # installs it
    document = pydyf.PDF()
    for _ in range(3):
        document.add_page(pydyf.Dictionary({"Type": "/Page"}))
    first = document.page_references
    assert document.page_references is first and len(first) == 3
    document.add_page(pydyf.Dictionary({"Type": "/Page"}))
    assert document.page_references[-1] == f"{document.pages['Kids'][-3]} 0 R".encode()
    assert len(document.page_references) == 4


def test_objects_are_serialised_and_deflated_once_into_the_same_bytes(monkeypatch):
    """objects_serialised_once: pydyf's identifier pass no longer deflates every stream again; same bytes."""
    import pydyf

    pdf.PdfRenderer()  # installs it
    deflated = []
    compressobj = pydyf.zlib.compressobj
    monkeypatch.setattr(pydyf.zlib, "compressobj", lambda **kw: deflated.append(kw) or compressobj(**kw))

    def written(once: bool) -> bytes:
        document = pydyf.PDF()
        content = pydyf.Stream([b"0 0 m 10 10 l S"] * 50, compress=True)
        document.add_object(content)
        document.add_page(pydyf.Dictionary({"Type": "/Page", "Contents": content.reference}))
        out = io.BytesIO()
        (pydyf.PDF.write if once else pydyf.PDF.write.__wrapped__)(document, out, identifier=True, compress=True)
        return out.getvalue()

    twice = written(False)
    assert len(deflated) == 5  # the page's stream and the object stream twice each, the cross-reference stream once
    deflated.clear()
    assert written(True) == twice and len(deflated) == 3


def test_text_is_split_once_per_width_into_the_same_bytes(monkeypatch):
    """text_split_once: a table's cells, measured narrowest and widest and then laid out, split each text once per
    width; the very bytes WeasyPrint writes without it."""
    from weasyprint.layout import inline, preferred

    renderer = pdf.PdfRenderer()
    counted, splits = counted_splits(monkeypatch)
    row = "<tr><td>Mingxin FX100</td><td class='num'>1,234.5 GB/s</td><td>saves the same checkpoint</td></tr>"
    page = f'<html lang="en"><body><table>{row * 3}</table><p>{"words that wrap " * 40}</p></body></html>'

    def written(once: bool) -> tuple[bytes, int]:
        monkeypatch.setattr(inline, "split_first_line", counted)
        monkeypatch.setattr(preferred, "split_first_line", counted)
        splits[0] = 0
        with contextlib.nullcontext() if once else monkeypatch.context() as patch:
            if not once:
                patch.setattr(patches, "text_split_once", contextlib.nullcontext)
            document = renderer.layout(page, {})
        return document.write_pdf(), splits[0]

    before, plain = written(False)
    after, once = written(True)
    assert after == before
    assert plain - once == 15, (plain, once)  # the second and third rows' cells are the first's: split once, not thrice
    assert inline.split_first_line is preferred.split_first_line is counted  # put back after the layout


def test_a_style_sheet_parsed_before_the_html_is_not_parsed_again_and_gives_the_same_bytes(monkeypatch):
    """style_sheet_parsed and style_elements_parsed_once: a <style> of plain rules parsed ahead is taken as it was
    parsed (no sheet made during the layout) into the very bytes a parse during the layout gives; a sheet with an
    at-rule, and any text not parsed ahead, is parsed during the layout as before."""
    from weasyprint import css

    renderer = pdf.PdfRenderer()
    base = pdf.ASSETS.as_uri() + "/"
    plain = "p { color: #c05621; font-weight: 700; margin-left: 4mm }\nh1 + p { font-style: italic }\n"
    ruled = "@media print { p { color: #0b5a7a } }\n"
    made: list[str] = []
    parse = css.CSS

    def counted(*args, **kwargs):
        made.append(kwargs.get("string") or "")
        return parse(*args, **kwargs)

    monkeypatch.setattr(css, "CSS", counted)

    def written(sheet: str, ahead: bool) -> bytes:
        monkeypatch.setattr(patches, "_SHEETS", {})
        if ahead:
            patches.style_sheet_parsed(sheet, base)
        made.clear()
        page = f'<html lang="en"><head><style>\n{sheet}</style></head><body><h1>Saves</h1><p>Mingxin FX100</p></body>'
        return renderer.layout(f"{page}</html>", {}).write_pdf()

    during = written(plain, ahead=False)
    assert made == [f"\n{plain}"]
    assert written(plain, ahead=True) == during and made == []  # the element's text, newline and all, found
    assert during != written("", ahead=False)  # the sheet shows in the bytes: equal bytes above say it was applied
    written(ruled, ahead=True)
    assert made == [f"\n{ruled}"]  # an at-rule: not kept, parsed where it is laid out
    assert css.CSS is counted  # put back after each layout


_NO_TYPE_PARSED_LATE = """
import sys
from weasyprint.text.ffi import ffi
from report.pipeline import stages
from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, PROVENANCE

parsed = []
renderer = stages.PdfRenderer
def watched():
    made = renderer()
    before = set(ffi._parsed_types)
    typeof = type(ffi)._typeof
    def noted(self, name, *args):
        if isinstance(name, str) and name not in before:
            parsed.append(name)
        return typeof(self, name, *args)
    type(ffi)._typeof = noted
    return made
stages.PdfRenderer = watched
for language in ("en", "zh-CN"):
    stages.build_outputs(read_joint_test(DATA), PROVENANCE, language)
print(sorted(set(parsed)))
"""


@pytest.mark.slow
def test_weasyprint_s_c_types_are_parsed_before_the_layout():
    """In a fresh process (cffi keeps what it parsed): no C type is parsed for the first time after the renderer is
    made, in either edition; the types it parses ahead are all WeasyPrint's (weasyprint_patches.ffi_types_parsed)."""
    out = subprocess.run([sys.executable, "-c", _NO_TYPE_PARSED_LATE], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_contents_page_is_made_twice_with_its_numbers_into_the_same_bytes(monkeypatch):
    """page_counters_compared_by_name: a contents page of `target-counter(attr(href), page)` lines is made before the
    sections' pages are known and once with them, not a third time; the very bytes WeasyPrint writes, numbers and all."""
    from weasyprint.css import targets
    from weasyprint.layout import page as pages

    renderer = pdf.PdfRenderer()
    made: list[int] = []
    remake = pages.remake_page

    def counted(index, *args):
        made.append(index)
        return remake(index, *args)

    monkeypatch.setattr(pages, "remake_page", counted)
    sections = "".join(
        f'<section id="s{n}" style="break-before: page"><h1>Part {n}</h1></section>' for n in range(1, 5)
    )
    lines = "".join(f'<li><a href="#s{n}">Part {n}</a></li>' for n in range(1, 5))
    style = "<style>a::after { content: ' p. ' target-counter(attr(href), page) }</style>"
    page = f'<html lang="en"><head>{style}</head><body><ol>{lines}</ol>{sections}</body></html>'

    def written(named: bool) -> tuple[bytes, list[int], str]:
        with contextlib.nullcontext() if named else monkeypatch.context() as patch:
            if not named:
                patch.setattr(patches, "page_counters_compared_by_name", contextlib.nullcontext)
            made.clear()
            document = renderer.layout(page, {})
        text = " ".join(box.text for box in document.pages[0]._page_box.descendants() if hasattr(box, "text"))
        return document.write_pdf(), made.count(0), text

    before, plain, words = written(False)
    after, twice, same = written(True)
    assert after == before and same == words
    assert words.split() == [word for n in range(1, 5) for word in ("Part", str(n), "p.", str(n + 1))]  # numbers in
    assert (plain, twice) == (3, 2)
    assert targets.anchor_name_from_token.__name__ == "anchor_name_from_token"  # put back after the layout
    assert "cached_page_counter_values" not in vars(targets.CounterLookupItem)


def test_pseudo_element_styles_are_computed_when_asked_into_the_same_bytes(monkeypatch):
    """pseudo_styles_when_asked: of the styles WeasyPrint computes for the pseudo-elements its sheets match (six on
    every element), only those the layout asks for are computed (two list markers and one ::before here); the very
    bytes WeasyPrint writes without it."""
    from weasyprint import css

    renderer = pdf.PdfRenderer()
    made: list[str] = []
    style = css.ComputedStyle.__init__

    def counted(computed, parent_style, cascaded, pseudo_type, *args):
        if pseudo_type and not pseudo_type.startswith("@"):  # not a page's margin box
            made.append(pseudo_type)
        style(computed, parent_style, cascaded, pseudo_type, *args)

    monkeypatch.setattr(css.ComputedStyle, "__init__", counted)
    sheet = "<style>p.lead::before { content: '» '; color: #c05621 } li::marker { color: #0b5a7a }</style>"
    body = "<ol><li>Save</li><li>Load</li></ol><p class='lead'>Mingxin FX100</p><p>Local NVMe</p>"
    page = f'<html lang="en"><head>{sheet}</head><body>{body}</body></html>'

    def written(when_asked: bool) -> tuple[bytes, list[str]]:
        with contextlib.nullcontext() if when_asked else monkeypatch.context() as patch:
            if not when_asked:
                patch.setattr(patches, "pseudo_styles_when_asked", contextlib.nullcontext)
            made.clear()
            out = renderer.layout(page, {}).write_pdf()
        return out, sorted(made)

    before, ahead = written(False)
    after, asked = written(True)
    assert after == before
    assert asked == ["before", "marker", "marker"]
    assert len(ahead) > 6 * 8  # six for each of html, head, style, body, ol, the two li and the two p, and more
    assert css.StyleFor.__call__.__name__ == "__call__"  # put back after the layout


def test_pages_selected_alike_share_their_styles_into_the_same_bytes(monkeypatch):
    """page_styles_shared: the body's pages, selected alike by the page rules, share the styles of the first of them,
    and their running header is split once, not once a page; the first page keeps its own (`@page :first`); the very
    bytes WeasyPrint writes without it."""
    from weasyprint import css

    renderer = pdf.PdfRenderer()
    counted, splits = counted_splits(monkeypatch)
    computed: list[int] = []
    compute = css.StyleFor.set_computed_styles

    def noted(style_for, element, parent, root=None, pseudo_type=None, *args, **kwargs):
        if isinstance(element, tuple) and pseudo_type is None:  # a page's own style
            computed.append(element.index)
        return compute(style_for, element, parent, root, pseudo_type, *args, **kwargs)

    monkeypatch.setattr(css.StyleFor, "set_computed_styles", noted)
    sheet = (
        "<style>h1 { string-set: part content(); break-before: page }"
        "@page { @top-left { content: 'Joint test: ' string(part) } @bottom-right { content: counter(page) } }"
        "@page :first { @top-left { content: none } }</style>"
    )
    body = "".join(f"<h1>Checkpoint saves</h1><p>{'Mingxin FX100 against local NVMe. ' * 20}</p>" for _ in range(4))
    page = f'<html lang="en"><head>{sheet}</head><body>{body}</body></html>'

    def written(shared: bool) -> tuple[bytes, list[int], int]:
        from weasyprint.layout import inline, preferred

        monkeypatch.setattr(inline, "split_first_line", counted)
        monkeypatch.setattr(preferred, "split_first_line", counted)
        with contextlib.nullcontext() if shared else monkeypatch.context() as patch:
            if not shared:
                patch.setattr(patches, "page_styles_shared", contextlib.nullcontext)
            computed.clear()
            splits[0] = 0
            document = renderer.layout(page, {})
        return document.write_pdf(), list(computed), splits[0]

    before, each, plain = written(False)
    after, first_three, shared = written(True)
    assert after == before
    # the first page, then the first left and the first right page: page 4 takes page 2's styles
    assert (each, first_three) == ([0, 1, 2, 3], [0, 1, 2])
    # page 4's header, "Joint test: Checkpoint saves", taken as page 2's was split once, as its line: print.css gives
    # the running title its width on one line (white-space: nowrap), so no page measures its least and widest widths
    assert plain - shared == 1


def test_fonts_are_described_once_into_the_same_bytes(monkeypatch):
    """fonts_described_once: a page of regular, bold and small text describes three fonts to Pango, not one for each
    layout of each line; the very bytes WeasyPrint writes without it."""
    from weasyprint.text import line_break

    renderer = pdf.PdfRenderer()
    described = [0]
    describe = line_break.get_font_description

    def counted(style):
        described[0] += 1
        return describe(style)

    monkeypatch.setattr(line_break, "get_font_description", counted)
    words = "Mingxin FX100 saves the checkpoint in 41.2 s against 58.7 s on local NVMe. " * 12
    page = f'<html lang="en"><body><p>{words}</p><p><b>{words}</b></p><p><small>{words}</small></p></body></html>'

    def written(once: bool) -> tuple[bytes, int]:
        with contextlib.nullcontext() if once else monkeypatch.context() as patch:
            if not once:
                patch.setattr(patches, "fonts_described_once", contextlib.nullcontext)
            described[0] = 0
            document = renderer.layout(page, {})
            with patches.fonts_described_once() if once else contextlib.nullcontext():
                out = document.write_pdf()
        return out, described[0]

    before, plain = written(False)
    after, once = written(True)
    assert after == before
    assert once == 3 * 2 and plain > 3 * 20  # each font once in the layout, once in the drawing
    assert line_break.get_font_description is counted  # put back
