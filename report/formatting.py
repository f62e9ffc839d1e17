"""Formatting numbers for readers: one place for precision, separators and units, registered as Jinja filters."""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from typing import overload

from report.i18n import _, language


def num(value: float | int | None, digits: int = 1) -> str:
    """A number with thousands separators and `digits` decimals; an en dash when there is none."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    text = f"{value:,.{digits}f}"
    if text.startswith("-") and float(text.replace(",", "")) == 0:
        text = text[1:]  # never print a negative zero
    return text.replace("-", "−")


def ratio3(value: float) -> str:
    """A ratio of at most 1 (ETTR) at three decimals, or at the fewest more that keep it below 1: 0.9997 prints
    "0.9997", not a "1.000" that reads as no overhead at all (third cold read, m-6)."""
    digits = 3
    while value < 1 and num(value, digits) == num(1.0, digits) and digits < 6:
        digits += 1
    return num(value, digits)


def ratio3_beside(value: float, reference: float) -> str:
    """`value` after `reference` ("0.970 → 0.970"), at ratio3's decimals: the reference as printed plus their
    difference rounded once (cold read 20, AC minor: 0.97048 → 0.97052 printed "0.970 → 0.971")."""
    digits = max(len((ratio3(v) + ".").split(".")[1]) for v in (value, reference))
    return num(round(reference, digits) + round(value - reference, digits), digits)


def auto_digits(value: float) -> int:
    """Decimals a reader needs for a measured quantity: whole values none, large ones one, small ones two."""
    if float(value).is_integer() and abs(value) >= 1:
        return 0
    magnitude = abs(value)
    return 1 if magnitude >= 10 else 2 if magnitude >= 0.1 else 3


def seconds(value: float | None) -> str:
    """A duration in seconds, as it prints everywhere (table, prose, tile): a whole number as it is, else three
    significant digits, never dropping whole digits: "178 s", "380 s", "0.774 s", "5,065 s"."""
    if value is None:
        return "–"
    return s3(value)


def fixed(value: float | None, digits: int) -> str:
    """`digits` decimals, but two significant digits at least where a value that is not zero would show fewer:
    0.0053% rather than 0.01%, 0.069 h rather than 0.1 h, −0.69 s rather than −1 s."""
    if value and math.isfinite(value) and math.floor(math.log10(abs(value))) + 1 + digits < 2:
        return sig(value, 2)
    return num(value, digits)


def hours(value_s: float) -> str:
    """A long duration in hours from seconds, three significant digits wherever it prints: "10.0 h", "6.77 h"."""
    return h3(value_s)


def long_duration(value_s: float, *beside: float) -> str:
    """Seconds for short spans, hours beside them for long ones: "36,000 s (10.0 h)", in Chinese "36,000 s（10.0 h）"
    (full-width brackets in Chinese text, docs/zh-CN.md). A duration printed beside others (`beside`) takes hours when
    any of them does, so that a pair prints alike (Chinese reading 28, m7: "3,600 s (1.00 h)" beside "3,594 s")."""
    if max(abs(v) for v in (value_s, *beside)) < 3600:
        return seconds(value_s)
    return (
        f"{seconds(value_s)}（{hours(value_s)}）" if language() == "zh-CN" else f"{seconds(value_s)} ({hours(value_s)})"
    )


def pct(value: float | None, digits: int = 1) -> str:
    """A percentage, e.g. "9.9%"."""
    return "–" if value is None else f"{fixed(value, digits)}%"


def gb(value: float) -> str:
    """A size in decimal gigabytes, e.g. "65.6 GB"."""
    return f"{num(value, auto_digits(value))} GB"


def gb3(value: float) -> str:
    """A size computed from others (a count times a checkpoint), at the three significant digits of every computed
    figure, never dropping whole digits: "1,523 GB" for 4 × 380.8 GB (Chinese reading 12, V-m13: "1,523.2 GB" beside
    three-digit figures)."""
    return f"{sig(value)} GB"


def count(value: int) -> str:
    """A whole number with separators, e.g. "10,000"."""
    return num(value, 0)


# A spread below this share of its mean is floating-point noise over identical runs, not a measured scatter.
NOISE_SPREAD = 1e-9


def spread(mean: float, sd: float | None, figure=None) -> str:
    """A table's "mean ± sd" cell: the mean at three significant digits as it prints everywhere, the sd to the mean's
    last decimal place or to two significant digits, whichever is finer: "178 ± 2.1", "110 ± 14", "43.2 ± 0.65"
    (cold read 10, m3: "110 ± 14.1" gave the spread more precision than its mean; cold read 12, M3: "11 ± 1" left its
    12.9% CV unrecomputable); a spread that is floating-point noise (below NOISE_SPREAD of the mean) prints as the
    zero it is: "4.80 ± 0.00". `figure` prints the mean where its quantity has its own rule (a duration:
    `seconds_figure`, "94", not "94.0")."""
    shown = (figure or sig)(mean)
    if sd is None:
        return shown
    if abs(sd) <= NOISE_SPREAD * abs(mean):  # a zero at the mean's last place: "4.80 ± 0.00" (cold read 12, m2)
        return f"{shown} ± {num(0.0, len(shown.partition('.')[2]))}"
    # two significant digits at least, so that the CV beside it can be checked against its limit (cold read 12, M3:
    # "11 ± 1" gave 9.1%, within the 10% limit the 12.9% printed beside it exceeds)
    decimals = max(len(shown.partition(".")[2]), 1 - math.floor(math.log10(abs(sd))))
    return f"{shown} ± {num(sd, max(decimals, 0))}"


def mean_sd(mean: float, sd: float | None, digits: int) -> str:
    """hyperfine's cell: "178.0 ± 2.1", or the mean alone with one run."""
    return num(mean, digits) if sd is None else f"{num(mean, digits)} ± {num(sd, digits)}"


