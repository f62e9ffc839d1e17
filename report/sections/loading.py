"""Model loading for inference: cold starts on both systems."""

from __future__ import annotations

from dataclasses import replace

from report.document.blocks import (
    Column,
    Figure,
    Para,
    Section,
    Table,
)
from report.document.spoken import fill, said, spoken
from report.formatting import (
    enough_digits,
    figure_of,
    gb,
    given,
    natural_key,
    num,
    p3,
    seconds_figure,
    sig,
    spread,
    x3,
)
from report.i18n import _, join_clauses, join_words, ngettext
from report.wording.base import Words
from report.wording.loads import (
    headline_load_span,
    load_not_established,
    loads_copied,
    loads_fresh_node,
    loads_marked,
    memory_loads,
    not_established,
    unestablished,
)
from report.wording.phrases import (
    load_speed,
    per_save,
)
from report.wording.risks import load_path_words
from report.wording.statements import loads_read_as_restores, read_by
from report.wording.unmeasured import to_pay

ID = "loading"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("load-times",)


def _load_means(x) -> tuple[str, str]:
    """A pair's two mean load times as its row prints them: three significant digits, or the fewest more that give its
    printed speedup back (cold read 10, m3: "188" against 24.5 gives 7.67, not the 7.68× of 188.1 s)."""
    return enough_digits(
        (x.baseline_s, x.candidate_s),
        lambda t: x3(figure_of(t[0]) / figure_of(t[1])) == x3(x.speedup),
        figure=seconds_figure,
    )


def _decimals(text: str) -> int:
    return len(text.rpartition(".")[2]) if "." in text else 0


def table_means(models) -> list[tuple[str, str]]:
    """Each pair's two mean load times as the table prints them: three significant digits, or, where a pair needs
    more to give its printed speedup back (`_load_means`), every time in the table at that pair's decimals, so that
    the table keeps one precision and needs no note on why one cell has more digits (zh reading 17, W minor 8:
    "'20.24': printed with more digits than the other times" read as the tool's own talk)."""
    means = [_load_means(x) for x in models]
    plain = [(seconds_figure(x.baseline_s), seconds_figure(x.candidate_s)) for x in models]
    if means == plain:
        return means
    decimals = max(_decimals(t) for pair in means for t in pair)
    return [(num(x.baseline_s, decimals), num(x.candidate_s, decimals)) for x in models]


def _load_table(w: Words, models) -> Table:
    m = w.m
    rows = tuple(
        (
            x.model,
            x.platform,
            gb(x.size_gb),
            f"{x.baseline_runs} / {x.candidate_runs}",
            *(
                spread(mean, sd, lambda _v, text=text: text)
                for mean, sd, text in zip(
                    (x.baseline_s, x.candidate_s),
                    (x.baseline_stdev_s, x.candidate_stdev_s),
                    means,
                    strict=True,
                )
            ),
            "–" if x.baseline_cv_pct is None else f"{sig(x.baseline_cv_pct)} / {sig(x.candidate_cv_pct)}",
            seconds_figure(x.saved_s),
            x3(x.speedup),
            # "8.97× to 9.60×", as the prose says an interval, and a cell that can wrap: an unbreakable
            # "8.97–9.60×" pushed a table of long names past the right margin (second cold read, major 7)
            "–"
            if x.speedup_ci95 is None
            else _("{low} to {high}").format(low=x3(x.speedup_ci95[0]), high=x3(x.speedup_ci95[1])),
        )
        for x, means in zip(models, table_means(models), strict=True)
    )
    headers, named = _system_headers(w, m.load.baseline_system, m.load.candidate_system)
    tool = read_by(w.test, "load_times")
    return Table(
        "load",
        _("Model load time (inference cold start)")
        if tool is None
        else _("Time to read files the model's size ({tool}), a proxy for the load time").format(tool=tool),
        (
            Column(_("Model"), False),
            Column(_("Platform"), False),
            Column(_("Size")),
            Column(_("Runs")),
            Column(headers[0]),
            Column(headers[1]),
            Column(_("CV (%)")),
            Column(_("Saved (s)")),
            # a ratio where the text establishes no speedup (Chinese reading 16, M2: 加速比 under 尚不能确立为加载加速)
            Column(_("Speedup") if m.load.speedup_shown else _("Baseline ÷ candidate")),
            Column(_("95% interval")),
        ),
        rows,
        f"{_table_note(models)} {named}".strip(),
        illustrative=loads_marked(w),
    )


