"""The verdict and the gates, worded once for page 1, the summary and the gate table: each gate's detail, the
verdict's label, style and reason, and an asynchronous job's limit."""

from __future__ import annotations

from report.compute import SIDES, Gate, Metrics
from report.compute.recommendation import g3_lean
from report.compute.scopes import Findings
from report.formatting import (
    count,
    given,
    p3,
    s3,
    x3,
)
from report.i18n import _, join_words, ngettext
from report.inputs.config import TestConfig
from report.wording import g4_margin
from report.wording.base import Words
from report.wording.decisions import TILE_GATES, judged_statuses, open_gates
from report.wording.g3_scope import g3_leaning, g3_scope
from report.wording.labels import g4_pass_unsettled, g4_unsettled_words, gate_name, status_label, verdict_status_label
from report.wording.phrases import (
    counted_noun,
    gate_list,
)
from report.wording.repeatability import spread_only_label
from report.wording.retuning import (
    beyond_run,
    g4_limit_apart,
    optimum_points,
    stall_free_steps,
    today_interval_only,
    tuning_sentence,
)
from report.wording.staging import staging_note
from report.wording.statements import async_title


def gate_detail(m: Metrics, cfg: TestConfig, gate: Gate, found: Findings) -> str:
    """Why a gate has its status, in one line, from the figures and the findings, and the open gates whose data it
    rests on."""
    scope = g3_scope(m, cfg.gates.target_speedup) if gate.id == "G3" else ""  # cold read 15, S-M3
    return _own_detail(m, cfg, gate, found) + _rests_on(m, gate.id) + scope


def _rests_on(m: Metrics, gate_id: str) -> str:
    """Said of G3 and G4 when they are computed from save runs that G1 or G2 reject or cannot judge."""
    if gate_id == "G3" and m.save.speedup_ci95 is None:
        return ""  # G3 without an interval already says that the runs are too few
    failed, missing = open_for(m, gate_id)
    if failed:
        if next(g.status for g in m.gates if g.id == gate_id) == "pass":
            # indicative, in the reason: the status is a pass, the test plan's (cold read 17, W-B1)
            return _("; indicative, computed from save runs that fail {gates}").format(gates=gate_list(failed))
        return _("; computed from save runs that fail {gates}").format(gates=gate_list(failed))
    if missing:
        return _("; computed from save runs too few to decide {gates}").format(gates=gate_list(missing))
    return ""


