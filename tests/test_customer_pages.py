"""The customer pages (page 1 up to the appendices, the formal cover too) name no file, key or command of the tool
(issue 45; CONTRACT.md, "The report as a deliverable", settled point 13): no test.toml, metrics.json, `python -m report`,
TOML table, configuration key, CSV name or column, formula variable. The appendices and the colophon keep them; text
taken from the inputs is printed as given, so it is set aside before the search."""

import re
import subprocess

import pytest
from lxml import html as lxml_html

from report import i18n
from report.inputs.joint_test import read_joint_test
from report.pipeline.build import build_outputs
from report.render import html as render
from tests.conftest import DATA, FIXTURES, PROVENANCE, ROOT
from tests.sections.helpers import build

FOLDERS = {
    "default": DATA,
    "economics": FIXTURES / "economics",
    "gates_fail": FIXTURES / "gates_fail",
    "retune": FIXTURES / "retune",
    "imports": FIXTURES / "imports",
    "long_names": FIXTURES / "long_names",
    "formal": FIXTURES / "formal",
    "formal_zh": FIXTURES / "formal_zh",
    "async": ROOT / "examples" / "async-70b",
    "fio": ROOT / "examples" / "fio-local",
    "white_paper_zh": ROOT / "examples" / "white-paper-zh",
}
#: What a customer page must not print: the tool's files and command, TOML tables, keys and CSV columns (snake_case),
#: CSV files, the formulas' variables.
FORBIDDEN = (
    r"test\.toml",
    r"metrics\.json",
    r"python -m report",
    r"\[\[?[a-z_.]+\]\]?",  # [async], [systems], [[projections]]
    r"(?<![-\w])[a-z]+(?:_[a-z0-9]+)+\b",  # staging_s, restart_s, node_local, write_gbps, pause_B (below)
    r"\b\w+_[BC]\b",  # pause_B, stall_C
    r"\b[a-z_]+\.csv\b",
)
#: Other tools' own names, which an engineer types as they are: PyTorch's DCP async_save, fio's options and files.
OTHER_TOOLS = re.compile(r"\basync_save\b|--[\w-]+|\b\w+_bw\.\d|fio's \w+|fio 的 \w+")


def _given(folder) -> list[str]:
    """Every text the inputs give that the report prints as given, longest first."""
    test = read_joint_test(folder)
    c = test.config
    texts = [c.title, c.customer, c.training.model, *c.sources.values()]
    texts += [getattr(c.systems, k) for k in ("candidate", "save_baseline", "load_baseline")]
    texts += list(c.systems.short.values()) + [p.name for p in c.projections]
    texts += [t for pair in c.environment for t in pair]
    texts += [v for v in vars(c.report).values() if v]
    for frame, columns in ((test.saves, ("model", "system")), (test.loads, ("model", "platform", "system"))):
        texts += [str(v) for col in columns if col in frame.columns for v in frame[col].unique()]
    if test.imported is not None:
        texts += [f for use in test.imported.tools for f in use.files]
    return sorted({t for t in texts if t}, key=len, reverse=True)


def customer_text(page: str, given: list[str]) -> str:
    """The text of the customer pages of a report's HTML: every section but the appendices, the inputs' own text
    removed, no-break spaces and word joiners as a reader copies them."""
    doc = lxml_html.fromstring(page)
    for element in doc.xpath('//section[contains(concat(" ", @class, " "), " appendix ")]|//head|//style'):
        element.getparent().remove(element)
    text = doc.text_content().replace(i18n.NO_BREAK_SPACE, " ").replace(i18n.WORD_JOINER, "")
    for t in given:
        text = text.replace(i18n.typeset(t).replace(i18n.NO_BREAK_SPACE, " ").replace(i18n.WORD_JOINER, ""), " ")
        text = text.replace(t, " ")
    return text


def named(text: str) -> list[str]:
    """What `text` names of the tool's files, keys and commands."""
    text = OTHER_TOOLS.sub(" ", text)
    return [found for pattern in FORBIDDEN for found in re.findall(pattern, text)]


