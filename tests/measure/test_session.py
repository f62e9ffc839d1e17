"""measure for real: two systems on this machine (a folder on disk, a tmpfs the test mounts), fio run by the
command, the folder built with `make report DATA=…`, and its figures held to fio's own JSON totals. Then the
ways a session ends early: Ctrl-C half-way, a path without room, a dry run, a command line that cannot work.

Needs fio (the Makefile installs it) and root for the tmpfs mount (CI has both); skipped, saying so, elsewhere.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from report.cli import main
from tests.conftest import ROOT
from tests.fio_runs import totals, windowed_gbps

pytestmark = [
    pytest.mark.slow,
    pytest.mark.system,
    pytest.mark.skipif(shutil.which("fio") is None, reason="fio is not installed (apt-get install fio)"),
]
TOML = """title = "measure on this machine"
customer = "Test Centre"
date = 2026-12-03

[systems]
candidate = "RAM disk"
save_baseline = "Local disk"
load_baseline = "Local disk"

[training]
model = "32B LoRA"
total_steps = 1000
checkpoint_interval_steps = 100
step_time_s = 1.0
"""
RUNS = 3
MiB = 1 << 20
# 0.064 GB over 2 writers at 1 MiB: 30.5 MiB -> 31 MiB files, 65,011,712 bytes a save; the load 15.26 -> 15 MiB each.
# A sustained write of 1 s in 100 ms windows: 10 windows, past the four measure asks for (its warm-up is 1-3 of them).
SIZES = ["--writers", "2", "--snapshot-gb", "0.064", "--load-gb", "0.032", "--sustain-s", "1", "--window-ms", "100"]
# Each load and restore run drops the whole machine's page cache (sync, then /proc/sys/vm/drop_caches): every process
# of the run, the other pytest-xdist workers' builds too, then reads its modules and fonts from the disk again. The
# measured fixture's Local disk runs drop it, as measure does by default; the other sessions keep it, as neither their
# figures nor their words depend on it (a tmpfs has none to drop: its line says so either way).
KEEP = ["--keep-page-cache"]
COLUMNS = ["--gpus", "8", "--load-model", "32B", "--platform", "Huawei Atlas 910B"]


def measure_command(folder: Path, system: str, path: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "report", "measure", str(folder), "--system", system, "--path", str(path), *extra]


def run_measure(folder: Path, system: str, path: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        measure_command(folder, system, path, *extra), cwd=ROOT, capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    """A folder on the disk under the test's temporary folder, and a tmpfs of 192 MiB mounted for the test."""
    root = tmp_path_factory.mktemp("measure")
    disk, ram = root / "disk", root / "ram"
    disk.mkdir()
    ram.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=192m", "tmpfs", str(ram)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (root is needed): {mounted.stderr.decode().strip()}")
    try:
        yield root, disk, ram
    finally:
        subprocess.run(["umount", str(ram)], check=False)


def wait_for(toml: Path, text: str, child: subprocess.Popen) -> None:
    """Until `text` is in test.toml `toml` (a run recorded), with `child` (a measure) still running, for 120 s at most."""
    deadline = time.monotonic() + 120
    while text not in toml.read_text():
        assert child.poll() is None and time.monotonic() < deadline, child.stderr.read() if child.stderr else ""
        time.sleep(0.05)


def new_folder(root: Path, name: str) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / "test.toml").write_text(TOML)
    return folder


def listing(*folders: Path) -> list[tuple[str, int, int]]:
    """Every file and folder under these, with size and modification time: 'nothing written' made checkable."""
    out = []
    for top in folders:
        for path in sorted(top.rglob("*")):
            info = path.lstat()
            out.append((str(path), info.st_size, info.st_mtime_ns))
    return out


