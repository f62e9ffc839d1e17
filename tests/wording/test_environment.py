"""The test environment in full (issue 45): what a formal report states and the record does not give is said under
the environment table and asked for in the next steps; a record that gives everything asks for nothing."""

from report import i18n
from report.compute import compute
from report.document.blocks import Items, Para
from report.inputs.joint_test import read_joint_test
from report.wording.base import Words
from report.wording.environment import missing
from tests.conftest import DATA, FIXTURES, PROVENANCE
from tests.sections.helpers import build, section

FULL = """
[environment]
clients      = "2 servers with 8 H100 GPUs each"
network      = "2 x 200 Gb/s RoCE per server, one leaf switch"
"FX100"      = "2 controllers, 24 NVMe SSDs, RAID 6, 368 TB, firmware 3.2"
"access"     = "NFSv4.1 over RDMA, mounted with nconnect=16"
method       = "fio 3.35, 1 MiB sequential writes, 16 jobs, queue depth 32"
"page cache" = "dropped before each read (echo 3 > /proc/sys/vm/drop_caches)"
"""


def _words(folder):
    test = read_joint_test(folder)
    return Words(test, compute(test), {}, PROVENANCE)


def test_the_parts_a_record_does_not_give_are_found():
    # a formal report ([report] given) asks too for what a Chinese test report carries (Chinese reading 18, X-M7)
    assert missing(_words(FIXTURES / "formal")) == [
        "accelerators",
        "storage",
        "protocol",
        "basis",
        "samples",
        "conditions",
        "uncertainty",
    ]
    # fixtures/economics: clients and NICs, O_DIRECT; no source note, so no method
    assert missing(_words(FIXTURES / "economics")) == ["accelerators", "storage", "protocol", "method"]
    assert missing(_words(DATA)) == ["accelerators", "storage", "protocol", "network", "clients", "method", "caches"]


def test_a_full_record_asks_for_nothing(folder):
    data = folder("economics")
    toml = (data / "test.toml").read_text()
    start = toml.rindex("[environment]")
    (data / "test.toml").write_text(toml[:start] + FULL)
    assert missing(_words(data)) == []
    ctx, _m = build(data)
    assert not any("formal test report" in p.text for s in ctx.sections for p in _paras(s.blocks))


def _paras(blocks):
    for b in blocks:
        if isinstance(b, Para):
            yield b
        elif isinstance(b, Items):
            yield from b.items


def test_what_is_missing_is_said_under_the_environment_and_asked_for_in_the_next_steps():
    ctx, _m = build(FIXTURES / "formal")
    setup = [p.text for p in _paras(section(ctx, "setup").blocks)]
    assert (
        "The record above does not give the accelerators' model, each storage system's configuration (controllers, "
        "drives, RAID or erasure coding, capacity, firmware), the protocol or file system each is reached by, with "
        "its mount options, the test plan or standard the test followed, with its version, the samples' identity "
        "(models, serial numbers, quantities), the ambient conditions (temperature, humidity) and the measurement "
        "uncertainty, or how it was estimated; the next steps ask for them."
    ) in setup
    steps = [p.text for p in _paras(section(ctx, "gates").blocks)]
    assert any(
        t.startswith("Record the test environment in full, as a formal test report states it: the ") for t in steps
    )
    ctx, _m = build(DATA)  # nothing recorded: said in its place
    assert any(
        t.startswith("No test environment was recorded for this test: a formal test report states the accelerators")
        for t in (p.text for p in _paras(section(ctx, "setup").blocks))
    )


def test_ceph_alone_names_no_access_path():
    """Cold read 7: "the test record names CephFS for Ceph" of a record saying "Ceph Reef, 12 OSD hosts, 3×
    replication, RBD with XFS on each node": Ceph reached through RBD block devices, not CephFS. The name of the
    system is no access path; CephFS and RBD are."""
    from report.wording.environment import _tokens

    assert _tokens("Ceph Reef, 12 OSD hosts, 3× replication, RBD with XFS on each node") == ["RBD"]
    assert _tokens("CephFS (Reef), kernel client") == ["CephFS"]
    assert _tokens("Ceph Reef cluster") == []


