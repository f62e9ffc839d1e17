"""The customer pages (page 1 up to the appendices, the formal cover too) name no file, key or command of the tool
(issue 45; CONTRACT.md, "The report as a deliverable", settled point 13): no test.toml, metrics.json, `python -m report`,
TOML table, configuration key, CSV name or column, formula variable. A customer reads Appendices A and B too (zh reading
8, H-m5: mean_B, write_gbps and `python -m report measure` in Appendix B): they name none of it either, but for the
attached CSV files Appendix A lists by name. The colophon keeps the files, checksums, and the verify and measure
commands; text taken from the inputs is printed as given, so it is set aside before the search."""

import functools
import json
import re
import subprocess

import pytest
from lxml import html as lxml_html

from report import i18n
from report.formatting import sig
from report.inputs.joint_test import read_joint_test
from report.render import html as render
from tests.conftest import DATA, FIXTURES, ROOT
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
    r"\braw/[^\s,;)]*",  # an input file's path (field test 7, m19: "raw/local-disk-ext4/save-1.json")
    r"\b(?!metrics\.json)[\w-]+\.(?:json|log|out|txt|fio|yaml)\b",  # an input file's name
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
    return sorted({t for t in texts if t}, key=len, reverse=True)


#: The attached files Appendix A names its tables by (the inputs as given), which the customer holds.
ATTACHED_CSV = re.compile(r"\b(?:save_times|bandwidth|load_times|restore_times|scaling)\.csv\b")


def customer_text(page: str, given: list[str], appendices: bool = False) -> str:
    """The text of the customer pages of a report's HTML: every section but the appendices (with `appendices`, every
    section but the colophon, Appendix A's names of the attached CSV files set aside), the inputs' own text removed,
    no-break spaces and word joiners as a reader copies them."""
    doc = lxml_html.fromstring(page)
    left_out = '@id="colophon"' if appendices else 'contains(concat(" ", @class, " "), " appendix ")'
    for element in doc.xpath(f"//section[{left_out}]|//head|//style"):
        element.getparent().remove(element)
    for caption in doc.xpath('//section[@id="raw"]//figcaption'):
        for element in caption.iter():
            element.text = ATTACHED_CSV.sub(" ", element.text or "")
            element.tail = ATTACHED_CSV.sub(" ", element.tail or "") if element is not caption else element.tail
    text = doc.text_content().replace(i18n.NO_BREAK_SPACE, " ").replace(i18n.WORD_JOINER, "")
    for t in given:
        text = text.replace(i18n.typeset(t).replace(i18n.NO_BREAK_SPACE, " ").replace(i18n.WORD_JOINER, ""), " ")
        text = text.replace(t, " ")
    return text


def named(text: str) -> list[str]:
    """What `text` names of the tool's files, keys and commands."""
    text = OTHER_TOOLS.sub(" ", text)
    return [found for pattern in FORBIDDEN for found in re.findall(pattern, text)]


@functools.cache
def _built(name: str, language: str) -> tuple[str, dict]:
    """A joint test's HTML page and its metrics as metrics.json holds them, built once per test session."""
    with i18n.activate(language):
        ctx, m = build(FOLDERS[name])
        page = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    return page, json.loads(json.dumps(m.to_dict()))


@pytest.mark.parametrize("language", ["en", "zh-CN"])
@pytest.mark.parametrize("name", list(FOLDERS))
def test_the_customer_pages_name_no_file_key_or_command_of_the_tool(name, language):
    page, _metrics = _built(name, language)
    text = customer_text(page, _given(FOLDERS[name]), appendices=True)
    assert named(text) == []
    # the colophon still carries them: the verify command
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
    assert named("imported from fio-3.33 output: 3 files, raw/disk/save-1.json … raw/disk/save-3.json") == [
        "raw/disk/save-1.json",
        "raw/disk/save-3.json",
        "save-1.json",
        "save-3.json",
    ]


#: The figures a decision hangs on (metrics.json paths), each with what follows it where it is printed: a ratio its ×
#: (Chinese: 倍, or after 加速比为 with nothing), or a dash as the low end of a span; a percentage its %; a count of
#: GPUs or money neither.
RATIO, LOW_END = "×| ?倍|(?<=加速比为 …)", "×|–| ?倍|至|(?<=加速比为 …)"
DECISION_FIGURES = {
    "save.speedup": LOW_END,
    "save.speedup_ci95.0": LOW_END,
    "save.speedup_ci95.1": RATIO,
    "bubble.duration_reduction_pct": "%",
    "bubble.baseline_bubble_pct": "%",
    "bubble.candidate_bubble_pct": "%",
    "bubble.gpu_equivalents": "(?![%×倍])",
    "reliability.optimum_gpu_equivalents": "(?![%×倍])",
    "load.speedup_min": LOW_END,
    "load.speedup_max": RATIO,
    "without_outliers.speedup": LOW_END,
    "economics.optimum_cluster_value_per_year": "",
}


