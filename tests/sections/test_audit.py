"""The consistency audit: fio's byte counts rule out a larger write."""

from report.compute import compute
from report.inputs.joint_test import read_joint_test
from report.sections import audit
from report.wording.base import Words
from tests.conftest import DATA, FIXTURES, PROVENANCE, ROOT
from tests.sections.helpers import build, section, texts


def test_saves_measured_by_fio_have_their_bytes_counted_so_the_audit_rules_out_a_larger_write():
    ctx, _ = build(ROOT / "examples" / "fio-local")  # every save row from fio's JSON, io_bytes = the snapshot
    audit = " ".join(texts(section(ctx, "audit").blocks))
    assert (
        "fio counted the bytes each save wrote, and they match the stated 1.07 GB checkpoint (the import holds "
        in audit
    )
    assert "Two explanations fit these figures equally well" not in audit
    assert "Record the bytes each save actually writes" not in " ".join(texts(section(ctx, "gates").blocks))
    ctx, _ = build(DATA)  # typed-in save times: the bytes are unknown, and the report asks for them
    assert "Two explanations fit these figures equally well" in " ".join(texts(section(ctx, "audit").blocks))
    assert "Record the bytes each save actually writes" in " ".join(texts(section(ctx, "gates").blocks))


def test_a_line_with_a_negative_fixed_cost_or_against_fio_counts_is_not_a_model():
    """fio-local: F = −0.408 s and V = 1.95 GB, 1.82× the 1.07 GB checkpoint fio counted: both rule the line out."""
    ctx, _ = build(ROOT / "examples" / "fio-local")
    fit = next(t for t in texts(section(ctx, "audit").blocks) if t.startswith("A save bound by bandwidth"))
    assert "with F = −0.408 s and V = 1.95 GB, 1.82× the stated checkpoint." in fit
    assert fit.endswith(
        "only a third point (another bandwidth, or another size) could test it. A fixed cost below zero is not physical, and "
        "fio counted each save's bytes at the stated checkpoint, not V: this line is not a model of these saves."
    )


def test_a_line_that_writes_less_than_the_checkpoint_is_disowned():
    """gates_fail: F = 90 s and V = 30.0 GB, 0.600× of 50 GB: no save writes less than its checkpoint, so the line
    is no model of these saves (second cold read, major 5) and no diagnosis is drawn from it."""
    ctx, _ = build(FIXTURES / "gates_fail")
    audit = texts(section(ctx, "audit").blocks)
    fit = next(t for t in audit if t.startswith("A save bound by bandwidth"))
    assert "with F = 90 s and V = 30.0 GB, 0.600× the stated checkpoint. Two points fix two unknowns" in fit
    assert "could test it. A save cannot write less than its " in fit
    assert fit.endswith("this line is not a model of these saves, and says nothing of where their time goes.")
    assert not any("dominated by a fixed cost" in t for t in audit)
    # data: F = 6.79 s and V = 558 GB, 8.51× the checkpoint: both explanations stand, and the line is not disowned.
    ctx, _ = build(DATA)
    fit = next(t for t in texts(section(ctx, "audit").blocks) if t.startswith("A save bound by bandwidth"))
    assert "with F = 6.79 s and V = 558 GB, 8.51× the stated checkpoint." in fit
    assert fit.endswith("could test it.")


