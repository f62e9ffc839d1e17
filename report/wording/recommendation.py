"""Page 1's recommendation in words: its headline, at most three reasons with their figures, and what would change it.

The recommendation and its reasons are decided in report/compute/recommendation.py (the rule is in
docs/recommendation.md); each reason that states a finding is marked with it (report/document/spoken.py), so that
the words name exactly the sides, runs and pairs the finding holds for.
"""

from __future__ import annotations

from report.compute.findings import Finding
from report.compute.recommendation import (
    JOB_MONEY,
    NOT_RECOMMENDED,
    NOT_YET,
    OTHER_GROUNDS,
    RECOMMENDED,
    Recommendation,
    g3_lean,
    gates_today_only,
    recommend,
    retune_one_job,
)
from report.document.spoken import said
from report.formatting import count, given, p3, rounded, s3, x3
from report.i18n import NO_BREAK_SPACE, _, join_words, ngettext
from report.wording import copies
from report.wording.base import Words
from report.wording.changes import changes
from report.wording.cluster_scope import retuned_carry, retuned_thin
from report.wording.counterpoints import speed_counterpoints
from report.wording.g3_runs import runs_impractical
from report.wording.gate_line import gates_line
from report.wording.job_size import scope_words
from report.wording.labels import verdict_status_label
from report.wording.loads import loads_reason
from report.wording.paybacks import retune_in_money, retuned
from report.wording.phrases import gate_list
from report.wording.restores import restores_ground, restores_reason
from report.wording.retune_band import flip_words, held_words, implied_rate_words
from report.wording.retuning import optimum_words, points_together, premise, today_interval_only
from report.wording.reversal import reverses_at_scale
from report.wording.said import (
    durability,
    g4_out_of_reach,
    outliers_decide,
    save_runs_short,
    save_spread,
)
from report.wording.speed_reason import async_reason, speedup_reason
from report.wording.staging import staging_cause
from report.wording.value import job_money, unpaid_optima_reason, unpaid_reason
from report.wording.verdict import default_g4_only, g4_unreachable_only, target_missed
from report.wording.workloads import not_for


def decided(w: Words) -> Recommendation:
    """Page 1's recommendation for these words' joint test (compute/recommendation.py), told whether its benefit at
    today's interval is mostly one of the interval (retuning.today_interval_only, as page 1's tiles mark it)."""
    return recommend(w.test, w.m, w.findings, today_interval_only(w.m))


def headline(w: Words, rec: Recommendation) -> str:
    """The line page 1 opens with: "Recommendation: …", scoped to one job where re-tuning takes the case for one but
    the baseline re-tuned would not carry the cluster's such jobs (`one_job`)."""
    return _headline(w, rec) + one_job(w, rec)


def one_job(w: Words, rec: Recommendation) -> str:
    """ " That holds for one such job: …" where compute/recommendation.py retune_one_job finds the case re-tuning takes
    rests on one job saving to the baseline (cold read 19, AA-M1: "makes no case" beside "re-tuning alone does not carry
    them", the cluster's 4 such jobs); "" otherwise."""
    jobs = retune_one_job(rec, w.findings)
    if jobs is None:
        return ""
    demand = w.findings.get("cluster_demand")
    assert demand is not None  # retune_one_job found it
    return " " + _(
        "That holds for one such job: from {jobs} such jobs saving to {baseline} (the cluster holds {held}), "
        "{baseline} re-tuned would not carry them."
    ).format(jobs=count(jobs), held=count(demand["jobs"]), baseline=w.name("baseline"))