def _figure(metrics: dict, path: str) -> float | None:
    value = metrics
    for key in path.split("."):
        if value is None:
            return None
        value = value[int(key)] if isinstance(value, list) else value.get(key)
    return value if isinstance(value, float) else None


def prose(page: str) -> str:
    """The customer pages' running text (page 1's tiles and reasons, paragraphs, lists, captions), tables left out:
    a table is a figure's home, the text around it says it in words."""
    doc = lxml_html.fromstring(page)
    for element in doc.xpath('//section[contains(concat(" ", @class, " "), " appendix ")]|//head|//style|//table'):
        element.getparent().remove(element)
    return doc.text_content().replace(i18n.NO_BREAK_SPACE, " ").replace(i18n.WORD_JOINER, "")


def pattern(printed: str, after: str) -> str:
    """The regular expression of a figure printed as `printed` and followed by `after` (DECISION_FIGURES); "加速比为"
    before it stands for a ratio's × in Chinese."""
    figure = rf"(?<![\d.,]){re.escape(printed)}(?![\d])"
    follows = "|".join(a for a in after.split("|") if not a.startswith("(?<="))
    if "加速比为" in after:
        return rf"(?:{figure}(?:{follows})|(?<=加速比为 ){figure}|(?<=加速比为){figure})"
    return rf"{figure}(?:{follows})" if follows else figure


def repeats(text: str, metrics: dict) -> dict[str, int]:
    """How often each decision figure is printed (as the report prints it, three significant digits) in `text`."""
    counts = {}
    for path, after in DECISION_FIGURES.items():
        value = _figure(metrics, path)
        if value is not None and value != 0:
            counts[path] = len(re.findall(pattern(sig(abs(value)), after), text))
    return counts


#: Other figures that print as a decision figure does in a joint test, by fixture: their phrases are set aside before
#: the count (the count sees digits, not which figure they are).
COINCIDENT = {
    # 6 saves of 55 s save 330 s: the throughput gain (12,660 ÷ 12,330 − 1) prints as the candidate's bubble share
    # and the other size's ratio, at 4 GPUs, is the training model's
    "economics": r"2\.68% more steps|步数增加 2\.68%|2\.00× at \d|时为 2\.00 倍|a ratio of 2\.00×|加速比为 2\.00 倍",
    "retune": r"2\.68% more steps|步数增加 2\.68%|2\.00× (?:the largest|at \d)|最大检查点的 2\.00 倍|时为 2\.00 倍|a ratio "
    r"of 2\.00×|加速比为 2\.00 倍",
    # a 0.157% shorter run is a 0.157% throughput gain at these digits
    "imports": r"0\.157% more steps|步数将?增加 0\.157%",
    # the candidate's bandwidth is 2.00× the baseline's, as its load speedup is
    "gates_fail": r"2\.00× (?:the bandwidth|as much)|bandwidth ratio \(2\.00×\)|是基线的 2\.00 倍|带宽之比（2\.00 倍）",
}


@pytest.mark.parametrize("language", ["en", "zh-CN"])
@pytest.mark.parametrize("name", list(FOLDERS))
def test_no_decision_figure_is_said_more_than_four_times(name, language):
    """Issue 45: each fact is argued in its section; page 1 and the summary state it and point there; the Q&A points
    there. A decision figure printed five times or more on the customer pages is a fact said over and over (the
    fourth cold read counted "0.0900 个百分点" 7 times)."""
    page, metrics = _built(name, language)
    text = prose(page)
    if name in COINCIDENT:
        text = re.sub(COINCIDENT[name], " ", text)
    counts = repeats(text, metrics)
    assert {path: n for path, n in counts.items() if n > 4} == {}
    assert counts["save.speedup"] >= 1


def test_the_count_finds_a_figure_said_again():
    metrics = {"save": {"speedup": 1.8968, "speedup_ci95": [1.64, 2.21]}}
    text = "1.90× by the means; 1.90×, not 11.90× or 1.905×, 1.90% and 21.90; interval 1.64–2.21×"
    assert repeats(text, metrics) == {"save.speedup": 2, "save.speedup_ci95.0": 1, "save.speedup_ci95.1": 1}
    chinese = "加速比为 1.90（95% 置信区间为 1.64 倍至 2.21 倍），1.90 倍，均值之比 1.90%"
    assert repeats(chinese, metrics) == {"save.speedup": 2, "save.speedup_ci95.0": 1, "save.speedup_ci95.1": 1}
    page = "<html><body><p>1.90×</p><table><tr><td>1.90×</td></tr></table><section class='appendix'>1.90×</section>"
    assert repeats(prose(page + "</body></html>"), metrics)["save.speedup"] == 1


