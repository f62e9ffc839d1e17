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
from report.inputs.ingest.tools import IMPORT_TOOLS
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


# Trainer logs: excerpts their authors pasted into docs, notebooks, reports and tests (README.md there).
MEGATRON, NEMO, TITAN = "training-logs/megatron", "training-logs/nemo", "training-logs/torchtitan"
TRAINER = {"snapshot_gb": 1.0}


@pytest.mark.parametrize(
    ("log", "seconds"),
    [
        ("ms-swift-qwen2-0.5b-megatron-excerpt.log", [(30.42136, 31)]),  # (30421.34, 30421.36) ms
        ("nemotron-task301-qwen3-30b-a3b-sft-logtail.log", [(109.33257, 6)]),  # INFO:megatron.core.timers: header
        ("zh-notes-megatron-gpt2-single-gpu.log", [(21.02708, 35)]),
        ("rocm-blogs-megablocks-moe-gpt2-125m.log", [(293.63873, 29)]),
        (
            "rocm-blogs-megablocks-gpt2-125m.log",
            [(1.65885, 21)],
        ),  # glued: "(ms):save-checkpoint ...: (1658.80, 1658.85)"
    ],
)
def test_megatron_real_saves(log, seconds):
    found = run(REAL, "megatron", "save_times", f"{MEGATRON}/{log}", **TRAINER)
    assert [str(p) for p in found.problems] == []
    lines = [line for _, line in found.origins["save_times.csv"]]
    assert list(zip(found.rows["save_times.csv"]["save_s"], lines, strict=True)) == seconds


def test_megatron_load_checkpoint_timer_is_a_restore():
    """Issue 46: Megatron's load-checkpoint timer (ms-swift: (1267.00, 1267.01) ms, a release checkpoint read) is a
    restore; zh-notes times a load-checkpoint of nothing ("will not load any checkpoints"): refused, not 0.19 ms."""
    found = run(REAL, "megatron", "restore_times", f"{MEGATRON}/ms-swift-qwen2-0.5b-megatron-excerpt.log")
    assert found.problems == [] and found.rows["restore_times.csv"]["restore_s"] == [1.26701]
    assert found.origins["restore_times.csv"] == [(f"{MEGATRON}/ms-swift-qwen2-0.5b-megatron-excerpt.log", 11)]
    assert refusals(REAL, "megatron", "restore_times", f"{MEGATRON}/zh-notes-megatron-gpt2-single-gpu.log") == [
        f"{MEGATRON}/zh-notes-megatron-gpt2-single-gpu.log:17: load-checkpoint: times no restore: line 13 says the run"
        " found no checkpoint to load; import the log of a run that resumed from one"
    ]


def test_megatron_logs_it_does_not_claim():
    """Megatron-Bridge prints no timer for the save at the end of training: said, with what to import instead."""
    log = f"{MEGATRON}/megatron-bridge-playground-final-save-untimed.log"
    assert refusals(REAL, "megatron", "save_times", log, **TRAINER) == [
        f"{log}: logs 1 checkpoint save but no save-checkpoint timer line: Megatron times the saves made during"
        " training, not the one at its end; import a log with timed saves, or time the saves with fio or MLPerf Storage"
    ]
    assert refusals(REAL, "megatron", "restore_times", f"{MEGATRON}/rocm-blogs-megablocks-gpt2-125m.log") == [
        f"{MEGATRON}/rocm-blogs-megablocks-gpt2-125m.log: holds no Megatron-LM load-checkpoint timer line (e.g. '   "
        " load-checkpoint ....: (1.0, 2.0)'); Megatron prints one when a run starts from a checkpoint"
    ]


@pytest.mark.parametrize(
    ("log", "seconds"),
    [("llmb-nemotron4-15b-doc-line.log", 4.389), ("bionemo-evo2-notebook-indented.log", 20.774)],
)
def test_nemo_real_saves(log, seconds):
    assert rows(REAL, "nemo", "save_times", f"{NEMO}/{log}", column="save_s", **TRAINER) == [seconds]


