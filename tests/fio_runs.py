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


def logged_run_means(folder: Path, system: str, kind: str, runs: int, per_io: bool) -> list[float]:
    """Each run's bandwidth (GB/s) by the contract's words, computed here from raw/<system>/<kind>-<n>_bw.<job>.log
    and the run's JSON alone: windowed logs, window i the i-th direction-1 row of both jobs' logs, Σ KiB/s × 1024 /
    10^9; per-I/O logs (`per_io`), per second k = ⌊time_ms / 1000⌋ below ⌊runtime_ms / 1000⌋ where every job has
    rows, Σ block sizes / 10^9. A run's figure is the mean of its windows or seconds."""
    means = []
    for n in range(1, runs + 1):
        jobs = json.loads((folder / "raw" / system / f"{kind}-{n}.json").read_text())["jobs"]
        logs = []
        for job in (1, 2):
            rows = (folder / "raw" / system / f"{kind}-{n}_bw.{job}.log").read_text().splitlines()
            cells = [[c.strip() for c in r.split(",")] for r in rows if r.strip()]
            logs.append([c for c in cells if c[2] == "1"])
        if not per_io:
            windows = [sum(int(log[i][1]) for log in logs) * 1024 / 1e9 for i in range(min(len(log) for log in logs))]
            means.append(sum(windows) / len(windows))
            continue
        seconds = []
        for log, job in zip(logs, jobs, strict=True):
            limit = job["write"]["runtime"] // 1000
            per_second: dict[int, int] = {}
            for c in log:
                k = int(c[0]) // 1000
                if k < limit:
                    per_second[k] = per_second.get(k, 0) + int(c[3])
            seconds.append(per_second)
        common = sorted(set.intersection(*(set(p) for p in seconds)))
        values = [sum(p[k] for p in seconds) / 1e9 for k in common]
        means.append(sum(values) / len(values))
    return means
