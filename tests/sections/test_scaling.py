"""The scaling section: every sentence from the figures on its page, in both languages; without scaling.csv it says
what to measure, and the command is in Appendix B, never on a customer page."""

from __future__ import annotations

import re

import pytest

from report.document.blocks import Table
from report.i18n import activate
from tests.conftest import DATA, ROOT
from tests.sections.helpers import build, build_printed, cover_text, section, texts

EXAMPLE = ROOT / "examples" / "scaling-cluster"
C, B = "Mingxin FX100", "Local NVMe (single drive)"


def words(ctx, section_id="scaling") -> str:
    return " ".join(texts(section(ctx, section_id).blocks))


def tables(ctx, section_id="scaling") -> list[Table]:
    return [b for b in section(ctx, section_id).blocks if isinstance(b, Table)]


#: The white paper's scaling claim, as a joint test of the white paper's data states it (field test 8, major 1).
CLAIM = '\n[scaling]\nclaim_low = 1.5\nclaim_high = 2\nclaim_source = "Mingxin FX100 white paper"\n'


def with_scaling(folder, rows: str, gpus: int = 32, toml: str = "", claim: bool = True):
    path = folder("data")
    (path / "save_times.csv").write_text((path / "save_times.csv").read_text().replace(",8,", f",{gpus},"))
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    (path / "test.toml").write_text((path / "test.toml").read_text() + toml + (CLAIM if claim else ""))
    return path


def test_the_example_answers_the_claim_at_the_job_size():
    ctx, m = build(EXAMPLE)
    text = words(ctx)
    s = m.scaling
    # the fit's figures as the page prints them, each from metrics; σ and κ to two digits, as the refits' range beside
    # them fixes them no closer (scaling reading 9, m4)
    assert (s.candidate.usl.sigma, s.candidate.usl.kappa) == pytest.approx((0.019451, 0.0042428), rel=1e-4)
    assert "λ = 6.38 GB/s (the mean with one client node), contention σ = 0.019 and coherency κ = 0.0042." in text
    assert "The fitted aggregate peaks at 15.2 client nodes, beyond the 8 tested: an extrapolation of the fit." in text
    # the claim: C(4) against the node-local baseline's one-node bandwidth × 4 nodes, and their ratio
    assert round(s.at_job.candidate, 1) == 23.0 and round(s.at_job.baseline, 1) == 12.8
    assert f"{s.at_job.ratio:.2f}" == "1.80"
    assert "At this training job's 4 nodes it is 1.80× (23.0 against 12.8 GB/s), within the claimed range." in text
    assert "The job's nodes lie within the 8 client nodes tested." in text
    assert "was not swept: its figures are one node's 3.19 GB/s from the bandwidth test times the nodes, which" in text
    # the cluster: 1,000 // 32 = 31 jobs of 4 nodes = 124 client nodes, far beyond the 8 tested: the fit cannot tell
    assert s.cluster_nodes == 124
    assert "The fit cannot tell what Mingxin FX100 gives at those jobs' 124 client nodes, 15.5 times the 8 tested." in (
        text
    )
    assert "enough on average" not in text
    # the baseline's projected time is the shorter, its aggregate the smaller: said, with why
    assert "“70B on 64 GPUs”: at its 8 nodes Mingxin FX100 has the larger aggregate (37.1 against 25.6 GB/s) but" in (
        projections_note := tables(ctx)[1].note
    )
    assert "Mingxin FX100 is shared storage: its save time is fitted over the whole checkpoint, at the rate of" in (
        projections_note
    )
    # the projection at its 64 GPUs, 8 nodes: each side's aggregate beside its save time
    (points, projections) = tables(ctx)
    assert [row[0] for row in points.rows] == ["1", "2", "4", "8"]
    assert points.rows[0][1] == "6.38 (6.31–6.44)"
    (row,) = projections.rows
    p = m.projections[0]
    # the node-local baseline's aggregate is one node's bandwidth times the nodes, marked assumed (cold read 14c, Q-m2)
    assert row[:2] == ("70B on 64 GPUs", "8") and row[3] == f"{p.scaled_gbps.baseline:.3g}§"
    assert row[5] == f"{p.scaled_gbps.candidate:.3g}"


def test_the_section_names_no_file_key_or_command_of_the_tool():
    for path in (EXAMPLE, DATA):
        for language in ("en", "zh-CN"):
            with activate(language):
                ctx, _ = build(path)
                text = words(ctx) + " ".join(" ".join(t.caption + t.note for t in tables(ctx)))
            assert not re.search(r"scaling\.csv|test\.toml|metrics\.json|python -m|--\w|\[\w+\]", text), text


def test_without_scaling_csv_it_says_what_to_measure_and_the_colophon_gives_the_command():
    ctx, m = build(DATA)
    assert m.scaling is None
    text = words(ctx)
    assert text.startswith("This test did not measure how the aggregate write bandwidth changes")
    assert "(the colophon gives the command)" in text
    # the command is the tool's: in the colophon, never in Appendix B, which the customer reads (zh reading 8, H-m5)
    assert "python -m report" not in words(ctx, "formulas")
    appendix = words(ctx, "colophon")
    assert f"python -m report measure <joint-test folder> --system '{C}' --path <folder on the storage>" in appendix
    assert "--snapshot-gb 65.6 --runs 3 --clients-sweep" in appendix
    assert "Universal Scalability Law" not in repr(section(ctx, "formulas"))  # no formula of a figure not printed


