"""What `measure` will do, worked out before anything runs: the sizes fio can write, the job files, the steps.

Pure: no file is touched here, so `--dry-run` prints exactly what a real run would use.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, replace

PHASES = ("save", "restore", "load", "sustain")
#: which [systems] roles may give rows to each phase's table (the contract's import rules)
PHASE_ROLES = {
    "save": ("save_baseline", "candidate"),
    "restore": ("save_baseline", "candidate"),
    "sustain": ("save_baseline", "candidate"),
    "load": ("load_baseline", "candidate"),
}
PHASE_TABLE = {"save": "save_times", "restore": "restore_times", "load": "load_times", "sustain": "bandwidth"}
#: each phase as the operator's messages name it (the report's words are in measure/words.py, translated)
PHASE_WORDS = {
    "save": "save",
    "restore": "restore",
    "load": "load",
    "sustain": "sustained write",
    "prepare": "files for the load",
}
#: fio names each data file `<jobname>.<job number>.0` inside the data folder
JOB_NAME = {"save": "ckpt", "restore": "ckpt", "prepare": "ckpt", "load": "ckpt", "sustain": "sustain"}
DEFAULT_PORT = 8765  #: fio's own default for `fio --server`
#: the slowest a run may move its planned bytes before the watchdog stops it (GB/s), and the time added to that
FLOOR_GBPS = 0.01
WATCHDOG_GRACE_S = 60
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
    clients: tuple[str, ...] = ()  #: fio servers as `host,port` (fio's spelling); none: fio runs here
    concurrent: int = 1  #: independent saves at once, each the whole snapshot
    watchdog_s: float | None = None  #: the time limit of every run, else derived (see `time_limit`)

    @property
    def hosts(self) -> int:
        """Machines writing at once: the clients, or this one."""
        return max(1, len(self.clients))

    @property
    def ranks(self) -> int:
        """Files one save writes: --writers on every host; the snapshot is divided among them."""
        return self.writers * self.hosts

    @property
    def save_model(self) -> str:
        """The save rows' model: test.toml's, or the concurrent saves named for what they are."""
        return self.model if self.concurrent == 1 else f"{self.model} × {self.concurrent} at once"


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

    def planned(self, phase: str, ranks: int, concurrent: int = 1) -> int | None:
        """Bytes one step of `phase` moves (None for the sustained write, which runs for a time)."""
        per = {"save": self.save_file * concurrent, "restore": self.save_file, "prepare": self.load_file}
        return (per | {"load": self.load_file}).get(phase, 0) * ranks or None


def per_file(total_gb: float, writers: int, block: int) -> int:
    """The nearest whole number of blocks to an even share of `total_gb` (10^9 bytes), at least one block."""
    return max(1, round(total_gb * 1e9 / writers / block)) * block


def sizes(request: Request) -> Sizes:
    """The file sizes of every phase; the sustained write reuses the save's (or the load's) file size."""
    save = per_file(request.snapshot_gb, request.ranks, request.block_bytes) if request.snapshot_gb else 0
    load = per_file(request.load_gb, request.ranks, request.block_bytes) if request.load_gb else 0
    return Sizes(save or load, load)


def needed_bytes(request: Request, s: Sizes) -> int:
    """Free space one step at a time needs: the data of each step is removed before the next."""
    largest = max(s.save_file * request.concurrent, s.load_file) * request.ranks
    return math.ceil(largest * (1 + FREE_MARGIN)) + FREE_MARGIN_BYTES


def host_bytes(request: Request) -> int:
    """Free space each host needs, one step at a time: its own writers' files (the sizes are the whole request's, the
    snapshot divided among every host's writers). Field test 8, finding 3: the client sweep asked each host for the
    whole snapshot and refused a sweep that fitted."""
    return needed_bytes(replace(request, clients=()), sizes(request))


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
            if phase == "load" and prepare:
                out.append(Step("prepare", first["load"] + i))
            if phase in request.phases:
                out.append(Step(phase, first[phase] + i))
    return out


def host_of(client: str) -> str:
    """The host of a `host,port` client as fio's messages and client_stats name it (`ip6:` left out)."""
    host = client.rsplit(",", 1)[0]
    return host[4:] if host.startswith("ip6:") else host


def port_of(client: str) -> str:
    """The port of a `host,port` client."""
    return client.rsplit(",", 1)[1]


def fio_path(path: str) -> str:
    """A folder as fio's `directory` option reads it: a colon separates folders there, so it is escaped."""
    return path.replace("\\", "\\\\").replace(":", "\\:")


