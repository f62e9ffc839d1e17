"""Building the templates' context: display values, tables and sentences, every one made from the figures."""

from __future__ import annotations

import math
from dataclasses import dataclass

from report.charts import Chart
from report.compute import SIDES, Metrics, SaveSide
from report.config import TestConfig
from report.formatting import (
    count,
    gb,
    gbps,
    hours,
    long_duration,
    mean_sd,
    num,
    pct,
    seconds,
    times,
    times_range,
)
from report.inputs import media_type
from report.load import JointTest
from report.provenance import Provenance
from report.runs import BandwidthLog

# A raw table longer than this is summarised in the appendix rather than printed row by row.
MAX_RAW_ROWS = 40


@dataclass(frozen=True)
class Column:
    """A table column: its header (with unit), whether it holds numbers (right-aligned), or long codes."""

    label: str
    numeric: bool = True
    code: bool = False

    @property
    def css(self) -> str:
        """The cells' class: "num" for numbers, "hash" for long codes that may break anywhere."""
        return "num" if self.numeric else "hash" if self.code else ""


@dataclass(frozen=True)
class Table:
    """A captioned table of display strings."""

    id: str
    caption: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class KeyFigure:
    """A headline box of the executive summary."""

    value: str
    label: str
    note: str


@dataclass(frozen=True)
class Answer:
    """One question of the Q&A and its answer in sentences."""

    question: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class GateRow:
    """A gate as the gate table shows it."""

    id: str
    name: str
    status: str
    label: str
    detail: str


@dataclass(frozen=True)
class ReportContext:
    """Everything the templates show; templates only loop over and print these values."""

    title: str
    customer: str
    date: str
    date_iso: str
    candidate: str
    save_baseline: str
    load_baseline: str
    key_figures: tuple[KeyFigure, ...]
    summary: tuple[str, ...]
    gates: tuple[GateRow, ...]
    gate_note: str
    setup: Table
    assumptions: Table
    sources: tuple[tuple[str, str], ...]
    save_table: Table
    save_notes: tuple[str, ...]
    bandwidth_table: Table
    bandwidth_notes: tuple[str, ...]
    bubble_table: Table
    bubble_notes: tuple[str, ...]
    reliability_table: Table
    reliability_notes: tuple[str, ...]
    projection_table: Table | None
    projection_notes: tuple[str, ...]
    load_table: Table
    load_notes: tuple[str, ...]
    audit: tuple[str, ...]
    answers: tuple[Answer, ...]
    raw_tables: tuple[Table, ...]
    formulas: tuple[tuple[str, str], ...]
    inputs: Table
    versions: Table
    charts: dict[str, Chart]
    warnings: tuple[str, ...]


def _speedup_phrase(m: Metrics) -> str:
    ci = m.save.speedup_ci95
    if ci is None:
        return f"a {times(m.save.speedup)} speedup (one value per system, so no confidence interval)"
    return f"a {times(m.save.speedup, 2)} speedup (95% confidence interval {times(ci[0], 2)} to {times(ci[1], 2)})"


def _key_figures(m: Metrics) -> tuple[KeyFigure, ...]:
    b = m.bubble
    return (
        KeyFigure(
            times(m.save.speedup),
            "faster checkpoint save",
            f"{seconds(m.save.baseline.mean_s)} → {seconds(m.save.candidate.mean_s)} per save",
        ),
        KeyFigure(
            seconds(m.save.saved_per_save_s),
            "less per checkpoint save",
            f"{pct(m.save.reduction_pct)} of the baseline's save time",
        ),
        KeyFigure(
            f"{pct(b.baseline_bubble_pct)} → {pct(b.candidate_bubble_pct)}",
            "checkpoint bubble share",
            f"{b.saves} saves in {count(b.total_steps)} steps",
        ),
        KeyFigure(
            pct(b.duration_reduction_pct),
            "shorter training run",
            f"{seconds(b.time_saved_s)} saved of {seconds(b.baseline_duration_s)}",
        ),
        KeyFigure(
            num(b.gpu_equivalents, 2),
            "GPU-equivalents of capacity",
            f"in a {count(b.cluster_gpus)}-GPU cluster (+{pct(b.throughput_gain_pct)} throughput)",
        ),
        KeyFigure(
            times_range(m.load.speedup_min, m.load.speedup_max, "–"),
            "faster model loading",
            f"than {m.load.baseline_system}, {len(m.load.models)} model/platform pair(s)",
        ),
    )


