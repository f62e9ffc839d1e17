"""Beside the bandwidth, once: with no client sweep, the clients it was logged from, and what their network links
could carry against it (the finding clients_unswept; cold read 13b, Y: "whether it is the array's limit or the
clients' is not shown"; X: 16 trays × 400 Gb/s against LC-520's 45.1 GB/s, never drawn)."""

from __future__ import annotations

from report.document.blocks import Para
from report.formatting import count, num, p3, sig
from report.i18n import _, join_clauses, join_words, ngettext
from report.wording.base import Words
from report.wording.scaling import clients

#: Below this share of the clients' links, the links did not set the bandwidth; at or above CLOSE_PCT they may have.
FAR_PCT = 50.0
CLOSE_PCT = 80.0


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
    text = head + _links_words(w, found, sides)
    return [w.p(text, "bandwidth")]


def _links_words(w: Words, found, sides: list[str]) -> str:
    """ " The test record gives each of those nodes …: …, so the clients' network links were not the limit." where the
    record gives the links ("" otherwise); the conclusion only where the shares are far from the links or close."""
    total, share = found["links_gbps"], found["share_pct"]
    if total is None or share is None:
        return ""
    n, speed = found["links"]
    link = f"{count(n)} × {num(speed, 0) if speed == int(speed) else sig(speed)} Gb/s"
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
    ).format(link=link, total=sig(total), shares=shares)
    highest = max(share[key] for key in sides)
    if highest < FAR_PCT:
        return text + _(", so the clients' network links were not the limit.")
    if highest >= CLOSE_PCT:
        return text + _(", close enough that the clients' network links may have been the limit.")
    return text + _(".")
