"""The client sweep's answer in one line, for page 1, the summary and the Q&A (the white paper's third question): the
ratio at the job's nodes and at the most client nodes tested, and how it moves; the section's own paragraphs are in
scaling_claim.py."""

from __future__ import annotations

from dataclasses import replace

from report.compute import SIDES, Metrics
from report.compute import scaling_compare as compare
from report.document.blocks import Para
from report.formatting import count, x3
from report.i18n import _
from report.wording.base import Words
from report.wording.scaling import clients, fitted_side, job_nodes, nodes_words, one_machine
from report.wording.scaling_claim import (
    claim_inputs,
    fit_holds,
    job_pair,
    job_ratio,
    largest_measured,
)
from report.wording.scaling_cluster import consequence, demand_against_sweep, no_faster
from report.wording.scaling_range import bracket_short, comparison_end_words, falls_short, job_bracket, range_x
from report.wording.scaling_saves import saves_at_job
from report.wording.scaling_stated import below, fields, judged, stated
from report.wording.scaling_tested import tested_at_job, tested_short
from report.wording.scaling_trend import aggregates, made_of, swept_ratios
from report.wording.scaling_unmeasured import demand_words, short_names_job, unmeasured_short, unmeasured_words


def _qa_sentence(w: Words) -> Para:
    """The Q&A's scaling answer in one sentence, from this section's figures (the white paper's third question)."""
    m, section = w.m, _("Scaling with client nodes")
    if m.scaling is None:
        text = _(
            "Whether the candidate's advantage holds when many client nodes write at once was not measured in this "
            "test (see “{section}”)."
        )
        return Para(text.format(section=section))
    ratio, k = job_ratio(m), job_nodes(m)
    if ratio is None:
        # the ratios swept, not only "cannot compare" (reading 9, B1), and the saves timed there (reading 10, B2)
        if swept := swept_ratios(w, k, section):
            tested = tested_at_job(w, k)  # the bandwidth tests there (scaling reading 14, m2)
            said = " ".join(x for x in (swept, tested, saves_at_job(w)) if x)
            inputs = [*claim_inputs(m), "save_times", *(["bandwidth"] if tested else [])]
            return w.p(said, *inputs, style="warning")
        text = _(
            "With the job's client nodes writing at once, the sweep cannot compare the two systems at the job's size "
            "(see “{section}”)."
        )
        return w.p(f"{text.format(section=section)} {saves_at_job(w)}", *claim_inputs(m), "save_times")
    if (br := job_bracket(m)) is not None:
        return _qa_bracketed(w, br, section)
    beyond = any((s := fitted_side(m, key)) is not None and k > s.max_clients for key in SIDES)
    text = (
        _(
            "With the job's {nodes} writing at once, the candidate's aggregate write bandwidth is {ratio} {b_agg}, "
            "an extrapolation beyond the client nodes tested (see “{section}”)."
        )
        if beyond
        else _(
            "With the job's {nodes} writing at once, the candidate's aggregate write bandwidth is {ratio} {b_agg} "
            "(see “{section}”)."
        )
    )
    nodes = nodes_words(k)
    text = text.format(nodes=nodes, ratio=x3(ratio), section=section, b_agg=aggregates(w)["b_agg"])
    top, c = largest_measured(m), stated(w)
    holds = not below(c, ratio)
    if top is not None and top.ratio is not None and top.clients != k:
        values = {"counts": clients(top.clients), "ratio": x3(top.ratio)}
        if c is not None and below(c, top.ratio):
            more = _(
                "At {counts}, the most compared, it is {ratio}, below the {low}–{high}× claimed by {source}: "
                "against this test's baseline, the claim does not hold there."
            ).format(**values, **fields(c))
            holds = False
        else:
            with_claim = _("At {counts}, the most compared, it is {ratio}, {verdict}.")
            plain = _("At {counts}, the most compared, it is {ratio}.")
            more = judged(c, top.ratio, with_claim, plain, values)
        text += " " + more
    if consequence(m):  # the cluster's answer (scaling reading 6, M2), said in the section this answer points to
        holds = holds and not no_faster(m)
    text += " " + saves_at_job(w)
    style = "p" if holds and all(fit_holds(m, key) for key in SIDES) else "warning"
    return w.p(text, *claim_inputs(m), "save_times", style=style)


