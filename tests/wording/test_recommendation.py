"""Page 1's recommendation in words (report/wording/recommendation.py)."""

from types import SimpleNamespace as NS

import pytest

from report import i18n
from report.compute.recommendation import Recommendation
from report.wording import changes, recommendation
from report.wording.paybacks import runs_given_line
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts


def test_a_decision_handed_to_what_the_test_did_not_measure_says_so():
    """Cold read 8b, H-7: "HX-8 only if … checkpoints that survive a node are worth its price", with neither the
    node-loss rate nor the time of a copy kept off the node measured: page 1 says so and what to measure first."""
    ctx, _m = build(FIXTURES / "node_local_retune")
    c = ctx.cover
    assert c.recommendation_kind == "other_grounds" and "checkpoints that survive a node" in c.recommendation
    assert c.changes.startswith("What would change it: ")
    # the worst case is a bound, not a reason: page 2 says what decides and points to where the bound is given (cold
    # read 15, S-M1: "a payback of at least 0.654 years" beside "at least 90.5 years" read as a buy signal)
    assert (
        "Checkpoints that survive a node: with no copy of local SSD's checkpoints off the node, HX-8 pays within 5 "
        "years only if 41.3% or more of the failures lose a node; this test gives neither that share nor the copy's "
        "cost (“Failures and the checkpoint interval”)." in c.changes
    )
    assert "385,000" not in c.changes and "2.34 years" not in c.changes
    assert "years of the price" not in c.changes
    failures = " ".join(texts(section(ctx, "reliability").blocks))
    # the job's own bound stays in the failure section, the cluster's beside it: the rework of a restart from the start,
    # M (e^(D/M) − 1) − D = 1,687,500 × (e^0.076020 − 1) − 128,284.2 = 5,002.0 s (cold read 15pq, Q-M2: the
    # first-order D² ÷ (2 M) = 4,876.0 s is no bound), × 64 ÷ 3,600 = 88.93 GPU-hours a run × 2.20 × 12 runs = 2,348
    # USD; every GPU of the 512-GPU cluster busy with such jobs all year, 512 × 8,760 × 5,002.0 ÷ 128,284.2 = 174,884
    # GPU-hours × 2.20 USD = 384,743 USD a year
    assert "would cost at most 2,350 USD a year" in failures
    assert (
        "Were the whole 512-GPU cluster to run such jobs year-round, that bound would be 385,000 USD a year. The two "
        "figures are bounds, not expected costs" in failures
    )
    # a bound carries no payback (cold read 16, T-M3): not 900,000 ÷ 384,743 = 2.34 years
    assert "2.34 years" not in failures
    # faster loads among the grounds: their worth rests on a count of cold starts no joint test has (cold read 11, T-M2)
    # with a price, the count that would pay follows (cold read 15pq, P-M1): 900,000 USD ÷ (5 years × 41.6 s × 8 GPUs
    # ÷ 3600 × the GPU-hour price) cold starts a year, each worth 0.203 USD
    # how many is the loading section's; page 1 points there (cold tests 17, W)
    loading = " ".join(texts(section(ctx, "loading").blocks))
    assert ("loads" in c.recommendation or "model loads" in c.recommendation) == (
        "No cold model loads were counted: faster loads alone would pay for HX-8 within an assumed 5-year life, the "
        "tool's default, not agreed with the customer, at about" in loading
    )
    assert (
        "each 41.6 s shorter and worth 0.203 USD on a server of 8 GPUs (the training nodes' size) at the hourly rate of "
        "training, an indicative count." in loading
    )
    assert c.changes.endswith(
        "No cold model loads were counted, on which the worth of faster loads depends (“Model loading for inference”)."
    )


def test_grounds_the_test_measured_add_nothing():
    ctx, _m = build(FIXTURES / "outlier_scrub")
    assert "node-loss rate" not in ctx.cover.changes


