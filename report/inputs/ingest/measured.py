"""What an import tool's reader sees and gives: the files through one interface, one `Measured` per run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from report.inputs.ingest.files import Listing


class Files(Protocol):
    """Where an import's files come from: a folder, or a report's attachments."""

    listing: Listing

    def read(self, name: str) -> bytes | None: ...


@dataclass(frozen=True)
class Measured:
    """One run as a tool reported it."""

    seconds: float
    size_gb: float | None
    origin: tuple[str, int | None]
    t_s: np.ndarray | None = None
    gbps: np.ndarray | None = None
    logs: tuple[str, ...] = ()
    size_from: tuple[str, int | None] | None = None  #: where the size is reported, when not at `origin`
    clients: int | None = None  #: a scaling run's client nodes that wrote (fio client/server: hosts)
    write_gbps: float | None = None  #: a scaling run's aggregate: Σ over those hosts of io_bytes / runtime, GB/s
    hosts: tuple[str, ...] = ()  #: a scaling run's hosts that wrote, as fio names them (the address given --client)


def per_rank_turns(lines: list[tuple[int, float, tuple[str, int]]]) -> list[tuple[float, tuple[str, int]]]:
    """Event k = the k-th line of each rank, its time the slowest rank's and its origin that rank's line."""
    turns: list[tuple[float, tuple[str, int]]] = []
    seen: dict[int, int] = {}
    for rank, seconds, origin in lines:
        k = seen.get(rank, 0)
        seen[rank] = k + 1
        if k == len(turns):
            turns.append((seconds, origin))
        elif seconds > turns[k][0]:
            turns[k] = (seconds, origin)
    return turns
