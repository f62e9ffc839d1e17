"""How the systems scale with client nodes, in words: what was measured, what the fitted law says and where it does
not describe the points, and the white paper's scaling claim answered at the customer's job size (CONTRACT.md, "How
the candidate scales with clients"; the section is report/sections/scaling.py, the chart report/charts/)."""

from __future__ import annotations

import ipaddress
import json
import re

from report.compute import SIDES, Metrics, Projection, ScalingSide
from report.compute.fio_record import fio_words
from report.document.blocks import Para
from report.formatting import count, gb, p3, pct, sig
from report.i18n import _, join_words, ngettext
from report.wording.base import Words
from report.wording.decisions import BANDWIDTH_BOUND_SHARE_PCT
from report.wording.environment import missing
from report.wording.job_size import timed_at_scale
from report.wording.outrun import recorded_counts
from report.wording.scaling_beyond import beyond_words


def job_nodes(m: Metrics) -> int:
    """The training job's nodes: where `scaling.at_job` is taken."""
    return m.nodes


def node_local(m: Metrics, key: str) -> bool:
    """Whether side `key`'s system is storage local to each node."""
    return m.node_local is not None and key in m.node_local.sides


def projection_nodes(p: Projection) -> int | None:
    """A projection's nodes (None without its GPUs)."""
    return p.nodes


def side_of(m: Metrics, key: str) -> ScalingSide | None:
    """Side `key`'s scaling figures (None without scaling.csv or without that side's rows)."""
    return None if m.scaling is None else m.scaling.side(key)


def fitted(m: Metrics, key: str) -> bool:
    """Whether side `key` has a fitted law."""
    return fitted_side(m, key) is not None


def fitted_side(m: Metrics, key: str) -> ScalingSide | None:
    """Side `key`'s scaling figures where it has a fitted law, else None."""
    s = side_of(m, key)
    return s if s is not None and s.usl is not None else None


def clients(n: int) -> str:
    """ "1 client node", "4 client nodes"."""
    return ngettext("{n} client node", "{n} client nodes", n).format(n=count(n))


def counts_words(s: ScalingSide) -> str:
    """The client counts measured with their noun: "1 client node", "1, 2 and 4 client nodes" (attacks-6 C01: "3 runs
    with 1 client nodes"); one count gives the noun its number, several (the largest above 1) the plural."""
    return ngettext("{counts} client node", "{counts} client nodes", s.max_clients).format(
        counts=join_words([count(p.clients) for p in s.points])
    )


def measured(w: Words) -> list[Para]:
    """What was measured on each side, and, for a side without rows, that it was not."""
    out = []
    for key in SIDES:
        s, name = side_of(w.m, key), w.name(key)
        if s is None:
            text = _("{system}: not measured with several client nodes.").format(system=name)
        else:
            runs = sum(p.runs for p in s.points)
            text = ngettext(
                "{system}: {runs} run with {counts} writing at once.",
                "{system}: {runs} runs with {counts} writing at once.",
                runs,
            ).format(system=name, runs=count(runs), counts=counts_words(s))
            text += _per_node(s) + (beyond := beyond_words(w.m, key))
            if hosts := one_machine(w, key):
                text += " " + _(
                    "Its client nodes were fio servers at loopback addresses of one machine ({hosts}): every count ran "
                    "on that machine's processors, so these points show how the storage takes more writers from one "
                    "machine, not how it scales with separate client nodes."
                ).format(hosts=join_words(hosts))
            if writers := _writers(w, key, s):
                out.append(w.p(text + writers, "scaling", "save_times", side=key))
                continue
        out.append(w.p(text, "scaling", *(["bandwidth"] if s is not None and beyond else []), side=key))
    return out


def one_machine(w: Words, key: str) -> list[str]:
    """The hosts side `key`'s imported scaling runs wrote from, where every one is a loopback address (fio servers on
    the one machine that ran the sweep, whose processors drove every count: field test 7, finding 5); else []."""
    imported = w.test.imported
    hosts = imported.scaling_hosts.get(w.name(key), set()) if imported is not None else set()
    if not hosts or not all(_loopback(h) for h in hosts):
        return []
    return sorted(hosts, key=lambda h: (len(h), h))