def _own_detail(m: Metrics, cfg: TestConfig, gate: Gate, found: Findings) -> str:
    g = cfg.gates
    if gate.id in ("G1", "G2"):
        side = m.save.baseline if gate.id == "G1" else m.save.candidate
        if gate.status == "insufficient":
            return _("{runs} of {model} on {system}; at least {needed} are needed").format(
                runs=counted_noun(side.runs, "{n} run", "{n} runs"),
                model=side.model,
                system=side.system,
                needed=max(g.min_runs, 2),
            )
        text = (
            _("{runs} runs, spread (CV) {cv} within the {limit}% limit")
            if gate.status == "pass"
            else _("{runs} runs, spread (CV) {cv} above the {limit}% limit")
        )
        return text.format(runs=side.runs, cv=p3(side.cv_pct), limit=given(g.max_cv_pct))
    if gate.id == "G3":
        ci = m.save.speedup_ci95
        if ci is None:
            return _("no confidence interval, as each system needs 2 or more runs")
        if gate.status == "fail" and ci[1] < 1:
            # the interval as page 1 and the save section print it, slower (Chinese reading 9, J-B2: 1.58–1.66× slower
            # on page 1, 0.602–0.633 in the gate table)
            return _(
                "95% interval {low} to {high}, that is {slow_low} to {slow_high} slower, lies below {target}×"
            ).format(
                low=x3(ci[0]),
                high=x3(ci[1]),
                slow_low=x3(1 / ci[1]),
                slow_high=x3(1 / ci[0]),
                target=given(g.target_speedup),
            )
        text = {
            "pass": _("95% interval {low} to {high} lies at or above {target}×"),
            "fail": _("95% interval {low} to {high} lies below {target}×"),
            "insufficient": _("95% interval {low} to {high} contains {target}×"),
        }[gate.status]
        return text.format(low=x3(ci[0]), high=x3(ci[1]), target=given(g.target_speedup))
    change = m.bubble.duration_reduction_pct
    unagreed, ref = found.has("g4_unagreed"), given(g.target_duration_reduction_pct)  # a reference, last (14c, Q-M1)
    text = (
        _("training time the same on either system")  # not "0% shorter" (Chinese reading 14c, Q-m2)
        if unagreed and p3(change) == p3(0.0)
        else _("training time {change} shorter")
        if unagreed and change >= 0
        else _("training time {change} longer")
        if unagreed
        else _("training time {change} shorter; target {target}% shorter")
        if change >= 0
        else _("training time {change} longer; target {target}% shorter")
    )
    detail = text.format(change=p3(abs(change)), target=given(g.target_duration_reduction_pct))
    if staging_note(m):  # the staging times given make it, not the storage (cold read 9, J-B1)
        detail = _("{detail}; {cause}").format(detail=detail, cause=staging_note(m))
    # by the means, inside what the runs can tell (cold read 6, outlier case, B1), as the finding decides it once
    unsettled = found.get("g4_unsettled")
    if unsettled is not None:
        detail = _(
            "training time {change} shorter by the means, {low} to {high} across the speedup's 95% interval; target "
            "{target}% shorter, which these runs do not settle"
        ).format(
            change=p3(change),
            low=p3(unsettled["low_pct"]),
            high=p3(unsettled["high_pct"]),
            target=given(g.target_duration_reduction_pct),
        )
    if today_interval_only(m):  # judged where a longer or re-tuned interval takes the benefit away (cold read 4, M1)
        gain = m.reliability.optimum_gain_pct
        optimum = (
            _("each system at its optimal interval, {points} percentage points less failure-aware overhead")
            if gain >= 0
            else _("each system at its optimal interval, {points} percentage points more failure-aware overhead")
        ).format(points=optimum_points(m))
        detail = _("{detail} at today's interval; {optimum}").format(detail=detail, optimum=optimum)
    retuned = g4_retuned_fails(m, apart=True)  # where it gives G4's limit, the margin gives the quiet run alone
    detail += g4_margin.gate_clause(found, cfg.systems.short_name(cfg.systems.save_baseline), limit=not retuned)
    if retuned:
        detail = _("{detail}; passes {retuned}").format(detail=detail, retuned=retuned)
    staged = found.get("staging_differs")
    if staged is not None and staged["decides_g4"]:
        # the pass rests on the staging times given, which copy to host memory, not on the storage (cold read 13, X-M1)
        detail = _(
            "{detail}; with {staging} of staging on both systems, {equal} shorter, below the target: the pass rests on "
            "the staging times given"
        ).format(detail=detail, staging=s3(staged["baseline_s"]), equal=p3(staged["equal_staging_reduction_pct"]))
    if unagreed:
        detail = _("{detail}; reference {ref}% shorter, not agreed with the customer").format(detail=detail, ref=ref)
    return detail


