"""The PDF: WeasyPrint lays the report out, paints the charts into the laid-out pages, and attaches the evidence.

Three steps, so that a build can overlap them with the work they wait for: `layout` needs only the HTML, whose
charts are placeholders of their final size; `paint` puts the drawn charts in; `write` draws the pages and asks for
the attachments only at the end. This module imports neither pandas nor matplotlib.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import datetime as dt
import io
import logging
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
from typing import Any

if sys.platform == "win32":  # the concrete class Path() makes, which a subclass needs on Python 3.11
    from pathlib import WindowsPath as _ConcretePath
else:
    from pathlib import PosixPath as _ConcretePath

from report.pdf import leftovers, patches, svg_patches
from report.pdf.evidence import Embedded
from report.pdf.messages import LoggedMessages
from report.render import CHART_SCHEME, TEMPLATES
from report.schema import METRICS_NAME

ASSETS = Path(__file__).resolve().parents[1] / "assets"
FONTCONFIG = ASSETS / "fontconfig.conf"  #: no fonts: the report draws only its own (import_weasyprint)
EVIDENCE_SCHEME = "evidence"


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


class _LinkedFonts(_ConcretePath):
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


@contextlib.contextmanager
def _failing_on_errors(step: str) -> Iterator[None]:
    """Raise RuntimeError where WeasyPrint logged an error while it `step`s: it logs and goes on, so a chart it could
    not draw was left out of a PDF that looked built (its logger has a NullHandler: nobody saw it).

    A Ctrl-C raises KeyboardInterrupt, even where WeasyPrint caught it: it draws each SVG inside `except BaseException`
    and logs "Failed to render SVG image", which made an interrupted build a failed one (exit 1, and for verify "not
    verified") rather than an interrupted one (130)."""
    handler, logger = LoggedMessages(logging.ERROR), logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        with _interrupts_noted() as interrupted:
            yield
    finally:
        logger.removeHandler(handler)
    if interrupted:
        raise KeyboardInterrupt
    if handler.messages:
        raise RuntimeError(f"WeasyPrint could not {step} the report: {'; '.join(handler.messages[:3])}")


@contextlib.contextmanager
def _interrupts_noted() -> Iterator[list[int]]:
    """Note each SIGINT (then handled as before: KeyboardInterrupt) in the list yielded, in the main thread."""
    import signal

    noted: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous):  # ignored (a process started so), default or not Python's: left as it is
        yield noted
        return

    def note(signum, frame):
        noted.append(signum)
        previous(signum, frame)

    try:
        signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread: signals cannot be set here
        yield noted
        return
    try:
        yield noted
    finally:
        signal.signal(signal.SIGINT, previous)


class PdfRenderer:
    """WeasyPrint with the print sheet, the shipped fonts and a fetcher that reaches nothing else."""

    def __init__(self) -> None:
        weasyprint = import_weasyprint()
        from weasyprint.text.fonts import FontConfiguration

        patches.subset_with_pinned_harfbuzz()
        patches.page_references_once()
        patches.objects_serialised_once()
        patches.ffi_types_parsed()
        self._weasyprint = weasyprint
        self._served: dict[str, tuple[bytes, str]] = {}
        self._fetcher = fetcher(self._served)
        self._fonts = FontConfiguration()
        leftovers.sweep()  # the folders of builds that were killed before they could remove theirs (issue 44, P9)
        self._fonts._folder = _LinkedFonts(tempfile.mkdtemp(prefix=leftovers.prefix()))
        try:
            self._stylesheet = weasyprint.CSS(
                filename=str(TEMPLATES / "styles" / "print.css"),
                base_url=ASSETS.as_uri() + "/",
                url_fetcher=self._fetcher,
                font_config=self._fonts,
            )
            # the screen sheet the HTML carries in its <style> (render/html.py), parsed while the HTML is awaited
            screen = (TEMPLATES / "styles" / "screen.css").read_text(encoding="utf-8")
            patches.style_sheet_parsed(screen, ASSETS.as_uri() + "/")
        except BaseException:  # a Ctrl-C while the sheet is read: no renderer to close, so its folder goes now
            self.close()
            raise

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
        document = self._render(html, "")
        if page_one_holds(document):
            return document
        # page 1 runs over: it leaves its lines to the body, in their order, until it holds (docs/recommendation.md):
        # first those the body says in full (SAID), then, its type set closer (COMPACT), the reasons and what would
        # change the recommendation too. Each trial lays out page 1 alone, and the report once more with the lines
        # found. The second row of tiles stays (page 1 carries the ETTR, CONTRACT.md): no line goes to a page of its own
        lines = sorted({int(rank) for rank in re.findall(r'<(?:p|li) [^>]*data-shed="(\d+)"', html)})
        trials = [drop_sheet(rank) for rank in lines if rank <= SAID]
        trials += [COMPACT + drop_sheet(rank) for rank in [0, *lines]]
        for sheet in trials:
            if page_one_holds(self._render(html, sheet + PAGE_ONE_ALONE)):
                return self._render(html, sheet)
        # the last resort: moved under "Decision page (continued)" on a page of its own, the second row too
        ranks = sorted({int(rank) for rank in re.findall(r'data-shed="(\d+)"', html)})
        for rank in ranks:
            if page_one_holds(self._render(html, shed_sheet(rank) + PAGE_ONE_ALONE)):
                print("warning: page 1 holds only with lines moved onto a page of its own", file=sys.stderr)
                return self._render(html, shed_sheet(rank))
        print(
            "warning: page 1 runs over onto page 2 even with every line it may move there moved; the report is built",
            file=sys.stderr,
        )
        return self._render(html, shed_sheet(ranks[-1])) if ranks else document

    def _render(self, html: str, sheet: str):
        """WeasyPrint's layout of `html` with the print sheet, and `sheet` after it (page 1's lines moved)."""
        sheets = [self._stylesheet]
        if sheet:
            sheets.append(self._weasyprint.CSS(string=sheet, font_config=self._fonts))
        document = self._weasyprint.HTML(string=html, base_url=ASSETS.as_uri() + "/", url_fetcher=self._fetcher)
        with (
            _failing_on_errors("lay out"),
            patches.text_split_once(),
            patches.style_elements_parsed_once(),
            patches.page_counters_compared_by_name(),
            patches.pseudo_styles_when_asked(),
            patches.page_styles_shared(),
            patches.fonts_described_once(),
        ):
            return document.render(stylesheets=sheets, font_config=self._fonts)

    def paint(self, document, svgs: dict[str, str]) -> None:
        """Put each drawn chart (id -> SVG) where its placeholder was laid out."""
        from xml.etree import ElementTree

        from weasyprint.svg import SVG

        painted = set()
        for _, image, url in _charts(document):
            if url not in painted:
                # WeasyPrint keeps one image object per URL, shared by every box that shows it; its `_svg` is what
                # `draw` paints, so replacing it paints the chart without touching the layout.
                svg = svgs[url.split(":", 1)[1]]
                image._svg = SVG(ElementTree.fromstring(svg), url, self._fonts, self._fetcher)
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
        from weasyprint.document import Page

        pending = [] if charts is None else [charts]
        first = next((page for page, _, _ in _charts(document)), None) if pending else None
        if pending and first is None:  # no page shows a chart: painted (or found missing) now, before any drawing
            self.paint(document, pending.pop()())
        if not pending:
            yield
            return
        draw = Page.paint

        def paint(page, stream, *args, **kwargs):
            if pending and page is first:
                self.paint(document, pending.pop()())
            return draw(page, stream, *args, **kwargs)

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
            svg_patches.svg_text_in_runs(),
            svg_patches.svg_letters_shaped_once(),
            svg_patches.svg_values_parsed_once(),
            patches.fonts_described_once(),
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


