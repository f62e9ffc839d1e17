"""Projections to other checkpoint sizes."""

from __future__ import annotations

import math

from report.compute import Metrics
from report.compute.figures import Fit
from report.compute.scaling_checks import refit_band
from report.document.blocks import Block, Column, Para, Section, Table
from report.document.spoken import said
from report.formatting import (
    count,
    enough_digits,
    figure_of,
    gb,
    projection_texts,
    rounded,
    rounds_to,
    s3,
    sig,
    x3,
)
from report.i18n import _, join_words, ngettext
from report.wording.base import Side, Words
from report.wording.decisions import FAR_EXTRAPOLATION
from report.wording.flagged import fit_flag
from report.wording.node_line import node_line_notes
from report.wording.projection_law import fixed_cost_note
from report.wording.projection_reach import not_measured_cell, unmeasured_cells, unmeasured_sentence, unmeasured_sides
from report.wording.projection_signs import (
    async_note,
    not_estimable,
    projections_caption,
    projections_title,
    saving_cells,
    saving_columns,
    saving_note,
    slower,
)
from report.wording.scaling import clients, disowned_at, nodes_words
from report.wording.scaling_projected import assumed_basis, basis_finding, marked, untimed_note
from report.wording.scaling_range import negative_params, undescribed_words
from report.wording.statements import (
    no_difference_note,
    projection_gpus,
    projection_label,
)
from report.wording.workloads import CONCURRENT_MODEL, timed_elsewhere, timed_gpus

ID = "projections"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("projection",)


def _fit_figures(fit: Fit, key: str, m: Metrics) -> tuple[str, str]:
    """The line's intercept and slope as printed, with the digits that give back the table's projected times, each at
    the size the fit is evaluated at (a node's part for a side local to each node): 6.00 s + 1.625 s/GB × 128 GB =
    214 s, where 1.62 s/GB would give 213 s."""
    printed = [
        (b.size_gb[key], projection_texts(p).save(key)) for p, b in zip(m.projections, m.projection_bases, strict=True)
    ]

    def recomputes(texts: tuple[str, ...]) -> bool:
        intercept, slope = figure_of(texts[0]), figure_of(texts[1])
        return all(rounds_to(intercept + slope * size, time) for size, time in printed)

    intercept, slope = enough_digits((fit.intercept_s, fit.slope_s_per_gb), recomputes)
    return intercept, slope


def _fit_sentence(side: Side, m: Metrics) -> str:
    name, node_fit = side.system, m.node_fits.get(side.key)
    if node_fit is not None:  # a system local to each node: its line runs over a node's part (settled point 5)
        intercept, slope = _fit_figures(node_fit, side.key, m)
        fit_words = (
            _("proportional to a node's part ({slope} s per GB)").format(slope=slope)
            if node_fit.method == "proportional"
            else _("the least-squares line save time = {intercept} s + {slope} s/GB × a node's part").format(
                intercept=intercept, slope=slope
            )
        )
        text = _(
            "{system} is local to each node: each node writes its part of a checkpoint (the checkpoint ÷ the job's "
            "nodes) in parallel, so its projection follows {fit}."
        ).format(system=name, fit=fit_words)
        return _with_negative_intercept(text, node_fit, intercept)
    f = side.fit
    intercept, slope = _fit_figures(f, side.key, m)
    if f.method == "proportional":
        return _(
            "{system}: the save times give one checkpoint size ({size}), so save time is assumed to grow in proportion "
            "to size ({slope} s per GB)."
        ).format(system=name, size=gb(f.sizes_gb[0]), slope=slope)
    text = _(
        "{system}: the save times give {sizes} checkpoint sizes, so the projection follows the least-squares line save "
        "time = {intercept} s + {slope} s/GB × size."
    ).format(system=name, sizes=len(set(f.sizes_gb)), intercept=intercept, slope=slope)
    return _with_negative_intercept(text, f, intercept)


