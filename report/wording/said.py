"""The findings page 1 and the sections state in the same words: a G4 no storage could pass, a result that hangs on
a run, the sides whose saves spread or are too few, storage local to each node, and the verdict line. Each is marked
with its finding (report/document/spoken.py), so that the words name exactly the sides and runs it holds for."""

from __future__ import annotations

from report.compute.findings import Finding
from report.document.spoken import said
from report.formatting import count, given, h3, money, p3, pct, s3, sig, x3
from report.i18n import _, join_clauses, join_words
from report.wording.base import Words
from report.wording.counterpoints import cause_step, copy_demand
from report.wording.labels import g4_pass_unsettled, gate_name, verdict_status_label
from report.wording.phrases import record_pointer
from report.wording.reference import reference_limit
from report.wording.repeatability import sensitivity
from report.wording.verdict import target_missed


def g4_out_of_reach(w: Words, found: Finding | None, brief: bool = False) -> str:
    """No storage could pass G4 at today's interval: the baseline's whole share, whose target, and where it could.
    `brief` (page 1): the target and where the gates section argues it, the baseline's share left to that section."""
    if found is None:
        return ""
    if brief:
        text = _(
            "No storage could pass {gate} at today's interval: even saves that took no time would not shorten the run "
            "by the {target}% target (see “{section}”)."
        ).format(gate=gate_label(w, "G4"), target=given(found["target"]), section=_("Joint-test gates and next steps"))
        return said(found, text)
    target = (
        _("the {target}% target agreed for this test")
        if found["agreed"]
        # no tool on the customer pages (Chinese reading 14c, Q-B1)
        else _("the {target}% reference, not agreed with the customer")
    ).format(target=given(found["target"]))
    text = (
        # nothing to remove: not a share below zero (cold read 9, J-m2: "stalls that storage could remove take
        # −0.628% of the run", negative only as the candidate's staging is given longer)
        _(
            "No storage could pass {gate} at today's interval of {steps} steps: the baseline's writes already finish "
            "within the compute between saves, so no storage could remove any of its stalls or shorten the run "
            "toward {target}."
        )
        if w.m.checkpoint_mode == "async" and found["max_pct"] <= 0
        else _(
            "No storage could pass {gate} at today's interval of {steps} steps: the baseline's writes already finish "
            "within the compute between saves, so all that separates the two runs is the staging times given, "
            "{share} of the run, below {target}."
        )
        # the whole share is the staging difference, which is not the storage's (cold read 15, S-B1: "stalls that
        # storage could remove take 0.604%" beside "not from the storage's writes")
        if w.m.checkpoint_mode == "async" and w.m.async_.baseline.stall_s <= w.m.async_.baseline.staging_s
        else _(
            "No storage could pass {gate} at today's interval of {steps} steps: the baseline's stalls that storage "
            "could remove take {share} of the run, below {target}."
        )
        if w.m.checkpoint_mode == "async"
        else _(
            "No storage could pass {gate} at today's interval of {steps} steps: the baseline's saves take {share} of "
            "the run, below {target}."
        )
    ).format(gate=gate_label(w, "G4"), steps=count(found["interval_steps"]), share=p3(found["max_pct"]), target=target)
    if found["passing_interval_steps"] is not None:
        steps = found["passing_interval_steps"]  # 1: a save at every step, not "every 1 steps" (field test 5, m8)
        text += " " + (
            _("It could pass only with a save at every step.")
            if steps == 1
            else _("It could pass with a save every {steps} steps or fewer.").format(steps=count(steps))
        )
    return said(found, text)


def outlast_words(w: Words, outlast: dict[str, float] | None) -> str:
    """Why a shorter interval would matter to an asynchronous job: the baseline's write would outlast the compute
    between saves (compute/gate_findings.py `g4_out_of_reach`, cold read 14c, Q-M2): ", where …", or ""."""
    if outlast is None:
        return ""
    return _(", where {baseline}'s write ({write}) would outlast the compute between saves ({compute})").format(
        baseline=w.name("baseline"), write=s3(outlast["write_s"]), compute=s3(outlast["compute_s"])
    )


