"""The charts in words: each chart's title, caption, alt text and size, from the figures (charts/draw.py draws them).

Words and sizes come first and cost nothing, so the report can be laid out while the charts are still being drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from report.charts.scaling_caption import scaling_caption
from report.charts.scaling_reach import scaling_of
from report.compute import SIDES, Metrics
from report.formatting import gb, num, s3, seconds, sig
from report.i18n import _, ngettext, spaced
from report.inputs.runs import BandwidthLog, both_sustained

# The PDF text width (A4 less 2 x 18 mm): charts print at 1:1, so every chart shares one text size.
WIDTH_IN = 174 / 25.4
# Points per run kept in the bandwidth chart: min and max of each bucket, so peaks and troughs stay.
SERIES_BUCKETS = 600


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
    illustrative: bool | str = False  #: "illustrative" (an input test.toml declares so), "not_durable", or none
    short: tuple[tuple[str, str], ...] = ()  #: full name -> the short name its legend and axes print ([systems] short)

    def label(self, name: str) -> str:
        """System `name` as the chart prints it: its short name, if test.toml gives one."""
        return dict(self.short).get(name, name)

    @property
    def size_pt(self) -> tuple[str, str]:
        """Width and height in points, written as matplotlib's SVG writes them."""
        return _pt(self.width_in * 72), _pt(self.height_in * 72)


def _pt(value: float) -> str:
    return f"{value:f}".rstrip("0").rstrip(".")


def wrapped(name: str, width: int = 24) -> str:
    """A label from the inputs on lines of at most `width` characters, whole: charts wrap a long name, never cut it. A
    Chinese label is spaced as the text is (`i18n.spaced`)."""
    import textwrap

    name = spaced(name)
    return "\n".join(textwrap.wrap(name, width, break_long_words=True, break_on_hyphens=True) or [name])


def labels(m: Metrics, chart: Chart | None = None) -> dict[str, str]:
    """The two save systems' chart labels, wrapped: their short names in a chart that has them."""
    return {
        side: wrapped(chart.label(s.system) if chart else s.system)
        for side, s in zip(SIDES, m.save.sides(), strict=True)
    }


def _taller(m: Metrics, height_in: float) -> float:
    """A chart with a row per save system, taller by what its wrapped names need beyond one line each."""
    lines = max(label.count("\n") + 1 for label in labels(m).values())
    return height_in + 0.3 * (lines - 1)


def system_names(m: Metrics) -> dict[str, str]:
    """The two save systems' names as written, for alt text (one line, nothing cut)."""
    return {side: s.system for side, s in zip(SIDES, m.save.sides(), strict=True)}


# The registry of charts: id -> (describing function, the inputs its figures come from), in report order.
# report/charts/draw.py registers a drawing function under each id; a test checks that both hold the same ids.
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
    names, b, c = system_names(m), m.save.baseline, m.save.candidate
    alt = _(
        "Bar and dot chart of save times for {model}: {baseline} mean {baseline_time}, {candidate} mean "
        "{candidate_time} ({baseline_runs} and {candidate_runs} runs)."
    ).format(
        model=b.model,
        baseline=names["baseline"],
        baseline_time=s3(b.mean_s),
        candidate=names["candidate"],
        candidate_time=s3(c.mean_s),
        baseline_runs=b.runs,
        candidate_runs=c.runs,
    )
    caption = _(
        "Save time of one {size} GB checkpoint of {model}; each point is one run, the bar is the mean, the whisker "
        "one standard deviation when repeated."
    ).format(size=gb(b.snapshot_gb).removesuffix(" GB"), model=b.model)
    return Chart("save-times", _("Checkpoint save time per system"), caption, alt, WIDTH_IN, _taller(m, 1.9))


