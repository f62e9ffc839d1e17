"""report/pdf/painters.py: the pages drawn by two processes are the bytes of one process drawing them all."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

import pydyf
import pytest

from report.inputs.joint_test import read_joint_test
from report.pdf import painters
from report.pdf.painters import Painters, _plain, _split
from report.pdf.renderer import PdfRenderer
from report.pipeline import stages
from tests.conftest import DATA, FIXTURES, PROVENANCE, ROOT

FOLDERS = [DATA, *sorted(p.parent for p in FIXTURES.glob("*/test.toml")), *sorted(ROOT.glob("examples/*/test.toml"))]
FOLDERS = [p if p.is_dir() else p.parent for p in FOLDERS]


def test_the_split_lets_both_sides_end_soonest():
    # From page 2 on: 30, 20, 20, 10 ms, the child costing 8 ms more. Split at 3: max(30, 50 + 8) = 58; at 4:
    # max(30 + 20, 30 + 8) = 50; at 5: max(70, 18) = 70; none: 80.
    assert _split([10, 10, 30, 20, 20, 10], 2) == 4
    assert _split([10, 1], 0) == 1  # max(10, 1 + 8) = 10 < 11
    assert _split([3, 3], 0) == 2  # max(3, 3 + 8) = 11 > 6: no child
    assert _split([5, 5, 5], 2) == 3  # one page left: no child


def test_plain_keeps_the_bytes_and_refuses_what_it_cannot_send():
    inner = pydyf.Stream([b"0 0 m", b"1 1 l", pydyf.Dictionary({"MCID": 3})], pydyf.Dictionary({"Type": "/XObject"}))
    group = pydyf.Stream(
        [b"q", b"/x0 Do", b"Q"],
        pydyf.Dictionary({"Resources": pydyf.Dictionary({"XObject": pydyf.Dictionary({"x0": inner}), "Font": None})}),
        compress=True,
    )
    plain = _plain(group)
    assert type(plain) is pydyf.Stream and plain.compress
    assert plain.data == group.data
    assert plain.extra["Resources"]["XObject"]["x0"].data == inner.data
    with pytest.raises(TypeError, match="cannot send object"):
        _plain(pydyf.Dictionary({"odd": object()}))


class _Stream:
    """What Painters reads of a page stream: its content and the document's shared state."""

    def __init__(self, shared: dict):
        self.stream: list = []
        self._fonts, self._images, self._tags = shared["fonts"], shared["images"], None
        self._resources = shared["resources"]


def _shared() -> dict:
    kinds = ("ExtGState", "XObject", "Pattern", "Shading")
    return {"fonts": {}, "images": {}, "resources": {kind: {} for kind in kinds}}


def _paint_alpha(page, stream, *_args):
    """A page's drawing: its number, and a transparency state named by its value (as WeasyPrint names them)."""
    stream.stream.append(f"page {page}".encode())
    key = f"a0.{page}"
    stream._resources["ExtGState"].setdefault(key, pydyf.Dictionary({"ca": float(f"0.{page}")}))


def _four_pages(monkeypatch) -> tuple[Painters, list[_Stream], dict]:
    monkeypatch.setattr(painters, "_cost", lambda page, weights: 10.0)
    shared = _shared()
    pages = [1, 2, 3, 4]
    two = Painters(pages, 0, {}, None)
    assert two.split == 2  # max(20, 20 + 8) = 28 beats max(10, 38) and max(30, 18)
    return two, [_Stream(shared) for _ in pages], shared


def _drawn(two: Painters, streams: list[_Stream], paint) -> None:
    """The PDF's page loop: the child forked at the first page, every page drawn in order (the child leaves in the
    last one's), the child collected."""
    two.fork(streams[0])
    for page, stream in zip([1, 2, 3, 4], streams, strict=True):
        two.draw(page, stream, paint)
    two.close()


