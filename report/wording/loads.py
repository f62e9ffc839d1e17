"""The model loads, worded once for page 1, the summary, the loading section and the answers: the headline range
over every pair, the pairs not established by the rule the saves follow, and loads that read memory."""

from __future__ import annotations

from report.compute import SIDES, Metrics
from report.compute.findings import Finding
from report.document.spoken import fill, said
from report.formatting import count, given, p3, s3, sig, x3
from report.i18n import _, join_clauses, join_words, ngettext
from report.inputs.config import TestConfig
from report.wording.base import Words
from report.wording.phrases import ratio_span
from report.wording.risks import load_path_words

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
    """The mark of a figure drawn from the load times: "illustrative" when they are, "reads_memory" when a load system
    reads memory (a load only reads: not a durability mark, field test 7, m16), else none."""
    return w.marked("load_times") or ("reads_memory" if memory_load_systems(w.m, w.config) else "")


def load_not_established(m: Metrics) -> bool:
    """Whether no load pair is established by the rule the saves follow (enough runs, a spread within the limit on
    both systems): then the loads establish no speedup, and the words say why instead of stating one."""
    return m.load.established_range is None


def headline_load_pairs(m: Metrics) -> list:
    """The load pairs every headline states: all of them (schema 4: no pair is left out of a headline because of its
    spread; those not established are named beside it)."""
    return list(m.load.models)


def headline_load_span(m: Metrics) -> tuple[float, float]:
    """The range of every pair's load speedup."""
    return m.load.speedup_min, m.load.speedup_max


def load_pairs(m: Metrics) -> str:
    """The pairs the headline load range is taken from: "3 model/platform pairs"."""
    total = len(m.load.models)
    return ngettext("{n} model/platform pair", "{n} model/platform pairs", total).format(n=total)


def pairs_not_established(w: Words, found: Finding) -> str:
    """Each pair the finding names, with why it is not established: "32B on Atlas (2 runs a system, 3 needed; spread
    12.9% on Old NFS)"."""
    by_key = {f"{p.model} / {p.platform}": p for p in w.m.load.models}
    needed = w.config.gates.min_runs
    parts = []
    for key in found.scope.items:
        p, why = by_key[key], found["why"][key]
        runs = {"load_baseline": p.baseline_runs, "candidate": p.candidate_runs}
        cvs = {"load_baseline": p.baseline_cv_pct, "candidate": p.candidate_cv_pct}
        reasons = []
        if why["short"] and len({runs[side] for side in why["short"]}) == 1 and len(why["short"]) == 2:
            n = runs[why["short"][0]]
            reasons.append(
                ngettext("{n} run a system, {needed} needed", "{n} runs a system, {needed} needed", n).format(
                    n=n, needed=needed
                )
            )
        elif why["short"]:
            reasons.append(
                _("{runs}, {needed} needed").format(
                    runs=join_words(
                        [
                            ngettext("{n} run on {system}", "{n} runs on {system}", runs[side]).format(
                                n=runs[side], system=w.name(side)
                            )
                            for side in why["short"]
                        ]
                    ),
                    needed=needed,
                )
            )
        spread = [side for side in why["spread"] if cvs[side] is not None]
        if spread:
            reasons.append(
                _("spread {spreads} (CV)").format(
                    spreads=join_words(
                        [_("{cv} on {system}").format(cv=p3(cvs[side]), system=w.name(side)) for side in spread]
                    )
                )
            )
        ci = p.speedup_ci95
        if ci is not None and (ci[0] > 1 or ci[1] < 1):  # a direction settled, its size not (Chinese reading 16, M3)
            reasons.append(
                _(
                    "its 95% interval, {low}× to {high}×, excludes 1×, so the direction is settled but not the size"
                ).format(low=sig(ci[0]), high=sig(ci[1]))
            )
        parts.append(
            _("{model} on {platform} ({reasons})").format(
                model=p.model, platform=p.platform, reasons=_("; ").join(reasons)
            )
        )
    return join_words(parts)


