"""The next step for G3, the save-time speedup: what more runs could do, and how many per system."""

from __future__ import annotations

from report.compute import Gate, Metrics
from report.compute.recommendation import PRACTICAL_RUNS
from report.compute.scopes import Finding
from report.document.blocks import Para
from report.formatting import count, given, sig, x3, x_beside
from report.i18n import _, ngettext
from report.inputs.config import TestConfig
from report.wording.base import Words
from report.wording.phrases import counted_noun


def g3_step(w: Words, g3: Gate) -> list[Para]:
    """The next step for a G3 that does not pass: what more runs could do, and how many, from the spread observed;
    none estimated from a spread that outlying runs make, where without them the interval is settled."""
    m, cfg = w.m, w.config
    if g3.status == "pass":
        return []
    target, n = given(cfg.gates.target_speedup), m.next_steps.g3_runs_per_side
    ci = m.save.speedup_ci95
    if ci is None:
        return [Para(_("G3: a confidence interval needs at least 2 runs on each system; the G1 and G2 runs give it."))]
    if g3.status == "fail":
        text = _(
            "G3: the whole 95% interval lies below the {target}× target: more runs would narrow it and reach the "
            "target only if the means themselves changed."
        )
        return [Para(text.format(target=target))]
    settled = w.findings.get("g3_outliers_settle")
    if settled is not None:
        return [Para(_settled_without_outliers(settled))]
    if n is None:
        text = _(
            "G3: the interval straddles the {target}× target and, with the observed spread, no number of runs up to "
            "10,000 per side would decide it; reduce the spread first."
        )
        return [Para(text.format(target=target))]
    more = _more_runs(m, n)
    above = m.save.speedup > cfg.gates.target_speedup
    if n > PRACTICAL_RUNS:
        text = (
            _(
                "G3: the interval straddles the {target}× target. With the spread observed so far, about {runs} per "
                "system would place it wholly above the target ({more}): not practical for a joint test. A smaller "
                "spread (G1, G2) needs fewer runs, but the closer the ratio of the means lies to the target, the more "
                "runs any spread needs. This assumes the means and the spread persist."
            )
            if above
            else _(
                "G3: the interval straddles the {target}× target. With the spread observed so far, about {runs} per "
                "system would place it wholly below the target ({more}): not practical for a joint test. A smaller "
                "spread (G1, G2) needs fewer runs, but the closer the ratio of the means lies to the target, the more "
                "runs any spread needs. This assumes the means and the spread persist."
            )
        )
    else:
        text = (
            _(
                "G3: the interval straddles the {target}× target. With the spread observed so far, {runs} per system "
                "would place it wholly above the target ({more}); this assumes the means and the spread persist."
            )
            if above
            else _(
                "G3: the interval straddles the {target}× target. With the spread observed so far, {runs} per system "
                "would place it wholly below the target ({more}); this assumes the means and the spread persist."
            )
        )
    return [Para(text.format(target=target, runs=counted_noun(n, "{n} run", "{n} runs"), more=more) + _leans(m, cfg))]


def _settled_without_outliers(found: Finding) -> str:
    """G3 open only with the outlying runs: what it is without them, and no count of runs estimated from their spread
    (compute/gate_findings.py `g3_outliers_settle`); where the record gives their cause, whether such runs count is
    the test plan's to say, not a cause to settle (cold read 18, Y-M2)."""
    text = _recorded(found) if found["recorded"] else _unrecorded(found)
    low, high = found["ci"]
    return text.format(target=given(found["target"]), ratio=x3(found["speedup"]), low=sig(low), high=sig(high))


def _unrecorded(found: Finding) -> str:
    one = found["runs"] == 1  # one outlying run is "that run", not "those runs" (zh reading 18, Y minor 3)
    return (
        _(
            "G3: the interval contains the {target}× target only with the outlying run. Without it the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly below the target; more runs like the others would narrow "
            "that interval, not lift it. No count of runs is estimated from a spread that run makes: settle its cause "
            "first."
        )
        if found["status"] == "fail" and one
        else _(
            "G3: the interval contains the {target}× target only with the outlying runs. Without them the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly below the target; more runs like the others would narrow "
            "that interval, not lift it. No count of runs is estimated from a spread those runs make: settle their "
            "cause first."
        )
        if found["status"] == "fail"
        else _(
            "G3: the interval contains the {target}× target only with the outlying run. Without it the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly above the target: that run alone keeps G3 open. No count "
            "of runs is estimated from a spread it makes: settle its cause first."
        )
        if one
        else _(
            "G3: the interval contains the {target}× target only with the outlying runs. Without them the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly above the target: those runs alone keep G3 open. No count "
            "of runs is estimated from a spread they make: settle their cause first."
        )
    )


