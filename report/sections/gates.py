"""Joint-test gates and next steps: the gate table, its note, and what would decide the open gates."""

from __future__ import annotations

from report.compute import SENSITIVITY_SPAN, Gate, Metrics
from report.compute.audit import bytes_from_fio
from report.compute.counterpoints import recorded_outlier
from report.compute.scopes import Findings
from report.document.blocks import (
    Block,
    GateRow,
    GateTable,
    Items,
    Para,
    Section,
)
from report.document.spoken import fill, said
from report.formatting import (
    count,
    gb,
    given,
    num,
    p3,
    x3,
)
from report.i18n import _, gap, join_clauses, join_words, keep_words, ngettext, record_gate_term_said
from report.inputs.config import TestConfig
from report.inputs.runs import FEW_SAMPLES, RAMP_SHARE, both_sustained, ramping, sparse
from report.inputs.specs import ReliabilitySpec
from report.wording.base import Words
from report.wording.capacity import capacity_beyond, demand, scale_step
from report.wording.changes import more_changes
from report.wording.copies import next_step as copies_next_step
from report.wording.decisions import FAR_EXTRAPOLATION
from report.wording.environment import environment_steps, record_gate_term
from report.wording.g3_runs import g3_step
from report.wording.labels import g4_pass_unsettled, g4_unsettled_words, gate_name, input_words, status_label
from report.wording.outrun import reconcile_step
from report.wording.phrases import (
    both,
    counted_noun,
    gate_list,
)
from report.wording.protection import protection_step
from report.wording.recommendation import decided
from report.wording.record_facts import in_service_step
from report.wording.restores import restore_step
from report.wording.retuning import assumed_failure_rate, far_mtbf, tuning_sentence
from report.wording.said import g4_out_of_reach, outlier_step, save_spread
from report.wording.scaling import sweep_steps
from report.wording.scaling_range import sweep_gaps_step
from report.wording.scaling_unmeasured import beyond_step, record_step
from report.wording.statements import log_outrun, projection_gpus, projection_label, save_sources
from report.wording.verdict import (
    gate_detail,
    gate_status,
    open_for,
    pass_rests,
    save_times_unsourced,
)

ID = "gates"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def _gate_row(m: Metrics, cfg: TestConfig, g: Gate, found: Findings) -> GateRow:
    label, style = gate_status(m, g, found)
    return GateRow(g.id, gate_name(g.id), g.status, label, gate_detail(m, cfg, g, found), style)


def _gate_rows(m: Metrics, cfg: TestConfig, found: Findings) -> GateTable:
    return GateTable(
        tuple(_gate_row(m, cfg, g, found) for g in m.gates),
        caption=_("Gates G1 to G4"),
        headers=(_("Gate"), _("Checks"), _("Status"), _("Why")),
    )


def _tally(
    passed: int,
    total: int,
    indicative: list[str],
    failed: int,
    missing: int,
    on: str = "",
    undecided: int = 0,
    rejecting: tuple[str, ...] = ("G1", "G2"),
    unsettled: bool = False,
    unagreed: bool = False,
) -> str:
    """ "2 of 4 gates pass; 1 fails and 1 is undecided.": only the counts that are not zero, and "none"
    rather than "0 of 4" (Chinese reading 5: 4 个评估门槛中 0 个通过)."""
    head = (
        _("All {total} gates pass").format(total=count(total))  # not "4 of 4" (Chinese reading 7, m1)
        if passed == total
        else ngettext("{passed} of {total} gates passes", "{passed} of {total} gates pass", passed).format(
            passed=count(passed), total=count(total)
        )
        if passed
        else _("None of the {total} gates passes").format(total=count(total))
    )
    if passed and on:  # what the passes rest on, as the verdict line says it (Chinese reading 6, m24)
        head = _("{count}, on {what}").format(count=head, what=on)
    clauses = [head]
    if unsettled:  # a G4 pass the runs do not settle, in the row's words (cold read 13b, Y-B2)
        clauses.append(g4_unsettled_words())
    if indicative:
        clauses.append(
            ngettext(
                # "met", not "passes", beside "None of the 4 gates passes" (cold read 12, m8)
                # the repeatability gates that do not pass, only those (fifth cold read, O15: "G1 or G2" where G1
                # passed)
                "{indicative} rests on save runs that {gates} cannot accept: its figures are indicative",
                "{indicative} rest on save runs that {gates} cannot accept: their figures are indicative",
                len(indicative),
            ).format(indicative=gate_list(indicative), gates=gate_list(list(rejecting or ("G1", "G2"))))
        )
    if unagreed:  # a distinct mark, not counted as a failure (cold read 14c, Q-M1)
        clauses.append(_("G4 (marked “–”) is not assessed: no training-time target was agreed"))
    rest = []
    if failed:
        rest.append(ngettext("{n} fails", "{n} fail", failed).format(n=count(failed)))
    if missing:
        lack = ngettext("{n} lacks the data to decide", "{n} lack the data to decide", missing)
        rest.append(lack.format(n=count(missing)))
    if undecided:  # G3's interval straddles its target: it has the data, and is undecided (cold read 16)
        rest.append(ngettext("{n} is undecided", "{n} are undecided", undecided).format(n=count(undecided)))
    if len(rest) == 2:
        clauses.append(_("{failed} and {missing}").format(failed=rest[0], missing=rest[1]))
    elif rest:
        clauses.append(join_words(rest))
    return _("{sentence}.").format(sentence=_("; ").join(clauses))


