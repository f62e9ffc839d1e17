"""The money on page 1: the job's own value on the runs a year given, then the whole cluster's at the optima with what
it assumes, against the price."""

from __future__ import annotations

from report.compute.paybacks import CLUSTER_OPTIMA, JOB_OPTIMA, job_optima_value, main_basis, other_paybacks
from report.compute.recommendation import JOB_MONEY, NOT_YET, RECOMMENDED, Recommendation, job_optima_payback_years
from report.compute.save_overlap import overlapping
from report.formatting import count, gpus, money, money_of, p3, pct, rounded, sig
from report.i18n import _, ngettext
from report.wording.base import Words
from report.wording.capacity import QUEUEING, capacity_beyond, demand, demand_ratios, per_node
from report.wording.cluster_scope import attached_clause
from report.wording.paybacks import range_line, retuned_basis, runs_given_line
from report.wording.retuning import today_interval_only
from report.wording.risks import staging_value
from report.wording.service_life import life_number, life_phrase, money_found
from report.wording.service_life import years as life_of
from report.wording.staging import staging_loss


def _today_cluster(w: Words, found) -> bool:
    """Whether page 1 gives the whole cluster's value at today's interval beside the optima's: where it is a gain the
    test supports (not where the saves would need more than the bandwidth logged, which the economics section does
    not value either) and differs from the optima's (the benefit lies mostly in the interval)."""
    # nor where a side's saves cannot be staggered: the cluster figure is not established (scaling reading 20, AB-M1)
    return found["today_per_year"] > 0 and today_interval_only(w.m) and not (capacity_beyond(w.m) or overlapping(w.m))


