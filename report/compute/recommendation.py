"""Page 1's recommendation, chosen by rule from the gates, the figures and the findings (docs/recommendation.md).

Four recommendations, decided in this order:
1. `recommended`: every gate passes, on measured (not illustrative) save times, to storage whose saves are durable.
   The case is made on checkpoint speed.
2. `not_yet`: the verdict fails on G4 alone (G1 to G3 pass) and G4's target is the tool's default, not agreed with the
   customer: the customer's target decides, and what the candidate's saves would need to meet the default is said.
   Or the result is open to measurement (a gate lacks data, a repeatability gate (G1, G2) fails, an outlying run
   changes a gate or the verdict, the save times are illustrative or the candidate's saves not durable, a bandwidth
   log is a copy of another) and neither G3 nor G4 has failed. These measurements decide it.
3. `other_grounds`: not on checkpoint speed, but the candidate is better on another ground this test measured:
   established faster loads (every established load pair faster), restores faster on runs that meet the save gates'
   rules (neither illustrative, nor read from memory) and worth at least LITTLE_SHARE_PCT of a run's GPU-hours, or
   durability (a node-local baseline against shared storage whose saves survive a node).
4. `not_recommended`: not on this evidence.
Where G3 or G4 fails, checkpoint speed makes no case and the decision goes to the other grounds (3, else 4). A G4 that
no storage could pass at today's interval (`gates_reach.g4_reachable` false) says nothing of the candidate, and more
runs cannot change the verdict: what would change it is a shorter interval (a target agreed changes no measurement). The
recommendation is not written to metrics.json. A G3 that no practical number of runs decides (`g3_lean`) is taken to
lie on the side of its target the speedup by the means does, as more runs would make it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from report.compute.counterpoints import job_mix_decides, slow_outlier_runs
from report.compute.figures import Metrics
from report.compute.findings import Findings
from report.compute.interval_rate import RATE_MARGIN
from report.compute.money_rules import (
    JOB_MONEY,
    job_optima_payback_years,
    job_paid_today,
    life,
    money_either_way,
    paid_at_optima,
    paid_for_cluster_at_optima,
    unpaid,
    unpaid_at_optima,
)
from report.compute.risks import staging_only
from report.inputs.joint_test import JointTest

RECOMMENDED, NOT_YET, OTHER_GROUNDS, NOT_RECOMMENDED = "recommended", "not_yet", "other_grounds", "not_recommended"


@dataclass(frozen=True)
class Recommendation:
    """What page 1 recommends, why (at most three reasons) and what would change it: ids the wording words."""

    kind: str  #: recommended, not_yet, other_grounds or not_recommended
    grounds: tuple[str, ...]  #: the other grounds the candidate is better on: loads, restores, durability
    reasons: tuple[str, ...]  #: at most three, most decisive first
    changes: tuple[str, ...]  #: what would change the recommendation


def recommend(test: JointTest, m: Metrics, found: Findings, interval_only: bool = False) -> Recommendation:
    """The recommendation for a joint test (see the module's docstring for the rule). `interval_only`: the benefit at
    today's interval is mostly one of the interval (report/wording/retuning.py today_interval_only, which page 1's
    tiles mark). Its reasons leave out what the
    verdict beside it states (a result that hangs on a run, a G4 no storage could pass). What would change it also
    names, last, the cluster's job mix where the workloads' save ratios straddle G3's target or lie far apart, and,
    against the candidate, that a benefit asynchronous saves would remove assumes synchronous ones (cold read 13b,
    X-M3 and Y-M4)."""
    rec = _recommend(test, m, found, interval_only)
    said = {*rec.reasons, *rec.changes}
    more = (
        # one side timed through a failure or degraded state, the other healthy only (cold read 15, R-M4)
        # (a log of the outlying run already asks for it: wording/counterpoints.py cause_step)
        *(("degraded_untested",) if found.has("degraded_untested") and "outlier_log" not in said else ()),
        # not where measurements decide first: an outlying run may make the straddle (its log comes first)
        *(
            ("job_mix",)
            if rec.kind != NOT_YET and m.other_saves and job_mix_decides(m, test.config.gates.target_speedup)
            else ()
        ),
        *(
            ("sync_assumed",)
            if rec.kind in (OTHER_GROUNDS, NOT_RECOMMENDED) and async_removes(m) and not said & SYNC_SAID
            else ()
        ),
    )
    return replace(rec, changes=(*rec.changes, *more)) if more else rec


#: The reasons and changes that already say a benefit assumes synchronous saves.
SYNC_SAID = {"async_saves", "sync_only"}


def _recommend(test: JointTest, m: Metrics, found: Findings, interval_only: bool) -> Recommendation:
    """The rule itself (recommend adds what would change it whatever the rule decides)."""
    status = {g.id: g.status for g in m.gates}
    verdict = m.verdict.status
    runs = m.next_steps.g3_runs_per_side if status["G3"] == "insufficient" else None
    lean = g3_lean(m, found, test.config.gates.target_speedup) if (runs or 0) > PRACTICAL_RUNS else None
    if lean is not None:
        # no practical number of runs decides G3: the side of the target the point estimate lies on does, as more runs
        # would (cold read 10, P-B1: "not yet; what counts as meeting it decides" beside 905 runs a system)
        status["G3"] = "pass" if lean == "above" else "fail"
        others = [status[g] for g in ("G1", "G2", "G3", "G4")]
        verdict = "not_demonstrated" if "fail" in others else "demonstrated" if set(others) == {"pass"} else verdict
    if staging_only(m) and status["G4"] == "pass" and status["G3"] != "fail":
        # G4 passes on the staging times test.toml gives, which copy state to host memory and are not the storage's:
        # both writes finish within the compute between saves, so no save speed changes training time at today's
        # interval (cold read 11 and Chinese reading 11, T-B1: "All four gates pass" on 9 s against 5.5 s of staging)
        grounds = other_grounds(test, m, found)
        # a shorter interval lets the storage count, unless a write outlasts no step's compute at all
        shorter = (
            ("stall_interval",)
            if max(m.async_.baseline.min_interval_steps, m.async_.candidate.min_interval_steps) > 1
            else ()
        )
        return _not_on_speed(grounds, ("staging_alone", *_retune(found, grounds)), shorter, found, m)
    if verdict != "demonstrated" and slow_baseline_only(m):
        # the baseline's slow runs fail only its own repeatability: the case is judged as without them, and the speed
        # reason says so (wording/speed_reason.py; cold read 15, R)
        status["G1"], verdict = "pass", "demonstrated"
    rec = _decide(test, m, found, status, verdict, interval_only)
    if lean is None:
        return rec
    said = {"g3_fail": "g3_below", "speedup": "g3_above", "speedup_measured": "g3_above"}
    reasons = tuple(said.get(r, r) for r in rec.reasons)
    if lean == "below" and "g3_below" not in reasons:
        reasons = ("g3_below", *reasons)[:3]
    return Recommendation(rec.kind, rec.grounds, reasons, rec.changes)


def _decide(
    test: JointTest, m: Metrics, found: Findings, status: dict[str, str], verdict: str, interval_only: bool
) -> Recommendation:
    """The rule on the gates' status and the verdict, as measured or as leaned (`g3_lean`)."""
    grounds = other_grounds(test, m, found)
    unsure = _unsure(m, found, status)
    retune = _retune(found, grounds)
    local = retune == ("retune_if_copied",)
    agreed_rate = interval_only and _rate_decides_little(test, m)
    if verdict == "demonstrated" and not unsure and agreed_rate and not local and not paid_at_optima(found):
        return _interval_case(grounds, retune, found)
    unpaid = _unpaid_case(grounds, retune, found, m) if verdict == "demonstrated" and not unsure else None
    if unpaid is not None:
        return unpaid
    if verdict == "demonstrated" and not unsure:
        # with the failure rate only assumed, the agreed gates decide; re-tuning is said beside them, and the cluster's
        # own failure rate would change it (fifth cold reads b: "not for checkpoint speed" on all four agreed gates
        # passing, resting on an assumed rate)
        # a node-local baseline re-tuned matches the candidate only with a copy kept off the node, untimed: the case at
        # today's interval stands, and that copy's time would change it (cold read 7b, A-1)
        # where only the optima's value for the whole cluster still pays, the cluster's share of such jobs decides it
        paid_left = agreed_rate and paid_at_optima(found)
        changes = (
            ("off_node_copy",)
            if local
            else ("cluster_share_less",)
            if paid_left
            else ("failure_rate_far",)
            if interval_only
            else ("larger_job",)
        )
        # the condition first where page 1 must shed a line (the G4 tile gives the training time)
        reasons = (
            ("speedup", *retune, "training_time", *grounds)[:3]
            if local
            else ("speedup", "training_time", *(retune if interval_only else ()), *grounds)[:3]
        )
        return Recommendation(
            RECOMMENDED, grounds, reasons, (*changes, *(("async_saves",) if async_removes(m) else ()))
        )
    if status["G3"] == "fail":
        # the candidate's saves miss the speedup target: no interval or target changes that (cold tests 6: "a job
        # whose checkpoints take a larger share of its run" beside a candidate 3× slower)
        return _not_on_speed(grounds, _failed(status), ("faster_candidate",), found, m)
    decides = found.get("outliers_decide")
    if decides is not None and any(status[g] == "fail" and decides["after"][g] != "fail" for g in ("G3", "G4")):
        # a failed gate that passes, or waits for runs, without an outlying run: its log decides first (the verdict
        # beside the recommendation gives both results), unless re-tuning the baseline matches the candidate with the
        # run and without it: then no cause of the run changes the recommendation (cold read 7b, B-1)
        if retune == ("retune_beats_switch",) and m.retune_without_outliers and _rate_decides_little(test, m):
            return _retune_first(
                _not_on_speed(grounds, ("speedup_measured", *retune), ("failure_rate", *_fixed(retune)), found)
            )
        weighed = (*retune, *grounds)
        return _money_either_way(m, found, unsure, grounds, retune) or Recommendation(
            NOT_YET, grounds, ("speedup_measured", *weighed)[:3], ("outlier_log",)
        )
    if status["G4"] == "fail" and not m.gates_reach.g4_reachable:
        # no storage could pass G4 at today's interval: more runs cannot change the verdict
        # agreeing a target changes no measurement: no storage shortens the run here whatever it is (cold read 14c,
        # Q-M2; Chinese reading 14c, Q-M5)
        return _not_on_speed(grounds, ("speedup_measured", *unsure[:1]), ("shorter_interval",), found)
    short = found.get("g4_short")
    if short is not None and not short["agreed"] and short["others_pass"] and set(unsure) <= {"bandwidth_copied"}:
        # the verdict hangs on G4's target alone, and no one agreed it: the customer's target decides (a copied
        # bandwidth log changes no gate: page 1's note says it, and the next steps ask for fio's output)
        changes = ("agreed_target", "g4_save", "job_levers", *(("fio_output",) if unsure else ()))
        return Recommendation(NOT_YET, grounds, ("g4_default", *retune, *grounds)[:3], changes)
    if status["G3"] == "fail" or status["G4"] == "fail":
        levers = ("job_levers",) if status["G3"] != "fail" else ()
        return _not_on_speed(grounds, _failed(status), ("faster_candidate", *levers), found)
    if (
        unsure
        and set(unsure) <= {"save_spread", "save_runs_short", "g3_open", "outliers_decide"}
        and retune == ("retune_beats_switch",)
        and m.retune_without_outliers
        and _rate_decides_little(test, m)
    ):
        # what is open is the runs' spread, and re-tuning the baseline matches the candidate with the outlying runs and
        # without them: neither their cause nor more runs changes the answer (cold read 9, K: "not yet; the cause of one
        # slow run decides it first" beside "their cause does not change it")
        return _retune_first(
            _not_on_speed(grounds, ("speedup_measured", *retune), ("failure_rate", *_fixed(retune)), found)
        )
    money = _money_either_way(m, found, unsure, grounds, retune)
    if unsure and money is None:
        # re-tuning is weighed on the same save times: no reason while they are illustrative
        # a copied bandwidth log is page 1's note: after what decides the speed case and re-tuning (cold read 5, O7)
        weighed = () if "illustrative_saves" in unsure else retune
        first = tuple(u for u in unsure if u != "bandwidth_copied")
        last = tuple(u for u in unsure if u == "bandwidth_copied")
        reasons = (*first, *weighed, *last, *grounds)[:3]
        return Recommendation(NOT_YET, grounds, reasons, _measurements(unsure, found))
    return money or _not_on_speed(grounds, ("speedup_measured",), ("faster_candidate",), found)


