"""The risks of gates that pass, stated first under their own heading (cold read 12, W-M3: G3 against a 2.51× target
with the interval's low end at 2.518×, G1 and G2 under a spread limit raised to 7.5%, nothing to show when the
thresholds were agreed; cold read 13b, Y-m1: "A sceptic asks first" read as the tool's commentary)."""

import datetime as dt

from report import i18n
from tests.conftest import DATA
from tests.sections.helpers import build, section, texts


def _repeated(folder, target: str):
    """The repeated fixture (32B: 100, 110, 120 s against 50, 55, 60 s; max_cv_pct 10) against a G3 target."""
    data = folder("repeated")
    toml = data / "test.toml"
    toml.write_text(toml.read_text().replace("max_cv_pct = 10", f"max_cv_pct = 10\ntarget_speedup = {target}"))
    return data


def test_a_narrow_pass_on_thresholds_set_for_the_test_is_questioned_first(folder):
    """Speedup 110 ÷ 55 = 2.00. se² = 10² ÷ (3 × 110²) + 5² ÷ (3 × 55²) = 0.0027548 × 2 = 0.0055096, se = 0.074227;
    Welch df = 0.0055096² ÷ (2 × 0.0027548² ÷ 2) = 4.0, t₀.₉₇₅(4) = 2.776445: low end 2 × exp(−0.206088) = 1.62752,
    1.72% above a 1.6× target. Both spreads 9.09% (10 ÷ 110, 5 ÷ 55): G1 and G2 pass only under the 10% limit."""
    ctx, m = build(_repeated(folder, "1.6"))
    assert round(m.save.speedup_ci95[0], 5) == 1.62752 and [g.status for g in m.gates[:3]] == ["pass"] * 3
    note = (
        "These passes are narrow: G3 clears its 1.6× target by only 1.72% (the interval's low end 1.628×). G1 and G2's "
        "10% spread limit (in place of the 5% default, not agreed with the customer) and G3's 1.6× target (in place of the 1.5× default, not agreed with the customer) are agreed for this test and undated: "
        "nothing in the test record shows them agreed before the runs."
    )
    summary = texts(section(ctx, "summary").blocks)
    assert summary[summary.index(note) - 1] == "Risks and limits of this comparison"  # a heading, not a persona
    assert not any("sceptic" in t.lower() for t in summary)
    # page 1's gate line gives the margin; it says already which thresholds were set for this test
    # ... and that the target it clears narrowly is undated, where the decision is read (cold read 14b, Y-M2)
    assert (
        "Save-time speedup (G3) passes by only 1.72% (the interval's low end 1.628×), against a target agreed for this "
        "test and undated;" in ctx.cover.verdict_gates
    )
    assert "G1) passes with a spread of 9.09% against the 10% limit agreed for this test" in ctx.cover.verdict_gates
    with i18n.activate("zh-CN"):
        ctx, _m = build(_repeated(folder, "1.6"))
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "风险与局限 以下门槛通过的余量很小：G3 超过 1.6 倍的目标，余量仅为 1.72%（置信区间下限 1.628 倍）。" in summary
    )
    assert "怀疑" not in summary
    assert (
        "保存加速比（G3）通过，余量仅为 1.72%（置信区间下限 1.628 倍），所依据的目标为本次测试约定，未注明约定时间"
        in ctx.cover.verdict_gates
    )


def test_a_wide_pass_on_the_usual_thresholds_raises_nothing(folder):
    """A 1.2× target: the low end 1.628× clears it by 35.6%, and lies above the usual 1.5× too; only the spread limit
    is left to question. data/ (one run a side): no pass to question."""
    ctx, _m = build(_repeated(folder, "1.2"))
    assert "by only" not in ctx.cover.verdict_gates  # a margin of 35.6%: no narrow pass on page 1
    summary = texts(section(ctx, "summary").blocks)
    assert (
        "G1 and G2's 10% spread limit (in place of the 5% default, not agreed with the customer) is agreed for this test and undated: nothing in the test record "
        "shows it agreed before the runs." in summary
    )
    assert not any(t.startswith("These passes are narrow") for t in summary)
    ctx, _m = build(DATA)
    assert "Risks and limits of this comparison" not in texts(section(ctx, "summary").blocks)


