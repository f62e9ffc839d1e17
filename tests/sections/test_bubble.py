"""The training-run table prints each figure as the prose does (one precision per figure)."""

from report.blocks import Table
from tests.conftest import ROOT
from tests.sections.helpers import build, section


def test_the_run_table_prints_seconds_as_the_prose_does():
    # examples/fio-local: saves (3.212 + 3.717 + 2.835) ÷ 3 = 3.2547 s and (2.12 + 2.317 + 2.012) ÷ 3 = 2.1497 s,
    # × 20 saves = 65.09 s and 42.99 s, 22.1 s saved (the tile's "22.1 s"), not 65, 43 and −22; 10,000 × 0.5 s of
    # compute = 5,000 s, wall times 5,065.09 s and 5,042.99 s
    ctx, _ = build(ROOT / "examples" / "fio-local")
    table = next(b for b in section(ctx, "bubble").blocks if isinstance(b, Table))
    assert [row[1:] for row in table.rows] == [
        ("5,000", "5,000", "0"),
        ("65.1", "43.0", "−22.1"),
        ("5,065", "5,043", "−22.1"),
    ]
    assert next(k for k in ctx.cover.tiles if k.id == "training").note == "22.1 s of 5,065 s"
