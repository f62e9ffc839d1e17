"""The client nodes a shared system's bandwidth was logged from, and their network links as the test record gives
them: with no client sweep, whether the links could have set the figure (cold read 13b, Y: HW-7's 11.8 GB/s from 6
nodes of 2 × 100 Gb/s, "the array's limit or the clients'" not shown; X: 16 trays × 400 Gb/s, about 800 GB/s, against
LC-520's 45.1 GB/s, the link never drawn)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from report.compute.figures import SIDES, Metrics
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: A count of the machines a bandwidth run wrote from, as [sources] bandwidth records it, with up to two words between
#: ("the 6 training nodes", "16 compute trays", "6 个训练节点", "16 个计算托盘"); "8 jobs on each of …" is no count.
CLIENT_COUNT = re.compile(
    r"(\d+)\s+(?:[A-Za-z][\w-]*\s+){0,2}?(?:client\s+)?(?:nodes|hosts|clients|servers|trays|machines)\b"
    r"|(\d+)\s*(?:个|台)\s*[^\s\d，,；;：:（()）]{0,6}?(?:节点|主机|客户端|托盘|服务器)",
    re.IGNORECASE,
)
#: A link speed per client node: "2 x 100 Gb/s", "1 × 400 Gb/s", "200 Gb/s", "2 x 100 GbE".
LINK = re.compile(r"(?:(\d+)\s*[x×]\s*)?(\d+(?:\.\d+)?)\s*(?:Gb(?:it)?/s|Gbps|GbE)\b", re.IGNORECASE)
#: An [environment] line about the client (training) nodes: its label or text names them, its label no storage.
CLIENT_LINE = re.compile(
    r"nodes?\b|hosts?\b|clients?\b|servers?\b|trays?\b|节点|主机|客户端|托盘|服务器", re.IGNORECASE
)
NOT_CLIENTS = re.compile(r"storage|candidate|baseline|load|inference|serving|存储|基线|被测|加载|推理", re.IGNORECASE)
#: Words that make a link speed each node's ("… each", "per tray", "每托盘", "各").
PER_NODE = re.compile(r"\beach\b|\bper\s+(?:node|tray|host|server|client)\b|每\s*个?\s*(?:托盘|台|节点|服务器|主机)|各")


def clients_logged(test: JointTest) -> int | None:
    """The client nodes the bandwidth runs wrote from, where [sources] bandwidth records one count and no other."""
    counts = {int(a or b) for a, b in CLIENT_COUNT.findall(test.config.sources.get("bandwidth", ""))}
    return counts.pop() if len(counts) == 1 else None


def node_links(test: JointTest) -> tuple[int, float] | None:
    """Each client node's links (how many, Gb/s each), where one [environment] line about the client nodes gives one
    link figure per node; None otherwise."""
    found = set()
    for label, text in test.config.environment:
        if NOT_CLIENTS.search(label) or not CLIENT_LINE.search(f"{label} {text}") or not PER_NODE.search(text):
            continue
        found |= {(int(n or 1), float(speed)) for n, speed in LINK.findall(text)}
    return found.pop() if len(found) == 1 else None


def clients_unswept(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Without scaling.csv, the shared save sides' bandwidth was logged at one client count: whether a figure is the
    storage's limit or the clients' is not shown. Where the record gives the count and each node's links, their sum
    (GB/s) and each shared side's bandwidth as a share of it."""
    if m.scaling is not None:
        return
    local = set(m.node_local.sides) if m.node_local is not None else set()
    shared = [side for side in SIDES if side not in local]
    if not shared:
        return
    k, links = clients_logged(test), node_links(test)
    total = k * links[0] * links[1] / 8 if k is not None and links is not None else None
    share = {side: 100 * m.bandwidth.side(side).sustained_gbps / total for side in shared} if total else None
    yield make_finding(
        "clients_unswept",
        SIDES_KIND,
        shared,
        SIDES,
        clients=k,  # None where the record gives no one count
        links=links,  # (links per node, Gb/s each), None where the record gives none
        links_gbps=total,  # k × links × Gb/s ÷ 8: the clients' links together, GB/s
        share_pct=share,  # each shared side's sustained bandwidth, % of links_gbps
    )