# A system's name heads its column up to this length; a longer one would wrap a narrow number column over more
# than three lines: the column is headed by the system's role and the note names it.
HEADER_NAME_CHARS = 24


def _table_note(models) -> str:
    """The load table's note, in the report's language: of one load time per system, what each cell is (Chinese
    reading 11, m13: "mean ± sd over runs" above a table with no ± and no CV)."""
    if all(x.baseline_runs == 1 and x.candidate_runs == 1 for x in models):
        note = _("One load time per system for each model: each cell is that load's time, with no spread to show.")
    else:
        note = _("Mean ± sd over runs; CV baseline / candidate; the interval by the same method as the saves'.")
    return note


def _system_headers(w: Words, baseline: str, candidate: str) -> tuple[tuple[str, str], str]:
    """The two time columns' headers, and the note's sentence naming the systems when the headers do not."""
    if max(len(w.label(baseline)), len(w.label(candidate))) <= HEADER_NAME_CHARS:
        return (w.header(baseline, "s"), w.header(candidate, "s")), ""
    named = _("Load baseline: {baseline}; candidate: {candidate}.").format(baseline=baseline, candidate=candidate)
    return (_("Load baseline (s)"), _("Candidate (s)")), named


def _lead_text(w: Words) -> str:
    """The lead's sentence, by where the load times come from; recorded ones give the load's end point as the record
    words it (finding load_end_point; zh reading 18, X minor 10), never one the record does not give."""
    if w.origin("load_times") == "supplied":  # taken as given, not timed here (fourth cold read, M2)
        if w.findings.has("load_end_point"):
            return _(
                "With the recorded load times, from a cold start to the first token, {candidate} brings a model into "
                "service {speed} than {baseline}: {per_pair}."
            )
        return _(
            "With the recorded load times, {candidate} brings a model into service {speed} than {baseline}: {per_pair}."
        )
    if w.origin("load_times") == "illustrative":  # not an event (third cold read, M-3)
        return _(
            "With the illustrative load times, {candidate} would bring a model into service {speed} than {baseline}: "
            "{per_pair}."
        )
    return _("{candidate} brings a model into service {speed} than {baseline}: {per_pair}.")


def _caches(w: Words) -> Para | None:
    """Where the record says one load side's cache was left warm and the other's cleared (finding
    load_caches_unequal; zh reading 18, Y-M4): said once, with the way it leans and the repeat that settles it."""
    found = w.findings.get("load_caches_unequal")
    if found is None:
        return None
    kept = found.scope.items[0]
    other = next(side for side in ("load_baseline", "candidate") if side != kept)
    text = _(
        "The caches were not treated alike: the test record gives that {kept}'s cache was not cleared before the "
        "loads, while {other}'s was. {kept_short}'s load times may therefore come in part from its cache, which "
        "favours {kept_short}; repeating the loads with the caches treated alike would settle it."
    ).format(kept=w.name(kept), other=w.name(other), kept_short=w.label(w.name(kept)))
    return Para(said(found, text), "p", loads_marked(w))


