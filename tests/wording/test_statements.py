"""Findings said in several sections: warnings, re-tuning, the verdict's reason, wordings at the edges."""

import pytest

from report import i18n
from report.compute.findings import decide
from report.formatting import sig
from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, FIXTURES, ROOT
from tests.sections.helpers import all_paras, build, build_printed, section, texts
from tests.sections.test_cover import all_illustrative


def test_outlier_run_is_flagged_and_kept(folder):
    data = folder("repeated")
    text = (data / "save_times.csv").read_text()
    text += "4,Old NAS,110,32B,16,64,\n5,Old NAS,111,32B,16,64,\n6,Old NAS,300,32B,16,64,stalled\n"
    (data / "save_times.csv").write_text(text)
    ctx, m = build(data)
    assert m.save.baseline.outlier_runs == (6,)
    assert m.save.baseline.runs == 6 and m.save.baseline.mean_s == (100 + 110 + 120 + 110 + 111 + 300) / 6
    # said once, in its section, with its z-score; page 1 gives the result with and without it (schema 4)
    warning = (
        "Of the save runs, run 6 on Old NAS (300 s, modified z-score 25.6) stands out from the others (modified "
        "z-score above 3.5 in absolute value). It is kept in every figure; check the run's log before relying on it. The record of the "
        "save runs is quoted in “Test setup and data sources”."  # quoted once, there (cold read 16, T-m3)
    )
    assert warning in texts(section(ctx, "save").blocks) and warning not in texts(section(ctx, "summary").blocks)
    assert ctx.cover.verdict_notes == (
        "The result hangs on run 6 on Old NAS (300 s): without it the speedup is 2.00× (95% interval 1.67–2.41×), "
        "G1 passes and G3 passes (with it, G1 fails and G3 is undecided).",  # which state goes with which case
        # (cold read 9, K-m2: "with G1 undecided (now fails) and G3 fails (now undecided)")
    )
    # the label above it gives both verdicts, and that they hold at today's interval only beside a recommendation
    # resting on re-tuning (cold read 10, Q-M1; cold read 16, U-B2: the two boxes read as opposites)
    assert ctx.cover.verdict_label == (
        "Not demonstrated by these runs, with every run kept; without the one outlying run, which no agreement "
        "excludes, “Benefit demonstrated” (at today's interval only: re-tuning Old NAS's interval recovers as much as "
        "switching)"
    )


def test_a_run_faster_than_the_rest_is_flagged_by_the_absolute_value_of_its_score(folder):
    """A run that stands out low has a negative score: "above 3.5" beside −11.0 read as a mistake (Chinese reading 12,
    W-m3). Old NAS: 100, 110, 120, 110, 111, 20 s; median 110, MAD the median of 10, 0, 10, 0, 1, 90 = (1 + 10) ÷ 2 =
    5.5; run 6: 0.6745 × (20 − 110) ÷ 5.5 = −11.04, run 1: −1.23."""
    data = folder("repeated")
    text = (data / "save_times.csv").read_text()
    text += "4,Old NAS,110,32B,16,64,\n5,Old NAS,111,32B,16,64,\n6,Old NAS,20,32B,16,64,\n"
    (data / "save_times.csv").write_text(text)
    ctx, m = build(data)
    assert m.save.baseline.outlier_runs == (6,)
    words = " ".join(texts(section(ctx, "save").blocks))
    assert (
        "run 6 on Old NAS (20 s, modified z-score −11.0) stands out from the others (modified z-score above "
        "3.5 in absolute value)" in words
    )
    with i18n.activate("zh-CN"):
        ctx, m = build(data)
        words = " ".join(texts(section(ctx, "save").blocks))
    assert "修正 z 分数 −11.0）偏离其他运行（修正 z 分数的绝对值大于 3.5）" in words


