"""The executive summary: its sentences come from the figures."""

from report.blocks import Table
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts


def test_summary_sentences_come_from_the_figures():
    ctx, _ = build(FIXTURES / "repeated")
    summary = texts(section(ctx, "summary").blocks)
    assert summary[0].startswith("Benefit demonstrated. All four gates pass")
    assert (
        "On the 32B workload (64 GB per checkpoint, 16 GPUs), Array X saved a checkpoint in 55 s against 110 s on "
        "Old NAS: 55 s less per save, 2.00× faster (95% confidence interval of the speedup 1.63× to 2.46×)."
    ) in summary
    assert [k.value for k in ctx.cover.tiles] == ["2.00×", "55 s", "5.21% → 2.68%", "2.61%", "14", "5.00×–10.0×"]
    assert ctx.cover.verdict_label == "Benefit demonstrated" and not any(k.mark for k in ctx.cover.tiles)
    assert [g.label for g in section(ctx, "gates").blocks[1].rows] == ["Pass"] * 4
    qa = section(ctx, "qa").blocks
    assert len(qa) == 3 and "worth 14 GPUs of capacity" in qa[0].blocks[1].text
    save_table = next(b for b in section(ctx, "save").blocks if isinstance(b, Table))
    assert save_table.rows[0][2] == "110.0 ± 10.0" and save_table.rows[0][5] == "1.00"