def _agreed_label(states: dict[str, str]) -> str:
    """The verdict over the gates with an agreed target, where G4 is not assessed on the tool's default (cold read 14c,
    Q-M1): a verdict with and without outlying runs compares the same gates."""
    others = [states[g] for g in ("G1", "G2", "G3")]
    if "fail" in others:
        return verdict_status_label("not_demonstrated", states["G3"] == "fail")
    if "insufficient" in others:
        return verdict_status_label("undecided")
    return _("G1 to G3 pass; G4 not assessed")


def _shorter(found: Finding, text: str) -> str:
    """`text` (the speedup without the outlying runs) with G4's figure without them beside the one page 1 prints,
    where the finding says leaving them out changes it (cold read 19, AA: 10.5% against 12.0%)."""
    moved = found["reduction"]
    if moved is None:
        return text
    return _("{text}, the training run {pct} shorter (with every run, {with_pct})").format(
        text=text, pct=p3(moved[1]), with_pct=p3(moved[0])
    )


def outliers_decide(w: Words, found: Finding | None, retuned: bool | None = None) -> str:
    """The result hangs on outlying runs: both results, with and without them. `retuned`, beside page 2's verdict
    label (None elsewhere): whether that label says re-tuning recovers as much (verdict_label); the label gives both
    verdicts, so they are not said again (cold read 16, U-B2: page 2 ran onto page 3)."""
    if found is None:
        return ""
    runs = join_words([run_name(w, item, found) for item in found.scope.items])
    ci = found["ci"]
    if (spread := w.findings.get("spread_only")) is not None:
        # the verdict fails on spread alone: the result without the runs is a sensitivity case (cold read 17, W-B1)
        ratio = _("{ratio} (95% interval {low}–{high}×)").format(
            ratio=x3(found["speedup"]), low=sig(ci[0]) if ci else "–", high=sig(ci[1]) if ci else "–"
        )
        after = join_clauses([gate_state(g, found["after"][g]) for g in found["gates"]], inner=True)
        return sensitivity(spread, runs, _shorter(found, ratio), after, verdict_status_label(found["verdict_without"]))
    without = (
        _("without it the speedup is {ratio} (95% interval {low}–{high}×)")
        if len(found.scope.items) == 1
        else _("without them the speedup is {ratio} (95% interval {low}–{high}×)")
    ).format(ratio=x3(found["speedup"]), low=sig(ci[0]) if ci else "–", high=sig(ci[1]) if ci else "–")
    without = _shorter(found, without)
    # each state said whole, without the runs first, then with them (cold read 7b, B-6: "G1 fails → undecided" is tool
    # notation; cold read 9, K-m2: "with G1 undecided (now fails)" could not tell which state went with which case)
    after = join_clauses([gate_state(g, found["after"][g]) for g in found["gates"]], inner=True)
    # with the runs, the state every other place says: G4 by the means, not settled (cold read 13b, Y-B2)
    unsettled = g4_pass_unsettled(w.m, w.findings)
    before = join_clauses(
        [
            _("{gate} passes by the means, not settled").format(gate=g)
            if g == "G4" and unsettled and found["before"][g] == "pass"
            else gate_state(g, found["before"][g])
            for g in found["gates"]
        ],
        inner=True,
    )
    gates = (
        _("{after} (with it, {before})") if len(found.scope.items) == 1 else _("{after} (with them, {before})")
    ).format(after=after, before=before)
    # the verdict as the gates give it, not a status label printed nowhere else (cold read 12, W-M1: "instead of
    # “Benefit demonstrated”"); no "all": the finding's scope is its runs
    verdict = (
        _("G1 to G4 pass")
        if found["verdict"] == "demonstrated"
        else _agreed_label(found["before"])
        if w.findings.has("g4_unagreed")
        else verdict_status_label(found["verdict"], target_missed(w.m, w.findings))
    )
    unagreed = w.findings.has("g4_unagreed")
    verdict_without = _agreed_label(found["after"]) if unagreed else verdict_status_label(found["verdict_without"])
    labelled = retuned is not None and found["verdict_without"] != found["verdict"]
    text = (
        _("The result hangs on {runs}: {without}, {gates}.")
        if labelled
        else _(
            "The result hangs on {runs}: {without}, {gates}; the verdict would be “{verdict_without}” instead of "
            "“{verdict}”."
        )
        if verdict_without != verdict
        # a gate changes, the verdict does not: not "would be X instead of X" (Chinese edition, formal fixture)
        else _("The result hangs on {runs}: {without}, {gates}; the verdict stays “{verdict}”.")
    ).format(runs=runs, without=without, gates=gates, verdict=verdict, verdict_without=verdict_without)
    if (
        verdict_without != verdict
        and not retuned
        and w.m.retune_without_outliers
        and w.findings.has("retune_beats_switch")
    ):
        # beside "checkpoint speed makes no case", "would be Benefit demonstrated" read as the opposite signal (cold
        # read 10, Q-M1): what re-tuning says holds with the runs and without them
        text += " " + (
            _("Re-tuning {baseline}'s checkpoint interval recovers as much with the run or without it.")
            if len(found.scope.items) == 1
            else _("Re-tuning {baseline}'s checkpoint interval recovers as much with the runs or without them.")
        ).format(baseline=w.name("baseline"))
    return said(found, text)