def slow_baseline_only(m: Metrics) -> bool:
    """Whether the result hangs on slow runs of the baseline alone (outlying runs of the baseline's only, each slower
    than its median), with them only the baseline's repeatability (G1) fails, and without them every gate passes: a
    slower baseline run can only widen the candidate's lead, so no case rests on it, whatever its cause, and the
    figures that rest on G1 are read as without it (wording/decisions.py judged_statuses; cold read 15, R: "not yet;
    the cause of one slow run decides it first" beside a controller failover the record of the save runs names, and
    7.56× without the run against a 5× target)."""
    without = m.without_outliers
    if without is None or without.verdict_status != "demonstrated":
        return False
    base, cand = m.save.baseline, m.save.candidate
    if not base.outlier_runs or cand.outlier_runs:
        return False
    statuses = {g.id: g.status for g in m.gates}
    return slow_outlier_runs(base) == base.outlier_runs and statuses == {
        "G1": "fail",
        "G2": "pass",
        "G3": "pass",
        "G4": "pass",
    }


def _interval_case(grounds: tuple[str, ...], retune: tuple[str, ...], found: Findings) -> Recommendation:
    """G4 holds at today's interval only, at a failure rate agreed for this test: each system at its optimal interval,
    the benefit is mostly gone, so the case is not made on checkpoint speed (attacks-6, R02), unless what is left at
    the optima pays for the candidate within its service life on the runs given (`paid_at_optima`; cold tests 14, P).
    Where only a cluster fuller of such jobs would pay for it, the reason is that money and that share would change
    it, not the failure rate where re-tuning does not take the case (cold reads 14c, P: "makes no case" above passing
    gates, its reason never printed, and a failure-rate condition with no threshold)."""
    job = _job_unpaid_case(grounds, retune, found) if paid_for_cluster_at_optima(found) else None
    if job is not None:
        return job
    if retune:
        return _not_on_speed(grounds, ("speedup", *retune), ("failure_rate", *_fixed(retune)), found)
    # switching already recovers more than re-tuning at the rate this rests on: a reason, not a condition to come
    # (Chinese reading 14c, P-B1: "a failure rate above the one at which switching recovers more", no threshold, met
    # by the rate agreed); what takes the case is how little the optima keep, which an interval fixed would not matter
    return _not_on_speed(grounds, ("speedup", "optima_little"), ("fixed_interval",), found)


