"""Building the templates' context: the cover and the report's sections, every word and number made from the figures.

The computation (report/compute.py) returns numbers, statuses and ids; this module only words and formats them.
Prose and tiles print three significant digits (report/formatting.py), tables the precision of their columns.
Every block that states a figure drawn from an input test.toml declares illustrative carries a visible mark.
"""

from __future__ import annotations

from dataclasses import dataclass

from report.blocks import (
    Column,
    Definitions,
    Figure,
    GateRow,
    Gates,
    Items,
    Para,
    Section,
    Subsection,
    Table,
)
from report.charts import Chart
from report.compute import SIDES, Metrics, SaveSide
from report.config import CSV_INPUTS, TestConfig
from report.evidence import MEDIA_TYPES
from report.formatting import (
    count,
    gb,
    given,
    gpus,
    h3,
    hours,
    join_words,
    long_duration,
    mean_sd,
    natural_key,
    num,
    p3,
    pct,
    plural,
    s3,
    seconds,
    sig,
    x3,
)
from report.load import JointTest
from report.provenance import Provenance
from report.runs import BandwidthLog

# A raw table longer than this is summarised in the appendix rather than printed row by row.
MAX_RAW_ROWS = 40
# Beyond this multiple of the largest measured checkpoint a projection is an extrapolation to measure.
FAR_EXTRAPOLATION = 1.5
# Effective throughput of at least this share of sustained bandwidth is consistent with a bandwidth-bound save.
BANDWIDTH_BOUND_SHARE_PCT = 80.0

INPUT_LABELS = {"save_times": "Checkpoint save times", "bandwidth": "Write bandwidth", "load_times": "Model load times"}
STATUS_LABELS = {"pass": "Pass", "fail": "Fail", "insufficient": "Insufficient data"}
VERDICT_LABELS = {
    "demonstrated": "Benefit demonstrated",
    "not_demonstrated": "Benefit not demonstrated",
    "undecided": "Undecided, more measurements needed",
}
# The gates each headline tile depends on: a tile is marked while one of them fails or lacks data.
TILE_GATES = {
    "speedup": ("G1", "G2", "G3"),
    "per-save": ("G1", "G2", "G3"),
    "bubble": ("G1", "G2", "G4"),
    "training": ("G4",),
    "capacity": ("G4",),
    "loading": (),
}


@dataclass(frozen=True)
class KeyFigure:
    """A headline tile of the cover."""

    id: str
    value: str
    label: str
    note: str
    mark: str = ""  #: a failed or undecided gate it depends on, or "Illustrative"
    mark_kind: str = ""  #: "fail", "insufficient" or "illustrative"


@dataclass(frozen=True)
class Cover:
    """The first page: who, what, the verdict first, the headline tiles, and what the figures rest on."""

    title: str
    customer: str
    date: str
    date_iso: str
    candidate: str
    save_baseline: str
    load_baseline: str
    verdict_status: str  #: demonstrated, not_demonstrated or undecided
    verdict_label: str
    verdict_reason: str
    tiles: tuple[KeyFigure, ...]
    evidence: str  #: which inputs are measured and which illustrative


@dataclass(frozen=True)
class ReportContext:
    """Everything the templates show: the cover, then the sections in order; templates only loop and print."""

    cover: Cover
    sections: tuple[Section, ...]
    description: str
    charts: dict[str, Chart]


class _Words:
    """Words and marks for one report: which inputs are illustrative, and the figures to word."""

    def __init__(self, test: JointTest, m: Metrics, charts: dict[str, Chart]):
        self.test, self.m, self.charts = test, m, charts
        self.config: TestConfig = test.config
        self.illustrative = set(m.inputs_illustrative)

    def marked(self, *inputs: str) -> bool:
        """Whether a figure drawn from `inputs` comes from an illustrative one."""
        return bool(self.illustrative & set(inputs))

    def p(self, text: str, *inputs: str, style: str = "p") -> Para:
        """A paragraph stating figures drawn from `inputs`."""
        return Para(text, style, self.marked(*inputs))

    def figure(self, chart_id: str) -> Figure:
        return Figure(self.charts[chart_id])


# ---- phrases that keep their sign honest ----


def _more_or_less(value: float, unit_text: str, less: str = "less", more: str = "more") -> str:
    """ "84 s less", "12.0 s more", "no difference"."""
    if value == 0:
        return "no difference"
    return f"{unit_text} {less if value > 0 else more}"


def _speed_phrase(speedup: float) -> str:
    """ "1.89× faster", "1.89× slower" (the inverse), "as fast"."""
    if speedup == 1:
        return "as fast"
    return f"{x3(speedup)} faster" if speedup > 1 else f"{x3(1 / speedup)} slower"


def _speedup_ci_phrase(m: Metrics) -> str:
    ci = m.save.speedup_ci95
    if ci is None:
        return "one value per system, so no confidence interval"
    return f"95% confidence interval of the speedup {x3(ci[0])} to {x3(ci[1])}"


def _both(a: str, b: str, joiner: str = "and") -> str:
    """ "11% and 12%", or "both 11%" when they print alike."""
    return f"both {a}" if a == b else f"{a} {joiner} {b}"


def _gate_list(ids: tuple[str, ...]) -> str:
    return join_words(list(ids))


# ---- the cover ----


def _verdict_reason(m: Metrics) -> str:
    v, gates = m.verdict, {g.id: g for g in m.gates}
    if v.status == "not_demonstrated":
        parts = [f"{g} fails ({gates[g].name.lower()}: {gates[g].detail})" for g in v.failed]
        text = "; ".join(parts) + "."
        if v.insufficient:
            text += f" {_gate_list(v.insufficient)} also {'lacks' if len(v.insufficient) == 1 else 'lack'} the data."
        return text
    if v.status == "undecided":
        parts = [f"{g} ({gates[g].detail})" for g in v.insufficient]
        return f"{_gate_list(v.insufficient)} cannot be decided from this test: " + "; ".join(parts) + "."
    return "All four gates pass on this test's measurements and thresholds."


def _tile_mark(m: Metrics, tile_id: str, inputs: tuple[str, ...]) -> tuple[str, str]:
    gates = {g.id: g.status for g in m.gates}
    concerned = TILE_GATES[tile_id]
    failed = [g for g in concerned if gates[g] == "fail"]
    missing = [g for g in concerned if gates[g] == "insufficient"]
    if failed:
        return f"{_gate_list(tuple(failed))} failed", "fail"
    if missing:
        return f"{_gate_list(tuple(missing))} undecided", "insufficient"
    if set(inputs) & set(m.inputs_illustrative):
        return "Illustrative input", "illustrative"
    return "", ""


