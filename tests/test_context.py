"""The report context: a verdict from the gates, marks on illustrative figures, sentences built from the figures."""

from report import charts, context
from report.blocks import Items, Para, Subsection, Table
from report.compute import compute
from report.load import load
from tests.conftest import DATA, FIXTURES, PROVENANCE, ROOT


def build(path):
    test = load(path)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative)
    return context.build(test, m, described, PROVENANCE), m


def section(ctx, section_id):
    return next(s for s in ctx.sections if s.id == section_id)


def paras(blocks):
    """Every paragraph in `blocks`, lists and subsections included."""
    for b in blocks:
        if isinstance(b, Para):
            yield b
        elif isinstance(b, Items):
            yield from b.items
        elif isinstance(b, Subsection):
            yield from paras(b.blocks)


def all_paras(ctx):
    return [p for s in ctx.sections for p in paras(s.blocks)]


def texts(blocks):
    return [p.text for p in paras(blocks)]


def test_outlier_run_is_flagged_and_kept(folder):
    data = folder("repeated")
    text = (data / "save_times.csv").read_text()
    text += "4,Old NAS,110,32B,16,64,\n5,Old NAS,111,32B,16,64,\n6,Old NAS,300,32B,16,64,stalled\n"
    (data / "save_times.csv").write_text(text)
    ctx, m = build(data)
    assert m.save.baseline.outlier_runs == (6,)
    assert m.save.baseline.runs == 6 and m.save.baseline.mean_s == (100 + 110 + 120 + 110 + 111 + 300) / 6
    warning = (
        "Run 6 on Old NAS (300 s) stands out from the other runs (modified z-score above 3.5). "
        "It is kept in every figure; check the run's log before relying on it."
    )
    assert warning in texts(section(ctx, "save").blocks) and warning in texts(section(ctx, "summary").blocks)


def test_summary_sentences_come_from_the_figures():
    ctx, _ = build(FIXTURES / "repeated")
    summary = texts(section(ctx, "summary").blocks)
    assert summary[0].startswith("Benefit demonstrated. All four gates pass")
    assert (
        "On the 32B workload (64 GB per checkpoint, 16 GPUs), Array X saved a checkpoint in 55 s against 110 s on "
        "Old NAS: 55 s less per save, 2.00× faster (95% confidence interval of the speedup 1.63× to 2.46×)."
    ) in summary
    assert [k.value for k in ctx.cover.tiles] == ["2.00×", "55 s", "5.21% → 2.68%", "2.61%", "14", "5.00×–10.0×"]
    assert ctx.cover.verdict_label == "Benefit demonstrated" and not any(k.mark for k in ctx.cover.tiles)
    assert [g.label for g in section(ctx, "gates").blocks[1].rows] == ["Pass"] * 4
    qa = section(ctx, "qa").blocks
    assert len(qa) == 3 and "worth 14 GPUs of capacity" in qa[0].blocks[1].text
    save_table = next(b for b in section(ctx, "save").blocks if isinstance(b, Table))
    assert save_table.rows[0][2] == "110.0 ± 10.0" and save_table.rows[0][5] == "1.00"


def test_failed_gates_lead_page_one_and_mark_the_tiles():
    ctx, _m = build(FIXTURES / "gates_fail")
    cover = ctx.cover
    assert cover.verdict_status == "not_demonstrated" and cover.verdict_label == "Benefit not demonstrated"
    assert cover.verdict_reason.startswith("G1 fails (baseline established: 3 runs, spread (CV) 15.75% above")
    assert "G3 fails (save-time target met: 95% interval 0.77× to 1.56× lies below 2×)" in cover.verdict_reason
    assert "G4 fails (training-time benefit: training time 2.00% shorter; target 2.5% shorter)" in cover.verdict_reason
    marks = {k.id: k.mark for k in cover.tiles}
    assert marks == {
        "speedup": "G1 and G3 failed",
        "per-save": "G1 and G3 failed",
        "bubble": "G1 and G4 failed",
        "training": "G4 failed",
        "capacity": "G4 failed",
        "loading": "",
    }
    first = section(ctx, "summary").blocks[0]
    assert first.style == "verdict-not_demonstrated" and first.text.startswith("Benefit not demonstrated. G1 fails")
    steps = texts(section(ctx, "gates").blocks)
    assert any(t.startswith("G1: the saves on Base spread by 15.7% (CV), above the 5% limit") for t in steps)
    assert "G3: the whole 95% interval (0.774× to 1.56×) lies below the 2× target" in " ".join(steps)
    assert any(t.startswith("G4: the training run ends 2.00% sooner, short of the 2.5% target") for t in steps)