def g4_retuned_fails(m: Metrics, apart: bool = False) -> str:
    """Where G4 passes at today's interval but only up to an interval shorter than the one the re-tuning advice gives:
    "only at intervals of at most 638 steps: at the re-tuned interval (1,397 to 5,215 steps) it would fail" (cold read
    8b, H-6: "All four gates pass" beside advice to save every 1,397 steps or more, at which G4 fails). "" otherwise.
    `apart`: the gate table's words, G4's limit told from the benefit's (g4_limit_apart)."""
    limit, lower, upper = m.gates_reach.g4_interval_steps, m.break_even_steps, m.break_even_upper_steps
    g4 = next(g.status for g in m.gates if g.id == "G4")
    r = m.reliability
    # the re-tuning advice is given (the summary's rule: not where Young's optimum lies beyond the run)
    retune = lower is not None and r.tuning_beats_switching and r.switch_gain_pct > 0 and not beyond_run(m)
    if g4 != "pass" or limit is None or not retune or lower is None or lower <= limit:
        return ""
    retuned = (
        _("{low} to {high} steps").format(low=count(lower), high=count(upper))
        if upper is not None
        else _("{steps} steps or more").format(steps=count(lower))
    )
    if apart and (told := g4_limit_apart(m, limit, retuned)):
        return told
    return _("only at intervals of at most {steps} steps: at the re-tuned interval ({retuned}) it would fail").format(
        steps=count(limit), retuned=retuned
    )


def verdict_reason(
    m: Metrics, cfg: TestConfig, supplied: bool, found: Findings, short: bool = False, restated: bool = False
) -> str:
    """Why the verdict is what it is, and, for an asynchronous job, up to which interval its benefit holds (`short`:
    page 1's words for it, where room is scarce; the summary gives the reason in full). `supplied`: the save times
    are given in save_times.csv, not timed by this tool."""
    limit = async_limit(m, short)
    return _verdict_reason(m, cfg, supplied, found, restated) + (" " + limit if limit else "")


def verdict_summary(m: Metrics, cfg: TestConfig, supplied: bool, found: Findings, restated: bool = False) -> str:
    """The verdict's reason as the summary says it, after page 1 has said it in full: the gates that fail or lack data,
    referring to the gate table for each reason, then which way G3 leans and the asynchronous limit. A verdict whose
    gates all pass keeps its reason, one sentence already; `restated`: the label before it already says that every gate
    passes, so the reason says only what they rest on (Chinese reading 12, W-m4: the summary said it twice)."""
    v = m.verdict
    if v.status == "demonstrated":
        return verdict_reason(m, cfg, supplied, found, restated=restated)
    # a G4 no one agreed is not said to fail: the label says it is not assessed (cold read 14c, Q-M1)
    missed = [g for g in v.failed if not (g == "G4" and found.has("g4_unagreed"))]
    if found.has("spread_only"):  # the label names the gates that fail and those that pass (cold read 17, W-B1)
        missed = []
    if missed:
        text = ngettext("{gates} fails.", "{gates} fail.", len(missed)).format(gates=gate_list(missed))
        if v.insufficient:
            also = ngettext("{gates} is also undecided.", "{gates} are also undecided.", len(v.insufficient))
            text += " " + also.format(gates=gate_list(v.insufficient))
    elif v.insufficient:
        text = _("{gates} cannot be decided from this test.").format(gates=gate_list(v.insufficient))
    else:
        text = ""
    text += (" " if text else "") + _("The gate table in “{section}” gives each gate's reason.").format(
        section=_("Joint-test gates and next steps")
    )
    gates = {g.id: g for g in m.gates}
    limit = async_limit(m)
    return text + g3_leaning(m, cfg, gates["G3"]) + (" " + limit if limit else "")