def run_name(w: Words, item: str, found: Finding) -> str:
    side, run = item.split(":")
    return _("run {run} on {system} ({time})").format(run=run, system=w.name(side), time=s3(found["times"][item]))


def save_spread(w: Words, found: Finding | None) -> str:
    """The save sides whose runs spread above the limit, each with its spread, and only those."""
    if found is None:
        return ""
    cv = found["cv"]
    limit = (
        _("the {limit}% limit agreed for this test").format(limit=given(found["limit"]))
        if found["agreed"]
        else reference_limit(f"{given(found['limit'])}%")
    )
    sides = found.scope.items
    if found.scope.whole:
        text = _("Both systems' saves spread above {limit}: {baseline} {baseline_cv}, {candidate} {candidate_cv} (CV).")
        return said(
            found,
            text.format(
                limit=limit,
                baseline=w.name("baseline"),
                baseline_cv=p3(cv["baseline"]),
                candidate=w.name("candidate"),
                candidate_cv=p3(cv["candidate"]),
            ),
        )
    (side,) = sides
    text = _("{system}'s saves spread {cv} (CV), above {limit}.").format(
        system=w.name(side), cv=p3(cv[side]), limit=limit
    )
    return said(found, text)


def save_runs_short(w: Words, found: Finding) -> str:
    """The save sides with too few runs, and only those."""
    runs = found["runs"]
    parts = join_words(
        [_("{system} {runs}").format(system=w.name(side), runs=count(runs[side])) for side in found.scope.items]
    )
    text = _("Too few save runs to decide: {parts}; the gates need {needed} per system.").format(
        parts=parts, needed=count(found["needed"])
    )
    return said(found, text)


def durability(w: Words, found: Finding | None) -> str:
    """A node-local baseline's checkpoints go with a failed node; shared storage keeps them (a reason on page 1)."""
    if found is None or "baseline" not in found.scope.items or "candidate" in found.scope.items:
        return ""
    text = (
        node_local_words(w, found, brief=True)
        + " "
        + _("{candidate} keeps checkpoints off the nodes.").format(candidate=w.name("candidate"))
    )
    return text  # not the load baseline's storage too: page 1 has no room for a system whose saves were not timed