def test_undecided_gates_ask_for_the_runs_they_lack():
    ctx, _m = build(DATA)
    assert ctx.cover.verdict_label == "Undecided, more measurements needed"
    steps = texts(section(ctx, "gates").blocks)
    assert "G1: time 2 more saves of 32B LoRA on Local NVMe (single drive) (1 of the 3 needed)." in steps
    assert "G2: time 2 more saves of 32B LoRA on Mingxin FX100 (1 of the 3 needed)." in steps
    ctx, _ = build(FIXTURES / "repeated")
    assert not any(t.startswith(("G1:", "G2:", "G3:")) for t in texts(section(ctx, "gates").blocks))


def test_straddling_interval_gives_the_runs_that_would_decide_it(folder):
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("max_cv_pct = 10", "max_cv_pct = 10\ntarget_speedup = 1.8")
    (data / "test.toml").write_text(toml)
    ctx, m = build(data)
    assert m.gates[2].status == "insufficient" and m.next_steps.g3_runs_per_side is not None
    n = m.next_steps.g3_runs_per_side
    step = next(t for t in texts(section(ctx, "gates").blocks) if t.startswith("G3:"))
    assert step.startswith(f"G3: the interval straddles the 1.8× target. With the spread observed so far, {n} runs")
    assert "this assumes the means and the spread persist" in step
    assert "repeat each save at least the required number" not in " ".join(texts(section(ctx, "gates").blocks))


def test_no_illustrative_figure_is_unmarked():
    ctx, m = build(DATA)
    assert m.inputs_illustrative == ("bandwidth", "load_times")
    illustrative_figures = ("6.20×", "9.30×", "3.26 GB/s", "6.40 GB/s", "41.6 s", "332 s", "558 GB", "580 GB")
    for p in all_paras(ctx):
        if any(f in p.text for f in illustrative_figures):
            assert p.illustrative, p.text
    tables = [b for s in ctx.sections for b in s.blocks if isinstance(b, Table)]
    assert {t.id for t in tables if t.illustrative} == {"bandwidth", "load", "raw-bandwidth", "raw-loads"}
    assert {c for c, chart in ctx.charts.items() if chart.illustrative} == {"bandwidth", "throughput", "load-times"}
    loading = next(k for k in ctx.cover.tiles if k.id == "loading")
    assert loading.mark == "Illustrative input"
    assert ctx.cover.evidence.startswith("Measured inputs: checkpoint save times. Illustrative inputs, not measured:")


def test_without_illustrative_inputs_nothing_is_marked():
    ctx, _ = build(FIXTURES / "repeated")
    assert not any(p.illustrative for p in all_paras(ctx))
    assert ctx.cover.evidence.startswith("Every figure is computed from the measured inputs")


def test_retuning_beats_buying_is_said_plainly_when_it_does():
    ctx, m = build(DATA)
    assert m.reliability.tuning_beats_switching
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "Re-tuning beats buying at today's interval. Saving every 27,775 steps instead of every 500" in summary
    assert "the candidate's contribution is 0.108 percentage points (0.398% against 0.290%)" in summary
    assert "is longer than the whole run (10,000 steps)" in summary
    ctx, m = build(FIXTURES / "economics")
    assert not m.reliability.tuning_beats_switching
    assert "Re-tuning beats buying" not in " ".join(texts(section(ctx, "summary").blocks))
    rel = " ".join(texts(section(ctx, "reliability").blocks))
    assert "Optimum against optimum the candidate still saves 3.02 points." in rel


