"""Projections: what they hold fixed, and sizes both systems measured."""

from report.document.blocks import Table
from tests.conftest import DATA, FIXTURES, without_projection_gpus
from tests.sections.helpers import build, section, texts


def test_projections_state_what_they_hold_fixed(folder):
    data = folder("data")
    (data / "test.toml").write_text(without_projection_gpus((data / "test.toml").read_text()))
    ctx, _ = build(data)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert "the projections keep this test's GPU count (8)" in text
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("snapshot_gb = 100", "snapshot_gb = 64")
    (data / "test.toml").write_text(toml)
    ctx, _ = build(data)
    assert "“100 GB” is a size both systems' save times give" in " ".join(texts(section(ctx, "projections").blocks))


def test_concurrent_saves_are_named_as_such_beside_the_projection(folder):
    data = folder("data")
    ctx, _ = build(data)
    assert not any("concurrent saves" in t for t in texts(section(ctx, "projections").blocks))
    with (data / "save_times.csv").open("a") as rows:
        rows.write("Local NVMe (single drive),32B LoRA × 2 at once,16,131.2,1,355\n")
        rows.write("Mingxin FX100,32B LoRA × 2 at once,16,131.2,1,150\n")
    ctx, _ = build(data)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert "“32B LoRA × 2 at once”: concurrent saves, several jobs each saving the whole checkpoint at once" in text
    # Without [[projections]] nothing is projected, so no fitted line is described (nor the rows it would take).
    toml = (data / "test.toml").read_text()
    start = toml.index("[[projections]]")
    end = toml.index("\n[", start + 1) if "\n[" in toml[start + 1 :] else len(toml)
    (data / "test.toml").write_text(toml[:start] + toml[end:])
    ctx, m = build(data)
    assert not m.projections
    assert texts(section(ctx, "projections").blocks) == [
        "No other checkpoint size was asked for in this test, so none is projected."
    ]


def test_a_row_is_labelled_by_what_was_projected_and_its_saves_and_total_explained(folder):
    """data without its projection's gpus: “70B on 64 GPUs” keeps the test's 8 GPUs, so the row reads 140 GB on 8 GPUs,
    the name in brackets (no file or key named); its 20 saves are the run's; gates_fail's 3 are agreed for the test.
    With gpus = 64 (data/ as shipped) the row is the name, and the section says what each side's time assumes."""
    data = folder("data")
    (data / "test.toml").write_text(without_projection_gpus((data / "test.toml").read_text()))
    ctx, _ = build(data)
    table = next(b for b in section(ctx, "projections").blocks if isinstance(b, Table))
    assert table.rows[0][0] == "140 GB on 8 GPUs (named “70B on 64 GPUs”)"
    assert table.note == (
        "Saves: this run's 20 saves (no other count was agreed for the projections). Saved in all: saved per "
        "save × saves, to three significant digits, the precision of a projection."
    )
    ctx, _ = build(DATA)
    assert next(b for b in section(ctx, "projections").blocks if isinstance(b, Table)).rows[0][0] == "70B on 64 GPUs"
    assert (
        "At “70B on 64 GPUs” (64 GPUs, 8 nodes) both systems write the whole 140 GB at the bandwidth of this test's "
        "clients. Local NVMe (single drive) is not declared local to each node; were it, each node would write 17.5 "
        "GB in parallel, about 47.5 s a save." in texts(section(ctx, "projections").blocks)
    )  # the white paper's own baseline, one local drive: 178 s × 17.5 ÷ 65.6 = 47.5 s per node in parallel
    ctx, _ = build(FIXTURES / "gates_fail")
    table = next(b for b in section(ctx, "projections").blocks if isinstance(b, Table))
    assert table.rows[0][0] == "Ten times larger" and table.rows[0][5] == "3"
    assert table.note.startswith("Saves: as agreed for each projection, not this run's 10.")


def test_a_fit_over_several_gpu_counts_is_at_no_single_gpu_count():
    """retune's lines take 4- and 16-GPU rows: “this test's GPU count” would name no one count."""
    ctx, _ = build(FIXTURES / "retune")
    notes = texts(section(ctx, "projections").blocks)
    # said once for both systems, not "only the size changes" and then twice that it does not (cold read 15, M4)
    assert (
        "Each system's fitted line runs through rows of 4 and 16 GPUs, so it mixes checkpoint size with GPU count: a "
        "projection is at no single GPU count." in " ".join(notes)
    )
    assert not any("confounds" in t or t.startswith("Only the checkpoint size changes") for t in notes)
    assert not any("this test's GPU count" in t for t in notes)
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "Larger checkpoints are projected, not measured (128 GB; see “Projections to other checkpoint sizes”)" in qa
