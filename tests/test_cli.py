"""The command line: exit codes, messages a person understands, and an output folder left as it was."""

import os
import shutil
import subprocess
import sys
import time

import pytest

from report.cli import main
from tests.conftest import DATA, ROOT


def run(*args, env=None, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "report", *args], capture_output=True, text=True, env=env, cwd=cwd)


def test_usage_errors_exit_2(capsys):
    assert main([]) == 2
    assert main(["build", str(DATA)]) == 2  # --out is required
    assert main(["frobnicate"]) == 2
    assert main(["--help"]) == 0


def test_an_unknown_option_is_said_with_its_commands_usage(capsys, tmp_path):
    """Field test 8, minor 10: `measure … --snapshot-gbb 2` printed the top-level usage (`python -m report [-h]
    {build,verify,rows,measure}`), not measure's; measure's --help left `restore` out of --phases."""
    args = ["measure", str(tmp_path), "--system", "NFS", "--path", str(tmp_path), "--snapshot-gbb", "2"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m report measure [-h] --system NAME --path MOUNTED_DIR")
    assert err.rstrip().endswith("python -m report measure: error: unrecognized arguments: --snapshot-gbb 2")
    assert main(["build", str(DATA), "--out", str(tmp_path / "out"), "--bogus"]) == 2
    assert capsys.readouterr().err.rstrip().endswith("python -m report build: error: unrecognized arguments: --bogus")
    assert not (tmp_path / "out").exists()
    assert main(["measure", "--help"]) == 0
    assert "comma-separated, of save, restore, load, sustain" in " ".join(capsys.readouterr().out.split())


@pytest.mark.slow
def test_invalid_input_exits_1_writes_nothing_and_keeps_old_report(folder, tmp_path, capsys):
    data = folder("data")
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.pdf").write_bytes(b"an earlier report")
    (data / "save_times.csv").write_text(
        "system,model,gpus,snapshot_gb,run,save_s\n"
        'Local NVMe (single drive),32B LoRA,8,65.6,1,"12,5"\nMingxin FX100,32B LoRA,8,65.6,1,-94\n'
    )
    before = sorted(p.name for p in out.iterdir())
    assert main(["build", str(data), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert 'save_times.csv:2: save_s: "12,5" is not a number' in err
    assert 'save_times.csv:3: save_s: "-94" must be above zero' in err
    assert "Traceback" not in err
    assert sorted(p.name for p in out.iterdir()) == before
    assert (out / "report.pdf").read_bytes() == b"an earlier report"


@pytest.mark.slow
def test_missing_data_dir_exits_1(tmp_path, capsys):
    assert main(["build", str(tmp_path / "nope"), "--out", str(tmp_path / "out")]) == 1
    assert "this joint-test folder does not exist" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_crash_mid_build_leaves_no_partial_file(folder, tmp_path, monkeypatch):
    from report.pdf import renderer as pdf
    from report.pipeline import build

    out = tmp_path / "out"
    out.mkdir()
    (out / "metrics.json").write_text("old")

    def boom(*args, **kwargs):
        raise RuntimeError("renderer crashed")

    monkeypatch.setattr(pdf.PdfRenderer, "write", boom)
    with pytest.raises(RuntimeError, match="renderer crashed"):
        build.build(DATA, out)
    assert [p.name for p in out.iterdir()] == ["metrics.json"]
    assert (out / "metrics.json").read_text() == "old"


def test_a_data_side_that_dies_is_an_error_not_a_hang(tmp_path, monkeypatch):
    from report.pipeline import build, spawn

    real = subprocess.Popen
    monkeypatch.setattr(spawn.subprocess, "Popen", lambda cmd, **kw: real([sys.executable, "-c", "exit(3)"], **kw))
    with pytest.raises(RuntimeError, match=r"ended early \(status 3\)"):
        build.build(DATA, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_crash_while_writing_cleans_up(tmp_path, monkeypatch):
    from report.pipeline import output

    calls = []
    real_replace = os.replace

    def failing_fsync(fd):
        calls.append(fd)
        if len(calls) == 2:
            raise OSError("disk full")

    monkeypatch.setattr(output.os, "fsync", failing_fsync)
    with pytest.raises(OSError):
        output.write_all(tmp_path, {"a.txt": b"1", "b.txt": b"2"})
    assert list(tmp_path.iterdir()) == []
    assert real_replace is os.replace


@pytest.mark.slow
def test_build_and_verify_end_to_end(tmp_path):
    out = tmp_path / "out"
    result = run("build", str(DATA), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["metrics.json", "report.html", "report.pdf"]
    check = run("verify", str(out / "report.pdf"))
    assert check.returncode == 0 and "every figure matches" in check.stderr


@pytest.mark.slow
def test_make_report_is_a_no_op_when_nothing_changed(tmp_path):
    out = tmp_path / "made"
    # The interpreter of the venv this test runs in: make must not make the venv anew for another one. GNU make 4.3 or
    # newer (grouped targets): gmake where it has that name (Homebrew's; macOS's own make is 3.81).
    make = [shutil.which("gmake") or "make", f"PYTHON3={sys.executable}"]
    first = subprocess.run([*make, "-s", "report", f"OUT={out}"], cwd=ROOT, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    started = time.perf_counter()
    second = subprocess.run([*make, "report", f"OUT={out}"], cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    assert second.returncode == 0 and "Nothing to be done" in second.stdout
    assert elapsed < 1.0  # a benchmark is not the place for this, but a rebuild would take seconds
    dry = subprocess.run(
        [*make, "-n", "report", f"OUT={out}", "DATA=tests/fixtures/repeated"], cwd=ROOT, capture_output=True, text=True
    )
    assert f"report build --out='{out}' -- 'tests/fixtures/repeated'" in dry.stdout


@pytest.mark.parametrize(
    "data", ["x';touch PWNED;'y", 'x";touch PWNED;"y', "$(shell touch PWNED)", "`touch PWNED`", "a b; touch PWNED"]
)
@pytest.mark.slow
def test_make_runs_nothing_a_hostile_data_names(tmp_path, data):
    for dry in ("-n", None):
        command = ["make", "-s", *([dry] if dry else []), "report", f"DATA={data}", f"OUT={tmp_path / 'o u t'}"]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        assert not (ROOT / "PWNED").exists(), result.stdout
    assert "this joint-test folder does not exist" in result.stderr
    assert result.returncode != 0


@pytest.mark.slow
def test_make_builds_from_and_to_paths_with_spaces_and_quotes(tmp_path):
    import shutil

    data = tmp_path / "it's a test"
    shutil.copytree(DATA, data)
    out = tmp_path / "out put;x"
    result = subprocess.run(
        ["make", "-s", "report", f"DATA={data}", f"OUT={out}"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["metrics.json", "report.html", "report.pdf"]


def test_a_file_too_large_for_the_shell_s_limit_names_the_limit():
    """attacks-5 L1: under `prlimit --fsize=100000` the build said only "the build: File too large"."""
    import errno

    from report.cli import environment_message

    assert environment_message(OSError(errno.EFBIG, "File too large")) == (
        "the build: File too large (the largest file this shell may write, ulimit -f, or the file system's limit);"
        " nothing was written"
    )