def _tiles(m: Metrics) -> tuple[KeyFigure, ...]:
    s, b = m.save, m.bubble
    slower = s.speedup < 1
    shorter = b.duration_reduction_pct >= 0
    specs = (
        (
            "speedup",
            x3(1 / s.speedup if slower else s.speedup),
            "slower checkpoint save" if slower else "faster checkpoint save",
            f"{s3(s.baseline.mean_s)} → {s3(s.candidate.mean_s)} per save",
            ("save_times",),
        ),
        (
            "per-save",
            s3(abs(s.saved_per_save_s)),
            "more per checkpoint save" if s.saved_per_save_s < 0 else "less per checkpoint save",
            f"{p3(abs(s.reduction_pct))} of the baseline's save time",
            ("save_times",),
        ),
        (
            "bubble",
            f"{p3(b.baseline_bubble_pct)} → {p3(b.candidate_bubble_pct)}",
            "checkpoint bubble share of wall time",
            f"{plural(b.saves, 'save')} in {count(b.total_steps)} steps",
            ("save_times",),
        ),
        (
            "training",
            p3(abs(b.duration_reduction_pct)),
            "shorter training run" if shorter else "longer training run",
            f"{s3(abs(b.time_saved_s))} of {s3(b.baseline_duration_s)}",
            ("save_times",),
        ),
        (
            "capacity",
            gpus(b.gpu_equivalents),
            "GPU-equivalents of capacity" if b.gpu_equivalents >= 0 else "GPU-equivalents of capacity lost",
            f"{count(b.cluster_gpus)}-GPU cluster of such jobs, at this job's save times",
            ("save_times",),
        ),
        (
            "loading",
            _range(m.load.speedup_min, m.load.speedup_max, "–"),
            "faster model loading" if m.load.speedup_min >= 1 else "model loading speed",
            f"than {m.load.baseline_system}, {plural(len(m.load.models), 'model/platform pair')}",
            ("load_times",),
        ),
    )
    out = []
    for tile_id, value, label, note, inputs in specs:
        mark, kind = _tile_mark(m, tile_id, inputs)
        out.append(KeyFigure(tile_id, value, label, note, mark, kind))
    return tuple(out)


def _range(low: float, high: float, joiner: str = " to ") -> str:
    a, b = x3(low), x3(high)
    return a if a == b else f"{a}{joiner}{b}"


def _evidence(m: Metrics) -> str:
    measured = [INPUT_LABELS[n].lower() for n in CSV_INPUTS if n not in m.inputs_illustrative]
    shown = [INPUT_LABELS[n].lower() for n in m.inputs_illustrative]
    if not shown:
        return (
            "Every figure is computed from the measured inputs attached to the PDF edition of this report "
            "(checkpoint save times, write bandwidth and model load times)."
        )
    first = f"Measured inputs: {join_words(measured)}. " if measured else "None of this report's inputs is measured. "
    return (
        first + f"Illustrative inputs, not measured: {join_words(shown)}; every figure drawn from them is marked "
        "“Illustrative” wherever it appears."
    )


def _date(config: TestConfig) -> str:
    d = config.date
    return f"{d.day} {d.strftime('%B')} {d.year}"


def _cover(test: JointTest, m: Metrics) -> Cover:
    c = test.config
    return Cover(
        title=c.title,
        customer=c.customer,
        date=_date(c),
        date_iso=c.date.isoformat(),
        candidate=c.systems.candidate,
        save_baseline=c.systems.save_baseline,
        load_baseline=c.systems.load_baseline,
        verdict_status=m.verdict.status,
        verdict_label=VERDICT_LABELS[m.verdict.status],
        verdict_reason=_verdict_reason(m),
        tiles=_tiles(m),
        evidence=_evidence(m),
    )


# ---- executive summary ----


def _findings(w: _Words) -> list[Para]:
    m = w.m
    s, b = m.save, m.bubble
    out = [
        w.p(
            f"On the {s.baseline.model} workload ({gb(s.baseline.snapshot_gb)} per checkpoint, "
            f"{plural(s.baseline.gpus, 'GPU')}), "
            f"{s.candidate.system} saved a checkpoint in {s3(s.candidate.mean_s)} against {s3(s.baseline.mean_s)} on "
            f"{s.baseline.system}: {_more_or_less(s.saved_per_save_s, s3(abs(s.saved_per_save_s)))} per save, "
            f"{_speed_phrase(s.speedup)} ({_speedup_ci_phrase(m)}).",
            "save_times",
        ),
        w.p(
            f"Over {count(b.total_steps)} steps with a save every {count(b.checkpoint_interval_steps)} steps, the "
            f"checkpoint bubble (save time as a share of wall time) goes from {p3(b.baseline_bubble_pct)} to "
            f"{p3(b.candidate_bubble_pct)} and the run ends {_sooner(b.duration_reduction_pct)} "
            f"({long_duration(b.candidate_duration_s)} against {long_duration(b.baseline_duration_s)}).",
            "save_times",
        ),
        w.p(_capacity_sentence(m), "save_times"),
        w.p(
            f"For inference, {m.load.candidate_system} loaded models {_load_speed(m)} than {m.load.baseline_system} "
            f"({plural(len(m.load.models), 'model/platform pair')}).",
            "load_times",
        ),
    ]
    return out


def _sooner(reduction_pct: float) -> str:
    if reduction_pct == 0:
        return "at the same time"
    return f"{p3(abs(reduction_pct))} {'sooner' if reduction_pct > 0 else 'later'}"


def _load_speed(m: Metrics) -> str:
    lo, hi = m.load.speedup_min, m.load.speedup_max
    if lo >= 1:
        return f"{_range(lo, hi)} faster"
    if hi < 1:
        return f"{_range(1 / hi, 1 / lo)} slower"
    return f"between {x3(1 / lo)} slower and {x3(hi)} faster"


def _capacity_sentence(m: Metrics) -> str:
    b = m.bubble
    verb = "more" if b.throughput_gain_pct >= 0 else "fewer"
    worth = "worth" if b.gpu_equivalents >= 0 else "a loss of"
    return (
        f"Each GPU completes {p3(abs(b.throughput_gain_pct))} {verb} steps per unit of time; in a cluster of "
        f"{count(b.cluster_gpus)} GPUs running jobs like this one, with this job's measured save times, that is "
        f"{worth} {gpus(abs(b.gpu_equivalents))} GPUs of capacity."
    )


def _tuning_sentence(m: Metrics) -> Para | None:
    r, s = m.reliability, m.save
    if not r.tuning_beats_switching:
        return None
    return Para(
        f"Re-tuning beats buying at today's interval. Saving every {count(round(r.baseline.optimal_interval_steps))} "
        f"steps instead of every {count(m.bubble.checkpoint_interval_steps)} would cut the failure-aware overhead on "
        f"{s.baseline.system} from {p3(r.baseline.overhead_pct)} to {p3(r.baseline.optimal_overhead_pct)} of compute "
        f"time, less than {s.candidate.system} at today's interval ({p3(r.candidate.overhead_pct)}). Compared each at "
        f"its own optimal interval, {_optimum_words(m)} "
        f"({p3(r.baseline.optimal_overhead_pct)} against {p3(r.candidate.optimal_overhead_pct)})." + _beyond_run(m),
        "warning",
        False,
    )


def _summary(w: _Words) -> Section:
    m = w.m
    verdict = Para(f"{VERDICT_LABELS[m.verdict.status]}. {_verdict_reason(m)}", f"verdict-{m.verdict.status}")
    blocks: list = [verdict]
    if m.verdict.status != "demonstrated":
        blocks.append(
            Para(
                "The figures below are what this test measured; they do not by themselves show that the candidate "
                "meets the customer's targets. The gates and next steps follow the summary.",
                "note",
            )
        )
    blocks += _findings(w)
    if tuning := _tuning_sentence(m):
        blocks.append(tuning)
    blocks += _warnings(w)
    return Section("summary", "Executive summary", tuple(blocks))


