"""Grouping the bandwidth log into runs: the same runs and figures whatever the order the samples come in."""

import numpy as np
import pytest

from report.inputs import runs

SYSTEMS = ("A", "B")
# (system code, run, t_s, write_gbps), as a log writes them: run by run, in time order.
ROWS = [
    (0, 1, 0.0, 2.0),
    (0, 1, 1.0, 4.0),
    (0, 1, 2.0, 9.0),
    (0, 2, 0.0, 1.0),
    (1, 1, 0.5, 6.0),
    (1, 1, 1.5, 8.0),
]


def group(rows):
    s, r, t, v = (np.asarray(c) for c in zip(*rows, strict=True))
    return runs.group_runs(SYSTEMS, s.astype(np.int32), r.astype(np.int64), t.astype(float), v.astype(float))


def figures(log):
    return [
        (log.systems[log.run_system[k]], int(log.run_number[k]), *log.samples(k)[0].tolist())
        for k in range(len(log.run_start))
    ], (log.run_mean.tolist(), log.run_min.tolist(), log.run_max.tolist())


def test_a_log_written_run_by_run_is_grouped_in_place():
    log, repeated = group(ROWS)
    assert len(repeated) == 0
    assert figures(log) == (
        [("A", 1, 0.0, 1.0, 2.0), ("A", 2, 0.0), ("B", 1, 0.5, 1.5)],
        ([5.0, 1.0, 7.0], [2.0, 1.0, 6.0], [9.0, 1.0, 8.0]),
    )
    assert np.shares_memory(log.samples(0)[1], log.write_gbps)
    assert log.runs_of("A").tolist() == [0, 1] and log.runs_of("B").tolist() == [2] and len(log.runs_of("C")) == 0


@pytest.mark.parametrize("order", [[5, 4, 3, 2, 1, 0], [3, 0, 4, 1, 5, 2], [4, 5, 0, 1, 2, 3]])
def test_any_order_gives_the_same_runs(order):
    assert figures(group([ROWS[i] for i in order])[0]) == figures(group(ROWS)[0])


def test_a_run_split_in_two_blocks_is_one_run():
    log, repeated = group([ROWS[0], ROWS[4], ROWS[1], ROWS[2], ROWS[3], ROWS[5]])
    assert len(repeated) == 0 and figures(log) == figures(group(ROWS)[0])


def test_repeated_sample_times_name_the_later_rows():
    rows = [*ROWS, (0, 1, 1.0, 3.0), (1, 1, 0.5, 6.0)]
    _, repeated = group(rows)
    assert repeated.tolist() == [6, 7]
    _, repeated = group([rows[6], *rows[:6]])  # the earlier row is the one kept
    assert repeated.tolist() == [2]


def test_many_runs_vectorised_equal_one_by_one(monkeypatch):
    rng = np.random.default_rng(5)
    rows = [
        (int(s), int(r), float(t), float(rng.uniform(0, 10))) for s in (0, 1) for r in range(1, 40) for t in range(7)
    ]
    slow = figures(group(rows)[0])
    monkeypatch.setattr(runs, "_PAIRWISE_RUNS", 0)
    fast = figures(group(rows)[0])
    assert fast[0] == slow[0]
    np.testing.assert_allclose(fast[1], slow[1], rtol=1e-12)


def test_the_rate_over_a_save_s_span_weighs_each_sample_by_its_overlap():
    """Run A1 (samples 2, 4, 9 at 0, 1, 2 s; step 1 s): over 1.5 s, 2 × 1 + 4 × 0.5 over 1.5 = 2.667; over 0.25 s the
    first sample alone; past the run's end its mean, 5. A2's one sample is its rate whatever the span."""
    log, _ = group(ROWS)
    a = log.runs_of("A")
    np.testing.assert_allclose(runs.span_means(log, a, 1.5), [4 / 1.5, 1.0], rtol=1e-12)
    np.testing.assert_allclose(runs.span_means(log, a, 0.25), [2.0, 1.0], rtol=1e-12)
    np.testing.assert_allclose(runs.span_means(log, a, 10.0), [5.0, 1.0], rtol=1e-12)
    # B1 starts at 0.5 s: its span starts at its first sample, 6 over [0.5, 1.5) and 8 over a quarter of [1.5, 2.5)
    np.testing.assert_allclose(runs.span_means(log, log.runs_of("B"), 1.25), [(6 + 8 * 0.25) / 1.25], rtol=1e-12)


@pytest.mark.parametrize("span", [0.1, 2.5, 3.0, 6.5, 100.0])
def test_the_span_s_rate_vectorised_equals_one_by_one(monkeypatch, span):
    rng = np.random.default_rng(7)
    rows = [
        (int(s), int(r), 0.5 * t, float(rng.uniform(0, 10)))
        for s in (0, 1)
        for r in range(1, 40)
        for t in range(1 + r % 9)
    ]
    log, _ = group(rows)
    picked = log.runs_of("B")
    slow = runs.span_means(log, picked, span)
    monkeypatch.setattr(runs, "_PAIRWISE_RUNS", 0)
    np.testing.assert_allclose(runs.span_means(log, picked, span), slow, rtol=1e-12)


def test_minmax_downsample_keeps_every_peak_and_trough():
    rng = np.random.default_rng(3)
    t = np.arange(300_000, dtype=float)
    v = rng.normal(5, 0.1, t.size)
    v[12_345], v[250_000] = 50.0, -3.0
    ts, vs = runs.minmax_downsample(t, v, 600)
    assert len(ts) == 2 * 600  # 300,000 is 600 buckets of 500: no remainder
    assert vs.max() == 50.0 and vs.min() == -3.0
    assert np.all(np.diff(ts) >= 0)
    short = np.arange(10.0)
    assert runs.minmax_downsample(short, short, 600)[0] is short


@pytest.mark.parametrize("n", [1_199, 1_200, 1_201, 1_202, 1_203, 1_205, 4_807, 300_001])
def test_thinning_twice_is_thinning_once(n):
    """The worker thins a long log before the drawing process thins what it draws: the second pass keeps it all."""
    t = np.arange(n, dtype=float)
    v = np.sin(t / 7.0) + (t % 13 == 0)  # repeated values too: a bucket whose minimum and maximum coincide
    once = runs.minmax_downsample(t, v, 600)
    assert len(once[0]) <= 2 * (600 + 1)
    twice = runs.minmax_downsample(*once, 600)
    assert twice[0] is once[0] and twice[1] is once[1]


def test_a_downsampled_log_keeps_its_runs_and_figures():
    rng = np.random.default_rng(5)
    rows = [(1, 1, float(i), float(rng.normal(6, 1))) for i in range(5_003)]  # B's first run, long
    rows += [(0, 2, 0.0, 3.0)]  # A's second run: one sample
    rows += [(0, 1, float(i), float(i % 9)) for i in range(1_301)]  # A's first run, just over the bound
    log, _ = group(rows)
    thin = log.downsampled(100)
    assert [len(thin.samples(k)[0]) for k in range(3)] == [202, 1, 202]
    for k in range(3):
        expected = runs.minmax_downsample(*log.samples(k), 100)
        assert [a.tolist() for a in thin.samples(k)] == [a.tolist() for a in expected]
    assert thin.systems == log.systems
    for field in ("run_system", "run_number", "run_mean", "run_min", "run_max"):
        assert getattr(thin, field).tolist() == getattr(log, field).tolist()
    short, _ = group(ROWS)
    assert short.downsampled(100) is short
