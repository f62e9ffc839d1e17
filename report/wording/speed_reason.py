"""Page 1's reason on checkpoint speed: the mean saves, the speedup's 95% interval and G3's target, and whether the
outlying runs decide which side of the target the speedup lies on (moved from wording/recommendation.py, whose words
for the other reasons it sits beside)."""

from __future__ import annotations

from report.formatting import count, given, p3, s3, seconds_figure, sig, x3
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.g3_runs import runs_impractical
from report.wording.outlier_words import slow_baseline_clause
from report.wording.spread_runs import runs_beside, spread_why


def speedup_reason(w: Words, reason: str) -> str:
    """Page 1's reason on the save speed: the means and the speedup's interval against G3's target, by `reason`
    (speedup, g3_fail, g3_open, speedup_measured)."""
    s, g = w.m.save, w.config.gates
    ci = s.speedup_ci95
    if ci is None:
        return _("Saves take {baseline} on {baseline_system} against {candidate} on {candidate_system}.").format(
            baseline=s3(s.baseline.mean_s),
            baseline_system=w.name("baseline"),
            candidate=s3(s.candidate.mean_s),
            candidate_system=w.name("candidate"),
        )
    if reason == "g3_fail" and ci[1] < 1:
        # slower: said as a slowdown, not as a speedup below 1 (cold read 6, node-local case, m1: "0.314–0.327×"), and
        # the target in the same direction, as the save time it asks for (cold read 9: "1.62× slower" beside "1.5×
        # faster" read as two scales)
        return _(
            "Saves take {candidate} on {system} against {baseline}, {ratio} as long (95% interval {low}–{high}×); "
            "the {target}× speedup target asks for {needed} or less."
        ).format(
            candidate=s3(s.candidate.mean_s),
            baseline=s3(s.baseline.mean_s),
            system=w.name("candidate"),
            ratio=x3(1 / s.speedup),
            low=sig(1 / ci[1]),
            high=sig(1 / ci[0]),
            target=given(g.target_speedup),
            needed=s3(s.baseline.mean_s / g.target_speedup),
        )
    if reason in ("g3_below", "g3_above"):
        return _lean_reason(w, reason)
    beside = runs_beside(w)
    if reason == "speedup_measured" and beside is not None:
        # runs that fail G1 or G2 on spread: no interval quoted as if it held (cold read 8b, I-4)
        # the interval said as Table 1 prints it, indicative (cold read 10, Q-m1: "no confidence interval" beside
        # Table 1's "95% interval 3.00x to 4.69x")
        return _(
            "Saves take {candidate} against {baseline} by the means; the speedup's 95% interval ({low}–{high}×) is "
            "only indicative while {why}."
        ).format(
            candidate=s3(s.candidate.mean_s),
            baseline=s3(s.baseline.mean_s),
            low=sig(ci[0]),
            high=sig(ci[1]),
            why=spread_why(w, beside),
        ) + _without(w)
    text = {
        "speedup": _(
            "Saves take {candidate} against {baseline}; the speedup's 95% interval ({low}–{high}×) lies at or above "
            "the {target}× target."
        ),
        "g3_fail": _(
            "Saves take {candidate} against {baseline}; the speedup's 95% interval ({low}–{high}×) lies below the "
            "{target}× target."
        ),
        "g3_open": _(
            "Saves take {candidate} against {baseline}; the speedup's 95% interval ({low}–{high}×) contains the "
            "{target}× target, so more runs decide it."
        )
        if not outliers_lean(w) and not runs_impractical(w)
        else _(
            "Saves take {candidate} against {baseline}; the speedup's 95% interval ({low}–{high}×) contains the "
            "{target}× target, and the speedup lies so close to it that no practical number of runs decides it."
        )
        if not outliers_lean(w)
        else _(
            "Saves take {candidate} against {baseline}; the speedup's 95% interval ({low}–{high}×) contains the "
            "{target}× target, and the outlying runs decide which side of it the speedup lies on."
        ),
        "speedup_measured": _("Saves take {candidate} against {baseline} (the speedup's 95% interval {low}–{high}×)."),
    }[reason]
    return text.format(
        candidate=s3(s.candidate.mean_s),
        baseline=s3(s.baseline.mean_s),
        low=sig(ci[0]),
        high=sig(ci[1]),
        target=given(g.target_speedup),
    ) + _without(w)


