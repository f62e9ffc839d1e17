"""Sustained write bandwidth: the rates, the warm-up, and logs too short to show either."""

from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section, texts


def test_one_sample_per_run_is_not_called_a_steady_rate():
    """Third cold read, m-13: gates_fail logs one sample per run (Base 1.0 and 2.0 GB/s, Cand 3.0 and 3.0): the mean
    of run means is 1.50 and 3.00 GB/s, but no run shows a sustained rate or a warm-up, and the section says so instead
    of "No run opens with a warm-up ramp"."""
    ctx, _m = build(FIXTURES / "gates_fail")
    words = texts(section(ctx, "bandwidth").blocks)
    assert words[0] == "Cand sustains 3.00 GB/s against 1.50 GB/s, 100% more."
    assert (
        "Base and Cand: fewer than 3 samples per run, too few to call the rate sustained or to see a warm-up; log the "
        "bandwidth through each run (fio's --write_bw_log)." in words
    )
    assert not any(t.startswith("No run opens") for t in words)


def test_a_warm_up_is_weighed_against_the_save_only_as_a_condition():
    """Third cold read, m-11: whether a save sees the steady state depends on its length against the warm-up; the
    sentence states the condition, not that it holds. The default data's logs (60 samples a run) open with no ramp."""
    ctx, _m = build(DATA)
    words = texts(section(ctx, "bandwidth").blocks)
    assert "No run opens with a warm-up ramp: the steady-state means equal the all-sample means." in words
    assert not any("too few to call the rate sustained" in t for t in words)
    ctx, _m = build(FIXTURES / "repeated")  # a warm-up ramp in one system's log
    ramp = next(t for t in texts(section(ctx, "bandwidth").blocks) if "opens with a warm-up" in t)
    assert ramp.endswith("A save sees mostly the steady state only if it lasts much longer than the warm-up.")
