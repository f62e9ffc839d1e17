"""What the machine under test is: fio's version, the kernel, the file system behind the path, its free space.

Read before anything is written, so a run that cannot fit, or a fio that is missing, is refused first.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import platform
import re
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

from report.measure import plan

MOUNTINFO = Path("/proc/self/mountinfo")
DROP_CACHES = Path("/proc/sys/vm/drop_caches")


class Refused(Exception):
    """`measure` will not run: a message for a person, and the exit status (2 usage, 3 the machine). A message of
    several lines (every problem at once) is given as `lines`, each printed as one line, escaped on its own."""

    def __init__(self, message: str, status: int = 3, lines: tuple[str, ...] = ()):
        super().__init__("\n".join(lines) if lines else message)
        self.status = status
        self.lines = lines or (message,)


def refuse_usage(message: str, lines: tuple[str, ...] = ()) -> Refused:
    """A refusal of the command line itself (exit status 2)."""
    return Refused(message, status=2, lines=lines)


@dataclass(frozen=True)
class Mount:
    """The mount a path lives on, as the kernel lists it."""

    point: str
    fstype: str
    source: str
    options: str  #: the mount's and the superblock's options, each once
    device: str = ""  #: the file system's device number as mountinfo gives it ("7:0"; "0:27" for one without)

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
            options_text = ",".join(dict.fromkeys(options))
            best = Mount(point, _unescape(tail[0]), _unescape(tail[1]), options_text, fields[2])
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
_MEMORY_BLOCK = re.compile(r"^(ram|zram)\d+$")
#: file systems whose medium is on another machine: what keeps the data there cannot be seen from here
NETWORK_FILE_SYSTEMS = (
    "nfs",
    "nfs4",
    "cifs",
    "smb3",
    "ceph",
    "glusterfs",
    "lustre",
    "gpfs",
    "9p",
    "virtiofs",
    "beegfs",
)
SYS_BLOCK = Path("/sys/dev/block")


@dataclass(frozen=True)
class Durability:
    """What a folder's data is kept on, followed down through the devices Linux shows: a loop device's backing
    file, a device-mapper or md stack, to memory or to a device. measure/words.py words it.

    `memory`: what keeps the data in memory only, as nested parts: ("fs", "tmpfs"), ("ram", "/dev/ram0"),
    ("loop", "ext4 (/dev/loop2)", "/r/disk.img", <below>), ("stack", "ext4 (/dev/dm-0)", "/dev/loop3", <below>),
    ("overlay", "/upper", <below>); None when it is not memory. `unknown`: why durability cannot be judged from
    here, as (kind, *details); None when it can."""

    memory: tuple | None = None
    unknown: tuple[str, ...] | None = None
    layers: tuple[str, ...] = ()  #: the layers followed, top first ("ext4 (/dev/loop2)", "/r/disk.img", "tmpfs")

    @property
    def medium(self) -> str:
        """ "memory", "storage" or "unknown", as test.toml records it beside the runs."""
        return "memory" if self.memory else "unknown" if self.unknown else "storage"


def not_durable(mount: Mount | None) -> str | None:
    """What keeps a path's data in memory only by its mount alone (`tmpfs`, `ramfs`, `a RAM block device /dev/ram0`),
    else None. `durability` follows the devices below."""
    if mount is None:
        return None
    if mount.fstype in MEMORY_FILE_SYSTEMS:
        return mount.fstype
    if _MEMORY_DEVICE.match(mount.source):
        return f"a RAM block device ({mount.source})"
    return None


def durability(path: Path, mountinfo: str | None = None, sys_block: Path | None = None, depth: int = 0) -> Durability:
    """Where `path`'s data lives, judged from the mount and the block devices under it, as far as Linux shows them."""
    sys_block = SYS_BLOCK if sys_block is None else sys_block
    mount = mount_of(path, mountinfo)
    if mount is None:
        return Durability(unknown=("mounts", str(MOUNTINFO)))
    top = f"{mount.fstype} ({mount.source})"
    if mount.fstype in MEMORY_FILE_SYSTEMS:
        return Durability(memory=("fs", mount.fstype), layers=(top,))
    if _MEMORY_DEVICE.match(mount.source):
        return Durability(memory=("ram", mount.source), layers=(top,))
    if depth > 8:
        return Durability(unknown=("deep",), layers=(top,))
    if mount.fstype in NETWORK_FILE_SYSTEMS or mount.fstype.startswith("fuse"):
        return Durability(unknown=("remote", mount.fstype), layers=(top,))
    if mount.fstype == "overlay":
        upper = next((o.partition("=")[2] for o in mount.options.split(",") if o.startswith("upperdir=")), "")
        if not upper:
            return Durability(unknown=("overlay",), layers=(top,))
        below = durability(Path(upper), mountinfo, sys_block, depth + 1)
        memory = ("overlay", upper, below.memory) if below.memory else None
        return Durability(memory, below.unknown, (top, *below.layers))
    device = _block_device(path, mount, sys_block)
    if device is None:
        return Durability(unknown=("not-block", mount.fstype, mount.source, str(sys_block)), layers=(top,))
    return _device(device, top, mountinfo, sys_block, depth)


