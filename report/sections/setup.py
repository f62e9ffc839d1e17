"""Test setup and data sources: systems, workload, assumptions, environment and where each input came from."""

from __future__ import annotations

from report.compute.agreement import targets_agreed_on
from report.compute.audit import bytes_from_fio
from report.document.blocks import (
    Column,
    Definitions,
    Para,
    Section,
    Table,
)
from report.formatting import (
    count,
    gb,
    given,
    long_duration,
    num,
    price,
    seconds,
    x3,
)
from report.i18n import _, date, join_words
from report.inputs.config import CSV_INPUTS, TestConfig
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.inputs.joint_test import JointTest
from report.inputs.specs import ReliabilitySpec
from report.wording.base import SAVE_INPUTS, Words
from report.wording.environment import access_path_note, basis_note, environment_note
from report.wording.labels import colophon_title, input_label
from report.wording.loads import memory_load_systems
from report.wording.phrases import (
    counted_noun,
)
from report.wording.protection import protection_note
from report.wording.record_facts import staging_unverified_note
from report.wording.reference import reference_status
from report.wording.retuning import FAR_MTBF
from report.wording.sceptic import hinged_thresholds
from report.wording.statements import sources_by_system
from report.wording.workloads import other_workloads, other_workloads_words

ID = "setup"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def _others_note(w: Words) -> str:
    """What the table's "Timed saves" leaves out: the save times' other workloads, not analysed."""
    others = other_workloads(w)
    if not others:
        return ""
    if w.m.projections:
        text = _(
            "“Timed saves” counts the runs of the training model, the only ones the gates and the training-time "
            "figures use. The save times also hold {others}: the summary gives their ratios, and the "
            "projections' fitted line takes every save row."
        )
    else:
        text = _(
            "“Timed saves” counts the runs of the training model, the only ones the gates and the training-time "
            "figures use. The save times also hold {others}: the summary gives their ratios."
        )
    return text.format(others=other_workloads_words(w))


def _job_gpus(w: Words) -> str:
    """The training job's GPU count, and, where fio timed every save, that it is the count the imports give, not GPUs
    fio used (cold read 16: the fio example's "2" read as its GPUs; the MTBF, jobs and GPU-equivalents rest on it)."""
    gpus = count(w.m.save.baseline.gpus)
    if not bytes_from_fio(w.test):
        return gpus
    return _("{gpus}, as the test plan gives it (fio itself ran on no GPU)").format(gpus=gpus)


def _baselines_note(w: Words) -> str:
    """Where the saves and the loads have different baselines, that each speedup is against its own (cold read 18,
    M10: "1.89×" and "6.20×–9.30×" against two incumbents, never said)."""
    systems = w.config.systems
    if systems.save_baseline == systems.load_baseline:
        return ""
    return _(
        "The saves are compared with {save} and the loads with {load}: this test sets a baseline for each workload, "
        "so each speedup is against its own baseline and says nothing of the candidate against the other."
    ).format(save=systems.save_baseline, load=systems.load_baseline)


def _far_mtbf(c: TestConfig) -> str:
    """A per-GPU MTBF that test.toml sets far from the default, said beside the assumptions (cold read 18, M9: 100 h,
    507× shorter than Llama 3's, drove every failure figure without a word)."""
    if c.is_default("reliability.gpu_mtbf_hours"):
        return ""
    value, default = c.reliability.gpu_mtbf_hours, ReliabilitySpec().gpu_mtbf_hours
    if default / FAR_MTBF < value < default * FAR_MTBF:  # the same limit as the findings' (retuning.far_mtbf)
        return ""
    text = (
        _(
            " The per-GPU MTBF set for this test, {value} h, is {ratio} shorter than the default taken from Llama 3's "
            "training ({default} h): every failure figure rests on it, so confirm it with the cluster's own failure "
            "records."
        )
        if value < default
        else _(
            " The per-GPU MTBF set for this test, {value} h, is {ratio} longer than the default taken from Llama 3's "
            "training ({default} h): every failure figure rests on it, so confirm it with the cluster's own failure "
            "records."
        )
    )
    ratio = max(value, default) / min(value, default)
    return text.format(value=num(value, 0), default=num(default, 0), ratio=x3(ratio))