def test_nemo_logs_it_does_not_claim():
    """A conversion's save line without Iteration was reported as "no line"; an async save (25.07) is staging."""
    log = f"{NEMO}/nemo-25.02-llama31-8b-convert-no-iteration.log"
    assert refusals(REAL, "nemo", "save_times", log, **TRAINER) == [
        f"{log}:4: is a NeMo save line without an Iteration, which NeMo prints for a save outside training (a model"
        " converted or exported), not a training checkpoint: import the log of a training run"
    ]
    log = f"{NEMO}/nemotron-nano-4b-hf-to-nemo-async.log"
    assert refusals(REAL, "nemo", "save_times", log, **TRAINER) == [
        f'{log}:4: was written with asynchronous saves (it logs "[NeMo I 2025-08-19 14:02:36 nemo_logging:393] Async'
        ' finalization time took 7.538 s"): its save durations are staging times, the part that blocks training'
        " (give them as [async] staging_s in test.toml: their mean is 13.567 s); the save time to durable storage"
        " must come from a storage measurement (fio, MLPerf Storage)"
    ]


def test_nemo_checkpoint_load_lines_are_restores():
    """Issue 46: NeMo's load line at resume is a restore. loads-quoted.log: two real lines of rank 0 (README.md
    there): two restores, 9.712 s and 22.456 s; with a second rank, restore k is the slower rank's k-th line."""
    assert rows(INGEST, "nemo", "restore_times", "nemo/loads-quoted.log", column="restore_s") == [9.712, 22.456]
    assert refusals(REAL, "nemo", "restore_times", f"{NEMO}/llmb-nemotron4-15b-doc-line.log") == [
        f"{NEMO}/llmb-nemotron4-15b-doc-line.log: holds no NeMo 'Global Checkpoint Load : Rank : … : Time spent in"
        " load_checkpoint: … s' line; NeMo prints one when a run resumes from a checkpoint"
    ]


def test_nemo_restores_over_ranks(tmp_path):
    line = "Global Checkpoint Load : Rank : {} : Start time : 1.0s : Time spent in load_checkpoint: {}s\n"
    (tmp_path / "rank0.log").write_text(line.format(0, 9.5) + line.format(0, 8.0))
    (tmp_path / "rank1.log").write_text(line.format(1, 9.0) + line.format(1, 8.5))
    found = run(tmp_path, "nemo", "restore_times", "rank*.log")
    assert found.rows["restore_times.csv"]["restore_s"] == [9.5, 8.5]
    assert found.origins["restore_times.csv"] == [("rank0.log", 1), ("rank1.log", 2)]


def test_torchtitan_async_mode_says_what_its_line_times():
    """Issue 46: torchtitan had no reader. Its line times a save with async_mode "disabled", the staging otherwise."""
    final = f"{TITAN}/torchtitan-docs-final-save.log"  # "...(or staging if async is enabled)in 5.53 seconds."
    assert rows(REAL, "torchtitan", "save_times", final, column="save_s", async_mode="disabled", **TRAINER) == [5.53]
    staging = (
        "its save durations are staging times, the part that blocks training (give them as [async] staging_s in"
        " test.toml: their mean is {} s); the save time to durable storage must come from a storage measurement"
        " (fio, MLPerf Storage)"
    )
    assert refusals(REAL, "torchtitan", "save_times", final, async_mode="async", **TRAINER) == [
        f'{final}:1: was written with asynchronous saves (test.toml gives async_mode = "async": its save lines then'
        f" time the staging): {staging.format(5.53)}"
    ]
    zoc = f"{TITAN}/torchtitan-pr1287-dcp-zoc.log"  # zero-overhead checkpointing: 0.02 s of staging
    assert refusals(REAL, "torchtitan", "save_times", zoc, async_mode="async_with_pinned_mem", **TRAINER) == [
        f'{zoc}:5: was written with asynchronous saves (test.toml gives async_mode = "async_with_pinned_mem": its'
        f" save lines then time the staging): {staging.format(0.02)}"
    ]
    # Said "disabled", the log itself shows the asynchronous write: refused all the same, naming that line.
    assert refusals(REAL, "torchtitan", "save_times", zoc, async_mode="disabled", **TRAINER)[0].startswith(
        f'{zoc}:8: was written with asynchronous saves (it logs "[rank0]:[0] 2025-06-25 13:20:48,131 - root - INFO -'
        " Received async checkpoint request"
    )