def value_line(w: Words, rec: Recommendation) -> str:
    """The money on page 1 (fifth cold reads b, M8/M-3: the value and payback sat on page 14, unreconciled with "not
    recommended"): first the job's own value, on the runs a year given, at today's interval and failure-free; then the
    whole cluster's, each system at its optimal interval, with what it assumes (a node-local side: a failed node's
    part recoverable, settled point 12); against the price, the payback on that cluster figure, the baseline's own
    cost left out. A loss is said as a loss, never as a negative value (cold read 6: "at best: −81,000 USD", B3, B4)."""
    found = w.findings.get("value_priced") or w.findings.get("value_unpriced")
    e = w.m.economics
    if found is None or e is None or w.config.economics is None:
        return ""
    runs, cluster = count(w.config.economics.runs_per_year), count(w.m.bubble.cluster_gpus)
    # the headline gives the job's own value where it decides (cold read 14c, P: a wall of figures on page 2)
    told = bool(set(JOB_MONEY) & set(rec.reasons))
    if told and main_basis(w.findings, rec.reasons) == JOB_OPTIMA:
        # the headline says why; the runs given and page 2's one payback here, with the others' pointer
        return runs_given_line(w)
    job = (
        _("{value} a year on the {runs} runs a year given for this job, at today's interval and failure-free")
        if e.value_per_year >= 0
        else _(
            "a loss of {value} a year on the {runs} runs a year given for this job, at today's interval and "
            "failure-free"
        )
    ).format(value=money(abs(e.value_per_year), e.currency), runs=runs)
    # not the whole cluster's at today's interval when its saves all at once would outrun this test's bandwidth: that
    # payback rests on a dozen jobs' saves never overlapping (cold read 14c, P-M3: 0.279 years on page 2 beside 619 GB/s
    # all at once, 11.0× the 56.5 GB/s logged); what would change it gives that lever as a share of the cluster. Kept,
    # with its proviso in the same clause, only where it is the one way the time saved pays within the life and the
    # job's own money does not decide (cold read 12, W-M4)
    today = _today_cluster(w, found) and not (_peak_beyond(w.m) and (told or not _pays_today_only(found)))
    whole = (
        _(
            "{value} a year if the whole {cluster}-GPU cluster ran such jobs all year{array}, each system at its "
            "optimal interval"
        )
        if found["optimum_per_year"] > 0
        else _(
            "a loss of {value} a year if the whole {cluster}-GPU cluster ran such jobs all year{array}, each system "
            "at its optimal interval"
        )
    ).format(value=money(abs(found["optimum_per_year"]), e.currency), cluster=cluster, array=one_array(w))
    if today:
        # both cases, the interval fixed and free (cold read 7b, cross-cutting 3: "no basis for a decision" where
        # evaluation or pre-emption may fix the interval was backwards)
        # the optima first, as every money headline (CONTRACT.md, "A price beside the value"; cold read 9, K: the
        # today's-interval payback read as the case, its conditions after it)
        whole = _(
            "if the whole {cluster}-GPU cluster ran such jobs all year{array}, {optimum} a year with each system at "
            "its optimal interval, or {today} only while the interval stays at {interval} steps{demand}"
        ).format(
            cluster=cluster,
            array=one_array(w),
            # what that figure asks of the storage, on page 1 too (cold read 8b, I-3: 87.6% of the bandwidth logged on
            # average, said only in the economics section)
            # on a shared candidate the jobs' saves queue for it: an upper bound, not a finding (cold read 10, P-M4:
            # 630,000 USD and a 1.01-year payback on 48 jobs needing 82.4% of the bandwidth on average)
            demand=_(
                " (an upper bound: needing {share} of this test's bandwidth on average, an extrapolation from its "
                "{measured} to the cluster's {nodes}, their saves would often wait for each other)"
            ).format(share=demand_ratios(w.m)["mean_ratio"], **beyond)
            if contended(w.m) and (beyond := _beyond_counts(w))
            else _(
                " (an upper bound: needing {share} of this test's bandwidth on average, their saves would often "
                "wait for each other)"
            ).format(share=demand_ratios(w.m)["mean_ratio"])
            if contended(w.m)
            else _(" (their saves needing {share} of this test's bandwidth on average)").format(
                share=demand_ratios(w.m)["mean_ratio"]
            )
            if demand(w.m).mean_to_sustained >= QUEUEING
            else "",
            # at the digits the printed GPU-equivalents give, as the economics section prints it (45 万元, not 44.9)
            today=money_of(
                found["today_per_year"],
                gpus(w.m.bubble.gpu_equivalents),
                8760 * w.config.economics.gpu_hour_price,
                e.currency,
            ),
            interval=count(w.m.bubble.checkpoint_interval_steps),
            optimum=money(found["optimum_per_year"], e.currency)
            if found["optimum_per_year"] > 0
            else _("a loss of {value}").format(value=money(abs(found["optimum_per_year"]), e.currency)),
        )
    assumed = [_("at an assumed failure rate")] if w.config.is_default("reliability.gpu_mtbf_hours") else []
    if w.m.node_local:  # settled point 12: every reliability figure of a node-local side
        assumed.append(_("assuming a failed node's part of the checkpoint is recoverable"))
    if attached := attached_clause(w):  # cold reads 15, R-M2; 15pq, P-M2
        assumed.append(attached)
    if assumed:
        whole = _("{value} ({assumed})").format(value=whole, assumed=_("; ").join(assumed))
    opening = staging_value(w)  # the storage's value first where the staging times make it (cold read 15, S-B1)
    # on page 2's one basis (compute/paybacks.py): the job's own value at today's interval beside the whole cluster's
    # at the optima read as two bases (cold read 15pq, P-M6); it is the economics section's, where it is a gain
    own = main_basis(w.findings, rec.reasons) == JOB_OPTIMA  # the runs given first, the cluster its bound (T-B3)
    if own and not opening:
        years = [y for y in (found["today_payback_years"] if today else None, found["payback_years"]) if y is not None]
        unpaid = "unpaid" not in rec.reasons and bool(years) and min(years) > life_of(found)
        return _own_line(w, found, today, tuple(rec.reasons)) + _after(w, rec, unpaid)
    text = (
        _("{opening} {job}; {whole}")
        if opening
        else _("Value of the time saved: {own}; as an upper bound, {whole}")
        if own
        else _("Value of the time saved: {whole}")
        if told or (e.value_per_year >= 0 and found.id == "value_priced")
        else _("Value of the time saved: none; {job}; {whole}")
        if e.value_per_year < 0 and found["optimum_per_year"] <= 0
        else _("Value of the time saved: {job}; {whole}")
    ).format(opening=opening, job=job, whole=whole, own=_own_paid(w, found) if own else "")
    paybacks = [y for y in (found["today_payback_years"] if today else None, found["payback_years"]) if y is not None]
    # one payback on page 2, on the basis compute/paybacks.py chooses; the others in the economics section (cold read
    # 15pq, Q-M5, P-M6; Chinese reading 15, R major 6): none here where a reason above already gives it
    # the job's own payback is given by `_own_line`, which a staging opening replaces: then no line above gives it
    # (cold read 20, AC-M5: "its payback is given above" and none was)
    stated = {"unpaid", "unpaid_optima"} & set(rec.reasons) or (
        main_basis(w.findings, rec.reasons) != CLUSTER_OPTIMA and not opening
    )
    optimum = [found["payback_years"]] if found["payback_years"] is not None else []
    others = found.id == "value_priced" and len(other_paybacks(w.findings, rec.reasons)) > 0
    if own and not opening:  # the payback already given, on the runs given
        text = _("{value} (other bases: “{section}”).").format(value=text, section=_("Value of the time saved"))
    else:
        text = _pointed(text, found) if stated else _priced(text, found, optimum, others)
    if staging_loss(w.m) and e.value_per_year < 0:  # the staging times given make it, not the storage (J-B1)
        text += " " + staging_loss(w.m)
    # the life beside the one payback where that exceeds it (_priced); else a sentence of its own, unless the
    # recommendation's reason says it
    life_said = not stated and found.id == "value_priced" and bool(optimum) and optimum[0] > life_of(found)
    job_years = job_optima_payback_years(w.findings) if own and not opening else None
    life_said = life_said or (job_years is not None and job_years > life_of(found))  # said in `_own_paid`
    if "unpaid" not in rec.reasons and not (life_said and min(paybacks) > life_of(found)):
        text += _life(w, paybacks, life_said)
    # "does not pay within the life" already says the money brings no case: no second sentence to say it (the dense
    # decision page, tests/fixtures/decision_page, had no line to spare for the job mix, cold read 13b X-M3)
    unpaid_said = "unpaid" not in rec.reasons and bool(paybacks) and min(paybacks) > life_of(found)
    return text + _after(w, rec, unpaid_said)


