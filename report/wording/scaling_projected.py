"""The projections' figures at their nodes, in words (the scaling section's projections table): what each side's
projected save time assumes about nodes, where a side local to each node and a shared one stand on different bases,
where the larger aggregate goes with the longer time, and what a fitted aggregate would allow a save."""

from __future__ import annotations

from report.compute import SIDES, Metrics, Projection, ScalingPoint
from report.compute.fit_reach import unprojected
from report.compute.projection_reach import unmeasured
from report.formatting import count, gb, pct, sig, x3
from report.i18n import _, join_words, ngettext
from report.wording.base import Words
from report.wording.decisions import BANDWIDTH_BOUND_SHARE_PCT
from report.wording.scaling import clients, job_nodes, node_local, nodes_words, side_of


def projected_time_basis(w: Words, key: str) -> str:
    """What side `key`'s projected save time assumes about nodes (settled point 5): a node-local side's is fitted over
    each node's part of the checkpoint, a shared side's keeps the bandwidth of this test's client nodes."""
    if node_local(w.m, key):
        text = _(
            "{system} is local to each node: its save time is fitted over each node's part of the checkpoint, every "
            "node writing its part at once."
        )
    else:
        # scaling reading 6, M5: fitted over the whole checkpoint at the rate of this test's saves, not "at the
        # bandwidth" of its clients (no bandwidth enters it)
        k = job_nodes(w.m)
        beyond = sorted({p.nodes for p in w.m.projections if p.nodes is not None and unswept(w.m, key, p.nodes)})
        if beyond:
            # scaling reading 14, M1: "so more nodes writing do not shorten it" beyond the sweep, where nothing
            # shows which way a save goes; two-sided unless the sweep's own trend there gives the direction
            text = ngettext(
                "{system} is shared storage: its save time is fitted over the whole checkpoint, at the rate of this "
                "test's saves from {n} client node. At {counts} that rate is assumed, not measured: {system} was not "
                "run with that many client nodes writing.",
                "{system} is shared storage: its save time is fitted over the whole checkpoint, at the rate of this "
                "test's saves from {n} client nodes. At {counts} that rate is assumed, not measured: {system} was not "
                "run with that many client nodes writing.",
                k,
            )
            if falls_beyond(w.m, key) is None:
                text += " " + _(
                    "More or fewer nodes writing than in this test's saves may lengthen or shorten its saves."
                )
            counts = ngettext("{n} node", "{n} nodes", beyond[-1]).format(n=join_words([count(n) for n in beyond]))
            return text.format(system=w.name(key), n=count(k), counts=counts)
        text = ngettext(
            "{system} is shared storage: its save time is fitted over the whole checkpoint, at the rate of this test's "
            "saves from {n} client node, so more nodes writing do not shorten it.",
            "{system} is shared storage: its save time is fitted over the whole checkpoint, at the rate of this test's "
            "saves from {n} client nodes, so more nodes writing do not shorten it.",
            k,
        )
        return text.format(system=w.name(key), n=count(k))
    return text.format(system=w.name(key))


def basis_finding(w: Words, p: Projection):
    """The finding projection_basis of projection `p`, where its times stand on different bases (one side local to
    each node, the other shared), else None."""
    found = next((f for f in w.findings.each("projection_basis") if f.scope.items[0] == p.name), None)
    return found if found is not None and found["shared"] is not None else None


