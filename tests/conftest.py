"""Shared fixtures: joint-test folders, one build of each report, and a guard that fails on renderer warnings."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

from report.pipeline.stages import Built
from report.provenance import Provenance
from tests.builds import Builds
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that uses a whole built report (a `*_built` fixture, or `builds`) is slow: `make test-fast` leaves it out."""
    for item in items:
        if any(name.endswith("_built") or name == "builds" for name in getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


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


@pytest.fixture(scope="session")
def builds(tmp_path_factory) -> Builds:
    """Whole reports built once per run (tests/builds.py): under pytest-xdist, shared by the workers through the run's
    temporary folder (each worker's basetemp is a folder in it); alone, kept in this process."""
    shared = tmp_path_factory.getbasetemp().parent / "builds" if os.environ.get("PYTEST_XDIST_WORKER") else None
    return Builds(shared)


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
