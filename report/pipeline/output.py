"""Writing the outputs as one set: a fresh folder beside OUT, switched with OUT in one atomic exchange.

The scheme: OUT stays a real folder (so `OUT/report.pdf` is the path users open) that holds only the three outputs.
A build takes a lock (`.OUT.lock` beside OUT; a second build of the same OUT is refused while it is held),
removes what an earlier killed build left (`.OUT.new-*` and `.OUT.old-*` beside OUT), writes every output into a
fresh `.OUT.new-*` folder, syncs it, and swaps it with OUT by renameat2(RENAME_EXCHANGE): one system call, so a
reader, a kill or another build sees the old set or the new one, never a mix. The old set, now under the fresh
name, is then removed. Where OUT does not exist yet, a plain rename puts the new folder there.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

OUTPUT_NAMES = ("report.html", "report.pdf", "metrics.json")
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


class OutputError(OSError):
    """OUT cannot take the outputs (not a folder, holds other things, lock held); the message says why."""


def _noop(stage: str) -> None:
    """A point tests may hook into (a kill, a second build) between the steps of a switch."""


hook: Callable[[str], None] = _noop


def _siblings(out_dir: Path, kind: str) -> str:
    return f".{out_dir.name}.{kind}-"


def out_path(out_dir: Path) -> Path:
    """OUT as an absolute path without `.` or `..` parts, so that its name and parent are real; the root (or a path
    that climbs to it) has no name to put a lock or a staging folder beside, and is refused before anything is
    written."""
    path = Path(os.path.abspath(out_dir))
    if not path.name:
        example = path / "out"
        raise OutputError(
            f"{out_dir}: is the root of the file system; the outputs go into a folder of their own (e.g. {example})"
        )
    return path


@contextlib.contextmanager
def locked(out_dir: Path) -> Iterator[None]:
    """Hold OUT's lock for a build; a second build of the same OUT is refused with OutputError."""
    out_dir = out_path(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(out_dir.parent / f".{out_dir.name}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputError(f"{out_dir}: another build is writing to this folder; try again when it ends") from None
        yield
    finally:
        os.close(fd)


def check_target(out_dir: Path) -> None:
    """OUT must be a folder (or absent) holding nothing but earlier outputs, which the build may replace."""
    if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
        raise OutputError(f"{out_dir}: exists and is not a folder; the outputs go into a folder of their own")
    if not out_dir.exists():
        return
    for entry in out_dir.iterdir():
        if entry.name not in OUTPUT_NAMES or entry.is_symlink() or not entry.is_file():
            kind = "a folder" if entry.is_dir() else "not one of its own files"
            raise OutputError(
                f"{entry}: is {kind}; the build replaces {out_dir} as a whole and holds only"
                f" {', '.join(OUTPUT_NAMES)} there"
            )


def clean_stale(out_dir: Path) -> None:
    """Remove the folders an earlier build left beside OUT when it was killed."""
    if not out_dir.parent.is_dir():
        return
    for kind in ("new", "old"):
        for stale in out_dir.parent.glob(_siblings(out_dir, kind) + "*"):
            shutil.rmtree(stale, ignore_errors=True)
    if out_dir.is_dir() and not out_dir.is_symlink():  # earlier versions staged `.report.pdf.*.tmp` inside OUT
        for name in OUTPUT_NAMES:
            for stale in out_dir.glob(f".{name}.*.tmp"):
                if stale.is_file() and not stale.is_symlink():
                    stale.unlink()


def write_all(out_dir: Path, files: dict[str, bytes]) -> None:
    """Replace OUT by a folder holding exactly `files`, under OUT's lock (see the module's docstring)."""
    with locked(out_dir):
        write_set(out_dir, files)


def write_set(out_dir: Path, files: dict[str, bytes]) -> None:
    """Replace OUT by a folder holding exactly `files`, in one atomic switch; the caller holds OUT's lock."""
    clean_stale(out_dir)
    check_target(out_dir)
    fresh = Path(tempfile.mkdtemp(prefix=_siblings(out_dir, "new"), dir=out_dir.parent))
    try:
        _fill(fresh, files)
        hook("staged")
        _switch(fresh, out_dir)
        hook("switched")
    finally:
        shutil.rmtree(fresh, ignore_errors=True)  # the old set after a switch, the new one after a failure
    _sync_dir(out_dir.parent)


def _fill(folder: Path, files: dict[str, bytes]) -> None:
    os.chmod(folder, 0o755)
    for name, data in files.items():
        with open(folder / name, "xb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(folder / name, 0o644)
    _sync_dir(folder)


def _switch(fresh: Path, out_dir: Path) -> None:
    """Put `fresh` where OUT is and OUT's old contents where `fresh` was, in one system call."""
    if not out_dir.exists():
        os.rename(fresh, out_dir)
        return
    libc = ctypes.CDLL(None, use_errno=True)
    status = libc.renameat2(_AT_FDCWD, os.fsencode(fresh), _AT_FDCWD, os.fsencode(out_dir), _RENAME_EXCHANGE)
    if status != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"cannot switch the new outputs into place ({os.strerror(errno)})", str(out_dir))


def _sync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
