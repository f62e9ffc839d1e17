"""Sustained write bandwidth: the rates, the warm-up, and logs too short to show either."""

from report.document.blocks import Table
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section, texts
from tests.sections.test_words import FIO_EXAMPLE


def test_one_sample_per_run_is_not_called_a_steady_rate():
    """Third cold read, m-13: gates_fail logs one sample per run (Base 1.0 and 2.0 GB/s, Cand 3.0 and 3.0): the mean
    of run means is 1.50 and 3.00 GB/s, but no run shows a sustained rate or a warm-up, and the section says so instead
    of "No run opens with a warm-up ramp"."""
    ctx, _m = build(FIXTURES / "gates_fail")
    words = texts(section(ctx, "bandwidth").blocks)
    # A sparse system's rate is not called sustained in the opening sentence either.
    assert words[0] == "Cand's write bandwidth averages 3.00 GB/s against 1.50 GB/s, 2.00× as much."
    assert (
        "Base and Cand: fewer than 3 samples per run, too few to call the rate sustained or to see a warm-up; log the "
        "bandwidth through each run (fio's --write_bw_log)." in words
    )
    assert not any(t.startswith("No run opens") for t in words)


def test_a_warm_up_is_weighed_against_the_save_only_as_a_condition():
    """Third cold read, m-11: whether a save sees the steady state depends on its length against the warm-up; the
    sentence states the condition, not that it holds. The default data's logs (60 samples a run) open with no ramp."""
    ctx, _m = build(DATA)
    words = texts(section(ctx, "bandwidth").blocks)
    assert "No run opens with a warm-up ramp: the steady-state means equal the all-sample means." in words
    assert not any("too few to call the rate sustained" in t for t in words)
    ctx, _m = build(FIO_EXAMPLE)  # a warm-up in each system's log: 4 of the local disk's 43 samples, 13 of tmpfs's 43
    ramps = [t for t in texts(section(ctx, "bandwidth").blocks) if "opens with a warm-up" in t]
    assert ramps[0].endswith("A save sees mostly the steady state only if it lasts much longer than the warm-up.")
    # both means, no percentage that the printed 0.558 and 0.533 would not give back (cold read 19, m8)
    assert "without it the mean is 0.558 GB/s against 0.533 GB/s with it." in ramps[0]
    assert "% more than with" not in " ".join(ramps)
    # what a warm-up means for a save, said once (Chinese reading 22, m7)
    assert " ".join(ramps).count("A save sees mostly the steady state") == 1
    # cold read 11, M2: tmpfs's warm-up is 30.2% of its samples, more than RAMP_SHARE: its 4-second runs end before
    # the rate settles, so the log shows no sustained rate and the section is "Write bandwidth"
    assert ramps[1].endswith(
        "The warm-up is 30.2% of its 43 samples: each run ends soon after its rate settles, so this test does not "
        "show a sustained rate; write for longer (report measure's --sustain-s, fio's --runtime)."
    )
    assert section(ctx, "bandwidth").title == "Write bandwidth"
    assert texts(section(ctx, "bandwidth").blocks)[0].startswith(
        "tmpfs (/dev/shm)'s write bandwidth averages 0.764 GB/s against 0.533 GB/s"
    )


def test_a_system_is_sparse_when_any_run_is_short_and_its_warm_up_is_not_denied():
    """retune logs Old NAS runs of 4 and 2 samples, Array X runs of 3 and 1 (tests/compute/test_compute.py): each has one
    run of the two below 3 samples, and each log opens with a warm-up (3 and 1 samples dropped), so the section says
    how many runs are short and never that they are too few to see the warm-up it has just printed."""
    ctx, _m = build(FIXTURES / "retune")
    words = texts(section(ctx, "bandwidth").blocks)
    # Array X: run means 6 (5, 6, 7) and 8, mean 7.00; Old NAS: 2.5 (2, 2, 3, 3) and 3.5 (3, 4), mean 3.00.
    assert words[0] == "Array X's write bandwidth averages 7.00 GB/s against 3.00 GB/s, 2.33× as much."
    # a warm-up in a log whose runs are too short to show one is not said: the table's steady-state cell is a dash
    # (cold read 11, M3: "without it the mean is 3.50 GB/s" beside that dash)
    assert not any("opens with a warm-up" in t for t in words)
    for system in ("Old NAS", "Array X"):
        assert (
            f"{system}: 1 of its 2 runs has fewer than 3 samples, too few to call its rate sustained; log the "
            "bandwidth through each run (fio's --write_bw_log)." in words
        )
    assert not any("to see a warm-up" in t for t in words)


