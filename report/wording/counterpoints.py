"""The decision page's counter-arguments in words, each decided in report/compute/counterpoints.py: save times a
storage benchmark took, a candidate that restores slower, the cluster's job mix choosing between the workloads' save
ratios, a shared candidate that the whole cluster's saves would outrun, and a slow run whose cause the record names."""

from __future__ import annotations

from report.compute.counterpoints import (
    OUTSIDE,
    benchmark_saves,
    job_mix_decides,
    recorded_cause,
    recorded_outlier,
    restores_slower,
    shared_stall_floor_s,
)
from report.formatting import count, given, p3, s3, sig, x3
from report.i18n import _, ngettext
from report.wording.base import Words
from report.wording.job_size import net_sign
from report.wording.outlier_words import cause_said, cause_words


def speed_counterpoints(w: Words) -> str:
    """What the save figures on the decision page need beside them: " " and sentences, or ""."""
    out = []
    tool = benchmark_saves(w.test)
    if tool is not None:
        # Chinese reading 13b, X-4: fio imitating the trainer's writes read as the trainer's own saves
        out.append(_("{tool} timed these saves, not the trainer.").format(tool=tool))
    if restores_slower(w.m):
        out.append(slower_restores(w))
    if risk := outlier_risk(w):
        out.append(risk)
    local = w.m.node_local.sides if w.m.node_local is not None else ()
    if local == ("candidate",):
        out.append(candidate_node_loss(w))
    return "".join(" " + text for text in out)


def candidate_node_loss(w: Words) -> str:
    """A node-local candidate's own risk beside its speed (cold read 14 and Chinese reading 14, Q-M1), sized at the
    scopes of the value line beside it, and the copy off the node set against the shared baseline this test logged
    (cold read 14c, Q-M4; Chinese reading 14c, Q-M1/Q-M2; compute/node_loss.py)."""
    found = w.findings.get("node_local")
    names = {"candidate": w.name("candidate"), "baseline": w.name("baseline")}
    target = found["copy_target"] if found is not None else None
    if found is not None and found["partner"]:
        # each node's part kept on another node too, as the record says (cold test 18, X)
        return _(
            "{candidate} keeps a node's part of each checkpoint on that node and, as the test record says, on another "
            "node too: one lost node loses nothing; a restart from that copy was not timed (“{section}”)."
        ).format(section=_("Failures and the checkpoint interval"), **names)
    if found is None or target is None:
        return _(
            "{candidate} keeps a node's part of each checkpoint on that node: a failed node takes it along, and the "
            "copy off the node that restarting elsewhere needs was not timed."
        ).format(**names)
    # one clause, its figure and a pointer (cold read 15pq, Q-M5; Chinese reading 15pq, Q-M4: a first reason of eight
    # topics): the copy once per optimal interval and the worst case of a lost node, a bound, are the failure
    # section's (cold read 15pq, Q-M2: "at most 17.2 million USD" beside 39,100 USD read as 440 times the benefit)
    return _(
        "{candidate} keeps a node's part of each checkpoint on that node: a failed node takes it along, and "
        "restarting elsewhere needs a copy off the node, untimed; to {baseline} at today's interval, {demand} (the "
        "copy once per optimal interval, and the worst case of a lost node: “{section}”)."
    ).format(
        demand=copy_demand(w, target, target["cluster_gbps"], target["cluster_ratio"]),
        section=_("Failures and the checkpoint interval"),
        **names,
    )


def copy_demand(w: Words, target: dict, gbps: float, ratio: float) -> str:
    """What the cluster's jobs' copies off the node would ask of the shared baseline this test logged: "the cluster's 8
    such jobs would need 118 GB/s, 4.17× the 28.3 GB/s this test logged on HS-9" (one job: "72.0% of the …")."""
    fields = {
        "gbps": sig(gbps),
        "share": _ratio(ratio),
        "measured": sig(target["measured_gbps"]),
        "baseline": w.name("baseline"),
    }
    if target["jobs"] > 1:
        text = (
            _(
                "the cluster's {jobs} such jobs would need {gbps} GB/s, {share} the {measured} GB/s this test logged "
                "on {baseline}"
            )
            if ratio >= 1
            else _(
                "the cluster's {jobs} such jobs would need {gbps} GB/s, {share} of the {measured} GB/s this test "
                "logged on {baseline}"
            )
        )
        return text.format(jobs=count(target["jobs"]), **fields)
    text = (
        _("{share} the {measured} GB/s this test logged on {baseline}")
        if ratio >= 1
        else _("{share} of the {measured} GB/s this test logged on {baseline}")
    )
    return text.format(**fields)


def _ratio(ratio: float) -> str:
    """A demand over a logged bandwidth: "4.17×" from 1 up, "70.9%" below."""
    return x3(ratio) if ratio >= 1 else p3(100 * ratio)