def _loopback(host: str) -> bool:
    """An address of this machine's loopback interface, as fio names a server (127.0.0.2, ::1, localhost)."""
    try:
        return ipaddress.ip_address(host.split("%")[0].strip("[]")).is_loopback
    except ValueError:
        return host.lower() == "localhost"


def _writers(w: Words, key: str, s: ScalingSide) -> str:
    """What a client node of the sweep is, against a node of this job's save (scaling reading 7b, finding 5): an fio
    client writing flat out, where a training node's save wrote far less (below BANDWIDTH_BOUND_SHARE_PCT of it), so
    the sweep's client counts stand for that many such writers, not that many nodes saving; and that what set one
    client's rate and what the clients shared as more were added was not logged (no figure here gives a link's load).
    " ..." or ""."""
    m = w.m
    point = next((p for p in s.points if p.clients == m.nodes), s.points[0] if s.points[0].clients == 1 else None)
    save = m.save.side(key)
    if point is None or not save.mean_s > 0:
        return ""
    per_client = point.mean_gbps / point.clients
    per_node = save.effective_gbps / m.nodes
    if 100 * per_node / per_client >= BANDWIDTH_BOUND_SHARE_PCT:
        return ""
    if point.clients != m.nodes and _bandwidth_on_job_nodes(w):
        # the other side's share is against its rate at the job's nodes: this one's against the bandwidth test on
        # those nodes, not its one-client rate (scaling reading 11b, m6: 79.7% at 12 beside 62.5% at 1)
        return _writers_at_job(w, key, per_node)
    text = (
        _(  # one client is not "each" nor "at once" (zh reading 18, X minor 12)
            "A client node of the sweep is a benchmark client writing as fast as it can: {per_client} GB/s writing "
            "alone. A node of this job's save wrote {per_node} GB/s ({part} in {time} s), {share} of that: where this "
            "section reads the job's or the cluster's nodes as client nodes, it gives what that many such writers "
            "drive, not what that many nodes' saves draw."
        )
        if point.clients == 1
        else _(
            "A client node of the sweep is a benchmark client writing as fast as it can: {per_client} GB/s each with "
            "{k} writing. A node of this job's save wrote {per_node} GB/s ({part} in {time} s), {share} of that: where "
            "this section reads the job's or the cluster's nodes as client nodes, it gives what that many such "
            "writers drive, not what that many nodes' saves draw."
        )
    ).format(
        per_client=sig(per_client),
        k=count(point.clients),
        per_node=sig(per_node),
        part=gb(save.snapshot_gb / m.nodes),
        time=sig(save.mean_s),
        share=p3(100 * per_node / per_client),
    )
    bound = _(
        "What held one client to {one} GB/s (the benchmark's settings, the client's network links or the storage) "
        "and what the clients shared as more were added (the storage's front end or the network between) were not "
        "logged with the sweep, so the sweep does not show which of them sets its curve."
    ).format(one=sig(s.points[0].mean_gbps))
    return " " + text + (" " + bound if s.points[0].clients == 1 else "")


def _bandwidth_on_job_nodes(w: Words) -> bool:
    """Whether the data sources record the bandwidth tests on the job's nodes, and no other count."""
    return set(recorded_counts(w.config.sources.get("bandwidth", ""))) == {w.m.nodes}