def _loads_imported(w: Words) -> bool:
    """Whether every load time came from a tool's output ([[import]] into load_times, no load_times.csv)."""
    return "load_times" not in w.illustrative and "load_times.csv" not in w.test.raw


def _agreed() -> str:
    """The source of a value the test's plan sets: agreed for this test, whoever wrote it down (CONTRACT.md, settled
    point 13; no file of the tool named on a customer page)."""
    return _("Agreed for this test")


def _staging_source() -> str:
    """The source of a staging time: the test setup gives it, measured or agreed, and no attached record holds its
    saves' times; said as the next steps say it (cold read 16, U-M2: "Agreed for this test" here, "measured" in the
    environment, "time the staging" in the next steps)."""
    return _("Given in the test setup; no attached record")


def _default_or(cfg: TestConfig, key: str) -> str:
    """A reference value where the plan leaves `key` out (not agreed with the customer; the table's note says so), else
    agreed for this test."""
    # the contract's "the tool's default, not agreed with the customer" said by what it means, without the tool, which
    # a customer never sees (cold read 14c, P-m4; zh reading 14c, P-m1): report/wording/reference.py
    return reference_status() if cfg.is_default(key) else _agreed()


def _assumptions_note(c: TestConfig, sources: set[str]) -> str:
    """The assumptions table's note: each term of its Source column explained only where a row uses it (Chinese reading
    13b, X-12: "常规取值" explained under a table where no row carried it), and a far MTBF's caution."""
    notes = []
    if reference_status() in sources:
        # the MTBF's source only where it is the default (cold read 12, m6: retune sets 10,000 h)
        notes.append(
            _(
                "“Reference value”: a value not set for this test and not agreed with the customer, which the "
                "report takes from published practice (per-GPU MTBF from Llama 3's training: 419 unexpected "
                "interruptions in 54 days on 16,384 GPUs)."
            )
            if c.is_default("reliability.gpu_mtbf_hours")
            else _(
                "“Reference value”: a value not set for this test and not agreed with the customer, which the "
                "report takes from common practice."
            )
        )
    if _("Agreed for this test; undated") in sources:
        notes.append(
            _(
                "“Undated”: a threshold a pass rests on, other than the usual one, that nothing in the test record "
                "shows agreed before the runs."
            )
        )
    return (" ".join(notes) + _far_mtbf(c)).strip()


def _async_rows(w: Words) -> tuple[tuple[str, str, str], ...]:
    """[async]'s assumptions: each save system's staging time (one row when both are the same, given as one number),
    and the GPUs a node that the host memory for staging counts."""
    c, a = w.config, w.m.async_
    if c.async_saves is None:
        # the node's size the per-node figures count: storage local to each node (cold read 20, M2) and the host
        # memory for staging, which every report's asynchronous section states (cold read 22, m5)
        label = (
            _("GPUs per node (host memory for staging; storage local to each node)")
            if w.m.node_local is not None
            else _("GPUs per node (host memory for staging)")
        )
        return ((label, count(c.gpus_per_node), _default_or(c, "training.gpus_per_node")),)
    sides = tuple(zip(w.m.save.sides(), a.sides(), strict=True))
    staging: tuple[tuple[str, str, str], ...]
    if len(set(c.async_saves.staging_s.values())) == 1:
        staging = ((_("Staging time per save, both systems"), seconds(a.baseline.staging_s), _staging_source()),)
    else:
        staging = tuple(
            (
                _("Staging time per save, {system}").format(system=save.system),
                seconds(side.staging_s),
                _staging_source(),
            )
            for save, side in sides
        )
    per_node = (
        _("GPUs per node (host memory for staging; storage local to each node)")
        if w.m.node_local is not None
        else _("GPUs per node (host memory for staging)"),
        count(c.gpus_per_node),
        _default_or(c, "training.gpus_per_node") if c.is_default("async.gpus_per_node") else _agreed(),
    )
    return (*staging, per_node)


