"""The report context: sentences and tables built from this test's figures, outliers flagged, never dropped."""

from report import context
from report.compute import compute
from report.load import load
from tests.conftest import PROVENANCE


def build(path):
    test = load(path)
    m = compute(test)
    return context.build(test, m, {}, PROVENANCE), m


def test_outlier_run_is_flagged_and_kept(folder):
    data = folder("repeated")
    text = (data / "save_times.csv").read_text()
    text += "4,Old NAS,110,32B,16,64,\n5,Old NAS,111,32B,16,64,\n6,Old NAS,300,32B,16,64,stalled\n"
    (data / "save_times.csv").write_text(text)
    ctx, m = build(data)
    assert m.save.baseline.outlier_runs == (6,)
    assert m.save.baseline.runs == 6 and m.save.baseline.mean_s == (100 + 110 + 120 + 110 + 111 + 300) / 6
    assert ctx.warnings == (
        "Run 6 on Old NAS (300 s) stands out from the other runs (modified z-score above 3.5). "
        "It is kept in every figure; check the run's log before relying on it.",
    )


def test_summary_sentences_come_from_the_figures(folder):
    ctx, _ = build(folder("repeated"))
    assert ctx.summary[0].startswith(
        "On the 32B workload (64 GB per checkpoint, 16 GPUs), Array X saved a checkpoint "
        "in 55 s against 110 s on Old NAS: 55 s (50.0%) less per save, a 2.00× speedup "
        "(95% confidence interval 1.63× to 2.46×)."
    )
    assert [k.value for k in ctx.key_figures] == ["2.0×", "55 s", "5.2% → 2.7%", "2.6%", "13.70", "5.0×–10.0×"]
    assert [g.label for g in ctx.gates] == ["Pass"] * 4
    assert len(ctx.answers) == 3 and "13.70 GPU-equivalents in a 512-GPU cluster" in ctx.answers[0].paragraphs[1]
    assert ctx.save_table.rows[0][2] == "110.0 ± 10.0" and ctx.save_table.rows[0][5] == "1.00"


def test_long_tables_are_summarised(folder):
    data = folder("repeated")
    rows = "".join(f"{r},Old NAS,{100 + r % 7},32B,16,64,\n" for r in range(4, 60))
    (data / "save_times.csv").write_text((data / "save_times.csv").read_text() + rows)
    ctx, _ = build(data)
    raw = ctx.raw_tables[0]
    assert len(raw.rows) == context.MAX_RAW_ROWS and raw.note.startswith("First 40 of 66 rows")


def test_a_log_of_many_runs_is_summarised_without_formatting_every_run(folder):
    data = folder("data")
    rows = [
        f"{system},{run},0,{3 + run % 5}"
        for system in ("Local NVMe (single drive)", "Mingxin FX100")
        for run in range(1, 20_001)
    ]
    (data / "bandwidth.csv").write_text("system,run,t_s,write_gbps\n" + "\n".join(rows) + "\n")
    ctx, m = build(data)
    raw = ctx.raw_tables[1]
    assert raw.id == "raw-bandwidth" and len(raw.rows) == context.MAX_RAW_ROWS
    assert raw.note.startswith("First 40 of 40,000 rows")
    assert raw.rows[0] == ("Local NVMe (single drive)", "1", "1", "0.0–0.0", "4.000", "4.000", "4.000")
    assert m.bandwidth.baseline_gbps == 5.0 and m.bandwidth.sides["baseline"].runs == 20_000  # 3 + run % 5 averages 5
