"""What a ratio of the two sides' aggregates is made of, in words: which side's aggregate is a model (one node ×
nodes, not swept) and what a modelled ratio moves with (scaling reading 7b, finding 3: "the advantage shrinks" said of
a ratio half of which is the model). The move itself is decided once, in compute (scaling_compare.trend)."""

from __future__ import annotations

from report.compute import scaling_compare as compare
from report.formatting import count, pct, sig, x3
from report.i18n import _, join_words
from report.wording.base import Words


def aggregates(w: Words) -> dict[str, str]:
    """How the summary and page 1 name each side's aggregate: "modelled (one node × nodes)" for a side local to each
    node that was not swept (scaling reading 7b, finding 3: the summary dropped "modelled")."""
    assert w.m.scaling is not None
    found = compare.modelled(w.m.scaling)
    name = w.name("candidate")
    return {
        "c_agg": (
            _("{candidate}'s modelled aggregate write bandwidth (one node × nodes)")
            if "candidate" in found
            else _("{candidate}'s aggregate write bandwidth")
        ).format(candidate=name),
        "b_agg": _("the baseline's modelled aggregate (one node × nodes)")
        if "baseline" in found
        else _("the baseline's"),
        "base": _("the baseline's modelled aggregate (one node × nodes)")
        if "baseline" in found
        else _("the baseline's aggregate"),
    }


def made_of(w: Words, t: compare.Trend, short: bool = False) -> list[str]:
    """What a ratio against a side modelled as one node × nodes moves with: the swept side's rate per client node
    alone (scaling reading 7b, finding 3: "the advantage shrinks" is half an assumption); [] without one such side or
    where the ratio does not move."""
    if len(t.modelled) != 1 or t.direction == "steady" or t.per_node_share is None:
        return []
    local = t.modelled[0]
    swept = "candidate" if local == "baseline" else "baseline"
    x, y = getattr(t.first, swept), getattr(t.last, swept)
    assert x is not None and y is not None
    one = w.m.scaling.one_node_gbps.side(local) if w.m.scaling is not None else None
    # `short`: the section, whose caveats below say how the modelled side's figures are made
    text = (
        _(
            "It moves only with {swept}'s rate per client node, {x} GB/s at {first} and {y} GB/s at {last}: "
            "{local}'s is modelled, not swept (below)."
        )
        if short
        else _(
            "{local} was not swept: its aggregate is one node's {one} GB/s × nodes, so the ratio moves only with "
            "{swept}'s rate per client node, {x} GB/s at {first} and {y} GB/s at {last}; whether {local} keeps its "
            "rate per node while all write was not tested."
        )
    )
    return [
        text.format(
            local=w.name(local),
            swept=w.name(swept),
            one=sig(one) if one is not None else "",
            x=sig(x / t.first.clients),
            y=sig(y / t.last.clients),
            first=count(t.first.clients),
            last=count(t.last.clients),
        )
    ]


def steady_basis(w: Words, key: str, ratios: list[tuple[int, float | None]]) -> str:
    """Which bandwidth figure a modelled side's aggregate is made of (scaling reading 7b, minor 13: the baseline's
    3.19 GB/s holds its warm-up, the sweep's figures are runs' aggregates, and the report never said which): the ratios
    `ratios` ((client count, ratio) pairs, as printed) on the bandwidth test's steady state instead, " ..." or "" where
    the test logged no warm-up."""
    from report.wording.scaling import clients  # this module is imported by scaling_claim, which scaling does not

    b = w.m.bandwidth.side(key)
    if not b.warmup_samples or not b.steady_gbps > 0 or not b.sustained_gbps > 0:
        return ""
    factor = b.sustained_gbps / b.steady_gbps if key == "baseline" else b.steady_gbps / b.sustained_gbps
    found = dict((k, r * factor) for k, r in ratios if r is not None)
    if not found:
        return ""
    text = _(
        "Its {one} GB/s is the bandwidth test's mean over every sample, its warm-up included, while each figure of the "
        "sweep is one run's aggregate as logged; on the test's steady-state {steady} GB/s the ratio would be {ratios}."
    )
    shown = join_words(
        [_("{ratio} at {count}").format(ratio=x3(r), count=clients(k)) for k, r in sorted(found.items())]
    )
    return " " + text.format(one=sig(b.sustained_gbps), steady=sig(b.steady_gbps), ratios=shown)


def swept_ratios(w: Words, k: int, section: str) -> str | None:
    """The Q&A's words where the test gives no ratio at the job's nodes but both sides were swept at two counts or
    more: the ratio at the fewest and the most, then that the job's size is not compared (scaling reading 9, B1: "this
    test cannot compare the two systems" alone hid 2.34× falling to 1.69×). None with fewer than two such counts."""
    from report.wording.scaling import clients, nodes_words

    assert w.m.scaling is not None
    swept = [p for p in compare.compared(w.m.scaling) if p.ratio is not None]
    if len(swept) < 2:
        return None
    return _(
        "With {first_counts} writing at once the candidate's aggregate write bandwidth is {first} {b_agg}, with "
        "{last_counts} {last}; at the job's {nodes} the sweep gives no ratio (see “{section}”)."
    ).format(
        first_counts=clients(swept[0].clients),
        first=x3(swept[0].ratio),
        last_counts=clients(swept[-1].clients),
        last=x3(swept[-1].ratio),
        b_agg=aggregates(w)["b_agg"],
        nodes=nodes_words(k),
        section=section,
    )


