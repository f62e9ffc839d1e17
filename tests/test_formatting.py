"""Number formatting: one place, exact snapshots."""

from report import formatting as f


def test_snapshots():
    assert f.seconds(178.0) == "178 s"
    assert f.seconds(379.8780487) == "380 s"  # three significant digits, as the prose prints it
    assert f.seconds(3560.0) == "3,560 s"
    assert f.seconds(3.244) == "3.24 s"
    assert f.long_duration(36000) == "36,000 s (10.0 h)"
    # a pair prints alike: hours on both where either takes them (Chinese reading 28, m7)
    assert f.long_duration(3594) == "3,594 s" and f.long_duration(3594, 3600) == "3,594 s (0.998 h)"
    assert f.pct(9.888888) == "9.9%" and f.pct(None) == "–"
    assert f.num(-0.00001, 1) == "0.0" and f.num(-1680, 0) == "−1,680"
    assert f.num(float("nan")) == "–"
    assert f.gb(65.6) == "65.6 GB" and f.gb(140.0) == "140 GB"
    # a size computed from others at three significant digits (Chinese reading 12, V-m13): 4 × 380.8 = 1,523.2 GB,
    # 3 × 65.6 = 196.8 GB, 3 × 448 = 1,344 GB
    assert (f.gb3(4 * 380.8), f.gb3(3 * 65.6), f.gb3(3 * 448.0)) == ("1,523 GB", "197 GB", "1,344 GB")
    assert f.mean_sd(110, 10, 1) == "110.0 ± 10.0" and f.mean_sd(94, None, 1) == "94.0"


def test_fixed_decimals_keep_two_significant_digits_of_a_small_value():
    from report.formatting import fixed, hours, pct

    assert [fixed(v, 1) for v in (0.0694, 0.556, 0.618, 12.34, 0.0)] == ["0.069", "0.56", "0.62", "12.3", "0.0"]
    assert fixed(-0.693, 0) == "−0.69" and fixed(-1680.4, 0) == "−1,680" and fixed(5.3, 0) == "5.3"
    assert pct(0.0053, 2) == "0.0053%" and pct(0.0112, 2) == "0.011%" and pct(9.89, 2) == "9.89%"
    assert hours(0.0694 * 3600) == "0.0694 h" and hours(36000) == "10.0 h" and hours(24372) == "6.77 h"


def test_money_at_the_precision_its_inputs_allow():
    """Three significant digits from inputs given to two or three: 3,658,527 USD is "3.66 million USD"."""
    from report import i18n

    assert f.money(3658527.4, "USD") == "3.66 million USD" and f.money(5078964.0, "USD") == "5.08 million USD"
    assert f.money(52843.2, "USD") == "52,800 USD" and f.money(634.08, "USD") == "634 USD"
    assert f.money(3.6667, "USD") == "3.67 USD" and f.money(44.0, "USD") == "44.0 USD"
    assert f.money(999600.0, "EUR") == "1,000,000 EUR"  # below a million before rounding: digits, not words
    with i18n.strict(), i18n.activate("zh-CN"):
        # 万 (10,000) from 10,000 up: 3,658,527 is 365.85 万, three digits 366; 52,843 is 5.28 万
        assert f.money(3658527.4, "USD") == "366 万 美元" and f.money(52843.2, "USD") == "5.28 万 美元"
        assert f.money(634.08, "USD") == "634 美元"


