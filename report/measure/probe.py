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

from report.measure import plan

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


#: file systems whose data lives in memory only, and block devices that are memory (brd's /dev/ramN, zram)
MEMORY_FILE_SYSTEMS = ("tmpfs", "ramfs")
_MEMORY_DEVICE = re.compile(r"^/dev/(ram|zram)\d+$")


def not_durable(mount: Mount | None) -> str | None:
    """What keeps a path's data in memory only (`tmpfs`, `ramfs`, `a RAM block device /dev/ram0`), else None."""
    if mount is None:
        return None
    if mount.fstype in MEMORY_FILE_SYSTEMS:
        return mount.fstype
    if _MEMORY_DEVICE.match(mount.source):
        return f"a RAM block device ({mount.source})"
    return None


@dataclass(frozen=True)
class Server:
    """A fio server that answered the probe: `host,port`, and whether its folder takes O_DIRECT."""

    name: str
    direct: bool


PROBE_TIMEOUT_S = 30


def servers(fio: str, hosts: tuple[str, ...], folder: str, host_bytes: int) -> tuple[Server, ...]:
    """Each fio server probed in turn with a small job in `folder`: it answers, the folder exists there and has room
    for `host_bytes`; every problem found is named at once, before anything runs."""
    import tempfile

    found, problems = [], []
    with tempfile.TemporaryDirectory(prefix="report-measure-probe-") as temp:
        job = Path(temp) / "probe.fio"
        job.write_text(plan.probe_file(folder, host_bytes, f"report-measure-probe-{os.getpid()}"), encoding="utf-8")
        for host in hosts:
            server, problem = _probe_one(fio, host, job, folder, host_bytes)
            if problem is None:
                found.append(server)
            else:
                problems.append(problem)
    if problems:
        raise Refused("\n".join([*problems, "Nothing was run."]))
    return tuple(found)


def _probe_one(fio: str, host: str, job: Path, folder: str, host_bytes: int):
    name, port = plan.host_of(host), plan.port_of(host)
    command = [fio, f"--client={host}", str(job), "--output-format=json", "--eta=never"]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=PROBE_TIMEOUT_S, check=False, start_new_session=True
        )
    except subprocess.TimeoutExpired:
        return None, (
            f"fio server {name} port {port}: no answer in {PROBE_TIMEOUT_S} s (is `fio --server` running there, and"
            f" does its firewall let TCP port {port} through?)"
        )
    text = done.stdout + "\n" + done.stderr
    said = [line.strip() for line in text.splitlines() if "fio:" in line and "{" not in line]
    if "failed to connect" in text or "connect:" in text:
        return None, (
            f"fio server {name} port {port}: does not answer ({_first(said, 'connect')}): start it there"
            f" (fio --server={name},{port} --daemonize=/run/fio.pid) and let TCP port {port} through its firewall"
        )
    if "is not a directory" in text or "failed parsing directory" in text:
        return None, f"--path {folder} does not exist on {name} (as its fio server sees it): mount it, or create it"
    if "fallocate" in text and ("No space" in text or "fails" in text):
        return None, (
            f"--path {folder} on {name} has no room for {host_bytes / 1e9:.3g} GB, this host's largest file set with"
            f" the margin ({_first(said, 'fallocate')}): free space, or measure a smaller size"
        )
    stats = _client_stats(text)
    room = [e for e in stats if e.get("jobname") == "room"]
    if done.returncode != 0 or not room or room[0].get("error"):
        reason = "; ".join(said[-3:]) or (f"error {room[0].get('error')}" if room else "no result")
        return None, f"fio server {name} port {port} could not write in {folder}: {reason}"
    direct = [e for e in stats if e.get("jobname") == "direct"]
    return Server(host, bool(direct) and not direct[0].get("error")), None


def _first(lines: list[str], word: str) -> str:
    return next((line for line in lines if word in line), lines[0] if lines else "no message")


def _client_stats(text: str) -> list[dict]:
    import json

    start = re.search(r"^\{", text, re.MULTILINE)
    if start is None:
        return []
    try:
        value, _ = json.JSONDecoder().raw_decode(text, start.start())
    except json.JSONDecodeError:
        return []
    stats = value.get("client_stats") if isinstance(value, dict) else None
    return [e for e in stats if isinstance(e, dict)] if isinstance(stats, list) else []


def memory_bytes() -> int | None:
    """This machine's memory (MemTotal), None where it cannot be read."""
    try:
        for line in Path("/proc/meminfo").read_text(encoding="ascii", errors="replace").splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None