# Prose and tiles print this many significant digits; tables may print more (DOMAIN: precision a reader trusts).
PROSE_DIGITS = 3


def sig(value: float | int | None, digits: int = PROSE_DIGITS) -> str:
    """A number to `digits` significant digits, never dropping whole digits: 1,680; 9.89; 0.398; 84.0."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    if value == 0:
        return "0"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    rounded = round(float(value), decimals)
    if rounded != 0 and math.floor(math.log10(abs(rounded))) > math.floor(math.log10(abs(value))):
        decimals = max(0, decimals - 1)  # 9.996 rounds up to 10.0: one decimal fewer, still three digits
    return num(value, decimals)


def figure_of(text: str) -> float:
    """The value a printed figure shows: "1,532" -> 1532.0, "−0.408" -> -0.408."""
    return float(text.replace(",", "").replace("−", "-"))


def half_unit(text: str) -> float:
    """Half a unit of a printed figure's last place: "0.291" -> 0.0005, "1,532" -> 0.5."""
    return 0.5 * 10.0 ** -len(text.partition(".")[2])


def holds(value: float, text: str) -> bool:
    """Whether `value` rounds to the printed `text` (within half a unit of its last place)."""
    return abs(value - figure_of(text)) <= half_unit(text) * (1 + 1e-9)


def difference_operands(a: float, b: float, difference: str) -> tuple[str, str]:
    """`a` and `b` as prose prints them, or, where the printed `difference` is not a − b of those printed operands
    (1.00 − 0.714 is not 0.291), both at the decimals that make it one: "1.005" and "0.714"."""
    ta, tb = sig(a), sig(b)
    places = max(len(t.partition(".")[2]) for t in (ta, tb, difference))
    while not holds(figure_of(ta) - figure_of(tb), difference) and places < 12:
        ta, tb = num(a, places), num(b, places)
        places += 1
    return ta, tb


def worked(value: float, recomputed: float, digits: int = PROSE_DIGITS, least: int = 2) -> str:
    """`value` at the most significant digits (from `digits` down to `least`) at which `recomputed`, the same figure
    worked from the operands as the page prints them, rounds alike: 1.0046% − 0.7135% is 0.2911 points, but the failure
    table's 1.00% − 0.714% gives 0.286, so the difference prints "0.29" (cold read 7, M1). Where no such digits exist
    (11.5% − 11.5% for 0.056 points), `least` digits: the page's operands cannot give it back at any precision."""
    for d in range(digits, least - 1, -1):
        if sig(value, d) == sig(recomputed, d):
            return sig(value, d)
    return sig(value, least)