def test_chinese_money_in_wan_and_yi_with_the_currency_s_chinese_name():
    """Chinese reading 16, U-M7 and T minor 3: "315,000 万 KRW" is 31.5 亿韩元, "16,000 万元" 1.60 亿元 (three digits
    kept), "5,400.00 KRW" a price of 5,400 韩元; English and the code in metrics.json unchanged."""
    from report import i18n

    with i18n.strict(), i18n.activate("zh-CN"):
        # 3,151,440,000 at three digits is 3.15e9 = 31.5 亿; 159,700,000 is 1.60 亿; 9,318,000 is 932 万
        assert f.money(3_151_440_000, "KRW") == "31.5 亿 韩元" and f.money(159_700_000, "CNY") == "1.60 亿 元"
        assert f.money(9_318_000, "KRW") == "932 万 韩元" and f.money(2_711_440_000, "KRW") == "27.1 亿 韩元"
        # 99,960,000 rounds to 1.00e8 at three digits: 1.00 亿, never "10,000 万"
        assert f.money(99_960_000, "SGD") == "1.00 亿 新加坡元" and f.money(9_996, "EUR") == "1 万 欧元"
        assert f.price(5400.0, "KRW") == "5,400 韩元" and f.price(8.4, "CNY") == "8.4 元"
        assert f.money(5400.0, "krw") == "5,400 韩元" and f.money(12.5, "XTS") == "12.5 XTS"  # unnamed: the code
        assert f.many(1_636_000) == "164 万" and f.many(163_600_000) == "1.64 亿"
        assert i18n.typeset(f.money(3_151_440_000, "KRW")) == f"31.5{i18n.NO_BREAK_SPACE}亿韩元"
    assert f.money(3_151_440_000, "KRW") == "3,150 million KRW" and f.price(5400.0, "KRW") == "5,400.00 KRW"


def test_rounded_prints_whole_digits_beyond_three_as_zeros():
    assert f.round_sig(3658527.4) == 3660000.0 and f.round_sig(0.0012345) == 0.00123
    assert [f.rounded(v) for v in (300099.0, 91890.7, 999.6, 12.345, 0.5)] == [
        "300,000",
        "91,900",
        "1,000",
        "12.3",
        "0.500",
    ]
    assert f.rounded(None) == "–"


def test_one_precision_for_a_figure_in_tables_and_prose():
    """A table's cell prints a figure as the prose does: 10.98% is 11.0% in both, 48.95 GPU-equivalents 49.0."""
    assert f.spread(178.0, 2.1) == "178 ± 2.1" and f.spread(94.0, None) == "94.0"
    assert f.p3(10.98) == "11.0%" and f.gpus(48.95) == "49.0" and f.gpus(4.9) == "4.90" and f.gpus(125.2) == "125"
    assert f.seconds(5065.1) == "5,065 s" and f.seconds(0.774) == "0.774 s"


def test_a_spread_of_floating_point_noise_prints_as_zero():
    """Three runs of 4.8 GB/s average to a standard deviation of 6.28e-16 in floating point (long_names, Table 6):
    below a billionth of the mean it is printed as the zero it is, as gates_fail prints "3.00 ± 0"."""
    noise = 4.8 * 1.3e-16
    assert f.spread(4.8, noise) == "4.80 ± 0.00" and f.spread(21.3, 2.51e-15) == "21.3 ± 0.0"
    assert f.spread(3.0, 0.0) == "3.00 ± 0.00"
    # A real spread, however small against its mean, keeps two significant digits.
    assert f.spread(4.8, 4.8e-8) == "4.80 ± 0.000000048" and f.spread(403.0, 0.3) == "403 ± 0.30"


def test_a_spread_prints_to_its_mean_s_last_decimal_place_or_two_digits():
    """Cold read 10, m3: "110 ± 14.1" and "43.2 ± 0.650" gave the sd more precision than the mean beside it; cold read
    12, M3: "11 ± 1" beside a CV of 12.9% gave 9.1%, within the 10% limit. The sd prints to the mean's last decimal
    place or to two significant digits, whichever is finer: 110 ± 14 (sd of 100 and 120: 14.14), 11 ± 1.4
    (1.4 ÷ 11 = 12.7%, above 10% as 12.9% is), 43.2 ± 0.65, 8.10 ± 0.12."""
    assert f.spread(110.0, 14.142, f.seconds_figure) == "110 ± 14"
    assert f.spread(43.2, 0.650) == "43.2 ± 0.65" and f.spread(8.1, 0.120) == "8.10 ± 0.12"
    assert f.spread(1680.0, 25.3) == "1,680 ± 25" and f.spread(11.0, 1.414, f.seconds_figure) == "11 ± 1.4"