def _headline(w: Words, rec: Recommendation) -> str:
    """The line page 1 opens with, before its scope."""
    candidate = w.name("candidate")
    if rec.kind == RECOMMENDED and {"retune_beats_switch", "retune_if_copied"} & set(rec.reasons):
        # the case holds at the job's interval: scoped, so a director reads the condition in the line itself (fifth
        # cold reads b, A2/A3: a recommendation resting on an assumed failure rate)
        return _(
            "Recommendation: {candidate} is recommended for a job that saves every {interval} steps, as this one "
            "does; the case is made on checkpoint speed."
        ).format(candidate=candidate, interval=count(w.m.bubble.checkpoint_interval_steps)) + not_for(w)
    if rec.kind == RECOMMENDED and scope_words(w):
        # scoped to the job sizes it holds for, in the line itself (cold read 16, T-B1)
        return _("Recommendation: {candidate} is recommended{scope}; the case is made on checkpoint speed.").format(
            candidate=candidate, scope=scope_words(w)
        ) + not_for(w)
    if rec.kind == RECOMMENDED:
        return _("Recommendation: {candidate} is recommended; the case is made on checkpoint speed.").format(
            candidate=candidate
        ) + not_for(w)
    if rec.kind == NOT_YET and rec.reasons[:1] == ("g4_default",):
        return _("Recommendation: not yet; the verdict rests on a training-time target not agreed for this test.")
    if rec.kind == NOT_YET and rec.changes == ("outlier_log",):
        # nothing to measure but one run's log (cold tests 6: "the measurements below" pointed to nothing)
        return _("Recommendation: not yet; the cause of one slow run decides it first (see what would change it).")
    if rec.kind == NOT_YET and rec.changes[:1] == ("more_runs",) and runs_impractical(w):
        # no joint test takes 905 runs a system: what decides is whether a speedup this close meets the target
        return _("Recommendation: not yet; the speedup lies at the target, and what counts as meeting it decides.")
    if rec.kind == NOT_YET:
        return _("Recommendation: not yet; the measurements under “What would change it” decide it.")
    if {*JOB_MONEY, "optima_little"} & set(rec.reasons):
        return _passing_headline(w, rec)
    if rec.kind == OTHER_GROUNDS:
        # a decision, with its condition (fifth cold reads b, A2: "not for checkpoint speed; better on loads" said
        # neither buy nor do not buy)
        # scoped to the job the gates judge: another workload in the save times may go the other way (cold tests 6:
        # a 7B fine-tune 2.31× faster on the candidate)
        # the gates passing and "no case" side by side need their link said (cold read 7, A-M2; Chinese reading 7,
        # read as a contradiction)
        passed = w.m.verdict.status == "demonstrated" and "retune_beats_switch" in rec.reasons
        asynchronous = w.m.verdict.status == "demonstrated" and "async_saves" in rec.reasons
        return (
            _(
                "Recommendation: {candidate} only if {grounds} are worth its price; checkpoint speed on {model} makes "
                "no case: neither write outlasts the compute between saves, so the storage changes no training time at "
                "today's interval."
            )
            if "staging_alone" in rec.reasons
            else _(
                "Recommendation: {candidate} only if {grounds} are worth its price; checkpoint speed on {model} makes "
                "no case: its gates pass, but saving asynchronously would recover as much, and the time saved pays "
                "for it only while the interval cannot change."
            )
            if asynchronous
            else _(
                "Recommendation: {candidate} only if {grounds} are worth its price; checkpoint speed on {model} makes "
                "no case: its gates pass, but re-tuning {baseline}'s interval recovers as much."
            )
            if passed
            else _(
                "Recommendation: {candidate} only if {grounds} are worth its price; checkpoint speed on {model} makes "
                "no case."
            )
        ).format(
            candidate=candidate,
            grounds=join_words([_ground_words(w, g) for g in rec.grounds]),
            model=w.m.save.baseline.model,
            baseline=w.name("baseline"),
        )
    assert rec.kind == NOT_RECOMMENDED
    if "retune_beats_switch" in rec.reasons and "failure_rate" in rec.changes:
        # no gate decided it, re-tuning did: the line says what the "no" rests on, an interval the customer can change
        # at a failure rate assumed or set (Chinese reading 8, I-B1: "on this evidence" read as the test's own finding)
        rate = (
            _("on an assumed failure rate")
            if w.config.is_default("reliability.gpu_mtbf_hours")
            else _("on the failure rate set for this test")
        )
        return _(
            "Recommendation: not recommended; re-tuning {baseline}'s checkpoint interval recovers as much as "
            "{candidate}, {rate}."
        ).format(baseline=w.name("baseline"), candidate=candidate, rate=rate)
    if "staging_alone" in rec.reasons:
        return _(
            "Recommendation: not recommended; neither write outlasts the compute between saves, so the storage changes "
            "no training time at today's interval."
        )
    return _("Recommendation: not recommended on this evidence.")


