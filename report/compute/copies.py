"""Bandwidth logs that are copies: two runs whose samples are proportional, sample for sample, to within rounding.

Two storage systems, or two runs of one, never repeat each other's ripple: a log that is another log times a constant
was derived from it, not measured (cold read 5, O1/N1: a candidate's log was the baseline's × 2.055 on every one of
90 samples, to the 4th digit). The test:

- Pairs: two runs' samples matched by time (`t_s`) where the runs log the same times, else by their order.
- Rounding: a sample printed with d decimals may be off by half of 10^-d; the quantum is read from each sample's own
  digits (the shortest decimal that gives it back, at least `FIO_QUANTUM_GBPS`: fio logs whole KiB/s), so a printed
  "2.000" read back as 2.0 is allowed a quantum of 0.1 (too loose never flags a log wrongly: a loose sample only
  constrains less). The ratio b/a of a pair then may be off its true value by e = qa/(2a) + qb/(2b), relative.
- Proportional: one constant k lies within every tight pair's rounding bound (max r/(1+e) <= min r/(1-e)), a pair
  being tight when e <= `TIGHT` (0.1%: a sample of 3 digits or more). Real logs of two systems part by percents from
  sample to sample; rounding alone explains a spread of e.
- Enough to rule out chance: the tight pairs carry at least `MIN_MOVES` moves, consecutive samples of the first run
  that change by more than `MOVE_FACTOR` times the two pairs' rounding bounds. An independent log would have to
  repeat each such move to within a tenth of its size (odds of about 1 in 10 a move, 1 in 10^10 for ten), while two
  flat logs (a system held at its limit) carry no moves and are never called copies.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from report.inputs.runs import BandwidthLog

#: fio logs bandwidth in whole KiB/s: no sample is finer than this (GB/s).
FIO_QUANTUM_GBPS = 1024 / 1e9
#: A pair whose rounding bound is above this relative error says too little to count (0.1%).
TIGHT = 1e-3
#: A move counts where the sample changes by more than this many times the two pairs' rounding bounds.
MOVE_FACTOR = 10.0
#: Moves needed before proportional samples are a finding rather than chance.
MIN_MOVES = 10
#: The decimals looked for in a sample; beyond them a value is taken as unrounded (fio's own quantum).
_MAX_DECIMALS = 9


@dataclass(frozen=True)
class Copy:
    """Run `copy` of one system is run `source` (of the same or the other system) times `ratio`, sample for sample."""

    source: int  #: index of the run in the log (BandwidthLog's runs)
    copy: int  #: likewise
    ratio: float  #: copy ÷ source: the constant, the geometric middle of the bounds
    pairs: int  #: samples matched
    matched_by_time: bool  #: matched by t_s (else by order)
    spread: float  #: (largest ratio - smallest) / ratio over the tight pairs: what the logs show
    bound: float  #: the largest rounding bound of a tight pair: what rounding allows either side of the ratio
    moves: int  #: moves the tight pairs carry


def quantum(v: np.ndarray) -> np.ndarray:
    """Each sample's rounding quantum: 10^-d for the fewest decimals d that give it back, at least FIO_QUANTUM_GBPS."""
    q = np.full(len(v), FIO_QUANTUM_GBPS)
    open_ = np.ones(len(v), dtype=bool)
    for d in range(_MAX_DECIMALS + 1):
        scaled = v * 10.0**d
        exact = open_ & (np.abs(scaled - np.round(scaled)) <= 1e-9 * np.maximum(1.0, np.abs(scaled)))
        q[exact] = np.maximum(10.0**-d, FIO_QUANTUM_GBPS)
        open_ &= ~exact
    return q


def _aligned(log: BandwidthLog, i: int, j: int) -> tuple[np.ndarray, np.ndarray, bool]:
    """Runs i and j's samples matched: by time where they log the same times, else by order (over the shorter)."""
    ti, vi = log.samples(i)
    tj, vj = log.samples(j)
    if len(ti) == len(tj) and np.array_equal(ti, tj):
        return vi, vj, True
    n = min(len(vi), len(vj))
    return vi[:n], vj[:n], False


#: Samples tried first: a pair of logs that no constant fits over them is not a copy, and the rest is never read.
PREFIX = 512


def apart(a: np.ndarray, b: np.ndarray) -> bool:
    """True when no constant k lies within the rounding bounds of every tight pair of a and b (so b is not a × k).

    The bounds over a subset of the pairs are looser than over all of them (a larger minimum, a smaller maximum), so
    logs apart over their first samples are apart over all: `proportional` asks this of PREFIX samples first, which
    keeps a ten-million-sample log's runs from being walked pair by pair (issue 42: 3.7 s of a 10M build).
    """
    return bool(_apart_each(a, b, np.zeros(len(a), dtype=np.int64), 1)[0])


def _apart_each(a: np.ndarray, b: np.ndarray, pair: np.ndarray, pairs: int) -> np.ndarray:
    """`apart` of each of `pairs` pairs at once: a and b hold their matched samples, `pair` says whose each is."""
    keep = (a > 0) & (b > 0)
    a, b, pair = a[keep], b[keep], pair[keep]
    e = quantum(a) / (2 * a) + quantum(b) / (2 * b)
    tight = e <= TIGHT
    r, e, pair = b[tight] / a[tight], e[tight], pair[tight]
    low, high = np.full(pairs, -np.inf), np.full(pairs, np.inf)
    np.maximum.at(low, pair, r / (1 + e))
    np.minimum.at(high, pair, r / (1 - e))
    return low > high


