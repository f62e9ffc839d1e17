"""Page 2's re-tuning reason: both edges of the failure-rate band where switching recovers more (cold read 13b, X:
"below a per-GPU MTBF of 94.6 h" while below about 20 h re-tuning wins again), and which comparison holds with the
outlying runs and without them (Chinese reading 13b, Y 12: "this conclusion holds" beside "the verdict changes")."""

import math

from tests.sections.helpers import build
from tests.wording.test_statements import _slow_run_6


def test_the_band_where_switching_recovers_more_has_both_edges(folder):
    """By hand (sync saves, one restart time on both): Old NAS's saves b = 110 s, Array X's c = 475 ÷ 6 = 79.17 s, the
    interval τ = 1,000 × 2.0 s. Re-tuned, the baseline loses sqrt(2b/M) + b/(2M) + R/M; the candidate at τ loses
    c/τ + (τ + c)/(2M) + R/M. Equal where, with v = 1/sqrt(M), ((τ + c − b)/2)v² − sqrt(2b)v + c/τ = 0: v = (14.832 ∓
    8.0067) ÷ 1,969.17, M = 83,226 s and 7,434 s of the 16-GPU job, 369.9 h and 33.04 h per GPU: 27.0× and 303× the
    rate of 10,000 h."""
    ctx, m = build(_slow_run_6(folder))
    b, c, tau = 110.0, 475 / 6, 2000.0
    k = tau + c - b
    root = math.sqrt(2 * b - 2 * k * c / tau)
    high, low = ((1 / ((math.sqrt(2 * b) + sign * root) / k) ** 2) * 16 / 3600 for sign in (-1, 1))
    assert round(high, 1) == 369.9 and round(low, 2) == 33.04
    assert math.isclose(m.flip_mtbf_hours, high, rel_tol=1e-8)
    assert math.isclose(m.flip_edge_mtbf_hours, low, rel_tol=1e-8)
    reasons = " ".join(ctx.cover.reasons)
    assert (
        "Switching recovers more only at a per-GPU MTBF between 33.0 h and 370 h (a failure rate 27.0× to 303× the "
        "one this rests on); below 33.0 h the work redone at today's interval outweighs the faster saves, and "
        "re-tuning wins again." in reasons
    )
    assert "Below a per-GPU MTBF" not in reasons


def test_the_comparison_that_holds_without_the_outlying_run_is_named(folder):
    """Run 6 turns the gates' verdict (the result without it differs) but not the re-tuning comparison: the sentence
    names the comparison it is about, and that only the verdict turns on the run."""
    ctx, m = build(_slow_run_6(folder))
    assert m.retune_without_outliers is True
    assert m.without_outliers is not None and m.without_outliers.verdict_status != m.verdict.status
    reasons = " ".join(ctx.cover.reasons)
    assert (
        "This comparison of re-tuning with switching holds with the outlying runs and without them; only the gates' "
        "verdict turns on them." in reasons
    )
    assert "It holds with the outlying runs" not in reasons
