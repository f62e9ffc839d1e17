"""The report's languages: gettext catalogs (report/locale/, made with Babel) and the words that depend on language.

Every reader-facing sentence is an English message id marked with `_()` (or `ngettext` for counts) and formatted with
named fields after translation, so a translator sees whole sentences. `activate` chooses the catalog for the build
in progress; `strict` makes any message missing from a catalog an error, so a missing translation fails the tests
and never reaches a customer.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gettext
import re
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "report"


class MissingTranslation(LookupError):
    """A message that the active catalog does not translate."""


class _Strict(gettext.GNUTranslations):
    """A catalog that refuses to fall back to English."""

    _catalog: dict[object, str]  #: set by GNUTranslations when it reads the .mo (its type stubs do not declare it)

    def gettext(self, message: str) -> str:
        if message not in self._catalog:
            raise MissingTranslation(message)
        return super().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if (singular, 0) not in self._catalog:
            raise MissingTranslation(singular)
        return super().ngettext(singular, plural, n)


_ENGLISH = gettext.NullTranslations()
_active: ContextVar[gettext.NullTranslations] = ContextVar("translations", default=_ENGLISH)
_language: ContextVar[str] = ContextVar("language", default="en")
_strict: ContextVar[bool] = ContextVar("strict", default=False)
#: The accelerators the report counts: "GPU", "NPU" where the test's platform is one (Huawei Ascend), or "card" (another
#: accelerator that is not a GPU: Gaudi, Kunlunxin); a Chinese report then says 个 NPU (or 张加速卡) wherever its own
#: words say 块 GPU (Chinese reading 16, T-M7; docs/zh-CN.md).
_accelerator: ContextVar[str] = ContextVar("accelerator", default="GPU")
#: The test record's own name for the gates G1-G4 where it is a Chinese one ending in 门槛 (验收门槛, 考核门槛): a
#: Chinese report then says it wherever its own words say 评估门槛 (Chinese reading 19: two terms for one thing).
_gate_term: ContextVar[str | None] = ContextVar("gate_term", default=None)
#: The report's own Chinese term for the gates, said where the record names none.
OWN_GATE_TERM = "评估门槛"


def catalog(language: str, strict: bool = False) -> gettext.NullTranslations:
    """The translations of `language` (English is the message ids themselves)."""
    folder = LANGUAGES[language].catalog
    if folder is None:
        return gettext.NullTranslations()
    path = LOCALE / folder / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as handle:
        return (_Strict if strict else gettext.GNUTranslations)(handle)


@contextlib.contextmanager
def activate(language: str) -> Iterator[None]:
    """Word everything inside the block in `language`."""
    tokens = (_active.set(catalog(language, _strict.get())), _language.set(language))
    try:
        yield
    finally:
        _active.reset(tokens[0])
        _language.reset(tokens[1])


@contextlib.contextmanager
def strict() -> Iterator[None]:
    """Inside the block, a message missing from the active language's catalog raises MissingTranslation."""
    token = _strict.set(True)
    try:
        yield
    finally:
        _strict.reset(token)


def is_strict() -> bool:
    """Whether a missing translation raises here (inside `strict()`): a process drawing for this one does the same."""
    return _strict.get()


def language() -> str:
    """The language being written."""
    return _language.get()


def accelerator() -> str:
    """What the report's words call the test's accelerators here ("GPU", "NPU" or "card"; `accelerators`)."""
    return _accelerator.get()


@contextlib.contextmanager
def accelerators(kind: str) -> Iterator[None]:
    """Inside the block, the report's own words count `kind` ("GPU", "NPU" or "card") accelerators: in Chinese an NPU
    test's words say 个 NPU and NPU·时 where they say 块 GPU and GPU 小时; the inputs' text is printed as given."""
    token = _accelerator.set(kind)
    try:
        yield
    finally:
        _accelerator.reset(token)


@contextlib.contextmanager
def gate_term(term: str | None) -> Iterator[None]:
    """Inside the block, a Chinese report calls the gates `term`, the record's own name for them, where it ends in
    门槛 (验收门槛); any other term (验收标准, an English one) leaves the report's 评估门槛."""
    token = _gate_term.set(term if term is not None and term.endswith("门槛") else None)
    try:
        yield
    finally:
        _gate_term.reset(token)


