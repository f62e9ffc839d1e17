"""The PDF: PDF/A-3b structure, the attachments, the fonts, the charts painted in, a fetcher that reaches nothing."""

import hashlib
import io
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from report.charts import describe as charts
from report.pdf import renderer as pdf
from report.pdf.evidence import Packer
from tests.conftest import DATA, pdf_text
from tests.render.test_html import section_titles


def test_pdf_structure(default_built):
    reader = PdfReader(io.BytesIO(default_built.pdf))
    assert len(reader.pages) >= 8
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)  # A4
    top = [o.title for o in reader.outline if not isinstance(o, list)]
    assert top == section_titles()
    questions = next(o for o in reader.outline if isinstance(o, list))
    titles = [q.title for q in questions]  # the four answers of the Q&A, the asynchronous one second
    assert len(titles) == 4 and titles[1] == "Would saving asynchronously make faster storage unnecessary?", titles
    assert reader.metadata["/CreationDate"] == reader.metadata["/ModDate"] == "D:20261130000000Z"
    xmp = reader.xmp_metadata.rdf_root.toxml()
    assert 'pdfaid:part="3"' in xmp and 'pdfaid:conformance="A"' in xmp


def _structure(node, found):
    node = node.get_object()
    if isinstance(node, list):
        for kid in node:
            _structure(kid, found)
        return
    if not isinstance(node, dict):
        return
    if "/S" in node:
        found.append((node["/S"], str(node.get("/Alt", ""))))
    if "/K" in node:
        _structure(node["/K"], found)


def test_the_pdf_is_tagged_with_headings_tables_and_figures(default_built, tmp_path):
    path = tmp_path / "r.pdf"
    path.write_bytes(default_built.pdf)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert "Tagged:          yes" in info
    reader = PdfReader(io.BytesIO(default_built.pdf))
    assert reader.trailer["/Root"]["/Lang"] == "en"
    found = []
    _structure(reader.trailer["/Root"]["/StructTreeRoot"], found)
    kinds = [kind for kind, _ in found]
    assert kinds.count("/H1") == len(section_titles()) + 2  # the sections, the cover's title and the contents
    assert kinds.count("/Table") >= 14 and kinds.count("/TH") >= 60
    figures = [alt for kind, alt in found if kind == "/Figure"]
    # every chart but the scaling chart (the default data has no scaling.csv)
    assert len(figures) == len(charts.DESCRIBERS) - 1 and all(len(alt) > 40 for alt in figures)
    assert sum(alt.startswith("Illustrative input, not measured.") for alt in figures) == 3


def test_pdf_attachments_are_the_inputs(default_built, tmp_path):
    reader = PdfReader(io.BytesIO(default_built.pdf))
    files = {name: data[0] for name, data in reader.attachments.items()}
    assert sorted(files) == ["bandwidth.csv", "load_times.csv", "metrics.json", "save_times.csv", "test.toml"]

    for name in ("test.toml", "save_times.csv", "bandwidth.csv", "load_times.csv"):
        assert files[name] == (DATA / name).read_bytes()
    assert files["metrics.json"] == default_built.metrics
    path = tmp_path / "r.pdf"
    path.write_bytes(default_built.pdf)
    listing = subprocess.run(["qpdf", "--list-attachments", str(path)], capture_output=True, text=True, check=True)
    assert len(listing.stdout.strip().splitlines()) == 5
    detail = subprocess.run(
        ["qpdf", "--show-attachment=test.toml", "--json", str(path)], capture_output=True, text=True
    )
    raw = path.read_bytes()
    assert b"/application#2ftoml" in raw or b"application/toml" in detail.stdout.encode()
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_every_font_is_embedded_and_shipped(default_built, tmp_path):
    path = tmp_path / "r.pdf"
    path.write_bytes(default_built.pdf)
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = out.strip().splitlines()[2:]
    assert rows, out
    for row in rows:
        assert "Inter" in row.split()[0], row
        assert row.split()[-5:-2] == ["yes", "yes", "yes"], row  # embedded, subset, unicode map


