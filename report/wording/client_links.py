"""Beside the bandwidth, once: with no client sweep, the clients it was logged from, and what their network links
could carry against it (the finding clients_unswept; cold read 13b, Y: "whether it is the array's limit or the
clients' is not shown"; X: 16 trays × 400 Gb/s against LC-520's 45.1 GB/s, never drawn)."""

from __future__ import annotations

from report.document.blocks import Para
from report.document.spoken import said
from report.formatting import count, num, p3, sig, x3
from report.i18n import _, join_clauses, join_words, ngettext
from report.wording.base import Words
from report.wording.job_size import timed_at_scale
from report.wording.scaling import clients, nodes_words


def clients_note(w: Words) -> list[Para]:
    """The paragraph, or [] where a client sweep was run or every save side is local to each node."""
    found = w.findings.get("clients_unswept")
    if found is None:
        return []
    sides = list(found.scope.items)
    names = join_words([w.name(key) for key in sides])
    k = found["clients"]
    if k is not None:
        head = ngettext(
            "The bandwidth of {systems} was logged from {clients} and at no other client count: without a client "
            "sweep, whether it is the storage's limit or the clients' is not shown.",
            "The bandwidth of {systems} was logged from {clients} and at no other client count: without a client "
            "sweep, whether each figure is the storage's limit or the clients' is not shown.",
            len(sides),
        ).format(systems=names, clients=clients(k))
    else:
        head = ngettext(
            "The bandwidth of {systems} was logged at one client count and at no other: without a client sweep, "
            "whether it is the storage's limit or the clients' is not shown.",
            "The bandwidth of {systems} was logged at one client count and at no other: without a client sweep, "
            "whether each figure is the storage's limit or the clients' is not shown.",
            len(sides),
        ).format(systems=names)
    text = head + _links_words(w, found, sides) + timed_at_scale(w)
    return [w.p(text, "bandwidth")]


def _link(n: int, speed: float) -> str:
    """ "2 × 25 Gb/s": one client node's links."""
    return f"{count(n)} × {num(speed, 0) if speed == int(speed) else sig(speed)} Gb/s"


def _links_words(w: Words, found, sides: list[str]) -> str:
    """ " The test record gives each of those nodes …: …, so the clients' network links were not the limit." where the
    record gives the links ("" otherwise), each system's own where they differ; the conclusion only where the shares
    are far from the links or close (compute/client_links.py `limit`)."""
    total, share, links = found["links_gbps"], found["share_pct"], found["links"]
    if total is None or share is None or links is None:
        return ""
    if len({links[key] for key in sides}) == 1:
        shares = join_clauses(
            [
                _("{system}'s {bandwidth} GB/s is {share} of that").format(
                    system=w.name(key), bandwidth=sig(w.m.bandwidth.side(key).sustained_gbps), share=p3(share[key])
                )
                for key in sides
            ]
        )
        text = " " + _(
            "The test record gives each of those nodes {link} of network links, {total} GB/s together: {shares}"
        ).format(link=_link(*links[sides[0]]), total=sig(total[sides[0]]), shares=shares)
    else:
        each = _("; ").join(
            [
                _("{link} to {system}, {total} GB/s together, of which its {bandwidth} GB/s is {share}").format(
                    link=_link(*links[key]),
                    system=w.name(key),
                    total=sig(total[key]),
                    bandwidth=sig(w.m.bandwidth.side(key).sustained_gbps),
                    share=p3(share[key]),
                )
                for key in sides
            ]
        )
        text = " " + _("The test record gives each of those nodes {links}").format(links=each)
    if found["limit"] == "storage":
        return text + _(", so the clients' network links were not the limit.")
    if found["limit"] == "links":
        return text + _(", close enough that the clients' network links may have been the limit.")
    return text + _(".")


def links_note(w: Words) -> list[Para]:
    """Each shared system's saves per node against its links per client node (the finding saves_against_links): the
    links to each where they differ, every save row's rate a node, and what the links then limit; [] without it."""
    found = w.findings.get("saves_against_links")
    if found is None:
        return []
    links, node_gbps = found["links"], found["node_gbps"]
    out = []
    fields = {
        "baseline": w.name("baseline"),
        "candidate": w.name("candidate"),
        "baseline_gbps": sig(node_gbps.get("baseline")),
        "candidate_gbps": sig(node_gbps.get("candidate")),
        "ratio": x3(found["links_ratio"]),
    }
    unswept = w.findings.get("clients_unswept")
    if found["links_ratio"] is not None and unswept is not None and unswept["links_gbps"] is not None:
        # the links themselves are said just above, beside the bandwidth: their difference, once
        out.append(
            _(
                "A client node's links to the two systems thus differ {ratio}: {baseline_gbps} GB/s to {baseline}, "
                "{candidate_gbps} GB/s to {candidate}."
            ).format(**fields)
        )
    elif found["links_ratio"] is not None:
        out.append(
            _(
                "The client nodes reach the two systems over different links: {baseline_link} a node to {baseline} "
                "({baseline_gbps} GB/s) and {candidate_link} to {candidate} ({candidate_gbps} GB/s), {ratio} as much."
            ).format(baseline_link=_link(*links["baseline"]), candidate_link=_link(*links["candidate"]), **fields)
        )
    sides = [side for side in links if any(row[0] == side for row in found["rows"])]
    for key in sides:
        clauses = _("; ").join(_row_words(row) for row in found["rows"] if row[0] == key)
        text = _("Per node, {system}'s saves ran at {rows}.") if key == sides[0] else _("{system}'s ran at {rows}.")
        out.append(text.format(system=w.name(key), rows=clauses))
    limits = {row[5] for row in found["rows"]}
    if "storage" in limits:
        out.append(_("Far below its links, a save is not limited by them but by the storage and its access path."))
    if found["ratios"]:
        ratios = join_words(
            [_("{ratio} for “{model}”").format(ratio=x3(r), model=k) for k, r in found["ratios"].items()]
        )
        out.append(
            _(
                "Where the links may limit the saves, their ratio measures the storage and its access path, the links "
                "included, together: {ratios}."
            ).format(ratios=ratios)
        )
    return [w.p(said(found, " ".join(out)), "save_times")]


def _row_words(row) -> str:
    """One save row's rate a node against its links, and what that says of them."""
    _side, model, nodes, per_node, share, limit = row
    fields = {"rate": sig(per_node), "nodes": nodes_words(nodes), "model": model, "share": p3(share)}
    if limit == "links":
        return _("{rate} GB/s from {nodes} (“{model}”), {share} of its links, which may limit them").format(**fields)
    if limit == "storage":
        return _("{rate} GB/s from {nodes} (“{model}”), {share} of its links, far below them").format(**fields)
    return _("{rate} GB/s from {nodes} (“{model}”), {share} of its links").format(**fields)
