"""The pipeline, stage by stage: load, compute, describe, lay out, draw, paint, render, write.

A build has two sides. The data side loads, computes and draws; the PDF side lays the report out and prints it.
`produce` is the data side: it yields, in order, what the PDF side waits for (the HTML to lay out, with chart
placeholders; the drawn charts; the final HTML, metrics.json and the deflated attachments). `consume` is the PDF
side. `build_outputs` runs both in one process; `build` runs the data side in a second process (pipeline/worker.py) so
that each side has a core: the layout runs while the charts are drawn and the attachments deflated.
Both run the same functions in the same order on the same data, so they give the same bytes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import json
import os
import pickle
import queue
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from report.inputs.files import media_type
from report.pdf.evidence import Embedded, Packer
from report.pdf.renderer import PdfRenderer
from report.pipeline import output
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
) -> Iterator[Layout | Drawn | Final]:
    """The data side: compute, describe, lay-out HTML; draw; final HTML, metrics.json and attachments.

    `language` overrides test.toml's; the figures and metrics.json are the same in every language. Without `html`,
    the HTML edition is not made (its fonts subset, its charts inlined): Final.html is empty, for a rebuild that
    compares the PDF and the figures only. `draw` starts drawing the charts as soon as the figures are computed and
    returns what waits for them (pipeline/worker.py hands them to a process of their own); by default they are
    drawn here, once the HTML to lay out has been given.
    """
    from report import i18n
    from report.inputs import language as input_language

    if (said := input_language.warning(test, language or test.config.language)) is not None:
        print(said, file=sys.stderr)  # once, from the side that holds the inputs; the build goes on
    with i18n.activate(language or test.config.language):
        yield from _produce(test, prov, packer, language or test.config.language, html, draw or draw_here)


def draw_here(metrics: Metrics, test: JointTest, described: dict) -> Callable[[], dict[str, str]]:
    """Draw the charts in this process when asked for them (matplotlib imported then, after the layout's HTML)."""

    def drawn() -> dict[str, str]:
        from report.charts import draw as drawing

        with computable():
            return drawing.draw_all(metrics, test.bandwidth, described)

    return drawn


def _produce(
    test: JointTest, prov: Provenance, packer: Packer, language: str, edition: bool, draw: Drawer
) -> Iterator[Layout | Drawn | Final]:
    from report import sections
    from report.charts import describe as charts
    from report.compute import compute
    from report.render import html as render
    from report.render import webfonts

    with computable():
        metrics = compute(test)  # raises InvalidInput for inputs valid one by one but impossible together
        described = charts.describe_all(metrics, test.bandwidth, metrics.inputs_illustrative)
        charts_drawn = draw(metrics, test, described)
        ctx = sections.build(test, metrics, described, prov, language)
        metrics_bytes = metrics_json(metrics, prov)  # here, so that a figure that is not finite stops the build
    sizes = {chart_id: chart.size_pt for chart_id, chart in described.items()}
    names = (*test.raw, METRICS_NAME)
    html = render.render_html(ctx, render.chart_sources(described, None))
    mark("data", "figures, HTML to lay out")
    yield Layout(html, sizes, ctx.cover.date_iso, names)
    svgs = charts_drawn()
    mark("data", "charts drawn (here or by the drawer)")
    yield Drawn(svgs)
    packer.add(METRICS_NAME, metrics_bytes, media_type(METRICS_NAME))
    final = b""
    if edition:  # its fonts are subset to the text of the copy already rendered, which differs only in image URLs
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


def _consume(renderer: PdfRenderer, parts: Iterator[Layout | Drawn | Final]) -> Built:
    layout = next(parts)
    mark("pdf", "HTML received")
    document = renderer.layout(layout.html, layout.chart_sizes)
    mark("pdf", "laid out")
    drawn: list[Drawn] = []
    final: list[Final] = []

    def charts() -> dict[str, str]:  # asked for just before the first page with a chart is drawn
        if not drawn:
            drawn.append(next(parts))
            mark("pdf", "charts received")
        return drawn[0].svgs

    def evidence() -> dict[str, Embedded]:
        mark("pdf", "pages drawn")
        charts()  # the parts arrive in order: the charts before the attachments
        final.append(next(parts))
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


def build(
    data_dir: Path, out_dir: Path, signing: tuple[Path, Path] | None = None, language: str | None = None
) -> Built:
    """The whole pipeline on two cores, one build per OUT at a time: nothing is written unless every stage succeeded.

    `signing` (key, certificate) signs the PDF (pdf/sign.py) at the test's date; `language` overrides test.toml's.
    """
    identity = None
    if signing is not None:
        from report.pdf import sign

        identity = sign.load(*signing)  # before anything is built or written: a key of another certificate is one line
    out_dir = output.out_path(out_dir)  # `/`, `.` and `..` have no name of their own to stage and lock beside
    with output.locked(out_dir):
        output.clean_stale(out_dir)
        output.check_target(out_dir)  # before the work, so that a folder that cannot take the outputs fails fast
        built = _build_two_sides(data_dir, language)
        if identity is not None:
            at = dt.datetime.fromisoformat(built.date_iso).replace(tzinfo=dt.UTC)
            if (note := sign.validity_note(identity, at)) is not None:
                print(f"warning: {note}", file=sys.stderr)
            signed = sign.sign(built.pdf, identity, None, at)
            built = dataclasses.replace(built, pdf=signed)
        output.write_set(out_dir, {"report.html": built.html, "report.pdf": built.pdf, "metrics.json": built.metrics})
    mark("pdf", "outputs written")
    return built


def start_worker() -> _Worker:
    """verify's rebuild worker, started before the report is read (or taken from report/__main__.py, which started it
    first): it imports pandas and the data side meanwhile, and waits for its inputs (`rebuild(..., worker=)`); `stop()`
    it when no rebuild follows."""
    return _Worker()


def rebuild(
    raw: dict[str, bytes], prov: Provenance, language: str | None, worker: _Worker | None = None
) -> tuple[Built, tuple[str, ...]]:
    """verify's rebuild of a report from its attached inputs `raw`, on two cores as a build, built by `prov`.

    The worker takes the files through a pipe (nothing is written; `raw` is emptied once they are sent, so that
    this process lets a long log go) and skips the HTML edition, which verify does not compare (Built.html is
    empty). Also returns the names of the inputs the build read (its test.toml's), so that verify can refuse a file
    that nothing reads. Raises InvalidInput as a build does, and attachments.Refused where an input verify left deflated
    (attachments.Compressed) is not what the PDF declares. `worker`: one from `start_worker`, to build with.
    """
    layouts: list[Layout] = []

    def noted(parts: Iterator[Layout | Drawn | Final]) -> Iterator[Layout | Drawn | Final]:
        for part in parts:
            if isinstance(part, Layout):
                layouts.append(part)
            yield part

    built = _build_two_sides(None, language, (raw, prov), noted, worker)
    return built, tuple(name for name in layouts[0].attachments if name != METRICS_NAME)


def rebuild_here(
    raw: dict[str, bytes], prov: Provenance, language: str | None, worker: _Worker | None = None
) -> tuple[Built, tuple[str, ...]]:
    """`rebuild` in this process, one stage after another: for a generator changed in this process only (tests)."""
    from report.inputs.joint_test import parse
    from report.pipeline.worker import inflated

    if worker is not None:
        worker.stop()
    test = parse(inflated(raw)[0])
    read = tuple(test.raw)
    return build_outputs(test, prov, language, html=False), read


def _build_two_sides(
    data_dir: Path | None, language: str | None, files=None, watch=lambda parts: parts, worker: _Worker | None = None
) -> Built:
    if worker is None:
        worker = _Worker()
    if files is None:
        from report import provenance

        files = (str(data_dir.absolute()), provenance.collect())  # collected here, off the worker's road to the HTML
    worker.send((*files, language))
    try:
        renderer = PdfRenderer(two_painters=True)  # imports WeasyPrint while the worker loads and computes
        mark("pdf", "WeasyPrint imported")
        built = consume(renderer, watch(worker.parts()))
    except BaseException:
        worker.stop()
        raise
    worker.finish()
    return built


def _uncopied(data):
    """bytes and bytearrays as read-only buffers that pickle writes without copying; anything else as it is."""
    return pickle.PickleBuffer(memoryview(data).toreadonly()) if isinstance(data, bytes | bytearray) else data


class _Worker:
    """The data side in a process of its own (report/pipeline/worker.py), its parts arriving through a pipe.

    A thread takes each part off the pipe as soon as it is sent, so that the attachments (tens of MB for a long
    log) cross while the pages are being drawn rather than after.
    """

    def __init__(self):
        """The worker report/__main__.py started early, else one started now (spawn.py): it imports meanwhile and
        waits for its job (`send`)."""
        from report.pipeline import spawn

        self._process, read = spawn.take()
        self._pipe = os.fdopen(read, "rb")
        self._arrived: queue.SimpleQueue = queue.SimpleQueue()
        self._receiver = threading.Thread(target=self._receive, name="worker-pipe", daemon=True)
        self._receiver.start()
        self._sender = None

    def send(self, files: tuple) -> None:
        """Send the job: the inputs (verify's, by name) or the joint-test folder (a build's, its path), the provenance
        and the language, in a thread, so that WeasyPrint is imported meanwhile."""
        self._sender = threading.Thread(target=self._send, args=(files,), name="worker-files", daemon=True)
        self._sender.start()

    def _send(self, files: tuple[dict, Provenance]) -> None:
        raw, *rest = files
        # verify inflates an attachment into a bytearray (attachments._inflated): read-only, it crosses as bytes,
        # uncopied; the largest come deflated (attachments.Compressed), for the worker to inflate.
        sent = raw
        if isinstance(raw, dict):
            sent = {name: _uncopied(data) for name, data in raw.items()}
        with contextlib.suppress(BrokenPipeError, OSError), self._process.stdin as stdin:
            pickle.dump((sent, *rest), stdin, protocol=pickle.HIGHEST_PROTOCOL)
        mark("pdf", "job sent to the worker")
        if isinstance(raw, dict):
            raw.clear()  # sent: the worker holds them now (a long log's bytes would count twice)

    def _receive(self) -> None:
        while True:
            try:
                kind, value = pickle.load(self._pipe)
            except (EOFError, OSError):  # the pipe ended: the worker is done or gone
                self._arrived.put(("ended", None))
                return
            self._arrived.put((kind, value))
            if kind != "part" or isinstance(value, Final):
                return

    def parts(self) -> Iterator[Layout | Drawn | Final]:
        """Each part as it arrives; the worker's problems raised as InvalidInput, its failures as RuntimeError."""
        while True:
            kind, value = self._arrived.get()
            if kind == "ended":
                status = self._process.wait()
                raise RuntimeError(f"the data side of the build ended early (status {status})")
            if kind == "invalid":
                raise InvalidInput(value)
            if kind == "refused":
                from report.verify.attachments import Refused

                raise Refused(value)
            if kind == "failed":
                raise RuntimeError(f"the data side of the build failed:\n{value}")
            if isinstance(value, Final):
                self._process.wait()  # it has sent everything: let its memory go before the PDF is serialised
                yield value
                return
            yield value

    def finish(self) -> None:
        """Wait for the worker, which has sent everything (so its status can no longer change the outputs)."""
        self._close()
        if self._process.returncode != 0:
            raise RuntimeError(f"the data side of the build ended with status {self._process.returncode}")

    def stop(self) -> None:
        """End the worker early: the build failed or was interrupted."""
        if self._process.poll() is None:
            self._process.kill()
        self._close()

    def _close(self) -> None:
        self._process.wait()  # its end of the pipe is closed now, so the receiving thread ends too
        self._receiver.join()
        if self._sender is not None:
            self._sender.join()
        if self._process.stdin is not None:  # a worker stopped before it was sent anything (verify's)
            with contextlib.suppress(OSError):
                self._process.stdin.close()
        self._pipe.close()