@describes("bandwidth", "bandwidth")
def bandwidth(m: Metrics, log: BandwidthLog) -> Chart:
    """Write bandwidth over time for every run, or per system when runs hold one sample each."""
    names, timed = system_names(m), over_time(log)
    alt = (
        _(
            "Write bandwidth over time: sustained {baseline_bw} GB/s on {baseline} and {candidate_bw} GB/s on "
            "{candidate}."
        )
        if timed
        else _(
            "Write bandwidth per system, one sample per run: {baseline_bw} GB/s on {baseline} and {candidate_bw} GB/s "
            "on {candidate}."
        )
    ).format(
        baseline_bw=sig(m.bandwidth.baseline_gbps),
        baseline=names["baseline"],
        candidate_bw=sig(m.bandwidth.candidate_gbps),
        candidate=names["candidate"],
    )
    caption = (
        _(
            "Sustained write bandwidth samples over time; dotted lines mark each system's sustained mean. Long logs "
            "are thinned to each interval's minimum and maximum, so every peak and trough remains."
        )
        if timed and both_sustained(m.bandwidth)
        else _(
            "Write bandwidth samples over time (runs too short to show a sustained rate); dotted lines mark each "
            "system's mean. Long logs are thinned to each interval's minimum and maximum, so every peak and trough "
            "remains."
        )
        if timed
        else _("Write bandwidth per system (one sample per run: not shown to be sustained).")
    )
    # A log with runs too short to show a sustained rate is not titled so (cold read 6, M9).
    title = _("Sustained write bandwidth") if both_sustained(m.bandwidth) else _("Write bandwidth")
    return Chart("bandwidth", title, caption, alt, WIDTH_IN, 2.5)


def throughputs(m: Metrics) -> list[float]:
    """Each save system's effective throughput as the throughput chart sets it against its bandwidth: the whole save
    (checkpoint size ÷ mean save time), or one node's part of it where the system is local to each node and the job
    spans several nodes, its bandwidth logged on one node (cold read 22, M2: a whole job at "50.2%" of one node's)."""
    out = []
    for key, save in zip(SIDES, m.save.sides(), strict=True):
        part = m.node_part(key)
        out.append(save.effective_gbps if part is None else part.job_gbps)
    return out


@describes("throughput", "save_times", "bandwidth")
def throughput(m: Metrics, log: BandwidthLog) -> Chart:
    """Effective save throughput beside sustained bandwidth: how far the save is from the device limit."""
    eff = throughputs(m)
    sus = [m.bandwidth.baseline_gbps, m.bandwidth.candidate_gbps]
    held = both_sustained(m.bandwidth)  # "sustained" only of logs that show it (cold read 8, M4)
    alt = (
        _(
            "Bars comparing effective save throughput ({eff_b} and {eff_c} GB/s) with sustained write bandwidth "
            "({sus_b} and {sus_c} GB/s)."
        )
        if held
        else _(
            "Bars comparing effective save throughput ({eff_b} and {eff_c} GB/s) with the write bandwidth logged "
            "({sus_b} and {sus_c} GB/s)."
        )
    ).format(eff_b=sig(eff[0]), eff_c=sig(eff[1]), sus_b=sig(sus[0]), sus_c=sig(sus[1]))
    caption = (
        _("Checkpoint size divided by mean save time, beside each system's sustained bandwidth.")
        if held
        else _("Checkpoint size divided by mean save time, beside each system's logged write bandwidth.")
    )
    for key, save in zip(SIDES, m.save.sides(), strict=True):
        if (part := m.node_part(key)) is not None:
            caption += " " + _(
                "{system} is local to each node: its bars are one node's, the {part} that node writes of each "
                "checkpoint divided by the mean save time, beside the bandwidth logged on one node."
            ).format(system=save.system, part=gb(part.job_gb))
    return Chart(
        "throughput",
        _("Effective save throughput against sustained bandwidth")
        if held
        else _("Effective save throughput against write bandwidth"),
        caption,
        alt,
        WIDTH_IN,
        # a node-local system's label carries a line more, "(one node)" (report/charts/draw.py)
        _taller(m, 2.0) + (0.3 if any(m.node_part(key) is not None for key in SIDES) else 0.0),
    )