def _near_target(tmp_path, target: str):
    """The repeated fixture (32B: 100/110/120 s against 50/55/60 s, a speedup of 110 / 55 = 2.00) against `target`."""
    import shutil

    folder = tmp_path / target
    shutil.copytree(FIXTURES / "repeated", folder)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("max_cv_pct = 10", f"max_cv_pct = 10\ntarget_speedup = {target}"))
    return folder


def test_a_speedup_at_its_target_is_decided_by_the_side_it_lies_on(tmp_path):
    # cold read 10, P-B1: "not yet; … what counts as meeting it decides" and "Undecided, more measurements needed"
    # beside "no practical number of runs (about 905 per system)": beyond PRACTICAL_RUNS a system, the side of the
    # target the speedup by the means lies on decides, as more runs would
    ctx, m = build(_near_target(tmp_path, "2.02"))
    c = ctx.cover
    assert m.save.speedup == 2.0 and m.next_steps.g3_runs_per_side == 643 and m.verdict.status == "undecided"
    # below the target: G3 would fail, so checkpoint speed makes no case (no other ground here)
    assert c.recommendation_kind == "not_recommended"
    assert c.recommendation == "Recommendation: not recommended on this evidence."
    # |2.00 / 2.02 - 1| = 0.990%; the interval is the delta method's, as page 1's tile prints it
    assert c.reasons[0] == (
        "Saves take 55 s against 110 s; by the means the speedup lies 0.990% below the 2.02× target. Its 95% interval "
        "(1.63–2.46×) still contains the target, but more runs would narrow it below, so G3 would fail, not pass, "
        "though no practical number (about 643 a system) would show it."
    )
    # P-M5: synchronous saves whose benefit the what-if removes: 330 s of 12,660 s = 2.61%
    assert c.reasons[2] == (
        "With asynchronous saves, a software change, training would take as long on Old NAS as on Array X at today's "
        "interval, staging to host memory aside (this test gives no staging time): the 2.61% shorter run comes from "
        "saving synchronously."
    )
    # 110 / 2.02 = 54.46 s, to the digits that tell it from today's 55 s
    assert c.changes == (
        "What would change it: saves on Array X of 54.5 s or less on average (today 55 s), for the 2.02× speedup "
        "target by the means."
    )
    # the verdict keeps the contract's status, and asks for no measurement
    assert c.verdict_label == "Undecided; no practical number of runs decides it"
    # the mirror: 2.00 / 1.98 - 1 = 1.01% above, G3 would pass, and the other gates pass
    ctx, m = build(_near_target(tmp_path, "1.98"))
    c = ctx.cover
    assert m.next_steps.g3_runs_per_side == 630 and m.verdict.status == "undecided"
    assert c.recommendation == "Recommendation: Array X is recommended; the case is made on checkpoint speed."
    assert c.reasons[0] == (
        "Saves take 55 s against 110 s; by the means the speedup lies 1.01% above the 1.98× target. Its 95% interval "
        "(1.63–2.46×) still contains the target, but more runs would narrow it above, so G3 would pass, not fail, "
        "though no practical number (about 630 a system) would show it."
    )
    assert c.changes.endswith(
        "saving asynchronously, a software change: training would then take as long on Old NAS as on Array X at "
        "today's interval."
    )
    assert c.verdict_label == "Undecided; no practical number of runs decides it"
    # a target further off: a count a joint test can run, and the measurements decide
    ctx, m = build(_near_target(tmp_path, "2.3"))
    n = m.next_steps.g3_runs_per_side
    assert 3 < n <= 100 and ctx.cover.changes == (
        f"What would change it: {n} save runs per system, if the spread and the means persist."
    )
    assert ctx.cover.recommendation.endswith("the measurements under “What would change it” decide it.")
    assert ctx.cover.reasons[0].endswith("contains the 2.3× target, so more runs decide it.")
    assert ctx.cover.verdict_label == "Undecided, more measurements needed"


