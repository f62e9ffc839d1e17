"""measure against the rows a folder already holds (CSV rows and [[import]] tables): a session whose size, GPU count or
load model would break the folder's rules is refused before anything runs, as are values beyond any measurement.
No fio needed: every refusal here comes before fio is looked for."""

import shutil
from pathlib import Path

import pytest

from report.cli import main
from report.measure import existing, plan
from report.measure.plan import Request
from report.measure.probe import Refused
from report.measure.session import read_config
from tests.conftest import ROOT
from tests.measure.test_session import TOML, listing, new_folder

SAVE = ["--phases", "save", "--runs", "1", "--writers", "2"]


def measure(folder: Path, system: str, path: Path, *extra: str) -> int:
    return main(["measure", str(folder), "--system", system, "--path", str(path), *extra])


def test_a_size_other_than_the_csvs_rows_is_refused_before_anything_is_written(tmp_path, capsys):
    """C14: the data folder's save_times.csv holds 32B LoRA at 65.6 GB; a 0.016 GB save was recorded and the folder
    no longer built."""
    folder = tmp_path / "jt"
    shutil.copytree(ROOT / "data", folder)
    disk = tmp_path / "disk"
    disk.mkdir()
    before = listing(folder, disk)
    assert measure(folder, "Mingxin FX100", disk, *SAVE, "--snapshot-gb", "0.016", "--gpus", "8") == 2
    message = capsys.readouterr().err
    assert 'measure: save_times.csv:2: the save_times rows of "32B LoRA" (Local NVMe (single drive)) have' in message
    assert "snapshot_gb = 65.6; this session would write 0.016777216 GB (2 files of 8 MiB" in message
    assert message.rstrip().endswith("Nothing was written.")
    assert listing(folder, disk) == before


def test_a_gpu_count_other_than_the_rows_of_the_model_is_refused(tmp_path, capsys):
    """C15: --gpus 16 where the model's rows say 8 was recorded; the build then failed."""
    folder = new_folder(tmp_path, "jt")
    size = plan.gb_text(2 * 8 * 2**20)  # what 0.016 GB over 2 writers writes: 2 files of 8 MiB
    (folder / "raw" / "local-disk").mkdir(parents=True)
    (folder / "test.toml").write_text(
        TOML + f'\n[[import]]\ntool = "fio"\nfiles = ["raw/local-disk/save-1.json"]\nsystem = "Local disk"\n'
        f'into = "save_times"\nmodel = "32B LoRA"\ngpus = 8\nsnapshot_gb = {size}\n'
    )
    disk = tmp_path / "disk"
    disk.mkdir()
    before = listing(folder, disk)
    assert measure(folder, "RAM disk", disk, *SAVE, "--snapshot-gb", "0.016", "--gpus", "16") == 2
    message = capsys.readouterr().err
    assert 'measure: test.toml:16: the save_times rows of "32B LoRA" (Local disk) have gpus = 8; --gpus 16' in message
    assert "one size" not in message  # the size agrees: only the GPUs are named
    assert "measure with --gpus 8" in message and listing(folder, disk) == before
    # two saves at once are a model of their own: 16 GPUs there is 2 × 8
    assert measure(folder, "RAM disk", disk, *SAVE, "--snapshot-gb", "0.016", "--gpus", "8", "--dry-run",
                   "--concurrent-jobs", "2", "--fio", str(tmp_path / "no-fio")) == 3  # fmt: skip
    assert "fio not found" in capsys.readouterr().err  # past every check of the rows


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--gpus", "99999999999999999999999"], "--gpus 99999999999999999999999: beyond any training job"),
        (["--gpus", str(2**53)], f"--gpus {2**53}: beyond any training job"),
        (["--gpus", str(2**52), "--concurrent-jobs", "4"], f"--gpus {2**52}: beyond any training job"),
        (["--gpus", "8", "--snapshot-gb", "1e300"], "--snapshot-gb 1e+300: must be a size in GB above 0"),
        (["--gpus", "8", "--writers", "5000"], "--writers 5000 is 5000 fio jobs on this machine; fio runs at most"),
        (["--gpus", "1", "--concurrent-jobs", "2001", "--writers", "2"], "--writers 2 × --concurrent-jobs 2001 is"),
    ],
)
def test_values_beyond_any_measurement_are_refused(tmp_path, capsys, extra, message):
    folder = new_folder(tmp_path, "jt")
    options = ["--phases", "save", "--snapshot-gb", "0.001", *extra]
    assert measure(folder, "Local disk", tmp_path, *options) == 2
    assert message in capsys.readouterr().err
    assert (folder / "test.toml").read_text() == TOML and not (folder / "raw").exists()


def test_a_load_the_other_load_system_never_did_is_refused(tmp_path, capsys):
    """Field test S5: --load-model 13B for the load baseline, where the candidate loaded 7B, was found only by the
    build, after leaving the site."""
    folder = tmp_path / "jt"
    shutil.copytree(ROOT / "data", folder)
    (folder / "load_times.csv").write_text("system,model,platform,size_gb,run,load_s\nMingxin FX100,7B,H100,15.2,1,8\n")
    disk = tmp_path / "disk"
    disk.mkdir()
    before = listing(folder, disk)
    load = ["--phases", "load", "--writers", "2", "--load-gb", "15.2", "--platform", "H100"]
    assert measure(folder, "NFS", disk, *load, "--load-model", "13B") == 2
    message = capsys.readouterr().err
    assert 'measure: load_times.csv:2: "Mingxin FX100" loaded "7B" on "H100", which "NFS" has not; this session' in (
        message
    )
    assert 'give --load-model "7B" --platform "H100"' in message and listing(folder, disk) == before
    # a second model, once both loaded the first, is a second model, not a typo
    config = read_config(folder)[1]
    rows = existing.read(folder, config)
    both = [*rows, existing.Rows("load_times", "NFS", "7B", "H100", frozenset({15.2}), frozenset(), "x")]
    request = Request(
        system="NFS", phases=("load",), runs=1, writers=8, block_bytes=1 << 20, snapshot_gb=None, gpus=None,
        load_gb=15.2, load_model="13B", platform="H100", sustain_s=60, window_ms=1000, direct=True, model="32B LoRA",
    )  # fmt: skip
    existing.check(both, config, request, plan.sizes(request))
    with pytest.raises(Refused, match="never loaded"):
        existing.check(rows, config, request, plan.sizes(request))


def test_every_problem_is_a_line_of_its_own(tmp_path, capsys):
    """Lines are escaped one by one (a name holding a line break cannot start a line), so a refusal naming every
    problem at once prints them on lines of their own, not joined by a written \\n."""
    folder = tmp_path / "jt"
    shutil.copytree(ROOT / "data", folder)
    assert measure(folder, "Mingxin FX100", tmp_path, *SAVE, "--snapshot-gb", "65.6", "--gpus", "16") == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("measure: save_times.csv:2: the save_times rows of") and "one size" in lines[0]
    # every line of a refusal is measure's (2820008, field test 8, minor 10)
    assert (
        lines[1].startswith("measure: save_times.csv:2: the save_times rows of") and "gpus = 8; --gpus 16" in lines[1]
    )
    assert lines[2:] == ["measure: Nothing was written."]
