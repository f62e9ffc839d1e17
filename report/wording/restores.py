"""Page 1's restores ground: the restore times, and what they save a run (cold read 10, Q-M2: "only if faster restores
are worth its price" with 0.35 GPU-hours a run behind it, unsaid). Beside report/wording/recommendation.py, whose
headline and reasons use it."""

from __future__ import annotations

from report.compute.recommendation import restore_value
from report.formatting import count, gb, money, s3, seconds, sig
from report.i18n import _
from report.wording.base import Words


def restores_reason(w: Words) -> str:
    """The restores reason: the mean restore on each system."""
    r = w.m.reliability
    candidate, baseline = r.candidate.restore_s, r.baseline.restore_s
    assert candidate is not None and baseline is not None, "the restores reason comes from measured restores"
    return _("Restores after a failure take {candidate} against {baseline} on {baseline_system}.").format(
        candidate=s3(candidate), baseline=s3(baseline), baseline_system=w.name("baseline")
    )


def restores_ground(w: Words) -> str:
    """The restores ground as the headline names it, valued beside it: the GPU-hours a run the faster restores save
    (the time saved a failure × the failures a run × the job's GPUs), priced where [economics] gives a GPU-hour's
    price, and said to be little where it is below LITTLE_SHARE_PCT of the run's GPU-hours."""
    v = restore_value(w.test, w.m)
    if v is None:
        return _("faster restores after a failure")
    e = w.config.economics
    fields = {
        "failures": sig(v.failures_per_run),
        "gpus": count(w.m.reliability.gpus),
        "gpu_hours": sig(v.gpu_hours),
        "share": sig(v.share_pct),
    }
    # short: the headline carries it, and page 1 holds on one page (the failures and GPUs are in the failures section);
    # a value worth little is no ground (compute/recommendation.py other_grounds): the failures section says it
    if v.value is not None and e is not None:
        return _("faster restores after a failure (about {value} a run, {share}% of its GPU-hours)").format(
            value=money(v.value, e.currency), **fields
        )
    return _("faster restores after a failure ({gpu_hours} GPU-hours a run, {share}% of its GPU-hours)").format(
        **fields
    )


def restores_worth_little(w: Words) -> str:
    """Where the candidate's restores are faster but worth little (below LITTLE_SHARE_PCT of the run's GPU-hours), what
    they save a run, said where the restores are argued: they are no ground of the recommendation (cold tests 17, V)."""
    v = restore_value(w.test, w.m)
    if v is None or v.saved_s <= 0 or not v.little:
        return ""
    e = w.config.economics
    # the basis named: the failures a run count the candidate's wall time (RestoreValue), the node-loss bound beside
    # it its own side's (cold read 17, V minor 4: "0.0748 failures a run" and "0.0745" in one paragraph)
    fields = {
        "gpu_hours": sig(v.gpu_hours),
        "share": sig(v.share_pct),
        "failures": sig(v.failures_per_run),
        "system": w.name("candidate"),
    }
    if v.value is not None and e is not None:
        text = _(
            "At {failures} failures a run over {system}'s wall time, the faster restores save about {value} a run "
            "({gpu_hours} GPU-hours, "
            "{share}% of its GPU-hours): worth little, so they are no ground for the recommendation."
        )
        return " " + text.format(value=money(v.value, e.currency), **fields)
    text = _(
        "At {failures} failures a run over {system}'s wall time, the faster restores save {gpu_hours} GPU-hours a run "
        "({share}% of its GPU-hours): worth little, so they are no ground for the recommendation."
    )
    return " " + text.format(**fields)


def restore_read(w: Words) -> str:
    """Where no restore was timed (finding restore_untimed; cold read 18, Y minor 6; cold read 19, AA-M5): one clause,
    led by a space, on what reading the checkpoint back would take each system at its measured write bandwidth and
    which side the equal recovery favours; "" otherwise."""
    found = w.findings.get("restore_untimed")
    if found is None:
        return ""
    read = found["read_s"]
    slower = found.scope.items[0]
    return " " + _(
        "At each system's measured write bandwidth, reading the {size} checkpoint back would take about {baseline} on "
        "{baseline_system} and {candidate} on {candidate_system}: the equal recovery favours {slower}."
    ).format(
        size=gb(found["size_gb"]),
        baseline=seconds(read["baseline"]),
        baseline_system=w.label(w.name("baseline")),
        candidate=seconds(read["candidate"]),
        candidate_system=w.label(w.name("candidate")),
        slower=w.label(w.name(slower)),
    )


def restore_step(w: Words) -> str:
    """The next step to time a restore on each system: with the side the equal recovery favours where the finding
    restore_untimed gives it."""
    found = w.findings.get("restore_untimed")
    if found is None:
        return _("Time a restore from each system: the failure figures take the assumed restart time instead.")
    return _(
        "Time a restore on each system: the failure figures give each the same recovery, the assumed restart time, "
        "which favours {slower}, the slower of the two to read its checkpoint back."
    ).format(slower=w.label(w.name(found.scope.items[0])))
