"""Projections: what they hold fixed, and sizes both systems measured."""

from tests.conftest import DATA
from tests.sections.helpers import build, section, texts


def test_projections_state_what_they_hold_fixed(folder):
    ctx, _ = build(DATA)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert "the projections keep this test's GPU count (8)" in text
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("snapshot_gb = 100", "snapshot_gb = 64")
    (data / "test.toml").write_text(toml)
    ctx, _ = build(data)
    assert "“100 GB” is a size both systems' save times give" in " ".join(texts(section(ctx, "projections").blocks))


def test_concurrent_saves_are_named_as_such_beside_the_projection(folder):
    data = folder("data")
    ctx, _ = build(data)
    assert not any("concurrent saves" in t for t in texts(section(ctx, "projections").blocks))
    with (data / "save_times.csv").open("a") as rows:
        rows.write("Local NVMe (single drive),32B LoRA × 2 at once,16,131.2,1,355\n")
        rows.write("Mingxin FX100,32B LoRA × 2 at once,16,131.2,1,150\n")
    ctx, _ = build(data)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert "“32B LoRA × 2 at once”: concurrent saves, several jobs each saving the whole checkpoint at once" in text
    # Without [[projections]] nothing is projected, so no fitted line is described (nor the rows it would take).
    toml = (data / "test.toml").read_text()
    start = toml.index("[[projections]]")
    end = toml.index("\n[", start + 1) if "\n[" in toml[start + 1 :] else len(toml)
    (data / "test.toml").write_text(toml[:start] + toml[end:])
    ctx, m = build(data)
    assert not m.projections
    assert texts(section(ctx, "projections").blocks) == [
        "test.toml lists no [[projections]], so no other checkpoint size is projected."
    ]
