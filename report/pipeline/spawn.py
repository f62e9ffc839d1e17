"""The data side's process (report/pipeline/worker.py), started as early as a command can start it.

`python -m report build` (and `verify`) start it before importing anything of their own (report/__main__.py): the
worker's imports (pandas, 0.3 s) are the longest road to the HTML the PDF side lays out, and reading the command line
and importing the pipeline first put them 0.05 s further along it (issue 27). The worker then waits for its job on its
standard input (pipeline/build.py, `_Worker.send`); a command that gives it none (a wrong command line, an OUT that
cannot be written, a report that verify refuses) stops it with `discard`, and a worker whose parent has gone reads the
end of its input and leaves.

This module imports nothing of the project's but the trace clock, and of Python's only what a build imports anyway.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import subprocess
import sys

from report.trace import start_clock

_early: list[tuple[subprocess.Popen, int]] = []


def start() -> tuple[subprocess.Popen, int]:
    """Start a worker: its process, and the file descriptor its parts arrive on."""
    start_clock()  # before the worker starts, so that both sides print their steps on one clock
    read, write = os.pipe()
    with contextlib.suppress(AttributeError, OSError):  # Linux: 1 MB instead of 64 KB, fewer round trips
        fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, 1 << 20)
    # The worker imports this very package, wherever this process found it.
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (package, os.environ.get("PYTHONPATH"))))}
    # OpenBLAS (numpy's, and scipy's) starts a thread per core when it loads, and on a 2-core machine those threads
    # spun for 0.1 s of CPU while pandas was imported, taken from this process and the worker alike. Nothing here does
    # linear algebra (no BLAS call at all), so one thread: the same figures, 0.1 s of CPU less (issue 27).
    env.setdefault("OPENBLAS_NUM_THREADS", "1")
    # its parent's PID: the worker ends with it (a build or verify killed with SIGKILL left it computing for seconds)
    command = [sys.executable, "-m", "report.pipeline.worker", str(write), str(os.getpid())]
    try:
        with _sigint_ignored():
            process = subprocess.Popen(command, pass_fds=(write,), env=env, stdin=subprocess.PIPE)
    except OSError as exc:  # EAGAIN: the user's process limit reached (pipeline/limits.py checks it before)
        os.close(read)
        raise OSError(
            exc.errno,
            f"could not start the data side's process ({exc.strerror}): the user's limit on processes and threads"
            " (ulimit -u) or on open files (ulimit -n) was reached",
        ) from exc
    finally:
        os.close(write)
    return process, read


@contextlib.contextmanager
def _sigint_ignored():
    """SIGINT ignored while the worker is started, so that it starts ignoring it (an ignored signal stays ignored across
    exec, and Python then installs no handler for it): Ctrl-C reaches the whole process group, and a worker still
    importing would print a KeyboardInterrupt traceback where the command prints one line. The command stops it."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals cannot be set here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def start_early() -> None:
    """Start the worker a build or a verify will take (`take`), before the command line is even read."""
    if not _early:
        _early.append(start())


def take() -> tuple[subprocess.Popen, int]:
    """The worker started early, else one started now."""
    return _early.pop() if _early else start()


def discard() -> None:
    """Stop the worker started early that no command took."""
    while _early:
        process, read = _early.pop()
        process.kill()
        process.wait()
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        os.close(read)
