"""The scaling section: every sentence from the figures on its page, in both languages; without scaling.csv it says
what to measure, and the command is in Appendix B, never on a customer page."""

from __future__ import annotations

import re

import pytest

from report.document.blocks import Table
from report.i18n import activate
from tests.conftest import DATA, ROOT
from tests.sections.helpers import build, section, texts

EXAMPLE = ROOT / "examples" / "scaling-cluster"
C, B = "Mingxin FX100", "Local NVMe (single drive)"


def words(ctx, section_id="scaling") -> str:
    return " ".join(texts(section(ctx, section_id).blocks))


def tables(ctx, section_id="scaling") -> list[Table]:
    return [b for b in section(ctx, section_id).blocks if isinstance(b, Table)]


def with_scaling(folder, rows: str, gpus: int = 32, toml: str = ""):
    path = folder("data")
    (path / "save_times.csv").write_text((path / "save_times.csv").read_text().replace(",8,", f",{gpus},"))
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    (path / "test.toml").write_text((path / "test.toml").read_text() + toml)
    return path


def test_the_example_answers_the_claim_at_the_job_size():
    ctx, m = build(EXAMPLE)
    text = words(ctx)
    s = m.scaling
    # the fit's figures as the page prints them, each from metrics
    assert "λ = 6.38 GB/s (the mean with one client node), contention σ = 0.0195 and coherency κ = 0.00424" in text
    assert "The fitted aggregate peaks at 15.2 client nodes, beyond the 8 tested: an extrapolation of the fit." in text
    # the claim: C(4) against the node-local baseline's one-node bandwidth × 4 nodes, and their ratio
    assert round(s.at_job.candidate, 1) == 23.0 and round(s.at_job.baseline, 1) == 12.8
    assert f"{s.at_job.ratio:.2f}" == "1.80"
    assert (
        "At this training job's 4 nodes, Mingxin FX100 gives 23.0 GB/s in aggregate against 12.8 GB/s on Local NVMe"
        " RAID-0 (per node): 1.80× the baseline's, within that range." in text
    )
    assert "The job's nodes lie within the 8 client nodes tested." in text
    assert "is local to each node: its figure is the bandwidth of one node times the job's nodes" in text
    # the cluster: 1,000 // 32 = 31 jobs of 4 nodes = 124 client nodes, far beyond the 8 tested
    assert s.cluster_nodes == 124
    assert f"Its fitted aggregate at those jobs' 124 client nodes is {s.at_cluster.candidate:.3g} GB/s" in text
    assert "enough on average, not when every job saves at once" in text
    assert "Those 124 client nodes lie beyond the 8 tested: an extrapolation of the fit." in text
    # the baseline's projected time is the shorter, its aggregate the smaller: said, with why
    assert "“70B on 64 GPUs”: at its 8 nodes Mingxin FX100 has the larger aggregate but the longer projected" in (
        projections_note := tables(ctx)[1].note
    )
    assert "Mingxin FX100 is shared storage: its save time keeps the bandwidth of this test's client nodes." in (
        projections_note
    )
    # the projection at its 64 GPUs, 8 nodes: each side's aggregate beside its save time
    (points, projections) = tables(ctx)
    assert [row[0] for row in points.rows] == ["1", "2", "4", "8"]
    assert points.rows[0][1] == "6.38 (6.31–6.44)"
    (row,) = projections.rows
    p = m.projections[0]
    assert row[:2] == ("70B on 64 GPUs", "8") and row[3] == f"{p.scaled_gbps.baseline:.3g}"
    assert row[5] == f"{p.scaled_gbps.candidate:.3g}"


def test_the_section_names_no_file_key_or_command_of_the_tool():
    for path in (EXAMPLE, DATA):
        for language in ("en", "zh-CN"):
            with activate(language):
                ctx, _ = build(path)
                text = words(ctx) + " ".join(" ".join(t.caption + t.note for t in tables(ctx)))
            assert not re.search(r"scaling\.csv|test\.toml|metrics\.json|python -m|--\w|\[\w+\]", text), text


def test_without_scaling_csv_it_says_what_to_measure_and_the_appendix_gives_the_command():
    ctx, m = build(DATA)
    assert m.scaling is None
    text = words(ctx)
    assert text.startswith("This test did not measure how the aggregate write bandwidth changes")
    assert "(Appendix B gives the command)" in text
    appendix = words(ctx, "formulas")
    assert f"python -m report measure <joint-test folder> --system '{C}' --path <folder on the storage>" in appendix
    assert "--snapshot-gb 65.6 --runs 3 --clients-sweep" in appendix
    assert "Universal Scalability Law" not in appendix  # no formula of a figure the report does not print


def test_a_fit_with_a_negative_sigma_says_the_law_does_not_describe_the_points(folder):
    # the baseline of tests/compute/test_scaling.py: σ = −0.4, κ = 0.1; the candidate's: σ = 1783.2/8856
    rows = f"{B},1,1,1.0\n{B},2,1,2.5\n{B},4,1,4.0\n{C},1,1,2.0\n{C},2,1,3.0\n{C},2,2,3.4\n{C},4,1,5.0\n{C},8,1,6.4\n"
    ctx, _ = build(with_scaling(folder, rows))
    text = words(ctx)
    assert "contention σ = −0.400 and coherency κ = 0.100" in text
    assert "A negative σ has no meaning in the law" in text
    assert "so the law does not describe these points" in text
    assert f"{B}'s fit does not describe its points (above), so this ratio is not a forecast." in text
    # C(4) = 4.0 on the baseline, 70,848 / 14,371.2 on the candidate
    assert f"against 4.00 GB/s on {B}: 1.23× the baseline's, below that range" in text


def test_no_one_client_point_and_a_null_capacity_are_said_in_words(folder):
    rows = f"{C},2,1,3.0\n{C},4,1,5.0\n{C},8,1,6.4\n"
    ctx, _ = build(with_scaling(folder, rows))
    text = words(ctx)
    assert f"{C}: no run with a single client node, so the Universal Scalability Law is not fitted" in text
    assert f"{B} was not measured with several client nodes" in text
    assert "This test cannot answer it at the job's size" in text
    # σ = 0.3, κ = −0.02 (tests/compute/test_scaling.py): at 20 nodes the denominator is −0.9
    rows = f"{C},1,1,1.0\n{C},2,1,{2 / 1.26!r}\n{C},4,1,{4 / 1.66!r}\n{C},8,1,{8 / 1.98!r}\n"
    ctx, _ = build(with_scaling(folder, rows, gpus=160))
    text = words(ctx)
    assert "A negative κ has no meaning in the law" in text
    assert f"{C}'s fitted law gives no bandwidth at 20 nodes (its denominator is not above zero)" in text


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