def _summary(m: Metrics) -> tuple[str, ...]:
    s, b = m.save, m.bubble
    return (
        f"On the {s.baseline.model} workload ({gb(s.baseline.snapshot_gb)} per checkpoint, {s.baseline.gpus} GPUs), "
        f"{s.candidate.system} saved a checkpoint in {seconds(s.candidate.mean_s)} against "
        f"{seconds(s.baseline.mean_s)} on {s.baseline.system}: {seconds(s.saved_per_save_s)} "
        f"({pct(s.reduction_pct)}) less per save, {_speedup_phrase(m)}.",
        f"Over {count(b.total_steps)} training steps with a save every {count(b.checkpoint_interval_steps)} steps, "
        f"checkpoint stalls fall from {seconds(b.baseline_save_total_s)} to {seconds(b.candidate_save_total_s)}: "
        f"the bubble share drops from {pct(b.baseline_bubble_pct)} to {pct(b.candidate_bubble_pct)} and the run "
        f"ends {pct(b.duration_reduction_pct)} sooner ({long_duration(b.baseline_duration_s)} against "
        f"{long_duration(b.candidate_duration_s)}).",
        f"Each GPU completes {pct(b.throughput_gain_pct)} more steps per unit of time; across "
        f"{count(b.cluster_gpus)} GPUs that is worth {num(b.gpu_equivalents, 2)} GPUs of extra capacity.",
        f"For inference, {m.load.candidate_system} loaded models "
        f"{times_range(m.load.speedup_min, m.load.speedup_max)} faster than {m.load.baseline_system}.",
    )


_STATUS = {"pass": "Pass", "fail": "Fail", "insufficient": "Insufficient data"}


def _gates(m: Metrics) -> tuple[tuple[GateRow, ...], str]:
    rows = tuple(GateRow(g.id, g.name, g.status, _STATUS[g.status], g.detail) for g in m.gates)
    tally = {k: sum(g.status == k for g in m.gates) for k in _STATUS}
    note = (
        f"{tally['pass']} of {len(m.gates)} gates pass, {tally['fail']} fail and {tally['insufficient']} "
        "lack the data to decide."
    )
    if tally["insufficient"]:
        note += (
            " A gate without enough data is not a failure: repeat each save at least the required number of "
            "times in the next joint test to decide it."
        )
    return rows, note


def _setup(test: JointTest, m: Metrics) -> tuple[Table, Table]:
    c, s, b = test.config, m.save, m.bubble
    setup = Table(
        "setup",
        "Systems and workload",
        (Column("Item", False), Column("Value", False)),
        (
            ("Candidate (system under test)", c.systems.candidate),
            ("Save baseline", c.systems.save_baseline),
            ("Load baseline", c.systems.load_baseline),
            ("Training model", c.training.model),
            ("Checkpoint size", gb(s.baseline.snapshot_gb)),
            ("GPUs in the training job", str(s.baseline.gpus)),
            ("Timed saves (baseline / candidate)", f"{s.baseline.runs} / {s.candidate.runs}"),
            (
                "Bandwidth samples (baseline / candidate)",
                f"{count(m.bandwidth.sides['baseline'].samples)} / {count(m.bandwidth.sides['candidate'].samples)}",
            ),
            ("Model loads measured", f"{len(m.load.models)} model/platform pair(s)"),
        ),
    )
    duration_source = (
        "given in test.toml"
        if c.training.baseline_duration_s is not None
        else f"derived: {count(b.total_steps)} × {seconds(c.training.step_time_s)} + baseline saves"
    )
    assumptions = Table(
        "assumptions",
        "Training assumptions used by the analysis",
        (Column("Assumption", False), Column("Value"), Column("Source", False)),
        (
            ("Training steps", count(b.total_steps), "test.toml"),
            ("Steps between saves", count(b.checkpoint_interval_steps), "test.toml"),
            ("Saves in the run", count(b.saves), "steps ÷ interval, rounded down"),
            ("Wall time with baseline saves", long_duration(b.baseline_duration_s), duration_source),
            ("Cluster size for GPU-equivalents", count(b.cluster_gpus), "test.toml (default 1,000)"),
            (
                "Per-GPU mean time between failures",
                f"{num(m.reliability.gpu_mtbf_hours, 0)} h",
                "test.toml [reliability]",
            ),
            ("Restart after a failure", seconds(m.reliability.restart_s), "test.toml [reliability]"),
        ),
    )
    return setup, assumptions