def _unpaid_case(
    grounds: tuple[str, ...], retune: tuple[str, ...], found: Findings, m: Metrics
) -> Recommendation | None:
    """Gates that pass on a case the money or a software change takes away, or None: the time saved does not pay for the
    candidate within a service life even at its most (the whole cluster, the interval as it is: cold read 8, H1,
    "recommended on checkpoint speed" beside "does not pay within 5 years"), or asynchronous saves would recover as much
    and it pays only while the interval cannot change (cold tests 11, S, Chinese reading 11 S-B1: "recommended" beside
    paybacks of 97 and 3,130 years and async saves that recover as much), or the runs a year given do not pay for it
    within the life at the optima (`_job_unpaid_case`)."""
    if unpaid(found):
        copy = ("off_node_copy",) if retune == ("retune_if_copied",) else ()  # it would take the durability ground away
        return _not_on_speed(grounds, ("speedup", "unpaid", *retune), ("price_for_life", *copy, *_fixed(retune)), found)
    if async_removes(m) and unpaid_at_optima(found):
        reasons = ("async_saves", "unpaid_optima", "speedup")
        return _not_on_speed(grounds, reasons, ("sync_only", "price_for_life"), found, m)
    return _job_unpaid_case(grounds, retune, found)


def _job_unpaid_case(grounds: tuple[str, ...], retune: tuple[str, ...], found: Findings) -> Recommendation | None:
    """Gates that pass on a case the job's own money takes away, or None: with a price, the time saved on the runs a
    year given, each system at its optimal interval (page 2's basis, compute/paybacks.py), does not pay for the
    candidate within the service life, whatever the whole cluster's upper bound says (cold read 16, T-B3:
    "recommended" beside about 415 years on the customer's 22 runs a year, 3.44 on a cluster they fill 0.828% of).
    The headline gives the share of the cluster's time such jobs must fill, the share the runs given fill and the
    payback on them (`job_unpaid`); where the runs given pay while the interval stays as it is, an interval the job
    cannot change would make the case (`job_paid_today`, cold tests 15, R: 3.08 years, 22.0 at the optima). What would
    change it: a cluster fuller of such jobs, where a full one would pay, else a price at which the time saved pays."""
    years = job_optima_payback_years(found)
    if years is None or years <= life(found):
        return None
    today = job_paid_today(found)
    money = "job_paid_today" if today else "job_unpaid"
    share = ("cluster_share_more",) if paid_for_cluster_at_optima(found) else ("price_for_life",)
    # a copy kept off the node would take the durability ground away; re-tuning's comparison turns at a failure rate
    rate = ("off_node_copy",) if retune == ("retune_if_copied",) else ("failure_rate",) if retune else ()
    fixed = ("fixed_interval",) if today or _fixed(retune) else ()
    return _not_on_speed(grounds, ("speedup", money, *retune), (*share, *rate, *fixed), found)


