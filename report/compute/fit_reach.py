"""Whether a node-local side's fitted law may be carried past its client sweep (scaling reading 18, X-1; zh reading
18, X-M4): decided once here, with the sides it holds for, so that the scaling section, Table 13 and its notes say the
same. For storage local to each node the sweep's aggregate is all the bytes over the slowest node's time: a fitted
peak there is the slowest node's effect, not contention on a shared array. Where the test's own save on the job's
nodes moved more than the fit gives there, or the refits to one run per client count leave κ's sign open, the fit's
peak and falling side are not shown by the runs, so nothing is projected from it beyond the sweep. metrics.json keeps
the fitted figures (settled point 7); only the customer pages change."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from report.compute.figures import SIDES, Metrics
from report.compute.scaling_checks import param_spread
from report.compute.scopes import SIDES_KIND, Finding, Findings, make_finding
from report.inputs.joint_test import JointTest

ID = "fit_unprojected"


@dataclass(frozen=True)
class Unprojected:
    """Why one side's fit is not carried past its sweep."""

    nodes: int  #: the training job's nodes
    saved: float  #: the save's aggregate there: checkpoint ÷ mean save time (GB/s)
    fitted: float | None  #: the fit's C(nodes), None where the law gives none
    above: bool  #: the save lies above the fit there, the job's nodes beyond the sweep
    kappa: tuple[float, float] | None  #: κ's least and greatest over the refits where the least is zero or below


def _reasons(m: Metrics, key: str) -> Unprojected | None:
    """Side `key`'s figures where its fit is not carried past the sweep, else None: the job's nodes, the save's
    aggregate there (checkpoint ÷ mean save time), the fit's there, whether the save lies above it, and κ's range over
    the refits where it reaches zero or below."""
    sc = m.scaling
    if sc is None or key not in sc.node_local:
        return None
    s = sc.side(key)
    if s is None or s.usl is None or not s.usl.describes or s.usl.peak_clients is None:
        return None
    nodes, saved = sc.job_nodes, m.save.side(key).effective_gbps
    fitted = s.usl.capacity(nodes)
    above = nodes > s.max_clients and fitted is not None and saved > fitted
    spread = param_spread(s)
    kappa = (spread.kappa_low, spread.kappa_high) if spread is not None and spread.kappa_low <= 0 else None
    if not above and kappa is None:
        return None
    return Unprojected(nodes, saved, fitted, above, kappa)


def fit_unprojected(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The node-local sides whose fit the job's save contradicts or whose κ the refits leave open (scope), with each
    side's figures (`_reasons`)."""
    del test
    found = {key: r for key in SIDES if (r := _reasons(m, key)) is not None}
    if found:
        yield make_finding(ID, SIDES_KIND, tuple(found), SIDES, each=found)


def unprojected(findings: Findings) -> tuple[str, ...]:
    """The sides whose fit is not carried past the sweep (the finding's scope), () otherwise."""
    found = next(iter(findings.each(ID)), None)
    return () if found is None else found.scope.items


def reasons(findings: Findings, key: str) -> Unprojected | None:
    """Side `key`'s figures from the finding, None where it does not hold for the side."""
    found = next(iter(findings.each(ID)), None)
    return None if found is None or key not in found.scope.items else found["each"][key]


RULES = (fit_unprojected,)
