"""Projections that must not contradict what was timed, nor count a basis the system did not show (cold read 10,
P-M6: Yi 34B's 481.5 GB timed at 15.8 s on AF-3 and projected at 17.8 s; AF-3 "about 7.42 s" on node NVMe's basis,
65 GB/s from an array that showed 35.2 GB/s, then "on either basis the order is the same")."""

from report.compute.findings import decide
from report.document.blocks import Table
from report.inputs.joint_test import read_joint_test
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section


def _notes(ctx, section_id: str) -> str:
    return " ".join(b.note for b in section(ctx, section_id).blocks if isinstance(b, Table) and b.note)


def test_a_basis_beyond_the_shared_sides_bandwidth_is_not_built_in_words():
    # node_local_fit by hand, the node-local projection's rule (settled point 5) over Array X's rows at the training
    # job's 16 GPUs (2 nodes): 400 GB on 16 GPUs is a 200 GB part a node, 41.0 s on average, 200 ÷ 41 = 4.88 GB/s a
    # node; on Old NAS's basis each of the 8 nodes writes 120 GB: 41 × 120 ÷ 200 = 24.6 s, so 960 GB in 24.6 s is
    # 39.0 GB/s, 5.57× the 7.00 GB/s Array X showed: not attainable, so it turns no order (cold read 10, P-M6) and,
    # built only to be discarded, is not printed (cold read 14c, Q-m7: "so that basis does not count")
    ctx, m = build(FIXTURES / "node_local_fit")
    assert round(m.bandwidth.candidate_gbps, 2) == 7.0
    found = _basis(FIXTURES / "node_local_fit", m)
    assert round(found["shared_on_local_basis_s"], 1) == 24.6 and not found["order_open"]
    note = _notes(ctx, "scaling")
    assert "On Old NAS's basis" not in note and "basis does not count" not in note
    assert "On either basis" not in note


def _basis(path, m):
    """The finding projection_basis of the folder's one projection."""
    return next(f for f in decide(read_joint_test(path), m).each("projection_basis"))


def test_the_shared_sides_time_on_the_node_basis_rests_on_its_rows_at_the_jobs_nodes(folder):
    # a second size on Array X at the training job's 16 GPUs: parts 200 GB (41.0 s) and 100 GB (21.0 s, three runs
    # each), a line over the parts of 0.200 s/GB + 1.00 s; at 120 GB: 25.0 s, 120 ÷ 25 = 4.80 GB/s a node. The 7B
    # rows on 8 GPUs (one node, 40 GB in 5.0 s: 8 GB/s a node) take no part: a shared system's rate per node is
    # another at another node count.
    data = folder("node_local_fit")
    saves = data / "save_times.csv"
    saves.write_text(
        saves.read_text() + "".join(f"Array X,13B,16,200,{r},{t}\n" for r, t in ((1, 20), (2, 21), (3, 22)))
    )
    saves.write_text(saves.read_text() + "".join(f"Old NAS,13B,16,200,{r},36\n" for r in (1, 2, 3)))
    _ctx, m = build(data)
    # 960 GB in 25.0 s is 38.4 GB/s against 7.00: not attainable, so the words leave it out (cold read 14c, Q-m7)
    assert round(_basis(data, m)["shared_on_local_basis_s"], 2) == 25.0


def test_a_size_timed_on_a_shared_system_keeps_its_timed_time(folder):
    # a third size for both: Array X's points (40, 5.0), (100, 20.0), (400, 41.0), three runs each: mean x 180, mean
    # y 22; Sxx = 140² + 80² + 220² = 74,400, Sxy = 140 × 17 + 80 × 2 + 220 × 19 = 6,720: b = 0.090323 s/GB,
    # a = 22 − 16.258 = 5.742 s; at 400 GB, 41.87 s against the 41.0 s timed on 16 GPUs
    data = folder("node_local_fit")
    saves = data / "save_times.csv"
    rows = "".join(f"Old NAS,13B,8,100,{r},25\nArray X,13B,8,100,{r},20\n" for r in (1, 2, 3))
    saves.write_text(saves.read_text() + rows)
    toml = data / "test.toml"
    toml.write_text(
        toml.read_text().replace(
            "[sources]",
            '[[projections]]\nname        = "32B on 64 GPUs"\nsnapshot_gb = 400\ngpus        = 64\n\n[sources]',
        )
    )
    ctx, m = build(data)
    p = next(p for p in m.projections if p.name == "32B on 64 GPUs")
    assert round(p.candidate_s, 2) == 41.87
    words = repr(section(ctx, "projections"))
    assert (
        "Array X is shared storage, whose projected time does not change with the GPUs: its saves at this size, on "
        "16 GPUs, took 41.0 s on average, and that figure holds, not the 41.9 s its line gives (the line is fitted "
        "across sizes saved on different GPU counts)." in words
    )