def _with_negative_intercept(text: str, fit: Fit, intercept: str) -> str:
    """A line whose fixed cost falls below zero says what that is (cold read 5, N19: "−2.35 s + 0.346 s/GB" printed
    as if a save could take less than no time): where a line through two sizes, the larger slower per GB, meets size
    zero; an artefact of fitting so few sizes. The contract's line and its projected times are kept."""
    if fit.method != "least_squares" or not fit.intercept_s < 0:
        return text
    sizes = len(set(fit.sizes_gb))
    note = (
        _(
            "Its fixed cost of {intercept} s is no time a save takes: the line runs through only two sizes, the larger "
            "saved more slowly per GB than the smaller, so it meets size zero below zero. It is an artefact of fitting "
            "two sizes, not a cost any save showed; the projected times follow the line as fitted."
        )
        if sizes == 2
        else _(
            "Its fixed cost of {intercept} s is no time a save takes: it is where the line through {sizes} sizes meets "
            "size zero, outside the sizes the saves give. It is an artefact of fitting few sizes, not a cost any save "
            "showed; the projected times follow the line as fitted."
        )
    )
    return text + " " + note.format(intercept=intercept, sizes=sizes)


def _concurrent_note(w: Words) -> list[Para]:
    """The save rows of several jobs saving at once, named as such: the fitted line takes every save row."""
    concurrent = sorted({str(x) for x in w.test.saves["model"] if CONCURRENT_MODEL.search(str(x))})
    if not concurrent:
        return []
    text = _(
        "{models}: concurrent saves, several jobs each saving the whole checkpoint at once (as `measure "
        "--concurrent-jobs` records them): their size and GPUs are the jobs' sum and their time the slowest "
        "job's, so the fitted line includes the storage's contention."
    )
    return [w.p(text.format(models=join_words([f"“{x}”" for x in concurrent])), "save_times")]


def _named_notes(w: Words) -> list[Para]:
    """A projection whose name states a GPU count its times are not at says so plainly, with the checkpoint each GPU
    would hold at the count used (computed: compute.projections.basis) beside what a GPU held in this test and at the
    name's count, and what to give or measure (cold read 5, O3: "405B on 512 GPUs" projected at 64 GPUs is 88.6 GB
    per GPU; the customer asked about 512). The times stay: metrics.json carries them as the contract computes them."""
    m, out = w.m, []
    for p, b in zip(m.projections, m.projection_bases, strict=True):
        if not b.name_differs or b.named_gpus is None or b.named_per_gpu_gb is None:
            continue
        fields = {
            "name": p.name,
            "named": count(b.named_gpus),
            "size": gb(p.snapshot_gb),
            "used": join_words([count(g) for g in b.gpus_used]),
            "per_gpu": gb(b.per_gpu_gb) if b.per_gpu_gb is not None else "",
            "measured": gb(b.measured_per_gpu_gb),
            "named_per_gpu": gb(b.named_per_gpu_gb),
        }
        if p.gpus is not None:
            text = _(
                "“{name}” names {named} GPUs, but the GPU count given for it is {used}: {size} over {used} GPUs is "
                "{per_gpu} of checkpoint per GPU, over {named} GPUs {named_per_gpu}. Its times are at {used} GPUs, "
                "not at the {named} its name states."
            )
        elif b.per_gpu_gb is not None:
            text = _(
                "“{name}” names {named} GPUs, but no GPU count is given for it, so its times are at this test's {used} "
                "GPUs. {size} over {used} GPUs would be {per_gpu} of checkpoint per GPU, where this test's saves held "
                "{measured} per GPU and the name's {named} GPUs would hold {named_per_gpu} each. Its times are "
                "therefore what this test's clients would take to write {size}, not a save of the job its name "
                "describes."
            )
        else:
            text = _(
                "“{name}” names {named} GPUs, but no GPU count is given for it, so its times follow lines fitted over "
                "rows of {used} GPUs; the name's {named} GPUs would hold {named_per_gpu} of checkpoint each, where "
                "this test's saves held {measured} per GPU. Its times are not a save of the job its name describes."
            )
        if p.gpus is None:  # what is missing; what to measure, unless the extrapolation's warning below says it
            # said to the customer, not to the tool's operator (Chinese reading 9, K-M6: "请为该推算项设定 GPU 数")
            text += " " + (
                _("This report does not project its times at {named} GPUs.")
                if p.extrapolation > FAR_EXTRAPOLATION
                else _(
                    "This report does not project its times at {named} GPUs; a checkpoint of that size saved from "
                    "{named} GPUs would need timing before relying on it."
                )
            )
        out.append(w.p(text.format(**fields), "save_times", style="warning"))
    return out


