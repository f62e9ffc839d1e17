"""Building the templates' context: the cover and the report's sections, every word and number made from the figures.

The computation (report/compute.py) returns numbers, statuses and ids; this module only words and formats them.
Every sentence is a message of the active language's catalog (report/i18n.py), formatted with named fields.
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
from report.compute import SENSITIVITY_SPAN, SIDES, Gate, Metrics, SaveSide
from report.config import CSV_INPUTS, TestConfig
from report.config import Gates as Thresholds
from report.formatting import (
    count,
    fixed,
    gb,
    given,
    gpus,
    h3,
    hours,
    long_duration,
    mean_sd,
    natural_key,
    num,
    p3,
    pct,
    s3,
    seconds,
    sig,
    x3,
)
from report.i18n import _, date, join_words, ngettext, page_footer
from report.inputs import media_type
from report.load import JointTest
from report.provenance import Provenance
from report.runs import BandwidthLog

# A raw table longer than this is summarised in the appendix rather than printed row by row.
MAX_RAW_ROWS = 40
# Beyond this multiple of the largest measured checkpoint a projection is an extrapolation to measure.
FAR_EXTRAPOLATION = 1.5
# Effective throughput of at least this share of sustained bandwidth is consistent with a bandwidth-bound save.
BANDWIDTH_BOUND_SHARE_PCT = 80.0
# The gates each headline tile depends on: a tile is marked while one of them fails or lacks data.
TILE_GATES = {
    "speedup": ("G1", "G2", "G3"),
    "per-save": ("G1", "G2", "G3"),
    "bubble": ("G1", "G2", "G4"),
    "training": ("G4",),
    "capacity": ("G4",),
    "loading": (),
}


def input_label(name: str) -> str:
    """A reader's name for one of the three CSV inputs."""
    return {
        "save_times": _("Checkpoint save times"),
        "bandwidth": _("Write bandwidth"),
        "load_times": _("Model load times"),
    }[name]


def _input_words(name: str) -> str:
    """The same in running text."""
    return {
        "save_times": _("checkpoint save times"),
        "bandwidth": _("write bandwidth"),
        "load_times": _("model load times"),
    }[name]


def status_label(status: str) -> str:
    """A gate's status as the gate table prints it."""
    return {"pass": _("Pass"), "fail": _("Fail"), "insufficient": _("Insufficient data")}[status]


def verdict_label(status: str) -> str:
    """The verdict as page 1 prints it."""
    return {
        "demonstrated": _("Benefit demonstrated"),
        "not_demonstrated": _("Benefit not demonstrated"),
        "undecided": _("Undecided, more measurements needed"),
    }[status]


def gate_name(gate_id: str) -> str:
    """What each gate checks."""
    return {
        "G1": _("Baseline established"),
        "G2": _("Candidate measured on the same workload"),
        "G3": _("Save-time target met"),
        "G4": _("Training-time benefit"),
    }[gate_id]


def _n(n: int, one: str, many: str) -> str:
    """A count with its noun, singular or plural: "1 run", "3 runs"."""
    return ngettext(one, many, n).format(n=count(n))


@dataclass(frozen=True)
class KeyFigure:
    """A headline tile of the cover."""

    id: str
    value: str
    label: str
    note: str
    mark: str = ""  #: a failed or undecided gate it depends on, or "Illustrative input"
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
    language: str
    footer: tuple[str, str, str]  #: the words around the page number and count in the PDF's footer


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


def _per_save(saved_s: float) -> str:
    """ "84 s less", "12.0 s more", "no difference"."""
    if saved_s == 0:
        return _("no difference")
    text = _("{time} less") if saved_s > 0 else _("{time} more")
    return text.format(time=s3(abs(saved_s)))


def _speed_phrase(speedup: float) -> str:
    """ "1.89× faster", "1.89× slower" (the inverse), "as fast"."""
    if speedup == 1:
        return _("as fast")
    if speedup > 1:
        return _("{ratio} faster").format(ratio=x3(speedup))
    return _("{ratio} slower").format(ratio=x3(1 / speedup))


def _speedup_ci_phrase(m: Metrics) -> str:
    ci = m.save.speedup_ci95
    if ci is None:
        return _("one value per system, so no confidence interval")
    return _("95% confidence interval of the speedup {low} to {high}").format(low=x3(ci[0]), high=x3(ci[1]))


def _both(a: str, b: str) -> str:
    """ "11% and 12%", or "both 11%" when they print alike."""
    return _("both {value}").format(value=a) if a == b else _("{a} and {b}").format(a=a, b=b)


def _gate_list(ids: tuple[str, ...] | list[str]) -> str:
    return join_words(list(ids))


def _sooner(reduction_pct: float) -> str:
    if reduction_pct == 0:
        return _("at the same time")
    text = _("{share} sooner") if reduction_pct > 0 else _("{share} later")
    return text.format(share=p3(abs(reduction_pct)))


def _pct_change(value: float) -> str:
    if value == 0:
        return _("the same")
    return (_("{share} more") if value > 0 else _("{share} less")).format(share=p3(abs(value)))


def _range(low: float, high: float, joiner: str | None = None) -> str:
    a, b = x3(low), x3(high)
    if a == b:
        return a
    return f"{a}{joiner}{b}" if joiner else _("{low} to {high}").format(low=a, high=b)


def _load_speed(m: Metrics) -> str:
    lo, hi = m.load.speedup_min, m.load.speedup_max
    if lo >= 1:
        return _("{ratios} faster").format(ratios=_range(lo, hi))
    if hi < 1:
        return _("{ratios} slower").format(ratios=_range(1 / hi, 1 / lo))
    return _("between {slower} slower and {faster} faster").format(slower=x3(1 / lo), faster=x3(hi))


# ---- the gates, worded from the figures (metrics.json keeps an English detail that is informative only) ----


def gate_detail(m: Metrics, cfg: TestConfig, gate: Gate) -> str:
    """Why a gate has its status, in one line, from the figures."""
    g = cfg.gates
    if gate.id in ("G1", "G2"):
        side = m.save.baseline if gate.id == "G1" else m.save.candidate
        if gate.status == "insufficient":
            return _("{runs} of {model} on {system}; at least {needed} are needed").format(
                runs=_n(side.runs, "{n} run", "{n} runs"),
                model=side.model,
                system=side.system,
                needed=max(g.min_runs, 2),
            )
        text = (
            _("{runs} runs, spread (CV) {cv} within the {limit}% limit")
            if gate.status == "pass"
            else _("{runs} runs, spread (CV) {cv} above the {limit}% limit")
        )
        return text.format(runs=side.runs, cv=pct(side.cv_pct, 2), limit=given(g.max_cv_pct))
    if gate.id == "G3":
        ci = m.save.speedup_ci95
        if ci is None:
            return _("no confidence interval: each system needs 2 or more runs")
        text = {
            "pass": _("95% interval {low} to {high} lies at or above {target}×"),
            "fail": _("95% interval {low} to {high} lies below {target}×"),
            "insufficient": _("95% interval {low} to {high} contains {target}×"),
        }[gate.status]
        return text.format(low=f"{num(ci[0], 2)}×", high=f"{num(ci[1], 2)}×", target=given(g.target_speedup))
    change = m.bubble.duration_reduction_pct
    text = (
        _("training time {change} shorter; target {target}% shorter")
        if change >= 0
        else _("training time {change} longer; target {target}% shorter")
    )
    return text.format(change=pct(abs(change), 2), target=given(g.target_duration_reduction_pct))


# ---- the cover ----


def _verdict_reason(m: Metrics, cfg: TestConfig) -> str:
    v, gates = m.verdict, {g.id: g for g in m.gates}

    def failed(gate_id: str) -> str:
        return _("{gate} fails ({name}: {detail})").format(
            gate=gate_id, name=gate_name(gate_id).lower(), detail=gate_detail(m, cfg, gates[gate_id])
        )

    if v.status == "not_demonstrated":
        text = _("{failures}.").format(failures=_("; ").join(failed(g) for g in v.failed))
        if v.insufficient:
            also = ngettext("{gates} also lacks the data.", "{gates} also lack the data.", len(v.insufficient))
            text += " " + also.format(gates=_gate_list(v.insufficient))
        return text + _g3_leaning(m, cfg, gates["G3"])
    if v.status == "undecided":
        parts = _("; ").join(
            _("{gate} ({detail})").format(gate=g, detail=gate_detail(m, cfg, gates[g])) for g in v.insufficient
        )
        return _("{gates} cannot be decided from this test: {reasons}.").format(
            gates=_gate_list(v.insufficient), reasons=parts
        ) + _g3_leaning(m, cfg, gates["G3"])
    changed = _changed_thresholds(cfg)
    if changed:
        return _(
            "All four gates pass on this test's measurements, at thresholds test.toml sets apart from the defaults: "
            "{thresholds}."
        ).format(thresholds=_("; ").join(changed))
    return _("All four gates pass on this test's measurements and thresholds.")


def _g3_leaning(m: Metrics, cfg: TestConfig, g3: Gate) -> str:
    """When G3 is undecided but its point estimate is below the target: which way more runs would likely go."""
    target = cfg.gates.target_speedup
    if g3.status != "insufficient" or m.save.speedup >= target:
        return ""
    return " " + _(
        "G3's point estimate, {speedup}, is below the {target}× target: unless more runs move it, they would make G3 "
        "fail, not pass."
    ).format(speedup=f"{num(m.save.speedup, 2)}×", target=given(target))