def _rests_on_words(m: Metrics) -> str:
    """What every gate's pass rests on when it is not a durable measurement: illustrative or not durable saves."""
    if "save_times" in m.inputs_illustrative:
        return _("illustrative save times")
    if m.not_durable:
        return _("saves that are not durable")
    return ""


def _gate_note(m: Metrics, cfg: TestConfig, found: Findings) -> Para:
    tally = {k: sum(g.status == k for g in m.gates) for k in ("pass", "fail", "insufficient")}
    # the passes computed from runs G1 or G2 reject: counted as passes, the status the test plan defines, with the
    # caveat beside them (cold read 17, W-B1: "Indicative pass", a status no plan defines)
    indicative = [g.id for g in m.gates if g.status == "pass" and any(open_for(m, g.id))]
    g = cfg.gates
    # a G4 met at today's interval passes by its agreed rule (fifth cold reads b, A1)
    passed = tally["pass"]
    unagreed = found.has("g4_unagreed")
    # the table's labels: "Undecided" where G3's interval straddles its target, else "Insufficient data" (Chinese
    # reading 20, M1: "3 个尚待判定" beside three 数据不足)
    undecided = sum(
        g.status == "insufficient" and gate_status(m, g, found)[0] != status_label("insufficient") for g in m.gates
    )
    return Para(
        _tally(
            passed,
            len(m.gates),
            indicative,
            tally["fail"] - unagreed,
            tally["insufficient"] - undecided,
            _rests_on_words(m) if any(g.status == "pass" and pass_rests(m, g) for g in m.gates) else "",
            undecided,
            tuple(g.id for g in m.gates if g.id in ("G1", "G2") and g.status != "pass"),
            g4_pass_unsettled(m, found),
            unagreed,
        )
        + " "
        + (
            _(
                "Thresholds: at least {runs} per system with a spread (CV) of at most {cv}% (G1, G2); the speedup's "
                "95% interval at or above {speedup}× (G3); for G4, a training run {reduction}% shorter serves as a "
                "reference, not agreed with the customer."
            )
            if unagreed
            else _(
                "Thresholds: at least {runs} per system with a spread (CV) of at most {cv}% (G1, G2); the speedup's "
                "95% interval at or above {speedup}× (G3); a training run at least {reduction}% shorter (G4)."
            )
        ).format(
            runs=counted_noun(g.min_runs, "{n} run", "{n} runs"),
            cv=given(g.max_cv_pct),
            speedup=given(g.target_speedup),
            reduction=given(g.target_duration_reduction_pct),
        )
    )


