"""The running header: the report's title on one line beside the section's name, a gap between them (print.css's
@page). Cold read 20, AB: a title of 130 characters wrapped onto two lines, its "joint" against the section's
"Contents" ("...joint Contents"). tests/fixtures/decision_heavy's title is longer (141 characters)."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.conftest import FIXTURES

HEAVY = FIXTURES / "decision_heavy"
#: the section's name page 3 (the contents) carries in its header
SECTION = {"en": "Contents", "zh-CN": "目录"}
#: the header's band: above the page's 22 mm top margin (pt)
TOP = 22 / 25.4 * 72
#: the least gap between the title's end and the section's name: 3 mm (pt)
GAP = 3 / 25.4 * 72

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(SECTION))
def test_the_running_title_keeps_one_line_and_its_distance_from_the_section(language, builds, tmp_path):
    path = tmp_path / "report.pdf"
    path.write_bytes(builds.get(HEAVY, language).pdf)
    command = ["pdftotext", "-f", "3", "-l", "3", "-bbox", str(path), "-"]
    words = [
        (float(x0), float(y0), float(x1), text)
        for x0, y0, x1, y1, text in WORD.findall(
            subprocess.run(command, check=True, capture_output=True, text=True).stdout
        )
        if float(y1) < TOP
    ]
    section = [w for w in words if w[3] == SECTION[language]]
    title = [w for w in words if w[3] != SECTION[language]]
    assert len(section) == 1 and title, words
    # one line: its words' tops within 3 pt (a Chinese glyph's top sits 1.4 pt above a Latin one's; a line is 9 pt)
    tops = [y0 for _x0, y0, _x1, _text in title]
    assert max(tops) - min(tops) < 3, f"the title wraps: {title}"
    assert max(x1 for _x0, _y0, x1, _text in title) + GAP < section[0][0], (
        f"the title runs against the section: {words}"
    )