# ---- gates and next steps ----


def _gate_rows(m: Metrics) -> Gates:
    return Gates(tuple(GateRow(g.id, g.name, g.status, STATUS_LABELS[g.status], g.detail) for g in m.gates))


def _gate_note(m: Metrics, cfg: TestConfig) -> Para:
    tally = {k: sum(g.status == k for g in m.gates) for k in STATUS_LABELS}
    g = cfg.gates
    return Para(
        f"{tally['pass']} of {len(m.gates)} gates pass, {tally['fail']} fail and {tally['insufficient']} lack the "
        f"data to decide. Thresholds: at least {plural(g.min_runs, 'run')} per system with a spread (CV) of at most "
        f"{given(g.max_cv_pct)}% (G1, G2); the speedup's 95% interval at or above {given(g.target_speedup)}× (G3); a "
        f"training run at least {given(g.target_duration_reduction_pct)}% shorter (G4)."
    )


def _next_steps(w: _Words) -> tuple:
    m, cfg = w.m, w.config
    gates = {g.id: g for g in m.gates}
    short, steps = m.next_steps.min_runs_short, []
    need = max(cfg.gates.min_runs, 2)
    for gid, side, lack in (("G1", m.save.baseline, short.baseline), ("G2", m.save.candidate, short.candidate)):
        g = gates[gid]
        if g.status == "insufficient" and lack:
            steps.append(
                Para(
                    f"{gid}: time {plural(lack, 'more save')} of {side.model} on {side.system} "
                    f"({side.runs} of the {need} needed)."
                )
            )
        elif g.status == "fail":
            steps.append(
                Para(
                    f"{gid}: the saves on {side.system} spread by {p3(side.cv_pct)} (CV), above the "
                    f"{given(cfg.gates.max_cv_pct)}% limit; find the cause (cache state, other load on the system, "
                    "background flushes) and repeat the runs."
                )
            )
    steps += _g3_step(m, cfg, gates["G3"])
    if gates["G4"].status == "fail":
        steps.append(
            Para(
                f"G4: the training run ends {_sooner(m.bubble.duration_reduction_pct)}, short of the "
                f"{given(cfg.gates.target_duration_reduction_pct)}% target; the sensitivity chart shows at which "
                "checkpoint "
                "interval and step time the target would be met."
            )
        )
    steps += _missing_measurements(w)
    return tuple(steps)


def _g3_step(m: Metrics, cfg: TestConfig, g3) -> list[Para]:
    if g3.status == "pass":
        return []
    target, n = cfg.gates.target_speedup, m.next_steps.g3_runs_per_side
    if m.save.speedup_ci95 is None:
        return [Para("G3: a confidence interval needs at least 2 runs on each system; the G1 and G2 runs give it.")]
    if g3.status == "fail":
        return [
            Para(
                f"G3: the whole 95% interval ({x3(m.save.speedup_ci95[0])} to {x3(m.save.speedup_ci95[1])}) lies "
                f"below the {given(target)}× target; more runs would narrow it, not move it."
            )
        ]
    if n is None:
        return [
            Para(
                f"G3: the interval straddles the {given(target)}× target and, with the observed spread, no number of "
                "runs up to 10,000 per side would decide it; reduce the spread first."
            )
        ]
    have = min(m.save.baseline.runs, m.save.candidate.runs)
    more = f"{plural(max(0, n - have), 'more run')} on the smaller side" if n > have else "no more runs"
    side = "above" if m.save.speedup > target else "below"
    return [
        Para(
            f"G3: the interval straddles the {given(target)}× target. With the spread observed so far, "
            f"{plural(n, 'run')} "
            f"per system would place it wholly {side} the target ({more}); this assumes the means and the spread "
            "persist."
        )
    ]


def _missing_measurements(w: _Words) -> list[Para]:
    m = w.m
    out = [
        Para(
            "Record the bytes each save actually writes (for example from the storage's own counters): the audit "
            "cannot otherwise tell a slow serialisation from a save that writes more than the stated checkpoint."
        )
    ]
    far = [p for p in m.projections if p.extrapolation > FAR_EXTRAPOLATION]
    for p in far:
        out.append(
            Para(
                f"Measure a checkpoint near {gb(p.snapshot_gb)}: the projection “{p.name}” is {x3(p.extrapolation)} "
                "the largest measured one."
            )
        )
    for name in m.inputs_illustrative:
        out.append(Para(f"Measure the {INPUT_LABELS[name].lower()}: this test's are illustrative."))
    return out


def _gates_section(w: _Words) -> Section:
    m = w.m
    intro = Para(
        "A gated joint test lets each customer verify the benefit on their own model scale and training frequency. "
        "Each gate is decided from this test's figures and the thresholds in the assumptions table."
    )
    steps = _next_steps(w)
    blocks = [intro, _gate_rows(m), _gate_note(m, w.config)]
    if steps:
        blocks += [Para("What would decide the open gates, and what the analysis lacks:", "lead"), Items(steps)]
    return Section("gates", "Joint-test gates and next steps", tuple(blocks))


# ---- setup ----


def _default_or(cfg: TestConfig, key: str, text: str = "test.toml") -> str:
    return "default" if cfg.is_default(key) else text


def _setup_section(w: _Words) -> Section:
    test, m, c = w.test, w.m, w.config
    s, b = m.save, m.bubble
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
                f"{count(m.bandwidth.baseline.samples)} / {count(m.bandwidth.candidate.samples)}",
            ),
            ("Model loads measured", plural(len(m.load.models), "model/platform pair")),
        ),
    )
    duration_source = (
        "test.toml"
        if c.training.baseline_duration_s is not None
        else f"derived: {count(b.total_steps)} × {seconds(c.training.step_time_s)} + baseline saves"
    )
    g = c.gates
    assumptions = Table(
        "assumptions",
        "Assumptions and thresholds used by the analysis",
        (Column("Assumption", False), Column("Value"), Column("Source", False)),
        (
            ("Training steps", count(b.total_steps), "test.toml"),
            ("Steps between saves", count(b.checkpoint_interval_steps), "test.toml"),
            ("Saves in the run", count(b.saves), "steps ÷ interval, rounded down"),
            ("Wall time with baseline saves", long_duration(b.baseline_duration_s), duration_source),
            ("Cluster size for GPU-equivalents", count(b.cluster_gpus), _default_or(c, "training.cluster_gpus")),
            (
                "Per-GPU mean time between failures",
                f"{num(m.reliability.gpu_mtbf_hours, 0)} h",
                _default_or(c, "reliability.gpu_mtbf_hours"),
            ),
            ("Restart after a failure", seconds(m.reliability.restart_s), _default_or(c, "reliability.restart_s")),
            ("Runs needed per system (G1, G2)", str(g.min_runs), _default_or(c, "gates.min_runs")),
            ("Largest spread (CV) accepted", f"{num(g.max_cv_pct, 1)}%", _default_or(c, "gates.max_cv_pct")),
            ("Save-time speedup target (G3)", f"{num(g.target_speedup, 2)}×", _default_or(c, "gates.target_speedup")),
            (
                "Training-time reduction target (G4)",
                f"{num(g.target_duration_reduction_pct, 1)}%",
                _default_or(c, "gates.target_duration_reduction_pct"),
            ),
        ),
        "“default”: test.toml does not set this value, so the report uses the contract's default "
        "(per-GPU MTBF from Llama 3's training: 419 unexpected interruptions in 54 days on 16,384 GPUs).",
    )
    blocks: list = [setup]
    if c.environment:
        blocks.append(
            Table(
                "environment",
                "Test environment (as recorded in test.toml [environment])",
                (Column("Item", False), Column("Description", False)),
                tuple(c.environment),
            )
        )
    blocks += [assumptions, Para("Data sources", "heading"), _sources(w)]
    del test
    return Section("setup", "Test setup and data sources", tuple(blocks))