def _save_section(m: Metrics) -> tuple[Table, tuple[str, ...]]:
    s = m.save
    digits = 1 if max(s.baseline.mean_s, s.candidate.mean_s) >= 10 else 2

    def row(side: SaveSide, rel: float, speed: float) -> tuple[str, ...]:
        return (
            side.system,
            str(side.runs),
            mean_sd(side.mean_s, side.stdev_s, digits),
            num(side.cv_pct, 1),
            f"{num(side.min_s, digits)}–{num(side.max_s, digits)}" if side.runs > 1 else "–",
            num(rel, 2),
            num(speed, 2),
            num(side.effective_gbps, 2),
        )

    table = Table(
        "save",
        f"Checkpoint save time, {s.baseline.model}, {gb(s.baseline.snapshot_gb)} per checkpoint",
        (
            Column("System", False),
            Column("Runs"),
            Column("Mean ± sd (s)"),
            Column("CV (%)"),
            Column("Range (s)"),
            Column("Time (baseline = 1.00)"),
            Column("Speed (baseline = 1.00)"),
            Column("Effective GB/s"),
        ),
        (row(s.baseline, 1.0, 1.0), row(s.candidate, s.candidate.mean_s / s.baseline.mean_s, s.speedup)),
    )
    notes = [
        f"{s.candidate.system} saves {seconds(s.saved_per_save_s)} ({pct(s.reduction_pct)}) faster per "
        f"checkpoint: {_speedup_phrase(m)}."
    ]
    if s.speedup_ci95 is not None:
        notes.append(
            "The interval comes from the delta method on the log of the ratio of means with "
            "Welch–Satterthwaite degrees of freedom; it reflects run-to-run spread only, not differences "
            "between workloads."
        )
    return table, tuple(notes)


def _outlier_warnings(m: Metrics) -> tuple[str, ...]:
    out = []
    for side in SIDES:
        s: SaveSide = getattr(m.save, side)
        for run in s.outlier_runs:
            value = s.times_s[s.run_numbers.index(run)]
            out.append(
                f"Run {run} on {s.system} ({seconds(value)}) stands out from the other runs (modified "
                "z-score above 3.5). It is kept in every figure; check the run's log before relying on it."
            )
    return tuple(out)


def _bandwidth_section(m: Metrics) -> tuple[Table, tuple[str, ...]]:
    bw, a = m.bandwidth, m.audit
    rows = []
    for side in SIDES:
        d = bw.sides[side]
        sd = _sd(d.run_means_gbps)
        rows.append(
            (
                d.system,
                str(d.runs),
                count(d.samples),
                mean_sd(d.sustained_gbps, sd, 2),
                num(getattr(m.save, side).effective_gbps, 2),
                pct(getattr(a, f"{side}_effective_share_pct"), 0),
            )
        )
    table = Table(
        "bandwidth",
        "Sustained write bandwidth beside the effective save throughput",
        (
            Column("System", False),
            Column("Runs"),
            Column("Samples"),
            Column("Sustained GB/s"),
            Column("Effective GB/s"),
            Column("Effective ÷ sustained"),
        ),
        tuple(rows),
        "Sustained: the mean of each run's samples, then the mean over runs. Effective: checkpoint "
        "size ÷ mean save time.",
    )
    notes = [
        f"{bw.sides['candidate'].system} sustains {gbps(bw.candidate_gbps)} against "
        f"{gbps(bw.baseline_gbps)}, {pct(bw.improvement_pct, 0)} more."
    ]
    if not a.bandwidth_bound:
        notes.append(
            f"The saves reach only {pct(a.baseline_effective_share_pct, 0)} and "
            f"{pct(a.candidate_effective_share_pct, 0)} of the sustained bandwidth: a checkpoint save is not "
            "bound by sustained write bandwidth alone (serialisation, many small files, metadata and "
            "synchronisation add their own time). Judge the benefit by the measured save times, not by the "
            "bandwidth ratio."
        )
    return table, tuple(notes)


