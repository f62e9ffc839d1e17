"""A process and everything it started, read from Linux's /proc (empty elsewhere)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path


def tree(pid: int) -> Iterator[int]:
    """`pid` and its descendants, each once; a process that ends while it is read is left out."""
    todo, seen = [pid], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            tasks = Path(f"/proc/{p}/task").iterdir()
            children = [int(c) for task in tasks for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
        yield p
        todo += children


def status_field(pid: int, name: str) -> str | None:
    """A line of /proc/PID/status (VmRSS: …) or /proc/PID/io (rchar: …), by its name; None when gone."""
    for table in ("status", "io"):
        try:
            for line in Path(f"/proc/{pid}/{table}").read_text().splitlines():
                key, _, value = line.partition(":")
                if key == name:
                    return value.strip()
        except OSError:
            continue
    return None


def wait_or_kill(child: subprocess.Popen, seconds: float = 30) -> None:
    """Give a child (fio) time to stop and write its output, then kill it and what it started, deepest first."""
    try:
        child.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        for pid in list(tree(child.pid))[::-1]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        child.wait()
