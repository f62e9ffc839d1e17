"""Runs bound by the CPU of the machine running fio (field test 5, M2 and m7): the rule is about fio's own threads
(usr_cpu + sys_cpu against the CPU its jobs could use), the machine's load only context; a session with such runs
says so on the console at its end, and the report on page 1 and in the summary beside the speedup."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from report import i18n
from report.measure.ending import cpu_lines
from report.measure.outcome import JobCpu, RunResult, job_cpu
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


def test_the_share_weighs_each_job_by_its_own_runtime_and_is_never_above_all():
    """Field test 7, m7: usr_cpu + sys_cpu of 96.5, 48.6, 66.0 and 48.1% over 87-182 ms on 2 cores were added up as
    130% of the CPU the threads could use. fio gives each percentage of its job's own runtime: the CPU time is
    0.965 × 87 + 0.486 × 182 + 0.660 × 120 + 0.481 × 182 = 339.149 ms, of 2 × 182 ms."""
    jobs = [JobCpu(None, 90.0, 6.5, 87), JobCpu(None, 40.0, 8.6, 182), JobCpu(None, 60.0, 6.0, 120)]
    run = _run([*jobs, JobCpu(None, 40.0, 8.1, 182)], machine=0.97, cores=2)
    assert run.fio_share == pytest.approx(339.149 / 364, rel=1e-12)
    assert run.cpu_bound  # 93% of what the threads could use (and a loaded machine)
    [(_, line)] = cpu_lines([run])
    assert "fio's threads used up to 93% of the CPU they could use" in line
    # staggered runtimes can still add up to more than the longest: the share stops at all of it
    assert _run([JobCpu(None, 99.0, 0.0, 100), JobCpu(None, 99.0, 0.0, 60)], cores=1).fio_share == 1.0


def test_a_grouped_entry_counts_its_threads(tmp_path):
    """A client sweep's fio reports each host once (group_reporting): usr_cpu is the average over numjobs threads and
    job_runtime their sum. Two hosts of 2 threads each on this 2-core machine, each thread on a CPU half the time:
    the 4 threads used all that 2 cores could give, not half of it."""
    entry = {"jobname": "sweep", "job options": {"numjobs": "2"}, "usr_cpu": 30.0, "sys_cpu": 20.0, "job_runtime": 4000}
    stats = [entry | {"hostname": "127.0.0.2"}, entry | {"hostname": "127.0.0.3", "job_runtime": 4002}]
    stats.append(entry | {"jobname": "All clients", "hostname": "127.0.0.3", "job_runtime": 8002})
    out = tmp_path / "sweep-2-1.json"
    out.write_text(json.dumps({"global options": {"group_reporting": "1"}, "client_stats": stats}))
    cpu = job_cpu(out)
    assert [(j.host, j.threads, j.runtime_ms) for j in cpu] == [("127.0.0.2", 2, 4000), ("127.0.0.3", 2, 4002)]
    run = _run(cpu, machine=0.5, cores=2)
    assert run.fio_share == pytest.approx((50 * 4000 + 50 * 4002) / (200 * 2001), rel=1e-12)
    assert run.cpu_bound


def test_the_console_says_at_the_end_which_runs_were_cpu_bound():
    idle = _run([JobCpu(None, 1.0, 3.0)], machine=0.3, cores=2)
    busy_machine = _run([JobCpu(None, 1.0, 3.0)], machine=0.99, cores=2)
    bound = _run([JobCpu(None, 2.0, 95.0)], machine=0.97, cores=2)
    assert cpu_lines([idle]) == []
    [(kind, line)] = cpu_lines([idle, busy_machine])
    assert kind == "note" and "the storage, not the CPU, set the pace" in line
    # a target in memory on that busy machine: nothing but a processor kept its threads waiting (field test 9, M2)
    in_memory = replace(busy_machine, memory=True)
    assert not busy_machine.cpu_bound and in_memory.cpu_bound and not replace(idle, memory=True).cpu_bound
    [(kind, line)] = cpu_lines([idle, in_memory])
    assert kind == "warning" and line.startswith("1 of 2 runs were bound by the CPU of the machine running fio")
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
        # the sentence follows the speedup it qualifies, in the same paragraph (on runs that spread past the limit the
        # speedup gives the runs' ranges, not a 95% interval: cold read 8b, I-4)
        speedup = summary.index("×")
        assert words in summary[speedup:]
    with i18n.activate("en"):
        ctx, _m = build(EXAMPLE)
    assert "set the pace" not in cover_text(ctx)


def test_the_spread_step_names_the_runs_bound_by_the_cpu_as_a_likely_cause(tmp_path):
    """Field test 7, m18: the candidate's saves spread 21.5% with 1 of its 3 saves CPU-bound, and the next step said
    only "Find the cause (other load on the system, memory pressure)"."""
    folder = tmp_path / "fio-local"
    shutil.copytree(EXAMPLE, folder)
    toml = folder / "test.toml"
    files = (
        'files = ["raw/tmpfs-dev-shm/save-1.json", "raw/tmpfs-dev-shm/save-2.json", "raw/tmpfs-dev-shm/save-3.json"]\n'
    )
    text = toml.read_text().replace("[training]", "[gates]\nmax_cv_pct = 0.1\n\n[training]")  # both spreads fail
    toml.write_text(text.replace(files, files + 'cpu_bound = ["raw/tmpfs-dev-shm/save-2.json"]\n'))
    for language, words in (
        (
            "en",
            "(CV). The processors of the machine running fio, not the storage, set the pace of 1 of 3 save runs on tmpfs "
            "(/dev/shm), a likely cause: measure again from a client whose processors are idle. Find the cause (cache "
            "state, other load on the system, background flushes; on tmpfs (/dev/shm), memory pressure) and repeat the "
            "runs.",
        ),
        (
            "zh-CN",
            "tmpfs (/dev/shm) 上 3 次保存中的 1 次受运行 fio 的机器的处理器限制，而非受存储限制，这很可能是原因之一",
        ),
    ):
        with i18n.activate(language):
            ctx, _m = build(folder)
        assert words in " ".join(texts(section(ctx, "gates").blocks))
    toml.write_text(text)
    with i18n.activate("en"):
        ctx, _m = build(folder)
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert "(CV). Find the cause (cache state, other load" in steps and "processors are idle" not in steps
