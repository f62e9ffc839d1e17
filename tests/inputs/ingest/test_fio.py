"""fio: JSON in every form, windowed and per-I/O logs in every column layout, figures worked by hand."""

from pathlib import Path

import numpy as np
import pytest

from report.inputs.ingest import fio

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ingest"
SAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "samples" / "fio"  # real fio-3.33 outputs (README.md)


def run_of(root: Path, name: str, direction: str = fio.WRITE, bandwidth: bool = True):
    """Parse one fixture run as the import does: its JSON, then the logs its options name, beside it."""
    parsed, problems = fio.read_json(name, (root / name).read_bytes())
    assert problems == []
    logs = {n: (root / n).read_bytes() for n in fio.log_names(name, parsed) if (root / n).is_file()}
    return parsed, *fio.parse_run(name, parsed, logs, direction, bandwidth)


def test_save_with_fio_warnings_first_and_windowed_logs():
    parsed, run, problems = run_of(FIXTURES, "fio/save/run-1.json")
    assert problems == [] and parsed.version == "fio-3.33" and parsed.line == 3  # two `fio:` lines skipped
    assert run.duration_s == 2.5 and run.size_bytes == 1_000_000_000  # max write.runtime; Σ io_bytes
    assert run.logs == ("fio/save/ckpt_bw.1.log", "fio/save/ckpt_bw.2.log")  # base name of write_bw_log
    # Window i = the i-th row in time order of each log (a read row skipped), 4 = the shorter log's rows.
    assert run.t_s.tolist() == [0.0, 0.5, 1.0, 1.5]
    expected = np.array([244140 + 200000, 250000 + 190000, 240000 + 210000, 250000 + 200000]) * 1024 / 1e9
    assert run.gbps == pytest.approx(expected, rel=1e-15)
    assert run.gbps[0] == pytest.approx(0.45479936)


def test_normal_and_json_output_and_json_plus():
    parsed, run, problems = run_of(FIXTURES, "fio/normal_json.out")
    assert problems == [] and parsed.line == 5
    assert (run.duration_s, run.size_bytes, run.t_s) == (1.5, 500_000_000, None)  # no logs: no samples


def test_client_server_run_leaves_out_all_clients_and_reads_host_logs():
    parsed, run, problems = run_of(FIXTURES, "fio/client/run.json")
    assert problems == [] and [j.host for j in parsed.jobs] == ["h1", "h2"]
    assert run.duration_s == 3.0 and run.size_bytes == 1_000_000_000
    assert run.logs == ("fio/client/cs_bw.1.log.h1", "fio/client/cs_bw.1.log.h2")
    assert run.gbps.tolist() == pytest.approx([0.4, 0.4], rel=1e-15)  # (195312 + 195313) × 1024 / 1e9


def test_a_real_client_server_json_has_client_stats_and_no_jobs():
    # fio 3.33, `fio --client=127.0.0.2,… save.fio --client=127.0.0.3,… save.fio`: two hosts, two 4 MiB writers each,
    # write.runtime 194, 171, 147 and 165 ms; "All clients" (194 ms, 16 MiB) left out.
    parsed, run, problems = run_of(FIXTURES, "fio/client/real-3.33.json", bandwidth=False)
    assert problems == [] and [j.host for j in parsed.jobs] == ["127.0.0.2"] * 2 + ["127.0.0.3"] * 2
    assert [j.threads for j in parsed.jobs] == [(1,), (2,), (1,), (2,)]
    assert (run.duration_s, run.size_bytes) == (0.194, 4 * 4 * 2**20)


@pytest.mark.parametrize(
    ("name", "count"),
    [("v3_10", 4), ("v3_17_offset", 5), ("v3_33", 5), ("v3_33_offset_prio", 6), ("v3_37_both", 6), ("v3_38_issue", 7)],
)
def test_every_column_layout_read_from_the_options(name, count):
    parsed, run, problems = run_of(FIXTURES, f"fio/layouts/{name}.json")
    assert problems == []
    assert fio.layout(parsed.jobs[0].options, parsed.version)["count"] == count
    assert run.t_s.tolist() == [0.0, 1.0]
    assert run.gbps.tolist() == pytest.approx([1.024, 2.048], rel=1e-15)  # the first value, never the max


def test_a_layout_the_options_do_not_explain():
    _, _, problems = run_of(FIXTURES, "fio/layouts/mismatch.json")
    assert [str(p) for p in problems] == [
        "fio/layouts/mismatch_bw.1.log:1: has 6 columns, but fio-3.33 with log_offset=0, log_prio=0, "
        "log_window_value=0, log_issue_time=0 writes 5: a layout the run's options do not explain"
    ]