def record_gate_term_said() -> bool:
    """Whether the Chinese words being written call the gates by the record's own term (`gate_term`)."""
    return _language.get() == "zh-CN" and _gate_term.get() is not None


#: A Chinese NPU test's words for the GPU ones, longest first: an NPU is counted by 个 (a 910C card holds two NPU
#: devices, so 块加速卡 read as half the count: Chinese reading 16, T-M7), its time is NPU·时, the records' unit.
_NPU_WORDS = (
    ("GPU 小时", "NPU·时"),
    ("GPU 机时", "NPU·时"),
    ("块 GPU 集群", "个 NPU 的集群"),
    ("块 GPU 作业", "个 NPU 的作业"),
    ("GPU 分钟", "NPU·分钟"),
    ("卡时", "NPU·时"),
    ("块等效 GPU", "个等效 NPU"),
    ("块 GPU", "个 NPU"),
    (" 卡集群", " 个 NPU 的集群"),
    (" 卡作业", " 个 NPU 的作业"),
    (" 卡节点", " 个 NPU 的节点"),
    (" 卡上的", " 个 NPU 上的"),
    ("GPU", "NPU"),
)


#: A Chinese APU test's words for the GPU ones (AMD MI300A): an APU is counted by 块 as a GPU is, its time is APU 时,
#: the records' unit ("APU 时单价"), never GPU 小时 beside 卡时 (Chinese reading 18, X minor 7).
_APU_WORDS = (
    ("GPU 小时", "APU 时"),
    ("GPU 机时", "APU 时"),
    ("GPU 分钟", "APU 分钟"),
    ("卡时", "APU 时"),
    (" 卡集群", " 块 APU 的集群"),
    (" 卡作业", " 块 APU 的作业"),
    (" 卡节点", " 块 APU 的节点"),
    (" 卡上的", " 块 APU 上的"),
    ("GPU", "APU"),
)


#: A Chinese card test's words for the GPU ones (Gaudi, Kunlunxin, Cambricon MLU): a card is counted by 张, the
#: measure word of 卡 that the records use ("64 张卡", "每张加速卡"), its time is 卡时 (Chinese reading 17, W m1, m3).
_CARD_WORDS = (
    ("每 GPU 小时", "每卡时"),
    ("GPU 小时", "卡时"),
    ("GPU 机时", "卡时"),
    ("块等效 GPU", "张等效加速卡"),
    ("块 GPU", "张加速卡"),
    ("GPU", "加速卡"),
)

#: A count of GPUs whose noun the sentence leaves out ("最优间隔时为 {optimum} 块", "每个作业 {gpus} 块"): its measure
#: word follows the accelerator's (张卡, 个 NPU, 张加速卡), as a disk's 块 ("{d} 块 NVMe") or a block device's does not.
_BARE_BLOCKS = re.compile(r"(?<=\}) 块(?!\s?[A-Za-z]|等效|设备|大小)")

#: An English card test's words for the GPU ones (cold read 17, W minor 5): "card", "card-hour", "per-card MTBF";
#: capitalised where the word opens a sentence or a label.
_ENGLISH_CARDS = re.compile(r"(^|(?<=[.!?]\s))?\bGPU(s?)\b")
_ENGLISH_APUS = re.compile(r"\b(?:([Aa]) )?GPU(?=s?\b)")


def _english_apu(match: re.Match) -> str:
    """An English APU test's word for a GPU one, with its article: "a GPU-hour" is "an APU-hour"."""
    return "APU" if match.group(1) is None else f"{match.group(1)}n APU"


def _english_card(match: re.Match) -> str:
    word = "card" + match.group(2)
    return word.capitalize() if match.group(1) is not None else word


