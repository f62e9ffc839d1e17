"""The pages drawn by two processes: the build's second core draws the last pages while this one draws the others.

WeasyPrint draws a laid-out document page after page on one core, a fifth of the default build (issue 27), while the
build's other core, its charts drawn and its attachments deflated, waits. Once the charts are painted in, `Painters`
forks: the child draws the last pages and sends back each one's content (the bytes pydyf would write) and
marked-content tags (PDF/A-3a), with what drawing them added to the document's shared state: the glyphs each font
showed (their widths and text), the fonts first used there, the transparency states and groups. Meanwhile this
process draws the pages before them, then takes the child's as if it had drawn them: a font the child used first is
loaded here from its Pango description, and the groups (WeasyPrint counts them: x0, x1, ...) are renamed on from this
process's count.

The PDF is the bytes of one process drawing every page (tests/pdf/test_painters.py compares them for every joint test
the tests hold, in both languages). Where the child's drawing did what cannot be taken so (a pattern, shading, image or
counted graphics state, a font that loads otherwise here, a glyph whose width rounds otherwise at the size this process
first showed it, anything WeasyPrint logged), this process draws those pages itself, as it always did, and the
trace says why.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import re
import traceback
import warnings

from report.pdf.messages import LoggedMessages
from report.trace import mark

#: Graphics states named by what they hold (weasyprint/pdf/stream.py, set_alpha): the same name on every page.
_NAMED_STATE = re.compile(r"[Aa][\d.e+-]+")
#: What a page costs to draw, in milliseconds (measured on the default report: pages 8 to 42 ms): a base, each box,
#: and each kilobyte of a chart's SVG. Only the split depends on it, never the bytes.
_PAGE_MS, _BOX_MS, _SVG_KB_MS = 5.0, 0.033, 1.3
#: What the child costs beyond its pages: the fork, and its pages crossing back.
_CHILD_MS = 8.0
#: How long this process waits for the child's pages once it needs them (they take a fifth of a second).
_WAIT_S = 30.0


class Painters:
    """Draws `pages` from `start` on in two processes, if there are enough pages for it to pay.

    `weights`: the SVG size of each chart (its URL's), for the split; `font_map`: the document's Pango font map, where
    a font the child used first is loaded again. Use `draw` for every page in order (the PDF's page loop does), then
    `close`.
    """

    def __init__(self, pages: list, start: int, weights: dict[str, int], font_map):
        self._pages = pages
        self._font_map = font_map
        self._index = {id(page): i for i, page in enumerate(pages)}
        self._split = _split([0.0] * start + [_cost(page, weights) for page in pages[start:]], start)
        self._pid = 0
        self._pipe = -1
        self._child: _Child | None = None
        self._taken: list | None = None  # the child's pages, once received and merged; [] when drawn here instead
        self.declined = ""  #: why the child's pages were drawn here instead, if they were
        self.taken = 0  #: how many pages were taken from the child

    @property
    def is_child(self) -> bool:
        """Whether this is the forked process (which leaves by os._exit once its pages are sent)."""
        return self._child is not None

    @property
    def split(self) -> int:
        """The first page the child draws (the number of pages when it draws none)."""
        return self._split

    def fork(self, stream) -> None:
        """Start the child, `stream` being the page stream about to be drawn (it holds the shared state).

        A Ctrl-C while forking is held until both processes know their part: the child ignores it (this process
        stops it, `close`), and this process then raises it, the child known and so stopped."""
        if self._split >= len(self._pages):
            return
        read, write = os.pipe()
        with _InterruptHeld() as held, warnings.catch_warnings():
            # Python 3.12+ warns at any fork of a process with threads. The child runs no Python thread, takes no lock
            # another holds (the worker pipe's reader waits in a read) and leaves by os._exit.
            warnings.filterwarnings("ignore", "This process .* is multi-threaded", DeprecationWarning)
            pid = os.fork()
            if pid == 0:
                try:
                    held.ignore()
                    os.close(read)
                    self._child = _Child(write, stream)
                except BaseException:  # the child never returns into the build
                    os._exit(1)
            else:
                os.close(write)
                self._pid, self._pipe = pid, read
        if self._child is not None:
            mark("page", f"second painter forked for pages {self._split + 1}-{len(self._pages)}")

    def draw(self, page, stream, paint, *args, **kwargs) -> None:
        """Draw `page` onto `stream` with `paint` (WeasyPrint's Page.paint), here or in the child, or take it from
        the child."""
        i = self._index[id(page)]
        if self._child is not None:  # the child: only the last pages, then it sends them and leaves
            if i >= self._split:
                self._child.draw(page, stream, paint, *args, **kwargs)
            if i == len(self._pages) - 1:
                self._child.send(stream)  # never returns
            return
        if i < self._split:  # every page, where no child was started
            paint(page, stream, *args, **kwargs)
            return
        if self._taken is None:
            self._taken = self._receive(stream)
        if not self._taken:
            paint(page, stream, *args, **kwargs)
            return
        content, tags = self._taken[i - self._split]
        stream.stream[:] = [content]
        if stream._tags is not None:
            boxes = list(page._page_box.descendants(placeholders=True))
            stream._tags.clear()
            stream._tags.update((boxes[n], value) for n, value in tags)

    def close(self) -> None:
        """Collect the child (stopped, if its pages were never asked for)."""
        if self._pipe >= 0:
            os.close(self._pipe)
            self._pipe = -1
        if self._pid:
            if self._taken is None:
                _kill(self._pid)
            os.waitpid(self._pid, 0)
            self._pid = 0

    def _receive(self, stream) -> list:
        """The child's pages, its additions merged into this process's state; [] where they cannot be taken."""
        value = self._read()
        if isinstance(value, str):
            return self._drawn_here(value)
        pages, new, fonts, states, (before, groups) = value
        loaded = {}  # the fonts the child used first (unless this process has since): loaded here, in its order
        for key, described, fingerprint in new:
            if key not in stream._fonts:
                font = _font(self._font_map, described)
                if font is None or _fingerprint(font) != fingerprint:
                    return self._drawn_here("a font could not be loaded here as it was there")
                loaded[key] = font
        for key, _to_unicode, widths in fonts:
            known = stream._fonts[key].widths if key in stream._fonts else {}
            if any(known.get(glyph, width) != width for glyph, width in widths):
                # a glyph first shown here at another size: the child's kerning would differ
                return self._drawn_here("a glyph's width differs")
        stream._fonts.update(loaded)
        for key, to_unicode, widths in fonts:
            font = stream._fonts[key]
            for glyph, text in to_unicode:
                font.to_unicode.setdefault(glyph, text)
            for glyph, width in widths:
                font.widths.setdefault(glyph, width)
        for key, state in states:
            stream._resources["ExtGState"].setdefault(key, state)
        pages = _groups_taken(stream._resources["XObject"], before, groups, pages)
        self.taken = len(pages)
        mark("pdf", f"pages {self._split + 1}-{len(self._pages)} taken from the second painter")
        return pages

    def _read(self) -> tuple | str:
        """What the child sent (its pages and additions), else why its pages are to be drawn here: a child that has
        not sent them within _WAIT_S of being asked (stopped, or stuck) is stopped, and they are drawn here."""
        import select
        import time

        chunks, deadline, late = [], time.monotonic() + _WAIT_S, False
        while True:
            if not select.select([self._pipe], [], [], max(0.0, deadline - time.monotonic()))[0]:
                late = True
                _kill(self._pid)
                break
            if not (chunk := os.read(self._pipe, 1 << 20)):
                break
            chunks.append(chunk)
        os.close(self._pipe)
        self._pipe = -1
        os.waitpid(self._pid, 0)
        self._pid = 0
        if late:
            return f"it sent nothing within {_WAIT_S:g} s"
        try:
            kind, value = pickle.loads(b"".join(chunks))
        except Exception:  # the child ended without sending (killed, out of memory)
            return "it ended without sending them"
        return value if kind == "pages" else str(value)

    def _drawn_here(self, why: str) -> list:
        """No pages taken: this process draws the child's, as one process always did."""
        self.declined = why.strip().splitlines()[-1]
        mark("pdf", f"pages {self._split + 1}-{len(self._pages)} drawn here: {self.declined}")
        return []


class _Child:
    """The forked process's side: what the shared state held at the fork, the pages drawn, and the sending."""

    def __init__(self, pipe: int, stream):
        self._pipe = pipe
        self._fonts = {
            key: (set(font.to_unicode), set(font.widths), len(font.missing)) for key, font in stream._fonts.items()
        }
        self._resources = {
            kind: set(stream._resources[kind]) for kind in ("ExtGState", "XObject", "Pattern", "Shading")
        }
        self._images = set(stream._images)
        self._pages: list = []
        self._described: dict[int, bytes] = {}  # each font first used here: its Pango description, absolute size
        _fonts_described(self._described)
        # What WeasyPrint logs here (a warning, an error): the pages are then drawn again where it is seen.
        self._logged = LoggedMessages(logging.WARNING)
        logging.getLogger("weasyprint").addHandler(self._logged)
        self._failed: str | None = None

    def draw(self, page, stream, paint, *args, **kwargs) -> None:
        import pydyf

        if self._failed is None:
            try:
                paint(page, stream, *args, **kwargs)
                content = b"\n".join(pydyf._to_bytes(item) for item in stream.stream)
                tags = []
                if stream._tags is not None:
                    index = {id(box): n for n, box in enumerate(page._page_box.descendants(placeholders=True))}
                    tags = [(index[id(box)], value) for box, value in stream._tags.items()]
                self._pages.append((content, tags))
            except BaseException:  # this process draws the page again, and says what went wrong
                self._failed = traceback.format_exc()

    def send(self, stream) -> None:
        """Send the pages drawn and what they added to the shared state (or why they cannot be taken), and leave."""
        try:
            try:
                result = ("failed", self._failed) if self._failed is not None else self._result(stream)
            except Exception as exc:  # something it cannot send: this process draws them
                result = ("failed", f"{type(exc).__name__}: {exc}")
            mark("page", "pages drawn")
            data = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(data)
            while view:
                view = view[os.write(self._pipe, view) :]
        finally:
            os._exit(0)

    def _result(self, stream) -> tuple[str, object]:
        import pydyf

        if self._logged.messages:
            return "failed", f"WeasyPrint logged: {self._logged.messages[0]}"
        for kind in ("Pattern", "Shading"):
            if set(stream._resources[kind]) - self._resources[kind]:
                return "failed", f"a new {kind}"
        before = len(self._resources["XObject"])
        groups = [value for key, value in stream._resources["XObject"].items() if key not in self._resources["XObject"]]
        if [group.id if isinstance(group, pydyf.Stream) else None for group in groups] != [
            f"x{before + n}" for n in range(len(groups))
        ]:
            return "failed", "an image"  # only groups (x0, x1, …, counted) are taken; an image is named by itself
        if set(stream._images) - self._images:
            return "failed", "a new image"
        states = [
            (key, value)
            for key, value in stream._resources["ExtGState"].items()
            if key not in self._resources["ExtGState"]
        ]
        if any(not _NAMED_STATE.fullmatch(key) for key, _ in states):
            return "failed", "a counted graphics state"
        fonts, new = [], []
        for key, font in stream._fonts.items():
            if key not in self._fonts:
                new.append((key, self._described[key], _fingerprint(font)))
                self._fonts[key] = (set(), set(), 0)
            unicode_before, widths_before, missing = self._fonts[key]
            if len(font.missing) != missing:
                return "failed", "a missing glyph"
            fonts.append(
                (
                    key,
                    [(g, t) for g, t in font.to_unicode.items() if g not in unicode_before],
                    [(g, w) for g, w in font.widths.items() if g not in widths_before],
                )
            )
        return "pages", (self._pages, new, fonts, states, (before, [_plain(group) for group in groups]))


def declare_pango() -> None:
    """Declare the one Pango function WeasyPrint does not (a font description from its string), once, early."""
    from weasyprint.text.ffi import ffi

    global _declared
    if not _declared:
        ffi.cdef("PangoFontDescription * pango_font_description_from_string (const char *str);")
        _declared = True


_declared = False


def _fonts_described(described: dict[int, bytes]) -> None:
    """In the child: note the Pango description (with its absolute size) of each font the document uses first here."""
    from weasyprint.pdf.stream import Stream
    from weasyprint.text.ffi import ffi, pango

    add_font = Stream.add_font

    def noted(stream, pango_font):
        count = len(stream._fonts)
        added = add_font(stream, pango_font)
        if len(stream._fonts) != count:
            description = ffi.gc(
                pango.pango_font_describe_with_absolute_size(pango_font), pango.pango_font_description_free
            )
            described[next(reversed(stream._fonts))] = ffi.string(pango.pango_font_description_to_string(description))
        return added

    Stream.add_font = noted


def _font(font_map, described: bytes):
    """The document's font for a description the child sent, loaded from this process's font map (None if it is not
    the one the child used: another key)."""
    from weasyprint.pdf.fonts import Font
    from weasyprint.text.ffi import ffi, gobject, pango
    from weasyprint.text.fonts import get_pango_font_key

    description = ffi.gc(pango.pango_font_description_from_string(described), pango.pango_font_description_free)
    context = ffi.gc(pango.pango_font_map_create_context(font_map), gobject.g_object_unref)
    pango_font = pango.pango_font_map_load_font(font_map, context, description)
    if pango_font == ffi.NULL:
        return None
    pango_font = ffi.gc(pango_font, gobject.g_object_unref)
    _, description, size = get_pango_font_key(pango_font)
    return Font(pango_font, description, size)


def _fingerprint(font) -> tuple:
    """What a font writes into the PDF besides its glyphs: equal, the font loaded here is the child's."""
    return (
        font.hash,
        font.name,
        font.font_size,
        font.ascent,
        font.descent,
        font.flags,
        font.index,
        len(font.file_content),
    )


def _groups_taken(xobjects: dict, before: int, groups: list, pages: list) -> list:
    """The child's groups added to the document's, and its pages' content naming them as one process would have.

    The child named its groups x<n> counting on from the `before` the document held at the fork; this process has
    drawn more since: the same groups, counted on from here."""
    offset = len(xobjects) - before
    for group in groups:
        xobjects[f"x{len(xobjects)}"] = group
    if not offset:
        return pages
    named = re.compile(rb"/x(\d+) Do\b")

    def renamed(found: re.Match) -> bytes:
        number = int(found[1])
        return b"/x%d Do" % (number + offset) if number >= before else found[0]

    return [(named.sub(renamed, content), tags) for content, tags in pages]


def _plain(value):
    """`value` (a group, its resources) as pydyf objects alone, to cross to the other process: the same bytes written.

    A WeasyPrint stream holds the document's fonts and resources (and C pointers); its content is kept as the bytes
    pydyf joins it to. Anything but pydyf's objects and plain values raises TypeError: the child's pages are then
    drawn where they are taken."""
    import pydyf

    if isinstance(value, pydyf.Stream):
        content = b"\n".join(pydyf._to_bytes(item) for item in value.stream)
        return pydyf.Stream([content], _plain(value.extra), value.compress)
    if isinstance(value, pydyf.Dictionary):
        return pydyf.Dictionary({key: _plain(item) for key, item in value.items()})
    if isinstance(value, pydyf.Array):
        return pydyf.Array(_plain(item) for item in value)
    if value is None or isinstance(value, str | bytes | int | float | pydyf.String):
        return value
    raise TypeError(f"cannot send {type(value).__name__}")


def _cost(page, weights: dict[str, int]) -> float:
    """What drawing `page` costs, in milliseconds, roughly: its boxes and its charts' SVG."""
    from weasyprint.formatting_structure.boxes import ReplacedBox

    boxes, svg = 0, 0
    for box in page._page_box.descendants(placeholders=True):
        boxes += 1
        if isinstance(box, ReplacedBox):
            svg += weights.get(getattr(box.replacement, "_base_url", ""), 0)
    return _PAGE_MS + _BOX_MS * boxes + _SVG_KB_MS * svg / 1024


def _split(costs: list[float], start: int) -> int:
    """The first page the child draws: the pages from `start` on parted so that both sides end soonest."""
    best, split = sum(costs[start:]), len(costs)
    for k in range(start + 1, len(costs)):
        ends = max(sum(costs[start:k]), sum(costs[k:]) + _CHILD_MS)
        if ends < best:
            best, split = ends, k
    return split


class _InterruptHeld(contextlib.AbstractContextManager):
    """SIGINT noted, not raised, while the block runs (in the main thread; elsewhere signals cannot be set), then
    raised as KeyboardInterrupt by the handler there was; `ignore()` ignores it instead from then on (the child)."""

    def __init__(self) -> None:
        import signal

        self._noted: list[int] = []
        self._ignored = False
        try:
            self._previous = signal.signal(signal.SIGINT, lambda signum, _frame: self._noted.append(signum))
        except ValueError:  # not the main thread
            self._previous = None

    def ignore(self) -> None:
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        self._ignored = True

    def __exit__(self, *exc) -> None:
        import signal

        if self._previous is None or self._ignored:
            return
        signal.signal(signal.SIGINT, self._previous)
        if self._noted and callable(self._previous):
            self._previous(signal.SIGINT, None)


def _kill(pid: int) -> None:
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
