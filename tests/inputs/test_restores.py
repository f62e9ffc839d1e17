"""restore_times (schema 3): the CSV read and checked, fio and MLPerf restores imported, async trainer logs refused."""

import shutil
from pathlib import Path

import pytest

from report.cli import main
from report.compute import compute
from report.inputs.joint_test import read_joint_test
from report.problems import InvalidInput
from tests.conftest import FIXTURES

INGEST = FIXTURES / "ingest"
B, C = "Local NVMe (single drive)", "Mingxin FX100"


def problems_of(path: Path) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        read_joint_test(path)
    return [str(p) for p in caught.value.problems]


def with_restores(folder, csv: str) -> Path:
    path = folder("data")
    (path / "restore_times.csv").write_text(csv)
    return path


def test_restore_times_csv_feeds_the_failure_figures(folder):
    path = with_restores(
        folder,
        f"system,model,run,restore_s,note\n{B},32B LoRA,1,100,x\n{B},32B LoRA,2,120.5,\n\n{C},32B LoRA,1,30,\n",
    )
    test = read_joint_test(path)
    assert list(test.raw) == ["test.toml", "save_times.csv", "bandwidth.csv", "load_times.csv", "restore_times.csv"]
    m = compute(test).to_dict()
    assert "restore_times.csv" in m["inputs"]
    r = m["reliability"]
    assert (r["baseline"]["restore_s"], r["candidate"]["restore_s"]) == (110.25, 30.0)  # (100 + 120.5) / 2
    assert (r["baseline"]["recovery_s"], r["candidate"]["recovery_s"]) == (710.25, 630.0)


def test_restores_absent(folder):
    test = read_joint_test(folder("data"))
    assert test.restores is None and "restore_times.csv" not in test.raw
    assert compute(test).to_dict()["reliability"]["candidate"]["restore_s"] is None


def test_restore_times_errors(folder):
    empty = with_restores(folder, "system,model,run,restore_s\n")
    assert problems_of(empty) == ["restore_times.csv: has a header but no data rows: the table is empty"]
    one_side = with_restores(folder, f"system,model,run,restore_s\n{C},32B LoRA,1,30\n")
    assert problems_of(one_side) == [f'restore_times.csv: system: no rows for "{B}" (test.toml systems.save_baseline)']
    numbers = with_restores(
        folder,
        f"system,model,run,restore_s\n{B},32B LoRA,1,100\n{C},32B LoRA,1,30\n{B},32B LoRA,2,0\n{B},32B LoRA,3,nan\n",
    )
    assert problems_of(numbers) == [
        'restore_times.csv:5: restore_s: "nan" is not a number',
        'restore_times.csv:4: restore_s: "0" must be above zero',
    ]
    no_zero = with_restores(
        folder,
        f"system,model,run,restore_s\n{B},32B LoRA,1,100\n{C},70B,1,30\n{C},32B LoRA,1,30\n"
        f"{C},32B LoRA,1,31\nNFS,32B LoRA,1,5\n",
    )
    assert problems_of(no_zero) == [
        f'restore_times.csv:6: system: "NFS" is not a system of test.toml [systems]; expected "{B}" or "{C}"',
        'restore_times.csv:5: run: "1": this run number appears twice for the same system, model',
        'restore_times.csv:3: model: "70B" is not a model of save_times.csv; a restore reads back a checkpoint'
        " that was saved",
    ]
    no_training_model = with_restores(folder, f"system,model,run,restore_s\n{B},32B LoRA,1,100\n{C},70B,1,30\n")
    (no_training_model / "save_times.csv").write_text(
        (no_training_model / "save_times.csv").read_text() + f"{C},70B,8,140,1,200\n"
    )
    assert problems_of(no_training_model) == [
        f'restore_times.csv: model: no rows of the training model "32B LoRA" (test.toml training.model) for "{C}"'
    ]


RESTORE_IMPORTS = """
[[import]]
tool   = "mlperf"
files  = ["raw/fx100/mlperf/*_per_epoch_stats.json"]
system = "FX100"
into   = "restore_times"
model  = "7B"

[[import]]
tool        = "fio"
files       = ["raw/nvme/restore-*.json"]
system      = "NVMe"
into        = "restore_times"
model       = "7B"
snapshot_gb = 1.073741824
"""


def imports_with_restores(folder) -> Path:
    path = folder("imports")
    shutil.copy(INGEST / "fio" / "errors" / "read_only.json", path / "raw" / "nvme" / "restore-1.json")
    (path / "test.toml").write_text((path / "test.toml").read_text() + RESTORE_IMPORTS)
    return path