def _sd(values: tuple[float, ...]) -> float | None:
    from report.stats import stdev

    return stdev(values)


def _bubble_section(m: Metrics) -> tuple[Table, tuple[str, ...]]:
    b = m.bubble
    cols = (
        Column("Figure", False),
        Column(f"{m.save.baseline.system} (s)"),
        Column(f"{m.save.candidate.system} (s)"),
        Column("Difference (s)"),
    )
    table = Table(
        "bubble",
        "Training run with synchronous checkpoint saves",
        cols,
        (
            ("Compute", num(b.compute_s, 0), num(b.compute_s, 0), "0"),
            (
                f"Checkpoint saves ({b.saves} × mean)",
                num(b.baseline_save_total_s, 0),
                num(b.candidate_save_total_s, 0),
                num(-b.time_saved_s, 0),
            ),
            ("Wall time", num(b.baseline_duration_s, 0), num(b.candidate_duration_s, 0), num(-b.time_saved_s, 0)),
        ),
        f"Bubble share: {pct(b.baseline_bubble_pct)} against {pct(b.candidate_bubble_pct)}.",
    )
    notes = (
        f"The run finishes {seconds(b.time_saved_s)} ({hours(b.time_saved_s)}) sooner, {pct(b.duration_reduction_pct)} "
        f"of its baseline wall time. With compute unchanged, each GPU completes {pct(b.throughput_gain_pct)} more "
        f"steps per unit of time.",
        f"In a cluster of {count(b.cluster_gpus)} GPUs running such jobs, that gain is worth "
        f"{num(b.gpu_equivalents, 2)} GPUs of extra capacity ({num(m.scale.gpu_equivalents_per_1000, 2)} per "
        "1,000 GPUs), at the same measured save times.",
    )
    return table, notes


def _reliability_section(m: Metrics) -> tuple[Table, tuple[str, ...]]:
    r = m.reliability
    rows = tuple(
        (
            getattr(m.save, side).system,
            seconds(getattr(m.save, side).mean_s),
            pct(getattr(r, side).overhead_pct, 2),
            hours(getattr(r, side).optimal_interval_s),
            hours(getattr(r, side).daly_interval_s),
            pct(getattr(r, side).optimal_overhead_pct, 2),
        )
        for side in SIDES
    )
    table = Table(
        "reliability",
        "Failure-aware overhead at the configured and the optimal checkpoint interval",
        (
            Column("System", False),
            Column("Save cost"),
            Column(f"Overhead at {seconds(r.interval_s)}"),
            Column("Young interval"),
            Column("Daly interval"),
            Column("Overhead at Young"),
        ),
        rows,
        f"Job MTBF {hours(r.job_mtbf_s)} ({num(r.gpu_mtbf_hours, 0)} h per GPU ÷ {r.gpus} GPUs); "
        f"restart {seconds(r.restart_s)}; step time {seconds(r.step_time_s)}.",
    )
    ratio = m.reliability.candidate.optimal_overhead_pct / m.reliability.baseline.optimal_overhead_pct
    cost_ratio = m.save.candidate.mean_s / m.save.baseline.mean_s
    notes = (
        f"At the configured interval of {seconds(r.interval_s)} ({count(m.bubble.checkpoint_interval_steps)} steps), "
        f"checkpointing, rework after failures and restarts cost {pct(r.baseline.overhead_pct, 2)} of the time on "
        f"{m.save.baseline.system} and {pct(r.candidate.overhead_pct, 2)} on {m.save.candidate.system}.",
        f"A faster save also lets the job checkpoint more often and lose less work per failure. Re-optimised, the "
        f"overhead falls from {pct(r.baseline.optimal_overhead_pct, 2)} to {pct(r.candidate.optimal_overhead_pct, 2)}: "
        f"a factor of {num(ratio, 2)}, close to the square root of the save-cost ratio ({num(math.sqrt(cost_ratio), 2)}"
        f" = √{num(cost_ratio, 2)}), not the ratio itself, because at the optimum the waste grows with the square "
        "root of the save cost.",
    )
    return table, notes


