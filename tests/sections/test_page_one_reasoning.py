"""Page 1's reasoning on the cases of the seventh cold reads (docs/recommendation.md): a node-local baseline whose
re-tuning needs a copy kept off the node (cold read 7b, A-1), the margin of the failure rate (A-5), a payback longer
than storage is kept (A-3/B-5), and an outlying run whose cause cannot change the answer (B-1)."""

import pytest

from report.formatting import money
from tests.conftest import FIXTURES
from tests.sections.helpers import build, cover_text


def test_a_node_local_baseline_re_tuned_is_a_condition_on_page_one():
    """The fixture: local SSD 38.1 s against HX-8 16.0 s, every gate passing, re-tuning local SSD to 1,397-5,215 steps
    matching HX-8 at 500, at a per-GPU MTBF of 30,000 h set for the test, turning at 18,200 h (30,000 / 18,200 =
    1.65×)."""
    ctx, m = build(FIXTURES / "node_local_retune")
    c = ctx.cover
    assert m.node_local is not None and m.node_local.sides == ("baseline",)
    assert c.recommendation == (
        "Recommendation: HX-8 is recommended for a job that saves every 500 steps, as this one does; the case is made "
        "on checkpoint speed."
    )
    retune = c.reasons[1]
    assert retune.startswith("At the failure rate set for this test (a per-GPU MTBF of 30,000 h), saving every 1,397")
    assert m.flip_mtbf_hours is not None and round(m.flip_mtbf_hours, -2) == 18_200
    assert (
        f"Below a per-GPU MTBF of 18,200 h ({30_000 / m.flip_mtbf_hours:.2f}× the failure rate this rests on)" in retune
    )
    assert retune.endswith(
        "That holds only with a copy of local SSD's checkpoints kept off the node (not timed here): as tested, a failed "
        "node takes its part of the checkpoint with it."
    )
    assert "a copy of local SSD's checkpoints kept off the node, and how long it takes" in c.changes
    assert c.verdict_label == (
        "All four gates pass; re-tuning the baseline's interval would recover as much only with a copy kept off the node"
    )
    assert "makes no case" not in cover_text(ctx)


def test_a_payback_beyond_the_service_life_is_said_as_a_conclusion():
    """Both cases of the interval (cold read 7b, cross-cutting 3): 900,000 USD against the whole cluster's value while
    the interval stays at 500 steps (bubble.gpu_equivalents × 8,760 h × 2.20 USD) and at the optima (23,300 USD a
    year): at least 8.74 and 38.6 years, both beyond the 5 years assumed."""
    ctx, m = build(FIXTURES / "node_local_retune")
    e = m.economics
    assert e is not None and e.payback_years is not None
    assert e.cluster_value_per_year == pytest.approx(m.bubble.gpu_equivalents * 8760 * 2.20)
    assert round(900_000 / e.cluster_value_per_year, 2) == 8.74 and round(e.payback_years, 1) == 38.6
    assert (
        f"{money(e.cluster_value_per_year, 'USD')} a year while the interval stays at 500 steps, or 23,300 USD with "
        "each system at its optimal interval" in ctx.cover.value
    )
    assert "a payback of at least 8.74 years at today's interval or 38.6 years at the optima" in ctx.cover.value
    assert ctx.cover.value.endswith(
        "The time saved alone does not pay for HX-8 within the 5 years storage is commonly kept in service (an "
        "assumption of this report)."
    )


def test_a_payback_within_the_service_life_only_while_the_interval_stays(tmp_path):
    """The same joint test at a price of 400,000 USD: at least 3.88 years while the interval stays (within 5), 17.2 at
    the optima (beyond): the time saved pays only if the interval cannot change, and page 1 says so."""
    import shutil

    folder = tmp_path / "node_local_retune"
    shutil.copytree(FIXTURES / "node_local_retune", folder)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("candidate_price = 900000", "candidate_price = 400000"))
    ctx, m = build(folder)
    assert m.economics is not None and m.economics.cluster_value_per_year > 400_000 / 5
    assert m.economics.payback_years is not None and m.economics.payback_years > 5
    assert ctx.cover.value.endswith(
        "Within the 5 years storage is commonly kept in service (an assumption of this report), the time saved pays "
        "for HX-8 only if the interval cannot change."
    )