def test_torchtitan_saves_over_ranks(tmp_path):
    """Under torchrun each rank prints its line: save k is the slowest rank's k-th line (older versions: no
    parenthesis; newer: a space before "in")."""
    log = (
        "[rank0]:2025 - root - INFO - Finished saving the checkpoint (or staging if async is enabled) in 5.50 seconds.\n"
        "[rank1]:2025 - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 5.75 seconds.\n"
        "[rank1]:2025 - root - INFO - Finished saving the checkpoint in 4.25 seconds.\n"
        "[rank0]:2025 - root - INFO - Finished saving the checkpoint in 4.00 seconds.\n"
    )
    (tmp_path / "train.log").write_text(log)
    found = run(tmp_path, "torchtitan", "save_times", "train.log", async_mode="disabled", **TRAINER)
    assert found.rows["save_times.csv"]["save_s"] == [5.75, 4.25]
    assert found.origins["save_times.csv"] == [("train.log", 2), ("train.log", 3)]


# fio: real JSON outputs from 2.1.11 to 3.33 (README.md there); save_s = the slowest job's runtime, size Σ io_bytes.
FIO = "fio"
ARAU, SAMYAPLE = f"{FIO}/Arau-fio-results-tmp", f"{FIO}/SamYaple-fio-plot-results"


def test_fio_3_12_terminal_paste_and_group_reporting():
    """Arau: fio-3.12, group_reporting (one entry); writes-100-0 holds two JSON documents with shell prompts between
    them (the first is the run's). 4 GiB each."""
    found = run(REAL, "fio", "save_times", f"{ARAU}/t1-writes/writes-100-*")
    assert found.problems == [] and found.rows["save_times.csv"]["save_s"] == [2293.544, 2293.047, 2324.85]
    assert set(found.rows["save_times.csv"]["snapshot_gb"]) == {4.294967296}
    saves = rows(REAL, "fio", "save_times", f"{ARAU}/t2-writes/out-write32k.fio-*", column="save_s")
    assert saves == [323.859, 297.907, 300.281]


def test_fio_3_33_bench_fio_windows_steady_state_and_reads():
    """SamYaple (fio-plot's bench-fio): 8 jobs with 1000 ms windows and write_bw_log given as a path; a
    steady-state run that stopped at 13.9 s; a random read whose jobs stopped at different times."""
    found = run(REAL, "fio", "bandwidth", f"{SAMYAPLE}/4k/randwrite-8-8.json")
    samples = found.rows["bandwidth.csv"]
    assert found.problems == [] and samples["t_s"] == [float(i) for i in range(59)]  # 59 rows in each of 8 logs
    # window 0: 158552 + 156364 + 155920 + 158512 + 158484 + 157941 + 158556 + 158484 = 1262813 KiB/s
    assert samples["write_gbps"][0] == pytest.approx(1262813 * 1024 / 1e9, rel=1e-15)
    assert found.tool_runs[("S", 1)] == (75.652415488, 60.001)  # Σ io_bytes, the slowest runtime
    save = run(REAL, "fio", "save_times", f"{SAMYAPLE}/benchmarks-4096_sector-1x-4k/randwrite-4-4.json")
    assert save.problems == [] and save.rows["save_times.csv"]["save_s"] == [13.885]
    assert save.rows["save_times.csv"]["snapshot_gb"] == [20.113760256]
    assert save.rows["bandwidth.csv"]["write_gbps"][0] == pytest.approx(858276 * 1024 / 1e9, rel=1e-15)
    assert len(save.rows["bandwidth.csv"]["t_s"]) == 13
    read = f"{SAMYAPLE}/benchmarks-4096_sector-1x-4k/randread-8-8.json"
    assert rows(REAL, "fio", "restore_times", read, column="restore_s") == [45.884]
    assert rows(REAL, "fio", "load_times", read, column="size_gb") == [39.73009408]


def test_fio_a_note_line_before_the_json_and_fio_2_1_11():
    """Intel 0-day: a `note:` line before the JSON, one 128 GiB falloc write. opnfv/storperf: fio-2.1.11, io_bytes
    in KiB (44920 + 44992 + 45024 + 44820 KiB), which came out 1024 times too small."""
    found = run(REAL, "fio", "save_times", f"{FIO}/lkp-0day-xfs-falloc-write/fio.output")
    assert found.problems == [] and found.rows["save_times.csv"]["save_s"] == [70.475]
    assert found.rows["save_times.csv"]["snapshot_gb"] == [137.438953472]
    old = run(REAL, "fio", "load_times", f"{FIO}/opnfv-storperf-fio-2.1.11/full_fio.json")
    assert old.problems == [] and old.rows["load_times.csv"]["load_s"] == [2127.55]
    assert old.rows["load_times.csv"]["size_gb"] == [0.184070144]
    assert [(u.tool, u.versions) for u in old.tools] == [("fio", ("fio-2.1.11",))]