def unestablished(w: Words) -> str:
    """Said after the headline load range when some pairs are established and some are not: the others, each with
    why, by the rule the saves follow."""
    found = w.findings.get("load_unestablished")
    if found is None or load_not_established(w.m):
        return ""
    text = ngettext(
        "Not established by the rule the saves follow ({runs} runs or more and a spread within {limit}% on each "
        "system): {pairs}.",
        "Not established by the rule the saves follow ({runs} runs or more and a spread within {limit}% on each "
        "system): {pairs}.",
        len(found.scope.items),
    )
    g = w.config.gates
    return " " + fill(
        text, runs=str(g.min_runs), limit=given(g.max_cv_pct), pairs=said(found, pairs_not_established(w, found))
    )


def not_established_why(w: Words) -> str:
    """Why no load pair is established: each pair with its reason, as the finding load_unestablished gives them."""
    found = w.findings.get("load_unestablished")
    assert found is not None, "said where no load pair is established: the finding load_unestablished is there"
    return said(found, pairs_not_established(w, found))


def not_established(w: Words, lead: bool) -> str:
    """The sentence that replaces the load range where it is not established (`load_not_established`): in the summary
    (`lead`: "For inference, …", pointing to the loading section) or heading the loading section."""
    m = w.m
    origin = w.origin("load_times")
    # the ratio with its direction (Chinese reading 16, M1: "X 的加载时间之比为 6.2 倍" read as X slower), then why it
    # is not yet a speedup ("establish no load speedup" read as "showed none": cold read 15, M1)
    if lead and direction_settled(w):  # faster at 95% confidence; only the sizes are open (cold read 5b, M6)
        return fill(
            _(
                "For inference, {baseline} takes {span} as long as {candidate} to load ({pairs}). At 95% confidence "
                "{candidate} is faster on every pair, {least}; only the size of each ratio is not yet pinned down, "
                "with spreads of {excess} (see “{section}”)."
            ),
            candidate=m.load.candidate_system,
            baseline=m.load.baseline_system,
            pairs=load_pairs(m),
            span=ratio_span(m.load.speedup_min, m.load.speedup_max),
            least=least_savings(w),
            excess=spread_excess(w),
            section=_("Model loading for inference"),
        )
    if lead:
        text = (
            _(
                "For inference, with the illustrative load times {baseline} takes {span} as long as {candidate} to "
                "load ({pairs}), not yet an established speedup: {why} (see “{section}”)."
            )
            if origin == "illustrative"
            else _(
                "For inference, with the recorded load times {baseline} takes {span} as long as {candidate} to load "
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
                "With the recorded load times, {baseline} takes {span} as long as {candidate} to load ({pairs}), not "
                "yet an established speedup: {why}."
            )
            if origin == "supplied"
            else _(
                "{baseline} takes {span} as long as {candidate} to load ({pairs}), not yet an established speedup: "
                "{why}."
            )
        )
    return fill(
        text,
        candidate=m.load.candidate_system,
        baseline=m.load.baseline_system,
        pairs=load_pairs(m),
        span=ratio_span(m.load.speedup_min, m.load.speedup_max),
        why=not_established_why(w) if not lead else _("no pair meets the rule the saves follow"),
        section=_("Model loading for inference"),
    )


def direction_settled(w: Words) -> bool:
    """Whether the loads, none established by the saves' rule, still settle their direction: every pair's 95%
    interval lies above 1x and every pair falls short of the rule by its spread alone (enough runs on both sides).
    Then the candidate is faster at 95% confidence and only the size of each ratio is not pinned down (cold read 5b,
    M6/M-5: "do not yet establish a cold-start saving" beside intervals of 3.19x-3.64x and 4.53x-5.20x)."""
    m, needed = w.m, w.config.gates.min_runs
    if w.origin("load_times") == "illustrative" or memory_load_systems(m, w.config):
        return False  # no confidence to state of chosen figures, nor of reads from memory
    return bool(m.load.models) and all(
        p.speedup_ci95 is not None
        and p.speedup_ci95[0] > 1
        and p.baseline_runs >= needed
        and p.candidate_runs >= needed
        and p.baseline_cv_pct is not None
        and p.candidate_cv_pct is not None
        for p in m.load.models
    )


def least_savings(w: Words) -> str:
    """ "at least 3.19× for 8B on H100, saving at least 13.8 s per cold start": each pair's interval's lower end, and
    the saving it leaves on the baseline's mean load (baseline_s × (1 − 1 / low))."""
    parts = []
    for p in w.m.load.models:
        assert p.speedup_ci95 is not None, "said where direction_settled holds"
        low = p.speedup_ci95[0]
        parts.append(
            _("at least {low}× for {model} on {platform} (at least {saved} saved per cold start)").format(
                low=sig(low), model=p.model, platform=p.platform, saved=s3(p.baseline_s * (1 - 1 / low))
            )
        )
    return join_words(parts)


