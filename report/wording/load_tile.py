"""The load tile on page 1: its figure, label and note, from the load pairs and the findings on them (which pairs
are established, which load slower than the baseline)."""

from __future__ import annotations

from report.compute import Metrics
from report.document.spoken import fill, said
from report.formatting import sig, x3
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.loads import headline_load_span, load_not_established, load_pairs
from report.wording.phrases import ratio_span


def load_headline(w: Words) -> tuple[str, str]:
    """The load tile's figure and label: the stable pairs' range when an end of the whole range is unstable and a pair
    is shown within the limit (the note names what it leaves out), else the whole range (cold read 8, M1), labelled
    "not established" when no pair is shown within the limit (cold read 10, M2); a "speed" where the finding
    load_slower names a pair the candidate loads slower, not a "faster" one."""
    m = w.m
    if load_not_established(m):
        # "Not established" as the figure and the ratios in the note, as the capacity tile's "Not shown" (Chinese
        # reading 14, M2; cold read 15, M2: a director quotes the big figure, not its mark); no label takes back a
        # "faster" above it (cold read 12, M1)
        return _("Not established"), _("model load speedup")
    low, high = load_span(m)
    if w.findings.get("load_slower") is not None:
        return ratio_span(low, high), _("model loading speed")
    return ratio_span(low, high), _("faster model loading")


def load_span(m: Metrics) -> tuple[float, float]:
    """The figure the load tile shows: the established pairs' range where some pair is not established (cold reads 6
    m2 and 7 A-M6: 7.18×–8.34× led with a pair the report calls not established; the note names the others with
    theirs), else the whole range."""
    established = m.load.established_range
    if established is not None and any(not p.established for p in m.load.models):
        return established
    return headline_load_span(m)


def load_note(w: Words) -> str:
    """The load tile's note: against which system, over every pair, which pairs are established by the rule the
    saves follow (the loading section says why the others are not), and which pair loads slower, by how much."""
    m = w.m
    found = w.findings.get("load_unestablished")
    if load_not_established(m):
        low, high = headline_load_span(m)
        return _("{system} takes {span} as long ({pairs}): too few runs or too wide a spread to establish it").format(
            span=ratio_span(low, high), system=m.load.baseline_system, pairs=load_pairs(m)
        )
    slower = w.findings.get("load_slower")
    # a range below 1 is a speed "relative to" the baseline, not "faster than" it (cold test 18, Y: "model loading
    # speed than QH-500")
    note = (_("relative to {system}, {pairs}") if slower is not None else _("than {system}, {pairs}")).format(
        system=m.load.baseline_system, pairs=load_pairs(m)
    )
    if slower is not None:
        note = fill(_("{note}; {slower}"), note=note, slower=said(slower, _slower_words(w, slower)))
    if found is None:
        return note
    established = [pair_name(p.model, p.platform, m) for p in m.load.models if p.established]
    others = [
        _("{pair} {ratio}").format(pair=pair_name(p.model, p.platform, m), ratio=x3(p.speedup))
        for p in m.load.models
        if not p.established
    ]
    return fill(
        _("{note}; established: {pairs}; not established: {others}"),
        note=note,
        pairs=join_words(established),
        others=join_words(others),
    )


def _slower_words(w: Words, slower) -> str:
    """ "InternLM3-8B loads 1.09× slower" (cold read 18, Y minor 2: a range from 0.920× hid that a model loads
    slower): each pair the finding load_slower names, with the baseline's load time over the candidate's inverted."""
    m = w.m
    by_key = {f"{p.model} / {p.platform}": p for p in m.load.models}
    pairs = [
        _("{pair} {ratio}×").format(
            pair=pair_name(by_key[key].model, by_key[key].platform, m), ratio=sig(slower["slower_by"][key])
        )
        for key in slower.scope.items
    ]
    if len(pairs) == 1:
        p = by_key[slower.scope.items[0]]
        return _("{pair} loads {ratio}× slower").format(
            pair=pair_name(p.model, p.platform, m), ratio=sig(slower["slower_by"][slower.scope.items[0]])
        )
    return _("slower to load: {pairs}").format(pairs=join_words(pairs))


def pair_name(model: str, platform: str, m: Metrics) -> str:
    """A pair as a tile names it: the model, with the platform only where models repeat on several platforms."""
    if sum(p.model == model for p in m.load.models) > 1:
        return _("{model} on {platform}").format(model=model, platform=platform)
    return model