def _cards(text: str) -> str:
    """A translation as the accelerators of the test are called in it (`accelerators`): in Chinese an NPU test
    counts 个 NPU and prices NPU·时 (`_NPU_WORDS`), another accelerator's 张加速卡 and 卡时 (`_CARD_WORDS`); in
    English the latter's are cards and card-hours."""
    kind = _accelerator.get()
    if (term := _gate_term.get()) is not None and _language.get() == "zh-CN":
        text = text.replace(OWN_GATE_TERM, term)
    if _language.get() != "zh-CN":
        if kind == "APU":
            return _ENGLISH_APUS.sub(_english_apu, text)
        return _ENGLISH_CARDS.sub(_english_card, text) if kind == "card" else text
    for gpu, word in _WORDS.get(kind, ()):
        text = text.replace(gpu, word)
    if kind != "APU":  # a count of them said without the noun: "为 {optimum} 块" (zh reading 18, Y minor 5)
        text = _BARE_BLOCKS.sub(" 个" if kind == "NPU" else " 张", text)
    return text


#: A Chinese GPU test's own words for counting its GPUs and their time, as a Chinese vendor's report and the customers'
#: records write them: 张卡 and 卡时 ("256 张卡", "每张卡", "卡时单价"; Chinese reading 20, AC minor 9: 块 GPU and GPU
#: 小时 beside the record's 张卡 and 卡时 read as two units). The catalog keeps 块 GPU, the form the other tables map.
_GPU_WORDS = (
    ("每 GPU 小时", "每卡时"),
    ("GPU 小时", "卡时"),
    ("GPU 机时", "卡时"),
    ("GPU 时间", "卡时"),
    ("GPU 分钟", "卡分钟"),
    ("块等效 GPU", "张等效卡"),
    ("等效 GPU 数", "等效卡数"),
    ("块 GPU", "张卡"),
    ("GPU 数", "卡数"),
)

_WORDS = {"GPU": _GPU_WORDS, "NPU": _NPU_WORDS, "APU": _APU_WORDS, "card": _CARD_WORDS}


