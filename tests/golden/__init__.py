"""The golden cases, listed once, and the readable form their outputs are kept in.

A golden report.html keeps each chart as a reference, `charts/<id>.svg`, beside it as SVG text, and each inlined font
as the SHA-256 of its bytes: a chart's change reads as an SVG diff, and every byte of the HTML is still pinned.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent
ROOT = GOLDEN.parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

#: Every golden case: its folder under tests/golden/, the joint-test folder it is built from, the language
#: (None: test.toml's). tests/conftest.py builds each once (`<name>_built`), test_golden compares, regenerate writes.
CASES: dict[str, tuple[Path, str | None]] = {
    "default": (ROOT / "data", None),
    "repeated": (FIXTURES / "repeated", None),
    "gates_fail": (FIXTURES / "gates_fail", None),
    "economics": (FIXTURES / "economics", None),
    "white_paper_zh": (ROOT / "examples" / "white-paper-zh", None),  # Chinese, from its test.toml
    "fio_local": (ROOT / "examples" / "fio-local", None),  # every input imported from fio's own output
    "formal_zh": (FIXTURES / "formal_zh", None),  # a formal deliverable in Chinese: [report], short names, CNY, NPUs
}

_CHART = re.compile(rb'(<figure class="chart" id="fig-([a-z0-9-]+)">\s*<img src=")data:image/svg\+xml;base64,([^"]*)"')
_FONT = re.compile(rb"data:font/otf;base64,([A-Za-z0-9+/=]+)")


def _fonts_digested(text: bytes) -> bytes:
    return _FONT.sub(
        lambda m: b"data:font/otf;sha256," + hashlib.sha256(base64.b64decode(m[1])).hexdigest().encode(), text
    )


def readable(html: bytes) -> tuple[bytes, dict[str, bytes]]:
    """`html` with each chart a reference to charts/<id>.svg and each font its digest; and those SVGs (fonts digested)."""
    charts: dict[str, bytes] = {}

    def reference(m: re.Match[bytes]) -> bytes:
        chart_id = m[2].decode()
        charts[f"{chart_id}.svg"] = _fonts_digested(base64.b64decode(m[3]))
        return m[1] + f"charts/{chart_id}.svg".encode() + b'"'

    return _fonts_digested(_CHART.sub(reference, html)), charts


def stored(case: str) -> tuple[bytes, dict[str, bytes]]:
    """The golden report.html of `case` and its charts, as kept on disk."""
    folder = GOLDEN / case
    charts = {p.name: p.read_bytes() for p in sorted((folder / "charts").glob("*.svg"))}
    return (folder / "report.html").read_bytes(), charts


def write(case: str, metrics: bytes, html: bytes) -> Path:
    """Keep a built report of `case` as its golden outputs, in readable form."""
    folder = GOLDEN / case
    (folder / "charts").mkdir(parents=True, exist_ok=True)
    for old in (folder / "charts").glob("*.svg"):
        old.unlink()
    page, charts = readable(html)
    (folder / "metrics.json").write_bytes(metrics)
    (folder / "report.html").write_bytes(page)
    for name, svg in charts.items():
        (folder / "charts" / name).write_bytes(svg)
    return folder