def test_restores_worth_little_are_valued_where_argued_not_named_a_ground():
    # cold read 10, Q-M2: "only if … faster restores after a failure are worth its price" with nothing to weigh;
    # cold tests 17, V: a ground worth little named among the headline's grounds.
    # formal: restores 45.7 s against 19.5 s (26.2 s a failure); 72,541.8 s run ÷ a job MTBF of 11,402,325 s =
    # 0.00636 failures; × 26.2 s × 16 GPUs ÷ 3,600 = 0.000741 GPU-hours, × 14.5 CNY = 0.0107 CNY; of the run's
    # 72,541.8 × 16 ÷ 3,600 = 322.4 GPU-hours, 0.000230%: below 0.1%, little, so no ground
    ctx, _m = build(FIXTURES / "formal")
    assert ctx.cover.recommendation == (
        "Recommendation: FX100 only if faster model loads and checkpoints that survive a node are worth its price; "
        "checkpoint speed on Qwen2.5-14B full fine-tune makes no case."
    )
    failures = " ".join(texts(section(ctx, "reliability").blocks))
    assert (
        "At 0.00636 failures a run over FX100's wall time, the faster restores save about 0.0107 CNY a run "
        "(0.000741 GPU-hours, 0.000230% of its GPU-hours): worth little, so they are no ground for the recommendation."
        in failures
    )
    # cold read 17, V minor 4: the node-loss bound beside it counts the baseline's wall time, and says so
    assert "failures a run over Local NVMe's wall time," in failures


def test_a_recommendation_names_the_workload_the_candidate_loses(tmp_path):
    """Cold tests 11, S: "KF-480 is recommended" on Falcon 40B's 1.60× while Falcon 180B's saves took 2.88× as long
    on it, said in a tile only. The economics fixture (recommended) with its 7B rows on Array X at 40 and 44 s against
    30 and 34 s on Old NAS: (40 + 44) ÷ (30 + 34) = 1.3125, 1.31× as long; then at 20 and 22 s: 64 ÷ 42 = 1.52×
    faster, below a 1.6× target the 32B meets (its interval 2.00 × exp(−2.776 × 0.0742) = 1.63 at the low end)."""
    import shutil

    folder = tmp_path / "economics"
    shutil.copytree(FIXTURES / "economics", folder)
    saves = folder / "save_times.csv"
    rows = saves.read_text().replace("1,Array X,15,7B", "1,Array X,40,7B").replace("2,Array X,17,7B", "2,Array X,44,7B")
    saves.write_text(rows)
    ctx, _m = build(folder)
    assert ctx.cover.recommendation_kind == "recommended"
    assert ctx.cover.recommendation.endswith(" Not for “7B” on 4 GPUs, whose saves take 1.31× as long on it.")
    saves.write_text(rows.replace("1,Array X,40,7B", "1,Array X,20,7B").replace("2,Array X,44,7B", "2,Array X,22,7B"))
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("[gates]", "[gates]\ntarget_speedup = 1.6"))
    ctx, _m = build(folder)
    assert ctx.cover.recommendation_kind == "recommended"
    assert ctx.cover.recommendation.endswith(
        " Not for “7B” on 4 GPUs, whose saves are only 1.52× faster on it, below the 1.6× target."
    )