#: A trial layout's sheet: page 1 alone (the formal cover, the contents and the sections left out).
PAGE_ONE_ALONE = "body > :not(.cover) { display: none !important; }\n"


#: the last place of SHED_ORDER (sections/cover.py) whose line the body says in full: the client sweep, G4's margin,
#: the asynchronous saves' limit, the value, the copies' bandwidth and the client's CPU (the scaling, gates,
#: asynchronous, value, bandwidth and setup sections); the reasons and what would change the recommendation after it
SAID = 7

#: page 1's type set closer, as the decision page after a formal cover sets it (print.css): its lines a little smaller
#: and closer, before it leaves a reason to the body
COMPACT = (
    ".cover .recommendation, .cover .verdict { line-height: 1.28 !important; }\n"
    ".cover .cover-figure .note { line-height: 1.25 !important; }\n"
    ".cover .recommendation-reasons, .cover .recommendation-changes, .cover .recommendation-value, "
    ".cover .verdict-reason, .cover .verdict-note { font-size: 0.83rem !important; }\n"
)


def drop_sheet(rank: int) -> str:
    """The sheet that leaves page 1's lines of places 1 to `rank` (sections/cover.py SHED_ORDER) to the body: hidden
    on page 1, shown nowhere else; "" for 0. A row of tiles (a div) stays: the second carries the ETTR, which
    CONTRACT.md puts on page 1."""
    hidden = ", ".join(f'.cover p[data-shed="{r}"], .cover li[data-shed="{r}"]' for r in range(1, rank + 1))
    return f"{hidden} {{ display: none !important; }}\n" if hidden else ""


def shed_sheet(rank: int) -> str:
    """The sheet that moves page 1's lines of places 1 to `rank` (sections/cover.py SHED_ORDER) to page 2: hidden on
    page 1, shown under page 2's "Decision page (continued)", with a line on page 1 saying so."""
    ranks = range(1, rank + 1)
    hidden = ", ".join(f'.cover [data-shed="{r}"]' for r in ranks)
    shown = ", ".join(f'.page-one-more p[data-shed="{r}"]' for r in ranks)
    items = ", ".join(f'.page-one-more li[data-shed="{r}"]' for r in ranks)
    tiles = ", ".join(f'.page-one-more div[data-shed="{r}"]' for r in ranks)  # a row of tiles
    return (
        f"{hidden} {{ display: none !important; }}\n"
        f"{shown}, .page-one-more, .cover .shed-pointer {{ display: block !important; }}\n"
        f"{items} {{ display: list-item !important; }}\n"
        f"{tiles} {{ display: grid !important; }}\n"
    )


def page_one_holds(document) -> bool:
    """Whether page 1 (the cover, from its start to its end mark) is laid out on one page; True for a document
    without a start mark, False where its end mark was not laid out."""
    start, end = (
        next((i for i, page in enumerate(document.pages) if name in page.anchors), None) for name in PAGE_ONE_MARKS
    )
    # a box broken over pages has its id on each: page 1 starts on the first page that has it. A start without an end
    # is a page 1 taller than its fixed height (the decision page after a formal cover): what runs past the page is
    # never drawn, so it does not hold (the formal fixture's last tiles were cut off mid-sentence)
    if start is None:
        return True
    return end is not None and start == end


#: The ids of page 1's start and end (templates/_cover.html, in the copy WeasyPrint lays out).
PAGE_ONE_MARKS = ("page-1", "page-1-end")


def _charts(document) -> Iterator[tuple[Any, Any, str]]:  # WeasyPrint's page and image (untyped)
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
