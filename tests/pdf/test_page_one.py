"""Page 1 holds on one page: while it would run over, it leaves its lines to the body, in the order sections/cover.py's
SHED_ORDER gives (docs/recommendation.md); the second row of tiles stays. Only should that not be enough does the
renderer move lines to a page of their own, under "Decision page (continued)".

The folder is one `measure` made in field test 6 (tests/fixtures/field6_tmpfs): a tmpfs candidate, not durable, some of
its runs bound by the client's CPU. Its page 1 ran over in both languages (field test 6, M1): the second row of tiles
broke across the page, their marks alone on an otherwise blank page 2.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from report import i18n
from report.pdf.renderer import SAID, drop_sheet, page_one_holds, shed_sheet
from report.sections.cover import SHED_ORDER
from tests.conftest import FIXTURES

FIELD6 = FIXTURES / "field6_tmpfs"
WORDS = {
    # page 1's last line were it to move lines, page 2's first, the second row's tile that stays, a line that stays
    # (what would change the recommendation), and the contents' title
    "en": ("Continued on page 2.", "Decision page (continued)", "GPU-equivalents", "What would change it", "Contents"),
    "zh-CN": ("续见第 2 页。", "决策页（续）", "等效卡数", "以下情况会改变这一建议", "目录"),
}


def _page(pdf: bytes, number: int, tmp_path: Path) -> str:
    """Page `number`'s text (1-based), by pdftotext -f N -l N."""
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    command = ["pdftotext", "-f", str(number), "-l", str(number), str(path), "-"]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_measured_tmpfs_folder_keeps_page_one_on_one_page(language, builds, tmp_path):
    """Page 1's text ends on page 1 with both rows of tiles, the second row's capacity tile among them (it had moved to
    page 2), and what would change the recommendation; nothing moves to a page of its own: page 2 is the contents."""
    pdf = builds.get(FIELD6, language).pdf
    pointer, continued, tile, kept, contents = WORDS[language]
    one, two = _page(pdf, 1, tmp_path).replace("\n", ""), _page(pdf, 2, tmp_path).replace("\n", "")
    assert pointer not in one and continued not in two, f"page 1 moved lines to page 2: {two[:300]!r}"
    assert tile in one and tile not in two
    assert kept in one
    assert contents in two


@pytest.mark.slow
def test_a_page_one_that_holds_moves_nothing(default_built, tmp_path):
    """The default joint test's page 1 holds: nothing moves, page 2 is the contents alone."""
    one, two = _page(default_built.pdf, 1, tmp_path), _page(default_built.pdf, 2, tmp_path)
    assert WORDS["en"][0] not in one and WORDS["en"][1] not in two
    assert "Contents" in two


def test_the_sheet_leaves_the_lines_up_to_a_place_to_the_body_and_keeps_the_tiles():
    sheet = drop_sheet(2)
    assert sheet == (
        '.cover p[data-shed="1"], .cover li[data-shed="1"], .cover p[data-shed="2"], .cover li[data-shed="2"] '
        "{ display: none !important; }\n"
    )
    # a row of tiles is a div: it stays, whatever its place (the second carries the ETTR, CONTRACT.md)
    assert "div" not in drop_sheet(len(SHED_ORDER))
    # nothing is shown on a page of its own
    assert "page-one-more" not in drop_sheet(len(SHED_ORDER)) and "shed-pointer" not in drop_sheet(len(SHED_ORDER))
    assert drop_sheet(0) == ""


def test_the_lines_the_body_says_go_before_any_reason():
    """The lines page 1 leaves before its type is set closer are those the body says in full: the client sweep, G4's
    margin, the asynchronous saves' limit, the second row (which stays), the value, the copies and the client's CPU;
    the reasons and what would change the recommendation come after."""
    assert SHED_ORDER[:SAID] == ("sweep", "g4", "async_limit", "tiles-2", "value", "copies", "cpu")
    assert set(SHED_ORDER[SAID:]) == {"reason-3", "reason-2", "changes"}