def test_per_io_logs_sum_block_sizes_per_whole_second():
    _, run, problems = run_of(FIXTURES, "fio/pio/run.json")
    assert problems == []
    # Seconds below ⌊2500 / 1000⌋ = 2; job 1: 2e6 then 2e6 bytes (its read row and its row at 2.1 s left out),
    # job 2: 0.5e6 then 1.5e6.
    assert run.t_s.tolist() == [0.0, 1.0]
    assert run.gbps.tolist() == pytest.approx([0.0025, 0.0035], rel=1e-15)


def test_empty_log_says_the_job_was_shorter_than_its_window():
    _, _, problems = run_of(FIXTURES, "fio/errors/empty/run.json")
    assert [str(p) for p in problems] == [
        "fio/errors/empty/short_bw.1.log: is empty: the job ran 608 ms, shorter than its log window of 1000 ms "
        "(log_avg_msec), so fio wrote no sample; use a smaller window"
    ]


def test_shared_log_is_refused():
    _, _, problems = run_of(FIXTURES, "fio/errors/shared/run.json")
    assert len(problems) == 1 and problems[0].file == "fio/errors/shared/grp_bw.log"
    assert "shared log (per_job_logs=0)" in problems[0].message and "per_job_logs=1" in problems[0].message


def test_no_write_phase_and_not_fio():
    _, run, problems = run_of(FIXTURES, "fio/errors/read_only.json")
    assert run is None and [str(p) for p in problems] == [
        "fio/errors/read_only.json:1: write.io_bytes: no job has a write phase"
    ]
    parsed, problems = fio.read_json("x.json", (FIXTURES / "fio/errors/not_fio.json").read_bytes())
    assert parsed is None and [str(p) for p in problems] == [
        'x.json:1: is not fio JSON output (it has no "fio version" and "jobs")'
    ]
    assert [str(p) for p in fio.read_json("y.txt", b"hello\n")[1]] == [
        "y.txt: is not fio JSON output: no line starts with {"
    ]


def test_each_job_entry_is_one_thread_and_logs_sit_beside_the_json():
    parsed, _ = fio.read_json("r/a.json", (FIXTURES / "fio/save/run-1.json").read_bytes())
    assert [j.threads for j in parsed.jobs] == [(1,), (2,)]
    assert fio.log_names("r/a.json", parsed) == ["r/ckpt_bw.1.log", "r/ckpt_bw.2.log"]


@pytest.mark.parametrize(
    ("name", "direction", "seconds", "size"),
    [
        ("A1_ckpt_avg.json", fio.WRITE, 0.608, 1.073741824),
        ("A2_ckpt_pio.json", fio.WRITE, 0.485, 1.073741824),
        ("A1b_ckpt_100ms.json", fio.WRITE, 0.486, 1.073741824),
        ("A3_ckpt_grp.json", fio.WRITE, 0.558, 1.073741824),
        ("A3b_ckpt_shared.json", fio.WRITE, 0.506, 1.073741824),
        ("E_two_sections.json", fio.WRITE, 0.583, 0.805306368),
        ("C_load.json", fio.READ, 1.215, 1.073741824),
    ],
)
def test_real_fio_3_33_outputs(name, direction, seconds, size):
    _, run, _ = run_of(SAMPLES, name, direction, bandwidth=False)
    assert run.duration_s == seconds and run.size_bytes / 1e9 == size


def test_real_sustained_run_gives_the_windows_where_both_jobs_report():
    _, run, problems = run_of(SAMPLES, "B_sustain.out")
    assert problems == [] and len(run.t_s) == 29  # job 1 has 29 rows, job 2 30
    assert run.gbps.mean() == pytest.approx(2.510, abs=5e-4)
    assert run.bw_bytes / 1e9 == pytest.approx(2.514, abs=5e-4)


def test_real_two_sections_use_global_thread_numbers_and_real_empty_log():
    _, run, _ = run_of(SAMPLES, "E_two_sections.json")
    assert run.logs == ("rank0_bw.1.log", "rank0_bw.2.log", "rank1_bw.3.log")
    _, _, problems = run_of(SAMPLES, "A1_ckpt_avg.json")
    assert problems[0].file == "ckpt_avg_bw.1.log" and "the job ran 608 ms" in problems[0].message


