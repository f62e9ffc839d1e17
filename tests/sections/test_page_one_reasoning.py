"""Page 1's reasoning on the cases of the seventh cold reads (docs/recommendation.md): a node-local baseline whose
re-tuning needs a copy kept off the node (cold read 7b, A-1), the margin of the failure rate (A-5), a payback longer
than storage is kept (A-3/B-5), and an outlying run whose cause cannot change the answer (B-1)."""

import pytest

from report.formatting import money, s3, sig
from tests.conftest import FIXTURES
from tests.sections.helpers import build, cover_text, section, texts


def _unpriced(tmp_path):
    import shutil

    folder = tmp_path / "node_local_retune"
    shutil.copytree(FIXTURES / "node_local_retune", folder)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("candidate_price = 900000\n", ""))
    return folder


def test_a_node_local_baseline_re_tuned_is_a_condition_on_page_one(tmp_path):
    """The fixture without its price: local SSD 38.1 s against HX-8 16.0 s, every gate passing, re-tuning local SSD to
    1,397-5,215 steps matching HX-8 at 500, at a per-GPU MTBF of 30,000 h set for the test, turning at 18,200 h
    (30,000 / 18,200 = 1.65×)."""
    ctx, m = build(_unpriced(tmp_path))
    c = ctx.cover
    assert m.node_local is not None and m.node_local.sides == ("baseline",)
    assert c.recommendation == (
        "Recommendation: HX-8 is recommended for a job that saves every 500 steps, as this one does; the case is made "
        "on checkpoint speed. Not for “Qwen 14B on one node” on 8 GPUs, whose saves take 1.03× as long on it."
    )  # 14B on one node: (39.88 + 41.32 + 39.72) ÷ (39.26 + 38.75 + 39.94) = 120.92 ÷ 117.95 = 1.025× as long
    retune = c.reasons[1]
    assert retune.startswith(
        "What follows needs a copy of local SSD's checkpoints kept off the node, which this test did not time. At the "
        "failure rate set for this test (a per-GPU MTBF of 30,000 h), saving every 1,397"
    )  # the premise first (cold read 12, V-M5)
    assert m.flip_mtbf_hours is not None and round(m.flip_mtbf_hours, -2) == 18_200
    # the band's far edge too, where re-tuning wins again (cold read 13b, X): 30,000 ÷ 317 = 94.5×
    assert m.flip_edge_mtbf_hours is not None and round(m.flip_edge_mtbf_hours) == 317
    assert retune.endswith(
        "Switching recovers more only at a per-GPU MTBF between 317 h and 18,200 h (a failure rate "
        f"{30_000 / m.flip_mtbf_hours:.2f}× to {30_000 / m.flip_edge_mtbf_hours:.1f}× the one this rests on); below "
        "317 h the work redone at today's interval outweighs the faster saves, and re-tuning wins again."
    )
    assert c.changes == (
        "What would change it: a copy of local SSD's checkpoints kept off the node, with how long it takes, shown not "
        "to slow its saves: local SSD's checkpoints would then survive a node, and re-tuning its interval would "
        "recover as much as HX-8 at today's interval; saving asynchronously, a software change: training would then "
        "take as long on local SSD as on HX-8 at today's interval; "  # cold read 10, P-M5: the what-if's 0
        # cold read 13b, X-M3: the other workload's ratio lies below the 1.5× target, the training model's above:
        # 190.35 ÷ 5 = 38.07 s against 79.99 ÷ 5 = 15.998 s, 2.38×; on one node 117.95 ÷ 3 = 39.32 s against
        # 120.92 ÷ 3 = 40.31 s, 0.9754×, 1.03× slower; which jobs the cluster runs decides which applies
        "the cluster's job mix (saves run 1.03× slower for Qwen 14B on one node, 2.38× faster for Qwen 14B "
        "continued pre-training)."
    )
    assert c.verdict_label == (
        "All four gates pass, G4 only at today's interval; re-tuning the baseline's interval would recover as much if "
        "its checkpoints were also copied off the node"
    )  # G4 passes up to 638 steps, the re-tuning advice is 1,397 to 5,215 (cold read 12, W-M2)
    # G4 passes against a target below the default, which no storage could reach here: the baseline's whole share
    assert m.gates_reach.g4_max_reduction_pct < 2
    assert c.verdict_gates.endswith(
        "Training-time benefit (G4) passes against the 0.8% agreed for this test (no storage could reach the 2% default "
        f"at this interval: at most {m.gates_reach.g4_max_reduction_pct:.2f}%), and only at "
        "intervals of at most 638 steps: at the re-tuned interval (1,397 to 5,215 steps) it would fail."
    )  # the re-tuning advice would fail it (cold read 8b, H-6)
    assert "makes no case" not in cover_text(ctx)


