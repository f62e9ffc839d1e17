"""What `measure` will do, worked out before anything runs: the sizes fio can write, the job files, the steps.

Pure: no file is touched here, so `--dry-run` prints exactly what a real run would use.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass

PHASES = ("save", "load", "sustain")
#: which [systems] roles may give rows to each phase's table (the contract's import rules)
PHASE_ROLES = {
    "save": ("save_baseline", "candidate"),
    "sustain": ("save_baseline", "candidate"),
    "load": ("load_baseline", "candidate"),
}
PHASE_TABLE = {"save": "save_times", "load": "load_times", "sustain": "bandwidth"}
#: each phase as the operator's messages name it (the report's words are in measure/words.py, translated)
PHASE_WORDS = {"save": "save", "load": "load", "sustain": "sustained write", "prepare": "files for the load"}
#: fio names each data file `<jobname>.<job number>.0` inside the data folder
JOB_NAME = {"save": "ckpt", "prepare": "ckpt", "load": "ckpt", "sustain": "sustain"}
FREE_MARGIN = 0.02  #: free space kept beyond the largest file set (metadata, the file system's own reserve)
FREE_MARGIN_BYTES = 64 << 20


@dataclass(frozen=True)
class Request:
    """What the field engineer asked for on the command line, checked for sense (not yet against the machine)."""

    system: str
    phases: tuple[str, ...]  #: in PHASES order
    runs: int
    writers: int
    block_bytes: int
    snapshot_gb: float | None  #: asked for; the save writes whole blocks (see `Sizes`)
    gpus: int | None
    load_gb: float | None
    load_model: str | None
    platform: str | None
    sustain_s: int
    window_ms: int
    direct: bool  #: O_DIRECT writes and reads (else buffered, durable by end_fsync)
    model: str  #: test.toml's [training] model, which the save rows take


@dataclass(frozen=True)
class Sizes:
    """Bytes per file: fio writes whole blocks, so an asked size is rounded to a multiple of the block."""

    save_file: int  #: each writer's file
    load_file: int  #: each reader's share of the same files

    def save_total(self, writers: int) -> int:
        """Bytes one save writes."""
        return self.save_file * writers

    def load_total(self, writers: int) -> int:
        """Bytes one load reads."""
        return self.load_file * writers

    def planned(self, phase: str, writers: int) -> int | None:
        """Bytes one step of `phase` moves (None for the sustained write, which runs for a time)."""
        return {"save": self.save_file, "prepare": self.load_file, "load": self.load_file}.get(
            phase, 0
        ) * writers or None


def per_file(total_gb: float, writers: int, block: int) -> int:
    """The nearest whole number of blocks to an even share of `total_gb` (10^9 bytes), at least one block."""
    return max(1, round(total_gb * 1e9 / writers / block)) * block


def sizes(request: Request) -> Sizes:
    """The file sizes of every phase; the sustained write reuses the save's (or the load's) file size."""
    save = per_file(request.snapshot_gb, request.writers, request.block_bytes) if request.snapshot_gb else 0
    load = per_file(request.load_gb, request.writers, request.block_bytes) if request.load_gb else 0
    return Sizes(save or load, load)


def needed_bytes(request: Request, s: Sizes) -> int:
    """Free space one step at a time needs: the data of each step is removed before the next."""
    largest = max(s.save_file, s.load_file) * request.writers
    return math.ceil(largest * (1 + FREE_MARGIN)) + FREE_MARGIN_BYTES


@dataclass(frozen=True)
class Step:
    """One fio run: a phase and the run number it is recorded under."""

    phase: str
    run: int

    @property
    def output(self) -> str:
        """The run's JSON, inside raw/<system>/."""
        return f"{self.phase}-{self.run}.json"


def needs_prepare(request: Request, s: Sizes) -> bool:
    """Whether each load must be preceded by an untimed write: no save in this session, or a smaller one."""
    return "load" in request.phases and ("save" not in request.phases or s.load_file > s.save_file)


def steps(request: Request, first: dict[str, int]) -> list[Step]:
    """Run by run, every phase in turn (save, its load, a sustained write), so drift touches all three alike."""
    prepare = needs_prepare(request, sizes(request))
    out = []
    for i in range(request.runs):
        for phase in PHASES:
            if phase == "load" and prepare and "load" in request.phases:
                out.append(Step("prepare", first["load"] + i))
            if phase in request.phases:
                out.append(Step(phase, first[phase] + i))
    return out


def fio_path(path: str) -> str:
    """A folder as fio's `directory` option reads it: a colon separates folders there, so it is escaped."""
    return path.replace("\\", "\\\\").replace(":", "\\:")


def job_file(phase: str, request: Request, s: Sizes, data_dir: str) -> str:
    """The fio job file of one phase; `${MEASURE_RUN}` is set per run, so one file serves every run."""
    common = [
        f"directory={fio_path(data_dir)}",
        "ioengine=psync",
        f"bs={request.block_bytes}",
        f"direct={int(request.direct)}",
        "invalidate=1",
        "fallocate=none",
        "per_job_logs=1",
        "thread=1",
    ]
    if phase in ("save", "prepare"):
        size = s.save_file if phase == "save" else s.load_file
        head = [
            "; A checkpoint-shaped save: one file per writer (rank), written from the start in large sequential",
            "; blocks, durable at the end (end_fsync=1: the runtime includes the final fsync).",
        ]
        if phase == "prepare":
            head = ["; The files a load reads, written first (not timed, not recorded): the save wrote none or less."]
        body = ["rw=write", "end_fsync=1", "create_on_open=1", f"size={size}"]
    elif phase == "load":
        head = [
            "; A model-shaped load: the files the save wrote, read back sequentially, one reader per file.",
            "; fio drops each file's cached pages before reading (invalidate=1).",
        ]
        body = ["rw=read", f"size={s.load_file}"]
    else:
        head = [
            "; A sustained write: the save's files written over and over for a fixed time, with per-job",
            f"; bandwidth logs averaged over {request.window_ms} ms windows.",
        ]
        body = [
            "rw=write",
            "end_fsync=1",
            "time_based=1",
            f"runtime={request.sustain_s}",
            f"size={s.save_file}",
            "write_bw_log=sustain-${MEASURE_RUN}",
            f"log_avg_msec={request.window_ms}",
        ]
    lines = [*head, "[global]", *common, f"[{JOB_NAME[phase]}]", *body, f"numjobs={request.writers}"]
    return "\n".join(lines) + "\n"


def system_folder(system: str) -> str:
    """The folder under raw/ a system's outputs go to: its name lowercased, anything but letters, digits, . _ -
    made -; a name with none of those (全闪存) gets a short hash of itself."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", system).strip("-.").lower()
    return slug or "system-" + hashlib.sha256(system.encode("utf-8")).hexdigest()[:8]


def gb_text(n_bytes: int) -> str:
    """Bytes as decimal GB, every digit kept (the value test.toml records)."""
    return f"{n_bytes / 1e9:.12g}"