NFS = "Enterprise NFS v4.1 filer (2 heads, 2 x 100 GbE, nconnect=8) (s)"  # 64 characters
NVME = "Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4)"  # 59 characters


def test_column_widths_keep_long_headers_and_names_on_three_lines():
    from report.document.blocks import Column, Table

    table = Table("t", "caption", (Column("System", numeric=False), Column(NFS)), ((NVME, "401.0 ± 6.0"),))
    # name: ceil(59 / 3) + 3 = 23 ch; header: ceil(64 / 3) + 3 = 25 ch; "System" asks nothing
    assert f.column_widths(table) == [23, 25]
    short = Table("t", "caption", (Column("File", numeric=False), Column("Bytes")), (("bandwidth.csv", "13,286"),))
    # a name up to 16 characters keeps its line (13 ch); a header whose words fill three lines asks nothing
    assert f.column_widths(short) == [13, 0]


def test_short_headers_and_names_do_not_take_a_fourth_line():
    """The cold read's cramped tables: “Stall per save (s)” set as Stall / per / save / (s) beside 60-character names
    (8 ch holds “Stall” / “per save” / “(s)”), “Old NAS” on two lines with room to spare (7 ch keeps it whole), and
    fio's model “2 × 512 MiB read (fio)” over four lines (8 ch: “2 × 512” / “MiB read” / “(fio)”)."""
    from report.document.blocks import Column, Table

    table = Table(
        "t",
        "caption",
        (Column("System", numeric=False), Column("Model", numeric=False), Column("Stall per save (s)")),
        (("Old NAS", "2 × 512 MiB read (fio)", "0"), (NVME, "2 × 512 MiB save (fio)", "9.40")),
    )
    # System: the 59-character name asks ceil(59 / 3) + 3 = 23; Model: 8; the stall: 8 for its header
    assert f.column_widths(table) == [23, 8, 8]
    assert f._least_ch("Old NAS", 3, f.SHORT_NAME) == 7 and f._least_ch("Stall per save (s)", 3) == 8
    assert f._wrap_width("2 × 512 MiB read (fio)", 3) == 8 and f._wrap_width("Runs", 3) == 4


def test_column_widths_share_what_the_page_lacks():
    from report.document.blocks import Column, Table

    table = Table("t", "caption", (Column(NFS),) * 4, (("401.0 ± 6.0",) * 4,))
    # each column: 11 ch of number + 2 of padding = 13, asks 25 + 2 - 13 = 14 more; 4 x 27 = 108 ch against 87:
    # 21 too many, each keeps 1 - 21/56 of its 14, 8.75: 11 + 8 = 19 ch
    assert f.column_widths(table) == [19, 19, 19, 19]


def test_number_pieces_break_before_the_spread_after_a_dash_or_a_slash():
    assert f.number_pieces("401.0 ± 6.0") == ["401.0 ", "± 6.0"]
    assert f.number_pieces("8.97–9.60×") == ["8.97–", "9.60×"]
    assert f.number_pieces("1.5 / 1.5") == ["1.5 / ", "1.5"]
    assert f.number_pieces("−0.5–−0.2") == ["−0.5–", "−0.2"]
    assert f.number_pieces("140 GB") == ["140 GB"] and f.number_pieces("1,234.5") == ["1,234.5"]


LOAD_ROWS = (
    ("Llama-3 70B full fine-tune (BF16, ZeRO-3)", "NVIDIA H100 SXM5 80 GB (8 per node)", "140 GB", "3 / 3",
     "401.0 ± 6.0", "43.2 ± 0.7", "1.5 / 1.5", "357.8", "9.28×", "8.97–9.60×"),
    ("Qwen2.5 7B instruction tune (BF16)", "NVIDIA H100 SXM5 80 GB (8 per node)", "15.2 GB", "3 / 3",
     "49.6 ± 0.7", "8.1 ± 0.1", "1.5 / 1.5", "41.5", "6.12×", "5.92–6.33×"),
    ("Qwen2.5 32B LoRA adapters and optimizer state", "Huawei Atlas 910B", "65.6 GB", "3 / 3",
     "188.1 ± 2.8", "24.5 ± 0.4", "1.5 / 1.5", "163.6", "7.68×", "7.42–7.94×"),
)  # fmt: skip