def _next_steps(w: Words) -> tuple:
    m, cfg = w.m, w.config
    gates = {g.id: g for g in m.gates}
    short, steps = m.next_steps.min_runs_short, []
    unagreed = w.findings.has("g4_unagreed")  # not a failure: no target agreed (cold read 14c, Q-M1)
    need = max(cfg.gates.min_runs, 2)
    if few := w.findings.get("save_runs_short"):
        lacking = {"baseline": short.baseline, "candidate": short.candidate}
        parts = join_clauses(  # each with its verb: "A 再测 2 次，B 再测 2 次", never "…和…" (Chinese reading 15)
            [
                ngettext("{n} more on {system}", "{n} more on {system}", lacking[side]).format(
                    n=lacking[side], system=w.name(side)
                )
                for side in few.scope.items
            ],
            inner=True,
        )
        gate_ids = join_words(["G1" if side == "baseline" else "G2" for side in few.scope.items])
        text = _("{gates}: time more saves of {model}, {parts} ({needed} needed per system).")
        steps.append(
            Para(fill(text, gates=gate_ids, model=m.save.baseline.model, parts=said(few, parts), needed=str(need)))
        )
    if spread := w.findings.get("save_spread"):
        steps.append(Para(save_spread(w, spread) + " " + _spread_causes(w, spread)))
    if decides := w.findings.get("outliers_decide"):
        # a run that decides a gate, where no spread step names it already: its cause first, even when every gate
        # passes (cold read 12, W-B1: a candidate run 'with the write-back cache left on' carried G3, no step asked)
        sides = tuple(dict.fromkeys(item.split(":")[0] for item in decides.scope.items))
        if not (spread and set(sides) <= set(spread.scope.items)) and (step := outlier_step(w, sides)):
            gates_text = join_words(list(decides["gates"]))
            steps.append(Para(step + " " + _("Without it, {gates} would change.").format(gates=gates_text)))
    steps += _recorded_step(w, bool(spread))
    steps += g3_step(w, gates["G3"])
    if gates["G4"].status == "fail" and steps and not w.findings.has("g4_unsettled") and not unagreed:
        # (where the speedup's interval straddles G4's target, more runs settle G4 too: cold read 8, I2)
        # the runs asked for above settle G1 to G3; with G4 failed they cannot change the verdict (settled point 2)
        steps.append(Para(_("While G4 fails, more runs can settle G1 to G3 but not the verdict.")))
    if gates["G4"].status == "fail" and not m.gates_reach.g4_reachable:
        steps.append(Para(g4_out_of_reach(w, w.findings.get("g4_out_of_reach"))))
    elif gates["G4"].status == "fail":
        sens = m.sensitivity
        reached = max(*sens.interval_reduction_pct, *sens.step_time_reduction_pct) >= sens.target_pct
        if reached:
            text = _(
                "G4: the training run's gain falls short of the {target}% target; the sensitivity chart shows how "
                "that changes with the checkpoint interval and the step time, which the customer's job sets: saving "
                "more often only to meet the target would be no storage benefit."
            )
        else:
            text = _(
                "G4: the training run's gain falls short of the {target}% target, and no checkpoint interval or "
                "step time the sensitivity chart spans (1/{span}× to {span}× today's) reaches it: at these save "
                "times the benefit stays below the target."
            )
        steps.append(
            Para(
                text.format(
                    target=given(cfg.gates.target_duration_reduction_pct),
                    span=f"{SENSITIVITY_SPAN:g}",
                )
            )
        )
    if copied := copies_next_step(w):  # cold read 5, O1/N1
        steps.append(Para(copied))
    steps += _missing_measurements(w)
    steps += [Para(text) for text in sweep_steps(w)]  # scaling reading 6, m9
    if more := more_changes(w, decided(w)):  # what page 1 has no room for (compute/change_order.py)
        steps.append(Para(more))
    # a baseline in service, its state during the runs unrecorded: the sceptic's first counter-argument (W-M2)
    service = [Para(text) for text in (in_service_step(w),) if text]
    return (*_durable_first(w), *service, *steps)


def _recorded_step(w: Words, spread: bool) -> list[Para]:
    """A slow run whose cause the record gives is a risk to ask about even where no gate hangs on it (cold read 14c,
    Q-M5: a drive at its thermal limit read as noise): its step, where no spread or outlying-run step gives it."""
    recorded = recorded_outlier(w.test, w.m)
    if recorded is None or spread or w.findings.has("outliers_decide"):
        return []
    step = outlier_step(w, (recorded["side"],))
    return [Para(step)] if step else []