@overload
def enough_digits(
    values: tuple[float, float], recomputes, digits: int = ..., most: int = ..., figure=...
) -> tuple[str, str]: ...
@overload
def enough_digits(
    values: tuple[float, ...], recomputes, digits: int = ..., most: int = ..., figure=...
) -> tuple[str, ...]: ...


def enough_digits(
    values: tuple[float, ...], recomputes, digits: int = PROSE_DIGITS, most: int = 6, figure=None
) -> tuple[str, ...]:
    """`values` at `digits` significant digits, or with the fewest more digits (the later values first) that make
    `recomputes(texts)` hold: the figures worked from them on the page come out as printed. Equal values take equal
    digits: a candidate's 84.25 s and the 84.25 s it saves print alike. `figure(value, digits)` prints a value where
    its quantity has its own rule (`seconds_figure`); `sig` by default."""
    figure = figure or sig
    ways = sorted(itertools.product(range(digits, most + 1), repeat=len(values)), key=lambda d: (sum(d), d))
    same = [(i, j) for i in range(len(values)) for j in range(i) if values[i] == values[j]]
    for ds in (d for d in ways if all(d[i] == d[j] for i, j in same)):  # one value prints one way
        texts = tuple(figure(v, d) for v, d in zip(values, ds, strict=True))
        if recomputes(texts):
            return texts
    return tuple(figure(v, most) for v in values)


def rounds_to(value: float, text: str, digits: int = PROSE_DIGITS) -> bool:
    """Whether `text`, a figure printed at `digits` significant digits with zeros beyond ("3,580"), is a rounding of
    `value`: within half a unit of its last significant place."""
    shown = figure_of(text)
    if shown == 0:
        return value == 0
    unit = 10.0 ** (math.floor(math.log10(abs(shown))) - digits + 1)
    return abs(value - shown) <= max(0.5 * unit, half_unit(text)) * (1 + 1e-9)


@dataclass(frozen=True)
class ProjectionTexts:
    """A projection's figures as every page prints them (table, prose, chart): each its own unrounded figure at three
    significant digits, the precision of a projection (cold read 5, N19: "72.95" beside "35.7" under a note that said
    three digits). A difference or product of the printed figures may differ in its last digit; the table says so."""

    baseline: str
    candidate: str
    saved: str
    total: str  #: at three significant digits: a total extrapolated from a fitted line has no more

    def save(self, side: str) -> str:
        """The projected save time of `side` ("baseline" or "candidate"), as printed."""
        return {"baseline": self.baseline, "candidate": self.candidate}[side]


def projection_texts(p) -> ProjectionTexts:
    """The printed figures of a projection (report.compute's Projection), each at three significant digits from its
    own unrounded value: 1,741.5 s and 915.5 s print "1,740" and "916", the 826.0 s saved per save "826" (not the
    824 of the printed times' difference) and 20 saves' 16,519 s "16,500"."""
    return ProjectionTexts(
        rounded(p.baseline_s), rounded(p.candidate_s), rounded(p.saved_per_save_s), rounded(p.saved_total_s)
    )


def round_sig(value: float, digits: int = PROSE_DIGITS) -> float:
    """`value` rounded to `digits` significant digits, whole digits included: 3,658,527 → 3,660,000.0."""
    if value == 0 or not math.isfinite(value):
        return value
    return round(float(value), digits - 1 - math.floor(math.log10(abs(value))))


def rounded(value: float | None, digits: int = PROSE_DIGITS) -> str:
    """A figure computed from inputs given to two or three digits, at the precision they allow: three significant
    digits, the whole digits beyond them printed as zeros ("52,800", "634", "3.67"), never "52,843"."""
    if value is None or not math.isfinite(value):
        return "–"
    if abs(value) < 10 ** (digits - 1):
        return sig(value, digits)
    return num(round_sig(value, digits), 0)


