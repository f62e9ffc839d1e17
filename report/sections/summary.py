"""Executive summary: the verdict, the key findings, re-tuning and the warnings."""

from __future__ import annotations

from report.compute import Metrics
from report.document.blocks import (
    Para,
    Section,
)
from report.formatting import (
    count,
    gb,
    long_duration,
    p3,
    s3,
)
from report.i18n import _, join_words
from report.inputs.config import CSV_INPUTS
from report.wording import cpu
from report.wording.base import Words
from report.wording.capacity import capacity_paras
from report.wording.decisions import means_only, no_difference_shown
from report.wording.labels import input_words
from report.wording.loads import (
    headline_load_span,
    load_not_established,
    load_pairs,
    loads_marked,
    memory_loads,
    not_established,
    unestablished,
)
from report.wording.outrun import outrun_sides
from report.wording.phrases import (
    counted_noun,
    load_speed,
    measured_speed,
    per_save,
    sooner,
    speedup_ci_phrase,
)
from report.wording.retuning import interval_lever, tuning_sentence
from report.wording.scaling_headline import sweep_result
from report.wording.sceptic import risks_title, sceptic_note
from report.wording.spread_runs import means_speed, runs_beside, runs_beside_words
from report.wording.statements import (
    async_sentence,
    loads_read_as_restores,
    read_by,
    save_sources,
    save_warnings,
    sources_by_system,
)
from report.wording.verdict import save_times_unsourced, verdict_label, verdict_style, verdict_summary
from report.wording.workloads import other_saves_words

ID = "summary"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def _bubble_words(m: Metrics) -> str:
    """The bubble and the run's end, as a fact, or as a condition while the test shows no difference in save time."""
    if means_only(m):
        return (
            _(
                "If the means held: over {steps} steps with an asynchronous save every {interval} steps, the "
                "checkpoint bubble (stall time as a share of wall time) would go from {baseline} to {candidate} and "
                "the run would end {sooner} ({candidate_duration} against {baseline_duration})."
            )
            if m.checkpoint_mode == "async"
            else _(
                "If the means held: over {steps} steps with a save every {interval} steps, the checkpoint bubble "
                "(save time as a share of wall time) would go from {baseline} to {candidate} and the run would end "
                "{sooner} ({candidate_duration} against {baseline_duration})."
            )
        )
    if m.bubble.baseline_bubble_pct == m.bubble.candidate_bubble_pct:
        # the same share on both: said so, not "from 1.40% to 1.40%" (Chinese reading 14c, Q-m2)
        return (
            _(
                "Over {steps} steps with an asynchronous save every {interval} steps, the checkpoint bubble (stall "
                "time as a share of wall time) is {baseline} on either system and the run ends at the same time, "
                "after {baseline_duration}."
            )
            if m.checkpoint_mode == "async"
            else _(
                "Over {steps} steps with a save every {interval} steps, the checkpoint bubble (save time as a share "
                "of wall time) is {baseline} on either system and the run ends at the same time, after "
                "{baseline_duration}."
            )
        )
    return (
        _(
            "Over {steps} steps with an asynchronous save every {interval} steps, the checkpoint bubble "
            "(stall time as a share of wall time) goes from {baseline} to {candidate} and the run ends "
            "{sooner} ({candidate_duration} against {baseline_duration})."
        )
        if m.checkpoint_mode == "async"
        else _(
            "Over {steps} steps with a save every {interval} steps, the checkpoint bubble (save time as a "
            "share of wall time) goes from {baseline} to {candidate} and the run ends {sooner} "
            "({candidate_duration} against {baseline_duration})."
        )
    )


def _no_difference(w: Words) -> list[Para]:
    """Said first when the speedup's 95% interval includes 1×: the figures after it are conditional."""
    ci = w.m.save.speedup_ci95
    if not no_difference_shown(ci):
        return []
    text = _(
        "This test does not show a difference in save time: the speedup's 95% interval (below) includes 1×. The "
        "benefits below are derived from the two means and hold only if the means held."
    )
    return [w.p(text, "save_times", style="warning")]


