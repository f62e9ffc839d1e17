"""Whole reports built once per test run and shared: by every test, and every pytest-xdist worker, asking for the same
joint test in the same language.

A build is 2-15 s and many test modules read the same report (the default joint test, in English and in Chinese, is
read by a dozen), so `make test` builds each (folder, language) once: the first worker to ask builds it under a file
lock while the others wait, and leaves it (pickled) in the run's own temporary folder, which every worker of that run
shares and no other run reads. Builds are deterministic (tests/test_reproducible.py), so which worker built it does not
change a byte; the key is the folder, every input byte and the language. Every build here is strict about translations
(`i18n.strict()`: a message missing from the catalog raises, as tests/test_i18n.py requires of every folder), which
changes no byte of a build that succeeds. Anything WeasyPrint (or fontTools under it) logs while building is kept with the outputs and fails every
test that takes them, as tests/conftest.py's `no_renderer_warnings` fails the test in which a renderer logs.

Only builds of unchanged repository folders, with the fixed PROVENANCE and no monkeypatching, come from here: a test
that edits its folder, patches the pipeline, or checks what building twice in one process gives builds its own.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import hashlib
import logging
import os
import pickle
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from report import i18n
from report.inputs.joint_test import JointTest, read_joint_test
from report.pipeline.stages import Built, Final, Layout, build_outputs, pack_inputs, produce
from report.provenance import Provenance

RENDERER_LOGGERS = ("weasyprint", "weasyprint.progress", "fontTools")

#: Whether the running test monkeypatches (tests/conftest.py sets it before each test): nothing made before it, or
#: during it, may be handed on (tests/sections/helpers.py's contexts).
patching: list[bool] = [False]


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def collected_after() -> Iterator[None]:
    """A whole build in this process with the cyclic garbage collector off, as `python -m report` builds (report/
    __main__.py), and its garbage collected once when it ends. With the collector on, a build here spent 0.5-0.8 CPU-s
    of its 3.7-4.3 in it (the default joint test), mostly in full collections that walk every object of the test
    process again and again; off, every object the build made stays in the youngest generation, which one collection
    of that generation alone frees (0.15-0.27 CPU-s), the test process's older objects left unwalked. Also a whole
    verify test (tests/conftest.py's `rebuilds_once`), as `python -m report verify` runs."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.collect(0)
        gc.enable()


def _built_here(folder: Path, language: str) -> tuple[Built, list[str]]:
    """One build in this process, and what the renderer logged meanwhile (warnings and worse)."""
    # Imported here: tests/conftest.py imports this module, and PROVENANCE lives there.
    from tests.conftest import PROVENANCE

    handler = _Collect()
    loggers = [logging.getLogger(name) for name in RENDERER_LOGGERS]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        with i18n.strict(), collected_after():
            built = build_outputs(read_joint_test(folder), PROVENANCE, language)
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
    return built, [r.getMessage() for r in handler.records]


def html_edition(test: JointTest, prov: Provenance, language: str | None = None) -> Built:
    """report.html and metrics.json of `test` without its PDF (Built.pdf is empty): `build_outputs`'s data side
    (`produce`, every stage but WeasyPrint's layout and painting), which gives the same bytes as the whole build
    (tests/pipeline/test_build.py checks it), for a test that reads only those two: the PDF is two-thirds of a build's
    time. Like a build, it prints the inputs' language warning on standard error."""
    packer = pack_inputs(test.raw)
    try:
        with collected_after():
            parts = list(produce(test, prov, packer, language))
    finally:
        packer.close()
    layout, final = parts[0], parts[-1]
    assert isinstance(layout, Layout) and isinstance(final, Final)
    return Built(final.html, b"", final.metrics, layout.date_iso)


def content_key(raw: Mapping[str, bytes], language: str) -> str:
    """What a build's outputs depend on besides the generator: the input files (names and bytes) and the language."""
    key = hashlib.sha256(language.encode() + b"\0")
    for name in sorted(raw):
        key.update(name.encode() + b"\0" + hashlib.sha256(raw[name]).digest())
    return key.hexdigest()


class Builds:
    """Reports by (folder, language): in this process's memory, and under `shared` (None: this process only)."""

    def __init__(self, shared: Path | None) -> None:
        self.shared = shared
        self.memo: dict[str, tuple[Built, list[str]]] = {}
        self.made = 0  #: builds this process made (the rest came from memory or another worker)
        self.by_content: dict[str, str] = {}  #: content_key -> the digest of a build in memo (or under `shared`)

    def get(self, folder: Path, language: str | None = None) -> Built:
        """The report of the repository's joint-test folder `folder` in `language` (None: its test.toml's), built with
        tests/conftest.py's PROVENANCE inside `i18n.strict()`; its renderer's warnings fail the caller."""
        test = read_joint_test(folder)
        language = language or test.config.language
        key = hashlib.sha256()
        for part in (str(Path(folder).resolve()), language):
            key.update(part.encode() + b"\0")
        for name in sorted(test.raw):
            key.update(name.encode() + b"\0" + hashlib.sha256(test.raw[name]).digest())
        digest = key.hexdigest()
        if digest not in self.memo:
            self.memo[digest] = self._load_or_build(digest, Path(folder), language)
            self._index(content_key(test.raw, language), digest)
        built, messages = self.memo[digest]
        assert not messages, f"the renderer logged warnings: {messages}"
        return built

    def _index(self, content: str, digest: str) -> None:
        """Note that the build `digest` is of the inputs and language `content` (`content_key`), for `made_of`."""
        self.by_content[content] = digest
        if self.shared is not None and not (pointer := self.shared / f"content-{content}").exists():
            part = pointer.with_suffix(f".{os.getpid()}.part")
            part.write_text(digest)
            os.replace(part, pointer)

    def made_of(self, raw: Mapping[str, bytes], language: str) -> Built | None:
        """The report already built here or by another worker (never built for the asking) from exactly the input
        files `raw` (names and bytes) in `language`, with PROVENANCE; None when there is none."""
        content = content_key(raw, language)
        digest = self.by_content.get(content)
        if digest is None and self.shared is not None and (pointer := self.shared / f"content-{content}").exists():
            digest = pointer.read_text()
        if digest is None:
            return None
        if digest not in self.memo:
            assert self.shared is not None
            self.memo[digest] = pickle.loads((self.shared / f"{digest}.pickle").read_bytes())
        built, messages = self.memo[digest]
        assert not messages, f"the renderer logged warnings: {messages}"
        return built

    def _load_or_build(self, digest: str, folder: Path, language: str) -> tuple[Built, list[str]]:
        if self.shared is None:
            self.made += 1
            return _built_here(folder, language)
        self.shared.mkdir(parents=True, exist_ok=True)
        path = self.shared / f"{digest}.pickle"
        with open(self.shared / f"{digest}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if the build raises
            if path.exists():
                return pickle.loads(path.read_bytes())
            entry = _built_here(folder, language)
            self.made += 1
            part = path.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(pickle.dumps(entry))
            os.replace(part, path)
            return entry


class Rebuilds:
    """verify's rebuilds, each (the same attachments, generator and language) made once per process by verify's own
    rebuild (`report.pipeline.build.rebuild`: its worker, over its pipe) and handed again to the next verify that asks,
    with the attachments taken from its dict and its worker stopped, as `rebuild` leaves them. A build is deterministic
    (tests/test_reproducible.py, tests/pipeline/test_build.py), and the verify tests forge the default report's pages
    over its genuine attachments again and again (tests/verify/test_check.py: 10 of its 19 rebuilds repeated one made
    before). The rebuild of a genuine report that `builds` (a Builds) already holds, by PROVENANCE from the same files
    in the same language, is that build without its HTML edition, as verify's rebuild gives it (tests/pipeline/
    test_build.py checks that both give the build's bytes). Inputs left deflated for the worker
    (attachments.Compressed) and a failing rebuild go to verify's rebuild every time; a test that sets its own
    `build.rebuild` replaces this one (tests/conftest.py's `rebuilds_once`). A build a test made itself of unchanged
    code (`built_noted`) answers the rebuild of its attachments too, whatever its provenance."""

    def __init__(self) -> None:
        self.made: dict[tuple, tuple] = {}

    def wrap(self, real: Callable, builds: Builds | None = None) -> Callable:
        def rebuild(raw: dict, prov: Provenance, language: str | None, worker: Any = None) -> tuple:
            if isinstance(worker, Unstarted):
                worker = None  # verify's real rebuild starts its worker as a build does
            if not all(isinstance(data, bytes | bytearray) for data in raw.values()):
                return real(raw, prov, language, worker)
            key = _key(raw, prov, language)
            if key not in self.made and (made := _made_before(builds, raw, prov, language)) is not None:
                self.made[key] = made
            if key in self.made:
                raw.clear()
                if worker is not None:
                    worker.stop()
            else:
                self.made[key] = real(raw, prov, language, worker)
            return self.made[key]

        return rebuild

    def note(self, test: JointTest, prov: Provenance, language: str, built: Built) -> None:
        """`built`, a build of `test` by `prov` in `language` that this process made with the generator unchanged,
        kept as what verify's rebuild of its attachments gives (without the HTML edition)."""
        self.made[_key(test.raw, prov, language)] = (
            Built(b"", built.pdf, built.metrics, built.date_iso),
            tuple(test.raw),
        )


#: This process's Rebuilds: tests/conftest.py's `rebuilds_once` puts it in verify's way.
REBUILDS = Rebuilds()


def built_noted(test: JointTest, prov: Provenance, language: str) -> Built:
    """`build_outputs` of `test`, also kept in REBUILDS, so that verify's rebuild of its attachments (in a test that
    uses `rebuilds_once`) is this build and not another. Only with the generator unchanged (no monkeypatching)."""
    with collected_after():
        built = build_outputs(test, prov, language)
    REBUILDS.note(test, prov, language, built)
    return built


class Unstarted:
    """What verify's `build.start_worker` gives under `rebuilds_once`: no process. verify starts its worker before it
    reads the report, for a rebuild that Rebuilds often answers, or that a refusal makes unneeded (its imports cost
    about 0.5 CPU-s a verify); a rebuild Rebuilds cannot answer starts its own."""

    def stop(self) -> None:
        """Nothing was started."""


def _key(raw: Mapping[str, bytes], prov: Provenance, language: str | None) -> tuple:
    return tuple(sorted((name, hashlib.sha256(data).digest()) for name, data in raw.items())), prov, language


def _made_before(
    builds: Builds | None, raw: dict, prov: Provenance, language: str | None
) -> tuple[Built, tuple[str, ...]] | None:
    """What verify's rebuild gives for `raw`, from a build `builds` holds of the same files, or None."""
    from report.inputs.joint_test import parse
    from tests.conftest import PROVENANCE

    if builds is None or prov != PROVENANCE or language is None:
        return None
    built = builds.made_of(raw, language)
    if built is None:
        return None
    read = tuple(parse(dict(raw)).raw)  # the inputs the rebuild reads, as build.rebuild_here names them
    return Built(b"", built.pdf, built.metrics, built.date_iso), read
