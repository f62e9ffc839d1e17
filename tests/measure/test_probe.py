"""What measure learns of the machine: the mount behind a path, fio's version, O_DIRECT, the page cache."""

import os
import stat
from pathlib import Path

import pytest

from report.measure import probe
from report.measure.probe import Mount, Refused

MOUNTINFO = r"""22 1 252:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard
30 22 0:26 / /mnt rw,nosuid shared:5 - nfs4 filer:/export rw,vers=4.2,rsize=1048576
31 22 0:27 / /mntx rw - xfs /dev/nvme0n1 rw,noatime
32 30 0:28 / /mnt/fast\040array rw,relatime - tmpfs tmpfs rw,size=1048576k
"""


def test_the_longest_mount_point_holding_the_path_is_its_mount(tmp_path):
    assert probe.mount_of(tmp_path, "") is None
    cases = {
        "/mnt/ckpt": Mount("/mnt", "nfs4", "filer:/export", "rw,nosuid,vers=4.2,rsize=1048576", "0:26"),
        "/mntx/a": Mount("/mntx", "xfs", "/dev/nvme0n1", "rw,noatime", "0:27"),  # not /mnt: a prefix of the name only
        "/mnt/fast array/run": Mount("/mnt/fast array", "tmpfs", "tmpfs", "rw,relatime,size=1048576k", "0:28"),
        "/home": Mount("/", "ext4", "/dev/vda", "rw,relatime,discard", "252:0"),
    }
    for path, mount in cases.items():
        assert probe.mount_of(path, MOUNTINFO) == mount, path
    assert cases["/mnt/ckpt"].describe() == "nfs4 (filer:/export) mounted at /mnt"


def test_this_machines_own_mounts_are_read():
    mount = probe.mount_of(os.getcwd())
    if os.path.exists("/proc/self/mountinfo"):
        assert mount is not None and mount.fstype


