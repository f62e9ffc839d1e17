"""Saves faster than the bandwidth this test logged: whose, and what could explain it, said of the side it holds for
(cold read 10, Q-M3: BeeGFS's saves at 1.007× of its log, within the spread of its runs, were said of both systems,
voided the candidate's cluster figures although its saves reached 80.6% of its own, and were given "fewer clients"
as a cause while the bandwidth run used the job's 16 nodes)."""

from __future__ import annotations

import math
import re

from report.compute.mirror_audit import mirrored_sides
from report.formatting import p3, x3
from report.i18n import _, join_words
from report.wording.base import Words

#: "16 nodes", "12 client nodes", "8 hosts", "16 个节点", "12 个客户端节点", "4 台主机": a count of the machines a
#: bandwidth run wrote from, as [sources] bandwidth records it.
_CLIENTS = re.compile(
    r"(\d+)\s*(?:client\s+)?(?:nodes|hosts|clients)\b|(\d+)\s*(?:个|台)\s*(?:客户端)?\s*(?:节点|主机|客户端)",
    re.IGNORECASE,
)


def share_of(w: Words, key: str) -> float:
    """The share (%) of its logged bandwidth a side's training saves reach: one node's part against one node where the
    side is local to each node (twice it where the node takes in its partner's synchronous mirror too), else the whole
    job's."""
    m = w.m
    part = m.node_part(key)
    side = m.audit.baseline if key == "baseline" else m.audit.candidate
    if part is None:
        return side.effective_share_pct
    return part.job_share_pct * (2 if key in mirrored_sides(w.test, m) else 1)


def outrun_sides(w: Words) -> tuple[str, ...]:
    """The sides ("baseline", "candidate") whose saves ran faster than the bandwidth this test logged for them."""
    return tuple(key for key in ("baseline", "candidate") if share_of(w, key) > 100)


def recorded_counts(text: str) -> list[int]:
    """Every count of machines [sources] bandwidth records, in order ("8 jobs on each of the job's 12 nodes": [12])."""
    return [int(a or b) for a, b in _CLIENTS.findall(text)]


def recorded_clients(text: str) -> int | None:
    """The fewest machines [sources] bandwidth says the bandwidth run wrote from ("8 jobs on each of 16 nodes": 16);
    None where it names no count. The fewest, so a cause is dropped only where every count recorded rules it out."""
    counts = recorded_counts(text)
    return min(counts) if counts else None


def _fewer_clients_ruled_out(w: Words, key: str) -> bool:
    """Whether the record shows the bandwidth run wrote from at least as many nodes as the side's saves: "fewer
    clients" is then no cause. A side local to each node is judged one node against one node: never ruled out."""
    if w.m.node_part(key) is not None:
        return False
    found = recorded_clients(w.config.sources.get("bandwidth", ""))
    save = w.m.save.baseline if key == "baseline" else w.m.save.candidate
    return found is not None and found >= math.ceil(save.gpus / w.config.gpus_per_node)


def within_spread(w: Words, key: str) -> bool:
    """Whether the side's saves outrun its log by no more than the spread of its bandwidth runs (the audit's finding
    rows_at_bandwidth, not rows_outrun)."""
    found = w.findings.get("rows_outrun")
    return found is None or all(row.side != key for row in found["rows"])


def outrun_causes(w: Words, keys: tuple[str, ...]) -> str:
    """What could make `keys`' saves outrun their logs, without a cause the recorded set-up rules out."""
    causes = [
        _("the saves may not have been durable when timed"),
        _("the checkpoint size may be overstated"),
        _("the log may be of another system"),
    ]
    if not all(_fewer_clients_ruled_out(w, key) for key in keys):
        causes.insert(0, _("the bandwidth run may have driven the system with fewer clients than the saves"))
    said = causes[0]
    for cause in causes[1:-1]:  # clauses, not a list of nouns: "，" between them in Chinese, not "、"
        said = _("{first}, {then}").format(first=said, then=cause)
    return _(", or ").join([said, causes[-1]])


def outrun_warning(w: Words) -> str:
    """The summary's warning, said of the sides it holds for, with their shares, whether within the spread of their
    bandwidth runs, and, where one side holds, that its figures stand; "" where no side's saves outrun its log."""
    keys = outrun_sides(w)
    if not keys:
        return ""
    names = join_words([w.name(key) for key in keys])
    ratios = join_words([x3(share_of(w, key) / 100) for key in keys])
    text = (
        _(
            "The saves on {systems} run faster than the bandwidth this test logged for them ({ratios} of it, within "
            "the spread of the bandwidth runs; see “{section}”): {causes}. No figure set against that bandwidth "
            "holds until this is resolved."
        )
        if all(within_spread(w, key) for key in keys)
        else _(
            "The saves on {systems} run faster than the bandwidth this test logged for them ({ratios} of it; see "
            "“{section}”): {causes}. No figure set against that bandwidth holds until this is resolved."
        )
    ).format(systems=names, ratios=ratios, section=_("Consistency audit"), causes=outrun_causes(w, keys))
    others = [side for side in w.sides if side.key not in keys]
    for side in others:
        text += " " + _(
            "The saves on {system} reach {share} of the bandwidth logged for it: this does not apply to it, and the "
            "figures set against its bandwidth stand."
        ).format(system=w.name(side.key), share=p3(share_of(w, side.key)))
    return text


def reconcile_step(w: Words) -> str:
    """The next step where saves outrun their log, for the systems they do: log the bandwidth with as many clients as
    the saves used, unless the record shows it did; "" where no side's saves outrun its log."""
    keys = outrun_sides(w)
    if not keys:
        return ""
    systems = join_words([w.name(key) for key in keys])
    if all(_fewer_clients_ruled_out(w, key) for key in keys):
        return _(
            "Reconcile the bandwidth log of {systems} with its saves, which run faster than it: the record gives the "
            "bandwidth run as many client nodes as the saves, so check that the saves were durable when timed and "
            "that the checkpoint size is right."
        ).format(systems=systems)
    return _(
        "Reconcile the bandwidth log of {systems} with its saves, which run faster than it: log the bandwidth with as "
        "many clients as the saves used, and check that the saves were durable when timed and that the checkpoint "
        "size is right."
    ).format(systems=systems)