def test_the_sheet_moves_the_lines_up_to_a_place_and_no_further():
    sheet = shed_sheet(2)
    assert '.cover [data-shed="1"], .cover [data-shed="2"] { display: none !important; }' in sheet
    assert 'li[data-shed="2"]' in sheet and '"3"' not in sheet
    assert ".cover .shed-pointer" in sheet
    # the second row of tiles moves as a row, shown as a grid on page 2 (cold read 7b: page 1 shed its money before
    # the tiles the body repeats)
    assert '.page-one-more div[data-shed="2"] { display: grid !important; }' in sheet
    assert SHED_ORDER.index("tiles-2") < SHED_ORDER.index("value")
    # and before any reason (cold read 8b: the third reason, holding the recommendation's condition, had moved)
    assert SHED_ORDER.index("tiles-2") < SHED_ORDER.index("reason-3")
    # the money moves before any reason too (cold read 9: J's page 1 kept seven lines of value and moved its third
    # reason, the node-loss condition its recommendation names)
    assert SHED_ORDER.index("value") < SHED_ORDER.index("reason-3") < SHED_ORDER.index("reason-2")


def test_the_copies_for_page_two_stay_hidden_against_the_page_sheet():
    """WeasyPrint ranks the print sheet below the page's screen.css, whose `.cover-figures { display: grid }` showed the
    second row's copy for page 2 while the row stayed on page 1 (cold tests 9: printed twice): the hiding wins."""
    from report.render import TEMPLATES

    print_css = (TEMPLATES / "styles" / "print.css").read_text(encoding="utf-8")
    assert ".page-one-more, .page-one-more [data-shed], .cover .shed-pointer { display: none !important; }" in print_css


def test_the_order_keeps_what_the_contract_puts_on_page_one():
    """What the verdict rests on and the lines CONTRACT.md puts on page 1 never move: the G4 no storage could pass and
    the run a result hangs on ("verdict"), saves that would not survive a power loss, the first reason."""
    assert {"verdict", "not_durable", "reason-1"}.isdisjoint(SHED_ORDER)
    assert len(set(SHED_ORDER)) == len(SHED_ORDER)


class _Page:
    def __init__(self, *anchors: str) -> None:
        self.anchors = dict.fromkeys(anchors, (0, 0))


class _Document:
    def __init__(self, *pages: _Page) -> None:
        self.pages = list(pages)


def test_page_one_holds_when_its_end_is_on_its_first_page():
    # a box broken over two pages has its id on both: page 1 starts where it is first
    assert page_one_holds(_Document(_Page("page-1", "page-1-end"), _Page("x")))
    assert not page_one_holds(_Document(_Page("page-1"), _Page("page-1", "page-1-end")))
    assert page_one_holds(_Document(_Page("formal"), _Page("page-1", "page-1-end")))
    assert page_one_holds(_Document(_Page("x")))  # no marks (a copy not laid out for print): nothing to judge
    # a start without an end: a page 1 of fixed height whose content ran past the page, never drawn (the formal
    # fixture's decision page cut its last tiles off mid-sentence, "their saves need 2.61 GB/s on")
    assert not page_one_holds(_Document(_Page("formal"), _Page("page-1"), _Page("contents")))


def test_the_pointers_take_their_page_numbers_from_the_layout():
    """ "Continued on page N." names the page the layout puts page 2's part on (cold read 9, K-m1: a formal cover of two
    pages printed "Continued on page 3." on page 3): a link whose number the print sheet draws by target-counter."""
    from report.render.html import environment

    env = environment()
    pointer = env.from_string('{{ "Continued on page {page}."|page_of("page-one-more") }}').render()
    assert pointer == 'Continued on page <a class="page-of" href="#page-one-more"></a>.'
    cover = (Path(__file__).parents[2] / "templates" / "_cover.html").read_text(encoding="utf-8")
    assert 'id="page-one-more"' in cover and 'id="page-1"' in cover and "page=3" not in cover


