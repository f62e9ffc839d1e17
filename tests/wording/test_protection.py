"""Each save system's data protection as the test record names it: a limit of the comparison where the two differ or
one is not recorded (cold read 12, W-M5: CubeFS's "three replicas" beside an XY-3600 whose protection the record does
not give; V-m9: Gen5 scratch's md RAID-5 beside TS-90's, unrecorded)."""

from report import i18n
from report.wording.protection import protection
from tests.sections.helpers import build, section, texts


def _with(folder, baseline: str, candidate: str):
    """The repeated fixture (Old NAS against Array X) with an [environment] line for each save system."""
    data = folder("repeated")
    toml = data / "test.toml"
    toml.write_text(
        toml.read_text() + f'\n[environment]\n"baseline storage" = "{baseline}"\n"candidate storage" = "{candidate}"\n'
    )
    return data


def test_the_record_s_words_for_protection_are_found_as_written():
    assert protection(["10 hybrid servers (SSD cache + HDD), three replicas"]) == ["three replicas"]
    assert protection(["6 x 7.68 TB Gen5 NVMe per node, md RAID-5, XFS"]) == ["RAID-5"]
    assert protection(["12 nodes, EC 8+2, NVMe"]) == ["EC 8+2"]
    assert protection(["现网 CubeFS 3.3，10 台混合盘服务器（SSD 缓存 + HDD），三副本"]) == ["三副本"]
    # cold read 13b, Y (zh): MooseFS's "副本数 2" (its goal 2) was not found, so the Chinese edition said nothing
    assert protection(["现网 MooseFS 3.0，8 台数据块服务器各 12 块 HDD，副本数 2"]) == ["副本数 2"]
    assert protection(["Xingyan XY-3600, 6 nodes, 72 x 7.68 TB NVMe, native client over RDMA"]) == []


def test_every_common_way_of_writing_a_scheme_is_found_in_english_and_chinese():
    """Cold read 13b, Y: MooseFS's "goal 2 (two copies)" was found only by its gloss; a record that wrote "goal 2"
    alone, "replication factor 3" or "8+2 EC" named no protection, and the limit of the comparison went unsaid. A gloss
    in brackets is one scheme with what it glosses."""
    assert protection(["1 master, 8 chunk servers with 12 HDD each, goal 2 (two copies)"]) == ["goal 2 (two copies)"]
    assert protection(["MooseFS 3.0, goal=3"]) == ["goal=3"]
    assert protection(["HDFS 3.3, replication factor 3"]) == ["replication factor 3"]
    assert protection(["Ceph Reef, RF=3, BlueStore"]) == ["RF=3"]
    assert protection(["MinIO, 3x replication"]) == ["3x replication"]
    assert protection(["Ceph pool, erasure code 8+3"]) == ["erasure code 8+3"]
    assert protection(["VAST, 8+2 EC, QLC"]) == ["8+2 EC"]
    assert protection(["2 x 3.84 TB E1.S NVMe per tray, md RAID-1, XFS"]) == ["RAID-1"]
    assert protection(["每节点 12 块盘，RAID 6"]) == ["RAID 6"]
    assert protection(["CubeFS，副本数为 3"]) == ["副本数为 3"]
    assert protection(["MooseFS，副本数：2"]) == ["副本数：2"]
    assert protection(["每个数据块 3 个副本"]) == ["3 个副本"]
    assert protection(["纠删码 8+2，24 块 NVMe"]) == ["纠删码 8+2"]
    assert protection(["8+2 纠删码"]) == ["8+2 纠删码"]
    assert protection(["6 nodes, 2 x 200 Gb/s each, 1 MiB blocks, 12 HDD each"]) == []


def test_one_system_s_protection_unrecorded_is_a_limit_and_a_next_step(folder):
    data = _with(folder, "NAS filer, 2 controllers, three replicas", "12 NVMe nodes, native client")
    ctx, _m = build(data)
    setup = texts(section(ctx, "setup").blocks)
    assert (
        "The test record names three replicas for Old NAS and no data protection for Array X: whether the two protect "
        "checkpoints alike, and what a save writes for it, is not recorded, so each save ratio in this report compares "
        "the two with whatever protection each had, not the storage alone." in setup
    )
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert "Record how Array X protects its data (replicas, erasure coding or RAID)" in steps
    with i18n.activate("zh-CN"):
        ctx, _m = build(data)
    assert any(
        t.startswith("测试记录写明Old NAS采用three replicas，却没有记录Array X的数据保护方式")
        for t in texts(section(ctx, "setup").blocks)
    )