def _block_device(path: Path, mount: Mount, sys_block: Path) -> Path | None:
    """The block device's folder in sysfs (the whole disk for a partition): from the mount's device number, its
    source, else the device number of the path itself."""
    numbers = []
    major, sep, minor = mount.device.partition(":")
    if sep and major.isdigit() and minor.isdigit() and major != "0":
        numbers.append(os.makedev(int(major), int(minor)))
    with contextlib.suppress(OSError):
        if mount.source.startswith("/dev/"):
            info = os.stat(mount.source)
            if stat.S_ISBLK(info.st_mode):
                numbers.append(info.st_rdev)
    with contextlib.suppress(OSError):
        numbers.append(os.stat(path).st_dev)
    for number in numbers:
        entry = sys_block / f"{os.major(number)}:{os.minor(number)}"
        with contextlib.suppress(OSError):
            folder = Path(os.path.realpath(entry))
            if folder.is_dir():
                return folder.parent if (folder / "partition").exists() else folder
    return None


def _device(device: Path, top: str, mountinfo: str | None, sys_block: Path, depth: int) -> Durability:
    name = device.name
    layer = f"/dev/{name}"
    if _MEMORY_BLOCK.match(name):
        return Durability(memory=("ram", layer), layers=(top,))
    if name.startswith("loop"):
        try:
            backing = (device / "loop" / "backing_file").read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            return Durability(unknown=("loop-unreadable", layer), layers=(top,))
        if not backing or backing.endswith(" (deleted)") or not os.path.exists(backing):
            return Durability(unknown=("loop-gone", layer, backing), layers=(top,))
        below = durability(Path(backing), mountinfo, sys_block, depth + 1)
        memory = ("loop", top, backing, below.memory) if below.memory else None
        return Durability(memory, below.unknown, (top, backing, *below.layers))
    slaves = sorted((device / "slaves").iterdir()) if (device / "slaves").is_dir() else []
    if slaves:
        found = [_device(Path(os.path.realpath(p)), f"/dev/{p.name}", mountinfo, sys_block, depth + 1) for p in slaves]
        memory = next((f.memory for f in found if f.memory), None)
        unknown = next((f.unknown for f in found if f.unknown), None)
        layers = tuple(layer for f in found for layer in f.layers)
        return Durability(("stack", top, memory) if memory else None, None if memory else unknown, (top, *layers))
    if name.startswith(("nbd", "rbd")):
        return Durability(unknown=("network-block", layer), layers=(top,))
    return Durability(layers=(top,))


@dataclass(frozen=True)
class Server:
    """A fio server that answered the probe: `host,port`, and whether its folder takes O_DIRECT."""

    name: str
    direct: bool


PROBE_TIMEOUT_S = 30


PROBE_PREFIX = "report-measure-probe"  #: the probe's file names: <host>.report-measure-probe-<pid>.<job>