def test_a_storage_s_own_client_or_mount_is_an_access_path():
    """Cold read 14, P: "no access path is recorded for LF-760" of "native parallel client (POSIX)" (zh "原生并行客户端
    （POSIX）"). A storage's own client, POSIX, GPUDirect are access paths, in either language; a kernel client, or the
    word "client" for the servers, is not one of its own."""
    from report.wording.environment import _tokens

    assert _tokens("8 storage nodes, erasure coding 8+2, native parallel client (POSIX)") == [
        "native parallel client (POSIX)"
    ]
    assert _tokens("8 个存储节点，纠删码 8+2，原生并行客户端（POSIX）") == ["原生并行客户端（POSIX）"]
    assert _tokens("专用客户端挂载，GPUDirect Storage") == ["GPUDirect", "专用客户端"]
    assert _tokens("proprietary client over RDMA") == ["RDMA", "proprietary client"]
    assert _tokens("POSIX, 4 nodes") == ["POSIX"]
    assert _tokens("the job's 32 servers as clients") == []
    assert _tokens("作业的 32 台服务器作为客户端") == []


def test_storage_recorded_as_chinese_engineers_write_it_is_found():
    """Chinese reading 7b (B2): "NG-4，双控，24 块 15.36 TB NVMe" and "Ceph Reef，12 台 OSD 主机，三副本" were said not to
    record the storage's configuration."""
    from report.wording.environment import PARTS

    for text in ("NG-4，双控，24 块 15.36 TB NVMe", "Ceph Reef，12 台 OSD 主机，三副本", "3x replication"):
        assert PARTS["storage"].search(text), text


def test_a_test_that_fio_timed_throughout_asks_for_no_accelerator_model():
    """Field test 8, minor 13: the next steps asked a fio-only joint test (every save, restore and load a fio run, no
    accelerator ran) for "the accelerators' model". A table typed in, or a trainer's log, still asks for it."""
    from tests.conftest import ROOT

    fio_only = _words(ROOT / "examples" / "fio-local")
    assert "accelerators" not in missing(fio_only)
    assert "accelerators" not in missing(_words(FIXTURES / "field6_tmpfs"))
    assert missing(_words(FIXTURES / "formal"))[0] == "accelerators"  # its save times typed into save_times.csv


def test_a_system_s_own_name_is_no_access_path_and_one_path_unrecorded_is_said(tmp_path):
    """Cold read 10, Q-m4 (zh Q-M6): "the test record names BeeGFS for BeeGFS and RDMA for YC-7200": BeeGFS named
    the baseline itself. A token within the system's own name is dropped; where one side then names a path and the
    other none, the note says that, not a difference of paths."""
    import shutil

    from report.wording.environment import access_path_note

    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    toml = (folder / "test.toml").read_text(encoding="utf-8")
    toml = toml.replace("Mingxin FX100", "BeeGFS scratch").replace("Local NVMe (single drive)", "Array X")
    toml += (
        '\n[environment]\n"baseline storage" = "Array X, 6 nodes, native client over RDMA"\n'
        '"candidate storage" = "BeeGFS scratch, 4 servers"\n'
    )
    (folder / "test.toml").write_text(toml, encoding="utf-8")
    for name in ("save_times.csv", "bandwidth.csv", "load_times.csv"):
        text = (folder / name).read_text(encoding="utf-8")
        text = text.replace("Mingxin FX100", "BeeGFS scratch").replace("Local NVMe (single drive)", "Array X")
        (folder / name).write_text(text, encoding="utf-8")
    test = read_joint_test(folder)
    note = access_path_note(Words(test, compute(test), {}, PROVENANCE))
    assert note is not None and note.text == (
        "The test record names RDMA and native client for Array X and no access path for BeeGFS scratch, so whether the "
        "two reach their storage alike is not recorded: each ratio in this report measures the storage and its access "
        "path together."
    )


def test_accelerator_models_as_a_record_names_them():
    """Chinese reading 11, S-m1: "48 × quad GH200" called no accelerator model, beside the record that names it."""
    from report.wording.environment import PARTS

    for text in ("48 × quad GH200 (4 GPUs per node)", "NVL72 of GB200", "8 × H20", "L40S", "Atlas 800T A2", "MI300X"):
        assert PARTS["accelerators"].search(text), text
    assert not PARTS["accelerators"].search("2 × 400 Gb/s NDR per node")