def _recorded(found: Finding) -> str:
    one = found["runs"] == 1
    return (
        _(
            "G3: the interval contains the {target}× target only with the outlying run. Without it the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly below the target; more runs like the others would narrow "
            "that interval, not lift it. No count of runs is estimated from a spread that run makes; the record gives "
            "its cause, so whether a run in that state counts towards G3 is for the parties to agree in the test plan."
        )
        if found["status"] == "fail" and one
        else _(
            "G3: the interval contains the {target}× target only with the outlying runs. Without them the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly below the target; more runs like the others would narrow "
            "that interval, not lift it. No count of runs is estimated from a spread those runs make; the record "
            "gives their cause, so whether runs in that state count towards G3 is for the parties to agree in the "
            "test plan."
        )
        if found["status"] == "fail"
        else _(
            "G3: the interval contains the {target}× target only with the outlying run. Without it the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly above the target: that run alone keeps G3 open. No count "
            "of runs is estimated from a spread it makes; the record gives its cause, so whether a run in that state "
            "counts towards G3 is for the parties to agree in the test plan."
        )
        if one
        else _(
            "G3: the interval contains the {target}× target only with the outlying runs. Without them the speedup is "
            "{ratio} (95% interval {low}–{high}×), wholly above the target: those runs alone keep G3 open. No count "
            "of runs is estimated from a spread they make; the record gives their cause, so whether runs in that "
            "state count towards G3 is for the parties to agree in the test plan."
        )
    )


def _leans(m: Metrics, cfg: TestConfig) -> str:
    """Where the outlying runs set which side of the target the speedup lies on, that the runs estimated above follow
    them (cold read 7, B-B2: 42 runs "wholly above" a 1.6× target from a 1.70× the scrub run made; 1.57× without)."""
    w, target = m.without_outliers, cfg.gates.target_speedup
    if w is None or (m.save.speedup > target) == (w.speedup > target):
        return ""
    ci = w.speedup_ci95
    if ci is not None and ci[0] < target <= ci[1]:
        # without them the interval still holds the target: they set where the point lies, not G3 (cold read 7b, B-1)
        return " " + _(
            "Without the outlying runs the speedup is {ratio} (95% interval {low}–{high}×), on the other side of the "
            "target but with an interval that still contains it: settle their cause, then add runs."
        ).format(ratio=x3(w.speedup), low=sig(ci[0]), high=sig(ci[1]))
    text = (
        _(
            "Without the outlying runs the speedup is {ratio} (95% interval {low}–{high}×), below the target: they set "
            "which way G3 leans, so settle their cause before adding runs."
        )
        if w.speedup <= target
        else _(
            "Without the outlying runs the speedup is {ratio} (95% interval {low}–{high}×), above the target: they set "
            "which way G3 leans, so settle their cause before adding runs."
        )
    )
    return " " + text.format(ratio=x3(w.speedup), low=sig(ci[0]) if ci else "–", high=sig(ci[1]) if ci else "–")


def _more_runs(m: Metrics, n: int) -> str:
    """The runs still to do for `n` per system: "1,047 more runs on each system", or on the system with fewer."""
    b, c = m.save.baseline, m.save.candidate
    have = min(b.runs, c.runs)
    if n <= have:
        return _("no more runs")
    if b.runs == c.runs:
        return ngettext("{n} more run on each system", "{n} more runs on each system", n - have).format(
            n=count(n - have)
        )
    fewer = b if b.runs < c.runs else c
    return ngettext(
        "{n} more run on {system}, which has fewer", "{n} more runs on {system}, which has fewer", n - have
    ).format(n=count(n - have), system=fewer.system)


def runs_impractical(w: Words) -> bool:
    """Whether G3 would take more runs a system than a joint test can do (PRACTICAL_RUNS) to decide."""
    n = w.m.next_steps.g3_runs_per_side
    return n is not None and n > PRACTICAL_RUNS


def more_runs_change(w: Words) -> str:
    """Page 1's "what would change it" where more save runs would: how many, or that no practical number would
    (cold tests 10, P: "905 save runs per system" is no next step), or that the spread must shrink first."""
    m = w.m
    n, needed, target = m.next_steps.g3_runs_per_side, max(w.config.gates.min_runs, 2), w.config.gates.target_speedup
    if n is not None and n > PRACTICAL_RUNS:
        return _(
            "no practical number of runs (about {runs} per system): the speedup, {ratio}, lies {gap}% from the "
            "{target}× target, so whether that meets the target is for the parties to agree"
        ).format(
            runs=count(n),
            ratio=x_beside(m.save.speedup, target),
            gap=sig(abs(m.save.speedup / target - 1) * 100),
            target=given(target),
        )
    if n is not None and n > needed:
        return _("{runs} save runs per system, if the spread and the means persist").format(runs=count(n))
    if n is None and None not in (m.save.baseline.cv_pct, m.save.candidate.cv_pct) and m.save.speedup != target:
        return _("a smaller spread of the save times: no number of runs up to 10,000 per system decides it")
    return _("at least {runs} save runs per system").format(runs=count(needed))
