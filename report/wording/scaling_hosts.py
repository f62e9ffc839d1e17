"""How many hosts a side's bandwidth test wrote from, where the scaling figures take that test as one node's (field
test 8, major 2: two fio servers on loopback were one node in the bandwidth test and two client nodes in the sweep,
and page 1 quoted a ratio no measurement at one client gave)."""

from __future__ import annotations

from report.formatting import count, sig
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.scaling import side_of


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
