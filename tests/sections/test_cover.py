"""The cover: the verdict first, the tiles marked by the gates they depend on."""

from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section, texts
from tests.sections.test_words import FIO_EXAMPLE


def test_failed_gates_lead_page_one_and_mark_the_tiles():
    ctx, _m = build(FIXTURES / "gates_fail")
    cover = ctx.cover
    assert cover.verdict_status == "not_demonstrated" and cover.verdict_label == "Benefit not demonstrated"
    assert cover.verdict_reason.startswith("G1 fails (baseline established: 3 runs, spread (CV) 15.7% above")
    assert (
        "G3 fails (save-time target met: 95% interval 0.774× to 1.56× lies below 2×; computed from save runs that "
        "fail G1)" in cover.verdict_reason
    )
    assert (
        "G4 fails (training-time benefit: training time 2.00% shorter; target 2.5% shorter; computed from save runs "
        "that fail G1)" in cover.verdict_reason
    )
    marks = {k.id: k.mark for k in cover.tiles}
    assert marks == {
        "speedup": "G1 and G3 failed",
        "ettr": "G1 failed",
        "bubble": "G1 and G4 failed",
        "training": "G1 and G4 failed",
        "capacity": "G1 and G4 failed",
        "loading": "",
    }
    first = section(ctx, "summary").blocks[0]
    assert first.style == "verdict-not_demonstrated" and first.text.startswith("Benefit not demonstrated. G1, G3 and")
    steps = texts(section(ctx, "gates").blocks)
    assert any(t.startswith("G1: the saves on Base spread by 15.7% (CV), above the 5% limit") for t in steps)
    assert "G3: the whole 95% interval (0.774× to 1.56×) lies below the 2× target" in " ".join(steps)
    assert any(t.startswith("G4: the training run ends 2.00% sooner, short of the 2.5% target") for t in steps)


def test_the_speedup_tile_says_when_its_interval_includes_no_difference():
    ctx, m = build(FIXTURES / "gates_fail")
    low, high = m.save.speedup_ci95
    assert low < 1 < high
    tile = next(t for t in ctx.cover.tiles if t.id == "speedup")
    assert (
        tile.note == "110 s → 100 s per save; its 95% interval, 0.774× to 1.56×, includes 1×: no difference shown yet"
    )
    ctx, _ = build(FIXTURES / "repeated")  # 1.63× to 2.46×: nothing added
    assert next(t for t in ctx.cover.tiles if t.id == "speedup").note == "110 s → 55 s per save"


def test_the_capacity_tile_carries_the_mark_of_the_bandwidth_its_note_states():
    # data/: the GPU-equivalents tile's note states the cluster's demand against the illustrative 6.40 GB/s: marked
    # illustrative besides the undecided G1 and G2; the speedup tile (save times alone, supplied) only the gates.
    ctx, m = build(DATA)
    assert "bandwidth" in m.inputs_illustrative and "save_times" not in m.inputs_illustrative
    tiles = {k.id: k for k in ctx.cover.tiles}
    assert "6.40 GB/s" in tiles["capacity"].note
    assert (tiles["capacity"].mark, tiles["capacity"].mark_kind) == (
        "G1 and G2 undecided; illustrative input",
        "insufficient",
    )
    assert tiles["speedup"].mark == "G1, G2 and G3 undecided"


def test_the_load_tile_of_a_system_that_loads_from_memory_says_so_and_is_marked():
    # examples/fio-local: tmpfs loads 2.76× faster than the local disk, reading memory.
    ctx, _m = build(FIO_EXAMPLE)
    tile = next(k for k in ctx.cover.tiles if k.id == "loading")
    assert tile.value == "2.76×"
    assert tile.note == "than Local disk (ext4 on virtio), 1 model/platform pair; the loads read memory, not storage"
    assert (tile.mark, tile.mark_kind) == ("Not durable", "illustrative")
    # gates_fail: durable systems, measured loads: no word of memory and no mark.
    ctx, _m = build(FIXTURES / "gates_fail")
    tile = next(k for k in ctx.cover.tiles if k.id == "loading")
    assert tile.note == "than Base NFS, 1 model/platform pair" and tile.mark == ""