def _spread_causes(w: Words, spread) -> str:
    """What to look for where saves spread above the limit: first the save runs `measure` found bound by the CPU of
    the machine running fio on the sides the finding names (field test 7, m18), then `_causes`."""
    systems = {
        w.m.save.baseline.system if side == "baseline" else w.m.save.candidate.system for side in spread.scope.items
    }
    runs = [
        _("{count} of {total} {phase} runs on {system}").format(
            count=len(spec.cpu_bound), total=len(spec.files), phase=_("save"), system=spec.system
        )
        for spec in w.config.imports
        if spec.into == "save_times" and spec.cpu_bound and spec.system in systems
    ]
    causes = _causes(w, spread)
    if not runs:
        return causes
    bound = _(
        "The processors of the machine running fio, not the storage, set the pace of {runs}, a likely cause: measure "
        "again from a client whose processors are idle."
    ).format(runs=join_words(runs))
    return bound + " " + causes


def _causes(w: Words, spread) -> str:
    """Several timing programs first (the report's own diagnosis), memory pressure on a system in memory, else the
    usual causes."""
    m = w.m
    sides = spread.scope.items
    programs = {
        side: save_sources(w.test, w.m.save.baseline.system if side == "baseline" else m.save.candidate.system)
        for side in sides
    }
    mixed = [side for side in sides if len(programs[side]) > 1]
    if mixed:
        return _(
            "The runs on {systems} come from {programs}, which time a save differently: time every run with one "
            "program, then repeat the runs."
        ).format(
            systems=join_words([w.name(side) for side in mixed]),
            programs=join_words(sorted({p for side in mixed for p in programs[side]})),
        )
    if step := outlier_step(w, sides):
        return step
    if all(side in m.not_durable for side in sides):
        return _("Find the cause (other load on the system, memory pressure) and repeat the runs.")
    if memory := [side for side in sides if side in m.not_durable]:
        return _(
            "Find the cause (cache state, other load on the system, background flushes; on {systems}, memory "
            "pressure) and repeat the runs."
        ).format(systems=join_words([w.name(side) for side in memory]))
    return _("Find the cause (cache state, other load on the system, background flushes) and repeat the runs.")


def _durable_first(w: Words) -> list[Para]:
    """Page 1's first warning after the verdict, as the first step: saves that would not survive a power loss show no
    storage benefit, so the test is repeated on durable storage before the other steps (Chinese reading 26, M1;
    Chinese reading 27, M1: listed fifth, it contradicted the steps above it, and asked to re-time tmpfs's saves
    elsewhere when tmpfs was the storage under test)."""
    m = w.m
    if not m.not_durable:
        return []
    names = [(m.save.baseline if key == "baseline" else m.save.candidate).system for key in m.not_durable]
    return [
        Para(
            _(
                "First repeat the test with storage that keeps its saves through a power loss in place of {systems}: "
                "saves that would not survive one are no checkpoint saves, and no figure drawn from them shows a "
                "storage benefit. The steps below apply to that test."
            ).format(systems=join_words(names))
        )
    ]


def _missing_measurements(w: Words) -> list[Para]:
    m = w.m
    out = []
    if not bytes_from_fio(w.test):
        text = _(
            "Record the bytes each save actually writes (for example from the storage's own counters): the audit "
            "cannot otherwise tell a slow serialisation from a save that writes more than the stated checkpoint."
        )
        out.append(Para(text))
    for p in m.projections:
        if p.extrapolation > FAR_EXTRAPOLATION:
            # a name stating a GPU count the projection does not use says the count it does use (cold read 11, m8:
            # "70B on 64 GPUs" keeps the test's 8 GPUs), as the projections' table labels it
            held = projection_gpus(m)
            text = (
                _("Measure a checkpoint near {size}: the projection “{name}” is {ratio} the largest in the save times.")
                if projection_label(m, p) == p.name
                else _(
                    "Measure a checkpoint near {size}: the projection “{name}” (projected on {gpus} GPUs) is {ratio} "
                    "the largest in the save times."
                )
                if len(held) == 1
                else _(
                    "Measure a checkpoint near {size}: the projection “{name}” (fitted over {gpus} GPUs) is {ratio} "
                    "the largest in the save times."
                )
            )
            out.append(
                Para(
                    text.format(
                        size=gb(p.snapshot_gb),
                        name=p.name,
                        ratio=x3(p.extrapolation),
                        gpus=join_words([count(g) for g in held]),
                    )
                )
            )
    for name in m.inputs_illustrative:
        out.append(Para(_("Measure the {input}: this test's values are illustrative.").format(input=input_words(name))))
    return out + _conditions(w)