def test_saves_that_do_not_follow_the_bandwidth_are_not_offered_a_bandwidth_bound_explanation(folder):
    """Chinese reading 4, M2: gates_fail saves 110 s and 100 s (1.10×) on 1.50 and 3.00 GB/s (2.00×): the quotient
    0.550 already rules out a bandwidth-bound save that writes more, whatever it writes. The default data (1.89× on
    1.96×, quotient 0.965) keeps both explanations."""
    ctx, _m = build(FIXTURES / "gates_fail")
    words = texts(section(ctx, "audit").blocks)
    # on a bandwidth of one sample per run and save runs that fail G1, a lead, not a finding (Chinese reading 6, M5)
    assert (
        "The ratio of the mean save times (1.10×) against the bandwidth ratio (2.00×): their quotient is 0.550."
        in " ".join(words)
    )  # said once: the sentence after it reads the quotient without the two ratios again
    assert "The saves speed up far less than the bandwidth (quotient 0.550)." in " ".join(words)
    assert "but the bandwidth has fewer than 3 samples per run and G1 fails, so it is a lead, not a finding." in (
        " ".join(words)
    )
    assert not any(t.startswith("Two explanations") for t in words)
    # with G1 passing and a sustained log, the same figures are a finding
    data = folder("gates_fail")
    (data / "save_times.csv").write_text(
        "system,model,gpus,snapshot_gb,run,save_s\n"
        + "".join(f"Base,M,8,50,{i},{t}\n" for i, t in enumerate((108, 110, 112), 1))
        + "".join(f"Cand,M,8,50,{i},{t}\n" for i, t in enumerate((99, 100, 101), 1))
    )
    (data / "bandwidth.csv").write_text(
        "system,run,t_s,write_gbps\n"
        + "".join(
            f"{name},{run},{t},{gbps}\n"
            for name, gbps in (("Base", 1.5), ("Cand", 3.0))
            for run in (1, 2)
            for t in (0, 1, 2)
        )
    )
    ctx, _m = build(data)
    words = " ".join(texts(section(ctx, "audit").blocks))
    assert "The saves do not follow the bandwidth (quotient 0.550). A save bound by bandwidth" in words
    ctx, _m = build(DATA)
    assert any(
        t.startswith("Two explanations fit these figures equally well") for t in texts(section(ctx, "audit").blocks)
    )


def test_saves_faster_than_the_bandwidth_are_not_called_close_to_it():
    """Cold read 18, B1: the imports fixture's saves reach 204% and 1,288% of the bandwidth it logged; the audit warned
    that such saves are implausible, then said they "run close to the sustained bandwidth"."""
    ctx, m = build(FIXTURES / "imports")
    assert m.audit.effective_above_sustained
    words = texts(section(ctx, "audit").blocks)
    assert any(
        t.startswith(
            "A save on NVMe and FX100 that finishes faster than the bandwidth this test logged shows that log is no "
            "ceiling"
        )
        for t in words
    )
    assert not any("close to the sustained bandwidth" in t for t in words)
    assert any(t.startswith("A save that outruns the bandwidth this test logged cannot be bound by it") for t in words)


def test_the_cluster_demand_says_what_it_assumes_of_the_bytes_each_save_writes():
    """Cold read 18, M3: data's cluster demand, 4.78 GB/s on average, 0.747× the 6.40 GB/s tested, was "within this
    test's bandwidth" although the audit's line fits saves writing 558 GB, 8.51× the 65.6 GB checkpoint: 0.747 × 8.51
    = 6.36, beyond it. fio-local's bytes were counted by fio, and gates_fail's line writes less than the checkpoint
    (no model): neither says it."""
    ctx, m = build(DATA)
    assert m.cluster.candidate.mean_to_sustained < 1 < m.cluster.candidate.mean_to_sustained * 8.51
    summary = " ".join(texts(section(ctx, "bubble").blocks))
    assert (
        "These demands take each save to write the stated 65.6 GB checkpoint. The bytes a save writes were not recorded, "
        "and the audit cannot rule out more: its line through the two systems' points gives 558 GB, 8.51× as much (see "
        "“Consistency audit”), which would need 8.51× these bandwidths, beyond this test's even on average. Record the "
        "bytes written per save to tell." in summary
    )
    for data in (ROOT / "examples" / "fio-local", FIXTURES / "gates_fail"):
        ctx, _m = build(data)
        assert "These demands take each save" not in " ".join(texts(section(ctx, "bubble").blocks))


