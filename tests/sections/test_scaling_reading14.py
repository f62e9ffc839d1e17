"""Scaling reading 14 (report MR-SF-2026-0057, joint test Z): the projections stated as fact, at node counts beyond the
sweeps, what the scaling section calls unknown, with a caveat that ran one way only (M1); the bandwidth test at a
client count beyond a side's sweep was never set beside the sweep per client node (M2). Every figure below is worked by
hand from the rows each test writes (the default data: bandwidth 3.26 and 6.40 GB/s, saves of 65.6 GB)."""

from __future__ import annotations

from report.compute.scaling import Job, beyond_sweep, side_of
from tests.sections.helpers import build, section, texts
from tests.sections.test_scaling import B, C, with_scaling
from tests.sections.test_scaling_reading13 import FALLS, SHORT

AT_16 = '\n[[projections]]\nname = "70B on 128 GPUs"\nsnapshot_gb = 140\ngpus = 128\n'


def _basis(ctx, name: str) -> str:
    return next(t for t in texts(section(ctx, "projections").blocks) if t.startswith(f"At “{name}”"))


def _note(ctx) -> str:
    return next(b for b in section(ctx, "scaling").blocks if getattr(b, "id", None) == "scaling-projections").note


def test_m1_a_projection_beyond_a_sweep_is_worded_as_an_assumption_and_its_caveat_runs_both_ways(folder):
    # the job's 32 GPUs are 4 nodes; "70B on 64 GPUs" is 8 nodes: within the baseline's sweep (1–8), beyond the
    # candidate's (2–4)
    ctx, _ = build(with_scaling(folder, SHORT))
    assert _basis(ctx, "70B on 64 GPUs").startswith(
        "At “70B on 64 GPUs” (64 GPUs, 8 nodes), assumed, not measured: both systems write the whole 140 GB at the "
        f"rate of this test's saves from 4 client nodes; {C} was not run with 8 client nodes writing."
    )
    note = _note(ctx)
    assert (
        f"{C} is shared storage: its save time is fitted over the whole checkpoint, at the rate of this test's saves "
        f"from 4 client nodes. At 8 nodes that rate is assumed, not measured: {C} was not run with that many client "
        "nodes writing. More or fewer nodes writing than in this test's saves may lengthen or shorten its saves."
        in note
    )
    # the baseline was run at 8 client nodes: its basis as before
    assert f"{B} is shared storage: its save time is fitted over the whole checkpoint, at the rate of this test's " in (
        note
    )
    assert f"At 8 nodes that rate is assumed, not measured: {B}" not in note
    assert "so more nodes writing do not shorten it" in note and note.count("so more nodes writing") == 1


def test_m1_the_caveat_is_one_sided_only_where_the_sweep_shows_the_direction(folder):
    # FALLS: both swept 1–8, the job's 4 nodes; 16 nodes lies beyond both. The baseline's aggregate fell from 0.440 at
    # 4 to 0.400 GB/s at 8 (its saves drew 84% of the first): longer saves, said as before; the candidate's rose
    # (3.0 to 5.0): no direction, so both ways
    ctx, _ = build(with_scaling(folder, FALLS, toml=AT_16))
    assert _basis(ctx, "70B on 128 GPUs").startswith(
        "At “70B on 128 GPUs” (128 GPUs, 16 nodes), assumed, not measured: both systems write the whole 140 GB at "
        f"the rate of this test's saves from 4 client nodes; {B} and {C} were not run with 16 client nodes writing."
    )
    note = _note(ctx)
    assert (
        f"At 16 nodes that rate is assumed, not measured: {B} was not run with that many client nodes writing. {C} is "
        "shared storage" in note
    )
    assert (
        f"At 16 nodes that rate is assumed, not measured: {C} was not run with that many client nodes writing. More or "
        "fewer nodes writing than in this test's saves may lengthen or shorten its saves." in note
    )
    assert "points to longer saves at more nodes than the times printed" in note
    assert "do not shorten it" not in note
    # 8 nodes lies within both sweeps: no assumption sentence for it
    assert not _basis(ctx, "70B on 64 GPUs").startswith("At “70B on 64 GPUs” (64 GPUs, 8 nodes), assumed")


# The candidate swept at 2 and 4 client nodes: 2.0 and 3.6 GB/s, 1.00 and 0.900 GB/s per node, 0.800 GB/s per node
# added from 2 to 4. Its bandwidth test on the job's 8 nodes: 6.40 GB/s, 0.800 per node (below 0.900), and the 4
# nodes added beyond the sweep brought (6.40 − 3.6) / 4 = 0.700 GB/s each.
BEYOND = f"{B},1,1,2.0\n{B},2,1,4.0\n{B},4,1,8.0\n{B},8,1,16.0\n{C},2,1,2.0\n{C},4,1,3.6\n"


