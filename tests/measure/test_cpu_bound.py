"""Runs bound by the CPU of the machine running fio (field test 5, M2 and m7): the rule is about fio's own threads
(usr_cpu + sys_cpu against the CPU its jobs could use), the machine's load only context; a session with such runs
says so on the console at its end, and the report on page 1 and in the summary beside the speedup."""

from __future__ import annotations

import shutil
from pathlib import Path

from report import i18n
from report.measure.command import cpu_lines
from report.measure.outcome import JobCpu, RunResult
from report.measure.plan import Step
from report.measure.words import _span
from tests.sections.helpers import build, cover_text, section, texts

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fio-local"
STEP = Step("save", 1)


def _run(jobs, machine=None, cores=None):
    return RunResult(STEP, None, {}, tuple(jobs), machine, cores)


def test_a_shared_clients_load_does_not_make_an_o_direct_run_cpu_bound():
    # field test 5: two writers on a CPU 3-5% of the time, the 2-core machine 100% busy with other people's work
    run = _run([JobCpu(None, 1.0, 2.0), JobCpu(None, 1.5, 3.5)], machine=1.0, cores=2)
    assert run.fio_share == 0.08 / 2 * 1.0 and run.machine_loaded and not run.cpu_bound
    # the same with fio servers on loopback: the hosts' jobs share this machine's cores
    run = _run([JobCpu("127.0.0.11", 1.0, 3.0), JobCpu("127.0.0.12", 1.0, 3.0)], machine=1.0, cores=2)
    assert not run.cpu_bound


def test_fio_using_the_cpu_it_could_use_is_cpu_bound():
    # a thread that never waited for the storage
    assert _run([JobCpu(None, 2.0, 95.0)], machine=0.5, cores=2).cpu_bound
    # four threads on two cores, each on a CPU 46% of the time: 92% of the two cores they could use
    assert _run([JobCpu(None, 6.0, 40.0)] * 4, machine=0.93, cores=2).cpu_bound
    # field test T3: four threads a third of the time each on a loaded 2-core client (67% of what they could use)
    assert _run([JobCpu(None, 3.0, 30.0)] * 4, machine=0.97, cores=2).cpu_bound
    # the same threads on an idle machine of 8 cores: the storage set the pace
    assert not _run([JobCpu(None, 3.0, 30.0)] * 4, machine=0.2, cores=8).cpu_bound
    # servers elsewhere: their cores are not known here, one per job; one thread at 31% is not bound
    assert not _run([JobCpu("h", 1.0, 30.0)]).cpu_bound
    assert _run([JobCpu("h", 1.0, 90.0), JobCpu("g", 1.0, 5.0)]).cpu_bound


def test_the_console_says_at_the_end_which_runs_were_cpu_bound():
    idle = _run([JobCpu(None, 1.0, 3.0)], machine=0.3, cores=2)
    busy_machine = _run([JobCpu(None, 1.0, 3.0)], machine=0.99, cores=2)
    bound = _run([JobCpu(None, 2.0, 95.0)], machine=0.97, cores=2)
    assert cpu_lines([idle]) == []
    [(kind, line)] = cpu_lines([idle, busy_machine])
    assert kind == "note" and "the storage, not the CPU, set the pace" in line
    [(kind, line)] = cpu_lines([idle, bound, busy_machine])
    assert kind == "warning" and line.startswith("1 of 3 runs were bound by the CPU of the machine running fio")
    assert "measure again from a client whose processors are idle" in line and "97% busy" in line


def test_a_range_whose_ends_round_alike_is_one_figure():
    assert _span([99.8, 100.0], "{low}–{high}%", "{share}%") == "100%"
    assert _span([3.2, 5.0], "{low}–{high}%", "{share}%") == "3–5%"


def test_page_one_and_the_summary_say_which_runs_were_cpu_bound(tmp_path):
    folder = tmp_path / "fio-local"
    shutil.copytree(EXAMPLE, folder)
    toml = folder / "test.toml"
    text = toml.read_text()
    table = 'files = ["raw/local-disk-ext4-on-virtio/save-1.json", "raw/local-disk-ext4-on-virtio/save-2.json", '
    start = text.index(table)
    end = text.index("\n", start) + 1
    toml.write_text(text[:end] + 'cpu_bound = ["raw/local-disk-ext4-on-virtio/save-2.json"]\n' + text[end:])
    for language, words in (
        ("en", "The processors of the machine running fio, not the storage, set the pace of 1 of 3 save runs on"),
        ("zh-CN", "上 3 次保存中的 1 次受运行 fio 的机器的处理器限制，而非受存储限制"),
    ):
        with i18n.activate(language):
            ctx, _m = build(folder)
        assert words in cover_text(ctx).replace("\xa0", " ")
        summary = " ".join(texts(section(ctx, "summary").blocks)).replace("\xa0", " ")
        speedup = summary.index("95%")  # the sentence follows the speedup it qualifies, in the same paragraph
        assert words in summary[speedup:]
    with i18n.activate("en"):
        ctx, _m = build(EXAMPLE)
    assert "set the pace" not in cover_text(ctx)
