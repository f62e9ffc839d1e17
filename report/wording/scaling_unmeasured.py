"""The client counts the report asks about that the sweep did not reach, and the cluster's all-at-once demand against
what the sweep showed (scaling reading 11b, M1 and M2): the range where only one system was run, the sizes beyond
every count run (the job's, a projection's, the cluster's nodes), and every job saving at once set against the
sustained bandwidth and the most the candidate's sweep gave. Said where the scaling question is answered: page 1, the
summary, the scaling section and the Q&A."""

from __future__ import annotations

from dataclasses import dataclass

from report.compute import SIDES, Metrics
from report.compute.cluster_scope import demand_basis
from report.formatting import count, pct, sig
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.scaling import clients, job_nodes, node_local, nodes_words, recorded_fio, sweep_settings
from report.wording.scaling_cluster import shares_of
from report.wording.scaling_range import comparison_end


@dataclass(frozen=True)
class Gap:
    """The client counts above the most both swept sides were run at, up to the most either was: no count there was
    run on both, so the two are not compared there."""

    low: int  #: the first count above the comparison's end
    high: int  #: the most client nodes either side was run at
    unrun: tuple[str, ...]  #: the sides run at no count from low to high


def compared_gap(m: Metrics) -> Gap | None:
    """The counts the two sides are not compared at below the most either was run at (U: 17 to 24, HDD NAS not run
    there; R: 9 to 16, each run at one count there); None where they were run as far, or a side was not swept."""
    last = comparison_end(m)
    if last is None or m.scaling is None:
        return None
    top = m.scaling.max_clients
    unrun = tuple(key for key in SIDES if m.scaling.side(key).max_clients <= last)
    return Gap(last + 1, top, unrun)


def asked_beyond(m: Metrics) -> tuple[tuple[str, int, str], ...]:
    """The node counts the report asks about beyond every count run, in order, each (what, nodes, projection name):
    the job's ("job"), each projection's with GPUs ("projection"), the cluster's ("cluster"), a count said once;
    () without a sweep."""
    s = m.scaling
    if s is None or (s.baseline is None and s.candidate is None):
        return ()
    found = [("job", job_nodes(m), "")]
    found += [("projection", p.nodes, p.name) for p in m.projections if p.nodes is not None]
    found.append(("cluster", s.cluster_nodes, ""))
    out: list[tuple[str, int, str]] = []
    for what, k, name in found:
        if k > s.max_clients and k not in [n for _w, n, _p in out]:
            out.append((what, k, name))
    return tuple(out)


def tested_in_gap(m: Metrics, g: Gap) -> int | None:
    """The job's nodes where they lie in the gap: the saves (and any bandwidth test on them) compared the two systems
    there, though the sweep did not (scaling reading 14, m4: "MR-40 was not run" from 13 to 32 client nodes, beside its
    saves and bandwidth test at 24); else None."""
    k = job_nodes(m)
    return k if g.low <= k <= g.high else None


def _gap_words(w: Words, g: Gap) -> str:
    values = {"low": count(g.low), "counts": clients(g.high)}
    tested = tested_in_gap(w.m, g)
    if tested is not None:
        return _tested_gap_words(w, g, tested)
    if len(g.unrun) == 1:
        values["system"] = w.name(g.unrun[0])
        text = (
            _("At {counts} {system} was not run, so the two systems are not compared there.")
            if g.low == g.high
            else _("From {low} to {counts} {system} was not run, so the two systems are not compared there.")
        )
    else:
        text = (
            _("At {counts} the two systems are not compared: only one of them was run there.")
            if g.low == g.high
            else _("From {low} to {counts} the two systems are not compared: no count there was run on both.")
        )
    return text.format(**values)


def _tested_gap_words(w: Words, g: Gap, k: int) -> str:
    """`_gap_words` where the tests on the job's `k` nodes lie in the gap: the sweep's gap, and those tests there."""
    values = {"low": count(g.low), "counts": clients(g.high), "nodes": nodes_words(k)}
    if len(g.unrun) == 1:
        values["system"] = w.name(g.unrun[0])
        text = (
            _(
                "At {counts} {system} was not swept, so the sweep does not compare the two systems there; the tests on "
                "the job's {nodes} did."
            )
            if g.low == g.high
            else _(
                "From {low} to {counts} {system} was not swept, so the sweep does not compare the two systems there; "
                "only the tests on the job's {nodes} did, at that one count."
            )
        )
    else:
        text = (
            _(
                "At {counts} the sweep does not compare the two systems: only one of them was swept there; the tests "
                "on the job's {nodes} did."
            )
            if g.low == g.high
            else _(
                "From {low} to {counts} the sweep does not compare the two systems: no count there was swept on both; "
                "only the tests on the job's {nodes} did, at that one count."
            )
        )
    return text.format(**values)


