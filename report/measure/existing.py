"""The rows a joint-test folder already holds, read before `measure` writes a byte: the CSVs' rows and the rows each
[[import]] gives, so a session that would break a rule across systems (one model, one size and one GPU count; both
load systems loading each model) is refused before it runs rather than at build time, after leaving the site.

Lenient on purpose: a CSV or an import that cannot be read now is left out (the build names it); what can be read
is held to the rules the build applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from report.inputs.config import TestConfig
from report.inputs.files import LOAD_TIMES, RESTORE_TIMES, SAVE_TIMES
from report.measure import plan
from report.measure.plan import Request, Sizes
from report.measure.probe import refuse_usage

#: the largest whole number a float (and TOML's reader, and the report's figures) holds exactly
MAX_EXACT = 2**53


@dataclass(frozen=True)
class Rows:
    """What one source gives for one (table, system, model[, platform]): its sizes and GPU counts, and where."""

    table: str  #: save_times, load_times or restore_times
    system: str
    model: str
    platform: str | None
    sizes: frozenset[float]  #: snapshot_gb (size_gb for loads); empty where the source gives none
    gpus: frozenset[int]
    where: str  #: "save_times.csv:4" or "test.toml:65" (an [[import]] table)


def read(data_dir: Path, config: TestConfig) -> list[Rows]:
    """Every row of the timing tables the folder gives now, grouped per source and key."""
    out = []
    for item in (SAVE_TIMES, LOAD_TIMES, RESTORE_TIMES):
        out += _csv_rows(data_dir, item)
    for spec in config.imports:
        if spec.into in ("save_times", "load_times", "restore_times"):
            out += _import_rows(data_dir, config, spec)
    return out


def _csv_rows(data_dir: Path, item) -> list[Rows]:
    from report.inputs.csv_tables import read_table

    path = data_dir / item.name
    try:
        raw = path.read_bytes()
    except OSError:
        return []
    table, problems = read_table(item.name, raw, item.columns)
    if table is None or problems:
        return []
    name = item.name.removesuffix(".csv")
    columns = table.columns
    groups: dict[tuple, tuple[set, set, int]] = {}
    for i in range(table.rows):
        platform = str(columns["platform"][i]) if "platform" in columns else None
        key = (str(columns["system"][i]), str(columns["model"][i]), platform)
        sizes, gpus, first = groups.setdefault(key, (set(), set(), i))
        for column, into in (("snapshot_gb", sizes), ("size_gb", sizes), ("gpus", gpus)):
            if column in columns:
                into.add(float(columns[column][i]) if column != "gpus" else int(columns[column][i]))
    out = []
    for (system, model, platform), (sizes, gpus, first) in groups.items():
        import numpy as np

        line = int(table.line_of(np.asarray([first]))[0])
        out.append(Rows(name, system, model, platform, frozenset(sizes), frozenset(gpus), f"{item.name}:{line}"))
    return out


def _import_rows(data_dir: Path, config: TestConfig, spec) -> list[Rows]:
    """An import's rows: the sizes and GPUs its table gives, else those its files report (read as the build would)."""
    where = f"test.toml:{spec.line}"
    sizes = frozenset() if spec.snapshot_gb is None else frozenset({spec.snapshot_gb})
    gpus = frozenset() if spec.gpus is None else frozenset({spec.gpus})
    if not sizes and spec.into != "restore_times":
        sizes = _reported_sizes(data_dir, config, spec)
    platform = spec.platform if spec.into == "load_times" else None
    return [Rows(spec.into, spec.system, spec.model or "", platform, sizes, gpus, where)]


def _reported_sizes(data_dir: Path, config: TestConfig, spec) -> frozenset[float]:
    from report.inputs.ingest import imports as ingest
    from report.inputs.ingest.files import FolderFiles

    try:
        imported = ingest.run((spec,), config.training.model, FolderFiles(data_dir), ingest.Numbering())
    except (OSError, ValueError):
        return frozenset()
    if imported.problems:
        return frozenset()
    column = "size_gb" if spec.into == "load_times" else "snapshot_gb"
    return frozenset(float(v) for v in imported.rows.get(spec.table, {}).get(column, []))


#: jobs fio runs in one process (its own limit is 4096: 4095 already fails to set up its shared memory)
LOCAL_MAX_JOBS = 4000
#: jobs asked of one fio server: its default shared memory (smalloc, 16 MiB) holds about 800 of these jobs, beyond
#: which it runs part of them and says "smalloc: OOM" (C13: 739 of 2000 ran)
SERVER_MAX_JOBS = 600


def check_values(request: Request) -> None:
    """Values beyond any measurement, refused before they reach test.toml (a float holds whole numbers exactly up to
    2^53; the build refuses sizes beyond 10^12 GB)."""
    if request.gpus is not None and not request.gpus * request.concurrent < MAX_EXACT:
        raise refuse_usage(
            f"--gpus {request.gpus}: beyond any training job (the record holds whole numbers below 2^53 exactly)"
        )
    for name in ("runs", "writers", "concurrent"):
        value = getattr(request, name)
        if value > 1_000_000:
            option = "concurrent-jobs" if name == "concurrent" else name
            raise refuse_usage(f"--{option} {value}: beyond any joint test (at most 1,000,000)")
    jobs = request.writers * request.concurrent
    limit = SERVER_MAX_JOBS if request.clients else LOCAL_MAX_JOBS
    if jobs > limit:
        asked = f"--writers {request.writers}" + (
            f" × --concurrent-jobs {request.concurrent}" if request.concurrent > 1 else ""
        )
        where = (
            "a fio server runs about 800 such jobs in its default shared memory and only part of them beyond that"
            if request.clients
            else "fio runs at most 4096 jobs in one process"
        )
        raise refuse_usage(
            f"{asked} is {jobs} fio jobs on {'each host' if request.clients else 'this machine'}; {where}, so at"
            f" most {limit} are asked of it: lower --writers or --concurrent-jobs"
        )
    if request.sustain_s > 7 * 86400:
        raise refuse_usage(f"--sustain-s {request.sustain_s}: at most a week (604800 s) per sustained write")
    if request.window_ms > request.sustain_s * 1000:
        raise refuse_usage(f"--window-ms {request.window_ms}: longer than the sustained write (--sustain-s)")


