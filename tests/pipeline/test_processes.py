"""A process tree read from /proc: every descendant once, the fields asked for."""

import os
import subprocess
import time

import pytest

from report.pipeline import processes

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="no /proc here")


def test_a_tree_holds_the_process_and_every_descendant():
    shell = subprocess.Popen(["sh", "-c", "sleep 5 & sleep 5 & wait"])
    try:
        deadline = time.monotonic() + 5
        while len(found := list(processes.tree(shell.pid))) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert found[0] == shell.pid and len(found) == len(set(found)) == 3
    finally:
        shell.kill()
        shell.wait()
    assert list(processes.tree(shell.pid)) == []  # gone: nothing, and no error


def test_fields_of_status_and_io():
    assert processes.status_field(os.getpid(), "Pid") == str(os.getpid())
    assert int(processes.status_field(os.getpid(), "rchar")) > 0  # this process has read its own modules
    assert processes.status_field(os.getpid(), "NoSuchField") is None
    assert processes.status_field(2**22 + 1, "Pid") is None