def test_a_g4_on_the_staging_times_given_is_said_first_and_once(tmp_path):
    """Cold read 11, T-B1: "All four gates pass" where both writes finish within the compute between saves and the
    training-time difference is the staging times given. The node_local_async fixture with the staging swapped (the
    candidate 5.8 s, the baseline 6.1 s), a 0.5% G4 target and a 0.5× G3 target: every gate passes on staging alone."""
    import shutil

    folder = tmp_path / "staged"
    shutil.copytree(FIXTURES / "node_local_async", folder)
    toml = folder / "test.toml"
    text = toml.read_text().replace("= 5.8, ", "= 6.1, ").replace('system" = 6.1 }', 'system" = 5.8 }')
    text = text.replace("target_speedup = 1.5", "target_speedup = 0.5\ntarget_duration_reduction_pct = 0.5")
    toml.write_text(text)
    ctx, m = build(folder)
    assert [g.status for g in m.gates] == ["pass", "pass", "pass", "pass"] and not m.async_.storage_stalls
    c = ctx.cover
    assert c.recommendation.endswith(
        "makes no case: neither write outlasts the compute between saves, so the storage changes no training time at "
        "today's interval."
    )
    assert c.reasons[0].startswith(
        "The training-time difference comes from the staging times given in the test setup (5.80 s against 6.10 s a "
        "save, not among the attached records)"
    )
    assert not any("staging times given in the test setup" in note for note in c.verdict_notes)
    # the cluster's capacity rests on the job's stalls, not its save times (cold read 11, T-M5)
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "running jobs like this one, with this job's stalls per save, that" in summary
    assert "with this job's save times" not in summary
    assert "on the staging times given, not on the storage's writes" in c.verdict_gates
    # the candidate's write (27.98 s) outlasts the compute of fewer than 14 steps of 2.1 s (13 × 2.1 = 27.3 s)
    assert (m.async_.baseline.min_interval_steps, m.async_.candidate.min_interval_steps) == (9, 14)
    assert c.changes.startswith("What would change it: an interval under 14 steps between saves, at which a write on ")


PREMISE = "What follows needs a copy of {name}'s checkpoints kept off the node, which this test did not time. "


def test_re_tuning_a_node_local_baseline_is_said_after_its_premise():
    """Cold read 12, V-M5: "re-tuning does more than switching" was a finding on page 1, in the summary and in the
    failure section, while it holds only if the node-local baseline's checkpoints survive a node, which needs a copy
    off the node this test did not time. node_local_retune (local SSD per node, HX-8 shared): each statement opens
    with the premise; the retune fixture (a shared baseline) states the comparison without it."""
    ctx, m = build(FIXTURES / "node_local_retune")
    assert m.node_local is not None and m.node_local.sides == ("baseline",)
    reason = next(r for r in ctx.cover.reasons if "lose no more time to saves and failures" in r)
    assert reason.startswith(
        PREMISE.format(name="local SSD") + "At the failure rate set for this test (a per-GPU MTBF of 30,000 h), saving "
        "every 1,397 to 5,215 steps instead of 500 makes local SSD lose no more time"
    )
    assert "That holds only" not in reason  # no sentence after the figures that a reader could take for the finding
    summary = [t for t in texts(section(ctx, "summary").blocks) if "re-tuning the checkpoint interval alone" in t]
    assert len(summary) == 1 and summary[0].startswith(
        PREMISE.format(name="local SSD") + "With the failure rate agreed for this test"
    )
    failures = " ".join(texts(section(ctx, "reliability").blocks))
    assert PREMISE.format(name="local SSD") + "Re-tuning alone recovers more than the new storage" in failures
    with i18n.activate("zh-CN"):
        ctx, _m = build(FIXTURES / "node_local_retune")
    assert any(r.startswith("以下比较要求") and "检查点另有一份保存在节点之外" in r for r in ctx.cover.reasons)
    ctx, m = build(FIXTURES / "retune")
    assert m.node_local is None and m.reliability.tuning_beats_switching
    words = " ".join([*ctx.cover.reasons, *(t for s in ctx.sections for t in texts(s.blocks))])
    assert "re-tuning the checkpoint interval alone does more than switching" in words and "What follows" not in words


def test_a_decision_on_other_grounds_without_a_price_asks_for_one():
    """Cold read 13, Y-M3: "HW-7 only if faster model loads are worth its price" in a report with no price anywhere:
    the changes name the missing price; a report with one does not ask for it."""
    ctx, m = build(FIXTURES / "outrun_one")
    assert ctx.cover.recommendation_kind == "other_grounds" and m.economics is None
    assert ctx.cover.changes.endswith(
        "This test gives no price for Flash Y, against which these grounds are weighed: take it from the vendor's "
        "quote before deciding."
    )
    ctx, m = build(FIXTURES / "node_local_retune")
    assert m.economics.candidate_price and "gives no price" not in ctx.cover.changes