def _sources(w: _Words) -> Definitions:
    c = w.config
    items, marks = [], []
    for name in CSV_INPUTS:
        text = c.sources.get(name, "No source note in test.toml [sources].")
        items.append((INPUT_LABELS[name], text))
        marks.append("Illustrative" if name in w.illustrative else "Measured")
    return Definitions(tuple(items), "sources", tuple(marks))


# ---- checkpoint save ----


def _save_section(w: _Words) -> Section:
    m = w.m
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
        (row(s.baseline, 1.0, 1.0), row(s.candidate, s.time_ratio, s.speedup)),
        illustrative=w.marked("save_times"),
    )
    notes = [
        w.p(
            f"{s.candidate.system} takes {_more_or_less(s.saved_per_save_s, s3(abs(s.saved_per_save_s)))} per "
            f"checkpoint ({p3(abs(s.reduction_pct))} of the baseline's time): {_speed_phrase(s.speedup)}, "
            f"{_speedup_ci_phrase(m)}.",
            "save_times",
        )
    ]
    if s.speedup_ci95 is not None:
        notes.append(
            Para(
                "The interval comes from the delta method on the log of the ratio of means with Welch–Satterthwaite "
                "degrees of freedom; it reflects run-to-run spread only, not differences between workloads."
            )
        )
    else:
        notes.append(
            Para(
                "With one save per system there is no measure of spread: a repeat could come out several percent "
                "either way, and the gates cannot be decided."
            )
        )
    return Section("save", "Checkpoint save time", (*notes, table, w.figure("save-times"), *_warnings(w)))


def _warnings(w: _Words) -> list[Para]:
    m = w.m
    out = []
    for s in m.save.sides():
        for run in s.outlier_runs:
            value = s.times_s[s.run_numbers.index(run)]
            out.append(
                w.p(
                    f"Run {run} on {s.system} ({s3(value)}) stands out from the other runs (modified z-score above "
                    "3.5). It is kept in every figure; check the run's log before relying on it.",
                    "save_times",
                    style="warning",
                )
            )
    r = m.reliability
    for s, side in zip(m.save.sides(), (r.baseline, r.candidate), strict=True):
        if side.save_overhead_pct >= 100:
            out.append(
                w.p(
                    f"A save on {s.system} ({s3(s.mean_s)}) lasts longer than the compute between two saves "
                    f"({s3(r.interval_s)}): the job would spend more time saving than training. Check the interval "
                    "and the save times before relying on any figure of this report.",
                    "save_times",
                    style="warning",
                )
            )
    return out


# ---- bandwidth ----


def _bandwidth_section(w: _Words) -> Section:
    m = w.m
    bw, a = m.bandwidth, m.audit
    rows = []
    for side, save, audit in zip(bw.sides(), m.save.sides(), (a.baseline, a.candidate), strict=True):
        rows.append(
            (
                side.system,
                str(side.runs),
                count(side.samples),
                mean_sd(side.sustained_gbps, side.stdev_gbps, 2),
                num(side.steady_gbps, 2),
                num(save.effective_gbps, 2),
                pct(audit.effective_share_pct, 0),
            )
        )
    table = Table(
        "bandwidth",
        "Sustained write bandwidth beside the effective save throughput",
        (
            Column("System", False),
            Column("Runs"),
            Column("Samples"),
            Column("All samples GB/s (± sd over runs)"),
            Column("Steady state GB/s"),
            Column("Effective save GB/s"),
            Column("Effective ÷ all samples"),
        ),
        tuple(rows),
        "All samples: the mean of each run's samples, then the mean over runs (the contract's sustained bandwidth). "
        "Steady state: the same without each run's warm-up, the samples before the first one at 90% of the run's "
        "median. Effective: checkpoint size ÷ mean save time.",
        illustrative=w.marked("bandwidth", "save_times"),
    )
    notes = [
        w.p(
            f"{bw.candidate.system} sustains {sig(bw.candidate_gbps)} GB/s against {sig(bw.baseline_gbps)} GB/s, "
            f"{_pct_change(bw.improvement_pct)}.",
            "bandwidth",
        )
    ]
    ramps = [s for s in bw.sides() if s.warmup_samples]
    for s in ramps:
        notes.append(
            w.p(
                f"{s.system}'s log opens with a warm-up ({plural(s.warmup_samples, 'sample')} below 90% of their run's "
                f"median); without it the mean is {sig(s.steady_gbps)} GB/s, {_pct_change(s.steady_gain_pct)} than "
                "with it. A long save sees the steady state.",
                "bandwidth",
            )
        )
    if not ramps:
        notes.append(
            w.p("No run opens with a warm-up ramp: the steady-state means equal the all-sample means.", "bandwidth")
        )
    notes.append(
        w.p(
            f"The saves reach {_both(pct(a.baseline.effective_share_pct, 0), pct(a.candidate.effective_share_pct, 0))} "
            "of the sustained bandwidth; the consistency audit below weighs what that means.",
            "bandwidth",
            "save_times",
        )
    )
    return Section(
        "bandwidth",
        "Sustained write bandwidth",
        (*notes, table, w.figure("bandwidth"), w.figure("throughput")),
    )


def _pct_change(value: float) -> str:
    if value == 0:
        return "the same"
    return f"{p3(abs(value))} {'more' if value > 0 else 'less'}"


# ---- training bubble ----


def _bubble_section(w: _Words) -> Section:
    m = w.m
    b = m.bubble
    table = Table(
        "bubble",
        "Training run with synchronous checkpoint saves",
        (
            Column("Figure", False),
            Column(f"{m.save.baseline.system} (s)"),
            Column(f"{m.save.candidate.system} (s)"),
            Column("Difference (s)"),
        ),
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
        f"Bubble share (saves ÷ wall time): {pct(b.baseline_bubble_pct, 2)} against {pct(b.candidate_bubble_pct, 2)}.",
        illustrative=w.marked("save_times"),
    )
    blocks = [
        Para(
            "A training bubble is time the GPUs sit idle waiting on I/O or synchronisation. Its usual sources are "
            "checkpoint saves (the longest single pauses, when weights and optimiser state are written every few "
            "hundred steps), data loading and gradient synchronisation. This analysis quantifies the first from the "
            "measurements: with a synchronous save, every GPU of the job waits for each save to become durable."
        ),
        Para(
            "saves = floor(steps ÷ interval) · wall time = compute + saves × save time · "
            "bubble share = saves × save time ÷ wall time",
            "formula",
        ),
        table,
        w.p(
            f"The run finishes {s3(abs(b.time_saved_s))} ({h3(abs(b.time_saved_s))}) {_earlier(b.time_saved_s)}, "
            f"{p3(abs(b.duration_reduction_pct))} of its baseline wall time. With compute unchanged, each GPU "
            f"completes {p3(abs(b.throughput_gain_pct))} {'more' if b.throughput_gain_pct >= 0 else 'fewer'} steps "
            "per unit of time.",
            "save_times",
        ),
        w.p(
            f"{_capacity_sentence(m)} Per 1,000 GPUs: {gpus(m.scale.gpu_equivalents_per_1000)}. This assumes every job "
            f"of the cluster checkpoints like this {m.save.baseline.gpus}-GPU job, at its measured save times.",
            "save_times",
        ),
        w.figure("composition"),
        w.p(_sensitivity_sentence(m), "save_times"),
        w.figure("sensitivity"),
    ]
    return Section("bubble", "Training bubble analysis", tuple(blocks))