def _after(w: Words, rec: Recommendation, unpaid_said: bool) -> str:
    """What the value line ends with beside the recommendation: that a "not yet"'s value waits for the measurements,
    or that the value does not change a case against the candidate; "" where the money decides or is said to."""
    money_decides = {"unpaid", "unpaid_optima", *JOB_MONEY} & set(rec.reasons)
    if rec.kind == NOT_YET:
        return " " + _("It counts only once the measurements above decide the result.")
    if rec.kind != RECOMMENDED and "fixed_interval" not in rec.changes and not money_decides and not unpaid_said:
        return " " + rests_on(w.m.verdict.status)
    return ""


def _own_line(w: Words, found, today: bool, reasons: tuple[str, ...] = ()) -> str:
    """Page 2's value line on the job's own runs (compute/paybacks.py JOB_OPTIMA) in at most about four lines: the
    job's value at the optima and its one payback, the whole cluster's as an upper bound in one clause, with what it
    assumes of the failures, and the rest (the cluster's attachment, the figure at today's interval and its
    conditions) behind a pointer to the economics section, which gives them whole (cold read 16, U: page 2 ran
    twelve lines onto page 3, nine of them this paragraph)."""
    e = w.m.economics
    assert e is not None
    bound = (
        _("at most {value} a year on the whole {cluster}-GPU cluster")
        if found["optimum_per_year"] > 0
        else _("a loss of {value} a year on the whole {cluster}-GPU cluster")
    ).format(value=money(abs(found["optimum_per_year"]), e.currency), cluster=count(w.m.bubble.cluster_gpus))
    notes = [_("at an assumed failure rate")] if w.config.is_default("reliability.gpu_mtbf_hours") else []
    if w.m.node_local:  # settled point 12: every reliability figure of a node-local side
        notes.append(_("assuming a failed node's part of the checkpoint is recoverable"))
    years = found["today_payback_years"] if today else None
    # the one figure that pays within the life named, its conditions where the section gives them whole; "the only
    # one" where the optima's paybacks do not (cold test 18, X: 3.88 years on the job's runs and 2.45 on the cluster
    # at the optima, beside "the only one that pays")
    job_years = job_optima_payback_years(w.findings)
    cluster_years = found["price"] / found["optimum_per_year"] if found["optimum_per_year"] > 0 else None
    optima_pay = any(y is not None and y <= life_of(found) for y in (job_years, cluster_years))
    if years is None or years > life_of(found):
        pointer = _("other bases: “{section}”")
    elif optima_pay:
        pointer = _(
            "the figure at today's interval, which pays within {life} years too, with its conditions: “{section}”"
        )
    else:
        pointer = _(
            "the figure at today's interval, the only one that pays within {life} years, with its conditions: "
            "“{section}”"
        )
    notes.append(pointer.format(life=life_number(found), section=_("Value of the time saved")))
    if ranged := range_line(w, found, reasons, notes):  # both ends where the whole cluster's has a payback
        return ranged
    return _("Value of the time saved: {own}; {bound} ({notes}).").format(
        own=_own_paid(w, found),
        bound=bound,
        notes=_("; ").join(notes),
    )