def test_a_node_local_system_whose_job_spans_nodes_is_set_against_one_node():
    """Cold read 18, M6: long_names' baseline is each node's own RAID ([systems] node_local); its 256-GPU job spans 32
    nodes of 8 GPUs, each writing 970 × 8 ÷ 256 = 30.3 GB of every checkpoint, while the bandwidth is one node's. The
    audit says so, and the summary draws no demand condition from the two-system line."""
    ctx, _m = build(FIXTURES / "long_names")
    words = texts(section(ctx, "audit").blocks)
    said = [t for t in words if "is storage local to each node" in t]
    assert len(said) == 1 and said[0].startswith(
        "Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4) is storage local to each node, and its bandwidth "
        "was logged on one node: the job's 32 nodes each write 30.3 GB of every checkpoint at once, at "
    )
    # 30.3 GB ÷ 402.6 s = 0.0753 GB/s against one node's 4.80: 1.57%; no whole-job share of one node's bandwidth (the
    # 50.2% of cold read 22, M2), so nothing left to discount and no line referred to (m1)
    assert said[0].endswith("at 0.0753 GB/s each, 1.57% of that bandwidth.")
    assert texts(section(ctx, "audit").blocks)[0] == (
        "Effective save throughput (checkpoint size ÷ save time) is 10.1 GB/s on Mingxin FX100 all-flash array "
        "(NVMe-oF, 8 x 400 Gb/s, 4 ctl): 47.6% of its sustained bandwidth."
    )
    assert not any("50.2%" in t or "line through" in t for t in texts(section(ctx, "audit").blocks))
    assert "These demands take each save" not in " ".join(texts(section(ctx, "bubble").blocks))
    # fio-local's jobs fit on one node: nothing to say in the audit
    ctx, _m = build(ROOT / "examples" / "fio-local")
    assert not any("is storage local to each node" in t for t in texts(section(ctx, "audit").blocks))


def test_a_node_local_candidate_s_demand_is_one_node_s_part():
    """Cold read 17, M1: fio-local's tmpfs is each node's own; the cluster's 500 jobs were set against one machine's
    0.764 GB/s. Now one node's part: 4 jobs of 2 GPUs, 4.29 GB a cycle, 0.0170 GB/s on average (0.0223×) and 2.00 GB/s
    all at once (2.62×): staggered saves, not "beyond the tested bandwidth"."""
    ctx, _m = build(ROOT / "examples" / "fio-local")
    summary = " ".join(texts(section(ctx, "bubble").blocks))
    assert (
        "tmpfs (/dev/shm) is storage local to each node (as recorded for this test), and this test's bandwidth is "
        "one node's: a cluster of 1,000 GPUs, 8 to a node, writes to 125 of them, each taking its node's part of the "
        "saves. One node's part needs 0.0170 GB/s of writes on average (saves perfectly staggered) and 2.00 GB/s if "
        "every job saves at once, against the 0.764 GB/s write bandwidth of one node in this test" in summary
    )
    assert (
        "On average that is within this test's bandwidth (2.23% of it), but every job saving at once needs 2.62×"
        in (summary)
    )
    tile = next(k for k in ctx.cover.tiles if k.id == "capacity")
    assert tile.value == "4.38" and tile.note.startswith("1,000-GPU cluster, its own tmpfs (/dev/shm) on each node: ")