def fake_program(path, text: str, status: int = 0):
    path.write_text(f"#!/bin/sh\necho '{text}'\nexit {status}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_fio_is_found_or_the_refusal_says_how_to_install_it(tmp_path):
    assert probe.fio_version(fake_program(tmp_path / "fio", "fio-3.38")) == "fio-3.38"
    with pytest.raises(Refused, match=r"fio not found \(.*nowhere\): install it \(apt-get install fio"):
        probe.fio_version(str(tmp_path / "nowhere"))
    with pytest.raises(Refused, match=r"did not print fio's version .*'GNU dd'.*is it fio"):
        probe.fio_version(fake_program(tmp_path / "dd", "GNU dd"))


def test_the_direct_io_probe_leaves_nothing_behind(tmp_path):
    assert probe.direct_io_works(tmp_path) in (True, False)
    assert list(tmp_path.iterdir()) == []
    assert probe.direct_io_works(tmp_path / "missing") is False


def test_a_page_cache_that_cannot_be_dropped_says_why(tmp_path, monkeypatch):
    monkeypatch.setattr(probe, "DROP_CACHES", tmp_path / "no-such-dir" / "drop_caches")
    assert "No such file or directory" in probe.drop_page_cache()
    monkeypatch.setattr(probe, "DROP_CACHES", tmp_path / "drop_caches")
    assert probe.drop_page_cache() is None and (tmp_path / "drop_caches").read_text() == "1\n"


def test_free_space_is_the_file_systems():
    free, total = probe.free_bytes(os.getcwd())
    assert 0 <= free <= total


def test_memory_targets_are_not_durable():
    from report.measure.probe import Mount, not_durable

    assert not_durable(Mount("/mnt/r", "tmpfs", "tmpfs", "rw")) == "tmpfs"
    assert not_durable(Mount("/mnt/r", "ramfs", "none", "rw")) == "ramfs"
    assert not_durable(Mount("/mnt/r", "ext4", "/dev/ram0", "rw")) == "a RAM block device (/dev/ram0)"
    assert not_durable(Mount("/mnt/r", "xfs", "/dev/nvme0n1", "rw")) is None
    assert not_durable(None) is None


def fake_sysfs(root, devices: dict[str, dict]) -> Path:
    """/sys/dev/block/MAJ:MIN links to /sys/devices/.../block/NAME folders, with slaves and loop backing files."""
    sys_block, block = Path(root) / "dev" / "block", Path(root) / "devices" / "block"
    sys_block.mkdir(parents=True)
    for name, what in devices.items():
        folder = block / name
        (folder / "slaves").mkdir(parents=True)
        for slave in what.get("slaves", ()):
            (folder / "slaves" / slave).symlink_to(block / slave)
        if "backing" in what:
            (folder / "loop").mkdir()
            (folder / "loop" / "backing_file").write_text(what["backing"] + "\n")
        for part in what.get("partitions", ()):
            (folder / part).mkdir()
            (folder / part / "partition").write_text("1\n")
            (sys_block / what["partitions"][part]).symlink_to(folder / part)
        (sys_block / what["number"]).symlink_to(folder)
    return sys_block


def test_durability_follows_loop_devices_and_stacks_down_to_memory(tmp_path):
    """C21: ext4 on a loop device whose backing file is in tmpfs was measured as durable (only the mount's type and
    a /dev/ram or /dev/zram source were looked at)."""
    ram = tmp_path / "ram"
    ram.mkdir()
    image = ram / "disk.img"
    image.write_bytes(b"")
    gone = tmp_path / "gone.img"
    mountinfo = "\n".join(
        [
            "22 1 252:0 / / rw - ext4 /dev/vda rw",
            f"30 22 0:40 / {ram} rw - tmpfs tmpfs rw",
            "31 22 7:2 / /mnt/loop rw - ext4 /dev/loop2 rw",
            "32 22 253:0 / /mnt/dm rw - xfs /dev/mapper/vg-ckpt rw",
            "33 22 9:0 / /mnt/md rw - ext4 /dev/md0 rw",
            "34 22 253:1 / /mnt/disk rw - xfs /dev/mapper/vg-data rw",
            "35 22 7:3 / /mnt/gone rw - ext4 /dev/loop3 rw",
            "36 22 43:0 / /mnt/nbd rw - ext4 /dev/nbd0 rw",
            "37 22 0:50 / /mnt/nfs rw - nfs4 filer:/x rw",
            "38 22 0:51 / /mnt/ov rw - overlay overlay rw,upperdir=" + str(ram) + "/up",
            "39 22 259:1 / /mnt/part rw - ext4 /dev/nvme0n1p1 rw",
            "40 22 0:52 / /proc rw - proc proc rw",
        ]
    )
    sys_block = fake_sysfs(
        tmp_path / "sys",
        {
            "vda": {"number": "252:0"},
            "loop2": {"number": "7:2", "backing": str(image)},
            "loop3": {"number": "7:3", "backing": f"{gone} (deleted)"},
            "loop4": {"number": "7:4", "backing": str(image)},
            "ram0": {"number": "1:0"},
            "nvme0n1": {"number": "259:0", "partitions": {"nvme0n1p1": "259:1"}},
            "dm-0": {"number": "253:0", "slaves": ["loop4"]},
            "dm-1": {"number": "253:1", "slaves": ["nvme0n1"]},
            "md0": {"number": "9:0", "slaves": ["nvme0n1", "ram0"]},
            "nbd0": {"number": "43:0"},
        },
    )

    def judged(path):
        return probe.durability(path, mountinfo, sys_block)

    assert judged("/srv").medium == "storage" and judged("/srv").layers == ("ext4 (/dev/vda)",)
    assert judged(ram / "x").memory == ("fs", "tmpfs")
    loop = judged("/mnt/loop/ck")
    assert loop.memory == ("loop", "ext4 (/dev/loop2)", str(image), ("fs", "tmpfs"))
    assert loop.layers == ("ext4 (/dev/loop2)", str(image), "tmpfs (tmpfs)")
    dm = judged("/mnt/dm")
    assert dm.memory == ("stack", "xfs (/dev/mapper/vg-ckpt)", ("loop", "/dev/loop4", str(image), ("fs", "tmpfs")))
    assert judged("/mnt/md").memory == ("stack", "ext4 (/dev/md0)", ("ram", "/dev/ram0"))  # a RAM leg
    assert judged("/mnt/disk").medium == "storage"  # device-mapper over a partitioned NVMe drive
    assert judged("/mnt/part").medium == "storage"  # a partition: its disk is looked at
    assert judged("/mnt/gone").unknown == ("loop-gone", "/dev/loop3", f"{gone} (deleted)")
    assert judged("/mnt/nbd").unknown == ("network-block", "/dev/nbd0")
    assert judged("/mnt/nfs").unknown == ("remote", "nfs4")
    assert judged("/mnt/ov/x").memory == ("overlay", f"{ram}/up", ("fs", "tmpfs"))
    assert judged("/proc/1").unknown[0] == "not-block"
    assert probe.durability("/x", "", sys_block).unknown == ("mounts", str(probe.MOUNTINFO))


def test_durability_is_worded_in_both_languages():
    from report.i18n import activate
    from report.measure import words

    part = ("stack", "xfs (/dev/dm-0)", ("loop", "/dev/loop4", "/r/disk.img", ("fs", "tmpfs")))
    assert words.memory_words(part) == (
        "xfs (/dev/dm-0), stacked on /dev/loop4, a loop device whose backing file /r/disk.img is on tmpfs"
    )
    with activate("zh-CN"):
        assert words.memory_words(part) == (
            "xfs (/dev/dm-0)，叠加在 /dev/loop4，这是一个 loop 设备，其后备文件 /r/disk.img 位于 tmpfs 上 之上"
        )
        assert words.unknown_words(("remote", "nfs4")) == "nfs4 把数据保存在另一台机器上，从这里看不到其介质"


def test_the_server_hint_is_spelled_as_the_docs_spell_it():
    """Field test 6, m7: the wrong-port hint said `fio --server=HOST,PORT --daemonize=/run/fio.pid`, docs/measure.md
    `fio --server=ip:HOST,PORT --daemonize=/run/fio-server.pid`: a copy-paster got two pid-file names."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "measure.md").read_text(encoding="utf-8")
    hint = probe.server_command("10.0.0.11", 8765)
    assert hint == "fio --server=ip:10.0.0.11,8765 --daemonize=/run/fio-server.pid"
    assert hint in docs
    assert probe.server_command("fd00::11", 8765) == "fio --server=ip6:fd00::11,8765 --daemonize=/run/fio-server.pid"