def _(message: str) -> str:
    """`message` in the active language."""
    return _cards(_active.get().gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, in the active language."""
    return _cards(_active.get().ngettext(singular, plural, n))


def join_words(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"; in Chinese "a、b和c"."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def join_clauses(items: list[str], inner: bool = False) -> str:
    """Clauses that each carry their own verb ("G2 fails → undecided"): joined as words in English; in Chinese by
    "；", as 和 joins nouns and never whole clauses (Chinese reading 7b, B13), or by the comma where they sit `inner`
    a clause of a sentence the semicolon already divides (cold read 14b: "G3 待判定，G4 未通过", not "…和…")."""
    if language() == "zh-CN":
        return ("，" if inner else "；").join(items)
    return join_words(items)


def page_footer() -> tuple[str, str, str]:
    """The words around the page number and the page count: ("Page ", " of ", "") or ("第 ", " 页，共 ", " 页")."""
    return LANGUAGES[language()].footer


def date(value: dt.date) -> str:
    """A date as a reader of the language writes it: "30 November 2026", in Chinese "2026-11-30" (the numeric form of
    GB/T 7408 that the records quote beside it: docs/zh-CN.md, section 3)."""
    return LANGUAGES[language()].date(value)


# Month names spelled here, not by the C library, so that the machine's locale never changes a report.
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


# Typesetting the printed words (docs/zh-CN.md says why each rule is what it is). CJK: the ideographs only; CJK
# punctuation is full-width and carries its own spacing.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_FULL_WIDTH_PUNCTUATION = "，。；：、！？（）【】「」『』“”‘’《》〔〕"
_NO_SPACE_AT_FULL_WIDTH = re.compile(rf" +(?=[{_FULL_WIDTH_PUNCTUATION}])|(?<=[{_FULL_WIDTH_PUNCTUATION}]) +")
_NO_SPACE_BETWEEN_CJK = re.compile(rf"(?<=[{_CJK}]) +(?=[{_CJK}])")
_SPACE_AFTER_CJK = re.compile(rf"(?<=[{_CJK}])(?=[A-Za-z(\[−+$])|(?<=[{_CJK}])(?<![0-9][年月])(?=[0-9])")
# Dates stay compact ("2026年11月30日"), as Chinese official and technical writing prints them.
_SPACE_BEFORE_CJK = re.compile(rf"(?<=[A-Za-z%)\]])(?=[{_CJK}])|(?<=[0-9])(?=[{_CJK}])(?![年月日])")
# A multiple printed as "1.89×" reads "1.89 倍" in Chinese prose; "a × b" (spaced) stays a product.
_MULTIPLE = re.compile(r"(?<=\d)×(?![A-Za-z0-9_(])")
# A range of multiples is one figure written one way, "2.43～2.67 倍": never "2.43 倍至 2.67 倍" or "2.43–2.67 倍"
# beside it (Chinese readings 7 and 7b, A-14/A16). Run after _MULTIPLE, so "×" is already "倍".
_MULTIPLE_RANGE = re.compile(
    r"(\d(?:[\d,.]*\d)?)"  # the lower multiple, then "倍至", "倍～", "–" or "～"
    r"(?:[ \u00a0]?倍[ \u00a0]?(?:至|～|–)[ \u00a0]?|[ \u00a0]?[–～][ \u00a0]?)"
    r"(\d(?:[\d,.]*\d)?)[ \u00a0]倍"
)
# A number and the unit or measure word after it stay on one line: "178 s", "49 块 GPU", "20 saves"; not the
# digits of a name ("G1 fails", "FX100 against").
_NUMBER_UNIT = re.compile(rf"(?<![A-Za-z0-9_.,])(\d(?:[\d,.]*\d)?) (?=[A-Za-z%{_CJK}])")
NO_BREAK_SPACE = "\u00a0"
WORD_JOINER = "\u2060"  # no break here, and nothing printed: pdftotext and copy-paste see "GB/s"
# A unit is never split at its slash ("GB/" at one line's end, "s" at the next's).
_SLASHED_UNIT = re.compile(r"(?<=[KMGT]B)/(?=s\b)|(?<=[KMGT]iB)/(?=s\b)|(?<=\bs)/(?=GB\b)")
# In running text only a figure's unit ("21.3 GB/s", its space already a no-break one): a name the user typed
# ("8 x 400 Gb/s", "tmpfs (/dev/shm)") is printed as given, no character added to what the reader copies.
_FIGURE_SLASHED_UNIT = re.compile(rf"(?<=\d{NO_BREAK_SPACE}[KMGT]B)/(?=s\b)|(?<=\d{NO_BREAK_SPACE}[KMGT]iB)/(?=s\b)")
_BETWEEN_CJK = re.compile(rf"(?<=[{_CJK}])(?=[{_CJK}])")
# A count of a count ("5 / 5 runs") and the report's own slashed terms ("model/platform", "1/bw_C") stay on one line
# (cold read 28, m6).
_COUNT_OF_COUNT = re.compile(r"(?<=\d) / (?=\d)")
_OWN_SLASHED = re.compile(r"(?<=\bmodel)/(?=platform)|(?<=\b1)/(?=bw_)|(?<=模型)/(?=平台)")
# A command's option is one word: "--sustain-s", "--runtime" broke after "--" (Chinese reading 22, m9).
_OPTION = re.compile(r"(?<![\w-])--[A-Za-z][A-Za-z0-9-]*")


def unnest(text: str) -> str:
    """`text` with no full-width bracket inside another: a pair that opens inside a pair is printed 〔〕
    ("7B（Atlas 800T A3 推理节点〔16 个 NPU〕；…）", never "…节点（16 个 NPU）；…）": Chinese reading 16, T minor 5),
    the way a Chinese document brackets inside brackets. The one helper for a name that holds brackets put inside
    brackets (a platform, a system, a note), applied by `typeset` to every Chinese text; unmatched brackets stay as
    typed."""
    opened: list[int] = []
    inner: set[int] = set()
    quoted = False  # a quoted title ("见“异步检查点（假设分析）”一节") is printed as its heading is
    for at, char in enumerate(text):
        if char in "“”":
            quoted = char == "“"
        elif quoted:
            continue
        elif char == "（":
            opened.append(at)
        elif char == "）" and opened:
            start = opened.pop()
            if opened:
                inner.update((start, at))
    if not inner:
        return text
    return "".join(("〔" if c == "（" else "〕") if at in inner else c for at, c in enumerate(text))


def spaced(text: str) -> str:
    """`text` with the Chinese edition's spacing alone (one space between CJK and Latin letters or digits, none between
    two ideographs or at full-width punctuation), for a chart's labels: the legend printed "现网 云岫 YX-5200" as typed
    where the text beside it says 现网云岫 YX-5200 (Chinese reading 20, AC minor 9). No joiners or no-break spaces,
    which a chart's font need not have. Other languages as they are."""
    if language() != "zh-CN":
        return text
    text = _NO_SPACE_AT_FULL_WIDTH.sub("", text)
    text = _NO_SPACE_BETWEEN_CJK.sub("", text)
    text = _SPACE_AFTER_CJK.sub(" ", text)
    return _SPACE_BEFORE_CJK.sub(" ", text)