def test_the_words_are_translated():
    with i18n.activate("zh-CN"):
        assert i18n._("Continued on page {page}.").format(page=2) == WORDS["zh-CN"][0]
        assert i18n._("Decision page (continued)") == WORDS["zh-CN"][1]


#: A formal report ([report]) whose decision page is dense: cold tests 12's V (a node-local baseline, a price, three
#: workloads, loads, restores), whose decision page ran onto page 3 in both languages, the value, the payback and three
#: tiles with the contents (Chinese reading 12, V-M6).
DENSE = FIXTURES / "decision_page"
DECISION = {
    # the pointers page 2 and 3 would print, and words of the value and of the second row of tiles that must stay
    "en": ("Continued on page", "Decision page (continued)", "payback", "GPU-equivalents"),
    "zh-CN": ("续见第", "决策页（续）", "回收期", "等效卡数"),
}


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(DECISION))
def test_a_formal_decision_page_keeps_the_money_and_the_tiles(language, builds, tmp_path):
    """After a formal cover the decision page (page 2) needs no title page of its own: its head is compact, so that a
    director sees the decision, the money and every tile on one page, nothing moved to page 3."""
    pdf = builds.get(DENSE, language).pdf
    pointer, continued, value, tile = DECISION[language]
    two, three = _page(pdf, 2, tmp_path).replace("\n", ""), _page(pdf, 3, tmp_path).replace("\n", "")
    assert pointer not in two, f"the decision page runs over: {two[-300:]!r}"
    assert continued not in three
    assert value in two and tile in two
    # the last tile whole, not cut off at the page's end: its closing words (the bandwidth this test logged)
    assert ("152 GB/s)" if language == "en" else "152 GB/s）") in two


#: Cold tests 16's two joint tests (docs/readings/cold-tests-16/make.py.txt): each with a formal cover, a price, loads
#: and a sweep of projections; T node-local against shared with two save models, every gate passing; U asynchronous
#: saves, a client sweep and a slow run that turns G2. U's decision page ran twelve lines onto page 3 in both languages,
#: nine of them the value line, and its tiles ran to eight lines (cold read 16, U).
COLD16 = {"T": FIXTURES / "cold16_t", "U": FIXTURES / "cold16_u"}
#: the money page 2 keeps: T's payback on the runs given in the value line below its headline, since the job's own runs
#: decide it (4.28 million CNY ÷ 10,300 CNY a year on its 22 runs = 415 years), U's in the value line
COLD16_MONEY = {
    ("T", "en"): "415 years to pay",  # "about" may end a line
    ("T", "zh-CN"): "415 年",  # "约需" may end a line, its space then gone
    ("U", "en"): "Value of the time saved",
    ("U", "zh-CN"): "节省时间的价值",
}


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(DECISION))
@pytest.mark.parametrize("name", sorted(COLD16))
def test_cold_sixteen_s_decision_pages_keep_the_decision_and_the_money(name, language, builds, tmp_path):
    """Page 2 keeps the recommendation, the money with its one payback, the verdict and both rows of tiles, nothing
    moved to page 3, in both languages. Where U's page would run over it leaves lines to the body, the value line not
    among them; before, it moved the client sweep, G4's margin and the asynchronous saves' limit to page 3."""
    pdf = builds.get(COLD16[name], language).pdf
    pointer, continued, _value, tile = DECISION[language]
    two, three = _page(pdf, 2, tmp_path).replace("\n", ""), _page(pdf, 3, tmp_path).replace("\n", "")
    assert COLD16_MONEY[name, language] in two
    assert pointer not in two, f"the decision page runs over: {two[-300:]!r}"
    assert continued not in three
    # the second row's capacity tile: "等效加速卡数" where the nodes hold accelerators other than GPUs, and
    # "Card-equivalents" on U's Gaudi 3 cards
    assert ("等效" if language == "zh-CN" else tile.replace("GPU", "")) in two
