"""Phrases that keep their sign: a slower candidate is worded as slower, never as a fraction faster."""

from tests.sections.helpers import build, section, texts


def test_a_slower_candidate_is_worded_as_slower(folder):
    data = folder("data")
    saves = (data / "save_times.csv").read_text().replace(",94", ",356")
    (data / "save_times.csv").write_text(saves)
    ctx, m = build(data)
    assert m.save.speedup == 0.5
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "178 s more per save, 2.00× slower" in summary and "the run ends 9.89% later" in summary
    assert "fewer steps per unit of time" in summary and "a loss of 90 GPUs of capacity" in summary
    assert "−" not in summary and "0.5× faster" not in summary
    tiles = {k.id: (k.value, k.label) for k in ctx.cover.tiles}
    assert tiles["speedup"] == ("2.00×", "slower checkpoint save")
    assert tiles["per-save"] == ("178 s", "more per checkpoint save")
    assert tiles["training"] == ("9.89%", "longer training run")
