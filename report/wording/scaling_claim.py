"""The claim under test answered from the client sweep (issue 47, scaling reading 5): the ratio of the two sides'
aggregates at every client count measured, at the job's nodes and at the most compared, and where the curves cross;
the cluster's demand against the fitted capacity is in scaling_capacity.py, page 1's and the Q&A's sentence in
scaling_headline.py."""

from __future__ import annotations

from report.compute import SIDES, Metrics
from report.compute import scaling_compare as compare
from report.document.blocks import Para
from report.formatting import count, sig, x3
from report.i18n import _, join_clauses, join_words, ngettext
from report.wording.base import Words
from report.wording.scaling import (
    clients,
    fitted,
    fitted_side,
    job_nodes,
    node_local,
    nodes_words,
    one_machine,
    side_of,
)
from report.wording.scaling_conditions import conditions_words
from report.wording.scaling_hosts import bandwidth_hosts_words
from report.wording.scaling_range import (
    bracket_words,
    comparison_end_words,
    falls_words,
    fits_at_job_words,
    job_bracket,
)
from report.wording.scaling_saves import saves_at_job
from report.wording.scaling_stated import below, falls_short, intro, judged, resolved, stated
from report.wording.scaling_tested import tested_at, tested_at_job
from report.wording.scaling_trend import kept_per_client, made_of, steady_basis
from report.wording.scaling_unmeasured import unmeasured_words


def ratios_words(w: Words) -> list[str]:
    """The ratio of the two sides' aggregates at every client count measured, and its trend (scaling reading 5, B1)."""
    m = w.m
    assert m.scaling is not None
    found = compare.compared(m.scaling)
    if not found:
        return []
    values = join_words([x3(p.ratio) for p in found])
    counts = ngettext("{counts} client node", "{counts} client nodes", found[-1].clients).format(
        counts=join_words([count(p.clients) for p in found])
    )
    head = ngettext(
        "{candidate}'s aggregate is {ratios} {baseline}'s at {counts} writing at once.",
        "{candidate}'s aggregate is {ratios} {baseline}'s at {counts} writing at once, respectively.",
        len(found),
    ).format(candidate=w.name("candidate"), baseline=w.name("baseline"), ratios=values, counts=counts)
    out = [head]
    t = compare.trend(m.scaling, found[0], found[-1]) if len(found) > 1 else None
    if t is not None:
        span = {"first": count(found[0].clients), "last": count(found[-1].clients)}
        if t.direction in ("falls", "reverses"):
            out.append(_("The ratio falls from {first} to {last} client nodes.").format(**span))
        elif t.direction == "rises":
            out.append(_("The ratio rises from {first} to {last} client nodes.").format(**span))
        elif (turn := _turn(t)) is not None and turn.ratio is not None:
            text = (
                _(
                    "The ratio rises from {first_ratio} at {first} to {turn_ratio} at {turn} client nodes, then eases "
                    "to {last_ratio} at {last}."
                )
                if turn is t.peak
                else _(
                    "The ratio falls from {first_ratio} at {first} to {turn_ratio} at {turn} client nodes, then rises "
                    "to {last_ratio} at {last}."
                )
            )
            out.append(
                text.format(
                    first_ratio=x3(found[0].ratio),
                    turn_ratio=x3(turn.ratio),
                    last_ratio=x3(found[-1].ratio),
                    turn=count(turn.clients),
                    **span,
                )
            )
        elif t.direction == "uneven":
            between = [p.ratio for p in found if p.ratio is not None]
            out.append(
                _("The ratio moves between {low} and {high} over these counts, with no steady trend.").format(
                    low=x3(min(between)), high=x3(max(between))
                )
            )
        else:
            out.append(_("The ratio stays within 5% of its value with the fewest client nodes."))
        out += made_of(w, t, short=True)
    return out + kept_per_client(w) + conditions_words(w)


def _turn(t: compare.Trend) -> compare.Pair | None:
    """An uneven trend's one turn, its peak or its trough (cold read 20, AB minor), where it has one."""
    return (t.peak or t.trough) if t.direction == "uneven" else None


def largest_measured(m: Metrics) -> compare.Pair | None:
    """The two sides at the most client nodes measured where both have a figure."""
    if m.scaling is None:
        return None
    found = compare.compared(m.scaling)
    return found[-1] if found else None