def test_a_price_the_time_saved_does_not_pay_within_its_life_takes_the_case_from_speed():
    """Cold read 8, H1: at 900,000 USD the time saved pays back in at least 8.74 years, even with the whole cluster at
    today's interval: checkpoint speed makes no case, the candidate only on its other grounds; the price at which it
    would pay within 5 years is 5 × the larger cluster value (today's, 103,000 USD a year)."""
    ctx, m = build(FIXTURES / "node_local_retune")
    c = ctx.cover
    assert c.recommendation_kind == "other_grounds"
    assert c.recommendation.startswith("Recommendation: HX-8 only if faster model loads")
    assert c.reasons[1] == (
        "At a price of 900,000 USD, the time saved does not pay for HX-8 within an assumed 5-year life, the tool's default, not agreed with the customer: "
        "the payback is at least 8.74 years, even if the whole 512-GPU "
        "cluster ran such jobs all year."
    )
    e = m.economics
    assert e is not None and e.cluster_value_per_year > e.optimum_cluster_value_per_year
    # both bases of the price, each with its assumption (cold read 8b, H-1): 5 × 23,300 and 5 × 103,000 USD
    assert c.changes.startswith(
        f"What would change it: a price of {money(5 * e.optimum_cluster_value_per_year, 'USD')} or less at the "
        f"optimal intervals ({money(5 * e.cluster_value_per_year, 'USD')} if the interval cannot change), at which the "
        "time saved pays for HX-8 within 5 years if the whole 512-GPU cluster ran such jobs all year; a copy of local "
        "SSD's checkpoints kept off the node"
    )
    assert "does not change the recommendation" not in c.value


def test_a_payback_beyond_the_service_life_is_said_as_a_conclusion():
    """Both cases of the interval (cold read 7b, cross-cutting 3): 900,000 USD against the whole cluster's value while
    the interval stays at 500 steps (bubble.gpu_equivalents × 8,760 h × 2.20 USD) and at the optima (23,300 USD a
    year): at least 8.74 and 38.6 years, both beyond the 5 years assumed."""
    ctx, m = build(FIXTURES / "node_local_retune")
    e = m.economics
    assert e is not None and e.payback_years is not None
    assert e.cluster_value_per_year == pytest.approx(m.bubble.gpu_equivalents * 8760 * 2.20)
    assert round(900_000 / e.cluster_value_per_year, 2) == 8.74 and round(e.payback_years, 1) == 38.6
    # cold read 12, W-M4 and cold read 14c, P-M3: the today's-interval figure rests on the jobs' saves staying staggered,
    # 512 ÷ 64 = 8 jobs each saving 196.0 GB in (16.27 + 15.89 + 16.02 + 16.07 + 15.74) ÷ 5 = 15.998 s: 8 × 196.0 ÷
    # 15.998 = 98.0 GB/s at once against the 13.0 GB/s logged on HX-8 (7.54×). Both paybacks lie beyond the 5 years, so
    # it changes no conclusion. The reason above gives page 2's one payback (8.74 years, the shorter, so that "at
    # least" holds on each basis); the value line gives none and points to the economics section, which lists every
    # basis (cold read 15pq, Q-M5; Chinese reading 15, R major 6)
    assert "payback of at least" not in ctx.cover.value and "38.6" not in ctx.cover.value
    assert ctx.cover.value.endswith(
        "at a price of 900,000 USD, its payback is given above, the other bases in “Value of the time saved”."
    )
    assert "8.74" not in ctx.cover.value and money(e.cluster_value_per_year, "USD") not in ctx.cover.value
    # every basis in the economics section's two-by-two table (cold read 17, W-M1)
    table = next(b for b in section(ctx, "economics").blocks if getattr(b, "id", "") == "paybacks")
    assert table.rows[1] == ("The whole 512-GPU cluster, all year", "at least 8.74", "at least 38.6")
    # the recommendation's reason says the conclusion (the test above), so the value line does not repeat it
    assert "The time saved alone does not pay" not in ctx.cover.value