def _money_either_way(
    m: Metrics, found: Findings, unsure: tuple[str, ...], grounds: tuple[str, ...], retune: tuple[str, ...]
) -> Recommendation | None:
    """Where the result hangs on outlying runs alone and the runs a year given pay for the candidate within the service
    life neither with them nor without them (compute/money_rules.py `money_either_way`), the money decides as it does
    where every gate passes (`_job_unpaid_case`): no cause of the runs changes the answer, so it does not wait for one
    (cold tests 17, W: "not yet; the cause of one slow run decides it first", the cause recorded, beside about 1,650
    years on the 15 runs a year given, with the run or without it). None otherwise: the runs' cause decides first."""
    rec = _job_unpaid_case(grounds, retune, found) if money_either_way(m, found, unsure) else None
    if rec is None:
        return None
    return replace(rec, reasons=tuple("speedup_measured" if r == "speedup" else r for r in rec.reasons))


def _retune_first(rec: Recommendation) -> Recommendation:
    """Re-tuning first among the reasons where it, not the gates, decided: page 1 moves its later reasons to page 2
    when it runs over, and the reason the answer rests on must stay (cold tests 10, Q: the speed reason stayed and
    the re-tuning one, which the headline's "makes no case" rests on, moved)."""
    if "retune_beats_switch" not in rec.reasons:
        return rec
    rest = tuple(r for r in rec.reasons if r != "retune_beats_switch")
    return replace(rec, reasons=("retune_beats_switch", *rest))


