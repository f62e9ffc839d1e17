"""The money on page 1: the job's own value on the runs a year given, then the whole cluster's at the optima with what
it assumes, against the price."""

from __future__ import annotations

from report.compute.recommendation import NOT_YET, RECOMMENDED, Recommendation
from report.formatting import count, money, sig
from report.i18n import _
from report.wording.base import Words

#: The years storage is commonly kept in service, against which page 1 weighs a payback (docs/recommendation.md).
SERVICE_LIFE_YEARS = 5


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
    job = (
        _("{value} a year on the {runs} runs a year given for this job, at today's interval and failure-free")
        if e.value_per_year >= 0
        else _(
            "a loss of {value} a year on the {runs} runs a year given for this job, at today's interval and "
            "failure-free"
        )
    ).format(value=money(abs(e.value_per_year), e.currency), runs=runs)
    whole = (
        _(
            "{value} a year if the whole {cluster}-GPU cluster ran such jobs all year, each system at its optimal "
            "interval"
        )
        if found["optimum_per_year"] > 0
        else _(
            "a loss of {value} a year if the whole {cluster}-GPU cluster ran such jobs all year, each system at its "
            "optimal interval"
        )
    ).format(value=money(abs(found["optimum_per_year"]), e.currency), cluster=cluster)
    assumed = [_("at an assumed failure rate")] if w.config.is_default("reliability.gpu_mtbf_hours") else []
    if w.m.node_local:  # settled point 12: every reliability figure of a node-local side
        assumed.append(_("assuming a failed node's part of the checkpoint is recoverable"))
    if assumed:
        whole = _("{value} ({assumed})").format(value=whole, assumed=_("; ").join(assumed))
    text = (
        _("Value of the time saved: none; {job}; {whole}")
        if e.value_per_year < 0 and found["optimum_per_year"] <= 0
        else _("Value of the time saved: {job}; {whole}")
    ).format(job=job, whole=whole)
    if found.id == "value_unpriced":
        text = _("{value}; no price is given to weigh it against.").format(value=text)
    elif found["payback_years"] is None:
        text = _("{value}; at a price of {price}, no payback.").format(
            value=text, price=money(found["price"], e.currency)
        )
    else:
        text = _(
            "{value}; at a price of {price}, a payback of {years} years on the cluster figure, the baseline's own cost "
            "left out."
        ).format(value=text, price=money(found["price"], e.currency), years=sig(found["payback_years"]))
        if found["payback_years"] > SERVICE_LIFE_YEARS:
            # the money said as a conclusion, not left to the reader (cold read 7b, A-3/B-5: a 38-year payback beside
            # "recommended", unweighed)
            text += " " + _(
                "The time saved alone does not pay for {candidate} within the {life} years storage is commonly kept in "
                "service (an assumption of this report)."
            ).format(candidate=w.name("candidate"), life=count(SERVICE_LIFE_YEARS))
    if rec.kind == NOT_YET:
        text += " " + _("It counts only once the measurements above decide the result.")
    elif rec.kind != RECOMMENDED:
        text += " " + _("It does not change the recommendation, which rests on the targets and reasons above.")
    return text
