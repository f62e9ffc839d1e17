"""The machine's limits on processes and open files, checked before a build starts anything (issue 44, P5/P6)."""

import errno
import io
import resource
import shutil
import subprocess
import sys

import pytest

from report.cli import main
from report.pipeline import limits
from tests.conftest import DATA, ROOT

needs_prlimit = pytest.mark.skipif(shutil.which("prlimit") is None, reason="prlimit (util-linux) sets a limit")


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """Each test checks anew (the module keeps one answer per process)."""
    monkeypatch.setattr(limits, "_checked", {})


def fake_limits(monkeypatch, nofile, nproc, raised):
    def getrlimit(which):
        return {resource.RLIMIT_NOFILE: nofile, resource.RLIMIT_NPROC: nproc}[which]

    monkeypatch.setattr(resource, "getrlimit", getrlimit)
    monkeypatch.setattr(resource, "setrlimit", lambda which, value: raised.append((which, value)))
    monkeypatch.setattr(limits, "_exempt", lambda: False)
    monkeypatch.setattr(limits, "_open_files", lambda: 3)


def test_a_file_limit_too_low_for_a_build_is_one_line(monkeypatch):
    raised = []
    fake_limits(monkeypatch, (16, 16), (resource.RLIM_INFINITY,) * 2, raised)
    assert limits.check("build") == (
        "the build needs 64 open files in each of its processes, and this shell's limit (ulimit -n, RLIMIT_NOFILE) is"
        " 16: raise it to 1024 (ulimit -n 1024; beyond the hard limit, as root in /etc/security/limits.conf) and run"
        " again; nothing was written"
    )
    assert raised == []


def test_a_soft_limit_is_raised_to_the_hard_one_where_that_is_enough(monkeypatch):
    raised = []
    fake_limits(monkeypatch, (16, 4096), (12, 4096), raised)
    monkeypatch.setattr(limits, "_system_tasks", lambda: 300)
    monkeypatch.setattr(limits, "_user_tasks", lambda: 5)
    assert limits.check("verify") is None
    assert raised == [(resource.RLIMIT_NOFILE, (1024, 4096)), (resource.RLIMIT_NPROC, (4096, 4096))]


def test_a_process_limit_too_low_counts_the_user_s_own_tasks(monkeypatch):
    raised = []
    fake_limits(monkeypatch, (1024, 1024), (40, 40), raised)
    monkeypatch.setattr(limits, "needed_tasks", lambda: 26)
    monkeypatch.setattr(limits, "_system_tasks", lambda: 300)  # more than the limit: the user's are counted
    monkeypatch.setattr(limits, "_user_tasks", lambda: 20)
    assert limits.check("build") == (
        "the build needs 26 processes and threads at once beside the 20 this user runs already, and the user's limit"
        " (ulimit -u, RLIMIT_NPROC) is 40: raise it to 256 or more (ulimit -u 256; beyond the hard limit, as root in"
        " /etc/security/limits.conf) and run again; nothing was written"
    )
    monkeypatch.setattr(limits, "_checked", {})
    monkeypatch.setattr(limits, "_user_tasks", lambda: 10)  # 26 beside 10 fit in 40
    assert limits.check("build") is None
    monkeypatch.setattr(limits, "_checked", {})
    monkeypatch.setattr(limits, "_exempt", lambda: True)  # root: the kernel does not apply the limit
    monkeypatch.setattr(limits, "_user_tasks", lambda: 39)
    assert limits.check("build") is None


def test_the_user_s_tasks_are_counted_from_proc():
    counted = limits._user_tasks()
    assert counted is not None and counted >= 1  # this very process at least
    # Not compared with _system_tasks(): the two read /proc at different instants, and tasks that end in between
    # (other test workers) made "system >= user" fail now and then on a busy machine.
    assert limits._system_tasks() >= 1