def _writers_at_job(w: Words, key: str, per_node: float) -> str:
    """`_writers` for a side not swept at the job's nodes, against its bandwidth test on those nodes."""
    m, save = w.m, w.m.save.side(key)
    per_client = m.bandwidth.side(key).sustained_gbps / m.nodes
    if 100 * per_node / per_client >= BANDWIDTH_BOUND_SHARE_PCT:
        return ""
    text = _(
        "The sweep was not run at the job's {k} nodes; its bandwidth test, on those {k} client nodes, drove "
        "{per_client} GB/s each, writing as fast as it could. A node of this job's save wrote {per_node} GB/s ({part} "
        "in {time} s), "
        "{share} of that: where this section reads the job's or the cluster's nodes as client nodes, it gives what "
        "that many such writers drive, not what that many nodes' saves draw."
    ).format(
        k=count(m.nodes),
        per_client=sig(per_client),
        per_node=sig(per_node),
        part=gb(save.snapshot_gb / m.nodes),
        time=sig(save.mean_s),
        share=p3(100 * per_node / per_client),
    )
    return " " + text


def _per_node(s: ScalingSide) -> str:
    """The aggregate per client node at each count, as a share of the one-client mean (scaling reading 6, m6: the
    figure behind a falling ratio), or of the fewest client nodes' where the side has no one-client point, with what
    each count added per client node (scaling reading 10, M4: a side without a fit had its flattening unsaid);
    " ..." with two counts or more, else ""."""
    if len(s.points) < 2:
        return ""
    first = s.points[0]
    base = first.mean_gbps / first.clients
    per = [p.mean_gbps / p.clients for p in s.points]
    shares = join_words([pct(100 * v / base, 0) if v == base else p3(100 * v / base) for v in per])
    if first.clients == 1:
        text = _("Per client node that is {per} GB/s at {counts}: {shares} of the one-client mean.")
        return " " + text.format(per=join_words([sig(v) for v in per]), counts=counts_words(s), shares=shares)
    text = _("Per client node that is {per} GB/s at {counts}: {shares} of its rate at {first}.").format(
        per=join_words([sig(v) for v in per]), counts=counts_words(s), shares=shares, first=count(first.clients)
    )
    pairs = list(zip(s.points, s.points[1:], strict=False))
    added = [(b.mean_gbps - a.mean_gbps) / (b.clients - a.clients) for a, b in pairs]
    if len(added) > 1:
        steps = join_words([_("{a} to {b}").format(a=count(a.clients), b=count(b.clients)) for a, b in pairs])
        text += " " + _("Each client node added brought {added} GB/s (from {steps}).").format(
            added=join_words([sig(v) for v in added]), steps=steps
        )
    return " " + text


#: fio's settings that shape how a sweep loads the storage, in the order they are printed (scaling reading 6, M6).
FIO_SETTINGS = ("rw", "bs", "ioengine", "iodepth", "numjobs", "direct", "size", "end_fsync")


def sweep_settings(w: Words, key: str) -> str | None:
    """fio's settings of side `key`'s sweep as its runs' own output gives them ("rw=write, bs=1048576, ..."): "" where
    the runs differ in them, None where no run came from fio's output (a scaling.csv written by hand)."""
    imported, name = w.test.imported, w.name(key)
    if imported is None:
        return None
    files = [f for use in imported.tools if use.into == "scaling" and use.system == name for f in use.files]
    found: set[tuple[tuple[str, str], ...]] = set()
    for file in files:
        try:
            run = json.loads(w.test.raw[file])
        except (KeyError, ValueError):
            return None
        options: dict[str, str] = {}
        if isinstance(run, dict):
            options.update(run.get("global options") or {})
            for job in [*run.get("client_stats", []), *run.get("jobs", [])]:
                if isinstance(job, dict) and isinstance(job.get("job options"), dict):
                    options.update(job["job options"])
        found.add(tuple((k, str(options[k])) for k in FIO_SETTINGS if k in options))
    if not found:
        return None
    if len(found) > 1:
        return ""
    return ", ".join(f"{k}={v}" for k, v in found.pop())