@pytest.fixture(scope="module")
def measured(places):
    """Both systems measured in one folder, then built with make report DATA=… OUT=…."""
    root, disk, ram = places
    folder = new_folder(root, "joint-test")
    for system, path, extra in (("Local disk", disk, []), ("RAM disk", ram, ["--allow-not-durable", *KEEP])):
        done = run_measure(folder, system, path, "--runs", str(RUNS), *SIZES, *COLUMNS, *extra)
        assert done.returncode == 0, done.stderr
        counts = "3 save runs, 3 restore runs, 3 load runs and 3 sustained write runs"
        assert f"measure: {counts} of {system} recorded" in done.stderr
        # built into a folder of its own, not output/ (field test 8, minor 9)
        assert f"build the report with make report DATA={folder} OUT={folder.parent / 'joint-test-report'}\n" in (
            done.stderr
        )
        # what it wrote to the storage, from fio's own JSON (field test 8, minor 14)
        raw = folder / "raw" / ("local-disk" if system == "Local disk" else "ram-disk")
        written = {
            phase: sum(
                j["write"]["io_bytes"] for f in raw.glob(f"{phase}-*.json") for j in json.loads(f.read_text())["jobs"]
            )
            for phase in ("save", "sustain")
        }
        assert (
            f"measure: note: this session wrote {sum(written.values()) / 1e9:.3g} GB to {path} (saves"
            f" {written['save'] / 1e9:.3g} GB, sustained writes {written['sustain'] / 1e9:.3g} GB); each sustained"
            " write writes for 1 s as fast as the storage takes it" in done.stderr
        )
    out = root / "out"
    built = subprocess.run(
        # PYTHON3: this very interpreter, so that make never takes .venv for another one's and makes it anew.
        ["make", "report", f"PYTHON3={sys.executable}", f"DATA={folder}", f"OUT={out}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return folder, out, disk, ram


def test_the_report_of_a_measured_folder_gives_fios_own_totals(measured):
    folder, out, _, _ = measured
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["inputs_illustrative"] == []
    assert metrics["not_durable"] == ["candidate"]  # the tmpfs, measured with --allow-not-durable
    for side, raw in (("baseline", "local-disk"), ("candidate", "ram-disk")):
        saves = totals(folder, raw, "save", "write", RUNS)
        assert metrics["save"][side]["times_s"] == [s for s, _, _ in saves]
        assert metrics["save"][side]["mean_s"] == pytest.approx(sum(s for s, _, _ in saves) / RUNS, rel=1e-12)
        assert metrics["save"][side]["snapshot_gb"] == 2 * 31 * MiB / 1e9 == saves[0][1] / 1e9
        assert metrics["save"][side]["gpus"] == 8
        restores = totals(folder, raw, "restore", "read", RUNS)  # the save's files read back whole
        assert [b for _, b, _ in restores] == [2 * 31 * MiB] * RUNS
        assert metrics["reliability"][side]["restore_s"] == pytest.approx(
            sum(s for s, _, _ in restores) / RUNS, rel=1e-12
        )
        loads = totals(folder, raw, "load", "read", RUNS)
        model = metrics["load"]["models"][0]
        assert model[f"{side}_s"] == pytest.approx(sum(s for s, _, _ in loads) / RUNS, rel=1e-12)
        assert model["size_gb"] == 2 * 15 * MiB / 1e9 == loads[0][1] / 1e9
        assert (model["model"], model["platform"]) == ("32B", "Huawei Atlas 910B")
        # The bandwidth is the contract's reading of fio's window logs, recomputed here from the logs alone; fio's own
        # Σ bw_bytes is another measure (its windows fall where the scheduler lets them: 13% apart at a load average
        # of 20 on 2 cores), held only to the same order.
        assert metrics["bandwidth"][f"{side}_gbps"] == pytest.approx(
            windowed_gbps(folder, raw, "sustain", RUNS), rel=1e-12
        )
        sustained = totals(folder, raw, "sustain", "write", RUNS)
        assert 0.5 < metrics["bandwidth"][f"{side}_gbps"] / (sum(bw for _, _, bw in sustained) / RUNS / 1e9) < 2
        assert metrics["bandwidth"][side]["runs"] == RUNS
    names = set(metrics["inputs"])
    assert {"raw/local-disk/save-1.json", "raw/ram-disk/sustain-3_bw.2.log", "raw/ram-disk/load-3.json"} <= names
    assert not any(name.endswith(".csv") for name in names)  # every row came from fio's own output


def test_the_folder_holds_the_outputs_and_the_record_and_the_storage_nothing(measured):
    folder, _, disk, ram = measured
    assert list(disk.iterdir()) == [] and list(ram.iterdir()) == []  # the data files and the scratch folder went
    raw = sorted(p.name for p in (folder / "raw" / "ram-disk").iterdir())
    assert raw == sorted(
        ["save.fio", "load.fio", "sustain.fio", "commands.txt"]
        + ["restore.fio"]
        + [f"{phase}-{n}.json" for phase in ("save", "restore", "load", "sustain") for n in range(1, RUNS + 1)]
        + [f"sustain-{n}_bw.{job}.log" for n in range(1, RUNS + 1) for job in (1, 2)]
    )
    config = tomllib.loads((folder / "test.toml").read_text())
    measured_on = {k: config["import"][0].pop(k, None) for k in ("filesystem", "medium", "cpu_bound")}
    assert measured_on["medium"] == "storage" and measured_on["filesystem"]  # cpu_bound: as this machine's load was
    assert config["import"][0] == {
        "tool": "fio",
        "files": [f"raw/local-disk/save-{n}.json" for n in range(1, RUNS + 1)],
        "system": "Local disk",
        "into": "save_times",
        "model": "32B LoRA",
        "gpus": 8,
        "snapshot_gb": 0.065011712,
    }
    assert [(t["system"], t["into"]) for t in config["import"]] == [
        (s, into)
        for s in ("Local disk", "RAM disk")
        for into in ("save_times", "restore_times", "load_times", "bandwidth")
    ]
    assert all(config["import"][1].pop(k, None) for k in ("filesystem", "medium"))
    config["import"][1].pop("cpu_bound", None)  # as this machine's load was
    assert config["import"][1] == {
        "tool": "fio",
        "files": [f"raw/local-disk/restore-{n}.json" for n in range(1, RUNS + 1)],
        "system": "Local disk",
        "into": "restore_times",
        "model": "32B LoRA",
        "snapshot_gb": 0.065011712,
    }
    assert config["systems"]["not_durable"] == ["RAM disk"]
    environment = config["environment"]
    assert environment["RAM disk: fio"].startswith("fio-3.") and "Linux" in environment["RAM disk: fio"]
    assert "on tmpfs (tmpfs)" in environment["RAM disk: file system"]
    assert "the medium is memory, not storage" in environment["RAM disk: file system"]
    assert "memory" not in environment["Local disk: file system"]
    assert "not durable: tmpfs keeps the data in memory only" in environment["RAM disk: durability"]
    assert environment["RAM disk: page cache"].startswith("none to drop: tmpfs's pages are the only copy")
    assert environment["Local disk: page cache"].startswith("written back and dropped before each load (sync; echo 1")
    assert environment["RAM disk: runs"] == "save 3, restore 3, load 3, sustained write 3 of 3 planned"
    assert "--system" not in environment["RAM disk: measured"]  # in words: the command is in raw/ram-disk/
    assert "--system 'RAM disk'" in (folder / "raw" / "ram-disk" / "commands.txt").read_text()
    assert "end_fsync=1" in environment["Local disk: durability"]
    text = (folder / "test.toml").read_text()
    assert "# asked for 0.064 GB; fio moves whole 1 MiB blocks, so each of the 2 files holds 31 MiB" in text


def test_the_environment_reaches_the_report(measured):
    _, out, _, _ = measured
    html = (out / "report.html").read_text()
    assert "RAM disk: file system" in html and "Local disk: durability" in html


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGHUP])  # Ctrl-C, and an ssh session that drops
def test_ctrl_c_half_way_leaves_a_folder_that_builds_with_the_runs_finished(places, stop):
    root, disk, ram = places
    folder = new_folder(root, f"interrupted-{stop.name}")
    done = run_measure(folder, "RAM disk", ram, "--runs", "1", *SIZES, *COLUMNS, "--allow-not-durable", *KEEP)
    assert done.returncode == 0, done.stderr
    # twelve runs: the stop lands during run 2 even when a loaded machine delays this loop by seconds (with four,
    # CI under a load of 10-14 saw all four finish, exit 0, before the signal)
    command = measure_command(folder, "Local disk", disk, "--runs", "12", *SIZES, *COLUMNS, *KEEP)
    # the child takes SIGHUP's default even where this run was started under nohup (SIG_IGN is inherited, and
    # measure keeps an ignored SIGHUP ignored): CI started with nohup saw the SIGHUP case run to its end
    hangup = signal.signal(signal.SIGHUP, signal.SIG_DFL)
    try:
        child = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    finally:
        signal.signal(signal.SIGHUP, hangup)
    toml = folder / "test.toml"
    deadline = time.monotonic() + 120
    while "raw/local-disk/sustain-1.json" not in toml.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)  # run 1 recorded in full: stop during run 2
    child.send_signal(stop)
    _, errors = child.communicate(timeout=120)
    assert child.returncode == 130, errors
    assert "measure: stopped; 1 save run, 1 restore run, 1 load run and 1 sustained write run recorded" in errors
    # how to finish (field test 8, minor 8: the engineer worked the counts out per phase)
    assert (
        "to finish the runs planned, run the same command again with --phases save,restore,load,sustain --add-runs "
        "--runs 11" in errors.replace("\n", " ")
    )
    config = tomllib.loads(toml.read_text())
    local = [t for t in config["import"] if t["system"] == "Local disk"]
    phases = ("save", "restore", "load", "sustain")
    assert [t["files"] for t in local] == [[f"raw/local-disk/{p}-1.json"] for p in phases]
    assert "stopped by the operator during" in config["environment"]["Local disk: runs"]
    # and commands.txt says so, as measure.md promises (field test 9, m3)
    how = "Ctrl-C (SIGINT)" if stop == signal.SIGINT else "SIGHUP"
    last = (folder / "raw" / "local-disk" / "commands.txt").read_text().splitlines()[-1]
    assert re.fullmatch(rf"# stopped: {re.escape(how)} during \w[\w ]* run 2, which was discarded unfinished", last)
    # Nothing of the unfinished run is left: only run 1's outputs and the job files.
    kept = sorted(p.name for p in (folder / "raw" / "local-disk").iterdir())
    assert kept == sorted(
        ["save.fio", "restore.fio", "load.fio", "sustain.fio", "commands.txt"]
        + ["save-1.json", "restore-1.json", "load-1.json", "sustain-1.json"]
        + [f"sustain-1_bw.{job}.log" for job in (1, 2)]
    )
    assert list(disk.iterdir()) == []
    out = root / f"interrupted-{stop.name}-out"
    assert main(["build", str(folder), "--out", str(out)]) == 0
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["save"]["baseline"]["runs"] == 1 and metrics["gates"][0]["status"] == "insufficient"