def means_at_job(m: Metrics) -> compare.Pair | None:
    """Both sides' means at the job's nodes, where both were swept there and a side has no fitted figure there (field
    test 7, finding 6: a 1-node job with both sides swept at 1 node was "cannot answer it at the job's size")."""
    if m.scaling is None or m.scaling.at_job.ratio is not None:
        return None
    k = job_nodes(m)
    there = next((p for p in compare.compared(m.scaling) if p.clients == k), None)
    return there if there is not None and set(there.measured) == set(SIDES) else None


def swept_at_job(m: Metrics) -> compare.Pair | None:
    """The sweep's figures at the job's nodes where a side without a fitted law was swept there: its modelled figure
    (the bandwidth test × nodes) is not what the sweep measured there (field test 8, major 2: page 1 quoted 0.981× from
    a bandwidth test through two hosts, where the sweep's one client node gave 0.518×)."""
    if m.scaling is None or m.scaling.at_job.ratio is None:
        return None
    k = job_nodes(m)
    there = next((p for p in compare.compared(m.scaling) if p.clients == k), None)
    return there if there is not None and any(not fitted(m, key) for key in there.measured) else None


def measured_at_job(m: Metrics) -> compare.Pair | None:
    """Both sides' means at the job's nodes, where both were swept there, fitted or not (cold tests 17, U-V5, U-W3:
    page 1 gave the fits' 2.81× and 24.2× where the means there give 2.86× and 23.6×)."""
    if m.scaling is None:
        return None
    k = job_nodes(m)
    there = next((p for p in compare.compared(m.scaling) if p.clients == k), None)
    return there if there is not None and set(there.measured) == set(SIDES) else None


def job_pair(m: Metrics) -> compare.Pair | None:
    """Both sides at the job's nodes as measured there (`measured_at_job`, which holds `means_at_job`), or where a
    side without a fit was swept there (`swept_at_job`); None where `scaling.at_job` is the figure."""
    return measured_at_job(m) or swept_at_job(m)


def job_ratio(m: Metrics) -> float | None:
    """The ratio at the job's nodes that page 1, the summary and the Q&A give: the sweep's where `job_pair` finds
    one, else the fits' (`scaling.at_job`)."""
    if m.scaling is None:
        return None
    there = job_pair(m)
    return m.scaling.at_job.ratio if there is None else there.ratio


def claim(w: Words) -> Para:
    """The sweep answered at every client count measured, at the job's nodes and at the most client nodes measured,
    with the curves' crossover where they cross (scaling reading 5, B1, M5, M6), and weighed against the claim test.toml
    states, if any (field test 8, major 1)."""
    m, c = w.m, stated(w)
    k = job_nodes(m)
    assert m.scaling is not None, "the scaling section is made only with scaling.csv"
    at = m.scaling.at_job
    if at.ratio is None and (means := means_at_job(m)) is not None:
        return _claim_from_means(w, k, means)
    if (br := job_bracket(m)) is not None:
        return _claim_bracketed(w, k, br)
    if at.ratio is None:
        swept = ratios_words(w)  # the ratios swept and their trend, with no figure at the job's size (reading 9, B1)
        said = [
            *intro(c),
            *swept,
            _missing(w, k, swept=bool(swept)),
            # the bandwidth tests there; with a claim stated, resolved() weighs them against it (reading 14, m2)
            *([tested_at_job(w, k)] if c is None and tested_at_job(w, k) else []),
            *resolved(w),
            *_ends(w),
            *unmeasured_words(w),
            saves_at_job(w),
        ]
        tested = ["bandwidth"] if tested_at(w, k) is not None else []
        return w.p(" ".join(said), *claim_inputs(m), "save_times", *tested, style="warning" if falls_short(w) else "p")
    notes = [*intro(c), *ratios_words(w), *resolved(w)]
    values = {"nodes": nodes_words(k), "ratio": x3(at.ratio), "c": sig(at.candidate), "b": sig(at.baseline)}
    there = next((p for p in compare.compared(m.scaling) if p.clients == k), None)
    if there is not None and x3(there.ratio) != x3(at.ratio) and all(fitted(m, key) for key in SIDES):
        values["measured"] = x3(there.ratio)  # the fits' ratio printed beside the means' there
        with_claim = _(
            "At this training job's {nodes} the fits give {ratio} ({c} against {b} GB/s), {verdict}; the means "
            "there give {measured}."
        )
        plain = _(
            "At this training job's {nodes} the fits give {ratio} ({c} against {b} GB/s); the means there give "
            "{measured}."
        )
    elif there is not None and x3(there.ratio) != x3(at.ratio):  # a side modelled as one node × nodes (field test 8)
        values["measured"] = x3(there.ratio)
        with_claim = _(
            "At this training job's {nodes} the figures modelled from the bandwidth test give {ratio} ({c} against "
            "{b} GB/s), {verdict}; the sweep's means there give {measured}."
        )
        plain = _(
            "At this training job's {nodes} the figures modelled from the bandwidth test give {ratio} ({c} against "
            "{b} GB/s); the sweep's means there give {measured}."
        )
    else:
        with_claim = _("At this training job's {nodes} it is {ratio} ({c} against {b} GB/s), {verdict}.")
        plain = _("At this training job's {nodes} it is {ratio} ({c} against {b} GB/s).")
    notes.append(judged(c, at.ratio, with_claim, plain, values))
    holds = not below(c, at.ratio)
    if not holds:
        notes.append(_("The claim does not hold at the job's size."))
    most, holds_there = _most_tested(w, k)
    notes += [*most, *_ends(w), *_crossing(w), *_claim_caveats(w, k), *unmeasured_words(w), saves_at_job(w)]
    style = "p" if holds and holds_there and all(fit_holds(m, key) for key in SIDES) else "warning"
    return w.p(" ".join(notes), *claim_inputs(m), "save_times", style=style)