def _p_words(
    default_gates: bool = False, tuning_beats_switching: bool = False, flip=53_970.0, edge=None, verdict="demonstrated"
):
    """Cold tests 14, P by hand: GlusterFS against LF-760, every gate agreed, an MTBF of 38,000 h agreed, time lost to
    saves and failures 12.08% against 3.20% today, 3.710% against 1.854% each at its optimum; 5 runs a year worth 73,744
    CNY against a price of 4.38 million CNY, 15.70 million CNY for the whole cluster at today's interval (the runs given
    fill 73,744 ÷ 15,700,304 = 0.4697% of it), 3.336 million CNY at the optima (a payback of 1.313 years)."""
    found = {
        "price": 4_380_000,
        "job_payback_years": 4_380_000 / 73_744,
        "currency": "CNY",
        "payback_years": 4_380_000 / 3_335_681,
        "fill_share": 73_744 / 15_700_304,
    }
    slow = NS(scope=NS(items=("baseline:4",)))
    reliability = NS(
        gpu_mtbf_hours=38_000.0,
        tuning_beats_switching=tuning_beats_switching,
        switch_gain_pct=12.08 - 3.20,
        optimum_gain_pct=3.710 - 1.854,
        baseline=NS(overhead_pct=12.08, optimal_overhead_pct=3.710),
        candidate=NS(overhead_pct=3.20, optimal_overhead_pct=1.854),
    )
    return NS(
        m=NS(
            reliability=reliability,
            flip_mtbf_hours=flip,
            flip_edge_mtbf_hours=edge,
            break_even_steps=None,
            verdict=NS(status=verdict),
        ),
        config=NS(
            is_default=lambda key: default_gates and key == "gates.min_runs",
            economics=NS(runs_per_year=5),
        ),
        findings=NS(get=lambda key: {"value_priced": found, "outliers_decide": slow}.get(key)),
        name=lambda key: {"candidate": "LF-760", "baseline": "GlusterFS"}[key],
    )