def test_retuning_beats_buying_is_a_headline_only_where_youngs_optimum_is_within_the_run(folder):
    # Fixture R: c = 110 s, job MTBF 10,000 h ÷ 16 GPUs = 2,250,000 s: Young's T = √(2 × 110 × 2,250,000) = 22,249 s,
    # 11,124 steps of 2 s, within the 60,000-step run. Overheads 110/2000 + 2110/4.5e6 + 300/2.25e6 = 5.56% today,
    # 1.00% at the optimum; the candidate 2.81% today, 0.714% at its optimum: 0.291 points optimum against optimum.
    ctx, m = build(FIXTURES / "retune")
    assert m.reliability.tuning_beats_switching and round(m.reliability.baseline.optimal_interval_steps) == 11124
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "With the failure rate agreed for this test (a per-GPU MTBF of 10,000 h), re-tuning the checkpoint interval "
        "alone does more than switching to the new storage at today's interval: saving every 11,124 steps instead of "
        "every 1,000 would cut the failure-aware overhead on Old NAS from 5.56% to 1.00% of compute time, less than "
        "Array X at today's interval (2.81%). Compared each at its own optimal interval, the candidate's "
        "contribution is 0.29 percentage points." in summary
    )
    assert "Young's optimum" not in summary and "caveat" not in summary
    # The same figures with a 6,000-step run: the optimum lies beyond the run, so no headline in the summary; the
    # failure section carries the comparison as a caveat beside the failure model.
    short = folder("retune")
    toml = (short / "test.toml").read_text().replace("total_steps               = 60000", "total_steps = 6000")
    (short / "test.toml").write_text(toml)
    ctx, m = build(short)
    assert m.reliability.tuning_beats_switching and m.bubble.total_steps == 6000
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "Re-tuning" not in summary and "Young's optimum" not in summary
    rel = " ".join(texts(section(ctx, "reliability").blocks))
    assert "Re-tuning alone recovers more than the new storage" not in rel
    # The caveat first, then the figures "for reference" (M10: read the other way round, the figure stuck).
    caveat = rel.index("Young's optimum on Old NAS (11,124 steps) is longer than the whole run (6,000 steps):")
    reference = rel.index(
        "For reference only: re-tuning the interval on Old NAS alone, to Young's optimum of 11,124 steps"
    )
    assert caveat < reference
    assert (
        "On the failure model alone, optimum against optimum, the candidate's contribution is 0.29 percentage "
        "points. As Young's optimum is longer than the run, this comparison is a caveat, not a finding: it does not "
        "say that re-tuning beats the new storage." in rel
    )
    ctx, m = build(FIXTURES / "economics")
    assert not m.reliability.tuning_beats_switching
    assert "Re-tuning the checkpoint interval alone" not in " ".join(texts(section(ctx, "summary").blocks))
    rel = " ".join(texts(section(ctx, "reliability").blocks))
    assert "Optimum against optimum the candidate still saves 3.0 points." in rel


def test_a_save_longer_than_the_interval_is_flagged(folder):
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("step_time_s               = 2.0", "step_time_s = 0.1")
    (data / "test.toml").write_text(toml)
    ctx, m = build(data)
    assert m.reliability.baseline.save_overhead_pct > 100
    assert any("lasts longer than the compute between two saves" in t for t in texts(section(ctx, "summary").blocks))