def test_both_overhead_measures_are_named_where_they_appear():
    ctx, _ = build(DATA)
    rel = " ".join(texts(section(ctx, "reliability").blocks))
    assert "The bubble share is save time as a share of wall time (9.89% on Local NVMe (single drive))" in rel
    assert "shares of compute time, as Young's model counts them (11.0% for the saves alone" in rel
    table = next(b for b in section(ctx, "reliability").blocks if isinstance(b, Table))
    assert "share of compute time" in table.caption and table.rows[0][3] == "10.97%"


def test_a_slower_candidate_is_worded_as_slower(folder):
    data = folder("data")
    saves = (data / "save_times.csv").read_text().replace(",94", ",356")
    (data / "save_times.csv").write_text(saves)
    ctx, m = build(data)
    assert m.save.speedup == 0.5
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "178 s more per save, 2.00× slower" in summary and "the run ends 9.89% later" in summary
    assert "fewer steps per unit of time" in summary and "a loss of 90 GPUs of capacity" in summary
    assert "−" not in summary and "0.5× faster" not in summary
    tiles = {k.id: (k.value, k.label) for k in ctx.cover.tiles}
    assert tiles["speedup"] == ("2.00×", "slower checkpoint save")
    assert tiles["per-save"] == ("178 s", "more per checkpoint save")
    assert tiles["training"] == ("9.89%", "longer training run")


def test_a_save_longer_than_the_interval_is_flagged(folder):
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("step_time_s               = 2.0", "step_time_s = 0.1")
    (data / "test.toml").write_text(toml)
    ctx, m = build(data)
    assert m.reliability.baseline.save_overhead_pct > 100
    assert any("lasts longer than the compute between two saves" in t for t in texts(section(ctx, "summary").blocks))


def test_economics_and_environment_are_shown_when_given():
    ctx, _m = build(FIXTURES / "economics")
    econ = section(ctx, "economics")
    table = next(b for b in econ.blocks if isinstance(b, Table))
    assert [r[:2] for r in table.rows] == [
        ("Per training run", "3.67 USD"),  # not "4 USD": 4 × 12 would not be the 44.0 below
        ("Per year", "44.0 USD"),
        ("Cluster capacity per year", "300,099 USD"),
        ("Checkpoints retained", "192 GB"),
    ]
    env = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "environment")
    assert env.rows[0] == ("clients", "4 × 2-socket hosts, 8 × 200 Gb/s NICs each") and len(env.rows) == 3
    ctx, _ = build(DATA)
    assert "economics" not in [s.id for s in ctx.sections]
    assert "environment" not in [b.id for b in section(ctx, "setup").blocks if isinstance(b, Table)]


def test_defaults_are_labelled_default():
    ctx, _ = build(DATA)
    table = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "assumptions")
    sources = {row[0]: row[2] for row in table.rows}
    assert sources["Per-GPU mean time between failures"] == "default"
    assert sources["Restart after a failure"] == "default"
    assert sources["Cluster size for GPU-equivalents"] == "test.toml"
    ctx, _ = build(FIXTURES / "repeated")
    table = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "assumptions")
    assert {row[0]: row[2] for row in table.rows}["Per-GPU mean time between failures"] == "test.toml"


def test_projections_state_what_they_hold_fixed(folder):
    ctx, _ = build(DATA)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert "the projections keep the measured GPU count (8)" in text
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("snapshot_gb = 100", "snapshot_gb = 64")
    (data / "test.toml").write_text(toml)
    ctx, _ = build(data)
    assert "“100 GB” is a size both systems measured" in " ".join(texts(section(ctx, "projections").blocks))


def test_loads_carry_their_spread_and_a_stability_warning():
    ctx, _m = build(FIXTURES / "repeated")
    table = next(b for b in section(ctx, "loading").blocks if isinstance(b, Table))
    assert [r[0] for r in table.rows] == ["7B", "32B", "32B"]  # natural order, then platform
    assert table.rows[1][4:] == ("110.0 ± 14.1", "11.0 ± 1.4", "12.9 / 12.9", "99.0", "10.00×", "5.75–17.39×")
    warning = next(t for t in texts(section(ctx, "loading").blocks) if "unstable" in t)
    assert warning.startswith("32B on Atlas 910B: the load times spread by 12.9% and 12.9% (CV), above the 10%")