def _changed_thresholds(cfg: TestConfig) -> list[str]:
    """The gate thresholds test.toml gives other values than the defaults, as a reader compares them."""
    default, g, out = Thresholds(), cfg.gates, []
    words = {
        "min_runs": _("at least {value} runs per system (default {default})"),
        "max_cv_pct": _("a spread (CV) of at most {value}% (default {default}%)"),
        "target_speedup": _("a save speedup of at least {value}× (default {default}×)"),
        "target_duration_reduction_pct": _("a training run at least {value}% shorter (default {default}%)"),
    }
    for key, text in words.items():
        value, base = getattr(g, key), getattr(default, key)
        if value != base:
            out.append(text.format(value=given(value), default=given(base)))
    return out


def _tile_mark(m: Metrics, tile_id: str, inputs: tuple[str, ...]) -> tuple[str, str]:
    gates = {g.id: g.status for g in m.gates}
    concerned = TILE_GATES[tile_id]
    failed = [g for g in concerned if gates[g] == "fail"]
    missing = [g for g in concerned if gates[g] == "insufficient"]
    if failed:
        return _("{gates} failed").format(gates=_gate_list(failed)), "fail"
    if missing:
        return _("{gates} undecided").format(gates=_gate_list(missing)), "insufficient"
    if set(inputs) & set(m.inputs_illustrative):
        return _("Illustrative input"), "illustrative"
    return "", ""


def _no_difference(ci: tuple[float, float] | None) -> str:
    """Said on the speedup tile when the speedup's 95% interval includes 1×."""
    if ci is None or not ci[0] <= 1 <= ci[1]:
        return ""
    return _("; its 95% interval, {low} to {high}, includes 1×: no difference shown yet").format(
        low=f"{num(ci[0], 2)}×", high=f"{num(ci[1], 2)}×"
    )


def _tiles(m: Metrics) -> tuple[KeyFigure, ...]:
    s, b = m.save, m.bubble
    slower = s.speedup < 1
    specs = (
        (
            "speedup",
            x3(1 / s.speedup if slower else s.speedup),
            _("slower checkpoint save") if slower else _("faster checkpoint save"),
            _("{baseline} → {candidate} per save").format(
                baseline=s3(s.baseline.mean_s), candidate=s3(s.candidate.mean_s)
            )
            + _no_difference(s.speedup_ci95),
            ("save_times",),
        ),
        (
            "per-save",
            s3(abs(s.saved_per_save_s)),
            _("more per checkpoint save") if s.saved_per_save_s < 0 else _("less per checkpoint save"),
            _("{share} of the baseline's save time").format(share=p3(abs(s.reduction_pct))),
            ("save_times",),
        ),
        (
            "bubble",
            f"{p3(b.baseline_bubble_pct)} → {p3(b.candidate_bubble_pct)}",
            _("checkpoint bubble share of wall time"),
            _("{saves} in {steps} steps").format(
                saves=_n(b.saves, "{n} save", "{n} saves"), steps=count(b.total_steps)
            ),
            ("save_times",),
        ),
        (
            "training",
            p3(abs(b.duration_reduction_pct)),
            _("shorter training run") if b.duration_reduction_pct >= 0 else _("longer training run"),
            _("{saved} of {total}").format(saved=s3(abs(b.time_saved_s)), total=s3(b.baseline_duration_s)),
            ("save_times",),
        ),
        (
            "capacity",
            gpus(b.gpu_equivalents),
            _("GPU-equivalents of capacity") if b.gpu_equivalents >= 0 else _("GPU-equivalents of capacity lost"),
            _("{gpus}-GPU cluster of such jobs, at this job's save times").format(gpus=count(b.cluster_gpus)),
            ("save_times",),
        ),
        (
            "loading",
            _range(m.load.speedup_min, m.load.speedup_max, "–"),
            _("faster model loading") if m.load.speedup_min >= 1 else _("model loading speed"),
            _("than {system}, {pairs}").format(
                system=m.load.baseline_system,
                pairs=_n(len(m.load.models), "{n} model/platform pair", "{n} model/platform pairs"),
            ),
            ("load_times",),
        ),
    )
    out = []
    for tile_id, value, label, note, inputs in specs:
        mark, kind = _tile_mark(m, tile_id, inputs)
        out.append(KeyFigure(tile_id, value, label, note, mark, kind))
    return tuple(out)


def _evidence(m: Metrics) -> str:
    measured = [_input_words(n) for n in CSV_INPUTS if n not in m.inputs_illustrative]
    shown = [_input_words(n) for n in m.inputs_illustrative]
    if not shown:
        return _(
            "Every figure is computed from the measured inputs attached to the PDF edition of this report "
            "(checkpoint save times, write bandwidth and model load times) and from the assumptions listed in the "
            "test setup (the training run, the cluster, failure rates)."
        )
    first = (
        _("Measured inputs: {inputs}. ").format(inputs=join_words(measured))
        if measured
        else _("None of this report's inputs is measured. ")
    )
    return first + _(
        "Illustrative inputs, not measured: {inputs}; every figure drawn from them is marked “Illustrative” wherever "
        "it appears."
    ).format(inputs=join_words(shown))


def _cover(test: JointTest, m: Metrics) -> Cover:
    c = test.config
    return Cover(
        title=c.title,
        customer=c.customer,
        date=date(c.date),
        date_iso=c.date.isoformat(),
        candidate=c.systems.candidate,
        save_baseline=c.systems.save_baseline,
        load_baseline=c.systems.load_baseline,
        verdict_status=m.verdict.status,
        verdict_label=verdict_label(m.verdict.status),
        verdict_reason=_verdict_reason(m, c),
        tiles=_tiles(m),
        evidence=_evidence(m),
    )


# ---- executive summary ----


def _findings(w: _Words) -> list[Para]:
    m = w.m
    s, b = m.save, m.bubble
    return [
        w.p(
            _(
                "On the {model} workload ({size} per checkpoint, {gpus}), {candidate} saved a checkpoint in "
                "{candidate_time} against {baseline_time} on {baseline}: {difference} per save, {speed} ({interval})."
            ).format(
                model=s.baseline.model,
                size=gb(s.baseline.snapshot_gb),
                gpus=_n(s.baseline.gpus, "{n} GPU", "{n} GPUs"),
                candidate=s.candidate.system,
                candidate_time=s3(s.candidate.mean_s),
                baseline_time=s3(s.baseline.mean_s),
                baseline=s.baseline.system,
                difference=_per_save(s.saved_per_save_s),
                speed=_speed_phrase(s.speedup),
                interval=_speedup_ci_phrase(m),
            ),
            "save_times",
        ),
        w.p(
            _(
                "Over {steps} steps with a save every {interval} steps, the checkpoint bubble (save time as a share "
                "of wall time) goes from {baseline} to {candidate} and the run ends {sooner} ({candidate_duration} "
                "against {baseline_duration})."
            ).format(
                steps=count(b.total_steps),
                interval=count(b.checkpoint_interval_steps),
                baseline=p3(b.baseline_bubble_pct),
                candidate=p3(b.candidate_bubble_pct),
                sooner=_sooner(b.duration_reduction_pct),
                candidate_duration=long_duration(b.candidate_duration_s),
                baseline_duration=long_duration(b.baseline_duration_s),
            ),
            "save_times",
        ),
        w.p(_capacity_sentence(m), "save_times"),
        w.p(
            _("For inference, {candidate} loaded models {speed} than {baseline} ({pairs}).").format(
                candidate=m.load.candidate_system,
                speed=_load_speed(m),
                baseline=m.load.baseline_system,
                pairs=_n(len(m.load.models), "{n} model/platform pair", "{n} model/platform pairs"),
            ),
            "load_times",
        ),
    ]


def _capacity_sentence(m: Metrics) -> str:
    b = m.bubble
    text = (
        _(
            "Each GPU completes {gain} more steps per unit of time; in a cluster of {cluster} GPUs running jobs like "
            "this one, with this job's measured save times, that is worth {gpus} GPUs of capacity."
        )
        if b.throughput_gain_pct >= 0
        else _(
            "Each GPU completes {gain} fewer steps per unit of time; in a cluster of {cluster} GPUs running jobs "
            "like this one, with this job's measured save times, that is a loss of {gpus} GPUs of capacity."
        )
    )
    return text.format(
        gain=p3(abs(b.throughput_gain_pct)), cluster=count(b.cluster_gpus), gpus=gpus(abs(b.gpu_equivalents))
    )


def _optimum_words(m: Metrics) -> str:
    gain = m.reliability.optimum_gain_pct
    if gain >= 0:
        return _("the candidate's contribution is {points} percentage points").format(points=sig(gain))
    return _("the candidate costs {points} percentage points more").format(points=sig(-gain))


def _switch_words(gain: float) -> str:
    return (_("saves {points}") if gain >= 0 else _("costs {points} more")).format(points=sig(abs(gain)))


def _beyond_run(m: Metrics) -> str:
    """A caveat when Young's optimal interval is longer than the whole run."""
    r, b = m.reliability, m.bubble
    if r.baseline.optimal_interval_steps <= b.total_steps:
        return ""
    return " " + _(
        "Young's optimum ({optimum} steps) is longer than the whole run ({steps} steps): at this failure rate a run "
        "this short would not checkpoint for its own sake at all, and the failure model says little about it; it "
        "keeps today's interval for other reasons (evaluation, preemption, a failure rate higher than assumed), which "
        "the report cannot weigh."
    ).format(optimum=count(round(r.baseline.optimal_interval_steps)), steps=count(b.total_steps))


