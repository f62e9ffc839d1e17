"""The scaling chart's caption (issue 47): what each line and mark is, only where the chart draws it; split from
describe.py (its 600-line cap)."""

from __future__ import annotations

from report.charts.scaling_reach import (
    both_run,
    client_range,
    crossing_drawn,
    curve_reach,
    peaks_drawn,
    scaling_of,
    tested_drawn,
)
from report.compute import SIDES, Metrics
from report.compute.scaling_checks import refit_band
from report.formatting import num
from report.i18n import _, join_words, ngettext


def _marks_caption(m: Metrics) -> list[str]:
    """The caption's marks: a diamond and a cross only where the chart draws them (scaling reading 9, m3: "a cross
    where the two curves meet" under a chart of one curve), the job's line, the projections' dotted lines said once
    by name (scaling reading 14, m7: the zh caption said the dotted lines twice) and the log axis."""
    hi = client_range(m)[1]
    peak = any(k <= hi for _key, k in peaks_drawn(m))
    x = crossing_drawn(m)
    cross = x is not None and x.clients <= hi
    out = []
    if peak and cross:
        out.append(_("A diamond marks a fitted peak and a cross where the two curves meet."))
    elif peak:
        out.append(_("A diamond marks a fitted peak."))
    elif cross:
        out.append(_("A cross marks where the two curves meet."))
    out.append(_("The dashed vertical line is the training job's nodes."))
    out += [x for x in (_projections_caption(m), _tested_caption(m)) if x]
    out.append(_("Logarithmic axis of client nodes."))
    return out


def _tested_caption(m: Metrics) -> str:
    """The bandwidth tests drawn at their client count, where the chart draws them (`tested_drawn`)."""
    t = tested_drawn(m)
    if t is None:
        return ""
    return ngettext(
        "Open stars just right of {n} client node are the two systems' sustained-bandwidth tests there, in each "
        "system's colour: a separate test from the sweep.",
        "Open stars just right of {n} client nodes are the two systems' sustained-bandwidth tests there, in each "
        "system's colour: a separate test from the sweep.",
        t.clients,
    ).format(n=num(t.clients, 0)) + (
        " " + _("The bar on a star spans its test's runs.")
        if any(side.runs > 1 for side in m.bandwidth.sides())
        else ""
    )


def _bands_caption(m: Metrics) -> str:
    """The grey bands where the sides stopped at different counts (scaling reading 11b, m8)."""
    span = both_run(m)
    if span is None:
        return _("The grey band spans the client nodes tested on either system.")
    return _(
        "The darker grey band spans {low} to {high} client nodes, the fewest to the most both systems were run at; the "
        "lighter one the client nodes only one system was run across."
    ).format(low=num(span[0], 0), high=num(span[1], 0))


def _projections_caption(m: Metrics) -> str:
    """Which projection each dotted line is, by name and node count, where the axis reaches it (a line's own label
    may give way to the points it would cover: scaling reading 11b, m8)."""
    hi = client_range(m)[1]
    drawn = [(p.name, p.nodes) for p in m.projections if p.nodes is not None and p.nodes <= hi]
    if not drawn:
        return ""
    lines = [
        _("“{name}” at {nodes}").format(
            name=name, nodes=ngettext("{n} client node", "{n} client nodes", k).format(n=num(k, 0))
        )
        for name, k in drawn
    ]
    if len(lines) == 1:
        return _("The dotted line marks {line}.").format(line=lines[0])
    return _("The dotted lines mark {lines}.").format(lines=join_words(lines))


def _reach_caption(m: Metrics, fitted: list[str], names: dict[str, str]) -> list[str]:
    """Where a fitted curve stops short of the axis, and why (scaling reading 10, B1)."""
    s, hi, out = scaling_of(m), client_range(m)[1], []
    for key in fitted:
        side = s.side(key)
        assert side is not None and side.usl is not None
        if not side.usl.describes and side.usl.peak_clients is not None:
            # no diamond on it, though the caption names one (scaling reading 11, minor 6)
            text = _(
                "{system}'s fitted parameters cannot be used to extrapolate: its curve is drawn dashed, over its "
                "{most} only, its fitted peak unmarked."
            )
        elif not side.usl.describes:
            text = _(
                "{system}'s fitted parameters cannot be used to extrapolate: its curve is drawn dashed, over its "
                "{most} only."
            )
        elif curve_reach(side) < hi:
            text = _(
                "{system}'s curve stops at twice its {most}: the fit cannot tell what lies further beyond the sweep."
            )
        else:
            continue
        most = ngettext("{n} client node tested", "{n} client nodes tested", side.max_clients)
        out.append(text.format(system=names[key], most=most.format(n=num(side.max_clients, 0))))
    return out


def scaling_caption(m: Metrics, names: dict[str, str]) -> str:
    """What each line of the scaling chart is (scaling reading 7b, minor 10): a fitted law, or a node-local side's
    aggregate modelled as one node × nodes; the refits' spread beyond the counts tested; how a straight line looks on
    the log axis; and the cluster's client nodes where the axis stops short of them. `names`: each side's system name
    as the chart's words print it (charts/describe.py system_names)."""
    s = scaling_of(m)
    fitted = [key for key in SIDES if (side := s.side(key)) is not None and side.usl is not None]
    modelled = [key for key in SIDES if s.side(key) is None and s.one_node_gbps.side(key) is not None]
    parts = [_("Open points are runs, drawn side by side, filled ones their mean, bars their range.")]
    if fitted:
        banded = any(refit_band(s.side(key), [float(s.max_clients)]) is not None for key in fitted)
        # the grey band reaches the most either side ran: a side that stopped short is dashed inside it (reading 11, m6)
        uneven = len({side.max_clients for key in SIDES if (side := s.side(key)) is not None}) > 1
        if uneven:
            parts.append(
                _(
                    "A solid line is a fitted law, dashed beyond its own system's client nodes tested, where the "
                    "lighter band in its colour spans the refits to one run per client count."
                )
                if banded
                else _("A solid line is a fitted law, dashed beyond its own system's client nodes tested.")
            )
            parts.append(_bands_caption(m))
        else:
            parts.append(
                _(
                    "A solid line is a fitted law, dashed beyond the client nodes tested (the grey band), where the "
                    "lighter band in its colour spans the refits to one run per client count."
                )
                if banded
                else _("A solid line is a fitted law, dashed beyond the client nodes tested (the grey band).")
            )
    parts += _reach_caption(m, fitted, names)
    for key in modelled:
        parts.append(
            _(
                "The dotted line is {system}'s aggregate modelled as one node's bandwidth × nodes, neither swept nor "
                "fitted; on the logarithmic axis this straight line curves upward."
            ).format(system=names[key])
        )
    for key in SIDES:
        if (side := s.side(key)) is not None and side.usl is None:
            text = _("{system}'s points give no fitted law, so no curve is drawn for it beyond them.")
            parts.append(text.format(system=names[key]))
    parts += _marks_caption(m)
    if s.cluster_nodes > client_range(m)[1] and s.cluster_nodes > s.job_nodes:
        parts.append(
            ngettext(
                "The cluster's {n} client node (every job saving at once) lies beyond the axis.",
                "The cluster's {n} client nodes (every job saving at once) lie beyond the axis.",
                s.cluster_nodes,
            ).format(n=num(s.cluster_nodes, 0))
        )
    return " ".join(parts)