CEPH = f"{FIO}/chris-sanders-ceph-fio-results"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            f"{CEPH}/bluestore-erasure2.1/write-1M.out",
            f"{CEPH}/bluestore-erasure2.1/write-1M.out: is fio's normal (text) output (fio-2.2.10), which cannot be read"
            " back into runs: rerun fio with --output-format=json (or json+) and name that output in files",
        ),
        (
            f"{CEPH}/bluestore-erasure2.1/write-1M/write-1M-KERNEL_bw.log",
            f"{CEPH}/bluestore-erasure2.1/write-1M/write-1M-KERNEL_bw.log:1: is a fio log, not a run's JSON output: the"
            " import reads the JSON (--output-format=json) and finds the logs from its options; and there is no JSON"
            " beside it; a log without a job number is shared by every job (per_job_logs=0) and cannot be split back"
            " into jobs: rerun fio with per_job_logs=1",
        ),
        (
            f"{CEPH}/bluestore.fio",
            f"{CEPH}/bluestore.fio: is a fio job file, not a run's output: run it with --output-format=json and name"
            " that output in files",
        ),
        (
            f"{ARAU}/write32k.fio",
            f"{ARAU}/write32k.fio: is a fio job file, not a run's output: run it with --output-format=json and name"
            " that output in files",
        ),
    ],
)
def test_fio_files_the_import_does_not_read_say_what_they_are(files, message):
    assert refusals(REAL, "fio", "save_times", files) == [message]


REAL_TEST = """title    = "Real MLPerf Storage v3.0 submissions, imported"
customer = "Tests"
date     = 2026-12-06

[systems]
candidate     = "YanRongTech F9000X"
save_baseline = "XSKY AIMesh"
load_baseline = "XSKY AIMesh"

[training]
model                     = "llama3-8b"
total_steps               = 10000
checkpoint_interval_steps = 500
step_time_s               = 2.0
"""
REAL_IMPORT = """
[[import]]
tool   = "mlperf"
files  = ["{files}"]
system = "{system}"
into   = "{into}"
model  = "llama3-8b"
{extra}
"""


@pytest.fixture
def real_joint_test(tmp_path):
    """A joint test of two real v3.0 submissions, every timing table imported: saves (write phases), restores and
    loads (read phases); only the bandwidth is typed."""
    path = tmp_path / "real"
    shutil.copytree(REAL / "mlperf-v3.0", path / "raw")
    text = REAL_TEST
    for system, folder, write, read in (
        ("XSKY AIMesh", "XSKY-llama3-8b", "20260722_020743", "20260722_021054"),
        ("YanRongTech F9000X", "YanRongTech-llama3-8b", "20260724_055740", "20260724_055907"),
    ):
        for into, phase, extra in (
            ("save_times", write, "gpus   = 8"),
            ("restore_times", read, ""),
            ("load_times", read, 'platform = "8 clients"'),
        ):
            files = f"raw/{folder}/{phase}/*_per_epoch_stats.json"
            text += REAL_IMPORT.format(files=files, system=system, into=into, extra=extra)
    (path / "test.toml").write_text(text)
    (path / "bandwidth.csv").write_text(
        "system,run,t_s,write_gbps\nXSKY AIMesh,1,0,13\nXSKY AIMesh,1,1,13\n"
        "YanRongTech F9000X,1,0,100\nYanRongTech F9000X,1,1,100\n"
    )
    return path


def test_a_joint_test_of_real_submissions_gives_the_slowest_ranks_figures(real_joint_test):
    from report.compute import compute
    from report.inputs.joint_test import read_joint_test

    m = compute(read_joint_test(real_joint_test)).to_dict()
    assert m["save"]["baseline"]["mean_s"] == pytest.approx(sum(XSKY_SAVES) / 10, rel=1e-12)  # not rank 0's 8.0 s
    assert m["save"]["candidate"]["mean_s"] == pytest.approx(sum(YANRONG_SAVES) / 10, rel=1e-12)
    assert m["save"]["baseline"]["snapshot_gb"] == SIZE_GB and m["save"]["baseline"]["runs"] == 10
    assert m["reliability"]["baseline"]["restore_s"] == pytest.approx(sum(XSKY_RESTORES) / 10, rel=1e-12)
    (model,) = m["load"]["models"]
    assert (model["model"], model["platform"], model["size_gb"]) == ("llama3-8b", "8 clients", SIZE_GB)
    assert model["baseline_s"] == pytest.approx(sum(XSKY_RESTORES) / 10, rel=1e-12)


