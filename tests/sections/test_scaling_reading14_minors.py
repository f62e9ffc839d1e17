"""Scaling reading 14's minors (report MR-SF-2026-0057, joint test Z): a fit offered as a stand-in for runs (m1); "no
ratio at the job's nodes" on pages 1 and 2 without the bandwidth tests run there (m2); the bandwidth test's ratio
given alone where the sweep's figure for one side, the one the section uses, gives another (m3); "no run compared
them" after the tests on the job's nodes had (m4); the runs behind each sweep and its record kept out of the comparison
(m5); the fitted figures of the machine-readable file unsaid beside the page's means (m6); the cluster's nodes never
set apart from the test's machines (m8). Every figure is worked by hand from the rows each test writes: the default
data's bandwidth tests give 3.26 and 6.40 GB/s, its saves 178 and 94 s."""

from __future__ import annotations

from report.i18n import activate
from tests.sections.helpers import build, cover_text, section, texts
from tests.sections.test_scaling import B, C, with_scaling
from tests.sections.test_scaling_reading13 import AT_16, DISOWNED, MIXED, SHORT, _short_on_the_jobs_nodes


def _words(ctx, section_id: str) -> str:
    return " ".join(texts(section(ctx, section_id).blocks))


# SHORT on the job's 8 nodes (64 GPUs): the baseline swept at 1, 2, 4 and 8 client nodes (16.0 GB/s at 8), the
# candidate at 2 and 4 only. The bandwidth tests on those 8 nodes: 6.40 / 3.26 = 1.963×. The baseline's sweep mean
# at 8 (16.0 GB/s) is no test of the candidate's: no ratio mixes the two methods (scaling reading 15, M1: 4.64× beside
# 4.97×).
TESTED = "The bandwidth tests, on the job's 8 client nodes, give 1.96× (6.40 against 3.26 GB/s)."


def test_m2_pages_one_and_two_and_the_qa_give_the_bandwidth_tests_where_the_sweep_gives_no_ratio(folder):
    ctx, m = build(_short_on_the_jobs_nodes(folder))
    t = m.scaling.tested
    assert (t.clients, round(t.ratio, 3)) == (8, 1.963)
    summary = _words(ctx, "summary")
    assert TESTED in summary and summary.index("At the job's 8 nodes the sweep gives no ratio.") < summary.index(TESTED)
    assert "no ratio at the job's 8 nodes. There the bandwidth tests give 1.96×." in cover_text(ctx)
    assert "the sweep gives no ratio (see “Scaling with client nodes”). " + TESTED in _words(ctx, "qa")


def test_m2_no_bandwidth_sentence_where_the_sources_give_no_count_for_its_clients(folder):
    ctx, m = build(with_scaling(folder, SHORT, gpus=64))  # the data's bandwidth source names no client count
    assert m.scaling.tested is None
    assert "bandwidth tests" not in _words(ctx, "summary") and "There the bandwidth tests" not in cover_text(ctx)


def test_m3_the_section_gives_each_tests_own_ratio_against_the_claim_and_none_across_methods(folder):
    ctx, _ = build(_short_on_the_jobs_nodes(folder))
    text = _words(ctx, "scaling")
    assert (
        "The two tests run on the job's 8 nodes give 1.96× for the sustained-bandwidth test, within the claimed range, "
        "and 1.89× for the saves, within the claimed range." in text
    )
    assert "in place of its" not in text  # no ratio across two methods (scaling reading 15, M1)


def test_m4_beyond_the_sweeps_only_the_tests_on_the_jobs_nodes_compared_the_two(folder):
    ctx, _ = build(_short_on_the_jobs_nodes(folder))
    text = _words(ctx, "scaling")
    assert (
        "Beyond 4 client nodes, the most both systems were swept at, no sweep run compared them; only the tests above "
        "did, on the job's 8 nodes, so whether the claim holds at other counts beyond 4 client nodes stays open."
        in text
    )
    assert "no run compared them there" not in text
    # MIXED: both swept to 4 client nodes, the job's 32 GPUs are 4 nodes: no test ran beyond the sweeps
    ctx, _ = build(with_scaling(folder, MIXED))
    assert "stays open: no run compared them there." in _words(ctx, "scaling")