def test_the_machine_s_tasks_are_loadavg_s_fourth_field(monkeypatch):
    real_open = open

    def fake_open(path, *args, **kwargs):
        if path == "/proc/loadavg":
            return io.StringIO("0.52 0.58 0.59 3/467 12345\n")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", fake_open)
    assert limits._system_tasks() == 467


def test_build_and_verify_stop_before_anything_under_the_limits(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(limits, "check", lambda command: f"the {command} needs more; nothing was written")
    out = tmp_path / "out"
    assert main(["build", str(DATA), "--out", str(out)]) == 3
    assert main(["verify", str(tmp_path / "report.pdf")]) == 3
    assert capsys.readouterr().err.splitlines() == [
        "the build needs more; nothing was written",
        "the verify needs more; nothing was written",
    ]
    assert list(tmp_path.iterdir()) == []  # no OUT, no lock


@needs_prlimit
def test_the_command_under_a_low_file_limit_is_one_line_exit_3(tmp_path):
    """Issue 44, P6: under `prlimit --nofile=16` the build printed a traceback and exited 1, as for invalid input."""
    out = tmp_path / "out"
    command = ["prlimit", "--nofile=16", sys.executable, "-m", "report", "build", str(DATA), "--out", str(out)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    assert done.stderr.splitlines() == [
        "the build needs 64 open files in each of its processes, and this shell's limit (ulimit -n, RLIMIT_NOFILE) is"
        " 16: raise it to 1024 (ulimit -n 1024; beyond the hard limit, as root in /etc/security/limits.conf) and run"
        " again; nothing was written"
    ]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "exc",
    [
        RuntimeError("can't start new thread"),
        OSError(errno.EAGAIN, "Resource temporarily unavailable"),
        OSError(errno.EMFILE, "Too many open files"),
        Exception("pyarrow.lib.ArrowException: Unknown error: Failed to launch worker thread"),
    ],
)
def test_limits_reached_while_running_are_said_in_one_line(exc):
    said = limits.resource_failure(exc)
    assert said.startswith("could not start a process or thread or open a file (") and "\n" not in said
    assert said.endswith(
        "the user's limit on processes and threads (ulimit -u) or on open files (ulimit -n) was reached while it ran"
    )
    assert limits.resource_failure(OSError(errno.EAGAIN, said)) == said  # passed on as it is, not wrapped again
    assert limits.resource_failure(ValueError("a bug")) is None


def test_a_thread_the_command_cannot_start_is_exit_3_not_a_traceback(monkeypatch, tmp_path, capsys):
    from report.pipeline import build

    def no_thread(*args, **kwargs):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(build, "build", no_thread)
    assert main(["build", str(DATA), "--out", str(tmp_path / "out")]) == 3
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("could not start a process or thread or open a file (RuntimeError: can't start new")
    assert line.endswith("; nothing was written")


@pytest.mark.slow
@needs_prlimit
def test_a_file_limit_met_while_running_is_one_line_and_leaves_nothing(tmp_path):
    """The check bypassed (as when the user's other work takes the room meanwhile): the chart drawer cannot open
    its fonts; the build says so in one line, exit 3, with no traceback, OUT, temporary folder or process left."""
    out, temp = tmp_path / "out", tmp_path / "tmp"
    temp.mkdir()
    script = (
        "import sys, runpy; from report.pipeline import limits; limits.NEEDED_FILES = 0;"
        f" sys.argv = ['report', 'build', {str(DATA)!r}, '--out', {str(out)!r}];"
        " runpy.run_module('report', run_name='__main__')"
    )
    command = ["prlimit", "--nofile=16", sys.executable, "-c", script]
    env = {"PATH": "/usr/bin:/bin", "TMPDIR": str(temp)}
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 3, done.stderr
    (line,) = [said for said in done.stderr.splitlines() if not said.startswith("warning:")]
    assert line.startswith("the build: could not start a process or thread or open a file (OSError: [Errno 24]")
    assert "Traceback" not in done.stderr and not out.exists() and list(temp.iterdir()) == []
