"""Failures and the checkpoint interval: both overhead measures named."""

from report.blocks import Table
from tests.conftest import DATA
from tests.sections.helpers import build, section, texts


def test_both_overhead_measures_are_named_where_they_appear():
    ctx, _ = build(DATA)
    rel = " ".join(texts(section(ctx, "reliability").blocks))
    assert "The bubble share is save time as a share of wall time (9.89% on Local NVMe (single drive))" in rel
    assert "shares of compute time, as Young's model counts them (11.0% for the saves alone" in rel
    table = next(b for b in section(ctx, "reliability").blocks if isinstance(b, Table))
    assert "share of compute time" in table.caption and table.rows[0][3] == "11.0%"