def _not_on_speed(
    grounds: tuple[str, ...],
    reasons: tuple[str, ...],
    changes: tuple[str, ...],
    found: Findings,
    m: Metrics | None = None,
) -> Recommendation:
    """Not on checkpoint speed: on the other grounds when there are some, else not on this evidence (with re-tuning
    the baseline's interval, where that recovers more than switching, and asynchronous saves, where the what-if finds
    they would remove the benefit: `m` given, cold read 10, P-M5)."""
    retune = (*_retune(found, grounds), *(("async_saves",) if m is not None and async_removes(m) else ()))
    if grounds:
        # the first reason, re-tuning beside it (given among `reasons` or not: cold tests 7 lost it, "makes no case" on
        # a 2.55× faster candidate whose case re-tuning the baseline took), then the grounds
        # the money beside it where it decides (cold read 8, H1)
        deciding = tuple(
            r for r in reasons[1:] if r in ("unpaid", "unpaid_optima", "async_saves", *JOB_MONEY, "optima_little")
        )
        first = tuple(dict.fromkeys((reasons[0], *deciding, *retune)))
        return Recommendation(OTHER_GROUNDS, grounds, (*first, *grounds)[:3], changes)
    return Recommendation(NOT_RECOMMENDED, (), tuple(dict.fromkeys((*reasons, *retune)))[:3], changes)