def slower_restores(w: Words) -> str:
    """The candidate's restores are the slower (Chinese reading 13b, X-5): both means, and, for a node-local baseline,
    where its restores were read (on the node that wrote them, which a lost node cannot do)."""
    r = w.m.reliability
    fields = {
        "candidate": w.name("candidate"),
        "baseline": w.name("baseline"),
        "candidate_s": s3(r.candidate.restore_s or 0.0),
        "baseline_s": s3(r.baseline.restore_s or 0.0),
    }
    if w.m.node_local is not None and "baseline" in w.m.node_local.sides:
        return _(
            "{candidate} restores slower: {candidate_s} against {baseline_s} on {baseline}, read on the node that "
            "wrote it."
        ).format(**fields)
    return _("{candidate} restores slower: {candidate_s} against {baseline_s}.").format(**fields)


def job_mix_change(w: Words) -> str:
    """What would change it where the workloads' save ratios straddle G3's target or lie far apart: the cluster's job
    mix, which decides which applies (cold read 13b, X-M3: 1.10× against 6.50×)."""
    m = w.m
    if not job_mix_decides(m, w.config.gates.target_speedup):
        return ""
    ratios = sorted([(m.save.speedup, m.save.baseline.model), *((o.ratio, o.model) for o in m.other_saves)])
    if net_sign(w):  # the larger, slower workload's figures are the first reason's (each fact once)
        return _("the cluster's job mix") + net_sign(w)
    return _("the cluster's job mix (saves run {low} for {low_model}, {high} for {high_model})").format(
        low=_faster(ratios[0][0]), low_model=ratios[0][1], high=_faster(ratios[-1][0]), high_model=ratios[-1][1]
    )


def job_mix_models(w: Words) -> tuple[str, ...]:
    """The workloads `job_mix_change` gives a save ratio for: the lowest and the highest; () where it gives none."""
    m = w.m
    if not job_mix_decides(m, w.config.gates.target_speedup) or net_sign(w):
        return ()
    ratios = sorted([(m.save.speedup, m.save.baseline.model), *((o.ratio, o.model) for o in m.other_saves)])
    return (ratios[0][1], ratios[-1][1])


def _faster(ratio: float) -> str:
    """A save ratio as a reader says it: "1.94× faster", and below 1 "1.84× slower", not "0.542× faster"."""
    if ratio >= 1:
        return _("{ratio} faster").format(ratio=x3(ratio))
    return _("{ratio} slower").format(ratio=x3(1 / ratio))


def shared_stall(w: Words) -> str:
    """The capacity tile's note where the cluster's saves at today's interval would outrun a shared candidate's
    bandwidth and a node-local baseline's grows with its nodes: the demand, and the direction, with the candidate's
    least stall a save (cold read 13b, X-M4: 338 GB/s against 45.1 GB/s, "not attainable", the direction unsaid)."""
    m = w.m
    floor = shared_stall_floor_s(m)
    if floor is None or m.cluster.candidate is None:
        return ""
    return _(
        # the measured bandwidth as the array's limit is an assumption: more clients were not measured (cold reads
        # 14b, X: "treats the 45.1 GB/s from 16 trays as the storage's limit")
        "{gpus}-GPU cluster of such jobs at today's interval: their saves need {mean} GB/s against this test's "
        "{measured} GB/s; were that {candidate}'s limit (more clients were not measured), a save would stall at least "
        "{floor} on it, {stall} on {baseline}"
    ).format(
        gpus=count(m.bubble.cluster_gpus),
        mean=sig(m.cluster.candidate.mean_write_gbps),
        measured=sig(m.bandwidth.candidate_gbps),
        floor=s3(floor),
        candidate=w.name("candidate"),
        stall=s3(m.save.baseline.pause_s),
        baseline=w.name("baseline"),
    )


def cause_step(w: Words, items: list[str], runs: str, clause: bool = False) -> str:
    """The next step for outlying runs whose cause the record of the save runs names (compute/counterpoints.py
    recorded_cause): how often that condition occurs in service, and the other system timed in the same state, not
    the cause (cold read 13b, Y-M1: "find the cause of run 5" beside a record of a disk rebuild); the save time in
    that state a line of its own, a purchase criterion, not noise (cold read 17, W-M3); "" otherwise.
    `clause`: as a part of "What would change it: …"."""
    cause = recorded_cause(w.test, tuple(items))
    if cause is None:
        return ""
    side = items[0].split(":")[0]
    if cause == "thermal":
        return _thermal_step(w, side, runs, clause)
    if cause in OUTSIDE:
        return _outside_step(w, items, runs, clause, cause)
    fields = {
        "runs": runs,
        "cause": cause_words(cause),
        "system": w.name(side),
        "other": w.name("candidate" if side == "baseline" else "baseline"),
    }
    if clause:
        return _(
            "how often {cause} occurs in service on {system} (the record of the save runs gives it as the cause of "
            "{runs}), and {other} timed during {cause} of its own"
        ).format(**fields)
    return _(
        "The record of the save runs gives the cause of {runs}: {cause} on {system}. Ask how often {cause} occurs "
        "there in service; time saves on {system} again during {cause} and on {other} during {cause} of its own, "
        "and report the save time in that state on a line of its own, beside the healthy one."
    ).format(**fields)