def _pages(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


@pytest.mark.slow
def test_the_printed_customer_pages_name_none_of_it(tmp_path, formal_zh_built, builds):
    """The PDF's pages up to the colophon, formal cover and Appendices A and B included, as pdftotext reads them
    (footers too); Appendix A's tables named by their attached CSV files."""
    english = builds.get(FIXTURES / "formal", "en").pdf
    for pdf, colophon in ((english, "Appendix C"), (formal_zh_built.pdf, "附录 C")):
        pages = _pages(pdf, tmp_path)
        first = next(n for n, page in enumerate(pages) if n > 2 and re.search(rf"^\s*{colophon}", page, re.M))
        customer = "\n".join(pages[:first]) + pages[first][: re.search(rf"^\s*{colophon}", pages[first], re.M).start()]
        assert named(ATTACHED_CSV.sub(" ", customer.replace(i18n.NO_BREAK_SPACE, " "))) == []
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


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_no_tool_trace_in_the_assumptions_or_the_evidence(language):
    """zh cold read 5b, M-22/A-12: a bare "Tool default" / 工具默认值 in the assumptions table, 录入的输入（按 CSV 文件原样采用）
    in the summary, and a share of the bandwidth as "0.156×". data/ (defaults, supplied save times) and repeated
    (supplied CSVs): assumed values say so, the records are a plain sentence, a share is a percent."""
    from report import i18n
    from tests.sections.helpers import build, section, texts

    with i18n.activate(language):
        for source in (ROOT / "data", FIXTURES / "repeated"):
            ctx, _m = build(source)
            words = " ".join(texts(section(ctx, "setup").blocks) + texts(section(ctx, "summary").blocks))
            tables = " ".join(
                " ".join(map(str, row)) for b in section(ctx, "setup").blocks for row in getattr(b, "rows", ())
            )
            # the contract's "the tool's default, not agreed with the customer" said by what it means, without the
            # tool a customer never sees (cold read 14c, P-m4; zh reading 14c, P-m1)
            assert "工具" not in tables and "tool" not in tables.lower() and "常规取值" not in tables
            assert ("Reference value (not agreed with the customer)" in tables) or ("参考值（未与客户约定）" in tables)
            assert "CSV" not in words.replace("save_times.csv", "")
            assert "录入的输入" not in words
        ctx, _m = build(FIXTURES / "repeated")
        # the share is the bubble section's, where the demand is argued (the summary points there: cold read 14c)
        summary = " ".join(texts(section(ctx, "summary").blocks) + texts(section(ctx, "bubble").blocks))
        assert "0.142×" not in summary and "0.142 倍" not in summary and "14.2%" in summary


@pytest.mark.parametrize("name", list(CHINESE))
def test_the_summary_points_to_the_sections_that_argue_the_interval_and_the_demand(name):
    """Cold read 14c, P-m3 and Q-m8: the 64-to-2,018-steps sentence on pages 2, 4 and 12, the 264 / 56.0 / 17.0 / 619
    paragraph on pages 2, 3, 10 and 17. The summary states the finding in a clause and points to its section: it
    prints neither the steps re-tuning must reach to match the candidate (the failure section's) nor, where the demand
    stays within the bandwidth tested on average, the cluster's bandwidth demand (the training bubble section's)."""
    from report.formatting import sig
    from report.wording.capacity import _demand_within
    from report.wording.retuning import break_even_words, tuning_sentence
    from tests.sections.helpers import build, section, texts

    ctx, m = build(CHINESE[name])
    summary = " ".join(texts(section(ctx, "summary").blocks)).replace(i18n.NO_BREAK_SPACE, " ")
    if tuning_sentence(m) is not None and break_even_words(m):
        assert break_even_words(m).strip() not in summary
        assert "“Failures and the checkpoint interval”" in summary
    if m.cluster.candidate is not None and _demand_within(m):
        peak = sig(m.cluster.candidate.peak_write_gbps)
        assert f"{peak} GB/s" not in summary and "weighed in “Training bubble analysis”" in summary


#: How the customer pages must not name a value nobody agreed: after the tool a customer never sees, or as 常规取值
#: beside agreed targets (cold read 14c, P-m4 and Q-B1; zh reading 14c, P-m1): a reference value, not agreed with the
#: customer (report/wording/reference.py).
TOOL_SETTINGS = re.compile(r"tool's default|tool's own|Tool default|工具默认|工具的|常规取值|instead of the tool", re.I)


@pytest.mark.parametrize("language", ["en", "zh-CN"])
@pytest.mark.parametrize("name", list(FOLDERS))
def test_a_value_nobody_agreed_is_a_reference_value_not_the_tool_s(name, language):
    page, _metrics = _built(name, language)
    text = prose(page) + " ".join(lxml_html.fromstring(page).xpath("//table//text()"))
    assert TOOL_SETTINGS.findall(text) == []