def test_wordings_that_fit_the_figures_at_their_edges(folder):
    # Young's optimum beyond the run: no saves at all for its own sake (not "once or twice").
    ctx, m = build(DATA)
    assert m.bubble.total_steps // round(m.reliability.baseline.optimal_interval_steps) == 0
    reliability = " ".join(texts(section(ctx, "reliability").blocks))
    assert "a run this short would not checkpoint for its own sake at all" in reliability
    # The caveat before the figure, which is given "for reference", as Young's optimum, not as advice
    assert (
        "which the report cannot weigh. For reference only: re-tuning the interval on Local NVMe (single drive) "
        "alone, to Young's optimum of 27,775 steps, saves 10.6 percentage points; moving to Mingxin FX100 at "
        "today's interval saves 5.2." in reliability
    )
    with i18n.activate("zh-CN"):
        zh = i18n.typeset(" ".join(texts(section(build(DATA)[0], "reliability").blocks))).replace("\u00a0", " ")
    assert (
        "本报告无法权衡。以下仅作参考。把 Local NVMe (single drive) 的检查点间隔调整到 Young 最优间隔 27,775 步，开销可减少 10.6 "
        "个百分点；保持当前间隔而换用 Mingxin FX100，开销减少 5.2 个百分点。" in zh
    )
    # Said once, in the section on failures; the answers refer back to it.
    assert " ".join(p.text for p in all_paras(ctx)).count("for its own sake") == 1
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "Young's optimum" not in summary and "once or twice" not in summary  # no headline to take back
    # the answers state their conclusions and point to the sections; re-tuning is the failure section's and page 1's
    # One load model: one saving per cold start, not "41.6 s to 41.6 s". gates_fail loads once per system, which
    # establishes no speedup (cold read 12, M2): two more runs each (20 and 10 s again) meet the saves' rule.
    data = folder("gates_fail")
    (data / "load_times.csv").write_text(
        (data / "load_times.csv").read_text()
        + "Base NFS,M,P,50,2,20\nCand,M,P,50,2,10\nBase NFS,M,P,50,3,20\nCand,M,P,50,3,10\n"
    )
    ctx, m = build(data)
    assert m.lifecycle.load_saved_min_s == m.lifecycle.load_saved_max_s == 10
    words = " ".join(texts(section(ctx, "loading").blocks) + texts(section(ctx, "qa").blocks))
    assert "10 s less per cold start of M on P" in words and "10 s to 10 s" not in words
    # G4 failing but within the sensitivity chart's reach (gates_fail), and out of its reach (a candidate 1 s faster
    # per save: 20 saves × 1 s = 20 s of 36,000 s, 0.056%, and even 8× the saves stay below the 2% target).
    steps = " ".join(texts(section(ctx, "gates").blocks))
    # the chart shows how the benefit moves with the interval; saving more often to meet G4 is no storage benefit
    # (cold read 13, M3)
    assert m.gates[3].status == "fail" and "saving more often only to meet the target would be no storage" in steps
    close = folder("data")
    (close / "save_times.csv").write_text(
        "system,model,gpus,snapshot_gb,run,save_s\n"
        "Local NVMe (single drive),32B LoRA,8,65.6,1,95\nMingxin FX100,32B LoRA,8,65.6,1,94\n"
    )
    ctx, m = build(close)
    steps = " ".join(texts(section(ctx, "gates").blocks))
    best = max(*m.sensitivity.interval_reduction_pct, *m.sensitivity.step_time_reduction_pct)
    assert m.gates[3].status == "fail" and best < m.sensitivity.target_pct
    assert "no checkpoint interval or step time the sensitivity chart spans (1/8× to 8× today's) reaches it" in steps


def test_the_verdict_says_which_way_g3_leans_and_weighs_no_agreed_threshold_against_a_reference(folder):
    """Cold read 14c, P-m4; zh reading 14c, P-m1: "Thresholds agreed for this test instead of the tool's defaults … (default
    3)" beside agreed targets read as a hint that the customer's targets were strict. The verdict weighs no agreed
    threshold against the reference values; a pass that rests on one is said among the risks, with the default it replaces and whose that is (cold read 16, T-M1)."""
    ctx, _ = build(FIXTURES / "economics")
    assert section(ctx, "summary").blocks[0].text.partition(". ")[2] == (
        "The benefit is for saves that block training: saved asynchronously, the job would run no faster on the candidate at today's "
        "interval (see “Asynchronous checkpointing (what-if)”)."
    )  # typed into save_times.csv with no source note, not "this test's measurements" (cold read 18, M7); a synchronous
    # job's benefit, which asynchronous saves would take away at today's interval (cold read 18, M8)
    # 100, 110, 120 s and 50, 55, 60 s: sd ÷ mean 9.09% each, above the usual 5%, under the 10% agreed (cold read 13, m15)
    words = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "G1 and G2's 10% spread limit (in place of the 5% default, not agreed with the customer) is agreed for this test and undated"
        in words
    )
    # the default said with whose it is, never the tool's nor "usually" (cold read 16, T-M1)
    assert "tool" not in words and "usually" not in words
    with i18n.activate("zh-CN"):
        ctx, _ = build(FIXTURES / "economics")
    words = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "常规取值" not in words
        and "工具" not in words
        and "G1和G2 的变异系数上限 10%（而非未经与委托方约定的默认值 5%）" in words
    )
    data = folder("data")
    (data / "test.toml").write_text((data / "test.toml").read_text() + "\n[gates]\ntarget_speedup = 2.5\n")
    ctx, m = build(data)
    assert m.gates[2].status == "insufficient" and round(m.save.speedup, 2) == 1.89
    assert (
        section(ctx, "summary")
        .blocks[0]
        .text.endswith(
            " G3's point estimate is below the 2.5× target: unless more runs move it, they would make G3 fail, not "
            "pass."
        )
    )
    ctx, _ = build(DATA)  # 1.89× against the default 1.5×: nothing to add
    assert "point estimate" not in section(ctx, "summary").blocks[0].text


