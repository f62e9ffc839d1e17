"""Value of the time saved (only when test.toml prices GPU time): one table reconciles per run, per year and
the cluster, each row beside the assumption it rests on, at the precision the inputs allow."""

from __future__ import annotations

from report.compute import Economics, Metrics
from report.compute.save_overlap import overlapping
from report.document.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.document.spoken import said
from report.formatting import (
    count,
    given,
    gpus,
    h3,
    money,
    money_of,
    p3,
    pct,
    price,
    round_sig,
    rounded,
    s3,
    seconds_figure,
    sig,
)
from report.i18n import _, join_words
from report.inputs.config import EconomicsSpec
from report.wording.base import Words
from report.wording.capacity import (
    QUEUEING,
    cluster_row_assumption,
    demand,
    demand_ratios,
    per_node,
)
from report.wording.cluster_scope import beyond_bandwidth, cluster_assumptions
from report.wording.payback_table import payback_table
from report.wording.paybacks import paybacks_words
from report.wording.recommendation import decided
from report.wording.retained import retained_row
from report.wording.retuning import (
    assumed_failure_rate,
    beyond_run,
    optimum_points,
    optimum_words,
    stall_free_steps,
    today_interval_only,
)
from report.wording.risks import staging_unestablished
from report.wording.save_overlap import overlap_sides
from report.wording.service_life import life_number
from report.wording.staging import staging_cause
from report.wording.statements import log_outrun, no_difference_note

ID = "economics"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()
HOURS_A_YEAR = 8760


def cluster_runs(m: Metrics) -> float:
    """Runs a year the cluster row counts: every GPU of the cluster running jobs like this one all year,
    cluster_gpus ÷ gpus per job × 8,760 h ÷ the candidate's wall time per run. It is cluster_value_per_year ÷
    value_per_run (both are bubble.time_saved_s × price per GPU-hour, over the cluster's year or one run)."""
    b = m.bubble
    return b.cluster_gpus / m.save.baseline.gpus * HOURS_A_YEAR * 3600 / b.candidate_duration_s


def _figures(m: Metrics) -> Economics:
    """The economics figures, which every helper below reads only once `build` found them ([economics] given)."""
    assert m.economics is not None, "read only where test.toml gives [economics]"
    return m.economics


def _given_digits(value: float) -> int:
    """The significant digits of a setting as test.toml writes it: 1.1 kW and PUE 1.3 have two, 700 has one."""
    digits = given(value).replace(",", "").replace("−", "").replace(".", "").lstrip("0")
    return len(digits.rstrip("0")) if "." not in given(value) else len(digits)


def _energy_rows(m: Metrics, spec: EconomicsSpec) -> tuple[tuple[str, str, str], ...]:
    """Energy beside value, when test.toml gives gpu_power_kw: at the digits the power and the PUE are given to, three
    at most (cold read 12, m4: 405 kWh from 1.1 kW and PUE 1.3)."""
    e = m.economics
    if e is None or e.energy_kwh_per_run is None or spec.gpu_power_kw is None:  # energy needs gpu_power_kw
        return ()
    digits = max(2, min(3, _given_digits(spec.gpu_power_kw), _given_digits(spec.pue)))
    return (
        (
            _("Energy saved per training run"),
            _("{kwh} kWh").format(kwh=rounded(e.energy_kwh_per_run, digits)),
            _(
                "{time} saved × {gpus} GPUs × {power} kW × PUE {pue}, as if a waiting GPU drew full power: at most"
            ).format(
                time=s3(m.bubble.time_saved_s),
                gpus=m.save.baseline.gpus,
                power=given(spec.gpu_power_kw),
                pue=given(spec.pue),
            ),
        ),
        (
            _("Energy saved per year, this job"),
            _("{kwh} kWh").format(kwh=rounded(e.energy_kwh_per_year, digits)),
            _("× {runs} runs a year (agreed for this test)").format(runs=count(spec.runs_per_year)),
        ),
    )