def async_limit(m: Metrics, short: bool = False) -> str:
    """The limit of an asynchronous job's benefit, said wherever the benefit is stated on page 1. Beyond the limit
    only staging stalls training: where the two systems stage in different times, training time still differs by that
    (Chinese reading 3, minor 1: "would not change" beside page 7's slightly slower candidate)."""
    steps = stall_free_steps(m)
    if steps is None:
        return ""
    a = m.async_
    gain = m.reliability.optimum_gain_pct
    if short:
        text = (
            _(
                "The benefit holds only under {steps} steps between saves (today: {interval}); each at its optimal "
                "interval, the candidate lowers the failure-aware overhead by only {points} percentage points."
            )
            if gain >= 0
            else _(
                "The benefit holds only under {steps} steps between saves (today: {interval}); each at its optimal "
                "interval, the candidate raises the failure-aware overhead by {points} percentage points."
            )
        )
        return text.format(
            steps=count(steps), interval=count(m.bubble.checkpoint_interval_steps), points=optimum_points(m)
        )
    beyond = (
        _("neither write outlasts the compute between saves and training would take as long on either system")
        if a.baseline.staging_s == a.candidate.staging_s
        else _(
            "neither write outlasts the compute between saves, so only staging stalls training ({baseline} on the "
            "baseline, {candidate} on the candidate)"
        ).format(baseline=s3(a.baseline.staging_s), candidate=s3(a.candidate.staging_s))
    )
    text = (
        _(
            "The benefit holds only at intervals under {steps} steps (today: {interval}): from {steps} steps on "
            "{beyond}; each at its optimal interval, the candidate lowers the failure-aware overhead by only {points} "
            "percentage points."
        )
        if gain >= 0
        else _(
            "The benefit holds only at intervals under {steps} steps (today: {interval}): from {steps} steps on "
            "{beyond}; each at its optimal interval, the candidate raises the failure-aware overhead by {points} "
            "percentage points."
        )
    )
    return text.format(
        steps=count(steps), interval=count(m.bubble.checkpoint_interval_steps), beyond=beyond, points=optimum_points(m)
    )


def _verdict_reason(m: Metrics, cfg: TestConfig, supplied: bool, found: Findings, restated: bool = False) -> str:
    """`supplied`: the save times are rows given in save_times.csv, taken as given, not timed by this tool (cold read
    18, M7: "this test's measurements" of rows with no source note)."""
    v, gates = m.verdict, {g.id: g for g in m.gates}

    def failed(gate_id: str) -> str:
        return _("{gate} ({name}) fails: {detail}").format(
            gate=gate_id, name=gate_name(gate_id).lower(), detail=gate_detail(m, cfg, gates[gate_id], found)
        )

    if v.status == "not_demonstrated":
        # One sentence a gate: a gate's detail has semicolons of its own (Chinese reading 6, m25).
        text = " ".join(_("{sentence}.").format(sentence=failed(g)) for g in v.failed)
        if v.insufficient:
            also = ngettext("{gates} is also undecided.", "{gates} are also undecided.", len(v.insufficient))
            text += " " + also.format(gates=gate_list(v.insufficient))
        return text + g3_leaning(m, cfg, gates["G3"])
    if v.status == "undecided":
        parts = " ".join(
            _("{sentence}.").format(
                sentence=_("{gate} ({name}): {detail}").format(
                    gate=g, name=gate_name(g).lower(), detail=gate_detail(m, cfg, gates[g], found)
                )
            )
            for g in v.insufficient
        )
        return (
            _("{gates} cannot be decided from this test.").format(gates=gate_list(v.insufficient)) + " " + parts
        ) + g3_leaning(m, cfg, gates["G3"])
    # a G4 met at today's interval passes by its agreed rule, and is counted so (fifth cold reads b, A1: "3 of 4 gates
    # pass" beside "G4 passes" rewrote an agreed criterion); what re-tuning would take back is analysis, said apart
    if restated:
        # the label said that the gates pass, and on illustrative or unsourced save times said what they rest on too
        unsourced = supplied and not cfg.sources.get("save_times", "").strip()
        text = (
            ""
            if "save_times" in m.inputs_illustrative or unsourced
            else _("They rest on the recorded save times (see the data sources).")
            if supplied
            else _("They rest on this test's measurements.")
        )
    elif "save_times" in m.inputs_illustrative:
        text = _("All four gates pass on this test's illustrative save times: they show the method, not the storage.")
    elif supplied:
        # the tester's record, whose source the data sources give: not "supplied … taken as given", which read as a
        # third party's figures in a report whose statement makes the tester answer for them (zh reading 14c, P-m3)
        text = _("All four gates pass on the recorded save times (see the data sources).")
    else:
        text = _("All four gates pass on this test's measurements.")
    if m.checkpoint_mode == "sync" and not m.async_.storage_stalls and "save_times" not in m.inputs_illustrative:
        # a synchronous job's benefit (cold read 18, M8: "Benefit demonstrated" over a what-if that takes it back)
        text += (" " if text else "") + _(
            # not "gain nothing": its checkpoints would still be durable sooner, and a failure lose less (cold read 28,
            # M1)
            "The benefit is for saves that block training: saved asynchronously, the job would run no faster on the "
            "candidate at today's interval (see “{section}”)."
        ).format(section=async_title(m))
    # the agreed thresholds are not weighed against the reference values here (cold read 14c, P-m4; zh P-m1: "instead
    # of the tool's defaults … (default 3)" read as a hint that the customer's targets were strict); a pass that rests
    # on a threshold other than the usual one is said among the risks (wording/sceptic.py)
    return text