#: Currencies the report's readers write in words, by language: a Chinese report says 元 (万元), not CNY (Chinese
#: reading 4, M9); metrics.json keeps the code test.toml gives.
#: Other currencies in their Chinese names (fifth Chinese reading b, M-14: "33 万 USD" mixes 万 and a code; Chinese
#: reading 16, U-M7: "315,000 万 KRW" for 31.5 亿韩元). A code without a name here is printed as given.
_ZH_CURRENCY_NAMES = (
    "CNY 元 RMB 元 USD 美元 EUR 欧元 JPY 日元 GBP 英镑 HKD 港元 KRW 韩元 SGD 新加坡元 TWD 新台币 MOP 澳门元 "
    "AUD 澳元 CAD 加元 NZD 新西兰元 CHF 瑞士法郎 SEK 瑞典克朗 NOK 挪威克朗 DKK 丹麦克朗 INR 印度卢比 "
    "RUB 卢布 THB 泰铢 MYR 马来西亚林吉特 IDR 印尼盾 VND 越南盾 PHP 菲律宾比索 AED 阿联酋迪拉姆 "
    "SAR 沙特里亚尔 BRL 巴西雷亚尔 MXN 墨西哥比索 ZAR 南非兰特"
)
_PAIRS = _ZH_CURRENCY_NAMES.split()
CURRENCY_WORDS: dict[str, dict[str, str]] = {"zh-CN": dict(zip(_PAIRS[::2], _PAIRS[1::2], strict=True))}


def currency(code: str) -> str:
    """A currency as the report's reader writes it: in Chinese 元 for CNY, 韩元 for KRW (and the other currencies in
    CURRENCY_WORDS), else the code as test.toml gives it."""
    return CURRENCY_WORDS.get(language(), {}).get(code.strip().upper(), code)


def price(value: float, code: str) -> str:
    """A price as test.toml gives it with its currency: "2.20 USD" (two decimals), in Chinese as the record writes
    it, no decimals it does not give: "8.4 元", "5,400 韩元" (Chinese reading 16, U-M7: "5,400.00 KRW")."""
    if language() == "zh-CN":
        return f"{given(value)} {currency(code)}"
    return f"{num(value, 2)} {currency(code)}"


def _chinese_magnitude(value: float, digits: int) -> str | None:
    """`value` in 亿 (10^8) or 万 (10^4) as a Chinese report writes an amount or a count, decided on the value rounded
    to `digits`: "31.5 亿" (never "315,000 万"), "1.60 亿" at its three digits, "1.20 万亿" from 10^12,
    "932 万", "85 万"; None below 10,000."""
    shown = round_sig(value, digits)
    if abs(shown) >= 1e12:  # "1.20 万亿", never "12,000 亿"
        return _("{value} million million").format(value=sig(shown / 1e12, digits))
    if abs(shown) >= 1e8:
        return _("{value} hundred million").format(value=sig(shown / 1e8, digits))
    if abs(shown) >= 1e4:
        return _("{value} ten thousand").format(value=_no_trailing_zeros(sig(shown / 1e4, digits)))
    return None


def money(value: float, code: str, digits: int = PROSE_DIGITS) -> str:
    """An amount at three significant digits (or `digits`) with its currency: "3.67 USD", "634 USD", "52,800 USD", and
    from a million in words: "3.66 million USD"; in Chinese in 万 from 10,000 and 亿 from 10^8, the currency by its
    name: "366 万美元", "45 万元", "31.5 亿韩元"."""
    word = currency(code)
    if language() == "zh-CN":
        scaled = _chinese_magnitude(value, digits)
        return f"{scaled} {word}" if scaled else f"{rounded(value, digits)} {word}"
    if abs(value) >= 1e6:
        return _("{value} million {currency}").format(
            value=_no_trailing_zeros(sig(round_sig(value, digits) / 1e6, digits)), currency=word
        )
    return f"{rounded(value, digits)} {word}"


def many(value: float, digits: int = PROSE_DIGITS) -> str:
    """A count at three significant digits (or `digits`), as money words it without a currency: "566,000", "1.23
    million", in Chinese "56.6 万" from 10,000 and "1.64 亿" from 10^8 (a count of cold starts a year,
    compute/load_value.py)."""
    if language() == "zh-CN":
        return _chinese_magnitude(value, digits) or count(round(round_sig(value, digits)))
    if abs(value) >= 1e6:
        return _("{value} million").format(value=_no_trailing_zeros(sig(round_sig(value, digits) / 1e6, digits)))
    return count(round(round_sig(value, digits)))


def _no_trailing_zeros(text: str) -> str:
    """ "85.0" → "85", "1.50" → "1.5": an amount in 万 or millions as its whole digits print it ("850,000" has no
    ".0"; fifth Chinese reading b, M-14: "85.0 万 USD")."""
    return text.rstrip("0").rstrip(".") if "." in text else text