def _other_sizes(w: Words) -> str:
    """The other workloads the save times hold, each with its means, ratio and interval, beside the headline's, and
    the judgements they do not enter (cold read 23, M2; cold read 5b, M1/M3: a measured 70B called "not analysed")."""
    words = other_saves_words(w)
    return " " + words if words else ""


def _key_findings(w: Words) -> list[Para]:
    m = w.m
    s, b = m.save, m.bubble
    beside = runs_beside(w)  # a gate failing on spread: the runs side by side, no confidence bound (8b, I-4)
    return [
        *_no_difference(w),
        w.p(
            # illustrative save times are not an event: no "saved" of them (third cold read, M-3)
            (
                _(
                    "On the {model} workload ({size} per checkpoint, {gpus}), the illustrative save times are "
                    "{candidate_time} on {candidate} against {baseline_time} on {baseline}: {difference} per save, "
                    "{speed} ({interval})."
                )
                if w.origin("save_times") == "illustrative"
                else _(
                    "On the {model} workload ({size} per checkpoint, {gpus}), the recorded save times are "
                    "{candidate_time} on {candidate} against {baseline_time} on {baseline}: {difference} per save, "
                    "{speed} ({interval})."
                )
                if w.origin("save_times") == "supplied"
                else _(
                    "On the {model} workload ({size} per checkpoint, {gpus}), {candidate} saved a checkpoint in "
                    "{candidate_time} against {baseline_time} on {baseline}: {difference} per save, {speed} "
                    "({interval})."
                )
            ).format(
                model=s.baseline.model,
                size=gb(s.baseline.snapshot_gb),
                gpus=counted_noun(s.baseline.gpus, "{n} GPU", "{n} GPUs"),
                candidate=s.candidate.system,
                candidate_time=s3(s.candidate.mean_s),
                baseline_time=s3(s.baseline.mean_s),
                baseline=s.baseline.system,
                difference=per_save(s.saved_per_save_s),
                speed=measured_speed(m) if beside is None else means_speed(w),
                interval=speedup_ci_phrase(m) if beside is None else runs_beside_words(w, beside),
            )
            + _other_sizes(w)
            + cpu.caveat(w),
            "save_times",
        ),
        w.p(
            _bubble_words(m).format(
                steps=count(b.total_steps),
                interval=count(b.checkpoint_interval_steps),
                baseline=p3(b.baseline_bubble_pct),
                candidate=p3(b.candidate_bubble_pct),
                sooner=sooner(b.duration_reduction_pct),
                candidate_duration=long_duration(b.candidate_duration_s, b.baseline_duration_s),
                baseline_duration=long_duration(b.baseline_duration_s, b.candidate_duration_s),
            ),
            "save_times",
        ),
        *capacity_paras(w, full=False),
        *[p for p in (sweep_result(w, refer=True),) if p is not None],
        w.p(async_sentence(m, refer=True), "save_times", "restore_times"),
        Para(
            not_established(w, lead=True) + memory_loads(m, w.config)
            if load_not_established(m)
            else (
                _("For inference, the illustrative load times put {candidate} {speed} than {baseline} ({pairs}).")
                if w.origin("load_times") == "illustrative"
                else _("For inference, the recorded load times put {candidate} {speed} than {baseline} ({pairs}).")
                if w.origin("load_times") == "supplied"
                else _("For inference, {candidate} loaded models {speed} than {baseline} ({pairs}).")
            ).format(
                candidate=m.load.candidate_system,
                speed=load_speed(m, headline_load_span(m)),
                baseline=m.load.baseline_system,
                pairs=load_pairs(m),
            )
            + memory_loads(m, w.config)
            + unestablished(w)
            + _loads_read(w),
            "p",
            loads_marked(w),
        ),
    ]


