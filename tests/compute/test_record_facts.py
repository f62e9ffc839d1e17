"""What the record says of who ran the test and of the baseline's state during the runs (report/compute/record_facts.py):
zh reading 17, V M3 and W M7 (the candidate's vendor ran the test, nothing said of it or of witnessing); cold read
17, W-M2 (a production baseline whose load during the runs the record does not give)."""

from report.compute import compute
from report.compute.findings import decide
from report.compute.record_facts import maker
from report.inputs.joint_test import read_joint_test
from tests.conftest import FIXTURES
from tests.sections.helpers import build, build_printed, section, texts


def _found(folder, finding_id):
    test = read_joint_test(folder)
    return decide(test, compute(test)).get(finding_id)


def test_a_system_s_maker_is_the_first_word_of_its_name_when_that_is_a_name():
    assert maker("Lanshi LS-3600 all-flash parallel file system") == "Lanshi"
    assert maker("岚石 LS-3600 全闪存并行文件系统") == "岚石"
    # a state, a place or a model number names no company
    assert maker("existing Hongchuan HC-200 NAS") is None
    assert maker("现网 鸿川 HC-200 分布式 NAS") is None
    assert maker("Local NVMe RAID-0 (per node)") is None
    assert maker("FX100 array") is None


def test_a_testing_party_that_names_the_candidate_s_maker_is_said_with_witnessing_not_recorded(folder):
    """fixtures/formal: tested by "Mingxin Storage, solutions lab", the candidate "Mingxin FX100 (2 controllers)"."""
    found = _found(FIXTURES / "formal", "tester_is_vendor")
    assert found is not None and found["maker"] == "Mingxin" and found["witnessed"] is None
    ctx, _m = build(FIXTURES / "formal")
    statement = " ".join(ctx.formal.statement)
    assert (
        "Mingxin Storage, solutions lab, part of Mingxin, the candidate's maker, ran the test and is responsible for "
        "the measurements it records; figures taken from other sources are printed as given, with their sources. "
        "Witnessing is not recorded." in statement
    )
    data = folder("formal")
    toml = data / "test.toml"
    text = toml.read_text()
    witnessed = text.replace(
        'software = "PyTorch 2.5, torch.distributed.checkpoint"',
        'software = "PyTorch 2.5, torch.distributed.checkpoint"\nwitness = "runs 1 to 5 witnessed by Chen Jie of the centre"',
    )
    toml.write_text(witnessed)
    assert _found(data, "tester_is_vendor")["witnessed"] == ("environment", 2)
    ctx, _m = build(data)
    assert "On witnessing, the test record gives: “runs 1 to 5 witnessed by Chen Jie of the centre”." in " ".join(
        ctx.formal.statement
    )
    toml.write_text(text.replace("Mingxin Storage, solutions lab", "Eastlake Test Lab"))
    assert _found(data, "tester_is_vendor") is None
    ctx, _m = build(data)
    assert "vendor" not in " ".join(ctx.formal.statement)


def test_a_baseline_in_service_whose_load_is_unrecorded_is_asked_for_first(folder):
    """Cold read 17, W-M2: the baseline an existing production NAS, and nothing of what else ran on it. A line that
    gives its other load asks nothing; the load baseline's line alone is not the save baseline's."""
    data = folder("economics")
    toml = data / "test.toml"
    text = toml.read_text()
    start = text.rindex("[environment]")
    toml.write_text(text[:start] + '[environment]\n"baseline storage" = "Old NAS, the existing production filer"\n')
    assert _found(data, "baseline_in_service") is not None
    ctx, _m = build(data)
    steps = texts(section(ctx, "gates").blocks)
    first = next(i for i, t in enumerate(steps) if t.startswith("Record what else ran on Old NAS during the runs"))
    assert steps[first].endswith("which would make the speedup larger than a quiet Old NAS gives.")
    quiet = '"baseline storage" = "Old NAS, the existing production filer, other jobs paused during the runs"\n'
    toml.write_text(text[:start] + "[environment]\n" + quiet)
    assert _found(data, "baseline_in_service") is None
    toml.write_text(text[:start] + '[environment]\n"load baseline storage" = "Old NFS, existing model share"\n')
    assert _found(data, "baseline_in_service") is None