def servers(fio: str, hosts: tuple[str, ...], folder: str, host_bytes: int) -> tuple[Server, ...]:
    """Each fio server probed in turn with a small job in `folder`: it answers, the folder exists there and has room
    for `host_bytes`; then, with several hosts, every host reserves its share at once (hosts that share one file
    system need the sum). Every problem found is named at once, before anything runs. Whatever way this ends (a
    refusal, Ctrl-C, SIGHUP, SIGTERM), the probe's files are removed from every server that answered."""
    import sys
    import tempfile

    # said at once, on a terminal or in a log: a probe takes seconds a host (field test 9, m7: 9 s of silence)
    names = ", ".join(hosts)
    print(f"measure: probing {len(hosts)} fio server{'s' * (len(hosts) > 1)} ({names}) in {folder}", file=sys.stderr)
    found, problems = [], []
    prefix = f"{PROBE_PREFIX}-{os.getpid()}"
    alone = len(hosts) == 1
    with tempfile.TemporaryDirectory(prefix="report-measure-probe-") as temp:
        job = Path(temp) / "probe.fio"
        job.write_text(plan.probe_file(folder, host_bytes, prefix), encoding="utf-8")
        ended = False
        try:
            for host in hosts:
                server, problem = _probe_one(fio, host, job, folder, host_bytes)
                if problem is None:
                    found.append(server)
                else:
                    problems.append(problem)
            if not problems and not alone:
                # one file system shared by all needs each share and its 2%, and the fixed margin once
                share = host_bytes - plan.FREE_MARGIN_BYTES + -(-plan.FREE_MARGIN_BYTES // len(hosts))
                problem = _room_together(fio, hosts, folder, share, Path(temp), prefix)
                problems += [problem] if problem is not None else []
            ended = not problems
        finally:
            if not ended:  # a stopped or failed probe leaves its files on the server: removed, bounded in time
                remove_files(fio, hosts, folder, prefix, ("room", "direct"), Path(temp))
    if problems:
        raise Refused("", lines=(*problems, "Nothing was run."))
    return tuple(found)


def remove_files(fio: str, hosts: tuple[str, ...], folder: str, prefix: str, jobs: tuple[str, ...], temp: Path) -> None:
    """A job on every host that opens each of these names (`<host>.<prefix>.<job>`), writes one block and unlinks
    it: what a stopped fio left behind goes. Ctrl-C and the stop signals wait for it (a few seconds at most)."""
    import signal

    job = temp / "remove.fio"
    lines = ["[global]", f"directory={plan.fio_path(folder)}", "ioengine=psync", "bs=4096", "size=4096", "rw=write"]
    lines += ["unlink=1", "thread=1", f"filename_format={prefix}.$jobname", *(f"[{name}]" for name in jobs)]
    job.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stops = [getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, n)]
    previous = {sig: signal.signal(sig, signal.SIG_IGN) for sig in stops}
    try:
        for host in hosts:
            command = [fio, f"--client={host}", str(job), "--output-format=json", "--eta=never"]
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                subprocess.run(command, capture_output=True, timeout=REMOVE_TIMEOUT_S, start_new_session=True)
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


REMOVE_TIMEOUT_S = 15
HOLD_S = 2  #: how long each host holds its reservation while the others take theirs


def _room_together(fio: str, hosts: tuple[str, ...], folder: str, host_bytes: int, temp: Path, prefix: str):
    """Every host reserves its largest file set at the same moment and holds it: hosts writing into one shared file
    system need the sum of their shares there (field test S6: each host's share fitted, the save filled a tmpfs)."""
    job = temp / "together.fio"
    lines = ["[global]", f"directory={plan.fio_path(folder)}", "ioengine=psync", "bs=4096", "rw=write"]
    lines += ["io_size=8192", f"thinktime={HOLD_S}s", "unlink=1", "thread=1", f"filename_format={prefix}.$jobname"]
    lines += ["[room]", f"size={max(host_bytes, 4096)}", "fallocate=posix"]
    job.write_text("\n".join(lines) + "\n", encoding="utf-8")
    command = [fio, *(part for host in hosts for part in (f"--client={host}", str(job)))]
    command += ["--output-format=json", "--eta=never"]
    try:
        done = _client(command, PROBE_TIMEOUT_S + HOLD_S * 2)
    except subprocess.TimeoutExpired:
        return (
            f"the fio servers did not all answer within {PROBE_TIMEOUT_S + HOLD_S * 2} s while reserving room at once"
        )
    text = done.stdout + "\n" + done.stderr
    room = {str(e.get("hostname")): e for e in _client_stats(text) if e.get("jobname") == "room"}
    short = [plan.host_of(h) for h in hosts if room.get(plan.host_of(h), {"error": 1}).get("error")]
    said = [line.strip() for line in text.splitlines() if "fio:" in line and "{" not in line]
    # fio goes on when posix_fallocate fails (it only says so): its line is the finding, wherever it came from
    failed = [line for line in said if "fallocate" in line and ("fails" in line or "No space" in line)]
    if done.returncode == 0 and not short and not failed:
        return None
    total = host_bytes * len(hosts)
    who = f"{', '.join(short)} found" if short else f"{len(failed)} of them found" if failed else "they found"
    return (
        f"--path {folder}: the {len(hosts)} hosts' file sets need {total / 1e9:.3g} GB at once ({len(hosts)} ×"
        f" {host_bytes / 1e9:.3g} GB, the margin shared); reserving them all at the same time, {who} no room"
        f" ({_first(said, 'fallocate')}): the hosts share one file system, or its free space is short: free space,"
        " or measure a smaller size or with fewer hosts"
    )