def test_no_sum_of_unrelated_quantities():
    ctx, m = build(DATA)
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "3.73 GPU-hours per run" in qa and "are not added here" in qa
    assert "load_saved_sum_s" not in m.to_dict()["lifecycle"]


def test_long_tables_are_summarised(folder):
    data = folder("repeated")
    rows = "".join(f"{r},Old NAS,{100 + r % 7},32B,16,64,\n" for r in range(4, 60))
    (data / "save_times.csv").write_text((data / "save_times.csv").read_text() + rows)
    ctx, _ = build(data)
    raw = section(ctx, "raw").blocks[0]
    assert len(raw.rows) == context.MAX_RAW_ROWS and raw.note.startswith("First 40 of 66 rows")
    assert raw.rows[0][0] == "Old NAS"  # the baseline first


def test_a_log_of_many_runs_is_summarised_without_formatting_every_run(folder):
    data = folder("data")
    rows = [
        f"{system},{run},0,{3 + run % 5}"
        for system in ("Local NVMe (single drive)", "Mingxin FX100")
        for run in range(1, 20_001)
    ]
    (data / "bandwidth.csv").write_text("system,run,t_s,write_gbps\n" + "\n".join(rows) + "\n")
    ctx, m = build(data)
    raw = section(ctx, "raw").blocks[1]
    assert raw.id == "raw-bandwidth" and len(raw.rows) == context.MAX_RAW_ROWS
    assert raw.note.startswith("First 40 of 40,000 rows")
    assert raw.rows[0] == ("Local NVMe (single drive)", "1", "1", "0.0–0.0", "4.000", "4.000", "4.000")
    assert m.bandwidth.baseline_gbps == 5.0 and m.bandwidth.baseline.runs == 20_000  # 3 + run % 5 averages 5
    assert m.bandwidth.baseline.steady_gbps == 5.0  # one sample a run: nothing is warm-up


def test_wordings_that_fit_the_figures_at_their_edges(folder):
    # Young's optimum beyond the run: no saves at all for its own sake (not "once or twice").
    ctx, m = build(DATA)
    assert m.bubble.total_steps // round(m.reliability.baseline.optimal_interval_steps) == 0
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "a run this short would not checkpoint for its own sake at all" in summary and "once or twice" not in summary
    # One load model: one saving per cold start, not "41.6 s to 41.6 s".
    ctx, m = build(FIXTURES / "gates_fail")
    assert m.lifecycle.load_saved_min_s == m.lifecycle.load_saved_max_s == 10
    words = " ".join(texts(section(ctx, "loading").blocks) + texts(section(ctx, "qa").blocks))
    assert "saving 10 s per cold start" in words and "takes 10 s less" in words and "10 s to 10 s" not in words
    # G4 failing but within the sensitivity chart's reach (gates_fail), and out of its reach (the fio example).
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert m.gates[3].status == "fail" and "the sensitivity chart shows at which checkpoint interval" in steps
    ctx, m = build(ROOT / "examples" / "fio-local")
    steps = " ".join(texts(section(ctx, "gates").blocks))
    best = max(*m.sensitivity.interval_reduction_pct, *m.sensitivity.step_time_reduction_pct)
    assert m.gates[3].status == "fail" and best < m.sensitivity.target_pct
    assert "no checkpoint interval or step time the sensitivity chart spans (1/8× to 8× today's) reaches it" in steps
    # A failure rate at which Young's loss exceeds 100%: the model is said not to apply, no "106%" printed.
    data = folder("data")
    toml = (data / "test.toml").read_text().replace("cluster_gpus              = 1000", "cluster_gpus = 1000000")
    (data / "test.toml").write_text(toml)
    ctx, m = build(data)
    assert m.scale.baseline_optimal_overhead_pct > 100
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "Young's first-order model gives a loss above 100% of the compute time, so it no longer applies" in qa
    assert f"{m.scale.baseline_optimal_overhead_pct:.3g}%" not in qa


