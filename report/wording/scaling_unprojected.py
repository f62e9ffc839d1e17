"""What a node-local side's fitted peak is, and why its fit is not carried past the sweep where the finding
fit_unprojected holds (scaling reading 18, X-1; zh reading 18, X-M4: "peaks at 294", "863 GB/s at 512 nodes" and
"at least 10.9 s" from a fit the 256-node saves' 1,247 GB/s lie above)."""

from __future__ import annotations

from report.compute.fit_reach import reasons
from report.compute.sweep_fall import ID as FALL_ID
from report.formatting import count, pct, sig
from report.i18n import _
from report.wording.base import Words
from report.wording.scaling import clients, node_local, nodes_words, side_of


def local_peak_words(w: Words, key: str) -> str:
    """Where a node-local side's fit peaks: that peak is the slowest node's effect, not contention; "" otherwise."""
    s = side_of(w.m, key)
    if s is None or s.usl is None or s.usl.peak_clients is None or not node_local(w.m, key):
        return ""
    return _(
        "{system} is local to each node: its aggregate is all the bytes written over the slowest node's time, so a "
        "fitted peak is the slowest node's effect on that aggregate, not contention for a shared array."
    ).format(system=w.name(key))


def unprojected_words(w: Words, key: str) -> str:
    """Why side `key`'s fit is not carried beyond the sweep (the finding's figures); "" where it is."""
    found, s = reasons(w.findings, key), side_of(w.m, key)
    if found is None or s is None:
        return ""
    kappa = found.kappa
    fields = {
        "system": w.name(key),
        "nodes": count(found.nodes),
        "saved": sig(found.saved),
        "fitted": sig(found.fitted) if found.fitted is not None else "",
        "low": sig(kappa[0], 2) if kappa else "",
        "high": sig(kappa[1], 2) if kappa else "",
        "most": clients(s.max_clients),
    }
    if found.above and kappa:
        text = _(
            "This test's saves on the job's {nodes} nodes moved {saved} GB/s, above the fit's {fitted} GB/s there, "
            "and over the refits κ lies between {low} and {high}, zero among them: the runs show no peak, so the fit "
            "is not carried beyond the {most} tested."
        )
    elif found.above:
        text = _(
            "This test's saves on the job's {nodes} nodes moved {saved} GB/s, above the fit's {fitted} GB/s there: "
            "the fit understates {system} at the job's size, so it is not carried beyond the {most} tested."
        )
    else:
        text = _(
            "Over the refits κ lies between {low} and {high}, zero among them: the runs show no peak, so the fit is "
            "not carried beyond the {most} tested."
        )
    return text.format(**fields)


def unprojected_basis(w: Words, key: str) -> str:
    """Table 13's note on side `key`'s aggregate where its fit is not carried beyond the sweep; "" where it is."""
    s = side_of(w.m, key)
    if reasons(w.findings, key) is None or s is None:
        return ""
    return _(
        "{system}: not measured beyond the {most} tested, and its fitted law is not carried there (“Scaling with "
        "client nodes”)."
    ).format(system=w.name(key), most=clients(s.max_clients))


def fallen_words(w: Words) -> str:
    """One sentence per side whose sweep has fallen at the job's nodes (the finding sweep_falls_at_job); "" without."""
    found = w.findings.get(FALL_ID)
    if found is None:
        return ""
    said = []
    for key in found.scope.items:
        at, best = found["each"][key]
        said.append(
            _(
                "At the job's {nodes} {system} is past the most its sweep gave: {at} GB/s there against {best} GB/s "
                "at {best_at} ({share} of it, the runs' ranges apart), so the job runs where its aggregate is falling."
            ).format(
                nodes=nodes_words(at.clients),
                system=w.name(key),
                at=sig(at.mean_gbps),
                best=sig(best.mean_gbps),
                best_at=clients(best.clients),
                share=pct(100 * at.mean_gbps / best.mean_gbps, 0),
            )
        )
    return " ".join(said)