def setup_words(w: Words, key: str) -> str:
    """What side `key`'s fit holds for (scaling reading 6, M6): that configuration of the system under the sweep's fio
    settings, printed where its runs give them, and what to record before carrying σ, κ or the peak elsewhere."""
    settings = sweep_settings(w, key)
    configured = "storage" not in missing(w)
    said = recorded_fio(w) if settings is None else None
    fio = (
        _("the fio settings the test record gives ({quoted}; not recorded: {left})").format(**said)
        if said is not None
        else _("fio settings that were not recorded")
        if settings is None
        else _("fio settings that differ between its runs")
        if settings == ""
        else _("the sweep's fio settings ({settings})").format(settings=settings)
    )
    config = _("the configuration recorded for this test") if configured else _("a configuration that was not recorded")
    text = _(
        "σ, κ and all that follows from them describe {system} in {config}, with the network between it and the "
        "clients, under {fio}, not the product: a configuration of another size scales differently."
    ).format(system=w.name(key), config=config, fio=fio)
    if not configured and settings is None:
        text += " " + _(
            "Record the array's configuration (controllers, drives, front-end ports) and fio's settings before "
            "carrying them to another array."
        )
    elif not configured:
        text += " " + _(
            "Record the array's configuration (controllers, drives, front-end ports) before carrying them to another "
            "array."
        )
    elif said is not None and said["left"]:
        text += " " + _("Record fio's {left} before carrying them to another array.").format(**said)
    elif settings is None and said is None:
        text += " " + _("Record fio's settings before carrying them to another array.")
    return text


def recorded_fio(w: Words) -> dict[str, str] | None:
    """The sweep's fio settings as the test record words them ([sources] scaling, up to its first colon or semicolon)
    and the settings it leaves out ("iodepth, ioengine, file layout and end_fsync"); None where it gives none."""
    text = w.config.sources.get("scaling", "")
    found = fio_words(text)
    if found is None:
        return None
    left = [_("file layout") if n == "file layout" else n for n in found[1]]  # the others are fio's own names
    return {"quoted": re.split(r"[:;：；]\s*", text, maxsplit=1)[0].strip(), "left": join_words(left)}


def peak_words(peak: float | None, sigma: float, kappa: float, most: int) -> str:
    # σ >= 1 first: with κ = 0 too the aggregate is flat (σ = 1) or falls, never rising (attacks-6 C07); σ = κ = 0 is
    # the law's linear scaling, not a rise "ever more slowly" (attacks-6 C06)
    if peak is None and sigma >= 1:
        return _("With σ of 1 or more the fit gives no more bandwidth with more client nodes than with one.")
    if peak is None and kappa == 0 and sigma == 0:
        return _("With σ = 0 and κ = 0 the fitted aggregate does not peak: it grows in proportion to the client nodes.")
    if peak is None and kappa == 0:
        return _("With κ = 0 the fitted aggregate does not peak: it keeps rising, ever more slowly.")
    assert peak is not None  # κ > 0 and σ < 1 (a negative σ or κ is said before: the law does not describe it)
    if peak < 1:
        return _(
            "The fitted aggregate peaks below one client node ({peak}): on these points each added client node "
            "lowers it."
        ).format(peak=sig(peak))
    if peak <= most:
        return _(
            "The fitted aggregate peaks at {peak} client nodes, within the {most} tested, and falls beyond."
        ).format(peak=sig(peak), most=count(most))
    return _(
        "The fitted aggregate peaks at {peak} client nodes, beyond the {most} tested: an extrapolation of the fit."
    ).format(peak=sig(peak), most=count(most))