def test_the_child_s_pages_and_states_are_taken_in_order(monkeypatch):
    two, streams, shared = _four_pages(monkeypatch)
    two.fork(streams[0])
    for page, stream in zip([1, 2, 3, 4], streams, strict=True):
        two.draw(page, stream, _paint_alpha)  # the child leaves in the last page's draw
    two.close()
    assert not two.is_child and two.taken == 2 and two.declined == ""
    assert [s.stream for s in streams] == [[b"page 1"], [b"page 2"], [b"page 3"], [b"page 4"]]
    assert list(shared["resources"]["ExtGState"]) == ["a0.1", "a0.2", "a0.3", "a0.4"]  # as one process adds them


def test_what_the_child_logs_has_its_pages_drawn_here(monkeypatch):
    two, streams, _ = _four_pages(monkeypatch)
    parent = os.getpid()

    def paint(page, stream, *args):
        if os.getpid() != parent:
            logging.getLogger("weasyprint.child").warning("something the parent must see for itself")
        _paint_alpha(page, stream)

    _drawn(two, streams, paint)
    assert two.taken == 0 and two.declined == "WeasyPrint logged: something the parent must see for itself"
    assert [s.stream for s in streams] == [[b"page 1"], [b"page 2"], [b"page 3"], [b"page 4"]]


def test_a_child_that_sends_nothing_has_its_pages_drawn_here(monkeypatch):
    two, streams, _ = _four_pages(monkeypatch)
    monkeypatch.setattr(painters._Child, "send", lambda self, stream: os._exit(0))
    _drawn(two, streams, _paint_alpha)
    assert two.taken == 0 and two.declined == "it ended without sending them"
    assert [s.stream for s in streams][2:] == [[b"page 3"], [b"page 4"]]


def test_a_failing_build_stops_the_child(monkeypatch):
    two, streams, _ = _four_pages(monkeypatch)
    parent = os.getpid()

    def paint(page, stream, *args):
        if os.getpid() == parent:
            raise RuntimeError("the build failed")
        _paint_alpha(page, stream)

    two.fork(streams[0])
    pid = two._pid
    with pytest.raises(RuntimeError, match="the build failed"):
        for page, stream in zip([1, 2, 3, 4], streams, strict=True):
            two.draw(page, stream, paint)
    two.close()
    with pytest.raises(ChildProcessError):  # collected: no process left behind
        os.waitpid(pid, os.WNOHANG)


def _written(folder: Path, language: str, two_painters: bool) -> tuple[bytes, PdfRenderer, int]:
    test = read_joint_test(folder)
    parts = stages.produce(test, PROVENANCE, stages.pack_inputs(test.raw), language, html=False)
    layout, drawn, final = next(parts), next(parts), next(parts)
    renderer = PdfRenderer(two_painters=two_painters)
    try:
        document = renderer.layout(layout.html, layout.chart_sizes)
        pdf = renderer.write(
            document, layout.date_iso, list(layout.attachments), lambda: final.evidence, lambda: drawn.svgs
        )
    finally:
        renderer.close()
    return pdf, renderer, len(document.pages)


def _two_painters_give_the_bytes_of_one(folder: Path, language: str, builds) -> None:
    one = builds.get(folder, language).pdf  # one painter: the report's own build, once per run (tests/builds.py)
    two, renderer, pages = _written(folder, language, True)
    assert two == one
    assert renderer.painters is not None and renderer.painters.split < pages
    # the child's pages are taken, or all drawn here when a glyph's width differs between the two processes (a text
    # that first shows a glyph in the child: "L" in Inter was 562 units wide there and 563 here, in an earlier
    # gates_fail in Chinese); either way the bytes are one painter's
    assert (renderer.painters.taken, renderer.painters.declined) in (
        (pages - renderer.painters.split, ""),
        (0, "a glyph's width differs"),
    )


