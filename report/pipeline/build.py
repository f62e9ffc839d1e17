"""A build on two cores, and verify's rebuild: the stages (pipeline/stages.py) with the data side in a process of its
own (pipeline/worker.py, started by pipeline/spawn.py), its parts arriving through a pipe, and the outputs written as
one set (pipeline/output.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import errno
import os
import pickle
import queue
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from report.pdf.renderer import PdfRenderer
from report.pipeline import output
from report.pipeline.stages import Built, Drawn, Final, Layout, build_outputs, consume
from report.problems import InvalidInput
from report.schema import METRICS_NAME
from report.trace import mark

if TYPE_CHECKING:
    from report.provenance import Provenance


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
    from report.pipeline.worker import as_parsed, inflated

    if worker is not None:
        worker.stop()
    test = parse(as_parsed(inflated(raw)[0]))
    read = tuple(test.raw)
    return build_outputs(test, prov, language, html=False), read


def _build_two_sides(
    data_dir: Path | None, language: str | None, files=None, watch=lambda parts: parts, worker: _Worker | None = None
) -> Built:
    if worker is None:
        worker = _Worker()
    if files is None:
        if data_dir is None:
            raise TypeError("a build needs its joint-test folder, or verify's inputs (files)")
        from report import provenance

        files = (str(data_dir.absolute()), provenance.collect())  # collected here, off the worker's road to the HTML
        if (said := provenance.warning(files[1])) is not None:
            print(said, file=sys.stderr)  # the build goes on: its report says "unknown" (issue 44, W1)
    worker.send((*files, language))
    try:
        renderer = PdfRenderer()  # imports WeasyPrint while the worker loads and computes
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

    def __init__(self) -> None:
        """The worker report/__main__.py started early, else one started now (spawn.py): it imports meanwhile and
        waits for its job (`send`)."""
        from report.pipeline import spawn

        self._process, read = spawn.take()
        self._pipe = os.fdopen(read, "rb")
        self._arrived: queue.SimpleQueue = queue.SimpleQueue()
        self._receiver = threading.Thread(target=self._receive, name="worker-pipe", daemon=True)
        self._receiver.start()
        self._sender: threading.Thread | None = None

    def send(self, files: tuple) -> None:
        """Send the job: the inputs (verify's, by name) or the joint-test folder (a build's, its path), the provenance
        and the language, in a thread, so that WeasyPrint is imported meanwhile."""
        self._sender = threading.Thread(target=self._send, args=(files,), name="worker-files", daemon=True)
        self._sender.start()

    def _send(self, files: tuple[dict | str, Provenance, str | None]) -> None:
        raw, *rest = files
        # verify inflates an attachment into a bytearray (attachments._inflated): read-only, it crosses as bytes,
        # uncopied; the largest come deflated (attachments.Compressed), for the worker to inflate.
        sent = raw
        if isinstance(raw, dict):
            sent = {name: _uncopied(data) for name, data in raw.items()}
        stdin = self._process.stdin
        assert stdin is not None  # spawn.start gives the worker a pipe (stdin=PIPE) for its job
        with contextlib.suppress(BrokenPipeError, OSError), stdin:
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
                from report.pdf.attachments import Refused

                raise Refused(value)
            if kind == "environment":  # the machine's limits, reached on the data side: one line, exit 3
                raise OSError(errno.EAGAIN, value)
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
