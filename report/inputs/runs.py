"""The bandwidth log grouped into runs: one pass over a log written run by run, one sort for any other order."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

# Fewer samples per run than this show neither a sustained rate nor a warm-up.
FEW_SAMPLES = 3


# A warm-up longer than this share of a system's samples is a ramp the runs end inside: its mean is no sustained rate.
RAMP_SHARE = 0.25


def sparse(side) -> bool:
    """Whether some run of a system's bandwidth log (compute's BandwidthSide) logs fewer than FEW_SAMPLES samples: too
    few to show a sustained rate or a warm-up."""
    return any(n < FEW_SAMPLES for n in side.run_samples)


def ramping(side) -> bool:
    """Whether a system's warm-up takes more than RAMP_SHARE of its samples: its runs end soon after the rate settles
    (cold read 11, M2: fio-local's tmpfs, 13 of 43 samples of 4-second runs still rising, was said to sustain
    0.764 GB/s while its steady state was 0.915)."""
    return side.warmup_samples > RAMP_SHARE * side.samples


def sustained(side) -> bool:
    """Whether a system's bandwidth log shows a sustained rate: every run logs at least FEW_SAMPLES samples and the
    warm-up is not most of what they log. Otherwise the report calls it the write bandwidth of the test, never
    sustained (cold read 6, M9: gates_fail's "3.00 GB/s sustained" beside "too few to call the rate sustained")."""
    return not sparse(side) and not ramping(side)


def both_sustained(bandwidth) -> bool:
    """Whether both systems' logs (compute's Bandwidth) show a sustained rate: the report calls the rate sustained,
    in its sentences, tables, charts and legends, only then (cold read 8, M4)."""
    return sustained(bandwidth.baseline) and sustained(bandwidth.candidate)


# Up to this many runs, each run is summed on its own (NumPy's pairwise summation, error ~ log n); beyond it, in one
# vectorised pass (sequential, error ~ n, still far below the contract's 1e-9 for runs of fewer than 10^6 samples).
_PAIRWISE_RUNS = 10_000


@dataclass(frozen=True)
class BandwidthLog:
    """bandwidth.csv's samples as arrays, each run's samples contiguous and in time order.

    Runs are listed by system name, then run number. Per-run figures are computed once, here.
    """

    systems: tuple[str, ...]  #: system names, in code order (sorted)
    t_s: np.ndarray  #: sample times
    write_gbps: np.ndarray  #: samples, aligned with t_s
    run_system: np.ndarray  #: per run: index into systems
    run_number: np.ndarray  #: per run: the `run` column
    run_start: np.ndarray  #: per run: index of its first sample
    run_stop: np.ndarray  #: per run: one past its last sample
    run_mean: np.ndarray  #: per run: mean of its samples
    run_min: np.ndarray  #: per run: smallest sample
    run_max: np.ndarray  #: per run: largest sample

    def runs_of(self, system: str) -> np.ndarray:
        """Indices of one system's runs, by run number."""
        if system not in self.systems:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero(self.run_system == self.systems.index(system))

    def samples(self, run: int) -> tuple[np.ndarray, np.ndarray]:
        """Times and bandwidths of one run (views, no copy)."""
        lo, hi = self.run_start[run], self.run_stop[run]
        return self.t_s[lo:hi], self.write_gbps[lo:hi]

    def downsampled(self, buckets: int) -> BandwidthLog:
        """The same runs, each one's samples thinned by `minmax_downsample` (at most 2 x (buckets + 1)), the per-run
        figures kept as they are: what the bandwidth chart draws of a long log, a few KB to send to the drawing
        process where the whole log (160 MB for 10M samples) held the worker up for half a second (issue 27)."""
        if len(self.t_s) <= 2 * (buckets + 1):  # no run can be longer than the whole log (an empty log included)
            return self
        thinned = [minmax_downsample(*self.samples(k), buckets) for k in range(len(self.run_start))]
        stops = np.cumsum([len(t) for t, _ in thinned])
        starts = np.concatenate(([0], stops[:-1])).astype(stops.dtype)
        t_s = np.concatenate([t for t, _ in thinned])
        write_gbps = np.concatenate([v for _, v in thinned])
        return replace(self, t_s=t_s, write_gbps=write_gbps, run_start=starts, run_stop=stops)


def minmax_downsample(t: np.ndarray, v: np.ndarray, buckets: int) -> tuple[np.ndarray, np.ndarray]:
    """At most 2 x (buckets + 1) points: each bucket's minimum and maximum in time order, so extremes survive.

    A series already that short is returned as it is, so that thinning twice is thinning once (the worker thins a
    long log before sending it to the drawing process, which thins what it draws: `BandwidthLog.downsampled`)."""
    if len(t) <= 2 * (buckets + 1):
        return t, v
    size = len(v) // buckets
    whole = v[: size * buckets].reshape(buckets, size)
    offsets = np.arange(buckets) * size
    pairs = [np.stack((whole.argmin(axis=1) + offsets, whole.argmax(axis=1) + offsets), axis=1)]
    if len(v) > size * buckets:  # the remainder is a bucket of its own
        rest = v[size * buckets :]
        pairs.append(np.asarray([[rest.argmin(), rest.argmax()]]) + size * buckets)
    idx = np.sort(np.concatenate(pairs), axis=1).ravel()
    return t[idx], v[idx]


def group_runs(
    systems: tuple[str, ...], system: np.ndarray, run: np.ndarray, t_s: np.ndarray, write_gbps: np.ndarray
) -> tuple[BandwidthLog, np.ndarray]:
    """Group samples into runs; also returns the file rows (0-based) that repeat an earlier (system, run, t_s)."""
    starts = _ordered_starts(system, run, t_s)
    repeated = np.zeros(0, dtype=np.int64)
    if starts is None:  # not written run by run, or not in time order: sort once (stable, so repeats stay later)
        order = np.lexsort((t_s, run, system))
        system, run, t_s, write_gbps = system[order], run[order], t_s[order], write_gbps[order]
        change = _changes(system, run)
        repeated = np.sort(order[1:][~change & (t_s[1:] == t_s[:-1])])
        starts = np.concatenate(([0], np.flatnonzero(change) + 1))
    stops = np.append(starts[1:], len(t_s))
    by_name = np.lexsort((run[starts], system[starts]))
    starts, stops = starts[by_name], stops[by_name]
    mean, low, high = _run_figures(write_gbps, starts, stops)
    log = BandwidthLog(systems, t_s, write_gbps, system[starts], run[starts], starts, stops, mean, low, high)
    return log, repeated


def _changes(system: np.ndarray, run: np.ndarray) -> np.ndarray:
    """True between two consecutive samples of different runs."""
    return (system[1:] != system[:-1]) | (run[1:] != run[:-1])


def _ordered_starts(system: np.ndarray, run: np.ndarray, t_s: np.ndarray) -> np.ndarray | None:
    """Where each run starts, when every run is one block in strictly increasing time (how logs are written)."""
    change = _changes(system, run)
    if not np.all((t_s[1:] > t_s[:-1]) | change):
        return None
    starts = np.concatenate(([0], np.flatnonzero(change) + 1))
    keys = np.lexsort((run[starts], system[starts]))
    split = ~_changes(system[starts][keys], run[starts][keys])
    return None if split.any() else starts  # a run split into two blocks needs the sort


def _run_figures(v: np.ndarray, starts: np.ndarray, stops: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    counts = stops - starts
    if len(starts) <= _PAIRWISE_RUNS:
        runs = [v[lo:hi] for lo, hi in zip(starts, stops, strict=True)]
        sums, low, high = (np.asarray([f(r) for r in runs], dtype=np.float64) for f in (np.sum, np.min, np.max))
        return sums / counts, low, high
    order = np.argsort(starts, kind="stable")  # reduceat wants increasing offsets
    back = np.empty_like(order)
    back[order] = np.arange(len(order))
    at = starts[order]
    sums, low, high = np.add.reduceat(v, at), np.minimum.reduceat(v, at), np.maximum.reduceat(v, at)
    return sums[back] / counts, low[back], high[back]


# A run's warm-up ends at its first sample of at least this share of the run's median (CONTRACT.md, steady state).
STEADY_SHARE = 0.9


def steady_means(log: BandwidthLog, runs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per run: the mean of its samples from the first one >= STEADY_SHARE x the run's median, and how many led it."""
    means = np.empty(len(runs), dtype=np.float64)
    dropped = np.empty(len(runs), dtype=np.int64)
    if len(runs) <= _PAIRWISE_RUNS:
        for i, k in enumerate(runs):
            v = log.write_gbps[log.run_start[k] : log.run_stop[k]]
            first = int(np.argmax(v >= STEADY_SHARE * np.median(v)))
            means[i], dropped[i] = np.sum(v[first:]) / (len(v) - first), first
        return means, dropped
    return _steady_vectorised(log, runs)


def _steady_vectorised(log: BandwidthLog, runs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """steady_means for many runs at once: every run of the log in sample order, one sort within runs, one sum."""
    order = np.argsort(log.run_start, kind="stable")
    counts = (log.run_stop - log.run_start)[order]
    offsets = log.run_start[order]  # the runs tile the samples, so in this order they start where the last stopped
    v = log.write_gbps
    owner = np.repeat(np.arange(len(order)), counts)
    ranked = v[np.lexsort((v, owner))]
    median = (ranked[offsets + (counts - 1) // 2] + ranked[offsets + counts // 2]) / 2
    position = np.arange(len(v)) - offsets[owner]
    first = np.minimum.reduceat(np.where(v >= STEADY_SHARE * median[owner], position, len(v)), offsets)
    sums = np.add.reduceat(np.where(position >= first[owner], v, 0.0), offsets)
    back = np.empty_like(order)
    back[order] = np.arange(len(order))
    pick = back[runs]
    return sums[pick] / (counts[pick] - first[pick]), first[pick]


def span_means(log: BandwidthLog, runs: np.ndarray, span_s: float) -> np.ndarray:
    """Per run: the log's rate over the run's first `span_s` seconds, as long as a save lasts (cold read 27, M1: fio's
    tmpfs logged ~0.5 GB/s for 2 s, then twice that; a 2.15 s save set against the whole run's mean looked slow).

    A sample at t covers [t, t + step), step the run's mean spacing, and weighs by its overlap with [t0, t0 + span_s),
    t0 the run's first sample; a run of one sample is that sample. A span past the run's end gives the run's mean."""
    if len(runs) > _PAIRWISE_RUNS:
        return _span_vectorised(log, runs, span_s)
    out = np.empty(len(runs), dtype=np.float64)
    for i, k in enumerate(runs):
        t, v = log.samples(k)
        if len(t) == 1:
            out[i] = v[0]
            continue
        rel = t - t[0]
        step = (t[-1] - t[0]) / (len(t) - 1)
        head = int(np.searchsorted(rel, span_s, side="left"))
        weight = np.minimum(span_s - rel[:head], step) / step
        out[i] = np.sum(v[:head] * weight) / np.sum(weight)
    return out


def _span_vectorised(log: BandwidthLog, runs: np.ndarray, span_s: float) -> np.ndarray:
    """span_means for many runs at once, over the chosen runs' samples only."""
    counts = log.run_stop[runs] - log.run_start[runs]
    offsets = np.cumsum(counts) - counts  # where each chosen run starts among the chosen samples
    owner = np.repeat(np.arange(len(runs)), counts)
    index = np.arange(int(counts.sum())) - offsets[owner] + log.run_start[runs][owner]
    t, v = log.t_s[index], log.write_gbps[index]
    first, last = log.t_s[log.run_start[runs]], log.t_s[log.run_stop[runs] - 1]
    step = np.where(counts > 1, (last - first) / np.maximum(counts - 1, 1), 1.0)
    rel = t - first[owner]
    weight = np.where(counts[owner] > 1, np.clip(span_s - rel, 0.0, step[owner]) / step[owner], 1.0)
    return np.add.reduceat(v * weight, offsets) / np.add.reduceat(weight, offsets)
