"""One precision per figure: every number a PDF prints for a figure of metrics.json prints one way on every page.

For each figure (every number of metrics.json that is not a count) the test collects the numbers in the PDF's text
that are a rounding of it (the printed digits, rounded half a unit of their last place, hold the figure), in the
unit they are printed in (a duration in seconds may print in hours), and fails when one figure prints two ways:
11.0× on page 1 and 10.98× in a table, 1.07 GB and 1.1 GB, 455 GB and 455.0 GB.
"""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict

import pytest

from report.document.blocks import Table
from report.formatting import difference_operands, given
from report.inputs.joint_test import read_joint_test
from report.wording.retuning import tuning_sentence
from tests.conftest import DATA, FIXTURES, ROOT, pdf_text
from tests.golden import CASES
from tests.sections.helpers import build, section, texts

# A printed number (thousands separators, a decimal part) and the unit after it, if any.
NUMBER = re.compile(
    r"(?<![\w.,/])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?!\d)"
    r"(?:(%|×)|[ \u00a0](?:(h|s|GB/s|GB|kWh|kW|USD)\b|(倍)))?"  # "4.67%", "11.0×", "11.0 倍"; "178 s" ("20 × 3" is a product)
)

# Constants of the report's wording, not figures: the confidence level (also a table header's "95%" on a line of its
# own, its "置信区间" wrapped below), the warm-up's threshold, the reference row.
CONSTANTS = re.compile(r"\b95%(?=\s(?:interval|confidence|置信|加速比))|(?m:^95%$)|\b90%(?=\sof)|中位数的? 90%")

#: Pairs of renderings that are two figures, not one, although one value is a rounding of both. Each says why.
ALLOWED: dict[str, str] = {
    # economics: the table's row at the optima gives its GPU-equivalents at the digits its product needs to give back
    # the money printed beside it (operand_digits: 14.3 × 8,760 h × the price would not), the tile and prose 14.3
    "reliability.optimum_gpu_equivalents": "14.25 / 14.3",
}