def _passing_headline(w: Words, rec: Recommendation) -> str:
    """Every gate passes, but the case is not made on checkpoint speed because most of the benefit is today's interval's
    (compute/recommendation.py `_interval_case`): the headline opens with its decision (not recommended, or the other
    grounds), saying in the same sentence that the candidate meets every target (cold read 14c and Chinese reading 14c,
    P-B1: "makes no case" directly above "All four gates pass", the reason never printed), then in a second sentence
    why speed alone does not justify it for this job (the money on the runs given, where it decides: `job_unpaid`; else
    how little the optima keep). Two sentences, the decision first (cold read 18, Y minor 9)."""
    candidate = w.name("candidate")
    money = job_money(w, w.findings.get("value_priced"), rec.reasons) if set(JOB_MONEY) & set(rec.reasons) else ""
    why = money or _(
        "Checkpoint speed alone makes no case for {candidate}: with each system at its optimal interval, most of the "
        "benefit goes."
    ).format(candidate=candidate)
    passing = _passing(w)
    grounds = join_words([_ground_words(w, g) for g in rec.grounds])
    if rec.kind == OTHER_GROUNDS:
        then = (
            _("{candidate} only if {grounds} are worth its price, though {passing}.")
            if passing
            else _("{candidate} only if {grounds} are worth its price.")
        ).format(candidate=candidate, grounds=grounds, passing=passing)
    else:
        then = (
            _("not recommended on this evidence, though {passing}.").format(passing=passing)
            if passing
            else _("not recommended on this evidence.")
        )
    return _("Recommendation: {then} {why}").format(why=why, then=then)


#: The gates' keys in test.toml: all four given, the targets are the ones agreed for this test.
GATE_KEYS = ("min_runs", "max_cv_pct", "target_speedup", "target_duration_reduction_pct")


def _passing(w: Words) -> str:
    """That the candidate meets every gate's target: "agreed for this test" where test.toml gives all four; where the
    case is judged without slow runs of the baseline that fail only its own repeatability (compute/recommendation.py
    slow_baseline_only), that G1 is the exception (cold tests 15, R: "meets every target" beside "G1 fails")."""
    candidate = w.name("candidate")
    agreed = not any(w.config.is_default(f"gates.{key}") for key in GATE_KEYS)
    if w.m.verdict.status == "demonstrated":
        if w.findings.get("other_models_below_target") is not None:
            # the targets are the training model's: another workload timed below G3's target is not said to meet
            # them (cold read 17, W-M6: "meets every target" beside Hunyuan-7B's 9.73x against 14x)
            text = (
                _("{candidate} meets every target agreed for this test on {model}, the workload the gates judge")
                if agreed
                else _("{candidate} passes every gate of this test on {model}, the workload the gates judge")
            )
            return text.format(candidate=candidate, model=w.m.save.baseline.model)
        if agreed:
            return _("{candidate} meets every target agreed for this test").format(candidate=candidate)
        return _("{candidate} passes every gate of this test").format(candidate=candidate)
    found = w.findings.get("outliers_decide")
    if found is not None and any(not item.startswith("baseline:") for item in found.scope.items):
        # the money decides with the outlying runs and without them (compute/money_rules.py money_either_way): the
        # verdict right below names the gate they fail and the result without them (cold tests 17, W), so the
        # headline says its decision alone (cold read 18, Y minor 9: a 70-word sentence opening with G3)
        return ""
    runs = len(found.scope.items) if found is not None else 1
    return (
        ngettext(
            "{candidate} meets every target agreed for this test ({baseline}'s own repeatability, G1, fails on one "
            "slow run of {baseline}'s alone)",
            "{candidate} meets every target agreed for this test ({baseline}'s own repeatability, G1, fails on {n} "
            "slow runs of {baseline}'s alone)",
            runs,
        )
        if agreed
        else ngettext(
            "{candidate} passes every gate of this test ({baseline}'s own repeatability, G1, fails on one slow run of "
            "{baseline}'s alone)",
            "{candidate} passes every gate of this test ({baseline}'s own repeatability, G1, fails on {n} slow runs of "
            "{baseline}'s alone)",
            runs,
        )
    ).format(candidate=candidate, baseline=w.name("baseline"), n=runs)