def typeset(text: str, language_: str | None = None) -> str:
    """`text` as it is printed in `language_` (the active one by default): in Chinese one space between CJK and
    Latin letters or digits and none at full-width punctuation, multiples in 倍; in both languages a no-break space
    between a number and its unit or measure word, and a figure's unit kept whole at its slash ("21.3 GB/s")."""
    if (language_ or language()) == "zh-CN":
        text = unnest(text)
        text = _MULTIPLE.sub(" 倍", text)
        text = _MULTIPLE_RANGE.sub(r"\1～\2 倍", text)
        text = _NO_SPACE_AT_FULL_WIDTH.sub("", text)
        text = _NO_SPACE_BETWEEN_CJK.sub("", text)
        text = _SPACE_AFTER_CJK.sub(" ", text)
        text = _SPACE_BEFORE_CJK.sub(" ", text)
        # "64 块 GPU" is one phrase: not "64 块" at a line's end and "GPU" at the next's (Chinese reading 11, m5)
        text = text.replace("块 GPU", "块" + NO_BREAK_SPACE + "GPU").replace("个 NPU", "个" + NO_BREAK_SPACE + "NPU")
    text = _NUMBER_UNIT.sub(r"\1" + NO_BREAK_SPACE, text)
    # "1.29% → 0.853%" is one figure: never "1.29% →" at a line's end and "0.853%" at the next's
    text = text.replace(" → ", NO_BREAK_SPACE + "→" + NO_BREAK_SPACE)
    text = _COUNT_OF_COUNT.sub(NO_BREAK_SPACE + "/" + NO_BREAK_SPACE, text)
    text = _OWN_SLASHED.sub("/" + WORD_JOINER, text)
    text = _OPTION.sub(lambda found: found[0].replace("-", "-" + WORD_JOINER).rstrip(WORD_JOINER), text)
    return _FIGURE_SLASHED_UNIT.sub("/" + WORD_JOINER, text)


_TAIL = re.compile(rf"([{_CJK}]{{2,3}})([）。；”]*)$")


def keep_tail(text: str) -> str:
    """A narrow Chinese text (a tile's note) whose last line never holds one ideograph alone ("离散度未" ↵ "知"): its
    last three ideographs are kept together. Other languages as they are."""
    if language() != "zh-CN":
        return text
    return _TAIL.sub(lambda m: WORD_JOINER.join(m.group(1)) + m.group(2), text)


_PHRASE_BREAK = re.compile(rf"([{_FULL_WIDTH_PUNCTUATION} \ue000])")


def keep_phrases(text: str, longest: int = 16) -> str:
    """A Chinese title that breaks only between its phrases (after its punctuation, at its spaces), each phrase of up to
    `longest` characters kept whole ("14B 全参微调：" ↵ "检查点保存与模型加载联合测试", never "…联" ↵ "合测试"), and its
    last line never one ideograph (keep_tail). Other languages as they are."""
    if language() != "zh-CN":
        return text
    pieces = _PHRASE_BREAK.split(_POSTPOSITION.sub(NO_BREAK_SPACE + r"\1" + _PHRASE_END, text))
    kept = "".join(_BETWEEN_CJK.sub(WORD_JOINER, p) if len(p) <= longest else p for p in pieces)
    return keep_tail(_BRAND.sub(lambda m: m.group(1) + NO_BREAK_SPACE, kept.replace(_PHRASE_END, "")))