def _qa_bracketed(w: Words, br: compare.Bracket, section: str) -> Para:
    """The Q&A's answer where a side was not run at the job's nodes: the range the counts run on either side give,
    the ratio at the most compared, where the comparison ends and any fall (scaling reading 11, B1, B2)."""
    m = w.m
    text = _(
        "With the job's {nodes} writing at once, the candidate's aggregate write bandwidth is {range} {b_agg}; "
        "{bound} (see “{section}”)."
    ).format(
        nodes=nodes_words(br.clients),
        range=range_x(br),
        b_agg=aggregates(w)["b_agg"],
        bound=bracket_short(w, br),
        section=section,
    )
    said = [text, tested_at_job(w, br.clients), *_most_said(w, br.clients), comparison_end_words(w), falls_short(w)]
    said.append(saves_at_job(w))  # what every job at once takes is the scaling section's, said once
    return w.p(" ".join(x for x in said if x), *claim_inputs(m), "save_times", style="warning")


def _most_said(w: Words, k: int) -> list[str]:
    """The ratio at the most client nodes compared, where that is not the job's size."""
    top = largest_measured(w.m)
    if top is None or top.ratio is None or top.clients == k:
        return []
    with_claim = _("At {counts}, the most compared, it is {ratio}, {verdict}.")
    plain = _("At {counts}, the most compared, it is {ratio}.")
    return [judged(stated(w), top.ratio, with_claim, plain, {"counts": clients(top.clients), "ratio": x3(top.ratio)})]


def _job_trend(m: Metrics) -> compare.Trend | None:
    """The ratio's move from the job's nodes to the most client nodes measured (None where they are one count)."""
    assert m.scaling is not None
    k, top, at = job_nodes(m), largest_measured(m), m.scaling.at_job
    first = job_pair(m) or compare.Pair(k, at.baseline, at.candidate, ())  # the means where no fit gives one
    if top is None or top.ratio is None or top.clients <= k or first.ratio is None:
        # beyond the most measured, the move from the job's nodes back to fewer is no trend of the sweep's (early cold
        # read 21, AE-M2: "15.0× at the job's 72 nodes, 13.9× at 64: shrinking", a rise read backwards)
        return None
    return compare.trend(m.scaling, first, top)


def _fitted_beyond(m: Metrics) -> compare.Pair | None:
    """The most client nodes measured, where the job's nodes lie beyond them and its ratio is the fits' alone."""
    top = largest_measured(m)
    if top is None or top.ratio is None or top.clients >= job_nodes(m) or job_pair(m) is not None:
        return None
    return top


def _swept_only(m: Metrics) -> tuple[compare.Pair, compare.Pair, compare.Trend] | None:
    """The ratios at the fewest and the most client counts both sides have a figure at, and their move, where the test
    gives no ratio at the job's nodes (scaling reading 9, M5: page 1 then said nothing of the sweep); None with fewer
    than two such counts."""
    assert m.scaling is not None
    found = compare.compared(m.scaling)
    if len(found) < 2 or (t := compare.trend(m.scaling, found[0], found[-1])) is None:
        return None
    return found[0], found[-1], t


def _sweep_without_job(w: Words, first: compare.Pair, last: compare.Pair, t: compare.Trend, refer: bool) -> Para:
    """The summary's sweep line with no ratio at the job's nodes: the ratios swept, their move, and that gap."""
    fields = {
        "first": x3(first.ratio),
        "first_counts": clients(first.clients),
        "last": x3(last.ratio),
        "last_counts": clients(last.clients),
        "nodes": nodes_words(job_nodes(w.m)),
        **aggregates(w),
    }
    extra = made_of(w, t)
    if t.direction == "reverses" and not extra:
        text = _(
            "Client sweep: {c_agg} is {first} {b_agg} at {first_counts} and {last} at {last_counts}, the most compared"
            ": the advantage reverses. At the job's {nodes} the sweep gives no ratio."
        )
    elif t.direction == "falls" and not extra:
        text = _(
            "Client sweep: {c_agg} is {first} {b_agg} at {first_counts} and {last} at {last_counts}, the most compared"
            ": the advantage shrinks over these counts. At the job's {nodes} the sweep gives no "
            "ratio."
        )
    elif t.direction == "rises" and not extra:
        text = _(
            "Client sweep: {c_agg} is {first} {b_agg} at {first_counts} and {last} at {last_counts}, the most compared"
            ": the advantage grows over these counts. At the job's {nodes} the sweep gives no "
            "ratio."
        )
    else:
        text = _(
            "Client sweep: {c_agg} is {first} {b_agg} at {first_counts} and {last} at {last_counts}, the most compared"
            ". At the job's {nodes} the sweep gives no ratio."
        )
    tested = tested_at_job(w, job_nodes(w.m))  # the bandwidth tests where the sweep gives none (reading 14, m2)
    said = " ".join(x for x in [text.format(**fields), *_between(w, first, last), *extra, tested] if x)
    said = " ".join([said, *_closing(w, refer)])
    return w.p(said, *claim_inputs(w.m), *(["bandwidth"] if tested else []))