def _client(command: list[str], timeout: float) -> subprocess.CompletedProcess:
    """fio's client run to its end; on Ctrl-C or a stop signal it is asked to stop (SIGINT, which it passes to the
    servers) rather than killed, so the servers' jobs end and the caller can remove their files."""
    import signal

    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.communicate(timeout=10)
        if child.poll() is None:
            child.kill()
            child.communicate()
        raise
    except BaseException:
        if child.poll() is None:
            child.send_signal(signal.SIGINT)
            try:
                child.communicate(timeout=10)
            except BaseException:
                child.kill()
                child.wait()
        raise
    return subprocess.CompletedProcess(command, child.returncode, out, err)


def server_command(name: str, port: int | str) -> str:
    """The command that starts fio's server on one address and port, spelled as docs/measure.md spells it (field test
    6, m7: the hint said `--server=HOST,PORT --daemonize=/run/fio.pid`, the docs `ip:` and /run/fio-server.pid)."""
    kind = "ip6" if ":" in name else "ip"
    return f"fio --server={kind}:{name},{port} --daemonize=/run/fio-server.pid"


def _probe_one(fio: str, host: str, job: Path, folder: str, host_bytes: int):
    name, port = plan.host_of(host), plan.port_of(host)
    command = [fio, f"--client={host}", str(job), "--output-format=json", "--eta=never"]
    try:
        done = _client(command, PROBE_TIMEOUT_S)
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
            f" ({server_command(name, port)}) and let TCP port {port} through its firewall"
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


PROC_STAT = Path("/proc/stat")


def cpu_ticks() -> tuple[int, int] | None:
    """This machine's CPU time so far, busy and in all (clock ticks, every CPU), None where it cannot be read."""
    try:
        fields = PROC_STAT.read_text(encoding="ascii", errors="replace").splitlines()[0].split()
        values = [int(v) for v in fields[1:9]]
    except (OSError, ValueError, IndexError):
        return None
    idle = values[3] + (values[4] if len(values) > 4 else 0)  # idle and iowait
    return sum(values) - idle, sum(values)


class CpuWatch:
    """How busy this machine's CPUs were from its start to `share()` (0 to 1), where /proc/stat can be read."""

    def __init__(self) -> None:
        self.start = cpu_ticks()

    def share(self) -> float | None:
        end = cpu_ticks()
        if self.start is None or end is None or end[1] <= self.start[1]:
            return None
        return (end[0] - self.start[0]) / (end[1] - self.start[1])


def jobs_run_here(clients: tuple[str, ...]) -> bool:
    """Whether fio's jobs run on this machine: no servers, or servers at loopback addresses only."""
    import ipaddress
    import socket

    for client in clients:
        host = plan.host_of(client)
        try:
            # an IPv4 or IPv6 address is a string (typeshed's sockaddr also holds other families' integers)
            addresses = {a for info in socket.getaddrinfo(host, None) if isinstance(a := info[4][0], str)}
        except (OSError, UnicodeError):
            return False
        if not addresses or not all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses):
            return False
    return True


def dry_check(hosts: tuple[str, ...], path: Path) -> tuple[str, ...]:
    """What a dry run checks of the fio servers without writing anything there (field test 8, minor 7: a wrong port
    and a mistyped --path passed a dry run): each server accepts a connection on its port, and --path exists where
    the servers are this machine's loopback addresses. Each problem, said as what a real run would stop at (the dry
    run still shows the plan: servers may be started after it)."""
    import socket

    problems = []
    for host in hosts:
        name, port = plan.host_of(host), plan.port_of(host)
        try:
            socket.create_connection((name, int(port)), timeout=PROBE_TIMEOUT_S).close()
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            problems.append(
                f"fio server {name} port {port} does not answer now ({reason}), and a real run would stop here: start"
                f" it there ({server_command(name, port)}) and let TCP port {port} through its firewall"
            )
    if jobs_run_here(hosts) and not path.is_dir():
        problems.append(
            f"--path {path} does not exist on this machine, where the fio servers at loopback addresses run, and a"
            " real run would stop here: mount it, or create it"
        )
    return tuple(problems)