def _own_paid(w: Words, found) -> str:
    """The job's own value and payback on the runs a year given, each system at its optimal interval: page 2's one
    payback where the time saved has a value on them (compute/paybacks.py; cold read 16, T-B3: 3.44 years on the
    whole cluster, 415 on the customer's 22 runs a year), the service life beside it where it exceeds that."""
    e = w.config.economics
    value, years = job_optima_value(w.findings), job_optima_payback_years(w.findings)
    assert e is not None and value is not None and years is not None, "JOB_OPTIMA comes with a priced job value"
    fields = {
        "value": money(value, found["currency"]),
        "runs": count(e.runs_per_year),
        "price": money(found["price"], found["currency"]),
        "years": rounded(years),
        "life": life_phrase(found),
    }
    if years > life_of(found):
        return _(
            "{value} a year on this job's {runs} runs a year, each system at its optimal interval; at {price}, a "
            "payback of about {years} years, beyond {life}, the baseline's cost left out"
        ).format(**fields)
    return _(
        "{value} a year on this job's {runs} runs a year, each system at its optimal interval; at {price}, a payback "
        "of about {years} years, the baseline's cost left out"
    ).format(**fields)


def rests_on(verdict: str) -> str:
    """That the value beside a case against the candidate does not change it: it rests on the targets and the reasons
    where a target is missed, on the reasons alone where every gate passes (cold read 14c, P-B1, and Chinese reading
    14c: "rests on the targets and reasons above" beside four targets that all pass)."""
    if verdict == "demonstrated":
        return _("It does not change the recommendation, which rests on the reasons above.")
    return _("It does not change the recommendation, which rests on the targets and reasons above.")


def one_array(w: Words) -> str:
    """Where the whole cluster's value puts every job on one shared candidate, that this test ran it for the
    job's GPUs only (cold read 14c, P-M3: twelve 256-GPU jobs on one 8-node array, tested from 32 clients): " (…)" or
    "" (a candidate local to each node grows with the cluster; a job as large as the cluster was the test)."""
    gpus = w.m.save.candidate.gpus
    if per_node(w.m) or gpus >= w.m.bubble.cluster_gpus:
        return ""
    attached = w.findings.get("cluster_attachment")
    if attached is not None:  # every node attached to it, the rest unpriced (cold reads 15, R-M2; 15pq, P-M2)
        return _(" on one {candidate} (this test attached {tested} of its {nodes} nodes, the rest unpriced)").format(
            candidate=w.name("candidate"),
            tested=count(attached["tested_nodes"]),
            nodes=count(attached["cluster_nodes"]),
        )
    return _(" on one {candidate} (this test ran it for {gpus} of those GPUs)").format(
        candidate=w.name("candidate"), gpus=count(gpus)
    )