def test_two_schemes_differ_and_one_scheme_on_both_is_no_limit(folder):
    ctx, _m = build(_with(folder, "NAS filer, RAID-6", "flash array, EC 8+2"))
    assert (
        "The two systems protect their data differently in the test record: RAID-6 for Old NAS, EC 8+2 for Array X. "
        "A save writes what its protection adds, so each save ratio in this report compares the two with their "
        "protection, not the storage alone." in texts(section(ctx, "setup").blocks)
    )
    assert "Record how" not in " ".join(texts(section(ctx, "gates").blocks))
    ctx, _m = build(_with(folder, "NAS filer, three replicas", "flash array, three replicas"))
    assert not any("protect" in t for t in texts(section(ctx, "setup").blocks))


def test_a_scheme_glossed_in_brackets_is_said_once_with_its_gloss():
    """zh reading 14c, Q-m4: "md RAID-10（两组镜像）" was said "BX-4 为 RAID-10 和镜像", one scheme named twice (RAID-10
    is the mirroring). A bracket right after a scheme that names a scheme is that scheme's gloss, printed with it."""
    assert protection(["4 x 7.68 TB E3.S NVMe, md RAID-10 (two mirrored pairs), XFS"]) == [
        "RAID-10 (two mirrored pairs)"
    ]
    assert protection(["4 块 7.68 TB E3.S NVMe，md RAID-10（两组镜像），XFS"]) == ["RAID-10（两组镜像）"]
    # the mirroring said again later in the line is the same scheme (Q's record: "（每组镜像可容忍一块盘故障…）")
    q = "4 块 E3.S NVMe，md RAID-10（两组镜像），XFS；该部分只留在该节点上（每组镜像可容忍一块盘故障）"
    assert protection([q]) == ["RAID-10（两组镜像）"]
    # a bracket that names no scheme is no gloss, and a scheme of its own later in the line is still found
    assert protection(["纠删码 8+2（容忍任意 2 个节点故障），三副本元数据"]) == ["纠删码 8+2", "三副本"]
    assert protection(["RAID-6 (12 drives), mirrored journal"]) == ["RAID-6", "mirrored"]


def test_a_scheme_the_record_denies_keeps_its_denial_and_a_mirrored_cache_is_no_scheme():
    """Cold read 19, Z-B2: "mirror for Local NVMe" of a record reading "no RAID, no mirror and no copy to another
    server"; AA minor 4: "mirrored for BX-40" of "RAID-6 per disk group, mirrored cache"."""
    assert protection(["one 7.68 TB drive, XFS, no RAID, no mirror and no copy to another server"]) == ["no mirror"]
    assert protection(["每台服务器 1 块盘，XFS，不做 RAID、不做镜像，也不复制到其他服务器"]) == ["不做镜像"]
    assert protection(["erasure coding 16+2, not mirrored"]) == ["erasure coding 16+2", "not mirrored"]
    assert protection(["RAID-6 per disk group, mirrored cache"]) == ["RAID-6"]
    assert protection(["节点间 8+2 纠删码，缓存盘镜像"]) == ["8+2 纠删码"]  # Y's zh record line (record19)
    assert protection(["RAID-10 (two mirrored pairs)"]) == ["RAID-10 (two mirrored pairs)"]


def test_each_system_s_protection_from_its_own_clauses(folder):
    """Cold read 18, X minor 1: "erasure coding and mirror for NX-80" when the record gives NX-80 16+2 erasure coding
    and the mirror is the other system's: a line naming one system in one of its clauses ("the partner mirror shares
    the storage fabric") lends that system none of its other clauses; a count before a scheme is printed with it."""
    assert protection(["NX-80: 16+2 erasure coding across its disk pools, battery-backed write cache"]) == [
        "16+2 erasure coding"
    ]
    data = _with(folder, "NAS filer", "flash array")
    toml = data / "test.toml"
    toml.write_text(
        toml.read_text()
        + '"data protection" = "Array X: mirrored to a partner node; Old NAS: 16+2 erasure coding"\n'
        + 'network = "400 GbE fabric; Old NAS on 4 x 100 GbE; the partner mirror shares the fabric"\n'
    )
    ctx, _m = build(data)
    said = [t for t in texts(section(ctx, "setup").blocks) if "protect their data differently" in t]
    assert said and said[0].startswith(
        "The two systems protect their data differently in the test record: 16+2 erasure coding for Old NAS, "
        "mirrored for Array X."
    )