def test_the_verdict_line_says_what_it_rests_on(folder):
    """Every gate rests on the save times: illustrative ones, or saves that are not durable, are said in the verdict
    line itself, never a green "demonstrated" above a note that nothing was measured (cold read 3, major 1)."""
    ctx, m = build(all_illustrative(folder))  # every input illustrative, every gate passing
    assert m.verdict.status == "demonstrated" and "save_times" in m.inputs_illustrative
    assert ctx.cover.verdict_label == "Gates pass on illustrative save times; benefit not yet measured"
    assert ctx.cover.verdict_status == "demonstrated" and ctx.cover.verdict_style == "indicative"
    # the label said the gates pass on illustrative save times: not again (Chinese reading 12, W-m4)
    assert "gates pass" not in section(ctx, "summary").blocks[0].text.partition("measured. ")[2]
    assert "measurements" not in section(ctx, "summary").blocks[0].text.replace("not measurements", "")
    data = folder("data")
    toml = (data / "test.toml").read_text()
    toml = toml.replace('load_baseline = "NFS"', 'load_baseline = "NFS"\nnot_durable = ["Mingxin FX100"]')
    (data / "test.toml").write_text(toml)
    ctx, m = build(data)
    assert m.not_durable == ("candidate",) and "save_times" not in m.inputs_illustrative
    assert ctx.cover.verdict_label.endswith("; the saves on Mingxin FX100 are not durable")


def test_what_its_clients_drove_is_said_of_a_measured_bandwidth_only():
    """ "what its clients drove" describes a measurement; an illustrative bandwidth log says it is one (cold read 7,
    M5)."""
    summary = " ".join(texts(section(build(DATA)[0], "bubble").blocks))  # the demand is argued there
    assert "This test's bandwidth is illustrative, not measured, and a measurement would show what its clients" in (
        summary
    )
    assert "This test's bandwidth is what its clients drove" not in summary
    measured = " ".join(texts(section(build(FIXTURES / "gates_fail")[0], "bubble").blocks))
    assert "This test's bandwidth is what its clients drove; whether more clients would drive more was not" in measured


def test_sections_whose_figures_follow_from_the_means_say_so_while_no_difference_is_shown():
    """Cold read 7, M3: gates_fail's speedup interval (0.774× to 1.56×) includes 1×, and its asynchronous and failure
    sections stated a 'storage benefit' and a 2.56-point saving as facts."""
    ctx, _m = build(FIXTURES / "gates_fail")
    for name in ("async", "reliability"):
        first = section(ctx, name).blocks[0]
        assert first.text.startswith("The figures below hold only if the means held") and first.style == "warning"
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "With asynchronous saves any save-time difference would vanish at today's interval" in summary
    assert "this storage benefit" not in summary
    ctx, _m = build(DATA)  # 1.89× (its interval above 1×): no such note
    assert not section(ctx, "async").blocks[0].text.startswith("This test does not show")


def test_a_speedup_whose_interval_includes_one_is_not_called_faster():
    """Cold read 9, M4: gates_fail's summary said "1.10× faster" right after "This test does not show a difference in
    save time" (95% interval 0.774× to 1.56×)."""
    ctx, _m = build(FIXTURES / "gates_fail")
    words = " ".join(texts(section(ctx, "summary").blocks) + texts(section(ctx, "save").blocks))
    assert "1.10× faster" not in words
    assert "a ratio of 1.10× between the means, no difference shown" in words
    ctx, _m = build(FIXTURES / "repeated")  # 1.63× to 2.46×: a difference shown
    assert "2.00× faster" in " ".join(texts(section(ctx, "summary").blocks))