def _tuning_sentence(m: Metrics) -> Para | None:
    r, s = m.reliability, m.save
    if not r.tuning_beats_switching:
        return None
    text = _(
        "Re-tuning beats buying at today's interval. Saving every {optimum} steps instead of every {interval} would "
        "cut the failure-aware overhead on {baseline} from {today} to {tuned} of compute time, less than {candidate} "
        "at today's interval ({candidate_today}). Compared each at its own optimal interval, {contribution} "
        "({tuned} against {candidate_tuned})."
    ).format(
        optimum=count(round(r.baseline.optimal_interval_steps)),
        interval=count(m.bubble.checkpoint_interval_steps),
        baseline=s.baseline.system,
        today=p3(r.baseline.overhead_pct),
        tuned=p3(r.baseline.optimal_overhead_pct),
        candidate=s.candidate.system,
        candidate_today=p3(r.candidate.overhead_pct),
        contribution=_optimum_words(m),
        candidate_tuned=p3(r.candidate.optimal_overhead_pct),
    )
    return Para(text + _beyond_run(m), "warning", False)


def _summary(w: _Words) -> Section:
    m = w.m
    verdict = Para(
        _("{verdict}. {reason}").format(verdict=verdict_label(m.verdict.status), reason=_verdict_reason(m, w.config)),
        f"verdict-{m.verdict.status}",
    )
    blocks: list = [verdict]
    if m.verdict.status != "demonstrated":
        blocks.append(
            Para(
                _(
                    "The figures below are what this test measured; they do not by themselves show that the "
                    "candidate meets the customer's targets. The gates and next steps follow the summary."
                ),
                "note",
            )
        )
    blocks += _findings(w)
    if tuning := _tuning_sentence(m):
        blocks.append(tuning)
    blocks += _warnings(w)
    return Section("summary", _("Executive summary"), tuple(blocks))


# ---- gates and next steps ----


def _gate_rows(m: Metrics, cfg: TestConfig) -> Gates:
    return Gates(
        tuple(
            GateRow(g.id, gate_name(g.id), g.status, status_label(g.status), gate_detail(m, cfg, g)) for g in m.gates
        ),
        caption=_("Gates G1 to G4"),
        headers=(_("Gate"), _("Checks"), _("Status"), _("Why")),
    )


def _gate_note(m: Metrics, cfg: TestConfig) -> Para:
    tally = {k: sum(g.status == k for g in m.gates) for k in ("pass", "fail", "insufficient")}
    g = cfg.gates
    return Para(
        _(
            "{passed} of {total} gates pass, {failed} fail and {missing} lack the data to decide. Thresholds: at "
            "least {runs} per system with a spread (CV) of at most {cv}% (G1, G2); the speedup's 95% interval at or "
            "above {speedup}× (G3); a training run at least {reduction}% shorter (G4)."
        ).format(
            passed=tally["pass"],
            total=len(m.gates),
            failed=tally["fail"],
            missing=tally["insufficient"],
            runs=_n(g.min_runs, "{n} run", "{n} runs"),
            cv=given(g.max_cv_pct),
            speedup=given(g.target_speedup),
            reduction=given(g.target_duration_reduction_pct),
        )
    )


def _next_steps(w: _Words) -> tuple:
    m, cfg = w.m, w.config
    gates = {g.id: g for g in m.gates}
    short, steps = m.next_steps.min_runs_short, []
    need = max(cfg.gates.min_runs, 2)
    for gid, side, lack in (("G1", m.save.baseline, short.baseline), ("G2", m.save.candidate, short.candidate)):
        if gates[gid].status == "insufficient" and lack:
            text = ngettext(
                "{gate}: time {n} more save of {model} on {system} ({runs} of the {needed} needed).",
                "{gate}: time {n} more saves of {model} on {system} ({runs} of the {needed} needed).",
                lack,
            )
            steps.append(
                Para(text.format(gate=gid, n=lack, model=side.model, system=side.system, runs=side.runs, needed=need))
            )
        elif gates[gid].status == "fail":
            text = _(
                "{gate}: the saves on {system} spread by {cv} (CV), above the {limit}% limit; find the cause (cache "
                "state, other load on the system, background flushes) and repeat the runs."
            )
            steps.append(
                Para(text.format(gate=gid, system=side.system, cv=p3(side.cv_pct), limit=given(cfg.gates.max_cv_pct)))
            )
    steps += _g3_step(m, cfg, gates["G3"])
    if gates["G4"].status == "fail":
        sens = m.sensitivity
        reached = max(*sens.interval_reduction_pct, *sens.step_time_reduction_pct) >= sens.target_pct
        if reached:
            text = _(
                "G4: the training run ends {sooner}, short of the {target}% target; the sensitivity chart shows at "
                "which checkpoint interval and step time the target would be met."
            )
        else:
            text = _(
                "G4: the training run ends {sooner}, short of the {target}% target, and no checkpoint interval or "
                "step time the sensitivity chart spans (1/{span}× to {span}× today's) reaches it: at these save "
                "times the benefit stays below the target."
            )
        steps.append(
            Para(
                text.format(
                    sooner=_sooner(m.bubble.duration_reduction_pct),
                    target=given(cfg.gates.target_duration_reduction_pct),
                    span=f"{SENSITIVITY_SPAN:g}",
                )
            )
        )
    steps += _missing_measurements(w)
    return tuple(steps)


def _g3_step(m: Metrics, cfg: TestConfig, g3: Gate) -> list[Para]:
    if g3.status == "pass":
        return []
    target, n = given(cfg.gates.target_speedup), m.next_steps.g3_runs_per_side
    ci = m.save.speedup_ci95
    if ci is None:
        return [Para(_("G3: a confidence interval needs at least 2 runs on each system; the G1 and G2 runs give it."))]
    if g3.status == "fail":
        text = _(
            "G3: the whole 95% interval ({low} to {high}) lies below the {target}× target; more runs would narrow it, "
            "not move it."
        )
        return [Para(text.format(low=x3(ci[0]), high=x3(ci[1]), target=target))]
    if n is None:
        text = _(
            "G3: the interval straddles the {target}× target and, with the observed spread, no number of runs up to "
            "10,000 per side would decide it; reduce the spread first."
        )
        return [Para(text.format(target=target))]
    have = min(m.save.baseline.runs, m.save.candidate.runs)
    more = (
        ngettext("{n} more run on the smaller side", "{n} more runs on the smaller side", n - have).format(n=n - have)
        if n > have
        else _("no more runs")
    )
    text = (
        _(
            "G3: the interval straddles the {target}× target. With the spread observed so far, {runs} per system "
            "would place it wholly above the target ({more}); this assumes the means and the spread persist."
        )
        if m.save.speedup > cfg.gates.target_speedup
        else _(
            "G3: the interval straddles the {target}× target. With the spread observed so far, {runs} per system "
            "would place it wholly below the target ({more}); this assumes the means and the spread persist."
        )
    )
    return [Para(text.format(target=target, runs=_n(n, "{n} run", "{n} runs"), more=more))]


def _bytes_from_fio(test: JointTest) -> bool:
    """Whether every save row came from fio's own output, which counts the bytes each save wrote (io_bytes, held
    within 1% of the stated checkpoint by the import)."""
    imported = test.imported
    if imported is None:
        return False
    tools = {use.tool for use in imported.tools if use.into == "save_times"}
    return tools == {"fio"} and len(imported.origins.get("save_times.csv", [])) == len(test.saves)


def _missing_measurements(w: _Words) -> list[Para]:
    m = w.m
    out = []
    if not _bytes_from_fio(w.test):
        text = _(
            "Record the bytes each save actually writes (for example from the storage's own counters): the audit "
            "cannot otherwise tell a slow serialisation from a save that writes more than the stated checkpoint."
        )
        out.append(Para(text))
    for p in m.projections:
        if p.extrapolation > FAR_EXTRAPOLATION:
            text = _("Measure a checkpoint near {size}: the projection “{name}” is {ratio} the largest measured one.")
            out.append(Para(text.format(size=gb(p.snapshot_gb), name=p.name, ratio=x3(p.extrapolation))))
    for name in m.inputs_illustrative:
        out.append(Para(_("Measure the {input}: this test's are illustrative.").format(input=_input_words(name))))
    return out


def _gates_section(w: _Words) -> Section:
    m = w.m
    intro = Para(
        _(
            "A gated joint test lets each customer verify the benefit on their own model scale and training "
            "frequency. Each gate is decided from this test's figures and the thresholds in the assumptions table."
        )
    )
    steps = _next_steps(w)
    blocks = [intro, _gate_rows(m, w.config), _gate_note(m, w.config)]
    if steps:
        blocks += [Para(_("What would decide the open gates, and what the analysis lacks:"), "lead"), Items(steps)]
    return Section("gates", _("Joint-test gates and next steps"), tuple(blocks))


# ---- setup ----


def _default_or(cfg: TestConfig, key: str) -> str:
    return _("default") if cfg.is_default(key) else "test.toml"


