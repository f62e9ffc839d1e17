"""The import tools, one registry: test.toml's `tool = "…"`, the name the report prints, the tables each may feed and
the reader that turns its files into runs. Config, the imports and the report read only this list; a new tool is its
module (a parser and its `measure`) and one line here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from report.inputs.ingest.files import Listing
    from report.inputs.ingest.measured import Files, Measured
    from report.inputs.specs import ImportSpec
    from report.problems import Problem

    #: (spec, the matched files, where they are read, the training model) -> (runs, tool versions, problems)
    Reader = Callable[[ImportSpec, list[str], Files, str], tuple[list[Measured], tuple[str, ...], list[Problem]]]
    #: (spec, a matched file, its bytes, the folder's listing) -> (files read beside it, problems)
    Companions = Callable[[ImportSpec, str, bytes, Listing], tuple[list[str], list[Problem]]]


@dataclass(frozen=True)
class ImportTool:
    """One tool whose own output an [[import]] table reads."""

    id: str  #: test.toml's tool = "…"
    name: str  #: as the report names it
    targets: tuple[str, ...]  #: the tables its output may feed (test.toml's into = "…"), as messages list them
    reader: Reader
    companions: Companions | None = None  #: files read beside a matched one (None: only the matched files)
    trainer_log: bool = (
        False  #: a training framework's log: no sizes (snapshot_gb required for saves), refused if async
    )
    #: the values of its required `async_mode` key (its log does not say whether saves were asynchronous), or ()
    async_modes: tuple[str, ...] = ()
    logs_bandwidth: bool = False  #: an import of the training model's saves also gives bandwidth.csv samples
    counts_bytes: bool = False  #: its files give the bytes each save wrote (held within 1% of snapshot_gb)
    #: its load and restore times time reads of files only: nothing deserialised, nothing copied to a GPU
    reads_files: bool = False
    #: `python -m report measure` runs it and records beside its runs what they were measured on (filesystem, medium,
    #: cpu_bound: report/inputs/import_tables.py's _MEASURED_KEYS)
    run_by_measure: bool = False
    #: a storage benchmark that neither runs nor emulates an accelerator (MLPerf Storage emulates one): a joint test
    #: timed by it alone has no accelerator model to record (field test 8, minor 13)
    no_accelerator: bool = False
    #: what its import reads, as a refusal of a document names it ("name … in files instead": identify.py)
    reads: str = ""


def _read_by(module: str, function: str) -> Callable:
    """`report.inputs.ingest.<module>.<function>`, imported when first called: test.toml is parsed where no file is read
    and fio's reader's numpy and pyarrow (0.13 s) would be paid for nothing (verify, checking what a report carries)."""

    def call(*args, **kwargs):
        from importlib import import_module

        return getattr(import_module(f"report.inputs.ingest.{module}"), function)(*args, **kwargs)

    call.__qualname__ = call.__name__ = f"{module}.{function}"
    return call


def _by_table(default: Callable, **by_table: Callable) -> Callable:
    """A reader (or companions) that hands an import to the one registered for its table (`spec.into`), else to
    `default`: fio's client/server runs become scaling rows in a module of their own (fio_scaling)."""

    def call(spec, *args, **kwargs):
        return by_table.get(spec.into, default)(spec, *args, **kwargs)

    call.__qualname__ = call.__name__ = getattr(default, "__name__", "reader")
    return call


TOOLS: tuple[ImportTool, ...] = (
    ImportTool(
        "fio",
        "fio",
        ("save_times", "load_times", "bandwidth", "restore_times", "scaling"),
        _by_table(_read_by("fio", "measure"), scaling=_read_by("fio_scaling", "measure")),
        _by_table(_read_by("fio", "companions"), scaling=_read_by("fio_scaling", "companions")),
        logs_bandwidth=True,
        counts_bytes=True,
        run_by_measure=True,
        reads_files=True,
        no_accelerator=True,
        reads="fio's JSON output (fio --output-format=json)",
    ),
    ImportTool(
        "mlperf",
        "MLPerf Storage (DLIO)",
        ("save_times", "load_times", "restore_times"),
        _read_by("mlperf", "measure"),
        _read_by("mlperf", "companions"),
        reads="the run folder's *per_epoch_stats.json",
    ),
    ImportTool(
        "megatron",
        "Megatron-LM",
        ("save_times", "restore_times"),
        _read_by("megatron", "measure"),
        trainer_log=True,
        reads="the training log with its save-checkpoint (or load-checkpoint) timer lines",
    ),
    ImportTool(
        "nemo",
        "NeMo",
        ("save_times", "restore_times"),
        _read_by("nemo", "measure"),
        trainer_log=True,
        reads="the training log with its 'Global Checkpoint Save' (or 'Global Checkpoint Load') lines",
    ),
    ImportTool(
        "torchtitan",
        "torchtitan",
        ("save_times",),
        _read_by("torchtitan", "measure"),
        trainer_log=True,
        async_modes=("disabled", "async", "async_with_pinned_mem"),  # checkpoint.async_mode; only "disabled" saves
        reads="the training log with its 'Finished saving the checkpoint' lines",
    ),
)
#: The registry by id.
IMPORT_TOOLS: dict[str, ImportTool] = {tool.id: tool for tool in TOOLS}