def test_fetcher_refuses_everything_but_assets_and_data():
    fetcher = pdf.fetcher({})
    for url in ["file:///etc/passwd", "http://127.0.0.1:9/x.css", "https://example.com/", "ftp://x/"]:
        with pytest.raises(ValueError, match="may not fetch"):
            fetcher.fetch(url)
    font = (pdf.ASSETS / "fonts" / "Inter-Regular.otf").as_uri()
    assert fetcher.fetch(font).read()[:4] == b"OTTO"
    assert fetcher.fetch("data:text/plain,hi").read() == b"hi"


def test_attachments_carry_their_real_size_checksum_and_type(default_built):
    reader = PdfReader(io.BytesIO(default_built.pdf))
    names = reader.trailer["/Root"]["/Names"]["/EmbeddedFiles"]["/Names"]
    seen = {}
    for name, spec in zip(names[::2], names[1::2], strict=True):
        stream = spec.get_object()["/EF"]["/F"].get_object()
        data = stream.get_data()
        params = stream["/Params"]
        assert params["/Size"] == len(data)
        assert params["/CheckSum"].original_bytes == hashlib.md5(data).digest()
        seen[name] = (stream["/Subtype"], spec.get_object()["/AFRelationship"])
    assert seen["test.toml"] == ("/application/toml", "/Source")
    assert seen["bandwidth.csv"] == ("/text/csv", "/Source")
    assert seen["metrics.json"] == ("/application/json", "/Data")
    assert len(reader.trailer["/Root"]["/AF"]) == 5


def test_charts_are_painted_where_they_were_laid_out(default_built, tmp_path):
    text = " ".join(pdf_text(default_built.pdf, tmp_path).split())
    for label in [
        "Checkpoint save time (s)",
        "Write bandwidth (GB/s)",
        "Training wall time (h)",
        "Model load time (s)",
    ]:
        assert label in text, label  # chart text, drawn as text, from the SVGs painted into the placeholders


def test_a_chart_that_was_not_laid_out_is_an_error():
    renderer = pdf.PdfRenderer()
    html = '<html><body><img src="chart:a"></body></html>'
    document = renderer.layout(html, {"a": ("100", "50")})
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100pt" height="50pt" viewBox="0 0 100 50"/>'
    with pytest.raises(RuntimeError, match="chart:b"):
        renderer.paint(document, {"a": svg, "b": svg})


def test_placeholders_keep_the_size_matplotlib_writes():
    assert pdf.placeholder_svg("493.228346", "136.8") == (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="493.228346pt" height="136.8pt" viewBox="0 0 493.228346 136.8"/>'
    )


def test_every_attachment_extracts_byte_identical_with_qpdf_and_poppler(default_built, tmp_path):
    path = tmp_path / "r.pdf"
    path.write_bytes(default_built.pdf)
    expected = {name: (DATA / name).read_bytes() for name in ("test.toml", "save_times.csv", "bandwidth.csv")}
    expected |= {"load_times.csv": (DATA / "load_times.csv").read_bytes(), "metrics.json": default_built.metrics}
    for name, data in expected.items():
        shown = subprocess.run(["qpdf", f"--show-attachment={name}", str(path)], capture_output=True, check=True)
        assert shown.stdout == data, name
    out = tmp_path / "detached"
    out.mkdir()
    subprocess.run(["pdfdetach", "-saveall", "-o", str(out), str(path)], check=True, capture_output=True)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == expected


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=12, unique=True))
def test_the_name_tree_is_sorted_by_key_bytes_for_any_names(names):
    import types

    import pydyf

    tree = {"Names": [item for n in names for item in (pydyf.String(n), f"ref {n}")]}
    fake = types.SimpleNamespace(catalog={"Names": {"EmbeddedFiles": "1 0 R"}}, objects=[None, tree])
    pdf._sort_name_tree(fake)
    keys = [pdf.name_tree_key(s.string) for s in tree["Names"][::2]]
    assert keys == sorted(keys)
    assert [r for r in tree["Names"][1::2]] == [f"ref {s.string}" for s in tree["Names"][::2]]  # pairs stay paired


# The names WeasyPrint 70 tries, in order, for each library it opens (weasyprint/text/ffi.py).
WEASYPRINT_LIBRARY_NAMES = (
    "libgobject-2.0-0", "gobject-2.0-0", "gobject-2.0", "libpango-1.0-0", "pango-1.0-0", "pango-1.0",
    "libharfbuzz-0", "harfbuzz", "libharfbuzz-subset-0", "harfbuzz-subset", "libfontconfig-1", "fontconfig",
    "libpangoft2-1.0-0", "pangoft2-1.0",
)  # fmt: skip


