"""The PDF: WeasyPrint lays the report out, paints the charts into the laid-out pages, and attaches the evidence.

Three steps, so that a build can overlap them with the work they wait for: `layout` needs only the HTML, whose
charts are placeholders of their final size; `paint` puts the drawn charts in; `write` draws the pages and asks
for the attachments only at the end. This module imports neither pandas nor matplotlib.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import datetime as dt
import io
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

from report.evidence import Embedded
from report.schema import METRICS_NAME

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
ASSETS = Path(__file__).resolve().parent / "assets"
FONTCONFIG = ASSETS / "fontconfig.conf"  #: no fonts: the report draws only its own (import_weasyprint)
CHART_SCHEME, EVIDENCE_SCHEME = "chart", "evidence"
# Tables WeasyPrint drops from embedded fonts (weasyprint.pdf.fonts.Font._harfbuzz_subset).
# What weasyprint/svg/text.py sets on a `<text>`'s style beyond the initial values: one shaping serves equal ones.
_SVG_TEXT_STYLE = ("font_family", "font_style", "font_weight", "font_size", "direction", "lang")
# The C types WeasyPrint 70 asks cffi for by name (`ffi.new`/`ffi.cast` in weasyprint/text/*.py and pdf/*.py).
_FFI_TYPES = (
    "FcChar8 **",
    "FcResult *",
    "PangoFcFontMap *",
    "PangoLogAttr[]",
    "PangoRectangle *",
    "char[4]",
    "char[]",
    "hb_tag_t[100]",
    "unsigned int *",
)
_DROP_TABLES = ("BASE", "DSIG", "EBDT", "EBLC", "EBSC", "GPOS", "GSUB", "JSTF", "LTSH", "PCLT", "SVG ")


# CPython's own table (ctypes.util._findSoname_ldconfig): which ldconfig entries this interpreter can load.
_LDCONFIG_ABI = {
    "x86_64-64": "libc6,x86-64",
    "ppc64-64": "libc6,64bit",
    "sparc64-64": "libc6,64bit",
    "s390x-64": "libc6,64bit",
    "ia64-64": "libc6,IA-64",
}


def import_weasyprint():
    """WeasyPrint, imported with its shared libraries looked up in one reading of the ldconfig cache.

    WeasyPrint opens Pango, HarfBuzz and the rest by trying several names each (Linux, macOS and Windows
    spellings, optional libraries); for every name that is not one of them, Python's ctypes.util.find_library runs
    ldconfig, then gcc, then ld: 20 subprocesses, about 0.4 s of the import, on the build's critical path. Here the
    ldconfig cache is read once and each name answered from it, as find_library itself answers first.
    """
    if "weasyprint" not in sys.modules:
        # fontconfig reads FONTCONFIG_FILE when WeasyPrint is imported: a configuration of no fonts, so that only the
        # shipped ones (the print sheet's @font-face) draw the report. A machine's own face of the same family (Debian's
        # fonts-noto-cjk has "Noto Sans CJK SC") was preferred to the shipped one and changed the PDF's bytes.
        os.environ["FONTCONFIG_FILE"] = str(FONTCONFIG)
        with _libraries_from_ldconfig(), warnings.catch_warnings():
            warnings.filterwarnings("ignore", "No fonts configured in FontConfig", UserWarning)
            import weasyprint  # noqa: F401
    return sys.modules["weasyprint"]


@contextlib.contextmanager
def _libraries_from_ldconfig() -> Iterator[None]:
    """Answer ctypes.util.find_library from one reading of the ldconfig cache, as it would answer from it.

    A name the cache lacks is None, as find_library's gcc and ld fallbacks would find it only in the linker's
    own paths, which the loader does not search either; with LD_LIBRARY_PATH set (which ld does search), and
    wherever the cache cannot be read (not Linux, no glibc ldconfig), find_library is left as it is.
    """
    listing = _ldconfig_listing() if sys.platform.startswith("linux") and not os.environ.get("LD_LIBRARY_PATH") else b""
    if not listing:
        yield
        return
    machine = os.uname().machine + ("-32" if struct.calcsize("l") == 4 else "-64")
    abi = _LDCONFIG_ABI.get(machine, "libc6")

    def find_library(name: str) -> str | None:
        found = re.search(os.fsencode(rf"\s+(lib{re.escape(name)}\.[^\s]+)\s+\({abi}"), listing)
        return os.fsdecode(found.group(1)) if found else None

    original, ctypes.util.find_library = ctypes.util.find_library, find_library
    try:
        yield
    finally:
        ctypes.util.find_library = original


def _ldconfig_listing() -> bytes:
    """`ldconfig -p`, run as find_library runs it (b"" when it cannot be)."""
    try:
        done = subprocess.run(
            ["/sbin/ldconfig", "-p"], capture_output=True, env={"LC_ALL": "C", "LANG": "C"}, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return b""
    return done.stdout if done.returncode == 0 else b""


def fetcher(served: dict[str, tuple[bytes, str]]):
    """A URL fetcher that serves data: URLs, the project's assets and `served` (URL -> body, type), nothing else."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    assets_root = ASSETS.resolve()

    class SafeFetcher(URLFetcher):
        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            if url in served:
                body, media_type = served[url]
                return URLFetcherResponse(url, body, {"Content-Type": media_type})
            if url.startswith("file:"):
                from urllib.request import url2pathname

                path = Path(url2pathname(url.removeprefix("file:").split("?")[0])).resolve()
                if path.is_relative_to(assets_root) and path.is_file():
                    body = _FontHead(path) if path.suffix == ".otf" else path.read_bytes()
                    return URLFetcherResponse(url, body, {"Content-Type": "font/otf"})
            raise ValueError(f"the report may not fetch {url[:80]!r}")

    return SafeFetcher(allowed_protocols=("data", "file", CHART_SCHEME, EVIDENCE_SCHEME), fail_on_errors=True)


