"""The save runs that stand out: said once, in the save section, with what leaving them out would change."""

from __future__ import annotations

from report.compute.counterpoints import OUTSIDE, cause_quote, recorded_cause
from report.compute.recommendation import slow_baseline_only
from report.document.blocks import Para
from report.document.spoken import fill, said
from report.formatting import s3, sig
from report.i18n import _, join_words, ngettext
from report.wording.base import Words
from report.wording.phrases import record_pointer


def outlier_warning(w: Words) -> list[Para]:
    """The runs that stand out (the finding save_outliers), said once, in the save section: each with its time and
    modified z-score; page 1 says the result without them where it changes a gate."""
    found = w.findings.get("save_outliers")
    if found is None:
        return []
    runs = join_words(
        [
            _("run {run} on {system} ({time}, modified z-score {z})").format(
                run=item.split(":")[1],
                system=w.name(item.split(":")[0]),
                time=s3(found["times"][item]),
                z=sig(found["z"][item]),
            )
            for item in found.scope.items
        ]
    )
    text = ngettext(
        "Of the save runs, {runs} stands out from the others (modified z-score above 3.5 in absolute value). It is "
        "kept in every "
        "figure; check the run's log before relying on it.",
        "Of the save runs, {runs} stand out from the others (modified z-score above 3.5 in absolute value). They are "
        "kept in every "
        "figure; check the runs' logs before relying on them.",
        len(found.scope.items),
    )
    note = w.config.sources.get("save_times", "").strip()  # it may name the cause (cold read 6, outlier case, B2)
    said_too = " " + record_pointer() if note else ""
    cause = cause_said(w, tuple(found.scope.items))
    if cause:  # no log to check where the record gives it (AA-M2)
        text = ngettext(
            "Of the save runs, {runs} stands out from the others (modified z-score above 3.5 in absolute value). It is "
            "kept in every figure; the record of the save runs gives its cause: {cause}.",
            "Of the save runs, {runs} stand out from the others (modified z-score above 3.5 in absolute value). They "
            "are kept in every figure; the record of the save runs gives their cause: {cause}.",
            len(found.scope.items),
        )
    without = w.m.without_outliers
    if without is not None and without.verdict_status == w.m.verdict.status:
        # what the log would settle, where it settles nothing (cold read 9, J-m8: an open action left to the customer)
        said_too += " " + ngettext(
            "Left out, it would not change the verdict.",
            "Left out, they would not change the verdict.",
            len(found.scope.items),
        )
    return [w.p(fill(text, runs=said(found, runs), cause=cause) + said_too, "save_times", style="warning")]


def slow_baseline_clause(w: Words) -> str:
    """After the baseline's mean without its slow runs, where those runs fail only its own repeatability
    (compute/recommendation.py slow_baseline_only): their cause where the record of the save runs gives it, and why
    the case does not rest on them (cold read 15, R: "not yet; the cause of one slow run decides it first" beside a
    controller failover the record names); "" otherwise."""
    found = w.findings.get("outliers_decide")
    if found is None or not slow_baseline_only(w.m):
        return ""
    items = tuple(found.scope.items)
    cause = cause_said(w, items)
    fields = {"baseline": w.name("baseline"), "candidate": w.name("candidate"), "cause": cause}
    if cause:
        return ngettext(
            "; the record of the save runs gives {cause} as that run's cause, and the run fails only {baseline}'s own "
            "repeatability (G1): a slower {baseline} run only widens {candidate}'s lead",
            "; the record of the save runs gives {cause} as those runs' cause, and they fail only {baseline}'s own "
            "repeatability (G1): slower {baseline} runs only widen {candidate}'s lead",
            len(items),
        ).format(**fields)
    return ngettext(
        "; that run fails only {baseline}'s own repeatability (G1): a slower {baseline} run only widens {candidate}'s "
        "lead, whatever its cause",
        "; those runs fail only {baseline}'s own repeatability (G1): slower {baseline} runs only widen {candidate}'s "
        "lead, whatever their cause",
        len(items),
    ).format(**fields)


def cause_said(w: Words, items: tuple[str, ...]) -> str:
    """The cause the record of the save runs gives for the outlying runs `items`, as the report says it: a kind
    compute/counterpoints.py knows in its words, any other quoted from the record in a few of its own (cold read 19,
    AA-M2: a switch-port flap); "" where the record gives none."""
    cause = recorded_cause(w.test, items)
    if cause in OUTSIDE:
        return _("“{quote}”").format(quote=cause_quote(w.test, items))
    return cause_words(cause)


def cause_words(cause: str | None) -> str:
    """A cause compute/counterpoints.py recorded_cause names, as the report says it; "" for none."""
    return {
        "rebuild": _("a rebuild"),
        "scrub": _("a scrub"),
        "rebalance": _("a rebalance"),
        "failover": _("a controller failover"),
        "thermal": _("a drive at its thermal limit"),  # cold read 14c, Q-M5
        "upgrade": _("a rolling upgrade"),  # cold read 18, Y-M2
    }.get(cause or "", "")