@pytest.mark.slow
def test_a_joint_test_of_real_submissions_builds_and_verifies(real_joint_test, tmp_path):
    from report.cli import main

    out = tmp_path / "out"
    assert main(["build", str(real_joint_test), "--out", str(out)]) == 0
    assert main(["verify", str(out / "report.pdf")]) == 0


def test_a_fio_log_names_the_json_that_wrote_it():
    """Issue 46: beside randwrite-4-4.json's logs lies randread-8-8.json too, and the refusal of a log named the
    first JSON of the folder (the random read, which wrote no such log): it names the run whose options wrote it."""
    folder = f"{SAMYAPLE}/benchmarks-4096_sector-1x-4k"
    assert refusals(REAL, "fio", "save_times", f"{folder}/randwrite-iodepth-4-numjobs-4_bw.3.log") == [
        f"{folder}/randwrite-iodepth-4-numjobs-4_bw.3.log:1: is a fio log, not a run's JSON output: the import reads"
        f" the JSON (--output-format=json) and finds the logs from its options; name {folder}/randwrite-4-4.json in"
        " files instead"
    ]


FOREIGN = "is {what}, which the {name} import does not read: {instead}"
TO_MLPERF = 'name the run folder\'s *per_epoch_stats.json in files, with tool = "mlperf"'


@pytest.mark.parametrize(
    ("tool", "into", "file", "what", "instead"),
    [
        (
            "mlperf",
            "save_times",
            f"{ARAU}/t1-writes/writes-100-0",
            "fio's JSON output (fio-3.12)",
            'import it with tool = "fio"',
        ),
        (
            "nemo",
            "save_times",
            f"{FIO}/opnfv-storperf-fio-2.1.11/full_fio.json",
            "fio's JSON output (fio-2.1.11)",
            'import it with tool = "fio"',
        ),
        (
            "megatron",
            "save_times",
            f"{CEPH}/bluestore-erasure2.1/write-1M.out",
            "fio's normal (text) output",
            'rerun fio with --output-format=json and import that with tool = "fio"',
        ),
        (
            "mlperf",
            "save_times",
            f"{CEPH}/bluestore.fio",
            "a fio job file",
            'run it with fio --output-format=json and import that with tool = "fio"',
        ),
        (
            "torchtitan",
            "save_times",
            f"{SAMYAPLE}/4k/randwrite-iodepth-8-numjobs-8_bw.1.log",
            "a fio log",
            'import the run\'s JSON output it belongs to with tool = "fio"',
        ),
        (
            "fio",
            "save_times",
            f"{XSKY}/20260722_020743/5_per_epoch_stats.json",
            "DLIO's per-epoch stats (MLPerf Storage)",
            'import it with tool = "mlperf"',
        ),
        (
            "fio",
            "load_times",
            "mlperf-v1.0/DDN-unet3d-h100-run1/per_epoch_stats.json",
            "DLIO's per-epoch stats (MLPerf Storage)",
            'import it with tool = "mlperf"',
        ),
        ("fio", "restore_times", f"{NEBIUS}/summary.json", "DLIO's summary.json (MLPerf Storage)", TO_MLPERF),
        (
            "megatron",
            "save_times",
            f"{XSKY}/20260722_020743/0_output.json",
            "DLIO's {rank}_output.json (MLPerf Storage)",
            TO_MLPERF,
        ),
        ("fio", "bandwidth", f"{XSKY}/20260722_020743/dlio.log", "DLIO's log (dlio.log, MLPerf Storage)", TO_MLPERF),
        (
            "nemo",
            "save_times",
            f"{MEGATRON}/megatron-bridge-playground-final-save-untimed.log",
            "a Megatron-LM training log",
            'import it with tool = "megatron"',
        ),
        (
            "torchtitan",
            "save_times",
            f"{MEGATRON}/rocm-blogs-megablocks-moe-gpt2-125m.log",
            "a Megatron-LM training log",
            'import it with tool = "megatron"',
        ),
        (
            "fio",
            "save_times",
            f"{MEGATRON}/nemotron-task301-qwen3-30b-a3b-sft-logtail.log",
            "a Megatron-LM training log",
            'import it with tool = "megatron"',
        ),
        (
            "megatron",
            "save_times",
            f"{NEMO}/bionemo-evo2-notebook-indented.log",
            "a NeMo training log",
            'import it with tool = "nemo"',
        ),
        (
            "megatron",
            "save_times",
            f"{NEMO}/nemotron-nano-4b-hf-to-nemo-async.log",
            "a NeMo training log",
            'import it with tool = "nemo"',
        ),
        (
            "megatron",
            "restore_times",
            f"{TITAN}/torchtitan-pr1287-dcp-zoc.log",
            "a torchtitan training log",
            'import it with tool = "torchtitan"',
        ),
        (
            "nemo",
            "save_times",
            f"{TITAN}/torchtitan-docs-final-save.log",
            "a torchtitan training log",
            'import it with tool = "torchtitan"',
        ),
    ],
)
def test_another_tools_real_output_is_named_with_the_tool_that_reads_it(tool, into, file, what, instead):
    """Issue 46: a real file given to a tool that does not claim it said only what that tool found missing ("is not
    a DLIO per-epoch stats file", "holds no Megatron-LM save-checkpoint timer line"); it now says what the file is and
    which tool to import it with."""
    name = IMPORT_TOOLS[tool].name
    assert refusals(REAL, tool, into, file, **TRAINER) == [
        f"{file}: {FOREIGN.format(what=what, name=name, instead=instead)}"
    ]