def _outside_step(w: Words, items: list[str], runs: str, clause: bool, cause: str) -> str:
    """The next step for outlying runs whose cause the record gives and no kind of the storage's own work names (a
    fault of the network or the clients, or any other): the cause is known, so neither a search for it nor a guess;
    the two ways to a verdict on clean runs are a written amendment to the test plan excluding such runs, or re-runs
    of that side until its repeatability gate has its runs without them (cold read 19, AA-M2; Chinese reading 19,
    AA-B2: a switch-port flap on BX-40's link, "find the cause of run 4 first", a rebuild or a scrub guessed)."""
    side = items[0].split(":")[0]
    fields = {
        "runs": runs,
        "cause": cause_said(w, tuple(items)),
        "system": w.name(side),
        "gate": "G1" if side == "baseline" else "G2",
        "min": count(w.config.gates.min_runs),
    }
    fault = _("a recorded infrastructure fault") if cause == "infrastructure" else _("a recorded fault")
    runs_needed = w.config.gates.min_runs
    if clause:
        return ngettext(
            "a written amendment to the test plan that excludes runs with {fault} (the record of the save runs gives "
            "{cause} as the cause of {runs}), or re-runs of {system} until {gate} has {min} run without such a fault",
            "a written amendment to the test plan that excludes runs with {fault} (the record of the save runs gives "
            "{cause} as the cause of {runs}), or re-runs of {system} until {gate} has {min} runs without such a fault",
            runs_needed,
        ).format(fault=fault, **fields)
    return ngettext(
        "The record of the save runs gives the cause of {runs}: {cause}. Either amend the test plan in writing to "
        "exclude runs with {fault}, or re-run {system} until {gate} has {min} run without such a fault.",
        "The record of the save runs gives the cause of {runs}: {cause}. Either amend the test plan in writing to "
        "exclude runs with {fault}, or re-run {system} until {gate} has {min} runs without such a fault.",
        runs_needed,
    ).format(fault=fault, **fields)


def _thermal_step(w: Words, side: str, runs: str, clause: bool) -> str:
    """The next step for a run the record puts down to a drive at its thermal limit: how often the side's drives reach
    it under a training load, a risk of the storage's own, not noise (cold read 14c, Q-M5; Chinese reading 14c,
    Q-M4)."""
    if clause:
        return _(
            "how often {system}'s drives reach their thermal limit under a training load (the record of the save runs "
            "gives it as the cause of {runs})"
        ).format(system=w.name(side), runs=runs)
    return _(
        "The record of the save runs gives the cause of {runs}: a drive on {system} at its thermal limit. Ask how "
        "often its drives reach that limit under a training load, with the GPUs busy beside them, and log the drives' "
        "temperatures during the saves."
    ).format(system=w.name(side), runs=runs)


def outlier_risk(w: Words) -> str:
    """Page 1's clause on a slow run whose cause the record gives (compute/counterpoints.py `recorded_outlier`): a risk
    to raise, not only noise, with the spread it makes where it alone brings it near the limit (cold read 14c, Q-M5;
    Chinese reading 14c, Q-M4); "" otherwise, or where the run decides a gate (the verdict's note says it then)."""
    found = recorded_outlier(w.test, w.m)
    if found is None or w.findings.has("outliers_decide"):
        return ""
    fields = {
        "n": count(len(found["runs"])),
        "of": count(found["of"]),
        "system": w.name(found["side"]),
        "cause": cause_said(w, tuple(f"{found['side']}:{run}" for run in found["runs"])),
        "gate": "G1" if found["side"] == "baseline" else "G2",
        "cv": p3(found["cv_pct"] or 0.0),
        "limit": given(found["limit"]),
        "without": p3(found["cv_without_pct"] or 0.0),
    }
    runs = len(found["runs"])
    if found["near"]:
        return ngettext(
            "{n} of {of} runs on {system} stands out, with {cause} as the recorded cause; it alone brings {gate}'s "
            "spread to {cv} against the {limit}% limit ({without} without it).",
            "{n} of {of} runs on {system} stand out, with {cause} as the recorded cause; they alone bring {gate}'s "
            "spread to {cv} against the {limit}% limit ({without} without them).",
            runs,
        ).format(**fields)
    return ngettext(
        "{n} of {of} runs on {system} stands out, with {cause} as the recorded cause.",
        "{n} of {of} runs on {system} stand out, with {cause} as the recorded cause.",
        runs,
    ).format(**fields)