def test_a_payback_within_the_service_life_only_while_the_interval_stays(tmp_path):
    """The same joint test at a price of 400,000 USD: at least 3.89 years while the interval stays (within 5), 17.2 at
    the optima (beyond): the time saved pays only if the interval cannot change, and page 1 says so."""
    import shutil

    folder = tmp_path / "node_local_retune"
    shutil.copytree(FIXTURES / "node_local_retune", folder)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("candidate_price = 900000", "candidate_price = 400000"))
    ctx, m = build(folder)
    assert m.economics is not None and m.economics.cluster_value_per_year > 400_000 / 5
    assert m.economics.payback_years is not None and m.economics.payback_years > 5
    # the job alone: 400,000 USD over its own 622 USD a year (cold read 8, I4: the cluster's figure read as the job's)
    job = 400_000 / m.economics.value_per_year
    assert 640 < job < 650
    # ... said in the economics section among the other bases; page 2 gives one payback (cold read 15pq, P-M6)
    assert ctx.cover.value.endswith(
        "Within an assumed 5-year life, the tool's default, not agreed with the customer, the time saved pays "
        "for HX-8 only if the interval cannot change and the whole cluster runs such jobs all year."
    )
    table = next(b for b in section(ctx, "economics").blocks if getattr(b, "id", "") == "paybacks")
    assert table.rows[0][:2] == ("The 12 runs a year given", f"about {sig(job)}")
    # a payback within the life only at today's interval, and asynchronous saves (the what-if: training as long on
    # either system) recover as much: the money and a software change take the case from the gates (cold tests 11, S)
    assert m.async_.duration_reduction_pct == 0 and m.bubble.duration_reduction_pct > 0
    assert ctx.cover.recommendation_kind == "other_grounds"
    today, optima = 400_000 / m.economics.cluster_value_per_year, m.economics.payback_years
    assert ctx.cover.reasons[1] == (
        "At a price of 400,000 USD, the time saved pays for HX-8 within an assumed 5-year life, the tool's default, not agreed with the customer, "
        "only if the interval cannot change and the whole 512-GPU cluster ran such jobs "
        f"all year; each system at its optimal interval, the payback is at least {sig(optima)} years (other bases: "
        "“Value of the time saved”)."
    )
    # today's 3.89 years, the one within the life, is the economics section's (cold read 15pq, P-M6: one payback on
    # page 2)
    assert (sig(today), sig(optima)) == ("3.89", "17.2") and "3.89" not in cover_text(ctx)
    assert table.rows[1][1] == "at least 3.89"


def test_where_the_gates_decide_the_value_line_weighs_the_payback_itself(tmp_path):
    """The fixture with a 3× speedup target (G3 fails, 2.32-2.44× lies below it): the gates take the case from speed,
    and the value line says the payback exceeds the 5 years assumed."""
    import shutil

    folder = tmp_path / "node_local_retune"
    shutil.copytree(FIXTURES / "node_local_retune", folder)
    toml = folder / "test.toml"
    toml.write_text(
        toml.read_text().replace("target_speedup                = 1.5", "target_speedup                = 3")
    )
    ctx, m = build(folder)
    assert next(g.status for g in m.gates if g.id == "G3") == "fail"
    assert not any("does not pay" in reason for reason in ctx.cover.reasons)
    # said beside the one payback page 2 gives (the whole cluster's at the optima: 38.6 years; today's interval, 8.74
    # years, is the economics section's), not in a sentence of its own
    # now on the runs given (cold read 16, T-B3): 23,323.4 × 621.55 ÷ 102,925.5 = 140.85 USD a year at the optima,
    # 900,000 ÷ 140.85 = 6,390 years; the whole cluster's 23,323.4 USD a year beside it, 900,000 ÷ 23,323.4 = 38.6 years,
    # beyond the life too (cold read 20, AB-M2: both ends), no "at most" where today's interval gives 900,000 ÷ 8.74 =
    # 103,000 USD a year
    assert (
        "a payback of about 6,390 years at 900,000 USD, beyond an assumed 5-year life, the tool's default, not agreed "
        "with the customer; 23,300 USD a year if such jobs filled the whole 512-GPU cluster, at least 38.6 years, "
        "beyond it too (baseline's cost left out;" in ctx.cover.value
    )
    assert "does not pay" not in ctx.cover.value