def test_a_stopped_sustained_write_counts_in_the_bytes_written(places):
    """Field test 9, m9: after Ctrl-C the note on what the session wrote to the storage left out the sustained write
    that was stopped, which had written GB of its own (fio reports them when stopped); m3: commands.txt says why."""
    root, disk, _ = places
    folder = new_folder(root, "stopped-sustain")
    options = ["--phases", "save,sustain", "--runs", "2", *SIZES, "--sustain-s", "30", "--gpus", "8"]
    child = subprocess.Popen(
        measure_command(folder, "Local disk", disk, *options), cwd=ROOT, stderr=subprocess.PIPE, text=True
    )
    try:
        wait_for(folder / "test.toml", "raw/local-disk/save-1.json", child)
        time.sleep(2)  # into sustained write run 1, which lasts 30 s
        child.send_signal(signal.SIGINT)
        _, errors = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130, errors
    said = re.search(
        rf"this session wrote ([\d.]+) GB to {re.escape(str(disk))} \(saves 0\.065 GB, sustained writes ([\d.]+) GB;"
        r" the stopped sustained write run 1 wrote ([\d.]+) GB of these, by fio's count when it stopped\)",
        errors.replace("\n", " "),
    )
    assert said is not None, errors
    total, sustained, stopped = (float(g) for g in said.groups())
    assert sustained == stopped > 0  # no sustained write was recorded: all of it is the stopped run's
    # each printed to 3 significant figures: within half a unit of its last digit
    half = [0.5 * 10 ** (math.floor(math.log10(x)) - 2) for x in (total, stopped)]
    assert abs(total - (0.065011712 + stopped)) <= sum(half)
    last = (folder / "raw" / "local-disk" / "commands.txt").read_text().splitlines()[-1]
    assert last == "# stopped: Ctrl-C (SIGINT) during sustained write run 1, which was discarded unfinished"
    assert list(disk.iterdir()) == []