#: More save runs per system than this is not a next step a joint test can take (report/wording/g3_runs.py).
PRACTICAL_RUNS = 100


def g3_lean(m: Metrics, found: Findings, target: float) -> str | None:
    """Where G3 is open and no practical number of runs would decide it (more than PRACTICAL_RUNS a system, the
    spread observed persisting), with nothing else open on the save times: "below" or "above", the side of the target
    the speedup by the means lies on, which more runs would settle G3 on; else None. Not where outlying runs set that
    side (their cause decides first) or the spread fails a repeatability gate (a smaller one needs fewer runs)."""
    g3 = next(g for g in m.gates if g.id == "G3")
    n = m.next_steps.g3_runs_per_side
    if g3.status != "insufficient" or n is None or n <= PRACTICAL_RUNS or m.save.speedup == target:
        return None
    if (
        "save_times" in m.inputs_illustrative
        or "candidate" in m.not_durable
        or any(g.status != "pass" for g in m.gates if g.id in ("G1", "G2"))
    ):
        return None
    if found.has("outliers_decide") or found.has("save_spread") or found.has("save_runs_short"):
        return None
    wo = m.without_outliers
    if wo is not None and (wo.speedup > target) != (m.save.speedup > target):
        return None
    return "above" if m.save.speedup > target else "below"


def async_removes(m: Metrics) -> bool:
    """Whether synchronous saves' benefit would vanish with asynchronous ones: the what-if finds training as long on
    either system at today's interval, where the synchronous run is shorter on the candidate (cold read 10, P-M5)."""
    return m.checkpoint_mode == "sync" and m.bubble.duration_reduction_pct > 0 and m.async_.duration_reduction_pct == 0


#: A ground whose value per run is below this share of the run's GPU-hours is worth little (docs/recommendation.md).
LITTLE_SHARE_PCT = 0.1


@dataclass(frozen=True)
class RestoreValue:
    """What faster restores save a run: the time saved a failure × the failures a run × the job's GPUs."""

    saved_s: float  #: baseline restore_s - candidate restore_s, a failure
    failures_per_run: float  #: bubble.candidate_duration_s / reliability.job_mtbf_s
    gpu_hours: float  #: saved_s * failures_per_run * gpus / 3600, a run
    share_pct: float  #: 100 * gpu_hours / (candidate_duration_s * gpus / 3600): of the run's GPU-hours
    value: float | None  #: gpu_hours * [economics] gpu_hour_price; None without [economics]

    @property
    def little(self) -> bool:
        return self.share_pct < LITTLE_SHARE_PCT


def restore_value(test: JointTest, m: Metrics) -> RestoreValue | None:
    """The restores ground valued per run (cold read 10, Q-M2: "only if faster restores are worth its price" with 0.35
    GPU-hours a run behind it, unsaid); None without both restore times."""
    r = m.reliability
    if r.baseline.restore_s is None or r.candidate.restore_s is None:
        return None
    saved = r.baseline.restore_s - r.candidate.restore_s
    failures = m.bubble.candidate_duration_s / r.job_mtbf_s
    gpu_hours = saved * failures * r.gpus / 3600
    share = restore_share_pct(m)
    e = test.config.economics
    return RestoreValue(saved, failures, gpu_hours, share, None if e is None else gpu_hours * e.gpu_hour_price)


