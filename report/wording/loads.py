"""The model loads, worded once for page 1, the summary, the loading section and the answers: the headline range
(pairs whose runs spread above the limit left out), and loads that read memory."""

from __future__ import annotations

from report.compute import SIDES, Metrics
from report.formatting import (
    given,
    sig,
    x3,
)
from report.i18n import _, join_words, ngettext
from report.inputs.config import TestConfig
from report.wording.base import Words
from report.wording.phrases import ratio_span

#: What `report measure` writes in a system's [environment] lines when every load reads memory (tmpfs, a RAM disk):
#: report/measure/words.py's `_cache`, in the languages it may have written test.toml in.
LOADS_READ_MEMORY = ("every load reads memory", "每次加载读取的都是内存")


def memory_load_systems(m: Metrics, cfg: TestConfig) -> list[str]:
    """The load systems (the load baseline, the candidate) whose loads read memory, not storage: a system whose saves
    are not durable, or one whose [environment] lines say that every load reads memory."""
    not_durable = {s.system for key, s in zip(SIDES, m.save.sides(), strict=True) if key in m.not_durable}
    said = {
        system
        for system in (m.load.baseline_system, m.load.candidate_system)
        for label, text in cfg.environment
        if label.partition(":")[0].partition("：")[0] == system and any(words in text for words in LOADS_READ_MEMORY)
    }
    return [x for x in (m.load.baseline_system, m.load.candidate_system) if x in not_durable | said]


def memory_loads(m: Metrics, cfg: TestConfig, full: bool = True) -> str:
    """Said beside the load speedup when a load system reads memory: in full where the loads are stated (page 1, the
    summary, the loading section), elsewhere the fact and a pointer to the loading section."""
    names = memory_load_systems(m, cfg)
    if not names:
        return ""
    if not full:
        return " " + _("The loads on {systems} read memory, not storage (see “{section}”).").format(
            systems=join_words(names), section=_("Model loading for inference")
        )
    return " " + ngettext(
        "The loads on {systems} read a model held in memory, not on storage: they time a read from memory through "
        "this machine's I/O path, not what a durable system will do.",
        "The loads on {systems} read models held in memory, not on storage: they time reads from memory through "
        "this machine's I/O path, not what a durable system will do.",
        len(names),
    ).format(systems=join_words(names))


def loads_marked(w: Words) -> str:
    """The mark of a figure drawn from the load times: "illustrative" when they are, "not_durable" when a load system
    reads memory (its saves are not durable), else none."""
    return w.marked("load_times") or ("not_durable" if memory_load_systems(w.m, w.config) else "")


def load_not_established(m: Metrics) -> bool:
    """Whether the load speedup is not established: no pair is shown within the limit. The pairs of one load time per
    system cannot stand in for an unstable one: their spread is unknown, not small (cold read 10, M2: leaving out the
    only pair with repeat runs favoured less data); nor do they establish a speedup alone, as one save per system
    decides no gate (cold read 12, M2: data's single loads were "faster", retune's "not established")."""
    return not m.load.speedup_shown


def headline_load_pairs(m: Metrics) -> list:
    """The load pairs every headline states (page 1, the summary, the loading section): those whose runs stay within
    the limit when an end of the whole range is unstable and a pair is shown within the limit, else all (third cold
    read, M-1: one range everywhere; when none is shown within, the headline says the speedup is not established)."""
    ends, _stable = load_speedups_by_spread(m)
    if ends and m.load.speedup_shown:
        return [p for p in m.load.models if not p.unstable]
    return list(m.load.models)


def headline_load_span(m: Metrics) -> tuple[float, float]:
    """The range of the headline pairs' load speedups (`headline_load_pairs`)."""
    speedups = [p.speedup for p in headline_load_pairs(m)]
    return min(speedups), max(speedups)