def test_an_outlying_run_whose_cause_cannot_change_the_answer_and_the_cluster_s_demand():
    """Cold tests 8, case I (Chinese, built here in English): NG-6's run 5 (58.6 s, during a scrub) among runs near
    31.5 s. Re-tuning Ceph beats switching with the run and without it, at an assumed rate 97.5× from turning: not
    recommended, and the run's log is not what would change it (cold read 7b, B-1). The whole cluster's value while the
    interval stays needs most of this test's bandwidth on average, said beside it (cold read 8b, I-3)."""
    ctx, m = build(FIXTURES / "outlier_scrub")
    c = ctx.cover
    assert m.save.candidate.outlier_runs == (5,) and m.retune_without_outliers is True
    # the line says what the "no" rests on (Chinese reading 8, I-B1: "on this evidence" read as the test's own finding)
    assert c.recommendation == (
        "Recommendation: not recommended; re-tuning Ceph's checkpoint interval recovers as much as NG-6, on an assumed "
        "failure rate."
    )
    assert "the cause of run 5" not in c.changes
    assert "an interval the job cannot change" in c.changes
    # the verdict box beside it: the run changes the verdict, not what re-tuning says (cold read 10, Q-M1: "would be
    # Benefit demonstrated" read as the opposite of "makes no case")
    # both verdicts are the label's, just above (cold read 16, U-B2: said once)
    assert c.verdict_notes[0].endswith(
        "and G4 fails). Re-tuning Ceph's checkpoint interval recovers as much with the run or without it."
    )
    assert "instead of" not in c.verdict_notes[0]
    # the speed reason gives NG-6's mean without run 5, worked from the rows (cold read 8, I1)
    rows = [line.split(",") for line in (FIXTURES / "outlier_scrub" / "save_times.csv").read_text().splitlines()[1:]]
    rest = [float(r[5]) for r in rows if r[0] == m.save.candidate.system and r[4] != "5"]
    assert len(rest) == 5
    # the second reason: re-tuning, which decided, comes first (cold tests 10, Q: it was the one moved off page 1)
    assert c.reasons[0].startswith("At an assumed failure rate") and c.reasons[1].endswith(
        f"NG-6 averages {s3(sum(rest) / 5)} without its run 5 (58.6 s)."
    )
    share = m.cluster.candidate.mean_to_sustained
    assert 0.5 <= share < 1
    # on shared storage the jobs' saves queue at that load: an upper bound that may vanish, the payback's too (cold
    # read 10, P-M4: 630,000 USD and a 1.01-year payback on 82.4% of AF-3's bandwidth, given as a finding)
    # the cluster's 1,024 GPUs are 128 nodes of 8, beyond the 4 this bandwidth was measured from (the job's: [sources]
    # names no count): an extrapolation, said so (scaling reading 16, M1)
    assert m.bubble.cluster_gpus // 8 == 128 and -(-m.save.candidate.gpus // 8) == 4
    # page 2 points to today's figure and its conditions (cold read 16, U: page 2 ran onto page 3); the economics
    # section gives them whole, the demand's share and the extrapolation to the cluster's nodes
    economics = " ".join(texts(section(ctx, "economics").blocks))
    # more seconds of saving than a cycle holds on both sides: the cluster row is not established (scaling reading 20,
    # AB-M1): Ceph 32 × 52.758 s = 1,688 s in 1,080 + 52.758 = 1,133 s, 1.49 in flight; NG-6 32 × 36.053 s = 1,154 s
    # in 1,116 s, 1.03
    assert "On Ceph, the 32 jobs need 1,688 s of saving in each 1,133 s checkpoint cycle, so 1.49" in economics
    assert "so 1.03 of their saves are in flight at once on average" in economics
    assert "This test does not establish that figure." in economics
    assert "The cluster's 128 nodes lie beyond the 4 client nodes this test's bandwidth comes from" in economics
    # one payback on page 2, the job's own at the optima; today's, which rests on the saves never waiting, pointed to
    assert c.value.count("payback") == 1 and "years only while the interval stays" not in c.value
    # today's whole-cluster figure rests on saves that cannot be staggered (1.49 and 1.03 in flight, above): page 1
    # does not point to it as the one that pays (scaling reading 20, AB-M1)
    assert c.value.endswith(
        "(baseline's cost left out; at an assumed failure rate; other bases: “Value of the time saved”)."
    )
    assert "pays within 5 years" not in c.value