def _earlier(saved_s: float) -> str:
    return "sooner" if saved_s >= 0 else "later"


def _sensitivity_sentence(m: Metrics) -> str:
    sv, b = m.sensitivity, m.bubble
    lo_k, hi_k = sv.intervals_steps[0], sv.intervals_steps[-1]
    lo_r, hi_r = sv.interval_reduction_pct[0], sv.interval_reduction_pct[-1]
    lo_t, hi_t = sv.step_time_reduction_pct[0], sv.step_time_reduction_pct[-1]
    return (
        f"The benefit depends on how often the job saves and how long each step computes: from {p3(lo_r)} with a "
        f"save every {count(lo_k)} steps to {p3(hi_r)} every {count(hi_k)} steps, and from {p3(lo_t)} at "
        f"{s3(sv.step_times_s[0])} of compute per step to {p3(hi_t)} at {s3(sv.step_times_s[-1])} "
        f"(this test: {p3(b.duration_reduction_pct)} at {count(b.checkpoint_interval_steps)} steps and "
        f"{s3(sv.step_time_s)} per step)."
    )


# ---- failures and the checkpoint interval ----


def _reliability_section(w: _Words) -> Section:
    m = w.m
    r, s = m.reliability, m.save
    rows = (
        (
            f"{s.baseline.system}, today's interval",
            seconds(s.baseline.mean_s),
            hours(r.interval_s),
            pct(r.baseline.save_overhead_pct, 2),
            pct(r.baseline.overhead_pct, 2),
        ),
        (
            f"{s.candidate.system}, today's interval",
            seconds(s.candidate.mean_s),
            hours(r.interval_s),
            pct(r.candidate.save_overhead_pct, 2),
            pct(r.candidate.overhead_pct, 2),
        ),
        (
            f"{s.baseline.system}, re-tuned (Young)",
            seconds(s.baseline.mean_s),
            hours(r.baseline.optimal_interval_s),
            pct(100 * s.baseline.mean_s / r.baseline.optimal_interval_s, 2),
            pct(r.baseline.optimal_overhead_pct, 2),
        ),
        (
            f"{s.candidate.system}, re-tuned (Young)",
            seconds(s.candidate.mean_s),
            hours(r.candidate.optimal_interval_s),
            pct(100 * s.candidate.mean_s / r.candidate.optimal_interval_s, 2),
            pct(r.candidate.optimal_overhead_pct, 2),
        ),
    )
    table = Table(
        "reliability",
        "Failure-aware overhead, share of compute time: today's interval and each system's optimal interval",
        (
            Column("System and interval", False),
            Column("Save cost"),
            Column("Interval (compute)"),
            Column("Saves alone"),
            Column("Saves, rework and restarts"),
        ),
        rows,
        f"Job MTBF {hours(r.job_mtbf_s)} ({num(r.gpu_mtbf_hours, 0)} h per GPU ÷ {r.gpus} GPUs); restart "
        f"{seconds(r.restart_s)}; step time {seconds(r.step_time_s)}. Daly's higher-order optimum: "
        f"{hours(r.baseline.daly_interval_s)} and {hours(r.candidate.daly_interval_s)}.",
        illustrative=w.marked("save_times"),
    )
    defaults = w.config.is_default("reliability.gpu_mtbf_hours")
    intro = Para(
        "At cluster scale jobs are interrupted: after each failure the work since the last checkpoint is lost and the "
        "job restarts, so the checkpoint interval trades save time against lost work. "
        + (
            "test.toml gives no failure rate, so the report uses Llama 3's (419 unexpected interruptions in 54 days on "
            "16,384 GPUs)."
            if defaults
            else f"test.toml sets a per-GPU MTBF of {sig(r.gpu_mtbf_hours)} h."
        )
    )
    measure = Para(
        f"Two measures of the same saves appear in this report. The bubble share is save time as a share of wall "
        f"time ({p3(m.bubble.baseline_bubble_pct)} on {s.baseline.system}); the overheads in this section are shares "
        f"of compute time, as Young's model counts them ({p3(r.baseline.save_overhead_pct)} for the saves alone, the "
        "same saves: x of compute is x ÷ (1 + x) of wall time). Rework and restarts add to the saves.",
        "note",
    )
    notes = [
        w.p(
            f"At today's interval ({count(m.bubble.checkpoint_interval_steps)} steps, {h3(r.interval_s)} of compute) "
            f"saves, rework and restarts cost {p3(r.baseline.overhead_pct)} of compute time on {s.baseline.system} and "
            f"{p3(r.candidate.overhead_pct)} on {s.candidate.system}.",
            "save_times",
        ),
        w.p(_retune_sentence(m), "save_times"),
        w.p(
            f"Re-optimised, the overhead scales with the square root of the save cost: the candidate's optimum is "
            f"{x3(r.optimal_overhead_ratio)} the baseline's, close to √{sig(r.cost_ratio)} = {sig(r.sqrt_cost_ratio)}, "
            "not the cost ratio itself.",
            "save_times",
        ),
    ]
    return Section(
        "reliability",
        "Failures and the checkpoint interval",
        (intro, *notes, table, measure, w.figure("reliability")),
    )


def _optimum_words(m: Metrics) -> str:
    gain = m.reliability.optimum_gain_pct
    if gain >= 0:
        return f"the candidate's contribution is {sig(gain)} percentage points"
    return f"the candidate costs {sig(-gain)} percentage points more"


def _switch_words(gain: float) -> str:
    return f"saves {sig(gain)}" if gain >= 0 else f"costs {sig(-gain)} more"


def _beyond_run(m: Metrics) -> str:
    """A caveat when Young's optimal interval is longer than the whole run."""
    r, b = m.reliability, m.bubble
    if r.baseline.optimal_interval_steps <= b.total_steps:
        return ""
    return (
        f" Young's optimum ({count(round(r.baseline.optimal_interval_steps))} steps) is longer than the whole run "
        f"({count(b.total_steps)} steps): at this failure rate the run would checkpoint for its own sake only once or "
        "twice, and keeps today's interval for other reasons (evaluation, preemption, a failure rate higher than "
        "assumed), which the report cannot weigh."
    )