def load_pairs(m: Metrics) -> str:
    """The pairs the headline load range is taken from: "3 model/platform pairs", or "2 of 3 model/platform pairs"
    when unstable ends are left out of it."""
    kept = headline_load_pairs(m)
    total, used = len(m.load.models), len(kept)
    if used < total and all(p.speedup_ci95 is None for p in kept):
        # the pairs kept have one load time per system: their spread is unknown, not small (fifth cold read, M3)
        return ngettext(
            "{n} of {total} model/platform pair, one load time per system each, spread unknown",
            "{n} of {total} model/platform pairs, one load time per system each, spread unknown",
            total,
        ).format(n=used, total=total)
    if used < total:
        return ngettext("{n} of {total} model/platform pair", "{n} of {total} model/platform pairs", total).format(
            n=used, total=total
        )
    return ngettext("{n} model/platform pair", "{n} model/platform pairs", total).format(n=total)


def not_established_why(m: Metrics, cfg: TestConfig, full: bool = True) -> str:
    """Why the load speedup is not established: which speedups come from one load time per system, which from runs
    that spread above the limit ("5.00× and 6.00× come from one load time per system (spread unknown) and 10.0× from
    runs that spread above the 10% limit"). `full`: one unstable pair whose 95% interval lies above 1× says that it
    is faster and only by how much is open (the fio example's 1.83× to 4.16×: Chinese reading 16, M3); page 1's tile
    leaves that to the loading section."""
    limit = given(cfg.gates.max_cv_pct)
    single = [x3(v) for v in sorted({p.speedup for p in m.load.models if p.speedup_ci95 is None and not p.unstable})]
    unstable = [x3(v) for v in sorted({p.speedup for p in m.load.models if p.unstable})]
    if len(m.load.models) == 1:  # its speedup is printed beside this already
        pair = m.load.models[0]
        if not unstable:
            return _("one load time per system, so its spread is unknown")
        spread = _spread_sides(m, pair, cfg, full)
        ci = pair.speedup_ci95
        if full and ci is not None and ci[0] > 1:
            return _(
                "{spread}; the ratio's 95% interval ({low} to {high}) lies above 1×, so {candidate} loads faster, but "
                "how much faster is not settled"
            ).format(spread=spread, low=x3(ci[0]), high=x3(ci[1]), candidate=m.load.candidate_system)
        return spread
    if not unstable:
        return _("each from one load time per system, spread unknown")
    if not single:
        return ngettext(
            "{unstable} comes from runs that spread above the {limit}% limit",
            "{unstable} come from runs that spread above the {limit}% limit",
            len(unstable),
        ).format(unstable=join_words(unstable), limit=limit)
    return ngettext(
        "{single} comes from one load time per system (spread unknown) and {unstable} from runs that spread above "
        "the {limit}% limit",
        "{single} come from one load time per system (spread unknown) and {unstable} from runs that spread above "
        "the {limit}% limit",
        len(single),
    ).format(single=join_words(single), unstable=join_words(unstable), limit=limit)


def _spread_sides(m: Metrics, pair, cfg: TestConfig, full: bool) -> str:
    """Whose load times spread above the limit, which is the saves' (no gate judges loads): both systems', or the one
    system's, with the spreads where there is room (Chinese reading 18, M1: "its runs spread above the 5% limit" after
    the baseline's name read as the baseline's runs alone, the limit as a load gate's)."""
    over = [
        (system, cv)
        for system, cv in (
            (m.load.baseline_system, pair.baseline_cv_pct),
            (m.load.candidate_system, pair.candidate_cv_pct),
        )
        if cv is not None and cv > cfg.gates.max_cv_pct
    ]
    limit = given(cfg.gates.max_cv_pct)
    if len(over) == 2:
        text = (
            _(
                "the load times of both systems spread above the {limit}% limit set for the saves ({first}% and "
                "{second}%)"
            )
            if full
            else _("the load times of both systems spread above the {limit}% limit set for the saves")
        )
        return text.format(limit=limit, first=sig(over[0][1]), second=sig(over[1][1]))
    system, cv = over[0]
    text = (
        _("{system}'s load times spread above the {limit}% limit set for the saves ({cv}%)")
        if full
        else _("{system}'s load times spread above the {limit}% limit set for the saves")
    )
    return text.format(system=system, limit=limit, cv=sig(cv))