def _setup_section(w: _Words) -> Section:
    m, c = w.m, w.config
    s, b = m.save, m.bubble
    setup = Table(
        "setup",
        _("Systems and workload"),
        (Column(_("Item"), False), Column(_("Value"), False)),
        (
            (_("Candidate (system under test)"), c.systems.candidate),
            (_("Save baseline"), c.systems.save_baseline),
            (_("Load baseline"), c.systems.load_baseline),
            (_("Training model"), c.training.model),
            (_("Checkpoint size"), gb(s.baseline.snapshot_gb)),
            (_("GPUs in the training job"), str(s.baseline.gpus)),
            (_("Timed saves (baseline / candidate)"), f"{s.baseline.runs} / {s.candidate.runs}"),
            (
                _("Bandwidth samples (baseline / candidate)"),
                f"{count(m.bandwidth.baseline.samples)} / {count(m.bandwidth.candidate.samples)}",
            ),
            (
                _("Model loads measured"),
                _n(len(m.load.models), "{n} model/platform pair", "{n} model/platform pairs"),
            ),
        ),
    )
    duration_source = (
        "test.toml"
        if c.training.baseline_duration_s is not None
        else _("derived: {steps} × {step} + baseline saves").format(
            steps=count(b.total_steps), step=seconds(c.training.step_time_s)
        )
    )
    g = c.gates
    assumptions = Table(
        "assumptions",
        _("Assumptions and thresholds used by the analysis"),
        (Column(_("Assumption"), False), Column(_("Value")), Column(_("Source"), False)),
        (
            (_("Training steps"), count(b.total_steps), "test.toml"),
            (_("Steps between saves"), count(b.checkpoint_interval_steps), "test.toml"),
            (_("Saves in the run"), count(b.saves), _("steps ÷ interval, rounded down")),
            (_("Wall time with baseline saves"), long_duration(b.baseline_duration_s), duration_source),
            (_("Cluster size for GPU-equivalents"), count(b.cluster_gpus), _default_or(c, "training.cluster_gpus")),
            (
                _("Per-GPU mean time between failures"),
                f"{num(m.reliability.gpu_mtbf_hours, 0)} h",
                _default_or(c, "reliability.gpu_mtbf_hours"),
            ),
            (_("Restart after a failure"), seconds(m.reliability.restart_s), _default_or(c, "reliability.restart_s")),
            (_("Runs needed per system (G1, G2)"), str(g.min_runs), _default_or(c, "gates.min_runs")),
            (_("Largest spread (CV) accepted"), f"{num(g.max_cv_pct, 1)}%", _default_or(c, "gates.max_cv_pct")),
            (
                _("Save-time speedup target (G3)"),
                f"{num(g.target_speedup, 2)}×",
                _default_or(c, "gates.target_speedup"),
            ),
            (
                _("Training-time reduction target (G4)"),
                f"{num(g.target_duration_reduction_pct, 1)}%",
                _default_or(c, "gates.target_duration_reduction_pct"),
            ),
        ),
        _(
            "“default”: test.toml does not set this value, so the report uses the contract's default (per-GPU MTBF "
            "from Llama 3's training: 419 unexpected interruptions in 54 days on 16,384 GPUs)."
        ),
    )
    blocks: list = [setup]
    if c.environment:
        blocks.append(
            Table(
                "environment",
                _("Test environment (as recorded in test.toml [environment])"),
                (Column(_("Item"), False), Column(_("Description"), False)),
                tuple(c.environment),
            )
        )
    blocks += [assumptions, Para(_("Data sources"), "heading"), _sources(w)]
    return Section("setup", _("Test setup and data sources"), tuple(blocks))


def _sources(w: _Words) -> Definitions:
    c = w.config
    items, marks = [], []
    for name in CSV_INPUTS:
        text = c.sources.get(name, _("No source note in test.toml [sources]."))
        items.append((input_label(name), text))
        marks.append(("illustrative", _("Illustrative")) if name in w.illustrative else ("measured", _("Measured")))
    for label, text in _imported_sources(w.test):
        items.append((label, text))
        marks.append(("measured", _("Imported")))
    return Definitions(tuple(items), "sources", tuple(marks))


_TOOL_NAMES = {"fio": "fio", "mlperf": "MLPerf Storage (DLIO)", "megatron": "Megatron-LM", "nemo": "NeMo"}


def _imported_sources(test: JointTest) -> list[tuple[str, str]]:
    """One line per [[import]]: the tool, the version its files report, the table it fed and from which files."""
    if test.imported is None:
        return []
    lines = []
    for use in test.imported.tools:
        name = _TOOL_NAMES[use.tool]
        tool = (
            _("{versions} output").format(versions=_(", ").join(use.versions))
            if use.versions
            else _("{tool} output (no version given)").format(tool=name)
        )
        files = (
            use.files[0]
            if len(use.files) == 1
            else _("{count} files, {first} … {last}").format(
                count=count(len(use.files)), first=use.files[0], last=use.files[-1]
            )
        )
        label = {
            "save_times": _("Save times of {system}"),
            "bandwidth": _("Bandwidth samples of {system}"),
            "load_times": _("Load times of {system}"),
        }[use.into]
        lines.append(
            (label.format(system=use.system), _("imported from {tool}: {files}").format(tool=tool, files=files))
        )
    return lines


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
        _("Checkpoint save time, {model}, {size} per checkpoint").format(
            model=s.baseline.model, size=gb(s.baseline.snapshot_gb)
        ),
        (
            Column(_("System"), False),
            Column(_("Runs")),
            Column(_("Mean ± sd (s)")),
            Column(_("CV (%)")),
            Column(_("Range (s)")),
            Column(_("Time (baseline = 1.00)")),
            Column(_("Speed (baseline = 1.00)")),
            Column(_("Effective GB/s")),
        ),
        (row(s.baseline, 1.0, 1.0), row(s.candidate, s.time_ratio, s.speedup)),
        illustrative=w.marked("save_times"),
    )
    notes = [
        w.p(
            _(
                "{candidate} takes {difference} per checkpoint ({share} of the baseline's time): {speed}, {interval}."
            ).format(
                candidate=s.candidate.system,
                difference=_per_save(s.saved_per_save_s),
                share=p3(abs(s.reduction_pct)),
                speed=_speed_phrase(s.speedup),
                interval=_speedup_ci_phrase(m),
            ),
            "save_times",
        )
    ]
    if s.speedup_ci95 is not None:
        notes.append(
            Para(
                _(
                    "The interval comes from the delta method on the log of the ratio of means with "
                    "Welch–Satterthwaite degrees of freedom; it reflects run-to-run spread only, not differences "
                    "between workloads."
                )
            )
        )
    else:
        notes.append(
            Para(
                _(
                    "With one save per system there is no measure of spread: a repeat could come out several percent "
                    "either way, and the gates cannot be decided."
                )
            )
        )
    return Section("save", _("Checkpoint save time"), (*notes, table, w.figure("save-times"), *_warnings(w)))


