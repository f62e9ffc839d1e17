"""A process and everything it started, read from Linux's /proc (empty elsewhere)."""

from __future__ import annotations

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