def test_node_local_figures_reach_the_summary_the_assumptions_and_the_formulas():
    """Cold read 20: long_names' summary left out the audit's doubt (M4); the 8 GPUs a node behind every per-node figure
    were not among the assumptions (M2); Appendix B had no formula for them (M1). data/ declares nothing node-local."""
    from report.document.blocks import Definitions, Table

    ctx, _m = build(FIXTURES / "long_names")
    summary = texts(section(ctx, "summary").blocks)
    assert any(
        t.startswith(
            "On Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4), local to each node, each node's part"
        )
        and "1.57% of one node's bandwidth" in t
        for t in summary
    )
    rows = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "assumptions").rows
    assert (
        "GPUs per node (host memory for staging; storage local to each node)",
        "8",
        "Reference value (not agreed with the customer)",
    ) in rows
    terms = [t for t, _text in next(b for b in section(ctx, "formulas").blocks if isinstance(b, Definitions)).items]
    assert {"Nodes of a job", "A node's part of a save", "A node's part of the cluster's demand"} <= set(terms)
    ctx, _m = build(DATA)
    terms = [t for t, _text in next(b for b in section(ctx, "formulas").blocks if isinstance(b, Definitions)).items]
    assert "Nodes of a job" not in terms


def test_a_node_local_job_across_nodes_gets_no_whole_job_figures_in_the_audit():
    """Cold read 21, M1: long_names' audit still printed the bytes implied at one node's bandwidth (1,933 GB), the line
    through both points (V = 1,903 GB) and the bandwidth ratio (4.44×), each the whole job against one node."""
    ctx, _m = build(FIXTURES / "long_names")
    words = " ".join(texts(section(ctx, "audit").blocks))
    assert "At full sustained bandwidth" not in words and "V = " not in words and "quotient" not in words
    assert "1.57% of one node's bandwidth" in words


def test_a_save_shorter_than_its_log_s_step_is_set_against_the_log_over_its_own_span():
    """Cold read 27, M1: fio-local's tmpfs logs ~0.5 GB/s for 2 s, then twice that; its 2.15 s saves (0.499 GB/s) reach
    65.4% of the whole log's 0.764 GB/s, but over each run's first 2.15 s the log averages 0.556 GB/s (by hand: runs
    at 0.25 s steps, the ninth sample weighing 0.15 / 0.25; 0.6008, 0.5250, 0.5430), 89.8% of it. Local disk's log
    over its 3.25 s saves (0.519 GB/s) is within 10% of its whole mean: its 61.9% stands, and its durable saves keep
    the final fsync among the causes, which tmpfs's would not."""
    ctx, m = build(ROOT / "examples" / "fio-local")
    span = m.save_span
    assert round(span.candidate.log_gbps, 3) == 0.556 and round(span.candidate.share_pct, 1) == 89.8
    assert span.candidate.differs and not span.baseline.differs
    audit = " ".join(texts(section(ctx, "audit").blocks))
    assert (
        "A save on tmpfs (/dev/shm) lasts 2.15 s, and its log's rate changes within a run: over each run's first "
        "2.15 s the log averages 0.556 GB/s, and the saves reach 89.8% of that. At that rate a save would write "
        "1.20 GB, 1.11× the stated checkpoint." in audit
    )
    assert (
        "On tmpfs (/dev/shm), the saves keep pace with the log over their own span (89.8% of it): the gap to the "
        "whole log's mean is the rate rising after a save ends, not time spent elsewhere." in audit
    )
    assert "so on Local disk (ext4 on virtio) a save that writes more than it is ruled out" in audit
    assert "(creating and allocating new files, the final fsync)" in audit
    assert "the sustained rate" not in audit


def test_the_final_fsync_is_not_offered_for_saves_that_are_not_durable():
    """Cold read 27, M1: fio-local's Table 3 says an fsync does nothing on tmpfs, which the test declares not
    durable; the causes offered for both systems' saves leave it out, those for local disk's alone keep it."""
    fio = ROOT / "examples" / "fio-local"
    test = read_joint_test(fio)
    m = compute(test)
    w = Words(test, m, {}, PROVENANCE)
    assert m.not_durable == ("candidate",)
    both_sides = audit._fio_counted(w, list(w.sides))
    assert "than into writing at the logged rate (creating and allocating new files), or" in both_sides
    assert "fsync" not in both_sides
    assert "(creating and allocating new files, the final fsync)" in audit._fio_counted(w, [w.sides[0]])