def test_save_times_from_different_programs_are_said_to_be_measured_differently():
    """Cold read 18, M1: the imports fixture's NVMe saves come from Megatron-LM's and NeMo's logs, FX100's from MLPerf
    Storage's: the summary and the save section say so once each; saves of one source (data/, fio-local) say nothing."""
    ctx, _m = build(FIXTURES / "imports")
    warning = (
        "The save times of NVMe come from Megatron-LM and NeMo output and those of FX100 from MLPerf Storage (DLIO) "
        "output: programs that time a save differently (where the clock starts and stops, what it waits for), so the "
        "speedup compares two measurements made differently. Time both systems with the same tool before relying on "
        "it. NVMe's own runs come from Megatron-LM and NeMo, so their spread may be the programs' rather than the "
        "storage's."  # Chinese reading 19, M6: NVMe's 25.1% spread mixes two programs
    )
    for section_id in ("summary", "save"):
        assert texts(section(ctx, section_id).blocks).count(warning) == 1
    for data in (DATA, ROOT / "examples" / "fio-local"):
        ctx, _m = build(data)
        assert not any("programs that time a save differently" in p.text for p in all_paras(ctx))


def test_cold_read_19_findings_reach_the_summary_and_say_what_they_assume():
    """Cold read 19 and Chinese reading 19: the imports fixture's saves outrun its logged bandwidth (the audit's finding,
    now in the summary too); its async what-if had 'what remains, a shorter interval' where both need 1 step; its
    appendix called imported rows 'as supplied'. long_names' node-local RAID keeps its checkpoints on each node."""
    from report.document.blocks import Table

    ctx, _m = build(FIXTURES / "imports")
    summary = texts(section(ctx, "summary").blocks)
    # both sides outrun their logs (2.04× and 12.9×), so the warning names both (cold read 10, Q-M3)
    assert any(
        t.startswith(
            "The saves on NVMe and FX100 run faster than the bandwidth this test logged for them (2.04× and 12.9× of "
            "it; see"
        )
        for t in summary
    )
    words = " ".join(summary)
    assert "What remains, a shorter interval" not in words
    assert (
        # plain words, not "nothing remains there" (cold read 9, J-m3: opaque, said three times)
        "Nor does saving more often favour the candidate: the shortest interval at which writes no longer stall "
        "training is the same on both (1 step)." in words
    )
    raw = next(b for b in section(ctx, "raw").blocks if isinstance(b, Table) and b.id == "raw-saves")
    assert raw.caption.startswith("Checkpoint save times: every one as imported from tool output")
    ctx, _m = build(FIXTURES / "long_names")
    failures = " ".join(texts(section(ctx, "reliability").blocks))
    assert (
        "its checkpoints are on each node's own storage, so that holds for failures that leave the node's drives"
        in (failures)
    )
    ctx, _m = build(DATA)  # no node_local declared: nothing said
    assert "each node's own storage" not in " ".join(texts(section(ctx, "reliability").blocks))


def test_gates_passing_on_save_times_of_unstated_origin_are_not_a_green_verdict(folder):
    """Cold read 19, M5: economics' save times are typed into save_times.csv with no source note, and its gates pass
    (under a widened spread limit): the verdict is neutral and says whose figures they are; a source note restores
    "Benefit demonstrated"."""
    ctx, _m = build(FIXTURES / "economics")
    assert ctx.cover.verdict_style == "indicative"
    assert ctx.cover.verdict_label == (
        "Gates pass on supplied save times of unstated origin; name their source before relying on the benefit"
    )
    data = folder("economics")
    toml = (data / "test.toml").read_text()
    assert "[sources]" not in toml
    (data / "test.toml").write_text(toml + '\n[sources]\nsave_times = "vendor lab, 2026-08, fio 3.36"\n')
    ctx, _m = build(data)
    assert (ctx.cover.verdict_style, ctx.cover.verdict_label) == ("demonstrated", "Benefit demonstrated")


def test_a_gate_that_fails_under_the_agreed_target_is_not_weighed_against_the_default():
    """Cold read 6, M1: "G4 fails against the target agreed for this test, 2.5%, and would meet the tool's default,
    2%" moved the goalposts in the candidate's favour in the headline box. gates_fail's G4, 2.00% shorter, fails the
    agreed 2.5%: the agreed target decides, and the default is not brought in."""
    ctx, _m = build(FIXTURES / "gates_fail")
    reason = section(ctx, "summary").blocks[0].text
    assert "G4 fail" in reason
    assert "tool's default" not in reason and "would meet" not in reason