def _amounts(m: Metrics, spec: EconomicsSpec) -> tuple[str, str]:
    """The per-run and the cluster amounts as the table and the prose print them: at the digits that their printed
    operands give (third cold read, m-5; Chinese reading 4, m8: 264, not a 263.5 printed only here)."""
    e, b = _figures(m), m.bubble
    per_run = money_of(
        e.value_per_run, seconds_figure(b.time_saved_s), m.save.baseline.gpus * spec.gpu_hour_price / 3600, e.currency
    )
    cluster = money_of(
        e.cluster_value_per_year, gpus(b.gpu_equivalents), HOURS_A_YEAR * spec.gpu_hour_price, e.currency
    )
    return per_run, cluster


Rows = tuple[tuple[str, str, str], ...]


def value_rows(m: Metrics, spec: EconomicsSpec) -> tuple[Rows, Rows]:
    """Per run, per year (this job) and, at today's interval only, the cluster at the optima; then the cluster per
    year and the runs that reconcile it with the per-year row."""
    e, b = _figures(m), m.bubble
    per_hour = _("{price} per GPU-hour").format(price=price(spec.gpu_hour_price, e.currency))
    equivalents = gpus(b.gpu_equivalents)
    per_run, cluster = _amounts(m, spec)
    rows = [
        (
            _("Per training run"),
            per_run,
            (
                _("{time} saved × {gpus} GPUs × {price}")
                if b.time_saved_s >= 0
                else _("{time} lost × {gpus} GPUs × {price}")  # not "−180 s saved" (zh reading 9, J-m5)
            ).format(time=f"{seconds_figure(abs(b.time_saved_s))} s", gpus=m.save.baseline.gpus, price=per_hour),
        ),
        (
            _("Per year, this job"),
            money(e.value_per_year, e.currency),
            _("× {runs} runs a year (agreed for this test)").format(runs=count(spec.runs_per_year)),
        ),
    ]
    beyond = demand(m).mean_to_sustained > 1 or log_outrun(m)
    # beside a row of the optima, this one names its interval: two rows "the whole cluster" read as one (Chinese
    # reading 7, M1)
    two = today_interval_only(m)
    ratio = demand_ratios(m)["mean_ratio"]
    formula = _(
        "{gpus} GPU-equivalents × 8,760 h × {price}: every GPU of the {cluster}-GPU cluster running jobs like this one "
        "all year"
    ).format(gpus=equivalents, price=per_hour, cluster=count(b.cluster_gpus))
    if overlapping(m):  # saves that cannot be staggered (scaling reading 20, AB-M1)
        formula = _(
            "{formula}, if every job's save kept the time it took alone, which cannot hold on {systems}: not "
            "established"
        ).format(formula=formula, systems=join_words([o.system for o in overlapping(m)]))
    cluster_rows = [
        (
            # its condition beside the optima's row (fifth cold reads b, M5/M-3: 1.04 million USD quoted against a price
            # the optima's value pays back in 2.61 years; cold read 7b: "no basis" where the interval may be fixed)
            _("Per year, the whole cluster while the interval stays as it is")
            if two
            else _("Per year, the whole cluster, at today's interval"),
            # an amount the test does not support is not printed, as a value or as a condition (Chinese reading 11, M3:
            # "5.1 million USD" beside "that value would not be there"; cold read 13, M4: still quoted from the
            # assumption column)
            _("Not shown") if beyond else cluster,
            _(
                "not valued: the saves outrun the bandwidth this test logged, which cannot tell whether the storage "
                "would keep pace with every GPU of the {cluster}-GPU cluster running jobs like this one"
            ).format(cluster=count(b.cluster_gpus))
            if log_outrun(m)
            else _(
                "not valued: every GPU of the {cluster}-GPU cluster running jobs like this one would need {ratio} the "
                "tested bandwidth on average, which this test does not show"
            ).format(cluster=count(b.cluster_gpus), ratio=ratio)
            if beyond
            else formula,
        ),
    ]
    if e.value_per_run != 0 and not beyond:  # nothing to reconcile with a cluster row not valued
        cluster_rows.append(
            (
                _("Runs a year behind the cluster row"),
                rounded(cluster_runs(m)),
                (
                    _(
                        "{cluster} GPUs ÷ {gpus} per job × 8,760 h ÷ {hours} per run; the cluster row at today's "
                        "interval is this many runs × the per-run value, the per-year row {runs} runs"
                    )
                    if two
                    else _(
                        "{cluster} GPUs ÷ {gpus} per job × 8,760 h ÷ {hours} per run; the cluster row is this many "
                        "runs × the per-run value, the per-year row {runs} runs"
                    )
                ).format(
                    cluster=count(b.cluster_gpus),
                    gpus=m.save.baseline.gpus,
                    hours=h3(b.candidate_duration_s),
                    runs=count(spec.runs_per_year),
                ),
            )
        )
    # the cluster's value once each system saves at its optimum (fourth cold read, M1), the figure the section and page
    # 1 lead with, so always in the table (cold read 9, J-M6: valued in the text, "Not shown" the table's only row)
    sign = "−" if m.reliability.optimum_gpu_equivalents < 0 else ""
    # at the digits that give back the value's three (fifth cold reads: 129,000 in the text against 130,000 in the
    # table, then 330,000 USD where 850,000 ÷ it is not the payback printed)
    operand = sign + operand_digits(
        abs(m.reliability.optimum_gpu_equivalents),
        HOURS_A_YEAR * spec.gpu_hour_price,
        abs(e.optimum_cluster_value_per_year),
        e.currency,
    )
    formula = _(
        "{gpus} GPU-equivalents × 8,760 h × {price}: failure-aware overhead {baseline} against {candidate} "
        "of compute, each at its optimal interval"
    ).format(
        gpus=operand,
        price=per_hour,
        baseline=p3(m.reliability.baseline.optimal_overhead_pct),
        candidate=p3(m.reliability.candidate.optimal_overhead_pct),
    )
    shown = sign + gpus(abs(m.reliability.optimum_gpu_equivalents))
    if operand != shown:  # a digit more than elsewhere, said why (Chinese reading 12, W-m6: 5.636 against 5.64)
        formula += _("; {digits} is the {shown} printed elsewhere, with the digits that give this amount back").format(
            digits=operand, shown=shown
        )
    rows.append(
        (
            _("Per year, the whole cluster, each system at its optimal interval"),
            money(e.optimum_cluster_value_per_year, e.currency),
            formula,
        )
    )
    return tuple(rows), tuple(cluster_rows)