def save_times_unsourced(w: Words) -> bool:
    """Whether the save times are rows given in save_times.csv with no source note: figures of unstated origin."""
    return w.origin("save_times") == "supplied" and not w.config.sources.get("save_times", "").strip()


def verdict_label(
    m: Metrics, found: Findings, unsourced: bool = False, target: float | None = None, retuned: str = ""
) -> str:
    """The verdict as page 1 and the summary print it (`_label`), and, where outlying runs decide it, that it holds only
    with them and what it is without (cold read 13, Y-M1 and Y-M4: "All four gates pass" in the banner, with a
    baseline run taken during a rebuild that the note below said the verdict hung on). `retuned`: the baseline's name
    where the gates hold at today's interval only beside a recommendation resting on re-tuning it
    (compute/recommendation.py gates_today_only; cold read 16, U-B2), said beside the gates' result."""
    label = _hung_label(m, found, unsourced, target)
    if not retuned:
        return label
    text = _("{verdict} (at today's interval only: re-tuning {baseline}'s interval recovers as much as switching)")
    return text.format(verdict=label, baseline=retuned)


def _hung_label(m: Metrics, found: Findings, unsourced: bool, target: float | None) -> str:
    """`verdict_label` without the re-tuning it may carry."""
    label = _label(m, found, unsourced, target)
    if found.has("spread_only"):  # the result without outlying runs is a sensitivity case, said beside it (W-B1)
        return label
    hangs = found.get("outliers_decide")
    if hangs is None or hangs["verdict_without"] == hangs["verdict"]:
        return label
    # the verdict with every run kept first, the result without the outlying runs after it as what no agreement
    # excludes, so that the two read as a verdict and its sensitivity, not as two verdicts (cold read 14b, Y-M1: "All
    # four gates pass … Without one outlying run: “Targets not met”"; cold read 18, Y-M1: "Hangs on one outlying run:
    # … without it, “Benefit demonstrated”" read as an exclusion on offer)
    return ngettext(
        "{verdict}, with every run kept; without the one outlying run, which no agreement excludes, “{without}”",
        "{verdict}, with every run kept; without the {n} outlying runs, which no agreement excludes, “{without}”",
        len(hangs.scope.items),
    ).format(verdict=label, n=len(hangs.scope.items), without=verdict_status_label(hangs["verdict_without"]))


