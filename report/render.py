"""Rendering: the report context through Jinja to one HTML, and that HTML through WeasyPrint to PDF/A-3b."""

from __future__ import annotations

import base64
import datetime as dt
import io
from pathlib import Path

import jinja2
from markupsafe import Markup

from report.context import ReportContext
from report.formatting import FILTERS
from report.load import MEDIA_TYPES

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
ASSETS = Path(__file__).resolve().parent / "assets"
METRICS_NAME = "metrics.json"
EVIDENCE_SCHEME = "evidence"


def svg_data_url(svg: str) -> str:
    """An SVG document as a data: URL, so the HTML stays one self-contained file."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def environment() -> jinja2.Environment:
    """The Jinja environment: autoescape on, strict undefined, trimmed blocks, the formatting filters."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(FILTERS)
    env.filters["svg_data_url"] = svg_data_url
    return env


def render_html(context: ReportContext) -> str:
    """The report as one self-contained HTML document."""
    screen_css = (TEMPLATES / "styles" / "screen.css").read_text(encoding="utf-8")
    # The stylesheet is the project's own file, never input text, so it is inserted unescaped.
    return environment().get_template("report.html").render(r=context, screen_css=Markup(screen_css))


def _fetcher(evidence: dict[str, tuple[bytes, str]]):
    """A URL fetcher that serves data: URLs, the project's assets and the evidence, and refuses the rest."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    assets_root = ASSETS.resolve()

    class SafeFetcher(URLFetcher):
        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            if url.startswith(f"{EVIDENCE_SCHEME}:"):
                body, media_type = evidence[url.split(":", 1)[1]]
                return URLFetcherResponse(url, body, {"Content-Type": media_type})
            if url.startswith("file:"):
                from urllib.request import url2pathname

                path = Path(url2pathname(url.removeprefix("file:").split("?")[0])).resolve()
                if path.is_relative_to(assets_root) and path.is_file():
                    return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": "font/otf"})
            raise ValueError(f"the report may not fetch {url[:80]!r}")

    return SafeFetcher(allowed_protocols=("data", "file", EVIDENCE_SCHEME), fail_on_errors=True)


# Tables WeasyPrint drops from embedded fonts (weasyprint.pdf.fonts.Font._harfbuzz_subset).
_DROP_TABLES = ("BASE", "DSIG", "EBDT", "EBLC", "EBSC", "GPOS", "GSUB", "JSTF", "LTSH", "PCLT", "SVG ")


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
        face = hb.subset(
            hb.Face(self.file_content, self.index), subset_input(to_unicode, flags | hb.SubsetFlags.RETAIN_GIDS)
        )
        # Second pass: drop the empty glyph slots after the last one used.
        if not hinting:
            flags |= hb.SubsetFlags.NO_HINTING
        face = hb.subset(face, subset_input(range(max(to_unicode) + 1), flags))
        self.file_content = face.blob.data

    fonts.Font.subset = subset


def render_pdf(html: str, context: ReportContext, evidence: dict[str, bytes]) -> bytes:
    """The PDF/A-3b report with the inputs and metrics.json attached, dated by the test's date."""
    import weasyprint

    _subset_with_pinned_harfbuzz()
    date = dt.datetime.fromisoformat(context.date_iso)
    files = {name: (data, MEDIA_TYPES.get(name, "application/json")) for name, data in evidence.items()}
    fetcher = _fetcher(files)
    attachments = [
        weasyprint.Attachment(
            url=f"{EVIDENCE_SCHEME}:{name}",
            name=name,
            url_fetcher=fetcher,
            created=date,
            modified=date,
            relationship="Data" if name == METRICS_NAME else "Source",
            description=_describe(name),
        )
        for name in files
    ]
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    stylesheet = weasyprint.CSS(
        filename=str(TEMPLATES / "styles" / "print.css"),
        base_url=ASSETS.as_uri() + "/",
        url_fetcher=fetcher,
        font_config=fonts,
    )
    document = weasyprint.HTML(string=html, base_url=ASSETS.as_uri() + "/", url_fetcher=fetcher).render(
        stylesheets=[stylesheet], font_config=fonts
    )
    out = io.BytesIO()
    document.write_pdf(out, attachments=attachments, pdf_variant="pdf/a-3b", uncompressed_pdf=False)
    return out.getvalue()


def _describe(name: str) -> str:
    if name == METRICS_NAME:
        return "Every figure of this report, unrounded, as computed from the attached inputs"
    return f"Input file {name} of the joint test"