def _economics_rows(c: TestConfig) -> tuple[tuple[str, str, str], ...]:
    """[economics]'s assumptions: the price of a GPU-hour, the power and PUE when the power is given, the runs a year
    and the checkpoints retained."""
    e = c.economics
    if e is None:
        return ()
    rows = [(_("Price of a GPU-hour"), price(e.gpu_hour_price, e.currency), _agreed())]
    if e.gpu_power_kw is not None:
        rows += [
            (_("Power of a GPU"), f"{given(e.gpu_power_kw)} kW", _agreed()),
            (_("Power usage effectiveness (PUE)"), given(e.pue), _default_or(c, "economics.pue")),
        ]
    rows += [
        (_("Training runs a year"), count(e.runs_per_year), _agreed()),
        (
            _("Checkpoints retained"),
            count(e.retained_checkpoints),
            _default_or(c, "economics.retained_checkpoints"),
        ),
    ]
    return tuple(rows)


def build(w: Words) -> Section:
    m, c = w.m, w.config
    s, b = m.save, m.bubble
    setup = Table(
        "setup",
        _("Systems and workload"),
        (Column(_("Item"), False), Column(_("Value"), False)),
        (
            (_("Candidate (system under test)"), w.hereafter(c.systems.candidate)),
            (_("Save baseline"), w.hereafter(c.systems.save_baseline)),
            (
                _("Load baseline"),
                # said once: a system that is both baselines is introduced in the row above
                c.systems.load_baseline
                if c.systems.load_baseline == c.systems.save_baseline
                else w.hereafter(c.systems.load_baseline),
            ),
            (_("Training model"), c.training.model),
            (_("Checkpoint size"), gb(s.baseline.snapshot_gb)),
            (_("GPUs in the training job"), _job_gpus(w)),
            (_("Timed saves (baseline / candidate)"), f"{s.baseline.runs} / {s.candidate.runs}"),
            (
                _("Bandwidth samples (baseline / candidate)"),
                f"{count(m.bandwidth.baseline.samples)} / {count(m.bandwidth.candidate.samples)}",
            ),
            (
                # "timed" only of loads a tool's output gave: supplied or illustrative load times were not timed here
                _("Model loads timed") if _loads_imported(w) else _("Model loads"),
                counted_noun(len(m.load.models), "{n} model/platform pair", "{n} model/platform pairs"),
            ),
        ),
        " ".join(t for t in (_baselines_note(w), _others_note(w)) if t),
    )
    duration_source = (
        _agreed()
        if c.training.baseline_duration_s is not None
        else (
            _("derived: {steps} × {step} + {saves} × stall")
            if m.checkpoint_mode == "async"
            else _("derived: {steps} × {step} + {saves} × save time")
            # the step time as its row above prints it (cold read 22, m8: "0.500 s" above "10,000 × 0.5 s")
        ).format(steps=count(b.total_steps), step=seconds(m.reliability.step_time_s), saves=count(b.saves))
    )
    # The compute time per step drives every training-time figure: given, or derived from the wall time.
    step_row = (
        (
            _("Compute time per step"),
            seconds(m.reliability.step_time_s),
            _agreed() if c.training.step_time_s is not None else _("derived: (wall time − saves × save time) ÷ steps"),
        ),
    )
    g = c.gates
    hinged, agreed = hinged_thresholds(m, c), targets_agreed_on(c)

    def threshold(key: str) -> str:
        # the summary's risks say the same of the same thresholds (cold read 13b, Y-B1), and the date the record
        # gives for their agreement where it gives one (cold read 16, T-M1)
        if key not in hinged:
            return _default_or(c, key)
        if agreed is not None:
            return _("Agreed for this test on {date}").format(date=date(agreed))
        return _("Agreed for this test; undated")

    rows = (
        (_("Training steps"), count(b.total_steps), _agreed()),
        (_("Steps between saves"), count(b.checkpoint_interval_steps), _agreed()),
        *step_row,
        *_async_rows(w),
        (_("Saves in the run"), count(b.saves), _("steps ÷ interval, rounded down")),
        (_("Wall time with baseline saves"), long_duration(b.baseline_duration_s), duration_source),
        (_("Cluster size for GPU-equivalents"), count(b.cluster_gpus), _default_or(c, "training.cluster_gpus")),
        (
            _("Per-GPU mean time between failures"),
            f"{num(m.reliability.gpu_mtbf_hours, 0)} h",
            _default_or(c, "reliability.gpu_mtbf_hours"),
        ),
        (_("Restart after a failure"), seconds(m.reliability.restart_s), _default_or(c, "reliability.restart_s")),
        *_economics_rows(c),
        (_("Runs needed per system (G1, G2)"), str(g.min_runs), _default_or(c, "gates.min_runs")),
        (_("Largest spread (CV) accepted"), f"{given(g.max_cv_pct)}%", threshold("gates.max_cv_pct")),
        (_("Save-time speedup target (G3)"), f"{given(g.target_speedup)}×", threshold("gates.target_speedup")),
        (
            _("Training-time reduction target (G4)"),
            f"{given(g.target_duration_reduction_pct)}%",
            threshold("gates.target_duration_reduction_pct"),
        ),
    )
    assumptions = Table(
        "assumptions",
        _("Assumptions and thresholds used by the analysis"),
        (Column(_("Assumption"), False), Column(_("Value")), Column(_("Source"), False)),
        rows,
        _assumptions_note(c, {source for _label, _value, source in rows}),
    )
    blocks: list = [setup]
    if c.environment:
        blocks.append(
            Table(
                "environment",
                _("Test environment (as recorded for this test)"),
                (Column(_("Item"), False), Column(_("Description"), False)),
                tuple(c.environment),
            )
        )
    # what a formal report states of the environment and this record does not give (issue 45)
    blocks += [note] if (note := basis_note(w)) is not None else []  # 检测依据 (Chinese reading 18, X-M7)
    blocks += [note] if (note := environment_note(w)) is not None else []
    blocks += [note] if (note := staging_unverified_note(w)) is not None else []  # zh reading 18, X-M6
    blocks += [note] if (note := access_path_note(w)) is not None else []
    blocks += [note] if (note := protection_note(w)) is not None else []  # a limit of the comparison (W-M5)
    blocks += [note] if (note := _client_cpu(w)) is not None else []
    blocks += [assumptions, Para(_("Data sources"), "heading"), _sources(w)]
    return Section(ID, _("Test setup and data sources"), tuple(blocks))


