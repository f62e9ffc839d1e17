"""The charts in words: each chart's title, caption, alt text and size, from the figures (report/drawing.py draws them).

Words and sizes come first and cost nothing, so the report can be laid out while the charts are still being drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from report.compute import SIDES, Metrics
from report.formatting import num, seconds
from report.i18n import _
from report.runs import BandwidthLog

# The PDF text width (A4 less 2 x 18 mm): charts print at 1:1, so every chart shares one text size.
WIDTH_IN = 174 / 25.4


@dataclass(frozen=True)
class Chart:
    """One chart's place in the report: the words that go with it, and its size."""

    id: str  #: anchor and figure id
    title: str  #: figure title
    caption: str  #: what the chart shows and how to read it
    alt: str  #: the chart's content in one sentence, for readers who cannot see it
    width_in: float  #: drawn width, inches
    height_in: float  #: drawn height, inches
    inputs: tuple[str, ...] = ()  #: the inputs its figures come from (save_times, bandwidth, load_times)
    illustrative: bool = False  #: drawn from an input that test.toml declares illustrative

    @property
    def size_pt(self) -> tuple[str, str]:
        """Width and height in points, written as matplotlib's SVG writes them."""
        return _pt(self.width_in * 72), _pt(self.height_in * 72)


def _pt(value: float) -> str:
    return f"{value:f}".rstrip("0").rstrip(".")


def short(name: str, limit: int = 32) -> str:
    """A chart label: long names are cut with an ellipsis (tables print them in full)."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def wrapped(name: str, width: int = 24, lines: int = 2) -> str:
    """A category label on at most `lines` lines of `width` characters; only what still does not fit is cut."""
    import textwrap

    parts = textwrap.wrap(name, width, break_long_words=True, break_on_hyphens=True) or [name]
    if len(parts) > lines:
        parts = [*parts[: lines - 1], short(" ".join(parts[lines - 1 :]), width)]
    return "\n".join(parts)


def labels(m: Metrics) -> dict[str, str]:
    """The two save systems' chart labels."""
    return {side: short(s.system) for side, s in zip(SIDES, m.save.sides(), strict=True)}


# The registry of charts: id -> (describing function, the inputs its figures come from), in report order.
# report/drawing.py registers a drawing function under each id; a test checks that both hold the same ids.
DESCRIBERS: dict[str, tuple[Callable[[Metrics, BandwidthLog], Chart], tuple[str, ...]]] = {}


def describes(chart_id: str, *inputs: str):
    """Register a function that describes the chart `chart_id`, drawn from `inputs`."""

    def register(func: Callable[[Metrics, BandwidthLog], Chart]):
        DESCRIBERS[chart_id] = (func, inputs)
        return func

    return register


def over_time(log: BandwidthLog) -> bool:
    """Whether the bandwidth chart draws samples over time (some run has more than one sample)."""
    return bool(np.any(log.run_stop - log.run_start > 1))


@describes("save-times", "save_times")
def save_times(m: Metrics, log: BandwidthLog) -> Chart:
    """Every timed save as a point, the mean as a bar, the spread as a whisker when repeated."""
    names, b, c = labels(m), m.save.baseline, m.save.candidate
    alt = _(
        "Bar and dot chart of save times for {model}: {baseline} mean {baseline_time}, {candidate} mean "
        "{candidate_time} ({baseline_runs} and {candidate_runs} runs)."
    ).format(
        model=b.model,
        baseline=names["baseline"],
        baseline_time=seconds(b.mean_s),
        candidate=names["candidate"],
        candidate_time=seconds(c.mean_s),
        baseline_runs=b.runs,
        candidate_runs=c.runs,
    )
    caption = _(
        "Save time of one {size} GB checkpoint of {model}; each point is one run, the bar is the mean, the whisker "
        "one standard deviation when repeated."
    ).format(size=num(b.snapshot_gb, 1), model=b.model)
    return Chart("save-times", _("Checkpoint save time per system"), caption, alt, WIDTH_IN, 1.9)