def _span_between(w: Words, first: compare.Pair, last: compare.Pair) -> tuple[float, float] | None:
    """The least and the greatest ratio over every count compared, where either lies outside the two ends' (scaling
    reading 13, m9: 4.38× at 2 and 4.21× at 12 read as a gentle fall; 3.88× at 4 lay between); None otherwise."""
    assert w.m.scaling is not None
    ratios = [p.ratio for p in compare.compared(w.m.scaling) if p.ratio is not None]
    ends = [r for r in (first.ratio, last.ratio) if r is not None]
    if not ratios or len(ends) < 2 or (min(ends) <= min(ratios) and max(ratios) <= max(ends)):
        return None
    return min(ratios), max(ratios)


def _between(w: Words, first: compare.Pair, last: compare.Pair) -> list[str]:
    """The ratios' whole range where it reaches beyond the two ends."""
    span = _span_between(w, first, last)
    if span is None:
        return []
    text = _("The ratio moves between {low} and {high} over these counts, with no steady trend.")
    return [text.format(low=x3(span[0]), high=x3(span[1]))]


def _page_one_without_job(w: Words, first: compare.Pair, last: compare.Pair, t: compare.Trend) -> str:
    """Page 1's sweep line with no ratio at the job's nodes: the ratios at the fewest and the most counts swept; "no
    ratio at the job's nodes" left to the words on what the sweep did not compare where they name those nodes."""
    fields = {
        "first": x3(first.ratio),
        "fewest": count(first.clients),
        "last": x3(last.ratio),
        "most": count(last.clients),
        "nodes": nodes_words(job_nodes(w.m)),
        **aggregates(w),
    }
    modelled, span = bool(t.modelled), None
    shape = (
        "reverses"
        if t.direction == "reverses"
        else t.direction
        if t.direction in ("falls", "rises") and not modelled
        else "span"
        if (span := _span_between(w, first, last)) is not None
        else ""
    )
    if span is not None and shape == "span":
        fields.update(low=x3(span[0]), high=x3(span[1]))
    tested = tested_short(w)
    texts = _WITHOUT_JOB_SAID if short_names_job(w.m) and not tested else _WITHOUT_JOB
    return texts[shape]().format(**fields) + tested


#: Page 1's sweep line without a ratio at the job's nodes, by the shape of the ratios swept.
_WITHOUT_JOB = {
    "reverses": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}: reversed; no ratio at the job's "
        "{nodes}."
    ),
    "falls": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}: shrinking over that range; no "
        "ratio at the job's {nodes}."
    ),
    "rises": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}: growing over that range; no "
        "ratio at the job's {nodes}."
    ),
    "span": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}, {low} to {high} over the "
        "counts swept; no ratio at the job's {nodes}."
    ),
    "": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}; no ratio at the job's {nodes}."
    ),
}

#: The same where the words after it name the job's nodes, tested there only.
_WITHOUT_JOB_SAID = {
    "reverses": lambda: _("Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}: reversed."),
    "falls": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}: shrinking over that range."
    ),
    "rises": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}: growing over that range."
    ),
    "span": lambda: _(
        "Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}, {low} to {high} over the counts "
        "swept."
    ),
    "": lambda: _("Client sweep: {first} {base} at {fewest} client nodes, {last} at {most}."),
}