def test_saves_on_a_tmpfs_are_refused_unless_allowed(places, capsys):
    root, _, ram = places
    folder = new_folder(root, "not-durable")
    before = listing(folder, ram)
    save = ["--phases", "save", "--runs", "1", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]
    assert main(["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *save]) == 3
    message = capsys.readouterr().err
    assert f"--path {ram} is on tmpfs, which does not survive a power loss" in message
    assert "Give --allow-not-durable to measure it anyway" in message and message.rstrip().endswith(
        "Nothing was written"
    )
    assert listing(folder, ram) == before
    # A dry run shows the plan, the refusal a warning above it (field test 9, m1: exit 3 and no plan).
    assert main(["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *save, "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(
        f"warning: --path {ram} is on tmpfs, which does not survive a power loss: its saves would be compared with"
        " durable ones. Give --allow-not-durable to measure it anyway (test.toml's [systems] not_durable then names"
        " it and the report marks its saves); a real run would stop here\n"
        f"measure RAM disk on {ram} ("
    )
    assert "  save run 1 -> raw/ram-disk/save-1.json\n" in printed and 'not_durable = ["RAM disk"]' in printed
    assert listing(folder, ram) == before
    # Loads only (a load system's figures are read speeds): no refusal, and no not_durable.
    load = ["--phases", "load", "--runs", "1", "--writers", "1", "--load-gb", "0.01", *COLUMNS[2:]]
    assert main(["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *load]) == 0
    assert "not_durable" not in tomllib.loads((folder / "test.toml").read_text())["systems"]


def test_a_path_without_room_is_refused_before_anything_is_written(places, capsys):
    root, _, ram = places
    folder = new_folder(root, "no-room")
    before = listing(folder, ram)
    sizes = ["--snapshot-gb", "1", "--load-gb", "0.01"]  # 8 files of 119 MiB: 0.998 GB
    status = main(["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *sizes, *COLUMNS])
    assert status == 3
    message = capsys.readouterr().err
    assert f"measure: {ram} has 0.201 GB free; the largest file set here is 0.998 GB" in message
    assert message.rstrip().endswith("Nothing was written")
    assert listing(folder, ram) == before
    # the dry run shows the plan below the same words, as a warning (field test 9, m1)
    status = main(["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *sizes, *COLUMNS, "--dry-run"])
    assert status == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"warning: {ram} has 0.201 GB free; the largest file set here is 0.998 GB")
    assert "measure a smaller size; a real run would stop here\n" in printed and "  save run 5 -> " in printed
    assert listing(folder, ram) == before


def test_a_dry_run_prints_the_plan_and_writes_nothing(places, capsys):
    root, disk, _ = places
    folder = new_folder(root, "dry-run")
    before = listing(folder, disk)
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--runs", "2", *SIZES, *COLUMNS]
    assert main([*args, "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert listing(folder, disk) == before
    assert (
        "  save run 1 -> raw/local-disk/save-1.json\n  restore run 1 -> raw/local-disk/restore-1.json\n"
        "  load run 1 -> raw/local-disk/load-1.json\n"
    ) in printed
    assert "--- raw/local-disk/sustain.fio\n" in printed and "write_bw_log=sustain-${MEASURE_RUN}" in printed
    assert '[[import]]\ntool = "fio"\nfiles = ["raw/local-disk/save-1.json", "raw/local-disk/save-2.json"]' in printed
    assert printed.endswith("(dry run: nothing was written)\n")


def test_gpus_that_do_not_match_the_hosts_saving_are_warned_of(tmp_path, capsys):
    """Field test 7, m17: measure.md's example passed 3 --client hosts with --gpus 64, and --gpus 2 on 2 hosts made the
    report's training job one node; nothing said how --gpus relates to the hosts. A dry run (and a session, before its
    first run) says so where the job's nodes (--gpus ÷ gpus_per_node) are not the machines saving."""
    from report.measure.hosts import gpus_warning

    folder = new_folder(tmp_path, "gpus")
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(tmp_path), "--phases", "save"]
    args += ["--client", "127.0.0.2", "--client", "127.0.0.3", "--runs", "1", "--writers", "1", "--snapshot-gb", "1"]
    assert main([*args, "--gpus", "16", "--dry-run"]) == 0
    said = capsys.readouterr()
    assert (
        "--gpus 16 is a training job of 2 nodes of 8 GPUs (test.toml's gpus_per_node), but the saves run from one"
        " machine (its 2 fio servers at loopback addresses): the report takes the job's nodes from --gpus, and a save"
        " from several hosts stands for one node per host; give --gpus 8 (hosts × GPUs per node), or save from 2 hosts"
    ) in said.out + said.err
    assert main([*args, "--gpus", "8", "--dry-run"]) == 0
    assert "--gpus 8 is a training job" not in "".join(capsys.readouterr())
    three = ("10.0.0.11", "10.0.0.12", "10.0.0.13,8766")  # measure.md's example
    (warning,) = gpus_warning(64, three, False, 8)
    assert warning.startswith("--gpus 64 is a training job of 8 nodes of 8 GPUs") and "give --gpus 24" in warning
    assert (
        gpus_warning(24, three, False, 8) == gpus_warning(8, (), True, 8) == gpus_warning(2, three[:1], False, 8) == ()
    )


@pytest.mark.parametrize(
    ("extra", "status", "message"),
    [
        (["--system", "Lustre"], 2, '--system "Lustre" is not one of test.toml\'s [systems] ("RAM disk", "Local disk")'),
        (["--system", "RAM disk", "--snapshot-gb", "1"], 2, "measuring save, restore, load, sustain needs --gpus, --load-gb"),
        (["--system", "RAM disk", "--phases", "save,trim"], 2, "--phases 'save,trim': a comma-separated list of save, restore"),
        (["--system", "RAM disk", "--block-size", "1000"], 2, "must be a multiple of 4 KiB"),
        (["--system", "RAM disk", *COLUMNS[:2], "--snapshot-gb", "1", "--phases", "save", "--runs", "0"], 2,
         "--runs 0: must be at least 1"),
        (["--system", "RAM disk", "--phases", "sustain", "--snapshot-gb", "1", "--sustain-s", "1"], 2,
         "--sustain-s 1 gives fewer than four 1000 ms windows"),
        (["--system", "RAM disk", "--phases", "load", "--load-gb", "1", "--load-model", "m", "--platform", "a\x1bb"],
         2, "--platform contains a control character (U+001B)"),
        (["--system", "RAM disk", "--phases", "restore", "--snapshot-gb", "1"], 2,
         "--phases restore reads back the files a save wrote: measure save with it"),
        (["--system", "RAM disk", *COLUMNS[:2], "--snapshot-gb", "1", "--concurrent-jobs", "2", "--phases", "save,sustain"],
         2, "--concurrent-jobs 2 measures saves only: measure sustain in a session without it"),
        (["--system", "RAM disk", "--phases", "save", *COLUMNS[:2], "--snapshot-gb", "1", "--client", "h;x"], 2,
         "--client 'h;x': give HOST or HOST,PORT"),
        (["--system", "RAM disk", "--phases", "save", *COLUMNS[:2], "--snapshot-gb", "1", "--client", "h,99999"], 2,
         "--client 'h,99999': give HOST or HOST,PORT"),
        (["--system", "RAM disk", "--phases", "save", *COLUMNS[:2], "--snapshot-gb", "1", "--client", "h", "--client",
          "h,8765"], 2, "--client h,8765: named twice"),
        (["--system", "RAM disk", "--phases", "save", *COLUMNS[:2], "--snapshot-gb", "1", "--watchdog-s", "0"], 2,
         "--watchdog-s 0.0: must be at least 1 second"),
    ],
)  # fmt: skip
def test_command_lines_that_cannot_work_are_refused(tmp_path, capsys, extra, status, message):
    folder = new_folder(tmp_path, "usage")
    assert main(["measure", str(folder), "--path", str(tmp_path), *extra]) == status
    assert message in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["usage"]


def test_a_load_baseline_is_only_loaded_and_a_folder_without_test_toml_is_refused(tmp_path, capsys):
    folder = new_folder(tmp_path, "roles")
    toml = folder / "test.toml"
    toml.write_text(TOML.replace('load_baseline = "Local disk"', 'load_baseline = "NFS"'))
    args = ["measure", str(folder), "--path", str(tmp_path), "--system", "NFS", "--phases", "save"]
    assert main(args) == 2
    assert '"NFS" is test.toml\'s load_baseline, whose report uses no save_times rows; measure load' in (
        capsys.readouterr().err
    )
    toml.unlink()
    assert main(args) == 2
    assert "test.toml does not exist: write the joint test's test.toml first" in capsys.readouterr().err
    toml.write_text(TOML.replace("total_steps = 1000", "total_steps = 0"))
    assert main(args) == 1
    assert "is not valid, so nothing can be recorded in it:\n  test.toml:12: training.total_steps" in (
        capsys.readouterr().err
    )


def test_a_second_session_continues_the_numbering_under_its_own_label(places):
    root, disk, _ = places
    folder = new_folder(root, "twice")
    short = ["--writers", "1", "--load-gb", "0.01", "--load-model", "32B", "--platform", "P", "--phases", "load"]
    for _ in range(2):
        done = run_measure(folder, "Local disk", disk, "--runs", "1", *short, "--add-runs", *KEEP)
        assert done.returncode == 0, done.stderr
    config = tomllib.loads((folder / "test.toml").read_text())
    assert [t["files"] for t in config["import"]] == [["raw/local-disk/load-1.json"], ["raw/local-disk/load-2.json"]]
    env = config["environment"]
    assert "Local disk, session 2: runs" in env
    # what session 1 recorded word for word is named, not repeated (field test 8, major 5)
    assert "Local disk, session 2: shapes" not in env and "Local disk, session 2: file system" not in env
    assert env["Local disk, session 2: set-up"].startswith("as recorded for Local disk: fio, file system")
    assert {"prepare.fio", "prepare-2.fio", "load.fio", "load-2.fio"} <= set(os.listdir(folder / "raw" / "local-disk"))


def test_job_files_carry_the_session_number_of_the_environment_labels(tmp_path, capsys):
    """Field test 9, m4: after a client sweep (session 2 of the labels, its own sweep.fio), the next session was
    labelled "session 3" but wrote save-2.fio, which measure.md numbers by the labels."""
    folder, disk = new_folder(tmp_path, "after-a-sweep"), tmp_path / "disk"
    disk.mkdir()
    raw = folder / "raw" / "local-disk"
    raw.mkdir(parents=True)
    for name in ("save.fio", "sweep.fio"):
        (raw / name).write_text("[global]\n")
    with open(folder / "test.toml", "a") as toml:
        toml.write('\n[environment]\n"Local disk: fio" = "fio-3.33"\n"Local disk, session 2: hosts" = "one machine"\n')
    save = ["--phases", "save", "--runs", "1", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1", "--dry-run"]
    assert main(["measure", str(folder), "--system", "Local disk", "--path", str(disk), *save]) == 0
    printed = capsys.readouterr().out
    assert "\n--- raw/local-disk/save-3.fio\n" in printed and "save-2.fio" not in printed
    assert '"Local disk, session 3: runs" = "save 1 of 1 planned"' in printed


def test_relative_paths_are_the_callers_not_fios(places):
    """fio runs in raw/<system>/: a relative folder or path must still mean the caller's, never a place under raw/."""
    root, _, _ = places
    folder = new_folder(root, "relative")
    (folder / "test.toml").write_text(TOML + '\n[sources]\nillustrative = ["save_times", "load_times"]\n')
    (root / "relative-disk").mkdir()
    command = [sys.executable, "-m", "report", "measure", "relative", "--system", "Local disk"]
    command += ["--path", "relative-disk", "--runs", "1", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]
    command += ["--phases", "save"]
    done = subprocess.run(command, cwd=root, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr.endswith(
        'measure: note: test.toml\'s [sources] illustrative still names "save_times": take it out once every one of'
        " its rows is measured, or the report keeps marking them illustrative\n"
    )  # and only that one: no load was measured
    assert sorted(p.name for p in (folder / "raw" / "local-disk").iterdir()) == [
        "commands.txt",
        "save-1.json",
        "save.fio",
    ]
    job = (folder / "raw" / "local-disk" / "save.fio").read_text()
    assert f"directory={root / 'relative-disk'}/report-measure-" in job
    assert list((root / "relative-disk").iterdir()) == []


def test_a_fio_that_fails_half_way_leaves_the_runs_before_it_recorded_and_says_why(places, capsys):
    root, disk, _ = places
    folder = new_folder(root, "fio-fails")
    message = "fio: pid=7, err=28/file:io_u.c:1889, func=io_u error, error=No space left on device"
    wrapper = wrapped_fio(root / "failing-fio", f'echo "{message}" >&2; exit 1')
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--fio", wrapper]
    args += ["--phases", "save", "--runs", "3", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]
    assert main(args) == 3
    assert "measure: fio failed in save run 2: fio: pid=7, err=28" in capsys.readouterr().err
    config = tomllib.loads((folder / "test.toml").read_text())
    assert [t["files"] for t in config["import"]] == [["raw/local-disk/save-1.json"]]
    assert (
        "stopped: save run 2 was rejected; why is kept with the commands" in config["environment"]["Local disk: runs"]
    )
    commands = (folder / "raw" / "local-disk" / "commands.txt").read_text()
    assert commands.splitlines()[-1].startswith("# stopped: fio failed in save run 2: fio: pid=7, err=28")
    assert sorted(p.name for p in (folder / "raw" / "local-disk").iterdir()) == [
        "commands.txt",
        "save-1.json",
        "save.fio",
    ]
    assert list(disk.iterdir()) == []


def test_saves_under_a_second_are_warned_of_at_the_end(places, capsys):
    """Field test 7, m8: saves of 0.165-0.28 s were recorded without a word, although fio reports whole milliseconds
    (the candidate's 21.5% spread, G2 failed, was partly that)."""
    root, disk, _ = places
    folder = new_folder(root, "short-saves")
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "save"]
    assert main([*args, "--runs", "2", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]) == 0
    (line,) = [line for line in capsys.readouterr().err.splitlines() if "under a second" in line]
    assert re.fullmatch(
        r"measure: warning: 2 of 2 save runs lasted under a second \(0\.\d{3}-\d\.\d{3} s\): fio reports whole"
        r" milliseconds, and a few milliseconds of jitter are percents of such a time and widen the spread the gates"
        r" test; measure a size that takes seconds \(a larger --snapshot-gb\)",
        line,
    )


def wrapped_fio(path: Path, on_run_2: str) -> str:
    """A fio that runs the real one, doing `on_run_2` (shell) first in run 2."""
    path.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = --version ]; then exec fio --version; fi\n'
        f'if [ "$MEASURE_RUN" = 2 ]; then {on_run_2}; fi\n'
        'exec fio "$@"\n'
    )
    path.chmod(0o755)
    return str(path)


def test_a_test_toml_changed_by_someone_else_is_not_overwritten(places, capsys):
    root, disk, _ = places
    folder = new_folder(root, "edited")
    toml = folder / "test.toml"
    fio = wrapped_fio(root / "editing-fio", f"echo '# a colleague was here' >> '{toml}'")
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--fio", fio]
    args += ["--phases", "save", "--runs", "3", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]
    assert main(args) == 3
    err = capsys.readouterr().err.replace("\n", " ")
    assert "was changed by someone else while measuring, so this session stops recording" in err
    text = toml.read_text()
    assert text.endswith("# a colleague was here\n") and "save-1.json" in text and "save-2.json" not in text
    assert (folder / "raw" / "local-disk" / "save-2.json").is_file()  # kept, as the message says
    assert list(disk.iterdir()) == []
    # the table that records the run left out is written beside it, named in the message (field test 8, finding 4)
    kept = folder / "raw" / "local-disk" / "import-tables.toml"
    assert f"the [[import]] tables that record those not in test.toml are in {kept}" in err
    (table,) = tomllib.loads(kept.read_text())["import"]
    assert table["files"] == ["raw/local-disk/save-2.json"] and table["into"] == "save_times"
    assert table["system"] == "Local disk" and table["gpus"] == 1


def test_one_session_at_a_time_per_folder(places, capsys):
    import fcntl

    root, disk, _ = places
    folder = new_folder(root, "locked")
    fd = os.open(folder, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "save"]
        assert main([*args, "--snapshot-gb", "0.01", "--gpus", "1"]) == 3
    finally:
        os.close(fd)
    assert f"another measure is recording into {folder}: let it finish" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["test.toml"] and list(disk.iterdir()) == []


def test_a_busy_folder_is_said_before_any_server_is_probed_and_a_build_meanwhile_says_so(places, capsys, monkeypatch):
    """Field test 8, minor 13a: a second measure into a folder being measured was refused only after probing the fio
    servers (21 s); a build of that folder meanwhile succeeded without a word that runs were still being added."""
    import fcntl
    import socket

    root, disk, _ = places
    folder = new_folder(root, "busy")
    with socket.socket() as s:  # a port nobody listens on: a probe would say "does not answer", not "busy"
        s.bind(("127.0.0.2", 0))
        port = s.getsockname()[1]
    fd = os.open(folder, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "save"]
        assert main([*args, "--snapshot-gb", "0.01", "--gpus", "1", "--client", f"127.0.0.2,{port}"]) == 3
        err = capsys.readouterr().err
        assert err.startswith(f"measure: another measure is recording into {folder}: let it finish") and (
            "does not answer" not in err
        )
        monkeypatch.setattr("report.pipeline.build.build", lambda *args: None)  # the build itself is tested elsewhere
        assert main(["build", str(folder), "--out", str(root / "busy-out")]) == 0
        assert f"note: a measure session is adding runs to {folder}: this report holds the runs recorded" in (
            capsys.readouterr().err
        )
    finally:
        os.close(fd)
    assert main(["build", str(folder), "--out", str(root / "busy-out")]) == 0
    assert "measure session" not in capsys.readouterr().err


@pytest.mark.parametrize("name", ["#scratch", "g;h", "a$HOME", "back\\slash", "tab\there"])
def test_a_folder_fio_would_misread_is_refused_before_anything_is_written(places, capsys, name):
    root, disk, _ = places
    folder = new_folder(root, f"unsafe-{abs(hash(name))}")
    path = disk / name
    path.mkdir()
    before = listing(folder, disk)
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(path), "--phases", "save"]
    assert main([*args, "--snapshot-gb", "0.01", "--gpus", "1"]) == 2
    assert "which fio's job files read as a comment, a variable or an escape" in capsys.readouterr().err
    assert listing(folder, disk) == before
    path.rmdir()


def test_a_crlf_test_toml_keeps_its_line_endings_and_records(places):
    root, disk, _ = places
    folder = new_folder(root, "crlf")
    toml = folder / "test.toml"
    toml.write_bytes(b"\xef\xbb\xbf" + TOML.replace("\n", "\r\n").encode())
    done = run_measure(folder, "Local disk", disk, "--phases", "save", "--runs", "1", "--writers", "1",
                       "--snapshot-gb", "0.01", "--gpus", "1")  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = toml.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\n" not in data.replace(b"\r\n", b"")
    assert tomllib.loads(data.decode("utf-8-sig"))["import"][0]["files"] == ["raw/local-disk/save-1.json"]


def test_a_size_that_would_differ_from_the_other_systems_is_refused_before_running(places, capsys):
    root, disk, ram = places
    folder = new_folder(root, "sizes")
    save = ["--phases", "save", "--runs", "1", "--snapshot-gb", "0.02", "--gpus", "1"]
    assert run_measure(folder, "Local disk", disk, *save, "--writers", "2").returncode == 0
    before = listing(folder, ram)
    args = ["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *save, "--writers", "3"]
    assert main(args) == 2
    message = capsys.readouterr().err
    assert 'the save_times rows of "32B LoRA" (Local disk) have snapshot_gb = 0.02097152; this session' in message
    assert "would write 0.018874368 GB (3 files of 6 MiB: 1 host(s) × --writers 3)" in message
    assert listing(folder, ram) == before


def test_a_test_toml_that_cannot_take_the_record_is_refused_before_running(places, capsys):
    root, disk, _ = places
    folder = new_folder(root, "inline")
    toml = folder / "test.toml"
    toml.write_text('environment = { site = "lab" }\n' + TOML)
    before = listing(folder, disk)
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "save"]
    assert main([*args, "--snapshot-gb", "0.01", "--gpus", "1"]) == 3
    assert "write them as tables of their own, the list on one line; nothing was recorded" in capsys.readouterr().err
    assert listing(folder, disk) == before


def test_a_run_fio_says_is_short_is_rejected_and_leaves_nothing(places, capsys):
    root, disk, _ = places
    folder = new_folder(root, "short")
    # fio runs, then its JSON is edited to report half the bytes: the run must not be recorded, nor kept.
    # (io_bytes, io_kbytes, bw_bytes and bw halved together: a JSON that agrees with itself, only short)
    edit = "python3 -c \"import json,sys; p=sys.argv[1]; d=json.load(open(p)); w=d['jobs'][0]['write'];"
    edit += " [w.__setitem__(k, w[k] // 2) for k in ('io_bytes', 'io_kbytes', 'bw_bytes', 'bw')];"
    edit += ' json.dump(d, open(p, \\"w\\"))" save-1.json'
    wrapper = root / "short-fio"
    wrapper.write_text(f'#!/bin/sh\nif [ "$1" = --version ]; then exec fio --version; fi\nfio "$@" && {edit}\n')
    wrapper.chmod(0o755)
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--fio", str(wrapper)]
    assert (
        main([*args, "--phases", "save", "--runs", "1", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]) == 3
    )
    assert "raw/local-disk/save-1.json: fio moved" in capsys.readouterr().err
    assert not (folder / "raw").exists() and (folder / "test.toml").read_text() == TOML
    assert list(disk.iterdir()) == []


def test_a_relative_fio_is_the_callers(places):
    root, disk, _ = places
    folder = new_folder(root, "relative-fio")
    (root / "bin").mkdir(exist_ok=True)
    (root / "bin" / "fio").symlink_to(shutil.which("fio"))
    command = [sys.executable, "-m", "report", "measure", str(folder), "--system", "Local disk", "--path", str(disk)]
    command += ["--fio", "bin/fio", "--phases", "save", "--runs", "1", "--writers", "1", "--snapshot-gb", "0.01"]
    done = subprocess.run([*command, "--gpus", "1"], cwd=root, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_a_scratch_folder_left_by_a_killed_session_is_named_not_removed(places):
    root, disk, _ = places
    folder = new_folder(root, "stale")
    stale = disk / "report-measure-killed0"
    stale.mkdir()
    done = run_measure(folder, "Local disk", disk, "--phases", "save", "--runs", "1", "--writers", "1",
                       "--snapshot-gb", "0.01", "--gpus", "1")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"measure: note: {disk} holds report-measure-killed0, left by a session that was killed" in done.stderr
    assert stale.is_dir()  # another session may still be using it: named, never deleted
    stale.rmdir()


def test_a_full_disk_after_runs_were_recorded_says_what_was_recorded(places, capsys, monkeypatch):
    import errno

    from report.measure import written

    root, disk, _ = places
    folder = new_folder(root, "disk-full")
    real, calls = written.write_atomically, []

    def full_after_the_first(path, text, bom=False):
        calls.append(path)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, text, bom)

    monkeypatch.setattr(written, "write_atomically", full_after_the_first)
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "save"]
    assert main([*args, "--runs", "3", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]) == 3
    message = capsys.readouterr().err
    assert f"measure: {folder / 'test.toml'}: No space left on device\n" in message
    assert "measure: finished before it and recorded in" in message and ": 1 save run (the folder builds)" in message
    assert "nothing was written" not in message
    config = tomllib.loads((folder / "test.toml").read_text())
    assert [t["files"] for t in config["import"]] == [["raw/local-disk/save-1.json"]]
    assert list(disk.iterdir()) == []


def test_buffered_runs_whose_caches_stay_are_held_to_three_times_the_memory(places, capsys, monkeypatch):
    from report.measure import probe

    root, disk, _ = places
    folder = new_folder(root, "mlperf")
    monkeypatch.setattr(probe, "drop_page_cache", lambda: "/proc/sys/vm/drop_caches: Permission denied")
    monkeypatch.setattr(probe, "memory_bytes", lambda: 8 * 10**9)
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "save,restore"]
    assert main([*args, "--runs", "1", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1", "--direct", "no"]) == 0
    assert (
        "measure: note: buffered I/O and the page cache not dropped (/proc/sys/vm/drop_caches: Permission denied):"
        " each client moved 0.0105 GB, below three times this machine's 8 GB of memory (MLPerf Storage's rule)"
    ) in capsys.readouterr().err


def test_the_sustained_write_alone_is_measured_and_dry_run(places, capsys):
    """Field test B1: `--phases sustain` alone ended in an UnboundLocalError, with --dry-run too."""
    root, disk, _ = places
    folder = new_folder(root, "sustain-alone")
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "sustain", "--runs", "1"]
    args += ["--writers", "2", "--snapshot-gb", "0.02", "--sustain-s", "1", "--window-ms", "100"]
    assert main([*args, "--dry-run"]) == 0
    assert 'files = ["raw/local-disk/sustain-1.json"]' in capsys.readouterr().out
    assert main(args) == 0, capsys.readouterr().err
    config = tomllib.loads((folder / "test.toml").read_text())
    assert [(t["into"], t["files"]) for t in config["import"]] == [("bandwidth", ["raw/local-disk/sustain-1.json"])]
    assert list(disk.iterdir()) == []


@pytest.fixture
def loop_on_tmpfs(tmp_path):
    """ext4 on a loop device whose backing file lives in a tmpfs: RAM in the disguise of a disk (root needed)."""
    ram, mnt = tmp_path / "ram", tmp_path / "mnt"
    ram.mkdir()
    mnt.mkdir()
    steps = [
        ["mount", "-t", "tmpfs", "-o", "size=160m", "tmpfs", str(ram)],
        ["truncate", "-s", "128M", str(ram / "disk.img")],
        ["mkfs.ext4", "-q", "-F", str(ram / "disk.img")],
        ["mount", "-o", "loop", str(ram / "disk.img"), str(mnt)],
    ]
    done = []
    try:
        for step in steps:
            result = subprocess.run(step, capture_output=True)
            if result.returncode != 0:
                pytest.skip(f"{' '.join(step)}: {result.stderr.decode().strip()} (root and loop devices needed)")
            done.append(step)
        yield mnt
    finally:
        for step in reversed(done):
            if step[0] == "mount":
                subprocess.run(["umount", step[-1]], check=False)


def test_a_file_system_on_a_loop_device_over_tmpfs_is_memory(loop_on_tmpfs, tmp_path, capsys):
    """C21: ext4 on a loop device backed by a tmpfs file was measured as durable: no --allow-not-durable needed, no
    not_durable, and a durability line saying every save ends with an fsync."""
    folder = new_folder(tmp_path, "loop")
    args = ["measure", str(folder), "--system", "RAM disk", "--path", str(loop_on_tmpfs), "--phases", "save"]
    args += ["--runs", "1", "--writers", "1", "--snapshot-gb", "0.004", "--gpus", "1"]
    before = listing(folder)
    assert main(args) == 3
    message = capsys.readouterr().err
    assert f"--path {loop_on_tmpfs} is on ext4 (/dev/loop" in message
    assert f"a loop device whose backing file {tmp_path / 'ram' / 'disk.img'} is on tmpfs" in message
    assert listing(folder) == before
    assert main([*args, "--allow-not-durable"]) == 0, capsys.readouterr().err
    config = tomllib.loads((folder / "test.toml").read_text())
    assert config["systems"]["not_durable"] == ["RAM disk"]
    assert "not durable: ext4 (/dev/loop" in config["environment"]["RAM disk: durability"]


@pytest.fixture
def small_tmpfs(tmp_path):
    """A tmpfs of 8 MiB for the joint-test folder itself (root needed)."""
    place = tmp_path / "small"
    place.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(place)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (root is needed): {mounted.stderr.decode().strip()}")
    try:
        yield place
    finally:
        subprocess.run(["umount", str(place)], check=False)


def test_the_joint_test_folders_disk_filling_up_is_named_as_such(places, small_tmpfs, capsys):
    """C10: the joint-test folder's own disk filled after run 1; measure said 'fio's output cannot be read: is not
    fio JSON output' instead of naming the full disk."""
    root, disk, _ = places
    folder = new_folder(small_tmpfs, "jt")
    fio = wrapped_fio(root / "filling-fio", f"dd if=/dev/zero of='{small_tmpfs}/filler' bs=64k 2>/dev/null")
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--fio", fio, "--phases", "save"]
    args += ["--runs", "3", "--writers", "1", "--snapshot-gb", "0.01", "--gpus", "1"]
    assert main(args) == 3
    message = capsys.readouterr().err
    assert "raw/local-disk/save-2.json: the joint-test folder's disk is full (tmpfs mounted at" in message
    assert "is not fio JSON output" not in message and ": 1 save run (the folder builds)" in (message)
    assert [t["files"] for t in tomllib.loads((folder / "test.toml").read_text())["import"]] == [
        ["raw/local-disk/save-1.json"]
    ]
    assert list(disk.iterdir()) == []
    # a session into a folder without room for its outputs is refused before it runs
    before = listing(folder, disk)
    assert main(args) == 3
    assert "this session's outputs (fio's JSON and logs under raw/, test.toml) need about" in capsys.readouterr().err
    assert listing(folder, disk) == before


def test_fios_own_reason_is_named_when_it_gives_up(tmp_path):
    """C13: fio's client printed 'maximum number of jobs reached' and then 'client: host=… disconnected'; measure
    blamed the server ('stopped answering'). A run short of bytes after 'smalloc: OOM' said only the byte count."""
    from report.measure import outcome
    from tests.measure.test_words import a_session

    s = a_session(clients=("127.0.0.2,8765",))
    out = tmp_path / "save-1.json"
    out.with_suffix(".stderr").write_text("")
    out.write_text(
        "error: maximum number of jobs reached.\nfio: failed to setup shm segment\n"
        "client: host=127.0.0.2 disconnected\n"
    )
    s.raw = tmp_path
    why = outcome.failed_why(s, out)
    assert why == "error: maximum number of jobs reached.; fio: failed to setup shm segment"
    out.write_text("<vm> smalloc: OOM. Consider using --alloc-size to increase the shared memory available.\n{}\n")
    assert outcome.reasons(outcome.fio_said(out)) == (
        " (fio: smalloc: OOM. Consider using --alloc-size to increase the shared memory available.)"
    )


def test_a_joint_test_folder_on_the_measured_file_system_is_warned_about(places, capsys):
    """Field test S9: the joint-test folder and --path on one disk (the README says to keep them apart): neither the
    dry run nor the run said so."""
    root, disk, ram = places
    folder = new_folder(root, "same-disk")
    args = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--phases", "save", "--runs", "1"]
    args += ["--writers", "1", "--snapshot-gb", "0.004", "--gpus", "1"]
    warning = f"{folder} and --path {disk} are on one file system ("
    assert main([*args, "--dry-run"]) == 0
    assert f"warning: {warning}" in capsys.readouterr().out
    assert main(args) == 0
    err = capsys.readouterr().err
    # said once, before the first run; the end points back to it (field test 6, m3: said twice)
    assert err.count(warning) == 1 and "measure: 1 warning before the first run, above" in err
    assert err.index(f"measure: warning: {warning}") < err.index(" of Local disk recorded")
    # on a file system of its own (the tmpfs), nothing is said
    args[args.index(str(disk))] = str(ram)
    assert main([*args, "--allow-not-durable", "--dry-run"]) == 0
    assert "are on one file system" not in capsys.readouterr().out


def test_a_second_measure_of_a_system_says_what_it_replaces_and_keeps_the_first(places, capsys):
    """Field test S2: the same command run twice added a 'session 2' to the report without a word, and nobody knew
    which lines and files to remove."""
    root, disk, _ = places
    folder = new_folder(root, "replaced")
    toml = folder / "test.toml"
    base = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--runs", "1", "--writers", "1"]
    base += ["--snapshot-gb", "0.004", "--gpus", "1", "--sustain-s", "1", "--window-ms", "100"]
    assert main([*base, "--phases", "save,sustain"]) == 0
    first = toml.read_text()
    first_env = [k for k in tomllib.loads(first)["environment"] if k.startswith("Local disk: ")]
    capsys.readouterr()
    # a dry run says what the session would replace, and changes nothing
    before = listing(folder, disk)
    assert main([*base, "--phases", "save", "--dry-run"]) == 0
    said = capsys.readouterr().out
    # what test.toml would lose and gain, not the whole file (field test 8, minor 11)
    change = said[said.index("--- test.toml would change (with every run finished): - taken out, + added") :]
    assert '-files = ["raw/local-disk/save-1.json"]' in change and '+files = ["raw/local-disk/save-2.json"]' in change
    assert "title = " not in change
    assert "warning: this session replaces the 1 save run of Local disk measured " in said
    # the save's [[import]] table, after the session's lines in Chinese ([text."zh-CN"])
    assert "(test.toml:46)" in said and "give --add-runs to add this session's runs to them" in said
    assert listing(folder, disk) == before
    # the sustained write alone: the save's table and the session's lines stay, the bandwidth table goes
    assert main([*base, "--phases", "sustain"]) == 0
    err = capsys.readouterr().err
    assert "measure: warning: this session replaces the 1 sustained write run of Local disk" in err
    # once, with a way to keep them that works: no terminal here, so no pause (field test 6, m3)
    assert err.count("this session replaces") == 1 and "--dry-run shows this without measuring" in err
    assert "the first run starts in" not in err
    config = tomllib.loads(toml.read_text())
    assert [(t["into"], t["files"]) for t in config["import"]] == [
        ("save_times", ["raw/local-disk/save-1.json"]),
        ("bandwidth", ["raw/local-disk/sustain-2.json"]),
    ]
    # session 1's save is still reported: its lines stay, but for its run counts, which counted the sustained write
    # now replaced (field test 8, major 5: "sustained write 1 of 2 planned" of a replaced run)
    assert [k for k in first_env if k not in config["environment"]] == ["Local disk: runs"]
    raw = folder / "raw" / "local-disk"
    assert sorted(p.name for p in (raw / "replaced").iterdir()) == ["sustain-1.json", "sustain-1_bw.1.log"]
    # the save again: session 1 has no table left, so its lines go too; nothing of it is deleted
    assert main([*base, "--phases", "save"]) == 0
    config = tomllib.loads(toml.read_text())
    assert [(t["into"], t["files"]) for t in config["import"]] == [
        ("bandwidth", ["raw/local-disk/sustain-2.json"]),
        ("save_times", ["raw/local-disk/save-2.json"]),
    ]
    # session 1's run lines go; the set-up lines session 2 names ("as recorded for Local disk: …") stay with it
    kept = [k for k in first_env if k in config["environment"]]
    assert kept and "Local disk: measured" not in kept and "Local disk: runs" not in kept
    assert config["environment"]["Local disk, session 2: set-up"].startswith("as recorded for Local disk: ")
    assert "save-1.json" in {p.name for p in (raw / "replaced").iterdir()}
    assert "measure` (Local disk, 20" not in toml.read_text()  # session 1's comments went with its tables
    # --add-runs adds to them instead
    assert main([*base, "--phases", "save", "--add-runs"]) == 0
    files = [t["files"] for t in tomllib.loads(toml.read_text())["import"] if t["into"] == "save_times"]
    assert files == [["raw/local-disk/save-2.json"], ["raw/local-disk/save-3.json"]]
    out = root / "replaced-out"
    assert main(["build", str(folder), "--out", str(out)]) in (0, 1)  # builds as far as its rows go (one system)


def test_a_replaced_session_keeps_the_lines_a_later_session_names_as_its_own(places, capsys):
    """Field test 8, major 5: a later session names the lines it shares with an earlier one ("as recorded for …")
    instead of repeating them; when the earlier session's runs are all replaced, its lines go (as they did before),
    except those a later session still names, so that the later session's set-up line is not left pointing nowhere."""
    root, disk, _ = places
    folder = new_folder(root, "named")
    toml = folder / "test.toml"
    base = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--runs", "1", "--writers", "1"]
    assert main([*base, "--phases", "save", "--snapshot-gb", "0.004", "--gpus", "1"]) == 0
    loads = ["--phases", "load", "--load-gb", "0.004", "--load-model", "32B", "--platform", "P"]
    assert main([*base, *loads]) == 0
    env = tomllib.loads(toml.read_text())["environment"]
    named = env["Local disk, session 2: set-up"]
    assert named.startswith("as recorded for Local disk: fio, file system")
    items = named.removeprefix("as recorded for Local disk: ").replace(" and ", ", ").split(", ")
    assert main([*base, "--phases", "save", "--snapshot-gb", "0.004", "--gpus", "1"]) == 0  # session 1's save replaced
    capsys.readouterr()
    env = tomllib.loads(toml.read_text())["environment"]
    assert "Local disk: measured" not in env and "Local disk: runs" not in env  # its runs are gone
    assert [f"Local disk: {item}" for item in items if f"Local disk: {item}" not in env] == []
    assert env["Local disk, session 2: set-up"] == named


def test_a_session_replacing_saves_measures_the_restores_that_read_them_again(places, capsys):
    """Field test 5, m13: after a session replacing the saves, the imported restores still came from the replaced
    saves' session (they read files that are no longer the imported saves')."""
    root, disk, _ = places
    folder = new_folder(root, "restores-follow-saves")
    base = ["measure", str(folder), "--system", "Local disk", "--path", str(disk), "--runs", "1", "--writers", "1"]
    base += ["--snapshot-gb", "0.004", "--gpus", "1"]
    assert main([*base, "--phases", "save,restore"]) == 0
    capsys.readouterr()
    assert main([*base, "--phases", "save"]) == 0
    err = capsys.readouterr().err
    assert "the 1 restore run of Local disk in test.toml read back the files of the saves this session" in err
    imports = tomllib.loads((folder / "test.toml").read_text())["import"]
    files = {table["into"]: table["files"] for table in imports}
    assert files == {
        "save_times": ["raw/local-disk/save-2.json"],
        "restore_times": ["raw/local-disk/restore-2.json"],
    }
    replaced = folder / "raw" / "local-disk" / "replaced"
    assert {p.name for p in replaced.iterdir()} >= {"save-1.json", "restore-1.json"}
