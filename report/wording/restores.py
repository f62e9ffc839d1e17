"""Page 1's restores ground: the restore times, and what they save a run (cold read 10, Q-M2: "only if faster restores
are worth its price" with 0.35 GPU-hours a run behind it, unsaid). Beside report/wording/recommendation.py, whose
headline and reasons use it."""

from __future__ import annotations

from report.compute.recommendation import restore_value
from report.formatting import count, money, s3, sig
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
    # short: the headline carries it, and page 1 holds on one page (the failures and GPUs are in the failures section)
    if v.value is not None and e is not None:
        text = (
            _("faster restores after a failure (worth little: about {value} a run, {share}% of its GPU-hours)")
            if v.little
            else _("faster restores after a failure (about {value} a run, {share}% of its GPU-hours)")
        )
        return text.format(value=money(v.value, e.currency), **fields)
    text = (
        _("faster restores after a failure (worth little: {gpu_hours} GPU-hours a run, {share}% of its GPU-hours)")
        if v.little
        else _("faster restores after a failure ({gpu_hours} GPU-hours a run, {share}% of its GPU-hours)")
    )
    return text.format(**fields)