def same_basis(w: Words, p: Projection) -> str:
    """Where one side is local to each node and the other shared, their projected times stand on different bases (the
    one gains from the projection's nodes, the other does not): what the shared side's time would be on the node-local
    side's basis, and whether the faster side turns on it (the finding projection_basis; scaling reading 6, M5: −3.22 s
    a save on 8 nodes, 25.7 s against 48.2 s on one basis). "" where both sides share a basis or the projection has no
    GPUs."""
    found = basis_finding(w, p)
    if found is None:
        return ""
    shared = found["shared"]
    local = "candidate" if shared == "baseline" else "baseline"
    fields = {
        "name": p.name,
        "local": w.name(local),
        "shared": w.name(shared),
        "nodes": nodes_words(p.nodes or 1),
        "part": gb(found["part_gb"]),
        "fitted": sig(getattr(p, f"{shared}_s")),
    }
    head = _(
        "“{name}”: the two times stand on different bases. {local}'s gains from its {nodes} writing their parts at "
        "once; {shared}'s ({fitted} s) gains nothing from them."
    ).format(**fields)
    alternative = found["shared_on_local_basis_s"]
    if alternative is None:  # that basis gives no time above zero (the finding projection_basis)
        return head
    # the rate per node the time rests on, as computed (cold read 13b, X: "at the rate of this test's saves" read as
    # a node's rate, 20.7 s, beside the 22.5 s of a line over whole checkpoints)
    head += " " + _(
        "On {local}'s basis, each node writing its {part} part at the rate a node wrote its part in this test's saves "
        "on {shared} from {clients} ({rate} GB/s), {shared} would take about {alternative} s a save."
    ).format(
        clients=clients(job_nodes(w.m)),
        rate=sig(found["part_gb"] / alternative),
        alternative=sig(alternative),
        **fields,
    )
    # that basis asks more of the shared side than it showed in this test: said, and no "on either basis" (cold read
    # 10, P-M6: 481.5 GB in 7.42 s is 65 GB/s from an AF-3 that showed 35.2 GB/s)
    bandwidth = w.m.bandwidth.baseline_gbps if shared == "baseline" else w.m.bandwidth.candidate_gbps
    if bandwidth > 0 and p.snapshot_gb / alternative > bandwidth:
        head += " " + _(
            "That would take {rate} GB/s, {ratio} the {bandwidth} GB/s {shared} showed in this test: not attainable "
            "on this test's evidence, so that basis does not count."
        ).format(
            rate=sig(p.snapshot_gb / alternative),
            ratio=x3(p.snapshot_gb / alternative / bandwidth),
            bandwidth=sig(bandwidth),
            shared=fields["shared"],
        )
        if found["timed"] is None and not found["order_open"]:
            # a basis built and then discarded says nothing the table's notes do not (cold read 14c, Q-m7)
            return ""
    if found["timed"] is not None:
        model, b, c = found["timed"]
        tail = _(
            "This size was timed at {nodes} on both systems (“{model}”): {baseline} {b} s and {candidate} {c} s a save "
            "on average, which settles which is faster there."
        ).format(
            nodes=fields["nodes"],
            model=model,
            baseline=w.name("baseline"),
            candidate=w.name("candidate"),
            b=sig(b),
            c=sig(c),
        )
    elif found["order_open"]:
        # also where the bandwidth logged bounds the fitted time past the other side's (Chinese reading 7b, A3: "the
        # order is the same" beside "the faster would then be local SSD")
        tail = _("Which system is faster there turns on that assumption.")
    else:
        tail = _("On either basis the order of the two systems is the same.")
    return head + " " + tail