def _projection_section(m: Metrics) -> tuple[Table | None, tuple[str, ...]]:
    if not m.projections:
        return None, ("test.toml lists no [[projections]], so no other checkpoint size is projected.",)
    rows = tuple(
        (
            p.name,
            gb(p.snapshot_gb),
            num(p.baseline_s, 1),
            num(p.candidate_s, 1),
            num(p.saved_per_save_s, 1),
            str(p.saves),
            num(p.saved_total_s, 0),
        )
        for p in m.projections
    )
    table = Table(
        "projections",
        "Projected save times at other checkpoint sizes",
        (
            Column("Projection", False),
            Column("Checkpoint"),
            Column(f"{m.save.baseline.system} (s)"),
            Column(f"{m.save.candidate.system} (s)"),
            Column("Saved per save (s)"),
            Column("Saves"),
            Column("Saved in all (s)"),
        ),
        rows,
    )
    notes = [_fit_sentence(m, side) for side in SIDES]
    far = [p for p in m.projections if p.extrapolation > 1.5]
    for p in far:
        notes.append(
            f"“{p.name}” is {num(p.extrapolation, 1)}× the largest measured checkpoint: the projection "
            "extrapolates well beyond the measurements. Measure a checkpoint of that size before relying on it."
        )
    return table, tuple(notes)


def _fit_sentence(m: Metrics, side: str) -> str:
    f, name = m.fits[side], getattr(m.save, side).system
    if f.method == "proportional":
        return (
            f"{name}: one checkpoint size was measured ({gb(f.sizes_gb[0])}), so save time is assumed to grow "
            f"in proportion to size ({num(f.slope_s_per_gb, 3)} s per GB)."
        )
    return (
        f"{name}: {len(set(f.sizes_gb))} checkpoint sizes were measured, so the projection follows the "
        f"least-squares line save time = {num(f.intercept_s, 2)} s + {num(f.slope_s_per_gb, 3)} s/GB × size."
    )


def _load_section(m: Metrics) -> tuple[Table, tuple[str, ...]]:
    rows = tuple(
        (
            x.model,
            x.platform,
            gb(x.size_gb),
            num(x.baseline_s, 1),
            num(x.candidate_s, 1),
            num(x.baseline_s - x.candidate_s, 1),
            times(x.speedup),
        )
        for x in m.load.models
    )
    table = Table(
        "load",
        "Model load time (inference cold start)",
        (
            Column("Model", False),
            Column("Platform", False),
            Column("Size"),
            Column(f"{m.load.baseline_system} (s)"),
            Column(f"{m.load.candidate_system} (s)"),
            Column("Saved (s)"),
            Column("Speedup"),
        ),
        rows,
    )
    notes = (
        f"{m.load.candidate_system} brings a model into service "
        f"{times_range(m.load.speedup_min, m.load.speedup_max)} faster than {m.load.baseline_system}, saving "
        f"{seconds(m.lifecycle.load_saved_min_s)} to {seconds(m.lifecycle.load_saved_max_s)} per cold start.",
    )
    return table, notes


def _audit(m: Metrics) -> tuple[str, ...]:
    a, s = m.audit, m.save
    out = [
        f"Effective save throughput (checkpoint size ÷ save time) is {gbps(s.baseline.effective_gbps)} on "
        f"{s.baseline.system} and {gbps(s.candidate.effective_gbps)} on {s.candidate.system}: "
        f"{pct(a.baseline_effective_share_pct, 0)} and {pct(a.candidate_effective_share_pct, 0)} of their "
        "sustained bandwidth."
    ]
    if a.bandwidth_bound:
        out.append(
            "Both saves run close to the sustained bandwidth: here the save is bandwidth-bound, and faster "
            "storage translates directly into shorter saves."
        )
    else:
        out.append(
            "The saves are far from the sustained bandwidth: they are not bound by sustained write bandwidth "
            "alone, so the bandwidth figures overstate what a save can gain, and the save times are the "
            "figures to plan with."
        )
    verdict = (
        "close to"
        if 0.8 <= a.save_speedup_to_bandwidth_ratio <= 1.25
        else "below"
        if a.save_speedup_to_bandwidth_ratio < 0.8
        else "above"
    )
    out.append(
        f"The save speedup ({times(s.speedup, 2)}) is {verdict} the bandwidth ratio "
        f"({times(a.bandwidth_ratio, 2)}); their quotient is {num(a.save_speedup_to_bandwidth_ratio, 2)}."
    )
    if a.max_extrapolation is not None and a.max_extrapolation > 1.5:
        out.append(
            f"The largest projection is {num(a.max_extrapolation, 1)}× the largest measured checkpoint: "
            "treat projected times as estimates under the stated scaling assumption."
        )
    return tuple(out)


