"""Which sides' projected save times lie beyond every node count this test measured them at: decided once here, with
the sides it holds for, so that the tables, the Q&A and the notes print "not measured" for the same cells (scaling
reading 15, M2: "89.7* 21.0* 68.7*" at 64 nodes, beyond both sweeps and the 24 nodes the saves were timed at, in a
report that calls what either system gives there unknown). metrics.json keeps the projected times (settled point 5);
only the customer pages change."""

from __future__ import annotations

from collections.abc import Iterator

from report.compute.figures import SIDES, Fit, Metrics, Projection
from report.compute.nodes import nodes
from report.compute.scaling_figures import Scaling, ScalingSide
from report.compute.scopes import SIDES_KIND, Finding, Findings, make_finding
from report.inputs.joint_test import JointTest

ID = "projection_unmeasured"


def measured_nodes(fit: Fit, swept: ScalingSide | None, gpus_per_node: int) -> int:
    """The most client nodes a side was measured writing with at once: its saves' nodes (`fit`'s GPU counts), or its
    sweep's largest count where that is larger."""
    timed = max(nodes(g, gpus_per_node) for g in fit.gpus)
    return max(timed, swept.max_clients) if swept is not None else timed


def beyond_sides(
    p: Projection, fits: dict[str, Fit], scaling: Scaling | None, local: tuple[str, ...], gpus_per_node: int
) -> tuple[str, ...]:
    """The shared sides whose every measured node count lies below projection `p`'s nodes. Only where the test swept
    client counts (scaling.csv): there the report states that beyond the sweep what a system gives is unknown, so a
    point time there has nothing under it. A side local to each node (`local`) is excluded: each node writes its part
    at the rate one node was measured at (settled point 5)."""
    if p.nodes is None or scaling is None:
        return ()
    return tuple(
        key
        for key in SIDES
        if key not in local and p.nodes > measured_nodes(fits[key], scaling.side(key), gpus_per_node)
    )


def projection_unmeasured(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Per projection with a side beyond what was measured (compute sets `ProjectionBasis.unmeasured`): the sides
    (scope), the projection's nodes and each side's largest measured node count. Its saving is then not measured."""
    per_node = test.config.gpus_per_node
    for p, b in zip(m.projections, m.projection_bases, strict=True):
        if b.unmeasured:
            swept = {key: m.scaling.side(key) if m.scaling is not None else None for key in b.unmeasured}
            yield make_finding(
                ID,
                SIDES_KIND,
                b.unmeasured,
                SIDES,
                name=p.name,
                nodes=p.nodes,
                most={key: measured_nodes(m.fits[key], swept[key], per_node) for key in b.unmeasured},
            )


def unmeasured(findings: Findings, p: Projection) -> tuple[str, ...]:
    """The sides whose projected time at `p` lies beyond what was measured (the finding's scope), () otherwise."""
    found = next((f for f in findings.each(ID) if f["name"] == p.name), None)
    return () if found is None else found.scope.items
