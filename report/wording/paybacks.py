"""The paybacks on every basis, said once in the economics section, the decision page's first (compute/paybacks.py;
cold read 15pq, Q-M5, P-M6; Chinese reading 15, R major 6: three paybacks side by side on page 2, none said to be
the one to read)."""

from __future__ import annotations

from report.compute.paybacks import (
    CLUSTER_OPTIMA,
    CLUSTER_TODAY,
    JOB_OPTIMA,
    JOB_TODAY,
    job_optima_value,
    main_basis,
    page_one_range,
    paybacks,
)
from report.compute.recommendation import JOB_MONEY, job_optima_payback_years
from report.formatting import count, h3, money, p3, pct, rounded
from report.i18n import _, gap
from report.wording.base import Words
from report.wording.service_life import life_phrase
from report.wording.service_life import years as life_of


def _basis(w: Words, basis: str) -> str:
    """A basis in words: whose time saved, at which interval."""
    e = w.config.economics
    assert e is not None, "a priced value comes from [economics]"
    runs, cluster = count(e.runs_per_year), count(w.m.bubble.cluster_gpus)
    return {
        JOB_OPTIMA: _("on the {runs} runs a year given, each system at its optimal interval"),
        JOB_TODAY: _("on the {runs} runs a year given, at today's interval"),
        CLUSTER_OPTIMA: _(
            "were the whole {cluster}-GPU cluster to run such jobs all year, each system at its optimal interval"
        ),
        CLUSTER_TODAY: _("were the whole {cluster}-GPU cluster to run such jobs all year, at today's interval"),
    }[basis].format(runs=runs, cluster=cluster)


def paybacks_words(w: Words, reasons: tuple[str, ...]) -> str:
    """ "At the candidate's price of …, the payback the recommendation weighs is about 22.0 years on the 64 runs a year
    given, each system at its optimal interval; the table below gives every basis. …", or "" without a price or a
    payback on page 2's basis. What re-tuning costs follows, where the optima rest on a longer interval."""
    found = w.findings.get("value_priced")
    main = main_basis(w.findings, reasons)
    if found is None or main is None:
        return ""
    years = next((p.years for p in paybacks(w.findings) if p.basis == main), None)
    if years is None:
        return ""
    item = (
        _("about {years} years {basis}") if main in (JOB_OPTIMA, JOB_TODAY) else _("at least {years} years {basis}")
    ).format(years=rounded(years), basis=_basis(w, main))
    cost = retune_cost_words(w)
    why = (
        _("It is decided on the runs given.")
        if main == JOB_OPTIMA and set(JOB_MONEY) & set(reasons)
        else _(
            "It rests on the runs a year given; the whole cluster's are lower bounds, as every GPU running such jobs "
            "all year bounds the value from above."
        )
        if main == JOB_OPTIMA
        else ""
    )
    text = _(
        "At the candidate's price of {price}, the recommendation weighs this payback: {item}; the table below gives "
        "every basis."
    ).format(price=money(found["price"], found["currency"]), item=item)
    rest = cost or _("Re-tuning the interval costs nothing.")
    out = text
    for part in (why, rest):
        out += gap(out) + part if part else ""
    return out


def retuned(w: Words) -> dict[str, str]:
    """The baseline's re-tuning the optima rest on, as page 1 and the economics section name it (compute/retune_cost.py;
    cold read 17, W-M1): its name, the steps and hours between saves today and at its optimum, and the work a failure
    loses on average at each, on the job's GPUs; {} where its optimum is not longer than today's interval."""
    found = w.findings.get("retune_cost")
    if found is None:
        return {}
    return {
        "baseline": w.name("baseline"),
        "today_steps": count(found["today_steps"]),
        # whole steps, as every other line names the optimum: the shortest stall-free interval exactly (cold read 18,
        # X minor 4), Young's rounded to a step (cold read 20, AB: "every 1,990 steps" beside 1,987 everywhere else)
        "optimal_steps": count(found["whole_steps"]),
        "today_h": h3(found["today_s"]),
        "optimal_h": h3(found["optimal_s"]),
        "lost_today": h3(found["lost_today_s"]),
        "lost_optimal": h3(found["lost_optimal_s"]),
        "gpus": count(found["gpus"]),
    }


def retune_cost_words(w: Words) -> str:
    """What re-tuning costs, said wherever a payback rests on it: not "costs nothing" (cold read 17, W-M1; Chinese
    reading 17, W M3); "" where the optimum is not longer than today's interval."""
    fields, found = retuned(w), w.findings.get("retune_cost")
    if not fields or found is None:
        return ""
    if not found["costs_work"]:
        # the figures show no cost in lost work: the interval is still the training teams' to accept (cold read 18,
        # X minor 4: "not free" beside 0.318 h against 0.318 h)
        return _(
            "Re-tuning adds almost nothing to the work a failure loses: with {baseline} saving every {optimal_steps} "
            "steps ({optimal_h}) instead of every {today_steps} ({today_h}), a failure loses on average {lost_optimal} "
            "of the job's work on its {gpus} GPUs, against {lost_today} today; the training teams must still accept "
            "that interval (evaluation or pre-emption may fix it)."
        ).format(**fields)
    return _(
        "Re-tuning is not free: with {baseline} saving every {optimal_steps} steps ({optimal_h}) instead of every "
        "{today_steps} ({today_h}), a failure loses on average {lost_optimal} of the job's work on its {gpus} GPUs, "
        "against {lost_today} today, and the training teams must accept that interval (evaluation or pre-emption may "
        "fix it)."
    ).format(**fields)