def basis(w: Words, key: str) -> str:
    """What side `key`'s aggregate at another node count assumes."""
    m, name = w.m, w.name(key)
    s = side_of(m, key)
    if s is not None and s.usl is not None and not s.usl.describes:
        return _disowned_basis(w, key, s)
    if s is not None and s.usl is not None:
        text = _(
            "{system}: the fitted law at the projection's node count (an extrapolation where that exceeds the {most} "
            "tested)."
        ).format(system=name, most=clients(s.max_clients))
        # a dash where the law has no value, said why (scaling reading 10, minor 4)
        none = sorted({n for p in m.projections if (n := p.nodes) is not None and p.scaled.side(key) is None})
        if none:
            text += " " + ngettext(
                "It gives none at {nodes} node: its denominator is not above zero there.",
                "It gives none at {nodes} nodes: its denominator is not above zero there.",
                none[-1],
            ).format(nodes=join_words([count(n) for n in none]))
        return text
    if node_local(m, key):
        # an aggregate no test showed, as one node's rate times the nodes (cold read 14c, Q-m2: "720 GB/s" at 64 nodes)
        return _(
            "{system} is local to each node: its aggregate at a node count is assumed, one node's bandwidth in this "
            "test ({bandwidth} GB/s) times the nodes; the bandwidth was logged on one node, never with the nodes "
            "writing together."
        ).format(system=name, bandwidth=sig(m.bandwidth.side(key).sustained_gbps))
    return _(
        "{system} is shared storage without a fitted law: its figures keep the bandwidth of this test's client "
        "nodes, so no aggregate is given at other node counts."
    ).format(system=name)


def _disowned_basis(w: Words, key: str, s: ScalingSide) -> str:
    """A side whose fitted law does not describe its points (a negative σ or κ): no aggregate where it was not run, and
    what its runs gave instead at the counts nearest each projection's nodes (scaling reading 13, M2: "12.8 GB/s" at 64
    nodes printed from a fit the report called meaningless)."""
    assert s.usl is not None
    which = join_words([n for n, v in (("σ", s.usl.sigma), ("κ", s.usl.kappa)) if v < 0])
    text = _(
        "{system}: its fitted law, with a negative {which}, cannot be used to extrapolate, so no aggregate is given "
        "at a node count it was not run at."
    ).format(system=w.name(key), which=which)
    for n in sorted({n for p in w.m.projections if (n := p.nodes) is not None}):
        text += disowned_at(s, n)
    return text


def disowned_at(s: ScalingSide, n: int) -> str:
    """ " At 64 nodes, beyond the 32 client nodes it was run at, its runs' means were …": what a side whose law is
    disowned gave at the counts run nearest `n` client nodes; "" where it was run at `n`."""
    means = {p.clients: p.mean_gbps for p in s.points}
    if n in means:
        return ""
    near = [k for k in means if k < n][-2:] if n > s.max_clients else _either_side(list(means), n)
    said = join_words([_("{gbps} GB/s at {k}").format(gbps=sig(means[k]), k=count(k)) for k in near])
    text = (
        _("At {nodes}, beyond the {most} it was run at, its runs' means were {said} client nodes.")
        if n > s.max_clients
        else _("At {nodes}, not run, the nearest of its runs' means were {said} client nodes.")
    )
    return " " + text.format(nodes=nodes_words(n), most=clients(s.max_clients), said=said)


def _either_side(counts: list[int], n: int) -> list[int]:
    """The counts run nearest below and above `n` (ascending `counts`, `n` not among them), those that exist."""
    below, above = [k for k in counts if k < n], [k for k in counts if k > n]
    return below[-1:] + above[:1]


def nodes_words(k: int) -> str:
    return ngettext("{n} node", "{n} nodes", k).format(n=count(k))


def not_measured(w: Words) -> list[Para]:
    """Without scaling rows: what the test leaves open, what to measure (the command is in the colophon), and how a side
    local to each node scales regardless."""
    k = job_nodes(w.m)
    if k > 1:
        what = _(
            "To check it, measure each save system's aggregate write bandwidth with 1, 2, 4, … client nodes writing at "
            "once, up to the training job's {nodes} where that many are available, several runs at each count "
            "(the colophon gives the command)."
        ).format(nodes=ngettext("{n} node", "{n} nodes", k).format(n=count(k)))
    else:
        what = _(
            "To check it, measure each save system's aggregate write bandwidth with 1, 2, 4, … client nodes writing at "
            "once, as many as are available, several runs at each count (the colophon gives the command)."
        )
    text = _(
        "This test did not measure how the aggregate write bandwidth changes as more client nodes write at once, so "
        "it does not check the common claim that the candidate's advantage holds when many nodes write at once."
    )
    out = [Para(text + timed_at_scale(w) + " " + what, "lead")]
    out += [w.p(basis(w, key), "bandwidth", side=key) for key in SIDES if node_local(w.m, key)]
    return out


