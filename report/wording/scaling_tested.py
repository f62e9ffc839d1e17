"""The sustained-bandwidth test on the job's nodes beside the client sweep (scaling reading 14, m2 and m3): where the
sweep gives no ratio at the job's nodes the bandwidth test there does, and where one side was swept at that count the
ratio with its sweep mean in place of its test stands beside it, so neither figure is chosen for the claim alone."""

from __future__ import annotations

from report.compute.scaling_figures import TestedRatio
from report.formatting import sig, x3
from report.i18n import _
from report.wording.base import Words
from report.wording.scaling import clients, job_nodes


def tested_at(w: Words, k: int) -> TestedRatio | None:
    """The bandwidth test's ratios where its client count is logged as `k` nodes, else None."""
    s = w.m.scaling
    t = None if s is None else s.tested
    return t if t is not None and t.clients == k else None


def swept_words(w: Words, t: TestedRatio) -> str:
    """ " With OrangeFS's sweep mean there (22.0 GB/s) in place of its bandwidth test, the ratio is 4.64×." where one
    side was swept at the test's count; "" otherwise."""
    if t.swept is None or t.swept_gbps is None or t.swept_ratio is None:
        return ""
    text = _("With {system}'s sweep mean there ({mean} GB/s) in place of its bandwidth test, the ratio is {ratio}.")
    return " " + text.format(system=w.name(t.swept), mean=sig(t.swept_gbps), ratio=x3(t.swept_ratio))


def tested_at_job(w: Words, k: int) -> str:
    """The bandwidth tests' ratio where the sources record them on the job's `k` nodes, with the ratio on the sweep's
    mean of a side swept there beside it (scaling reading 11b, m1; scaling reading 14, m2, m3); "" otherwise."""
    m, t = w.m, tested_at(w, k)
    if t is None:
        return ""
    text = _("The bandwidth tests, on the job's {nodes}, give {ratio} ({c} against {b} GB/s).")
    return text.format(
        nodes=clients(k), ratio=x3(t.ratio), c=sig(m.bandwidth.candidate_gbps), b=sig(m.bandwidth.baseline_gbps)
    ) + swept_words(w, t)


def tested_short(w: Words) -> str:
    """Page 1's few words on the bandwidth tests at the job's nodes where the sweep gives no ratio there: " There the
    bandwidth tests give 4.97× (4.64× with OrangeFS's sweep mean)."; "" without them."""
    t = tested_at(w, job_nodes(w.m))
    if t is None:
        return ""
    if t.swept is None or t.swept_ratio is None:
        return " " + _("There the bandwidth tests give {ratio}.").format(ratio=x3(t.ratio))
    text = _("There the bandwidth tests give {ratio} ({swept} with {system}'s sweep mean in place of its test).")
    return " " + text.format(ratio=x3(t.ratio), swept=x3(t.swept_ratio), system=w.name(t.swept))