def _asked_name(what: str, k: int, name: str) -> str:
    """ "the job's 48 nodes", "the 32 nodes of “…”", "the cluster's 96 nodes (every job saving at once)"."""
    if what == "job":
        return _("the job's {nodes}").format(nodes=nodes_words(k))
    if what == "cluster":
        return _("the cluster's {nodes} (every job saving at once)").format(nodes=nodes_words(k))
    return _("the {nodes} of “{name}”").format(nodes=nodes_words(k), name=name)


def _beyond_words(w: Words) -> str:
    """Beyond every count run: which sizes the report asks about lie there, and that nothing was measured there."""
    m = w.m
    found = asked_beyond(m)
    if not found:
        return ""
    assert m.scaling is not None
    swept = [key for key in SIDES if m.scaling.side(key) is not None]
    at_once = _local_at_once(w)
    # the cluster's nodes, where one side is local to each node, are said by `_local_at_once`, not as unknown
    shown = tuple(f for f in found if not (at_once and f[0] == "cluster"))
    if (job := _job_beyond(found)) is not None:
        return _tested_beyond_words(w, swept, job, shown) + _cluster_basis(w, found) + at_once
    if not shown:
        head = (
            _("Beyond {top} neither system was run.")
            if len(swept) == 2
            else _("Beyond {top} {system} was not run.").format(top="{top}", system=w.name(swept[0]))
        )
        return head.format(top=clients(m.scaling.max_clients)) + _cluster_basis(w, found) + at_once
    names = [_asked_name(what, k, name) for what, k, name in shown]
    values = {"top": clients(m.scaling.max_clients), "sizes": join_words(names)}
    if len(swept) == 2:
        text = _(
            "Beyond {top} neither system was run: at {sizes} the test gives no figure, and what either system gives "
            "there is unknown."
        )
    else:
        values["system"] = w.name(swept[0])
        text = _(
            "Beyond {top} {system} was not run: at {sizes} the test gives no figure, and what it gives there is "
            "unknown."
        )
    return text.format(**values) + _cluster_basis(w, found) + at_once


def _local_at_once(w: Words) -> str:
    """Every job saving at once where one side is local to each node (cold read 17, V-M2): the local side keeps one
    job's save time, the shared side's bytes take at least their size over its sweep's peak mean; "" otherwise. Where
    the local side's own sweep shows its rate a node falling, one job's time is said as the assumption it is, beside
    the time at the sweep's lower rate, and the bound's ratio as the range the two give (scaling reading 19, Z-2)."""
    found = w.findings.get("cluster_local_at_once")
    if found is None:
        return ""
    values = {
        "nodes": nodes_words(found["cluster_nodes"]),
        "local": w.name(found["local"]),
        "shared": w.name(found["shared"]),
        "local_s": sig(found["local_save_s"]),
        "jobs": count(found["jobs"]),
        "size": count(found["size_gb"]),
        "at_least": sig(found["at_least_s"]),
        "peak": sig(found["peak_gbps"]),
        "counts": clients(found["peak_clients"]),
        "ratio": sig(found["ratio"]),
        "top": sig(found["top_gbps"]),
        "top_counts": clients(found["top_clients"]),
    }
    if found["local_fall"] is not None:
        return " " + _local_head(found, values) + " " + _shared_words(found, values)
    if not found["levelled"]:
        text = _(
            "With every job saving at once on the cluster's {nodes}, {local} still saves in the {local_s} s of one "
            "job, as its nodes' drives are not shared with other jobs; what {shared} gives there is unknown, as its "
            "sweep was still rising at {top_counts} ({top} GB/s)."
        )
        return " " + text.format(**values)
    text = _(
        "With every job saving at once on the cluster's {nodes}, {local} still saves in the {local_s} s of one job, "
        "as its nodes' drives are not shared with other jobs; {shared} levelled off within its sweep, so the {jobs} "
        "jobs' {size} GB take at least {at_least} s on it ({ratio}× {local}'s) at the most its sweep gave ({peak} GB/s "
        "at {counts}): a bound from the sweep, not a timed save."
    )
    return " " + text.format(**values)