@describes("composition", "save_times")
def composition(m: Metrics, log: BandwidthLog) -> Chart:
    """Training wall time split into compute and checkpoint saves, with the bubble share."""
    b = m.bubble
    alt = _(
        "Stacked bars of training time: compute {compute} h on both systems; saves add {baseline} on the baseline "
        "and {candidate} on the candidate, a bubble share of {baseline_bubble}% against {candidate_bubble}%."
    ).format(
        compute=sig(b.compute_s / 3600),
        baseline=s3(b.baseline_save_total_s),
        candidate=s3(b.candidate_save_total_s),
        baseline_bubble=sig(b.baseline_bubble_pct),
        candidate_bubble=sig(b.candidate_bubble_pct),
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
    return Chart(
        "composition", _("Training time: compute and checkpoint bubble"), caption, alt, WIDTH_IN, _taller(m, 1.9)
    )


@describes("projection", "save_times")
def projection(m: Metrics, log: BandwidthLog) -> Chart:
    """Save time against snapshot size: measured points, the scaling line and the projected sizes."""
    names = _(", ").join(p.name for p in m.projections) or _("no projection")
    alt = _(
        "Save time against checkpoint size with this test's saves and scaling lines for both systems; projected "
        "sizes: {names}."
    ).format(names=names)
    caption = _(
        "Filled markers are this test's saves; open diamonds are the projections; lines show the scaling assumption."
    )
    local = [m.save.sides()[SIDES.index(side)].system for side in SIDES if side in m.node_fits]
    if local:  # drawn against what its line is fitted over (cold read 5, N14), in a panel of its own beside shared
        text = (
            _(
                "{systems} is local to each node: its saves and projections are drawn against each node's part of the "
                "checkpoint, the size its line is fitted over, in the right-hand panel."
            )
            if len(local) < len(SIDES)
            else _(
                "Both systems are local to each node: the saves and projections are drawn against each node's part of "
                "the checkpoint, the size their lines are fitted over."
            )
        )
        caption += " " + text.format(systems=_(" and ").join(local))
    return Chart("projection", _("Projected save time by checkpoint size"), caption, alt, WIDTH_IN, 2.6)


@describes("scaling", "scaling")
def scaling(m: Metrics, log: BandwidthLog) -> Chart:
    """Aggregate write bandwidth against client nodes: each side's runs and means, its fitted law, the range measured
    shaded, the training job's nodes and each projection's marked."""
    names = system_names(m)
    sides = {side: s for side in SIDES if (s := scaling_of(m).side(side)) is not None}
    measured = list(sides)
    lowest = min(s.points[0].clients for s in sides.values())
    alt = _(
        "Aggregate write bandwidth against the client nodes writing at once, {systems}, tested from {low} to {high} "
        "client nodes, with each fitted law; the training job's {nodes} are marked."
    ).format(
        systems=_(" and ").join(names[side] for side in measured),
        low=num(lowest, 0),
        high=num(scaling_of(m).max_clients, 0),
        nodes=ngettext("{n} node", "{n} nodes", scaling_of(m).job_nodes).format(n=num(scaling_of(m).job_nodes, 0)),
    )
    caption = scaling_caption(m, names)
    return Chart("scaling", _("Aggregate write bandwidth by client nodes"), caption, alt, WIDTH_IN, 3.4)


# The least height of a bar chart with a legend above and an axis below, whatever the number of bars (inches).
MIN_BARS_HEIGHT_IN = 2.0


@describes("load-times", "load_times")
def load_times(m: Metrics, log: BandwidthLog) -> Chart:
    """Load time per model and platform, both systems, with the speedup."""
    alt = (
        _(
            "Grouped bars of model load time for {pairs} model and platform pairs; the candidate loads {low}× to "
            "{high}× faster than {baseline}."
        )
        if m.load.speedup_shown
        else _(
            "Grouped bars of model load time for {pairs} model and platform pairs; the ratio of {baseline}'s load "
            "time to the candidate's is {low}× to {high}×, not an established speedup."
        )
    ).format(
        pairs=len(m.load.models),
        low=sig(m.load.speedup_min),
        high=sig(m.load.speedup_max),
        baseline=m.load.baseline_system,
    )
    # what a load time spans is the source's to say (Chinese reading 11, S-m4: "to the first token" in the sources,
    # "until the model is ready to serve" here)
    caption = (
        _("Mean load time per model and platform, as the data sources say it was timed; labels give the speedup.")
        if m.load.speedup_shown
        else _(
            "Mean load time per model and platform, as the data sources say it was timed; labels give the ratio of "
            "the load times, and the text says what it establishes."
        )
    )
    # The rows are evenly spaced, so each takes the room of the tallest label (model over platform, 7.5 pt at 1.4
    # line spacing: 0.146 in a line); a legend of wrapped system names takes its lines above the axes.
    lines = max(wrapped(x.model).count("\n") + wrapped(x.platform).count("\n") + 2 for x in m.load.models)
    legend = max(wrapped(name).count("\n") for name in (m.load.baseline_system, m.load.candidate_system))
    height = 0.9 + 0.15 * legend + len(m.load.models) * max(0.5, 0.16 * lines + 0.2)
    height = max(MIN_BARS_HEIGHT_IN, height)  # one pair alone drew bars 1 cm tall under the legend and axis
    return Chart("load-times", _("Model load time for inference"), caption, alt, WIDTH_IN, height)


@describes("stall", "save_times")
def stall(m: Metrics, log: BandwidthLog) -> Chart:
    """The stall per asynchronous save against the checkpoint interval, today's interval and the stall-free bounds."""
    names, a = system_names(m), m.async_  # one line each, as alt text is read
    alt = _(
        "Line chart of the stall per save against the checkpoint interval with asynchronous saves: at today's interval "
        "of {interval} steps {baseline} stalls {baseline_stall} and {candidate} {candidate_stall}; the stall falls to "
        "the staging time from {baseline_steps} steps on {baseline} and from {candidate_steps} steps on {candidate}."
    ).format(
        interval=num(m.bubble.checkpoint_interval_steps, 0),
        baseline=names["baseline"],
        baseline_stall=seconds(a.baseline.stall_s),
        candidate=names["candidate"],
        candidate_stall=seconds(a.candidate.stall_s),
        baseline_steps=num(a.baseline.min_interval_steps, 0),
        candidate_steps=num(a.candidate.min_interval_steps, 0),
    )
    caption = _(
        "Staging plus the wait for the previous write, per save, as the interval between saves varies (compute time "
        "per step held); the dashed line is today's interval, the triangles each system's shortest interval "
        "without write stalls."
    )
    title = _("Stall per asynchronous save by checkpoint interval")
    return Chart("stall", title, caption, alt, WIDTH_IN, 2.4)


@describes("reliability", "save_times")
def reliability(m: Metrics, log: BandwidthLog) -> Chart:
    """Expected overhead against checkpoint interval, with the configured and Young-optimal intervals."""
    r = m.reliability
    alt = _(
        "Expected overhead against checkpoint interval for both systems; at the configured interval of {interval} "
        "the overhead is {baseline}% against {candidate}%; triangles mark Young's optimal intervals."
    ).format(
        interval=seconds(r.interval_s),
        baseline=sig(r.baseline.overhead_pct),
        candidate=sig(r.candidate.overhead_pct),
    )
    caption = (
        _(
            "Stalls plus expected rework and restarts, first order (Young 1974); circles and squares mark the "
            "configured interval, triangles each system's optimal interval."
        )
        if m.checkpoint_mode == "async"
        else _(
            "Saves plus expected rework and restarts, first order (Young 1974); circles and squares mark the "
            "configured interval, triangles each system's optimal interval."
        )
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
        benefit=sig(b.duration_reduction_pct),
    )
    caption = _(
        "How much shorter the training run is on the candidate when saves are more or less frequent (left, compute "
        "time held) and when each step computes for longer or shorter (right, interval held); the dot is this test's "
        "configuration, the dashed line the G4 target."
    )
    title = _("Training-time benefit by checkpoint interval and step time")
    return Chart("sensitivity", title, caption, alt, WIDTH_IN, 2.4)


def drawn(chart_id: str, m: Metrics) -> bool:
    """Whether the report has the chart: a chart of an input the test does not have is left out (no projections,
    no projection chart; no scaling.csv, no scaling chart)."""
    if chart_id == "scaling":
        return m.scaling is not None
    return chart_id != "projection" or bool(m.projections)


def describe_all(
    m: Metrics, log: BandwidthLog, illustrative: tuple[str, ...] = (), short: dict[str, str] | None = None
) -> dict[str, Chart]:
    """Every chart of the report that its inputs call for, keyed by id, in report order, each marked when drawn from
    illustrative inputs (or, drawn from the saves, when a save system is not durable: `not_durable` then names it),
    and given the systems' short names (`short`, [systems] short) for its legend and axes."""
    charts = {}
    for chart_id, (describe, inputs) in DESCRIBERS.items():
        if not drawn(chart_id, m):
            continue
        chart = describe(m, log)
        marked = bool(set(inputs) & set(illustrative))
        undurable = not marked and bool(m.not_durable) and bool(set(inputs) & {"save_times", "bandwidth"})
        alt = chart.alt
        if marked:
            alt = _("Illustrative input, not measured. {alt}").format(alt=chart.alt)
        elif undurable:
            alt = _("Not durable: these saves would not survive a power loss. {alt}").format(alt=chart.alt)
        mark = "illustrative" if marked else "not_durable" if undurable else False
        charts[chart_id] = replace(chart, alt=alt, inputs=inputs, illustrative=mark, short=tuple((short or {}).items()))
    return charts
