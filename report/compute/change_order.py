"""Which of the conditions that would change the recommendation page 1 gives (docs/recommendation.md): at most
PAGE_ONE_CHANGES, by CHANGE_PRIORITY, the ones that would turn it first; the others go to the next steps of the gate
section, so that none is lost (cold tests 17, W: about 200 words of conditions ran the decision page onto page 3)."""

from __future__ import annotations

#: How many conditions page 1 names.
PAGE_ONE_CHANGES = 3

#: The conditions by the order page 1 names them, the ones that would turn the recommendation first: the figure it
#: turns on (a price, the cluster's share, the failure rate, the interval, the target, the candidate's save time),
#: then a measurement of this test's that could change a gate, then the job or cluster the case is made for. Within a
#: tier, and after them for a condition none lists, the rule's own order (compute/recommendation.py).
CHANGE_TIERS = (
    (
        "price_for_life",
        "cluster_share_less",
        "cluster_share_more",
        "failure_rate",
        "failure_rate_far",
        "shorter_interval",
        "agreed_target",
        "faster_candidate",
        "g4_save",
        "job_levers",
    ),
    (
        "outlier_log",
        "more_runs",
        "measured_saves",
        "durable_saves",
        "bytes_and_sync",
        "fio_output",
        "degraded_untested",
    ),
    (
        "fixed_interval",
        "stall_interval",
        "sync_only",
        "async_saves",
        "off_node_copy",
        "larger_job",
        "job_mix",
    ),
)


def tier(change: str) -> int:
    """A condition's tier in CHANGE_TIERS, from 0; after the last for one none lists."""
    return next((i for i, names in enumerate(CHANGE_TIERS) if change in names), len(CHANGE_TIERS))


def ranked(changes: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The conditions by tier, the rule's own order within one: page 1 names the first PAGE_ONE_CHANGES of them that
    have words for this test, the gate section's next steps the others."""
    return tuple(sorted(changes, key=tier))
