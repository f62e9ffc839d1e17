"""How the systems scale with client nodes, in words: what was measured, what the fitted law says and where it does
not describe the points, and the white paper's scaling claim answered at the customer's job size (CONTRACT.md, "How
the candidate scales with clients"; the section is report/sections/scaling.py, the chart report/charts/)."""

from __future__ import annotations

from report.compute import SIDES, Metrics, Projection, ScalingSide
from report.document.blocks import Para
from report.formatting import count, num, sig, x3
from report.i18n import _, join_words, ngettext
from report.wording.base import Words

#: The white paper's claim for parallel writes at scale: the candidate's advantage holds at 1.5 to 2 times.
CLAIM_LOW, CLAIM_HIGH = 1.5, 2.0


def job_nodes(m: Metrics) -> int:
    """The training job's nodes: where `scaling.at_job` is taken."""
    return m.nodes


def node_local(m: Metrics, key: str) -> bool:
    """Whether side `key`'s system is storage local to each node."""
    return m.node_local is not None and key in m.node_local.sides


def projection_nodes(p: Projection) -> int | None:
    """A projection's nodes (None without its GPUs)."""
    return p.nodes


def side_of(m: Metrics, key: str) -> ScalingSide | None:
    """Side `key`'s scaling figures (None without scaling.csv or without that side's rows)."""
    return None if m.scaling is None else m.scaling.side(key)


def fitted(m: Metrics, key: str) -> bool:
    """Whether side `key` has a fitted law."""
    return fitted_side(m, key) is not None


def fitted_side(m: Metrics, key: str) -> ScalingSide | None:
    """Side `key`'s scaling figures where it has a fitted law, else None."""
    s = side_of(m, key)
    return s if s is not None and s.usl is not None else None


def clients(n: int) -> str:
    """ "1 client node", "4 client nodes"."""
    return ngettext("{n} client node", "{n} client nodes", n).format(n=count(n))


def _counts(s: ScalingSide) -> str:
    """The client counts measured with their noun: "1 client node", "1, 2 and 4 client nodes" (attacks-6 C01: "3 runs
    with 1 client nodes"); one count gives the noun its number, several (the largest above 1) the plural."""
    return ngettext("{counts} client node", "{counts} client nodes", s.max_clients).format(
        counts=join_words([count(p.clients) for p in s.points])
    )


def measured(w: Words) -> list[Para]:
    """What was measured on each side, and, for a side without rows, that it was not."""
    out = []
    for key in SIDES:
        s, name = side_of(w.m, key), w.name(key)
        if s is None:
            text = _("{system}: not measured with several client nodes.").format(system=name)
        else:
            runs = sum(p.runs for p in s.points)
            text = ngettext(
                "{system}: {runs} run with {counts} writing at once.",
                "{system}: {runs} runs with {counts} writing at once.",
                runs,
            ).format(system=name, runs=count(runs), counts=_counts(s))
        out.append(w.p(text, "scaling", side=key))
    return out


def fit_words(w: Words, key: str) -> str:
    """What the law fitted to side `key`'s points says, or why it is not fitted."""
    s, name = side_of(w.m, key), w.name(key)
    assert s is not None
    u = s.usl
    if u is None:
        if s.points[0].clients != 1:
            return _(
                "{system}: no run with a single client node, so the Universal Scalability Law is not fitted (its λ is "
                "the one-client mean); the points are shown as they are."
            ).format(system=name)
        return _(
            "{system}: the law needs one client node and at least two other client counts; these runs give {counts}, "
            "so it is not fitted and the points are shown as they are."
        ).format(system=name, counts=_counts(s))
    head = _(
        "{system}: the Universal Scalability Law fitted to these points gives λ = {lam} GB/s (the mean with one client "
        "node), contention σ = {sigma} and coherency κ = {kappa}."
    ).format(system=name, lam=sig(u.lambda_gbps), sigma=sig(u.sigma), kappa=sig(u.kappa))
    if not u.describes:
        negative = join_words([g for g, v in (("σ", u.sigma), ("κ", u.kappa)) if v < 0])
        return (
            head
            + " "
            + _(
                "A negative {which} has no meaning in the law (contention and coherency are costs: they never add "
                "bandwidth), so the law does not describe these points: every figure taken from this fit below is "
                "reported as fitted, not as a forecast."
            ).format(which=negative)
        )
    return head + " " + _peak_words(u.peak_clients, u.sigma, u.kappa, s.max_clients)


