"""--client as the operator writes it: fio's `host,port`, HOST:PORT, [IPv6]:PORT; each server once, whatever its
spelling (127.2 is 127.0.0.2). The fio servers' names as fio is given them, for measure and anything sweeping hosts."""

from __future__ import annotations

import re

from report.measure import plan
from report.measure.probe import refuse_usage
from report.problems import escaped

_HOST = re.compile(r"^[A-Za-z0-9._-]+$")
_IPV6 = re.compile(r"^[0-9A-Fa-f:.]+$")
_CLIENT_FORM = "give HOST or HOST,PORT (fio's spelling; HOST:PORT and [IPv6]:PORT are taken too), port 8765 if none"


def _split_client(text: str) -> tuple[str, str, bool] | None:
    """A --client as host, port text and whether the host is IPv6; None where it is none of the forms taken:
    fio's `host,port`, `host:port`, `[v6]:port` or `[v6],port`, a bare host or `[v6]`, fio's own `ip6:v6,port`."""
    text = text.strip()
    v6 = text.startswith("ip6:")
    if text.startswith(("ip:", "ip6:")):
        text = text.partition(":")[2]
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or (rest and rest[0] not in ",:"):
            return None
        return host, rest[1:], True
    if v6:
        host, _, port = text.rpartition(",") if "," in text else (text, "", "")
        return host, port, True
    if "," in text:
        host, _, port = text.partition(",")
        return host, port, False
    if text.count(":") == 1:
        host, _, port = text.partition(":")
        return host, port, False
    return text, "", False


def _port(text: str) -> int | None:
    """A port: decimal digits of any script (０８７６５, ٨٧٦٥ are 8765), never ² or other digit-like signs."""
    text = text or str(plan.DEFAULT_PORT)
    if not text.isdecimal():
        return None
    port = int(text)
    return port if 0 < port < 65536 else None


def _same_server(host: str, port: int) -> tuple[str, int]:
    """What identifies a server: the address its name resolves to (127.2 is 127.0.0.2), else the name as given."""
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return host.lower(), port
    # an IPv4 or IPv6 address is a string (typeshed's sockaddr also holds other families' integers)
    addresses = sorted({a for info in found if isinstance(a := info[4][0], str)})
    return (addresses[0] if addresses else host.lower()), port


def clients(texts: list[str]) -> tuple[str, ...]:
    """--client HOST[,PORT] as fio spells it, `host,port` (`ip6:host,port` for IPv6), each server once: a server
    named twice, under one spelling or two (127.0.0.2 and 127.2, a name and its address), is refused."""
    out: list[str] = []
    seen: dict[tuple[str, int], str] = {}
    for text in texts:
        split = _split_client(text)
        port = _port(split[1]) if split is not None else None
        host, v6 = (split[0], split[2]) if split is not None else ("", False)
        valid = bool(host) and (_IPV6.match(host) if v6 else _HOST.match(host)) is not None
        if split is None or port is None or not valid:
            raise refuse_usage(f"--client {escaped(repr(text))}: {_CLIENT_FORM}")
        name = f"ip6:{host},{port}" if v6 else f"{host},{port}"
        key = _same_server(host, port)
        if key in seen:
            first = seen[key]
            also = "" if first == name else f" ({first} and {name} are one server: {key[0]} port {key[1]})"
            raise refuse_usage(f"--client {escaped(text)}: named twice{also}; give each server once")
        seen[key] = name
        out.append(name)
    return tuple(out)


def gpus_warning(gpus: int | None, hosts: tuple[str, ...], one_machine: bool, gpus_per_node: int) -> tuple[str, ...]:
    """Where --gpus does not match the hosts saving at once (field test 7, m17: --gpus 2 on 2 hosts made a job of one
    node): the report takes the training job's nodes from the save rows' gpus (÷ gpus_per_node), and a save from
    several hosts stands for a job of one node per host. Servers at loopback addresses are one machine."""
    if gpus is None or not hosts:
        return ()
    nodes = -(-gpus // gpus_per_node)
    machines = 1 if one_machine else len(hosts)
    if nodes == machines:
        return ()
    saving = f"one machine (its {len(hosts)} fio servers at loopback addresses)" if one_machine else f"{machines} hosts"
    return (
        f"--gpus {gpus} is a training job of {nodes} node{'s' if nodes > 1 else ''} of {gpus_per_node} GPUs"
        f" (test.toml's gpus_per_node), but the saves run from {saving}: the report takes the job's nodes from --gpus,"
        " and a save"
        f" from several hosts stands for one node per host; give --gpus {machines * gpus_per_node} (hosts × GPUs per"
        f" node), or save from {nodes} host{'s' if nodes > 1 else ''}",
    )


def node_local_sustain(request, node_local: tuple[str, ...]) -> tuple[str, ...]:
    """A sustained write from several hosts on a system local to each node (field test 8, major 2): the report takes a
    node-local system's bandwidth test as one node's, and the same hosts are that many client nodes in a sweep."""
    hosts = len(request.clients)
    if "sustain" not in request.phases or hosts < 2 or request.system not in node_local:
        return ()
    return (
        f"{request.system} is storage local to each node (test.toml's node_local), so the report takes its sustained"
        f" write as one node's bandwidth, but this session writes it from {hosts} hosts at once: their aggregate,"
        f" which a client sweep counts as {hosts} client nodes; for one node's, measure --phases sustain with one"
        " --client",
    )