@describes("bandwidth", "bandwidth")
def bandwidth(m: Metrics, log: BandwidthLog) -> Chart:
    """Write bandwidth over time for every run, or per system when runs hold one sample each."""
    names, timed = labels(m), over_time(log)
    alt = (
        _(
            "Write bandwidth over time: sustained {baseline_bw} GB/s on {baseline} and {candidate_bw} GB/s on "
            "{candidate}."
        )
        if timed
        else _(
            "Write bandwidth per system: sustained {baseline_bw} GB/s on {baseline} and {candidate_bw} GB/s on "
            "{candidate}."
        )
    ).format(
        baseline_bw=num(m.bandwidth.baseline_gbps, 2),
        baseline=names["baseline"],
        candidate_bw=num(m.bandwidth.candidate_gbps, 2),
        candidate=names["candidate"],
    )
    caption = (
        _(
            "Sustained write bandwidth samples over time; dotted lines mark each system's sustained mean. Long logs "
            "are thinned to each interval's minimum and maximum, so every peak and trough remains."
        )
        if timed
        else _("Sustained write bandwidth per system (one sample per run).")
    )
    return Chart("bandwidth", _("Sustained write bandwidth"), caption, alt, WIDTH_IN, 2.5)


@describes("throughput", "save_times", "bandwidth")
def throughput(m: Metrics, log: BandwidthLog) -> Chart:
    """Effective save throughput beside sustained bandwidth: how far the save is from the device limit."""
    eff = [s.effective_gbps for s in m.save.sides()]
    sus = [m.bandwidth.baseline_gbps, m.bandwidth.candidate_gbps]
    alt = _(
        "Bars comparing effective save throughput ({eff_b} and {eff_c} GB/s) with sustained write bandwidth "
        "({sus_b} and {sus_c} GB/s)."
    ).format(eff_b=num(eff[0], 2), eff_c=num(eff[1], 2), sus_b=num(sus[0], 2), sus_c=num(sus[1], 2))
    caption = _("Checkpoint size divided by mean save time, beside the sustained bandwidth each system measured.")
    return Chart("throughput", _("Effective save throughput against sustained bandwidth"), caption, alt, WIDTH_IN, 2.0)


@describes("composition", "save_times")
def composition(m: Metrics, log: BandwidthLog) -> Chart:
    """Training wall time split into compute and checkpoint saves, with the bubble share."""
    b = m.bubble
    alt = _(
        "Stacked bars of training time: compute {compute} h on both systems; saves add {baseline} on the baseline "
        "and {candidate} on the candidate, a bubble share of {baseline_bubble}% against {candidate_bubble}%."
    ).format(
        compute=num(b.compute_s / 3600, 2),
        baseline=seconds(b.baseline_save_total_s),
        candidate=seconds(b.candidate_save_total_s),
        baseline_bubble=num(b.baseline_bubble_pct, 1),
        candidate_bubble=num(b.candidate_bubble_pct, 1),
    )
    caption = (
        _(
            "Wall time of {steps} steps with an asynchronous save every {interval} steps ({saves} stalls); compute "
            "time is the same on both."
        )
        if m.checkpoint_mode == "async"
        else _(
            "Wall time of {steps} steps with a synchronous save every {interval} steps ({saves} saves); compute time "
            "is the same on both."
        )
    ).format(steps=num(b.total_steps, 0), interval=num(b.checkpoint_interval_steps, 0), saves=b.saves)
    return Chart("composition", _("Training time: compute and checkpoint bubble"), caption, alt, WIDTH_IN, 1.9)


@describes("projection", "save_times")
def projection(m: Metrics, log: BandwidthLog) -> Chart:
    """Save time against snapshot size: measured points, the scaling line and the projected sizes."""
    names = _(", ").join(p.name for p in m.projections) or _("no projection")
    alt = _(
        "Save time against checkpoint size with measured points and scaling lines for both systems; projected "
        "sizes: {names}."
    ).format(names=names)
    caption = _(
        "Filled markers are measured saves; open diamonds are the projections; lines show the scaling assumption."
    )
    return Chart("projection", _("Projected save time by checkpoint size"), caption, alt, WIDTH_IN, 2.6)


