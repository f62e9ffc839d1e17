"""Projections: what they hold fixed, and sizes both systems measured."""

from report.document.blocks import Table
from tests.conftest import DATA, FIXTURES, without_projection_gpus
from tests.sections.helpers import build, section, texts


def test_projections_state_what_they_hold_fixed(folder):
    data = folder("data")
    toml = without_projection_gpus((data / "test.toml").read_text()).replace('"70B on 64 GPUs"', '"70B"')
    (data / "test.toml").write_text(toml)
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
    # and no section that says it projects nothing (Chinese reading 12, W-m5: an empty section on a formal deliverable)
    assert "projections" not in [s.id for s in ctx.sections]
    assert "Projections to other checkpoint sizes" not in [s.title for s in ctx.sections]


def test_a_row_is_labelled_by_what_was_projected_and_its_saves_and_total_explained(folder):
    """data without its projection's gpus: “70B on 64 GPUs” keeps the test's 8 GPUs, so the row is the name with the
    count its times are at (no file or key named), and a warning says what that means: 140 GB ÷ 8 = 17.5 GB of
    checkpoint per GPU, where the test's 65.6 GB ÷ 8 = 8.2 GB and the name's 140 ÷ 64 = 2.19 GB. Its 20 saves are the
    run's; gates_fail's 3 are agreed for the test. With gpus = 64 (data/ as shipped) the row is the name, no warning,
    and the section says what each side's time assumes."""
    data = folder("data")
    (data / "test.toml").write_text(without_projection_gpus((data / "test.toml").read_text()))
    ctx, _ = build(data)
    blocks = section(ctx, "projections").blocks
    table = next(b for b in blocks if isinstance(b, Table))
    assert table.rows[0][0] == "70B on 64 GPUs (projected at 8 GPUs)"
    assert table.note == (
        "Saves: this run's 20 saves (no other count was agreed for the projections). Saved in all: saved per "
        "save × saves. Every time is printed to three significant digits, the precision of a projection, each "
        "rounded from its own unrounded figure, so a difference or total of the printed figures may differ in its "
        "last digit."
    )
    assert (
        "“70B on 64 GPUs” names 64 GPUs, but no GPU count is given for it, so its times are at this test's 8 GPUs. "
        "140 GB over 8 GPUs would be 17.5 GB of checkpoint per GPU, where this test's saves held 8.20 GB per GPU and "
        "the name's 64 GPUs would hold 2.19 GB each." in " ".join(texts(blocks))
    )
    ctx, _ = build(DATA)
    assert not any("names 64 GPUs" in t for t in texts(section(ctx, "projections").blocks))
    ctx, _ = build(DATA)
    assert next(b for b in section(ctx, "projections").blocks if isinstance(b, Table)).rows[0][0] == "70B on 64 GPUs"
    assert (
        "At “70B on 64 GPUs” (64 GPUs, 8 nodes), assumed, not measured: both systems write the whole 140 GB at the "
        "rate of this test's saves from 1 client node; Local NVMe (single drive) and Mingxin FX100 were not run with "
        "8 client nodes writing. Local NVMe (single drive) is not declared local to each node; were it, each node "
        "would write 17.5 GB in parallel, about 47.5 s a save." in texts(section(ctx, "projections").blocks)
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


def test_a_name_stating_another_gpu_count_says_what_the_times_are_and_what_to_give():
    """named_gpus (the cold reader's outlier-en case, cold read 5, O3), by hand: 945 GB on 64 GPUs, 5,670 GB = 6.00×:
    302 × 6 = 1,812 s, 155 × 6 = 930 s, 882 s a save, × 10 = 8,820 s; 5,670 GB over the rows' 64 GPUs is 88.6 GB per
    GPU (14.8 GB in the test, 11.1 GB over the name's 512). The row says the count its times are at, not "5,670 GB on
    64 GPUs" as if such a job ran; the per-GPU figures are compute's, and metrics.json keeps the contract's keys."""
    ctx, m = build(FIXTURES / "named_gpus")
    b = m.projection_bases[0]
    assert (b.gpus_used, b.named_gpus, b.per_gpu_gb) == ((64,), 512, 88.59375)
    assert (b.measured_per_gpu_gb, b.named_per_gpu_gb) == (945 / 64, 5670 / 512)
    assert set(m.to_dict()["projections"][0]) == {
        "name",
        "snapshot_gb",
        "saves",
        "baseline_s",
        "candidate_s",
        "saved_per_save_s",
        "saved_total_s",
        "gpus",
        "nodes",
        "scaled_gbps",
        "extrapolation",
        "measured_size",
    }  # fmt: skip: the contract's keys and the two the project had; no per-GPU figure
    blocks = section(ctx, "projections").blocks
    table = next(b for b in blocks if isinstance(b, Table))
    assert table.rows == (
        ("405B on 512 GPUs (projected at 64 GPUs)", "5,670 GB", "1,810", "930", "882", "10", "8,820"),
    )
    text = " ".join(texts(blocks))
    assert (
        "“405B on 512 GPUs” names 512 GPUs, but no GPU count is given for it, so its times are at this test's 64 "
        "GPUs. 5,670 GB over 64 GPUs would be 88.6 GB of checkpoint per GPU, where this test's saves held 14.8 GB per "
        "GPU and the name's 512 GPUs would hold 11.1 GB each. Its times are therefore what this test's clients would "
        "take to write 5,670 GB, not a save of the job its name describes. This report does not project its times at "
        "512 GPUs." in text
    )
    # what to measure is said once, in the extrapolation's warning, with the name's GPU count
    assert "Measure a checkpoint of that size, saved from 512 GPUs, before relying on it." in text
    assert text.count("Measure a checkpoint") == 1
    assert "Only the checkpoint size changes" not in text  # the warning says it for this projection


def test_a_node_local_fit_prints_its_line_over_a_node_part_and_says_why_its_fixed_cost_is_negative():
    """node_local_fit (cold read 5, N19), by hand: Old NAS over each node's part, (40 GB, 10.0 s) and (200 GB,
    72.0 s): 0.3875 s/GB and −5.50 s; 960 GB on 64 GPUs is 120 GB a node: 41.0 s. Array X over whole checkpoints,
    1.00 s + 0.100 s/GB: 97.0 s. Every time at three significant digits: −56.0 s a save, × 6 = −336 s."""
    ctx, _m = build(FIXTURES / "node_local_fit")
    blocks = section(ctx, "projections").blocks
    table = next(b for b in blocks if isinstance(b, Table))
    # Array X on Old NAS's basis, each node's 120 GB at a node's rate of its saves, would take 24.6 s: 960 GB in 24.6 s
    # is 39.0 GB/s, 5.57× the 7.00 GB/s it showed, so that basis turns no order and the row prints the fitted time only
    # (cold read 10, P-M6; it had printed "25.0 to 97.0" after scaling reading 7b, finding 4). Array X is slower in
    # the row, so the columns say so and the figures print without a sign (cold read 13b, X: "Saved per save −56.8")
    # Array X's line runs through rows of 8 and 16 GPUs (its own warning says it confounds size with GPU count), so
    # no saving is printed against it (cold read 14c, P-M5)
    assert table.rows == (("72B on 64 GPUs", "960 GB", "41.0*", "97.0*", "not estimable", "6", "not estimable"),)
    headers = [c.label for c in table.columns]
    assert headers[4] == "Saved per save (s)" and headers[6] == "Saved in all (s)", headers
    assert "Saved: not estimable, as the line of Array X mixes checkpoint size with GPU count (see above)" in table.note
    text = " ".join(texts(blocks))
    assert "the least-squares line save time = −5.50 s + 0.3875 s/GB × a node's part." in text
    assert (
        "Its fixed cost of −5.50 s is no time a save takes: the line runs through only two sizes, the larger saved "
        "more slowly per GB than the smaller, so it meets size zero below zero. It is an artefact of fitting two "
        "sizes, not a cost any save showed; the projected times follow the line as fitted." in text
    )
    assert text.count("Its fixed cost") == 1  # Array X's line has a positive fixed cost: nothing said
    assert not any("names 64 GPUs" in t for t in texts(blocks))


def test_the_node_local_what_if_only_where_the_baseline_saved_from_one_node(folder):
    """data/'s baseline, one local drive, saved from one node (8 GPUs): each node writing its part is a real
    alternative, so the what-if stays (178 s × 17.5 ÷ 65.6 = 47.5 s). named_gpus' Old NAS saved from 64 GPUs (8
    nodes): a system many nodes wrote to has no per-node what-if (cold read 5b, M4: "Lustre is not declared local to
    each node; were it ...")."""
    ctx, _ = build(DATA)
    assert "were it, each node would write 17.5 GB in parallel, about 47.5 s a save." in " ".join(
        texts(section(ctx, "projections").blocks)
    )
    data = folder("named_gpus")
    toml = (data / "test.toml").read_text().replace("saves       = 10", "saves       = 10\ngpus        = 512")
    (data / "test.toml").write_text(toml)
    ctx, _ = build(data)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert (
        "At “405B on 512 GPUs” (512 GPUs, 64 nodes), assumed, not measured: both systems write the whole 5,670 GB "
        "at the rate of this test's saves from 8 client nodes;" in text  # no sweep: 64 nodes unrun (reading 14, M1)
    )
    assert "were it" not in text and "not declared local to each node" not in text


def test_a_projection_faster_than_the_bandwidth_measured_is_bounded_by_it():
    """Cold read 7 (A-B2): a fitted line projected 410 GB in 37.3 s on a system measured at 9.64 GB/s (11.0 GB/s), and
    the report said the time was worked out at the test's bandwidth; at that bandwidth it takes at least 42.6 s,
    slower than the other side's 40.2 s. formal: FX100's line gives 1,010 GB in 85.94 s, 1,010 ÷ 85.94 = 11.75 GB/s
    against the 11.40 GB/s measured; at 11.40 GB/s it takes 1,010 ÷ 11.40 = 88.6 s, still slower than Local NVMe's
    53.6 s (a node's 126 GB part), so nothing flips. data/: no projection outruns its bandwidth."""
    ctx, m = build(FIXTURES / "formal")
    p = m.projections[0]
    assert (p.snapshot_gb, round(p.candidate_s, 2), round(m.bandwidth.candidate_gbps, 2)) == (1010.0, 85.94, 11.4)
    notes = [t for t in texts(section(ctx, "projections").blocks) if "this test logged on it" in t]
    assert notes == [
        "“72B on 64 accelerators”: FX100's projected 85.9 s writes 1,010 GB at 11.8 GB/s, above the 11.4 GB/s this "
        "test logged on it; at that bandwidth the save takes at least 88.6 s."
    ]
    ctx, _m = build(DATA)
    assert not any("this test logged on it" in t for t in texts(section(ctx, "projections").blocks))