def test_column_layout_breaks_numbers_before_names_take_a_fourth_line():
    """The long-names load table: ten columns, so set small (94 ch). Whole numbers take 2 + 2 (names' padding) + 9 +
    7 + 13 + 12 + 11 + 7 + 7 + 12 = 82 ch; the names ask ceil(45 / 3) + 3 = 18 and ceil(35 / 3) + 3 = 15 (the two
    widest), 33 more: 115, 21 too many, so the names would get 6 and 5 ch (six lines, as the cold read saw). Broken
    into pieces ("401.0" | "± 6.0", "8.97–" | "9.60×", "3 /" | "3", "1.5 /" | "1.5") the numbers take 2 + 2 + 9 + 5 +
    7 + 7 + 7 + 7 + 7 + 7 = 60 ch: 93 with the names, which keep 18 and 15 ch."""
    from report.document.blocks import Column, Table

    numbers = ("Size", "Runs", "Load baseline (s)", "Candidate (s)", "CV (%)", "Saved (s)", "Speedup", "95% interval")
    columns = (Column("Model", False), Column("Platform", False), *(Column(c) for c in numbers))
    table = Table("load", "caption", columns, LOAD_ROWS)
    assert f._widths(table, f.WIDE_TABLE_CH, split=False) == ([6, 5, 0, 0, 0, 0, 0, 0, 0, 0], 21)
    assert f.column_layout(table) == f.ColumnLayout([18, 15, 0, 0, 0, 0, 0, 0, 0, 0], split=True, wide=True)
    # three columns fit whole: nothing breaks, the table keeps its size
    small = Table("t", "caption", columns[:1] + columns[4:6], tuple((r[0], r[4], r[5]) for r in LOAD_ROWS))
    assert f.column_layout(small) == f.ColumnLayout([18, 0, 0], split=False, wide=False)


def test_column_widths_of_chinese_headers():
    from report.document.blocks import Column, Table

    # 运行次数: its ideographs are kept together (i18n.keep_words), so it is one piece: it asks no width, its 6.4 ch
    # (an ideograph is 1.6 ch of Inter's 0) are the column's floor, counted against the page
    table = Table("t", "caption", (Column("运行次数"), Column("表")), (("5", "1"),))
    assert f.column_widths(table) == [0, 0]
    assert f._widths(table, f.TABLE_CH, split=False) == ([0, 0], 7 + 2 + 2 + 2 - f.TABLE_CH)
    # a long header breaks only at its spaces and full-width brackets (40 ch: ceil(40 / 3) + 3 of slack)
    label = "全部样本均值 ± 各次运行间标准差（GB/s）"
    assert f._least_ch(label, 3) == 17 and f._kept_together(label) == 13
    # a mixed header is not a Chinese one: "Parallel NFS (existing)（s）" asked nothing and took four lines
    assert f._least_ch("Parallel NFS (existing)（s）", 3) == 13 and f._least_ch("华为 Atlas 910B", 3, 16) == 15


def test_a_hyphenated_short_name_asks_for_its_word():
    """fio-local's platform “2-core VM” broke after its hyphen (“2- / core / VM”): the word asks for its width."""
    assert f._least_ch("2-core VM", 3) == 6 and f._least_ch("2 core VM", 3) == 0


def test_short_names_give_way_before_a_number_breaks():
    """async-70b's load table: “NVIDIA H100” whole (11 ch) leaves the ten columns too little room, and its numbers
    broke (“18.4 | ± 0.416”); the name takes two lines instead, as before, and the numbers stay whole."""
    from report.document.blocks import Column, Table

    numbers = ("Size", "Runs", "Parallel NFS (existing) (s)", "Mingxin FX100 (s)", "CV (%)", "Saved (s)")
    columns = (
        Column("Model", False),
        Column("Platform", False),
        *(Column(c) for c in (*numbers, "Speedup", "95% interval")),
    )
    row = ("70B", "NVIDIA H100", "140 GB", "3 / 3", "95.7 ± 1.23", "18.4 ± 0.416", "1.28 / 2.26", "77.3", "5.19×",
           "4.96–5.44×")  # fmt: skip
    layout = f.column_layout(Table("load", "caption", columns, (row,)))
    assert layout.split is False and layout.widths[1] == 0