def _projection_notes(w: Words) -> list[Para]:
    m = w.m
    notes = [w.p(_fit_sentence(side, m) + fit_flag(w, side.key), "save_times", side=side.key) for side in w.sides]
    notes += fixed_cost_note(w)  # the law through the origin against the audit's fixed cost (cold read 16, U-m3)
    notes += node_line_notes(w)  # a node-local line used outside its node parts (scaling reading 20, AC-m4)
    notes += [_basis(w, found) for found in w.findings.each("projection_basis")]
    held = projection_gpus(m)
    gpus = join_words([count(g) for g in held])
    # a side local to each node fits over a node's part, which takes the GPU count in: it mixes nothing
    mixed = [side for side in w.sides if len(side.fit.gpus) > 1 and side.key not in m.node_fits]
    style = "note"
    if len(held) == 1 and all(p.gpus is not None for p in m.projections):
        text = ""  # each projection's basis at its own GPU count is said above (the finding projection_basis)
    elif len(held) == 1 and all(b.name_differs for b in m.projection_bases):
        text = ""  # each projection's own warning below says the GPU count its times are at, and what it means
    elif len(held) == 1:
        text = _(
            "Only the checkpoint size changes: the projections keep this test's GPU count ({gpus}) and its write "
            "parallelism. A larger model usually runs on more GPUs, which write in parallel; its save time there "
            "is not measured here."
        )
    elif len(mixed) == len(w.sides):  # said once for both, not "only the size changes" then twice that it does not
        text, style = (
            _(
                "Each system's fitted line runs through rows of {gpus} GPUs, so it mixes checkpoint size with GPU "
                "count: a projection is at no single GPU count. A larger model usually runs on more GPUs, which write "
                "in parallel; its save time there is not measured here."
            ),
            "warning",
        )
    elif mixed:
        text = ""  # the mixed side's own warning below says it
    else:
        text = _(
            "The fitted lines take rows of {gpus} GPUs: a projection is at no single GPU count. A larger model "
            "usually runs on more GPUs, which write in parallel; its save time there is not measured here."
        )
    if text:
        notes.append(Para(text.format(gpus=gpus), style))
    notes += _named_notes(w)
    for side in mixed if len(mixed) < len(w.sides) else ():
        if len(side.fit.gpus) > 1:
            name = side.system
            text = _(
                "{system}: the fitted line mixes rows of {gpus} GPUs, so it confounds checkpoint size with GPU count."
            )
            notes.append(Para(text.format(system=name, gpus=join_words([str(g) for g in side.fit.gpus])), "warning"))
    notes += _concurrent_note(w)
    return notes + [note for p in m.projections for note in _size_notes(w, p)]


def _row(w: Words, p) -> tuple[str, ...]:
    """Table 11's figures of `p`, "not measured" beyond every node count a side was run at (scaling reading 15, M2)."""
    return unmeasured_cells(w, p, saving_cells(w, p, _cells(w, p)))


def _size_notes(w: Words, p) -> list[Para]:
    """What one projection's size and nodes stand on: beyond the node counts a side was run at, no time (M2 above)."""
    notes: list[Para] = []
    b = w.m.basis_of(p)
    gap = bool(unmeasured_sides(w, p))
    if gap:
        notes.append(w.p(unmeasured_sentence(w, p), "save_times", "scaling", style="warning"))
    elif p.measured_size:
        notes.append(_timed_note(w, p))
    if not p.measured_size and p.extrapolation > FAR_EXTRAPOLATION:
        text = (
            _(
                "“{name}” is {ratio} the largest checkpoint in the save times: the projection extrapolates beyond "
                "them. Measure a checkpoint of that size, saved from {named} GPUs, before relying on it."
            )
            if b.name_differs and p.gpus is None
            else _(
                "“{name}” is {ratio} the largest checkpoint in the save times: the projection extrapolates beyond "
                "them. Measure a checkpoint of that size before relying on it."
            )
        )
        named = count(b.named_gpus) if b.named_gpus is not None else ""
        notes.append(w.p(text.format(name=p.name, ratio=x3(p.extrapolation), named=named), style="warning"))
    return notes if gap else notes + _faster_than_measured(w, p, b)