def _label(m: Metrics, found: Findings, unsourced: bool = False, target: float | None = None) -> str:
    """The verdict as page 1 and the summary print it, with what it rests on when that is not a durable measurement.

    Every gate rests on the save times (G4 on them and the training assumptions): when they are illustrative, or a
    save system's saves are not durable, the verdict line itself says so, not a note further down the page; and
    passing gates on such save times do not make a demonstrated benefit (cold read 7, blocker 1).
    """
    if unsourced and verdict_style(m) != "indicative" and m.verdict.status == "demonstrated":
        # whose figures the gates pass on, where nothing says (cold read 19, M5: "Benefit demonstrated" over supplied
        # save times with no source note and a widened spread limit)
        return _(
            "Gates pass on supplied save times of unstated origin; name their source before relying on the benefit"
        )
    if verdict_style(m) == "indicative":
        # every agreed gate passes; what a longer or re-tuned interval takes back is analysis, said after the gates
        # (fifth cold reads b, A1: "G1–G3 pass, G4 at today's interval only" rewrote the agreed G4)
        steps = stall_free_steps(m)
        if "save_times" in m.inputs_illustrative:
            text = (
                _("Gates pass on illustrative save times; benefit not yet measured")
                if steps is None
                # G4's 2% holds at today's 50 steps, not up to the 57 where the benefit ends (Chinese reading 8, M1)
                else _(
                    "Gates pass on illustrative save times, at today's interval (no training-time benefit at {steps} "
                    "steps or more); benefit not yet measured"
                )
            )
        elif m.not_durable:
            text = (
                _("Gates pass on saves that are not durable; benefit not yet shown on durable storage")
                if steps is None
                else _(
                    "Gates pass on saves that are not durable, at today's interval (no training-time benefit at "
                    "{steps} steps or more); benefit not yet shown on durable storage"
                )
            )
        elif g4_pass_unsettled(m, found):
            text = _unsettled_label(m, steps)
        else:
            text = (
                _("All four gates pass at today's interval; no training-time benefit at {steps} steps or more")
                if steps is not None
                # G4 passing only at today's interval, which the re-tuning advice leaves, is said in the label itself
                # (cold read 12, W-M2)
                else _(
                    "All four gates pass, G4 only at today's interval; re-tuning the baseline's interval would recover "
                    "as much if its checkpoints were also copied off the node"
                )
                if tuning_sentence(m) is not None and _baseline_local(m) and g4_retuned_fails(m)
                else _(
                    "All four gates pass; re-tuning the baseline's interval would recover as much if its checkpoints "
                    "were also copied off the node"
                )
                if tuning_sentence(m) is not None and _baseline_local(m)
                else _(
                    "All four gates pass, G4 only at today's interval; re-tuning the baseline's interval would recover "
                    "as much"
                )
                if tuning_sentence(m) is not None and g4_retuned_fails(m)
                else _("All four gates pass; re-tuning the baseline's interval would recover as much")
                if tuning_sentence(m) is not None
                else _("All four gates pass; at each system's optimal interval most of the benefit is lost")
            )
        return text.format(steps=count(steps or 0))
    label = _gates_label(m, found, target)
    if default_g4_only(m, found):
        # nothing agreed is missed: the agreed gates' result first, neutral, G4 not assessed (cold reads 14, 14c, Q)
        label = _("{passed} pass; G4 not assessed: no training-time target was agreed").format(
            passed=gate_list([g.id for g in m.gates if g.status == "pass"])
        )
    elif found.has("g4_unagreed"):
        label = _("{verdict}; G4 not assessed: no training-time target was agreed").format(verdict=label)
    elif g4_unreachable_only(m, found) and (reach := found.get("g4_out_of_reach")) is not None:
        # the agreed G4 missed by every storage alike: the other gates first, then why, not "Targets not met" alone
        # (Chinese reading 15, S: "G4 记为 YH-9100 未通过，但同时承认任何存储都过不了")
        label = _("{passed} pass; no storage could meet G4's agreed {target}% at today's interval").format(
            passed=gate_list([g.id for g in m.gates if g.status == "pass"]), target=given(reach["target"])
        )
    if "save_times" in m.inputs_illustrative:
        return _("{verdict}, on illustrative save times, not measurements").format(verdict=label)
    if m.not_durable:  # whose saves, by name (Chinese reading 4, M1: "另有系统" read as a third system)
        systems = [s.system for key, s in zip(SIDES, m.save.sides(), strict=True) if key in m.not_durable]
        return _("{verdict}; the saves on {systems} are not durable").format(verdict=label, systems=join_words(systems))
    return label


