"""The machine's limits on processes and open files, checked before a build (or verify's rebuild) starts anything.

A build runs in four processes (the command, the data side's worker, its chart drawer, the second painter) with
about a dozen threads among them: Python's, the evidence packer's two, pyarrow's pool (one per core), Pango's and
GLib's. Under a small RLIMIT_NPROC (`ulimit -u`, which counts every process and thread of the user, whatever
started them) a thread or a process that cannot be created failed in whichever of them asked first: GLib aborts the
process outright ("GLib-ERROR: creating thread '[pango] FcFontSetSort'", SIGTRAP, which no Python code can catch,
leaving WeasyPrint's temporary folder behind), pyarrow and Python raise tracebacks. Under a small RLIMIT_NOFILE
(`ulimit -n`) the chart drawer could not open its pipes and the build failed with a traceback as invalid input
(issue 44, P5/P6). So the limits are read first: a soft limit below what a build needs is raised to the hard limit
where that is enough (as any process may), else the command stops with one line naming the limit, exit 3, nothing
started and nothing written.

This module imports nothing but the standard library's `os` and `resource`: `python -m report` checks before it
starts the worker (report/__main__.py).
"""

from __future__ import annotations

import errno
import os

#: Processes and threads a build has at once: at most 16 on a 2-core machine (measured: 12 aborted in GLib), one
#: more per core for pyarrow's pool, and room for the user's other work to start a few meanwhile.
BASE_TASKS = 24
#: Files a process of the build has open at once: at most 23 (the worker's, measured; 16 failed, 24 built), and room.
NEEDED_FILES = 64
_CAP_SYS_ADMIN, _CAP_SYS_RESOURCE = 21, 24


def needed_tasks() -> int:
    """The processes and threads a build may need at once on this machine."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return BASE_TASKS + cores


_checked: dict[str, str | None] = {}


def check(command: str = "build") -> str | None:
    """None when the limits allow a `command` (build or verify, which rebuilds), raising soft limits to the hard
    ones where that is needed and enough; else one line saying which limit, how far, and how to raise it. Checked
    once per process (report/__main__.py asks before it starts the worker, the command again before its work)."""
    if command not in _checked:
        try:
            import resource
        except ImportError:  # not a Unix: no such limits
            return None
        _checked[command] = _files(resource, command) or _tasks(resource, command)
    return _checked[command]


def _files(resource, command: str) -> str | None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = max(NEEDED_FILES, _open_files() + NEEDED_FILES // 2)  # the shell may pass on a few of its own
    if _enough(soft, needed):
        return None
    if _enough(hard, needed):
        resource.setrlimit(resource.RLIMIT_NOFILE, (_raised(hard, needed), hard))
        return None
    return (
        f"the {command} needs {needed} open files in each of its processes, and this shell's limit (ulimit -n,"
        f" RLIMIT_NOFILE) is {hard}: raise it to 1024 (ulimit -n 1024; beyond the hard limit, as root in"
        " /etc/security/limits.conf) and run again; nothing was written"
    )


def _tasks(resource, command: str) -> str | None:
    if not hasattr(resource, "RLIMIT_NPROC") or _exempt():
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NPROC)
    needed = needed_tasks()
    if _enough(soft, needed + _system_tasks()):  # every task of the machine counted: no need to find the user's
        return None
    used = _user_tasks()
    if used is None or _enough(soft, needed + used):
        return None
    if _enough(hard, needed + used):
        resource.setrlimit(resource.RLIMIT_NPROC, (hard, hard))
        return None
    wanted = max(256, used + 2 * needed)
    return (
        f"the {command} needs {needed} processes and threads at once beside the {used} this user runs already, and"
        f" the user's limit (ulimit -u, RLIMIT_NPROC) is {hard}: raise it to {wanted} or more (ulimit -u {wanted};"
        " beyond the hard limit, as root in /etc/security/limits.conf) and run again; nothing was written"
    )


def _enough(limit: int, needed: int) -> bool:
    import resource

    return limit == resource.RLIM_INFINITY or limit >= needed


def _raised(hard: int, needed: int) -> int:
    import resource

    wanted = max(needed, 1024)
    return wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)


def _open_files() -> int:
    """The files this process has open already (inherited from the shell, say); 0 where that cannot be read."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return max(0, len(os.listdir(folder)) - 1)  # the listing's own descriptor
        except OSError:
            continue
    return 0


def _exempt() -> bool:
    """The kernel does not apply RLIMIT_NPROC to root, nor to a process with CAP_SYS_ADMIN or CAP_SYS_RESOURCE."""
    if os.getuid() == 0 or os.geteuid() == 0:
        return True
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("CapEff:"):
                    caps = int(line.split()[1], 16)
                    return bool(caps >> _CAP_SYS_ADMIN & 1 or caps >> _CAP_SYS_RESOURCE & 1)
    except (OSError, ValueError, IndexError):
        pass
    return False


def _system_tasks() -> int:
    """Every process and thread on the machine (/proc/loadavg's fourth field), an upper bound on the user's; a number
    no limit reaches where it cannot be read, so that the user's own are counted."""
    try:
        with open("/proc/loadavg") as loadavg:
            return int(loadavg.read().split()[3].split("/")[1])
    except (OSError, ValueError, IndexError):
        return 1 << 62


def _user_tasks() -> int | None:
    """The processes and threads whose real user is this process's (what RLIMIT_NPROC counts); None without /proc."""
    uid, count = os.getuid(), 0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as status:
                real, threads = None, 1
                for line in status:
                    if line.startswith("Uid:"):
                        real = int(line.split()[1])
                    elif line.startswith("Threads:"):
                        threads = int(line.split()[1])
                        break
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
        if real == uid:
            count += threads
    return count


_SHORT = {errno.EAGAIN, errno.EMFILE, errno.ENFILE, errno.ENOMEM}
_OURS = ("could not start a process or thread",)
_SAID = ("can't start new thread", "Failed to launch worker thread", "Resource temporarily unavailable")


def resource_failure(exc: BaseException) -> str | None:
    """One line for an exception that says the machine ran out of processes, threads or open files while the command
    ran (a limit reached after the check, by the user's other work); None for any other exception."""
    if isinstance(exc, OSError) and str(exc.strerror).startswith(_OURS):
        return exc.strerror  # said already, by the process that met it (the chart drawer, through the worker)
    text = str(exc).strip().splitlines()
    first = text[0][:160] if text else type(exc).__name__
    if (isinstance(exc, OSError) and exc.errno in _SHORT) or any(said in str(exc) for said in _SAID):
        return (
            f"could not start a process or thread or open a file ({type(exc).__name__}: {first}): the user's limit on"
            " processes and threads (ulimit -u) or on open files (ulimit -n) was reached while it ran"
        )
    return None
