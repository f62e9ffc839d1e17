"""Shared fixtures: joint-test folders, one build of each report, and a guard that fails on renderer warnings."""

from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path

import pytest

from report.build import Built, build_outputs
from report.load import load
from report.provenance import Provenance

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# A fixed provenance, so that outputs compared across commits do not change with the commit.
PROVENANCE = Provenance("0.0.test", "0000000000ab", "3.11.test", (("weasyprint", "70.0"),))


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_renderer_warnings():
    """Any warning WeasyPrint (or fontTools under it) logs fails the test."""
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


def _build(path: Path) -> Built:
    return build_outputs(load(path), PROVENANCE)


@pytest.fixture(scope="session")
def default_built() -> Built:
    """The default joint test built once."""
    return _build(DATA)


@pytest.fixture(scope="session")
def repeated_built() -> Built:
    """Fixture A built once."""
    return _build(FIXTURES / "repeated")


@pytest.fixture(scope="session")
def gates_fail_built() -> Built:
    """Fixture B built once."""
    return _build(FIXTURES / "gates_fail")


@pytest.fixture(scope="session")
def economics_built() -> Built:
    """Fixture C ([economics], [environment], frequent failures) built once."""
    return _build(FIXTURES / "economics")


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    """The PDF's text in reading order, by poppler's pdftotext."""
    path = tmp_path / "text.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="session")
def white_paper_zh_built() -> Built:
    """examples/white-paper-zh, the Chinese report (its test.toml's language), built once."""
    return _build(ROOT / "examples" / "white-paper-zh")