def test_a_fit_with_a_negative_sigma_says_the_law_does_not_describe_the_points(folder):
    # the baseline of tests/compute/test_scaling.py: σ = −0.4, κ = 0.1; the candidate's: σ = 1783.2/8856
    rows = f"{B},1,1,1.0\n{B},2,1,2.5\n{B},4,1,4.0\n{C},1,1,2.0\n{C},2,1,3.0\n{C},2,2,3.4\n{C},4,1,5.0\n{C},8,1,6.4\n"
    ctx, _ = build(with_scaling(folder, rows))
    text = words(ctx)
    assert "contention σ = −0.400 and coherency κ = 0.100" in text
    assert "A negative σ has no meaning in the law" in text
    assert "so its parameters cannot be used to extrapolate: its curve lies at most" in text
    assert f"{B}'s fitted parameters cannot be used to extrapolate (above), so this ratio is not a forecast." in text
    # the baseline's means rise to the most it ran (1.0, 2.5, 4.0 GB/s): no "stops scaling" (scaling reading 15, m1)
    assert "stops scaling" not in text
    # C(4) = 4.0 on the baseline, 70,848 / 14,371.2 on the candidate
    assert "the fits give 1.23× (4.93 against 4.00 GB/s), below the claimed range" in text
    assert "The claim does not hold at the job's size." in text


def test_a_negative_sigma_says_where_the_runs_stop_scaling(folder):
    # scaling reading 15, m1: the baseline's means 1.0, 2.5, 4.0 and 3.6 GB/s at 1, 2, 4 and 8 client nodes (σ < 0):
    # highest at 4, and 8 gave less, so the runs show it stops scaling by 4
    rows = f"{B},1,1,1.0\n{B},2,1,2.5\n{B},4,1,4.0\n{B},8,1,3.6\n{C},1,1,2.0\n{C},2,1,3.0\n{C},4,1,5.0\n{C},8,1,6.4\n"
    ctx, m = build(with_scaling(folder, rows))
    assert m.scaling.baseline.usl.sigma < 0
    assert (
        f"What the runs show is plain: {B} stops scaling by 4 client nodes, its highest mean (4.00 GB/s); with 8 "
        "client nodes writing it gave 3.60 GB/s." in words(ctx)
    )


def test_no_one_client_point_and_a_null_capacity_are_said_in_words(folder):
    rows = f"{C},2,1,3.0\n{C},4,1,5.0\n{C},8,1,6.4\n"
    ctx, _ = build(with_scaling(folder, rows))
    text = words(ctx)
    assert f"{C}: no run with a single client node, so the Universal Scalability Law is not fitted" in text
    assert f"{B} was not measured with several client nodes" in text
    assert "The sweep cannot answer it at the job's size" in text
    # σ = 0.3, κ = −0.02 (tests/compute/test_scaling.py): at 20 nodes the denominator is −0.9
    rows = f"{C},1,1,1.0\n{C},2,1,{2 / 1.26!r}\n{C},4,1,{4 / 1.66!r}\n{C},8,1,{8 / 1.98!r}\n"
    ctx, _ = build(with_scaling(folder, rows, gpus=160))
    text = words(ctx)
    assert "A negative κ has no meaning in the law" in text
    assert f"{C}'s fitted law gives no bandwidth at 20 nodes (its denominator is not above zero)" in text


def test_both_sides_swept_at_the_jobs_size_are_compared_there_from_their_means(folder):
    """Field test 7, finding 6: a 1-node job, both sides swept at 1 and 2 client nodes (no fitted law on either): the
    report said "this test cannot answer it at the job's size" although both means at 1 node were there."""
    rows = f"{B},1,1,2.5\n{B},1,2,2.54\n{B},2,1,3.0\n{C},1,1,4.5\n{C},1,2,4.58\n{C},2,1,5.78\n"
    ctx, m = build(with_scaling(folder, rows, gpus=8))
    assert m.scaling.job_nodes == 1 and m.scaling.at_job.ratio is None  # metrics.json keeps the fits' figure only
    means = {key: m.scaling.side(key).points[0].mean_gbps for key in ("baseline", "candidate")}
    assert means["baseline"] == pytest.approx(2.52) and means["candidate"] == pytest.approx(4.54)
    assert f"{means['candidate'] / means['baseline']:.2f}" == "1.80"
    text = _claim(ctx)
    assert (
        "At this training job's 1 node, where both systems were swept, their means give 1.80× (4.54 against 2.52 "
        "GB/s), within the claimed range. At 2 client nodes, the most compared, it is 1.93×, within the claimed range. "
        f"For larger client counts the sweep cannot answer it: {B}'s points give no fitted law and {C}'s points give "
        "no fitted law." in text
    )
    assert "cannot answer it at the job's size" not in text
    assert "loopback" not in words(ctx)  # scaling.csv names no host: nothing is said of where the clients ran
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert (
        "With the job's 1 node writing at once, the candidate's aggregate write bandwidth is 1.80× the baseline's (see "
        "“Scaling with client nodes”). At 2 client nodes, the most compared, it is 1.93×, within the claimed range."
        in qa
    )
    assert "cannot compare the two systems" not in qa
    assert (
        "Client sweep: 1.80× the baseline's aggregate at the job's 1 node, 1.93× at 2 client nodes: growing over that range."
        in cover_text(ctx)
    )
    with activate("zh-CN"):
        ctx, _ = build(with_scaling(folder, rows, gpus=8))
        text = words(ctx).replace(" ", "")
    assert (
        "在本训练作业的1个节点下，两个系统在这一节点数下做过扩展测试，按均值计算该比值为1.80×（基线2.52GB/s，被测系统4.54GB/s）"
        in text
    )
    assert "对于更多的客户端节点，客户端扩展测试无法回答这一问题" in text