def test_a_narrow_margin_on_a_percentage_is_in_percentage_points(folder):
    """Cold read 13b, Y-m2: "G4 clears its 1.99% target by only 0.630%", a share of the target, read as 0.63 points.
    The repeated fixture with a 2.5% G4 target: 6 saves, compute 6,000 × 2.0 = 12,000 s, means 110 s and 55 s; the run
    100 × 6 × (110 − 55) ÷ (12,000 + 6 × 110) = 3,300 ÷ 126.6 = 2.6066% shorter, 0.1066 points above 2.5% (4.27% of
    it). Three digits of the reduction (2.61) would give back 0.11, not 0.107: it prints four, 2.607 − 2.5 = 0.107."""
    data = _repeated(folder, "1.6")
    toml = data / "test.toml"
    toml.write_text(toml.read_text().replace("max_cv_pct = 10", "max_cv_pct = 10\ntarget_duration_reduction_pct = 2.5"))
    ctx, m = build(data)
    assert round(m.bubble.duration_reduction_pct, 4) == 2.6066
    words = "G4 clears its 2.5% target by only 0.107 percentage points (2.607% against 2.5%)"
    assert words in " ".join(texts(section(ctx, "summary").blocks))
    assert "by only 0.107 percentage points (2.607% against 2.5%)" in ctx.cover.verdict_gates
    assert "4.27%" not in ctx.cover.verdict_gates
    with i18n.activate("zh-CN"):
        ctx, _m = build(data)
    assert "余量仅为 0.107 个百分点（缩短 2.607%，目标为 2.5%）" in ctx.cover.verdict_gates


def _dated(folder, line: str):
    """The narrow pass above (G3 1.6×, the 10% spread limit) with an [environment] line appended."""
    data = _repeated(folder, "1.6")
    toml = data / "test.toml"
    toml.write_text(toml.read_text() + f"\n[environment]\n{line}\n")
    return data


def test_targets_the_record_dates_are_not_called_undated(folder):
    """Cold read 16, T-M1: G4's target called "undated: nothing in the test record shows it agreed before the runs"
    while the record's gate-target line gave "agreed ... on 2026-11-12 in test plan DT-CY-TP-05". The same narrow
    pass with a gate-target line dated 2026-09-01 (the report is dated 2026-10-15): the risks keep the thresholds and
    their usual values, and give the record's date instead of "undated"; the table and page 1 say no "undated"."""
    from report.compute.agreement import targets_agreed_on

    data = _dated(folder, '"gate targets" = "agreed with the customer on 2026-09-01 in test plan TP-7, section 4"')
    ctx, _m = build(data)
    assert targets_agreed_on(ctx_config(data)) == dt.date(2026, 9, 1)
    summary = texts(section(ctx, "summary").blocks)
    assert (
        "G1 and G2's 10% spread limit (in place of the 5% default, not agreed with the customer) and G3's 1.6× target (in place of the 1.5× default, not agreed with the customer) are agreed for this test; the "
        "test record dates that agreement 1 September 2026." in " ".join(summary)
    )
    assert not any("undated" in t for t in summary) and "undated" not in ctx.cover.verdict_gates
    assert "Save-time speedup (G3) passes by only 1.72%" in ctx.cover.verdict_gates
    rows = [row for b in section(ctx, "setup").blocks for row in getattr(b, "rows", ())]
    sources = {row[0]: row[2] for row in rows if len(row) == 3}
    assert sources["Save-time speedup target (G3)"] == "Agreed for this test on 1 September 2026"
    assert sources["Largest spread (CV) accepted"] == "Agreed for this test on 1 September 2026"


def test_a_date_after_the_report_or_off_the_gates_line_leaves_them_undated(folder):
    """A gate line dated after the report's own date (2026-10-15) is no agreement before it; a dated line about
    something else (the network) dates no target: both leave the thresholds undated."""
    from report.compute.agreement import targets_agreed_on

    for line in (
        '"acceptance thresholds" = "agreed on 2026-11-02"',
        '"network" = "switch firmware upgraded 2026-09-01"',
    ):
        data = _dated(folder, line)
        assert targets_agreed_on(ctx_config(data)) is None, line
        ctx, _m = build(data)
        assert "are agreed for this test and undated:" in " ".join(texts(section(ctx, "summary").blocks))


def test_a_chinese_record_dates_its_targets_in_its_own_way(folder):
    """验收门槛 … 2026年9月1日: the label and the date as a Chinese record writes them."""
    from report.compute.agreement import targets_agreed_on

    data = _dated(folder, '"验收门槛" = "由委托方与测试方于 2026年9月1日 在测试方案第 4 节约定"')
    assert targets_agreed_on(ctx_config(data)) == dt.date(2026, 9, 1)


def ctx_config(data):
    """The folder's validated test.toml."""
    from report.inputs.joint_test import read_joint_test

    return read_joint_test(data).config