def _limit_row(m: Metrics) -> tuple[tuple[str, str, str], ...]:
    """An asynchronous job whose writes stall training only at today's short interval: the interval every value above
    holds under, beside the money."""
    steps = stall_free_steps(m)
    if steps is None:
        return ()
    gain = m.reliability.optimum_gain_pct
    text = (
        _(
            "today: {interval} steps; from {steps} on the time saved is gone; optimum against optimum the candidate "
            "lowers the failure-aware overhead by {points} percentage points"
        )
        if gain >= 0
        else _(
            "today: {interval} steps; from {steps} on the time saved is gone; optimum against optimum the candidate "
            "raises the failure-aware overhead by {points} percentage points"
        )
    )
    note = text.format(steps=count(steps), interval=count(m.bubble.checkpoint_interval_steps), points=optimum_points(m))
    return ((_("The time saved and its value hold under"), _("{n} steps").format(n=count(steps)), note),)


def _limit_words(m: Metrics) -> str:
    """Said beside the money when an asynchronous job's benefit holds only at today's short interval: from which
    interval none of it remains, what is left optimum against optimum, and re-tuning where it does more."""
    steps = stall_free_steps(m)
    if steps is None:
        return ""
    gain = m.reliability.optimum_gain_pct
    text = (
        _(
            "These values are at today's interval of {interval} steps and hold only under {steps} steps between "
            "saves: from {steps} on, neither write outlasts the compute between saves, and the time saved, with its "
            "value, is gone. Each at its optimal interval, the candidate lowers the failure-aware overhead "
            "by only {points} percentage points of compute time."
        )
        if gain >= 0
        else _(
            "These values are at today's interval of {interval} steps and hold only under {steps} steps between "
            "saves: from {steps} on, neither write outlasts the compute between saves, and the time saved, with its "
            "value, is gone. Each at its optimal interval, the candidate raises the failure-aware overhead "
            "by {points} percentage points of compute time."
        )
    )
    text = text.format(interval=count(m.bubble.checkpoint_interval_steps), steps=count(steps), points=optimum_points(m))
    a = m.async_
    if a.candidate.staging_s > a.baseline.staging_s:  # the direction past the limit (Chinese reading 13, M2)
        # staging is a copy to host memory, and test.toml assumes it: the difference is the setup's, not the storage's
        # (cold read 16, M4)
        text += " " + _(
            "From {steps} steps on, the staging times the test setup gives ({candidate} against {baseline}) make "
            "the candidate's stalls slightly longer than the baseline's; staging copies to host memory, so that "
            "difference is the set-up's, not the storage's."
        ).format(steps=count(steps), candidate=s3(a.candidate.staging_s), baseline=s3(a.baseline.staging_s))
    if m.reliability.tuning_beats_switching and not beyond_run(m):
        text += " " + _(
            "Re-tuning the interval on {baseline} alone recovers more than {candidate} does at today's interval (see "
            "“{section}”)."
        ).format(
            baseline=m.save.baseline.system,
            candidate=m.save.candidate.system,
            section=_("Failures and the checkpoint interval"),
        )
    return " " + text