def test_the_next_step_extends_the_sweep_done_rather_than_ignoring_it(folder):
    """Field test 7, m13: a report holding the candidate's 1-2 client sweep said "whether more clients would drive
    more was not measured" and "Measure the candidate with as many clients …"."""
    path = with_scaling(folder, f"{C},1,1,6.3\n{C},2,1,11.0\n", gpus=8)
    toml = path / "test.toml"
    toml.write_text(
        toml.read_text().replace('illustrative = ["bandwidth", "load_times"]', 'illustrative = ["load_times"]')
    )
    ctx, m = build(path)
    assert m.scaling.candidate.max_clients == 2 and m.cluster.jobs == 125
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert (
        "Extend the candidate's client sweep, which reached 2 client nodes, to as many clients as the cluster's jobs "
        "would save from at once: the GPU-equivalents need more bandwidth than this test showed" in steps
    )
    assert "Measure the candidate with as many clients" not in steps
    bubble = " ".join(texts(section(ctx, "bubble").blocks))
    assert (
        "This test's bandwidth is what its clients drove; the candidate's client sweep reached 2 client nodes (see "
        "“Scaling with client nodes”), short of the cluster's scale, so extend it there before counting on it."
        in bubble
    )
    assert "whether more clients would drive more was not measured" not in bubble
    (path / "scaling.csv").unlink()  # without the sweep, the words of before
    ctx, _ = build(path)
    assert "Measure the candidate with as many clients" in " ".join(texts(section(ctx, "gates").blocks))
    assert "whether more clients would drive more was not measured" in " ".join(texts(section(ctx, "bubble").blocks))


def test_client_counts_take_their_noun_by_number(folder):
    # attacks-6 C01: "3 runs with 1 client nodes", "these runs give 1 client nodes"
    ctx, _ = build(with_scaling(folder, f"{C},1,1,6.3\n{C},1,2,6.4\n{C},1,3,6.35\n"))
    text = words(ctx)
    assert f"{C}: 3 runs with 1 client node writing at once." in text
    assert "these runs give 1 client node, so it is not fitted" in text
    assert "1 client nodes" not in text
    ctx, _ = build(with_scaling(folder, f"{C},1,1,6.3\n{C},4,1,20\n"))
    text = words(ctx)
    assert f"{C}: 2 runs with 1 and 4 client nodes writing at once." in text
    assert "these runs give 1 and 4 client nodes, so it is not fitted" in text
    ctx, _ = build(with_scaling(folder, f"{C},4,1,20\n"))
    assert f"{C}: 1 run with 4 client nodes writing at once." in words(ctx)
    with activate("zh-CN"):
        ctx, _ = build(with_scaling(folder, f"{C},1,1,6.3\n{C},4,1,20\n"))
        text = words(ctx).replace(" ", "")  # spaced where it is typeset, on the page
    assert "共2次运行，由1和4个客户端节点同时写入。" in text and "这些运行只有1和4个客户端节点的数据" in text


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_every_sentence_is_translated(language):
    with activate(language):
        ctx, _ = build(EXAMPLE)
        text = words(ctx)
    if language == "zh-CN":
        assert "客户端节点" in text and "外推" in text
        assert not re.search(r"\b(the|and|with|nodes)\b", text)


@pytest.mark.parametrize(
    ("gbps", "said", "not_said"),
    [
        # σ = κ = 0 exactly: the aggregate grows in proportion to the nodes (attacks-6 C06)
        ((6.3, 12.6, 25.2, 50.4), "it grows in proportion to the client nodes", "ever more slowly"),
        # σ = 1, κ = 0 exactly: a saturated array, the same aggregate at every count (attacks-6 C07)
        ((6.0, 6.0, 6.0, 6.0), "the fit gives no more bandwidth with more client nodes than with one", "keeps rising"),
    ],
)
def test_a_fit_with_no_coherency_says_how_the_aggregate_goes(folder, gbps, said, not_said):
    rows = "".join(f"{C},{k},1,{v}\n" for k, v in zip((1, 2, 4, 8), gbps, strict=True))
    text = words(build(with_scaling(folder, rows))[0])
    assert said in text and not_said not in text


# --- scaling reading 5: the reasoning, on the reader's joint test and on two differently shaped sweeps -------------

#: Both sides swept on data/ (4 nodes of 8 GPUs): the candidate near-linear, so its advantage grows.
RISING = f"{B},1,1,3.0\n{B},2,1,5.6\n{B},4,1,9.6\n{B},8,1,14.0\n{C},1,1,6.0\n{C},2,1,11.8\n{C},4,1,23.0\n{C},8,1,44.0\n"
#: Both sides swept: a linear baseline and a candidate that saturates, the curves crossing between 4 and 8 nodes.
CROSSING = (
    f"{B},1,1,2.0\n{B},2,1,4.0\n{B},4,1,8.0\n{B},8,1,16.0\n{C},1,1,6.0\n{C},2,1,10.0\n{C},4,1,12.0\n{C},8,1,12.5\n"
)


def _claim(ctx) -> str:
    return next(t for t in texts(section(ctx, "scaling").blocks) if t.startswith("The claim under test"))