def _pays_today_only(found) -> bool:
    """Whether the whole cluster's value at today's interval pays for the candidate within the service life while the
    optima's does not: the today's-interval payback is then the condition page 1 must give."""
    today, optima = found["today_payback_years"], found["payback_years"]
    return today is not None and today <= life_of(found) and (optima is None or optima > life_of(found))


def contended(m) -> bool:
    """Whether the cluster's jobs would keep a shared candidate busy half the time or more on average (`QUEUEING`):
    their saves queue, so the gain at today's interval is an upper bound that contention could take away."""
    return not per_node(m) and m.bubble.gpu_equivalents >= 0 and demand(m).mean_to_sustained >= QUEUEING


def _peak_beyond(m) -> str:
    """Where the cluster's saves all at once would need more than the candidate's bandwidth this test showed (a shared
    candidate, its saves not already said to queue): the condition the today's-interval payback rests on, with the
    figures, "" otherwise (cold read 12, W-M4: a 0.965-year payback on ten jobs whose saves would need 170 GB/s at
    once, 8.4× the 20.4 GB/s measured, said on pages 10 and 15 only)."""
    if per_node(m) or contended(m) or m.bubble.gpu_equivalents < 0 or not demand(m).peak_to_sustained > 1:
        return ""
    return _(
        "and the jobs' saves stay staggered ({peak} GB/s all at once, {ratio} this test's {measured} GB/s)"
    ).format(
        peak=sig(demand(m).peak_write_gbps),
        ratio=demand_ratios(m)["peak_ratio"],
        measured=sig(m.bandwidth.candidate_gbps),
    )


def _pointed(text: str, found) -> str:
    """The value line where a reason above gives page 2's payback: the price, and where the paybacks are."""
    if found.id == "value_unpriced":
        return _("{value}; no price is given to weigh it against.").format(value=text)
    return _("{value}; at a price of {price}, its payback is given above, the other bases in “{section}”.").format(
        value=text, price=money(found["price"], found["currency"]), section=_("Value of the time saved")
    )


def _priced(text: str, found, paybacks: list[float], others: bool = False) -> str:
    """The value line with its one payback, the whole cluster's with each system at its optimal interval ("at least":
    every GPU busy all year bounds the value from above, so the payback from below; cold read 7b, B-13), or that no
    price is given, or that nothing pays back."""
    currency = found["currency"]
    if found.id == "value_unpriced":
        return _("{value}; no price is given to weigh it against.").format(value=text)
    if not paybacks:
        return _("{value}; at a price of {price}, no payback.").format(
            value=text, price=money(found["price"], currency)
        )
    fields = {
        "value": text,
        "price": money(found["price"], currency),
        "years": rounded(paybacks[0]),
        "life": life_phrase(found),
        "section": _("Value of the time saved"),
    }
    # the service life said beside a payback beyond it, not in a sentence of its own (_life); the other bases are the
    # economics section's (compute/paybacks.py)
    beyond = paybacks[0] > life_of(found)
    if beyond and others:
        message = _(
            "{value}; at a price of {price}, a payback of at least {years} years on the cluster figure, beyond "
            "{life} (other bases: “{section}”), the baseline's own cost left out."
        )
    elif beyond:
        message = _(
            "{value}; at a price of {price}, a payback of at least {years} years on the cluster figure, beyond "
            "{life}, the baseline's own cost left out."
        )
    elif others:
        message = _(
            "{value}; at a price of {price}, a payback of at least {years} years on the cluster figure (other bases: "
            "“{section}”), the baseline's own cost left out."
        )
    else:
        message = _(
            "{value}; at a price of {price}, a payback of at least {years} years on the cluster figure, the baseline's "
            "own cost left out."
        )
    return message.format(**fields)


