"""The heaviest decision page ends on its page, and the formal cover's statement on its own (tests/fixtures/
decision_heavy: cold tests 16's U, with a price, asynchronous saves, loads, a client sweep and a projection, given names
of about 100 characters and a revision history). Cold tests 17-20: W en ran two lines onto page 3, AA en said "Continued
on page 3", Z's statement spilled onto page 2, AC's decision page (no formal cover) continued on page 2. The renderer
leaves the page's lines to the body, in SHED_ORDER's order, until it holds (report/pdf/renderer.py), moving none to a
page of its own."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

HEAVY = FIXTURES / "decision_heavy"
WORDS = {
    # the statement's last words; the decision page's first words and its last element's (the sixth tile's label and
    # note, the fixture's one load pair against CV-300); the contents' title; what a page that runs over says
    "en": (
        "agrees in writing.",
        "Recommendation:",
        ("faster model loading", "than CV-300, 1 model/platform pair"),
        "Contents",
        ("Continued on page", "Decision page (continued)"),
    ),
    "zh-CN": (
        "书面同意，不得部分复制。",
        "建议：",
        ("模型加载加速比", "以 CV-300 为基线，1 种模型与平台组合"),
        "目录",
        ("续见第", "决策页（续）"),
    ),
}


def _pages(pdf: bytes, tmp_path: Path) -> list[str]:
    """The first three pages' text, each without its line breaks."""
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-l", "3", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return [page.replace("\n", "") for page in text.split("\f")]


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_heaviest_decision_page_ends_on_its_page_after_a_formal_cover_of_its_own(language, builds, tmp_path):
    last, first, ending, contents, over = WORDS[language]
    one, two, three = _pages(builds.get(HEAVY, language).pdf, tmp_path)[:3]
    assert last in one and last not in two, f"the formal cover runs onto page 2: {two[:200]!r}"
    assert first in two and first not in one
    assert all(words in two for words in ending), f"the decision page does not end on page 2: {two[-300:]!r}"
    assert not any(words in three for words in ending)
    assert not any(word in two + three for word in over), "the decision page moved lines to a page of its own"
    assert contents in three
