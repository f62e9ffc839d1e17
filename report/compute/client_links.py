"""The client nodes a shared system's bandwidth was logged from, and their network links as the test record gives
them: with no client sweep, whether the links could have set the figure (cold read 13b, Y: HW-7's 11.8 GB/s from 6
nodes of 2 × 100 Gb/s, "the array's limit or the clients'" not shown; X: 16 trays × 400 Gb/s, about 800 GB/s, against
LC-520's 45.1 GB/s, the link never drawn)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from report.compute.figures import SIDES, Metrics
from report.compute.scopes import ROWS_KIND, SIDES_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: A count of the machines a bandwidth run wrote from, as [sources] bandwidth records it, with up to two words between
#: ("the 6 training nodes", "16 compute trays", "6 个训练节点", "16 个计算托盘"); "8 jobs on each of …" is no count.
CLIENT_COUNT = re.compile(
    r"(\d+)\s+(?:[A-Za-z][\w-]*\s+){0,2}?(?:client\s+)?(?:nodes|hosts|clients|servers|trays|machines)\b"
    r"|(\d+)\s*(?:个|台)\s*[^\s\d，,；;：:（()）]{0,6}?(?:节点|主机|客户端|托盘|服务器)",
    re.IGNORECASE,
)
#: A link speed per client node: "2 x 100 Gb/s", "1 × 400 Gb/s", "200 Gb/s", "2 x 100 GbE", "2 个 200 Gb/s" (cold tests
#: 17, U-V9: the zh record's "2 个 200 Gb/s" read as one link gave 14,400 GB/s where en's "2 x 200" gave 28,800).
LINK = re.compile(r"(?:(\d+)\s*(?:[x×]|个|条|路|根)\s*)?(\d+(?:\.\d+)?)\s*(?:Gb(?:it)?/s|Gbps|GbE)\b", re.IGNORECASE)
#: An [environment] line about the client (training) nodes: its label or text names them, its label no storage.
CLIENT_LINE = re.compile(
    r"nodes?\b|hosts?\b|clients?\b|servers?\b|trays?\b|节点|主机|客户端|托盘|服务器", re.IGNORECASE
)
NOT_CLIENTS = re.compile(r"storage|candidate|baseline|load|inference|serving|存储|基线|被测|加载|推理", re.IGNORECASE)
#: Words that make a link speed each node's ("… each", "per tray", "每托盘", "各").
PER_NODE = re.compile(r"\beach\b|\bper\s+(?:node|tray|host|server|client)\b|每\s*个?\s*(?:托盘|台|节点|服务器|主机)|各")
#: A link figure's way to one system ("2 x 25 GbE to GlusterFS", "2 × 25 GbE 接入 GlusterFS"), read after the figure.
TO_SYSTEM = re.compile(r"\b(?:to|for|into)\b|接入|连接|连到|连至|通往", re.IGNORECASE)
#: A bracketed aside, left out where a side's links are read.
ASIDE = re.compile(r"[(（][^()（）]*[)）]")
#: Where a clause ends: a link figure and its system are read within one ("…to LF-760 and 2 x 25 GbE to GlusterFS").
CLAUSE = re.compile(r"[;；,，、]|\band\b|以及")
#: At or above this share (%) of the links they may have set a rate; below FAR_PCT they did not (cold read 14c, P-M4:
#: GlusterFS's 2-node saves at 50.4% of 2 × 25 GbE, its 32-node saves at 6.26%).
NEAR_PCT = 50.0
FAR_PCT = 20.0


def side_clients_logged(test: JointTest, side: str) -> list[int]:
    """The client counts [sources] bandwidth records for one side: those of the clauses (between semicolons, asides
    left out) that name it, else every count it records (cold tests 17, U-V9: zh's "在 1 个托盘上测" for the
    node-local baseline was taken as the candidate's count, "1 个客户端节点", where it ran from 8; en's "one tray" has
    no digit)."""
    return [int(a or b) for clause in side_clauses(test, side) for a, b in CLIENT_COUNT.findall(clause)]


def side_clauses(test: JointTest, side: str) -> list[str]:
    """The clauses of [sources] bandwidth (between semicolons, asides left out) that name side `side`, else the whole
    line as one."""
    text = ASIDE.sub("", test.config.sources.get("bandwidth", ""))
    systems = test.config.systems
    system = systems.candidate if side == "candidate" else systems.save_baseline
    names = [n for n in systems.names(system) if n]
    return [c for c in re.split(r"[;；]", text) if any(n in c for n in names)] or [text]


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


def side_links(test: JointTest) -> dict[str, tuple[int, float]]:
    """Each save side's links from one client node, where an [environment] line about the client nodes' links gives a
    figure followed by the way to that system ("2 x 25 GbE to GlusterFS", "2 × 200 Gb/s … 接入 LF-760"), one figure
    a side; a side the record gives none or two for is left out."""
    systems = test.config.systems
    names = {
        "baseline": {systems.save_baseline, systems.short_name(systems.save_baseline)},
        "candidate": {systems.candidate, systems.short_name(systems.candidate)},
    }
    found: dict[str, set[tuple[int, float]]] = {side: set() for side in SIDES}
    for label, text in test.config.environment:
        if NOT_CLIENTS.search(label) or not CLIENT_LINE.search(f"{label} {text}") or not PER_NODE.search(text):
            continue
        # a bracket's figures are an aside, most often the storage's own ("to AX-6 (6 x 2 x 400 Gb/s on the storage
        # side)", cold read 15, R-M2)
        for clause in CLAUSE.split(ASIDE.sub("", text)):
            links = list(LINK.finditer(clause))
            # "12 x 2 x 100 GbE" counts a storage's own nodes, not one client's links
            if len(links) != 1 or re.search(r"\d\s*[x×]\s*$", clause[: links[0].start()]):
                continue
            way = TO_SYSTEM.search(clause, links[0].end())
            rest = clause[way.end() :].lower() if way else ""
            named = [side for side in SIDES if any(name.lower() in rest for name in names[side])]
            if len(named) == 1:
                n, speed = links[0].group(1, 2)
                found[named[0]].add((int(n or 1), float(speed)))
    return {side: links.pop() for side, links in found.items() if len(links) == 1}


def limit(share_pct: float) -> str | None:
    """What a rate at `share_pct` of its links says of them: "links" (they may have set it), "storage" (far below
    them: not the links), None in between (neither shown)."""
    return "links" if share_pct >= NEAR_PCT else "storage" if share_pct < FAR_PCT else None


def _shared(m: Metrics) -> list[str]:
    local = set(m.node_local.sides) if m.node_local is not None else set()
    return [side for side in SIDES if side not in local]


def _links(test: JointTest, m: Metrics) -> dict[str, tuple[int, float]]:
    """The shared save sides' links per client node: each side's own where the record gives them, else the one figure
    it gives every client node."""
    shared, own = _shared(m), side_links(test)
    if own:
        return {side: own[side] for side in shared if side in own}
    common = node_links(test)
    return {side: common for side in shared} if common is not None else {}


def clients_unswept(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Without scaling.csv, the shared save sides' bandwidth was logged at one client count: whether a figure is the
    storage's limit or the clients' is not shown. Where the record gives the count and each node's links, their sum
    (GB/s) per side and each shared side's bandwidth as a share of its own."""
    if m.scaling is not None:
        return
    shared = _shared(m)
    if not shared:
        return
    k, links = clients_logged(test), _links(test, m)
    whole = k is not None and set(links) == set(shared)
    total = {side: k * links[side][0] * links[side][1] / 8 for side in shared} if whole and k else None
    share = {side: 100 * m.bandwidth.side(side).sustained_gbps / total[side] for side in shared} if total else None
    yield make_finding(
        "clients_unswept",
        SIDES_KIND,
        shared,
        SIDES,
        clients=k,  # None where the record gives no one count
        links=links if whole else None,  # each side's (links per node, Gb/s each), None where the record gives none
        links_gbps=total,  # k × links × Gb/s ÷ 8 per side: the clients' links together, GB/s
        share_pct=share,  # each shared side's sustained bandwidth, % of its links_gbps
        limit=limit(max(share.values())) if share else None,  # what the highest share says of the links
    )