def node_local_words(w: Words, found: Finding, brief: bool = False) -> str:
    """What storage local to each node means for failures, of the sides the finding names and only those; `brief`
    (page 1): the copy's rates and the bound in a clause each, the failures section says how they are reached."""
    if found.scope.whole:
        text = _(
            "Both systems keep a node's part of a checkpoint on that node: a failed node takes it along, and "
            "restarting elsewhere needs a copy kept off the node, which this test did not time."
        )
    elif found["partner"]:
        # the record keeps each node's part on another node too (cold test 18, X: "a failed node takes it along" of a
        # tier mirrored to a partner node)
        text = _(
            "On {system} a node's part of a checkpoint stays on that node and, as the test record says, on another "
            "node too: one lost node loses nothing, a node and its copy's node lost together lose that part, and a "
            "restart from the other node's copy was not timed."
        ).format(system=w.name(found.scope.items[0]))
    else:
        text = _(
            "On {system} a node's part of a checkpoint stays on that node: a failed node takes it along, and "
            "restarting elsewhere needs a copy kept off the node, which this test did not time."
        ).format(system=w.name(found.scope.items[0]))
    if brief:
        return said(found, text + _brief_copy(found))
    target = found["copy_target"]
    if found["copy_gbps"] is not None and target is not None:
        # the copy goes to the shared baseline this test logged (cold read 14c, Q-M4; Chinese reading 14c, Q-M2)
        text += " " + _(
            "Copying the checkpoints off the node in the background to {baseline}, one {size} GB checkpoint per "
            "{cycle} before the next save, takes {rate} GB/s per job on average; {demand}."
        ).format(
            baseline=w.name("baseline"),
            size=sig(found["snapshot_gb"]),
            cycle=_duration(found["cycle_s"]),
            rate=sig(found["copy_gbps"]),
            demand=copy_demand(w, target, target["cluster_gbps"], target["cluster_ratio"]),
        )
    elif found["copy_gbps"] is not None:
        # where the copy goes and at what cadence (cold read 9, J-M2: "one 980 GB checkpoint per 42 s" counted the
        # compute between saves only, and named no storage to take the copy)
        text += " " + _(
            "Copying the checkpoints off the node in the background, one {size} GB checkpoint per {cycle} before the "
            "next save, takes {rate} GB/s per job on average, written to storage whose bandwidth this test did not "
            "measure."
        ).format(size=sig(found["snapshot_gb"]), cycle=_duration(found["cycle_s"]), rate=sig(found["copy_gbps"]))
    if found["optimum_copy_gbps"] is not None and target is not None and target["cluster_optimum_gbps"] is not None:
        text += " " + _(
            "One copy per optimal interval ({interval}) takes {rate} GB/s ({demand}), and a lost node then costs at "
            "most about that interval's work."
        ).format(
            interval=_duration(found["optimum_s"]),
            rate=sig(found["optimum_copy_gbps"]),
            demand=copy_demand(w, target, target["cluster_optimum_gbps"], target["cluster_optimum_ratio"]),
        )
    elif found["optimum_copy_gbps"] is not None:
        text += " " + _(
            "One copy per optimal interval ({interval}) takes {rate} GB/s, and a lost node then costs at most about "
            "that interval's work."
        ).format(interval=_duration(found["optimum_s"]), rate=sig(found["optimum_copy_gbps"]))
    text += node_loss_bound(w, found)
    return said(found, text)


def _brief_copy(found: Finding) -> str:
    """Page 1's clauses of the copy off the node and of what surviving a node is worth at most: " " and sentences."""
    out = ""
    if found["copy_gbps"] is not None and found["optimum_copy_gbps"] is not None:
        out += " " + _(
            "Copying the checkpoints off the node at today's interval takes {rate} GB/s per job; one copy per optimal "
            "interval ({interval}), {optimum_rate} GB/s."
        ).format(
            rate=sig(found["copy_gbps"]),
            interval=_duration(found["optimum_s"]),
            optimum_rate=sig(found["optimum_copy_gbps"]),
        )
    if found["cluster_loss_bound_per_year"] is not None:
        # the worst case is a bound, said where it bounds, not a reason beside the value (cold read 15, S-M1; Chinese
        # reading 15, S major 8): a pointer to the failure section
        out += " " + _("What a lost node could cost at most is bounded in “{section}”.").format(
            section=_("Failures and the checkpoint interval")
        )
    return out


def _duration(seconds: float) -> str:
    return h3(seconds) if seconds >= 3600 else s3(seconds)


