"""What a killed test run left mounted: the tmpfs (and loop) mounts of the measure tests, taken down at the next run.

The measure tests mount a tmpfs in their temporary folder and unmount it when they end, whatever the test did; a run
killed outright (SIGKILL, SIGTERM, a closed terminal) ends no fixture, and its mounts stay under
/tmp/pytest-of-<user>/pytest-<N>/ (where pytest then fails to remove the old folder). `make test` runs the suite in a
mount namespace of its own, which takes every mount with it however the run ends; a plain `pytest` does not, so each
run first unmounts what a dead one left: a mount under a numbered folder whose `.lock` (pytest's, holding the run's
process id while it lives) is gone or names a process that has ended.
"""

from __future__ import annotations

import getpass
import os
import subprocess
import tempfile
from pathlib import Path


def pytest_root() -> Path:
    """Where pytest puts each run's numbered folder when no --basetemp is given."""
    temp = os.environ.get("PYTEST_DEBUG_TEMPROOT") or tempfile.gettempdir()
    return Path(temp).resolve() / f"pytest-of-{getpass.getuser()}"


def _unescape(field: str) -> str:
    """A path as /proc/self/mountinfo writes it: space, tab, newline and backslash as octal escapes."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def _alive(lock: Path) -> bool:
    try:
        pid = int(lock.read_text().strip())
    except (OSError, ValueError):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stale(mountinfo: str, root: Path) -> list[Path]:
    """The mount points under `root`'s numbered folders whose run has ended, deepest first."""
    found = []
    for line in mountinfo.splitlines():
        fields = line.split(" ")
        if len(fields) < 5:
            continue
        point = Path(_unescape(fields[4]))
        if not point.is_relative_to(root) or point == root:
            continue
        run = root / point.relative_to(root).parts[0]
        if run.name.startswith("pytest-") and not _alive(run / ".lock"):
            found.append(point)
    return sorted(found, key=lambda p: len(p.parts), reverse=True)


def sweep() -> list[Path]:
    """Unmount (lazily: a process may still hold a file there) what ended runs left mounted; the points unmounted."""
    if not Path("/proc/self/mountinfo").exists():
        return []
    points = stale(Path("/proc/self/mountinfo").read_text(), pytest_root())
    return [p for p in points if subprocess.run(["umount", "--lazy", str(p)], capture_output=True).returncode == 0]