def test_a_staging_line_counting_saves_the_save_times_do_not_hold_is_not_verified(tmp_path):
    """zh reading 18, X-M6: the record's staging line gives its median over "30 saves of DeepSeek-V3" where the save
    times hold 15. Here 3 + 3 saves of model M: a line counting 12 of M is not verified, one counting 6 is."""
    from tests.compute.test_findings import write_folder
    from tests.compute.test_risks import ASYNC_TOML

    line = '\n[environment]\nstaging = "4 s and 8 s: the median the trainer logged over {n} saves of M"\n'
    path = write_folder(tmp_path / "twelve", ASYNC_TOML + line.format(n=12), [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    found = _found(path, "staging_unverified")
    assert found is not None and found.scope.kind == "test"
    assert (found["line"], found["model"], found["said"], found["rows"]) == (0, "M", 12, 6)
    ctx, _m = build(path)
    assert (
        "The “staging” line above gives the staging times over 12 saves of M; the attached save times hold 6 of it. "
        "The staging times are not verified by any attached record." in texts(section(ctx, "setup").blocks)
    )
    path = write_folder(tmp_path / "six", ASYNC_TOML + line.format(n=6), [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    assert _found(path, "staging_unverified") is None


def test_an_untimed_restore_says_what_reading_back_would_take_and_whom_the_equal_recovery_favours(tmp_path):
    """Cold read 18, Y minor 6; cold read 19, AA-M5. write_folder's model M is 10 GB, its bandwidth logs 2 and 8 GB/s:
    read back at those rates, 10 / 2 = 5 s on Base and 10 / 8 = 1.25 s on Cand; the equal recovery favours Base."""
    from tests.compute.test_findings import TOML, write_folder

    path = write_folder(tmp_path / "untimed", TOML, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    found = _found(path, "restore_untimed")
    assert found is not None and found.scope.items == ("baseline",) and not found.scope.whole
    assert found["read_s"] == {"baseline": 5.0, "candidate": 1.25} and found["size_gb"] == 10
    ctx, _m = build(path)
    said = " ".join(
        texts(section(ctx, "reliability").blocks)
        + [t.note for t in section(ctx, "reliability").blocks if hasattr(t, "note")]
    )
    assert (
        "At each system's measured write bandwidth, reading the 10 GB checkpoint back would take about 5 s on Base "
        "and 1.25 s on Cand: the equal recovery favours Base." in said
    )
    steps = " ".join(t for s in ctx.sections for t in texts(s.blocks))
    assert (
        "Time a restore on each system: the failure figures give each the same recovery, the assumed restart time, "
        "which favours Base, the slower of the two to read its checkpoint back." in steps
    )


def test_the_decision_page_says_who_ran_the_test_and_what_the_record_says_of_witnessing(folder):
    """zh reading 19, AA-M2: the vendor's own test, witnessing not recorded, said only in the statement; Z's record
    names an independent tester and the customer's witness. fixtures/formal: "Mingxin Storage, solutions lab" for
    "Mingxin FX100 (2 controllers)", no witnessing line."""
    found = _found(FIXTURES / "formal", "test_party")
    assert found is not None and found.scope.kind == "test"
    assert (found["maker"], found["witnessed"], found["clause"]) == ("Mingxin", None, 0)
    ctx, _m = build(FIXTURES / "formal")
    assert ctx.cover.tested_by == (
        "Mingxin Storage, solutions lab, part of the candidate's maker Mingxin; witnessing is not recorded"
    )
    data = folder("formal")
    toml = data / "test.toml"
    text = toml.read_text()
    # the record's line in two clauses, the second the one on witnessing: the page quotes that one
    line = 'witness = "the lab ran the timing scripts; runs 1 to 5 witnessed by Chen Jie of the centre."'
    toml.write_text(
        text.replace("Mingxin Storage, solutions lab", "Eastlake Test Lab").replace(
            'software = "PyTorch 2.5, torch.distributed.checkpoint"',
            'software = "PyTorch 2.5, torch.distributed.checkpoint"\n' + line,
        )
    )
    found = _found(data, "test_party")
    assert (found["maker"], found["witnessed"], found["clause"]) == (None, ("environment", 2), 1)
    ctx, _m = build(data)
    assert (
        ctx.cover.tested_by == "Eastlake Test Lab; the record gives: “runs 1 to 5 witnessed by Chen Jie of the centre”"
    )


def test_a_record_that_names_no_testing_party_has_no_line_on_who_ran_it():
    assert _found(FIXTURES / "economics", "test_party") is None
    ctx, _m = build(FIXTURES / "economics")
    assert ctx.cover.tested_by == ""


def test_the_chinese_decision_page_says_the_vendor_ran_the_test_unwitnessed():
    """fixtures/formal_zh: "铭芯存储解决方案实验室" for "铭芯 FX100（双控）" (the space before a Chinese maker's name
    goes where the page is typeset, between two Chinese characters)."""
    ctx, _m = build_printed(FIXTURES / "formal_zh", "zh-CN")
    assert ctx.cover.tested_by == "铭芯存储解决方案实验室，属被测产品厂商 铭芯；测试记录未载明委托方是否见证"
