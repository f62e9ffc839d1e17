"""What the client sweep's points give where a side was not run (scaling reading 11, B1 and B2): the ratio at the job's
nodes bounded by the counts run on either side of it, a fitted figure there said as the fit's, where the measured
comparison ends, and a fall in a side's aggregate said as a fall."""

from __future__ import annotations

from report.compute import SIDES, Metrics
from report.compute import scaling_compare as compare
from report.compute.scaling_figures import Usl
from report.formatting import count, pct, sig, x3
from report.i18n import _, join_words, ngettext
from report.wording.base import Words
from report.wording.scaling import clients, fitted_side, job_nodes, nodes_words


def job_bracket(m: Metrics) -> compare.Bracket | None:
    """The ratio at the job's nodes bounded by the points, where a swept side was not run there (None where both were,
    or where a side has no count run on either side of it)."""
    return None if m.scaling is None else compare.bracket(m.scaling, job_nodes(m))


def range_x(br: compare.Bracket) -> str:
    """ "2.75–3.90×"."""
    return _("{low}–{high}×").format(low=sig(br.low), high=sig(br.high))


def bracket_words(w: Words, br: compare.Bracket) -> str:
    """The ratio at the job's nodes from the means at the counts run on either side of it, with the condition it needs:
    that a side's aggregate there lies between its means at those counts."""
    m = w.m
    assert m.scaling is not None
    values = {"nodes": nodes_words(br.clients), "low": sig(br.low), "high": sig(br.high)}
    if len(br.between) == 1:
        key, below, above = br.between[0]
        other = "baseline" if key == "candidate" else "candidate"
        side, there = m.scaling.side(key), m.scaling.side(other)
        assert side is not None
        mean = {p.clients: p.mean_gbps for p in side.points}
        said = _(
            "{system} was not run at the job's {nodes}: its means at {below} and {above} client nodes ({a} and {b} "
            "GB/s), against {other}'s {o} GB/s there, put the ratio at the job's size between {low}× and {high}×, if "
            "its aggregate there lies between those two means."
        )
        at = None if there is None else next((p for p in there.points if p.clients == br.clients), None)
        o = at.mean_gbps if at is not None else m.scaling.one_node_gbps.side(other)
        assert o is not None
        o_value = o if at is not None else o * br.clients
        return said.format(
            system=w.name(key),
            below=count(below),
            above=count(above),
            a=sig(mean[below]),
            b=sig(mean[above]),
            other=w.name(other),
            o=sig(o_value),
            **values,
        )
    said = _(
        "Neither system was run at the job's {nodes}: each one's means at the nearest counts it ran below and above "
        "put the ratio at the job's size between {low}× and {high}×, if each aggregate there lies between its two."
    )
    return said.format(**values)


def fits_at_job_words(w: Words) -> str:
    """The fits' ratio at the job's nodes, said as the fits' (not a run there), with the caveat of a fit the law does
    not describe; "" without it."""
    m = w.m
    assert m.scaling is not None
    at = m.scaling.at_job
    if at.ratio is None or at.candidate is None or at.baseline is None:
        return ""
    said = _("The fitted laws give {ratio} there ({c} against {b} GB/s), a figure of the fits, not of a run.").format(
        ratio=x3(at.ratio), c=sig(at.candidate), b=sig(at.baseline)
    )
    for key in SIDES:
        s = fitted_side(m, key)
        if s is not None and s.usl is not None and not s.usl.describes:
            said += " " + undescribed_words(w.name(key), s.usl)
    return said


def negative_params(u: Usl) -> str:
    """The fitted parameters that are negative, by name: "σ", "κ", "σ and κ" (scaling reading 11b, m2: "its σ or κ"
    hedged over which)."""
    return join_words([name for name, value in (("σ", u.sigma), ("κ", u.kappa)) if value < 0])


def undescribed_words(system: str, u: Usl, spread: bool = False) -> str:
    """The caveat beside a figure of a fit the law does not describe, naming the negative parameter; `spread`: its
    range spreads the runs only."""
    if spread:
        text = _(
            "{system}'s fitted law, with a negative {which}, cannot be used to extrapolate: this figure is no "
            "forecast, and its range spreads the runs only, not the error of a law that does not fit."
        )
    else:
        text = _(
            "{system}'s fitted law, with a negative {which}, cannot be used to extrapolate: that figure is no forecast."
        )
    return text.format(system=system, which=negative_params(u))


def comparison_end(m: Metrics) -> int | None:
    """The most client nodes both sides were run at, where both were swept and either was run further; else None."""
    if m.scaling is None or m.scaling.baseline is None or m.scaling.candidate is None:
        return None
    both = [p for p in compare.compared(m.scaling) if len(p.measured) == 2]
    if not both or both[-1].clients >= m.scaling.max_clients:
        return None
    return both[-1].clients


