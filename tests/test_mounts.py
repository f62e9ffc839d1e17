"""tests/mounts.py: the mounts a killed run left are found (and only those), for the next run to take down."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.mounts import stale


def _line(point: Path, kind: str = "tmpfs") -> str:
    escaped = str(point).replace(" ", "\\040")
    return f"612 27 0:98 / {escaped} rw,relatime - {kind} {kind} rw,size=196608k"


def test_only_the_mounts_of_ended_runs_are_stale(tmp_path):
    root = tmp_path / "pytest-of-someone"
    live, dead, unlocked = root / "pytest-7", root / "pytest-8", root / "pytest-9"
    for run in (live, dead, unlocked):
        run.mkdir(parents=True)
    (live / ".lock").write_text(str(os.getpid()))
    ended = subprocess.Popen(["true"])
    ended.wait()
    (dead / ".lock").write_text(str(ended.pid))
    mountinfo = "\n".join(
        [
            "22 27 0:21 / /proc rw,relatime - proc proc rw",
            _line(live / "popen-gw0" / "measure0" / "ram"),  # a run still going: left alone
            _line(dead / "popen-gw1" / "measure0" / "ram"),
            _line(dead / "popen-gw1" / "test_loop0" / "mnt", "ext4"),
            _line(unlocked / "test_small0" / "small space"),  # lock removed at exit, the mount left behind
            _line(root),  # the user's folder itself, and places outside it: never
            _line(tmp_path / "elsewhere" / "ram"),
        ]
    )
    assert stale(mountinfo, root) == sorted(
        [
            dead / "popen-gw1" / "measure0" / "ram",
            dead / "popen-gw1" / "test_loop0" / "mnt",
            unlocked / "test_small0" / "small space",
        ],
        key=lambda p: len(p.parts),
        reverse=True,
    )