def _shared_words(found, values: dict[str, str]) -> str:
    """The shared side at every job at once, after `_local_head`: unknown where its sweep still rose; else at least
    its bytes over the most its sweep gave, against the local side's time on the two bases `_local_head` gives."""
    if not found["levelled"]:
        text = _("What {shared} gives there is unknown, as its sweep was still rising at {top_counts} ({top} GB/s).")
        return text.format(**values)
    if found["ratio_low"] is None:
        text = _(
            "{shared} levelled off within its sweep, so the {jobs} jobs' {size} GB take at least {at_least} s on "
            "it ({ratio}× {local}'s one-job time) at the most its sweep gave ({peak} GB/s at {counts}): a bound from "
            "the sweep, not a timed save."
        )
        return text.format(**values)
    text = _(
        "{shared} levelled off within its sweep, so the {jobs} jobs' {size} GB take at least {at_least} s on it at "
        "the most its sweep gave ({peak} GB/s at {counts}): a bound from the sweep, not a timed save, between {low}× "
        "and {ratio}× {local}'s on those two bases."
    )
    return text.format(low=sig(found["ratio_low"]), **values)


def _local_head(found, values: dict[str, str]) -> str:
    """ "With every job saving at once …, Local NVMe keeps the 12.7 s of one job only if its nodes write
    independently of one another: its own sweep's rate a client node fell to 76.1% of one node's at 64 and 59.9% at
    128 client nodes writing at once, each node writing its own drive, which this test does not explain. At the rate
    a node gave with 128 client nodes writing, the job's save would take about 16.2 s." """
    fall = found["local_fall"]
    fields = dict(
        values,
        rate=sig(fall.first.mean_gbps / fall.first.clients),
        first=clients(fall.first.clients),
        top_kept=pct(fall.top_kept_pct),
        most=clients(fall.top.clients),
    )
    if fall.at_job is not None and fall.at_job.clients != fall.top.clients:
        fields.update(job_kept=pct(fall.job_kept_pct), job=count(fall.at_job.clients))
        text = _(
            "With every job saving at once on the cluster's {nodes}, {local} keeps the {local_s} s of one job only if "
            "its nodes write independently of one another. Its own sweep does not show that: the rate a client node "
            "gave, {rate} GB/s with {first}, fell to {job_kept} of it with {job} and to {top_kept} with {most} "
            "writing at once, although each node writes only its own drives; this test does not explain the fall."
        )
    else:
        text = _(
            "With every job saving at once on the cluster's {nodes}, {local} keeps the {local_s} s of one job only if "
            "its nodes write independently of one another. Its own sweep does not show that: the rate a client node "
            "gave, {rate} GB/s with {first}, fell to {top_kept} of it with {most} writing at once, although each node "
            "writes only its own drives; this test does not explain the fall."
        )
    text = text.format(**fields)
    if fall.scaled_s is not None:
        text += " " + _(
            "At the rate a node gave with {most} writing, the job's save would take about {scaled} s."
        ).format(most=clients(fall.top.clients), scaled=sig(fall.scaled_s))
    return text


def _job_beyond(found: tuple[tuple[str, int, str], ...]) -> int | None:
    """The job's nodes where they lie beyond every count swept (its saves ran there), else None."""
    return next((k for what, k, _name in found if what == "job"), None)


def _tested_beyond_words(w: Words, swept: list[str], job: int, found: tuple[tuple[str, int, str], ...]) -> str:
    """`_beyond_words` where the job's nodes lie beyond every count swept: the saves (and any bandwidth test) on them
    ran there, so no "was not run" and no "no figure" of the job's size (scaling reading 14, m4)."""
    m = w.m
    assert m.scaling is not None
    values = {"top": clients(m.scaling.max_clients), "nodes": nodes_words(job)}
    if len(swept) == 2:
        text = _("Beyond {top} neither system was swept; only the tests on the job's {nodes} ran there.")
    else:
        values["system"] = w.name(swept[0])
        text = _("Beyond {top} {system} was not swept; only the tests on the job's {nodes} ran there.")
    said = text.format(**values)
    rest = [_asked_name(what, k, name) for what, k, name in found if what != "job"]
    if rest:
        more = (
            _("At {sizes} the test gives no figure, and what either system gives there is unknown.")
            if len(swept) == 2
            else _("At {sizes} the test gives no figure, and what it gives there is unknown.")
        )
        said += " " + more.format(sizes=join_words(rest))
    return said


