"""The test setup: defaults labelled, the environment shown when given."""

from report.blocks import Table
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section
from tests.sections.test_words import FIO_EXAMPLE


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


def test_other_workloads_of_the_save_times_are_named_and_said_not_analysed():
    """long_names times two more models (five runs each per system); the analysis is the 70B's only."""
    ctx, _m = build(FIXTURES / "long_names")
    setup = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "setup")
    assert {row[0]: row[1] for row in setup.rows}["Timed saves (baseline / candidate)"] == "5 / 5"
    assert setup.note == (
        "“Timed saves” counts the training model's runs (test.toml training.model), the only ones the analysis uses. "
        "save_times.csv also holds “Qwen2.5 7B instruction tune (BF16)”, 8 GPUs (5 / 5 runs) and “Qwen2.5 32B LoRA "
        "adapters and optimizer state”, 64 GPUs (5 / 5 runs): they are not analysed."
    )
    # retune's 7B rows (two per system) feed the projections' fitted line, and the note says so.
    ctx, _m = build(FIXTURES / "retune")
    setup = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "setup")
    assert setup.note.endswith(
        "save_times.csv also holds “7B”, 4 GPUs (2 / 2 runs): they are not analysed, except that the projections' "
        "fitted line takes every save row."
    )
    ctx, _m = build(DATA)
    setup = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "setup")
    assert setup.note == ""


def test_the_loads_row_says_timed_only_of_loads_a_tool_gave():
    """data/'s 3 model/platform pairs are illustrative load times (not timed); fio-local's one pair was imported
    from fio's output (both systems' load runs), so there the row says "timed"."""
    ctx, _m = build(DATA)
    setup = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "setup")
    rows = {row[0]: row[1] for row in setup.rows}
    assert rows["Model loads"] == "3 model/platform pairs" and "Model loads timed" not in rows
    ctx, _m = build(FIO_EXAMPLE)
    setup = next(b for b in section(ctx, "setup").blocks if isinstance(b, Table) and b.id == "setup")
    assert {row[0]: row[1] for row in setup.rows}["Model loads timed"] == "1 model/platform pair"