def _answers(m: Metrics) -> tuple[Answer, ...]:
    s, b, sc, lc = m.save, m.bubble, m.scale, m.lifecycle
    util_b, util_c = 100 - b.baseline_bubble_pct, 100 - b.candidate_bubble_pct
    q1 = Answer(
        f"What does a {times(s.speedup)} faster checkpoint save do to GPU utilisation?",
        (
            f"With synchronous saves the GPUs wait for every checkpoint. On {s.baseline.system} they spend "
            f"{pct(b.baseline_bubble_pct)} of the run waiting ({b.saves} saves of {seconds(s.baseline.mean_s)}); on "
            f"{s.candidate.system}, {pct(b.candidate_bubble_pct)}. The share of wall time spent computing rises from "
            f"{pct(util_b)} to {pct(util_c)}.",
            f"The same work is done in {long_duration(b.candidate_duration_s)} instead of "
            f"{long_duration(b.baseline_duration_s)}: {pct(b.throughput_gain_pct)} more steps per GPU per unit of "
            f"time, or {num(b.gpu_equivalents, 2)} GPU-equivalents in a {count(b.cluster_gpus)}-GPU cluster.",
        ),
    )
    sizes = ", ".join(f"{x.model} on {x.platform}" for x in m.load.models)
    q2 = Answer(
        "How do faster saves in training and faster loads in inference add up over a model's life cycle?",
        (
            f"Training: each run of {count(b.total_steps)} steps saves {seconds(lc.training_saved_s)} of checkpoint "
            f"stalls on every GPU of the job.",
            f"Deploying and serving: every cold start of a model saves {seconds(lc.load_saved_min_s)} to "
            f"{seconds(lc.load_saved_max_s)} ({sizes}); one cold start of each measured model saves "
            f"{seconds(lc.load_saved_sum_s)}, and the saving recurs at every scale-out, restart and model update.",
            f"One training run plus one deployment of each measured model therefore saves {seconds(lc.total_saved_s)}; "
            "services that restart or scale often gain the load saving many times over.",
        ),
    )
    proj = [
        f"{p.name}: {seconds(p.baseline_s)} against {seconds(p.candidate_s)} per save, "
        f"{seconds(p.saved_per_save_s)} saved per save and {seconds(p.saved_total_s)} over {p.saves} saves"
        for p in m.projections
    ]
    proj_text = (
        (
            "Projected to other checkpoint sizes — " + "; ".join(proj) + ". The projection assumes save time "
            "follows the measured sizes (see the projections section); bubble shares at other sizes also depend "
            "on their compute time per step, which this test did not measure."
        )
        if proj
        else ("No other checkpoint size was projected in this test.")
    )
    q3 = Answer(
        "Does the effect hold at other cluster and model sizes?",
        (
            f"Cluster size: the throughput gain ({pct(b.throughput_gain_pct)}) is a property of each job, so the "
            f"GPU-equivalents grow in proportion to the cluster: {num(sc.gpu_equivalents_per_1000, 2)} per 1,000 GPUs.",
            f"Failures grow with scale: a job across {count(sc.cluster_gpus)} GPUs fails on average every "
            f"{hours(sc.job_mtbf_s)}. At its optimal interval it loses {pct(sc.baseline_optimal_overhead_pct, 2)} of "
            f"its time on {s.baseline.system} and {pct(sc.candidate_optimal_overhead_pct, 2)} on "
            f"{s.candidate.system}, so the benefit of faster saves grows with the cluster.",
            proj_text,
        ),
    )
    return (q1, q2, q3)


