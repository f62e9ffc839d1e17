"""Shared fixtures: joint-test folders, one build of each report, and a guard that fails on renderer warnings."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from report.pipeline.stages import Built
from report.provenance import Provenance
from tests import mounts
from tests.builds import REBUILDS, Builds, Unstarted, collected_after
from tests.golden import CASES

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: data/test.toml's projection GPU line (the white paper's 64-GPU job): tests that add their own gpus take it out
#: with `without_projection_gpus`, which keeps every line number.
PROJECTION_GPUS_LINE = (
    "gpus        = 64  # the white paper's job: 8 nodes (the baseline, one local drive, is not declared node_local)\n"
)


def without_projection_gpus(text: str) -> str:
    """data/test.toml's text with its projection's gpus line blank (the line numbers kept)."""
    assert PROJECTION_GPUS_LINE in text
    return text.replace(PROJECTION_GPUS_LINE, "\n")


# A fixed provenance, so that outputs compared across commits do not change with the commit.
PROVENANCE = Provenance("0.0.test", "0000000000ab", "3.11.test", (("weasyprint", "70.0"),))

# Property tests draw the same examples on every run ("ci", the default, and what .ci/run uses): a failure is found
# again by the next run, never once in a while. HYPOTHESIS_PROFILE=explore draws new ones, for looking, not for CI.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_configure(config: pytest.Config) -> None:
    """Before anything else (once, not in each pytest-xdist worker): unmount what a killed run left (tests/mounts.py).
    In every process: the stop signals the tests send their children as they arrive from a terminal, whatever the
    suite was started under (`nohup` ignores SIGHUP, a background job of a non-interactive shell ignores SIGINT, and an
    ignored signal stays ignored across exec: a CI started with `&` saw five Ctrl-C tests' children finish, exit 0)."""
    if not hasattr(config, "workerinput") and hasattr(os, "geteuid") and os.geteuid() == 0:
        mounts.sweep()
    import signal

    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for stop in (signal.SIGHUP, signal.SIGTERM):
        if signal.getsignal(stop) == signal.SIG_IGN:
            signal.signal(stop, signal.SIG_DFL)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (`make test`): one pytest-xdist worker more than the processors this process may run on. A worker
    often waits with its processor idle: on fio's runs and their fsyncs, on a watchdog's seconds, on a shared build
    another worker is making (tests/builds.py); a third worker on two cores runs a test meanwhile. The variable
    PYTEST_XDIST_AUTO_NUM_WORKERS, as in pytest-xdist, sets the number instead."""
    if given := os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(given)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


# The longest scopes of `make test` (pytest-xdist --dist loadscope: a module, or a class, runs in one worker), longest
# first, from its latest per-scope timing (docs/benchmarks.md): they start first, so that the run ends on short ones and
# no worker is left alone with a long scope at the end. xdist's own reordering (by the number of tests in a scope) is
# turned off in the Makefile, as it put scopes of few long tests (test_reproducible, the fio sweep) last.
LONGEST_FIRST = (
    "tests/verify/test_check.py",
    "tests/pdf/test_every_folder.py::TestEveryFolderBuildsInChinese",
    "tests/measure/test_clients.py",
    "tests/test_reproducible.py",
    "tests/pdf/test_every_folder.py::TestEveryFolderBuildsInEnglish",
    "tests/pipeline/test_build.py",
    "tests/test_cli.py",
    "tests/measure/test_recorded.py",
    "tests/test_pages.py",
    "tests/measure/test_session.py",
    "tests/test_zh_style.py",
    "tests/sections/test_async_pages.py",
    "tests/pdf/test_sign.py",
    "tests/measure/test_sweep.py",
    "tests/render/test_html.py",
    "tests/test_generated_joint_tests.py",
    "tests/charts/test_collisions.py",
    "tests/inputs/ingest/test_imports.py",
    "tests/inputs/test_texts.py",
    "tests/inputs/ingest/test_real_outputs.py",
    "tests/pdf/test_patches.py",
)


def _rank(item: pytest.Item) -> int:
    for rank, scope in enumerate(LONGEST_FIRST):
        if item.nodeid == scope or item.nodeid.startswith(scope + "::"):
            return rank
    return len(LONGEST_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that uses a whole built report (a `*_built` fixture, or `builds`) is slow: `make test-fast` leaves it out.
    The longest scopes go first (LONGEST_FIRST), every other test after them in the order collected."""
    for item in items:
        if any(name.endswith("_built") or name == "builds" for name in getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    items.sort(key=_rank)


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_renderer_warnings(request):
    """Any warning WeasyPrint (or fontTools under it) logs fails the test, unless the test makes it log on purpose."""
    if request.node.get_closest_marker("renderer_fails"):
        yield
        return
    handler = _Collect()
    loggers = [logging.getLogger(n) for n in ("weasyprint", "weasyprint.progress", "fontTools")]
    for logger in loggers:
        logger.addHandler(handler)
    yield
    for logger in loggers:
        logger.removeHandler(handler)
    messages = [r.getMessage() for r in handler.records]
    assert not messages, f"the renderer logged warnings: {messages}"


@pytest.fixture(autouse=True)
def patching_noted(request):
    """tests/builds.py's `patching`: whether this test monkeypatches (its own fixtures' patches included)."""
    from tests import builds as shared

    shared.patching[0] = "monkeypatch" in request.fixturenames
    yield
    shared.patching[0] = False


@pytest.fixture
def folder(tmp_path):
    """Copy a joint-test folder (data/ or a fixture name) to a temporary place that a test may edit."""

    def make(source: str | Path = DATA) -> Path:
        src = Path(source) if isinstance(source, Path) else (DATA if source == "data" else FIXTURES / source)
        dest = tmp_path / f"test-{src.name}"
        while dest.exists():
            dest = dest.with_name(dest.name + "-again")
        shutil.copytree(src, dest)
        return dest

    return make


_BUILDS: list[Builds] = []  # this process's one Builds, made by the first fixture that needs it


def _builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    if not _BUILDS:
        shared = tmp_path_factory.getbasetemp().parent / "builds" if os.environ.get("PYTEST_XDIST_WORKER") else None
        _BUILDS.append(Builds(shared))
    return _BUILDS[0]


@pytest.fixture(scope="session")
def builds(tmp_path_factory) -> Builds:
    """Whole reports built once per run (tests/builds.py): under pytest-xdist, shared by the workers through the run's
    temporary folder (each worker's basetemp is a folder in it); alone, kept in this process."""
    return _builds(tmp_path_factory)


@pytest.fixture
def rebuilds_once(monkeypatch, tmp_path_factory) -> Iterator[None]:
    """verify's rebuilds of the same attachments made once in this process, and those of a report `builds` holds
    or a test noted (`built_noted`) taken from it (tests/builds.py's REBUILDS); verify's worker started only for a
    rebuild made (tests/builds.py's Unstarted). Not through the `builds` fixture, which would mark the test slow.
    The test runs with the garbage collector off, as `python -m report verify` does (tests/builds.py's
    collected_after): reading a report's pages with pypdf spent a quarter of its CPU in the collector."""
    from report.pipeline import build

    monkeypatch.setattr(build, "rebuild", REBUILDS.wrap(build.rebuild, _builds(tmp_path_factory)))
    monkeypatch.setattr(build, "start_worker", Unstarted)
    with collected_after():
        yield


def _built_fixture(case: str):
    folder, language = CASES[case]

    @pytest.fixture(scope="session", name=f"{case}_built")
    def built(builds) -> Built:
        return builds.get(folder, language)

    built.__doc__ = f"The golden case {case} ({folder.name}) built once."
    return built


# One session fixture per golden case (tests/golden/__init__.py lists them): default_built, repeated_built, ...
for _case in CASES:
    globals()[f"{_case}_built"] = _built_fixture(_case)


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    """The PDF's text in reading order, by poppler's pdftotext."""
    path = tmp_path / "text.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