def _warnings(w: _Words) -> list[Para]:
    m = w.m
    out = []
    for s in m.save.sides():
        for run in s.outlier_runs:
            value = s.times_s[s.run_numbers.index(run)]
            text = _(
                "Run {run} on {system} ({time}) stands out from the other runs (modified z-score above 3.5). It is "
                "kept in every figure; check the run's log before relying on it."
            )
            out.append(w.p(text.format(run=run, system=s.system, time=s3(value)), "save_times", style="warning"))
    r = m.reliability
    for s, side in zip(m.save.sides(), (r.baseline, r.candidate), strict=True):
        if side.save_overhead_pct >= 100:
            text = _(
                "A save on {system} ({time}) lasts longer than the compute between two saves ({interval}): the job "
                "would spend more time saving than training. Check the interval and the save times before relying "
                "on any figure of this report."
            )
            out.append(
                w.p(
                    text.format(system=s.system, time=s3(s.mean_s), interval=s3(r.interval_s)),
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
        _("Sustained write bandwidth beside the effective save throughput"),
        (
            Column(_("System"), False),
            Column(_("Runs")),
            Column(_("Samples")),
            Column(_("All samples GB/s (± sd over runs)")),
            Column(_("Steady state GB/s")),
            Column(_("Effective save GB/s")),
            Column(_("Effective ÷ all samples")),
        ),
        tuple(rows),
        _(
            "All samples: the mean of each run's samples, then the mean over runs (the contract's sustained "
            "bandwidth). Steady state: the same without each run's warm-up, the samples before the first one at 90% "
            "of the run's median. Effective: checkpoint size ÷ mean save time."
        ),
        illustrative=w.marked("bandwidth", "save_times"),
    )
    notes = [
        w.p(
            _("{candidate} sustains {candidate_bw} GB/s against {baseline_bw} GB/s, {change}.").format(
                candidate=bw.candidate.system,
                candidate_bw=sig(bw.candidate_gbps),
                baseline_bw=sig(bw.baseline_gbps),
                change=_pct_change(bw.improvement_pct),
            ),
            "bandwidth",
        )
    ]
    ramps = [s for s in bw.sides() if s.warmup_samples]
    for s in ramps:
        text = ngettext(
            "{system}'s log opens with a warm-up ({n} sample below 90% of its run's median); without it the mean is "
            "{steady} GB/s, {change} than with it. A save much longer than the warm-up sees mostly the steady state.",
            "{system}'s log opens with a warm-up ({n} samples below 90% of their run's median); without it the mean "
            "is {steady} GB/s, {change} than with it. A save much longer than the warm-up sees mostly the steady "
            "state.",
            s.warmup_samples,
        )
        notes.append(
            w.p(
                text.format(
                    system=s.system,
                    n=count(s.warmup_samples),
                    steady=sig(s.steady_gbps),
                    change=_pct_change(s.steady_gain_pct),
                ),
                "bandwidth",
            )
        )
    if not ramps:
        notes.append(
            w.p(_("No run opens with a warm-up ramp: the steady-state means equal the all-sample means."), "bandwidth")
        )
    notes.append(
        w.p(
            _(
                "The saves reach {shares} of the sustained bandwidth; the consistency audit below weighs what that "
                "means."
            ).format(shares=_both(pct(a.baseline.effective_share_pct, 0), pct(a.candidate.effective_share_pct, 0))),
            "bandwidth",
            "save_times",
        )
    )
    return Section(
        "bandwidth",
        _("Sustained write bandwidth"),
        (*notes, table, w.figure("bandwidth"), w.figure("throughput")),
    )


# ---- training bubble ----


def _bubble_section(w: _Words) -> Section:
    m = w.m
    b = m.bubble
    table = Table(
        "bubble",
        _("Training run with synchronous checkpoint saves"),
        (
            Column(_("Figure"), False),
            Column(f"{m.save.baseline.system} (s)"),
            Column(f"{m.save.candidate.system} (s)"),
            Column(_("Difference (s)")),
        ),
        (
            (_("Compute"), num(b.compute_s, 0), num(b.compute_s, 0), "0"),
            (
                _("Checkpoint saves ({saves} × mean)").format(saves=b.saves),
                fixed(b.baseline_save_total_s, 0),
                fixed(b.candidate_save_total_s, 0),
                fixed(-b.time_saved_s, 0),
            ),
            (_("Wall time"), num(b.baseline_duration_s, 0), num(b.candidate_duration_s, 0), fixed(-b.time_saved_s, 0)),
        ),
        _("Bubble share (saves ÷ wall time): {baseline} against {candidate}.").format(
            baseline=pct(b.baseline_bubble_pct, 2), candidate=pct(b.candidate_bubble_pct, 2)
        ),
        illustrative=w.marked("save_times"),
    )
    finishes = (
        _(
            "The run finishes {time} ({hours}) sooner, {share} of its baseline wall time. With compute unchanged, "
            "each GPU completes {gain} more steps per unit of time."
        )
        if b.time_saved_s >= 0
        else _(
            "The run finishes {time} ({hours}) later, {share} of its baseline wall time. With compute unchanged, "
            "each GPU completes {gain} fewer steps per unit of time."
        )
    )
    blocks = [
        Para(
            _(
                "A training bubble is time the GPUs sit idle waiting on I/O or synchronisation. Its usual sources are "
                "checkpoint saves (the longest single pauses, when weights and optimiser state are written every few "
                "hundred steps), data loading and gradient synchronisation. This analysis quantifies the first from "
                "the measurements: with a synchronous save, every GPU of the job waits for each save to become "
                "durable."
            )
        ),
        Para(
            _(
                "saves = floor(steps ÷ interval) · wall time = compute + saves × save time · "
                "bubble share = saves × save time ÷ wall time"
            ),
            "formula",
        ),
        table,
        w.p(
            finishes.format(
                time=s3(abs(b.time_saved_s)),
                hours=h3(abs(b.time_saved_s)),
                share=p3(abs(b.duration_reduction_pct)),
                gain=p3(abs(b.throughput_gain_pct)),
            ),
            "save_times",
        ),
        w.p(
            _capacity_sentence(m)
            + " "
            + _(
                "Per 1,000 GPUs: {per_1000}. This assumes every job of the cluster checkpoints like this {gpus}-GPU "
                "job, at its measured save times."
            ).format(per_1000=gpus(m.scale.gpu_equivalents_per_1000), gpus=m.save.baseline.gpus),
            "save_times",
        ),
        w.figure("composition"),
        w.p(_sensitivity_sentence(m), "save_times"),
        w.figure("sensitivity"),
    ]
    return Section("bubble", _("Training bubble analysis"), tuple(blocks))


def _sensitivity_sentence(m: Metrics) -> str:
    sv, b = m.sensitivity, m.bubble
    return _(
        "The benefit depends on how often the job saves and how long each step computes: from {often} with a save "
        "every {few_steps} steps to {rarely} every {many_steps} steps, and from {short} at {short_step} of compute per "
        "step to {long} at {long_step} (this test: {here} at {interval} steps and {step} per step)."
    ).format(
        often=p3(sv.interval_reduction_pct[0]),
        few_steps=count(sv.intervals_steps[0]),
        rarely=p3(sv.interval_reduction_pct[-1]),
        many_steps=count(sv.intervals_steps[-1]),
        short=p3(sv.step_time_reduction_pct[0]),
        short_step=s3(sv.step_times_s[0]),
        long=p3(sv.step_time_reduction_pct[-1]),
        long_step=s3(sv.step_times_s[-1]),
        here=p3(b.duration_reduction_pct),
        interval=count(b.checkpoint_interval_steps),
        step=s3(sv.step_time_s),
    )


# ---- failures and the checkpoint interval ----


def _reliability_rows(m: Metrics) -> tuple[tuple[str, ...], ...]:
    r, s = m.reliability, m.save
    today, tuned = _("{system}, today's interval"), _("{system}, re-tuned (Young)")
    return (
        (
            today.format(system=s.baseline.system),
            seconds(s.baseline.mean_s),
            hours(r.interval_s),
            pct(r.baseline.save_overhead_pct, 2),
            pct(r.baseline.overhead_pct, 2),
        ),
        (
            today.format(system=s.candidate.system),
            seconds(s.candidate.mean_s),
            hours(r.interval_s),
            pct(r.candidate.save_overhead_pct, 2),
            pct(r.candidate.overhead_pct, 2),
        ),
        (
            tuned.format(system=s.baseline.system),
            seconds(s.baseline.mean_s),
            hours(r.baseline.optimal_interval_s),
            pct(100 * s.baseline.mean_s / r.baseline.optimal_interval_s, 2),
            pct(r.baseline.optimal_overhead_pct, 2),
        ),
        (
            tuned.format(system=s.candidate.system),
            seconds(s.candidate.mean_s),
            hours(r.candidate.optimal_interval_s),
            pct(100 * s.candidate.mean_s / r.candidate.optimal_interval_s, 2),
            pct(r.candidate.optimal_overhead_pct, 2),
        ),
    )


def _reliability_section(w: _Words) -> Section:
    m = w.m
    r, s = m.reliability, m.save
    table = Table(
        "reliability",
        _("Failure-aware overhead, share of compute time: today's interval and each system's optimal interval"),
        (
            Column(_("System and interval"), False),
            Column(_("Save cost")),
            Column(_("Interval (compute)")),
            Column(_("Saves alone")),
            Column(_("Saves, rework and restarts")),
        ),
        _reliability_rows(m),
        _(
            "Job MTBF {mtbf} ({gpu_mtbf} h per GPU ÷ {gpus} GPUs); restart {restart}; step time {step}. Daly's "
            "higher-order optimum: {daly_baseline} and {daly_candidate}."
        ).format(
            mtbf=hours(r.job_mtbf_s),
            gpu_mtbf=num(r.gpu_mtbf_hours, 0),
            gpus=r.gpus,
            restart=seconds(r.restart_s),
            step=seconds(r.step_time_s),
            daly_baseline=hours(r.baseline.daly_interval_s),
            daly_candidate=hours(r.candidate.daly_interval_s),
        ),
        illustrative=w.marked("save_times"),
    )
    rate = (
        _(
            "test.toml gives no failure rate, so the report uses Llama 3's (419 unexpected interruptions in 54 days "
            "on 16,384 GPUs)."
        )
        if w.config.is_default("reliability.gpu_mtbf_hours")
        else _("test.toml sets a per-GPU MTBF of {hours} h.").format(hours=sig(r.gpu_mtbf_hours))
    )
    intro = Para(
        _(
            "At cluster scale jobs are interrupted: after each failure the work since the last checkpoint is lost "
            "and the job restarts, so the checkpoint interval trades save time against lost work."
        )
        + " "
        + rate
    )
    measure = Para(
        _(
            "Two measures of the same saves appear in this report. The bubble share is save time as a share of wall "
            "time ({bubble} on {system}); the overheads in this section are shares of compute time, as Young's model "
            "counts them ({saves} for the saves alone, the same saves: x of compute is x ÷ (1 + x) of wall time). "
            "Rework and restarts add to the saves."
        ).format(
            bubble=p3(m.bubble.baseline_bubble_pct), system=s.baseline.system, saves=p3(r.baseline.save_overhead_pct)
        ),
        "note",
    )
    notes = [
        w.p(
            _(
                "At today's interval ({steps} steps, {hours} of compute) saves, rework and restarts cost {baseline} of "
                "compute time on {baseline_system} and {candidate} on {candidate_system}."
            ).format(
                steps=count(m.bubble.checkpoint_interval_steps),
                hours=h3(r.interval_s),
                baseline=p3(r.baseline.overhead_pct),
                baseline_system=s.baseline.system,
                candidate=p3(r.candidate.overhead_pct),
                candidate_system=s.candidate.system,
            ),
            "save_times",
        ),
        w.p(_retune_sentence(m), "save_times"),
        w.p(
            _(
                "Re-optimised, the overhead scales with the square root of the save cost: the candidate's optimum is "
                "{ratio} the baseline's, close to √{cost} = {root}, not the cost ratio itself."
            ).format(ratio=x3(r.optimal_overhead_ratio), cost=sig(r.cost_ratio), root=sig(r.sqrt_cost_ratio)),
            "save_times",
        ),
    ]
    return Section(
        "reliability",
        _("Failures and the checkpoint interval"),
        (intro, *notes, table, measure, w.figure("reliability")),
    )


def _retune_sentence(m: Metrics) -> str:
    r, s = m.reliability, m.save
    retune = _(
        "Re-tuning the interval on {baseline} alone, to every {optimum} steps, saves {retune} percentage points; "
        "moving to {candidate} at today's interval {switch}."
    ).format(
        baseline=s.baseline.system,
        optimum=count(round(r.baseline.optimal_interval_steps)),
        retune=sig(r.retune_gain_pct),
        candidate=s.candidate.system,
        switch=_switch_words(r.switch_gain_pct),
    )
    if r.tuning_beats_switching:
        return (
            retune
            + " "
            + _(
                "Re-tuning alone recovers more than the new storage does at today's interval; optimum against "
                "optimum, {contribution}."
            ).format(contribution=_optimum_words(m))
            + _beyond_run(m)
        )
    return (
        retune
        + " "
        + _("Optimum against optimum the candidate still saves {points} points.").format(points=sig(r.optimum_gain_pct))
    )


# ---- projections ----


def _fit_sentence(m: Metrics, side: str) -> str:
    f = m.fits[side]
    name = m.save.baseline.system if side == "baseline" else m.save.candidate.system
    if f.method == "proportional":
        return _(
            "{system}: one checkpoint size was measured ({size}), so save time is assumed to grow in proportion to "
            "size ({slope} s per GB)."
        ).format(system=name, size=gb(f.sizes_gb[0]), slope=num(f.slope_s_per_gb, 3))
    return _(
        "{system}: {sizes} checkpoint sizes were measured, so the projection follows the least-squares line save "
        "time = {intercept} s + {slope} s/GB × size."
    ).format(system=name, sizes=len(set(f.sizes_gb)), intercept=num(f.intercept_s, 2), slope=num(f.slope_s_per_gb, 3))


def _projection_notes(w: _Words) -> list[Para]:
    m = w.m
    notes = [w.p(_fit_sentence(m, side), "save_times") for side in SIDES]
    held = sorted({g for side in SIDES for g in m.fits[side].gpus})
    notes.append(
        Para(
            _(
                "Only the checkpoint size changes: the projections keep the measured GPU count ({gpus}) and its write "
                "parallelism. A larger model usually runs on more GPUs, which write in parallel; its save time there "
                "is not measured here."
            ).format(gpus=join_words([str(g) for g in held])),
            "note",
        )
    )
    for side in SIDES:
        if len(m.fits[side].gpus) > 1:
            name = m.save.baseline.system if side == "baseline" else m.save.candidate.system
            text = _(
                "{system}: the fitted line mixes rows of {gpus} GPUs, so it confounds checkpoint size with GPU count."
            )
            notes.append(
                Para(text.format(system=name, gpus=join_words([str(g) for g in m.fits[side].gpus])), "warning")
            )
    for p in m.projections:
        if p.measured_size:
            text = _("“{name}” is a size both systems measured: its times are fitted, not extrapolated.")
            notes.append(w.p(text.format(name=p.name)))
        elif p.extrapolation > FAR_EXTRAPOLATION:
            text = _(
                "“{name}” is {ratio} the largest measured checkpoint: the projection extrapolates well beyond the "
                "measurements. Measure a checkpoint of that size before relying on it."
            )
            notes.append(w.p(text.format(name=p.name, ratio=x3(p.extrapolation)), style="warning"))
    return notes


def _projection_section(w: _Words) -> Section:
    m = w.m
    title = _("Projections to other checkpoint sizes")
    if not m.projections:
        none = Para(_("test.toml lists no [[projections]], so no other checkpoint size is projected."))
        fits = [w.p(_fit_sentence(m, side), "save_times") for side in SIDES]
        return Section("projections", title, (none, *fits))  # no projection, no projection chart
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
        _("Projected save times at other checkpoint sizes"),
        (
            Column(_("Projection"), False),
            Column(_("Checkpoint")),
            Column(f"{m.save.baseline.system} (s)"),
            Column(f"{m.save.candidate.system} (s)"),
            Column(_("Saved per save (s)")),
            Column(_("Saves")),
            Column(_("Saved in all (s)")),
        ),
        rows,
        illustrative=w.marked("save_times"),
    )
    return Section("projections", title, (*_projection_notes(w), table, w.figure("projection")))