def restore_share_pct(m: Metrics) -> float:
    """What faster restores save a run as a share of its GPU-hours: the time saved a failure × the failures a run over
    the run's wall time, so 100 × (baseline restore_s - candidate restore_s) ÷ the job MTBF, whatever the run's length
    and GPUs (RestoreValue.share_pct)."""
    r = m.reliability
    assert r.baseline.restore_s is not None and r.candidate.restore_s is not None
    return 100 * (r.baseline.restore_s - r.candidate.restore_s) / r.job_mtbf_s


def _rate_decides_little(test: JointTest, m: Metrics) -> bool:
    """Whether re-tuning's comparison can decide: the failure rate is set for this test, or, assumed, the comparison
    turns only at a rate RATE_MARGIN times it or more (flip_mtbf_hours at most the MTBF ÷ RATE_MARGIN, or none within
    three decades). Cold read 7b, B-1: a comparison that turned at 97× the assumed rate was held open on that rate."""
    if not test.config.is_default("reliability.gpu_mtbf_hours"):
        return True
    flip = m.flip_mtbf_hours
    return flip is None or flip * RATE_MARGIN <= m.reliability.gpu_mtbf_hours


def _fixed(retune: tuple[str, ...]) -> tuple[str, ...]:
    """Where re-tuning the baseline takes the case from the candidate, an interval that cannot change (evaluation or
    pre-emption may set it) would give it back: `fixed_interval` among what would change the recommendation (cold read
    7b, cross-cutting 3: the today's-interval value was "no basis for a decision" while that was an open question)."""
    return ("fixed_interval",) if retune == ("retune_beats_switch",) else ()


def _retune(found: Findings, grounds: tuple[str, ...]) -> tuple[str, ...]:
    """Re-tuning the baseline's interval as a reason, where it recovers more than switching: `retune_beats_switch`, or,
    for a node-local baseline against a shared, durable candidate (the durability ground), `retune_if_copied`: its
    checkpoints go with a failed node, so re-tuning matches the candidate only with a copy kept off the node, which a
    joint test does not time (cold read 7b, A-1: "makes no case" rested on checkpoints that survive a node)."""
    if not found.has("retune_beats_switch"):
        return ()
    return ("retune_if_copied",) if "durability" in grounds else ("retune_beats_switch",)


def retune_one_job(rec: Recommendation, found: Findings) -> int | None:
    """Where the case on checkpoint speed is taken by re-tuning the baseline's interval, but the baseline re-tuned would
    not carry the cluster's such jobs on its measured bandwidth while the candidate carries them at today's interval:
    the number of such jobs from which re-tuning alone no longer carries them (the case rests on one job; cold read 19,
    AA-M1: "makes no case" beside "re-tuning alone does not carry" the cluster's 4). None otherwise."""
    if rec.kind == RECOMMENDED or "retune_beats_switch" not in rec.reasons:
        return None
    demand = found.get("cluster_demand")
    if demand is None or "baseline" not in demand["sides"]:
        return None
    b, c = demand["sides"]["baseline"], demand["sides"].get("candidate")
    if b["retuned_carries"] or (c is not None and c["mean_ratio"] > 1):
        return None
    return int(b["retuned_short_from_jobs"])


def _unsure(m: Metrics, found: Findings, status: dict[str, str]) -> tuple[str, ...]:
    """Why the result is open to measurement, most decisive first: ids the wording words. An outlying run that
    changes a gate is one (the verdict beside the recommendation gives both results), worded as the spread or the
    runs it causes."""
    out = []
    if "save_times" in m.inputs_illustrative:
        out.append("illustrative_saves")
    if "candidate" in m.not_durable:
        out.append("not_durable")
    # the baseline's slow runs that fail only its own repeatability are set aside (slow_baseline_only)
    aside = status["G1"] == "pass" and slow_baseline_only(m)
    if found.has("save_spread") and not aside:
        out.append("save_spread")
    if found.has("save_runs_short") or any(status[g] == "insufficient" for g in ("G1", "G2")):
        out.append("save_runs_short")
    if status["G3"] == "insufficient" and not found.has("save_runs_short"):
        out.append("g3_open")
    if not out and found.has("outliers_decide") and not aside:
        out.append("outliers_decide")
    outrun = found.get("rows_outrun")
    if outrun is not None and any(item.endswith(f" / {m.save.baseline.model}") for item in outrun.scope.items):
        # the training model's saves wrote faster than the bandwidth logged: not durable saves, or not the stated
        # checkpoint (attacks-6, R02), whichever: no case is made on them until the bytes and the sync are known
        out.append("rows_outrun")
    if copied_logs(found):
        # no case is made on a file one of whose measurements is a copy of another (cold read 5, O1/N1)
        out.append("bandwidth_copied")
    return tuple(out)


