"""“Measured” and 实测 only where a figure is measured: every catalog message that says so is accounted for, and the
reports of joint tests whose inputs are all illustrative say it only in the phrases that deny it."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tests.conftest import FIXTURES, ROOT, pdf_text
from tests.sections.helpers import build, cover_text, section, texts

CATALOG = ROOT / "report" / "locale" / "zh_CN" / "LC_MESSAGES" / "report.po"

#: Phrases that use the word without saying that a figure of this report is measured: denials, requests to measure,
#: the noun, and G2's name (a check that the candidate was measured, which a report on illustrative inputs passes
#: only beside its verdict's "on illustrative save times, not measurements").
DENIALS_EN = (
    r"not measured",
    r"not measurements",
    r"not yet measured",
    r"(?:did|does|do) not measure",
    r"(?:were|was|is) not measured",
    r"None of this report's inputs is measured",
    r"\bMeasure\b",
    r"\bmeasure at the cluster's scale",
    r"more measurements needed",
    r"Two measures of",
)
DENIALS_ZH = (r"非实测", r"未实测", r"尚未实测", r"请实测")

#: The messages that say “measured” or 实测 of this report's figures, and why each is reached only when they are.
MEASURED_ONLY = {
    "At each system's measured write bandwidth, reading the {size} checkpoint back would take about {baseline} on "
    "{baseline_system} and {candidate} on {candidate_system}: the equal recovery favours {slower}.": "compute."
    "record_facts.restore_untimed: no restore timed, bandwidth not illustrative",
    "A larger checkpoint was timed on both systems: {measured} (see “{section}”)": "answers._scale_answer: other "
    "workloads both systems' save rows hold at a larger size (measured_larger), save times not illustrative",
    "The save times also hold a second workload timed on both systems, “{model}” ({size} per checkpoint, {gpus} GPUs, "
    "{runs}): {candidate_time} on {candidate} against {baseline_time} on {baseline}, a ratio of {ratio} ({interval}).": "workloads.other_saves_words: save times not illustrative (the illustrative ones have their own message)",
    "“{name}” is no projection: both systems timed “{model}” at {size}, {baseline_time} on {baseline} and "
    "{candidate_time} on {candidate} on average ({ratio}, see “{section}”); its row gives the fitted line at that "
    "size.": "projections._timed_note: another workload's save rows at the projection's size, save times not "
    "illustrative",
    "The larger checkpoint asked about was timed on both systems ({projections}; see “{section}”)": "answers."
    "_scale_answer: a projection whose size both systems' save rows hold (measured_size), save times not illustrative",
    "All four gates pass on this test's measurements.": "verdict.verdict_reason: save_times imported from a tool's "
    "output (neither illustrative nor supplied in save_times.csv)",
    "They rest on this test's measurements.": "verdict.verdict_reason, restated after a label that says the gates "
    "pass: save_times imported from a tool's output (neither illustrative nor supplied in save_times.csv)",
    "Every figure is computed from the measured inputs ({inputs}) and from the assumptions in the test setup.": "summary._evidence: every input imported from a tool's output (none supplied "
    "in a CSV or declared illustrative)",
    "measured, by their source notes (in “{section}”), not by this tool": "summary._evidence: every input supplied "
    "in a CSV has a source note that says measured (report/inputs/notes.py, negations read); the notes are quoted in "
    "the data sources",
    "Measured inputs, imported from tool output: {inputs}.": "summary._evidence: lists only the inputs a tool's output "
    "gave (imported), none supplied in a CSV or declared illustrative",
    "measured": "measure/words.py: the [environment] line `report measure` writes when it timed the saves itself",
    **dict.fromkeys(
        (
            "Measured on site with fio: each save writes new checkpoint files from several writers at once and ends "
            "with an fsync; the test environment gives each system's setup.",
            "Measured on site with fio: each restore reads back whole the files a save wrote, their cached pages "
            "evicted first.",
            "Measured on site with fio: each load reads the model's files back sequentially, their cached pages "
            "evicted first.",
            "Measured on site with fio: a write sustained over the save's files, its rate logged in windows.",
        ),
        "measure/words.py source(): the [sources] line `report measure` writes for a table whose only rows are the"
        " runs it timed (written.sources_for)",
    ),
}


def _denied(text: str, phrases: tuple[str, ...]) -> str:
    """`text` without its placeholders and the phrases that deny or request a measurement."""
    text = re.sub(r"\{[^}]*\}", "", text)
    for phrase in phrases:
        text = re.sub(phrase, "", text, flags=re.IGNORECASE)
    return text


def _claims() -> dict[str, tuple[str, ...]]:
    """Every catalog message whose English or Chinese says “measured” or 实测 outside a denial, with its Chinese."""
    with CATALOG.open("rb") as po:
        catalog = read_po(po)
    out = {}
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        english = any(re.search(r"measured", _denied(i, DENIALS_EN), re.IGNORECASE) for i in ids)
        chinese = any("实测" in _denied(s, DENIALS_ZH) for s in strings)
        if message.id and (english or chinese):
            out[ids[0]] = strings
    return out


def test_every_message_that_says_measured_is_reached_only_for_measured_figures():
    claims = _claims()
    assert set(claims) == set(MEASURED_ONLY), "a new message says “measured”: reach it only for measured figures"
    assert claims["Measured inputs, imported from tool output: {inputs}."] == (
        "实测输入（从工具输出导入）：{inputs}。",
    )
    # The denials are caught as such: the long badge and the verdict's qualifier are not claims.
    assert "ILLUSTRATIVE INPUT, NOT MEASURED" not in claims
    assert "{verdict}, on illustrative save times, not measurements" not in claims


def test_no_claim_reaches_a_report_on_illustrative_inputs():
    for fixture in ("retune", "long_names"):
        ctx, m = build(FIXTURES / fixture)
        assert set(m.inputs_illustrative) >= {"save_times", "bandwidth", "load_times"}
        words = " ".join([cover_text(ctx)] + [t.note for t in ctx.cover.tiles])
        words += " ".join(t for s in ctx.sections for t in texts(section(ctx, s.id).blocks))
        for message in MEASURED_ONLY:
            fixed = max(re.split(r"\{[^}]*\}", message), key=len).strip()
            if len(fixed) > 12:  # the bare word is held by the search below, outside the denials
                assert fixed not in words, (fixture, message)
        assert not re.search(r"measured", _denied(words, DENIALS_EN), re.IGNORECASE), fixture


def _occurrences(text: str, pattern: str, denials: tuple[str, ...]) -> list[str]:
    """What is left of `pattern` in `text` once the denials are taken out, each with its surroundings."""
    left = _denied(" ".join(text.split()), denials)
    return [left[max(0, m.start() - 60) : m.end() + 60] for m in re.finditer(pattern, left, re.IGNORECASE)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fixture", "language"), [("retune", "en"), ("retune", "zh-CN"), ("long_names", "en"), ("long_names", "zh-CN")]
)
def test_a_pdf_on_illustrative_inputs_never_calls_them_measured(fixture, language, tmp_path, builds):
    # Fixture R and L: every gate passes on save times, bandwidth and loads all declared illustrative.
    built = builds.get(FIXTURES / fixture, language)
    text = pdf_text(built.pdf, tmp_path)
    if language == "en":
        words = " ".join(text.split())
        assert (
            "benefit not yet measured" in words
            and "None of this report's inputs is measured. Illustrative inputs:" in words
        )
        assert _occurrences(text, r"measured", DENIALS_EN) == []
    else:
        assert "非实测" in text and "附录 A 输入数据" in text
        assert _occurrences(text, r"实测", DENIALS_ZH) == []