def time_limit(request: Request, s: Sizes, phase: str) -> float:
    """Seconds a run of `phase` may take before the watchdog stops it: --watchdog-s, else the planned bytes at
    the floor bandwidth (or the sustained write's duration) plus a grace time."""
    if request.watchdog_s is not None:
        return request.watchdog_s
    if phase == "sustain":
        return request.sustain_s + WATCHDOG_GRACE_S
    planned = s.planned(phase, request.ranks, request.concurrent) or 0
    return planned / (FLOOR_GBPS * 1e9) + WATCHDOG_GRACE_S


def last_reader(request: Request, s: Sizes) -> str | None:
    """The phase after which a run's checkpoint files are no longer needed (fio removes them then: unlink=1)."""
    order: list[str] = [p for p in ("save", "restore") if p in request.phases]
    order += ["prepare"] if needs_prepare(request, s) else []
    order += ["load"] if "load" in request.phases else []
    return order[-1] if order else None


def job_file(phase: str, request: Request, s: Sizes, data_dir: str, prefix: str | None = None) -> str:
    """The fio job file of one phase; `${MEASURE_RUN}` is set per run, so one file serves every run.

    With fio servers (`prefix` given), the files go straight into the folder named `<prefix>.<job>.<n>.0` (fio adds
    each host's name in front), and the phase that last needs them removes them (unlink=1)."""
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
    elif phase == "restore":
        head = [
            "; A restore: the files the save wrote, read back whole and sequentially, one reader per file (rank).",
            "; fio drops each file's cached pages before reading (invalidate=1).",
        ]
        body = ["rw=read", f"size={s.save_file}"]
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
    if prefix is not None:
        common.append(f"filename_format={prefix}.$jobname.$jobnum.$filenum")
        if phase == "sustain" or phase == last_reader(request, s):
            body.append("unlink=1")
    sections = [JOB_NAME[phase]]
    if phase == "save" and request.concurrent > 1:
        head.append(f"; {request.concurrent} independent saves at once, each the whole snapshot: one section each.")
        sections = [f"ckpt{k}" for k in range(1, request.concurrent + 1)]
    lines = [*head, "[global]", *common]
    for name in sections:
        lines += [f"[{name}]", *body, f"numjobs={request.writers}"]
    return "\n".join(lines) + "\n"


def cleanup_file(request: Request, data_dir: str, prefix: str) -> str:
    """A job file that removes whatever files of this session a stopped run left on a server: it opens each name
    the sessions' jobs use, writes one block and unlinks the file."""
    names = ["ckpt"] + [f"ckpt{k}" for k in range(1, request.concurrent + 1)] + ["sustain"]
    lines = [
        "; Removes the files a stopped run left behind (one block written to each name, then unlinked).",
        "[global]",
        f"directory={fio_path(data_dir)}",
        "ioengine=psync",
        f"bs={request.block_bytes}",
        f"size={request.block_bytes}",
        "rw=write",
        "unlink=1",
        "thread=1",
        f"filename_format={prefix}.$jobname.$jobnum.$filenum",
    ]
    for name in names:
        lines += [f"[{name}]", f"numjobs={request.writers}"]
    return "\n".join(lines) + "\n"


def probe_file(data_dir: str, host_bytes: int, prefix: str) -> str:
    """The job file run on each server before anything else: the folder exists there, it has room for the host's
    largest file set (fio reserves it with posix_fallocate and writes one block), and whether it takes O_DIRECT."""
    return (
        "\n".join(
            [
                "; measure's check of one server: the folder, its room, O_DIRECT (nothing is left behind: unlink=1).",
                "[global]",
                f"directory={fio_path(data_dir)}",
                "ioengine=psync",
                "bs=4096",
                "rw=write",
                "io_size=4096",
                "unlink=1",
                "thread=1",
                f"filename_format={prefix}.$jobname",
                "[room]",
                f"size={max(host_bytes, 4096)}",
                "fallocate=posix",
                "[direct]",
                "stonewall",
                "size=4096",
                "direct=1",
                "fallocate=none",
            ]
        )
        + "\n"
    )


def system_folder(system: str) -> str:
    """The folder under raw/ a system's outputs go to: its name lowercased, anything but letters, digits, . _ -
    made -; a name with none of those (全闪存) gets a short hash of itself."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", system).strip("-.").lower()
    return slug or "system-" + hashlib.sha256(system.encode("utf-8")).hexdigest()[:8]


def gb_text(n_bytes: int) -> str:
    """Bytes as decimal GB, every digit kept (the value test.toml records)."""
    return f"{n_bytes / 1e9:.12g}"