def comparison_end_words(w: Words) -> str:
    """Where the measured comparison ends, and how far each side was run; "" where both were run as far."""
    last = comparison_end(w.m)
    if last is None or w.m.scaling is None or w.m.scaling.baseline is None or w.m.scaling.candidate is None:
        return ""
    text = _(
        "The sweep's comparison ends at {last}, the most both systems were run at: {baseline} was run up to "
        "{b_most}, {candidate} up to {c_most}."
    )
    return text.format(
        last=clients(last),
        baseline=w.name("baseline"),
        candidate=w.name("candidate"),
        b_most=clients(w.m.scaling.baseline.max_clients),
        c_most=clients(w.m.scaling.candidate.max_clients),
    )


def falls_words(w: Words) -> list[str]:
    """Each fall in a side's mean aggregate from one count run to the next, said as a fall where the runs' ranges do
    not overlap and as within their spread where they do."""
    m, out = w.m, []
    assert m.scaling is not None
    for key in SIDES:
        for f in compare.falls(m.scaling, key):
            values = {
                "system": w.name(key),
                "a": sig(f.before.mean_gbps),
                "b": sig(f.after.mean_gbps),
                "k1": count(f.before.clients),
                "k2": clients(f.after.clients),
                "change": pct(-100 * f.change),
                "a_lo": sig(min(f.before.run_gbps)),
                "a_hi": sig(max(f.before.run_gbps)),
                "b_lo": sig(min(f.after.run_gbps)),
                "b_hi": sig(max(f.after.run_gbps)),
            }
            if f.apart:
                text = _(
                    "{system}'s aggregate fell from {a} GB/s at {k1} to {b} GB/s at {k2}, {change} lower; the runs' "
                    "ranges ({a_lo}–{a_hi} and {b_lo}–{b_hi} GB/s) do not overlap."
                )
            else:
                text = _(
                    "{system}'s mean aggregate is {change} lower at {k2} ({b} GB/s) than at {k1} ({a} GB/s), within "
                    "the runs' ranges ({a_lo}–{a_hi} and {b_lo}–{b_hi} GB/s), which overlap."
                )
            out.append(text.format(**values))
    return out


def falls_short(w: Words) -> str:
    """Page 1's and the summary's few words on each fall whose runs do not overlap: "PX-20's aggregate fell 4.55% from
    16 to 24 client nodes."; "" without one."""
    m = w.m
    assert m.scaling is not None
    out = []
    for key in SIDES:
        for f in compare.falls(m.scaling, key):
            if f.apart:
                text = _("{system}'s aggregate fell {change} from {k1} to {k2}.")
                out.append(
                    text.format(
                        system=w.name(key),
                        change=pct(-100 * f.change),
                        k1=count(f.before.clients),
                        k2=clients(f.after.clients),
                    )
                )
    return " ".join(out)


def bracket_short(w: Words, br: compare.Bracket) -> str:
    """Why the job's ratio is a range, in few words: "PX-20 was not run there: its means at 8 and 16 client nodes bound
    it"."""
    if len(br.between) == 1:
        key, below, above = br.between[0]
        # the condition the bound needs, kept where the range is said (scaling reading 11b, m1: a side whose aggregate
        # falls past its peak need not lie between its neighbours' means)
        text = _(
            "{system} was not run there: its means at {below} and {above} client nodes bound it if its aggregate there "
            "lies between them"
        )
        return text.format(system=w.name(key), below=count(below), above=count(above))
    return _(
        "neither system was run there: their means at the counts run on either side bound it if each aggregate there "
        "lies between its two"
    )


def sweep_gaps(m: Metrics) -> dict[str, tuple[int, ...]]:
    """Per swept side, the client counts it was not run at that the other side was, or that are the job's nodes (inside
    the counts swept), where both sides were swept (scaling reading 11, M3: the next steps asked nothing of the
    baseline, which stopped at 16 of the candidate's 24, nor the candidate's missing 12)."""
    if m.scaling is None or m.scaling.baseline is None or m.scaling.candidate is None:
        return {}
    counts = {key: {p.clients for p in m.scaling.side(key).points} for key in SIDES}
    wanted = counts["baseline"] | counts["candidate"]
    if job_nodes(m) <= max(wanted):
        wanted.add(job_nodes(m))
    return {key: tuple(sorted(wanted - counts[key])) for key in SIDES if wanted - counts[key]}


def sweep_gaps_step(w: Words) -> str:
    """The next step that closes `sweep_gaps`; "" without gaps."""
    gaps = sweep_gaps(w.m)
    if not gaps:
        return ""
    said = [
        _("{system} at {counts}").format(
            system=w.name(key),
            counts=ngettext("{n} client node", "{n} client nodes", found[-1]).format(
                n=join_words([count(k) for k in found])
            ),
        )
        for key, found in gaps.items()
    ]
    text = _(
        "Run the client sweep with {runs}, so that it compares the two systems by their means at every count: these "
        "runs are missing today."
    )
    return text.format(runs=join_words(said))