class _FontFile(bytes):
    """The first bytes of a shipped font file (all WeasyPrint looks at before it stores the font), naming the file."""

    path: Path


class _FontHead:
    """What the fetcher gives WeasyPrint for a shipped font: a body whose read() is the file's head, naming the file."""

    def __init__(self, path: Path):
        self._path = path

    def read(self, *_args, **_kwargs) -> _FontFile:
        with self._path.open("rb") as file:
            head = _FontFile(file.read(4))  # WeasyPrint reads the first three to tell WOFF from OpenType
        head.path = self._path
        return head

    def close(self) -> None:
        pass


class _LinkedFonts(type(Path())):
    """WeasyPrint's folder of @font-face files, where a shipped font is linked, not copied.

    WeasyPrint stores each @font-face's file in a folder of its own, for fontconfig to read, one copy per rule: the
    print sheet's ten rules wrote 100 MB (the Chinese font six times) to /tmp at every build, 0.17 s of the PDF side
    before the HTML could be laid out, on the build's critical path half the time (issue 27;
    docs/weasyprint-upstream.md, 8). A link to the shipped file gives fontconfig and HarfBuzz the same bytes (the PDF's
    are unchanged); anything else is written as before.
    """

    def write_bytes(self, data) -> int:
        if isinstance(data, _FontFile):
            self.symlink_to(data.path)
            return len(data)
        return super().write_bytes(data)