def _without(w: Words) -> str:
    """Where a result hangs on outlying runs, each side's mean without them, after the means with them (cold read 8,
    I1: "36.1 s" was the mean of five runs near 31.6 s and one of 58.6 s, which no run came near): " " and a
    sentence, or ""."""
    found = w.findings.get("outliers_decide")
    if found is None:
        return ""
    parts = []
    for side in ("baseline", "candidate"):
        items = [item for item in found.scope.items if item.startswith(f"{side}:")]
        if items:
            parts.append(
                _("{system} averages {mean} without its {runs}").format(
                    system=w.name(side),
                    mean=s3(found["remaining"][side]["mean_s"]),
                    runs=join_words(
                        [
                            _("run {run} ({time})").format(run=item.split(":")[1], time=s3(found["times"][item]))
                            for item in items
                        ]
                    ),
                )
            )
    return " " + _("{parts}.").format(parts=join_words(parts) + slow_baseline_clause(w)) if parts else ""


def outliers_lean(w: Words) -> bool:
    """Whether the speedup lies on the other side of G3's target without the outlying runs (cold read 7, B-B2)."""
    wo, target = w.m.without_outliers, w.config.gates.target_speedup
    if wo is None or wo.speedup_ci95 is None or (w.m.save.speedup > target) == (wo.speedup > target):
        return False
    low, high = wo.speedup_ci95  # the interval without them, not only its point, on the other side (cold read 7b, B-1)
    return high < target or low >= target


def _lean_reason(w: Words, reason: str) -> str:
    """G3 open, and no practical number of runs decides it (compute/recommendation.py g3_lean): the means, how far
    the speedup lies from the target and on which side, and that more runs would settle G3 on that side (cold read
    10, P-B1: "whether that meets the target is for the parties to agree" on a point estimate below it)."""
    s, target = w.m.save, w.config.gates.target_speedup
    ci = s.speedup_ci95
    assert ci is not None, "G3 leans only with an interval"
    text = (
        _(
            "Saves take {candidate} against {baseline}; by the means the speedup lies {gap}% below the {target}× "
            "target. Its 95% interval ({low}–{high}×) still contains the target, but more runs would narrow it below, "
            "so G3 would fail, not pass, though no practical number (about {runs} a system) would show it."
        )
        if reason == "g3_below"
        else _(
            "Saves take {candidate} against {baseline}; by the means the speedup lies {gap}% above the {target}× "
            "target. Its 95% interval ({low}–{high}×) still contains the target, but more runs would narrow it above, "
            "so G3 would pass, not fail, though no practical number (about {runs} a system) would show it."
        )
    )
    return text.format(
        candidate=s3(s.candidate.mean_s),
        baseline=s3(s.baseline.mean_s),
        gap=sig(abs(s.speedup / target - 1) * 100),
        target=given(target),
        low=sig(ci[0]),
        high=sig(ci[1]),
        runs=count(w.m.next_steps.g3_runs_per_side or 0),
    )


def async_reason(w: Words) -> str:
    """Synchronous saves whose benefit asynchronous ones would remove (compute/recommendation.py async_removes): a
    software change takes the case away (cold read 10, P-M5)."""
    b = w.m.bubble
    # the what-if stages in no time where the test gives no staging time: said, not assumed silently (cold tests 11, S)
    text = (
        _(
            "With asynchronous saves, a software change, training would take as long on {baseline} as on {candidate} "
            "at today's interval: the {change} shorter run comes from saving synchronously."
        )
        if w.m.async_.staging_given
        else _(
            "With asynchronous saves, a software change, training would take as long on {baseline} as on {candidate} "
            "at today's interval, staging to host memory aside (this test gives no staging time): the {change} "
            "shorter run comes from saving synchronously."
        )
    )
    return text.format(baseline=w.name("baseline"), candidate=w.name("candidate"), change=p3(b.duration_reduction_pct))


def seconds_apart(needed: float, today: float) -> dict[str, str]:
    """The save time asked for and today's, to as many digits as tell them apart (three at least, at most five):
    "15.76 s" against "15.79 s", not "15.8 s or less (today 15.8 s)" (cold read 10, P: a speedup 0.2% short)."""
    digits = 3
    while digits < 5 and seconds_figure(needed, digits) == seconds_figure(today, digits):
        digits += 1
    return {"needed": f"{seconds_figure(needed, digits)} s", "today": f"{seconds_figure(today, digits)} s"}