def kept_per_client(w: Words) -> list[str]:
    """How much of its aggregate per client node each side keeps from the fewest to the most client counts both were
    run at, from the means alone (scaling reading 9, M3: a side without a one-client point has no fitted law, and the
    words dropped it from every comparison of how the two scale). [] with fewer than two such counts."""
    assert w.m.scaling is not None
    both = [p for p in compare.compared(w.m.scaling) if len(p.measured) == 2]
    if len(both) < 2:
        return []
    first, last = both[0], both[-1]
    kept = {}
    for key in ("baseline", "candidate"):
        x, y = getattr(first, key), getattr(last, key)
        kept[key] = (y / last.clients) / (x / first.clients)
    same = pct(100 * kept["candidate"]) == pct(100 * kept["baseline"])
    text = (
        _(
            "At {last} client nodes, {candidate}'s aggregate per client node is {c_kept} of its value at {first}, "
            "{baseline}'s {b_kept}: both keep the same share of their rate per client node."
        )
        if same
        else _(
            "At {last} client nodes, {candidate}'s aggregate per client node is {c_kept} of its value at {first}, "
            "{baseline}'s {b_kept}: {keeper} keeps more of its rate per client node there."
        )
    )
    keeper = "candidate" if kept["candidate"] > kept["baseline"] else "baseline"
    # the counts between where the other side keeps more: "there" is the last count's, not every count's (scaling
    # reading 18, Y-1: "keeps more … over the counts both were run at" where QH-500 kept more from 2 to 32 nodes)
    other = "baseline" if keeper == "candidate" else "candidate"
    between = [
        p.clients
        for p in both[1:-1]
        if (getattr(p, other) / p.clients) / (getattr(first, other) / first.clients)
        > (getattr(p, keeper) / p.clients) / (getattr(first, keeper) / first.clients)
    ]

    fields = {"c_low": "", "c_high": "", "b_low": "", "b_high": ""}
    b_span, c_span = (_kept_span(w, key, first.clients, last.clients) for key in ("baseline", "candidate"))
    if not same and b_span is not None and c_span is not None and b_span[0] <= c_span[1] and c_span[0] <= b_span[1]:
        # the runs' spans overlap: the means alone do not settle which keeps more (scaling reading 13, m1)
        text = _(
            "At {last} client nodes, {candidate}'s aggregate per client node is {c_kept} of its value at {first}, "
            "{baseline}'s {b_kept}; over pairs of their runs the shares span {c_low}–{c_high} and "
            "{b_low}–{b_high}, which overlap, so the runs do not tell which keeps more of its rate per client node."
        )
        fields = {
            "c_low": pct(100 * c_span[0]),
            "c_high": pct(100 * c_span[1]),
            "b_low": pct(100 * b_span[0]),
            "b_high": pct(100 * b_span[1]),
        }
    said = text.format(
        first=count(first.clients),
        last=count(last.clients),
        candidate=w.name("candidate"),
        baseline=w.name("baseline"),
        c_kept=pct(100 * kept["candidate"]),
        b_kept=pct(100 * kept["baseline"]),
        keeper=w.name(keeper),
        **fields,
    )
    if not same and between and not fields["c_low"]:
        said += " " + _("At {counts} client nodes {other} keeps more of it.").format(
            counts=join_words([count(k) for k in between]), other=w.name(other)
        )
    return _kept_beyond(w, said, first)


def _kept_span(w: Words, key: str, first: int, last: int) -> tuple[float, float] | None:
    """The least and the greatest share of its rate per client node side `key` keeps from `first` to `last` client
    nodes over pairs of its runs there (the fewest at `last` over the most at `first`, and the reverse); None where it
    has one run at both."""
    s = w.m.scaling.side(key) if w.m.scaling is not None else None
    if s is None:
        return None
    at = {p.clients: p.run_gbps for p in s.points}
    a, b = at.get(first), at.get(last)
    if not a or not b or (len(a) == 1 and len(b) == 1):
        return None
    scale = first / last
    return scale * min(b) / max(a), scale * max(b) / min(a)


def _kept_beyond(w: Words, said: str, first: compare.Pair) -> list[str]:
    """`said`, then, for each side run at more client nodes than the most both were run at, its aggregate per client
    node at its own most, as a share of its value at `first` (scaling reading 10, M1: "the advantage grows" rested on
    2, 4 and 8, while the candidate's rate per client fell to 59% at 16)."""
    assert w.m.scaling is not None
    last = max(p.clients for p in compare.compared(w.m.scaling) if len(p.measured) == 2)
    out = [said]
    for key in ("baseline", "candidate"):
        s = w.m.scaling.side(key)
        x = getattr(first, key)
        if s is None or s.max_clients <= last or x is None:
            continue
        share = (s.points[-1].mean_gbps / s.max_clients) / (x / first.clients)
        text = _(
            "{system} was also run at {most} client nodes, where its aggregate per client node is {share} of its "
            "value at {first}."
        )
        out.append(
            text.format(
                system=w.name(key), most=count(s.max_clients), share=pct(100 * share), first=count(first.clients)
            )
        )
    return out
