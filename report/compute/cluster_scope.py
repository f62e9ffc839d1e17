"""What the cluster figures assume, decided once (cold reads 15, R-M2, S-M5; 15pq, P-M2, P-M3, Q-M1, Q-M3; Chinese
readings 15, R 5, S 6; 15pq, P-M4, Q-M2, Q-M3): every node of the cluster attached to the candidate, an attachment
neither measured nor priced; the same demand on the baseline against its own measured bandwidth (Q: 8 jobs would need
118 GB/s of HS-9, 4.17x what it showed, while the report said "0 at today's interval"); with asynchronous saves, every
job's write due by the next save, not within the measured save time (S: 21 x 1,484 GB / 588 s = 53 GB/s, not
1,921 GB/s); and what the payback sets the price against. Nothing here is written to metrics.json: the contract's
cluster keys keep their definitions, and these findings are the report's."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from report.compute.client_links import node_links, side_clients_logged, side_links
from report.compute.figures import SIDES, ClusterSide, Metrics
from report.compute.local_fall import local_fall
from report.compute.scaling_compare import far
from report.compute.scaling_figures import ScalingPoint, ScalingSide
from report.compute.scopes import SIDES_KIND, TEST_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: An [environment] line that speaks of the price ("economics", "price", "quote", 经济, 报价, 价格).
PRICE_LINE = re.compile(r"econom|price|quot|经济|报价|价格", re.IGNORECASE)


def demand_basis(side: ScalingSide) -> ScalingPoint:
    """The one figure the cluster's demand is set against wherever a side was swept (zh reading 18, Y minor 1: 615
    GB/s against 201, 209, 213 and 216 GB/s in four places): the most its sweep gave, the highest mean of its runs. It
    was measured with many client nodes writing at once, where the bandwidth test ran at one count by another method
    and the fitted maximum is the law's, not a run's."""
    return max(side.points, key=lambda p: p.mean_gbps)


def at_once(m: Metrics, c: ClusterSide, write_s: float) -> ClusterSide:
    """The demand `c` (a write of write_s seconds at its peak) as the checkpoint mode makes it when every job saves at
    once: sync, within the measured save time (the contract's peak); async, the write overlaps training and is due by
    the next save, so the bytes over the interval τ (reliability.interval_s)."""
    if m.checkpoint_mode != "async":
        return c
    sustained = c.peak_write_gbps / c.peak_to_sustained
    peak = c.peak_write_gbps * write_s / m.reliability.interval_s
    return ClusterSide(c.mean_write_gbps, c.mean_to_sustained, peak, peak / sustained)


def shared_demand(m: Metrics) -> dict[str, ClusterSide]:
    """Each shared side's whole-cluster demand, its all-at-once figure by the checkpoint mode (`at_once`)."""
    out = {}
    for side, c, s in zip(SIDES, m.cluster.sides(), m.save.sides(), strict=True):
        if c is not None:
            out[side] = at_once(m, c, s.mean_s)
    return out


def cluster_nodes(test: JointTest, m: Metrics) -> tuple[int, int]:
    """The cluster's nodes (cluster_gpus over the node size, rounded up) and the measured job's, the nodes the record
    shows writing the job's saves to the candidate (a count from the figures, the same in every language)."""
    per_node = test.config.gpus_per_node
    return -(-m.bubble.cluster_gpus // per_node), -(-m.save.candidate.gpus // per_node)


def cluster_demand(_test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The cluster's save demand on each shared side against that side's own measured bandwidth, said of both where
    both are shared; `over` names the sides whose average demand alone is above it (even perfectly staggered saves
    would need more than the test showed)."""
    demand = shared_demand(m)
    if not demand or m.cluster.jobs < 2:
        return
    sync = {side: c for side, c in zip(SIDES, m.cluster.sides(), strict=True) if c is not None}
    figures = {
        side: {
            "size_gb": getattr(m.save, side).snapshot_gb,
            "save_peak_gbps": sync[side].peak_write_gbps,  # the contract's peak, the write within the save time
            "system": getattr(m.save, side).system,
            "measured_gbps": getattr(m.bandwidth, f"{side}_gbps"),
            "mean_gbps": c.mean_write_gbps,
            "mean_ratio": c.mean_to_sustained,
            "at_once_gbps": c.peak_write_gbps,
            "at_once_ratio": c.peak_to_sustained,
            **_retuned(m, side),
        }
        for side, c in demand.items()
    }
    yield make_finding(
        "cluster_demand",
        SIDES_KIND,
        tuple(demand),
        SIDES,
        jobs=m.cluster.jobs,
        asynchronous=m.checkpoint_mode == "async",
        deadline_s=m.reliability.interval_s,
        sides=figures,
    )
    over = tuple(side for side, c in demand.items() if c.mean_to_sustained > 1)
    if over:
        yield make_finding("cluster_over_measured", SIDES_KIND, over, SIDES, sides={s: figures[s] for s in over})


def _retuned(m: Metrics, side: str) -> dict[str, float | bool]:
    """A side's demand with its interval re-tuned to its optimum (cold read 16, U-M5: "re-tune the baseline" with
    76 GB/s needed today against 13.8 GB/s, never checked at the re-tuned interval): jobs × size ÷ the optimal interval,
    its ratio to the side's measured bandwidth, and the seconds every job's write takes at once at that bandwidth,
    set against the interval (`retuned_drains`)."""
    one = getattr(m.save, side).snapshot_gb
    size = m.cluster.jobs * one
    interval = getattr(m.reliability, side).optimal_interval_s
    measured = getattr(m.bandwidth, f"{side}_gbps")
    return {
        # from how many such jobs the side re-tuned needs more than it gave on average (cold read 19, AA-M1: "makes no
        # case" for one job, beside "re-tuning alone does not carry" the cluster's 4)
        "retuned_short_from_jobs": math.floor(measured * interval / one) + 1,
        "retuned_interval_s": interval,
        "retuned_steps": getattr(m.reliability, side).optimal_interval_steps,
        "retuned_gbps": size / interval,
        "retuned_ratio": size / interval / measured,
        "retuned_at_once_s": size / measured,
        # the conclusions: the average within the bandwidth measured; every job's write at once done within the interval
        "retuned_carries": size / interval <= measured,
        "retuned_drains": size / measured <= interval,
    }


def cluster_attachment(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The cluster figures take every node of the cluster to be attached to the candidate (a shared candidate: a
    client and links to it on each; one local to each node: its own on each), where this test attached fewer; each
    node's links to the candidate as the record gives them, and their sum over the cluster's nodes. `priced`: the
    untested nodes' own candidate falls within the price, as test.toml's candidate_price is the candidate's sized for
    the whole cluster (CONTRACT.md, "A price beside the value"): a candidate local to each node with a price given
    (cold read 20, AC-M4: "96 more nodes, untested and unpriced" beside a quotation for 128 servers). A shared
    candidate's nodes add clients and links, which a storage price need not cover."""
    nodes, tested = cluster_nodes(test, m)
    if nodes <= tested or (m.bubble.gpu_equivalents == 0 and m.economics is None):
        return
    links = side_links(test).get("candidate") or node_links(test)
    local = m.node_local is not None and "candidate" in m.node_local.sides
    yield make_finding(
        "cluster_attachment",
        TEST_KIND,
        (),
        (),
        cluster_nodes=nodes,
        tested_nodes=tested,
        untested_nodes=nodes - tested,
        node_local=local,
        priced=local and test.config.economics is not None and test.config.economics.candidate_price is not None,
        links=None if local else links,
        cluster_links_gbps=None if local or links is None else nodes * links[0] * links[1] / 8,
    )


def price_scope(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """What the paybacks set the price against: the price as given, against this job's value (its runs a year) and the
    whole cluster's (cluster_gpus, its nodes); what the price covers (capacity, the nodes' clients and links, years of
    support) is the customer's to confirm, whether or not an [environment] line speaks of it."""
    spec = test.config.economics
    if spec is None or spec.candidate_price is None or m.economics is None:
        return
    nodes, tested = cluster_nodes(test, m)
    yield make_finding(
        "price_scope",
        TEST_KIND,
        (),
        (),
        price=spec.candidate_price,
        currency=spec.currency,
        cluster_gpus=m.bubble.cluster_gpus,
        cluster_nodes=nodes,
        tested_nodes=tested,
        job_gpus=m.save.candidate.gpus,
        node_local=m.node_local is not None and "candidate" in m.node_local.sides,
        stated=any(PRICE_LINE.search(f"{label} {text}") for label, text in test.config.environment),
    )


def cluster_beyond_bandwidth(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The cluster's demand on a shared candidate set against this test's bandwidth, where the cluster's nodes lie
    beyond the client nodes [sources] bandwidth records it measured from (else the job's): an extrapolation (scaling
    reading 16, M1: 96 nodes' demand called "within this test's bandwidth" of 16). With the candidate's client sweep,
    the most clients it ran and its mean there, and the fitted aggregate at the cluster's nodes where the fit tells."""
    shared = shared_demand(m).get("candidate")
    if shared is None or m.cluster.jobs < 2 or (m.node_local is not None and "candidate" in m.node_local.sides):
        return
    nodes, tested = cluster_nodes(test, m)
    counts = side_clients_logged(test, "candidate")
    measured = min(counts) if counts else tested
    if nodes <= measured:
        return
    side = None if m.scaling is None else m.scaling.candidate
    usl = None if side is None else side.usl
    fit = None
    if m.scaling is not None and usl is not None and usl.describes and not far(m.scaling, nodes):
        fit = usl.capacity(nodes)
    yield make_finding(
        "cluster_beyond_bandwidth",
        TEST_KIND,
        (),
        (),
        cluster_nodes=nodes,
        measured_clients=measured,
        swept_clients=None if side is None else side.points[-1].clients,
        swept_gbps=None if side is None else side.points[-1].mean_gbps,
        fit_gbps=fit,
    )


def cluster_local_at_once(_test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Every job of the cluster saving at once, beyond the sweep, where one side is local to each node and the other
    shared (cold read 17, V-M2; scaling reading 17): not unknown alike. The local side's save keeps the time one job
    takes, as each node writes its own drives however many jobs save; the shared side's bytes of every job take at
    least their size over the most its sweep gave (its peak mean), a bound, not a measured time. Where the local
    side's own sweep shows its rate a node falling (`local_fall`), one job's time holds only if the nodes write
    independently; `ratio_low` is the bound's ratio to the save at the sweep's most client nodes' rate a node."""
    s = m.scaling
    local = m.node_local.sides if m.node_local is not None else ()
    if s is None or len(local) != 1 or m.cluster.jobs < 2 or s.cluster_nodes <= s.max_clients:
        return
    shared = next(side for side in SIDES if side not in local)
    swept = s.side(shared)
    if swept is None or not swept.points:
        return
    best = max(swept.points, key=lambda p: p.mean_gbps)
    size_gb = m.cluster.jobs * getattr(m.save, shared).snapshot_gb
    local_s = getattr(m.save, local[0]).mean_s
    # the local side's own sweep, where its rate a node falls: one job's time is then an assumption (reading 19, Z-2)
    fall = local_fall(m, local[0])
    scaled_s = None if fall is None else fall.scaled_s
    yield make_finding(
        "cluster_local_at_once",
        SIDES_KIND,
        local,
        SIDES,
        jobs=m.cluster.jobs,
        cluster_nodes=s.cluster_nodes,
        local=local[0],
        shared=shared,
        local_save_s=local_s,
        shared_save_s=getattr(m.save, shared).mean_s,
        size_gb=size_gb,
        peak_gbps=best.mean_gbps,
        peak_clients=best.clients,
        top_gbps=swept.points[-1].mean_gbps,
        top_clients=swept.max_clients,
        levelled=levelled(swept),
        at_least_s=size_gb / best.mean_gbps,
        ratio=size_gb / best.mean_gbps / local_s,
        local_fall=fall,
        ratio_low=None if scaled_s is None else size_gb / best.mean_gbps / scaled_s,
    )


#: The most the top count's mean may gain on the count before it for a sweep to have levelled off (V: VM-12's
#: 255.49 GB/s at 12 client nodes, 255.65 at 16, 0.06%).
LEVEL_GAIN = 0.05


def levelled(side: ScalingSide) -> bool:
    """Whether a shared side's sweep levelled off within its counts, so that its peak mean bounds more clients: its
    fitted peak (a law that describes the points) within the counts run, or its top count's mean less than
    `LEVEL_GAIN` above the count's before it. A sweep still rising at its top count bounds nothing beyond it."""
    u = side.usl
    if u is not None and u.describes and u.peak_clients is not None and u.peak_clients <= side.max_clients:
        return True
    if len(side.points) < 2:
        return False
    before, top = side.points[-2].mean_gbps, side.points[-1].mean_gbps
    return top < before * (1 + LEVEL_GAIN)


CLUSTER_RULES = (cluster_demand, cluster_attachment, price_scope, cluster_beyond_bandwidth, cluster_local_at_once)