# ---- model loading ----


def _load_table(w: _Words, models) -> Table:
    m = w.m
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
    return Table(
        "load",
        _("Model load time (inference cold start)"),
        (
            Column(_("Model"), False),
            Column(_("Platform"), False),
            Column(_("Size")),
            Column(_("Runs")),
            Column(f"{m.load.baseline_system} (s)"),
            Column(f"{m.load.candidate_system} (s)"),
            Column(_("CV (%)")),
            Column(_("Saved (s)")),
            Column(_("Speedup")),
            Column(_("95% interval")),
        ),
        rows,
        _("Mean ± sd over runs; CV baseline / candidate; the interval by the same method as the saves'."),
        illustrative=w.marked("load_times"),
    )


def _load_section(w: _Words) -> Section:
    m = w.m
    models = sorted(m.load.models, key=lambda x: (natural_key(x.model), natural_key(x.platform)))
    least, most = s3(m.lifecycle.load_saved_min_s), s3(m.lifecycle.load_saved_max_s)
    if least == most:
        text = _("{candidate} brings a model into service {speed} than {baseline}, saving {least} per cold start.")
    else:
        text = _(
            "{candidate} brings a model into service {speed} than {baseline}, saving {least} to {most} per cold start."
        )
    notes = [
        w.p(
            text.format(
                candidate=m.load.candidate_system,
                speed=_load_speed(m),
                baseline=m.load.baseline_system,
                least=least,
                most=most,
            ),
            "load_times",
        )
    ]
    if all(x.speedup_ci95 is None for x in models):
        notes.append(w.p(_("Each load was timed once per system, so the speedups carry no measure of spread.")))
    limit = given(w.config.gates.max_cv_pct)
    for x in models:
        if x.unstable:
            text = _(
                "{model} on {platform}: the load times spread by {baseline} and {candidate} (CV), above the {limit}% "
                "the gates accept for saves; its speedup is unstable. Find the cause (cache state, other load on the "
                "system, too few runs) and repeat the loads."
            )
            notes.append(
                w.p(
                    text.format(
                        model=x.model,
                        platform=x.platform,
                        baseline=p3(x.baseline_cv_pct),
                        candidate=p3(x.candidate_cv_pct),
                        limit=limit,
                    ),
                    "load_times",
                    style="warning",
                )
            )
    return Section(
        "loading", _("Model loading for inference"), (*notes, _load_table(w, models), w.figure("load-times"))
    )


# ---- economics ----


def _economics_section(w: _Words) -> Section | None:
    m, e = w.m, w.m.economics
    if e is None:
        return None
    spec = w.config.economics

    def money(value: float) -> str:
        # Three significant digits, never fewer whole ones: 3.67 USD a run is not "4 USD" (4 × 12 ≠ 44).
        return f"{sig(value)} {e.currency}"

    price = f"{num(spec.gpu_hour_price, 2)} {e.currency}"
    table = Table(
        "economics",
        _("Value of the time saved"),
        (Column(_("Figure"), False), Column(_("Value")), Column(_("How"), False)),
        (
            (
                _("Per training run"),
                money(e.value_per_run),
                _("{time} × {gpus} GPUs × {price} per GPU-hour").format(
                    time=s3(m.bubble.time_saved_s), gpus=m.save.baseline.gpus, price=price
                ),
            ),
            (
                _("Per year"),
                money(e.value_per_year),
                _("× {runs} runs a year").format(runs=count(spec.runs_per_year)),
            ),
            (
                _("Cluster capacity per year"),
                money(e.cluster_value_per_year),
                _("{gpus} GPU-equivalents × 8,760 h × {price} per GPU-hour").format(
                    gpus=num(m.bubble.gpu_equivalents, 1), price=price
                ),
            ),
            (
                _("Checkpoints retained"),
                gb(e.retained_gb),
                _("{count} × {size} to keep on the array").format(
                    count=spec.retained_checkpoints, size=gb(m.save.baseline.snapshot_gb)
                ),
            ),
        ),
        illustrative=w.marked("save_times"),
    )
    notes = (
        w.p(
            _(
                "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                "{per_year} a year at {runs} runs."
            ).format(
                price=price,
                per_run=money(e.value_per_run),
                per_year=money(e.value_per_year),
                runs=count(spec.runs_per_year),
            ),
            "save_times",
        ),
        Para(
            _(
                "The cluster figure values the GPU-equivalents as if every job checkpointed like this one all year; "
                "the per-run figure counts only this job's GPUs. Neither includes the array's price or running costs."
            ),
            "note",
        ),
    )
    return Section("economics", _("Value of the time saved"), (*notes, table))


# ---- audit ----


