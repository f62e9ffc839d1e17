"""Projections: what they hold fixed, and sizes both systems measured."""

from tests.conftest import DATA
from tests.sections.helpers import build, section, texts


def test_projections_state_what_they_hold_fixed(folder):
    ctx, _ = build(DATA)
    text = " ".join(texts(section(ctx, "projections").blocks))
    assert "the projections keep the measured GPU count (8)" in text
    data = folder("repeated")
    toml = (data / "test.toml").read_text().replace("snapshot_gb = 100", "snapshot_gb = 64")
    (data / "test.toml").write_text(toml)
    ctx, _ = build(data)
    assert "“100 GB” is a size both systems measured" in " ".join(texts(section(ctx, "projections").blocks))