def _retune_sentence(m: Metrics) -> str:
    r, s = m.reliability, m.save
    retune = (
        f"Re-tuning the interval on {s.baseline.system} alone, to every "
        f"{count(round(r.baseline.optimal_interval_steps))} steps, saves {sig(r.retune_gain_pct)} percentage points; "
        f"moving to {s.candidate.system} at today's interval saves {sig(r.switch_gain_pct)}."
    )
    if r.tuning_beats_switching:
        return (
            retune + " Re-tuning alone recovers more than the new storage does at today's interval; optimum against "
            f"optimum, {_optimum_words(m)}." + _beyond_run(m)
        )
    return retune + f" Optimum against optimum the candidate still saves {sig(r.optimum_gain_pct)} points."


# ---- projections ----


def _projection_section(w: _Words) -> Section:
    m = w.m
    if not m.projections:
        return Section(
            "projections",
            "Projections to other checkpoint sizes",
            (
                Para("test.toml lists no [[projections]], so no other checkpoint size is projected."),
                w.p(_fit_sentence(m, "baseline"), "save_times"),
                w.p(_fit_sentence(m, "candidate"), "save_times"),
                w.figure("projection"),
            ),
        )
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
        illustrative=w.marked("save_times"),
    )
    notes = [w.p(_fit_sentence(m, side), "save_times") for side in SIDES]
    gpus_held = sorted({g for side in SIDES for g in m.fits[side].gpus})
    notes.append(
        Para(
            f"Only the checkpoint size changes: the projections keep the measured GPU count "
            f"({join_words([str(g) for g in gpus_held])}) and its write parallelism. A larger model usually runs on "
            "more GPUs, which write in parallel; its save time there is not measured here.",
            "note",
        )
    )
    for side in SIDES:
        if len(m.fits[side].gpus) > 1:
            name = m.save.baseline.system if side == "baseline" else m.save.candidate.system
            notes.append(
                Para(
                    f"{name}: the fitted line mixes rows of {join_words([str(g) for g in m.fits[side].gpus])} GPUs, "
                    "so it confounds checkpoint size with GPU count.",
                    "warning",
                )
            )
    for p in m.projections:
        if p.measured_size:
            notes.append(w.p(f"“{p.name}” is a size both systems measured: its times are fitted, not extrapolated."))
        elif p.extrapolation > FAR_EXTRAPOLATION:
            notes.append(
                w.p(
                    f"“{p.name}” is {x3(p.extrapolation)} the largest measured checkpoint: the projection extrapolates "
                    "well beyond the measurements. Measure a checkpoint of that size before relying on it.",
                    style="warning",
                )
            )
    return Section("projections", "Projections to other checkpoint sizes", (*notes, table, w.figure("projection")))


def _fit_sentence(m: Metrics, side: str) -> str:
    f = m.fits[side]
    name = m.save.baseline.system if side == "baseline" else m.save.candidate.system
    if f.method == "proportional":
        return (
            f"{name}: one checkpoint size was measured ({gb(f.sizes_gb[0])}), so save time is assumed to grow in "
            f"proportion to size ({num(f.slope_s_per_gb, 3)} s per GB)."
        )
    return (
        f"{name}: {len(set(f.sizes_gb))} checkpoint sizes were measured, so the projection follows the least-squares "
        f"line save time = {num(f.intercept_s, 2)} s + {num(f.slope_s_per_gb, 3)} s/GB × size."
    )


# ---- model loading ----


def _load_section(w: _Words) -> Section:
    m = w.m
    models = sorted(m.load.models, key=lambda x: (natural_key(x.model), natural_key(x.platform)))
    rows = tuple(
        (
            x.model,
            x.platform,
            gb(x.size_gb),
            f"{x.baseline_runs} / {x.candidate_runs}",
            mean_sd(x.baseline_s, x.baseline_stdev_s, 1),
            mean_sd(x.candidate_s, x.candidate_stdev_s, 1),
            "–" if x.baseline_cv_pct is None else f"{num(x.baseline_cv_pct, 1)} / {num(x.candidate_cv_pct, 1)}",
            num(x.saved_s, 1),
            f"{num(x.speedup, 2)}×",
            "–" if x.speedup_ci95 is None else f"{num(x.speedup_ci95[0], 2)}–{num(x.speedup_ci95[1], 2)}×",
        )
        for x in models
    )
    table = Table(
        "load",
        "Model load time (inference cold start)",
        (
            Column("Model", False),
            Column("Platform", False),
            Column("Size"),
            Column("Runs"),
            Column(f"{m.load.baseline_system} (s)"),
            Column(f"{m.load.candidate_system} (s)"),
            Column("CV (%)"),
            Column("Saved (s)"),
            Column("Speedup"),
            Column("95% interval"),
        ),
        rows,
        "Mean ± sd over runs; CV baseline / candidate; the interval by the same method as the saves'.",
        illustrative=w.marked("load_times"),
    )
    notes = [
        w.p(
            f"{m.load.candidate_system} brings a model into service {_load_speed(m)} than {m.load.baseline_system}, "
            f"{s3(m.lifecycle.load_saved_min_s)} to {s3(m.lifecycle.load_saved_max_s)} per cold start.",
            "load_times",
        )
    ]
    if all(x.speedup_ci95 is None for x in models):
        notes.append(w.p("Each load was timed once per system, so the speedups carry no measure of spread."))
    max_cv = w.config.gates.max_cv_pct
    for x in models:
        if x.unstable:
            notes.append(
                w.p(
                    f"{x.model} on {x.platform}: the load times spread by {p3(x.baseline_cv_pct)} and "
                    f"{p3(x.candidate_cv_pct)} (CV), above the {given(max_cv)}% the gates accept for saves; "
                    "its speedup "
                    "is unstable. Repeat the loads with the page cache dropped between runs.",
                    "load_times",
                    style="warning",
                )
            )
    return Section("loading", "Model loading for inference", (*notes, table, w.figure("load-times")))


# ---- economics ----


def _economics_section(w: _Words) -> Section | None:
    m, e = w.m, w.m.economics
    if e is None:
        return None
    spec = w.config.economics
    money = f"{{:,.0f}} {e.currency}".format
    table = Table(
        "economics",
        "Value of the time saved",
        (Column("Figure", False), Column("Value"), Column("How", False)),
        (
            (
                "Per training run",
                money(e.value_per_run),
                f"{s3(m.bubble.time_saved_s)} × {m.save.baseline.gpus} GPUs × {num(spec.gpu_hour_price, 2)} "
                f"{e.currency} per GPU-hour",
            ),
            ("Per year", money(e.value_per_year), f"× {count(spec.runs_per_year)} runs a year"),
            (
                "Cluster capacity per year",
                money(e.cluster_value_per_year),
                f"{num(m.bubble.gpu_equivalents, 1)} GPU-equivalents × 8,760 h",
            ),
            (
                "Checkpoints retained",
                gb(e.retained_gb),
                f"{spec.retained_checkpoints} × {gb(m.save.baseline.snapshot_gb)} to keep on the array",
            ),
        ),
        illustrative=w.marked("save_times"),
    )
    notes = (
        w.p(
            f"At {num(spec.gpu_hour_price, 2)} {e.currency} per GPU-hour, the time the candidate saves is worth "
            f"{money(e.value_per_run)} per training run and {money(e.value_per_year)} a year at "
            f"{count(spec.runs_per_year)} runs.",
            "save_times",
        ),
        Para(
            "The cluster figure values the GPU-equivalents as if every job checkpointed like this one all year; the "
            "per-run figure counts only this job's GPUs. Neither includes the array's price or running costs.",
            "note",
        ),
    )
    return Section("economics", "Value of the time saved", (*notes, table))


