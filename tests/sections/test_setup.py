"""The test setup: defaults labelled, the environment shown when given."""

from report.blocks import Table
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section


def test_defaults_are_labelled_default():
    ctx, _ = build(DATA)
    table = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "assumptions")
    sources = {row[0]: row[2] for row in table.rows}
    assert sources["Per-GPU mean time between failures"] == "default"
    assert sources["Restart after a failure"] == "default"
    assert sources["Cluster size for GPU-equivalents"] == "test.toml"
    ctx, _ = build(FIXTURES / "repeated")
    table = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "assumptions")
    assert {row[0]: row[2] for row in table.rows}["Per-GPU mean time between failures"] == "test.toml"


def test_the_environment_is_shown_when_given():
    ctx, _m = build(FIXTURES / "economics")
    env = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "environment")
    assert env.rows[0] == ("clients", "4 × 2-socket hosts, 8 × 200 Gb/s NICs each") and len(env.rows) == 3
    ctx, _ = build(DATA)
    assert "environment" not in [b.id for b in section(ctx, "setup").blocks if isinstance(b, Table)]