def _slow_run_6(folder):
    """The repeated fixture with three more runs on Array X, run 6 at 200 s among 50-60 s ones (an outlying run)."""
    data = folder("repeated")
    text = (data / "save_times.csv").read_text()
    text += "4,Array X,54,32B,16,64,\n5,Array X,56,32B,16,64,\n6,Array X,200,32B,16,64,\n"
    (data / "save_times.csv").write_text(text)
    return data


def test_g3_s_leaning_is_not_said_where_an_outlying_run_makes_it(folder):
    """Cold tests 6: one slow candidate run (131 s among 71 s) put the speedup's point estimate below the 1.8× target,
    and the summary said "unless more runs move it, they would make G3 fail, not pass" while without the run G3
    passes. Here: Array X's run 6 takes 200 s; with it the mean is (50+55+60+54+56+200)/6 = 79.2 s, the speedup
    110/79.2 = 1.39× under 1.5×; without it 110/55 = 2.00×."""
    data = _slow_run_6(folder)
    # at the fixture's per-GPU MTBF of 10,000 h re-tuning Old NAS recovers more with run 6 and without it: the run's
    # cause changes nothing, and page 1 says so (cold read 7b, B-1)
    ctx, m = build(data)
    assert m.retune_without_outliers is True
    assert "This comparison of re-tuning with switching holds with the outlying runs and without them" in " ".join(
        ctx.cover.reasons
    )
    assert "the record of the save runs" not in ctx.cover.changes
    # an interval the job cannot change gives the case back to the gates, so it is among what would change it, and the
    # value line does not say that the money changes nothing (cold read 7b, cross-cutting 3)
    assert ctx.cover.recommendation.startswith(
        "Recommendation: not recommended; re-tuning Old NAS's checkpoint interval"
    )
    assert ctx.cover.recommendation.endswith("on the failure rate set for this test.")
    assert "an interval the job cannot change (set by evaluation or pre-emption, say)" in ctx.cover.changes
    # a failure rate at which switching recovers more (a job MTBF of 100 × 3,600 ÷ 16 = 22,500 s, whose optimum for
    # 110 s saves is near today's 2,000 s): the run's log decides first
    toml = data / "test.toml"
    toml.write_text(toml.read_text().replace("gpu_mtbf_hours = 10000", "gpu_mtbf_hours = 100"))
    ctx, m = build(data)
    assert m.save.candidate.outlier_runs == (6,)
    assert m.save.speedup == pytest.approx(110 / ((50 + 55 + 60 + 54 + 56 + 200) / 6))
    assert m.without_outliers is not None and m.without_outliers.speedup == pytest.approx(2.0)
    assert next(g.status for g in m.gates if g.id == "G3") == "insufficient"
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "G3's point estimate is below" not in summary
    assert any(note.startswith("The result hangs on run 6 on Array X (200 s)") for note in ctx.cover.verdict_notes)
    # the runs G3 would need follow the outlying run, and page 1 says the run decides the side, not more runs (cold
    # read 7, B-B2: "42 runs per system would place it wholly above the target" from a scrub-inflated mean)
    ci = m.without_outliers.speedup_ci95
    gates = " ".join(texts(section(ctx, "gates").blocks))
    # without the run G3 passes (1.67-2.40× at or above 1.5×): no count of runs follows from the run's spread (cold
    # read 9, K-M4)
    assert (sig(ci[0]), sig(ci[1])) == ("1.67", "2.40")
    assert (
        "G3: the interval contains the 1.5× target only with the outlying run. Without it the speedup is 2.00× "
        "(95% interval 1.67–2.40×), wholly above the target: that run alone keeps G3 open. No count of runs is "
        "estimated from a spread it makes: settle its cause first." in gates
    )  # one run, one number (zh reading 18, Y minor 3: "these runs" of one run)
    assert "per system would place it" not in gates
    # the record of the save runs may name the cause: quoted on page 1 when short, pointed to when long (B-B3)
    assert "Fixture A save log" in toml.read_text()
    toml.write_text(toml.read_text().replace("Fixture A save log", "run 6 ran slow, no alarm logged"))
    ctx, _m = build(data)
    assert "the record of the save runs says: “run 6 ran slow, no alarm logged”" in ctx.cover.changes
    # where it does name one, how often it happens decides, not the cause (cold read 13b, Y-M1: "find the cause of run
    # 5" beside a record of a disk rebuild during it)
    toml.write_text(toml.read_text().replace("run 6 ran slow, no alarm logged", "run 6 ran during a scrub"))
    ctx, _m = build(data)
    assert ctx.cover.changes.startswith(
        "What would change it: how often a scrub occurs in service on Array X (the record of the save runs gives it as "
        "the cause of run 6 on Array X (200 s)), and Old NAS timed during a scrub of its own"
    )
    toml.write_text(toml.read_text().replace("run 6 ran during a scrub", "x" * 201))
    ctx, _m = build(data)
    assert ctx.cover.changes.endswith("; the record of the save runs is quoted in “Checkpoint save time”.")