# ---- audit ----


def _audit_section(w: _Words) -> Section:
    m = w.m
    a, s, bw = m.audit, m.save, m.bandwidth
    deps = ("save_times", "bandwidth")
    items = [
        w.p(
            f"Effective save throughput (checkpoint size ÷ save time) is {sig(s.baseline.effective_gbps)} GB/s on "
            f"{s.baseline.system} and {sig(s.candidate.effective_gbps)} GB/s on {s.candidate.system}: "
            f"{_both(p3(a.baseline.effective_share_pct), p3(a.candidate.effective_share_pct))} of the sustained "
            "bandwidth.",
            *deps,
        )
    ]
    if a.effective_above_sustained:
        items.append(
            w.p(
                "A save that finishes faster than its system's sustained bandwidth allows is implausible: either the "
                "checkpoint size is overstated, the save was not durable when timed (the page cache absorbed it), or "
                "the bandwidth log is not of the same system. Check these before relying on the save times.",
                *deps,
                style="warning",
            )
        )
    items.append(
        w.p(
            f"At full sustained bandwidth the saves would write {sig(a.baseline.implied_written_gb)} GB and "
            f"{sig(a.candidate.implied_written_gb)} GB, {x3(a.baseline.implied_to_snapshot)} and "
            f"{x3(a.candidate.implied_to_snapshot)} the stated {gb(s.baseline.snapshot_gb)} checkpoint.",
            *deps,
        )
    )
    if a.fit is not None:
        items.append(
            w.p(
                f"A save bound by bandwidth that writes V GB after a fixed cost F, save = F + V ÷ bandwidth, passes "
                f"through both systems' points with F = {s3(a.fit.fixed_s)} and V = {sig(a.fit.written_gb)} GB, "
                f"{x3(a.fit_written_to_snapshot)} the stated checkpoint.",
                *deps,
            )
        )
    items.append(
        w.p(
            f"The save speedup ({x3(s.speedup)}) against the bandwidth ratio ({x3(a.bandwidth_ratio)}): their quotient "
            f"is {sig(a.save_speedup_to_bandwidth_ratio)}.",
            *deps,
        )
    )
    items += _hypotheses(w)
    if a.max_extrapolation is not None and a.max_extrapolation > FAR_EXTRAPOLATION:
        items.append(
            w.p(
                f"The largest projection is {x3(a.max_extrapolation)} the largest measured checkpoint: treat projected "
                "times as estimates under the stated scaling assumption.",
                "save_times",
            )
        )
    del bw
    return Section("audit", "Consistency audit", (Items(tuple(items), "audit"),))


def _hypotheses(w: _Words) -> list[Para]:
    a = w.m.audit
    deps = ("save_times", "bandwidth")
    low = max(a.baseline.effective_share_pct, a.candidate.effective_share_pct) < BANDWIDTH_BOUND_SHARE_PCT
    if low:
        text = (
            "Two explanations fit these figures equally well, and the measurements cannot tell them apart: the save "
            "writes about the stated checkpoint but spends most of its time elsewhere (serialisation, many small "
            "files, metadata, synchronisation between ranks), or it is bound by bandwidth but writes far more than "
            "the stated checkpoint (optimiser state, several copies, write amplification). To tell them apart, "
            "record the bytes written per save and the time the save spends writing."
        )
    else:
        text = (
            "The saves run close to the sustained bandwidth, which is consistent with a bandwidth-bound save; it is "
            "no proof if the bandwidth was derived from these same saves (see the data sources). A bandwidth log "
            "taken independently of the saves, and the bytes written per save, would confirm it."
        )
    return [w.p(text, *deps)]


# ---- questions and answers ----


def _answers(w: _Words) -> Section:
    m = w.m
    s, b, sc, lc, r = m.save, m.bubble, m.scale, m.lifecycle, m.reliability
    q1 = Subsection(
        "qa-utilisation",
        f"What does a {_speed_phrase(s.speedup)} checkpoint save do to GPU utilisation?",
        (
            w.p(
                f"With synchronous saves the GPUs wait for every checkpoint. On {s.baseline.system} they spend "
                f"{p3(b.baseline_bubble_pct)} of the run waiting ({plural(b.saves, 'save')} of "
                f"{s3(s.baseline.mean_s)}); "
                f"on {s.candidate.system}, {p3(b.candidate_bubble_pct)}. The share of wall time spent computing goes "
                f"from {p3(b.baseline_compute_share_pct)} to {p3(b.candidate_compute_share_pct)}.",
                "save_times",
            ),
            w.p(
                f"The same work is done in {long_duration(b.candidate_duration_s)} instead of "
                f"{long_duration(b.baseline_duration_s)}. {_capacity_sentence(m)}",
                "save_times",
            ),
            w.p(
                "The counter-argument a performance engineer raises first: save less often. " + _retune_sentence(m),
                "save_times",
            ),
        ),
    )
    q2 = Subsection(
        "qa-lifecycle",
        "How do faster saves in training and faster loads in inference add up over a model's life cycle?",
        (
            w.p(
                f"Training: each run of {count(b.total_steps)} steps spends {s3(abs(lc.training_saved_s))} "
                f"{'less' if lc.training_saved_s >= 0 else 'more'} on checkpoint stalls, on each of its "
                f"{s.baseline.gpus} GPUs: {sig(abs(lc.training_gpu_hours_saved))} GPU-hours per run.",
                "save_times",
            ),
            w.p(
                f"Deploying and serving: every cold start of a measured model takes {s3(lc.load_saved_min_s)} to "
                f"{s3(lc.load_saved_max_s)} less. It recurs at every scale-out, restart and model update, so its "
                "weight depends on how often the service starts models, which this test does not measure.",
                "load_times",
            ),
            Para(
                "The two are different units (GPU-hours of a training job, seconds of a service's start) and are not "
                "added here: a training run and a cold start of an unrelated model are not one quantity.",
                "note",
            ),
        ),
    )
    proj = [
        f"{p.name}: {s3(p.baseline_s)} against {s3(p.candidate_s)} per save, {s3(p.saved_per_save_s)} saved per save"
        for p in m.projections
    ]
    proj_text = (
        "Projected to other checkpoint sizes, at the measured GPU count — "
        + "; ".join(proj)
        + ". Bubble shares at other sizes also depend on their compute time per step, which this test did not measure."
        if proj
        else "No other checkpoint size was projected in this test."
    )
    q3 = Subsection(
        "qa-scale",
        "Does the effect hold at other cluster and model sizes?",
        (
            w.p(
                f"Cluster size: the throughput gain ({p3(b.throughput_gain_pct)}) is a property of each job, so the "
                f"GPU-equivalents grow with the cluster, {gpus(sc.gpu_equivalents_per_1000)} per 1,000 GPUs, as "
                "long as "
                f"each job keeps this job's save times ({s3(s.baseline.mean_s)} and {s3(s.candidate.mean_s)}).",
                "save_times",
            ),
            w.p(
                f"Failures grow with scale: a job across {count(sc.cluster_gpus)} GPUs fails on average every "
                f"{h3(sc.job_mtbf_s)}. At its optimal interval, with this job's save times, it loses "
                f"{p3(sc.baseline_optimal_overhead_pct)} of its compute time on {s.baseline.system} and "
                f"{p3(sc.candidate_optimal_overhead_pct)} on {s.candidate.system}.",
                "save_times",
            ),
            w.p(proj_text, "save_times"),
        ),
    )
    del r
    return Section("qa", "Questions and answers", (q1, q2, q3))