def money_of(value: float, operand: str, factor: float, currency: str) -> str:
    """`value` (= the operand × `factor`) as money at the most digits, three at most, that the printed `operand`
    gives too: 264 GPU-equivalents × 8,760 h × 2.20 USD is 5.09 million at three digits against the 5.08 million of
    the unrounded 263.5, 5.1 million at two: the amount prints "5.1 million USD" and 264 prints as everywhere else."""
    for digits in range(PROSE_DIGITS, 0, -1):
        if money(figure_of(operand) * factor, currency, digits) == money(value, currency, digits):
            return money(value, currency, digits)
    return money(value, currency, 1)


def given(value: float | int) -> str:
    """A threshold or setting as test.toml writes it, shortest form with separators: "5", "2.5", "1,000"."""
    # .12g turns to an exponent from 1e12 on ("3e+12"), which chart ticks of a 1e12 GB projection printed as
    # "3,000,000,000,000.00000" (attacks-5 A04): whole digits up to 1e15, plainly
    if 1e12 <= abs(value) < 1e15:
        text = f"{value:,.0f}"
    else:
        text = f"{value:,.12g}" if abs(value) < 1e15 else f"{value:g}"
    return text.replace("-", "−")


def s3(value: float) -> str:
    """A duration in prose: a whole number of seconds as it is, else three significant digits ("84 s", "379 s")."""
    return f"{seconds_figure(value)} s"


def seconds_figure(value: float, digits: int = PROSE_DIGITS) -> str:
    """A duration in a table whose header names the unit, as s3 prints it in prose: "1,680", "22.1", "−22.1"."""
    return num(value, 0) if float(value).is_integer() else sig(value, digits)


def p3(value: float | None) -> str:
    """A percentage in prose, three significant digits: "9.89%", "0.398%"."""
    return "–" if value is None else f"{sig(value)}%"


def x3(value: float | None) -> str:
    """A multiple in prose, three significant digits: "1.89×"."""
    return "–" if value is None else f"{sig(value)}×"


def x_beside(value: float, target: float) -> str:
    """A multiple printed beside a target it is not: with a fourth digit where three would print the target itself
    ("1.697×" beside a 1.7× target, not "1.70×": cold read 10, P-M1), else as x3."""
    text = sig(value)
    if value != target and figure_of(text) == target:
        return f"{sig(value, PROSE_DIGITS + 1)}×"
    return f"{text}×"


def h3(value_s: float) -> str:
    """Hours in prose from seconds, three significant digits: "10.0 h"."""
    return f"{sig(value_s / 3600)} h"


def gpus(value: float) -> str:
    """GPU-equivalents, wherever they print (tile, prose, table): three significant digits ("49.0", "4.90", "125"),
    so that the cluster's value can be recomputed from the printed figure."""
    return sig(value)