def test_no_count_of_runs_follows_a_spread_the_outlying_run_makes(folder):
    """Cold read 9, K-M4: "46 runs per system would place it wholly above the target" from GPFS's 25.2% spread, one
    restripe run's, while without that run the interval lay wholly below 1.6×. Here Array X's run 6 (200 s) and a
    2.5× target: with every run the speedup is 110 / 79.17 = 1.39×, its interval (sd 59.3 s on Array X, se 0.310,
    df 5.3) about 0.63× to 3.04×, which holds 2.5×; without run 6, 110 / 55 = 2.00×, 1.67× to 2.40× (se 0.0601,
    df 3.3, t 3.05), wholly below 2.5×: more runs like the five would confirm the fail, and no count is given."""
    data = _slow_run_6(folder)
    toml = data / "test.toml"
    toml.write_text(toml.read_text().replace("max_cv_pct = 10", "max_cv_pct = 10\ntarget_speedup = 2.5"))
    ctx, m = build(data)
    low, high = m.save.speedup_ci95
    assert low < 2.5 < high and high == pytest.approx(3.04, abs=0.01)
    assert next(g.status for g in m.without_outliers.gates if g.id == "G3") == "fail"
    step = next(t for t in texts(section(ctx, "gates").blocks) if t.startswith("G3:"))
    assert step == (
        "G3: the interval contains the 2.5× target only with the outlying run. Without it the speedup is 2.00× "
        "(95% interval 1.67–2.40×), wholly below the target; more runs like the others would narrow that interval, "
        "not lift it. No count of runs is estimated from a spread that run makes: settle its cause first."
    )
    with i18n.activate("zh-CN"):
        ctx, _m = build_printed(data, "zh-CN")
    step = next(t for t in texts(section(ctx, "gates").blocks) if t.startswith("G3："))
    assert "剔除这次运行后，加速比为 2.00×" in step and "这些运行" not in step


def test_a_run_whose_cause_the_record_gives_is_for_the_test_plan_not_a_cause_to_settle(folder):
    """Cold read 18, Y-M2: "settle its cause first" of a run the record said ran during a planned rolling firmware
    upgrade. As above (2.5× target; without run 6, 1.67-2.40×, wholly below), the record now names run 6 and a scrub:
    whether a run in that state counts is the test plan's to say."""
    data = _slow_run_6(folder)
    toml = data / "test.toml"
    text = toml.read_text().replace("max_cv_pct = 10", "max_cv_pct = 10\ntarget_speedup = 2.5")
    toml.write_text(text.replace("Fixture A save log", "run 6 ran during a scrub"))
    ctx, m = build(data)
    found = decide(read_joint_test(data), m).get("g3_outliers_settle")
    assert found is not None and (found["status"], found["runs"], found["recorded"]) == ("fail", 1, True)
    step = next(t for t in texts(section(ctx, "gates").blocks) if t.startswith("G3:"))
    assert step.endswith(
        "No count of runs is estimated from a spread that run makes; the record gives its cause, so whether a run in "
        "that state counts towards G3 is for the parties to agree in the test plan."
    )
    assert "settle its cause" not in step
    with i18n.activate("zh-CN"):
        ctx, _m = build_printed(data, "zh-CN")
    step = next(t for t in texts(section(ctx, "gates").blocks) if t.startswith("G3："))
    assert step.endswith("测试记录已载明其原因，处于该状态的运行是否计入 G3，应由双方在测试方案中约定。")
    assert "查明其原因" not in step


