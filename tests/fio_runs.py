"""fio's own totals of a run, read straight from its JSON: what the tests hold the report's figures to."""

from __future__ import annotations

import json
from pathlib import Path


def totals(folder: Path, system: str, kind: str, side: str, runs: int) -> list[tuple[float, int, float]]:
    """Per run of raw/<system>/<kind>-<n>.json, two jobs each: max runtime (s), Σ io_bytes, Σ bw_bytes (B/s)."""
    out = []
    for n in range(1, runs + 1):
        jobs = json.loads((folder / "raw" / system / f"{kind}-{n}.json").read_text())["jobs"]
        assert len(jobs) == 2
        out.append(
            (
                max(j[side]["runtime"] for j in jobs) / 1000,
                sum(j[side]["io_bytes"] for j in jobs),
                sum(j[side]["bw_bytes"] for j in jobs),
            )
        )
    return out


def windowed_gbps(folder: Path, system: str, kind: str, runs: int) -> float:
    """The contract's bandwidth of raw/<system>/<kind>-<n>_bw.<job>.log, computed here from the logs alone: window i
    is the i-th direction-1 row of both jobs' logs (below the shorter log's count), Σ KiB/s × 1024 / 10^9; a run's
    figure the mean of its windows, the system's the mean of its runs."""
    means = []
    for n in range(1, runs + 1):
        logs = []
        for job in (1, 2):
            rows = (folder / "raw" / system / f"{kind}-{n}_bw.{job}.log").read_text().splitlines()
            logs.append([int(r.split(",")[1]) for r in rows if r.strip() and r.split(",")[2].strip() == "1"])
        windows = [sum(log[i] for log in logs) * 1024 / 1e9 for i in range(min(len(log) for log in logs))]
        means.append(sum(windows) / len(windows))
    return sum(means) / runs