def _gates_label(m: Metrics, found: Findings, target: float | None) -> str:
    """The verdict over the agreed gates: where only repeatability fails, the gates that fail on spread and those that
    pass (compute/gate_findings.py `spread_only`); else its status, with a G4 the runs do not settle."""
    if (spread := found.get("spread_only")) is not None:
        return spread_only_label(spread)
    label = verdict_status_label(
        agreed_status(m, found), target_missed(m, found), target is None or g3_lean(m, found, target) is None
    )
    if g4_pass_unsettled(m, found):
        return _("{verdict}; {g4}").format(verdict=label, g4=g4_unsettled_words())
    return label


def _unsettled_label(m: Metrics, steps: int | None) -> str:
    """Every gate passes, G4 by the means, which the runs do not settle: said once, in the gate table's words, then what
    re-tuning or a longer interval takes back (cold read 13b, Y-B2). `{steps}` is left for the caller."""
    if steps is not None:
        return _(
            "All four gates pass, {g4}, at today's interval; no training-time benefit at {{steps}} steps or more"
        ).format(g4=g4_unsettled_words())
    rest = (
        _("re-tuning the baseline's interval would recover as much if its checkpoints were also copied off the node")
        if tuning_sentence(m) is not None and _baseline_local(m)
        else _("re-tuning the baseline's interval would recover as much")
        if tuning_sentence(m) is not None
        else _("at each system's optimal interval most of the benefit is lost")
    )
    text = (
        _("All four gates pass, {g4}, and only at today's interval; {rest}")
        if tuning_sentence(m) is not None and g4_retuned_fails(m)
        else _("All four gates pass, {g4}; {rest}")
    )
    return text.format(g4=g4_unsettled_words(), rest=rest)


def _baseline_local(m: Metrics) -> bool:
    """The save baseline local to each node and the candidate not: re-tuning the baseline matches the candidate only
    where its checkpoints survive a failed node (cold read 7b, A-1)."""
    sides = m.node_local.sides if m.node_local is not None else ()
    return "baseline" in sides and "candidate" not in sides


def target_missed(m: Metrics, found: Findings) -> bool:
    """Whether a failed verdict misses a target beyond the runs' uncertainty: G3 fails (its whole interval below the
    target), or G4 fails, agreed (`g4_unagreed`), below its target across the speedup's interval (compute/reach)."""
    status = {g.id: g.status for g in m.gates}
    if status["G3"] == "fail":
        return True
    return status["G4"] == "fail" and not found.has("g4_unsettled") and not found.has("g4_unagreed")


def agreed_status(m: Metrics, found: Findings | None) -> str:
    """The verdict over the gates whose targets were agreed: a G4 failed on the tool's default target (`g4_unagreed`)
    left out, as the customer pages leave it (metrics.json keeps the contract's status; docs/recommendation.md)."""
    if found is None or not found.has("g4_unagreed"):
        return m.verdict.status
    others = [g.status for g in m.gates if g.id != "G4"]
    return "not_demonstrated" if "fail" in others else "undecided" if "insufficient" in others else "demonstrated"


def default_g4_only(m: Metrics, found: Findings | None) -> bool:
    """Whether the only gate failed is G4, every other passing, against the tool's default target, which no one agreed
    (`g4_unagreed`, whether or not storage could reach it): no agreed target is missed."""
    failed_g4 = m.verdict.failed == ("G4",) and not m.verdict.insufficient
    return failed_g4 and found is not None and found.has("g4_unagreed")


def g4_unreachable_only(m: Metrics, found: Findings | None) -> bool:
    """Whether the only gate failed is G4, against a target agreed for this test, and no storage could meet it at
    today's interval (`gates_reach.g4_reachable` false): what fails is the interval's, not the candidate's."""
    failed_g4 = m.verdict.failed == ("G4",) and not m.verdict.insufficient
    unagreed = found is not None and found.has("g4_unagreed")
    return failed_g4 and not unagreed and not m.gates_reach.g4_reachable