def _most_tested(w: Words, k: int) -> tuple[list[str], bool]:
    """The ratio at the most client nodes measured, where that is not the job's size, and whether the claim stated (if
    any) holds there."""
    top, c = largest_measured(w.m), stated(w)
    if top is None or top.ratio is None or top.clients == k:
        return [], True
    values = {"counts": clients(top.clients), "ratio": x3(top.ratio)}
    if below(c, top.ratio):
        text = _(
            "At {counts}, the most compared, it is {ratio}, below the claimed range: against this test's "
            "baseline, the claim does not hold there."
        )
        return [text.format(**values)], False
    with_claim = _("At {counts}, the most compared, it is {ratio}, {verdict}.")
    plain = _("At {counts}, the most compared, it is {ratio}.")
    return [judged(c, top.ratio, with_claim, plain, values)], True


def _claim_from_means(w: Words, k: int, there: compare.Pair) -> Para:
    """The sweep at the job's nodes from both sides' means there; the lack of a fitted law said for larger counts."""
    m, c = w.m, stated(w)
    assert there.ratio is not None and there.candidate is not None and there.baseline is not None
    notes = [*intro(c), *ratios_words(w), *resolved(w)]
    values = {"nodes": nodes_words(k), "ratio": x3(there.ratio), "c": sig(there.candidate), "b": sig(there.baseline)}
    with_claim = _(
        "At this training job's {nodes}, where both systems were swept, their means give {ratio} ({c} against {b} "
        "GB/s), {verdict}."
    )
    plain = _(
        "At this training job's {nodes}, where both systems were swept, their means give {ratio} ({c} against {b} "
        "GB/s)."
    )
    notes.append(judged(c, there.ratio, with_claim, plain, values))
    holds = not below(c, there.ratio)
    if not holds:
        notes.append(_("The claim does not hold at the job's size."))
    most, holds_there = _most_tested(w, k)
    notes += [
        *most,
        *_ends(w),
        *_claim_caveats(w, k),
        _missing(w, k, larger=True),
        *unmeasured_words(w),
        saves_at_job(w),
    ]
    style = "p" if holds and holds_there else "warning"
    return w.p(" ".join(notes), *claim_inputs(m), "save_times", style=style)


