"""Node size and each node's share of a checkpoint (CONTRACT.md, schema 4, settled point 4): pure helpers."""

from __future__ import annotations

import re

from report.compute.figures import SIDES, Metrics
from report.inputs.joint_test import JointTest


def share(gpus: int, gpus_per_node: int) -> float:
    """share(g) = min(g, gpus_per_node) / g: the part of a checkpoint sharded evenly over a job's g GPUs that one node
    writes (1 for a job within one node)."""
    return min(gpus, gpus_per_node) / gpus


def nodes(gpus: int, gpus_per_node: int) -> int:
    """ceil(gpus / gpus_per_node): the nodes a job of `gpus` GPUs spans."""
    return -(-gpus // gpus_per_node)


def node_local_sides(test: JointTest) -> tuple[str, ...]:
    """The save sides ("baseline", "candidate", in that order) that [systems] node_local names."""
    systems = test.config.systems
    names = {"baseline": systems.save_baseline, "candidate": systems.candidate}
    return tuple(side for side in SIDES if names[side] in systems.node_local)


def aggregate_gbps(bandwidth_gbps: float, gpus: int, gpus_per_node: int) -> float:
    """B_X = bandwidth / share(g): the job's nodes writing together, each at the bandwidth measured on one node."""
    return bandwidth_gbps / share(gpus, gpus_per_node)


#: A clause of a load_times source naming the copy of a model onto a node's drives, one saying it was timed, and a
#: negation that says it was not ("the copy is not timed"; cold tests 14, Q)
_COPY = re.compile(r"\bcop(?:y|ies|ied|ying)\b|复制|拷贝", re.IGNORECASE)
_TIMED = re.compile(r"\btimed\b|\bincluded\b|计时|计入", re.IGNORECASE)
_NOT = re.compile(r"\b(?:not|never|no|untimed|without)\b|n't\b|未|不|没", re.IGNORECASE)


def copy_timed(source: str) -> bool:
    """Whether a load_times source says, in one clause, that the copy of the model onto a node's drives was timed."""
    clauses = re.split(r"[;:.()；：。（）]|,\s|，", source)
    return any(_COPY.search(c) and _TIMED.search(c) and not _NOT.search(c) for c in clauses)


def retained_per_node_gb(m: Metrics, retained: int, copies: int = 1) -> float | None:
    """What each of the job's nodes keeps of `retained` checkpoints on a candidate local to each node: its part of
    each (NodeShare.job_gb), times the `copies` of a part the record keeps, each on its own node (a partner's mirror
    copy: finding node_local, node_copies); None where the candidate is not local to each node or the job has one."""
    part = m.node_part("candidate")
    return None if part is None else retained * part.job_gb * copies
