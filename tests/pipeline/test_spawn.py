"""The worker started before the command line is read (report/pipeline/spawn.py, report/__main__.py): taken once, stopped when
no command takes it, and never left behind."""

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

from report.pipeline import spawn

ROOT = Path(__file__).resolve().parents[2]


def _gone(process: subprocess.Popen) -> None:
    process.kill()
    process.wait()
    process.stdin.close()


def test_the_worker_started_early_is_taken_once_then_workers_are_started_anew():
    spawn.start_early()
    spawn.start_early()  # a second call starts no second worker
    early, read = spawn.take()
    later, other = spawn.take()
    try:
        assert early.pid != later.pid and read != other
        assert early.poll() is None and later.poll() is None  # both importing, waiting for a job
    finally:
        for process, fd in ((early, read), (later, other)):
            _gone(process)
            os.close(fd)


def test_a_worker_given_no_job_leaves_quietly_and_sends_nothing():
    process, read = spawn.start()
    process.stdin.close()  # the command ended before it had a job to give
    assert process.wait(timeout=60) == 0
    with os.fdopen(read, "rb") as parts:
        assert parts.read() == b""


def test_discard_stops_the_worker_no_command_took():
    spawn.start_early()
    process, _ = spawn._early[-1]
    spawn.discard()
    assert process.poll() is not None and not spawn._early
    spawn.discard()  # nothing left to stop


def _workers_marked(mark: str) -> list[int]:
    """The processes whose environment carries `mark` (the workers of one command line), alive or not yet reaped."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if mark.encode() in Path(f"/proc/{pid}/environ").read_bytes():
                found.append(int(pid))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


def test_commands_that_take_no_worker_leave_none_behind(tmp_path):
    """`build --help`, a build of a folder that does not exist, a verify of a file that is not a PDF: each started a
    worker before reading its command line, and none of those workers outlives the command."""
    mark = f"REPORT_SPAWN_TEST={uuid.uuid4().hex}"
    env = {**os.environ, mark.split("=")[0]: mark.split("=")[1]}
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"not a pdf")
    for args, status in (
        (["build", "--help"], 0),
        (["build", str(tmp_path / "none"), "--out", str(tmp_path / "out")], 1),
        (["verify", str(junk)], 1),
    ):
        done = subprocess.run([sys.executable, "-m", "report", *args], cwd=ROOT, env=env, capture_output=True)
        assert done.returncode == status, done.stderr.decode()
        deadline = time.monotonic() + 10
        while _workers_marked(mark) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _workers_marked(mark) == [], args
