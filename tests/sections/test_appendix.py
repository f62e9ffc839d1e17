"""Appendix A: long tables summarised, long logs without formatting every run."""

from report.document.blocks import Table
from report.sections import appendix
from tests.conftest import DATA, FIXTURES, ROOT
from tests.sections.helpers import build, build_printed, section
from tests.sections.test_words import FIO_EXAMPLE


def test_long_tables_are_summarised(folder):
    data = folder("repeated")
    rows = "".join(f"{r},Old NAS,{100 + r % 7},32B,16,64,\n" for r in range(4, 60))
    (data / "save_times.csv").write_text((data / "save_times.csv").read_text() + rows)
    ctx, _ = build(data)
    raw = section(ctx, "raw").blocks[0]
    assert len(raw.rows) == appendix.MAX_RAW_ROWS and raw.note.startswith("First 40 of 66 rows")
    assert raw.rows[0][0] == "Old NAS"  # the baseline first


def test_a_log_of_many_runs_is_summarised_without_formatting_every_run(folder):
    data = folder("data")
    rows = [
        f"{system},{run},0,{3 + run % 5}"
        for system in ("Local NVMe (single drive)", "Mingxin FX100")
        for run in range(1, 20_001)
    ]
    (data / "bandwidth.csv").write_text("system,run,t_s,write_gbps\n" + "\n".join(rows) + "\n")
    ctx, m = build(data)
    raw = section(ctx, "raw").blocks[1]
    assert raw.id == "raw-bandwidth" and len(raw.rows) == appendix.MAX_RAW_ROWS
    assert raw.note.startswith("First 40 of 40,000 rows")
    assert raw.rows[0] == ("Local NVMe (single drive)", "1", "1", "0.0–0.0", "4.00", "4.00", "4.00")
    assert m.bandwidth.baseline_gbps == 5.0 and m.bandwidth.baseline.runs == 20_000  # 3 + run % 5 averages 5
    assert m.bandwidth.baseline.steady_gbps == 5.0  # one sample a run: nothing is warm-up


def test_inputs_print_as_given(folder):
    """The appendix prints each input as the CSV writes it: "970.0" stays 970.0 (not 970.00), "0.0812" is not rounded
    to 0.08, so the load speedup 0.0812 ÷ 0.00645 = 12.59 can be recomputed from the page; "178" stays 178."""
    data = folder("data")
    saves = (data / "save_times.csv").read_text().replace(",65.6,1,94", ",65.60,1,970.0")
    (data / "save_times.csv").write_text(saves)
    loads = (data / "load_times.csv").read_text()
    loads = loads.replace("NFS,7B,Huawei Atlas 910B,15.2,1,49.6", "NFS,7B,Huawei Atlas 910B,15.2,1,0.0812")
    loads = loads.replace(
        "Mingxin FX100,7B,Huawei Atlas 910B,15.2,1,8.0", "Mingxin FX100,7B,Huawei Atlas 910B,15.2,1,0.00645"
    )
    (data / "load_times.csv").write_text(loads)
    ctx, _ = build(data)
    saves_table, _bandwidth, loads_table = section(ctx, "raw").blocks
    assert [r[3:] for r in saves_table.rows] == [("65.6", "1", "178"), ("65.60", "1", "970.0")]
    assert [r[3:] for r in loads_table.rows[:2]] == [("15.2", "1", "0.0812"), ("15.2", "1", "0.00645")]


def test_an_imported_row_prints_in_its_shortest_form():
    """A row an import gave has no CSV text: it prints as `report rows` does (148.40449, not 148.40448999999998)."""
    given = appendix.as_given(b"system,model,run,save_s\nA,m,1,178.50\n", ("system", "model", "run"), ("save_s",))
    assert appendix.given_text(given, ("A", "m", 1), "save_s", 178.5) == "178.50"
    assert appendix.given_text(given, ("A", "m", 2), "save_s", 148.40449) == "148.40449"
    assert appendix.given_text(given, ("A", "m", 2), "save_s", 94.0) == "94.0"
    assert appendix.given_text(given, ("A", "m", 1), "save_s", 178.0) == "178.0"  # another value than the CSV's


def test_an_imported_aggregate_prints_to_six_significant_digits():
    """Field test 7, m12: a client sweep's aggregate is fio's bytes over its milliseconds, printed as
    2.2844950625874825 beside means of 2.29; a scaling.csv keeps its own text."""
    keys = ("system", "clients", "run")
    given = appendix.as_given(b"system,clients,run,write_gbps\nA,1,1,6.300\n", keys, ("write_gbps",))
    assert appendix._aggregate_text(given, ("A", 1, 1), 6.3) == "6.300"
    assert appendix._aggregate_text(given, ("A", 2, 1), 2.2844950625874825) == "2.2845"
    assert appendix._aggregate_text(given, ("A", 2, 2), 4.9516147137286275) == "4.95161"
    assert appendix._aggregate_text(given, ("A", 3, 1), 12.0) == "12"


def test_inputs_printed_as_supplied_say_so():
    """The appendix prints each CSV cell as the file writes it ("188.1", "8.0"): its captions say so."""
    ctx, _m = build(DATA)
    captions = {b.id: b.caption for b in section(ctx, "raw").blocks}
    assert captions["raw-saves"] == "save_times.csv: every save time, its numbers as supplied"
    assert captions["raw-loads"] == "load_times.csv: every load time, its numbers as supplied"