def build(w: Words) -> Section:
    m = w.m
    models = sorted(m.load.models, key=lambda x: (natural_key(x.model), natural_key(x.platform)))
    text = _lead_text(w)
    lead = (
        spoken(not_established(w, lead=False), memory_loads(m, w.config))
        if load_not_established(m)
        else spoken(
            fill(
                text,
                candidate=m.load.candidate_system,
                speed=load_speed(m, headline_load_span(m)),
                baseline=m.load.baseline_system,
                per_pair=_savings(w),
            ),
            memory_loads(m, w.config),
            # once, where faster loads are credited to a candidate local to each node (cold tests 14, Q)
            loads_copied(w) + loads_fresh_node(w)
            if any(p.established and p.speedup > 1 for p in m.load.models)
            else "",
            unestablished(w),
        )
    )
    notes = [Para(spoken(lead, _read_only(w)), "p", loads_marked(w))]
    if (path := w.findings.get("load_path")) is not None:  # what each ratio includes: the path as given (S-M4)
        notes.append(Para(said(path, load_path_words(w).strip()), "p", loads_marked(w)))
    if (caches := _caches(w)) is not None:
        notes.append(caches)
    limit = given(w.config.gates.max_cv_pct)
    for found in w.findings.each("load_spread"):
        cv = found["cv"]
        over = join_words(
            [_("{system} {cv}").format(system=w.name(side), cv=p3(cv[side])) for side in found.scope.items]
        )
        text = ngettext(
            "{pair}: the load times on {over} (CV) spread above the {limit}% the gates accept for saves, so the "
            "size of this pair's ratio is not yet pinned down. Find the cause (cache state, other load on the "
            "system, too few runs) "
            "and repeat the loads.",
            "{pair}: the load times on {over} (CV) spread above the {limit}% the gates accept for saves, so the "
            "size of this pair's ratio is not yet pinned down. Find the cause (cache state, other load on the "
            "system, too few runs) "
            "and repeat the loads.",
            len(found.scope.items),
        )
        model, platform = found["pair"].split(" / ", 1)
        pair = _("{model} on {platform}").format(model=model, platform=platform)
        notes.append(Para(fill(text, pair=pair, over=said(found, over), limit=limit), "warning", loads_marked(w)))
    if cold_starts := to_pay(w):  # the cold starts that would pay for the candidate (page 1 points here)
        notes.append(Para(cold_starts))
    return Section(ID, _("Model loading for inference"), (*notes, _load_table(w, models), _figure(w)))


def _savings(w: Words) -> str:
    """What a cold start saves, pair by pair (the finding load_savings)."""
    found = w.findings.get("load_savings")
    assert found is not None, "every joint test has the finding load_savings"
    return said(
        found,
        join_clauses(
            [
                _("{saved} per cold start of {model} on {platform}").format(
                    saved=per_save(p.saved_s), model=p.model, platform=p.platform
                )
                for p in w.m.load.models
            ]
        ),
    )


def _read_only(w: Words) -> str:
    """Said where the load times are a tool's reads of files (fio's): what they leave out, and which way that moves
    the ratio (cold read 16, M3: fio's reads were captioned as the time until a model is ready to serve)."""
    tool = read_by(w.test, "load_times")
    if tool is None:
        return ""
    text = " " + _(
        "These load times are {tool}'s reads of files the model's size: a proxy for a load, which also deserialises "
        "the weights and copies them to the GPUs. Those steps are not timed here; they do not depend on the storage, "
        "so they lengthen the cold start on both systems alike and bring the ratio of the two closer to 1×."
    ).format(tool=tool)
    if same := loads_read_as_restores(w.test):
        # one measurement twice: the restores' read, repeated (cold read 30, M1: fio-local's load.fio and restore.fio
        # differ only in their comment line)
        text += " " + _(
            "On {systems}, the load runs are the same {tool} job as the restore runs, reading the files the saves "
            "wrote: the load time is the restore's read repeated, not a second workload."
        ).format(systems=join_words(same), tool=tool)
    return text


def _figure(w: Words) -> Figure:
    """The load chart, marked as the loads are wherever they appear: not durable when a load system reads memory
    (third cold read, m-12), as the tile, the prose and the table are; captioned as file reads where they are."""
    chart = replace(w.figure("load-times").chart, illustrative=loads_marked(w) or False)
    tool = read_by(w.test, "load_times")
    if tool is None:
        return Figure(chart)
    caption = (
        _(
            "Mean time for {tool} to read files the model's size, per model and platform: a proxy for a load, which "
            "also deserialises the weights (not timed); labels give the speedup."
        )
        if w.m.load.speedup_shown
        else _(
            "Mean time for {tool} to read files the model's size, per model and platform: a proxy for a load, which "
            "also deserialises the weights (not timed); labels give the ratio of the read times, and the text says "
            "what it establishes."
        )
    ).format(tool=tool)
    title = _("Model load time for inference ({tool}'s file reads, a proxy)").format(tool=tool)
    return Figure(replace(chart, title=title, caption=caption))