def _sweep_result(w: Words, refer: bool) -> Para | None:
    """The client sweep's result for page 1's continuation and the summary (`refer`: pointing to the section): the
    ratio at the job's nodes and at the most client nodes measured, and whether the advantage shrinks, grows or
    reverses (scaling reading 5, M2); against a side modelled as one node × nodes, that it was modelled and what the
    ratio moves with instead of a trend (scaling reading 7b, finding 3); None without scaling.csv or without a ratio
    at the job's nodes."""
    m = w.m
    if m.scaling is not None and job_ratio(m) is None and (swept := _swept_only(m)) is not None:
        return _sweep_without_job(w, *swept, refer=refer)
    if m.scaling is None or (ratio := job_ratio(m)) is None:
        return None
    if (br := job_bracket(m)) is not None:
        return _summary_bracketed(w, br, refer)
    k, top, t = job_nodes(m), largest_measured(m), _job_trend(m)
    fields = {"nodes": nodes_words(k), "ratio": x3(ratio), **aggregates(w)}
    extra: list[str] = []
    if (most := _fitted_beyond(m)) is not None:
        fields.update(counts=clients(most.clients), top=x3(most.ratio))
        text = _(
            "Client sweep: {c_agg} is {top} {b_agg} at {counts}, the most swept; the fits give {ratio} at the "
            "job's {nodes}, beyond them."
        )
    elif top is None or top.ratio is None or t is None:
        text = _("Client sweep: {c_agg} is {ratio} {b_agg} at the job's {nodes}.")
    else:
        fields.update(counts=clients(top.clients), top=x3(top.ratio))
        extra = made_of(w, t)
        if extra:
            text = _(
                "Client sweep: {c_agg} is {ratio} {b_agg} at the job's {nodes} and {top} at {counts}, the most "
                "compared."
            )
        elif t.direction == "reverses":
            text = _(
                "Client sweep: {c_agg} is {ratio} {b_agg} at the job's {nodes} and {top} at {counts}, the most compared"
                ": the advantage reverses."
            )
        elif t.direction == "falls":
            text = _(
                "Client sweep: {c_agg} is {ratio} {b_agg} at the job's {nodes} and {top} at {counts}, the most compared"
                ": the advantage shrinks between these two counts."
            )
        elif t.direction == "rises":
            text = _(
                "Client sweep: {c_agg} is {ratio} {b_agg} at the job's {nodes} and {top} at {counts}, the most compared"
                ": the advantage grows between these two counts."
            )
        else:
            text = _(
                "Client sweep: {c_agg} is {ratio} {b_agg} at the job's {nodes} and {top} at {counts}, the most "
                "compared."
            )
    text = " ".join([text.format(**fields), *extra, *_closing(w, refer)])
    return w.p(text, *claim_inputs(m))


def _summary_bracketed(w: Words, br: compare.Bracket, refer: bool) -> Para:
    """The summary's sweep line where a side was not run at the job's nodes (scaling reading 11, B1, B2)."""
    text = _("Client sweep: {c_agg} is {range} {b_agg} at the job's {nodes} ({bound}).").format(
        range=range_x(br), nodes=nodes_words(br.clients), bound=bracket_short(w, br), **aggregates(w)
    )
    said = [text, tested_at_job(w, br.clients), *_most_said(w, br.clients), comparison_end_words(w), falls_short(w)]
    said += _closing(w, refer)
    return w.p(" ".join(x for x in said if x), *claim_inputs(w.m))


def _closing(w: Words, refer: bool) -> list[str]:
    """The summary's sweep line's last sentences: the ranges left unmeasured, the cluster's all-at-once demand against
    the sweep (scaling reading 11b, M1, M2), and (`refer`) where the section is."""
    section = _("Scaling with client nodes")
    if unmeasured_words(w) or demand_words(w):  # said there once (V minor 12: three and four times)
        text = _("The counts the sweep left uncompared and every job saving at once: see “{section}”.")
        return [text.format(section=section)]
    return [_("See “{section}”.").format(section=section)] if refer else []


def _page_one_bracketed(w: Words, br: compare.Bracket) -> str:
    """Page 1's sweep line where a side was not run at the job's nodes: the range there, the most compared and any
    fall, in few words."""
    top = largest_measured(w.m)
    values = {"range": range_x(br), "nodes": nodes_words(br.clients), "bound": bracket_short(w, br), **aggregates(w)}
    if top is None or top.ratio is None or top.clients == br.clients:
        text = _("Client sweep: {range} {base} at the job's {nodes} ({bound}).").format(**values)
    else:
        text = _(
            "Client sweep: {range} {base} at the job's {nodes} ({bound}); {top} at {most} client nodes, the most "
            "compared."
        ).format(top=x3(top.ratio), most=count(top.clients), **values)
    return " ".join(x for x in (text, falls_short(w)) if x)