def test_a_bandwidth_run_fio_timed_whole_is_set_beside_its_logs():
    """Cold read 29, M1: fio-local's local-disk bandwidth runs wrote 1.539, 1.939 and 2.758 GB in 4.920, 4.278 and
    4.957 s by fio's own count (0.3129, 0.4532, 0.5563: 0.441 GB/s), the closing fsync included, while their logs
    average 0.533 GB/s; the saves' 0.330 GB/s is 74.8% of the former. tmpfs's runs (0.775 against 0.764) say nothing."""
    ctx, m = build(ROOT / "examples" / "fio-local")
    span = m.save_span
    assert round(span.baseline.tool_gbps, 4) == round(
        (1.539309568 / 4.920 + 1.938817024 / 4.278 + 2.75775488 / 4.957) / 3, 4
    )
    assert round(span.baseline.tool_share_pct, 1) == 74.8 and round(span.candidate.tool_gbps, 3) == 0.775
    said = " ".join(texts(section(ctx, "bandwidth").blocks))
    assert (
        "fio timed Local disk (ext4 on virtio)'s bandwidth runs whole at 0.441 GB/s (bytes written ÷ run time), "
        "against 0.533 GB/s for the mean of their logs" in said
    )
    assert "tmpfs (/dev/shm)'s bandwidth runs whole" not in said
    audit = " ".join(texts(section(ctx, "audit").blocks))
    assert (
        "Against the rate fio gives for Local disk (ext4 on virtio)'s whole bandwidth runs (0.441 GB/s, their closing "
        "writes and syncs included), the saves reach 74.8%." in audit
    )
    _ctx, m = build(DATA)  # typed-in bandwidth: no tool's own rate
    assert m.save_span.baseline.tool_gbps is None and m.save_span.candidate.tool_gbps is None


def test_a_node_local_job_that_does_not_fill_its_last_node_is_not_said_to_write_evenly(folder):
    """attacks-6 R11: 12 GPUs at 8 a node are 2 nodes, the first writing 8/12 of each checkpoint, the second 4/12;
    "the job's 2 nodes each write 66.7 GB" of a 100 GB checkpoint was false of the second."""
    path = folder("long_names")
    saves = path / "save_times.csv"
    saves.write_text(saves.read_text().replace(",256,", ",252,"))  # 31 full nodes and one of 4 GPUs
    said = [t for t in texts(section(build(path)[0], "audit").blocks) if "is storage local to each node" in t]
    assert len(said) == 1 and "of the job's 32 nodes, each full one writes 30.8 GB of every checkpoint" in said[0]
    assert said[0].endswith("the last node, not full, writes less.") and "nodes each write" not in said[0]


# A ripple of ±1-3% a log may show, sample by sample.
_RIPPLE = (0.0, 0.012, -0.021, 0.008, 0.027, -0.013, -0.004, 0.019, -0.026, 0.011)


