"""Which conditions page 1 names first (report/compute/change_order.py)."""

from __future__ import annotations

from report.compute.change_order import PAGE_ONE_CHANGES, ranked, tier


def test_the_figure_the_recommendation_turns_on_comes_first():
    # W's rule order: price, the other side's degraded state, the job mix; the proviso last (not a tier)
    assert ranked(("job_mix", "degraded_untested", "price_for_life", "sync_assumed")) == (
        "price_for_life",
        "degraded_untested",
        "job_mix",
        "sync_assumed",
    )
    assert PAGE_ONE_CHANGES == 3


def test_the_rule_s_own_order_holds_within_a_tier():
    assert ranked(("off_node_copy", "async_saves")) == ("off_node_copy", "async_saves")
    assert ranked(("job_levers", "faster_candidate")) == ("job_levers", "faster_candidate")
    assert (tier("price_for_life"), tier("more_runs"), tier("job_mix"), tier("unknown")) == (0, 1, 2, 3)