def test_passing_gates_and_no_case_are_reconciled_in_the_headline():
    """Cold read 14c and Chinese reading 14c, P-B1: "checkpoint speed makes no case" directly above "All four gates
    pass", the real reason never printed. The headline opens with its decision, the other ground, saying in the same
    sentence that every agreed target is met, then in a second why speed alone does not justify the price for this job
    (cold read 18, Y minor 9: a 70-word sentence opening with a gate id). Its one payback is on the runs given, each
    system at its optimal interval (compute/paybacks.py; cold read 15pq, P-M6: 59.4 years at today's interval beside
    1.31 for the whole cluster): 3,335,681 × 0.4697% = 15,668 CNY a year, 4,380,000 ÷ 15,668 = 279.6 years."""
    rec = Recommendation("other_grounds", ("loads",), ("speedup", "job_unpaid"), ("cluster_share_more",))
    # the share such jobs must fill, 1.3131 ÷ 5 = 26.3%, beside the 0.470% the runs given fill (cold read 16, T-B3)
    assert recommendation.headline(_p_words(), rec) == (
        "Recommendation: LF-760 only if faster model loads are worth its price, though LF-760 meets every target agreed "
        "for this test. Checkpoint speed pays for LF-760 within an assumed 5-year life, the tool's default, not agreed with the "
        "customer, only if such jobs fill 26.3% or more of the cluster's time."
    )
    # a threshold left to the tool's default is no target agreed; no other ground: not recommended
    alone = Recommendation("not_recommended", (), ("speedup", "job_unpaid"), ("cluster_share_more",))
    text = recommendation.headline(_p_words(default_gates=True), alone)
    assert text.startswith(
        "Recommendation: not recommended on this evidence, though LF-760 passes every gate of this test. Checkpoint "
        "speed pays"
    )
    # without money that decides, how little the optima keep
    little = Recommendation("not_recommended", (), ("speedup", "optima_little"), ("fixed_interval",))
    assert recommendation.headline(_p_words(), little) == (
        "Recommendation: not recommended on this evidence, though LF-760 meets every target agreed for this test. "
        "Checkpoint speed alone makes no case for LF-760: with each system at its optimal interval, most of the "
        "benefit goes."
    )
    # the case judged without the baseline's slow run, which fails G1 alone (cold tests 15, R): the exception said
    assert recommendation.headline(_p_words(verdict="not_demonstrated"), rec).startswith(
        "Recommendation: LF-760 only if faster model loads are worth its price, though LF-760 meets every target "
        "agreed for this test (GlusterFS's own repeatability, G1, fails on one slow run of GlusterFS's alone). "
        "Checkpoint speed pays"
    )
    with i18n.activate("zh-CN"):
        zh = recommendation.headline(_p_words(), rec)
    assert zh.startswith("建议：尽管LF-760 达到了本次测试约定的全部目标，是否采购 LF-760 仍取决于")
    assert "26.3% 以上" in zh
    # the runs given and their payback, 0.470% and 280 years, are the value line's
    assert runs_given_line(_p_words()) == (
        "Value of the time saved: the 5 runs a year given fill 0.470% of the cluster's time, about 280 years to pay "
        "for LF-760 on them; the other bases are in its section."
    )
    # a full cluster would not pay either (6.57 years at the optima would need 6.57 ÷ 5 = 131% of the cluster's time):
    # that, not a share; 6.57 ÷ 0.4697% = 1,399 years on the runs given
    full = _p_words()
    p = full.findings.get("value_priced")
    full.findings = NS(get=lambda key: {**p, "payback_years": 6.57} if key == "value_priced" else None)
    assert recommendation.headline(full, alone).endswith(
        "Checkpoint speed would not pay for LF-760 within an assumed 5-year life, the tool's default, not agreed with the "
        "customer, even on a full cluster."
    )
    assert "about 1,400 years" in runs_given_line(full)


def test_a_failure_rate_already_past_its_threshold_is_said_as_a_reason_with_it():
    """Chinese reading 14c, P-B1: the failure-rate condition gave no threshold and was already met. At the agreed
    38,000 h switching recovers more (3.20% today on LF-760 against 3.71% on GlusterFS at its optimum), as at any
    per-GPU MTBF below 53,970 h (printed 54,000 h); each at its optimum LF-760 saves 3.71 − 1.85 = 1.86 points
    (1.9 beside 12.1 − 3.20 = 8.9 today, at one precision). Re-tuning, which costs nothing, leads (cold read 15pq,
    P-M8): 12.08 − 3.71 = 8.37 points, 8.4 of the 8.9 switching recovers."""
    reason = recommendation._reason(_p_words(), "optima_little")
    assert reason == (
        "Re-tuning GlusterFS's interval, at no cost, recovers 8.4 of the 8.9 percentage points of compute time that "
        "switching to LF-760 recovers at today's interval. At the failure rate set for this test (a per-GPU MTBF of "
        "38,000 h), and at any below 54,000 h, switching recovers more; with each system at its optimal interval, "
        "LF-760 saves 1.9 percentage points."
    )
    # no turn within three decades: no threshold to give
    assert recommendation._reason(_p_words(flip=None), "optima_little").endswith(
        "At the failure rate set for this test (a per-GPU MTBF of 38,000 h), switching recovers more; with each system "
        "at its optimal interval, LF-760 saves 1.9 percentage points."
    )
    # the same reason where the job's own money decides and most of the benefit is today's interval's; none where it
    # is not, the headline giving the money (cold read 16, T-B3)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(recommendation, "today_interval_only", lambda m: True)
        assert recommendation._reason(_p_words(), "job_unpaid") == reason
        patch.setattr(recommendation, "today_interval_only", lambda m: False)
        assert recommendation._reason(_p_words(), "job_unpaid") == ""
    # re-tuning recovering more: the re-tuning reason gives the threshold; this one the optima alone
    assert recommendation._reason(_p_words(tuning_beats_switching=True), "optima_little") == (
        "With each system at its optimal interval, LF-760 saves 1.9 percentage points of compute time against 8.9 at "
        "today's interval."
    )


