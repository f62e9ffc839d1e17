"""Reading a file the user names, safely: regular files only, never blocking, whole and consistent, size-limited."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

# Kernel file systems whose "regular files" block (/proc/kmsg), never end or change as they are read.
_PSEUDO = (Path("/proc"), Path("/sys"), Path("/dev"))


class Unreadable(Exception):
    """A path that is not a regular file that can be read whole; the message says why in plain words."""


def kind_of(mode: int) -> str:
    """What a file of `mode` is, in words."""
    for test, word in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file"


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of `path`, a regular file of at most `limit` bytes that does not change while it is read."""
    real = resolved(path)
    if is_kernel_file(real):
        raise Unreadable(f"leads to {real}, a kernel file, not a file of data")
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    except FileNotFoundError as exc:
        raise Unreadable("does not exist") from exc
    try:
        return _read_fd(fd, limit)
    finally:
        os.close(fd)


def resolved(path: Path) -> Path:
    """`path` with every symlink followed; a loop of symlinks is Unreadable, said as such."""
    try:
        # strict: Python 3.13's non-strict resolve returns a loop as a path (the open then fails with ELOOP)
        return path.resolve(strict=True)
    except FileNotFoundError:
        return path.resolve()  # missing, or a link to nothing: said when it is opened
    except RuntimeError as exc:  # Python 3.11-3.12 raise RuntimeError for a loop
        raise Unreadable("is a loop of symbolic links (each leads, in the end, back to itself)") from exc
    except OSError as exc:  # Python 3.13: ELOOP
        if exc.errno != errno.ELOOP:
            raise
        raise Unreadable("is a loop of symbolic links (each leads, in the end, back to itself)") from exc


def is_kernel_file(real: Path) -> bool:
    """Whether a resolved path lies in a kernel file system (/proc, /sys, /dev)."""
    return any(real.is_relative_to(root) for root in _PSEUDO)


def _read_fd(fd: int, limit: int) -> bytes:
    before = os.fstat(fd)
    if not stat.S_ISREG(before.st_mode):
        raise Unreadable(f"is {kind_of(before.st_mode)}, not a file")
    if before.st_size > limit:
        raise Unreadable(f"is {before.st_size:,} bytes, more than the {limit:,} this program reads")
    # The whole file in one read where the kernel allows (one copy, no join of a 366 MB log's 350 pieces: that cost
    # 1.2 s of a 10M-sample build); a byte more than its size, to see it grow.
    chunks, total = [], 0
    while chunk := os.read(fd, (before.st_size + 1 - total) or 1):
        chunks.append(chunk)
        total += len(chunk)
        if total > before.st_size:
            break
    after = os.fstat(fd)
    changed = (after.st_size, after.st_mtime_ns) != (before.st_size, before.st_mtime_ns)
    if changed or total != before.st_size:
        raise Unreadable("changed while it was being read; run again once it is written")
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)
