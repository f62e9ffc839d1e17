"""[[import]] end to end: rows merged and numbered after the CSVs', every file attached, and each error located."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from report.cli import main
from report.compute import compute
from report.inputs.ingest.files import matches
from report.inputs.joint_test import read_joint_test
from report.problems import InvalidInput
from tests.conftest import FIXTURES

INGEST = FIXTURES / "ingest"


def problems_of(path: Path) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        read_joint_test(path)
    return [str(p) for p in caught.value.problems]


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = (path / "test.toml").read_text()
    assert old in text
    (path / "test.toml").write_text(text.replace(old, new, count))


def line_of(path: Path, text: str, nth: int = 1) -> int:
    lines = [i for i, line in enumerate((path / "test.toml").read_text().splitlines(), 1) if text in line]
    return lines[nth - 1]


def test_rows_command_prints_only_the_imported_rows(capsys):
    assert main(["rows", str(FIXTURES / "imports")]) == 0
    assert capsys.readouterr().out == (
        "# save_times.csv\n"
        "system,model,gpus,snapshot_gb,run,save_s\n"
        "NVMe,7B,8,10.73741824,1,1.6205\n"  # megatron: max of (min, max), ms / 1000
        "NVMe,7B,8,10.73741824,2,1.70025\n"
        "NVMe,7B,8,10.73741824,3,2.7\n"  # nemo: iteration 100, the slower rank; numbering continues
        "NVMe,7B,8,10.73741824,4,2.4\n"
        "FX100,7B,8,10.73741824,1,1.625\n"  # mlperf: 10 GiB from summary.json; the slower rank
        "FX100,7B,8,10.73741824,2,1.25\n"
        "FX100,7B,8,10.73741824,3,1.75\n"
        "# bandwidth.csv\n"
        "system,run,t_s,write_gbps\n"
        "FX100,2,0.0,0.45479936\n"  # run 2: bandwidth.csv already has FX100 run 1
        "FX100,2,0.5,0.45056\n"
        "FX100,2,1.0,0.4608\n"
        "FX100,2,1.5,0.4608\n"
    )


def test_figures_and_inputs_of_a_test_made_of_imports():
    test = read_joint_test(FIXTURES / "imports")
    m = compute(test).to_dict()
    assert m["save"]["baseline"]["mean_s"] == pytest.approx((1.6205 + 1.70025 + 2.7 + 2.4) / 4, rel=1e-12)
    assert m["save"]["candidate"]["mean_s"] == pytest.approx((1.625 + 1.25 + 1.75) / 3, rel=1e-12)
    run2 = (0.45479936 + 0.45056 + 0.4608 + 0.4608) / 4
    assert m["bandwidth"]["candidate_gbps"] == pytest.approx(((0.5 + 0.75) / 2 + run2) / 2, rel=1e-12)
    assert list(m["inputs"]) == [
        "test.toml",
        "bandwidth.csv",
        "load_times.csv",  # save_times.csv is left out: neither attached nor listed
        "raw/fx100/fio/ckpt_bw.1.log",
        "raw/fx100/fio/ckpt_bw.2.log",
        "raw/fx100/fio/run-1.json",
        "raw/fx100/mlperf/0_per_epoch_stats.json",
        "raw/fx100/mlperf/1_per_epoch_stats.json",
        "raw/fx100/mlperf/summary.json",
        "raw/nvme/rank0.log",
        "raw/nvme/rank1.log",
        "raw/nvme/train.log",
    ]
    assert [(u.tool, u.versions, u.into) for u in test.imported.tools] == [
        ("megatron", (), "save_times"),
        ("nemo", (), "save_times"),
        ("mlperf", (), "save_times"),
        ("fio", ("fio-3.33",), "bandwidth"),
    ]


def test_globs():
    assert matches("raw/*.json", "raw/a.json") and not matches("raw/*.json", "raw/x/a.json")
    assert matches("raw/**/*.json", "raw/x/y/a.json") and matches("raw/**/*.json", "raw/a.json")
    assert matches("./raw/a?.log", "raw/ab.log") and not matches("raw/a?.log", "raw/abc.log")


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("raw/nvme/nothing-*.log", '"raw/nvme/nothing-*.log" matches no file in the joint-test folder'),
        ("/etc/*.log", '"/etc/*.log" is an absolute path; give paths inside the joint-test folder'),
        (
            "../imports/raw/nvme/train.log",
            '"../imports/raw/nvme/train.log" climbs out of the joint-test folder with ".."',
        ),
    ],
)
def test_patterns_that_match_nothing_or_reach_outside(folder, pattern, message):
    path = folder("imports")
    edit(path, '"raw/nvme/train.log"', f'"{pattern}"')
    assert problems_of(path) == [f"test.toml:{line_of(path, pattern)}: import.files: {message}"]


def test_a_symlink_leading_out_is_refused(folder, tmp_path):
    path = folder("imports")
    outside = tmp_path / "elsewhere.log"
    outside.write_text("Global Checkpoint Save : Rank: 0 : Iteration: 9 : Start time: 1 s : Save duration: 9 s\n")
    os.symlink(outside, path / "raw" / "nvme" / "rank9.log")
    os.symlink(tmp_path, path / "raw" / "out")
    assert problems_of(path) == [
        f'test.toml:{line_of(path, "rank*.log")}: import.files: "raw/nvme/rank9.log" is a symlink leading out of the joint-test folder'
    ]
    edit(path, '"raw/nvme/rank*.log"', '"raw/out/*.log"')
    assert problems_of(path) == [
        f'test.toml:{line_of(path, "raw/out")}: import.files: "raw/out" is a symlink leading out of the joint-test folder'
    ]


def test_sizes_that_disagree_name_the_file_and_suggest_gib(folder):
    path = folder("imports")
    edit(path, '"raw/fx100/mlperf/*_per_epoch_stats.json"', '"raw/fx100/mlperf/*.json"')
    edit(path, 'model  = "7B"\ngpus   = 8\n', 'model  = "7B"\ngpus   = 8\nsnapshot_gb = 10\n')
    assert problems_of(path) == [
        "raw/fx100/mlperf/summary.json:4: snapshot_gb: the tool reports 10.73741824 GB, test.toml gives"
        " snapshot_gb = 10: they differ by more than 1% (the ratio is 1.0737: a size in GiB written as GB?)"
    ]


def use_fio_saves(path: Path, *sources: Path) -> None:
    """Replace the mlperf import by a fio save import of copies of `sources` in raw/fx100/save/."""
    (path / "raw" / "fx100" / "save").mkdir()
    for i, source in enumerate(sources, 1):
        shutil.copy(source, path / "raw" / "fx100" / "save" / f"run-{i}.json")
    edit(
        path,
        'tool   = "mlperf"\nfiles  = ["raw/fx100/mlperf/*_per_epoch_stats.json"]',
        'tool   = "fio"\nfiles  = ["raw/fx100/save/*.json"]',
    )


def test_runs_of_one_import_must_share_one_size(folder):
    path = folder("imports")
    use_fio_saves(path, INGEST / "fio" / "layouts" / "v3_33.json", INGEST / "fio" / "normal_json.out")
    assert problems_of(path) == [
        "raw/fx100/save/run-2.json:5: snapshot_gb: reports 0.5 GB, raw/fx100/save/run-1.json 3.0 GB: the runs of"
        " one import must share one size (or give snapshot_gb in test.toml)"
    ]


def test_two_imports_giving_the_same_run(folder):
    path = folder("imports")
    text = (path / "test.toml").read_text()
    megatron = text[text.index("[[import]]") : text.index("[[import]]", text.index("[[import]]") + 1)]
    (path / "test.toml").write_text(text + "\n" + megatron.replace("train.log", "*.log"))
    first, again = line_of(path, "[[import]]"), line_of(path, '"raw/nvme/*.log"')
    assert (
        f'test.toml:{again}: import.files: "raw/nvme/train.log" is also imported into save_times.csv by the'
        f" [[import]] at line {first}: the same run twice"
    ) in problems_of(path)
    shutil.copy(path / "raw" / "nvme" / "train.log", path / "raw" / "nvme" / "copy.txt")
    edit(path, '"raw/nvme/*.log"', '"raw/nvme/copy.txt"')
    assert problems_of(path) == [
        f'test.toml:{again}: import.files: "raw/nvme/copy.txt" has the same bytes as "raw/nvme/train.log": one run'
        " would count twice; each matched file must be a distinct measurement (remove the copy or the link)"
    ]


def test_a_copy_or_a_link_inside_one_import_is_not_another_run(folder):
    """Issue 21: the same fio JSON under another name inside one glob made 3 runs 4 and the CV 6.34% -> 5.28%."""
    path = folder("imports")
    fio = path / "raw" / "fx100" / "fio"
    shutil.copy(fio / "run-1.json", fio / "run-2.json")
    at = line_of(path, '"raw/fx100/fio/*.json"')
    message = (
        "one run would count twice; each matched file must be a distinct measurement (remove the copy or the link)"
    )
    assert problems_of(path) == [
        f'test.toml:{at}: import.files: "raw/fx100/fio/run-2.json" has the same bytes as "raw/fx100/fio/run-1.json": {message}'
    ]
    (fio / "run-2.json").unlink()
    os.symlink("run-1.json", fio / "run-0.json")
    assert problems_of(path) == [
        f'test.toml:{at}: import.files: "raw/fx100/fio/run-1.json" has the same bytes as "raw/fx100/fio/run-0.json": {message}'
    ]


def test_a_loop_of_symlinks_is_named_as_such(folder):
    path = folder("imports")
    os.symlink("rankB.log", path / "raw" / "nvme" / "rankA.log")
    os.symlink("rankA.log", path / "raw" / "nvme" / "rankB.log")
    assert problems_of(path) == [
        f'test.toml:{line_of(path, "rank*.log")}: import.files: "raw/nvme/rankA.log" is a loop of symbolic links'
        " (it leads, in the end, back to itself)"
    ]


def test_a_file_that_is_not_what_its_tool_says(folder):
    path = folder("imports")
    edit(path, '"raw/nvme/rank*.log"', '"raw/nvme/train.log", "raw/nvme/rank0.log"')
    edit(
        path,
        'tool        = "megatron"\nfiles       = ["raw/nvme/train.log"]',
        'tool        = "megatron"\nfiles       = ["raw/nvme/rank1.log"]',
    )
    assert problems_of(path) == [  # issue 46: what each file is, and what to import instead
        "raw/nvme/rank1.log: is a NeMo training log, which the Megatron-LM import does not read: import it with tool ="
        ' "nemo"',
        "raw/nvme/train.log: is a Megatron-LM training log, which the NeMo import does not read: import it with tool ="
        ' "megatron"',
    ]


def test_a_log_given_instead_of_its_json(folder):
    path = folder("imports")
    edit(path, '"raw/fx100/fio/*.json"', '"raw/fx100/fio/*.log"')
    assert problems_of(path) == [
        "raw/fx100/fio/ckpt_bw.1.log:1: is a fio log, not a run's JSON output: the import reads the JSON"
        " (--output-format=json) and finds the logs from its options; name raw/fx100/fio/run-1.json in files instead",
        "raw/fx100/fio/ckpt_bw.2.log:1: is a fio log, not a run's JSON output: the import reads the JSON"
        " (--output-format=json) and finds the logs from its options; name raw/fx100/fio/run-1.json in files instead",
    ]
    (path / "raw" / "fx100" / "fio" / "run-1.json").unlink()
    assert problems_of(path)[0].endswith("finds the logs from its options; and there is no JSON beside it")


def test_an_empty_log_a_shared_log_and_no_write_phase(folder):
    path = folder("imports")
    fio = path / "raw" / "fx100" / "fio"
    shutil.rmtree(fio)
    shutil.copytree(INGEST / "fio" / "errors" / "empty", fio)
    assert problems_of(path) == [
        "raw/fx100/fio/short_bw.1.log: is empty: the job ran 608 ms, shorter than its log window of 1000 ms"
        " (log_avg_msec), so fio wrote no sample; use a smaller window"
    ]
    shutil.rmtree(fio)
    shutil.copytree(INGEST / "fio" / "errors" / "shared", fio)
    assert problems_of(path) == [
        "raw/fx100/fio/grp_bw.log: is a shared log (per_job_logs=0): every job appends to it, with no job column,"
        " so it cannot be split back into jobs; rerun fio with per_job_logs=1"
    ]
    (fio / "grp_bw.log").unlink()
    assert problems_of(path) == [
        "raw/fx100/fio/run.json:1: has no bandwidth log beside it (write_bw_log with per_job_logs=1), so it gives no samples"
    ]
    shutil.copy(INGEST / "fio" / "errors" / "read_only.json", fio / "run.json")
    assert problems_of(path) == ["raw/fx100/fio/run.json:1: write.io_bytes: no job has a write phase"]
    shutil.copy(INGEST / "fio" / "errors" / "not_fio.json", fio / "run.json")
    assert problems_of(path) == [
        'raw/fx100/fio/run.json:1: is not fio JSON output (it has no "fio version" and "jobs")'
    ]


def test_a_save_run_brings_its_bandwidth_log_and_a_run_bandwidth_csv_has_is_an_error(folder):
    path = folder("imports")
    fio = INGEST / "fio" / "save"
    use_fio_saves(path, fio / "run-1.json")
    for log in ("ckpt_bw.1.log", "ckpt_bw.2.log"):
        shutil.copy(fio / log, path / "raw" / "fx100" / "save" / log)
    edit(path, "snapshot_gb = 10.73741824", "snapshot_gb = 1.0", 2)
    edit(path, 'files  = ["raw/fx100/fio/*.json"]', 'files  = ["raw/fx100/fio/*.json"]\n# bandwidth import dropped')
    text = (path / "test.toml").read_text()
    (path / "test.toml").write_text(text[: text.rindex("[[import]]")])
    assert problems_of(path) == [
        'raw/fx100/save/ckpt_bw.1.log: run: gives run 1 of "FX100", which bandwidth.csv:4 already has'
    ]
    bandwidth = (path / "bandwidth.csv").read_text().replace("FX100,1,", "FX100,7,")
    (path / "bandwidth.csv").write_text(bandwidth)
    test = read_joint_test(path)
    assert test.imported.rows["bandwidth.csv"]["run"] == [1, 1, 1, 1]
    assert test.imported.rows["save_times.csv"]["save_s"][-1] == 2.5


def test_a_csv_left_out_that_no_import_feeds_is_missing(folder):
    path = folder("imports")
    (path / "load_times.csv").unlink()
    assert problems_of(path) == [f"load_times.csv: the file is missing from {path}"]


def test_an_invalid_test_toml_with_imports_is_not_buried_under_missing_csvs(folder):
    path = folder("imports")
    edit(path, 'tool   = "mlperf"', 'tool   = "mlperf"\nsystem_name = "x"')
    assert problems_of(path) == [
        f'test.toml:{line_of(path, "system_name")}: import[3].system_name: unknown key (did you mean "system"?)'
    ]


@pytest.mark.slow
def test_nothing_is_written_and_exit_1(folder, tmp_path, capsys):
    path = folder("imports")
    edit(path, '"raw/nvme/train.log"', '"raw/nvme/none.log"')
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.pdf").write_bytes(b"earlier")
    assert main(["build", str(path), "--out", str(out)]) == 1
    assert [p.name for p in out.iterdir()] == ["report.pdf"] and (out / "report.pdf").read_bytes() == b"earlier"
    assert re.search(r'test\.toml:\d+: import\.files: "raw/nvme/none\.log" matches no file', capsys.readouterr().err)
    assert main(["rows", str(path)]) == 1


@pytest.fixture(scope="module")
def imports_built():
    from report import provenance
    from report.pipeline.stages import build_outputs

    return build_outputs(read_joint_test(FIXTURES / "imports"), provenance.collect())


@pytest.mark.slow
def test_pdf_attaches_every_raw_file_with_fixed_dates_and_types_byte_for_byte(imports_built, tmp_path):
    import io

    from pypdf import PdfReader

    out = tmp_path / "out"
    assert main(["build", str(FIXTURES / "imports"), "--out", str(out)]) == 0  # two processes this time
    assert (out / "report.pdf").read_bytes() == imports_built.pdf
    reader = PdfReader(io.BytesIO(imports_built.pdf))
    names = reader.trailer["/Root"]["/Names"]["/EmbeddedFiles"]["/Names"]
    seen = {}
    for name, spec in zip(names[::2], names[1::2], strict=True):
        stream = spec.get_object()["/EF"]["/F"].get_object()
        seen[name] = (stream["/Subtype"], stream["/Params"]["/ModDate"])
    assert seen["raw/nvme/train.log"] == ("/text/plain", "D:20261130000000Z")
    assert seen["raw/fx100/fio/run-1.json"] == ("/application/json", "D:20261130000000Z")
    assert seen["raw/fx100/fio/ckpt_bw.2.log"][0] == "/text/plain"
    assert "save_times.csv" not in seen and len(seen) == 13  # 12 inputs and metrics.json
    text = subprocess.run(["pdftotext", str(out / "report.pdf"), "-"], capture_output=True, text=True).stdout
    flat = " ".join(text.split())
    # the data sources count the files; the colophon names them (field test 7, m19: no file on a customer page)
    colophon = "“Appendix C: recomputation method and software environment”"
    assert f"Bandwidth samples of FX100 IMPORTED imported from fio-3.33 output: one file, listed in {colophon}" in flat
    assert (
        f"Save times of NVMe IMPORTED imported from Megatron-LM output (no version given): one file, listed in {colophon}"
        in flat
    )
    assert (
        "importedfromNeMooutput(noversiongiven):2files,listedin“AppendixC:recomputationmethodandsoftwareenvironment”"
        in "".join(text.split())
    )
    assert flat.index("raw/nvme/rank1.log") > flat.index(
        "Appendix C: recomputation method and software environment How to check this document"
    )


@pytest.mark.slow
def test_verify_repeats_the_import_and_catches_a_changed_raw_file(imports_built, tmp_path):
    from report.verify.check import verify

    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(imports_built.pdf)
    assert verify(pdf) == []
    changed = tmp_path / "rank1.log"
    changed.write_text((FIXTURES / "imports" / "raw" / "nvme" / "rank1.log").read_text().replace("2.7 s", "2.9 s"))
    tampered = tmp_path / "tampered.pdf"
    command = ["qpdf", str(pdf), "--add-attachment", str(changed), "--key=raw/nvme/rank1.log", "--replace", "--"]
    subprocess.run([*command, str(tampered)], check=True)
    found = verify(tampered)
    # The rebuild from the changed file gives other figures and pages than the report prints.
    assert any(d.startswith("save.") and "the attached inputs give" in d for d in found), found
    assert any(d.startswith("page ") for d in found)
    assert any(f.startswith("save.baseline.mean_s: the report says 2.1051875") for f in found)


def test_hostile_raw_files_are_located_problems_for_build_and_rows(folder, tmp_path, capsys):
    """Issue 21: runtime true was a 1 ms save, NaN a traceback; a megatron timer of '1.2.3' and 200,000 nested
    brackets in a DLIO file were tracebacks too."""
    path = folder("imports")
    run = path / "raw" / "fx100" / "fio" / "run-1.json"
    run.write_text(run.read_text().replace('"runtime": 2000', '"runtime": true', 1))
    log = path / "raw" / "nvme" / "train.log"
    timer = re.search(r"save-checkpoint \.*: \([0-9.]+, *([0-9.]+)", log.read_text())
    log.write_text(log.read_text().replace(timer.group(0), timer.group(0).replace(timer.group(1), "1.2.3"), 1))
    timer_line = log.read_text()[: log.read_text().index("1.2.3")].count("\n") + 1
    stats = path / "raw" / "fx100" / "mlperf" / "1_per_epoch_stats.json"
    stats.write_text("[" * 200_000 + "]" * 200_000)
    expected = [
        f'raw/nvme/train.log:{timer_line}: save-checkpoint: "1.2.3" is not a number of ms',
        "raw/fx100/mlperf/1_per_epoch_stats.json:1: is not a DLIO JSON file (it nests deeper than 200 levels; a"
        " tool's output nests a few)",
        "raw/fx100/fio/run-1.json:30: write.runtime: true is a boolean, not a whole number >= 0",
    ]
    assert problems_of(path) == expected
    for command in (["rows", str(path)], ["build", str(path), "--out", str(tmp_path / "out")]):
        assert main(command) == 1
        assert capsys.readouterr().err.splitlines()[1:] == expected
    assert not (tmp_path / "out").exists()