def _cluster_basis(w: Words, found: tuple[tuple[str, int, str], ...]) -> str:
    """What the cluster's nodes are counted from, where they are among the sizes named (scaling reading 14, m8: "the
    cluster's 120 nodes" beside a test environment of 32 servers): its jobs of the job's nodes in a cluster of the GPUs
    the cluster figures assume, not the machines of this test; "" otherwise."""
    if not any(what == "cluster" for what, _k, _n in found):
        return ""
    m, cfg = w.m, w.config
    values = {
        "nodes": nodes_words(m.scaling.cluster_nodes if m.scaling is not None else 0),
        "jobs": count(m.cluster.jobs),
        "job": nodes_words(job_nodes(m)),
        "gpus": count(m.bubble.cluster_gpus),
    }
    text = (
        _(
            "The cluster's {nodes} are those of its {jobs} jobs of {job} each, in a cluster of {gpus} GPUs (a "
            "reference size, not agreed with the customer), not the machines this test ran on."
        )
        if cfg.is_default("training.cluster_gpus")
        else _(
            "The cluster's {nodes} are those of its {jobs} jobs of {job} each, in a cluster of {gpus} GPUs, the "
            "size agreed for this test, not the machines this test ran on."
        )
    )
    return " " + text.format(**values)


def unmeasured_words(w: Words) -> list[str]:
    """The ranges the sweep leaves unmeasured, each a sentence: where one side alone was run, and beyond both."""
    g = compared_gap(w.m)
    return [x for x in (_gap_words(w, g) if g else "", _beyond_words(w)) if x]


def short_names_job(m: Metrics) -> bool:
    """Whether `unmeasured_short` names the job's nodes (tested there only), so that page 1's sweep line need not say
    again that the sweep gives no ratio there (cold read 18, X: the job's 256 nodes twice in one line)."""
    if m.scaling is None:
        return False
    g = compared_gap(m)
    if g is not None and tested_in_gap(m, g) is not None:
        return True
    swept = [key for key in SIDES if m.scaling.side(key) is not None]
    return bool(swept) and _job_beyond(asked_beyond(m)) is not None


def unmeasured_short(w: Words) -> str:
    """Page 1's few words on the same ranges: "Not compared: from 17 to 24 client nodes (HDD NAS not run), beyond 24
    (neither system run)."; "" without them."""
    m = w.m
    if m.scaling is None:
        return ""
    parts, g = [], compared_gap(m)
    tested = None if g is None else tested_in_gap(m, g)
    if g is not None and tested is not None:
        # the tests on the job's nodes compared the two there (scaling reading 14, m4)
        values = {"low": count(g.low), "counts": clients(g.high), "nodes": nodes_words(tested)}
        if len(g.unrun) == 1:
            text = (
                _("at {counts} ({system} not swept; tested at the job's {nodes} only)")
                if g.low == g.high
                else _("from {low} to {counts} ({system} not swept; tested at the job's {nodes} only)")
            )
            parts.append(text.format(system=w.name(g.unrun[0]), **values))
        else:
            text = (
                _("at {counts} (tested at the job's {nodes} only)")
                if g.low == g.high
                else _("from {low} to {counts} (tested at the job's {nodes} only)")
            )
            parts.append(text.format(**values))
    elif g is not None:
        values = {"low": count(g.low), "counts": clients(g.high)}
        if len(g.unrun) == 1:
            text = (
                _("at {counts} ({system} not run)")
                if g.low == g.high
                else _("from {low} to {counts} ({system} not run)")
            )
            parts.append(text.format(system=w.name(g.unrun[0]), **values))
        else:
            parts.append((_("at {counts}") if g.low == g.high else _("from {low} to {counts}")).format(**values))
    swept = [key for key in SIDES if m.scaling.side(key) is not None]
    job = _job_beyond(asked_beyond(m))
    if job is not None and len(swept) == 2:  # the saves ran there (scaling reading 14, m4)
        tested = job
        parts.append(
            _("beyond {top} (neither system swept; tested at the job's {nodes} only)").format(
                top=clients(m.scaling.max_clients), nodes=nodes_words(job)
            )
        )
    elif job is not None and len(swept) == 1:
        text = _("{system} not swept beyond {counts}; tested at the job's {nodes} only.")
        return text.format(system=w.name(swept[0]), counts=clients(m.scaling.max_clients), nodes=nodes_words(job))
    elif asked_beyond(m) and len(swept) == 2:
        parts.append(_("beyond {top} (neither system run)").format(top=clients(m.scaling.max_clients)))
    elif asked_beyond(m) and len(swept) == 1:
        text = _("{system} not run beyond {counts}.")
        return text.format(system=w.name(swept[0]), counts=clients(m.scaling.max_clients))
    if parts and tested is not None:
        return _("Not compared by the sweep: {ranges}.").format(ranges=join_words(parts))
    return _("Not compared: {ranges}.").format(ranges=join_words(parts)) if parts else ""


