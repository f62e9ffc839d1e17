"""A node-local side's own risk, sized: the copy off the node its checkpoints need, and what checkpoints that survive a
node are worth at most (the finding `node_local`; report/wording/said.py words it)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from report.compute.figures import SIDES, Metrics
from report.compute.record_clauses import clauses_naming
from report.compute.scopes import SIDES_KIND, Finding, make_finding
from report.compute.service_life import life_years
from report.inputs.joint_test import JointTest


def node_local(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The node-local save sides: their checkpoints go with a failed node; a copy kept off the node was not timed. The
    cheap alternative such a copy is (cold read 6, node-local case, M2), sized: every training-model checkpoint,
    copied in the background before the next save, needs snapshot_gb ÷ (interval_s + pause_s) per job on average, the
    wall time from one save to the next (cold read 9, J-M2: not the 42 s of compute alone); one copy per optimal
    interval needs snapshot_gb ÷ optimal_interval_s. Where one side alone is local to each node, what checkpoints that
    survive a node are worth at most (J-M3): were every failure a node lost and the job restarted from its start, a
    run of wall time D on a job MTBF M loses `restart_rework_s` × gpus GPU-seconds."""
    if m.node_local is None or not m.node_local.sides:
        return
    side = m.node_local.sides[0]
    # a copy the record keeps on another node ("mirrored to a partner node"): one lost node loses nothing, so no
    # restart from the start bounds it (cold test 18, X: "a failed node takes it along" of a partner-mirrored tier)
    partner = len(m.node_local.sides) == 1 and kept_on_another_node(test, _name(test, side))
    r, s = m.reliability, (m.save.baseline if side == "baseline" else m.save.candidate)
    cycle, optimum = r.interval_s + s.pause_s, (r.baseline if side == "baseline" else r.candidate).optimal_interval_s
    wall = m.bubble.baseline_duration_s if side == "baseline" else m.bubble.candidate_duration_s
    rework = restart_rework_s(wall, r.job_mtbf_s)
    lost_gpu_hours = rework * r.gpus / 3600 if len(m.node_local.sides) == 1 and not partner else None
    e = test.config.economics
    per_year = lost_gpu_hours * e.gpu_hour_price * e.runs_per_year if e and lost_gpu_hours is not None else None
    price = m.economics.candidate_price if m.economics is not None else None
    # the same bound at the scope of the cluster value beside it (cold read 13b, X-M1: 961 GBP a year for the job beside
    # 8,800 GBP for the whole cluster): every GPU of the cluster busy with such jobs all year, each losing the rework's
    # share of its run, cluster_gpus × 8760 × rework ÷ D GPU-hours a year
    cluster = (
        m.bubble.cluster_gpus * 8760 * rework / wall * e.gpu_hour_price
        if e and lost_gpu_hours is not None and wall > 0
        else None
    )
    yield make_finding(
        "node_local",
        SIDES_KIND,
        m.node_local.sides,
        SIDES,
        nodes=m.nodes,
        snapshot_gb=s.snapshot_gb,
        cycle_s=cycle,
        copy_gbps=s.snapshot_gb / cycle if cycle > 0 else None,
        optimum_s=optimum,
        optimum_copy_gbps=s.snapshot_gb / optimum if optimum > 0 and optimum > cycle else None,
        failures_per_run=wall / r.job_mtbf_s,
        partner=partner,  #: the record keeps each node's part on another node too
        # each node's drives hold its own part and, where the record mirrors, its partner's copy (cold read 18, X minor
        # 3: 147 GB a node, the partner's mirror copy left out)
        node_copies=2 if partner else 1,
        wall_side=side,  #: whose wall time the failures a run count
        lost_gpu_hours_per_run=lost_gpu_hours,
        loss_bound_per_year=per_year,
        runs_per_year=e.runs_per_year if e else None,
        currency=e.currency if e else None,
        price=price,
        # the price recovered by checkpoints that survive a node: only where the candidate's do and the baseline's do
        # not (cold tests 14, Q: a node-local candidate's own risk was set against its price as if it were its benefit)
        payback_floor_years=price / per_year if price and per_year and side == "baseline" else None,
        cluster_gpus=m.bubble.cluster_gpus,
        cluster_loss_bound_per_year=cluster,
        # the value of the time saved the bound is set against on the decision page, at the same two scopes: the job's
        # at today's interval, the cluster's with each system at its optimal interval (cold read 14c, Q-M4)
        job_value_per_year=m.economics.value_per_year if m.economics is not None else None,
        cluster_value_per_year=m.economics.optimum_cluster_value_per_year if m.economics is not None else None,
        copy_target=_copy_target(m, s.snapshot_gb / cycle if cycle > 0 else None, optimum, cycle),
        break_even=_break_even(test, m, wall) if side == "baseline" and cluster is not None else None,
    )


def _break_even(test: JointTest, m: Metrics, wall: float) -> dict | None:
    """Where the baseline alone is local to each node and a price is given: the share of failures that lose a node (its
    checkpoint part with it, no copy off the node, the job restarting from its start) at which the whole cluster's
    value pays for the candidate within the service life (cold read 17, V-M1: page 1's money assumed a failed node's
    part recoverable and never said what share would turn it); `break_even_share` gives the rule."""
    e, r, money = test.config.economics, m.reliability, m.economics
    if e is None or money is None or not e.candidate_price or wall <= 0 or r.job_mtbf_s <= 0:
        return None
    life = life_years(test.config)
    needed = e.candidate_price / life - money.optimum_cluster_value_per_year
    every = cluster_node_loss(1.0, m.bubble.cluster_gpus, wall, r.job_mtbf_s, e.gpu_hour_price)
    share = break_even_share(needed, m.bubble.cluster_gpus, wall, r.job_mtbf_s, e.gpu_hour_price)
    return {"share": share, "needed_per_year": needed, "life": life, "every_per_year": every}