def test_b1_the_claim_is_judged_at_every_count_and_at_the_most_measured_not_at_the_job_only(folder):
    ctx, _ = build(EXAMPLE)
    text = _claim(ctx)
    assert text.startswith(
        "The claim under test comes from Mingxin FX100 white paper, not from this test's records: the candidate "
        "keeps a 1.5–2× write-bandwidth advantage when many client nodes write at once. It is weighed here against "
        "this test's baseline; no gate covers it, so it is not in the verdict. Mingxin FX100's aggregate is 2.00×, 1.94×, 1.80× and 1.45× Local NVMe RAID-0 (per node)'s at 1, 2, 4 "
        "and 8 client nodes writing at once, respectively. The ratio falls from 1 to 8 client nodes."
    )
    assert (
        "At 8 client nodes, the most compared, it is 1.45×, below the claimed range: against this test's baseline, the "
        "claim does not hold there." in (text)
    )
    assert (
        "Not measured beyond 8 client nodes: the fitted curve and Local NVMe RAID-0 (per node)'s modelled aggregate "
        "(one node × nodes) alone would cross at about 13.8 client nodes, an extrapolation, not a result of the test."
        in text
    )
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert (
        "At 8 client nodes, the most compared, it is 1.45×, below the 1.5–2× claimed by Mingxin FX100 white paper: "
        "against this test's baseline, the claim does not hold" in qa
    )
    # a candidate whose advantage grows: above the range at both, no crossover, no "does not hold"
    ctx, _ = build(with_scaling(folder, RISING))
    text = _claim(ctx)
    assert "2.00×, 2.11×, 2.40× and 3.14× Local NVMe (single drive)'s at 1, 2, 4 and 8 client nodes" in text
    assert "The ratio rises from 1 to 8 client nodes." in text
    assert "At 8 client nodes, the most compared, it is 3.14×, above the claimed range." in text
    assert "the fits give 2.39× (23.0 against 9.61 GB/s), above the claimed range; the means there give 2.40×" in (text)
    assert "does not hold" not in text and "cross" not in text
    # curves that cross within the range: within at the job's 4 nodes, reversed at 8
    ctx, _ = build(with_scaling(folder, CROSSING))
    text = _claim(ctx)
    assert "3.00×, 2.50×, 1.50× and 0.781×" in text
    assert (
        "At 8 client nodes, the most compared, it is 0.781×, below the claimed range: against this test's baseline, the "
        "claim does not hold" in text
    )
    assert (
        "cross at about 6.38 client nodes, within the 8 client nodes tested: beyond it Local NVMe (single drive)"
        in (text)
    )


def test_m6_no_unsourced_claim_about_all_flash_storage(folder):
    for path in (EXAMPLE, with_scaling(folder, CROSSING), DATA):
        for language in ("en", "zh-CN"):
            with activate(language):
                ctx, _ = build(path)
                text = words(ctx)
            assert "commonly claimed" not in text and "All-flash" not in text and "全闪" not in text


def test_m1_m1minor_the_demand_against_the_fitted_maximum_and_no_conclusion_from_far_beyond(folder):
    ctx, m = build(EXAMPLE)
    text = words(ctx)
    assert "Both figures assume each save still takes the 24.1 s of this one job writing alone" in text
    assert (
        "The fitted maximum at any client count, 44.2 GB/s at 15.2 client nodes, an extrapolation beyond the 8 " in text
    )
    assert "is 52% of the peak demand" in text and round(m.cluster.candidate.peak_write_gbps, 1) == 84.5
    ctx, m = build(with_scaling(folder, CROSSING))
    text = words(ctx)
    # the peak within the range: C(5.97) = 12.8 GB/s, 59% of 31 × 65.6 / 94 = 21.6 GB/s
    assert "The fitted maximum at any client count, 12.8 GB/s at 5.97 client nodes, within the 8 tested, is 59%" in text
    assert "The fit cannot tell what Mingxin FX100 gives at those jobs' 124 client nodes" in text


def test_m1_page_one_sets_the_demand_against_no_single_client_bandwidth_with_a_sweep():
    ctx, _ = build(EXAMPLE)
    (tile,) = [t for t in ctx.cover.tiles if t.id == "capacity"]
    # every job at once, on the fit, where it falls short of their demand (scaling reading 6, M2), with the refits'
    # range, which straddles the baseline's 45.1 s: no "no faster" (scaling reading 7, B1)
    # (scaling reading 7b, finding 2: 46.0 s is no floor beside 31.2–52.2 s; the baseline's 45.1 s decides)
    assert tile.note.endswith(
        "1,000-GPU cluster; all at once: at best 46.0 s a save (31.2–52.2 s across refits), if it tops out at the "
        "extrapolated fit's maximum, longer below it; against the baseline's 45.1 s: neither shown faster"
    )
    assert "6.30" not in tile.note
    ctx, _ = build(DATA)  # without a sweep the one-client bandwidth is the only reference page 1 has
    (tile,) = [t for t in ctx.cover.tiles if t.id == "capacity"]
    assert "6.40 GB/s" in tile.note