DOCS = "mlperf-docs"


@pytest.mark.parametrize(
    ("tool", "file", "message"),
    [
        (
            "mlperf",
            f"{DOCS}/mlcommons-storage-main-configs-dlio-workload-llama3_8b.yaml",
            "is an MLPerf Storage (DLIO) workload configuration, the benchmark's input, not a run's output: run the"
            ' benchmark and name the run folder\'s *per_epoch_stats.json with tool = "mlperf"',
        ),
        (
            "mlperf",
            f"{DOCS}/mlcommons-storage-v2.0-branch-Submission_guidelines.md",
            "is a document written by people (a README or Markdown page), not a run's output: name the run folder's"
            " *per_epoch_stats.json in files instead",
        ),
        (
            "fio",
            f"{DOCS}/mlcommons-storage-main-Submission_guidelines.md",
            "is a document written by people (a README or Markdown page), not a run's output: name fio's JSON output"
            " (fio --output-format=json) in files instead",
        ),
        (
            "fio",
            f"{ARAU}/t1-writes/README.md",  # notes on the runs, no heading: known by its name
            "is a document written by people (a README or Markdown page), not a run's output: name fio's JSON output"
            " (fio --output-format=json) in files instead",
        ),
    ],
)
def test_documents_beside_real_outputs_are_refused_as_documents(tool, file, message):
    """Issue 46: the benchmark's rules and workload configuration, and a README beside fio runs, are no tool's output:
    said so ("is not a DLIO JSON file (it is not valid JSON)", "no line starts with {" before)."""
    assert refusals(REAL, tool, "save_times", file) == [f"{file}: {message}"]


@pytest.mark.parametrize("folder", [f"{XSKY}/20260722_020743", f"{YANRONG}/20260724_055907", NEBIUS])
def test_a_dlio_summary_alone_says_what_it_is(folder):
    """Issue 46: summary.json alone gave "no rank file (per_epoch_stats.json) among the matched files"."""
    assert refusals(REAL, "mlperf", "restore_times", f"{folder}/summary.json") == [
        f"{folder}/summary.json: is DLIO's summary.json (rank 0's means over the run), which the import reads only for"
        " the checkpoint size: name the run folder's *per_epoch_stats.json in files, the figures of every rank"
    ]


def test_a_v1_training_run_matched_by_a_restore_import():
    """DDN v1.0 (`ckpt1`, a training workload): it was called "a write phase's run (save_ckpt<N>)"."""
    stats = "mlperf-v1.0/DDN-unet3d-h100-run1/per_epoch_stats.json"
    assert refusals(REAL, "mlperf", "restore_times", stats) == [
        f"{stats}: holds no checkpoint restore (load_ckpt<N>): it is a training run whose checkpoints (ckpt<N>) are"
        " saves, import it into save_times"
    ]