def node_loss_bound(w: Words, found: Finding) -> str:
    """What checkpoints that survive a node are worth at most, for this job (compute/findings.py `node_local`): " " and
    a sentence, or "" without economics or where both sides are local to each node (cold read 9, J-M3: the condition
    the recommendation names was never sized)."""
    if found["loss_bound_per_year"] is None:
        return ""
    if found["failures_per_run"] >= 1:
        # a run that meets a failure or more restarted from its start would seldom finish: the bound is e^(D/M) times
        # the run, no cost (cold test 18, X: "at most 146,000,000 million CAD a year" at 18.9 failures a run)
        return " " + _(
            "At {failures} failures a run over {system}'s wall time, a job restarted from its start after each lost "
            "node would seldom finish: the run depends on checkpoints that survive a node, and no cost bounds it."
        ).format(system=w.name(found["wall_side"]), failures=sig(found["failures_per_run"]))
    text = _(
        "Counting the failures at that rate as lost nodes, and the job restarted from its start, the rework "
        "would cost at most {value} a year on the {runs} runs a year given ({failures} failures a run over "
        "{system}'s wall time, {hours} GPU-hours lost a run)"
    ).format(
        # the basis named: the restores' value beside it counts the candidate's wall time (cold read 17, V minor 4:
        # "0.0748 failures a run" and "0.0745" in one paragraph, the two systems' wall times unsaid)
        system=w.name(found["wall_side"]),
        value=money(found["loss_bound_per_year"], found["currency"]),
        runs=count(found["runs_per_year"]),
        failures=sig(found["failures_per_run"]),
        hours=sig(found["lost_gpu_hours_per_run"]),
    )
    text += _(".")
    if found.scope.items == ("candidate",):
        # the candidate's own risk, not a worth of it (cold tests 14, Q: "the candidate's price takes 29.9 years to
        # recover" from a node-local candidate's node losses)
        text += " " + _("It is a cost the candidate's checkpoints risk and the baseline's, kept off the nodes, do not.")
    cluster = found["cluster_loss_bound_per_year"]
    if cluster is not None:
        # the scope of the value of the time saved too (cold read 13b, X-M1: the job's 961 GBP beside the cluster's
        # 8,800 GBP; "1,519 years of the price" for a bound of about 600,000 GBP a year at the cluster's scope)
        # a bound carries no payback (cold read 16, T-M3: "at most 160 million CNY a year, a payback of at least
        # 0.0268 years"): said as the bound it is, beside the copy off the node that removes the risk it bounds
        text += " " + _(
            "Were the whole {gpus}-GPU cluster to run such jobs year-round, that bound would be {value} a year."
        ).format(gpus=count(found["cluster_gpus"]), value=money(cluster, found["currency"]))
        copy = found["optimum_copy_gbps"] or found["copy_gbps"]
        text += " " + (
            _(
                "The two figures are bounds, not expected costs: this test gives no share of the failures that lose a "
                "node, and a copy off the node at {rate} GB/s per job would keep a lost node's cost to about one "
                "interval's work."
            ).format(rate=sig(copy))
            if copy
            else _(
                "The two figures are bounds, not expected costs: this test gives no share of the failures that lose a "
                "node."
            )
        )
    return " " + text + break_even_words(found)


def break_even_words(found: Finding) -> str:
    """The failures section's break-even share with its derivation (Appendix B): " " and a sentence, or ""."""
    b = found["break_even"] if "break_even" in found.figures else None
    if b is None or b["share"] == 0:
        return ""
    fields = {
        "needed": money(b["needed_per_year"], found["currency"]),
        "price": money(found["price"], found["currency"]),
        "life": count(b["life"]) if float(b["life"]).is_integer() else sig(b["life"]),
        "value": money(found["cluster_value_per_year"], found["currency"]),
        "every": money(b["every_per_year"], found["currency"]),
    }
    if b["share"] is None:
        return " " + _(
            "To pay {price} within {life} years, the lost nodes would have to be worth {needed} a year beyond the "
            "{value} the time saved is worth at the optima; counting the failures at that rate as lost nodes gives "
            "{every}, so no share of failures that lose a node makes it pay (Appendix B)."
        ).format(**fields)
    return " " + _(
        "To pay {price} within {life} years, the lost nodes would have to be worth {needed} a year beyond the {value} "
        "the time saved is worth at the optima: a share p of the failures losing a node (at one per MTBF ÷ p, "
        "the job restarting from its start) gives that at p = {share} of the failures (Appendix B), against {every} "
        "were the failures at that rate lost nodes."
    ).format(share=pct(100 * b["share"]), **fields)