def _ground_words(w: Words, ground: str) -> str:
    """A ground as the headline names it (the restores valued beside it, worked out only where they are a ground)."""
    if ground == "restores":
        return restores_ground(w)
    return {"loads": _("faster model loads"), "durability": _("checkpoints that survive a node")}[ground]


def reasons(w: Words, rec: Recommendation) -> tuple[str, ...]:
    """At most three reasons, each with its figures, most decisive first; what the verdict below states (a result
    that hangs on a run, a G4 no storage could pass) is left to it."""
    stated = set(VERDICT_FINDINGS)
    shown = tuple(r for r in rec.reasons if r not in stated)
    worded = [(r, text) for r, text in ((r, _reason(w, r, shown)) for r in shown) if text]
    said = [text for _r, text in worded]
    # a reversal at a larger scale goes with the save figures, where the decision is (cold read 12, V-M2)
    at = next((i for i, (r, _text) in enumerate(worded) if r in SPEED_REASONS), 0)
    if said and (turn := reverses_at_scale(w, workloads=rec.kind != RECOMMENDED)):
        said[at] = f"{said[at]} {turn}"
    if said:  # what the save figures need beside them (Chinese reading 13b, X-4, X-5)
        said[at] += speed_counterpoints(w)
    return tuple(said)


#: The reasons that give the training model's save speedup.
SPEED_REASONS = ("speedup", "g3_fail", "g3_open", "speedup_measured", "g3_below", "g3_above")


#: The findings page 1's verdict states beside the gates, whatever the recommendation.
VERDICT_FINDINGS = ("g4_out_of_reach", "outliers_decide")


def verdict_notes(w: Words, rec: Recommendation) -> tuple[str, ...]:
    """What the verdict hangs on, said beside it: a G4 that no storage could pass, a result that hangs on a run."""
    f = w.findings
    return tuple(
        t
        for t in (
            # not where the verdict's label already says it (default_g4_only: "G4 cannot be met by any storage")
            ""
            if default_g4_only(w.m, f) or g4_unreachable_only(w.m, f)
            else g4_out_of_reach(w, f.get("g4_out_of_reach"), brief=True),
            outliers_decide(w, f.get("outliers_decide"), gates_today_only(rec, w.m, f)),
            # the recommendation's first reason where it decides (cold read 11, T-B1), else beside the verdict
            "" if "staging_alone" in rec.reasons else staging_cause(w.m),
        )
        if t
    )


# ---- reasons -----------------------------------------------------------------------------------------------------