def saves_against_links(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Each shared side's saves per node against that side's links per client node, where the record gives them and
    they differ between the systems or a save comes near them (cold read 14c, P-M4: 2 × 25 GbE to GlusterFS against
    2 × 200 Gb/s to LF-760, never said; GlusterFS's 2-node saves at 50.4% of its links, its 32-node saves at 6.26%).
    Items: the rows the links may limit; their models' ratios then measure the links too."""
    links = _links(test, m)
    if not links:
        return
    node_gbps = {side: n * speed / 8 for side, (n, speed) in links.items()}
    rows = []
    for row in (r for r in m.audit.rows if r.side in links):
        per_node = row.gbps / row.nodes
        share_pct = 100 * per_node / node_gbps[row.side]
        rows.append((row.side, row.model, row.nodes, per_node, share_pct, limit(share_pct)))
    near = [f"{side} / {model}" for side, model, *_, said in rows if said == "links"]
    differ = len(set(links.values())) > 1
    if not near and not differ:
        return
    models = tuple(dict.fromkeys(row.split(" / ", 1)[1] for row in near))
    ratio = {o.model: o.ratio for o in m.other_saves} | {m.save.baseline.model: m.save.speedup}
    yield make_finding(
        "saves_against_links",
        ROWS_KIND,
        near,
        [f"{side} / {model}" for side, model, *_ in rows],
        links=links,  # each side's (links per client node, Gb/s each)
        node_gbps=node_gbps,  # each side's links per client node, GB/s
        # candidate ÷ baseline links per node, None with one side's links or the same on both
        links_ratio=node_gbps["candidate"] / node_gbps["baseline"] if differ and len(links) == 2 else None,
        rows=tuple(rows),  # (side, model, nodes, GB/s a node, % of its links, limit) per audit row, in its order
        ratios={model: ratio[model] for model in models if model in ratio},  # the ratios the links may enter
    )


#: The rules of this module, in the order the report states their findings (compute/findings.py RULES).
LINK_RULES = (clients_unswept, saves_against_links)


#: One machine named in words ("measured on one tray", "a single node", "在单个托盘上测", "一台服务器").
ONE_CLIENT = re.compile(
    r"\b(?:one|a\s+single)\s+(?:[A-Za-z][\w-]*\s+){0,2}?(?:node|host|client|server|tray|machine)\b"
    r"|(?:单|一)\s*(?:个|台)?\s*[^\s\d，,；;：:（()）]{0,6}?(?:节点|主机|客户端|托盘|服务器)",
    re.IGNORECASE,
)
#: The training job's own machines, with no count ("from all of the job's servers at once", "作业的全部服务器").
JOB_CLIENTS = re.compile(
    r"\bjob'?s\s+(?:[A-Za-z][\w-]*\s+){0,2}?(?:nodes|hosts|clients|servers|trays|machines)\b"
    r"|作业的\s*(?:全部|所有)?\s*[^\s\d，,；;：:（()）]{0,6}?(?:节点|主机|客户端|托盘|服务器)",
    re.IGNORECASE,
)


def bandwidth_test_clients(test: JointTest, side: str, job_nodes: int) -> int | None:
    """The client nodes side `side`'s sustained-bandwidth test wrote from, as [sources] bandwidth records it (cold
    tests 17, U-V6, U-W4: "VM-12 from the training job's 8 trays at once" compared with the sweep's one-client mean):
    the one count the clauses naming the side give; with no digit, one machine named in words ("on one tray") is 1
    and the training job's machines ("from the job's servers") are the job's `job_nodes`; None where the record gives
    none or several."""
    counts = set(side_clients_logged(test, side))
    if counts:
        return counts.pop() if len(counts) == 1 else None
    clauses = side_clauses(test, side)
    ones = any(ONE_CLIENT.search(c) for c in clauses)
    jobs = any(JOB_CLIENTS.search(c) for c in clauses)
    if ones == jobs:
        return None
    return 1 if ones else job_nodes
