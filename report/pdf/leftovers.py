"""WeasyPrint's temporary folder, named after the process that made it, so that the next build can remove it once
that process is gone.

A renderer links the shipped fonts into a folder of its own in the temporary directory and removes it when it
closes (report/pdf/renderer.py). A build that is killed (kill -9, the machine's limits: GLib aborts a process that
cannot start a thread) never closes it, and its `weasyprint-XXXXXXXX` folder stayed, one per killed build, with
nothing to say whose it was (issue 44, P9). The folder is now `weasyprint-report-SPACE-PID-START-XXXXXXXX`: PID and
START (the process's start time in clock ticks since boot, /proc/PID/stat) name the process that made it, which a
later process with the same PID does not share, and SPACE where those mean something: a digest of the boot's id and
the PID namespace, so that a folder made on another machine sharing the directory, in a container, or before a
reboot is never taken for one of this space's. Each build removes, before it makes its own, the folders of this
form made in its space, owned by its user, whose process is gone; it never touches another's folder, another tool's,
or one whose process it cannot judge (without /proc).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from pathlib import Path

PREFIX = "weasyprint-report-"
_NAME = re.compile(re.escape(PREFIX) + r"([0-9a-f]{10})-(\d+)-(\d+)-[A-Za-z0-9_]+")


def _space() -> str | None:
    """Where PIDs mean one process: this boot of this machine, this PID namespace (None without /proc)."""
    try:
        with open("/proc/sys/kernel/random/boot_id") as boot:
            ident = boot.read().strip() + os.readlink("/proc/self/ns/pid")
    except OSError:
        return None
    return hashlib.sha256(ident.encode()).hexdigest()[:10]


def _start_ticks(pid: int) -> int | None:
    """When process `pid` started, in clock ticks since boot; None when it is gone (or there is no /proc)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()  # after the command's name, which may hold anything
        return int(fields[19])  # field 22 of the line, the 20th after the name
    except (OSError, ValueError, IndexError):
        return None


def prefix() -> str:
    """The prefix of this process's folder: PREFIX, its space, PID and start time (`mkdtemp` adds the rest); plain
    "weasyprint-" where the process cannot be named (no /proc), which no sweep removes."""
    pid, space = os.getpid(), _space()
    ticks = _start_ticks(pid)
    return f"{PREFIX}{space}-{pid}-{ticks}-" if space and ticks else "weasyprint-"


def sweep(folder: Path | None = None) -> list[Path]:
    """Remove the folders of this form in `folder` (the temporary directory) that this user owns and whose process is
    gone; returns them. A process with the folder's PID but another start time is another process: its folder goes."""
    space = _space()
    if space is None:
        return []  # no way to tell a live process from a gone one: leave everything
    folder = Path(folder or tempfile.gettempdir())
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        match = _NAME.fullmatch(entry.name)
        if match is None or match.group(1) != space:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not entry.is_dir(follow_symlinks=False) or info.st_uid != os.geteuid():
            continue
        if _start_ticks(int(match.group(2))) == int(match.group(3)):
            continue  # its process is still running
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(Path(entry.path))
    return removed