def _reason(w: Words, reason: str, shown: tuple[str, ...] = ()) -> str:
    """One reason in words; `shown`: the reasons page 1 gives beside it, so that none says what another does."""
    f = w.findings
    if reason in SPEED_REASONS:
        return speedup_reason(w, reason)
    if reason in ("training_time", "g4_fail"):
        return _training_reason(w, reason)
    if reason == "g4_default":
        return _g4_default_reason(f.get("g4_short"))
    if reason == "save_runs_short":
        found = f.get("save_runs_short")
        return save_runs_short(w, found) if found else speedup_reason(w, "g3_open")
    worded = {
        "g4_out_of_reach": lambda: g4_out_of_reach(w, f.get("g4_out_of_reach")),
        "outliers_decide": lambda: outliers_decide(w, f.get("outliers_decide")),
        "save_spread": lambda: save_spread(w, f.get("save_spread")),
        "illustrative_saves": lambda: _(
            "The save times are illustrative, not measured: no figure of them decides a purchase."
        ),
        "not_durable": lambda: _(
            "{candidate}'s saves would not survive a power loss, so they are not checkpoints yet."
        ).format(candidate=w.name("candidate")),
        "loads": lambda: loads_reason(w),
        "rows_outrun": lambda: _outrun_reason(w),
        "restores": lambda: restores_reason(w),
        "durability": lambda: durability(w, f.get("node_local")),
        "retune_beats_switch": lambda: _retune_reason(
            w, durability_follows="durability" in shown and bool(durability(w, f.get("node_local")))
        ),
        "retune_if_copied": lambda: _retune_reason(w, copy_needed=True),
        "unpaid": lambda: unpaid_reason(w, f.get("value_priced")),
        # the headline gives the money (cold read 14c, P-B1); how little the optima keep where that is why the job's
        # runs do not pay, else nothing more (cold read 16, T-B3: the whole cluster's bound is the economics section's)
        "job_unpaid": lambda: _optima_reason(w, shown) if today_interval_only(w.m) else "",
        "job_paid_today": lambda: _optima_reason(w, shown) if today_interval_only(w.m) else "",
        "optima_little": lambda: _optima_reason(w, shown),
        "unpaid_optima": lambda: unpaid_optima_reason(w, f.get("value_priced")),
        "staging_alone": lambda: staging_cause(w.m),
        "bandwidth_copied": lambda: copies.page_one(w),
        "async_saves": lambda: async_reason(w),
    }
    return worded[reason]() if reason in worded else verdict_line(w)


def _outrun_reason(w: Words) -> str:
    """The training model's saves wrote faster than the bandwidth logged on their system: the sides, each once."""
    m = w.m
    found = w.findings.get("rows_outrun")
    assert found is not None, "the rows_outrun reason comes from its finding"
    rows = [r for r in found["rows"] if r.model == m.save.baseline.model]
    text = (
        _(
            "Counting each node's partner mirror, saves of {model} on {systems} took in data faster than the bandwidth "
            "logged there ({ratios}), which durable saves of the stated checkpoint cannot."
        )
        if any(r.mirrored for r in rows)
        else _(
            "Saves of {model} on {systems} wrote faster than the bandwidth logged there ({ratios}), which durable "
            "saves of the stated checkpoint cannot."
        )
    ).format(
        model=m.save.baseline.model,
        systems=join_words([w.name(r.side) for r in rows]),
        ratios=join_words([x3(r.to_bandwidth) for r in rows]),
    )
    return text  # the training model's rows only: not the whole finding's scope, so not marked as said


def _training_reason(w: Words, reason: str) -> str:
    b, g = w.m.bubble, w.config.gates
    change = b.duration_reduction_pct
    if reason == "training_time":
        text = _(
            "The training run is {change} shorter at today's interval ({saved} of {total}), meeting the {target}% "
            "target."
        )
    elif not w.config.is_default("gates.target_duration_reduction_pct"):
        text = (
            _("The training run is only {change} shorter at today's interval; the target agreed is {target}%.")
            if change >= 0
            else _("The training run is {change} longer at today's interval; the target agreed is {target}% shorter.")
        )
    elif change >= 0:
        text = _(
            "The training run is only {change} shorter at today's interval; the {target}% target is a reference "
            "value, not agreed with the customer."
        )
    else:
        text = _(
            "The training run is {change} longer at today's interval; the target of {target}% shorter is a "
            "reference value, not agreed with the customer."
        )
    return text.format(
        change=p3(abs(change)),
        saved=s3(abs(b.time_saved_s)),
        total=s3(b.baseline_duration_s),
        target=given(g.target_duration_reduction_pct),
    )


def _g4_default_reason(found: Finding | None) -> str:
    """G4 alone fails the verdict, on a reference target nobody agreed: the run's change, the target, and that every
    other gate passes."""
    if found is None:
        return ""
    change = found["change_pct"]
    text = (
        _(
            "The training run is {change} shorter at today's interval; the {target}% target that fails it is a "
            "reference value, not agreed with the customer, and every other gate passes."
        )
        if change >= 0
        else _(
            "The training run is {change} longer at today's interval; the {target}% target that fails it is a "
            "reference value, not agreed with the customer, and every other gate passes."
        )
    )
    return said(found, text.format(change=p3(abs(change)), target=given(found["target"])))