def _client_cpu(w: Words) -> Para | None:
    """The runs `measure` found bound by the CPU of the machine running fio rather than by the storage (the rule:
    report/measure/outcome.py's RunResult.cpu_bound, on fio's own threads' CPU use): named, as their times say
    as much about that machine as about the storage (field test T3: a RAM target slower than a disk, a saturated
    2-core client, printed without a word)."""
    phases = {
        "save_times": _("save"),
        "restore_times": _("restore"),
        "load_times": _("load"),
        "bandwidth": _("sustained write"),
        "scaling": _("client-sweep write"),
    }
    runs = [
        _("{count} of {total} {phase} runs on {system}").format(
            count=len(spec.cpu_bound), total=len(spec.files), phase=phases[spec.into], system=spec.system
        )
        for spec in w.config.imports
        if spec.cpu_bound
    ]
    if not runs:
        return None
    return Para(
        _(
            "Bound by the processors of the machine running fio rather than by the storage: {runs}. Their times say "
            "as much about that machine as about the storage."
        ).format(runs=join_words(runs)),
        "warning",
    )


def _sources(w: Words) -> Definitions:
    c = w.config
    items, marks = [], []
    for name in CSV_INPUTS:
        if name == "restore_times" and name not in c.sources and w.test.restores is None:
            continue  # optional: no restore measured, nothing to source
        if name == "scaling" and name not in c.sources and w.test.scaling is None:
            continue  # likewise: client scaling not measured
        text = c.sources.get(name) or _unnoted(w.test, name)
        items.append((input_label(name), text))
        marks.append(_source_mark(w, name))
    durable_not = {side.system for side in w.sides if side.key in w.m.not_durable}
    memory = set(memory_load_systems(w.m, c))
    for label, text, system, into in _imported_sources(w.test):
        items.append((label, text))
        if system in durable_not and into in SAVE_INPUTS:
            marks.append(("illustrative", _("{origin}, not durable").format(origin=_("Imported"))))
        elif system in memory and into == "load_times":
            marks.append(("illustrative", _("{origin}, reads memory").format(origin=_("Imported"))))
        else:
            marks.append(("measured", _("Imported")))
    return Definitions(tuple(items), "sources", tuple(marks))