def _faster_than_measured(w: Words, p, b) -> list[Para]:
    """A projected time that writes its size faster than the bandwidth this test measured on its system (a node's
    part against one node's, for a side local to each node): the line is no model there, and the bandwidth bounds the
    time from below (cold read 7, A-B2: 410 GB in 37.3 s is 11.0 GB/s against 9.64 measured, at least 42.5 s, slower
    than the other side's 40.2 s)."""
    out = []
    times = {"baseline": p.baseline_s, "candidate": p.candidate_s}
    for key, other in (("baseline", "candidate"), ("candidate", "baseline")):
        bandwidth = w.m.bandwidth.baseline_gbps if key == "baseline" else w.m.bandwidth.candidate_gbps
        size, time = b.size_gb[key], times[key]
        if time <= 0 or bandwidth <= 0 or size / time <= bandwidth:
            continue
        floor = size / bandwidth
        text = _(
            "“{name}”: {system}'s projected {time} writes {size} GB at {rate} GB/s, above the {bandwidth} GB/s this "
            "test logged on it; at that bandwidth the save takes at least {floor}."
        ).format(
            name=p.name,
            system=w.name(key),
            time=s3(time),
            size=sig(size),
            rate=sig(size / time),
            bandwidth=sig(bandwidth),
            floor=s3(floor),
        )
        if (time < times[other]) != (floor < times[other]):
            text += " " + _("The faster would then be {other} ({other_time}).").format(
                other=w.name(other), other_time=s3(times[other])
            )
        out.append(w.p(text, "save_times", "bandwidth", style="warning"))
    return out


def _timed_shared(w: Words, p) -> str:
    """Where a shared side timed this size on other GPUs: its projected time does not change with the GPUs, so the time
    timed holds, not the line's where they differ at the printed digits (cold read 10, P-M6: Yi 34B's 481.5 GB timed
    at 15.8 s on AF-3, projected at 17.8 s). " " and the sentences, or ""."""
    m, out = w.m, ""
    local = set(m.node_local.sides) if m.node_local is not None else set()
    rows = [(o.gpus, o.baseline_mean_s, o.candidate_mean_s) for o in m.other_saves if o.snapshot_gb == p.snapshot_gb]
    if m.save.baseline.snapshot_gb == p.snapshot_gb:
        rows.insert(0, (m.save.baseline.gpus, m.save.baseline.mean_s, m.save.candidate.mean_s))
    for key in (k for k in ("baseline", "candidate") if k not in local and rows):
        gpus, timed = rows[0][0], rows[0][1] if key == "baseline" else rows[0][2]
        fitted = getattr(p, f"{key}_s")
        if sig(fitted) == sig(timed):
            continue
        out += " " + _(
            "{system} is shared storage, whose projected time does not change with the GPUs: its saves at this size, "
            "on {gpus} GPUs, took {timed} s on average, and that figure holds, not the {fitted} s its line gives (the "
            "line is fitted across sizes saved on different GPU counts)."
        ).format(system=w.name(key), timed=sig(timed), gpus=count(gpus), fitted=sig(fitted))
    return out