def _longer_log(m: Metrics) -> str:
    """The step for a bandwidth log that shows no sustained rate, with its reason."""
    # why the rate is not sustained: runs too short to show one, or a warm-up that takes most of them (cold read
    # 24, M2: "3 samples a run at least" beside runs of 13 to 15 samples whose warm-up was 30%)
    sides = (m.bandwidth.baseline, m.bandwidth.candidate)
    ramps = [side for side in sides if ramping(side)]
    if any(sparse(side) for side in sides):
        text = _(
            "Log the write bandwidth for longer, {few} samples a run at least (report measure's --sustain-s, "
            "fio's --runtime): these runs do not show a sustained rate."
        )
    elif len(ramps) == 1:  # the rule is a system's, and names it (cold read 27, m2: "in these runs" of both)
        text = _(
            "Log the write bandwidth for longer (report measure's --sustain-s, fio's --runtime), until the warm-up "
            "is under {share}% of a system's samples: on {system} it is {got}, so its runs show no sustained rate."
        )
    else:
        text = _(
            "Log the write bandwidth for longer (report measure's --sustain-s, fio's --runtime), until the warm-up "
            "is under {share}% of a system's samples: on both systems it is more ({both}), so their runs show no "
            "sustained rate."
        )
    got = [p3(100 * side.warmup_samples / side.samples) for side in ramps]
    return text.format(
        few=FEW_SAMPLES,
        share=num(100 * RAMP_SHARE, 0),
        system=ramps[0].system if ramps else "",
        got=got[0] if got else "",
        both=both(*got) if len(got) == 2 else "",
    )


def _conditions(w: Words) -> list[Para]:
    """What the report asks for elsewhere, listed here too, so that a test passing on supplied data has no shorter list
    than one on illustrative data (cold read 23, M1): the save times' source where none is given (the verdict's own
    condition), a bandwidth log long enough to show a sustained rate, restore times, and a per-GPU MTBF far from the
    default checked against the cluster's records."""
    m, out = w.m, []
    s = m.save
    programs = [save_sources(w.test, side.system) for side in (s.baseline, s.candidate)]
    if programs[0] != programs[1]:  # page 1's first warning, as a step (Chinese reading 25, M1)
        out.append(
            Para(
                _(
                    "Time both systems' saves with one program: {baseline}'s come from {baseline_programs} and "
                    "{candidate}'s from {candidate_programs}, which time a save differently."
                ).format(
                    baseline=s.baseline.system,
                    baseline_programs=join_words(list(programs[0])),
                    candidate=s.candidate.system,
                    candidate_programs=join_words(list(programs[1])),
                )
            )
        )
    if step := reconcile_step(w):  # page 1's second warning (Chinese reading 25, M1), of whose log (cold read 10, Q-M3)
        out.append(Para(step))
    if save_times_unsourced(w):
        out.append(
            Para(
                _(
                    "Name the source of the save times (which program timed them, on which systems): every figure of "
                    "this report rests on them."
                )
            )
        )
    if "bandwidth" not in m.inputs_illustrative and not both_sustained(m.bandwidth):
        out.append(Para(_longer_log(m)))
    # not where the saves outrun the log: no demand is set against it, and the step above comes first
    if not log_outrun(m) and m.bubble.gpu_equivalents >= 0 and (capacity_beyond(m) or demand(m).peak_to_sustained > 1):
        out.append(Para(scale_step(m)))  # the summary's "measure at the cluster's scale", as a step (cold read 24, M1)
    if step := sweep_gaps_step(w):  # the counts each sweep lacks (scaling reading 11, M3)
        out.append(Para(step))
    # beyond every count run, and what the sweep did not log (scaling reading 11b, m9)
    out += [Para(step) for step in (beyond_step(w), record_step(w)) if step]
    if m.checkpoint_mode == "async" and w.config.async_saves is not None:
        out.append(
            Para(
                _(
                    "Attach the staging time of each save on each system as the trainer logged it, or time the "
                    "staging where none was logged: the stalls rest on the staging times the test setup gives, which "
                    "no attached record holds."
                )
            )
        )
    if not m.load.speedup_shown and "load_times" not in m.inputs_illustrative:
        runs = max(w.config.gates.min_runs, 2)
        enough = all(min(x.baseline_runs, x.candidate_runs) >= runs for x in m.load.models)
        out.append(
            Para(
                (
                    # the runs are there; their spread is what fails (cold read 30, m3: "3 runs at least" beside 3 / 3)
                    _(
                        "Find why the model load times spread above the {limit}% limit, then repeat the loads: the "
                        "load speedup is not established."
                    )
                    if enough and any(x.unstable for x in m.load.models)
                    else _(
                        "Repeat the model loads, {runs} runs a system at least, within the {limit}% spread limit: the "
                        "load speedup is not established."
                    )
                ).format(runs=count(w.config.gates.min_runs), limit=given(w.config.gates.max_cv_pct))
            )
        )
    if m.reliability.baseline.restore_s is None and "restore_times" not in m.inputs_illustrative:
        out.append(Para(restore_step(w)))
    if far_mtbf(m) is None and tuning_sentence(m) is not None:
        # a headline "re-tuning beats buying" rests on the assumed failure rate (cold read 24, M2)
        out.append(
            Para(
                _(
                    "Check what the re-tuning comparison rests on against the cluster's own records: {rate}, and "
                    "whether the interval is set for failures at all (evaluation and pre-emption set it too); the "
                    "comparison holds only for an interval chosen against failures."
                ).format(rate=assumed_failure_rate(m))
            )
        )
    if (ratio := far_mtbf(m)) is not None:
        shorter = m.reliability.gpu_mtbf_hours < ReliabilitySpec().gpu_mtbf_hours
        text = (
            _(
                "Check the per-GPU MTBF set for this test, {value} h, {ratio} shorter than the default, against the "
                "cluster's own failure records: every failure figure rests on it."
            )
            if shorter
            else _(
                "Check the per-GPU MTBF set for this test, {value} h, {ratio} longer than the default, against the "
                "cluster's own failure records: every failure figure rests on it."
            )
        )
        out.append(Para(text.format(value=num(m.reliability.gpu_mtbf_hours, 0), ratio=x3(ratio))))
    # what a formal report states of the test environment (issue 45), and each system's data protection (W-M5)
    return out + environment_steps(w) + protection_step(w)