def _audit_section(w: _Words) -> Section:
    m = w.m
    a, s = m.audit, m.save
    deps = ("save_times", "bandwidth")
    items = [
        w.p(
            _(
                "Effective save throughput (checkpoint size ÷ save time) is {baseline} GB/s on {baseline_system} and "
                "{candidate} GB/s on {candidate_system}: {shares} of the sustained bandwidth."
            ).format(
                baseline=sig(s.baseline.effective_gbps),
                baseline_system=s.baseline.system,
                candidate=sig(s.candidate.effective_gbps),
                candidate_system=s.candidate.system,
                shares=_both(p3(a.baseline.effective_share_pct), p3(a.candidate.effective_share_pct)),
            ),
            *deps,
        )
    ]
    if a.effective_above_sustained:
        text = _(
            "A save that finishes faster than its system's sustained bandwidth allows is implausible: either the "
            "checkpoint size is overstated, the save was not durable when timed (the page cache absorbed it), or the "
            "bandwidth log is not of the same system. Check these before relying on the save times."
        )
        items.append(w.p(text, *deps, style="warning"))
    items.append(
        w.p(
            _(
                "At full sustained bandwidth the saves would write {baseline} GB and {candidate} GB, {baseline_ratio} "
                "and {candidate_ratio} the stated {size} checkpoint."
            ).format(
                baseline=sig(a.baseline.implied_written_gb),
                candidate=sig(a.candidate.implied_written_gb),
                baseline_ratio=x3(a.baseline.implied_to_snapshot),
                candidate_ratio=x3(a.candidate.implied_to_snapshot),
                size=gb(s.baseline.snapshot_gb),
            ),
            *deps,
        )
    )
    if a.fit is not None:
        text = _(
            "A save bound by bandwidth that writes V GB after a fixed cost F, save = F + V ÷ bandwidth, passes through "
            "both systems' points with F = {fixed} and V = {written} GB, {ratio} the stated checkpoint."
        )
        items.append(
            w.p(
                text.format(
                    fixed=s3(a.fit.fixed_s), written=sig(a.fit.written_gb), ratio=x3(a.fit_written_to_snapshot)
                ),
                *deps,
            )
        )
    items.append(
        w.p(
            _(
                "The save speedup ({speedup}) against the bandwidth ratio ({ratio}): their quotient is {quotient}."
            ).format(
                speedup=x3(s.speedup), ratio=x3(a.bandwidth_ratio), quotient=sig(a.save_speedup_to_bandwidth_ratio)
            ),
            *deps,
        )
    )
    items += _hypotheses(w)
    if a.max_extrapolation is not None and a.max_extrapolation > FAR_EXTRAPOLATION:
        text = _(
            "The largest projection is {ratio} the largest measured checkpoint: treat projected times as estimates "
            "under the stated scaling assumption."
        )
        items.append(w.p(text.format(ratio=x3(a.max_extrapolation)), "save_times"))
    return Section("audit", _("Consistency audit"), (Items(tuple(items), "audit"),))


def _hypotheses(w: _Words) -> list[Para]:
    a = w.m.audit
    deps = ("save_times", "bandwidth")
    below = max(a.baseline.effective_share_pct, a.candidate.effective_share_pct) < BANDWIDTH_BOUND_SHARE_PCT
    if below and _bytes_from_fio(w.test):
        text = _(
            "fio counted the bytes each save wrote, and they match the stated checkpoint, so a save that writes more "
            "than it is ruled out: the time goes elsewhere than into writing at the sustained rate (creating and "
            "allocating new files, the final fsync), or the sustained write took a faster path than the saves (a "
            "sustained write that rewrites files that already exist skips the allocation a save of new files pays)."
        )
    elif below:
        text = _(
            "Two explanations fit these figures equally well, and the measurements cannot tell them apart: the save "
            "writes about the stated checkpoint but spends most of its time elsewhere (serialisation, many small "
            "files, metadata, synchronisation between ranks), or it is bound by bandwidth but writes far more than "
            "the stated checkpoint (optimiser state, several copies, write amplification). To tell them apart, "
            "record the bytes written per save and the time the save spends writing."
        )
    else:
        text = _(
            "The saves run close to the sustained bandwidth, which is consistent with a bandwidth-bound save; it is "
            "no proof if the bandwidth was derived from these same saves (see the data sources). A bandwidth log "
            "taken independently of the saves, and the bytes written per save, would confirm it."
        )
    return [w.p(text, *deps)]


# ---- questions and answers ----


def _utilisation_answer(w: _Words) -> Subsection:
    m = w.m
    s, b = m.save, m.bubble
    return Subsection(
        "qa-utilisation",
        _("What does a {speed} checkpoint save do to GPU utilisation?").format(speed=_speed_phrase(s.speedup)),
        (
            w.p(
                _(
                    "With synchronous saves the GPUs wait for every checkpoint. On {baseline} they spend {bubble} of "
                    "the run waiting ({saves} of {time}); on {candidate}, {candidate_bubble}. The share of wall time "
                    "spent computing goes from {busy} to {candidate_busy}."
                ).format(
                    baseline=s.baseline.system,
                    bubble=p3(b.baseline_bubble_pct),
                    saves=_n(b.saves, "{n} save", "{n} saves"),
                    time=s3(s.baseline.mean_s),
                    candidate=s.candidate.system,
                    candidate_bubble=p3(b.candidate_bubble_pct),
                    busy=p3(b.baseline_compute_share_pct),
                    candidate_busy=p3(b.candidate_compute_share_pct),
                ),
                "save_times",
            ),
            w.p(
                _("The same work is done in {candidate} instead of {baseline}.").format(
                    candidate=long_duration(b.candidate_duration_s), baseline=long_duration(b.baseline_duration_s)
                )
                + " "
                + _capacity_sentence(m),
                "save_times",
            ),
            w.p(
                _("The counter-argument a performance engineer raises first: save less often.")
                + " "
                + _retune_sentence(m),
                "save_times",
            ),
        ),
    )


def _lifecycle_answer(w: _Words) -> Subsection:
    m = w.m
    lc, b = m.lifecycle, m.bubble
    training = (
        _(
            "Training: each run of {steps} steps spends {time} less on checkpoint stalls, on each of its {gpus} GPUs: "
            "{gpu_hours} GPU-hours per run."
        )
        if lc.training_saved_s >= 0
        else _(
            "Training: each run of {steps} steps spends {time} more on checkpoint stalls, on each of its {gpus} GPUs: "
            "{gpu_hours} GPU-hours per run."
        )
    )
    return Subsection(
        "qa-lifecycle",
        _("How do faster saves in training and faster loads in inference add up over a model's life cycle?"),
        (
            w.p(
                training.format(
                    steps=count(b.total_steps),
                    time=s3(abs(lc.training_saved_s)),
                    gpus=m.save.baseline.gpus,
                    gpu_hours=sig(abs(lc.training_gpu_hours_saved)),
                ),
                "save_times",
            ),
            w.p(_cold_start_words(lc), "load_times"),
            Para(
                _(
                    "The two are different units (GPU-hours of a training job, seconds of a service's start) and are "
                    "not added here: a training run and a cold start of an unrelated model are not one quantity."
                ),
                "note",
            ),
        ),
    )


def _scale_answer(w: _Words) -> Subsection:
    m = w.m
    s, b, sc = m.save, m.bubble, m.scale
    proj = [
        _("{name}: {baseline} against {candidate} per save, {saved} saved per save").format(
            name=p.name, baseline=s3(p.baseline_s), candidate=s3(p.candidate_s), saved=s3(p.saved_per_save_s)
        )
        for p in m.projections
    ]
    proj_text = (
        _(
            "Projected to other checkpoint sizes, at the measured GPU count — {projections}. Bubble shares at other "
            "sizes also depend on their compute time per step, which this test did not measure."
        ).format(projections=_("; ").join(proj))
        if proj
        else _("No other checkpoint size was projected in this test.")
    )
    return Subsection(
        "qa-scale",
        _("Does the effect hold at other cluster and model sizes?"),
        (
            w.p(
                _(
                    "Cluster size: the throughput gain ({gain}) is a property of each job, so the GPU-equivalents grow "
                    "with the cluster, {per_1000} per 1,000 GPUs, as long as each job keeps this job's save times "
                    "({baseline} and {candidate})."
                ).format(
                    gain=p3(b.throughput_gain_pct),
                    per_1000=gpus(sc.gpu_equivalents_per_1000),
                    baseline=s3(s.baseline.mean_s),
                    candidate=s3(s.candidate.mean_s),
                ),
                "save_times",
            ),
            w.p(
                (
                    _(
                        "Failures grow with scale: a job across {gpus} GPUs fails on average every {mtbf}. At its "
                        "optimal interval, with this job's save times, it loses {baseline} of its compute time on "
                        "{baseline_system} and {candidate} on {candidate_system}."
                    )
                    if max(sc.baseline_optimal_overhead_pct, sc.candidate_optimal_overhead_pct) < 100
                    else _(
                        "Failures grow with scale: a job across {gpus} GPUs fails on average every {mtbf}, too often "
                        "for this job's save and restart times: Young's first-order model gives a loss above 100% of "
                        "the compute time, so it no longer applies, and such a job would make little progress on "
                        "either {baseline_system} or {candidate_system}."
                    )
                ).format(
                    gpus=count(sc.cluster_gpus),
                    mtbf=h3(sc.job_mtbf_s),
                    baseline=p3(sc.baseline_optimal_overhead_pct),
                    baseline_system=s.baseline.system,
                    candidate=p3(sc.candidate_optimal_overhead_pct),
                    candidate_system=s.candidate.system,
                ),
                "save_times",
            ),
            w.p(proj_text, "save_times"),
        ),
    )