def gate_label(w: Words, gate_id: str) -> str:
    del w
    return _("{id} ({name})").format(id=gate_id, name=gate_name(gate_id).lower())


def gate_state(gate: str, status: str) -> str:
    """ "G1 fails", "G3 is undecided": a gate and its status as a clause."""
    return {"pass": _("{gate} passes"), "fail": _("{gate} fails"), "insufficient": _("{gate} is undecided")}[
        status
    ].format(gate=gate)


def status_word(status: str) -> str:
    return {"pass": _("passes"), "fail": _("fails"), "insufficient": _("undecided")}[status]


#: The longest [sources] save_times note page 1 quotes beside an outlying run (characters); a longer one is quoted in
#: the save section only.
NOTE_ON_PAGE_ONE = 200


def outlier_cause(w: Words) -> str:
    """The cause of the runs that decide the result: the cause decides, and the test's own record may name it (cold
    read 6, outlier case, B2, M6: the source note recorded a rebuild alarm during the run, page 1 asked for "the
    log")."""
    found = w.findings.get("outliers_decide")
    assert found is not None, "the outlier_log change comes from the finding outliers_decide"
    runs = join_words([run_name(w, item, found) for item in found.scope.items])
    if recorded := cause_step(w, list(found.scope.items), runs, clause=True):
        return recorded  # the record names the cause: how often it happens decides (cold read 13b, Y-M1)
    text = _(
        "the cause of {runs}: if the test caused it, repeat the run; if the storage did (a rebuild, say), the slow "
        "save is a result to weigh"
    ).format(runs=runs)
    note = w.config.sources.get("save_times", "").strip()
    if 0 < len(note) <= NOTE_ON_PAGE_ONE:  # the record may name the cause (cold read 7, B-B3: "may name it" of a note
        # that did); a longer one is quoted in the save section, and page 1 points there
        text += _("; the record of the save runs says: “{note}”").format(note=note)
    elif note:
        text += _("; the record of the save runs is quoted in “{section}”").format(section=_("Checkpoint save time"))
    return text


def outlier_step(w: Words, sides: tuple[str, ...]) -> str:
    """The next step where the runs that spread hold an outlying run (save_outliers): its cause first, with the record
    of the save runs where the test gives one, and what to do where the storage's own work caused it (cold read 8, I3:
    "find the cause (cache state, …)" while the record named a scrub); "" without such a run."""
    found = w.findings.get("save_outliers")
    if found is None:
        return ""
    items = [item for item in found.scope.items if item.split(":")[0] in sides]
    if not items:
        return ""
    fast = all(found["z"][item] < 0 for item in items)
    runs = join_words([run_name(w, item, found) for item in items])
    if not fast and (recorded := cause_step(w, items, runs)):
        return recorded  # the record names the cause (cold read 13b, Y-M1: "find the cause of run 5" beside a rebuild)
    text = (
        # a save much faster than its fellows may not have reached durable storage (cold read 12, W-B1: a write-back
        # cache left on), which background work would not explain
        _(
            "Find the cause of {runs} first: a save much faster than the others may not have reached durable storage "
            "(a write-back cache, a partial write). Repeat it with the cache settings recorded, and check that every "
            "byte was written."
        )
        if fast
        else _(
            "Find the cause of {runs} first. If the storage's own background work caused it (a rebuild or a scrub, "
            "say), time saves on both systems during that work and outside it, and ask each vendor how often it runs "
            "in service; else repeat the runs."
        )
    ).format(runs=runs)
    if w.config.sources.get("save_times", "").strip():
        text += " " + record_pointer()
    return text