def cluster_node_loss(p: float, gpus: int, wall_s: float, mtbf_s: float, hour_price: float) -> float:
    """What a share p of failures losing a node costs a year on a cluster of `gpus` running such jobs all year: those
    failures come at one per M ÷ p, each run loses `restart_rework_s`(D, M ÷ p), and the cluster runs gpus × 8760 ÷ D
    GPU-run-hours a year, at the GPU-hour price."""
    return gpus * 8760 * restart_rework_s(wall_s, mtbf_s / p) / wall_s * hour_price


def break_even_share(needed: float, gpus: int, wall_s: float, mtbf_s: float, hour_price: float) -> float | None:
    """The share p of failures that lose a node with `cluster_node_loss`(p) = `needed` (the price ÷ the life less the
    cluster's value at the optima), bisected, as the loss rises with p: 0 where nothing is needed, None where even
    p = 1 falls short."""
    if needed <= 0:
        return 0.0
    if cluster_node_loss(1.0, gpus, wall_s, mtbf_s, hour_price) < needed:
        return None
    return _bisect(lambda p: cluster_node_loss(p, gpus, wall_s, mtbf_s, hour_price) - needed)


def _bisect(rising, low: float = 0.0, high: float = 1.0) -> float:
    """The root in (low, high] of a function rising from below zero at `low` to zero or above at `high`, to 1e-9."""
    while high - low > 1e-9:
        mid = (low + high) / 2
        low, high = (mid, high) if rising(mid) < 0 else (low, mid)
    return high


def restart_rework_s(wall_s: float, mtbf_s: float) -> float:
    """The expected time lost by a run of `wall_s` of work that restarts from its start at every failure, failures
    coming at random at one per `mtbf_s`: M (e^(D/M) − 1) − D (the expected time to finish D without a failure, less
    D). The first-order D² ÷ (2 M) is below it, so "at most" beside it was no bound (cold read 15pq, Q-M2: 98,200 s
    a run against 123,400 s)."""
    if mtbf_s <= 0:
        return 0.0
    return mtbf_s * math.expm1(wall_s / mtbf_s) - wall_s


def _copy_target(m: Metrics, copy_gbps: float | None, optimum: float, cycle: float) -> dict | None:
    """Where a node-local candidate's copy off the node would go, a shared baseline whose bandwidth this test logged
    (the storage the customer already has), and what the cluster's jobs would ask of it: `jobs` × the per-job copy
    rate, at today's interval and once per optimal interval, over the baseline's logged bandwidth (cold read 14c, Q-M4;
    Chinese reading 14c, Q-M2: 14.8 GB/s a job, about 118 GB/s for 8 jobs, 4.2× HS-9's 28.3 GB/s). None for a node-local
    baseline, whose copy would go to storage this test did not measure, or without a measured bandwidth log."""
    if m.node_local is None or m.node_local.sides != ("candidate",) or copy_gbps is None:
        return None
    if "bandwidth" in m.inputs_illustrative:
        return None
    measured, jobs = m.bandwidth.baseline_gbps, m.cluster.jobs
    optimum_gbps = m.save.candidate.snapshot_gb / optimum if optimum > cycle else None
    return {
        "measured_gbps": measured,
        "jobs": jobs,
        "cluster_gbps": jobs * copy_gbps,
        "cluster_ratio": jobs * copy_gbps / measured,
        "cluster_optimum_gbps": jobs * optimum_gbps if optimum_gbps is not None else None,
        "cluster_optimum_ratio": jobs * optimum_gbps / measured if optimum_gbps is not None else None,
    }


#: A copy of a node's part kept on another node, as a record says it ("mirrored to a partner node", "each node's part on
#: two nodes", "镜像到伙伴节点"), in whatever the record calls its nodes (servers, hosts, trays: cold test 20, AC's
#: "同步写往伙伴服务器", "双节点同步镜像"); a mirror within a node (RAID-1, "two mirrored pairs") is not one.
_HOST = r"(?:node|server|host|tray)s?"
_HOST_ZH = r"(?:节点|服务器|主机|计算托盘)"
ANOTHER_NODE = re.compile(
    rf"\bpartner {_HOST}\b|\bpartner in another\b|\banother {_HOST}\b|\b(?:on|across) two {_HOST}\b"
    rf"|\bsecond {_HOST}\b|\btwo-(?:node|server|host) (?:synchronous )?mirror"
    rf"|伙伴{_HOST_ZH}|另一(?:个|台)?{_HOST_ZH}|两(?:个|台){_HOST_ZH}|双(?:节点|服务器|机)(?:同步)?镜像",
    re.IGNORECASE,
)


def _name(test: JointTest, side: str) -> str:
    systems = test.config.systems
    return systems.save_baseline if side == "baseline" else systems.candidate


def kept_on_another_node(test: JointTest, system: str) -> bool:
    """Whether the record keeps `system`'s checkpoint parts on another node too: its names, or a clause of an
    [environment] line or of the save times' note that names it (record_clauses), say so (ANOTHER_NODE)."""
    systems = test.config.systems
    names = {"own": systems.names(system)}
    if ANOTHER_NODE.search(f"{system} {systems.short_name(system)}"):
        return True
    texts = [*test.config.environment, ("", test.config.sources.get("save_times", ""))]
    return any(ANOTHER_NODE.search(c) for label, text in texts for c in clauses_naming(text, names, "own", label))