def _peak_words(peak: float | None, sigma: float, kappa: float, most: int) -> str:
    # σ >= 1 first: with κ = 0 too the aggregate is flat (σ = 1) or falls, never rising (attacks-6 C07); σ = κ = 0 is
    # the law's linear scaling, not a rise "ever more slowly" (attacks-6 C06)
    if peak is None and sigma >= 1:
        return _("With σ of 1 or more the fit gives no more bandwidth with more client nodes than with one.")
    if peak is None and kappa == 0 and sigma == 0:
        return _("With σ = 0 and κ = 0 the fitted aggregate does not peak: it grows in proportion to the client nodes.")
    if peak is None and kappa == 0:
        return _("With κ = 0 the fitted aggregate does not peak: it keeps rising, ever more slowly.")
    assert peak is not None  # κ > 0 and σ < 1 (a negative σ or κ is said before: the law does not describe it)
    if peak < 1:
        return _(
            "The fitted aggregate peaks below one client node ({peak}): on these points each added client node "
            "lowers it."
        ).format(peak=sig(peak))
    if peak <= most:
        return _(
            "The fitted aggregate peaks at {peak} client nodes, within the {most} tested, and falls beyond."
        ).format(peak=sig(peak), most=count(most))
    return _(
        "The fitted aggregate peaks at {peak} client nodes, beyond the {most} tested: an extrapolation of the fit."
    ).format(peak=sig(peak), most=count(most))


def basis(w: Words, key: str) -> str:
    """What side `key`'s aggregate at another node count assumes."""
    m, name = w.m, w.name(key)
    s = side_of(m, key)
    if s is not None and s.usl is not None:
        text = _(
            "{system}: the fitted law at the projection's node count (an extrapolation where that exceeds the {most} "
            "tested)."
        )
        return text.format(system=name, most=clients(s.max_clients))
    if node_local(m, key):
        return _(
            "{system} is local to each node: its aggregate grows with the nodes, each writing its part at the "
            "bandwidth of one node in this test ({bandwidth} GB/s)."
        ).format(system=name, bandwidth=sig(m.bandwidth.side(key).sustained_gbps))
    return _(
        "{system} is shared storage without a fitted law: its figures keep the bandwidth of this test's client "
        "nodes, so no aggregate is given at other node counts."
    ).format(system=name)


def claim(w: Words) -> Para:
    """The white paper's scaling claim answered with the ratio of the two sides' aggregates at the job's nodes."""
    m = w.m
    k = job_nodes(m)
    assert m.scaling is not None, "the scaling section is made only with scaling.csv"
    at = m.scaling.at_job
    intro = _(
        "All-flash storage is commonly claimed to keep its bandwidth advantage when many nodes write at once (a "
        "{low}–{high}× effect)."
    ).format(low=num(CLAIM_LOW, 1), high=num(CLAIM_HIGH, 0))
    if at.ratio is None:
        return w.p(intro + " " + _missing(w, k), *_inputs(m))
    if at.ratio < CLAIM_LOW:
        verdict = _("below that range")
    elif at.ratio <= CLAIM_HIGH:
        verdict = _("within that range")
    else:
        verdict = _("above that range")
    text = _(
        "At this training job's {nodes}, {candidate} gives {c} GB/s in aggregate against {b} GB/s on {baseline}: "
        "{ratio} the baseline's, {verdict}."
    ).format(
        nodes=ngettext("{n} node", "{n} nodes", k).format(n=count(k)),
        candidate=w.name("candidate"),
        c=sig(at.candidate),
        b=sig(at.baseline),
        baseline=w.name("baseline"),
        ratio=x3(at.ratio),
        verdict=verdict,
    )
    notes = [intro, text, *_claim_caveats(w, k)]
    style = "p" if all(_fit_holds(m, key) for key in SIDES) else "warning"
    return w.p(" ".join(notes), *_inputs(m), style=style)


def _inputs(m: Metrics) -> tuple[str, ...]:
    """The inputs the aggregates at the job come from: the scaling rows, and the bandwidth of a node-local side
    without a fit (its one-node bandwidth times the nodes)."""
    local = any(node_local(m, key) and not fitted(m, key) for key in SIDES)
    return ("scaling", "bandwidth") if local else ("scaling",)


