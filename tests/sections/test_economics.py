"""The value of the time saved: shown when test.toml prices GPU time, left out otherwise."""

from report.blocks import Table
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section


def test_economics_is_shown_when_given():
    ctx, _m = build(FIXTURES / "economics")
    econ = section(ctx, "economics")
    table = next(b for b in econ.blocks if isinstance(b, Table))
    assert [r[:2] for r in table.rows] == [
        ("Per training run", "3.67 USD"),  # not "4 USD": 4 × 12 would not be the 44.0 below
        ("Per year", "44.0 USD"),
        ("Cluster capacity per year", "300,099 USD"),
        ("Checkpoints retained", "192 GB"),
    ]
    ctx, _ = build(DATA)
    assert "economics" not in [s.id for s in ctx.sections]
