"""fio's client/server runs as scaling rows: one row per run, the clients that wrote and their aggregate bandwidth.

A run of `fio --client=HOST job --client=HOST job ...` reports each host's jobs in `client_stats` (one entry per host
under group_reporting, else one per job). A host's figure is fio's own: Σ write.io_bytes of its entries over its
runtime (the longest of its entries' write.runtime); the run's aggregate is the sum of those over the hosts that wrote,
and its client count the number of such hosts (CONTRACT.md, "How the candidate scales with clients").
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import TYPE_CHECKING

from report.inputs.ingest import fio
from report.inputs.ingest.measured import Measured
from report.problems import Problem

if TYPE_CHECKING:
    from report.inputs.ingest.files import Listing
    from report.inputs.ingest.measured import Files
    from report.inputs.specs import ImportSpec


@dataclass(frozen=True)
class HostTotal:
    """One host's writes in one run, as fio reports them."""

    host: str
    io_bytes: int  #: Σ write.io_bytes of the host's entries
    runtime_ms: int  #: the longest write.runtime among them

    @property
    def gbps(self) -> float:
        """io_bytes / runtime, in 10^9 bytes per second."""
        return self.io_bytes / (self.runtime_ms / 1000) / 1e9


def host_totals(run: fio.FioJson) -> list[HostTotal]:
    """Each host that wrote (io_bytes above zero), in the order fio lists them."""
    hosts: dict[str, list[fio.Job]] = {}
    for job in run.jobs:
        if job.io_bytes[fio.WRITE] > 0:
            hosts.setdefault(job.host or "", []).append(job)
    return [
        HostTotal(
            host,
            sum(j.io_bytes[fio.WRITE] for j in jobs),
            max(j.runtime_ms[fio.WRITE] for j in jobs),
        )
        for host, jobs in hosts.items()
    ]


def scaling_row(name: str, run: fio.FioJson) -> tuple[tuple[int, float] | None, list[Problem]]:
    """(clients, aggregate GB/s) of one run, or the problem: not a client/server run, or a host with no runtime."""
    if any(job.host is None for job in run.jobs):
        message = (
            "is not a client/server run (it has jobs, not client_stats): a scaling row is the aggregate of several"
            " client nodes writing at once, run as fio --client=HOST job --client=HOST job ..."
        )
        return None, [Problem(name, run.line, None, message)]
    totals = host_totals(run)
    if not totals:
        return None, [Problem(name, run.line, "write.io_bytes", "no host wrote (every write.io_bytes is 0)")]
    stalled = [t.host for t in totals if t.runtime_ms <= 0]
    if stalled:
        message = f"host {stalled[0]} wrote {totals[0].io_bytes} bytes in a write.runtime of 0 ms: no rate"
        return None, [Problem(name, run.line, "write.runtime", message)]
    return (len(totals), sum(t.gbps for t in totals)), []


def measure(spec: ImportSpec, names: list[str], files: Files, training_model: str):  # noqa: ARG001 (registry)
    """A fio import into scaling: one Measured per run's JSON, carrying its client count and aggregate bandwidth."""
    measured, versions, problems = [], set(), []
    for name in names:
        data = files.read(name) or b""
        parsed, found = fio.read_json(name, data)
        if parsed is None:
            problems += fio.not_a_json(name, data, found, files.listing)
            continue
        versions.add(parsed.version)
        row = None
        _, found = fio.parse_run(name, parsed, {}, fio.WRITE, False)  # every check the other imports get
        if not found:
            row, found = scaling_row(name, parsed)  # a row exactly when it finds no problem
        problems += found
        if row is None:
            continue
        clients, gbps = row
        hosts = tuple(t.host for t in host_totals(parsed))
        measured.append(Measured(0.0, None, (name, parsed.line), clients=clients, write_gbps=gbps, hosts=hosts))
    return measured, tuple(sorted(versions)), problems


def companions(
    spec: ImportSpec,  # noqa: ARG001 (the registry's signature)
    name: str,
    data: bytes,
    listing: Listing,
) -> tuple[list[str], list[Problem]]:
    """A scaling row is the JSON's totals alone (a log given in its place is a problem); the one file read beside it
    is the commands `python -m report measure --clients-sweep` ran, where it made the run (commands.txt: attached
    and listed with the inputs, as for fio's other imports; field test 7, finding 3)."""
    if found := fio.not_a_json(name, data, [], listing):
        return [], found
    commands = posixpath.join(posixpath.dirname(name), fio.MEASURE_COMMANDS)
    return ([commands] if commands in listing.names else []), []