def _ordered(m: Metrics, spec: EconomicsSpec, retained_default: bool, copies: int) -> Rows:
    """The table's rows; a cluster value on a bandwidth the test did not show last, after every value the test
    supports (cold read 6, M6: 5.1 million USD a year led the table and the prose, 4,700 USD came after)."""
    supported, cluster = value_rows(m, spec)
    rest = (*_energy_rows(m, spec), *_limit_row(m), retained_row(m, spec, retained_default, copies))
    if demand(m).mean_to_sustained > 1 or log_outrun(m):
        return (*supported, *rest, *cluster)
    return (*supported[:2], *cluster, *supported[2:], *rest)


def operand_digits(operand: float, factor: float, value: float, currency: str) -> str:
    """`operand` at the fewest significant digits (three at least) whose product with `factor` prints as `value` does:
    the table's worked formula then gives back its own amount."""
    for digits in range(3, 8):
        if money(round_sig(operand, digits) * factor, currency) == money(value, currency):
            return sig(operand, digits)
    return sig(operand, 7)


def _value_and_price(w: Words) -> Para:
    """The money headline: the value with each system at its own optimal interval (an upper bound) first, then
    the payback at the candidate's price, or that without a price the value cannot be weighed against a cost."""
    m, e = w.m, _figures(w.m)
    found = w.findings.get("value_priced") or w.findings.get("value_unpriced")
    value = (
        _(
            "Each system at its own optimal checkpoint interval, a cluster of {gpus} GPUs running such jobs gains "
            "{value} a year of GPU time on {candidate}. Neither system is then held to today's interval. The figure "
            "takes the whole cluster to run such jobs all year, which bounds it from above; it also takes {rate}, and "
            "a higher failure rate would raise it."
        )
        if e.optimum_cluster_value_per_year >= 0
        # a loss, said as one (cold tests 6: "gains −81,000 USD", "a higher failure rate would raise it")
        else _(
            "Each system at its own optimal checkpoint interval, a cluster of {gpus} GPUs running such jobs loses "
            "{value} a year of GPU time on {candidate}. Neither system is then held to today's interval. The figure "
            "takes the whole cluster to run such jobs all year; it also takes {rate}, and a higher failure rate would "
            "deepen the loss."
        )
    ).format(
        rate=assumed_failure_rate(m),
        gpus=count(m.bubble.cluster_gpus),
        # as the table's row prints it, at the digits its GPU-equivalents give (fifth cold read, N7: 129,000 in the
        # text, 130,000 in the table)
        value=money(abs(e.optimum_cluster_value_per_year), e.currency),
        candidate=w.name("candidate"),
    )
    if found is not None and found.id == "value_priced":
        price = (
            _(
                "At the candidate's price of {price}, the payback on that value is at least {years} years (the "
                "baseline's own cost, and running costs, left out)."
            ).format(price=money(found["price"], e.currency), years=rounded(found["payback_years"]))
            if found["payback_years"] is not None
            else _("At the candidate's price of {price}, no payback: that value is not above zero.").format(
                price=money(found["price"], e.currency)
            )
        )
    else:
        price = _("No price of the candidate is given, so this report cannot weigh that value against what it costs.")
    text = value + " " + price
    node_local = w.findings.get("node_local")
    if node_local is not None:
        text += " " + _("It assumes a failed node's part of the checkpoint can be recovered.")
        b = node_local["break_even"] if "break_even" in node_local.figures else None
        if b is not None and b["share"]:
            # the share of failures that lose a node at which the candidate pays (cold read 17, V-M1), derived in
            # the failure section and Appendix B
            text += " " + _(
                "Were {share} or more of the failures to lose a node's part, with no copy off the node, the time "
                "saved and the lost nodes avoided would pay for {candidate} within {life} years (“{section}”)."
            ).format(
                share=pct(100 * b["share"]),
                candidate=w.name("candidate"),
                life=life_number(found),
                section=_("Failures and the checkpoint interval"),
            )
    return w.p(said(found, text) if found is not None else text, "save_times")