def spread_excess(w: Words) -> str:
    """ "5.24% on NX8, 0.24 points above the 5% rule": each spread above the saves' limit, by how much."""
    limit = w.config.gates.max_cv_pct
    parts = []
    for p in w.m.load.models:
        for side, cv in (("load_baseline", p.baseline_cv_pct), ("candidate", p.candidate_cv_pct)):
            if cv is not None and cv > limit:
                parts.append(
                    _("{cv} on {system} for {model} ({points} points above the {limit}% rule)").format(
                        cv=p3(cv), system=w.name(side), model=p.model, points=sig(cv - limit), limit=given(limit)
                    )
                )
    return join_words(parts)


def loads_not_from(w: Words) -> str:
    """Where the save baseline is local to each node and is not the load baseline, that loads from it were not
    measured: models staged on the storage already owned are the cheap alternative (cold read 6, node-local, M1)."""
    found = w.findings.get("node_local")
    c = w.config.systems
    if found is None or "baseline" not in found.scope.items or c.save_baseline == c.load_baseline:
        return ""
    return " " + _("Loads from {baseline}, where models could be staged, were not measured.").format(
        baseline=w.name("baseline")
    )


def loads_copied(w: Words) -> str:
    """Where faster loads are credited to a candidate local to each node: they read a model already on the node's
    drives, a copy the test did not time (cold tests 14, Q), unless the load_times source says it was timed."""
    n = w.m.node_local
    if n is None or not n.load_copy_untimed:
        return ""
    return " " + _(
        "Loads from {candidate}, storage local to each node, assume the model already copied onto that node's drives, "
        "a copy this test did not time."
    ).format(candidate=w.name("candidate"))


def loads_fresh_node(w: Words) -> str:
    """The loads section's limit on a node-local candidate's saving: it holds on a node that already holds the model;
    a scale-out onto a fresh node or a model update needs the copy first, untimed (cold read 14c, Q-M3): " " and a
    sentence, or ""."""
    n = w.m.node_local
    if n is None or not n.load_copy_untimed:
        return ""
    return " " + _(
        "The saving holds on a node that already holds the model, as at a restart; a scale-out onto a fresh node or a "
        "model update needs that copy first."
    )


def loads_reason(w: Words) -> str:
    """Page 1's loads reason: the established load pairs, each with its own speedup (at most three named; more as a
    span), then the pairs it leaves out (moved from wording/recommendation.py)."""
    return _loads_pairs(w) + load_path_words(w) + loads_copied(w) + loads_not_from(w)


def _loads_pairs(w: Words) -> str:
    m = w.m
    pairs = [p for p in m.load.models if p.established]
    models = [p.model for p in pairs]
    names = models if len(set(models)) == len(models) else [f"{p.model} ({p.platform})" for p in pairs]
    if len(pairs) <= 3:
        # pairs are clauses, each with its verb: "A 为 2.58 倍，B 为 1.75 倍", never "…和…" (zh reading 15, R)
        per_pair = join_clauses(
            [_("{ratio} for {model}").format(model=n, ratio=x3(p.speedup)) for n, p in zip(names, pairs, strict=True)],
            inner=True,
        )
        # one pair is worded as one (Chinese reading 13b, Y-11: "其中" before a single pair)
        text = (
            _("Model loads from {candidate} are faster than from {baseline}: {pairs}.")
            if len(pairs) > 1
            else _("Model loads from {candidate} are faster than from {baseline}: {pair}.")
        )
        return text.format(
            candidate=w.name("candidate"), baseline=w.name("load_baseline"), pairs=per_pair, pair=per_pair
        )
    established = m.load.established_range
    assert established is not None, "the loads reason comes from established load pairs"
    low, high = established
    return _("Model loads from {candidate} are {span} faster than from {baseline}, on {count} model pairs.").format(
        candidate=w.name("candidate"), span=_span(low, high), baseline=w.name("load_baseline"), count=count(len(pairs))
    )


def _span(low: float, high: float) -> str:
    a, b = sig(low), sig(high)
    return x3(low) if a == b else _("{low}×–{high}×").format(low=a, high=b)