def placeholder_svg(width_pt: str, height_pt: str) -> bytes:
    """An empty SVG of a chart's size: what the layout sees until the chart is painted in."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_pt}pt" height="{height_pt}pt" '
        f'viewBox="0 0 {width_pt} {height_pt}"/>'
    ).encode()


def _subset_with_pinned_harfbuzz() -> None:
    """Subset fonts with the HarfBuzz that uharfbuzz pins, on every machine.

    WeasyPrint subsets with the system's libharfbuzz-subset where a machine has it and with fontTools elsewhere;
    the two give different bytes (and fontTools stamps the current time), so the PDF would depend on the machine.
    uharfbuzz's wheel carries its own HarfBuzz: the same bytes everywhere, and in about 1 ms a font instead of
    fontTools' 100 ms. The two passes mirror WeasyPrint's own HarfBuzz subsetting.
    """
    import uharfbuzz as hb
    from weasyprint.pdf import fonts

    def subset_input(gids, flags: int) -> hb.SubsetInput:
        plan = hb.SubsetInput()
        plan.glyph_set.update(gids)
        plan.sets(hb.SubsetInputSets.DROP_TABLE_TAG).update(int.from_bytes(t.encode(), "big") for t in _DROP_TABLES)
        plan.flags = flags
        return plan

    def subset(self, to_unicode, hinting):
        if not to_unicode:
            return
        flags = hb.SubsetFlags.PASSTHROUGH_UNRECOGNIZED | hb.SubsetFlags.DESUBROUTINIZE
        if self.missing:
            flags |= hb.SubsetFlags.NOTDEF_OUTLINE
        retain = subset_input(to_unicode, flags | hb.SubsetFlags.RETAIN_GIDS)
        face = hb.subset(hb.Face(self.file_content, self.index), retain)
        # Second pass: drop the empty glyph slots after the last one used.
        if not hinting:
            flags |= hb.SubsetFlags.NO_HINTING
        face = hb.subset(face, subset_input(range(max(to_unicode) + 1), flags))
        self.file_content = face.blob.data

    fonts.Font.subset = subset


def _page_references_once() -> None:
    """Make pydyf's `PDF.page_references` a tuple built once per page count, not once per read.

    WeasyPrint's tagging (PDF/A-3a) reads it for every marked-content element: 2,200 tuples of every page's
    reference for the default report, an eighth of the pages' drawing (docs/weasyprint-upstream.md, 5). Pages are
    only ever appended to /Kids, so its length says whether the tuple is still the one it would build.
    """
    import pydyf

    def page_references(pdf) -> tuple[bytes, ...]:
        kids = pdf.pages["Kids"]
        count, references = getattr(pdf, "_report_page_references", (-1, ()))
        if count != len(kids):
            references = tuple(f"{number} 0 R".encode("ascii") for number in kids[::3])
            pdf._report_page_references = (len(kids), references)
        return references

    pydyf.PDF.page_references = property(page_references)


def _objects_serialised_once() -> None:
    """Make pydyf's `PDF.write` serialise each dictionary and array, and deflate each stream, once, not twice.

    PDF/A asks for a file identifier, which pydyf computes by serialising every object again, after writing them, and
    hashing the lot: every stream deflated a second time, a third of writing the PDF (docs/weasyprint-upstream.md, 7).
    While a PDF is being written nothing changes its objects, so each one's bytes are kept, by identity, from the first
    serialisation to the second, and let go when the writing ends: the same bytes, once. Streams written as they are
    (the attachments, deflated already) are not kept: copying them again costs less than holding a long log twice.
    """
    import pydyf

    if getattr(pydyf.PDF, "_report_serialised_once", False):
        return
    write = pydyf.PDF.write
    kept: list[dict[int, tuple[object, bytes]] | None] = [None]

    def serialised_once(data: property) -> property:
        def once(obj) -> bytes:
            memo = kept[0]
            if memo is None or getattr(obj, "compress", True) is False:
                return data.fget(obj)
            found = memo.get(id(obj))
            if found is None:
                found = memo[id(obj)] = (obj, data.fget(obj))  # the object is kept too, so its id stays its own
            return found[1]

        return property(once)

    def write_once(pdf, *args, **kwargs):
        kept[0] = {}
        try:
            return write(pdf, *args, **kwargs)
        finally:
            kept[0] = None

    for cls in (pydyf.Stream, pydyf.Dictionary, pydyf.Array):
        cls.data = serialised_once(cls.__dict__["data"])
    write_once.__wrapped__ = write
    pydyf.PDF.write = write_once
    pydyf.PDF._report_serialised_once = True


def _ffi_types_parsed() -> None:
    """Have cffi parse the C types WeasyPrint names, now, while the build waits for the HTML (issue 27).

    cffi parses a type's name with pycparser the first time it is asked for it: 0.017 s in all, in the middle of the
    layout and the drawing otherwise. Parsed once, a type is kept for the process; nothing drawn changes."""
    from weasyprint.text.ffi import ffi

    for name in _FFI_TYPES:
        ffi.typeof(name)


@contextlib.contextmanager
def _text_split_once() -> Iterator[None]:
    """While a report is laid out, split each run of text once for each width it is split at, not again and again.

    WeasyPrint splits a table cell's text at every break to find its narrowest width, again for its widest, then for
    the width the table gives it, and a paragraph pushed to the next page is split anew: 727 of the default report's
    3,518 splits (`weasyprint.text.line_break.split_first_line`) were of a text, style and width already split, a
    twentieth of the layout. The split is a pure function of those (Pango shapes the same text the same way), and what
    it returns (a layout made inactive, to be made ready again when drawn, and its metrics) is never changed by its
    callers, so the first result serves every equal call: the same boxes and the same bytes (tests/test_pdf.py;
    docs/weasyprint-upstream.md, 9).
    The styles and the layout context are kept with the results, so that no id is reused while the layout runs.
    """
    from weasyprint.layout import inline, preferred
    from weasyprint.text import line_break

    split = line_break.split_first_line
    done: dict[tuple, tuple] = {}

    def split_first_line(text, style, context, max_width, justification_spacing, is_line_start=True, minimum=False):
        key = (text, id(style), id(context), max_width, justification_spacing, is_line_start, minimum)
        found = done.get(key)
        if found is None:
            result = split(text, style, context, max_width, justification_spacing, is_line_start, minimum)
            found = done[key] = (style, context, result)
        return found[2]

    inline.split_first_line = preferred.split_first_line = split_first_line
    try:
        yield
    finally:
        inline.split_first_line = preferred.split_first_line = split


@contextlib.contextmanager
def _svg_letters_shaped_once() -> Iterator[None]:
    """While the pages are drawn, shape each distinct letter of the charts' SVG text once, not twice per letter.

    WeasyPrint's SVG text (`weasyprint/svg/text.py`) lays each `<text>` out whole, then each of its letters alone,
    and makes every letter's Pango layout again to draw it: the default report's nine charts took 3,200 layouts for
    1,528 letters of 153 distinct letter and font combinations, a third of the pages' drawing
    (docs/weasyprint-upstream.md, 3). Here a layout of the same text in the same face and size is made once and,
    once made ready to draw, drawn again as it is: the same glyphs, positions and bytes (tests/test_pdf.py).
    Layouts of the HTML's text, and SVG text with a width or spacing, go through WeasyPrint untouched.
    """
    from weasyprint.svg.text import Style as SvgTextStyle
    from weasyprint.text import line_break

    split, reactivate = line_break.split_first_line, line_break.Layout.reactivate
    shaped: dict[tuple, tuple] = {}
    mine: set[int] = set()  # ids of the layouts in `shaped` (alive there till the end, so ids stay theirs)
    ready: set[int] = set()  # those of them already made ready to draw

    def split_first_line(text, style, context, max_width, justification_spacing, *args, **kwargs):
        if type(style) is not SvgTextStyle or max_width != math.inf or justification_spacing or args or kwargs:
            return split(text, style, context, max_width, justification_spacing, *args, **kwargs)
        key = (text, *(repr(style[k]) for k in _SVG_TEXT_STYLE), id(style.font_config))
        if key not in shaped:
            shaped[key] = split(text, style, context, max_width, justification_spacing)
            mine.add(id(shaped[key][0]))
        return shaped[key]

    def reactivate_once(layout, style) -> None:
        if id(layout) in ready:
            return
        reactivate(layout, style)
        if id(layout) in mine:
            ready.add(id(layout))

    line_break.split_first_line, line_break.Layout.reactivate = split_first_line, reactivate_once
    try:
        yield
    finally:
        line_break.split_first_line, line_break.Layout.reactivate = split, reactivate


class _Run(str):
    """A `<text>`'s string that WeasyPrint's letter loop (`for char in node.text` in weasyprint/svg/text.py) takes as
    one letter: the run is shaped, measured and drawn whole."""

    def __iter__(self) -> Iterator[str]:
        yield str(self)


# What places an SVG text's letters one by one: a list of x or y, dx, dy, rotate, letter-spacing, textLength.
_PER_LETTER = ("dx", "dy", "rotate", "letter-spacing", "textLength")


@contextlib.contextmanager
def _svg_text_in_runs() -> Iterator[None]:
    """While the pages are drawn, draw each SVG `<text>` that places no letter of its own as one run of text.

    WeasyPrint draws SVG text letter by letter, each letter its own text object at the advance of the letter alone
    (docs/weasyprint-upstream.md, 3): a `<text>` with one x and one y is then drawn without its kerning, a little wider
    than matplotlib measured it when it placed and anchored it, and slower (a sixth of the charts' drawing). Drawn as
    one run, Pango shapes it as a browser does (the HTML edition's charts). Text that positions its letters (lists
    of x or y, dx, dy, rotate, spacing, textLength) goes through WeasyPrint's loop as before."""
    import weasyprint.svg as svg_module

    letters = svg_module.text

    def text(svg, node, font_size):
        element = node._etree_node
        placed = any(node.get(name) for name in _PER_LETTER) or any(len(node.get(a, "").split()) > 1 for a in "xy")
        if not element.text or placed:
            return letters(svg, node, font_size)
        plain, element.text = element.text, _Run(element.text)
        try:
            return letters(svg, node, font_size)
        finally:
            element.text = plain

    # draw_node finds text elements by `TAGS.get(tag) == text`: the module's name and the table change together
    tags = {name: drawn for name, drawn in svg_module.TAGS.items() if drawn is letters}
    svg_module.text = text
    svg_module.TAGS.update(dict.fromkeys(tags, text))
    try:
        yield
    finally:
        svg_module.text = letters
        svg_module.TAGS.update(tags)


@contextlib.contextmanager
def _failing_on_errors(step: str) -> Iterator[None]:
    """Raise RuntimeError where WeasyPrint logged an error while it `step`s: it logs and goes on, so a chart it could
    not draw was left out of a PDF that looked built (its logger has a NullHandler: nobody saw it)."""
    import logging

    class Collect(logging.Handler):
        def __init__(self):
            super().__init__(logging.ERROR)
            self.messages: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.messages.append(record.getMessage())

    handler, logger = Collect(), logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.messages:
        raise RuntimeError(f"WeasyPrint could not {step} the report: {'; '.join(handler.messages[:3])}")


class PdfRenderer:
    """WeasyPrint with the print sheet, the shipped fonts and a fetcher that reaches nothing else."""

    def __init__(self):
        weasyprint = import_weasyprint()
        from weasyprint.text.fonts import FontConfiguration

        _subset_with_pinned_harfbuzz()
        _page_references_once()
        _objects_serialised_once()
        _ffi_types_parsed()
        self._weasyprint = weasyprint
        self._served: dict[str, tuple[bytes, str]] = {}
        self._fetcher = fetcher(self._served)
        self._fonts = FontConfiguration()
        self._fonts._folder = _LinkedFonts(tempfile.mkdtemp(prefix="weasyprint-"))
        self._stylesheet = weasyprint.CSS(
            filename=str(TEMPLATES / "styles" / "print.css"),
            base_url=ASSETS.as_uri() + "/",
            url_fetcher=self._fetcher,
            font_config=self._fonts,
        )

    def close(self) -> None:
        """Remove the folder WeasyPrint's font configuration writes the @font-face faces to (about 100 MB of /tmp per
        build). WeasyPrint removes it in FontConfiguration.__del__, which `python -m report` never reaches: it leaves
        by os._exit, and 616 such folders had filled this machine's disk (session 8)."""
        folder = getattr(self._fonts, "_folder", None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
            self._fonts._folder = None

    def layout(self, html: str, chart_sizes: dict[str, tuple[str, str]]):
        """Lay the report out, each chart (id -> width, height in pt) a placeholder of its final size."""
        for chart_id, size in chart_sizes.items():
            self._served[f"{CHART_SCHEME}:{chart_id}"] = (placeholder_svg(*size), "image/svg+xml")
        document = self._weasyprint.HTML(string=html, base_url=ASSETS.as_uri() + "/", url_fetcher=self._fetcher)
        with _failing_on_errors("lay out"), _text_split_once():
            return document.render(stylesheets=[self._stylesheet], font_config=self._fonts)

    def paint(self, document, svgs: dict[str, str]) -> None:
        """Put each drawn chart (id -> SVG) where its placeholder was laid out."""
        from xml.etree import ElementTree

        from weasyprint.svg import SVG

        painted = set()
        for _, image, url in _charts(document):
            if url not in painted:
                # WeasyPrint keeps one image object per URL, shared by every box that shows it; its `_svg` is what
                # `draw` paints, so replacing it paints the chart without touching the layout.
                image._svg = SVG(ElementTree.fromstring(svgs[url.split(":", 1)[1]]), url, self._fonts, self._fetcher)
                painted.add(url)
        missing = {f"{CHART_SCHEME}:{k}" for k in svgs} - painted
        if missing:
            raise RuntimeError(f"charts laid out but not found to paint: {sorted(missing)}")

    @contextlib.contextmanager
    def _painted_when_drawn(self, document, charts: Callable[[], dict[str, str]] | None) -> Iterator[None]:
        """While the pages are drawn, ask for the charts (and paint them) just before the first page that shows one.

        The pages before it (the cover, the contents, the summary) are drawn meanwhile: the charts, drawn in a process
        of their own, can take that much longer than the layout without the build waiting for them (issue 27).
        """
        if charts is None:
            yield
            return
        from weasyprint.document import Page

        first = next((page for page, _, _ in _charts(document)), None)
        if first is None:  # no page shows a chart: painted (or found missing) now, as before any drawing
            self.paint(document, charts())
            yield
            return
        draw = Page.paint
        pending = [charts]

        def paint(page, *args, **kwargs):
            if pending and page is first:
                self.paint(document, pending.pop()())
            return draw(page, *args, **kwargs)

        Page.paint = paint
        try:
            yield
        finally:
            Page.paint = draw

    def write(
        self,
        document,
        date_iso: str,
        names: list[str],
        evidence: Callable[[], dict[str, Embedded]],
        charts: Callable[[], dict[str, str]] | None = None,
    ) -> bytes:
        """The PDF/A-3b, dated by the test, carrying `names`; `evidence` is asked for them once pages are drawn, and
        `charts` (when the charts were not painted already) for the drawn charts just before the first page with one."""
        date = dt.datetime.fromisoformat(date_iso)
        attachments = []
        for name in names:
            # A placeholder body, unique per file (WeasyPrint pairs each file with its relationship by MD5);
            # the finisher puts the real bytes in, already deflated.
            self._served[f"{EVIDENCE_SCHEME}:{name}"] = (_placeholder(name), "application/octet-stream")
            attachments.append(
                self._weasyprint.Attachment(
                    url=f"{EVIDENCE_SCHEME}:{name}",
                    name=name,
                    url_fetcher=self._fetcher,
                    created=date,
                    modified=date,
                    relationship="Data" if name == METRICS_NAME else "Source",
                    description=_describe(name),
                )
            )
        out = io.BytesIO()
        with (
            _failing_on_errors("draw"),
            _svg_text_in_runs(),
            _svg_letters_shaped_once(),
            self._painted_when_drawn(document, charts),
        ):
            document.write_pdf(
                out,
                attachments=attachments,
                pdf_variant="pdf/a-3a",
                uncompressed_pdf=False,
                finisher=lambda _document, pdf: _embed(pdf, evidence()),
            )
        return out.getvalue()


def _charts(document) -> Iterator[tuple[object, object, str]]:
    """Each chart laid out, in page order: (its page, its image, its URL `chart:ID`)."""
    from weasyprint.formatting_structure.boxes import ReplacedBox
    from weasyprint.images import SVGImage

    for page in document.pages:
        for box in page._page_box.descendants():
            image = getattr(box, "replacement", None) if isinstance(box, ReplacedBox) else None
            url = getattr(image, "_base_url", "") if isinstance(image, SVGImage) else ""
            if url.startswith(f"{CHART_SCHEME}:"):
                yield page, image, url


def _embed(pdf, evidence: dict[str, Embedded]) -> None:
    """Replace each attachment's placeholder stream by the file itself, deflated, with its real size and MD5."""
    import hashlib

    by_placeholder = {
        f"<{hashlib.md5(_placeholder(name), usedforsecurity=False).hexdigest()}>": e for name, e in evidence.items()
    }
    for obj in pdf.objects:
        extra = getattr(obj, "extra", None)
        if not isinstance(extra, dict) or extra.get("Type") != "/EmbeddedFile":
            continue
        e = by_placeholder.pop(extra["Params"]["CheckSum"])
        obj.stream, obj.compress = [e.deflated], False
        extra["Filter"] = "/FlateDecode"
        extra["Subtype"] = "/" + e.media_type.replace("/", "#2f")
        extra["Params"]["CheckSum"] = f"<{e.md5}>"
        extra["Params"]["Size"] = e.size
    if by_placeholder:
        raise RuntimeError(f"attachments not found in the PDF: {sorted(e.name for e in by_placeholder.values())}")
    _sort_name_tree(pdf)
    # WeasyPrint 70 lists each file twice in the catalog's /AF (from the name tree, then from the objects).
    unique = list(dict.fromkeys(pdf.catalog["AF"]))
    pdf.catalog["AF"].clear()
    pdf.catalog["AF"].extend(unique)


def name_tree_key(name: str | bytes) -> bytes:
    """The bytes of `name` as a PDF string key, as pydyf writes it: ASCII as is, anything else UTF-16BE with a BOM."""
    if isinstance(name, bytes):
        return name
    try:
        return name.encode("ascii")
    except UnicodeEncodeError:
        return b"\xfe\xff" + name.encode("utf-16-be")


def _sort_name_tree(pdf) -> None:
    """Order /EmbeddedFiles by key bytes, as ISO 32000 7.9.6 requires (readers look names up by binary search)."""
    names = pdf.catalog.get("Names", {})
    if "EmbeddedFiles" not in names:
        return
    tree = pdf.objects[int(names["EmbeddedFiles"].split()[0])]
    pairs = list(zip(tree["Names"][::2], tree["Names"][1::2], strict=True))
    pairs.sort(key=lambda pair: name_tree_key(pair[0].string))
    tree["Names"][:] = [item for pair in pairs for item in pair]


def _placeholder(name: str) -> bytes:
    """What WeasyPrint attaches for `name` until the finisher puts the file in; unique, so its MD5 finds it again."""
    return f"placeholder {name}".encode()


def _describe(name: str) -> str:
    if name == METRICS_NAME:
        return "Every figure of this report, unrounded, as computed from the attached inputs"
    return f"Input file {name} of the joint test"