def proportional(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float, int] | None:
    """(ratio b/a, spread, bound, moves) when b is a times one constant to within rounding, with enough moves to rule
    out chance; None otherwise."""
    if len(a) > PREFIX and apart(a[:PREFIX], b[:PREFIX]):
        return None
    keep = (a > 0) & (b > 0)
    a, b = a[keep], b[keep]
    e = quantum(a) / (2 * a) + quantum(b) / (2 * b)
    tight = e <= TIGHT
    if tight.sum() < MIN_MOVES + 1:
        return None
    a, b, e = a[tight], b[tight], e[tight]
    r = b / a
    low, high = float(np.max(r / (1 + e))), float(np.min(r / (1 - e)))
    if low > high:
        return None
    step = np.abs(a[1:] / a[:-1] - 1)
    moves = int(np.sum(step > MOVE_FACTOR * (e[1:] + e[:-1])))
    if moves < MIN_MOVES:
        return None
    ratio = float(np.sqrt(low * high))
    return ratio, float((r.max() - r.min()) / ratio), float(e.max()), moves


def _copy(log: BandwidthLog, source: int, copy: int) -> Copy | None:
    shortest = min(log.run_stop[k] - log.run_start[k] for k in (source, copy))
    if shortest < MIN_MOVES + 1:  # fewer pairs than a finding needs, however they are matched: not read (issue 42)
        return None
    a, b, by_time = _aligned(log, source, copy)
    found = proportional(a, b)
    if found is None:
        return None
    ratio, spread, bound, moves = found
    return Copy(source, copy, ratio, len(a), by_time, spread, bound, moves)


def apart_all(log: BandwidthLog, pairs: list[tuple[int, int]]) -> np.ndarray:
    """For each (source, copy) pair of runs: True where the two are not copies, decided from their first PREFIX
    matched samples at once, or from their lengths (fewer samples than a finding needs).

    What `apart` and `_copy`'s length check decide pair by pair, for every pair in a few array operations: a log of
    20,000 one-sample runs a system took 33 s pair by pair (issue 42), and ten million rows may be half a million
    runs. The pairs are taken in batches of about a million matched samples, so memory stays bounded.
    """
    out = np.ones(len(pairs), dtype=bool)
    if not pairs:
        return out
    idx = np.asarray(pairs, dtype=np.int64)
    lengths = log.run_stop - log.run_start
    n = np.minimum(np.minimum(lengths[idx[:, 0]], lengths[idx[:, 1]]), PREFIX)
    readable = np.flatnonzero(n >= MIN_MOVES + 1)
    for chunk in np.array_split(readable, max(1, int(n[readable].sum()) // 1_000_000 + 1)):
        if len(chunk):
            out[chunk] = _apart_batch(log, idx[chunk], n[chunk])
    return out


def _apart_batch(log: BandwidthLog, idx: np.ndarray, n: np.ndarray) -> np.ndarray:
    starts = np.concatenate(([0], np.cumsum(n)[:-1]))
    offset = np.arange(int(n.sum())) - np.repeat(starts, n)
    a = log.write_gbps[np.repeat(log.run_start[idx[:, 0]], n) + offset]
    b = log.write_gbps[np.repeat(log.run_start[idx[:, 1]], n) + offset]
    return _apart_each(a, b, np.repeat(np.arange(len(n)), n), len(n))


def between_systems(log: BandwidthLog, baseline: str, candidate: str) -> tuple[Copy, ...]:
    """The candidate's runs that are the baseline's run of the same number times a constant."""
    base = {int(log.run_number[k]): int(k) for k in log.runs_of(baseline)}
    pairs = [(base[int(log.run_number[k])], int(k)) for k in log.runs_of(candidate) if int(log.run_number[k]) in base]
    apart_ = apart_all(log, pairs)
    found = (_copy(log, s, k) for (s, k), off in zip(pairs, apart_, strict=True) if not off)
    return tuple(c for c in found if c is not None)


#: Beyond this many runs a system's runs are not compared pair by pair (each is compared with its first run only).
ALL_PAIRS_RUNS = 32


def within_system(log: BandwidthLog, system: str) -> tuple[Copy, ...]:
    """A system's runs that are an earlier run of the same system times a constant (the first such run each)."""
    runs = [int(k) for k in log.runs_of(system)]
    earlier = {k: runs[:n] if len(runs) <= ALL_PAIRS_RUNS else runs[:1] for n, k in enumerate(runs[1:], start=1)}
    pairs = [(s, k) for k, sources in earlier.items() for s in sources]
    maybe = {pair for pair, off in zip(pairs, apart_all(log, pairs), strict=True) if not off}
    out = []
    for k, sources in earlier.items():
        copied = (_copy(log, s, k) for s in sources if (s, k) in maybe)
        if (found := next((c for c in copied if c is not None), None)) is not None:
            out.append(found)
    return tuple(out)