def test_m2_page_one_and_the_summary_carry_the_sweep_in_one_sentence(folder):
    ctx, _ = build(EXAMPLE)
    # the baseline modelled, not swept: no "shrinks", what the ratio moves with (scaling reading 7b, finding 3)
    said = (
        "Client sweep: Mingxin FX100's aggregate write bandwidth is 1.80× the baseline's modelled aggregate (one node × "
        "nodes) at the job's 4 nodes and 1.45× at 8 client nodes, the most compared. Local NVMe RAID-0 (per node) was "
        "not swept: its aggregate is one node's 3.19 GB/s × nodes, so the ratio moves only with Mingxin FX100's rate "
        "per client node, 5.75 GB/s at 4 and 4.64 GB/s at 8; whether Local NVMe RAID-0 (per node) keeps its rate per "
        "node while all write was not tested."
    )
    # what lies beyond the sweep and every job at once against its most (scaling reading 11b, M1, M2) are the scaling
    # section's, said once there (zh reading 17, V minor 12): the summary points to it
    beyond = " The counts the sweep left uncompared and every job saving at once: see “Scaling with client nodes”."
    assert said + beyond in texts(section(ctx, "summary").blocks)
    # the scaling section says them: 31 jobs × 65.6 GB / 24.1 s = 84.5 GB/s, 2.3× the 37.1 GB/s at 8
    scaling = " ".join(texts(section(ctx, "scaling").blocks))
    assert "The cluster's 124 nodes are those of its 31 jobs of 4 nodes each, in a cluster of 1,000 GPUs" in scaling
    # below the claim, and the baseline modelled, said on page 1 (scaling reading 6, M1); the job's own size within
    # it, and a claim that names no baseline (scaling reading 7b)
    page_one = (
        "Client sweep: 1.80× the baseline's modelled aggregate (one node × nodes) at the job's 4 nodes, within the "
        "1.5–2× claimed by Mingxin FX100 white paper; 1.45× at 8 client nodes, below it."
    )
    assert page_one + " Mingxin FX100 not run beyond 8 client nodes." in ctx.cover.verdict_notes
    # the means at the job's 4 nodes, not the fits (cold tests 17, U-V5): 12.0 ÷ 8.0 = 1.50×; 12.5 ÷ 16.0 = 0.781×
    ctx, _ = build(with_scaling(folder, CROSSING))
    assert (
        "is 1.50× the baseline's at the job's 4 nodes and 0.781× at 8 client nodes, the most compared: the advantage "
        "reverses." in " ".join(texts(section(ctx, "summary").blocks))
    )
    assert "1.50× the baseline's aggregate at the job's 4 nodes, 0.781× at 8 client nodes: reversed." in cover_text(ctx)
    ctx, _ = build(with_scaling(folder, RISING))  # 23.0 ÷ 9.6 = 2.40×, 44.0 ÷ 14.0 = 3.14×
    assert (
        "2.40× the baseline's aggregate at the job's 4 nodes, 3.14× at 8 client nodes: growing over that range."
        in cover_text(ctx)
    )
    ctx, _ = build(DATA)  # without scaling.csv neither says anything of a sweep
    assert "Client sweep" not in cover_text(ctx) + " ".join(texts(section(ctx, "summary").blocks))


def test_m3_the_projection_says_which_figure_to_read(folder):
    ctx, _ = build(EXAMPLE)
    note = tables(ctx)[1].note
    assert (
        "Read the save times for the save, not the aggregates: this test's saves used at most 12% of either system's "
        "aggregate (“Consistency audit”), so a larger aggregate does not by itself shorten a save." in note
    )
    assert "a save timed at 8 nodes would settle which system is faster there" in note


def test_m4_the_audit_sets_the_save_against_the_sweep_at_its_nodes(folder):
    ctx, _ = build(EXAMPLE)
    audit = " ".join(texts(section(ctx, "audit").blocks))
    assert (
        "At the save's 4 nodes, the client sweep gives 23.0 GB/s in aggregate on Mingxin FX100. The save's 2.72 "
        "GB/s is 11.8% of it: the save is not bound by bandwidth" in audit
    )
    ctx, _ = build(with_scaling(folder, RISING))
    audit = " ".join(texts(section(ctx, "audit").blocks))
    # 65.6 GB / 178 s = 0.369 GB/s against 9.60 GB/s; 65.6 / 94 = 0.698 against 23.0
    assert "client sweep gives 9.60 GB/s in aggregate on Local NVMe (single drive). The save's 0.369 GB/s is 3.8%" in (
        audit
    )
    assert "client sweep gives 23.0 GB/s in aggregate on Mingxin FX100. The save's 0.698 GB/s is 3.0% of it" in audit
    # the job beyond the counts swept (20 nodes): the sweep does not cover it, the audit says nothing of it
    ctx, _ = build(with_scaling(folder, RISING, gpus=160))
    assert "client sweep" not in " ".join(texts(section(ctx, "audit").blocks))


def test_m5_m2minor_m4minor_where_the_sweep_stopped_the_peaks_spread_and_the_two_one_client_figures(folder):
    text = words(build(EXAMPLE)[0])
    assert (
        "The sweep stopped at 8 client nodes, all the client nodes of the test bed, not where the storage saturated."
        in (text)
    )
    assert (
        "Refitted to one run per client count (81 choices), the peak lies between 11.5 and 35.0 client nodes: the "
        "least and the greatest of the refits, a spread of the runs, not a confidence interval." in text
    )
    assert "A peak beyond the client nodes tested is poorly constrained by these points." in text
    assert (
        "Two fitted parameters (σ and κ) on 3 client counts above one meet the means almost by construction (at most "
        "0.0543%" in text
    )
    assert (
        "The sustained-bandwidth test (on its own client count, see the data sources) gives 6.30 GB/s, 1.3% from the "
        "sweep's one-client mean" in text
    )
    text = words(build(with_scaling(folder, CROSSING))[0])
    assert "The sweep stopped at 8 client nodes, past the fitted peak: it reached saturation." in text
    assert "The sweep stopped at 8 client nodes; it did not reach saturation." in text  # the linear baseline
    assert "The fitted values lie at most 6.06% from the means; two parameters (σ and κ) fitted to 3 client counts" in (
        text
    )
    assert "almost by construction (at most 0% apart)" in text  # the baseline's exact line