def test_restores_imported_from_mlperf_and_fio(folder, capsys):
    path = imports_with_restores(folder)
    test = read_joint_test(path)
    assert "raw/nvme/restore-1.json" in test.raw and "restore_times.csv" not in test.raw
    r = compute(test).to_dict()["reliability"]
    # fio: read.runtime 1215 ms of the one read job; MLPerf: load_ckpt1 max(0.75, 0.875), load_ckpt2 max(0.5, 0.625).
    assert r["baseline"]["restore_s"] == 1.215
    assert r["candidate"]["restore_s"] == (0.875 + 0.625) / 2
    assert main(["rows", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.endswith(
        "# restore_times.csv\nsystem,model,run,restore_s\nFX100,7B,1,0.875\nFX100,7B,2,0.625\nNVMe,7B,1,1.215\n"
    )


def test_restores_only_from_imports_are_located_at_the_import(folder):
    """No restore_times.csv: a system without restores of the training model is named at its [[import]] line."""
    path = imports_with_restores(folder)
    toml = (path / "test.toml").read_text()
    nvme = 'system      = "NVMe"\ninto        = "restore_times"\nmodel       = "7B"'
    (path / "test.toml").write_text(toml.replace(nvme, nvme.replace('"7B"', '"70B"')))
    header = toml.splitlines().index('tool        = "fio"', toml.count("\n") - RESTORE_IMPORTS.count("\n")) - 1
    # A 70B save, so that the 70B restore reads back a saved checkpoint and only the training model is missing.
    (path / "save_times.csv").write_text("system,model,gpus,save_s,run,snapshot_gb\nNVMe,70B,8,140,1,200\n")
    assert problems_of(path) == [
        f'test.toml:{header + 1}: import.model: no rows of the training model "7B" (test.toml training.model)'
        ' for "NVMe" (imported into restore_times.csv)'
    ]


def test_restore_import_size_is_only_checked(folder):
    path = imports_with_restores(folder)
    text = (path / "test.toml").read_text().replace("snapshot_gb = 1.073741824", "snapshot_gb = 1.0")
    (path / "test.toml").write_text(text)
    assert problems_of(path) == [
        "raw/nvme/restore-1.json:1: snapshot_gb: the tool reports 1.073741824 GB, test.toml gives snapshot_gb = 1:"
        " they differ by more than 1% (the ratio is 1.0737: a size in GiB written as GB?)"
    ]


# The lines these trainers print with asynchronous saves (../shared/INGEST.md).
MEGATRON_ASYNC = (
    " iteration      100/   10000 | consumed samples: 12800 | elapsed time per iteration (ms): 3244.1\n"
    "  scheduled an async checkpoint save at iteration     100 to /ckpt\n"
    "(min, max) time across ranks (ms):\n"
    "    save-checkpoint ................................: (310.10, 320.50)\n"
    "  successfully saved checkpoint from iteration     100 to /ckpt [ t 1/1, p 1/1 ]\n"
)
NEMO_ASYNC = (
    "[NeMo I 2026-11-30 10:00:00 pl:1] Global Checkpoint Save : Rank: 0 : Iteration: 100 : Start time: 1764500000.0"
    " s : Save duration: 0.5 s\n"
    "[NeMo I 2026-11-30 10:00:20 dist_ckpt_io:1] Async finalization time took 14.203 s\n"
    "[NeMo I 2026-11-30 10:00:20 dist_ckpt_io:2] Successfully saved checkpoint from iteration 100 to /ckpt\n"
)


def test_async_trainer_logs_are_refused_as_save_times(folder):
    path = folder("imports")
    (path / "raw" / "nvme" / "train.log").write_text(MEGATRON_ASYNC)
    (path / "raw" / "nvme" / "rank0.log").write_text(NEMO_ASYNC)
    staging = (
        "its save durations are staging times, the part that blocks training (give them as [async] staging_s in"
        " test.toml: their mean is {} s); the save time to durable storage must come from a storage measurement"
        " (fio, MLPerf Storage)"
    )
    assert problems_of(path) == [
        'raw/nvme/train.log:2: was written with asynchronous saves (it logs "scheduled an async checkpoint save at'
        f' iteration     100 to /ckpt"): {staging.format(0.3205)}',
        'raw/nvme/rank0.log:2: was written with asynchronous saves (it logs "[NeMo I 2026-11-30 10:00:20'
        f' dist_ckpt_io:1] Async finalization time took 14.203 s"): {staging.format(2.45)}',
    ]


def test_synchronous_trainer_logs_still_import():
    test = read_joint_test(FIXTURES / "imports")  # its megatron train.log and nemo rank logs are synchronous
    tools = {(t.tool, t.into) for t in test.imported.tools}
    assert {("megatron", "save_times"), ("nemo", "save_times")} <= tools
    rows = test.imported.rows["save_times.csv"]
    assert rows["save_s"][:4] == [1.6205, 1.70025, 2.7, 2.4]


def test_fio_local_restores_are_its_read_backs():
    """examples/fio-local: measure's restore runs read back each save's files whole (caches dropped)."""
    test = read_joint_test(FIXTURES.parent.parent / "examples" / "fio-local")
    m = compute(test).to_dict()
    r = m["reliability"]
    # the slowest job's read.runtime of the three restore runs (raw/*/restore-N.json, two readers of 512 MiB):
    # 2,293, 2,660 and 2,225 ms on the disk; 644, 845 and 833 ms on tmpfs.
    assert r["baseline"]["restore_s"] == pytest.approx((2.293 + 2.660 + 2.225) / 3, rel=1e-12)
    assert r["candidate"]["restore_s"] == pytest.approx((0.644 + 0.845 + 0.833) / 3, rel=1e-12)
    assert r["baseline"]["recovery_s"] == pytest.approx(600 + (2.293 + 2.660 + 2.225) / 3, rel=1e-12)
    assert m["not_durable"] == ["candidate"]  # tmpfs keeps its saves in memory only