def test_a_log_too_short_to_show_a_sustained_rate_is_never_called_sustained():
    """Cold read 8, M4: gates_fail's logs hold one sample per run ("too few to call the rate sustained"), and the next
    sentence, the table's title, the chart's legend and the audit spoke of the sustained bandwidth; the steady-state
    column printed a mean without a warm-up the text said could not be seen."""
    from report.charts import describe as chart_specs
    from report.document.blocks import Table

    ctx, m = build(FIXTURES / "gates_fail")
    bw = section(ctx, "bandwidth")
    words = " ".join(texts(bw.blocks) + texts(section(ctx, "audit").blocks))
    assert bw.title == "Write bandwidth" and "sustained bandwidth" not in words
    assert "Of the write bandwidth this test logged, the saves reach 30.3% on Base and 16.7% on Cand" in words
    assert "At the full write bandwidth this test logged the saves would write" in words
    table = next(b for b in bw.blocks if isinstance(b, Table))
    assert table.caption == "Write bandwidth beside the effective save throughput"
    assert [row[4] for row in table.rows] == ["–", "–"]
    assert chart_specs.throughput(m, None).title == "Effective save throughput against write bandwidth"
    ctx, _m = build(DATA)  # 100 samples a run: sustained, as before
    assert section(ctx, "bandwidth").title == "Sustained write bandwidth"


def test_a_node_local_system_s_bandwidth_is_said_to_be_one_node_s():
    """Chinese reading 19, M8: long_names' RAID-0 is each node's own (4.80 GB/s, one node) against the array's 21.3
    GB/s, what the test's clients drove on the shared system; its 256-GPU job spans 32 nodes. fio-local's two systems are both local: nothing to say."""
    ctx, _m = build(FIXTURES / "long_names")
    words = texts(section(ctx, "bandwidth").blocks)
    assert (
        "Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4) is storage local to each node: its 4.80 GB/s is "
        "one node's, Mingxin FX100 all-flash array (NVMe-oF, 8 x 400 Gb/s, 4 ctl)'s 21.3 GB/s what the test's clients "
        "drove on the shared system, so the two are not like for like. The job's 32 nodes each write to their own at "
        "once; one node's bandwidth times the nodes, 32 × 4.80 GB/s, would be 154 GB/s, an assumed figure: the "
        "bandwidth was logged on one node, never with the nodes writing together. The table, the chart and the audit "
        "set one node's part of each save against one node's bandwidth." in words
    )
    # cold read 22, M2: one node's part, 30.3 GB ÷ 402.6 s = 0.0753 GB/s, is 1.57% of the 4.80 GB/s logged on one
    # node; the whole job's 2.41 GB/s against it ("50.2%") is printed nowhere
    assert (
        "On Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4), each node's part of a save reaches 1.57% of "
        "one node's bandwidth. On Mingxin FX100 all-flash array (NVMe-oF, 8 x 400 Gb/s, 4 ctl), the saves reach 47.6% "
        "of its sustained bandwidth. The consistency audit below weighs what that means." in words
    )
    table = next(b for b in section(ctx, "bandwidth").blocks if isinstance(b, Table))
    assert [row[-2:] for row in table.rows] == [("0.0753", "1.57%"), ("10.1", "47.6%")]
    assert "Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4) is local to each node: its effective " in (
        table.note
    )
    assert "50.2%" not in " ".join(words)
    ctx, _m = build(FIO_EXAMPLE)
    assert not any("not like for like" in t for t in texts(section(ctx, "bandwidth").blocks))


