"""The cluster's demand on a candidate local to each node with asynchronous saves (report/wording/capacity.py;
scaling reading 20, AC-m2: "0.0848 GB/s all at once" was the rate that finishes each write before the next save).
Fixture node_local_candidate: BX-4 local to each node, async; the job's 5,572 GB on 256 GPUs, 32 nodes of 8, so a
node's part is 174.125 GB; a save every 60 steps of 6.2 s (372 s)."""

from __future__ import annotations

from pathlib import Path

from report.i18n import activate
from tests.sections.helpers import build, section, texts

FIXTURE = Path(__file__).parents[1] / "fixtures" / "node_local_candidate"


def test_an_asynchronous_nodes_part_is_due_before_the_next_save_not_all_at_once():
    # 174.125 GB ÷ 372 s = 0.468078 GB/s: due by the next save, not a rate of every node saving at once
    summary = " ".join(texts(section(build(FIXTURE)[0], "summary").blocks))
    assert "0.468 GB/s to finish each write before the next save on its own BX-4" in summary, summary
    assert "0.468 GB/s all at once" not in summary
    economics = " ".join(texts(section(build(FIXTURE)[0], "economics").blocks))
    assert "0.468 GB/s to finish each write before the next save, within this test's bandwidth" in economics
    assert "0.468 GB/s if they all save at once" not in economics
    with activate("zh-CN"):
        zh = " ".join(texts(section(build(FIXTURE)[0], "summary").blocks))
    assert "要在下次保存前写完每次写入需要 0.468 GB/s" in zh and "同时保存需要 0.468" not in zh, zh
