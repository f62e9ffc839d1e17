"""What measure learns of the machine: the mount behind a path, fio's version, O_DIRECT, the page cache."""

import os
import stat

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
        "/mnt/ckpt": Mount("/mnt", "nfs4", "filer:/export", "rw,nosuid,vers=4.2,rsize=1048576"),
        "/mntx/a": Mount("/mntx", "xfs", "/dev/nvme0n1", "rw,noatime"),  # not /mnt: a prefix of the name only
        "/mnt/fast array/run": Mount("/mnt/fast array", "tmpfs", "tmpfs", "rw,relatime,size=1048576k"),
        "/home": Mount("/", "ext4", "/dev/vda", "rw,relatime,discard"),
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