def _loads_read(w: Words) -> str:
    """Where the load times are a tool's reads of files (fio's), said where the summary states them (Chinese reading
    19, M4: "a proxy" only in the loading section)."""
    tool = read_by(w.test, "load_times")
    if tool is None:
        return ""
    if loads_read_as_restores(w.test):  # not a second workload (cold read 31, M1)
        return " " + _(
            "These load times are {tool}'s reads of the files the saves wrote, the same job as the restores: one read "
            "timed twice, a proxy for a load (see “{section}”)."
        ).format(tool=tool, section=_("Model loading for inference"))
    return " " + _(
        "These load times are {tool}'s reads of files the model's size, a proxy for a load (see “{section}”)."
    ).format(tool=tool, section=_("Model loading for inference"))


def build(w: Words) -> Section:
    m = w.m
    reason = verdict_summary(
        m,
        w.config,
        w.origin("save_times") == "supplied",
        w.findings,
        restated=verdict_style(m, save_times_unsourced(w), w.findings) == "indicative",
    )
    # a reason the label already gave leaves nothing after it (Chinese reading 12, W-m4)
    verdict = Para(
        _("{verdict}. {reason}")
        .format(
            verdict=verdict_label(m, w.findings, save_times_unsourced(w), w.config.gates.target_speedup), reason=reason
        )
        .strip(),
        f"verdict-{verdict_style(m, save_times_unsourced(w), w.findings)}",
    )
    blocks: list = [verdict]
    if note := sceptic_note(m, w.config):  # beside the verdict, as on page 1 (cold read 12, W-M3), under its heading
        blocks += [Para(risks_title(), "heading"), w.p(note, "save_times", style="warning")]
    blocks.append(w.p(_evidence(w) + _not_durable(w) + _doubts(w), style="evidence"))
    blocks += _key_findings(w)
    if tuning := tuning_sentence(m):  # drawn from the save times: marked as they are (Chinese reading 3, major 1)
        blocks.append(w.p(tuning.text, "save_times", style=tuning.style))
    if lever := interval_lever(w):
        blocks.append(w.p(lever, "save_times", style="warning"))
    blocks += save_warnings(w, summary=True)
    return Section(ID, _("Executive summary"), tuple(blocks))


def _origins(w: Words) -> dict[str, list[str]]:
    """The inputs present by origin, in the sources list's words: imported from a tool's output (measured), supplied
    in a CSV whose source note says measured, supplied otherwise (taken as given), or illustrative."""
    m = w.m
    out: dict[str, list[str]] = {
        "imported": [], "supplied_measured": [], "supplied_noted": [], "supplied": [], "illustrative": []
    }  # fmt: skip
    for name in CSV_INPUTS:
        if name == "restore_times" and m.reliability.baseline.restore_s is None:
            continue
        if name == "scaling" and m.scaling is None:
            continue
        words = input_words(name)
        if name in m.inputs_illustrative:
            out["illustrative"].append(words)
            continue
        if f"{name}.csv" not in w.test.raw:
            out["imported"].append(words)
            continue
        sources = sources_by_system(w.test, name)
        imported = [system for system, kinds in sources.items() if set(kinds) - {f"{name}.csv"}]
        if imported:  # given in part, imported in part: each part under its own words (cold read 18, M2)
            given = [system for system, kinds in sources.items() if f"{name}.csv" in kinds]
            if not given:  # a header with no rows: every row imported
                out["imported"].append(words)
                continue
            out["imported"].append(_("{input} (rows of {systems})").format(input=words, systems=join_words(imported)))
            words = _("{input} (rows of {systems})").format(input=words, systems=join_words(given))
        # whose measurement: the note's, quoted once, in the setup's data sources (cold read 16, T-m3: the save note
        # printed verbatim three times; fourth cold read, M2), decided on test.toml's own note, negations read
        if name in w.config.measured:
            out["supplied_measured"].append(words)
        if w.config.sources.get(name, "").strip():
            out["supplied_noted"].append(words)
        out["supplied"].append(words)  # every record, in the inputs' order, saves first (cold read 16, T-m2, U-m6)
    return out