# ---- appendices ----


def _raw_section(w: _Words) -> Section:
    test = w.test
    order = {w.config.systems.save_baseline: 0, w.config.systems.candidate: 1}
    saves = test.saves.assign(_side=test.saves["system"].astype(str).map(order))
    saves = saves.sort_values(["_side", "model", "run"], kind="stable")
    save_rows = tuple(
        (str(r.system), str(r.model), str(r.gpus), num(r.snapshot_gb, 1), str(r.run), num(r.save_s, 2))
        for r in saves.itertuples(index=False)
    )
    load_order = {w.config.systems.load_baseline: 0, w.config.systems.candidate: 1}
    loads = test.loads.assign(_side=test.loads["system"].astype(str).map(load_order))
    loads = loads.assign(_model=loads["model"].astype(str).map(natural_key))
    loads = loads.sort_values(["_model", "platform", "_side", "run"], kind="stable")
    load_rows = tuple(
        (str(r.system), str(r.model), str(r.platform), num(r.size_gb, 1), str(r.run), num(r.load_s, 2))
        for r in loads.itertuples(index=False)
    )
    tables = (
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
                illustrative=w.marked("save_times"),
            )
        ),
        _bandwidth_runs(test.bandwidth, w),
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
                illustrative=w.marked("load_times"),
            )
        ),
    )
    return Section("raw", "Appendix A: measurements", tables, appendix=True, new_page=True)


def _limit(table: Table, total: int | None = None) -> Table:
    """At most MAX_RAW_ROWS rows of a table of `total` rows (by default, all the rows it holds)."""
    total = len(table.rows) if total is None else total
    if total <= MAX_RAW_ROWS:
        return table
    note = (
        f"First {MAX_RAW_ROWS} of {count(total)} rows; the full file is attached to the PDF and its "
        "SHA-256 is listed in the colophon."
    )
    return Table(table.id, table.caption, table.columns, table.rows[:MAX_RAW_ROWS], note, table.illustrative)


def _bandwidth_runs(log: BandwidthLog, w: _Words) -> Table:
    """Each run summarised, baseline first, formatted only as far as the appendix shows (a log may hold millions)."""
    first = [w.config.systems.save_baseline, w.config.systems.candidate]
    runs = [k for name in first for k in log.runs_of(name)[: MAX_RAW_ROWS + 1]][: MAX_RAW_ROWS + 1]
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
        for k in runs
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
        illustrative=w.marked("bandwidth"),
    )
    return _limit(table, len(log.run_start))


FORMULAS = (
    ("Mean save time", "mean = Σ save_s ÷ runs, over the training model's rows of one system"),
    ("Speedup", "speedup = mean_B ÷ mean_C; reduction = 100 × (1 − mean_C ÷ mean_B)"),
    ("Effective throughput", "effective = snapshot_gb ÷ mean save time"),
    ("Sustained bandwidth", "mean of each run's write_gbps samples, then the mean over runs"),
    (
        "Steady-state bandwidth",
        "per run, the samples from the first one ≥ 0.9 × the run's median (in t_s order); their mean, then the mean "
        "over runs",
    ),
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
    (
        "Runs to decide G3",
        "smallest n from 2 to 10,000 with speedup × exp(− t₀.₉₇₅(df(n)) × se(n)) ≥ target "
        "(or exp(+ …) < target below it), "
        "se(n)² = (cv_B² + cv_C²) ÷ n, df(n) = (n − 1)(cv_B² + cv_C²)² ÷ (cv_B⁴ + cv_C⁴)",
    ),
    ("Runs short (G1, G2)", "max(min_runs, 2) − runs, at least 0"),
    ("Job MTBF", "M = per-GPU MTBF (h) × 3,600 ÷ GPUs of the job"),
    ("Overhead", "100 × (c ÷ τ + (τ + c) ÷ 2M + restart ÷ M), c = save time, τ = interval of compute"),
    ("Optimal interval", "Young: τ = √(2cM); Daly: √(2cM) × (1 + √(c/2M)/3 + (c/2M)/9) − c"),
    ("Re-tuning beats switching", "baseline's overhead at its optimal interval < candidate's at today's interval"),
    ("Implied bytes written", "sustained bandwidth × mean save time, per system"),
    (
        "Two-system fit",
        "save = F + V ÷ bandwidth through both systems: V = (mean_B − mean_C) ÷ (1/bw_B − 1/bw_C), "
        "F = mean_B − V ÷ bw_B",
    ),
    ("Outlier", "modified z-score 0.6745 × (x − median) ÷ MAD above 3.5 (Iglewicz and Hoaglin)"),
    ("Value of time saved", "time saved ÷ 3,600 × GPUs × price per GPU-hour; cluster: GPU-equivalents × 8,760 × price"),
)


def _formulas_section() -> Section:
    return Section("formulas", "Appendix B: formulas", (Definitions(FORMULAS, "formulas"),), appendix=True)


def _colophon_section(w: _Words, prov: Provenance) -> Section:
    test = w.test
    inputs = Table(
        "inputs",
        "Input files (attached to the PDF)",
        (Column("File", False), Column("Bytes"), Column("Media type", False), Column("SHA-256", False, code=True)),
        tuple((name, count(len(data)), MEDIA_TYPES[name], test.sha256[name]) for name, data in test.raw.items()),
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
    intro = Para(
        "The PDF edition of this report carries its input files as attachments, with metrics.json, the unrounded "
        "figures; python -m report verify report.pdf recomputes the figures from the attachments and compares "
        "them. The HTML edition carries neither: check it against the PDF and metrics.json built beside it."
    )
    return Section("colophon", "Colophon: inputs and software", (intro, inputs, versions), appendix=True)


def build(test: JointTest, m: Metrics, charts: dict[str, Chart], prov: Provenance) -> ReportContext:
    """The whole context of the report."""
    w = _Words(test, m, charts)
    sections = [
        _summary(w),
        _gates_section(w),
        _setup_section(w),
        _save_section(w),
        _bandwidth_section(w),
        _bubble_section(w),
        _reliability_section(w),
        _projection_section(w),
        _load_section(w),
        _economics_section(w),
        _audit_section(w),
        _answers(w),
        _raw_section(w),
        _formulas_section(),
        _colophon_section(w, prov),
    ]
    c = test.config
    return ReportContext(
        cover=_cover(test, m),
        sections=tuple(s for s in sections if s is not None),
        description=(
            f"Joint test: {c.systems.candidate} against {c.systems.save_baseline} and {c.systems.load_baseline}"
        ),
        charts=charts,
    )
