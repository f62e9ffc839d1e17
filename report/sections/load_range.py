"""The model loads, worded once for page 1, the summary, the loading section and the answers: the headline range
(pairs whose runs spread above the limit left out), and loads that read memory."""

from __future__ import annotations

from report.compute import SIDES, Metrics
from report.config import TestConfig
from report.formatting import (
    given,
    x3,
)
from report.i18n import _, join_words, ngettext
from report.sections.base import Words

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


def headline_load_pairs(m: Metrics) -> list:
    """The load pairs every headline states (page 1, the summary, the loading section): those whose runs stay within
    the limit when an end of the whole range is unstable and such pairs remain, else all (third cold read, M-1: one
    range everywhere)."""
    ends, stable = load_speedups_by_spread(m)
    if ends and stable:
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


def unstable_loads(m: Metrics, cfg: TestConfig, section: str = "") -> str:
    """Said after the headline load range when an end of the whole range comes from runs that spread above the
    limit: left out of the range when other pairs remain, else named as unstable. `section`: where the loads are
    discussed, when it is not here (there, the warnings that follow the range name an unstable pair)."""
    ends, stable = load_speedups_by_spread(m)
    if not ends:
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
    elif section:
        text = _("The runs behind {values} spread above the {limit}% limit: unstable (see “{section}”).")
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