def test_chinese_wording_of_the_reading(folder):
    with activate("zh-CN"):
        ctx, _ = build(EXAMPLE)
        text = words(ctx) + " ".join(t.note for t in tables(ctx))
    assert "争用系数 σ" in text and "一致性（相干）系数 κ" in text and "通用可扩展性定律" in text
    assert "其单次保存耗时按整个检查点拟合，沿用本次测试 4 个客户端节点保存时的速率" in text
    assert "是节点本地存储" in text and "每个节点自带的存储" not in text
    assert "这一说法在该规模下不成立" in text


def test_the_measure_command_names_systems_as_the_edition_prints_them_and_measure_takes_them(folder):
    """Field test 7: the Chinese appendix printed `--system '本地磁盘（ext4）'`, the name [text."zh-CN"] prints, which
    measure refused ("not a save system of test.toml"); the fix quoted [systems]' own names, and then the English
    edition of a Chinese test.toml quoted Chinese names (cold read 14c, P-m4). Each edition quotes the names it prints,
    and measure takes a system's printed name in any language as the system."""
    from report.inputs.config import parse_config
    from report.measure.session import given_system

    data = folder("data")
    toml = data / "test.toml"
    toml.write_text(toml.read_text() + f'\n[text."zh-CN"]\nsystems = {{ "{C}" = "铭芯 FX100 阵列" }}\n')
    with activate("zh-CN"):
        ctx, _ = build_printed(data, "zh-CN")
        appendix = words(ctx, "colophon")
    assert "--system '铭芯 FX100 阵列'" in appendix and f"--system '{C}'" not in appendix
    ctx, _ = build(data)
    assert f"--system '{C}'" in words(ctx, "colophon")
    config, problems = parse_config(toml.read_bytes())
    assert problems == [] and config is not None
    assert given_system(config, "铭芯 FX100 阵列") == given_system(config, C) == C
    assert given_system(config, "Lustre") == "Lustre"  # refused later, by its own name


def test_the_sweep_command_is_given_only_for_a_system_not_swept(folder):
    """Field test 7, m11: Appendix B printed "Measuring how the systems scale with client nodes" and its commands
    although the report held the sweep's rows. A swept system gets no command; both swept, no heading either."""
    one = "".join(f"{C},{n},1,{6.0 * n}\n" for n in (1, 2, 4))
    ctx, _ = build(with_scaling(folder, one))
    appendix = words(ctx, "colophon")
    assert f"--system '{C}'" not in appendix and "--clients-sweep" in appendix  # the baseline's command only
    path = with_scaling(folder, one + "".join(f"{B},{n},1,{2.0 * n}\n" for n in (1, 2, 4)))
    ctx, _ = build(path)
    appendix = words(ctx, "colophon")
    assert "--clients-sweep" not in appendix and "scale with client nodes" not in appendix
    ctx, _ = build(folder("data"))  # no sweep: both commands
    assert words(ctx, "colophon").count("--clients-sweep") == 2


def test_a_node_local_side_swept_too_little_for_a_law_is_not_said_unswept(folder):
    """Field test 8, finding 2: a tmpfs local to each node, swept at 1 and 2 client nodes (too few counts for the law),
    was said "not swept", beside its own sweep's points; its figure at the job's nodes is still one node × nodes (both
    sides local to each node, as `measure` through fio servers records them)."""
    path = with_scaling(folder, f"{C},1,1,1.4\n{C},1,2,1.3\n{C},2,1,2.4\n{C},2,2,2.5\n", gpus=8)
    toml = (path / "test.toml").read_text().replace("[systems]\n", f'[systems]\nnode_local = ["{C}", "{B}"]\n', 1)
    (path / "test.toml").write_text(re.sub(r"\[\[projections\]\][^\[]*", "", toml))
    ctx, m = build(path)
    assert m.scaling.candidate.usl is None and m.scaling.at_job.candidate == m.bandwidth.candidate_gbps
    text = words(ctx)
    assert f"{C} was not swept" not in text
    assert f"{C}'s sweep gives no fitted law (that needs one client node and two other counts)" in text


#: Both sides swept: the ends 2.00× and 2.05× within 5%, 1.60× at 2 client nodes between them (cold tests 13, Z).
UNEVEN = (
    f"{B},1,1,3.0\n{B},2,1,5.6\n{B},4,1,9.6\n{B},8,1,14.0\n{C},1,1,6.0\n{C},2,1,8.96\n{C},4,1,18.24\n{C},8,1,28.7\n"
)


def test_a_ratio_that_dips_between_ends_within_5_percent_is_not_said_to_stay_within_5_percent(folder):
    ctx, _ = build(with_scaling(folder, UNEVEN))
    text = _claim(ctx)
    assert "2.00×, 1.60×, 1.90× and 2.05× Local NVMe (single drive)'s at 1, 2, 4 and 8 client nodes" in text
    # falling to 1.60× and rising after it: a trough, said as one (cold read 20, AB minor)
    assert "The ratio falls from 2.00× at 1 to 1.60× at 2 client nodes, then rises to 2.05× at 8." in text
    assert "stays within" not in text