def _on_job_nodes(path):
    toml = (path / "test.toml").read_text()
    start = toml.index("bandwidth  = ")
    end = toml.index("\n", start)
    (path / "test.toml").write_text(
        toml[:start] + 'bandwidth  = "fio, 8 jobs on each of the job\'s 8 nodes"' + toml[end:]
    )
    return path


def test_m2_the_bandwidth_test_beyond_the_sweep_is_compared_per_client_node(folder):
    ctx, m = build(_on_job_nodes(with_scaling(folder, BEYOND, gpus=64)))
    (found,) = m.scaling.beyond
    assert (found.side, found.clients, found.last.clients) == ("candidate", 8, 4)
    assert (round(found.per_node_gbps, 3), round(found.last_per_node_gbps, 3)) == (0.8, 0.9)
    assert (round(found.added_gbps, 3), tuple(round(v, 3) for v in found.earlier_added_gbps)) == (0.7, (0.8,))
    text = " ".join(texts(section(ctx, "scaling").blocks))
    assert (
        "Its sustained-bandwidth test, on the 8 client nodes the data sources record, gave 6.40 GB/s: 0.800 GB/s per "
        "client node, against 0.900 GB/s at 4 client nodes in the sweep, which suggests, across two tests, that the "
        "rate per client node falls beyond the sweep; the 4 client nodes added beyond it brought about 0.700 GB/s "
        "each, against 0.800 GB/s per client node added within it. These are two different tests by different runs "
        "(the sweep was not run at 8 client nodes), so the comparison indicates the trend; no one test logged that "
        "curve. If the trend holds, its aggregate flattens towards the 8 client nodes, and beyond them this test has "
        "no figure for it." in text
    )
    # the baseline's sweep reached the test's 8 nodes: compared at that count, as before, not per node
    assert "1.63 GB/s per client node" not in text


def test_m2_no_fall_is_said_where_the_rate_per_node_holds_beyond_the_sweep():
    # 2.0 and 3.2 GB/s at 2 and 4 client nodes (0.800 per node at 4); 8.0 GB/s on 8 nodes is 1.00 per node
    s = side_of([(2, 2.0), (4, 3.2)])
    job = Job(8, 64, 1024, (), {"baseline": 3.0, "candidate": 8.0})
    found = beyond_sweep("candidate", s, 8, job)
    assert found is not None and not found.falls
    assert (found.per_node_gbps, round(found.last_per_node_gbps, 3), round(found.added_gbps, 3)) == (1.0, 0.8, 1.2)
    # none within the sweep, none without a count, none for a side local to each node
    assert beyond_sweep("candidate", s, 4, job) is None and beyond_sweep("candidate", s, None, job) is None
    local = Job(8, 64, 1024, ("candidate",), {"baseline": 3.0, "candidate": 8.0})
    assert beyond_sweep("candidate", s, 8, local) is None


def test_m2_a_fitted_side_says_where_its_bandwidth_test_is_compared_not_that_it_is_not(folder):
    # the candidate at 1, 2 and 4 client nodes (a fit): 1.0, 1.9 and 3.6 GB/s, 0.900 per node at 4; 6.40 GB/s on the
    # job's 8 nodes is 0.800 per node, and the 4 nodes added brought (6.40 − 3.6) / 4 = 0.700 GB/s each
    rows = BEYOND.replace(f"{C},2,1,2.0\n", f"{C},1,1,1.0\n{C},2,1,1.9\n")
    ctx, m = build(_on_job_nodes(with_scaling(folder, rows, gpus=64)))
    assert m.scaling.candidate.usl is not None
    text = " ".join(texts(section(ctx, "scaling").blocks))
    assert "the 4 client nodes added beyond it brought about 0.700 GB/s each" in text
    assert (
        "The sustained-bandwidth test, on the 8 client nodes the data sources record, gives 6.40 GB/s, beyond the 4 "
        "client nodes the sweep reached; it is set beside the sweep per client node above" in text
    )
    assert "so the two are not compared" not in text


def test_m1_a_shared_baseline_beside_a_node_local_candidate_is_an_assumption_beyond_its_saves(folder):
    # the default data with the candidate local to each node: the job's 8 GPUs are 1 node, "70B on 64 GPUs" 8 nodes;
    # the baseline, shared and never swept, saved from 1 client node only. The candidate's part: 140 / 8 = 17.5 GB
    path = folder("data")
    toml = (path / "test.toml").read_text()
    toml = toml.replace('load_baseline = "NFS"\n', 'load_baseline = "NFS"\nnode_local    = ["Mingxin FX100"]\n')
    (path / "test.toml").write_text(toml)
    ctx, _ = build(path)
    assert _basis(ctx, "70B on 64 GPUs").startswith(
        f"At “70B on 64 GPUs” (64 GPUs, 8 nodes) {C} writes 17.5 GB on each node, in parallel; assumed, not measured: "
        f"{B} writes the whole 140 GB at the rate of this test's saves from 1 client node, and it was not run with 8 "
        "client nodes writing."
    )
