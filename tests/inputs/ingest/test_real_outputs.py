"""Issue 46: every real public output in tests/fixtures/real/ (origins in its README.md) through the import.

A file a tool claims to read imports, with rows checked by hand against the raw file (the figures below were read
off the files: the slowest rank's duration per checkpoint, io_bytes summed, runtimes in ms); a file it does not claim
is refused with a message that says what the file is and what to import instead.
"""

import shutil
from pathlib import Path

import pytest

from report.inputs.ingest import imports
from report.inputs.ingest.files import FolderFiles
from report.inputs.specs import ImportSpec
from tests.conftest import FIXTURES

REAL = FIXTURES / "real"
INGEST = FIXTURES / "ingest"
XSKY, YANRONG = "mlperf-v3.0/XSKY-llama3-8b", "mlperf-v3.0/YanRongTech-llama3-8b"
NEBIUS = "mlperf-v3.0/Nebius-s3-llama3-70b-rank0only/20260714_121444"


def run(root: Path, tool: str, into: str, *files: str, **keys) -> imports.Imported:
    """One [[import]] over the files of `root`, as test.toml would give it (system "S", model "M")."""
    defaults = {"save_times": {"gpus": 8}, "load_times": {"platform": "P"}}.get(into, {})
    spec = ImportSpec(0, 1, tool, files, "S", into, model="M", **(defaults | keys))
    return imports.run((spec,), "M", FolderFiles(root), imports.Numbering())


def rows(root: Path, tool: str, into: str, *files: str, column: str, **keys) -> list:
    found = run(root, tool, into, *files, **keys)
    assert [str(p) for p in found.problems] == []
    return found.rows[f"{into}.csv"][column]


def refusals(root: Path, tool: str, into: str, *files: str, **keys) -> list[str]:
    found = run(root, tool, into, *files, **keys)
    assert found.rows == {}
    return [str(p) for p in found.problems]


# MLPerf Storage v3.0 (XSKY, YanRongTech: 8 ranks each; the slowest rank per checkpoint, read off the files)
XSKY_SAVES = [11.634128, 11.698227, 11.674969, 11.659715, 11.644666, 11.717629, 11.657328, 11.682701, 11.662259]
XSKY_SAVES += [11.688805]  # rank 1 each time; summary.json (rank 0) says a mean of 8.0057 s
XSKY_RESTORES = [3.883976, 3.903385, 3.919463, 3.8963200000000002, 3.968191, 3.867754, 3.88745, 3.896414, 3.886182]
XSKY_RESTORES += [4.24107]
YANRONG_SAVES = [1.370072, 1.051305, 1.061987, 0.942388, 0.94195, 0.951294, 0.973089, 0.954406, 1.018795, 0.956678]
SIZE_GB = 112.425623552  # checkpoint_size_GB 104.70452117919922 GiB x 1.073741824


def test_mlperf_v3_write_and_read_phases():
    found = run(REAL, "mlperf", "save_times", f"{XSKY}/20260722_020743/*_per_epoch_stats.json")
    assert found.problems == [] and found.rows["save_times.csv"]["save_s"] == XSKY_SAVES
    assert set(found.rows["save_times.csv"]["snapshot_gb"]) == {SIZE_GB}
    assert found.rows["save_times.csv"]["run"] == list(range(1, 11))
    assert found.origins["save_times.csv"][0] == (f"{XSKY}/20260722_020743/1_per_epoch_stats.json", 4)
    restores = f"{XSKY}/20260722_021054/*_per_epoch_stats.json"
    assert rows(REAL, "mlperf", "restore_times", restores, column="restore_s") == XSKY_RESTORES
    yanrong = f"{YANRONG}/20260724_055740/*_per_epoch_stats.json"
    assert rows(REAL, "mlperf", "save_times", yanrong, column="save_s") == YANRONG_SAVES
    assert rows(
        REAL, "mlperf", "restore_times", f"{YANRONG}/20260724_055907/*_per_epoch_stats.json", column="restore_s"
    ) == [0.778444, 0.61134, 0.604557, 0.60443, 0.603251, 0.605258, 0.656446, 0.602469, 0.602391, 0.601208]


def test_mlperf_run_folders_are_runs_of_their_own():
    """Issue 46: two write-phase folders in one import became 10 rows, each the maximum over both folders. Now
    each folder's checkpoints are runs, folders in code-point order, numbered across them (the rules ask for five
    runs per setup, each its own timestamped folder)."""
    found = run(REAL, "mlperf", "save_times", "mlperf-v3.0/*/*_0[25][05]74*/*_per_epoch_stats.json")
    assert found.problems == []
    assert found.rows["save_times.csv"]["save_s"] == XSKY_SAVES + YANRONG_SAVES
    assert found.rows["save_times.csv"]["run"] == list(range(1, 21))
    assert found.origins["save_times.csv"][10] == (f"{YANRONG}/20260724_055740/7_per_epoch_stats.json", 4)