def test_a_failure_rate_condition_prints_its_threshold():
    """Chinese reading 14c, P-B1 ("below the threshold above", none printed); cold read 14c, Q: 5,179.4 h, 6.37× the
    33,000 h this rests on, printed 5,180 h; a band (cold read 13b, X) between 20.3 h and 94.6 h."""
    w = _p_words(tuning_beats_switching=True, flip=5_179.4)
    assert changes._change(w, "failure_rate") == (
        "a failure rate in the cluster's own records above the one at which switching recovers more (a per-GPU MTBF "
        "below 5,180 h)"
    )
    band = _p_words(tuning_beats_switching=True, flip=94.6, edge=20.3)
    assert changes._change(band, "failure_rate").endswith("(a per-GPU MTBF between 20.3 h and 94.6 h)")


def test_a_money_decided_case_names_the_gate_the_run_fails_and_excludes_no_run():
    """Cold read 17, W-B1: "without run 3 on LS-3600 (14.7 s), on which G2 fails, LS-3600 meets every target agreed
    for this test" read as an exclusion no one agreed. Where the money decides with the outlying run and without it,
    the verdict right below names the gate the run fails and the result without it: the headline opens with its
    decision and says its reason, no gate id before it (cold read 18, Y minor 9; P's money by hand)."""
    words = _p_words(verdict="not_demonstrated")
    figures = {"gates": ("G2",), "before": {"G2": "fail"}, "times": {"candidate:3": 14.72}}
    found = type("F", (), {"scope": NS(items=("candidate:3",)), "__getitem__": lambda self, k: figures[k]})()
    value = words.findings.get("value_priced")
    words.findings = NS(get=lambda key: {"value_priced": value, "outliers_decide": found}.get(key))
    words.m.save = NS(speedup=211.81 / 11.87)
    rec = Recommendation("other_grounds", ("loads",), ("speedup_measured", "job_unpaid"), ("cluster_share_more",))
    text = recommendation.headline(words, rec)
    assert text == (
        "Recommendation: LF-760 only if faster model loads are worth its price. Checkpoint speed pays for LF-760 within "
        "an assumed 5-year life, the tool's default, not agreed with the customer, only if such jobs fill 26.3% or more of the "
        "cluster's time."
    )
    assert "meets every target" not in text and "without run" not in text and "G2" not in text


def test_a_headline_opens_with_its_decision_before_any_gate():
    """Cold read 18, Y minor 9: the recommendation was one 70-word sentence opening with "G3 is undecided with run 6";
    it opens with "not recommended" and says why in at most two sentences; the gate the run leaves undecided is the
    verdict's, just below (cold test 18, Y: undecided, not failed)."""
    words = _p_words(verdict="undecided")
    figures = {"gates": ("G3",), "before": {"G3": "insufficient"}, "times": {"candidate:3": 14.72}}
    found = type("F", (), {"scope": NS(items=("candidate:3",)), "__getitem__": lambda self, k: figures[k]})()
    value = words.findings.get("value_priced")
    words.findings = NS(get=lambda key: {"value_priced": value, "outliers_decide": found}.get(key))
    words.m.save = NS(speedup=292.88 / 26.39)
    rec = Recommendation("not_recommended", (), ("speedup_measured", "job_unpaid"), ("cluster_share_more",))
    text = recommendation.headline(words, rec)
    assert text == (
        "Recommendation: not recommended on this evidence. Checkpoint speed pays for LF-760 within an assumed 5-year "
        "life, the tool's default, not agreed with the customer, only if such jobs fill 26.3% or more of the cluster's time."
    )
    assert text.count(". ") == 1 and "G3" not in text
    with i18n.activate("zh-CN"):
        zh = recommendation.headline(words, rec)
    assert zh.startswith("建议：依据本次测试结果，不建议采用。")
    assert not any(ch in zh for ch in "各均都所")