def test_the_verdict_says_which_way_g3_leans_and_which_thresholds_test_toml_moved(folder):
    ctx, _ = build(FIXTURES / "economics")
    assert ctx.cover.verdict_reason == (
        "All four gates pass on this test's measurements, at thresholds test.toml sets apart from the defaults: a "
        "spread (CV) of at most 10% (default 5%)."
    )
    data = folder("data")
    (data / "test.toml").write_text((data / "test.toml").read_text() + "\n[gates]\ntarget_speedup = 2.5\n")
    ctx, m = build(data)
    assert m.gates[2].status == "insufficient" and round(m.save.speedup, 2) == 1.89
    assert ctx.cover.verdict_reason.endswith(
        " G3's point estimate, 1.89×, is below the 2.5× target: unless more runs move it, they would make G3 fail, not "
        "pass."
    )
    ctx, _ = build(DATA)  # 1.89× against the default 1.5×: nothing to add
    assert "point estimate" not in ctx.cover.verdict_reason


def test_saves_measured_by_fio_have_their_bytes_counted_so_the_audit_rules_out_a_larger_write():
    ctx, _ = build(ROOT / "examples" / "fio-local")  # every save row from fio's JSON, io_bytes = the snapshot
    audit = " ".join(texts(section(ctx, "audit").blocks))
    assert "fio counted the bytes each save wrote, and they match the stated checkpoint" in audit
    assert "Two explanations fit these figures equally well" not in audit
    assert "Record the bytes each save actually writes" not in " ".join(texts(section(ctx, "gates").blocks))
    ctx, _ = build(DATA)  # typed-in save times: the bytes are unknown, and the report asks for them
    assert "Two explanations fit these figures equally well" in " ".join(texts(section(ctx, "audit").blocks))
    assert "Record the bytes each save actually writes" in " ".join(texts(section(ctx, "gates").blocks))


def test_three_runs_are_too_few_to_call_one_an_outlier(folder):
    data = folder("repeated")
    rows = (data / "save_times.csv").read_text().splitlines()
    # Old NAS's 100, 110, 120 made 100, 150, 151: the modified z-score of 100 would be 0.6745 × 50 / 1 = 33.7.
    text = "\n".join(rows).replace("2,Old NAS,110,", "2,Old NAS,150,").replace("3,Old NAS,120,", "3,Old NAS,151,")
    (data / "save_times.csv").write_text(text + "\n")
    ctx, m = build(data)
    assert m.save.baseline.times_s == (100, 150, 151) and m.save.baseline.outlier_runs == ()
    assert not any("stands out" in t for t in texts(section(ctx, "save").blocks))


def test_the_speedup_tile_says_when_its_interval_includes_no_difference():
    ctx, m = build(FIXTURES / "gates_fail")
    low, high = m.save.speedup_ci95
    assert low < 1 < high
    tile = next(t for t in ctx.cover.tiles if t.id == "speedup")
    assert tile.note == "110 s → 100 s per save; its 95% interval, 0.77× to 1.56×, includes 1×: no difference shown yet"
    ctx, _ = build(FIXTURES / "repeated")  # 1.63× to 2.46×: nothing added
    assert next(t for t in ctx.cover.tiles if t.id == "speedup").note == "110 s → 55 s per save"


def test_concurrent_saves_are_named_as_such_beside_the_projection(folder):
    data = folder("data")
    ctx, _ = build(data)
    assert not any("concurrent saves" in t for t in texts(section(ctx, "projections").blocks))
    with (data / "save_times.csv").open("a") as rows:
        rows.write("Local NVMe (single drive),32B LoRA × 2 at once,16,131.2,1,355\n")
        rows.write("Mingxin FX100,32B LoRA × 2 at once,16,131.2,1,150\n")
    ctx, _ = build(data)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert "“32B LoRA × 2 at once”: concurrent saves, several jobs each saving the whole checkpoint at once" in text