@describes("load-times", "load_times")
def load_times(m: Metrics, log: BandwidthLog) -> Chart:
    """Load time per model and platform, both systems, with the speedup."""
    alt = _(
        "Grouped bars of model load time for {pairs} model and platform pairs; the candidate loads {low}× to {high}× "
        "faster than {baseline}."
    ).format(
        pairs=len(m.load.models),
        low=num(m.load.speedup_min, 1),
        high=num(m.load.speedup_max, 1),
        baseline=short(m.load.baseline_system),
    )
    caption = _(
        "Mean time from the start of the load until the model is ready to serve, per model and platform; labels give "
        "the speedup."
    )
    lines = [wrapped(x.model).count("\n") + wrapped(x.platform).count("\n") + 2 for x in m.load.models]
    height = 0.9 + sum(max(0.5, 0.14 * n + 0.15) for n in lines)  # room for labels wrapped on two lines
    return Chart("load-times", _("Model load time for inference"), caption, alt, WIDTH_IN, height)


@describes("reliability", "save_times")
def reliability(m: Metrics, log: BandwidthLog) -> Chart:
    """Expected overhead against checkpoint interval, with the configured and Young-optimal intervals."""
    r = m.reliability
    alt = _(
        "Expected overhead against checkpoint interval for both systems; at the configured interval of {interval} "
        "the overhead is {baseline}% against {candidate}%; triangles mark Young's optimal intervals."
    ).format(
        interval=seconds(r.interval_s),
        baseline=num(r.baseline.overhead_pct, 2),
        candidate=num(r.candidate.overhead_pct, 2),
    )
    caption = _(
        "Saves plus expected rework and restarts, first order (Young 1974); circles and squares mark the configured "
        "interval, triangles each system's optimal interval."
    )
    return Chart("reliability", _("Failure-aware overhead by checkpoint interval"), caption, alt, WIDTH_IN, 2.6)


@describes("sensitivity", "save_times")
def sensitivity(m: Metrics, log: BandwidthLog) -> Chart:
    """The training-time benefit against the checkpoint interval and against the step time, configured point marked."""
    sv, b = m.sensitivity, m.bubble
    alt = _(
        "Two line charts of the training-time benefit: against the checkpoint interval from {few} to {many} steps, "
        "and against compute time per step from {short} to {long}; the configured point ({interval} steps, {step} "
        "per step) gives {benefit}%."
    ).format(
        few=num(sv.intervals_steps[0], 0),
        many=num(sv.intervals_steps[-1], 0),
        short=seconds(sv.step_times_s[0]),
        long=seconds(sv.step_times_s[-1]),
        interval=num(b.checkpoint_interval_steps, 0),
        step=seconds(sv.step_time_s),
        benefit=num(b.duration_reduction_pct, 2),
    )
    caption = _(
        "How much shorter the training run is on the candidate when saves are more or less frequent (left, compute "
        "time held) and when each step computes for longer or shorter (right, interval held); the dot is this test's "
        "configuration, the dashed line the G4 target."
    )
    title = _("Training-time benefit by checkpoint interval and step time")
    return Chart("sensitivity", title, caption, alt, WIDTH_IN, 2.4)


def describe_all(m: Metrics, log: BandwidthLog, illustrative: tuple[str, ...] = ()) -> dict[str, Chart]:
    """Every chart of the report, keyed by id, in report order, each marked when drawn from illustrative inputs."""
    charts = {}
    for chart_id, (describe, inputs) in DESCRIBERS.items():
        chart = describe(m, log)
        marked = bool(set(inputs) & set(illustrative))
        alt = _("Illustrative input, not measured. {alt}").format(alt=chart.alt) if marked else chart.alt
        charts[chart_id] = replace(chart, alt=alt, inputs=inputs, illustrative=marked)
    return charts