@pytest.mark.parametrize("language", ["en", "zh-CN"])
@pytest.mark.parametrize("name", list(FOLDERS))
def test_the_customer_pages_name_no_file_key_or_command_of_the_tool(name, language):
    folder = FOLDERS[name]
    with i18n.activate(language):
        ctx, _m = build(folder)
        page = render.render_html(ctx, render.chart_sources(ctx.charts, None))
        text = customer_text(page, _given(folder))
    assert named(text) == []
    # the appendices still carry them: the verify command in the colophon
    assert "python -m report verify report.pdf" in page


def test_the_search_finds_what_a_customer_page_must_not_print():
    assert named("set in test.toml ([async] staging_s), see metrics.json or run python -m report verify") == [
        "test.toml",
        "metrics.json",
        "python -m report",
        "[async]",
        "staging_s",
    ]
    assert named("pause_B and save_times.csv's save_s; restart_s") == [
        "save_times",
        "save_s",
        "restart_s",
        "pause_B",
        "save_times.csv",
    ]
    assert named("PyTorch DCP async_save, fio's --write_bw_log, G1 and 3.26 GB/s") == []


def _pages(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


@pytest.mark.slow
def test_the_printed_customer_pages_name_none_of_it(tmp_path, formal_zh_built):
    """The PDF's pages up to Appendix A, formal cover included, as pdftotext reads them (footers too)."""
    english = build_outputs(read_joint_test(FIXTURES / "formal"), PROVENANCE, "en").pdf
    for pdf, appendix in ((english, "Appendix A"), (formal_zh_built.pdf, "附录 A")):
        pages = _pages(pdf, tmp_path)
        first = next(n for n, page in enumerate(pages) if n > 2 and re.search(rf"^\s*{appendix}", page, re.M))
        customer = "\n".join(pages[:first]) + pages[first][: re.search(rf"^\s*{appendix}", pages[first], re.M).start()]
        assert named(customer.replace(i18n.NO_BREAK_SPACE, " ")) == []
        assert "python -m report verify" in "\n".join(pages[first:])


#: Every joint test the tests and the examples hold, for the Chinese measures below: data/, the fixtures that are
#: folders of a joint test, the examples.
CHINESE = {
    **FOLDERS,
    "async_mode": FIXTURES / "async_mode",
    "repeated": FIXTURES / "repeated",
    "node_local": ROOT / "examples" / "node-local-72b",
    "scaling": ROOT / "examples" / "scaling-cluster",
}
#: At most this many full-width colons per full stop on the Chinese customer pages (issue 45; Chinese reading 4, M12:
#: 146 ：against 177 。 read as a translation chaining "A：B；C：D"). Labels (建议：, 结论：, G3：) and list
#: introductions keep theirs; a sentence does not hang its clause on one.
COLONS_PER_FULL_STOP = 0.4
_CJK = "\u3400-\u4dbf\u4e00-\u9fff"


@pytest.mark.parametrize("name", list(CHINESE))
def test_the_chinese_customer_pages_are_sentences_not_colon_chains(name):
    folder = CHINESE[name]
    with i18n.activate("zh-CN"):
        ctx, _m = build(folder)
        page = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    text = customer_text(page, _given(folder))
    colons, stops = text.count("："), text.count("。")
    assert stops and colons / stops <= COLONS_PER_FULL_STOP, f"{name}: {colons} ：for {stops} 。"
    assert "CNY" not in text  # money in 元 and 万元 (docs/zh-CN.md, section 8)
    # an inserted term between ideographs takes no spaces ("等效加速卡数", never "等效 加速卡 数"), in any text node
    odd = re.compile(rf"[{_CJK}][ {i18n.NO_BREAK_SPACE}]+[{_CJK}]")
    doc = lxml_html.fromstring(page)
    spaced = [t for e in doc.iter() for t in (e.text, e.tail) if t and odd.search(t)]
    assert spaced == []