# Every joint-test folder, in each language: two painters give the bytes of one. Two classes, one per language, so
# that `make test` (pytest-xdist, --dist loadscope: a class or a module per worker) runs the two halves on two cores.
@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS, ids=[p.name for p in FOLDERS])
class TestTwoPaintersGiveTheBytesOfOneInEnglish:
    def test_two_painters_give_the_bytes_of_one(self, folder, builds):
        _two_painters_give_the_bytes_of_one(folder, "en", builds)


@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS, ids=[p.name for p in FOLDERS])
class TestTwoPaintersGiveTheBytesOfOneInChinese:
    def test_two_painters_give_the_bytes_of_one(self, folder, builds):
        _two_painters_give_the_bytes_of_one(folder, "zh-CN", builds)


def _paint_group(page, stream, *_args):
    """A page's drawing: a group (WeasyPrint counts them: x0, x1, ...) holding the page's number, and drawing it."""
    xobjects = stream._resources["XObject"]
    group = pydyf.Stream([f"page {page}".encode()], pydyf.Dictionary({"Type": "/XObject"}), compress=True)
    group.id = f"x{len(xobjects)}"
    xobjects[group.id] = group
    stream.stream.append(f"/{group.id} Do".encode())


def test_the_child_s_groups_are_named_on_from_this_process_s_count(monkeypatch):
    two, streams, shared = _four_pages(monkeypatch)
    _drawn(two, streams, _paint_group)
    assert two.taken == 2
    # The child drew pages 3 and 4 from the fork's count (x0, x1); this process had drawn x0 and x1 since.
    assert [s.stream for s in streams] == [[b"/x0 Do"], [b"/x1 Do"], [b"/x2 Do"], [b"/x3 Do"]]
    xobjects = shared["resources"]["XObject"]
    assert list(xobjects) == ["x0", "x1", "x2", "x3"]
    assert [group.stream for group in xobjects.values()] == [[b"page 1"], [b"page 2"], [b"page 3"], [b"page 4"]]


def test_what_the_child_cannot_send_is_drawn_here(monkeypatch):
    two, streams, shared = _four_pages(monkeypatch)
    parent = os.getpid()

    def paint(page, stream, *args):
        _paint_group(page, stream)
        if os.getpid() != parent:
            stream._resources["XObject"][f"x{len(stream._resources['XObject']) - 1}"].extra["odd"] = object()

    _drawn(two, streams, paint)
    assert two.taken == 0 and two.declined == "TypeError: cannot send object"
    assert [s.stream for s in streams] == [[b"/x0 Do"], [b"/x1 Do"], [b"/x2 Do"], [b"/x3 Do"]]
    assert list(shared["resources"]["XObject"]) == ["x0", "x1", "x2", "x3"]


def test_a_child_that_sends_nothing_in_time_is_stopped_and_its_pages_drawn_here(monkeypatch):
    two, streams, _ = _four_pages(monkeypatch)
    monkeypatch.setattr(painters, "_WAIT_S", 0.5)
    monkeypatch.setattr(painters._Child, "send", lambda self, stream: time.sleep(60))  # stuck (a lock, SIGSTOP)
    two.fork(streams[0])
    pid = two._pid
    started = time.monotonic()
    for page, stream in zip([1, 2, 3, 4], streams, strict=True):
        two.draw(page, stream, _paint_alpha)
    two.close()
    assert time.monotonic() - started < 5
    assert two.taken == 0 and two.declined == "it sent nothing within 0.5 s"
    assert [s.stream for s in streams][2:] == [[b"page 3"], [b"page 4"]]
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_a_ctrl_c_while_forking_is_raised_once_both_sides_know_their_part():
    import signal

    with pytest.raises(KeyboardInterrupt), painters._InterruptHeld():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # handled here, at the next bytecode: noted, not raised
        noted_only = True
    assert noted_only
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_child_ignores_ctrl_c_from_the_fork_on():
    import signal

    try:
        with painters._InterruptHeld() as held:
            held.ignore()
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