def orders_differ(w: Words) -> list[str]:
    """Each projection whose larger aggregate goes with the longer projected save time: said, with which figure to
    read for the save and why (scaling reading 5, M3; settled point 5 keeps the fitted times)."""
    out = []
    for p in w.m.projections:
        scaled, nodes = p.scaled_gbps, p.nodes  # set by compute; an aggregate needs the projection's nodes
        if scaled is None or nodes is None:
            continue
        b, c = scaled.baseline, scaled.candidate
        if b is None or c is None or (c > b) == (p.candidate_s < p.baseline_s) or b == c or _disowned(w, p):
            continue
        larger = "candidate" if c > b else "baseline"
        shares = [share for key in SIDES if (share := save_share(w.m, key)) is not None]
        fields = {
            "name": p.name,
            "nodes": nodes_words(nodes),
            "system": w.name(larger),
            "large": sig(max(b, c)),
            "small": sig(min(b, c)),
        }
        if not shares or max(shares) >= BANDWIDTH_BOUND_SHARE_PCT:
            text = _(
                "“{name}”: at its {nodes} {system} has the larger aggregate ({large} against {small} GB/s) but the "
                "longer projected save time. This test's saves came close to the aggregates, so the larger aggregate "
                "is the better guide there, and {system}'s projected time, which does not use it, is likely too long."
            )
            out.append(text.format(**fields))
            continue
        text = _(
            "“{name}”: at its {nodes} {system} has the larger aggregate ({large} against {small} GB/s) but the longer "
            "projected save time. Read the save times for the save, not the aggregates: this test's saves used at "
            "most {share} of either system's aggregate (“Consistency audit”), so a larger aggregate does not by itself "
            "shorten a save. Both times are assumptions beyond this test (each described above); a save timed at "
            "{nodes} would settle which system is faster there."
        )
        out.append(text.format(share=pct(max(shares), 0), **fields))
    return out


def save_share(m: Metrics, key: str) -> float | None:
    """Side `key`'s save throughput (checkpoint ÷ mean save time) as a share (%) of its aggregate at the job's nodes
    (`scaling.at_job`), None without one."""
    if m.scaling is None or (aggregate := m.scaling.at_job.side(key)) is None or not aggregate > 0:
        return None
    return 100 * m.save.side(key).effective_gbps / aggregate


def slower_than_saved(w: Words, p: Projection) -> str:
    """Where a side's fitted aggregate at a projection's nodes would write its checkpoint slower than the save time
    beside it (scaling reading 9, M2: OS-5's 11.8 GB/s at 128 nodes against its 70.1 s for 1,690 GB): the least time
    that aggregate allows, and that the save times at those nodes are not known; "" where none does."""
    m, out = w.m, []
    if p.nodes is None:
        return ""
    for key in SIDES:
        s, scaled = side_of(m, key), p.scaled.side(key)
        run = None if s is None else next((q for q in s.points if q.clients == p.nodes), None)
        if run is not None and run.mean_gbps > 0:
            # inside the sweep the bound is its measured aggregate, whatever the fit (cold tests 17, W-M2: 212 s and
            # 11.9 s at 4 nodes beside a sweep that allows no less than 292 s and 13.1 s there)
            least, saved = p.snapshot_gb / run.mean_gbps, p.side(key).save_s
            if least > saved:
                out.append(
                    _(
                        "At {system}'s {gbps} GB/s in the client sweep at {nodes} nodes (its runs' mean), its {size} "
                        "checkpoint takes at least {least} s there; the {saved} s beside it assumes the rate of this "
                        "test's saves, not that bound."
                    ).format(
                        system=w.name(key),
                        gbps=sig(run.mean_gbps),
                        nodes=count(p.nodes),
                        size=gb(p.snapshot_gb),
                        least=sig(least),
                        saved=sig(saved),
                    )
                )
            continue
        # no bound from a law that does not describe its points (scaling reading 13, M2: "at least 135 s")
        if s is None or s.usl is None or not s.usl.describes or scaled is None or not scaled > 0:
            continue
        if key in unprojected(w.findings):
            continue  # no bound from a fit the job's saves contradict (scaling reading 18, X-1: "at least 10.9 s")
        least, saved = p.snapshot_gb / scaled, p.side(key).save_s
        if least <= saved:
            continue
        other = "baseline" if key == "candidate" else "candidate"
        text = (
            _(
                "At {system}'s fitted {gbps} GB/s at {nodes} nodes, its {size} checkpoint would take at least {least} "
                "s, longer than the {saved} s projected at the rate of this test's saves: its save time at {nodes} "
                "nodes is not measured."
            )
            if key in unmeasured(w.findings, p)  # no time printed beside it (scaling reading 15, M2)
            else _(
                "At {system}'s fitted {gbps} GB/s at {nodes} nodes, its {size} checkpoint would take at least {least} "
                "s, longer than the {saved} s beside it and than {other}'s {other_s} s: the save times at {nodes} "
                "nodes are not known on either system."
            )
            if least > p.side(other).save_s
            else _(
                "At {system}'s fitted {gbps} GB/s at {nodes} nodes, its {size} checkpoint would take at least {least} "
                "s, longer than the {saved} s beside it: the save times at {nodes} nodes are not known on either "
                "system."
            )
        )
        out.append(
            text.format(
                system=w.name(key),
                gbps=sig(scaled),
                nodes=count(p.nodes),
                size=gb(p.snapshot_gb),
                least=sig(least),
                saved=sig(saved),
                other=w.name(other),
                other_s=sig(p.side(other).save_s),
            )
        )
    return " ".join(out)


