"""The value table's capacity row (report/wording/retained.py): the checkpoints a node keeps on a candidate local to
each node, with its partner's mirror copies where the record keeps them (cold read 18, X minor 3: 147 GB a node, the
partner's copy left out; 294 GB is what a node holds)."""

from __future__ import annotations

from report import i18n
from report.document.blocks import Table
from tests.sections.helpers import build, section
from tests.sections.test_reading14c_body import _local_candidate as local_candidate


def _local_candidate(tmp_path, line: str):
    """examples/async-70b with Mingxin FX100 local to each node (the job's 64 GPUs on 8 nodes) and `line` of record."""
    folder = local_candidate(tmp_path)
    toml = folder / "test.toml"
    toml.write_text(
        toml.read_text().replace("\n[environment]\n", f'\n[environment]\n"data protection" = "{line}"\n', 1)
    )
    return folder


def _row(ctx) -> tuple[str, ...]:
    table = next(b for b in section(ctx, "economics").blocks if isinstance(b, Table))
    return next(r for r in table.rows if r[0] in ("Capacity for the checkpoints retained", "保留检查点所需容量"))


def test_a_node_holds_its_partner_s_mirror_copies_too(tmp_path):
    """980 GB on 8 nodes is 122.5 GB a node; 3 retained (the default) is 367.5 GB of its own and 367.5 GB of its
    partner's copies: 735 GB a node, 2 × 2,940 = 5,880 GB in all."""
    ctx, _m = build(_local_candidate(tmp_path, "Mingxin FX100 mirrors each node's writes to a partner node"))
    assert _row(ctx)[1:] == (
        "735 GB a node",
        "3 × 122.5 GB of its own and as many of its partner's mirror copies on each of the job's 8 nodes' own drives, "
        "5,880 GB in all; the count is a reference value, not agreed with the customer",
    )
    with i18n.activate("zh-CN"):
        ctx, _m = build(_local_candidate(tmp_path / "zh", "Mingxin FX100 mirrors each node's writes to a partner node"))
    assert "另有伙伴节点同样份数的镜像副本，合计 5,880 GB" in _row(ctx)[2]


def test_a_mirror_within_the_node_is_no_partner_copy(tmp_path):
    """RAID-1 within the node keeps no copy on another node: 3 × 122.5 = 367.5 GB a node (368 GB), 2,940 GB in all."""
    ctx, _m = build(_local_candidate(tmp_path, "Mingxin FX100: md RAID-1 within each node"))
    assert _row(ctx)[1] == "368 GB a node"
    assert "partner" not in _row(ctx)[2] and "2,940 GB in all" in _row(ctx)[2]