def _saves_at_their_bandwidth(tmp_path, bandwidth_source: bool):
    """data/ with logs at the saves' own throughput ÷ 0.95 (data's 0.369 and 0.698 GB/s: 65.6 GB in 178 s and 94 s),
    each system with its own ripple, so the saves run close to the bandwidth; with or without [sources] bandwidth."""
    import shutil

    folder = tmp_path / "test"
    shutil.copytree(DATA, folder)
    toml = (folder / "test.toml").read_text(encoding="utf-8")
    if not bandwidth_source:
        toml = "\n".join(line for line in toml.splitlines() if not line.startswith("bandwidth ")) + "\n"
    (folder / "test.toml").write_text(toml, encoding="utf-8")
    test = read_joint_test(folder)
    rows = ["system,run,t_s,write_gbps"]
    for name, rate, step in (
        (test.config.systems.save_baseline, 65.6 / 178, 3),
        (test.config.systems.candidate, 65.6 / 94, 7),
    ):
        rows += [
            f"{name},{run},{2 * i},{rate / 0.95 * (1 + _RIPPLE[(i * step + run) % 10]):.3f}"
            for run in (1, 2, 3)
            for i in range(30)
        ]
    (folder / "bandwidth.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def test_the_bandwidth_s_source_stated_drops_the_caveat_that_it_may_come_from_the_saves(tmp_path):
    """Cold read 5, O14: "it is no proof if the bandwidth was derived from these same saves (see the data sources)"
    beside data sources that said fio. Said only when the sources do not say where the bandwidth came from."""
    caveat = "it is no proof if the bandwidth was derived from these same saves"
    ctx, _m = build(_saves_at_their_bandwidth(tmp_path / "a", bandwidth_source=True))
    words = texts(section(ctx, "audit").blocks)
    assert (
        "The saves run close to the sustained bandwidth, which is consistent with a bandwidth-bound save; the bytes "
        "written per save would confirm it." in words
    )
    assert not any(caveat in t for t in words)
    ctx, _m = build(_saves_at_their_bandwidth(tmp_path / "b", bandwidth_source=False))
    assert any(caveat in t for t in texts(section(ctx, "audit").blocks))


def test_a_row_faster_than_one_node_s_bandwidth_is_a_sentence_with_one_node_in_the_singular(tmp_path):
    """Cold read 5, N20: "(8 GPUs, 1 nodes): one node's part, 3.73 GB/s, 1.23× one node's 3.04 GB/s wrote faster than
    the bandwidth logged". formal's 32B LoRA rows (8 GPUs: one node) on the node-local NVMe saved in 20 s: 66.2 GB ÷
    20 s = 3.31 GB/s, against the 2.86 GB/s logged on one node (its mean over both runs): 1.16×."""
    import shutil

    folder = tmp_path / "formal"
    shutil.copytree(FIXTURES / "formal", folder)
    lines = (folder / "save_times.csv").read_text(encoding="utf-8").splitlines()
    lines = [
        ",".join((*line.split(",")[:-1], "20"))
        if line.startswith("Local NVMe RAID-0 (per node),Qwen2.5-32B LoRA")
        else line
        for line in lines
    ]
    (folder / "save_times.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ctx, m = build(folder)
    assert round(m.bandwidth.baseline_gbps, 2) == 2.86
    words = texts(section(ctx, "audit").blocks)
    outrun = next(t for t in words if t.startswith("Implausible for durable saves"))
    assert outrun.startswith(
        "Implausible for durable saves: a save wrote faster than the bandwidth logged on its system. On 1 node "
        "(8 GPUs), the Qwen2.5-32B LoRA save on Local NVMe RAID-0 (per node) wrote 3.31 GB/s, 1.16× that node's "
        "logged "  # the section's first mention: the full name (CONTRACT.md, short names)
        "bandwidth of 2.86 GB/s. One of"
    ), outrun
    assert not any("1 nodes" in t for t in words)


def test_the_two_point_line_is_said_to_be_exactly_determined_not_evidence():
    """Two equations in two unknowns always solve (cold read 5b, A-18/M-18): data/ (F = 6.79 s, V = 558 GB) and
    gates_fail (F = 90 s, V = 30.0 GB) each say the line is no evidence that saves are bound by bandwidth."""
    for folder, figures in ((DATA, "F = 6.79 s and V = 558 GB"), (FIXTURES / "gates_fail", "F = 90 s and V = 30.0 GB")):
        ctx, _ = build(folder)
        fit = next(t for t in texts(section(ctx, "audit").blocks) if t.startswith("A save bound by bandwidth"))
        assert figures in fit
        assert (
            "Two points fix two unknowns exactly, so any two saves give such a line: it is not evidence that the "
            "saves are bound by bandwidth; only a third point (another bandwidth, or another size) could test it."
        ) in fit