def test_m1_the_next_steps_ask_for_runs_not_a_fit_and_only_of_the_side_that_stopped_short(folder):
    ctx, _ = build(_short_on_the_jobs_nodes(folder))
    steps = _words(ctx, "gates")
    assert (
        f"Run {C} with one client node too (its sweep starts at 2 client nodes): this report fits the law only with "
        "the one-client mean as λ, and a fit describes how a system scales over the counts run; it does not stand in "
        "for runs at counts not run." in steps
    )
    # the baseline reached the job's 8 nodes, the candidate 4: the counts the candidate lacks, the job's among them,
    # are asked of it alone, not "both systems"
    assert (
        f"Run the client sweep with {C} at 1 and 8 client nodes, so that it compares the two systems by their means at "
        "every count" in steps
    )
    assert "Sweep both systems to the job's" not in steps and "compared only at the client counts" not in steps
    # both swept to 4 client nodes, the job's 64 GPUs 8 nodes: both asked, and no fit offered in their place
    ctx, _ = build(with_scaling(folder, MIXED, gpus=64))
    assert (
        "Sweep both systems to the job's 8 nodes or beyond, with the same benchmark settings, recorded: without runs "
        "there the sweep gives no ratio at the job's size, and a fit does not stand in for them."
        in _words(ctx, "gates")
    )


SWEEP_RECORD = '\n[environment]\n"client sweep" = "Mingxin FX100 swept while half the nodes ran production jobs"\n'


def test_m5_the_runs_behind_each_sweep_and_its_record_are_said_where_the_ratios_are(folder):
    ctx, _ = build(with_scaling(folder, SHORT, gpus=64, toml=SWEEP_RECORD))
    (claim,) = [t for t in texts(section(ctx, "scaling").blocks) if t.startswith("The claim under test")]
    # one run a count on either side, under the tool's default of 3 runs per system
    assert (
        f"{C}'s sweep has 1 run at each count, {B}'s 1 run at each count, fewer than the 3 runs per system the saves "
        "require (a reference value, not agreed with the customer): no gate holds the sweep to a rule, so its means stand on fewer runs than the "
        "save times." in claim
    )
    assert (
        "What differs between the two sweeps' conditions bears on every ratio above; the test environment records of "
        "them: “client sweep: Mingxin FX100 swept while half the nodes ran production jobs”." in claim
    )


def test_m5_only_a_side_with_fewer_runs_than_agreed_is_named_and_none_where_both_have_enough(folder):
    # three runs a count on the baseline (1, 2 and 4 client nodes), two on the candidate; 4 agreed for this test
    rows = "".join(f"{B},{k},{r},{2.0 * k}\n" for k in (1, 2, 4) for r in (1, 2, 3))
    rows += "".join(f"{C},{k},{r},{3.0 * k}\n" for k in (1, 2, 4) for r in (1, 2))
    ctx, _ = build(with_scaling(folder, rows, toml="\n[gates]\nmin_runs = 3\n"))
    claim = _words(ctx, "scaling")
    assert (
        f"{C}'s sweep has 2 runs at each count, {B}'s 3 runs at each count; {C}'s are fewer than the 3 runs per "
        "system the saves require (agreed for this test): no gate holds the sweep to a rule, so those means stand on "
        "fewer runs than the save times." in claim
    )
    rows = rows.replace(f"{C},4,2,12.0\n", f"{C},4,2,12.0\n{C},4,3,12.0\n{C},1,3,3.0\n{C},2,3,6.0\n")
    ctx, _ = build(with_scaling(folder, rows, toml="\n[gates]\nmin_runs = 3\n"))
    assert "runs per system" not in _words(ctx, "scaling") and "test environment records" not in _words(ctx, "scaling")


def _projections_note(ctx) -> str:
    return next(b for b in section(ctx, "scaling").blocks if getattr(b, "id", None) == "scaling-projections").note


def test_m6_the_machine_readable_fit_is_said_beside_a_mean_and_withheld_where_the_law_is_disowned(folder):
    # DISOWNED: the baseline's λ = 2.0, σ = −0.07881, κ = 0.012395 (test_scaling_reading13); C_B(8) = 16 / (1 − 7 ×
    # 0.07881 + 56 × 0.012395) = 16 / 1.14240 = 14.006 (its runs' mean there 14.0, the same to three figures: unsaid);
    # C_B(4) = 8 / (1 − 3 × 0.07881 + 12 × 0.012395) = 8 / 0.91230 = 8.769 at the job's 4 nodes, where its mean is
    # 8.80; at 16 nodes the file has C_B(16) = 11.46, the page no figure. The candidate's λ = 6.0, σ = 0.23436,
    # κ = 0.021518: C_C(8) = 48 / 3.8455 = 12.48 beside its mean of 12.5 (the same: unsaid), C_C(4) = 24 / 1.9613 =
    # 12.24 beside 12.0 at the job's 4 nodes.
    ctx, m = build(with_scaling(folder, DISOWNED, toml=AT_16))
    assert round(m.scaling.at_job.baseline, 3) == 8.769 and round(m.scaling.at_job.candidate, 2) == 12.24
    colophon = _words(ctx, "colophon")
    assert (
        f"metrics.json keeps {B}'s fitted law where its format asks for it: 8.77 GB/s at the job's 4 nodes; where the "
        "scaling section gives its runs' mean instead, these are the fit's values, not a run's. metrics.json also "
        f"keeps {B}'s fitted law at 16 nodes, where the scaling section gives no figure: its law's parameters cannot "
        "be used to extrapolate, so those values are no forecast." in colophon
    )
    assert f"keeps {C}'s fitted law where its format asks for it: 12.2 GB/s at the job's 4 nodes;" in colophon
    assert "11.5" not in colophon and "14.0 GB/s at 8 nodes" not in colophon
    # the customer pages name no file of the tool (cold read 17, V): the scaling section says none of it
    assert "metrics.json" not in _words(ctx, "scaling") and "machines to read" not in _words(ctx, "scaling")