@pytest.mark.skipif(not pdf._ldconfig_listing(), reason="no glibc ldconfig cache to read on this machine")
def test_libraries_found_as_find_library_finds_them(monkeypatch):
    import ctypes.util

    monkeypatch.delenv("LD_LIBRARY_PATH", raising=False)
    original = ctypes.util.find_library
    expected = {name: original(name) for name in WEASYPRINT_LIBRARY_NAMES}
    with pdf._libraries_from_ldconfig():
        assert ctypes.util.find_library is not original
        found = {name: ctypes.util.find_library(name) for name in WEASYPRINT_LIBRARY_NAMES}
    assert ctypes.util.find_library is original
    assert found == expected
    # The names that open something on this machine: the soname each one's library file carries.
    assert found["pango-1.0"] == "libpango-1.0.so.0" and found["libpango-1.0-0"] is None
    assert found["gobject-2.0"] == "libgobject-2.0.so.0" and found["fontconfig"] == "libfontconfig.so.1"


def test_find_library_left_alone_with_ld_library_path(monkeypatch):
    import ctypes.util

    monkeypatch.setenv("LD_LIBRARY_PATH", "/nowhere")
    original = ctypes.util.find_library
    with pdf._libraries_from_ldconfig():
        assert ctypes.util.find_library is original


LETTERS_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="200pt" height="80pt" viewBox="0 0 200 80">'
    '<text x="10" y="20" style="font-family: Inter; font-size: 9px">10.50 s</text>'
    '<text x="10" y="40" style="font-family: Inter; font-size: 9px">0.50 s</text>'
    '<text x="10" y="60" style="font-family: Inter; font-size: 12px">50 s</text>'
    '<text x="90" y="20" style="font-family: Inter" font-weight="bold">5</text></svg>'
)


@pytest.mark.renderer_fails
def test_a_chart_weasyprint_cannot_draw_stops_the_build(monkeypatch):
    """WeasyPrint logs a chart it cannot draw and writes the PDF without it: the renderer raises instead."""
    from weasyprint.svg import SVG

    renderer = pdf.PdfRenderer()
    document = renderer.layout('<html lang="en"><body><img src="chart:a" alt="a"></body></html>', {"a": ("200", "80")})
    renderer.paint(document, {"a": LETTERS_SVG})

    def broken(*args, **kwargs):
        raise AttributeError("a drawing bug")

    monkeypatch.setattr(SVG, "draw_node", broken)
    packer = Packer()
    packer.add(pdf.METRICS_NAME, b"{}", "application/json")
    evidence = {pdf.METRICS_NAME: packer.result(pdf.METRICS_NAME)}
    packer.close()
    with pytest.raises(RuntimeError, match="WeasyPrint could not draw the report: Failed to render SVG image chart:a"):
        renderer.write(document, "2026-11-30T00:00:00", [pdf.METRICS_NAME], lambda: evidence)


def test_shipped_fonts_are_linked_not_copied_and_print_the_same_bytes(monkeypatch):
    """_LinkedFonts: each @font-face file is a link to the shipped font, and the PDF is the one copies gave."""
    from pathlib import Path

    page = '<html lang="en"><body><p>Checkpoint 1,234.5 GB/s <b>bold</b> <i>italic</i> 检查点</p></body></html>'
    linked = pdf.PdfRenderer()
    try:
        folder = linked._fonts._folder
        files = sorted(folder.iterdir())
        assert len(files) == 10 and all(f.is_symlink() for f in files)  # the print sheet's ten @font-face rules
        shipped = {p.resolve() for p in (pdf.ASSETS / "fonts").glob("*.otf")}
        assert {f.resolve() for f in files} == shipped
        with_links = linked.layout(page, {}).write_pdf()
    finally:
        linked.close()
    assert not folder.exists()

    class WholeFile:  # what the fetcher gave WeasyPrint before: the file's bytes, which it wrote to its folder
        def __init__(self, path):
            self.path = path

        def read(self, *args, **kwargs):
            return self.path.read_bytes()

        def close(self):
            pass

    monkeypatch.setattr(pdf, "_FontHead", WholeFile)
    monkeypatch.setattr(pdf, "_LinkedFonts", type(Path()))
    copied = pdf.PdfRenderer()
    try:
        assert not any(f.is_symlink() for f in copied._fonts._folder.iterdir())
        assert copied.layout(page, {}).write_pdf() == with_links
    finally:
        copied.close()