def build(w: Words) -> Section:
    m = w.m
    intro_text = _(
        "Each gate below is decided from this test's figures against the thresholds in the assumptions table."
    )
    # a Chinese report that says the record's own …门槛 throughout needs no gloss (Chinese reading 19)
    if (term := record_gate_term(w)) is not None and not record_gate_term_said():
        # the record's own name for the same gates, not contradicted (zh reading 14c, P-m2: 验收门槛 against 评估门槛)
        # the term kept on one line ("验" ↵ "收门槛" read as two words)
        intro_text += gap(intro_text) + _("The test record calls these gates “{term}”.").format(term=keep_words(term))
    intro = Para(
        # a plain statement of what the table holds, not what a joint test offers a customer (Chinese reading 13b,
        # "联合测试设有评估门槛，客户可以……验证收益" read as sales copy)
        intro_text
    )
    steps = _next_steps(w)
    blocks: list[Block] = [intro, _gate_rows(m, w.config, w.findings), _gate_note(m, w.config, w.findings)]
    if steps:
        lead = (
            _("What would decide the open gates, and what the analysis lacks:")
            if any(g.status == "insufficient" for g in m.gates)
            # every gate decided, some failed: none is open (cold read 7, m15)
            else _("What would change the failed gates, and what the analysis lacks:")
            if any(g.status == "fail" and not (g.id == "G4" and w.findings.has("g4_unagreed")) for g in m.gates)
            # G4 not assessed, no target agreed, every other gate passing (cold read 14c, Q-M1)
            else _("Every gate with an agreed target passes; what the analysis still lacks:")
            if w.findings.has("g4_unagreed")
            else _("Every gate passes on illustrative save times; what a conclusion still needs:")
            if "save_times" in m.inputs_illustrative
            else _("Every gate passes, {g4}; what the analysis still lacks:").format(g4=g4_unsettled_words())
            if g4_pass_unsettled(m, w.findings)
            else _("Every gate passes; what the analysis still lacks:")
        )
        blocks += [Para(lead, "lead"), Items(steps)]
    return Section(ID, _("Joint-test gates and next steps"), tuple(blocks))