def _cold_start_words(lc) -> str:
    least, most = s3(lc.load_saved_min_s), s3(lc.load_saved_max_s)
    if least == most:
        text = _(
            "Deploying and serving: every cold start of a measured model takes {least} less. It recurs at every "
            "scale-out, restart and model update, so its weight depends on how often the service starts models, "
            "which this test does not measure."
        )
    else:
        text = _(
            "Deploying and serving: every cold start of a measured model takes {least} to {most} less. It "
            "recurs at every scale-out, restart and model update, so its weight depends on how often the "
            "service starts models, which this test does not measure."
        )
    return text.format(least=least, most=most)


def _answers(w: _Words) -> Section:
    return Section("qa", _("Questions and answers"), (_utilisation_answer(w), _lifecycle_answer(w), _scale_answer(w)))


# ---- appendices ----


def _raw_saves(w: _Words) -> Table:
    saves = w.test.saves
    order = {w.config.systems.save_baseline: 0, w.config.systems.candidate: 1}
    saves = saves.assign(_side=saves["system"].astype(str).map(order)).sort_values(
        ["_side", "model", "run"], kind="stable"
    )
    rows = tuple(
        (str(r.system), str(r.model), str(r.gpus), num(r.snapshot_gb, 1), str(r.run), num(r.save_s, 2))
        for r in saves.itertuples(index=False)
    )
    columns = (
        Column(_("System"), False),
        Column(_("Model"), False),
        Column(_("GPUs")),
        Column(_("Snapshot (GB)")),
        Column(_("Run")),
        Column(_("Save (s)")),
    )
    caption = _("save_times.csv: every timed save")
    return _limit(Table("raw-saves", caption, columns, rows, illustrative=w.marked("save_times")))


def _raw_loads(w: _Words) -> Table:
    loads = w.test.loads
    order = {w.config.systems.load_baseline: 0, w.config.systems.candidate: 1}
    loads = loads.assign(
        _side=loads["system"].astype(str).map(order), _model=loads["model"].astype(str).map(natural_key)
    )
    loads = loads.sort_values(["_model", "platform", "_side", "run"], kind="stable")
    rows = tuple(
        (str(r.system), str(r.model), str(r.platform), num(r.size_gb, 1), str(r.run), num(r.load_s, 2))
        for r in loads.itertuples(index=False)
    )
    columns = (
        Column(_("System"), False),
        Column(_("Model"), False),
        Column(_("Platform"), False),
        Column(_("Size (GB)")),
        Column(_("Run")),
        Column(_("Load (s)")),
    )
    caption = _("load_times.csv: every timed load")
    return _limit(Table("raw-loads", caption, columns, rows, illustrative=w.marked("load_times")))


def _raw_section(w: _Words) -> Section:
    tables = (_raw_saves(w), _bandwidth_runs(w.test.bandwidth, w), _raw_loads(w))
    return Section("raw", _("Appendix A: measurements"), tables, appendix=True, new_page=True)


def _limit(table: Table, total: int | None = None) -> Table:
    """At most MAX_RAW_ROWS rows of a table of `total` rows (by default, all the rows it holds)."""
    total = len(table.rows) if total is None else total
    if total <= MAX_RAW_ROWS:
        return table
    note = _(
        "First {shown} of {total} rows; the full file is attached to the PDF and its SHA-256 is listed in the colophon."
    ).format(shown=MAX_RAW_ROWS, total=count(total))
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
        _("bandwidth.csv: summarised per run"),
        (
            Column(_("System"), False),
            Column(_("Run")),
            Column(_("Samples")),
            Column(_("Time span (s)")),
            Column(_("Mean (GB/s)")),
            Column(_("Min (GB/s)")),
            Column(_("Max (GB/s)")),
        ),
        rows,
        _("Each run's samples are summarised; the full log is attached to the PDF."),
        illustrative=w.marked("bandwidth"),
    )
    return _limit(table, len(log.run_start))


def formulas() -> tuple[tuple[str, str], ...]:
    """Appendix B: the name and the formula of every figure."""
    return (
        (_("Mean save time"), _("mean = Σ save_s ÷ runs, over the training model's rows of one system")),
        (_("Speedup"), _("speedup = mean_B ÷ mean_C; reduction = 100 × (1 − mean_C ÷ mean_B)")),
        (_("Effective throughput"), _("effective = snapshot_gb ÷ mean save time")),
        (_("Sustained bandwidth"), _("mean of each run's write_gbps samples, then the mean over runs")),
        (
            _("Steady-state bandwidth"),
            _(
                "per run, the samples from the first one ≥ 0.9 × the run's median (in t_s order); their mean, then "
                "the mean over runs"
            ),
        ),
        (_("Saves"), _("saves = floor(total_steps ÷ checkpoint_interval_steps)")),
        (_("Compute time"), _("compute = baseline duration − saves × mean_B")),
        (_("Wall time, candidate"), _("duration_C = compute + saves × mean_C")),
        (_("Bubble share"), _("bubble = 100 × saves × mean ÷ duration, per system")),
        (
            _("Throughput gain"),
            _("gain = 100 × (duration_B ÷ duration_C − 1); GPU-equivalents = cluster GPUs × gain ÷ 100"),
        ),
        (
            _("Projection"),
            _("one measured size s₀: t = t₀ × size ÷ s₀; several sizes: least squares t = a + b × size"),
        ),
        (
            _("Confidence interval"),
            _(
                "speedup × exp(± t₀.₉₇₅(df) × se), lower bound with −, se² = s_B²/(n_B·mean_B²) + "
                "s_C²/(n_C·mean_C²), Welch–Satterthwaite df"
            ),
        ),
        (
            _("Runs to decide G3"),
            _(
                "smallest n from 2 to 10,000 with speedup × exp(− t₀.₉₇₅(df(n)) × se(n)) ≥ target (or exp(+ …) < "
                "target below it), se(n)² = (cv_B² + cv_C²) ÷ n, df(n) = (n − 1)(cv_B² + cv_C²)² ÷ (cv_B⁴ + cv_C⁴)"
            ),
        ),
        (_("Runs short (G1, G2)"), _("max(min_runs, 2) − runs, at least 0")),
        (_("Job MTBF"), _("M = per-GPU MTBF (h) × 3,600 ÷ GPUs of the job")),
        (_("Overhead"), _("100 × (c ÷ τ + (τ + c) ÷ 2M + restart ÷ M), c = save time, τ = interval of compute")),
        (_("Optimal interval"), _("Young: τ = √(2cM); Daly: √(2cM) × (1 + √(c/2M)/3 + (c/2M)/9) − c")),
        (
            _("Re-tuning beats switching"),
            _("baseline's overhead at its optimal interval < candidate's at today's interval"),
        ),
        (_("Implied bytes written"), _("sustained bandwidth × mean save time, per system")),
        (
            _("Two-system fit"),
            _(
                "save = F + V ÷ bandwidth through both systems: V = (mean_B − mean_C) ÷ (1/bw_B − 1/bw_C), "
                "F = mean_B − V ÷ bw_B"
            ),
        ),
        (_("Outlier"), _("modified z-score 0.6745 × (x − median) ÷ MAD above 3.5 (Iglewicz and Hoaglin)")),
        (
            _("Value of time saved"),
            _("time saved ÷ 3,600 × GPUs × price per GPU-hour; cluster: GPU-equivalents × 8,760 × price"),
        ),
    )


def _formulas_section() -> Section:
    return Section("formulas", _("Appendix B: formulas"), (Definitions(formulas(), "formulas"),), appendix=True)


def _colophon_section(w: _Words, prov: Provenance) -> Section:
    test = w.test
    inputs = Table(
        "inputs",
        _("Input files (attached to the PDF)"),
        (
            Column(_("File"), False),
            Column(_("Bytes")),
            Column(_("Media type"), False),
            Column("SHA-256", False, code=True),
        ),
        tuple((name, count(len(data)), media_type(name), test.sha256[name]) for name, data in test.raw.items()),
    )
    versions = Table(
        "versions",
        _("Software that built this report"),
        (Column(_("Component"), False), Column(_("Version"), False)),
        (
            (
                _("Report generator"),
                _("{version} (commit {commit})").format(version=prov.generator, commit=prov.commit),
            ),
            ("Python", prov.python),
            *prov.packages,
        ),
    )
    intro = Para(
        _(
            "The PDF edition of this report carries its input files as attachments, with metrics.json, the "
            "unrounded figures; python -m report verify report.pdf recomputes the figures from the attachments and "
            "compares them. The HTML edition carries neither: check it against the PDF and metrics.json built beside "
            "it."
        )
    )
    return Section("colophon", _("Colophon: inputs and software"), (intro, inputs, versions), appendix=True)


def build(
    test: JointTest, m: Metrics, charts: dict[str, Chart], prov: Provenance, language: str = "en"
) -> ReportContext:
    """The whole context of the report, worded in the active language (report/i18n.py)."""
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
        description=_("Joint test: {candidate} against {save_baseline} and {load_baseline}").format(
            candidate=c.systems.candidate, save_baseline=c.systems.save_baseline, load_baseline=c.systems.load_baseline
        ),
        charts=charts,
        language=language,
        footer=page_footer(),
    )