def _fit_holds(m: Metrics, key: str) -> bool:
    s = side_of(m, key)
    return s is None or s.usl is None or s.usl.describes


def _claim_caveats(w: Words, k: int) -> list[str]:
    """An extrapolation beyond the clients measured, a fit the law does not describe, a node-local side's basis."""
    m, out = w.m, []
    fits = {key: s for key in SIDES if (s := fitted_side(m, key)) is not None}
    beyond = [key for key, s in fits.items() if k > s.max_clients]
    if beyond:
        most = min(fits[key].max_clients for key in beyond)
        text = _("The job's nodes lie beyond the {most} tested: the aggregates there are extrapolations of the fits.")
        out.append(text.format(most=clients(most)))
    elif fits:
        most = min(s.max_clients for s in fits.values())
        out.append(_("The job's nodes lie within the {most} tested.").format(most=clients(most)))
    for key in SIDES:
        if (s := fits.get(key)) is not None and s.usl is not None and not s.usl.describes:
            out.append(
                _("{system}'s fit does not describe its points (above), so this ratio is not a forecast.").format(
                    system=w.name(key)
                )
            )
        elif not fitted(m, key) and node_local(m, key):
            out.append(
                _(
                    "{system} is local to each node: its figure is the bandwidth of one node times the job's nodes."
                ).format(system=w.name(key))
            )
    return out


def _missing(w: Words, k: int) -> str:
    """Why the claim cannot be answered at the job's size: each side without a figure there, and its reason."""
    m, reasons = w.m, []
    assert m.scaling is not None, "the scaling section is made only with scaling.csv"
    for key in SIDES:
        if m.scaling.at_job.side(key) is not None:
            continue
        s = side_of(m, key)
        if s is None:
            reasons.append(_("{system} was not measured with several client nodes").format(system=w.name(key)))
        elif s.usl is None:
            reasons.append(_("{system}'s points give no fitted law").format(system=w.name(key)))
        else:
            reasons.append(
                _("{system}'s fitted law gives no bandwidth at {nodes} (its denominator is not above zero)").format(
                    system=w.name(key), nodes=ngettext("{n} node", "{n} nodes", k).format(n=count(k))
                )
            )
    return _("This test cannot answer it at the job's size: {reasons}.").format(reasons=join_words(reasons))


def cluster_capacity(w: Words) -> Para | None:
    """The cluster's write demand on the candidate (mean and peak, as computed) against the candidate's fitted
    aggregate at the cluster's node count; None where either is missing (no fit, or a candidate local to each node,
    whose demand is not shared)."""
    m = w.m
    demand = m.cluster.candidate
    s = side_of(m, "candidate")
    if m.scaling is None or s is None or s.usl is None or demand is None:  # a candidate local to each node shares none
        return None
    n, capacity = m.scaling.cluster_nodes, m.scaling.at_cluster.candidate
    head = _(
        "The cluster's {jobs} jobs like this one need {mean} GB/s from {candidate} on average (saves staggered) and "
        "{peak} GB/s when every job saves at once."
    ).format(
        jobs=count(m.cluster.jobs),
        mean=sig(demand.mean_write_gbps),
        peak=sig(demand.peak_write_gbps),
        candidate=w.name("candidate"),
    )
    if capacity is None:
        text = _(
            "Its fitted law gives no bandwidth at those jobs' {nodes} (its denominator is not above zero): the law "
            "does not reach that far."
        ).format(nodes=clients(n))
        return w.p(head + " " + text, "scaling", "save_times", style="warning")
    if capacity >= demand.peak_write_gbps:
        judgement = _("enough for both")
    elif capacity >= demand.mean_write_gbps:
        judgement = _("enough on average, not when every job saves at once")
    else:
        judgement = _("short of both")
    text = _("Its fitted aggregate at those jobs' {nodes} is {capacity} GB/s: {judgement}.").format(
        nodes=clients(n), capacity=sig(capacity), judgement=judgement
    )
    notes = [head, text]
    if n > s.max_clients:
        text = _("Those {nodes} lie beyond the {most} tested: an extrapolation of the fit.")
        notes.append(text.format(nodes=clients(n), most=count(s.max_clients)))
    if not s.usl.describes:
        notes.append(_("The fit does not describe the points (above): this is not a forecast."))
    style = "p" if capacity >= demand.mean_write_gbps and s.usl.describes else "warning"
    return w.p(" ".join(notes), "scaling", "save_times", style=style)