def natural_key(text: str) -> tuple:
    """A sort key that orders "7B" before "32B" before "70B" (numbers by value, the rest by code point)."""
    return tuple((0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", text) if t)


# A table's width in its own font's `ch` (A4 text width, 493 pt, over Inter's 0 at 0.86rem of 10.5 pt, 5.64 pt: the
# page's screen.css sets the root size, print.css's 9.5 pt does not win) less slack for numbers and signs wider than a
# 0. A table of WIDE_COLUMNS columns or more is set at 0.78rem (screen.css, figure.table.wide), 5.12 pt: 94 of its ch.
# (88 and 97, as before, and 96 once its sds printed to their means' decimals, overran the margin by a few points:
# long_names' load table.)
TABLE_CH, WIDE_TABLE_CH, WIDE_COLUMNS = 87, 94, 9
HEADER_LINES, CELL_LINES = 3, 3
CELL_PAD_CH = 2  # a cell's left and right padding (0.4rem each), in ch
# A name up to this many characters keeps one line ("Old NAS" wrapped onto two beside columns with room to spare).
SHORT_NAME = 16
# Where a number may break when whole numbers leave the names too little room: before "± sd", after a range's dash,
# after a ratio's slash ("401.0 | ± 6.0", "8.97– | 9.60×", "1.5 / | 1.5"). Never inside a number or before its unit.
_NUMBER_BREAK = re.compile(r"(?<= )(?=± )|(?<=–)(?=[\d−-])|(?<= / )|(?<= to )|(?<= 至 )")


@dataclass(frozen=True)
class ColumnLayout:
    """How a table is set: each column's least width in `ch` (0: the layout decides), and whether its numbers may
    break at NUMBER_BREAK (only when the page is too narrow for them whole and the names' three lines)."""

    widths: list[int]
    split: bool
    wide: bool


def number_pieces(cell: str) -> list[str]:
    """A number cell's unbreakable pieces, each with the space that follows it: "401.0 ± 6.0" -> ["401.0 ", "± 6.0"]."""
    return [p for p in _NUMBER_BREAK.split(str(cell)) if p]


def column_layout(table) -> ColumnLayout:
    """Each column's least width in `ch`, so that no header wraps over three lines and no name over three: the
    browser or WeasyPrint shares the rest. Numbers never wrap (CSS), unless the page cannot hold them whole beside
    the names' widths: then they break between their pieces (`number_pieces`) and keep only the widest piece. Where
    that is still wider than the page, every widened column gives up the same share of its widening."""
    wide = len(table.columns) >= WIDE_COLUMNS
    page = WIDE_TABLE_CH if wide else TABLE_CH
    widths, over = _widths(table, page, split=False, whole=SHORT_NAME)
    if over <= 0:
        return ColumnLayout(widths, False, wide)
    # Short names on one line only where the page holds them: a name on two lines before a number broken in two.
    widths, over = _widths(table, page, split=False)
    if over > 0 and any(c.numeric for c in table.columns):
        split_widths, _ = _widths(table, page, split=True)
        if split_widths != widths:
            return ColumnLayout(split_widths, True, wide)
    return ColumnLayout(widths, False, wide)


def long_word(cell: str) -> bool:
    """Whether a cell holds a word longer than LONG_WORD (a path, a command's option list): it breaks anywhere."""
    return any(len(word) > LONG_WORD for word in str(cell).split())


def ch_em(width: int) -> str:
    """A width in `ch` of the table's regular text, in `em`: a header's `ch` is its semi-bold 0, 7% wider, and 88 of
    those overran the page (async-70b's projections ended 7 pt into the margin). Inter's 0 is 0.625 em."""
    return f"{width * 0.625:g}"


def column_widths(table) -> list[int]:
    """Each column's least width in `ch` (see `column_layout`)."""
    return column_layout(table).widths


def _widths(table, page: int, split: bool, whole: int = 0) -> tuple[list[int], int]:
    """Columns' least widths on a page of `page` ch, and by how many ch the wished widths overran it; names up to
    `whole` characters ask to stay on one line. What no column can go below counts against the page: its widest
    number and a Chinese header's widest run of ideographs, which i18n.keep_words keeps together."""
    floors: list[int] = []
    wants: list[int] = []
    for i, column in enumerate(table.columns):
        cells = [str(row[i]) for row in table.rows]
        pieces = [p.strip() for c in cells for p in number_pieces(c)] if split else cells
        floor = max((_width(c) for c in pieces), default=0) if column.numeric else 0  # nowrap: the widest number
        text = 0 if column.numeric or column.code else max((_least_ch(c, CELL_LINES, whole) for c in cells), default=0)
        floors.append(max(floor, _kept_together(column.label)) + CELL_PAD_CH)
        wants.append(max(_least_ch(column.label, HEADER_LINES), text))
    extra = [max(0, w + CELL_PAD_CH - f) for w, f in zip(wants, floors, strict=True)]
    over = sum(floors) + sum(extra) - page
    if over > 0 and any(extra):
        share = max(0.0, 1 - over / sum(extra))
        wants = [
            math.floor(f - CELL_PAD_CH + e * share + 1e-9) if w else 0
            for w, f, e in zip(wants, floors, extra, strict=True)
        ]
    return wants, over


# A word of a name longer than this breaks anywhere in its cell (screen.css: a path or a command line has no space).
LONG_WORD = 24
# Where a header or a name breaks besides spaces when its ideographs are kept together (i18n.keep_words): before a
# full-width opening bracket, after full-width closing punctuation.
_CJK_BREAK = re.compile(r"(?=[（《“])|(?<=[）》”，、：；。])")


# A name's run of ideographs up to this long is kept together; a longer one breaks between them ("集群一行所计的每年训练
# 次数" kept whole pushed async-70b's economics table 3 pt into the margin).
KEEP_RUN = 8
_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")  # ideographs, not full-width punctuation
_EACH_CJK = re.compile(r"(?<=[\u2e80-\uffff])|(?=[\u2e80-\uffff])")


def keeps_words(cell: str) -> bool:
    """Whether a name's ideographs are kept together (i18n.keep_words): no run of them longer than KEEP_RUN."""
    return max((len(run) for run in _CJK_RUN.findall(str(cell))), default=0) <= KEEP_RUN


def _unbreakable(text: str) -> list[str]:
    """The pieces of `text` no line break splits: its words, cut at full-width brackets and, where its ideographs are
    not kept together, between them. A hyphen cuts nothing here (see `_least_ch`)."""
    kept = keeps_words(text)
    return [
        piece
        for word in str(text).split()
        for part in _CJK_BREAK.split(word)
        for piece in ([part] if kept else _EACH_CJK.split(part))
        if piece
    ]


def _pieces(text: str) -> list[int]:
    """The widths in `ch` of `text`'s unbreakable pieces, an ideograph two `ch` wide."""
    return [_width(piece) for piece in _unbreakable(text)]


def _width(text: str) -> int:
    """`text`'s width in `ch`, an ideograph (万) two."""
    return len(text) + sum(1 for c in text if ord(c) >= 0x2E80)


def _longest_piece(text: str) -> int:
    """The width in `ch` (as Inter sets it: a lower-case letter 0.85 of a 0, an ideograph 1.6) of the widest piece
    of `text` no line break can split, up to LONG_WORD (a longer one breaks anywhere)."""
    widest = max((sum(_char_ch(c) for c in piece) for piece in _unbreakable(text)), default=0)
    return min(math.ceil(widest - 1e-9), LONG_WORD)


def _kept_together(label: str) -> int:
    """The width a header's ideographs kept together take (its widest piece, when it holds any), else 0: a Latin
    header's words are within what its numbers or names take."""
    return _longest_piece(label) if any(ord(c) >= 0x2E80 for c in label) else 0


def _char_ch(c: str) -> float:
    """One character's width in `ch` of Inter's 0 (measured on Inter's and Noto Sans CJK's advances, rounded up)."""
    if ord(c) >= 0x2E80:
        return 1.6
    return 0.85 if c.islower() else 1.05 if c.isupper() else 1.0 if c.isdigit() else 0.6


def _least_ch(text: str, lines: int, whole: int = 0) -> int:
    """The width in `ch` that holds `text` on `lines` lines, with slack for breaking at spaces, or its longest word;
    a text of up to `whole` characters on one line. A Chinese character is two `ch` wide; a header's or a name's
    ideographs stay together (i18n.keep_words), so it breaks at spaces and full-width punctuation only. A word with
    a hyphen ("2-core") asks for its width: the layout would break it after the hyphen."""
    pieces = _pieces(text)
    width = sum(pieces) + len(pieces) - 1
    if 0 < width <= whole:
        return width
    longest = min(max(pieces, default=0), LONG_WORD)
    fits = _wrap_width(pieces, lines)  # "Stall per save (s)" took four lines of "Stall" in a narrow column
    if width > 24:
        return max(longest, math.ceil(width / lines) + 3, fits)
    hyphen = any("-" in word.strip("-") for word in str(text).split())
    # its longest word is what the layout gives a column at least, unless that word may break at its hyphen
    return fits if fits > longest or hyphen else 0


def _wrap_width(pieces: list[int] | str, lines: int) -> int:
    """The least width in `ch` at which pieces of these widths (or a text's words), filled one by one with a space
    between them, take at most `lines` lines."""
    widths = [len(w) for w in pieces.split()] if isinstance(pieces, str) else pieces
    width = max(widths, default=0)
    total = sum(widths) + len(widths) - 1
    while width < total:
        used, line = 1, -1
        for word in widths:
            line = word if line < 0 else line + 1 + word
            if line > width:
                used, line = used + 1, word
        if used <= lines:
            return width
        width += 1
    return width


# The filters the templates use, registered by report/render/html.py.
FILTERS = {
    "column_layout": column_layout,
    "number_pieces": number_pieces,
    "long_word": long_word,
    "ch_em": ch_em,
    "keeps_words": keeps_words,
}
