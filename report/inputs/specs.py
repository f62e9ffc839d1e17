"""What test.toml says, validated: the frozen dataclasses parse_config returns and the input names."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

FILE = "test.toml"


@dataclass(frozen=True)
class Systems:
    """The names of the three systems, as save_times/bandwidth/load_times spell them."""

    candidate: str
    save_baseline: str
    load_baseline: str
    not_durable: tuple[str, ...] = ()  #: save systems whose saves would not survive a power loss (schema 3)
    #: save systems local to each node (a node's own drives, tmpfs): their bandwidth was logged on one node, and a
    #: cluster writes to as many of them as it has nodes (an extension of the contract: docs/node-local.md)
    node_local: tuple[str, ...] = ()
    #: [systems] short (schema 4): full name -> the short name the report uses after a section's first mention; a
    #: system without one is not a key. Not a figure: metrics.json always names systems in full.
    short: dict[str, str] = field(default_factory=dict)

    def short_name(self, name: str) -> str:
        """The short name of system `name` ([systems] short), else the name itself."""
        return self.short.get(name, name)

    def names(self, name: str) -> set[str]:
        """The names the record may call system `name` by: its name and its short name (one if it has none)."""
        return {name, self.short_name(name)}


@dataclass(frozen=True)
class Training:
    """The training run the bubble analysis models."""

    model: str
    total_steps: int
    checkpoint_interval_steps: int
    baseline_duration_s: float | None
    step_time_s: float | None
    cluster_gpus: int
    checkpoint_mode: str = "sync"  #: "sync": training waits for each save; "async": only while it is staged
    gpus_per_node: int | None = None  #: [training] gpus_per_node as given (schema 4); TestConfig.gpus_per_node resolves


@dataclass(frozen=True)
class ProjectionSpec:
    """A checkpoint size to project save times to; `saves` None means the training run's."""

    name: str
    snapshot_gb: float
    saves: int | None
    gpus: int | None = None  #: GPUs of the projected job (schema 4): required when a save system is node-local


@dataclass(frozen=True)
class Thresholds:
    """Thresholds of the joint-test gates G1 to G4."""

    min_runs: int = 3
    max_cv_pct: float = 5.0
    target_speedup: float = 1.5
    target_duration_reduction_pct: float = 2.0


@dataclass(frozen=True)
class ReliabilitySpec:
    """Failure assumptions: per-GPU mean time between failures and the cost of a restart."""

    gpu_mtbf_hours: float = 50677.0
    restart_s: float = 600.0


@dataclass(frozen=True)
class EconomicsSpec:
    """What an hour of one GPU costs, and how often the training run is repeated: the value of the time saved."""

    gpu_hour_price: float
    currency: str
    runs_per_year: int
    retained_checkpoints: int = 3
    gpu_power_kw: float | None = None  #: average draw of one GPU with its share of the server; None: no energy
    pue: float = 1.0  #: the data centre's power usage effectiveness
    #: up-front price of the candidate storage sized for the cluster, in `currency` (schema 4); None: no payback
    candidate_price: float | None = None
    #: the years the candidate is to stay in service, agreed for this test; None: the tool's assumed default
    service_life_years: float | None = None


@dataclass(frozen=True)
class ReportSpec:
    """[report] (schema 4): who stands behind the report, each text trimmed, None where not given. Not a figure:
    metrics.json echoes none of it."""

    number: str | None = None  #: the report's number, printed on page 1 and in every footer
    revision: str | None = None  #: its revision
    commissioned_by: str | None = None  #: the customer who asked for the test
    tested_by: str | None = None  #: who ran it
    prepared_by: str | None = None  #: the sign-off block: prepared by (a name)
    reviewed_by: str | None = None  #: reviewed by
    approved_by: str | None = None  #: approved by


@dataclass(frozen=True)
class ScalingClaim:
    """[scaling]: a claim that the candidate's aggregate write bandwidth stays `low` to `high` times the baseline's
    when many client nodes write at once, and who made it (printed as given). Not a figure: it changes only words."""

    low: float  #: the claimed advantage's lower end (× the baseline's aggregate)
    high: float  #: its upper end, >= low
    source: str  #: who made the claim, e.g. "the Mingxin FX100 white paper"


# GPUs per node where [async] does not say: the host memory a staged checkpoint takes per node, and the nodes of
# storage local to each node, count by it.
GPUS_PER_NODE = 8


@dataclass(frozen=True)
class AsyncSaves:
    """[async]: how long one save blocks training while its state is staged to host memory, per save system."""

    staging_s: dict[str, float]  #: save system name -> seconds
    gpus_per_node: int = GPUS_PER_NODE