def _life(w: Words, paybacks: list[float], said: bool = False) -> str:
    """The payback weighed against the service life, as a conclusion (cold read 7b, A-3/B-5: a 38-year payback beside
    "recommended", unweighed): " " and a sentence, or "". `said`: the payback before it gave the life and the figure
    at today's interval its conditions, so that each is said once (cold read 16, U-B2: page 2 ran onto page 3)."""
    found = money_found(w.findings)
    life, candidate = life_phrase(found), w.name("candidate")
    if paybacks and min(paybacks) > life_of(found):
        return " " + _("The time saved alone does not pay for {candidate} within {life}.").format(
            candidate=candidate, life=life
        )
    if len(paybacks) < 2 or max(paybacks) <= life_of(found):
        return ""
    if said:
        return " " + _(
            "Within those {life} years, only the figure at today's interval pays for {candidate}, on its conditions."
        ).format(candidate=candidate, life=life_number(found))
    text = " " + (
        _(
            "Within {life}, the time saved pays for {candidate} only if the interval cannot change, the whole "
            "cluster runs such jobs all year and their saves do not wait for each other on it, which this test did "
            "not measure."
        )
        if contended(w.m)
        else _(
            "Within {life}, the time saved pays for {candidate} only if the interval cannot change and the whole "
            "cluster runs such jobs all year."
        )
    ).format(candidate=candidate, life=life)
    return text


def unpaid_reason(w: Words, found) -> str:
    """Page 1's reason where the time saved does not pay for the candidate within the service life at its most (cold
    read 8, H1): the price, the shorter payback and what it assumes."""
    if found is None:
        return ""
    # the shorter of the whole cluster's two: "at least" then holds on every basis (docs/recommendation.md, "One payback
    # on page 2")
    paybacks = [y for y in (found["today_payback_years"], found["payback_years"]) if y is not None]
    text = (
        _(
            "At a price of {price}, the time saved does not pay for {candidate} within {life}: the "
            "payback is at least {years} years, even if "
            "the whole {cluster}-GPU cluster ran such jobs all year."
        )
        if paybacks
        else _("At a price of {price}, the time saved never pays for {candidate}: it has no value at either interval.")
    ).format(
        price=money(found["price"], found["currency"]),
        candidate=w.name("candidate"),
        life=life_phrase(found),
        years=rounded(min(paybacks)) if paybacks else "",
        cluster=count(w.m.bubble.cluster_gpus),
    )
    return text


def unpaid_optima_reason(w: Words, found) -> str:
    """Page 1's reason where the time saved pays for the candidate within the service life only while the interval
    cannot change: the payback each system at its optimal interval, then today's, with what each assumes (cold tests
    11, S: 97.1 years at the optima, 3.29 years only while the interval stays)."""
    if found is None:
        return ""
    optima, today = found["payback_years"], found["today_payback_years"]
    fields = {
        "price": money(found["price"], found["currency"]),
        "candidate": w.name("candidate"),
        "life": life_phrase(found),
        "cluster": count(w.m.bubble.cluster_gpus),
    }
    if optima is None:
        return _(
            "At a price of {price}, the time saved pays for {candidate} within {life}, only if the interval cannot "
            "change and the whole {cluster}-GPU cluster ran such jobs all year ({today} years); each system at its "
            "optimal interval, it never pays."
        ).format(today=rounded(today), **fields)
    # one payback on page 2, the optima's (compute/paybacks.py); today's in the economics section
    return _(
        "At a price of {price}, the time saved pays for {candidate} within {life}, only if the interval cannot "
        "change and the whole {cluster}-GPU cluster ran such jobs all year; each system at its optimal interval, "
        "the payback is at least {optima} years (other bases: “{section}”)."
    ).format(optima=rounded(optima), section=_("Value of the time saved"), **fields)