def test_a_case_re_tuning_takes_for_one_job_says_so_in_the_headline():
    """Cold read 19, AA-M1: the line that says checkpoint speed makes no case says, where the baseline re-tuned would
    not carry the cluster's such jobs, that it holds for one job, and from how many it does not."""
    from report.compute.findings import Finding, Findings, Scope

    sides = {
        "baseline": {"retuned_carries": False, "retuned_short_from_jobs": 4},
        "candidate": {"mean_ratio": 0.3},
    }
    found = Findings(
        (Finding("cluster_demand", Scope("sides", ("baseline", "candidate"), ()), {"sides": sides, "jobs": 4}),)
    )
    w = NS(findings=found, name=lambda side: {"baseline": "BX-40", "candidate": "CL-900"}[side])
    rec = Recommendation("other_grounds", ("loads",), ("speedup", "retune_beats_switch"), ())
    assert recommendation.one_job(w, rec) == (
        " That holds for one such job: from 4 such jobs saving to BX-40 (the cluster holds 4), BX-40 re-tuned would "
        "not carry them."
    )
    with i18n.activate("zh-CN"):
        assert recommendation.one_job(w, rec) == (
            " 这一结论只对单个此类作业成立：向 BX-40 保存的此类作业达到 4 个时（集群可容纳 4 个），即使调整间隔，BX-40 也承载不了。"
        )
    assert recommendation.one_job(w, Recommendation("other_grounds", ("loads",), ("g3_fail",), ())) == ""


def test_the_steps_re_tuned_to_are_said_once_on_page_one():
    """Cold tests 17, W: the headline named HC-200 re-tuned to 2,870 steps and the re-tuning reason said it again. The
    spread_only joint test's re-tuning by hand (tests/compute/test_spread_only.py): the optimum 3,676.3 s (1,838.1
    steps, printed 1,838 as every other line names it; 1.02 h) against 1,000 s, a failure losing 1,853.2 s (0.515 h)
    against 515.02 s (0.143 h);
    GlusterFS's 12.08 − 3.710 = 8.37 points, 8.4 of the 8.9 switching recovers. Where the headline's money names the
    steps (reasons with job_unpaid and a payback at today's interval), the reason gives the hours only."""
    words = _p_words()
    value = {**words.findings.get("value_priced"), "today_payback_years": 0.27898}
    cost = {
        "today_steps": 500,
        "optimal_steps": 1838.1,
        "whole_steps": 1838,
        "today_s": 1000.0,
        "optimal_s": 3676.3,
        "lost_today_s": 515.02,
        "lost_optimal_s": 1853.2,
        "costs_work": True,
        "write_bound": False,
        "gpus": 16,
    }
    words.findings = NS(get=lambda key: {"value_priced": value, "retune_cost": cost}.get(key))
    said = recommendation._optima_reason(words, ("speedup", "job_unpaid"))
    assert said.startswith(
        "Re-tuning GlusterFS's interval (1.02 h between saves; a failure then loses 0.515 h of work on average, not "
        "0.143 h) recovers 8.4 of the 8.9 percentage points"
    )
    headline = recommendation.headline(
        words, Recommendation("not_recommended", (), ("speedup", "job_unpaid"), ("cluster_share_more",))
    )
    assert "from 500 to 1,838 steps between saves" in headline and "1,838" not in said
    # without the money naming them, the reason gives the steps
    alone = recommendation._optima_reason(words, ("speedup", "optima_little"))
    assert alone.startswith("Re-tuning GlusterFS's interval to 1,838 steps (1.02 h; a failure then loses 0.515 h")
