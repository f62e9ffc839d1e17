"""Issue 44's import attacks (../reviews/attacks-4.md, F and A groups), each replayed on a copy of a real joint test:
a forged or failed tool output, or a disguised asynchronous log, is refused in one line naming the file, its line
and what is wrong; the build exits 1 and writes nothing."""

import re
import shutil
from pathlib import Path

import pytest

from report.cli import main
from report.inputs.ingest import fio
from report.inputs.joint_test import read_joint_test
from report.problems import InvalidInput, escaped
from tests.conftest import FIXTURES, ROOT

FIO_LOCAL = ROOT / "examples" / "fio-local"  # real fio-3.33 runs recorded by `measure`
TMPFS = Path("raw") / "tmpfs-dev-shm"


def problems_of(path: Path) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        read_joint_test(path)
    return [str(p) for p in caught.value.problems]


def refused(path: Path, tmp_path: Path, capsys) -> list[str]:
    """Build and rows both exit 1 with one line per problem and no traceback; nothing is written."""
    out = tmp_path / "out"
    for command in (["rows", str(path)], ["build", str(path), "--out", str(out)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert "Traceback" not in err
    assert not out.exists()
    return problems_of(path)


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    return [i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line][nth - 1]


@pytest.fixture
def fio_local(tmp_path):
    dest = tmp_path / "fio-local"
    shutil.copytree(FIO_LOCAL, dest)
    return dest


def replace(path: Path, old: str, new: str, count: int = -1) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


def test_f1_a_runtime_that_contradicts_io_bytes_and_bw_bytes_is_refused(fio_local, tmp_path, capsys):
    """F1: write.runtime 1 ms for 512 MiB at bw_bytes 253 MB/s built a 3254x speedup."""
    for n in (1, 2, 3):
        save = fio_local / TMPFS / f"save-{n}.json"
        for runtime in re.findall(r'"runtime" : ([1-9]\d*)', save.read_text()):
            replace(save, f'"runtime" : {runtime},', '"runtime" : 1,', 1)
    problems = refused(fio_local, tmp_path, capsys)
    save = fio_local / TMPFS / "save-1.json"
    first, second = line_of(save, '"runtime" : 1,'), line_of(save, '"runtime" : 1,', 2)
    assert problems[:2] == [
        f'{TMPFS}/save-1.json:{first}: write.runtime: job "ckpt": 1 ms disagrees with its own io_bytes and bw_bytes:'
        " 536,870,912 bytes in 1 ms is 5.369e+11 B/s, bw_bytes says 2.535e+08 B/s (fio's rounding allows 1% + 1 KiB/s);"
        " these figures do not come from one fio run",
        f'{TMPFS}/save-1.json:{second}: write.runtime: job "ckpt": 1 ms disagrees with its own io_bytes and bw_bytes:'
        " 536,870,912 bytes in 1 ms is 5.369e+11 B/s, bw_bytes says 2.532e+08 B/s (fio's rounding allows 1% + 1 KiB/s);"
        " these figures do not come from one fio run",
    ]
    assert len(problems) == 6 and all(p.startswith(f"{TMPFS}/save-") for p in problems)


def test_f1_fios_own_rounding_is_allowed():
    """bw_bytes is fio's integer io_bytes × 1000 / runtime: 4 KiB in 1 ms is 4,096,000 B/s exactly; 1% off is still
    within fio's rounding (1% of bw_bytes + 1 KiB/s), 3% is not."""
    text = (FIXTURES / "ingest" / "fio" / "layouts" / "v3_33.json").read_text()
    entry = {"jobname": "j", "error": 0, "write": {"io_bytes": 4096, "bw_bytes": 4096000, "runtime": 1}}
    assert fio.consistency_problems("r.json", text, {"jobs": [entry]}, kib=False) == []
    entry["write"]["bw_bytes"] = 4096000 * 1.01
    assert fio.consistency_problems("r.json", text, {"jobs": [entry]}, kib=False) == []
    entry["write"]["bw_bytes"] = 4096000 * 1.03
    assert [p.where for p in fio.consistency_problems("r.json", text, {"jobs": [entry]}, kib=False)] == [
        "write.runtime"
    ]
    entry["write"] = {"io_bytes": 4096, "bw_bytes": 0, "runtime": 0}  # under a millisecond: fio writes a rate of 0
    assert fio.consistency_problems("r.json", text, {"jobs": [entry]}, kib=False) == []


CLIENT = FIXTURES / "ingest" / "fio" / "client" / "real-3.33.json"  # two fio servers, two writers each


def client_problems(text: str) -> list[str]:
    return [str(p) for p in fio.read_json("run.json", text.encode())[1]]


def test_f1b_clients_that_contradict_all_clients_are_refused():
    """F1b: per-host entries forged to 1 ms, "All clients" still saying 194 ms and 16 MiB, built an 11.5x speedup."""
    text = CLIENT.read_text()
    assert client_problems(text) == []
    forged = re.sub(r'"runtime" : (194|171|147|165),', '"runtime" : 1,', text)
    found = client_problems(forged)
    assert len(found) == 4  # each client named ("All clients" sums them: it is no job)
    runtime = line_of(CLIENT, '"runtime" : 194,')
    assert found[0].startswith(f'run.json:{runtime}: write.runtime: job "ckpt" (host 127.0.0.2): 1 ms disagrees')
    assert "1 ms disagrees with its own io_bytes and bw_bytes: 4,194,304 bytes in 1 ms" in found[0]
    # A client's bytes changed with its rate and runtime kept consistent: only the sum tells.
    third = [m.start() for m in re.finditer('"jobname"', text)][2]  # the first writer on 127.0.0.3: 147 ms
    tail = text[third:].replace('"io_bytes" : 4194304', '"io_bytes" : 8388608', 1)
    doubled = text[:third] + tail.replace('"bw_bytes" : 28532680', '"bw_bytes" : 57065360', 1)
    total = line_of(CLIENT, '"jobname" : "All clients"')
    assert client_problems(doubled) == [
        f'run.json:{total}: write.io_bytes: "All clients" says 16,777,216'
        " bytes, but its 4 client entries sum to 20,971,520: these figures do not come from one fio run"
    ]


def test_f8_a_job_that_failed_is_refused(fio_local, tmp_path, capsys):
    """F8: every job "error": 5 (EIO, a failed end_fsync) with its bytes: the saves counted as good durable saves."""
    for n in (1, 2, 3):
        replace(fio_local / TMPFS / f"save-{n}.json", '"error" : 0,', '"error" : 5,')
    problems = refused(fio_local, tmp_path, capsys)
    error = line_of(fio_local / TMPFS / "save-1.json", '"error" : 5')
    assert problems[0] == (
        f'{TMPFS}/save-1.json:{error}: error: job "ckpt" failed: fio reports error 5'
        " (Input/output error); what it wrote is no measurement (a failed fsync leaves bytes that are not durable):"
        " rerun it"
    )
    assert len(problems) == 6  # two jobs in each of three files, each named
    error = line_of(CLIENT, '"error" : 0,')
    assert client_problems(CLIENT.read_text().replace('"error" : 0,', '"error" : "EIO",', 1)) == [
        f'run.json:{error}: error: "EIO" is a string, not a whole number'
    ]


def test_f9_imported_values_are_held_to_the_bounds_of_typed_ones(fio_local, tmp_path, capsys):
    """F9: a save of 10^13 ms (1e10 s, its rate forged to match) and a log window of 1e18 KiB/s built a report; the
    same values typed into save_times.csv and bandwidth.csv are refused. The CSV rules now check imported rows."""
    save = fio_local / TMPFS / "save-1.json"
    for runtime in re.findall(r'"runtime" : ([1-9]\d*)', save.read_text()):
        replace(save, f'"runtime" : {runtime},', f'"runtime" : {10**13},', 1)
    for rate in re.findall(r'"bw_bytes" : ([1-9]\d*)', save.read_text()):
        replace(save, f'"bw_bytes" : {rate},', '"bw_bytes" : 0,', 1)  # 512 MiB in 1e10 s: 0.05 B/s
    log = fio_local / TMPFS / "sustain-1_bw.1.log"
    lines = log.read_text().splitlines(keepends=True)
    lines[1] = re.sub(r"^(\d+), \d+,", r"\1, 999999999999999999,", lines[1])
    log.write_text("".join(lines))
    assert refused(fio_local, tmp_path, capsys) == [
        f'{TMPFS}/save-1.json:1: save_s: "1e+10" is outside the range a measurement can take (1e-06 to 1e+09)'
        " (imported into save_times.csv)",
        f'{TMPFS}/sustain-1_bw.1.log: write_gbps: "1024000000000.2632" is outside the range a measurement can take'
        " (1e-09 to 1e+06) (imported into bandwidth.csv)",
    ]


ASYNC = FIXTURES / "ingest" / "async"
CANDIDATE_IMPORT = """
[[import]]
tool = "{tool}"
files = ["raw/cand/train.log"]
system = "Mingxin FX100"
into = "save_times"
model = "32B LoRA"
gpus = 8
snapshot_gb = 65.6
"""


def async_test(folder, tool: str, log: str) -> Path:
    """data/ with the candidate's saves imported from a trainer log instead of typed (the attacks' base.toml)."""
    path = folder("data")
    saves = path / "save_times.csv"
    saves.write_text("".join(line for line in saves.read_text().splitlines(True) if "Mingxin FX100" not in line))
    with (path / "test.toml").open("a") as toml:
        toml.write(CANDIDATE_IMPORT.format(tool=tool))
    (path / "raw" / "cand").mkdir(parents=True)
    (path / "raw" / "cand" / "train.log").write_text(log)
    return path


def without(log: str, *parts: str) -> str:
    return "".join(line for line in log.splitlines(True) if not any(p in line for p in parts))


STAGING = (
    "its save durations are staging times, the part that blocks training (give them as [async] staging_s in"
    " test.toml: their mean is {} s); the save time to durable storage must come from a storage measurement"
    " (fio, MLPerf Storage)"
)
MEGATRON = (ASYNC / "megatron_async.log").read_text()
NEMO = (ASYNC / "nemo_async.log").read_text()


def test_a1_megatron_async_log_without_its_markers_is_refused_by_its_argument_dump(folder, tmp_path, capsys):
    """A1: the two marker lines deleted, the argument dump still says async_save True: 4.6 s of staging became the
    candidate's saves (38.9x)."""
    path = async_test(folder, "megatron", without(MEGATRON, "scheduled an async", "Unfinalized async"))
    mean = (4.6205 + 4.5205 + 4.5705) / 3
    assert refused(path, tmp_path, capsys) == [
        'raw/cand/train.log:2: was written with asynchronous saves (its arguments set async_save ("async_save'
        f' ...................................... True")): {STAGING.format(f"{mean:.6g}")}'
    ]


def test_a1_megatron_async_log_is_refused_by_its_late_finalisation(folder):
    """A1, the third evidence: with the markers and the argument dump gone, "successfully saved checkpoint from
    iteration 500" still comes after iteration 501 was logged (a synchronous save prints it before going on)."""
    path = async_test(folder, "megatron", without(MEGATRON, "async"))
    log = (path / "raw" / "cand" / "train.log").read_text().splitlines()
    line = next(i for i, text in enumerate(log, 1) if "successfully saved checkpoint from iteration     500" in text)
    assert problems_of(path)[0].startswith(
        f'raw/cand/train.log:{line}: was written with asynchronous saves ("successfully saved checkpoint from'
        ' iteration     500 to /ckpt [ t 1/1, p 1/1 ]" comes after iteration 501 was logged: the save was finished in'
        " the background)"
    )


@pytest.mark.parametrize(
    "marker",
    [
        "scheduled an async checkpoint  save",  # two spaces
        "scheduled an async-checkpoint save",  # a hyphen
        "scheduled an async\u00a0checkpoint save",  # a no-break space
        "scheduled an async \t_checkpoint__save",  # a run of them
        "SCHEDULED AN ASYNC CHECKPOINT SAVE",  # upper case
    ],
)
def test_a2_markers_spelled_loosely_are_seen(folder, marker):
    """A2: the marker respelled (two spaces, a hyphen, a no-break space) built the staging times as saves."""
    log = without(MEGATRON, "async_save", "Unfinalized", "successfully saved").replace(
        "scheduled an async checkpoint save", marker
    )
    path = async_test(folder, "megatron", log)
    line = next(i for i, text in enumerate(log.splitlines(), 1) if marker in text)
    assert problems_of(path)[0].startswith(  # printed escaped: a no-break space or a tab shows as such
        f'raw/cand/train.log:{line}: was written with asynchronous saves (it logs "{escaped(marker)} at iteration     500'
    )


def test_a2_a4_nemo_finalisation_spelled_loosely_and_its_config(folder):
    log = without(NEMO, "async_save", "Pending").replace("Async finalization", "ASYNC_FINALIZATION")
    path = async_test(folder, "nemo", log)
    assert problems_of(path)[0].startswith(
        'raw/cand/train.log:5: was written with asynchronous saves (it logs "[NeMo I 2026-11-30 10:01:00'
        ' dist_ckpt_io:1] ASYNC_FINALIZATION time took 95.201 s")'
    )


def test_a4_nemo_async_log_without_its_markers_is_refused_by_its_config(folder, tmp_path, capsys):
    """A4: NeMo's 'Async finalization' and 'Pending async' lines deleted, its config dump still saying async_save:
    true: 0.65 s of staging became the candidate's saves (273.8x)."""
    path = async_test(folder, "nemo", without(NEMO, "Async finalization", "Pending async"))
    assert refused(path, tmp_path, capsys) == [
        "raw/cand/train.log:2: was written with asynchronous saves (its arguments set async_save"
        f' ("async_save: true")): {STAGING.format(0.65)}'
    ]
    (path / "raw" / "cand" / "train.log").write_text(
        without(NEMO, "async").replace("save_last", "ckpt_async_save=True")
    )
    assert '(its arguments set async_save ("ckpt_async_save=True' in problems_of(path)[0]


@pytest.mark.parametrize(
    "setting",
    ["  async_save ...................................... False", "  async_save: false", "  ckpt_async_save=None"],
)
def test_a_synchronous_setting_is_no_evidence(folder, setting):
    log = without(MEGATRON, "async", "successfully saved").replace("  ckpt_format", f"{setting}\n  ckpt_format")
    path = async_test(folder, "megatron", log)
    test = read_joint_test(path)
    assert test.imported.rows["save_times.csv"]["save_s"] == [4.6205, 4.5205, 4.5705]