def test_mlperf_one_invocation_writing_and_reading():
    """Nebius: rank 0 of 64 only (the collection copied one rank), save_ckpt1..10 then load_ckpt1..10 in one file:
    the same file feeds save_times and restore_times."""
    found = run(REAL, "mlperf", "save_times", f"{NEBIUS}/0_per_epoch_stats.json")
    assert found.problems == [] and found.rows["save_times.csv"]["save_s"] == [
        46.540652,
        46.835959,
        46.476831,
        46.360398,
        46.542045,
        46.348281,
        48.059142,
        46.835598,
        46.260429,
        48.193444,
    ]
    assert set(found.rows["save_times.csv"]["snapshot_gb"]) == {978.406572032}  # 911.2121276855469 GiB
    assert rows(REAL, "mlperf", "restore_times", f"{NEBIUS}/0_per_epoch_stats.json", column="restore_s") == [
        23.399332,
        23.27986,
        23.759986,
        24.277642,
        23.875695,
        24.262206,
        24.250353,
        24.054809,
        23.886725,
        23.094108,
    ]


def test_mlperf_v1_0_rankless_stats_with_a_size_given():
    """DDN v1.0: `"ckpt1": {"duration": "0.61"}` in epoch 5; its summary.json has no checkpoint_size_GB."""
    stats = "mlperf-v1.0/DDN-unet3d-h100-run1/per_epoch_stats.json"
    assert rows(REAL, "mlperf", "save_times", stats, column="save_s", snapshot_gb=0.499153191) == [0.61]
    assert refusals(REAL, "mlperf", "save_times", stats) == [
        "test.toml:1: import.snapshot_gb: mlperf does not report the size: give snapshot_gb"
    ]


def test_mlperf_v2_0_read_phase_summary_with_nan_save_metrics(tmp_path):
    """Issue 46: DLIO's mlperf_storage_v2.0 branch writes NaN save metrics into a read-only invocation's summary.json
    (INGEST.md); it was refused as "not a DLIO JSON file". Derived from the real XSKY read phase (README.md there)."""
    found = run(INGEST, "mlperf", "restore_times", "mlperf/v2.0-read-phase/*.json")
    assert [str(p) for p in found.problems] == []
    assert found.rows["restore_times.csv"]["restore_s"] == XSKY_RESTORES  # ranks 0 and 1: rank 1 is the slowest
    # Only those four metrics may be NaN: the size the import reads may not.
    shutil.copytree(INGEST / "mlperf" / "v2.0-read-phase", tmp_path / "run")
    summary = tmp_path / "run" / "summary.json"
    summary.write_text(summary.read_text().replace("104.70452117919922", "NaN"))
    assert refusals(tmp_path, "mlperf", "restore_times", "run/*.json") == [
        "run/summary.json:15: is not a DLIO JSON file (it holds NaN, which is not a number)"
    ]


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            f"{XSKY}/20260722_020743/0_output.json",
            f"{XSKY}/20260722_020743/0_output.json:1: is DLIO's {{rank}}_output.json (a rank's host and step"
            " timings), not its per-epoch stats: name the run folder's *per_epoch_stats.json in files instead",
        ),
        (
            f"{XSKY}/20260722_020743/dlio.log",
            f"{XSKY}/20260722_020743/dlio.log:1: is DLIO's log (dlio.log), which prints rank 0's figures only; the"
            " import reads every rank's per-epoch stats: name the run folder's *per_epoch_stats.json in files instead",
        ),
        (
            f"{XSKY}/20260722_021054/0_per_epoch_stats.json",
            f"{XSKY}/20260722_021054/0_per_epoch_stats.json: holds no checkpoint save (save_ckpt<N> or ckpt<N>): it"
            " is a read phase's run (load_ckpt<N>, restores), import it into restore_times",
        ),
    ],
)
def test_mlperf_files_the_import_does_not_read_say_what_they_are(files, message):
    """Issue 46 #6-#8: rank 0's output.json and dlio.log, and a read phase matched by a save import."""
    assert refusals(REAL, "mlperf", "save_times", files) == [message]


def test_mlperf_a_write_phase_matched_by_a_restore_import():
    assert refusals(REAL, "mlperf", "restore_times", f"{XSKY}/20260722_020743/3_per_epoch_stats.json") == [
        f"{XSKY}/20260722_020743/3_per_epoch_stats.json: holds no checkpoint restore (load_ckpt<N>): it is a write"
        " phase's run (save_ckpt<N>), import it into save_times"
    ]