def _raw_tables(test: JointTest) -> tuple[Table, ...]:
    saves = test.saves.sort_values(["system", "model", "run"], kind="stable")
    save_rows = tuple(
        (str(r.system), str(r.model), str(r.gpus), num(r.snapshot_gb, 1), str(r.run), num(r.save_s, 2))
        for r in saves.itertuples(index=False)
    )
    loads = test.loads.sort_values(["model", "platform", "system", "run"], kind="stable")
    load_rows = tuple(
        (str(r.system), str(r.model), str(r.platform), num(r.size_gb, 1), str(r.run), num(r.load_s, 2))
        for r in loads.itertuples(index=False)
    )
    return (
        _limit(
            Table(
                "raw-saves",
                "save_times.csv: every timed save",
                (
                    Column("System", False),
                    Column("Model", False),
                    Column("GPUs"),
                    Column("Snapshot (GB)"),
                    Column("Run"),
                    Column("Save (s)"),
                ),
                save_rows,
            )
        ),
        _bandwidth_runs(test.bandwidth),
        _limit(
            Table(
                "raw-loads",
                "load_times.csv: every timed load",
                (
                    Column("System", False),
                    Column("Model", False),
                    Column("Platform", False),
                    Column("Size (GB)"),
                    Column("Run"),
                    Column("Load (s)"),
                ),
                load_rows,
            )
        ),
    )


def _limit(table: Table, total: int | None = None) -> Table:
    """At most MAX_RAW_ROWS rows of a table of `total` rows (by default, all the rows it holds)."""
    total = len(table.rows) if total is None else total
    if total <= MAX_RAW_ROWS:
        return table
    note = (
        f"First {MAX_RAW_ROWS} of {count(total)} rows; the full file is attached to the PDF and its "
        "SHA-256 is listed in the colophon."
    )
    return Table(table.id, table.caption, table.columns, table.rows[:MAX_RAW_ROWS], note)


def _bandwidth_runs(log: BandwidthLog) -> Table:
    """Each run summarised, formatted only as far as the appendix shows them (a log may hold millions of runs)."""
    rows = tuple(
        (
            log.systems[log.run_system[k]],
            str(log.run_number[k]),
            count(int(log.run_stop[k] - log.run_start[k])),
            f"{num(log.t_s[log.run_start[k]], 1)}–{num(log.t_s[log.run_stop[k] - 1], 1)}",
            num(log.run_mean[k], 3),
            num(log.run_min[k], 3),
            num(log.run_max[k], 3),
        )
        for k in range(min(len(log.run_start), MAX_RAW_ROWS + 1))
    )
    table = Table(
        "raw-bandwidth",
        "bandwidth.csv: summarised per run",
        (
            Column("System", False),
            Column("Run"),
            Column("Samples"),
            Column("Time span (s)"),
            Column("Mean (GB/s)"),
            Column("Min (GB/s)"),
            Column("Max (GB/s)"),
        ),
        rows,
        "Each run's samples are summarised; the full log is attached to the PDF.",
    )
    return _limit(table, len(log.run_start))


FORMULAS = (
    ("Mean save time", "mean = Σ save_s ÷ runs, over the training model's rows of one system"),
    ("Speedup", "speedup = mean_B ÷ mean_C; reduction = 100 × (1 − mean_C ÷ mean_B)"),
    ("Effective throughput", "effective = snapshot_gb ÷ mean save time"),
    ("Sustained bandwidth", "mean of each run's write_gbps samples, then the mean over runs"),
    ("Saves", "saves = floor(total_steps ÷ checkpoint_interval_steps)"),
    ("Compute time", "compute = baseline duration − saves × mean_B"),
    ("Wall time, candidate", "duration_C = compute + saves × mean_C"),
    ("Bubble share", "bubble = 100 × saves × mean ÷ duration, per system"),
    ("Throughput gain", "gain = 100 × (duration_B ÷ duration_C − 1); GPU-equivalents = cluster GPUs × gain ÷ 100"),
    ("Projection", "one measured size s₀: t = t₀ × size ÷ s₀; several sizes: least squares t = a + b × size"),
    (
        "Confidence interval",
        "speedup × exp(± t₀.₉₇₅(df) × se), lower bound with −, se² = s_B²/(n_B·mean_B²) + s_C²/(n_C·mean_C²), "
        "Welch–Satterthwaite df",
    ),
    ("Job MTBF", "M = per-GPU MTBF (h) × 3,600 ÷ GPUs of the job"),
    ("Overhead", "100 × (c ÷ τ + (τ + c) ÷ 2M + restart ÷ M), c = save time, τ = interval"),
    ("Optimal interval", "Young: τ = √(2cM); Daly: √(2cM) × (1 + √(c/2M)/3 + (c/2M)/9) − c"),
    ("Outlier", "modified z-score 0.6745 × (x − median) ÷ MAD above 3.5 (Iglewicz and Hoaglin)"),
)