def _disowned(w: Words, p: Projection) -> bool:
    """Whether a side's aggregate at `p`'s nodes would come from a law that does not describe its points, where it was
    not run: the table gives none there (scaling reading 13, M2), so no sentence weighs it."""
    for key in SIDES:
        s = side_of(w.m, key)
        if s is not None and s.usl is not None and not s.usl.describes and all(q.clients != p.nodes for q in s.points):
            return True
    return False


#: The mark on a projected save time at a GPU count no save was timed on (scaling reading 13, M1: 89.7 s and 21.0 s at
#: 64 nodes, from saves timed on 24, printed in Tables 11 and 13 as plainly as a timing).
UNTIMED = "*"


def untimed(m: Metrics, p: Projection) -> bool:
    """Whether projection `p`'s times are at a GPU count that no save row of either side was timed on."""
    return p.gpus is not None and p.gpus not in {g for key in SIDES for g in m.fits[key].gpus}


def marked(m: Metrics, p: Projection, cell: str) -> str:
    """A projected figure as printed, with UNTIMED where `untimed`."""
    return cell + UNTIMED if untimed(m, p) and cell != "–" else cell


def untimed_note(m: Metrics, rows) -> str:
    """What UNTIMED means, where a cell of the table's `rows` (its first column a name) carries it; "" otherwise
    (scaling reading 16, m3: a "*" note under cells that all read "not measured")."""
    if not any(untimed(m, p) for p in m.projections) or not any(UNTIMED in c for r in rows for c in r[1:]):
        return ""
    timed = sorted({g for key in SIDES for g in m.fits[key].gpus})
    text = ngettext(
        "{mark} At a GPU count no save was timed on (the saves ran on {timed} GPU): a point estimate, with no range. "
        "The inputs give none, as no save was timed with that many nodes writing.",
        "{mark} At a GPU count no save was timed on (the saves ran on {timed} GPUs): a point estimate, with no range. "
        "The inputs give none, as no save was timed with that many nodes writing.",
        timed[-1],
    )
    return text.format(mark=UNTIMED, timed=join_words([count(g) for g in timed]))


def fell_beyond_job(w: Words) -> list[str]:
    """Each side (shared, its saves bound by bandwidth) whose sweep fell from the job's nodes to the most it was run
    at, where a projection lies beyond the job's nodes: the one trend measured there points to longer saves, not the
    time printed (scaling reading 13, M1: OrangeFS 22.0 GB/s at 24 nodes, 20.9 at 32, its 89.7 s kept at 64)."""
    m, k = w.m, job_nodes(w.m)
    out: list[str] = []
    if not any(p.nodes is not None and p.nodes > k for p in m.projections):
        return out
    for key in SIDES:
        if (fell := falls_beyond(m, key)) is None:
            continue
        printed = [
            p for p in m.projections if p.nodes is not None and p.nodes > k and key not in unmeasured(w.findings, p)
        ]
        if not printed:  # its times beyond the job's nodes read "not measured" (the finding projection_unmeasured)
            continue
        first, last, share = fell
        text = _(
            "{system}'s aggregate fell from {a} GB/s at {first} to {b} GB/s at {last} client nodes, and its saves drew "
            "{share} of the first: the one trend the sweep shows beyond the job's {nodes} points to longer saves at "
            "more nodes than the times printed, which keep the rate of this test's saves."
        )
        out.append(
            text.format(
                system=w.name(key),
                a=sig(first.mean_gbps),
                first=count(first.clients),
                b=sig(last.mean_gbps),
                last=count(last.clients),
                share=pct(share, 0),
                nodes=nodes_words(k),
            )
        )
    return out