def _timed_note(w: Words, p) -> Para:
    """A projection at a size both systems timed for another workload is no projection (cold read 5b, M1/M3): the
    measured means beside the line's; else (the training model's own size, or illustrative save times) the line."""
    m = w.m
    if timed_elsewhere(m, p) and "save_times" not in m.inputs_illustrative:
        # the size timed, on fewer or more GPUs: extrapolated in nodes (scaling reading 9, M1)
        counts = timed_gpus(m, p.snapshot_gb)
        near = min(counts, key=lambda g: abs(g - (p.gpus or 0)))
        # one statement here and in the Q&A: estimates without a range, not timings (scaling reading 10, M2)
        text = _(
            "“{name}” is a size both systems' save times give, timed on {timed} GPUs only: at {gpus} GPUs, {ratio} "
            "the GPUs timed, its times ({baseline} {b}, {candidate} {c}) are estimates from those saves, with no "
            "range, not timings."
        ).format(
            name=p.name,
            timed=join_words([count(g) for g in counts]),
            gpus=count(p.gpus or 0),
            ratio=x3((p.gpus or 0) / near),
            baseline=w.name("baseline"),
            b=s3(p.baseline_s),
            candidate=w.name("candidate"),
            c=s3(p.candidate_s),
        )
        return w.p(text + _timed_shared(w, p), style="warning")
    timed = [o for o in m.other_saves if o.snapshot_gb == p.snapshot_gb and (p.gpus is None or o.gpus == p.gpus)]
    if not timed or "save_times" in m.inputs_illustrative:
        text = _("“{name}” is a size both systems' save times give: its times are fitted, not extrapolated.")
        return w.p(text.format(name=p.name))
    o = timed[0]
    text = _(
        "“{name}” is no projection: both systems timed “{model}” at {size}, {baseline_time} on {baseline} "
        "and {candidate_time} on {candidate} on average ({ratio}, see “{section}”); its row gives the fitted "
        "line at that size."
    ).format(
        name=p.name,
        model=o.model,
        size=gb(o.snapshot_gb),
        baseline_time=s3(o.baseline_mean_s),
        baseline=w.name("baseline"),
        candidate_time=s3(o.candidate_mean_s),
        candidate=w.name("candidate"),
        ratio=x3(o.ratio),
        section=_("Executive summary"),
    )
    return w.p(text, "save_times")


def _basis(w: Words, found) -> Para:
    """What each side's projected time assumes at the projection's GPU count (the finding projection_basis): a side
    local to each node writes a node's part in parallel; a shared side the whole checkpoint at the bandwidth of this
    test's clients, with its fitted aggregate at that many nodes where the scaling test gives one."""
    m = w.m
    p = next(p for p in m.projections if p.name == found.scope.items[0])
    local = found["node_local"]
    fields = {
        "name": p.name,
        "gpus": count(found["gpus"]),
        "nodes": count(found["nodes"]),
        "part": gb(found["part_gb"]),
        "size": gb(p.snapshot_gb),
        "baseline": w.name("baseline"),
        "candidate": w.name("candidate"),
        "section": _("Scaling with client nodes"),
    }
    if local == ("baseline", "candidate"):
        text = _(
            "At “{name}” ({gpus} GPUs, {nodes} nodes) both systems are local to each node: each node writes its "
            "{part} in parallel."
        )
    elif local == ("baseline",):
        text = _(
            "At “{name}” ({gpus} GPUs, {nodes} nodes) {baseline} writes {part} on each node, in parallel; {candidate} "
            "writes the whole {size} at the rate of this test's saves, which gains nothing from the added nodes: no "
            "save was timed at that many nodes, and the two times stand on different bases (see “{section}”)."
        )
    elif (assumed := assumed_basis(w, p, fields["part"])) is not None:  # beyond a sweep (scaling reading 14, M1)
        text = assumed.replace("{", "{{").replace("}", "}}")
        if found["baseline_if_node_local_s"] is not None and not local:
            text += " " + _(
                "{baseline} is not declared local to each node; were it, each node would write {part} in parallel, "
                "about {whatif} a save."
            )
            fields["whatif"] = s3(found["baseline_if_node_local_s"])
    elif local == ("candidate",):
        text = _(
            "At “{name}” ({gpus} GPUs, {nodes} nodes) {candidate} writes {part} on each node, in parallel; {baseline} "
            "writes the whole {size} at the bandwidth of this test's clients."
        )
    elif found["baseline_if_node_local_s"] is None:
        # the baseline's saves ran on several nodes: a shared system, whose per-node what-if means nothing
        text = _(
            "At “{name}” ({gpus} GPUs, {nodes} nodes) both systems write the whole {size} at the bandwidth of this "
            "test's clients."
        )
    else:
        text = _(
            "At “{name}” ({gpus} GPUs, {nodes} nodes) both systems write the whole {size} at the bandwidth of this "
            "test's clients. {baseline} is not declared local to each node; were it, each node would write {part} in "
            "parallel, about {whatif} a save."
        )
        fields["whatif"] = s3(found["baseline_if_node_local_s"])
    scaled = p.scaled_gbps
    inputs = ["save_times"]
    if scaled is not None and scaled.candidate is not None and "candidate" not in local:
        text += " " + _swept(w, p.nodes, scaled.candidate, fields)
        inputs.append("scaling")
    return w.p(said(found, text.format(**fields)), *inputs)