def check(rows: list[Rows], config: TestConfig, request: Request, sizes: Sizes) -> None:
    """This session's rows against the folder's: one size and one GPU count per model (and platform) across every
    system, and a load of a model the other load system never loaded while it loaded one this system has not."""
    r = request
    planned: list[tuple[str, str, str | None, float, int | None]] = []
    if "save" in r.phases:
        assert r.gpus is not None  # the command refuses a save without --gpus (command.py, `needs`)
        gb = float(plan.gb_text(sizes.save_total(r.ranks) * r.concurrent))
        planned.append(("save_times", r.save_model, None, gb, r.gpus * r.concurrent))
    if "restore" in r.phases:
        planned.append(("restore_times", r.model, None, float(plan.gb_text(sizes.save_total(r.ranks))), None))
    if "load" in r.phases:
        assert r.load_model is not None  # the command refuses a load without --load-model (command.py, `needs`)
        planned.append(("load_times", r.load_model, r.platform, float(plan.gb_text(sizes.load_total(r.ranks))), None))
    problems: list[str] = []
    for table, model, platform, gb, gpus in planned:
        same = [x for x in rows if x.table == table and x.model == model and x.platform == platform]
        problems += _check_one(table, model, platform, gb, gpus, same, r)
    if "load" in r.phases:
        problems += _check_both_load(rows, config, r)
    if problems:
        raise refuse_usage("", lines=(*dict.fromkeys(problems), "Nothing was written."))


def _check_one(table, model, platform, gb, gpus, same: list[Rows], r: Request) -> list[str]:
    label = f'"{model}"' + (f' on "{platform}"' if platform else "")
    column = "size_gb" if table == "load_times" else "snapshot_gb"
    problems: list[str] = []
    for rows in same:
        other = next((v for v in sorted(rows.sizes) if v != gb), None)
        if other is not None and not any(" one size" in p for p in problems):
            verb = "read" if table == "load_times" else "write"
            each = int(gb * 1e9 / r.ranks + 0.5) / 2**20
            shape = f"{r.ranks} files of {each:g} MiB: {r.hosts} host(s) × --writers {r.writers}"
            problems.append(
                f"{rows.where}: the {table} rows of {label} ({rows.system}) have {column} = {other:.12g}; this session"
                f" would {verb} {gb:.12g} GB ({shape}), and the rows of one model share one size: measure with the"
                f" size, --writers, --block-size and number of hosts that gave {other:.12g} GB"
            )
        wrong = next((g for g in sorted(rows.gpus) if g != gpus), None)
        if gpus is not None and wrong is not None and not any(" one GPU count" in p for p in problems):
            given = f"--gpus {r.gpus}" + (f" × {r.concurrent} saves at once" if r.concurrent > 1 else "")
            problems.append(
                f"{rows.where}: the save_times rows of {label} ({rows.system}) have gpus = {wrong}; {given} would give"
                f" {gpus}, and the rows of one model share one GPU count: measure with --gpus"
                f" {wrong // r.concurrent if wrong % r.concurrent == 0 else wrong}"
            )
    return problems


def _check_both_load(rows: list[Rows], config: TestConfig, r: Request) -> list[str]:
    """Each (model, platform) of load_times needs rows of both load systems. A load the other system never did,
    while it did one this system has not, is most likely a typo (field test S5: --load-model 13B for 7B)."""
    systems = {config.systems.load_baseline, config.systems.candidate}
    if r.system not in systems:
        return []
    other = next(iter(systems - {r.system}), None)
    loads = [x for x in rows if x.table == "load_times"]
    theirs = {(x.model, x.platform) for x in loads if x.system == other}
    mine = {(x.model, x.platform) for x in loads if x.system == r.system}
    if not theirs or (r.load_model, r.platform) in theirs:
        return []
    missing = sorted(theirs - mine)
    if not missing:
        return []
    model, platform = missing[0]
    where = next(x.where for x in loads if x.system == other and (x.model, x.platform) == (model, platform))
    return [
        f'{where}: "{other}" loaded "{model}" on "{platform}", which "{r.system}" has not; this session would load'
        f' "{r.load_model}" on "{r.platform}", which "{other}" never loaded, and both load systems must load each'
        f' model: give --load-model "{model}" --platform "{platform}" (or load "{r.load_model}" on "{other}" too)'
    ]


def output_bytes(request: Request) -> int:
    """A generous estimate of what the session writes into the joint-test folder: fio's JSON per run (a few KiB per
    job and host), the sustained writes' window logs (about 40 bytes a window per job), the job files, test.toml."""
    jobs = request.writers * request.concurrent * request.hosts
    per_run = (16 << 10) + jobs * (8 << 10)
    total = request.runs * per_run * (len(request.phases) + ("load" in request.phases))
    if "sustain" in request.phases:
        windows = request.sustain_s * 1000 // max(1, request.window_ms) + 2
        total += request.runs * windows * 40 * request.writers * request.hosts
    return total + (256 << 10)
