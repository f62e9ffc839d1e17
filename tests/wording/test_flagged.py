"""Figures drawn from a save row the consistency audit flags say so wherever they are quoted (cold read 8b, H-4/H-5,
zh H-M2): local SSD's one-node row of the node_local_retune fixture wrote 7.40× the node's logged bandwidth."""

from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts

FLAG = "impossible for a durable save"


def test_a_flagged_row_is_said_flagged_wherever_it_is_quoted():
    ctx, m = build(FIXTURES / "node_local_retune")
    [other] = m.other_saves
    assert (other.model, other.gpus, round(other.ratio, 3)) == ("Qwen 14B on one node", 8, 0.975)
    # the summary: the same checkpoint on 8 GPUs, its ratio not to be relied upon
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "also hold the same checkpoint timed on 8 GPUs, “Qwen 14B on one node”" in summary
    assert (
        "The consistency audit flags local SSD's saves of it as faster than the bandwidth logged, impossible for a "
        "durable save: its ratio is not to be relied upon until that is explained." in summary
    )
    # the Q&A: no "other model sizes", and the flag beside the ratio
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "other model sizes" not in qa
    assert (
        "of the other configurations timed, the same 196 GB checkpoint on 8 GPUs (“Qwen 14B on one node”) at 0.975× fall "
        "below the 1.5× target, but the consistency audit flags local SSD's saves of “Qwen 14B on one node” as faster "
        "than the bandwidth logged, impossible for a durable save: not to be relied upon until that is explained."
    ) in qa
    # page 1's speed tile: which configuration it covers
    tile = next(k for k in ctx.cover.tiles if k.id == "speedup")
    assert tile.note == (
        "38.1 s → 16.0 s per save; this job's 64 GPUs on 8 nodes only; 1.03× slower on 8 GPUs, a row the audit flags"
    )
    # local SSD's projection is fitted over that row; HX-8's row is not flagged
    projections = texts(section(ctx, "projections").blocks)
    ssd = next(t for t in projections if t.startswith("Local SATA SSD (per node) is local to each node"))
    assert "Its projection takes the rows of “Qwen 14B on one node”" in ssd and FLAG in ssd
    hx8 = next(t for t in projections if t.startswith("Halden HX-8 shared flash: the save times give"))
    assert FLAG not in hx8
    # the scaling section's table of the projections' save times, local SSD's among them
    table = next(b for b in section(ctx, "scaling").blocks if getattr(b, "id", "") == "scaling-projections")
    assert (
        "local SSD's save times are fitted over the rows of “Qwen 14B on one node”, which the consistency audit flags "
        "as impossible for a durable save" in table.note
    )


def test_without_a_flagged_row_nothing_is_added():
    ctx, m = build(FIXTURES / "outlier_scrub")
    assert not m.other_saves
    # no projections asked and no other workload: the section is left out (a formal deliverable holds no empty
    # section, Chinese reading 12, W-m5), and no section carries the flag
    assert "projections" not in [s.id for s in ctx.sections]
    assert FLAG not in " ".join(t for s in ctx.sections for t in texts(s.blocks))
    tile = next(k for k in ctx.cover.tiles if k.id == "speedup")
    assert "job on" not in tile.note and "audit flags" not in tile.note
