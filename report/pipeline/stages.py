"""The build's stages in order, in one process: load, compute, describe, lay out, draw, paint, render.

A build has two sides. The data side loads, computes and draws; the PDF side lays the report out and prints it.
`produce` is the data side: it yields, in order, what the PDF side waits for (the HTML to lay out, with chart
placeholders; the drawn charts; the final HTML, metrics.json and the deflated attachments). `consume` is the PDF
side. `build_outputs` runs both in one process; pipeline/build.py runs the data side in a second process
(pipeline/worker.py) so that each side has a core: the layout runs while the charts are drawn and the attachments
deflated. Both run the same functions in the same order on the same data, so they give the same bytes.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from report.inputs.files import media_type
from report.pdf.evidence import Embedded, Packer
from report.pdf.renderer import PdfRenderer
from report.problems import InvalidInput, Problem
from report.schema import METRICS_NAME, SCHEMA_VERSION
from report.trace import mark

if TYPE_CHECKING:  # the data side's modules import pandas, which the PDF side never needs
    from report.compute import Metrics
    from report.inputs.joint_test import JointTest
    from report.provenance import Provenance

    #: starts drawing the charts (metrics, test, described charts) and returns what waits for their SVGs
    Drawer = Callable[[Metrics, JointTest, dict], Callable[[], dict[str, str]]]


@dataclass(frozen=True)
class Built:
    """The three outputs of one build, as bytes."""

    html: bytes
    pdf: bytes
    metrics: bytes
    date_iso: str = ""  #: the test's date (midnight UTC): the PDF's dates, and a signature's time


@dataclass(frozen=True)
class Layout:
    """What the PDF side lays out: the HTML with chart placeholders, their sizes, the date, the attachments."""

    html: str
    chart_sizes: dict[str, tuple[str, str]]  #: chart id -> (width, height) in points
    date_iso: str
    attachments: tuple[str, ...]


@dataclass(frozen=True)
class Drawn:
    """The charts, drawn."""

    svgs: dict[str, str]


@dataclass(frozen=True)
class Final:
    """The rest: the HTML with its charts inline, metrics.json, and every attachment ready to embed."""

    html: bytes
    metrics: bytes
    evidence: dict[str, Embedded]


def metrics_json(metrics: Metrics, prov: Provenance) -> bytes:
    """metrics.json: the schema version, every figure unrounded (never NaN or infinity), and what built it."""
    tree = {"schema_version": SCHEMA_VERSION, **metrics.to_dict(), "generator": prov.to_dict()}
    return (json.dumps(tree, indent=2, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")


def pack_inputs(raw: dict[str, bytes]) -> Packer:
    """Start hashing and deflating the input files (every file in `raw`, in its order) in the background."""
    packer = Packer()
    for name, data in raw.items():
        packer.add(name, data, media_type(name))
    return packer


def produce(
    test: JointTest,
    prov: Provenance,
    packer: Packer,
    language: str | None = None,
    html: bool = True,
    draw: Drawer | None = None,
    warn: bool = True,
) -> Iterator[Layout | Drawn | Final]:
    """The data side: compute, describe, lay-out HTML; draw; final HTML, metrics.json and attachments.

    `language` overrides test.toml's; the figures and metrics.json are the same in every language. Without `html`,
    the HTML edition is not made (its fonts subset, its charts inlined): Final.html is empty, for a rebuild that
    compares the PDF and the figures only. `draw` starts drawing the charts as soon as the figures are computed and
    returns what waits for them (pipeline/worker.py hands them to a process of their own); by default they are
    drawn here, once the HTML to lay out has been given. Without `warn` the inputs' language is not judged aloud:
    verify rebuilds a report already built, and its warning ends "The report is built" (field test 7, m15).
    """
    from report import i18n
    from report.inputs import language as input_language

    if warn and (said := input_language.warning(test, language or test.config.language)) is not None:
        print(said, file=sys.stderr)  # once, from the side that holds the inputs; the build goes on
    with i18n.activate(language or test.config.language):
        yield from _produce(test, prov, packer, language or test.config.language, html, draw or draw_here)


def draw_here(metrics: Metrics, test: JointTest, described: dict) -> Callable[[], dict[str, str]]:
    """Draw the charts in this process when asked for them (matplotlib imported then, after the layout's HTML)."""

    from report import i18n

    kind = i18n.accelerator()  # drawn later, outside the block that words the accelerators: as they are called now

    def drawn() -> dict[str, str]:
        from report.charts import draw as drawing

        with computable(), i18n.accelerators(kind):
            return drawing.draw_all(metrics, test.bandwidth, described)

    return drawn


def _produce(
    test: JointTest, prov: Provenance, packer: Packer, language: str, edition: bool, draw: Drawer
) -> Iterator[Layout | Drawn | Final]:
    from report import i18n, sections
    from report.charts import describe as charts
    from report.compute import compute
    from report.inputs.texts import printed
    from report.render import html as render
    from report.render import webfonts
    from report.wording.base import accelerator_of

    with computable():
        metrics = compute(test)  # raises InvalidInput for inputs valid one by one but impossible together
        metrics_bytes = metrics_json(metrics, prov)  # here, so that a figure that is not finite stops the build
        # what the report prints: test.toml's texts in this language, names as printed (metrics.json keeps its own)
        shown_test, shown = printed(test, metrics, language)
        short = shown_test.config.systems.short
        with i18n.accelerators(accelerator_of(shown, shown_test.config)):  # a chart counts cards as the text does
            described = charts.describe_all(shown, shown_test.bandwidth, shown.inputs_illustrative, short)
            charts_drawn = draw(shown, shown_test, described)
        ctx = sections.build(shown_test, shown, described, prov, language, metrics_bytes)
    sizes = {chart_id: chart.size_pt for chart_id, chart in described.items()}
    names = (*test.raw, METRICS_NAME)
    html = render.render_html(ctx, render.chart_sources(described, None), print_copy=True)
    mark("data", "figures, HTML to lay out")
    yield Layout(html, sizes, ctx.cover.date_iso, names)
    svgs = charts_drawn()
    mark("data", "charts drawn (here or by the drawer)")
    yield Drawn(svgs)
    packer.add(METRICS_NAME, metrics_bytes, media_type(METRICS_NAME))
    final = b""
    # its fonts are subset to the text of the copy already rendered, which differs in image URLs and print-only parts
    # (webfonts.visible_text leaves them out)
    if edition:
        text = webfonts.visible_text(html)
        final = render.render_html(ctx, render.chart_sources(described, svgs), fonts_for=text).encode("utf-8")
    evidence = {name: packer.result(name) for name in names}
    mark("data", "final HTML; attachments deflated")
    yield Final(final, metrics_bytes, evidence)


@contextlib.contextmanager
def computable() -> Iterator[None]:
    """Arithmetic that breaks down (a figure overflowing, a chart's axis without finite limits) as InvalidInput."""
    try:
        yield
    except (ArithmeticError, ValueError) as exc:
        message = (
            f"the figures cannot be computed from these values ({type(exc).__name__}: {str(exc)[:120]});"
            " look for a number far beyond any measurement"
        )
        raise InvalidInput([Problem("the joint test", None, None, message)]) from exc


def consume(renderer: PdfRenderer, parts: Iterator[Layout | Drawn | Final]) -> Built:
    """The PDF side: lay out, paint the charts in, write the PDF, taking each part when it is needed; the renderer's
    temporary files go with it, whatever happens."""
    try:
        return _consume(renderer, parts)
    finally:
        renderer.close()


_Part = TypeVar("_Part", Layout, Drawn, Final)


def _next(parts: Iterator[Layout | Drawn | Final], kind: type[_Part]) -> _Part:
    """The next part, which must be a `kind`: the data side sends them in one order (`produce`)."""
    part = next(parts)
    if not isinstance(part, kind):
        raise TypeError(f"the data side sent a {type(part).__name__} where a {kind.__name__} was due")
    return part


def _consume(renderer: PdfRenderer, parts: Iterator[Layout | Drawn | Final]) -> Built:
    layout = _next(parts, Layout)
    mark("pdf", "HTML received")
    document = renderer.layout(layout.html, layout.chart_sizes)
    mark("pdf", "laid out")
    drawn: list[Drawn] = []
    final: list[Final] = []

    def charts() -> dict[str, str]:  # asked for just before the first page with a chart is drawn
        if not drawn:
            drawn.append(_next(parts, Drawn))
            mark("pdf", "charts received")
        return drawn[0].svgs

    def evidence() -> dict[str, Embedded]:
        mark("pdf", "pages drawn")
        charts()  # the parts arrive in order: the charts before the attachments
        final.append(_next(parts, Final))
        mark("pdf", "attachments received")
        return final[0].evidence

    pdf = renderer.write(document, layout.date_iso, list(layout.attachments), evidence, charts)
    mark("pdf", "PDF serialised")
    return Built(final[0].html, pdf, final[0].metrics, layout.date_iso)


def build_outputs(test: JointTest, prov: Provenance, language: str | None = None, html: bool = True) -> Built:
    """Compute, draw and render a validated joint test in this process (raises InvalidInput for impossible figures).

    Without `html`, Built.html is empty and the HTML edition is never made (verify compares the PDF and the figures).
    """
    packer = pack_inputs(test.raw)
    try:
        return consume(PdfRenderer(), produce(test, prov, packer, language, html))
    finally:
        packer.close()