def _claim_bracketed(w: Words, k: int, br: compare.Bracket) -> Para:
    """The sweep at the job's nodes where a side was not run there: the ratio bounded by the counts run on either side,
    the fits' figure there said as the fits' with its caveat, where the measured comparison ends and any fall in an
    aggregate (scaling reading 11, B1, B2)."""
    m = w.m
    notes = [*intro(stated(w)), *ratios_words(w), *resolved(w), bracket_words(w, br)]
    notes += [said for said in (fits_at_job_words(w),) if said]
    most, holds_there = _most_tested(w, k)
    notes += [
        *most,
        *_ends(w),
        *_crossing(w),
        *_claim_caveats(w, k, bracketed=True),
        *unmeasured_words(w),
        saves_at_job(w),
    ]
    style = "p" if holds_there and all(fit_holds(m, key) for key in SIDES) else "warning"
    return w.p(" ".join(notes), *claim_inputs(m), "save_times", style=style)


def _ends(w: Words) -> list[str]:
    """Where the measured comparison ends and each fall in a side's aggregate (scaling reading 11, B2)."""
    return [*[said for said in (comparison_end_words(w),) if said], *falls_words(w)]


def _crossing(w: Words) -> list[str]:
    """Where the two curves cross, said as an extrapolation beyond the client nodes measured, and as something the
    fits cannot tell when far beyond (scaling reading 5, B1 and m1)."""
    m = w.m
    assert m.scaling is not None
    x = compare.crossing(m.scaling)
    if x is None:
        return []  # none, or one from a fit the report disowns (cold tests 17, W-M1)
    if compare.far(m.scaling, x.clients):
        return []  # a crossing far beyond the sweep is no figure of the test (scaling reading 11, m1)
    modelled = compare.modelled(m.scaling)
    if x.extrapolated and modelled:
        # not measured there: the fits' extrapolation, no leader named (cold tests 17, V-M1)
        text = _(
            "Not measured beyond {most}: the fitted curve and {modelled}'s modelled aggregate (one node × nodes) "
            "alone would cross at about {at} client nodes, an extrapolation, not a result of the test."
        )
    elif x.extrapolated:
        text = _(
            "Not measured beyond {most}: the fits alone would cross at about {at} client nodes, an extrapolation of "
            "the fits, not a result of the test."
        )
    else:
        text = _(
            "The fitted curves cross at about {at} client nodes, within the {most} tested: beyond it {leader} has the "
            "larger aggregate."
        )
    shown = text.format(
        at=sig(x.clients),
        most=clients(compare.both_most(m.scaling)),
        leader=w.name(x.leader_after),
        modelled=w.name(modelled[0]) if modelled else "",
    )
    return [shown, *_crossing_spread(w)]


def refitted(m: Metrics) -> tuple[str, compare.RefitRanges] | None:
    """The one side with a fitted law, refitted to one run per client count (scaling reading 6, m1); None where both
    sides or neither have one, or the side cannot be refitted."""
    assert m.scaling is not None
    keys = [key for key in SIDES if fitted(m, key)]
    if len(keys) != 1 or (found := compare.refit_ranges(m.scaling, keys[0])) is None:
        return None
    return keys[0], found


def _crossing_spread(w: Words) -> list[str]:
    """How far one run per client count moves the crossing."""
    found = refitted(w.m)
    if found is None or found[1].cross_low is None or found[1].cross_high is None:
        return []
    r = found[1]
    text = ngettext(
        "Refitted to one run per client count ({refits} choice), the crossing lies between {low} and {high} client "
        "nodes.",
        "Refitted to one run per client count ({refits} choices), the crossing lies between {low} and {high} client "
        "nodes.",
        r.refits,
    ).format(refits=count(r.refits), low=sig(r.cross_low), high=sig(r.cross_high))
    if r.without_cross:
        text += " " + ngettext("{n} refit gives no crossing.", "{n} refits give no crossing.", r.without_cross).format(
            n=count(r.without_cross)
        )
    return [text]


def claim_inputs(m: Metrics) -> tuple[str, ...]:
    """The inputs the aggregates at the job come from: the scaling rows, and the bandwidth of a node-local side
    without a fit (its one-node bandwidth times the nodes)."""
    local = any(node_local(m, key) and not fitted(m, key) for key in SIDES)
    return ("scaling", "bandwidth") if local else ("scaling",)


def fit_holds(m: Metrics, key: str) -> bool:
    s = side_of(m, key)
    return s is None or s.usl is None or s.usl.describes


