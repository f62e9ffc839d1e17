"""Number formatting: one place, exact snapshots."""

from report import formatting as f


def test_snapshots():
    assert f.seconds(178.0) == "178 s"
    assert f.seconds(379.8780487) == "379.9 s"
    assert f.seconds(3560.0) == "3,560 s"
    assert f.seconds(3.244) == "3.24 s"
    assert f.long_duration(36000) == "36,000 s (10.0 h)"
    assert f.pct(9.888888) == "9.9%" and f.pct(None) == "–"
    assert f.num(-0.00001, 1) == "0.0" and f.num(-1680, 0) == "−1,680"
    assert f.num(float("nan")) == "–"
    assert f.gb(65.6) == "65.6 GB" and f.gb(140.0) == "140 GB"
    assert f.mean_sd(110, 10, 1) == "110.0 ± 10.0" and f.mean_sd(94, None, 1) == "94.0"


def test_fixed_decimals_keep_two_significant_digits_of_a_small_value():
    from report.formatting import fixed, hours, pct

    assert [fixed(v, 1) for v in (0.0694, 0.556, 0.618, 12.34, 0.0)] == ["0.069", "0.56", "0.62", "12.3", "0.0"]
    assert fixed(-0.693, 0) == "−0.69" and fixed(-1680.4, 0) == "−1,680" and fixed(5.3, 0) == "5.3"
    assert pct(0.0053, 2) == "0.0053%" and pct(0.0112, 2) == "0.011%" and pct(9.89, 2) == "9.89%"
    assert hours(0.0694 * 3600) == "0.069 h" and hours(36000) == "10.0 h"


NFS = "Enterprise NFS v4.1 filer (2 heads, 2 x 100 GbE, nconnect=8) (s)"  # 64 characters
NVME = "Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4)"  # 59 characters


def test_column_widths_keep_long_headers_and_names_on_three_lines():
    from report.blocks import Column, Table

    table = Table("t", "caption", (Column("System", numeric=False), Column(NFS)), ((NVME, "401.0 ± 6.0"),))
    # name: ceil(59 / 3) + 3 = 23 ch; header: ceil(64 / 3) + 3 = 25 ch; "System" asks nothing
    assert f.column_widths(table) == [23, 25]
    short = Table("t", "caption", (Column("File", numeric=False), Column("Bytes")), (("bandwidth.csv", "13,286"),))
    assert f.column_widths(short) == [0, 0]  # up to 24 characters: the layout decides


def test_column_widths_share_what_the_page_lacks():
    from report.blocks import Column, Table

    table = Table("t", "caption", (Column(NFS),) * 4, (("401.0 ± 6.0",) * 4,))
    # each column: 11 ch of number + 2 of padding = 13, asks 25 + 2 - 13 = 14 more; 4 x 27 = 108 ch against 88:
    # 20 too many, each keeps 1 - 20/56 of its 14, 9: 11 + 9 = 20 ch
    assert f.column_widths(table) == [20, 20, 20, 20]


def test_column_widths_of_chinese_headers():
    from report.blocks import Column, Table

    # 运行次数: 4 characters, 8 ch: ceil(8 / 3) + 1 = 4 ch, two characters a line; 表: one character asks nothing
    table = Table("t", "caption", (Column("运行次数"), Column("表")), (("5", "1"),))
    assert f.column_widths(table) == [4, 0]