def retuned_basis(w: Words, found, fields: dict[str, str]) -> str:
    """`job_money` where the optima rest on re-tuning the baseline to a longer interval: that re-tuning named (cold read
    17, W-M1: "would not pay" held only with HC-200 re-tuned from 200 to 2,870 steps); the whole cluster's payback at
    today's interval, 1.52 years there, is the value line's (`runs_given_line`)."""
    cost = retuned(w)
    if not cost or found["today_payback_years"] is None:
        return ""
    fields = {**fields, **cost, "today": rounded(found["today_payback_years"])}
    if found["payback_years"] > life_of(found):
        return _(
            "With {baseline} re-tuned from {today_steps} to {optimal_steps} steps between saves, checkpoint speed "
            "would not pay for {candidate} within {life}, even on a full cluster."
        ).format(**fields)
    return _(
        "With {baseline} re-tuned from {today_steps} to {optimal_steps} steps between saves, checkpoint speed pays "
        "for {candidate} within {life}, only if such jobs fill {share} or more of the cluster's time."
    ).format(share=pct(100 * found["payback_years"] / life_of(found)), **fields)


def runs_given_line(w: Words) -> str:
    """Page 1's money where the headline's second sentence gives the job's own (value.job_money): the share of the
    cluster's time the runs a year given fill and the payback on them, and, where that sentence rests on re-tuning
    the baseline, the whole cluster's payback at today's interval, with a pointer to the other bases (cold read 18,
    Y minor 9: a 70-word headline; the decision and its reason in two short sentences, these figures below them)."""
    found = w.findings.get("value_priced")
    e = w.config.economics
    years = job_optima_payback_years(w.findings)
    if found is None or e is None or years is None:
        return ""
    fields = {
        "runs": count(e.runs_per_year),
        "given": p3(100 * found["fill_share"]),
        "years": rounded(years),
        "candidate": w.name("candidate"),
    }
    if retuned(w) and found["today_payback_years"] is not None:
        return _(
            "Value of the time saved: the {runs} runs a year given fill {given} of the cluster's time, about {years} "
            "years to pay for {candidate} on them; at today's interval, at least {today} years on a full cluster."
        ).format(today=rounded(found["today_payback_years"]), **fields)
    return _(
        "Value of the time saved: the {runs} runs a year given fill {given} of the cluster's time, about {years} years "
        "to pay for {candidate} on them; the other bases are in its section."
    ).format(**fields)


def retune_in_money(w: Words, reasons: tuple[str, ...]) -> bool:
    """Whether `job_money` names the baseline's re-tuned interval (paybacks.retuned_basis) for these reasons."""
    found = w.findings.get("value_priced")
    if found is None or not set(JOB_MONEY) & set(reasons) or main_basis(w.findings, reasons) != JOB_OPTIMA:
        return False
    return bool(retuned(w)) and found["today_payback_years"] is not None


def range_line(w: Words, found, reasons: tuple[str, ...], notes: list[str]) -> str:
    """Page 2's value line on the job's basis with both ends of its range, each with what it assumes
    (compute/paybacks.py `page_one_range`; cold read 20, AB-M2, Chinese reading 20, AB Major-3: "about 3,480 years" on
    one 64-GPU job's 10 runs a year beside "at most 9.06 million INR a year" on the whole cluster, whose 4.64 years lie
    within the 6-year life and whose 99.0 million at today's interval is larger): the job's value and payback, then the
    whole cluster's, "at most" only where no larger figure is given, each weighed against the life; "" where there is
    no range."""
    ends = page_one_range(w.findings, reasons)
    e = w.config.economics
    if ends is None or e is None:
        return ""
    life = life_phrase(found)
    return _(
        "Value of the time saved at the optimal intervals: {value} on this job's {runs} runs a year, "
        "a payback of about {years} years at {price}{life}; {cluster_value} if such jobs filled the whole "
        "{cluster}-GPU cluster, at least {cluster_years} years{cluster_life} (baseline's cost left out; {notes})."
    ).format(
        value=money(job_optima_value(w.findings) or 0, found["currency"]),
        runs=count(e.runs_per_year),
        years=rounded(ends.job_years),
        price=money(found["price"], found["currency"]),
        life="" if ends.job_within else _(", beyond {life}").format(life=life),
        cluster_value=(_("at most {value} a year") if ends.bound else _("{value} a year")).format(
            value=money(found["optimum_per_year"], found["currency"])
        ),
        cluster=count(w.m.bubble.cluster_gpus),
        cluster_years=rounded(ends.cluster_years),
        cluster_life="" if ends.job_within else _(", within it") if ends.cluster_within else _(", beyond it too"),
        notes=_("; ").join(notes),
    )
