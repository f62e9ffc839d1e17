"""How many hosts a side's bandwidth test wrote from, where the scaling figures take that test as one node's (field
test 8, major 2: two fio servers on loopback were one node in the bandwidth test and two client nodes in the sweep,
and page 1 quoted a ratio no measurement at one client gave)."""

from __future__ import annotations

from report.compute.figures import SIDES
from report.formatting import count, pct, sig
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.outrun import recorded_counts
from report.wording.scaling import clients, side_of


def bandwidth_hosts(w: Words, key: str) -> tuple[str, ...]:
    """The fio hosts side `key`'s imported bandwidth runs wrote from at once, where more than one; else ()."""
    imported = w.test.imported
    return imported.bandwidth_hosts.get(w.name(key), ()) if imported is not None else ()


def bandwidth_hosts_words(w: Words, key: str) -> str:
    """ " …" saying that a side's one-node figure is the aggregate of several hosts, with what its sweep gave with one
    client node where it has that point; "" where its bandwidth test wrote from one host (or is not imported)."""
    hosts = bandwidth_hosts(w, key)
    if not hosts:
        return ""
    b = w.m.bandwidth.side(key)
    text = _(
        "Its bandwidth test wrote from {n} fio hosts at once ({hosts}), the count this sweep calls {n} client nodes: "
        "its {bandwidth} GB/s is their aggregate, which these figures take as one node's."
    ).format(n=count(len(hosts)), hosts=join_words(list(hosts)), bandwidth=sig(b.sustained_gbps))
    s = side_of(w.m, key)
    one = next((p for p in s.points if p.clients == 1), None) if s is not None else None
    if one is not None:
        text += " " + _("Its sweep gave {one} GB/s with one client node.").format(one=sig(one.mean_gbps))
    return " " + text


def bandwidth_clients(w: Words) -> int | None:
    """The client nodes both bandwidth tests ran on, where [sources] bandwidth records one count and no other (scaling
    reading 11, M2: "8 jobs on each of the job's 12 nodes" was read as "each on its own client count"); None where it
    records none or several (each side's own, as folder R's "ZFS NFS from 12 clients, CX-10 from 16 clients")."""
    if w.m.scaling is not None:  # each side's count, decided with the sweep (cold tests 17, U-W4)
        found = {w.m.scaling.test_clients_of(key) for key in SIDES}
        return found.pop() if len(found) == 1 and None not in found else None
    counts = set(recorded_counts(w.config.sources.get("bandwidth", "")))
    return counts.pop() if len(counts) == 1 else None


def sustained_words(w: Words, key: str) -> str | None:
    """The sustained-bandwidth test set beside the sweep at the client count the data sources record for it: the
    sweep's mean there, its means at the counts run on either side, or that the count lies beyond the sweep; None where
    no one count is recorded or it lies below the sweep's counts (the caller then says it as before)."""
    s = side_of(w.m, key)
    k = w.m.scaling.test_clients_of(key) if w.m.scaling is not None else None
    if k is None or s is None:
        return None
    bandwidth = w.m.bandwidth.side(key).sustained_gbps
    values = {"n": clients(k), "bandwidth": sig(bandwidth)}
    if (there := next((p for p in s.points if p.clients == k), None)) is not None:
        change = (bandwidth - there.mean_gbps) / there.mean_gbps
        text = (
            _(
                "The sustained-bandwidth test, on the {n} the data sources record, gives {bandwidth} GB/s, {differ} "
                "below the sweep's mean of {mean} GB/s at that count: two tests by different runs; this section uses "
                "the sweep's."
            )
            if change < 0
            else _(
                "The sustained-bandwidth test, on the {n} the data sources record, gives {bandwidth} GB/s, {differ} "
                "above the sweep's mean of {mean} GB/s at that count: two tests by different runs; this section uses "
                "the sweep's."
            )
        )
        return text.format(differ=pct(100 * abs(change)), mean=sig(there.mean_gbps), **values)
    below = [p for p in s.points if p.clients < k]
    above = [p for p in s.points if p.clients > k]
    beyond = w.m.scaling.beyond if w.m.scaling is not None else ()
    if not above and any(b.side == key for b in beyond):
        # compared per client node beside the sweep's points (scaling reading 14, M2)
        text = _(
            "The sustained-bandwidth test, on the {n} the data sources record, gives {bandwidth} GB/s, beyond the "
            "{most} the sweep reached; it is set beside the sweep per client node above, and this section uses the "
            "sweep's."
        )
        return text.format(most=clients(s.max_clients), **values)
    if not above:
        text = _(
            "The sustained-bandwidth test, on the {n} the data sources record, gives {bandwidth} GB/s, beyond the "
            "{most} the sweep reached, so the two are not compared; this section uses the sweep's."
        )
        return text.format(most=clients(s.max_clients), **values)
    if not below:
        return None
    text = _(
        "The sustained-bandwidth test, on the {n} the data sources record, gives {bandwidth} GB/s; the sweep was not "
        "run at that count: its means at {below} and {above} client nodes are {a} and {b} GB/s."
    )
    a, b = below[-1], above[0]
    return text.format(below=count(a.clients), above=count(b.clients), a=sig(a.mean_gbps), b=sig(b.mean_gbps), **values)