RUN = Path(__file__).resolve().parents[2] / "fixtures" / "imports" / "raw" / "fx100" / "fio" / "run-1.json"


def hostile(old: str, new: str) -> list[str]:
    """read_json's problems for the imports fixture's fio run with one field replaced."""
    text = RUN.read_text()
    assert old in text
    return [str(p) for p in fio.read_json("run.json", text.replace(old, new, 1).encode())[1]]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("NaN", "run.json:30: holds NaN, which is not a number"),
        ("Infinity", "run.json:30: holds Infinity, which is not a number"),
        ("-Infinity", "run.json:30: holds -Infinity, which is not a number"),
        ("1e400", "run.json:30: holds 1e400, a number too large to be a measurement"),
        ('"2000"', 'run.json:30: write.runtime: "2000" is a string, not a whole number >= 0'),
        ("[2000]", "run.json:30: write.runtime: a list is a list, not a whole number >= 0"),
        ("true", "run.json:30: write.runtime: true is a boolean, not a whole number >= 0"),
        ("2000.5", "run.json:30: write.runtime: 2000.5 is a number, not a whole number >= 0"),
    ],
)
def test_a_hostile_runtime_is_a_located_problem(value, message):
    """Issue 21: NaN, infinities, 1e400, a string, a list gave tracebacks; true silently a 1 ms save."""
    assert hostile('"runtime": 2000', f'"runtime": {value}') == [message]


def test_options_that_are_not_whole_numbers_and_json_too_deep():
    assert hostile('"numjobs": "2"', '"numjobs": "two"') == [
        'run.json:15: numjobs: "two" is a string, not a whole number'
    ]
    deep = "[" * 200_000 + "]" * 200_000
    assert hostile('"runtime": 2000', f'"runtime": {deep}') == [
        "run.json:30: nests deeper than 200 levels; a tool's output nests a few"
    ]


def test_a_megabyte_log_line_and_a_value_too_large_name_their_line():
    parsed, _ = fio.read_json("r/run.json", RUN.read_bytes())
    log = (RUN.parent / "ckpt_bw.1.log").read_bytes()
    last = log.count(b"\n") + 1
    logs = {"r/ckpt_bw.1.log": log + b"9" * (1 << 20) + b", 1, 1, 0, 0\n", "r/ckpt_bw.2.log": log}
    assert [str(p) for p in fio.parse_run("r/run.json", parsed, logs, fio.WRITE, True)[1]] == [
        f"r/ckpt_bw.1.log:{last}: has a line longer than 4,096 bytes; fio writes log lines of about 40"
    ]
    logs["r/ckpt_bw.1.log"] = log + b"1700, 1e400, 1, 0, 0\n"
    assert [str(p) for p in fio.parse_run("r/run.json", parsed, logs, fio.WRITE, True)[1]] == [
        f"r/ckpt_bw.1.log:{last}: value: is not a finite number; fio writes none such"
    ]


REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real" / "fio"  # real public outputs (README.md there)


def test_fio_before_2_21_reports_io_bytes_in_kib():
    """Issue 46: a real fio-2.1.11 run (opnfv/storperf) came out 1024 times too small. Its four random-read jobs read
    44920, 44992, 45024 and 44820 KiB at `bw` 21 KiB/s (no bw_bytes before 2.21); the slowest ran 2,127,550 ms."""
    parsed, run, problems = run_of(REAL / "opnfv-storperf-fio-2.1.11", "full_fio.json", fio.READ, bandwidth=False)
    assert problems == [] and parsed.version == "fio-2.1.11" and fio.kib_sizes(parsed.version)
    assert run.size_bytes == (44920 + 44992 + 45024 + 44820) * 1024 == 184_070_144
    assert run.duration_s == 2127.55 and run.bw_bytes == 4 * 21 * 1024
    assert not fio.kib_sizes("fio-2.21") and not fio.kib_sizes("fio-3.33") and fio.kib_sizes("fio-2.20")


def test_host_totals_sum_each_hosts_jobs():
    """What a scaling import reads: per host, Σ io_bytes, the slowest job's runtime, Σ bw_bytes (real-3.33.json)."""
    parsed, _ = fio.read_json("r.json", (FIXTURES / "fio/client/real-3.33.json").read_bytes())
    assert fio.host_totals(parsed, fio.WRITE) == {
        "127.0.0.2": fio.HostTotal(2 * 4 * 2**20, 194, 21620123 + 24528093),
        "127.0.0.3": fio.HostTotal(2 * 4 * 2**20, 165, 28532680 + 25420024),
    }