def price_for_life(w: Words, found) -> str:
    """What would change a recommendation the money decides: the price at which the time saved, at its most, pays
    within the service life; "" where it has no value."""
    if found is None or found["price_for_life"] <= 0:
        return ""
    optima, currency = found["price_for_life_optima"], found["currency"]
    if optima > 0 and optima < found["price_for_life"]:
        # both bases, each with what it assumes (cold read 8b, H-1; Chinese reading 8, H: 515,000 USD held only while
        # the interval cannot change)
        # one sentence, the fixed interval's price in brackets (cold tests 17, W: page 2 ran onto page 3)
        return _(
            "a price of {optima} or less at the optimal intervals ({today} if the interval cannot change), at which "
            "the time saved pays for {candidate} within {life} years if the whole {cluster}-GPU cluster ran such jobs "
            "all year"
        ).format(
            candidate=w.name("candidate"),
            life=life_number(found),
            cluster=count(w.m.bubble.cluster_gpus),
            optima=money(optima, currency),
            today=money(found["price_for_life"], currency),
        )
    return _(
        "a price of {price} or less, at which the time saved pays for {candidate} within {life} years if the whole "
        "{cluster}-GPU cluster ran such jobs all year"
    ).format(
        price=money(found["price_for_life"], currency),
        candidate=w.name("candidate"),
        life=life_number(found),
        cluster=count(w.m.bubble.cluster_gpus),
    )


def cluster_share(w: Words, found, more: bool, told: bool = False) -> str:
    """What would change a case the optima's value decides (cold tests 14, P; cold read 14, P-B1): the share of the
    cluster's time such jobs must fill for the time saved at the optimal intervals to pay for the candidate within the
    service life (the whole cluster's payback at the optima ÷ the life), beside the share the runs a year given fill,
    at the candidate's wall time (`fill_share`: the job's value over the whole cluster's, both at today's interval).
    `more`: the case is not made, and a cluster fuller of such jobs would make it; else it is, and fewer would not.
    Where the interval kept as it is would need a share less than half of it (`today_share`), that share too, with the
    staggering it needs where the whole cluster's saves all at once would outrun this test's bandwidth (cold read 14c,
    P-M2: 26.3% given, 5.6% not; the life an assumption unsaid; 0.470% on whose wall time).
    `told`: the headline gives the optima's share and the runs given's (`job_money`): only the interval's share is
    left to say, where there is one, else that share by reference (cold read 16, T-B3)."""
    if found is None or found["payback_years"] is None or not found["fill_share"]:
        return ""
    e = w.config.economics
    assert e is not None, "a priced value comes from [economics]"
    fields = {
        "share": pct(100 * found["payback_years"] / life_of(found)),
        "given": p3(100 * found["fill_share"]),
        "runs": count(e.runs_per_year),
        "candidate": w.name("candidate"),
        "life": life_phrase(found),
        "years": life_number(found),
    }
    if not more:
        return _(
            "such jobs filling less than {share} of the cluster's time (the {runs} runs a year given fill {given} at "
            "{candidate}'s wall time): the time saved with each system at its optimal interval would then not pay for "
            "{candidate} within {life}"
        ).format(**fields)
    today = today_share(found)
    if told:
        if today is None:  # the headline's share, not its figures again
            return _("such jobs filling the share of the cluster's time named above")
        return (
            _(
                "such jobs filling at least {today} of the cluster's time while the interval stays as it is and their "
                "saves do not overlap: the time saved would then pay for {candidate} within {years} years"
            )
            if _peak_beyond(w.m) or contended(w.m)
            else _(
                "such jobs filling at least {today} of the cluster's time while the interval stays as it is: the time "
                "saved would then pay for {candidate} within {years} years"
            )
        ).format(today=pct(100 * today), **fields)
    if today is None:
        return _(
            "such jobs filling at least {share} of the cluster's time, where the {runs} runs a year given fill {given} "
            "at {candidate}'s wall time: the time saved with each system at its optimal interval would then pay for "
            "{candidate} within {life}"
        ).format(**fields)
    return (
        _(
            "such jobs filling at least {share} of the cluster's time with each system at its optimal interval, or "
            "{today} while the interval stays as it is and their saves do not overlap, where the {runs} runs a year "
            "given fill {given} at {candidate}'s wall time: the time saved would then pay for {candidate} within "
            "{life}"
        )
        if _peak_beyond(w.m) or contended(w.m)
        else _(
            "such jobs filling at least {share} of the cluster's time with each system at its optimal interval, or "
            "{today} while the interval stays as it is, where the {runs} runs a year given fill {given} at "
            "{candidate}'s wall time: the time saved would then pay for {candidate} within {life}"
        )
    ).format(today=pct(100 * today), **fields)