def _swept(w: Words, nodes: int | None, gbps: float, fields: dict[str, str]) -> str:
    """The candidate's aggregate at a projection's nodes: measured where the sweep ran that many client nodes, a fit
    between counts, an extrapolation beyond them (scaling reading 7b, minor 11: a mean of 8 nodes measured was worded
    as the law's)."""
    side = w.m.scaling.candidate if w.m.scaling is not None else None
    point = next((q for q in side.points if q.clients == nodes), None) if side is not None else None
    fields["gbps"] = sig(gbps)
    if point is not None:
        fields.update(mean=sig(point.mean_gbps), runs=count(point.runs))
        return ngettext(
            "The client sweep gives {candidate} {mean} GB/s of aggregate write bandwidth with {nodes} client nodes "
            "writing at once ({runs} run; the law fitted to the sweep gives {gbps} GB/s there).",
            "The client sweep gives {candidate} {mean} GB/s of aggregate write bandwidth with {nodes} client nodes "
            "writing at once (the mean of {runs} runs; the law fitted to the sweep gives {gbps} GB/s there).",
            point.runs,
        )
    if side is not None and side.usl is not None and not side.usl.describes and nodes is not None:
        # no figure from a law the report disowns (scaling reading 13, M2): what its runs gave instead
        text = _(
            "{candidate}'s law fitted to the client sweep, with a negative {which}, cannot be used to extrapolate, "
            "so no aggregate is given for it there."
        )
        return text.replace("{which}", negative_params(side.usl)) + disowned_at(side, nodes)
    if side is not None and nodes is not None and nodes > side.max_clients:
        fields["most"] = clients(side.max_clients)
        band = refit_band(side, [float(nodes)])
        if band is not None and math.isfinite(band[0][0]) and math.isfinite(band[1][0]):
            # the range beside a point far beyond the counts tested (scaling reading 9, M2)
            digits = 3 if side.usl is None or side.usl.describes else 2  # no forecast: two digits (reading 11b, m4)
            fields.update(gbps=sig(gbps, digits), low=sig(band[0][0], digits), high=sig(band[1][0], digits))
            text = _(
                "The law fitted to the client sweep gives {candidate} {gbps} GB/s of aggregate write bandwidth at "
                "{nodes} nodes ({low}–{high} GB/s over the refits to one run per client count), an extrapolation "
                "beyond the {most} tested."
            )
            return text + _undescribed(side, spread=True)
        text = _(
            "The law fitted to the client sweep gives {candidate} {gbps} GB/s of aggregate write bandwidth at {nodes} "
            "nodes, an extrapolation beyond the {most} tested."
        )
        return text + _undescribed(side)
    text = _(
        "The law fitted to the client sweep gives {candidate} {gbps} GB/s of aggregate write bandwidth at {nodes} "
        "nodes."
    )
    return text + _undescribed(side)


def _undescribed(side, spread: bool = False) -> str:
    """The caveat beside a fitted figure whose law does not describe its points, kept with the figure (scaling reading
    11, M1: the caveat stood two pages later, and a narrow range of refits read as certainty); "" otherwise."""
    if side is None or side.usl is None or side.usl.describes:
        return ""
    return " " + undescribed_words("{candidate}", side.usl, spread=spread)


def _cells(w: Words, p) -> tuple[str, str, str, str]:
    """A projection's baseline and candidate times, saved per save and saved in all as Table 11 prints them; where the
    two times stand on different bases and which system is faster turns on the basis (the finding projection_basis),
    the shared side's time and both savings as ranges over the two bases, not one signed figure (scaling reading 7b,
    finding 4: "−3.22" a save from a basis the text then disowned)."""
    t = projection_texts(p)
    found = basis_finding(w, p)
    if found is None or not found["order_open"]:
        if slower(w):  # the columns say which system is slower, so the figures print without their sign
            return t.baseline, t.candidate, rounded(-p.saved_per_save_s), rounded(-p.saved_total_s)
        return t.baseline, t.candidate, t.saved, t.total
    shared, other = found["shared"], found["shared_on_local_basis_s"]
    saved = p.baseline_s - other if shared == "candidate" else other - p.candidate_s

    def span(a: float, b: float) -> str:
        return _("{low} to {high}").format(low=rounded(min(a, b)), high=rounded(max(a, b)))

    times = span(getattr(p, f"{shared}_s"), other)
    pair = (t.baseline, times) if shared == "candidate" else (times, t.candidate)
    return (*pair, span(p.saved_per_save_s, saved), span(p.saved_total_s, saved * p.saves))