def falls_beyond(m: Metrics, key: str) -> tuple[ScalingPoint, ScalingPoint, float] | None:
    """Where side `key` (shared, its saves bound by bandwidth) was swept beyond the job's nodes and its aggregate fell
    from the job's nodes to the most it was run at: the two points and its saves' share (%) of the first; else None."""
    s, k = side_of(m, key), job_nodes(m)
    if s is None or node_local(m, key) or s.max_clients <= k:
        return None
    ref = [q for q in s.points if q.clients <= k]
    if not ref or not s.points[-1].mean_gbps < ref[-1].mean_gbps:
        return None
    share = 100 * m.save.side(key).effective_gbps / ref[-1].mean_gbps
    return (ref[-1], s.points[-1], share) if share >= BANDWIDTH_BOUND_SHARE_PCT else None


def unswept(m: Metrics, key: str, nodes: int) -> bool:
    """Whether `nodes` lies outside shared side `key`'s sweep (any count but the job's nodes, where its saves were
    timed, without a sweep), so its save time there is an assumption (scaling reading 14, M1: 64 nodes, beyond MR-40's
    12 and OrangeFS's 32, and 16, beyond MR-40's, worded as fact)."""
    if node_local(m, key):
        return False
    s = side_of(m, key)
    return nodes != job_nodes(m) and (s is None or not s.points[0].clients <= nodes <= s.max_clients)


def assumed_basis(w: Words, p: Projection, part: str) -> str | None:
    """Where the baseline is shared: what projection `p`'s times take each side to write (a node-local candidate its
    `part` on each node), as an assumption where `p`'s nodes lie beyond a shared side's sweep (`unswept`; scaling
    reading 14, M1: "both systems write the whole 1,722 GB at the bandwidth of this test's clients" at 64 nodes, which
    the scaling section calls unknown); None otherwise."""
    if p.nodes is None or node_local(w.m, "baseline"):
        return None
    fields = {
        "name": p.name,
        "gpus": count(p.gpus or 0),
        "nodes": count(p.nodes),
        "size": gb(p.snapshot_gb),
        "n": clients(job_nodes(w.m)),
    }
    if node_local(w.m, "candidate"):  # the baseline shared (a node-local baseline's basis is said as before)
        if not unswept(w.m, "baseline", p.nodes):
            return None
        text = _(
            "At “{name}” ({gpus} GPUs, {nodes} nodes) {candidate} writes {part} on each node, in parallel; assumed, "
            "not measured: {baseline} writes the whole {size} at the rate of this test's saves from {n}, and it was "
            "not run with {nodes} client nodes writing."
        )
        return text.format(candidate=w.name("candidate"), baseline=w.name("baseline"), part=part, **fields)
    beyond = [key for key in SIDES if unswept(w.m, key, p.nodes)]
    if not beyond:
        return None
    text = ngettext(
        "At “{name}” ({gpus} GPUs, {nodes} nodes), assumed, not measured: both systems write the whole {size} at the "
        "rate of this test's saves from {n}; {who} was not run with {nodes} client nodes writing.",
        "At “{name}” ({gpus} GPUs, {nodes} nodes), assumed, not measured: both systems write the whole {size} at the "
        "rate of this test's saves from {n}; {who} were not run with {nodes} client nodes writing.",
        len(beyond),
    )
    return text.format(who=join_words([w.name(key) for key in beyond]), **fields)