def _node_copies(w: Words) -> int:
    """The copies of each node's part the record keeps, each on its own node (finding node_local), else 1."""
    found = w.findings.get("node_local")
    return found["node_copies"] if found is not None else 1


def build(w: Words) -> Section | None:
    m, e = w.m, w.m.economics
    spec = w.config.economics  # given exactly when the figures are
    if e is None or spec is None:
        return None
    per_run, cluster = _amounts(m, spec)
    table = Table(
        "economics",
        _("Value of the time saved"),
        (Column(_("Figure"), False), Column(_("Value")), Column(_("Assumption"), False)),
        _ordered(m, spec, w.config.is_default("economics.retained_checkpoints"), _node_copies(w)),
        _(
            # said for a customer, not in the tool's terms (cold read 14c, P-m4: "at the digits their printed
            # operands give")
            "Amounts are given to three significant digits at most, so that the figures printed beside them reproduce "
            "them: the price, the runs a year and the save times behind them are given to two or three."
        ),
        illustrative=w.marked("save_times"),
    )
    bases = paybacks_words(w, decided(w).reasons)
    notes = (
        _value_and_price(w),
        # every basis's payback, the recommendation's first (compute/paybacks.py: page 2 gives one and points here)
        *((w.p(bases, "save_times"),) if bases else ()),
        *((ptable,) if bases and (ptable := payback_table(w)) is not None else ()),
        w.p(
            # a cluster whose saves need more than the test showed is worth its value only on a bandwidth the test
            # did not show: said in the sentence that states it (fifth cold read, blocker 1)
            (
                _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs. Across a cluster of such jobs this test cannot value it: the "
                    "saves outrun the bandwidth it logged, which therefore cannot tell whether the storage would keep "
                    "pace (the table's last row)."
                )
                if log_outrun(m)
                else _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs. At today's interval, across a cluster of such jobs this test "
                    "cannot value it: each node's part of their saves would need {ratio} this test's bandwidth of one "
                    "node, on average (the table's last row)."
                )
                if demand(m).mean_to_sustained > 1 and per_node(m)
                else _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs. At today's interval, across a cluster of such jobs this test "
                    "cannot value it: their saves would need {ratio} this test's bandwidth on average, which the test "
                    "does not show (the table's last row)."
                )
                if demand(m).mean_to_sustained > 1
                # saves that cannot be staggered: the cluster row at today's interval is not established (scaling
                # reading 20, AB-M1: 99 million INR a year on GN-220's saves kept apart, 1.14 in flight on average)
                else _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs. Across a cluster of such jobs, the {cluster} a year at today's "
                    "interval takes every job's save at the time it took alone, which cannot hold. {sides} This test "
                    "does not establish that figure."
                )
                if overlapping(m)
                else _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs; across a cluster of such jobs, at most {cluster} a year (table "
                    "below): their saves would need {ratio} this test's bandwidth on average, so they would often "
                    "overlap and wait for each other."
                )
                if demand(m).mean_to_sustained >= QUEUEING and not per_node(m)
                else _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs; across a cluster of such jobs, {cluster} a year at today's "
                    "interval, which holds only while the interval cannot change (evaluation or pre-emption may fix "
                    "it): with each system at its optimal interval it rises to the value above."
                )
                # the direction follows the figures (Chinese reading 14c, Q-m1: "降到" from 0 to 39,100 USD)
                if today_interval_only(m) and e.optimum_cluster_value_per_year > e.cluster_value_per_year
                else _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs; across a cluster of such jobs, {cluster} a year at today's "
                    "interval, which holds only while the interval cannot change (evaluation or pre-emption may fix "
                    "it): with each system at its optimal interval it falls to the value above."
                )
                # the larger figure is the one a reader quotes (fifth cold reads b, M5)
                if today_interval_only(m)
                else _(
                    "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                    "{per_year} a year at {runs} runs; across a cluster of such jobs, {cluster} a year (table below)."
                )
            ).format(
                price=price(spec.gpu_hour_price, e.currency),
                per_run=per_run,
                per_year=money(e.value_per_year, e.currency),
                runs=count(spec.runs_per_year),
                cluster=cluster,
                ratio=demand_ratios(m)["mean_ratio"],
                sides=overlap_sides(m),
            )
            + _limit_words(m)
            # a value the staging times given make, not the storage (cold read 9, J-B1), and not established on two
            # figures with no spread (cold read 20, AC-M2)
            + (" " + staging_cause(m) if staging_cause(m) else "")
            + (" " + staging_unestablished(w) if staging_unestablished(w) else ""),
            "save_times",
        ),
        Para(
            # the valued cluster row is at the optima, the per-run and per-year rows at today's interval: two bases,
            # said as the reason they differ (cold read 22, M1: "differ by the runs they count" alone, beside a cluster
            # of 32 jobs worth 1.26 times one job's year)
            _(
                "The per-run and per-year rows are at today's interval of {interval} steps; the valued cluster row "
                "sets each system at its optimal interval, where {contribution}. The yearly figures therefore differ "
                "by their interval as well as by the runs they count (the cluster rows every GPU of the cluster "
                "running jobs like this one all year, the per-year row this job's runs). None includes the array's "
                "price or running costs."
            ).format(interval=count(m.bubble.checkpoint_interval_steps), contribution=optimum_words(m))
            if today_interval_only(m)
            else _(
                "The two yearly figures differ by the runs they count: the cluster row counts every GPU of the cluster "
                "running jobs like this one all year, the per-year row only this job's runs. Neither includes the "
                "array's price or running costs."
            ),
            "note",
            w.marked("save_times"),
        ),
        # a demand of more nodes than the bandwidth was measured from, said as an extrapolation (scaling reading 16, M1)
        Para(
            " ".join(x for x in (cluster_row_assumption(m), beyond_bandwidth(w)) if x),
            "note",
            w.marked("save_times", "bandwidth"),
        ),
        # what the cluster figures take for granted: every node attached, the baseline's own demand, the price's scope
        # (cold reads 15, R-M2, S-M5; 15pq, P-M2, P-M3, Q-M1, Q-M3)
        *((w.p(assumed, "save_times", "bandwidth"),) if (assumed := cluster_assumptions(w)) else ()),
    )
    return Section(ID, _("Value of the time saved"), (*no_difference_note(w), *notes, table))