def _evidence() -> dict:
    packer = Packer()
    packer.add(pdf.METRICS_NAME, b"{}", "application/json")
    evidence = {pdf.METRICS_NAME: packer.result(pdf.METRICS_NAME)}
    packer.close()
    return evidence


def test_charts_are_asked_for_just_before_the_first_page_that_shows_one(monkeypatch):
    """PdfRenderer.write(charts=): the pages before the first chart are drawn while the charts are still being drawn;
    the PDF is the one painting them first gives."""
    from weasyprint.document import Page

    renderer = pdf.PdfRenderer()
    html = (
        '<html lang="en"><body><p style="break-after: page">one</p><p>two</p><img src="chart:a" alt="a"></body></html>'
    )
    events = []
    draw = Page.paint
    monkeypatch.setattr(Page, "paint", lambda page, *args, **kw: events.append("page") or draw(page, *args, **kw))
    counted = Page.paint
    evidence = _evidence()

    def charts():
        events.append("charts")
        return {"a": LETTERS_SVG}

    document = renderer.layout(html, {"a": ("200", "80")})
    later = renderer.write(document, "2026-11-30T00:00:00", [pdf.METRICS_NAME], lambda: evidence, charts)
    assert events == ["page", "charts", "page"] and Page.paint is counted  # put back once the pages are drawn
    document = renderer.layout(html, {"a": ("200", "80")})
    renderer.paint(document, {"a": LETTERS_SVG})
    assert renderer.write(document, "2026-11-30T00:00:00", [pdf.METRICS_NAME], lambda: evidence) == later


def test_charts_that_cannot_be_drawn_stop_the_pages_being_drawn():
    """The charts' problems (InvalidInput from the drawing process) reach the build as they are, not as a chart
    WeasyPrint logged it could not draw; without a chart on any page, they are asked for before any page."""
    from report.problems import InvalidInput, Problem

    renderer = pdf.PdfRenderer()

    def charts():
        raise InvalidInput([Problem("the joint test", None, None, "an axis without finite limits")])

    for html in (
        '<html><body><p>one</p><img src="chart:a" alt="a"></body></html>',
        "<html><body><p>one</p></body></html>",
    ):
        document = renderer.layout(html, {"a": ("200", "80")})
        with pytest.raises(InvalidInput, match="finite limits"):
            renderer.write(document, "2026-11-30T00:00:00", [pdf.METRICS_NAME], _evidence, charts)


@pytest.mark.slow
@pytest.mark.renderer_fails
def test_a_ctrl_c_weasyprint_catches_still_interrupts(monkeypatch):
    """WeasyPrint draws each SVG inside `except BaseException` and logs "Failed to render SVG image": a Ctrl-C then
    made the build fail (exit 1; for verify "not verified") instead of stopping it (exit 130)."""
    import os
    import signal

    from weasyprint.svg import SVG

    from report.inputs.joint_test import read_joint_test
    from report.pipeline.stages import build_outputs
    from tests.conftest import PROVENANCE

    draw = SVG.draw

    def interrupted(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # as a Ctrl-C, handled at the next bytecode: inside WeasyPrint's try
        return draw(self, *args, **kwargs)

    monkeypatch.setattr(SVG, "draw", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_outputs(read_joint_test(DATA), PROVENANCE)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_renderer_interrupted_while_it_reads_its_sheet_leaves_no_folder(monkeypatch, tmp_path):
    import tempfile

    weasyprint = pdf.import_weasyprint()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(weasyprint, "CSS", interrupted)
    with pytest.raises(KeyboardInterrupt) as caught:
        pdf.PdfRenderer()
    # The traceback holds the renderer, as it does in `python -m report` until it leaves by os._exit: WeasyPrint's own
    # clean-up (FontConfiguration.__del__) never runs there.
    assert caught.tb is not None
    assert list(tmp_path.iterdir()) == []