def test_an_outlying_run_s_cause_comes_first_in_the_next_steps(folder):
    """Cold read 8, I3: "find the cause (cache state, …)" while the test's record named a scrub. The repeated fixture
    with Array X's run 6 at 200 s (its saves spread far above the 10% limit): the step names the run, what to do if
    the storage's own work caused it, and quotes the record."""
    data = _slow_run_6(folder)
    toml = data / "test.toml"
    toml.write_text(toml.read_text().replace("Fixture A save log", "run 6 ran slow, no alarm logged"))
    ctx, m = build(data)
    assert m.save.candidate.outlier_runs == (6,)
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert (
        "Find the cause of run 6 on Array X (200 s) first. If the storage's own background work caused it (a rebuild "
        "or a scrub, say), time saves on both systems during that work and outside it, and ask each vendor how often "
        "it runs in service; else repeat the runs. The record of the save runs is quoted in “Test setup and data "
        "sources”."  # once, there (cold read 16, T-m3)
    ) in steps
    from report.document.blocks import Definitions

    sources = next(b for b in section(ctx, "setup").blocks if isinstance(b, Definitions))
    assert dict(sources.items)["Checkpoint save times"] == "run 6 ran slow, no alarm logged"
    assert "Find the cause (cache state" not in steps
    # a record that gives the cause: how often it happens, and the other system timed in the same state (cold read 13b,
    # Y-M1)
    toml.write_text(toml.read_text().replace("run 6 ran slow, no alarm logged", "run 6 ran during a scrub"))
    ctx, m = build(data)
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert "Find the cause of run 6" not in steps
    assert (
        "The record of the save runs gives the cause of run 6 on Array X (200 s): a scrub on Array X. Ask how often a "
        "scrub occurs there in service; time saves on Array X again during a scrub and on Old NAS during a scrub of "
        "its own, and report the save time in that state on a line of its own, beside the healthy one."
    ) in steps


def test_the_training_figure_an_outlying_run_moves_is_given_without_it_too(folder):
    """Cold read 19, AA: page 1's 12.0% shorter run held BX-40's run 4; without it 10.5%, said nowhere beside it.
    Here Array X's run 6 (200 s) and an agreed 1% G4 target: 6,000 steps every 1,000 (6 saves) of 2.0 s steps, 12,000
    s of compute; Old NAS 110 s a save. With run 6 Array X averages 475 / 6 = 79.17 s: 100 × 6 × 30.83 ÷ (12,000 +
    660) = 1.46% shorter; without it 55 s: 100 × 6 × 55 ÷ 12,660 = 2.61%."""
    data = _slow_run_6(folder)
    toml = data / "test.toml"
    text = toml.read_text().replace("max_cv_pct = 10", "max_cv_pct = 10\ntarget_duration_reduction_pct = 1")
    toml.write_text(text.replace("gpu_mtbf_hours = 10000", "gpu_mtbf_hours = 100"))
    ctx, m = build(data)
    found = decide(read_joint_test(data), m).get("outliers_decide")
    assert found is not None and found.scope.items == ("candidate:6",)
    with_pct, without_pct = found["reduction"]
    assert (with_pct, without_pct) == (pytest.approx(1850 / 1266), pytest.approx(3300 / 1266))
    note = next(n for n in ctx.cover.verdict_notes if n.startswith("The result hangs on run 6"))
    assert "(95% interval 1.67–2.40×), the training run 2.61% shorter (with every run, 1.46%), G2 passes" in note
    with i18n.activate("zh-CN"):
        ctx, _m = build_printed(data, "zh-CN")
    assert any("，训练时间缩短 2.61%（计入全部运行时为 1.46%）；G2 通过" in n for n in ctx.cover.verdict_notes)
    # a G4 target left at the tool's default assesses no G4: no decision rests on the figure, none said
    toml.write_text(toml.read_text().replace("target_duration_reduction_pct = 1\n", ""))
    ctx, m = build(data)
    found = decide(read_joint_test(data), m).get("outliers_decide")
    assert found is not None and found["reduction"] is None
    assert not any("with every run," in n for n in ctx.cover.verdict_notes)