def test_restore_times_print_as_given_and_memory_loads_are_marked():
    """Cold read 11, m6 and m7: async-70b's restores (212.4, 208.9, 215.1 s on Parallel NFS; 61.3 s … on Mingxin
    FX100) are attached but were not printed, unlike every other input; fio-local's load_times table, reading tmpfs,
    carried no mark while its saves' tables did. A test without restores prints no restore table."""
    ctx, _m = build(ROOT / "examples" / "async-70b")
    tables = {t.id: t for t in section(ctx, "raw").blocks if isinstance(t, Table)}
    restores = tables["raw-restores"]
    assert restores.caption == "restore_times.csv: every restore time, its numbers as supplied"
    assert restores.rows[:4] == (
        ("Parallel NFS (existing)", "70B full fine-tune", "1", "212.4"),
        ("Parallel NFS (existing)", "70B full fine-tune", "2", "208.9"),
        ("Parallel NFS (existing)", "70B full fine-tune", "3", "215.1"),
        ("Mingxin FX100", "70B full fine-tune", "1", "61.3"),
    )
    assert restores.illustrative == "illustrative"
    ctx, _m = build(FIO_EXAMPLE)
    tables = {t.id: t for t in section(ctx, "raw").blocks if isinstance(t, Table)}
    assert tables["raw-loads"].illustrative == "reads_memory"  # field test 7, m16
    ctx, _m = build(DATA)
    assert "raw-restores" not in {t.id for t in section(ctx, "raw").blocks if isinstance(t, Table)}


def test_the_csvs_other_columns_are_printed_with_their_rows():
    """Cold read 15, M3: retune's save_times.csv notes its slowest Old NAS run "warm cache" and load_times.csv names
    each load's operator: the figures ignore those columns (CONTRACT.md), Appendix A prints them beside their rows;
    data/ has none, and no empty column."""
    ctx, _m = build(FIXTURES / "retune")
    tables = {b.id: b for b in section(ctx, "raw").blocks if isinstance(b, Table)}
    saves, loads = tables["raw-saves"], tables["raw-loads"]
    assert saves.columns[-1].label == "Other columns" and loads.columns[-1].label == "Other columns"
    assert ("Old NAS", "32B", "16", "64", "3", "120", "note: warm cache") in saves.rows
    assert ("Old NAS", "32B", "16", "64", "2", "110", "") in saves.rows
    assert ("Array X", "32B", "Atlas 910B", "64", "2", "12", "operator: amy") in loads.rows
    ctx, _m = build(DATA)
    for table in (b for b in section(ctx, "raw").blocks if isinstance(b, Table)):
        assert "Other columns" not in [c.label for c in table.columns]


def test_the_bandwidth_runs_caption_names_bandwidth_csv_only_where_every_run_is_in_it():
    """Cold read 22, m2: the imports fixture's fio run sat under "bandwidth.csv: summarised per run"; the fio example
    has no bandwidth.csv at all (Chinese reading 22, m2)."""
    captions = {}
    for name, path in (("default", DATA), ("imports", FIXTURES / "imports"), ("fio", ROOT / "examples" / "fio-local")):
        ctx, _m = build(path)
        raw = section(ctx, "raw")
        captions[name] = next(b.caption for b in raw.blocks if getattr(b, "id", "") == "raw-bandwidth")
    assert captions["default"] == "bandwidth.csv: summarised per run"
    assert captions["imports"] == (
        "Write bandwidth: summarised per run, each given in bandwidth.csv or imported from tool output (see “Test "
        "setup and data sources”)"
    )
    assert captions["fio"].startswith("Write bandwidth: summarised per run, every run imported from tool output")


def test_a_run_s_time_span_prints_the_decimals_its_times_need():
    """Cold read 28, m4: fio-local's tmpfs logs end at 3.25 s; "0.0–3.2" read as an irregular last sample."""
    from report.sections.appendix import _span

    assert _span(0.0, 3.25) == "0.00–3.25" and _span(0.0, 3.5) == "0.0–3.5" and _span(1, 60) == "1.0–60.0"
    assert _span(0.1, 1 / 3) == "0.100–0.333"


def test_numbers_as_supplied_in_an_edition_that_renames_the_systems():
    """Cold read 13b, X: Appendix A printed "82.4" "as supplied" where the CSV holds 82.40: the English edition of a
    Chinese test prints the systems' English names, under which the CSV's own text was not found. outlier_scrub's
    save_times.csv gives 现网 Ceph RBD 存储池's run 3 as "52.50" and its size as "280"; both editions print them so."""
    for language, system in (("en", "Ceph RBD pool (existing)"), ("zh-CN", "现网 Ceph RBD 存储池")):
        ctx, _m = build_printed(FIXTURES / "outlier_scrub", language)
        table = next(b for s in ctx.sections for b in s.blocks if getattr(b, "id", "") == "raw-saves")
        (row,) = [r for r in table.rows if r[0] == system and r[4] == "3"]
        assert (row[3], row[5]) == ("280", "52.50"), language


def test_a_short_tail_is_printed_not_cut(folder):
    """Cold read 20, AB minor: Table 21 printed 40 of 42 rows, leaving out two of the 64-node runs behind page 2's
    figure. 10 rows of the fixture + 40 more = 50 rows, at most 40 + 40 // 4 = 50: every row prints; 51 are cut to 40."""
    data = folder("repeated")
    source = (data / "save_times.csv").read_text()
    assert source.count("\n") - 1 == 10
    rows = "".join(f"{r},Old NAS,{100 + r % 7},32B,16,64,\n" for r in range(4, 44))
    (data / "save_times.csv").write_text(source + rows)
    ctx, _ = build(data)
    raw = section(ctx, "raw").blocks[0]
    assert len(raw.rows) == 50 and not (raw.note or "").startswith("First")
    (data / "save_times.csv").write_text(source + rows + "44,Old NAS,102,32B,16,64,\n")
    ctx, _ = build(data)
    raw = section(ctx, "raw").blocks[0]
    assert len(raw.rows) == 40 and raw.note.startswith("First 40 of 51 rows")
