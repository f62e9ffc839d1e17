"""The sustained-bandwidth test on the job's nodes beside the client sweep (scaling reading 14, m2): where the sweep
gives no ratio at the job's nodes the bandwidth test there does, the two tests' own ratio only (scaling reading 15,
M1: a side's sweep mean in place of its test mixed two methods)."""

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


def tested_at_job(w: Words, k: int) -> str:
    """The bandwidth tests' ratio where the sources record them on the job's `k` nodes (scaling reading 11b, m1;
    scaling reading 14, m2); "" otherwise."""
    m, t = w.m, tested_at(w, k)
    if t is None:
        return ""
    text = _("The bandwidth tests, on the job's {nodes}, give {ratio} ({c} against {b} GB/s).")
    return text.format(
        nodes=clients(k), ratio=x3(t.ratio), c=sig(m.bandwidth.candidate_gbps), b=sig(m.bandwidth.baseline_gbps)
    )


def tested_short(w: Words) -> str:
    """Page 1's few words on the bandwidth tests at the job's nodes where the sweep gives no ratio there: " There the
    bandwidth tests give 4.97×."; "" without them."""
    t = tested_at(w, job_nodes(w.m))
    if t is None:
        return ""
    return " " + _("There the bandwidth tests give {ratio}.").format(ratio=x3(t.ratio))
