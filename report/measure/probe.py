"""What the machine under test is: fio's version, the kernel, the file system behind the path, its free space.

Read before anything is written, so a run that cannot fit, or a fio that is missing, is refused first.
"""

from __future__ import annotations

import mmap
import os
import platform
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

MOUNTINFO = Path("/proc/self/mountinfo")
DROP_CACHES = Path("/proc/sys/vm/drop_caches")


class Refused(Exception):
    """`measure` will not run: a message for a person, and the exit status (2 usage, 3 the machine)."""

    def __init__(self, message: str, status: int = 3):
        super().__init__(message)
        self.status = status


def refuse_usage(message: str) -> Refused:
    """A refusal of the command line itself (exit status 2)."""
    return Refused(message, status=2)


@dataclass(frozen=True)
class Mount:
    """The mount a path lives on, as the kernel lists it."""

    point: str
    fstype: str
    source: str
    options: str  #: the mount's and the superblock's options, each once

    def describe(self) -> str:
        """One line for the report's environment table."""
        return f"{self.fstype} ({self.source}) mounted at {self.point}"


def fio_version(fio: str) -> str:
    """`fio --version`, or a refusal naming the package to install."""
    try:
        done = subprocess.run([fio, "--version"], capture_output=True, text=True, timeout=30, check=False)
    except FileNotFoundError:
        message = f"fio not found ({fio}): install it (apt-get install fio, dnf install fio) or give --fio PATH"
        raise Refused(message) from None
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Refused(f"{fio} --version failed: {exc}") from None
    version = done.stdout.strip()
    if done.returncode != 0 or not version.startswith("fio-"):
        raise Refused(f"{fio} --version did not print fio's version (got {version[:80]!r}): is it fio?")
    return version


def kernel() -> str:
    """The operating system and kernel release."""
    return f"{platform.system()} {platform.release()}".strip()


def _unescape(field: str) -> str:
    """mountinfo writes space, tab, newline and backslash as octal escapes."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def mount_of(path: Path, mountinfo: str | None = None) -> Mount | None:
    """The mount with the longest mount point that contains `path` (None where the kernel does not list mounts)."""
    if mountinfo is None:
        try:
            mountinfo = MOUNTINFO.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    target, best = os.path.realpath(path), None
    for line in mountinfo.splitlines():
        left, sep, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if not sep or len(fields) < 6 or len(tail) < 2:
            continue
        point = _unescape(fields[4])
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and (best is None or len(point) >= len(best.point)):
            options = fields[5].split(",") + (tail[2].split(",") if len(tail) > 2 else [])
            best = Mount(point, _unescape(tail[0]), _unescape(tail[1]), ",".join(dict.fromkeys(options)))
    return best


def free_bytes(path: Path) -> tuple[int, int]:
    """Free and total bytes of the file system behind `path`, as an unprivileged writer sees them."""
    usage = shutil.disk_usage(path)
    return usage.free, usage.total


def direct_io_works(folder: Path) -> bool:
    """Whether the file system takes O_DIRECT: one aligned 4 KiB write into a probe file, removed at once."""
    if not hasattr(os, "O_DIRECT"):
        return False
    probe = folder / ".direct-io-probe"
    try:
        fd = os.open(probe, os.O_CREAT | os.O_WRONLY | os.O_DIRECT, 0o600)
    except OSError:
        return False
    try:
        with mmap.mmap(-1, 4096) as block:  # page-aligned, as O_DIRECT needs
            os.write(fd, block)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
        probe.unlink(missing_ok=True)


def drop_page_cache() -> str | None:
    """Write back and drop the kernel's page cache; None when done, else why not (no right to, not Linux)."""
    os.sync()
    try:
        DROP_CACHES.write_text("1\n", encoding="ascii")
    except OSError as exc:
        return f"{DROP_CACHES}: {exc.strerror or exc}"
    return None