def test_one_system_s_bandwidth_runs_from_a_file_and_a_tool_are_said_to_be_averaged():
    """Chinese reading 19, M5: the imports fixture's FX100 has a run typed into bandwidth.csv and one from fio's output,
    averaged together without a word; NVMe's runs are all typed."""
    ctx, _m = build(FIXTURES / "imports")
    said = [t for t in texts(section(ctx, "bandwidth").blocks) if "bandwidth runs come from" in t]
    assert said == [
        "FX100's bandwidth runs come from fio output and rows supplied as given: the mean is taken over all of them, as if they were "
        "one measurement."
    ]


def test_a_copied_log_is_said_beside_its_figures_in_the_audit_the_next_steps_and_on_page_1(tmp_path):
    """Cold read 5, O1/N1: the candidate's log was the baseline's × 2.055 on every sample and the report computed from
    it without a word. Here the candidate's 90 samples are the baseline's × 2.5 (3.528 -> 8.820, ...), 3 decimals."""
    from tests.compute.test_findings import _bandwidth_folder
    from tests.sections.helpers import cover_text

    ctx, _m = build(_bandwidth_folder(tmp_path, lambda run, base: [round(v * 2.5, 3) for v in base]))
    words = texts(section(ctx, "bandwidth").blocks)
    copied = next(t for t in words if "multiplied by" in t)
    assert copied.startswith(
        "Mingxin FX100's bandwidth log is Local NVMe (single drive)'s multiplied by 2.50, sample for sample. In runs 1, "
        "2 and 3, each of the 90 samples is that multiple"
    )
    assert "these are not independent measurements: one log was derived from the other" in copied
    assert "none of them is evidence until fio's raw JSON output of each bandwidth run is supplied" in copied
    assert texts(section(ctx, "audit").blocks)[0].startswith(
        "The figures below set the saves against bandwidth logs that are not independent measurements"
    )
    assert any(
        t.startswith("Supply fio's raw JSON output (fio --output-format=json)")
        for t in texts(section(ctx, "gates").blocks)
    )
    page1 = cover_text(ctx)
    assert "multiplied by 2.50 on every sample of runs 1, 2 and 3: the two are not independent measurements" in page1
    assert "fio's raw output of each bandwidth run, to show where its log came from" in page1


def test_a_warm_up_is_said_run_by_run_not_as_a_total():
    """Cold read 5, O13/N22: "6 samples below 90% of their run's median" were the first 2 samples (4 s) of each of 3
    runs. formal's local NVMe run 1 opens 1.669, 1.904, 2.117, 2.374, 2.645 and then 2.857, its median about 3.0 (90%:
    2.70): 5 samples, the sixth at 10 s; run 2 likewise (1.671 ... 2.634, then 2.834). Said per run, not as 10."""
    ctx, _m = build(FIXTURES / "formal")
    words = texts(section(ctx, "bandwidth").blocks)
    assert any(
        t.startswith(
            "Local NVMe's log opens with a warm-up: the first 5 samples of each of its 2 runs (10 s) are below 90% of "
            "their run's median; without it the mean is 3.00 GB/s against 2.86 GB/s with it."
        )
        for t in words
    ), words
    assert not any("10 samples" in t for t in words)


def test_bandwidth_runs_fewer_than_the_saves_rule_are_said(folder):
    """data/ (1 bandwidth run a side, default rule 3) and gates_fail (2 a side): the section says the bandwidth rests
    on fewer runs than the saves' rule (cold read 5b, M14/A-19); repeated at min_runs = 2 has enough and says
    nothing."""
    for source, runs in ((DATA, "1 run"), (FIXTURES / "gates_fail", "2 runs")):
        ctx, _ = build(source)
        text = " ".join(texts(section(ctx, "bandwidth").blocks))
        assert (
            f"The bandwidth rests on {runs} on each system, fewer than the 3 the saves require: no gate "
            "holds it to a rule, so its means stand on fewer runs than the save times." in text
        )
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("min_runs   = 3", "min_runs   = 2")
    (data / "test.toml").write_text(toml)
    ctx, _ = build(data)
    assert "fewer than the" not in " ".join(texts(section(ctx, "bandwidth").blocks))