# The inputs a figure can be derived from, in the contract's order (the order of `inputs_illustrative`).
CSV_INPUTS = ("save_times", "bandwidth", "load_times", "restore_times", "scaling")
CHECKPOINT_MODES = ("sync", "async")


@dataclass(frozen=True)
class ImportSpec:
    """One [[import]] table: which tool's files become rows of which table, and the columns the tool does not give."""

    index: int  #: 0-based position among the [[import]] tables
    line: int  #: line of its [[import]] header in test.toml
    tool: str  #: an id of report/inputs/ingest/tools.py's registry (fio, mlperf, megatron, nemo, torchtitan)
    files: tuple[str, ...]  #: paths or globs inside the folder
    system: str
    into: str  #: save_times, load_times, bandwidth, restore_times or scaling
    model: str | None = None
    gpus: int | None = None
    snapshot_gb: float | None = None  #: or size_gb for loads
    platform: str | None = None
    files_line: int | None = None  #: line of its `files` key
    async_mode: str | None = None  #: torchtitan's checkpoint.async_mode the log was written with
    filesystem: str | None = None  #: fio runs made by measure: the file system they were measured on ("ext4")
    medium: str | None = None  #: ... what holds its data: "memory", "storage", or "unknown" from where it was seen
    cpu_bound: tuple[str, ...] = ()  #: ... the runs (among `files`) whose client was bound by its CPU

    @property
    def table(self) -> str:
        """The CSV file name the rows belong to."""
        return f"{self.into}.csv"


@dataclass(frozen=True)
class Texts:
    """[text.<language>] (report/inputs/texts.py): one language's free texts, each absent where test.toml does not
    give it."""

    title: str | None = None
    customer: str | None = None
    model: str | None = None  #: the training model as printed
    systems: dict[str, str] = field(default_factory=dict)  #: full name -> name as printed
    short: dict[str, str] = field(default_factory=dict)  #: full name -> short name in this language
    projections: dict[str, str] = field(default_factory=dict)  #: name -> name as printed
    report: dict[str, str] = field(default_factory=dict)  #: [report] key -> text
    sources: dict[str, str] = field(default_factory=dict)  #: [sources] key -> note
    environment: dict[str, tuple[str, str]] = field(default_factory=dict)  #: [environment] key -> (label, text)
    models: dict[str, str] = field(default_factory=dict)  #: a load (or other save) model's name -> name as printed
    platforms: dict[str, str] = field(default_factory=dict)  #: a load platform's name -> name as printed
    claim_source: str | None = None  #: [scaling] claim_source as printed

    def names(self, training_model: str) -> dict[str, str]:
        """Every name as it joins the data mapped to the name printed: systems, the training model, the other models
        and the load platforms, projections."""
        out = dict(self.systems) | self.models
        if self.model is not None:
            out[training_model] = self.model
        return out | self.platforms | self.projections


@dataclass(frozen=True)
class TestConfig:
    """Everything test.toml says, validated."""

    title: str
    customer: str
    date: dt.date
    systems: Systems
    training: Training
    projections: tuple[ProjectionSpec, ...]
    sources: dict[str, str] = field(default_factory=dict)
    #: inputs whose own [sources] note says measured, whatever the edition's language (report/inputs/notes.py)
    measured: frozenset[str] = frozenset()
    gates: Thresholds = Thresholds()
    reliability: ReliabilitySpec = ReliabilitySpec()
    illustrative: tuple[str, ...] = ()  #: inputs declared illustrative, in CSV_INPUTS order
    economics: EconomicsSpec | None = None
    async_saves: AsyncSaves | None = None  #: [async]; required in async mode, a what-if in sync mode
    environment: tuple[tuple[str, str], ...] = ()  #: [environment] labels and texts, in the order given
    language: str = "en"
    given: frozenset[str] = frozenset()  #: dotted keys test.toml gives (the rest are defaults)
    report: ReportSpec = ReportSpec()  #: [report] (schema 4); every field None without it
    scaling_claim: ScalingClaim | None = None  #: [scaling]: the claim the client sweep is weighed against, if any
    #: [text.<language>]: the free texts as printed in another language than test.toml's (report/inputs/texts.py)
    texts: dict[str, Texts] = field(default_factory=dict)

    @property
    def gpus_per_node(self) -> int:
        """The one node size every figure uses (CONTRACT.md, schema 4, settled point 4): [training] gpus_per_node,
        else [async] gpus_per_node, else 8 (parse_config refuses the two given and different)."""
        if self.training.gpus_per_node is not None:
            return self.training.gpus_per_node
        return GPUS_PER_NODE if self.async_saves is None else self.async_saves.gpus_per_node

    def is_default(self, key: str) -> bool:
        """Whether a dotted key such as "reliability.restart_s" takes its default value (test.toml omits it)."""
        return key not in self.given

    imports: tuple[ImportSpec, ...] = ()