def demand_words(w: Words) -> str:
    """Every job of the cluster saving at once on the shared candidate, against this test's sustained bandwidth and the
    most its sweep gave, where that demand is above the sweep's most; "" otherwise (M2: the summary gave 185 GB/s
    only as a share of the average)."""
    m = w.m
    s, demand = m.scaling, m.cluster.candidate
    if s is None or s.candidate is None or demand is None or node_local(m, "candidate") or m.cluster.jobs < 2:
        return ""
    best = demand_basis(s.candidate)
    if not demand.peak_write_gbps > best.mean_gbps:
        return ""
    values = {
        "jobs": count(m.cluster.jobs),
        "save": sig(m.save.candidate.mean_s),
        "peak": sig(demand.peak_write_gbps),
        "system": w.name("candidate"),
        "best": sig(best.mean_gbps),
        "counts": clients(best.clients),
    }
    # one basis, the most its sweep gave (cluster_scope.demand_basis), wherever the demand is weighed
    values["to_best"] = shares_of(demand.peak_write_gbps, best.mean_gbps)[0]
    text = _(
        "Every one of the cluster's {jobs} jobs saving at once, each in today's {save} s, needs {peak} GB/s from "
        "{system}: {to_best} the most its sweep gave ({best} GB/s at {counts})."
    )
    return text.format(**values)


def beyond_step(w: Words) -> str:
    """The next step that closes the gap beyond every count run, where both sides were swept and the report asks about
    a larger count (scaling reading 11b, m9: the steps extended the candidate alone and ran the baseline only to the
    candidate's most, so no comparison above it would exist after them); "" otherwise."""
    m = w.m
    found = asked_beyond(m)
    s = m.scaling
    if not found or s is None or s.baseline is None or s.candidate is None:
        return ""
    if min(s.baseline.max_clients, s.candidate.max_clients) < job_nodes(m):
        return ""  # the step to the job's nodes asks it (sweep_steps)
    text = _(
        "Sweep both systems beyond {top}, toward {largest}, with the same benchmark settings: above {top} no "
        "comparison exists, and a run there needs that many client nodes writing at once."
    )
    return text.format(top=clients(s.max_clients), largest=_asked_name(*found[-1]))


def record_step(w: Words) -> str:
    """The next step that records what the sweep's words say was not logged: the benchmark's settings (where its rows
    are not fio's own output) and what limited its curve; "" without a sweep (scaling reading 11b, m9)."""
    m = w.m
    if m.scaling is None:
        return ""
    swept = [key for key in SIDES if m.scaling.side(key) is not None]
    unrecorded = [key for key in swept if sweep_settings(w, key) is None]
    said = recorded_fio(w)
    if unrecorded and said is not None and said["left"]:  # the record gives some (scaling reading 16, M3)
        return _(
            "With the next sweep, record fio's {left} too, and log what limits its curve (each client's network "
            "links, the storage's front end, the network between): this sweep does not show which of them sets it."
        ).format(**said)
    if not unrecorded or said is not None:
        return _(
            "With the next sweep, log what limits its curve (each client's network links, the storage's front end, "
            "the network between): this sweep does not show which of them sets it."
        )
    return _(
        "With the next sweep, record the benchmark's settings and log what limits its curve (each client's network "
        "links, the storage's front end, the network between): this sweep recorded neither."
    )
