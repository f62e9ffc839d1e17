"""Appendix A: long tables summarised, long logs without formatting every run."""

from report.sections import appendix
from tests.sections.helpers import build, section


def test_long_tables_are_summarised(folder):
    data = folder("repeated")
    rows = "".join(f"{r},Old NAS,{100 + r % 7},32B,16,64,\n" for r in range(4, 60))
    (data / "save_times.csv").write_text((data / "save_times.csv").read_text() + rows)
    ctx, _ = build(data)
    raw = section(ctx, "raw").blocks[0]
    assert len(raw.rows) == appendix.MAX_RAW_ROWS and raw.note.startswith("First 40 of 66 rows")
    assert raw.rows[0][0] == "Old NAS"  # the baseline first


def test_a_log_of_many_runs_is_summarised_without_formatting_every_run(folder):
    data = folder("data")
    rows = [
        f"{system},{run},0,{3 + run % 5}"
        for system in ("Local NVMe (single drive)", "Mingxin FX100")
        for run in range(1, 20_001)
    ]
    (data / "bandwidth.csv").write_text("system,run,t_s,write_gbps\n" + "\n".join(rows) + "\n")
    ctx, m = build(data)
    raw = section(ctx, "raw").blocks[1]
    assert raw.id == "raw-bandwidth" and len(raw.rows) == appendix.MAX_RAW_ROWS
    assert raw.note.startswith("First 40 of 40,000 rows")
    assert raw.rows[0] == ("Local NVMe (single drive)", "1", "1", "0.0–0.0", "4.000", "4.000", "4.000")
    assert m.bandwidth.baseline_gbps == 5.0 and m.bandwidth.baseline.runs == 20_000  # 3 + run % 5 averages 5
    assert m.bandwidth.baseline.steady_gbps == 5.0  # one sample a run: nothing is warm-up