def figures(node, path: str = "") -> dict[str, float]:
    """Every non-integer number of metrics.json by its path: counts, ids and flags are not figures."""
    out: dict[str, float] = {}
    if isinstance(node, dict):
        for key, value in node.items():
            out.update(figures(value, f"{path}.{key}" if path else key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.update(figures(value, f"{path}[{i}]"))
    elif isinstance(node, float) and node != 0 and not node.is_integer():
        out[path] = node
    return out


def printed(text: str) -> list[tuple[str, float, int, str]]:
    """Every number the text prints: its digits as printed, its value, its decimals and its unit ("" if none)."""
    out = []
    for m in NUMBER.finditer(text):
        whole, decimals, unit = m[1], m[2] or "", m[3] or m[4] or ("×" if m[5] else "")
        digits = f"{whole}.{decimals}" if decimals else whole
        out.append((digits, float(digits.replace(",", "")), len(decimals), unit))
    return out


def significant(digits: str) -> int:
    return len(digits.replace(",", "").replace(".", "").lstrip("0"))


def renders(value: float, shown: float, decimals: int) -> bool:
    """Whether `shown`, printed with `decimals` decimals, is `value` rounded: within half a unit of its last place."""
    return abs(abs(value) - shown) <= 0.5 * 10**-decimals * (1 + 1e-9)


def renderings(metrics: dict, text: str) -> dict[str, set[str]]:
    """Per figure of metrics.json, the distinct ways the text prints it (with the unit it is printed in)."""
    numbers = printed(CONSTANTS.sub(" ", text))
    out: dict[str, set[str]] = defaultdict(set)
    for path, value in figures(metrics).items():
        seconds = path.endswith("_s") or "_s[" in path
        for digits, shown, decimals, unit in numbers:
            if significant(digits) < (2 if unit else 3) or shown == 1:
                continue  # "5 s", a bare "14" (a chart's tick), "1.00" (the reference row): not one figure's
            target = value / 3600 if seconds and unit == "h" else value
            if unit in ("h", "s") and not seconds:
                continue  # a duration is a rendering of a duration only ("27 s" is not 26.8 GPUs per 1,000)
            if renders(target, shown, decimals):
                out[path].add(digits + (unit if unit in ("%", "×", "") else f" {unit}"))
    return out


def conflicts(metrics: dict, text: str, given: set[str] = frozenset()) -> dict[str, set[str]]:
    """The figures printed at two precisions (the allowed pairs left out). `given` holds the inputs' own texts
    (CSV cells, test.toml's values and thresholds): the appendix prints an input as given, and a figure equal to an
    input (the mean of one run) prints at the figures' precision. Two renderings with the same decimals are two
    figures that happen to be close (1.10 and 1.11 cannot both be one value rounded), not one at two precisions."""
    found = {}
    for path, shown in renderings(metrics, text).items():
        ways = {way.split(" ")[0].rstrip("%×") for way in shown if not way.endswith(" h")} - set(given)
        hours = {way for way in shown if way.endswith(" h")}
        for group in (ways, hours):
            decimals = {len(way.split(" ")[0].partition(".")[2]) for way in group}
            if len(decimals) > 1 and ALLOWED.get(path) != " / ".join(sorted(group)):
                found[path] = group
    return found


def input_texts(folder) -> set[str]:
    """Every number the joint test's own files write (CSV cells, test.toml), as written, and each input row's value
    in Python's shortest round-trip form (how the appendix prints an imported row); the gate thresholds in use."""
    test = read_joint_test(folder)
    texts = {
        digits
        for name in ("test.toml", "save_times.csv", "load_times.csv")
        for digits, *_ in printed(test.raw.get(name, b"").decode("utf-8-sig"))
    }
    for frame, columns in ((test.saves, ("snapshot_gb", "save_s")), (test.loads, ("size_gb", "load_s"))):
        texts |= {repr(float(v)) for c in columns for v in frame[c]}
    g = test.config.gates
    return texts | {given(v) for v in (g.max_cv_pct, g.target_speedup, g.target_duration_reduction_pct)}


def test_renderings_are_found():
    """The collector on a hand-made page: 10.98× and 11.0× are one figure twice, so are 4.67% and 4.7%; 4,212.5 s and
    1.17 h are one figure in two units, each printed one way; "5" is too short to say which figure it is."""
    metrics = {"save": {"speedup": 10.98123, "runs": 3}, "bubble": {"time_saved_s": 4212.5, "pct": 4.671}}
    text = "Saves 11.0× faster; the table says 10.98×. 4,212.5 s saved (1.17 h), 1.17 h again; 4.67%, 4.7% and 5%."
    assert renderings(metrics, text) == {
        "save.speedup": {"11.0×", "10.98×"},
        "bubble.time_saved_s": {"4,212.5 s", "1.17 h"},
        "bubble.pct": {"4.67%", "4.7%"},
    }
    assert conflicts(metrics, text) == {"save.speedup": {"11.0", "10.98"}, "bubble.pct": {"4.67", "4.7"}}


@pytest.mark.slow  # builds whole reports (through request, which the conftest's marking does not see)
@pytest.mark.parametrize("case", ["default", "fio_local", "economics", "white_paper_zh"])
def test_one_precision_per_figure(case, request, tmp_path):
    built = request.getfixturevalue(f"{case}_built")
    alt = re.findall(r'alt="([^"]*)"', built.html.decode())  # the charts' alt text, which the PDF's text leaves out
    text = pdf_text(built.pdf, tmp_path) + "\n" + html.unescape("\n".join(alt))
    assert conflicts(json.loads(built.metrics), text, input_texts(CASES[case][0])) == {}


# A printed result is worked from its printed operands (cold read m1): the page's arithmetic holds.


def test_difference_operands_print_the_digits_their_difference_needs():
    """1.0046% − 0.7136% is 0.291 points: printed 1.00% and 0.714% they give 0.286, so both take three decimals."""
    assert difference_operands(1.0046, 0.7136, "0.291") == ("1.005", "0.714")
    assert difference_operands(5.56, 2.81, "2.75") == ("5.56", "2.81")  # already holds: prose's three digits


def test_projection_rows_and_fits_give_back_their_printed_figures():
    """data: 379.88 − 200.61 = 179.27 s per save, × 20 saves = 3,585 s. Every figure at three significant digits from
    its own value (cold read 5, N19): 380, 201, 179 and 3,590, the true total's rounding (179 × 20 = 3,580 is within
    the printed figures' precision, as the table's note says); each slope gives back its time: 2.713 s/GB × 140 GB =
    379.8, 380 s; 1.433 × 140 = 200.6, 201 s."""
    ctx, _m = build(DATA)
    blocks = section(ctx, "projections").blocks
    table = next(b for b in blocks if isinstance(b, Table))
    # marked: 64 GPUs, where no save was timed (8 GPUs): a point estimate (scaling reading 13, M1)
    assert table.rows == (("70B on 64 GPUs", "140 GB", "380*", "201*", "179*", "20", "3,590*"),)
    fits = " ".join(texts(blocks))
    assert "(2.713 s per GB)" in fits and "(1.433 s per GB)" in fits
    # retune: 6.00 s + 1.62 s/GB × 128 GB = 213 s, not the table's 214 s; 1.625 gives it back.
    ctx, _m = build(FIXTURES / "retune")
    fits = " ".join(texts(section(ctx, "projections").blocks))
    assert "save time = 6.00 s + 1.625 s/GB × size" in fits and "save time = 3.00 s + 0.812 s/GB × size" in fits


def test_an_extrapolated_total_prints_three_significant_digits():
    """async-70b: 1,967 s and 435 s, 1,532 s saved per save × 400 saves = 612,777 s from a 5.79× extrapolation: each
    at three significant digits, "1,970", "435", "1,530", "613,000" (cold read 5, N19: no time at four digits beside
    others at three)."""
    ctx, _m = build(ROOT / "examples" / "async-70b")
    table = next(b for b in section(ctx, "projections").blocks if isinstance(b, Table))
    assert table.rows[0][2:] == ("1,970", "435", "1,530", "400", "613,000")


def test_the_retuning_headline_prints_its_optima_at_three_digits():
    """The headline prints the optimum's overhead as the failure table does (1.00%, the Chinese reading 3 found
    0.2911% beside the table's 0.291%), and no operand pair beside its difference, which would need more digits."""
    _ctx, m = build(FIXTURES / "retune")
    assert tuning_sentence(m).text.endswith(
        "from 5.56% to 1.00% of compute time, less than Array X at today's interval (2.81%). Compared each at its "
        "own optimal interval, the candidate's contribution is 0.29 percentage points. How far re-tuning must go to "
        "match Array X at today's interval is shown in “Failures and the checkpoint interval”."
    )  # the 2,035 steps themselves are the failure section's (cold read 14c, Q-m8: said on three pages)


def test_equal_figures_of_a_projection_print_alike():
    """repeated: the candidate's projected 84.25 s and the 84.25 s saved per save are one value and print alike, both
    at three significant digits: 168.5 → "168" (rounded half to even, as every figure), 84.25 → "84.2", × 6 saves =
    505.5 → "506". The fixture's line runs through rows of 16 and 4 GPUs, so the savings are not estimable (body15,
    6e4c887: a line that mixes checkpoint size with GPU count projects to no single GPU count); the times keep their
    digits, and the saving, computed, prints as the time it equals."""
    from report.formatting import s3

    ctx, m = build(FIXTURES / "repeated")
    table = next(b for b in section(ctx, "projections").blocks if isinstance(b, Table))
    assert table.rows[0][2:] == ("168", "84.2", "not estimable", "6", "not estimable")
    p = m.projections[0]
    assert s3(p.baseline_s - p.candidate_s) == s3(p.candidate_s) == "84.2 s"


def test_differences_and_ratios_of_overheads_come_back_from_the_printed_table():
    """Cold read 7, M1: retune printed 0.291 points and 0.710× beside a table of 1.00% and 0.714% (1.00 − 0.714 =
    0.286, 0.714 ÷ 1.00 = 0.714): the difference prints at the digits the table's figures give back, 0.29, and
    the ratio gives way to the optima themselves; long_names' 1.75 and 5.90 points (table: 3.47 − 1.73 = 1.74, 9.38 − 3.47 = 5.91) print 1.7 and
    5.9. Where the table's operands give nothing back (economics: 11.5% − 11.5% for 0.056 points), two digits."""
    from report.formatting import worked

    assert worked(0.2911, 1.00 - 0.714) == "0.29" and worked(0.7105, 0.714 / 1.00) == "0.71"
    assert worked(1.7461, 3.47 - 1.73) == "1.7" and worked(5.9011, 9.38 - 3.47) == "5.9"
    assert worked(10.582, 11.0 - 0.398) == "10.6"  # holds at three digits: unchanged
    assert worked(0.0562, 0.0) == "0.056"
    ctx, _m = build(FIXTURES / "retune")
    rel = " ".join(texts(section(ctx, "reliability").blocks))
    assert "the candidate's contribution is 0.29 percentage points" in rel
    # no ratio of the optima: the sentence gives them as the table prints them (0.7105 would print 0.71× beside
    # √0.528 = 0.727, one more figure to reconcile)
    assert "at their optima the candidate's overhead, 0.714%, against the baseline's 1.00%, is roughly" in rel
    table = next(b for b in section(ctx, "reliability").blocks if isinstance(b, Table))
    assert {"1.00%", "0.714%"} <= {cell for row in table.rows for cell in row}
    ctx, _m = build(FIXTURES / "long_names")
    rel = " ".join(texts(section(ctx, "reliability").blocks))
    assert (
        "saves 5.9 percentage points" in rel and "Optimum against optimum the candidate still saves 1.7 points." in rel
    )