def verdict_style(m: Metrics, unsourced: bool = False, found: Findings | None = None) -> str:
    """How the verdict is styled: its status, except "indicative" (neutral, not green) when every gate passes on save
    times that are illustrative, not durable, or (`unsourced`) supplied in save_times.csv with no source note, and
    "undecided" (neutral, not red) where the one gate failed is a G4 whose target no one agreed (`default_g4_only`;
    metrics.json's status stays "not_demonstrated")."""
    status = agreed_status(m, found)
    if default_g4_only(m, found):
        return "undecided"
    if status == "demonstrated" and (
        "save_times" in m.inputs_illustrative or m.not_durable or today_interval_only(m) or unsourced
    ):
        return "indicative"
    return status


#: The repeatability gates, each judging one side's runs.
_ONE_SIDE = {"G1": "baseline", "G2": "candidate"}


def pass_rests(m: Metrics, gate: Gate) -> str:
    """What a gate's pass rests on when it is not a durable measurement: illustrative save times, or saves that are
    not durable, of the side it judges (G1 the baseline's runs, G2 the candidate's; G3 and G4 both: field test 7, G1
    "Pass (not durable)" on a durable local disk beside a tmpfs candidate); "" otherwise."""
    if "save_times" in m.inputs_illustrative:
        return _("illustrative")
    if (m.not_durable and gate.id not in _ONE_SIDE) or _ONE_SIDE.get(gate.id) in m.not_durable:
        return _("not durable")
    return ""


def gate_status(m: Metrics, gate: Gate, found: Findings) -> tuple[str, str]:
    """A gate's status as the gate table prints it, and its style: a pass computed from save runs another gate
    rejects or cannot judge is indicative (cold read 7, major 2), and a pass on illustrative or not durable save
    times says so (blocker 1); neither is a bare green tick."""
    if gate.id == "G4" and found.has("g4_unagreed"):  # a mark of its own, which the note explains (14c, Q-M1)
        return _("Not assessed (no target agreed)"), "unagreed"
    if gate.status == "insufficient" and gate.id == "G3" and m.save.speedup_ci95 is not None:
        # an interval that straddles the target is undecided, not short of data (cold read 16: 3 runs each)
        return _("Undecided"), gate.status
    if gate.status == "fail" and gate.id == "G4" and found.has("g4_unsettled"):
        # the table's cell as the gate line says it: failed by the means, which the runs do not settle (cold read 8, I2)
        return _("Fail by the means, not settled"), gate.status
    if gate.status != "pass":
        return status_label(gate.status), gate.status
    if gate.id == "G4" and found.has("g4_unsettled"):
        # the same for a pass: no bare "✓ Pass" beside "which these runs do not settle" (cold read 13, Y-M2)
        # a pass by the agreed rule, counted as one (the tally's "indicative" is for runs G1 or G2 reject), in the
        # caution style (cold read 13b: "G4 is met only indicatively, on save runs that G1 and G2 cannot accept")
        return _("Pass by the means, not settled"), "pass-illustrative"
    failed, missing = open_for(m, gate.id)
    rests = pass_rests(m, gate)
    if gate.id == "G4" and g4_retuned_fails(m):
        # a pass the re-tuning advice would undo is no bare tick (cold read 12, W-M2: "✓ Pass" at 250 steps beside
        # advice to save every 723 to 5,378 steps, where G4 fails)
        scope = _("today's interval only")
        rests = _("{rests}; {scope}").format(rests=rests, scope=scope) if rests else scope
    del failed, missing  # a pass on runs another gate rejects is a pass by its agreed rule: the reason says its
    # figures are indicative, the status is one the test plan defines (cold read 17, W-B1: "Indicative pass")
    if rests:
        return _("{status} ({rests})").format(status=status_label("pass"), rests=rests), "pass-illustrative"
    return status_label("pass"), "pass"


def open_for(m: Metrics, gate_id: str) -> tuple[list[str], list[str]]:
    """The gates that fail and that lack data among those whose data `gate_id` rests on (none for G1 and G2)."""
    if gate_id not in TILE_GATES:
        return [], []
    return open_gates(judged_statuses(m), gate_id)