def test_m8_the_clusters_nodes_are_counted_from_the_cluster_size_not_the_tests_machines(folder):
    # MIXED on 32 GPUs: 1,000 // 32 = 31 jobs of 4 nodes, 124 client nodes, beyond the 4 either system was run at
    path = with_scaling(folder, MIXED)
    ctx, m = build(path)
    assert (m.scaling.cluster_nodes, m.cluster.jobs) == (124, 31)
    said = (
        "The cluster's 124 nodes are those of its 31 jobs of 4 nodes each, in a cluster of 1,000 GPUs, the size agreed for "
        "this test, not the machines this test ran on."
    )
    assert said in _words(ctx, "scaling") and said not in _words(ctx, "summary")  # said once (V minor 12)
    toml = (path / "test.toml").read_text().replace("cluster_gpus              = 1000\n", "")
    (path / "test.toml").write_text(toml)
    ctx, _ = build(path)  # the default cluster is 1,000 GPUs too
    assert (
        "in a cluster of 1,000 GPUs (a reference size, not agreed with the customer), not the machines this test ran on."
        in _words(ctx, "scaling")
    )


def test_the_new_sentences_are_translated(folder):
    path = _short_on_the_jobs_nodes(folder)
    with activate("zh-CN"):
        ctx, _ = build(path)
        text = _words(ctx, "summary") + _words(ctx, "scaling") + cover_text(ctx)
    assert "Sweep" not in text and "bandwidth tests" not in text and "sweep mean" not in text


def test_m4_a_range_the_sweep_left_uncompared_names_the_tests_on_the_jobs_nodes_within_it(folder):
    # the baseline swept at 1, 2, 4, 8 and 16 client nodes, the candidate at 2 and 4: the sweep compares the two up to
    # 4; from 5 to 16 only the baseline was swept, and the job's 64 GPUs (8 nodes), where both saved, lie in that range
    ctx, _ = build(with_scaling(folder, SHORT + f"{B},16,1,30.0\n", gpus=64))
    said = (
        f"From 5 to 16 client nodes {C} was not swept, so the sweep does not compare the two systems there; only the "
        "tests on the job's 8 nodes did, at that one count."
    )
    assert said in _words(ctx, "scaling") and said not in _words(ctx, "summary")  # said once (V minor 12)
    assert "was not run, so the two systems are not compared there" not in _words(ctx, "scaling")
    assert (
        f"Not compared by the sweep: from 5 to 16 client nodes ({C} not swept; tested at the job's 8 nodes only) and "
        "beyond 16 client nodes (neither system run)." in cover_text(ctx)
    )


def test_m4_beyond_every_count_swept_the_jobs_own_tests_are_not_said_unrun(folder):
    # MIXED: both swept to 4 client nodes; the job's 64 GPUs are 8 nodes, where both saved; the cluster's 1,000 // 64
    # = 15 jobs of 8 nodes, 120 client nodes, lies beyond too
    ctx, _ = build(with_scaling(folder, MIXED, gpus=64))
    said = (
        "Beyond 4 client nodes neither system was swept; only the tests on the job's 8 nodes ran there. At the "
        "cluster's 120 nodes (every job saving at once) the test gives no figure, and what either system gives there "
        "is unknown."
    )
    assert said in _words(ctx, "scaling") and said not in _words(ctx, "summary")  # said once (V minor 12)
    assert "neither system was run: at the job's 8 nodes" not in _words(ctx, "scaling")
    assert (
        "Not compared by the sweep: beyond 4 client nodes (neither system swept; tested at the job's 8 nodes only)."
        in cover_text(ctx)
    )
