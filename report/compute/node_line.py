"""Where a side local to each node is projected along a line through few node parts, outside them (scaling reading 20,
AC-m4: QC-L2's 5.90 s at 64 nodes from a line through two node parts, 28.7 GB on 4 nodes and 31.8 GB on 32, used at
15.9 GB, 12.8 GB below the smallest). The line's slope then carries the change in node count between its rows as well
as the part's size, and a line through two points gives no error of its own: the projected time rests on those points
alone. Figures for the findings only, none in metrics.json."""

from __future__ import annotations

from collections.abc import Iterator

from report.compute.figures import SIDES, Metrics
from report.compute.nodes import nodes
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

ID = "node_line_outside"


def node_line_outside(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """One finding per projection and side local to each node whose least-squares line over a node's part is used at
    a part outside the parts its rows give: the distinct parts (their count, the smallest and largest), the node counts
    of those rows, the projection's part and how far outside it lies."""
    per_node = test.config.gpus_per_node
    for p, basis in zip(m.projections, m.projection_bases, strict=True):
        for side in SIDES:
            fit = m.node_fits.get(side)
            if fit is None or fit.method != "least_squares":
                continue
            parts = sorted(set(fit.sizes_gb))
            at = basis.size_gb[side]
            low, high = parts[0], parts[-1]
            if low <= at <= high:
                continue
            yield make_finding(
                ID,
                SIDES_KIND,
                (side,),
                SIDES,
                projection=p.name,
                system=getattr(m.save, side).system,
                points=len(parts),
                low_gb=low,
                high_gb=high,
                at_gb=at,
                time_s=getattr(p, f"{side}_s"),
                outside_gb=low - at if at < low else at - high,
                nodes=tuple(sorted({nodes(g, per_node) for g in fit.gpus})),
            )


RULES = (node_line_outside,)