#: A locative postposition and 的 after a Latin name ("AMD Instinct MI325X 上的训练检查点"): it ends the phrase the name
#: opens, so it stays on the name's line and the line may break after it, never before (Chinese reading 20, AB minor
#: 13: "AMD Instinct MI325X" ↵ "上的训练…"). _PHRASE_END marks the phrase's end while the title is split.
_PHRASE_END = "\ue000"
_POSTPOSITION = re.compile(rf"(?<=[A-Za-z0-9]) ([上中下内里]的)(?=[{_CJK}])")


#: A maker's Chinese name of up to three ideographs (joined by keep_phrases' word joiners) that opens a phrase and
#: stands before a Latin product name: one name, kept on one line ("：曜衡" ↵ "YH-9100", Chinese reading 15, S-m).
_BRAND = re.compile(rf"((?:^|(?<=[{_FULL_WIDTH_PUNCTUATION}]))[{_CJK}](?:\u2060?[{_CJK}]){{0,2}}) (?=[A-Za-z0-9])")


_BRACKETED = re.compile(r"[（(][^（）()\s]{1,12}[）)]")
_CJK_CHAR = re.compile(rf"[{_CJK}]")


def keep_brackets(text: str) -> str:
    """A name whose short bracketed phrase never parts at a line end ("复制卷（三副" ↵ "本）", "Okafor（丹尼尔·奥" ↵
    "卡福）": zh reading 14c, P-m8 and Q-m9): word joiners inside a bracket of up to 12 characters without a space
    that holds ideographs; the line may still break before the bracket. Any language; nothing the reader copies
    changes. Only ideographs break between any two: a Latin word breaks at no letter, and a path's slashes stay as
    typed ("tmpfs (/dev/shm)": section 4 of docs/zh-CN.md)."""
    return _BRACKETED.sub(lambda f: WORD_JOINER.join(f.group(0)) if _CJK_CHAR.search(f.group(0)) else f.group(0), text)


def gap(before: str) -> str:
    """The space after `before` where a template joins it to the next text: none after Chinese full-width
    punctuation, which carries its own space."""
    return "" if language() == "zh-CN" and before[-1:] in _FULL_WIDTH_PUNCTUATION else " "


def keep_words(text: str) -> str:
    """A short Chinese text (a table header, a gate's name) that breaks only at spaces and punctuation, the way CSS's
    word-break: keep-all would: word joiners between its ideographs. In every language its units stay whole."""
    text = _SLASHED_UNIT.sub("/" + WORD_JOINER, text)
    return _BETWEEN_CJK.sub(WORD_JOINER, text) if language() == "zh-CN" else text


def _english_date(value: dt.date) -> str:
    return f"{value.day} {_MONTHS[value.month - 1]} {value.year}"


def _chinese_date(value: dt.date) -> str:
    return value.isoformat()


@dataclass(frozen=True)
class Language:
    """One language of the report: all that differs with it but the messages its catalog translates."""

    code: str  #: test.toml's `language`, `--language`, the HTML's lang and the PDF's /Lang
    catalog: str | None  #: its gettext folder in report/locale/ (None: English, the message ids themselves)
    date: Callable[[dt.date], str]  #: a date as its readers write it
    footer: tuple[str, str, str]  #: the words around the page number and the page count in the PDF's footer
    fonts: tuple[str, ...] = ()  #: the shipped fonts (report/assets/fonts/) its script needs beside Inter


#: The languages the report is written in, by code: config, the command line, verify and `make catalogs` read it.
#: A new language is one entry here and its catalog (README: How to add a language).
LANGUAGES: dict[str, Language] = {
    language.code: language
    for language in (
        Language("en", None, _english_date, ("Page ", " of ", "")),
        Language(
            "zh-CN",
            "zh_CN",
            _chinese_date,
            ("第 ", " 页，共 ", " 页"),
            ("NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf"),
        ),
    )
}
