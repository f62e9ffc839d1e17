"""Rendering the HTML: the report context through Jinja to one self-contained document (report/pdf.py prints it)."""

from __future__ import annotations

import base64

import jinja2
from markupsafe import Markup

from report.charts import Chart
from report.context import ReportContext
from report.formatting import FILTERS
from report.pdf import CHART_SCHEME, TEMPLATES


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
    return env


def chart_sources(charts: dict[str, Chart], svgs: dict[str, str] | None) -> dict[str, str]:
    """Where each chart's image comes from: inline data: URLs once drawn (the HTML), else the PDF's placeholders."""
    if svgs is None:
        return {chart_id: f"{CHART_SCHEME}:{chart_id}" for chart_id in charts}
    return {chart_id: svg_data_url(svgs[chart_id]) for chart_id in charts}


def render_html(context: ReportContext, sources: dict[str, str]) -> str:
    """The report as one HTML document, each chart's image from `sources` (id -> URL)."""
    screen_css = (TEMPLATES / "styles" / "screen.css").read_text(encoding="utf-8")
    # The stylesheet is the project's own file, never input text, so it is inserted unescaped.
    template = environment().get_template("report.html")
    return template.render(r=context, chart_src=sources, screen_css=Markup(screen_css))