def test_a_line_of_both_systems_gives_each_its_own_clauses(tmp_path):
    """Scaling reading 16, M3: "protocol: HX-20: native client over RDMA (RoCE v2); CV-300: NFS v4.1 over TCP,
    nconnect=16" names both systems, so it was no one's, and the report said "no access path for CV-300". Each clause
    naming one system is now that system's; "native client" is dropped beside the "native parallel client (POSIX)" the
    same system's line gives."""
    import shutil

    from report.wording.environment import access_path_note

    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    names = (("Mingxin FX100", "Lake scratch"), ("Local NVMe (single drive)", "Array X"))
    toml = (folder / "test.toml").read_text(encoding="utf-8")
    for old, new in names:
        toml = toml.replace(old, new)
    toml += (
        '\n[environment]\n"baseline storage" = "Array X, 6 nodes, native parallel client (POSIX)"\n'
        '"candidate storage" = "Lake scratch, 4 servers"\n'
        '"protocol" = "Array X: native client over RDMA (RoCE v2); Lake scratch: NFS v4.1 over TCP, nconnect=16"\n'
    )
    (folder / "test.toml").write_text(toml, encoding="utf-8")
    for name in ("save_times.csv", "bandwidth.csv", "load_times.csv"):
        text = (folder / name).read_text(encoding="utf-8")
        for old, new in names:
            text = text.replace(old, new)
        (folder / name).write_text(text, encoding="utf-8")
    test = read_joint_test(folder)
    note = access_path_note(Words(test, compute(test), {}, PROVENANCE))
    assert note is not None and note.text == (
        "The two systems differ in more than the storage: the test record names native parallel client (POSIX), RDMA "
        "and RoCE for Array X and NFS v4.1, TCP and nconnect=16 for Lake scratch, so each ratio in this report "
        "measures the storage and its access path together, not the storage alone."
    )


def test_a_local_file_system_is_a_path_and_a_line_s_clauses_go_to_the_system_they_name(tmp_path):
    """Cold read 17, V-M3: "names native parallel client (POSIX), RDMA, RoCE and TCP for VM-12 and no access path for
    Local RAID-10", where the record said "Local RAID-10: the tray's own XFS file system, no network" and the TCP was
    the load baseline's ("RoCE v2 to VM-12, TCP to QN-8"). A node's own file system is its path; a line naming one
    save system and the load baseline gives that system only the clauses naming it."""
    import shutil

    from report.wording.environment import access_path_note

    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    for name in ("test.toml", "load_times.csv"):  # a load baseline named as a filer is ("NFS" is a protocol too)
        text = (
            (folder / name)
            .read_text(encoding="utf-8")
            .replace('"NFS"', '"QN-8 filer"')
            .replace("\nNFS,", "\nQN-8 filer,")
        )
        (folder / name).write_text(text, encoding="utf-8")
    test = read_joint_test(folder)
    systems = test.config.systems
    assert systems.load_baseline == "QN-8 filer" != systems.save_baseline
    toml = (folder / "test.toml").read_text(encoding="utf-8") + (
        "\n[environment]\n"
        f'"protocol" = "{systems.candidate}: native client over RDMA; {systems.save_baseline}: its own XFS file system, '
        'no network"\n'
        f'"client links" = "2 x 200 Gb/s a node (RoCE v2 to {systems.candidate}, TCP to QN-8)"\n'
    )
    (folder / "test.toml").write_text(toml, encoding="utf-8")
    test = read_joint_test(folder)
    note = access_path_note(Words(test, compute(test), {}, PROVENANCE))
    assert note is not None
    assert (
        f"names a local file system, no network for {systems.save_baseline} and RDMA, native client and RoCE for"
        in (note.text)
    )
    assert "TCP" not in note.text


