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
