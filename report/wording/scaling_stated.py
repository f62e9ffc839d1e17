"""The claim a joint test weighs its client sweep against ([scaling] in test.toml: a range of the candidate's advantage
and who made it), and where a ratio lies against it. Without one the sweep is graded against nothing: a report cites
no claim its joint test did not make (field test 8, major 1: "the white paper's 1.5–2×" on a test with no white
paper)."""

from __future__ import annotations

from report.compute import SIDES
from report.compute import scaling_compare as compare
from report.formatting import count, given, sig, x3
from report.i18n import _, join_clauses, join_words, ngettext
from report.inputs.specs import ScalingClaim
from report.wording.base import Words
from report.wording.scaling import clients, job_nodes, nodes_words
from report.wording.scaling_tested import tested_at


def stated(w: Words) -> ScalingClaim | None:
    """The claim test.toml states, None when it states none."""
    return w.config.scaling_claim


def below(c: ScalingClaim | None, ratio: float) -> bool:
    """Whether a ratio lies below the claimed range (never without a claim)."""
    return c is not None and ratio < c.low


def fields(c: ScalingClaim) -> dict[str, str]:
    """The claim's ends as test.toml writes them and who made it, for the sentences that name it."""
    return {"low": given(c.low), "high": given(c.high), "source": c.source}


def verdict(c: ScalingClaim, ratio: float) -> str:
    """Where a ratio lies against the claim."""
    if ratio < c.low:
        return _("below the claimed range")
    if ratio <= c.high:
        return _("within the claimed range")
    return _("above the claimed range")


def intro(c: ScalingClaim | None) -> list[str]:
    """The claim under test and whose it is, as the section opens its answer; nothing without a claim."""
    if c is None:
        return []
    text = _(
        "The claim under test comes from {source}, not from this test's records: the candidate keeps a {low}–{high}× "
        "write-bandwidth advantage when many client nodes write at once. It is weighed here against this test's "
        "baseline; no gate covers it, so it is not in the verdict."
    )
    return [text.format(**fields(c))]


def judged(c: ScalingClaim | None, ratio: float, with_claim: str, plain: str, values: dict[str, str]) -> str:
    """`with_claim` (a sentence with {verdict}) where a claim is stated, `plain` (the same without it) where none is."""
    return plain.format(**values) if c is None else with_claim.format(verdict=verdict(c, ratio), **values)


def _span(ratios: list[float]) -> str:
    """ "4.21×" for one ratio, "3.88–4.38×" for several."""
    low, high = min(ratios), max(ratios)
    return x3(low) if sig(low) == sig(high) else _("{low}–{high}×").format(low=sig(low), high=sig(high))


def _both_run(w: Words) -> list[tuple[int, float]]:
    """The counts both systems were run at, each with the ratio of its means."""
    s = w.m.scaling
    pairs = compare.compared(s) if s is not None else ()
    return [(p.clients, p.ratio) for p in pairs if set(p.measured) == set(SIDES) and p.ratio is not None]


def falls_short(w: Words) -> bool:
    """Whether a ratio measured at a count both systems were run at lies below the claim (never without one)."""
    c = stated(w)
    return c is not None and any(below(c, ratio) for _k, ratio in _both_run(w))