def test_a_chinese_client_term_is_listed_once():
    """Chinese reading 17, W minor 6: "原生并行客户端（POSIX）、RDMA、RoCE 和原生客户端" repeated the client; a Chinese
    term is held by another by its characters, as an English one by its words."""
    from report.wording.environment import _distinct

    assert _distinct(["原生并行客户端（POSIX）", "RDMA", "RoCE", "原生客户端"]) == [
        "原生并行客户端（POSIX）",
        "RDMA",
        "RoCE",
    ]
    assert _distinct(["专用客户端", "原生客户端"]) == ["专用客户端", "原生客户端"]  # neither holds the other
    assert _distinct(["native parallel client (POSIX)", "RDMA", "native client"]) == [
        "native parallel client (POSIX)",
        "RDMA",
    ]


def test_a_line_labelled_as_the_accelerators_names_their_model(folder):
    """Cold read 17, W minor 1: "The record above does not give the accelerators' model" beside the table's first row,
    "accelerator: Cambricon MLU590 training cards". A model token in a line its label calls the accelerators' names
    them; a count alone in such a line does not."""
    data = folder("economics")
    toml = (data / "test.toml").read_text()
    start = toml.rindex("[environment]")
    body = FULL.replace('clients      = "2 servers with 8 H100 GPUs each"', 'clients = "2 servers"')
    named = body + 'accelerator = "Cambricon MLU590 training cards, 8 per server"\n'
    (data / "test.toml").write_text(toml[:start] + named)
    assert missing(_words(data)) == []
    (data / "test.toml").write_text(toml[:start] + body + '"加速卡" = "每台服务器 8 张"\n')
    assert missing(_words(data)) == ["accelerators"]
    (data / "test.toml").write_text(toml[:start] + body + '"加速卡型号" = "寒武纪思元 590 训练加速卡"\n')
    assert missing(_words(data)) == []
    # cold read 19, AA-B1: a model written as a word and its number
    max_1550 = 'accelerator = "Intel Data Center GPU Max 1550 (128 GB HBM2e each), 4 per node"\n'
    (data / "test.toml").write_text(toml[:start] + body + max_1550)
    assert missing(_words(data)) == []


FORMAL_RECORD = """
"gate targets" = "agreed on 2026-11-02 in test plan GJ-LH-TP-05, section 2"
"samples"      = "FX100 serial numbers FX1-0042 and FX1-0043"
"tools"        = "fio 3.41"
"site"         = "machine room at 23 °C, 45% relative humidity"
"repeatability" = "uncertainty estimated from the runs' spread"

[report]
number = "R-1"
"""


def test_a_formal_report_names_its_basis_and_asks_once_for_what_a_test_report_carries(folder):
    """Chinese reading 18, X-M7 and Y-M6: no 检测依据, 样品描述, tool versions, environment conditions or measurement
    uncertainty. A formal report's record that names them asks for none of them, and prints the test plan it names
    as the basis; one that does not asks for them in the one line that asks for the environment."""
    data = folder("economics")
    toml = (data / "test.toml").read_text()
    (data / "test.toml").write_text(toml[: toml.rindex("[environment]")] + FULL + FORMAL_RECORD)
    assert missing(_words(data)) == []
    ctx, _m = build(data)
    setup = [p.text for p in _paras(section(ctx, "setup").blocks)]
    assert "Basis of the test: test plan GJ-LH-TP-05, section 2, as the test record names it." in setup
    (data / "test.toml").write_text(toml[: toml.rindex("[environment]")] + FULL + '\n[report]\nnumber = "R-1"\n')
    # FULL names fio 3.35 and firmware 3.2: the tools' versions are given
    assert missing(_words(data)) == ["basis", "samples", "conditions", "uncertainty"]
    ctx, _m = build(data)
    steps = [p.text for p in _paras(section(ctx, "gates").blocks) if "formal test report" in p.text]
    assert len(steps) == 1 and "the samples' identity (models, serial numbers, quantities)" in steps[0]
    assert not any(p.text.startswith("Basis of the test") for p in _paras(section(ctx, "setup").blocks))
    with i18n.activate("zh-CN"):
        ctx, _m = build(FIXTURES / "formal_zh")
    setup = [p.text for p in _paras(section(ctx, "setup").blocks)]
    assert any("样品描述（型号、序列号、数量）、环境条件（温度、湿度）和测量不确定度或其评定方法" in t for t in setup)