def _open_notes(w: Words) -> list[str]:
    """Each projection printed as ranges (`_cells`), in words under the table."""
    out = []
    for p in w.m.projections:
        found = basis_finding(w, p)
        if found is None or not found["order_open"]:
            continue
        shared = found["shared"]
        local = "candidate" if shared == "baseline" else "baseline"
        text = _(
            "“{name}”: {shared}'s time on two bases, {fitted} s writing the whole checkpoint at the rate of this "
            "test's saves and {other} s writing each node's part at that rate, as {local} does; which system is faster "
            "is not known until a save is timed at {nodes}, so the saving is printed for both."
        )
        out.append(
            text.format(
                name=p.name,
                shared=w.name(shared),
                local=w.name(local),
                fitted=rounded(getattr(p, f"{shared}_s")),
                other=rounded(found["shared_on_local_basis_s"]),
                nodes=nodes_words(p.nodes or 1),
            )
        )
    return out


def _table_note(w: Words, rows) -> str:
    """Where each row's saves come from (test.toml's `saves`, or the run's), and how the total is printed."""
    m = w.m
    given = [projection_label(m, p) for p, spec in zip(m.projections, w.config.projections, strict=True) if spec.saves]
    if not given:
        saves = _("Saves: this run's {n} saves (no other count was agreed for the projections).")
    elif len(given) == len(m.projections):
        saves = _("Saves: as agreed for each projection, not this run's {n}.")
    else:
        saves = _("Saves: as agreed for {names}; this run's {n} for the others.")
    precision = _(
        "Every time is printed to three significant digits, the precision of a projection, each rounded from its own "
        "unrounded figure, so a difference or total of the printed figures may differ in its last digit."
    )
    # where saving_note says what the saving columns hold, it replaces the product (cold read 14c, P-M5, Q-m3)
    if saving_note(w):
        total = saving_note(w) + " " + precision
    elif slower(w):
        total = _("{column}: the figure per save × saves.").format(column=saving_columns(w)[2]) + " " + precision
    else:
        total = _("{column}: saved per save × saves.").format(column=saving_columns(w)[2]) + " " + precision
    names = join_words([f"“{n}”" for n in given])
    untimed = [said for said in (untimed_note(m, rows),) if said]
    return " ".join([saves.format(n=count(m.bubble.saves), names=names), total, *untimed, *_open_notes(w)])


def build(w: Words) -> Section | None:
    m = w.m
    title = projections_title(m)
    if not m.projections:
        # No projection asked for: the section is left out, not printed empty (Chinese reading 12, W-m5: "本节不作推算"
        # on a formal deliverable); no fitted line, no projection chart.
        return None
    rows = tuple(
        (projection_label(m, p), gb(p.snapshot_gb), *cells[:3], str(p.saves), cells[3])
        for p in m.projections
        for cells in ([c if c in (not_estimable(), not_measured_cell()) else marked(m, p, c) for c in _row(w, p)],)
    )
    table = Table(
        "projections",
        projections_caption(m),
        (
            Column(_("Projection"), False),
            Column(_("Checkpoint")),
            Column(w.header(m.save.baseline.system, "s")),
            Column(w.header(m.save.candidate.system, "s")),
            Column(saving_columns(w)[0]),
            Column(_("Saves")),
            Column(saving_columns(w)[1]),
        ),
        rows,
        _table_note(w, rows),
        illustrative=w.marked("save_times"),
    )
    blocks: list[Block] = [*no_difference_note(w), *_projection_notes(w), table]
    if m.checkpoint_mode == "async":
        blocks.append(Para(async_note(w), "note"))
    return Section(ID, title, (*blocks, w.figure("projection")))