def _retune_reason(w: Words, durability_follows: bool = False, copy_needed: bool = False) -> str:
    """Re-tuning the baseline against switching, led by the interval from which the baseline alone loses no more
    than the candidate at today's (fifth cold reads b, A-7: Young's optimum left a run two saves; the break-even
    interval is the lever a customer can use), with the failure rate it rests on and the MTBF at which it turns (A3,
    M-8). `durability_follows`: the durability reason is on page 1 too, and says that the node-local baseline needs
    a copy kept off the node, untimed, so this one does not say it again (scaling-cluster's page 1 said it twice and
    ran onto page 2). `copy_needed`: the baseline is local to each node and the candidate shared (the recommendation's
    `retune_if_copied`): the comparison holds only with a copy kept off the node, which the reason ends on."""
    m = w.m
    r = m.reliability
    steps = m.break_even_steps
    fields = {
        "rate": _rate_words(w),
        "baseline": w.name("baseline"),
        "candidate": w.name("candidate"),
        "candidate_today": p3(r.candidate.overhead_pct),
        "interval": count(m.bubble.checkpoint_interval_steps),
    }
    upper = m.break_even_upper_steps  # beyond it lost work outgrows the saves saved (cold read 7: "or more" was false)
    if steps is not None and steps < round(r.baseline.optimal_interval_steps):
        text = (
            _(
                "{rate}, saving every {steps} steps or more instead of {interval} makes {baseline} lose no more time "
                "to saves and failures than {candidate} today ({candidate_today} of compute time)."
            )
            if upper is None
            else _(
                "{rate}, saving every {steps} to {upper} steps instead of {interval} makes {baseline} lose no more "
                "time to saves and failures than {candidate} today ({candidate_today} of compute time)."
            )
        ).format(steps=count(steps), upper=count(upper or 0), **fields)
    else:
        text = _(
            "{rate}, re-tuning the checkpoint interval on {baseline} recovers more (time lost to saves and failures "
            "{span} of compute time) than {candidate} at today's interval ({candidate_today})."
        ).format(
            span=NO_BREAK_SPACE.join((p3(r.baseline.overhead_pct), "→", p3(r.baseline.optimal_overhead_pct))),
            **fields,
        )
    # both re-tuned, what the candidate still adds (Chinese reading 5, N-6: a re-tuned baseline against the candidate
    # at today's interval is not the whole comparison)
    if not today_interval_only(m):  # else the capacity tile prints the optima's figure (scaling-cluster's page 1)
        text += " " + _("Optimum against optimum, {optimum}.").format(optimum=optimum_words(m))
    if (carry := retuned_carry(w)) and retuned_thin(w):  # the cluster's jobs at the re-tuned interval (cold read 16,
        # U-M5); a check passed with a wide margin is the failure section's alone (page 1 has no line to spare)
        text += " " + carry
    text += flip_words(w) + implied_rate_words(w, page_one=True) + held_words(w)
    if copy_needed:  # the premise first, so that no sentence after it reads as the finding (cold read 12, V-M5)
        return premise(w.m, w.name("baseline")) + text
    node_local = w.findings.get("node_local")
    if node_local is not None and "baseline" in node_local.scope.items and not durability_follows:
        text += " " + _("It assumes a copy kept off the node, which this test did not time.")
    return text