def _evidence(w: Words) -> str:
    """Page 1's line on what the figures rest on: "measured" only for inputs imported from a tool's output; inputs
    supplied in a CSV are "supplied", measurements only by their source note (cold read 7, minor 11)."""
    o = _origins(w)
    # An asynchronous job's stalls rest on [async] staging_s, a number test.toml gives, not an input measured.
    staging = (
        " " + _("The staging times are taken from the test setup, not from the attached records.")
        if w.m.checkpoint_mode == "async" and w.config.async_saves is not None
        else ""
    )
    if not (o["supplied"] or o["supplied_measured"] or o["illustrative"]):
        # the inputs by name: restore times, when imported, are among them
        return (
            _(
                # the paragraph after says the PDF carries them (page 1 is full: cold read 22's fio cover ran over)
                "Every figure is computed from the measured inputs ({inputs}) and from the assumptions in the test "
                "setup."
            ).format(inputs=join_words(o["imported"]))
            + staging
        )
    # every record in one list, who took them said once for all of them (cold read 16, U-m6; scaling reading 16, m5:
    # the saves set apart as measured in one edition and not in the other)
    how = (
        _("measured, by their source notes (in “{section}”), not by this tool")
        if len(o["supplied_measured"]) == len(o["supplied"])
        else _(
            "supplied with the test, not produced in making this report; their source notes (in “{section}”) say "
            "how each was taken"
        )
        if len(o["supplied_noted"]) == len(o["supplied"])
        else _("supplied with the test, not produced in making this report")
    ).format(section=_("Test setup and data sources"))
    words = {
        "imported": _("Measured inputs, imported from tool output: {inputs}."),
        # a plain sentence, no file of the tool named on a customer page (zh cold read 5b, M-22/A-12)
        "supplied": _("The records this report rests on are {inputs} (see “{appendix}”), {how}.")
        if not o["imported"]
        else _("Its other records are {inputs} (see “{appendix}”), {how}."),
    }
    parts = [words[k].format(inputs=join_words(o[k]), appendix=_("Appendix A: inputs"), how=how) for k in words if o[k]]
    none_measured = not o["imported"] and not o["supplied_measured"] and o["illustrative"]
    if none_measured:
        parts.append(_("None of this report's inputs is measured."))
        # "not measured" said just before (Chinese reading 11, m2)
        parts.append(
            _("Illustrative inputs: {inputs}; each figure drawn from them is marked “Illustrative”.").format(
                inputs=join_words(o["illustrative"])
            )
        )
    elif o["illustrative"]:
        parts.append(
            _(
                "Illustrative inputs, not measured: {inputs}; each figure drawn from them is marked “Illustrative”."
            ).format(inputs=join_words(o["illustrative"]))
        )
    elif not _doubts(w):  # page 1's room goes to the warnings where there are some
        parts.append(
            _(
                "Every figure is computed from these inputs, attached to the PDF edition, and from the assumptions in "
                "the test setup."
            )
        )
    return " ".join(parts) + staging


def _doubts(w: Words) -> str:
    """The summary's warnings that void comparisons, named on page 1 in a few words (Chinese reading 20, M4: two timing
    programs and saves faster than the logged bandwidth were said only from page 3 on)."""
    s = w.m.save
    reasons = []
    if save_sources(w.test, s.baseline.system) != save_sources(w.test, s.candidate.system):
        reasons.append(_("two timing programs"))
    if keys := outrun_sides(w):  # of the systems it holds for (cold read 10, Q-M3)
        systems = join_words([w.name(key) for key in keys])
        reasons.append(_("saves on {systems} faster than the bandwidth logged for them").format(systems=systems))
    if not reasons:
        return ""
    return " " + _("Read the summary's warnings first: {reasons}.").format(reasons=_("; ").join(reasons))


def _not_durable(w: Words) -> str:
    """Page 1 says whose saves would not survive a power loss (tmpfs, an unprotected write cache)."""
    names = [side.system for side in w.sides if side.key in w.m.not_durable]
    if not names:
        return ""
    return " " + _(
        "Saves on {systems} would not survive a power loss: every figure drawn from them is marked “Not durable”."
    ).format(systems=join_words(names))
