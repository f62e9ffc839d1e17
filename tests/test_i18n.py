"""The report in two languages: every message translated, the Chinese report without English words, one set of figures."""

import hashlib
import io
import re

import pytest
from babel.messages.mofile import write_mo

from report import i18n, provenance
from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, FIXTURES, pdf_text
from tools import catalogs


def test_every_message_has_a_chinese_translation_and_the_compiled_catalog_is_current():
    catalog, untranslated = catalogs.merge(catalogs.extract(), "zh_CN")
    assert untranslated == [], "run make catalogs and translate these"
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    shipped = (i18n.LOCALE / "zh_CN" / "LC_MESSAGES" / "report.mo").read_bytes()
    assert compiled.getvalue() == shipped, "report.mo is older than report.po: run make catalogs"


def test_translations_keep_every_field_of_their_message():
    catalog, _ = catalogs.merge(catalogs.extract(), "zh_CN")
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        fields = [set(re.findall(r"\{(\w*)\}", i)) for i in ids]
        for text in strings:
            # Chinese has one plural form for every count: it may say the plural's count field ({n}) as well
            found = set(re.findall(r"\{(\w*)\}", text))
            assert fields[0] <= found <= set().union(*fields), ids[0]


def test_strict_mode_refuses_a_message_the_catalog_lacks():
    with i18n.strict(), i18n.activate("zh-CN"):
        assert i18n._("Executive summary") == "执行摘要"
        with pytest.raises(i18n.MissingTranslation):
            i18n._("A sentence nobody translated")


def test_dates_and_lists_as_each_language_writes_them():
    import datetime as dt

    day = dt.date(2026, 11, 30)
    assert i18n.date(day) == "30 November 2026" and i18n.join_words(["a", "b", "c"]) == "a, b and c"
    with i18n.activate("zh-CN"):
        assert i18n.date(day) == "2026-11-30" and i18n.join_words(["G1", "G2", "G3"]) == "G1、G2和G3"


def test_one_registry_of_languages_is_read_by_config_the_command_line_and_the_catalogs():
    assert list(i18n.LANGUAGES) == ["en", "zh-CN"]
    assert catalogs.LANGUAGES == ("zh_CN",)  # every catalog but English's, which is the message ids
    from report import cli
    from report.inputs.config import parse_config

    assert cli._parser().parse_args(["build", "d", "--out", "o", "--language", "zh-CN"]).language == "zh-CN"
    with pytest.raises(SystemExit):
        cli._parser().parse_args(["build", "d", "--out", "o", "--language", "fr"])
    toml = (DATA / "test.toml").read_text()
    _, problems = parse_config(f'language = "fr"\n{toml}'.encode())
    assert any('"fr" is not a language of this report; expected "en" or "zh-CN"' in p.message for p in problems)
    for language in i18n.LANGUAGES.values():
        if language.catalog:
            assert (i18n.LOCALE / language.catalog / "LC_MESSAGES" / "report.po").is_file()
        for font in language.fonts:
            assert (i18n.LOCALE.parent / "assets" / "fonts" / font).is_file(), font
    with i18n.activate("zh-CN"):
        assert i18n.page_footer() == ("第 ", " 页，共 ", " 页")
    assert i18n.page_footer() == ("Page ", " of ", "")


def test_a_language_is_added_by_one_registry_entry(monkeypatch):
    """What docs/contributing.md's "A language" says: one entry (here English with ISO dates), read everywhere."""
    from report import cli
    from report.inputs.config import parse_config
    from tests.sections.helpers import build

    entry = i18n.Language("en-GB", None, lambda day: day.isoformat(), ("p. ", " / ", ""))
    monkeypatch.setitem(i18n.LANGUAGES, "en-GB", entry)
    assert cli._parser().parse_args(["build", "d", "--out", "o", "--language", "en-GB"]).language == "en-GB"
    config, problems = parse_config(f'language = "en-GB"\n{(DATA / "test.toml").read_text()}'.encode())
    assert problems == [] and config.language == "en-GB"
    with i18n.activate("en-GB"):
        ctx, _ = build(DATA)
    assert ctx.cover.date == "2026-11-30" and ctx.footer == ("p. ", " / ", "")


@pytest.fixture(scope="module")
def chinese_built(builds):
    """The default joint test built in Chinese, every message required to be in the catalog (tests/builds.py)."""
    return builds.get(DATA, "zh-CN")


@pytest.mark.slow
@pytest.mark.parametrize("fixture", ["repeated", "gates_fail", "economics"])
def test_every_fixture_builds_in_chinese_with_no_message_missing(fixture, builds):
    built = builds.get(FIXTURES / fixture, "zh-CN")  # strict: a message missing from the catalog fails the build
    assert built.pdf.startswith(b"%PDF")


def test_the_figures_are_the_same_in_both_languages(chinese_built, default_built):
    assert chinese_built.metrics == default_built.metrics