def _optima_reason(w: Words, shown: tuple[str, ...] = ()) -> str:
    """Where most of the benefit is today's interval's: how much the candidate contributes with each system at its
    optimal interval against today's. Where switching, not re-tuning, recovers more at the rate this rests on, what
    re-tuning, which costs nothing, recovers of it first (cold read 15pq, P-M8; Chinese reading 15, R major 2:
    "switching recovers more than re-tuning" led, where re-tuning recovers 94% of it for nothing), then the per-GPU
    MTBF up to which switching's lead holds: a reason, not a condition to come (Chinese reading 14c, P-B1). The steps
    re-tuned to are left to the headline where its money names them (`shown`: page 1's reasons; cold tests 17, W:
    2,870 steps twice on the decision page)."""
    m, r = w.m, w.m.reliability
    today, optima = points_together(
        (r.switch_gain_pct, r.baseline.overhead_pct, r.candidate.overhead_pct),
        (r.optimum_gain_pct, r.baseline.optimal_overhead_pct, r.candidate.optimal_overhead_pct),
    )
    fields = {"candidate": w.name("candidate"), "baseline": w.name("baseline"), "today": today, "optima": optima}
    if r.tuning_beats_switching:  # the re-tuning reason beside it says so, with its threshold
        return _(
            "With each system at its optimal interval, {candidate} saves {optima} percentage points of compute time "
            "against {today} at today's interval."
        ).format(**fields)
    retune, switch = points_together(
        (
            r.baseline.overhead_pct - r.baseline.optimal_overhead_pct,
            r.baseline.overhead_pct,
            r.baseline.optimal_overhead_pct,
        ),
        (r.switch_gain_pct, r.baseline.overhead_pct, r.candidate.overhead_pct),
    )
    cost = retuned(w)
    lead = (
        _(
            "Re-tuning {baseline}'s interval ({optimal_h} between saves; a failure then loses {lost_optimal} of work "
            "on average, not {lost_today}) recovers {retune} of the {switch} percentage points of compute time that "
            "switching to {candidate} recovers at today's interval."
        ).format(retune=retune, switch=switch, **{**cost, **fields})
        if cost and retune_in_money(w, shown)
        # what the longer interval costs, not "at no cost" (cold read 17, W-M1; Chinese reading 17, W M3)
        else _(
            "Re-tuning {baseline}'s interval to {optimal_steps} steps ({optimal_h}; a failure then loses "
            "{lost_optimal} of work on average, not {lost_today}) recovers {retune} of the {switch} percentage points "
            "of compute time that switching to {candidate} recovers at today's interval."
        ).format(retune=retune, switch=switch, **{**cost, **fields})
        if cost
        else _(
            "Re-tuning {baseline}'s interval, at no cost, recovers {retune} of the {switch} percentage points of "
            "compute time that switching to {candidate} recovers at today's interval."
        ).format(retune=retune, switch=switch, **fields)
    )
    if m.flip_mtbf_hours is None:
        return (
            lead
            + " "
            + _(
                "{rate}, switching recovers more; with each system at its optimal interval, {candidate} saves {optima} "
                "percentage points."
            ).format(rate=_rate_words(w), **fields)
        )
    return (
        lead
        + " "
        + _(
            "{rate}, and at any below {flip} h, switching recovers more; with each system at its optimal interval, "
            "{candidate} saves {optima} percentage points."
        ).format(rate=_rate_words(w), flip=rounded(m.flip_mtbf_hours), **fields)
    )


def _rate_words(w: Words) -> str:
    """The failure rate the re-tuning comparison rests on, at the head of a sentence: assumed (Llama 3's, not this
    cluster's) or set for this test, with its per-GPU MTBF."""
    hours = given(w.m.reliability.gpu_mtbf_hours)
    if w.config.is_default("reliability.gpu_mtbf_hours"):
        return _("At an assumed failure rate (Llama 3's, a per-GPU MTBF of {hours} h)").format(hours=hours)
    return _("At the failure rate set for this test (a per-GPU MTBF of {hours} h)").format(hours=hours)


def verdict_line(w: Words) -> str:
    """The verdict in a director's words: the label, then each gate by its plain name with its id beside it."""
    return _("Verdict: {label}. {gates}").format(
        label=verdict_status_label(
            w.m.verdict.status,
            target_missed(w.m, w.findings),
            g3_lean(w.m, w.findings, w.config.gates.target_speedup) is None,
        ),
        gates=gates_line(w),
    )


__all__ = [
    "changes",
    "decided",
    "gate_list",
    "gates_line",
    "headline",
    "reasons",
    "verdict_line",
    "verdict_notes",
]
