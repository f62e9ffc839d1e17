"""The job sizes a recommendation holds for, where a larger timed workload reverses it (cold read 16, T-B1/T-M4/T-B2/
T-M7): the candidate faster on the training job and slower on another workload timed on more nodes. Its aggregate
rate there (checkpoint size / mean save time) against its rate on the training job and its measured bandwidth shows
whether it wrote to a shared ceiling, while a node-local baseline's rate per node held; where it did, the training
job's node count at which the baseline's saves would match the candidate's is estimated on the baseline's per-node
line (the candidate held at the best aggregate rate it showed). Pure functions; the words are in
report/wording/job_size.py, the rule in docs/recommendation.md."""

from __future__ import annotations

import math
from collections.abc import Iterator

from report.compute.figures import Metrics
from report.compute.nodes import node_local_sides, nodes
from report.compute.scopes import MODELS_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: The candidate's aggregate rate grew by at most this factor while the job's nodes grew by at least CEILING_NODES
#: times: a shared ceiling, not a rate that grows with the clients.
CEILING_GROWTH = 1.5
CEILING_NODES = 2.0
#: A node-local side whose rate per node on the larger job is at least this share of its rate on the training job:
#: its aggregate rate grew with its nodes.
PER_NODE_HELD = 0.75


def reversing(m: Metrics) -> list:
    """The other workloads timed on both systems on more GPUs than the training job and slower on the candidate, while
    the candidate's saves of the training model are the faster."""
    if m.save.speedup <= 1:
        return []
    return [o for o in m.other_saves if o.gpus > m.save.baseline.gpus and o.ratio < 1]


def crossover_nodes(per_node_gbps: float, ceiling_gbps: float) -> int:
    """The least node count n at which a node-local side writing `per_node_gbps` on each node beats a shared side held
    at `ceiling_gbps`: size / (n × r) < size / C, so n > C / r; the first whole node above it."""
    return math.floor(ceiling_gbps / per_node_gbps) + 1


def projections_agree(m: Metrics, up_to_nodes: int | None, per_node: int) -> dict[str, str]:
    """Each projection at a GPU count whose faster side its two times and the node count the sign turns at agree on
    (cold read 16, T-B2: 12.5 s against 14.7 s at 256 GPUs, "not estimable", the baseline ahead beyond 13 nodes): its
    name and the faster side ("baseline" beyond `up_to_nodes`, "candidate" up to it)."""
    if up_to_nodes is None:
        return {}
    out = {}
    for p in m.projections:
        if p.gpus is None or p.baseline_s == p.candidate_s:
            continue
        by_times = "baseline" if p.baseline_s < p.candidate_s else "candidate"
        by_nodes = "baseline" if nodes(p.gpus, per_node) > up_to_nodes else "candidate"
        if by_times == by_nodes:
            out[p.name] = by_times
    return out


def job_size_scope(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """`job_size_scope`: the recommendation holds for jobs like the training job; where the candidate wrote to a
    shared ceiling and the baseline is node-local, up to the node count below `crossover_nodes`."""
    larger = reversing(m)
    if not larger:
        return
    o = max(larger, key=lambda w: w.gpus)
    per_node = test.config.gpus_per_node
    n_train, n_large = nodes(m.save.baseline.gpus, per_node), nodes(o.gpus, per_node)
    c_train = m.save.candidate.effective_gbps
    c_large = o.snapshot_gb / o.candidate_mean_s
    b_train = m.save.baseline.effective_gbps / n_train
    b_large = o.snapshot_gb / o.baseline_mean_s / n_large
    bandwidth = m.bandwidth.candidate_gbps
    ceiling = (
        node_local_sides(test) == ("baseline",)
        and n_large >= CEILING_NODES * n_train
        and c_large <= CEILING_GROWTH * max(c_train, bandwidth)
        and b_large >= PER_NODE_HELD * b_train
    )
    best = max(c_train, c_large)
    up_to = crossover_nodes(b_train, best) - 1 if ceiling else None
    yield make_finding(
        "job_size_scope",
        MODELS_KIND,
        [o.model],
        [o.model for o in m.other_saves],
        model=o.model,
        gpus=o.gpus,
        train_gpus=m.save.baseline.gpus,
        train_nodes=n_train,
        large_nodes=n_large,
        candidate_train_gbps=c_train,
        candidate_large_gbps=c_large,
        candidate_bandwidth_gbps=bandwidth,
        baseline_train_per_node_gbps=b_train,
        baseline_large_per_node_gbps=b_large,
        ceiling=ceiling,
        best_gbps=best,
        # the last node count at which the candidate's saves of the training model stay the faster; None without a
        # ceiling (then the recommendation holds for jobs like the training job, no size computed)
        up_to_nodes=up_to,
        projections_agree=projections_agree(m, up_to, per_node),
        per_node=per_node,
        # the other workload's step time and interval are not in the test: a mix's net effect has no sign
        net_sign_unknown=True,
    )


JOB_SIZE_RULES = (job_size_scope,)