def test_the_bandwidth_tests_are_set_beside_the_sweep_at_their_own_count(folder):
    # cold tests 17, U-V6, U-W4 (a record of our own): "from the job's servers at once" with no digit is the job's
    # 32 ÷ 8 = 4 nodes. The sweep's means at 4: Local NVMe (3.9 + 4.0 + 4.1) ÷ 3 = 4.00, FX100 (7.9 + 8.0 + 8.1) ÷ 3
    # = 8.00 GB/s; the tests' 3.26 is (4.00 − 3.26) ÷ 4.00 = 18.5% below, 6.40 is (8.00 − 6.40) ÷ 8.00 = 20.0% below;
    # the sweep's ratio there 8.00 ÷ 4.00 = 2.00×
    rows = "".join(
        f"{name},{k},{run},{gbps}\n"
        for name, means in ((B, (1.0, 2.0, 4.0)), (C, (2.0, 4.0, 8.0)))
        for k, mean in zip((1, 2, 4), means, strict=True)
        for run, gbps in enumerate((round(mean - 0.1, 2), mean, round(mean + 0.1, 2)), start=1)
    )
    path = with_scaling(folder, rows, claim=False)
    toml = path / "test.toml"
    old = 'bandwidth  = "White paper: sustained write bandwidth; '
    toml.write_text(toml.read_text().replace(old, "bandwidth  = \"fio from all of the job's servers at once; "))
    ctx, m = build(path)
    assert (m.scaling.test_clients_of("baseline"), m.scaling.test_clients_of("candidate")) == (4, 4)
    text = words(ctx)
    assert "perhaps on different client counts" not in text
    assert (
        "The sustained-bandwidth test, on the 4 client nodes the data sources record, gives 3.26 GB/s, 18.5% below "
        "the sweep's mean of 4.00 GB/s at that count" in text
    )
    assert "gives 6.40 GB/s, 20.0% below the sweep's mean of 8.00 GB/s at that count" in text
    assert (
        "These two figures are the two systems' bandwidth tests on the same 4 client nodes, as the data sources "
        "record; at that count the client sweep gives 2.00×" in words(ctx, "bandwidth")
    )
    with activate("zh-CN"):
        zh = words(build(path)[0], "bandwidth")
    assert "客户端扩展测试在该节点数下给出 2.00×" in zh


def test_the_headline_ratio_is_the_means_and_a_hump_is_said_as_one(folder):
    # cold tests 17, U-V5, U-W3, W minor 4 (a sweep of our own, 3 runs of mean ± 0.1 each): Local NVMe 1, 2, 4, 8 GB/s
    # at 1, 2, 4, 8 client nodes, FX100 2, 6, 16, 24: ratios 2 ÷ 1 = 2.00×, 6 ÷ 2 = 3.00×, 16 ÷ 4 = 4.00×,
    # 24 ÷ 8 = 3.00×; the job's 32 ÷ 8 = 4 nodes give the means' 4.00×, whatever the fits give there
    rows = "".join(
        f"{name},{k},{run},{gbps}\n"
        for name, means in ((B, (1.0, 2.0, 4.0, 8.0)), (C, (2.0, 6.0, 16.0, 24.0)))
        for k, mean in zip((1, 2, 4, 8), means, strict=True)
        for run, gbps in enumerate((round(mean - 0.1, 2), mean, round(mean + 0.1, 2)), start=1)
    )
    ctx, m = build(with_scaling(folder, rows, claim=False))
    assert m.scaling.at_job.ratio is not None and f"{m.scaling.at_job.ratio:.2f}" != "4.00"  # the fits' differs
    said = words(ctx, "summary")
    assert "is 4.00× the baseline's at the job's 4 nodes and 3.00× at 8 client nodes" in said
    assert "The ratio rises from 2.00× at 1 to 4.00× at 4 client nodes, then eases to 3.00× at 8." in words(ctx)
    with activate("zh-CN"):
        zh = words(build(with_scaling(folder, rows, claim=False))[0])
    found = re.search("该比值由[^。]*。", zh)
    assert found is not None, zh
    assert found.group(0) == "该比值由 1 个客户端节点时的 2.00× 升至 4 个时的 4.00×，此后回落至 8 个时的 3.00×。"


def test_every_job_at_once_is_not_unknown_alike_when_one_side_is_local_to_each_node(folder):
    # cold read 17, V-M2 (a sweep of our own, 3 runs of mean ± 0.1 each): Local NVMe local to each node, 1, 2, 4 GB/s
    # at 1, 2, 4 client nodes, FX100 2.0, 4.0, 4.1: levelled off (4.1 is 2.5% above 4.0). The cluster's
    # 1,000 // 32 = 31 jobs of 32 ÷ 8 = 4 nodes, 124 nodes, lie beyond 4; 31 × 65.6 = 2,033.6 GB on FX100 take at
    # least 2,033.6 ÷ 4.10 = 496.0 s, 496.0 ÷ 178 = 2.79× the local drive's 178 s, which stays one job's time
    def sweep(top):
        return "".join(
            f"{name},{k},{run},{gbps}\n"
            for name, means in ((B, (1.0, 2.0, 4.0)), (C, (2.0, 4.0, top)))
            for k, mean in zip((1, 2, 4), means, strict=True)
            for run, gbps in enumerate((round(mean - 0.1, 2), mean, round(mean + 0.1, 2)), start=1)
        )

    path = with_scaling(folder, sweep(4.1), claim=False)
    toml = path / "test.toml"
    toml.write_text(toml.read_text().replace("[systems]\n", f'[systems]\nnode_local = ["{B}"]\n', 1))
    text = words(build(path)[0])
    assert (
        f"With every job saving at once on the cluster's 124 nodes, {B} still saves in the 178 s of one job, as its "
        f"nodes' drives are not shared with other jobs; {C} levelled off within its sweep, so the 31 jobs' 2,034 GB "
        f"take at least 496 s on it (2.79× {B}'s) at the most its sweep gave (4.10 GB/s at 4 client nodes): a bound "
        "from the sweep, not a timed save." in text
    ), text
    assert "the cluster's 124 nodes (every job saving at once) the test gives no figure" not in text
    with activate("zh-CN"):
        zh = words(build(path)[0])
    assert "Local NVMe (single drive) 的保存时间仍为单个作业的 178 秒" in zh
    assert "在其上至少需要 496 秒（为 Local NVMe (single drive) 的 2.79×）" in zh
    # a shared side still rising at its top count bounds nothing beyond it: 8.00 GB/s at 4, twice its 4.00 at 2
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + sweep(8.0))
    assert f"what {C} gives there is unknown, as its sweep was still rising at 4 client nodes (8.00 GB/s)." in words(
        build(path)[0]
    )
    # without a node-local side, the cluster's nodes stay unknown for both
    toml.write_text(toml.read_text().replace(f'node_local = ["{B}"]\n', "", 1))
    assert "(every job saving at once) the test gives no figure" in words(build(path)[0])