def not_measured(w: Words) -> list[Para]:
    """Without scaling rows: what the test leaves open, what to measure (the command is in Appendix B), and how a side
    local to each node scales regardless."""
    k = job_nodes(w.m)
    if k > 1:
        what = _(
            "To check it, measure each save system's aggregate write bandwidth with 1, 2, 4, … client nodes writing at "
            "once, up to the training job's {nodes} where that many are available, several runs at each count "
            "(Appendix B gives the command)."
        ).format(nodes=ngettext("{n} node", "{n} nodes", k).format(n=count(k)))
    else:
        what = _(
            "To check it, measure each save system's aggregate write bandwidth with 1, 2, 4, … client nodes writing at "
            "once, as many as are available, several runs at each count (Appendix B gives the command)."
        )
    text = _(
        "This test did not measure how the aggregate write bandwidth changes as more client nodes write at once, so "
        "it does not check the common claim that the candidate's advantage holds when many nodes write at once."
    )
    out = [Para(text + " " + what, "lead")]
    out += [w.p(basis(w, key), "bandwidth", side=key) for key in SIDES if node_local(w.m, key)]
    return out


def projected_time_basis(w: Words, key: str) -> str:
    """What side `key`'s projected save time assumes about nodes (settled point 5): a node-local side's is fitted over
    each node's part of the checkpoint, a shared side's keeps the bandwidth of this test's client nodes."""
    if node_local(w.m, key):
        text = _(
            "{system} is local to each node: its save time is fitted over each node's part of the checkpoint, every "
            "node writing its part at once."
        )
    else:
        text = _("{system} is shared storage: its save time keeps the bandwidth of this test's client nodes.")
    return text.format(system=w.name(key))


def orders_differ(w: Words) -> list[str]:
    """Each projection whose larger aggregate goes with the longer projected save time: said, with why."""
    out = []
    for p in w.m.projections:
        scaled, nodes = p.scaled_gbps, p.nodes  # set by compute; an aggregate needs the projection's nodes
        if scaled is None or nodes is None:
            continue
        b, c = scaled.baseline, scaled.candidate
        if b is None or c is None or (c > b) == (p.candidate_s < p.baseline_s) or b == c:
            continue
        larger = "candidate" if c > b else "baseline"
        text = _(
            "“{name}”: at its {nodes} {system} has the larger aggregate but the longer projected save time: the "
            "projected times do not use the aggregates (above)."
        )
        out.append(
            text.format(
                name=p.name,
                nodes=ngettext("{n} node", "{n} nodes", nodes).format(n=count(nodes)),
                system=w.name(larger),
            )
        )
    return out


def qa_sentence(w: Words) -> Para:
    """The Q&A's scaling answer in one sentence, from this section's figures (the white paper's third question)."""
    m, section = w.m, _("Scaling with client nodes")
    if m.scaling is None:
        text = _(
            "Whether the candidate's advantage holds when many client nodes write at once was not measured in this "
            "test (see “{section}”)."
        )
        return Para(text.format(section=section))
    ratio, k = m.scaling.at_job.ratio, job_nodes(m)
    if ratio is None:
        text = _(
            "With many client nodes writing at once, this test cannot compare the two systems at the job's size (see "
            "“{section}”)."
        )
        return w.p(text.format(section=section), *_inputs(m))
    beyond = any((s := fitted_side(m, key)) is not None and k > s.max_clients for key in SIDES)
    text = (
        _(
            "With many client nodes writing at once, the candidate's aggregate write bandwidth at the job's {nodes} is "
            "{ratio} the baseline's, an extrapolation beyond the client nodes tested (see “{section}”)."
        )
        if beyond
        else _(
            "With many client nodes writing at once, the candidate's aggregate write bandwidth at the job's {nodes} is "
            "{ratio} the baseline's (see “{section}”)."
        )
    )
    nodes = ngettext("{n} node", "{n} nodes", k).format(n=count(k))
    style = "p" if all(_fit_holds(m, key) for key in SIDES) else "warning"
    return w.p(text.format(nodes=nodes, ratio=x3(ratio), section=section), *_inputs(m), style=style)