def _unnoted(test: JointTest, name: str) -> str:
    """An input without a source note: where its rows came from, when imports gave some of them (cold read 18, M2:
    "No source note given" above three import lines, and a bandwidth given in part and imported in part)."""
    sources = sources_by_system(test, name)
    file = f"{name}.csv"
    imported = [system for system, kinds in sources.items() if set(kinds) - {file}]
    if not imported:
        return _("No source note given.")
    given = [system for system, kinds in sources.items() if file in kinds]
    if not given:
        return _("Imported: each system's line below says from what.")
    return _("Rows of {given} supplied as given, with no source note; rows of {imported} imported (below).").format(
        given=join_words(given), imported=join_words(imported)
    )


def _source_mark(w: Words, name: str) -> tuple[str, str]:
    """The badge of an input in the sources list, from what the report knows of it: declared illustrative, rows a
    tool's output gave (imported), or rows supplied in the CSV, which the report takes as given and cannot check
    (a published figure is such a row); a save input of a system whose saves are not durable says so as well."""
    if name in w.illustrative:
        return "illustrative", _("Illustrative")
    origin = (
        (_("Supplied and imported") if name in _per_system(w.test) else _("Supplied"))
        if f"{name}.csv" in w.test.raw
        else _("Imported")
    )
    if name in _per_system(w.test):  # each system's line below carries its own badge (fifth cold read, m13)
        return "measured", origin
    if w.m.not_durable and name in SAVE_INPUTS:
        return "illustrative", _("{origin}, not durable").format(origin=origin)
    if name == "load_times" and memory_load_systems(w.m, w.config):  # marked as the loads are (cold read 3, m-12)
        return "illustrative", _("{origin}, reads memory").format(origin=origin)
    return "measured", origin


def _per_system(test: JointTest) -> set[str]:
    """The inputs whose rows came from imports, one line per system in the sources list."""
    return set() if test.imported is None else {use.into for use in test.imported.tools if use.system}


def _imported_sources(test: JointTest) -> list[tuple[str, str, str, str]]:
    """One line per [[import]]: the tool, the version its files report, the table it fed and from which files (with
    the system and the table, for its badge)."""
    if test.imported is None:
        return []
    lines = []
    for use in test.imported.tools:
        name = IMPORT_TOOLS[use.tool].name
        tool = (
            _("{versions} output").format(versions=_(", ").join(use.versions))
            if use.versions
            else _("{tool} output (no version given)").format(tool=name)
        )
        # the files by number only: the customer pages name no input file (field test 7, m19); the colophon, an
        # appendix, lists every one with its SHA-256
        colophon = colophon_title()
        files = (
            _("one file, listed in “{section}”").format(section=colophon)
            if len(use.files) == 1
            else _("{count} files, listed in “{section}”").format(count=count(len(use.files)), section=colophon)
        )
        label = {
            "save_times": _("Save times of {system}"),
            "bandwidth": _("Bandwidth samples of {system}"),
            "load_times": _("Load times of {system}"),
            "restore_times": _("Restore times of {system}"),
            "scaling": _("Write bandwidth by client count of {system}"),
        }[use.into]
        lines.append(
            (
                label.format(system=use.system),
                _("imported from {tool}: {files}").format(tool=tool, files=files),
                use.system,
                use.into,
            )
        )
    return lines
