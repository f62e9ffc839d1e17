"""Saves faster than the logged bandwidth, said of the side it holds for (cold read 10, Q-M3; zh reading 10, Q-B1)."""

from report.wording.outrun import recorded_clients
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts

# tests/fixtures/outrun_one, worked by hand: Old PFS saves 900 GB in 200 s on average = 4.50 GB/s against its four
# bandwidth runs' 4.40, 4.50, 4.35 and 4.55 GB/s (mean 4.45, sd 0.0913, CV 2.05%): 4.50 / 4.45 = 1.0112×, within
# 1 + 2 × 2.05%. Flash Y saves 900 GB in 60.0 s = 15.0 GB/s against 20.0 GB/s: 75.0%. The cluster's 2,048 GPUs hold 16
# jobs of 128 GPUs (16 nodes of 8, as many as the bandwidth runs' 16 recorded nodes); each saves every 60 × 3 s of
# compute + 60 s = 240 s: 16 × 900 / 240 = 60.0 GB/s on average, 3.00× Flash Y's 20.0; 16 × 15.0 = 240 GB/s at once.
WARNING = (
    "The saves on Old PFS run faster than the bandwidth this test logged for them (1.01× of it, within the spread of "
    "the bandwidth runs; see “Consistency audit”): the saves may not have been durable when timed, the checkpoint size "
    "may be overstated, or the log may be of another system. No figure set against that bandwidth holds until this is "
    "resolved. The saves on Flash Y reach 75.0% of the bandwidth logged for it: this does not apply to it, and the "
    "figures set against its bandwidth stand."
)


def test_the_warning_names_the_side_it_holds_for_and_leaves_the_others_figures_standing():
    ctx, m = build(FIXTURES / "outrun_one")
    assert round(m.audit.baseline.effective_share_pct, 2) == 101.12 and m.audit.candidate.effective_share_pct == 75.0
    summary = texts(section(ctx, "summary").blocks)
    assert WARNING in summary
    audit = texts(section(ctx, "audit").blocks)
    assert not any("fewer clients" in t for t in summary + audit)
    # at the bandwidth, within its runs' spread, is no save beyond it: each side read by its own share (4.50 / 4.45)
    assert (
        "On Old PFS, the saves run close to the sustained bandwidth (101.1% of it), which is consistent with a "
        "bandwidth-bound save; on Flash Y, they reach only 75.0% of it, so most of their time goes elsewhere."
        in audit[-1]
    )
    assert not any("cannot be bound by it" in t for t in audit)
    # the candidate's cluster figures are set against its bandwidth, and said to be out of reach at it
    assert m.cluster.jobs == 16 and round(m.cluster.candidate.mean_write_gbps, 6) == 60.0
    assert (
        "Their saves would need 60.0 GB/s on average and 240 GB/s all at once on Flash Y, 3.00× this test's bandwidth "
        "on average: at the bandwidth this test showed, the GPU-equivalents above are not attainable (see “Training "
        "bubble analysis”)." in summary
    )
    assert not any("cannot tell" in t or "kept pace" in t for t in summary)
    steps = [p.text for b in section(ctx, "gates").blocks if hasattr(b, "items") for p in b.items]
    assert (
        "Reconcile the bandwidth log of Old PFS with its saves, which run faster than it: the record gives the "
        "bandwidth run as many client nodes as the saves, so check that the saves were durable when timed and that "
        "the checkpoint size is right." in steps
    )
    tile = next(t for t in ctx.cover.tiles if t.id == "capacity")
    assert tile.value != "Unchecked" and "beyond this test's bandwidth (it needs 3.00×)" in tile.note


def test_fewer_clients_is_offered_only_where_the_record_does_not_rule_it_out(folder):
    data = folder("outrun_one")
    toml = data / "test.toml"
    toml.write_text(toml.read_text().replace("8 jobs on each of 16 nodes", "8 jobs on each of 4 nodes"))
    ctx, _m = build(data)  # 4 recorded nodes against the job's 16: a cause the record allows
    warning = next(t for t in texts(section(ctx, "summary").blocks) if t.startswith("The saves on Old PFS"))
    assert (
        "; see “Consistency audit”): the bandwidth run may have driven the system with fewer clients than the saves, "
        "the saves may not have been durable when timed" in warning
    )


def test_recorded_clients_reads_the_fewest_machines_named():
    assert recorded_clients("fio 3.36 sequential write, 8 jobs on each of 16 nodes, 4 MiB blocks") == 16
    assert recorded_clients("fio 3.36 顺序写，16 个节点各 8 个作业，4 MiB 块") == 16
    assert recorded_clients("node NVMe on one node (4 jobs); AF-3 from 12 client nodes (8 jobs each)") == 12
    assert recorded_clients("AF-3 由 12 个客户端节点同时写；对照 2 台主机") == 2
    assert recorded_clients("fio sequential write, 4 runs per system") is None