def _page_one_sweep(w: Words) -> str:
    """`sweep_result` in page 1's fewer words (page 1 holds on one page): the ratios at the job's nodes and at the most
    client nodes tested, and the trend; "" without them. A ratio against a side modelled as one node × nodes is said
    so and has no trend word: its move is half the model's (scaling reading 7b, finding 3)."""
    m = w.m
    if m.scaling is not None and job_ratio(m) is None and (swept := _swept_only(m)) is not None:
        return _page_one_without_job(w, *swept)
    if m.scaling is None or (ratio := job_ratio(m)) is None:
        return ""
    if (br := job_bracket(m)) is not None:
        return _page_one_bracketed(w, br)
    k, top, t, c = job_nodes(m), largest_measured(m), _job_trend(m), stated(w)
    values = {"nodes": nodes_words(k), "ratio": x3(ratio), **aggregates(w)}
    if (most := _fitted_beyond(m)) is not None:
        return _(
            "Client sweep: {top} {base} at {most} client nodes, the most swept; the fits give {ratio} at the job's "
            "{nodes}, beyond them."
        ).format(top=x3(most.ratio), most=count(most.clients), **values)
    if top is None or top.ratio is None or t is None:
        return _("Client sweep: {ratio} {base} at the job's {nodes}.").format(**values)
    values.update(most=count(top.clients), top=x3(top.ratio))
    modelled = bool(t.modelled)
    if t.direction == "reverses":
        text = _("Client sweep: {ratio} {base} at the job's {nodes}, {top} at {most} client nodes: reversed.")
    elif c is not None and below(c, top.ratio):
        # where the job's own size lies against the claim, and whose claim it is (scaling reading 7b: "below the white
        # paper's" read as a test refuting the vendor, at 4 nodes inside the claim; field test 8, major 1)
        values.update(fields(c))
        text = (
            _(
                "Client sweep: {ratio} {base} at the job's {nodes}, within the {low}–{high}× claimed by {source}; "
                "{top} at {most} client nodes, below it."
            )
            if not below(c, ratio)
            else _(
                "Client sweep: {ratio} {base} at the job's {nodes} and {top} at {most} client nodes, below the "
                "{low}–{high}× claimed by {source}."
            )
        )
    elif t.direction == "falls" and not modelled:
        text = _(
            "Client sweep: {ratio} {base} at the job's {nodes}, {top} at {most} client nodes: shrinking over that "
            "range."
        )
    elif t.direction == "rises" and not modelled:
        text = _(
            "Client sweep: {ratio} {base} at the job's {nodes}, {top} at {most} client nodes: growing over that range."
        )
    else:
        text = _("Client sweep: {ratio} {base} at the job's {nodes}, {top} at {most} client nodes.")
    return text.format(**values)


def _one_machine_said(w: Words) -> str:
    """ " Its client nodes were fio servers on one machine." where a side's sweep ran at loopback addresses (field
    test 9, M1: page 1 said the advantage "grows" over two fio servers of one 2-core machine); "" otherwise."""
    if not any(one_machine(w, key) for key in SIDES):
        return ""
    return " " + _("Its client nodes were fio servers on one machine, not separate client nodes.")


def page_one_sweep_mark(w: Words) -> str:
    """The mark of page 1's client-sweep line, as the scaling section marks the same figures ("illustrative" when the
    sweep, or the bandwidth a modelled side's aggregate is made of, is declared illustrative; scaling reading 7b,
    blocker); "" without the line."""
    line, tested = page_one_sweep(w), tested_short(w)
    if not line:
        return ""
    return w.marked(*claim_inputs(w.m), *(["bandwidth"] if tested and tested in line else []))


def qa_sentence(w: Words) -> Para:
    """The Q&A's scaling answer in one sentence, from this section's figures (the white paper's third question), with
    what its client nodes were where they were fio servers on one machine, the ranges the sweep left unmeasured and
    the cluster's all-at-once demand against it (scaling reading 11b, M1, M2)."""
    para = _with_one_machine(w, _qa_sentence(w))
    # the demand against the sweep is said once: the Q&A's bubble answer may already set it against the fit
    demand = "" if demand_against_sweep(w.m) else demand_words(w)
    # the ranges the sweep left unmeasured are the scaling section's, which the answer points to
    return replace(para, text=" ".join([para.text, demand])) if demand and w.m.scaling is not None else para


def sweep_result(w: Words, refer: bool) -> Para | None:
    """The client sweep's result for page 1's continuation and the summary (_sweep_result), with what its client nodes
    were where they were fio servers on one machine; None without it."""
    found = _sweep_result(w, refer)
    return None if found is None else _with_one_machine(w, found)


def page_one_sweep(w: Words) -> str:
    """Page 1's client-sweep line (_page_one_sweep), with what its client nodes were where they were fio servers on
    one machine; "" without the line."""
    text = _page_one_sweep(w)
    if not text:
        return ""
    return " ".join(x for x in (text + _one_machine_said(w), unmeasured_short(w)) if x)


def _with_one_machine(w: Words, para: Para) -> Para:
    said = _one_machine_said(w)
    return replace(para, text=para.text + said) if said and w.m.scaling is not None else para