def test_an_ettr_below_one_never_prints_as_one():
    """Third cold read, m-6: 0.99973 at three decimals is "1.000", read as no overhead; it prints "0.9997"."""
    from report.formatting import ratio3

    assert [ratio3(v) for v in (0.858, 0.99973, 0.999996, 1.0, 0.9994)] == [
        "0.858",
        "0.9997",
        "0.999996",
        "1.000",
        "0.999",
    ]


def test_money_takes_the_digits_its_printed_operand_gives():
    """264 × 8,760 × 2.20 = 5,087,808 (5.09 million) against the 5,078,136 of 263.5 (5.08): two digits agree (5.1);
    0.242 × 19,272 = 4,664 against 4,671: 4,700; 15,936 s × 64 × 2.20 ÷ 3,600 = 623.3: three digits hold."""
    from report.formatting import money_of

    assert money_of(5_078_136, "264", 8760 * 2.2, "USD") == "5.1 million USD"
    assert money_of(4671.2, "0.242", 8760 * 2.2, "USD") == "4,700 USD"
    assert money_of(623.3, "15,936", 64 * 2.2 / 3600, "USD") == "623 USD"


def test_settings_and_chart_ticks_from_1e12_on_print_whole_digits():
    """attacks-5 A04: a 1e12 GB projection's chart labelled its ticks "3,000,000,000,000.00000" (.12g gave "3e+12")."""
    from report.charts.ticks import GroupedFormatter
    from report.formatting import given

    assert given(3e12) == "3,000,000,000,000" and given(2.5e12) == "2,500,000,000,000" and given(1e16) == "1e+16"
    assert GroupedFormatter().format_ticks([1e12, 1.5e12, 2e12]) == [
        "1,000,000,000,000",
        "1,500,000,000,000",
        "2,000,000,000,000",
    ]


def test_a_multiple_beside_a_target_it_is_not_gets_the_digit_that_tells_them_apart():
    # cold read 10, P-M1: "1.70×" beside a 1.7× target that G3 says it misses (1.6966)
    from report.formatting import x_beside

    assert [x_beside(1.6966, 1.7), x_beside(1.7034, 1.7), x_beside(1.7, 1.7), x_beside(1.75, 1.7)] == [
        "1.697×",
        "1.703×",
        "1.70×",
        "1.75×",
    ]
    assert x_beside(2.0, 2.02) == "2.00×"  # three digits already differ


def test_a_large_count_prints_at_three_digits_in_the_reader_s_words():
    """many: the cold starts a year that would pay for a candidate (compute/load_value.py): 566,123 → "566,000";
    from a million in words; in Chinese from 10,000 in 万."""
    from report.formatting import many
    from report.i18n import activate

    assert (many(566_123.4), many(1_234_567), many(99.6)) == ("566,000", "1.23 million", "100")
    with activate("zh-CN"):
        assert (many(566_123.4), many(9_940)) == ("56.6 万", "9,940")


def test_a_ratio_beside_another_is_rounded_once_by_their_difference():
    """Cold read 20, AC minor: the ETTR tile printed 0.97048 → 0.97052 (a difference of 0.00004) as "0.970 → 0.971".
    Rounded once: 0.970 + round(0.00004, 3) = 0.970 + 0.000 = "0.970"; a difference of 0.00054 (0.97048 → 0.97102)
    reaches the third decimal: 0.970 + 0.001 = "0.971"; 0.99978 against 0.9996 at four decimals, ratio3's own for
    both: 0.9996 + round(0.00018, 4) = 0.9996 + 0.0002 = "0.9998"."""
    from report.formatting import ratio3_beside

    assert ratio3_beside(0.97052, 0.97048) == "0.970"
    assert ratio3_beside(0.97102, 0.97048) == "0.971"
    assert ratio3_beside(0.99978, 0.9996) == "0.9998"