def sweep_steps(w: Words) -> list[str]:
    """The next step the client sweep leaves (scaling reading 6, m9): sweep a side taken as one node's bandwidth times
    the nodes, where the other side was swept (what σ and κ hold for is asked beside the fit, and the environment's
    record in its own step)."""
    m = w.m
    out: list[str] = []
    if m.scaling is None:
        return out
    swept = [key for key in SIDES if side_of(m, key) is not None]
    for key in SIDES:
        if side_of(m, key) is None and node_local(m, key) and swept:
            most = max(s.max_clients for k in swept if (s := side_of(m, k)) is not None)
            text = _(
                "Sweep {system} too, with 1 to {most} writing at once under the training job's load: every ratio of "
                "the client sweep takes its aggregate as one node's bandwidth times the nodes."
            )
            out.append(text.format(system=w.name(key), most=clients(most)))
    out += [said for key in SIDES if (said := _unfitted_step(w, key))]
    k = job_nodes(m)
    short = [key for key in swept if (s := side_of(m, key)) is not None and s.max_clients < k]
    if len(swept) == 2 and len(short) == 2:
        # the ratio is a question about both systems: sweeping the candidate alone cannot answer it (scaling reading 9,
        # M7); a fit is no stand-in for runs there (scaling reading 14, m1). Where one side reached the job's nodes the
        # other's missing counts, the job's among them, are asked by scaling_range.sweep_gaps_step (reading 14, m1:
        # "both" asked of OrangeFS, swept to 32)
        text = _(
            "Sweep both systems to the job's {nodes} or beyond, with the same benchmark settings, recorded: without "
            "runs there the sweep gives no ratio at the job's size, and a fit does not stand in for them."
        )
        out.append(text.format(nodes=nodes_words(k)))
    return out


#: An [environment] line about the client sweep: its label or text names it.
SWEEP_LINE = re.compile(r"\bsweep|\bscaling\b|扫描|扩展测试", re.IGNORECASE)
#: A run the sweep's record says failed ("the single-client run failed its fio job"; "失败").
FAILED_RUN = re.compile(r"\bfail(?:ed|s|ure)?\b|失败", re.IGNORECASE)


def failure_recorded(w: Words, key: str) -> bool:
    """Whether the test environment's record of the sweep says a run of side `key`'s system failed (scaling reading
    15, m3: "the single-client run failed its fio job and was not repeated", with no cause, and the next step asked
    only for a rerun)."""
    system = w.m.save.side(key).system
    names = {system, w.config.systems.short.get(system, system)}
    return any(
        SWEEP_LINE.search(f"{label} {text}") and FAILED_RUN.search(text) and any(n in text for n in names)
        for label, text in w.config.environment
    )


def _unfitted_step(w: Words, key: str) -> str:
    """What a swept side without a fitted law lacks for one: its one-client point, or two more client counts."""
    s = side_of(w.m, key)
    if s is None or s.usl is not None:
        return ""
    if s.points[0].clients != 1:
        # what a fit gives, not a stand-in for runs at other counts (scaling reading 14, m1)
        text = _(
            "Run {system} with one client node too (its sweep starts at {first}): this report fits the law only with "
            "the one-client mean as λ, and a fit describes how a system scales over the counts run; it does not stand "
            "in for runs at counts not run."
        )
        text = text.format(system=w.name(key), first=clients(s.points[0].clients))
        if failure_recorded(w, key):
            text += " " + _(
                "The test's record says a run of its sweep failed: find and record the cause before rerunning, as a "
                "fault at one client node may also bear on the counts that were run."
            )
        return text
    return _(
        "Sweep {system} at more client counts: a fitted law needs one client node and at least two other counts."
    ).format(system=w.name(key))
