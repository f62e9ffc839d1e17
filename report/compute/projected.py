"""What a projection's figures stand for: whether its saving is at any one job's size, what an asynchronous job's
training time gains from it, and what the projections change (checkpoint size, GPU count). Pure: the figures of
metrics.json's `projections` in, plain values out; nothing here is written to metrics.json."""

from __future__ import annotations

from report.compute.figures import SIDES, Metrics, Projection


def mixed_sides(m: Metrics) -> tuple[str, ...]:
    """The sides whose fitted line runs through rows of more than one GPU count (a side local to each node fits over a
    node's part, which takes the GPU count in): their projected times are at no single GPU count, so a saving between
    them is at no job's size (cold read 14c, P-M5: 42,500 s saved at 512 cards from lines through 16 and 256)."""
    return tuple(key for key in SIDES if key not in m.node_fits and len(m.fits[key].gpus) > 1)


def saving_estimable(m: Metrics) -> bool:
    """Whether a projection's saving is at any one job's size: no side's line mixes GPU counts (`mixed_sides`)."""
    return not mixed_sides(m)


def projected_stalls(m: Metrics, p: Projection) -> tuple[float, float]:
    """An asynchronous job's stall per save on each side (baseline, candidate) at `p`'s projected save times and
    today's interval: staging + max(0, projected save − compute between saves), as the contract's stall."""
    tau, a = m.reliability.interval_s, m.async_
    return (
        a.baseline.staging_s + max(0.0, p.baseline_s - tau),
        a.candidate.staging_s + max(0.0, p.candidate_s - tau),
    )


def training_saved_s(m: Metrics, p: Projection) -> float:
    """The training time `p`'s saves would save in all, asynchronously: saves × (stall_B − stall_C); 0 where neither
    projected save outlasts the compute between saves and the stagings are equal (cold read 14c, Q-m3: "Save time
    saved in all 162,000 s" where training time does not change)."""
    baseline, candidate = projected_stalls(m, p)
    return p.saves * (baseline - candidate)


def projected_changes(m: Metrics) -> tuple[bool, bool]:
    """(size, gpus): whether a projection is at a checkpoint size the two systems did not both time, and whether one is
    at a GPU count no save row has (cold read 14c, Q-m6: "other checkpoint sizes" over a projection at the size timed,
    on twice the GPUs)."""
    timed = {g for key in SIDES for g in m.fits[key].gpus}
    size = any(not p.measured_size for p in m.projections)
    gpus = any(p.gpus is not None and p.gpus not in timed for p in m.projections)
    return size, gpus