def today_share(found) -> float | None:
    """The share of the cluster's time such jobs must fill for the time saved while the interval stays as it is to pay
    for the candidate within the service life (the whole cluster's payback at today's interval ÷ the life), where it is
    less than half the optima's (else the optima's share alone says it) and more than the runs given fill; None
    otherwise."""
    today, optima = found["today_payback_years"], found["payback_years"]
    if today is None or optima is None or 2 * today > optima:
        return None
    # not where the runs given already fill it: the interval kept as it is then pays (cold tests 15, R: 5.8% needed,
    # 9.34% given), and an interval the job cannot change is the condition
    share = today / life_of(found)
    return share if (found["fill_share"] or 0) < share else None


def job_money(w: Words, found, reasons: tuple[str, ...] = ("job_unpaid",)) -> str:
    """Where the gates pass but the runs a year given do not pay for the candidate within the service life, each system
    at its optimal interval (compute/recommendation.py `_job_unpaid_case`), what the headline says before the other
    grounds (cold read 14c and Chinese reading 14c, P-B1: "makes no case" above four passing gates, its reason never
    printed; cold read 16, T-B3: "recommended" on the whole cluster's 3.44 years beside about 415 on the 22 runs a year
    given): the share of the cluster's time such jobs must fill for the time saved to pay (the whole cluster's payback
    at the optima ÷ the life); where not even a full cluster would pay, that; "" without a payback for the job. One
    sentence: the share the runs given fill and the payback on them, page 2's one basis (compute/paybacks.py), are the
    value line's (paybacks.runs_given_line; cold read 18, Y minor 9)."""
    if found is None or main_basis(w.findings, reasons) != JOB_OPTIMA:
        return ""
    e = w.config.economics
    assert e is not None, "a priced value comes from [economics]"
    years = job_optima_payback_years(w.findings)
    assert years is not None, "main_basis gives JOB_OPTIMA only with the job's payback at the optima"
    fields = {
        "runs": count(e.runs_per_year),
        "years": rounded(years),
        "section": _("Value of the time saved"),
        "given": p3(100 * found["fill_share"]),
        "life": life_phrase(found),
        "candidate": w.name("candidate"),
    }
    if (basis := retuned_basis(w, found, fields)) != "":
        return basis
    if found["payback_years"] > life_of(found):
        return _("Checkpoint speed would not pay for {candidate} within {life}, even on a full cluster.").format(
            **fields
        )
    return _(
        "Checkpoint speed pays for {candidate} within {life}, only if such jobs fill {share} or more of the cluster's "
        "time."
    ).format(share=pct(100 * found["payback_years"] / life_of(found)), **fields)


def _beyond_counts(w: Words) -> dict[str, str]:
    """The client nodes this test's bandwidth was measured from and the cluster's nodes, where the cluster's lie beyond
    them (scaling reading 16, M1); {} otherwise."""
    found = w.findings.get("cluster_beyond_bandwidth")
    if found is None:
        return {}
    return {
        "measured": ngettext("{n} client node", "{n} client nodes", found["measured_clients"]).format(
            n=count(found["measured_clients"])
        ),
        "nodes": ngettext("{n} node", "{n} nodes", found["cluster_nodes"]).format(n=count(found["cluster_nodes"])),
    }
