"""What measure records beside its runs, and what the report makes of it: the file system and what holds its data
(the build refuses RAM-speed saves that test.toml does not name not durable), the runs a client's CPU bound (named
in the report), [sources] and [environment] lines in words in the joint test's language, and the exact commands in
raw/<system>/commands.txt, attached and listed with the inputs.

Needs fio and root (a tmpfs); skipped, saying so, elsewhere."""

from __future__ import annotations

import json
import shutil
import tomllib

import pytest

from report import provenance
from report.cli import main
from report.inputs.joint_test import read_joint_test
from report.measure.outcome import JobCpu, RunResult
from report.measure.plan import Step
from tests.builds import html_edition
from tests.conftest import PROVENANCE
from tests.measure.test_session import COLUMNS, KEEP, SIZES, TOML, new_folder

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("fio") is None, reason="fio is not installed (apt-get install fio)"),
]


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    """A folder on the disk and a tmpfs of 192 MiB mounted for the test (root needed)."""
    import subprocess

    root = tmp_path_factory.mktemp("recorded")
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


SAVE = ["--phases", "save", "--runs", "1", "--writers", "1", "--snapshot-gb", "0.004", "--gpus", "1"]


def test_deleting_the_not_durable_line_measure_wrote_is_refused_by_the_build(places, capsys):
    """Field test T2: with `not_durable = ["RAM tmpfs"]` deleted, the build exited 0 and page 1 lost every warning,
    though the [environment] lines said tmpfs."""
    root, disk, ram = places
    folder = new_folder(root, "not-durable-deleted")
    assert main(["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *SAVE, "--allow-not-durable"]) == 0
    toml = folder / "test.toml"
    table = tomllib.loads(toml.read_text())["import"][0]
    assert (table["filesystem"], table["medium"]) == ("tmpfs", "memory")
    assert main(["measure", str(folder), "--system", "Local disk", "--path", str(disk), *SAVE]) == 0
    table = tomllib.loads(toml.read_text())["import"][1]
    assert table["medium"] == "storage" and table["filesystem"] not in ("tmpfs", "ramfs")
    text = toml.read_text()
    assert 'not_durable = ["RAM disk"]\n' in text
    toml.write_text(text.replace('not_durable = ["RAM disk"]\n', ""))
    capsys.readouterr()
    assert main(["build", str(folder), "--out", str(root / "not-durable-deleted-out")]) == 1
    err = capsys.readouterr().err
    said = 'import.medium: the runs of "RAM disk" were measured on tmpfs, which keeps the data in memory and would not'
    assert said in err
    assert 'name "RAM disk" in [systems] not_durable' in err


@pytest.fixture(scope="module")
def chinese(places):
    """Both systems measured into a Chinese joint test, then built (zh-CN) and its test.toml kept."""
    root, disk, ram = places
    folder = new_folder(root, "zh")
    (folder / "test.toml").write_text(TOML.replace("date = 2026-12-03\n", 'date = 2026-12-03\nlanguage = "zh-CN"\n'))
    for system, path, extra in (("Local disk", disk, []), ("RAM disk", ram, ["--allow-not-durable"])):
        args = ["measure", str(folder), "--system", system, "--path", str(path), "--runs", "2", *SIZES, *COLUMNS]
        assert main([*args, *extra, *KEEP]) == 0
    out = root / "zh-out"
    assert main(["build", str(folder), "--out", str(out)]) == 0
    return folder, out


def test_sources_and_environment_are_written_in_words_in_the_joint_tests_language(chinese):
    """Field test S10 and issue 46: the lines are the customer's; the command line is not (it is kept in a file)."""
    folder, out = chinese
    config = tomllib.loads((folder / "test.toml").read_text())
    assert config["sources"]["save_times"].startswith("现场使用 fio 测量：每次保存由多个写入进程同时写入新的检查点文件")
    assert set(config["sources"]) == {"save_times", "restore_times", "load_times", "bandwidth"}
    measured = config["environment"]["Local disk：测量"]
    assert "使用 fio 测量；完整命令与各次运行的输出一并保存" in measured and "python" not in measured
    assert not any("python -m report" in text for text in config["environment"].values())
    html = (out / "report.html").read_text()
    assert "现场使用 fio 测量" in html and "python -m report measure" not in html.split("附录")[0]


def test_the_exact_commands_are_kept_under_raw_and_listed_with_the_inputs(chinese):
    folder, out = chinese
    commands = (folder / "raw" / "local-disk" / "commands.txt").read_text()
    lines = commands.splitlines()
    assert lines[0].startswith("# Local disk: measure started ") and "report measure" in lines[1]
    assert "--system 'Local disk'" in lines[1]
    assert "# save run 1" in lines and "# sustained write run 2" in lines
    run = next(line for line in lines if line.startswith("MEASURE_RUN=1 ") and "save.fio" in line)
    assert "--output=save-1.json" in run and "--output-format=json" in run
    metrics = json.loads((out / "metrics.json").read_text())
    assert {"raw/local-disk/commands.txt", "raw/ram-disk/commands.txt"} <= set(metrics["inputs"])
    assert "raw/local-disk/commands.txt" in (out / "report.html").read_text()  # the colophon lists it


def test_runs_a_clients_cpu_bound_are_named_in_the_report(chinese, tmp_path):
    """Field test T3: a RAM target saved slower than a disk (a saturated 2-core client) and nothing said why."""
    folder, _ = chinese
    recorded = tomllib.loads((folder / "test.toml").read_text())
    assert (
        "fio 线程占用 CPU 的时间为每次运行的" in recorded["environment"]["Local disk：客户端 CPU"]
    )  # usr_cpu + sys_cpu
    copy = tmp_path / "cpu"
    shutil.copytree(folder, copy)
    toml = copy / "test.toml"
    # what this machine judged (it runs other jobs too) is replaced by one run of the RAM disk's saves
    text = "".join(line for line in toml.read_text().splitlines(keepends=True) if not line.startswith("cpu_bound"))
    table = 'files = ["raw/ram-disk/save-1.json", "raw/ram-disk/save-2.json"]\n'
    assert text.count(table) == 1
    toml.write_text(text.replace(table, table + 'cpu_bound = ["raw/ram-disk/save-2.json"]\n'))
    test = read_joint_test(copy)
    for language, words in (
        ("zh-CN", "以下运行受运行 fio 的机器的处理器限制，而非受存储限制：RAM disk 上 2 次保存中的 1 次"),
        ("en", "Bound by the processors of the machine running fio rather than by the storage: 1 of 2 save runs on"),
    ):
        # the HTML edition alone (tests/builds.py): the `chinese` fixture builds this folder's PDF
        html = html_edition(test, PROVENANCE, language).html.decode().replace("\xa0", " ").replace("\u2060", "")
        assert words in html


def test_a_run_is_cpu_bound_when_a_thread_never_waited():
    step = Step("save", 1)
    run = RunResult(step, None, {}, (JobCpu(None, 1.0, 30.0), JobCpu(None, 0.5, 33.0)), 0.62)
    assert not run.cpu_bound  # a third of a CPU each, the machine 62% busy: the storage set the pace
    assert RunResult(step, None, {}, (JobCpu(None, 2.0, 95.0),), 0.5).cpu_bound  # a thread never waited
    # the machine saturated by other work, fio's one thread on a CPU 31% of the time: the storage set the pace
    assert not RunResult(step, None, {}, (JobCpu(None, 1.0, 30.0),), 0.97, 2).cpu_bound  # (field test 5, m7)
    assert not RunResult(step, None, {}, (JobCpu("h", 1.0, 30.0),), None).cpu_bound  # servers: their threads only


def test_measure_writes_its_lines_in_every_language_of_the_report(chinese, places, capsys, tmp_path):
    """Field test 5, M4: measure wrote [environment] and [sources] in test.toml's language only, so the report of a
    joint test in the other language had two pages in the wrong one, and one measurement could not give both."""
    folder, zh_out = chinese
    recorded = tomllib.loads((folder / "test.toml").read_text())
    own, english = recorded["environment"], recorded["text"]["en"]["environment"]
    assert list(english) == list(own)  # keyed by the lines written in Chinese, one for one
    assert english["Local disk：运行次数"]["label"] == "Local disk: runs"
    assert english["Local disk：运行次数"]["text"].startswith("save 2, ")
    assert recorded["text"]["en"]["sources"]["save_times"].startswith("Measured on site with fio")
    capsys.readouterr()
    # the HTML edition alone (tests/builds.py), by this generator as `python -m report build` is: the PDF is built by
    # the `chinese` fixture
    english_edition = html_edition(read_joint_test(folder), provenance.collect(), "en")
    said = capsys.readouterr().err
    assert "[environment]" not in said and "sources." not in said  # what measure wrote is in English too
    html = english_edition.html.decode().replace("\xa0", " ").replace("\u2060", "")
    assert own["Local disk：运行次数"] not in html and english["Local disk：运行次数"]["text"] in html
    assert english_edition.metrics == (zh_out / "metrics.json").read_bytes()
    # a second session of the system replaces the first's lines in both languages
    copy = tmp_path / "again"
    shutil.copytree(folder, copy)
    _root, disk, _ = places
    args = ["measure", str(copy), "--system", "Local disk", "--path", str(disk), "--runs", "2", *SIZES, *COLUMNS]
    assert main([*args, *KEEP]) == 0
    again = tomllib.loads((copy / "test.toml").read_text())
    assert list(again["text"]["en"]["environment"]) == list(again["environment"])