def copied_logs(found: Findings) -> bool:
    """Whether a bandwidth log of this test is a copy of another log (of the other system, or of another run)."""
    return found.has("bandwidth_copied") or found.has("bandwidth_runs_copied")


def _measurements(unsure: tuple[str, ...], found: Findings) -> tuple[str, ...]:
    """What would decide an open result: each an id the wording words with its figures."""
    out = ["outlier_log"] if found.has("outliers_decide") else []
    if "illustrative_saves" in unsure:
        out.append("measured_saves")
    if "not_durable" in unsure:
        out.append("durable_saves")
    decides = found.get("outliers_decide")
    # not where one run decides: its log does (fifth cold read, O6: 29 runs asked for); but where the result is still
    # undecided without it, more runs decide too (cold read 7b, B-1: G3's interval still held the target without it)
    if {"save_spread", "save_runs_short", "g3_open"} & set(unsure) and (
        decides is None or decides.figures.get("verdict_without") == "undecided"
    ):
        out.append("more_runs")
    if "rows_outrun" in unsure:
        out.append("bytes_and_sync")
    if "bandwidth_copied" in unsure:
        out.append("fio_output")
    return tuple(out)


def _failed(status: dict[str, str]) -> tuple[str, ...]:
    """The failed gates that measurement cannot change, as reasons."""
    return tuple(f"{g.lower()}_fail" for g in ("G3", "G4") if status[g] == "fail")


def other_grounds(test: JointTest, m: Metrics, found: Findings) -> tuple[str, ...]:
    """The grounds besides checkpoint speed on which this test shows the candidate better."""
    out = []
    established = m.load.established_range
    measured_loads = "load_times" not in m.inputs_illustrative and "candidate" not in m.not_durable
    if measured_loads and established is not None and established[0] > 1:
        out.append("loads")
    r = m.reliability
    if (
        r.baseline.restore_s is not None
        and r.candidate.restore_s is not None
        and r.candidate.restore_s < r.baseline.restore_s
        and "restore_times" not in m.inputs_illustrative
        and not found.has("restore_runs_short")
        and not found.has("restore_spread")
        # a ground worth little is no ground: the failures section says the restores with their value (cold tests 17,
        # V: "faster restores (worth little: about 0.00826 CHF a run)" among the headline's grounds)
        and restore_share_pct(m) >= LITTLE_SHARE_PCT
    ):
        out.append("restores")
    node_local = set(m.node_local.sides) if m.node_local is not None else set()
    if "baseline" in node_local and "candidate" not in node_local and "candidate" not in m.not_durable:
        out.append("durability")
    del test
    return tuple(out)


def gates_today_only(rec: Recommendation, m: Metrics, found: Findings) -> bool:
    """Whether the gates' verdict beside `rec` must say it holds at today's interval only: the recommendation makes no
    case on checkpoint speed because re-tuning the baseline's interval recovers as much as switching, which no gate
    judges, while the gates would pass without outlying runs. Unsaid, "Benefit demonstrated" in the verdict and
    "makes no case" in the recommendation read as opposites (cold read 16, U-B2)."""
    if rec.kind == RECOMMENDED or "retune_beats_switch" not in rec.reasons:
        return False
    hangs = found.get("outliers_decide")
    # a verdict that passes with the runs has its own label (verdict.py `_label`); the one read as the opposite is the
    # "Benefit demonstrated" the box gives without them
    return hangs is not None and m.verdict.status != "demonstrated" and hangs["verdict_without"] == "demonstrated"