def test_a_node_local_fit_the_jobs_save_lies_above_is_not_carried_past_the_sweep(folder):
    # scaling reading 18, X-1: FX100 local to each node, its fit exact (λ 0.1, σ 0, κ 0.125: C(2) = 0.2 / 1.25 =
    # 0.16, C(4) = 0.4 / 2.5 = 0.16, peak √8 = 2.83), its save on the job's 64 ÷ 8 = 8 nodes 65.6 GB in 94 s =
    # 0.698 GB/s against C(8) = 0.8 / 8 = 0.100: no aggregate at the projection's 8 nodes, no bound from it
    path = with_scaling(folder, f"{C},1,1,0.1\n{C},2,1,0.16\n{C},4,1,0.16\n", gpus=64, claim=False)
    toml = path / "test.toml"
    toml.write_text(toml.read_text().replace("[systems]\n", f'[systems]\nnode_local = ["{C}"]\n', 1))
    ctx, _m = build(path)
    text = words(ctx)
    assert (
        f"{C} is local to each node: its aggregate is all the bytes written over the slowest node's time, so a fitted "
        "peak is the slowest node's effect on that aggregate, not contention for a shared array. This test's saves on "
        "the job's 8 nodes moved 0.698 GB/s, above the fit's 0.100 GB/s there: the fit understates Mingxin FX100 at "
        "the job's size, so it is not carried beyond the 4 client nodes tested." in text
    ), text
    table = tables(ctx)[-1]
    assert table.rows[0][-1] == "not measured", table.rows
    note = table.note
    assert f"{C}: not measured beyond the 4 client nodes tested, and its fitted law is not carried there" in note
    assert "would take at least" not in note and "falling side" not in note
    with activate("zh-CN"):
        zh = words(build(path)[0])
    assert "高于拟合在该节点数下给出的 0.100 GB/s：拟合低估了Mingxin FX100在作业规模下的带宽" in zh, zh


def test_one_client_writes_alone_not_each_at_once(folder):
    """Zh reading 18, X minor 12: "1 个客户端同时写入时，每个为 8.92 GB/s". Where the job's nodes (32 GPUs, 4 nodes) are not
    among the counts swept, the sweep's client is read at one client: 20.0 GB/s writing alone; the job's save of
    data/'s 94.0 s writes far less a node, so the note is said."""
    rows = f"{B},1,1,3.0\n{B},2,1,5.6\n{B},8,1,14.0\n{C},1,1,20.0\n{C},2,1,38.0\n{C},8,1,120.0\n"
    path = with_scaling(folder, rows)
    ctx, _ = build(path)
    text = " ".join(texts(section(ctx, "scaling").blocks))
    assert "benchmark client writing as fast as it can: 20.0 GB/s writing alone. A node of this job's save" in text
    assert "each with 1 writing" not in text
    with activate("zh-CN"):
        ctx, _ = build(path)
    text = " ".join(texts(section(ctx, "scaling").blocks))
    assert "单个客户端写入时为 20.0 GB/s" in text and "1 个客户端同时写入时" not in text


def test_a_trough_is_said_as_one_and_the_summary_s_trend_names_its_two_counts(folder):
    # cold read 20, AB minor (a sweep of our own, 3 runs of mean ± 0.1 each): "the advantage grows over these counts"
    # (from the job's nodes on) beside "no steady trend" (over the whole sweep). Local NVMe 1, 2, 4, 8 GB/s at 1, 2, 4,
    # 8 client nodes, FX100 4, 6, 8, 24: ratios 4 ÷ 1 = 4.00×, 6 ÷ 2 = 3.00×, 8 ÷ 4 = 2.00×, 24 ÷ 8 = 3.00×: falling
    # to the job's 32 ÷ 8 = 4 nodes, rising after them
    rows = "".join(
        f"{name},{k},{run},{gbps}\n"
        for name, means in ((B, (1.0, 2.0, 4.0, 8.0)), (C, (4.0, 6.0, 8.0, 24.0)))
        for k, mean in zip((1, 2, 4, 8), means, strict=True)
        for run, gbps in enumerate((round(mean - 0.1, 2), mean, round(mean + 0.1, 2)), start=1)
    )
    ctx, _m = build(with_scaling(folder, rows, claim=False))
    text = words(ctx)
    assert "The ratio falls from 4.00× at 1 to 2.00× at 4 client nodes, then rises to 3.00× at 8." in text
    assert "no steady trend" not in text
    assert (
        "is 2.00× the baseline's at the job's 4 nodes and 3.00× at 8 client nodes, the most compared: the advantage "
        "grows between these two counts." in words(ctx, "summary")
    )
    with activate("zh-CN"):
        zh = words(build(with_scaling(folder, rows, claim=False))[0])
    assert "该比值由 1 个客户端节点时的 4.00× 降至 4 个时的 2.00×，此后升至 8 个时的 3.00×。" in zh