def resolved(w: Words) -> list[str]:
    """Whether the ratios measured bear the claim out, at which counts, and what stays open (scaling reading 13, M3: a
    4.5–6× claim set up, the ratios 3.88–4.38× listed, the outcome never said): the counts both systems were run at
    grouped by where their ratio lies, the bandwidth test and the saves where they ran on the job's nodes, and the
    counts beyond the most compared. Nothing without a claim or a count both systems were run at."""
    c, both = stated(w), _both_run(w)
    if c is None or not both:
        return []
    reach = {k: compare.run_pair_range(w.m.scaling, k) for k, _ratio in both} if w.m.scaling is not None else {}
    # below by its means, but a pair of its runs reaches the claim: not said below without that (reading 15, m4)
    open_ = [p for p in both if p[1] < c.low and (r := reach.get(p[0])) is not None and r[1] >= c.low]
    groups = {
        "below": [p for p in both if p[1] < c.low and p not in open_],
        "above": [p for p in both if p[1] > c.high],
    }
    groups["within"] = [p for p in both if c.low <= p[1] <= c.high]
    groups["open"] = open_
    where = {
        "below": _("below it at {counts} ({ratios})"),
        "open": _("below it at {counts} ({ratios}), where pairs of the runs span {pairs} and so reach it"),
        "within": _("within it at {counts} ({ratios})"),
        "above": _("above it at {counts} ({ratios})"),
    }
    parts = [
        where[key].format(
            counts=_counts(found), ratios=_span([ratio for _k, ratio in found]), pairs=_pairs(found, reach)
        )
        for key in ("below", "open", "within", "above")
        if (found := groups[key])
    ]
    short = len(groups["below"]) + len(open_)
    if short == len(both):
        end = _("so the sweep does not bear it out at any count both systems were run at")
    elif short == 0:
        end = _("so the sweep bears it out at every count both systems were run at")
    else:
        end = _("so the sweep bears it out at {n} of the {total} counts both systems were run at, not at the others")
    text = _("Against the claimed {low}–{high}×, the ratio of the means lies {where}, {end}.").format(
        where=join_clauses(parts), end=end.format(n=count(len(both) - short), total=count(len(both))), **fields(c)
    )
    return [text, *_at_job(w, c), _open(w, both[-1][0])]


def _pairs(found: list[tuple[int, float]], reach: dict) -> str:
    """The span of the run-pair ratios over the counts `found` ("4.13–4.52×")."""
    spans = [r for k, _ratio in found if (r := reach.get(k)) is not None]
    return _span([v for r in spans for v in r]) if spans else ""


def _counts(found: list[tuple[int, float]]) -> str:
    """ "2, 4 and 8 client nodes"."""
    return ngettext("{counts} client node", "{counts} client nodes", found[-1][0]).format(
        counts=join_words([count(k) for k, _ratio in found])
    )


def _at_job(w: Words, c: ScalingClaim) -> list[str]:
    """The bandwidth test (where the data sources record it on the job's nodes) and the saves, timed there, against the
    claim: the tests this joint test ran at the job's size, each its own method on both systems (scaling reading 15,
    M1: a side's sweep mean in place of its bandwidth test, 4.64× beside 4.97×, mixed two methods 6.6% apart on one
    system)."""
    m, k = w.m, job_nodes(w.m)
    values = {"nodes": nodes_words(k), "save": x3(m.save.speedup), "save_verdict": verdict(c, m.save.speedup)}
    t = tested_at(w, k)
    if t is None:
        return [_("The saves, timed on the job's {nodes}, give {save}, {save_verdict}.").format(**values)]
    text = _(
        "The two tests run on the job's {nodes} give {bandwidth} for the sustained-bandwidth test, {verdict}, and "
        "{save} for the saves, {save_verdict}."
    )
    return [text.format(bandwidth=x3(t.ratio), verdict=verdict(c, t.ratio), **values)]


def _open(w: Words, most: int) -> str:
    """What the test leaves open: the claim beyond the most client nodes both systems were swept at; where the job's
    nodes lie beyond them, that only the tests on those nodes (said before it) compared the two there (scaling reading
    14, m4: "no run compared them there" after two runs at 24 nodes)."""
    k = job_nodes(w.m)
    if k <= most:
        text = _(
            "Whether the claim holds beyond {most}, the most both systems were run at, stays open: no run compared "
            "them there."
        )
        return text.format(most=clients(most))
    text = _(
        "Beyond {most}, the most both systems were swept at, no sweep run compared them; only the tests above did, on "
        "the job's {nodes}, so whether the claim holds at other counts beyond {most} stays open."
    )
    return text.format(most=clients(most), nodes=nodes_words(k))