def not_established(w: Words, lead: bool) -> str:
    """The sentence that replaces the load range where it is not established (`load_not_established`): in the summary
    (`lead`: "For inference, …", pointing to the loading section) or heading the loading section."""
    m = w.m
    origin = w.origin("load_times")
    # the ratio with its direction (Chinese reading 16, M1: "X 的加载时间之比为 6.2 倍" read as X slower), then why it
    # is not yet a speedup ("establish no load speedup" read as "showed none": cold read 15, M1)
    if lead:
        text = (
            _(
                "For inference, with the illustrative load times {baseline} takes {span} as long as {candidate} to "
                "load ({pairs}), not yet an established speedup: {why} (see “{section}”)."
            )
            if origin == "illustrative"
            else _(
                "For inference, with the supplied load times {baseline} takes {span} as long as {candidate} to load "
                "({pairs}), not yet an established speedup: {why} (see “{section}”)."
            )
            if origin == "supplied"
            else _(
                "For inference, {baseline} takes {span} as long as {candidate} to load ({pairs}), not yet an "
                "established speedup: {why} (see “{section}”)."
            )
        )
    else:
        text = (
            _(
                "With the illustrative load times, {baseline} takes {span} as long as {candidate} to load ({pairs}), "
                "not yet an established speedup: {why}."
            )
            if origin == "illustrative"
            else _(
                "With the supplied load times, {baseline} takes {span} as long as {candidate} to load ({pairs}), not "
                "yet an established speedup: {why}."
            )
            if origin == "supplied"
            else _(
                "{baseline} takes {span} as long as {candidate} to load ({pairs}), not yet an established speedup: "
                "{why}."
            )
        )
    return text.format(
        candidate=m.load.candidate_system,
        baseline=m.load.baseline_system,
        pairs=load_pairs(m),
        span=ratio_span(m.load.speedup_min, m.load.speedup_max),
        why=not_established_why(m, w.config),
        section=_("Model loading for inference"),
    )


def unstable_loads(m: Metrics, cfg: TestConfig, section: str = "") -> str:
    """Said after the headline load range when an end of the whole range comes from runs that spread above the
    limit: left out of the range when other pairs remain, else named as unstable. `section`: where the loads are
    discussed, when it is not here (there, the warnings that follow the range name an unstable pair)."""
    ends, stable = load_speedups_by_spread(m)
    if not ends or load_not_established(m):  # the lead sentence says why (`not_established_why`)
        return ""
    values, limit = join_words([x3(v) for v in ends]), given(cfg.gates.max_cv_pct)
    if stable:
        text = (
            _(
                "Left out of this range: {values}, from runs that spread above the {limit}% limit (unstable; see "
                "“{section}”)."
            )
            if section
            else _(
                "Left out of this range: {values}, from runs that spread above the {limit}% limit (unstable; below)."
            )
        )
    else:  # nothing left out, and the warnings below say it
        return ""
    return " " + text.format(values=values, limit=limit, section=section)


def load_speedups_by_spread(m: Metrics) -> tuple[list[float], list[float]]:
    """The load speedups at the ends of the range that come from pairs whose runs spread above the limit (unstable),
    and the speedups of the other pairs: what page 1's tile heads with and the summary names."""
    ld = m.load
    ends = sorted({p.speedup for p in ld.models if p.unstable and p.speedup in (ld.speedup_min, ld.speedup_max)})
    # the others: not shown to spread above the limit. A pair of one load time per system shows no spread, so it is
    # not shown within the limit either, and the headline says so ("spread unknown": cold read 6, M7); but the end
    # shown unstable does not head the range (cold read 7, M4: retune's 10.0× top end, taken back by its own tile)
    return ends, [p.speedup for p in ld.models if not p.unstable]