def _claim_caveats(w: Words, k: int, bracketed: bool = False) -> list[str]:
    """An extrapolation beyond the clients measured, a fit the law does not describe, a node-local side's basis
    (`bracketed`: the job's size said from the counts run on either side, with the fits' caveat beside their figure)."""
    m, out = w.m, []
    if any(one_machine(w, key) for key in SIDES):
        out.append(
            _(
                "The client nodes of this sweep were fio servers on one machine (above): these ratios compare the "
                "systems under more writers from that machine, not with separate client nodes."
            )
        )
    fits = {key: s for key in SIDES if (s := fitted_side(m, key)) is not None}
    beyond = [key for key, s in fits.items() if k > s.max_clients]
    if bracketed:
        fits = {}
    elif beyond:
        most = min(fits[key].max_clients for key in beyond)
        text = _("The job's nodes lie beyond the {most} tested: the aggregates there are extrapolations of the fits.")
        out.append(text.format(most=clients(most)))
    elif fits:
        most = min(s.max_clients for s in fits.values())
        out.append(_("The job's nodes lie within the {most} tested.").format(most=clients(most)))
    for key in SIDES:
        if (s := fits.get(key)) is not None and s.usl is not None and not s.usl.describes:
            out.append(
                _(
                    "{system}'s fitted parameters cannot be used to extrapolate (above), so this ratio is not a "
                    "forecast."
                ).format(system=w.name(key))
            )
        elif not fitted(m, key) and node_local(m, key):
            # a side swept at too few counts for a law is modelled too, but it was swept (field test 8: "tmpfs was not
            # swept" of the one side swept, at 1 and 2 clients)
            text = (
                _(
                    "{system} was not swept: its figures are one node's {bandwidth} GB/s from the bandwidth test times "
                    "the nodes, which assumes each node keeps that rate while all write at once; this test did not "
                    "show that."
                )
                if side_of(m, key) is None
                else _(
                    "{system}'s sweep gives no fitted law (that needs one client node and two other counts): its "
                    "figures are one node's {bandwidth} GB/s from the bandwidth test times the nodes, which assumes "
                    "each node keeps that rate while all write at once; its sweep's points above are what this test "
                    "showed."
                )
            )
            # only the ratios whose figure of this side is the modelled one: one measured there keeps its value
            top, at = largest_measured(m), m.scaling.at_job if m.scaling is not None else None
            ratios = [] if means_at_job(m) or at is None else [(k, at.ratio)]
            ratios += [(top.clients, top.ratio)] if top is not None and key not in top.measured else []
            said = text.format(system=w.name(key), bandwidth=sig(m.bandwidth.side(key).sustained_gbps))
            out.append(said + steady_basis(w, key, ratios) + bandwidth_hosts_words(w, key))
    return out


def _missing(w: Words, k: int, larger: bool = False, swept: bool = False) -> str:
    """Why the claim cannot be answered at the job's size (`larger`: beyond the counts both sides were swept at, the
    job's size answered from the means; `swept`: the ratios at the counts swept said before it): each side without a
    figure there, and its reason."""
    m, reasons = w.m, []
    assert m.scaling is not None, "the scaling section is made only with scaling.csv"
    for key in SIDES:
        if m.scaling.at_job.side(key) is not None:
            continue
        s = side_of(m, key)
        if s is None:
            reasons.append(_("{system} was not measured with several client nodes").format(system=w.name(key)))
        elif s.usl is None and k > s.max_clients:  # not run there, the cause (scaling reading 13, m3), not the fit
            reasons.append(
                _("{system} was run up to {most} only (its points give no fitted law)").format(
                    system=w.name(key), most=clients(s.max_clients)
                )
            )
        elif s.usl is None:
            reasons.append(_("{system}'s points give no fitted law").format(system=w.name(key)))
        else:
            reasons.append(
                _("{system}'s fitted law gives no bandwidth at {nodes} (its denominator is not above zero)").format(
                    system=w.name(key), nodes=ngettext("{n} node", "{n} nodes", k).format(n=count(k))
                )
            )
    if larger:
        text = _("For larger client counts the sweep cannot answer it: {reasons}.")
        return text.format(reasons=join_clauses(reasons))
    if swept:
        text = _("At the job's {nodes} the sweep gives no ratio: {reasons}.")
        return text.format(nodes=nodes_words(k), reasons=join_clauses(reasons))
    return _("The sweep cannot answer it at the job's size: {reasons}.").format(reasons=join_clauses(reasons))