# What may stay in Latin letters in a Chinese report: names and texts from the inputs, units, symbols of the
# formulas, file and package names, proper names of methods and sources.
ALLOWED = {
    "GPU",
    "GPUs",
    "GB",
    "s",
    "h",
    "CSV",
    "PDF",
    "HTML",
    "SHA",
    "MD",
    "CV",
    "I",
    "O",
    "MTBF",
    "Young",
    "Daly",
    "Llama",
    "Welch",
    "Satterthwaite",
    "Iglewicz",
    "Hoaglin",
    "delta",
    "MAD",
    "python",
    "m",
    "report",
    "verify",
    "pdf",
    "metrics",
    "json",
    "test",
    "toml",
    "csv",
    "save",
    "times",
    "bandwidth",
    "load",
    "sources",
    "environment",
    "projections",
    "mean",
    "B",
    "C",
    "snapshot",
    "gb",
    "gbps",
    "write",
    "t",
    "se",
    "df",
    "n",
    "cv",
    "exp",
    "floor",
    "total",
    "steps",
    "checkpoint",
    "interval",
    "duration",
    "min",
    "runs",
    "bw",
    "log",  # fio's --write_bw_log
    "F",
    "V",
    "M",
    "c",
    "x",
    "a",
    "b",
    "Python",
    "commit",
    "application",
    "text",
    "plain",
    "jinja",
    "ab",
    "z",
    "s₀",
    "t₀",
    "G",
    "Σ",
    "max",
    "speedup",
    "cM",
    "A",
    "pyhanko",
    "cryptography",
}


# Schema 3: the trainers named as they spell themselves (PyTorch DCP async_save, Megatron-LM --async-save, NeMo,
# torchtitan), the glossary's abbreviation ETTR, units (kW, PUE), and the formulas' names (p(T), w, √(2bM), pause_B,
# stall_B, staging_s, restart_s: test.toml's and metrics.json's keys, as the formulas print them in every language).
ALLOWED |= {"PyTorch", "DCP", "async", "Megatron", "LM", "NeMo", "torchtitan", "ETTR", "kW", "PUE", "T", "p", "w", "bM"}
ALLOWED |= {"pause", "stall", "staging", "restart"}
ALLOWED |= {"RAID"}  # the environment a formal report states: "RAID 或纠删码方式" (issue 45)
ALLOWED |= {"NPU"}  # an Ascend platform (the default data's loads on Atlas 910B): 个 NPU and NPU·时 (docs/zh-CN.md)
ALLOWED |= set(provenance.PACKAGES)  # the colophon names the packages that built the report
# Schema 4, client scaling: Appendix B's measure command as typed (its options, fio's server), the law's abbreviation
# and the symbols of its formulas (C(k), X, L, k, ceil, share(g)), and scaling.csv in Appendix A's caption.
ALLOWED |= {"measure", "system", "path", "client", "clients", "sweep", "fio", "server", "USL", "X", "L", "k", "g"}
ALLOWED |= {"ceil", "share", "scaling"}
# Appendix B's own symbols (zh reading 8, H-m5): D₁, D₂ the wall times, v the coefficient of variation, beside m, p, t
ALLOWED |= {"D", "v"}
# the colophon names metrics.json's keys the pages do not print (scaling reading 7b, minor 16)
ALLOWED |= {"scale", "cluster", "candidate", "peak", "to", "sustained"}


def _input_words(folder) -> set[str]:
    words = set()
    for path in folder.iterdir():
        words |= set(re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8")))
    return words


def test_the_chinese_report_has_no_english_left(chinese_built, tmp_path):
    text = pdf_text(chinese_built.pdf, tmp_path)
    words = set(re.findall(r"[A-Za-z]+", text))
    # the colophon's SHA-256 of each input and of metrics.json, split across lines by the table
    hashes = " ".join([*read_joint_test(DATA).sha256.values(), hashlib.sha256(chinese_built.metrics).hexdigest()])
    left = {w for w in words - ALLOWED - _input_words(DATA) if w not in hashes}
    assert left == set(), f"English left in the Chinese report: {sorted(left)}"
    assert "执行摘要" in text and "保存停顿与训练时长" in text and "2026-11-30" in text


def test_the_chinese_html_declares_its_language(chinese_built):
    html = chinese_built.html.decode()
    assert '<html lang="zh-CN">' in html and "结论：尚无定论，需要更多测量" in html


@pytest.mark.slow
def test_the_chinese_example_folder_builds_a_chinese_report(tmp_path, builds):
    from tests.conftest import ROOT

    built = builds.get(ROOT / "examples" / "white-paper-zh")  # language from its test.toml; strict
    text = pdf_text(built.pdf, tmp_path)
    assert "检查点保存与模型加载：联合测试" in text and "示例计算中心" in text and "第 2 页，共" in text