def _colophon(test: JointTest, prov: Provenance) -> tuple[Table, Table]:
    inputs = Table(
        "inputs",
        "Input files (attached to the PDF)",
        (Column("File", False), Column("Bytes"), Column("Media type", False), Column("SHA-256", False, code=True)),
        tuple((name, count(len(data)), media_type(name), test.sha256[name]) for name, data in test.raw.items()),
    )
    versions = Table(
        "versions",
        "Software that built this report",
        (Column("Component", False), Column("Version", False)),
        (
            ("Report generator", f"{prov.generator} (commit {prov.commit})"),
            ("Python", prov.python),
            *prov.packages,
        ),
    )
    return inputs, versions


def _imported_sources(test: JointTest) -> tuple[tuple[str, str], ...]:
    """One line per [[import]]: the tool, the version its files report, the table it fed and from which files."""
    if test.imported is None:
        return ()
    lines = []
    for use in test.imported.tools:
        name = _TOOL_NAMES[use.tool]
        tool = f"{', '.join(use.versions)} output" if use.versions else f"{name} output (no version given)"
        many = f"{count(len(use.files))} files, {use.files[0]} … {use.files[-1]}"
        files = use.files[0] if len(use.files) == 1 else many
        lines.append((f"{_IMPORT_LABELS[use.into]} of {use.system}", f"imported from {tool}: {files}"))
    return tuple(lines)


_IMPORT_LABELS = {"save_times": "Save times", "bandwidth": "Bandwidth samples", "load_times": "Load times"}
_TOOL_NAMES = {"fio": "fio", "mlperf": "MLPerf Storage (DLIO)", "megatron": "Megatron-LM", "nemo": "NeMo"}


def _date(config: TestConfig) -> str:
    d = config.date
    return f"{d.day} {d.strftime('%B')} {d.year}"


def build(test: JointTest, m: Metrics, charts: dict[str, Chart], prov: Provenance) -> ReportContext:
    """The whole context of the report."""
    c = test.config
    gates, gate_note = _gates(m)
    setup, assumptions = _setup(test, m)
    save_table, save_notes = _save_section(m)
    bw_table, bw_notes = _bandwidth_section(m)
    bubble_table, bubble_notes = _bubble_section(m)
    rel_table, rel_notes = _reliability_section(m)
    proj_table, proj_notes = _projection_section(m)
    load_table, load_notes = _load_section(m)
    inputs, versions = _colophon(test, prov)
    labels = {"save_times": "Checkpoint save times", "bandwidth": "Write bandwidth", "load_times": "Model load times"}
    return ReportContext(
        title=c.title,
        customer=c.customer,
        date=_date(c),
        date_iso=c.date.isoformat(),
        candidate=c.systems.candidate,
        save_baseline=c.systems.save_baseline,
        load_baseline=c.systems.load_baseline,
        key_figures=_key_figures(m),
        summary=_summary(m),
        gates=gates,
        gate_note=gate_note,
        setup=setup,
        assumptions=assumptions,
        sources=tuple((labels[k], c.sources[k]) for k in labels if k in c.sources) + _imported_sources(test),
        save_table=save_table,
        save_notes=save_notes,
        bandwidth_table=bw_table,
        bandwidth_notes=bw_notes,
        bubble_table=bubble_table,
        bubble_notes=bubble_notes,
        reliability_table=rel_table,
        reliability_notes=rel_notes,
        projection_table=proj_table,
        projection_notes=proj_notes,
        load_table=load_table,
        load_notes=load_notes,
        audit=_audit(m),
        answers=_answers(m),
        raw_tables=_raw_tables(test),
        formulas=FORMULAS,
        inputs=inputs,
        versions=versions,
        charts=charts,
        warnings=_outlier_warnings(m),
    )
