"""The input files a joint test may hold: one description that loading, evidence, verify and the appendix iterate.

test.toml and the five CSVs (restore_times.csv and scaling.csv optional) are described here; the field tools' raw files
(report/inputs/ingest/) are attached under their paths inside the folder, with a media type from their suffix. No heavy
imports: the PDF side reads this.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class InputFile:
    """One input file: its name, how the PDF attaches it, its columns (kind per column), and what it holds."""

    name: str
    media_type: str
    columns: dict[str, str] | None  #: column -> kind (report/inputs/csv_tables.py), None for test.toml
    label: str  #: what the file holds, as the report names it
    optional: bool = False  #: a joint test may leave it out even when no import feeds it


@dataclass(frozen=True)
class CsvFile(InputFile):
    """One of the CSVs: its columns always given."""

    columns: dict[str, str]


CONFIG = InputFile("test.toml", "application/toml", None, "Test description")
SAVE_TIMES = CsvFile(
    "save_times.csv",
    "text/csv",
    {"system": "text", "model": "text", "gpus": "int>0", "snapshot_gb": "num>0", "run": "int>=1", "save_s": "num>0"},
    "Checkpoint save times",
)
BANDWIDTH = CsvFile(
    "bandwidth.csv",
    "text/csv",
    {"system": "text", "run": "int>=1", "t_s": "num>=0", "write_gbps": "num>=0"},
    "Write bandwidth",
)
LOAD_TIMES = CsvFile(
    "load_times.csv",
    "text/csv",
    {
        "system": "text",
        "model": "text",
        "platform": "text",
        "size_gb": "num>0",
        "run": "int>=1",
        "load_s": "num>0",
    },
    "Model load times",
)
RESTORE_TIMES = CsvFile(
    "restore_times.csv",
    "text/csv",
    {"system": "text", "model": "text", "run": "int>=1", "restore_s": "num>0"},
    "Checkpoint restore times",
    optional=True,
)
SCALING = CsvFile(
    "scaling.csv",
    "text/csv",
    {"system": "text", "clients": "int>=1", "run": "int>=1", "write_gbps": "num>0"},
    "Write bandwidth by client count",
    optional=True,
)
TABLES = (SAVE_TIMES, BANDWIDTH, LOAD_TIMES, RESTORE_TIMES, SCALING)
INPUTS = (CONFIG, *TABLES)
BY_NAME = {f.name: f for f in INPUTS}


def media_type(name: str) -> str:
    """The media type a file is attached with: the described inputs' own, else from a raw file's suffix."""
    if name in BY_NAME:
        return BY_NAME[name].media_type
    suffix = PurePosixPath(name).suffix.lower()
    return {".json": "application/json", ".toml": "application/toml", ".csv": "text/csv"}.get(suffix, "text/plain")
