"""A side's sustained-bandwidth test beyond its sweep's largest client count, per client node against the sweep
(scaling reading 14, M2: MR-40 6.40 GB/s per node at 12 in the sweep against 4.26 at 24 in the bandwidth test, the
12 nodes added bringing about 2.1 GB/s each against 5.3–6.8 before, left unsaid)."""

from __future__ import annotations

from report.compute import Metrics
from report.formatting import count, sig
from report.i18n import _, ngettext


def beyond_words(m: Metrics, key: str) -> str:
    """ " ..." comparing side `key`'s bandwidth test with its sweep per client node, where the compute stage found the
    test beyond the sweep (`scaling.beyond`); "" otherwise."""
    found = next((b for b in m.scaling.beyond if b.side == key), None) if m.scaling is not None else None
    if found is None:
        return ""
    fields = {
        "n": ngettext("{n} client node", "{n} client nodes", found.clients).format(n=count(found.clients)),
        "gbps": sig(found.gbps),
        "per": sig(found.per_node_gbps),
        "last_per": sig(found.last_per_node_gbps),
        "last": ngettext("{n} client node", "{n} client nodes", found.last.clients).format(n=count(found.last.clients)),
        "added": sig(found.added_gbps),
        "added_n": count(found.clients - found.last.clients),
    }
    earlier = found.earlier_added_gbps
    if not found.falls:
        text = _(
            "Its sustained-bandwidth test, on the {n} the data sources record, gave {gbps} GB/s: {per} GB/s per "
            "client node, against {last_per} GB/s at {last} in the sweep, so the rate per client node does not fall "
            "beyond the sweep."
        )
    elif earlier and found.added_gbps > 0:  # an aggregate below the sweep's largest: no gain per node to set beside
        lo, hi = min(earlier), max(earlier)
        fields["earlier"] = sig(lo) if sig(lo) == sig(hi) else f"{sig(lo)}–{sig(hi)}"
        text = ngettext(
            "Its sustained-bandwidth test, on the {n} the data sources record, gave {gbps} GB/s: {per} GB/s per client "
            "node, against {last_per} GB/s at {last} in the sweep, which suggests, across two tests, that the rate per "
            "client node falls beyond the sweep; "
            "the {added_n} client node added beyond it brought about {added} GB/s, against {earlier} GB/s per client "
            "node added within it.",
            "Its sustained-bandwidth test, on the {n} the data sources record, gave {gbps} GB/s: {per} GB/s per client "
            "node, against {last_per} GB/s at {last} in the sweep, which suggests, across two tests, that the rate per "
            "client node falls beyond the sweep; "
            "the {added_n} client nodes added beyond it brought about {added} GB/s each, against {earlier} GB/s per "
            "client node added within it.",
            found.clients - found.last.clients,
        )
    else:
        text = _(
            "Its sustained-bandwidth test, on the {n} the data sources record, gave {gbps} GB/s: {per} GB/s per client "
            "node, against {last_per} GB/s at {last} in the sweep, which suggests, across two tests, that the rate per "
            "client node falls beyond the sweep."
        )
    caveat = _(
        "These are two different tests by different runs (the sweep was not run at {n}), so the comparison indicates "
        "the trend; no one test logged that curve."
    )
    out = " " + text.format(**fields) + " " + caveat.format(n=fields["n"])
    if found.falls:  # what it implies beyond the test, hedged as the trend is (scaling reading 15, m5)
        out += " " + _(
            "If the trend holds, its aggregate flattens towards the {n}, and beyond them this test has no figure for "
            "it."
        ).format(n=fields["n"])
    return out
