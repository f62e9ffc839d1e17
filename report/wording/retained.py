"""The value table's capacity row: the checkpoints retained on the candidate, and where they are kept."""

from __future__ import annotations

from report.compute import Metrics
from report.compute.nodes import retained_per_node_gb
from report.formatting import count, gb, gb3
from report.i18n import _
from report.inputs.specs import EconomicsSpec
from report.wording.capacity import per_node


def retained_row(m: Metrics, spec: EconomicsSpec, default: bool, copies: int = 1) -> tuple[str, str, str]:
    """The value table's capacity row: the checkpoints retained on the candidate, where they are kept (each node's own
    drives for a side local to each node, cold read 14c, Q-m5: "to keep on the array" of BX-4, which has none), with
    the partner's mirror copies a node holds where the record keeps `copies` (2) of each part (cold read 18, X minor
    3), and whose count it is where the plan left it out (`default`)."""
    count_, size = spec.retained_checkpoints, m.save.baseline.snapshot_gb
    part, e = m.node_part("candidate"), m.economics
    assert e is not None, "the value table is built with [economics]"
    if part is not None:
        per_node_gb = retained_per_node_gb(m, count_, copies)
        assert per_node_gb is not None, "a node's part gives the checkpoints a node keeps"
        value = _("{size} a node").format(size=gb3(per_node_gb))
        where = (
            _(
                "{count} × {part} of its own and as many of its partner's mirror copies on each of the job's {nodes} "
                "nodes' own drives, {total} in all"
            )
            if copies > 1
            else _("{count} × {part} on each of the job's {nodes} nodes' own drives, {total} in all")
        ).format(count=count_, part=gb(part.job_gb), nodes=count(m.nodes), total=gb3(e.retained_gb * copies))
    elif per_node(m):
        value, where = gb3(e.retained_gb), _("{count} × {size} to keep on the node's own drives")
    else:
        value, where = gb3(e.retained_gb), _("{count} × {size} to keep on the array")
    where = where.format(count=count_, size=gb(size))
    if default:
        where += _("; the count is a reference value, not agreed with the customer")
    return _("Capacity for the checkpoints retained"), value, where
