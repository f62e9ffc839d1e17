"""How the systems scale with client nodes: the points, the fitted law, the white paper's claim at the job's size,
the cluster's demand against the candidate's fitted capacity, and each projection's aggregate at its nodes."""

from __future__ import annotations

import math

from report.compute import SIDES
from report.compute.fit_reach import unprojected
from report.compute.scaling_checks import refit_band
from report.compute.scaling_figures import ScalingSide
from report.document.blocks import Block, Column, Para, Section, Table
from report.formatting import count, projection_texts, sig, x3
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.flagged import fit_flagged, flagged_fit
from report.wording.kept_figures import law_fails, run_at
from report.wording.projection_reach import not_measured_cell, unmeasured_sentence, unmeasured_sides
from report.wording.scaling import (
    basis,
    measured,
    node_local,
    not_measured,
    projection_nodes,
    side_of,
)
from report.wording.scaling_capacity import cluster_capacity
from report.wording.scaling_claim import claim
from report.wording.scaling_fit import fit_words
from report.wording.scaling_projected import (
    fell_beyond_job,
    marked,
    orders_differ,
    projected_time_basis,
    same_basis,
    slower_than_saved,
    untimed_note,
)
from report.wording.scaling_unprojected import fallen_words, unprojected_basis

ID = "scaling"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("scaling",)


def _cell(values: tuple[float, ...], mean: float) -> str:
    """A point's mean, with its runs' range where there are several: "3.20 (3.00–3.40)"."""
    if len(values) == 1:
        return sig(mean)
    return _("{mean} ({low}–{high})").format(mean=sig(mean), low=sig(min(values)), high=sig(max(values)))


def _names(w: Words) -> dict[str, str]:
    return {"candidate": w.name("candidate"), "baseline": w.name("baseline")}


def _ratio_cell(baseline: ScalingSide, candidate: ScalingSide, k: int) -> str:
    """The candidate's mean over the baseline's at `k` client nodes, "–" where either was not run there."""
    b = next((p.mean_gbps for p in baseline.points if p.clients == k), None)
    c = next((p.mean_gbps for p in candidate.points if p.clients == k), None)
    return "–" if b is None or c is None else x3(c / b)


#: Table 12's marks on a fitted cell (scaling reading 11b, m3: 11.1 GB/s at 24 nodes, beyond HDD NAS's 16, unflagged),
#: and on a node-local side's one node's bandwidth times the nodes (cold read 14c, Q-m2: "720", shown by no test).
EXTRAPOLATED, UNDESCRIBED, ASSUMED = "†", "‡", "§"
FIT_MARKS = (EXTRAPOLATED, UNDESCRIBED)


def _fit_mark(s: ScalingSide, k: int, unrun: bool) -> str:
    """ "†" on a fitted figure beyond the side's client nodes tested, "‡" on one at a count it was not run at from a law
    that does not describe its points, "" otherwise."""
    if s.usl is None:
        return ""
    if k > s.max_clients:
        return EXTRAPOLATED
    return UNDESCRIBED if unrun and not s.usl.describes else ""


def _mark_notes(marks: set[str]) -> list[str]:
    """What each fit mark a table's cells carry means, for that table's note: every mark printed is explained, and
    only those (scaling reading 16, m3)."""
    out = []
    if EXTRAPOLATED in marks:
        out.append(
            _("{mark} beyond that system's client nodes tested: an extrapolation of its fit.").format(mark=EXTRAPOLATED)
        )
    if UNDESCRIBED in marks:
        out.append(
            _(
                "{mark} at a count that system was not run at, from a law whose parameters cannot be used to "
                "extrapolate: no forecast."
            ).format(mark=UNDESCRIBED)
        )
    return out


def _points_table(w: Words) -> Table:
    """Each client count's runs on each side that has rows: the mean (the runs' range), the runs, the fitted law."""
    sides = {key: s for key in SIDES if (s := side_of(w.m, key)) is not None}
    keys = list(sides)
    counts = sorted({p.clients for s in sides.values() for p in s.points})
    columns = [Column(_("Client nodes"))]
    for key in keys:
        name = w.name(key)
        columns += [
            Column(_("{system}: mean GB/s").format(system=name)),
            Column(_("Runs")),
            Column(_("{system}: fitted GB/s").format(system=name)),
        ]
    rows, marks = [], set()
    for k in counts:
        row = [count(k)]
        for key in keys:
            s = sides[key]
            point = next((p for p in s.points if p.clients == k), None)
            # a law that does not describe its points gives no figure beyond them (scaling reading 10, minor 2)
            fit = None if s.usl is None or (not s.usl.describes and k > s.max_clients) else s.usl.capacity(k)
            row += ["–", "–"] if point is None else [_cell(point.run_gbps, point.mean_gbps), str(point.runs)]
            mark = "" if fit is None else _fit_mark(s, k, point is None)
            marks.add(mark)
            row.append("–" if fit is None else sig(fit) + mark)
        if len(keys) == 2:  # the advantage at each count, the section's question (scaling reading 9, M4)
            row.append(_ratio_cell(sides["baseline"], sides["candidate"], k))
        rows.append(tuple(row))
    note = _(
        "Mean: the mean of the runs' aggregate write bandwidth at that client count, their range in brackets "
        "where there are several. Fitted: the Universal Scalability Law fitted to each system's points (Appendix B)."
    )
    note += "".join(" " + said for said in _mark_notes(marks))
    if len(keys) == 2:
        columns.append(Column(_("{candidate} ÷ {baseline}: means").format(**_names(w))))
        note += " " + _(
            "{candidate} ÷ {baseline}: the ratio of the two means, at the client counts both systems were run at."
        ).format(**_names(w))
    caption = _("Aggregate write bandwidth by client nodes writing at once")
    return Table("scaling", caption, tuple(columns), tuple(rows), note, illustrative=w.marked("scaling"))


def _projections(w: Words) -> list:
    """Each projection's aggregate per side at its nodes (`projections[i].scaled_gbps`), beside its save times."""
    m = w.m
    shown = m.projections and (m.scaling is not None or any(node_local(m, key) for key in SIDES))
    if not shown:
        return []
    rows = []
    for p in m.projections:
        times, nodes = projection_texts(p), projection_nodes(p)
        scaled, gaps = p.scaled, unmeasured_sides(w, p)
        rows.append(
            (
                p.name,
                "–" if nodes is None else count(nodes),
                not_measured_cell() if "baseline" in gaps else marked(m, p, times.baseline),
                _scaled_cell(w, "baseline", scaled.baseline, nodes),
                not_measured_cell() if "candidate" in gaps else marked(m, p, times.candidate),
                _scaled_cell(w, "candidate", scaled.candidate, nodes),
            )
        )
    columns: tuple[Column, ...] = (Column(_("Projection"), False), Column(_("Nodes")))
    for key in SIDES:
        name = w.name(key)
        columns += (
            Column(_("{system}: save (s)").format(system=name)),
            Column(_("{system}: GB/s").format(system=name)),
        )
    notes = [
        _("Save times: the projections' own, fitted over checkpoint size; they do not use the aggregates beside them.")
    ]
    notes += [projected_time_basis(w, key) for key in SIDES]
    notes += [said for p in m.projections if (said := unmeasured_sentence(w, p))]
    # each mark the note explains is on a cell, and each cell's mark explained (scaling reading 16, m3: a "*" note
    # under cells that all read "not measured"; HX-20's 121 GB/s at 32 nodes, beyond its 20 tested, unmarked)
    printed = {mark for row in rows for cell in row[1:] for mark in FIT_MARKS if mark in cell}
    notes += [said for said in (untimed_note(m, rows),) if said] + fell_beyond_job(w)
    notes += _mark_notes(printed)
    # a save time fitted over a row the consistency audit flags says so here too (cold read 8b, H-5)
    notes += [flagged_fit(w, key) for key in SIDES if fit_flagged(w, key)]
    notes.append(_("GB/s: each system's aggregate write bandwidth at the projection's nodes, none without its GPUs."))
    if any(run_at(w, key, p.nodes) for p in m.projections for key in SIDES):
        notes.append(
            _("Where the sweep ran the projection's node count, GB/s is the mean of its runs there, not the fit.")
        )
    if any(_refit_range(w, key, p.nodes) for p in m.projections for key in SIDES):
        notes.append(
            _(
                "In brackets, beyond the client nodes tested: the least and the greatest over the refits to one run "
                "per client count, a spread of the runs, not a confidence interval."
            )
        )
    notes += [_basis_note(w, key) for key in SIDES]
    notes += [said for key in SIDES if (said := _past_peak(w, key))]
    notes += [said for p in m.projections if (said := slower_than_saved(w, p))]
    notes += orders_differ(w)
    notes += [said for p in m.projections if (said := same_basis(w, p))]
    table = Table(
        "scaling-projections",
        _("Projections: save times and each system's aggregate write bandwidth at the projection's nodes"),
        columns,
        tuple(rows),
        " ".join(notes),
        illustrative=w.marked("save_times", "scaling", "bandwidth"),
    )
    return [table]


def _refit_range(w: Words, key: str, nodes: int | None) -> tuple[float, float] | None:
    """The refits' least and greatest aggregate at `nodes` where they lie beyond the side's client nodes tested
    (scaling reading 9, M2: 11.8 GB/s at 8× the nodes tested, printed alone); None within them or without refits."""
    s = side_of(w.m, key)
    if nodes is None or s is None or s.usl is None or not s.usl.describes or nodes <= s.max_clients:
        return None
    found = refit_band(s, [float(nodes)])
    if found is None or not (math.isfinite(found[0][0]) and math.isfinite(found[1][0])):
        return None
    return found[0][0], found[1][0]


def _scaled_cell(w: Words, key: str, value: float | None, nodes: int | None) -> str:
    """A side's aggregate at a projection's nodes, with the refits' range beyond the client nodes tested; "–" where
    nothing gives one or only a fit the law does not describe would."""
    if (point := run_at(w, key, nodes)) is not None:
        return sig(point.mean_gbps)  # the runs' mean, not the fit, where the sweep ran there (scaling reading 11, m7)
    s = side_of(w.m, key)
    if key in unprojected(w.findings) and s is not None and nodes is not None and nodes > s.max_clients:
        return not_measured_cell()  # a fit the job's saves or its refits contradict (scaling reading 18, X-1)
    if value is None or law_fails(w, key):
        # a law the report disowns gives no figure where its side was not run (scaling reading 13, M2: OrangeFS's
        # "12.8 GB/s" at 64 nodes, then a bound drawn from it); the note says what its runs gave instead
        return "–"
    spread = _refit_range(w, key, nodes)
    if _assumed(w, key):
        return sig(value) + ASSUMED
    mark = "" if s is None or nodes is None else _fit_mark(s, nodes, unrun=True)  # a fit where no run was
    return (sig(value) if spread is None else _cell(spread, value)) + mark


def _basis_note(w: Words, key: str) -> str:
    """Table 13's note on what side `key`'s aggregate at a projection's nodes assumes."""
    if said := unprojected_basis(w, key):
        return said
    return f"{ASSUMED} " + basis(w, key) if _assumed(w, key) else basis(w, key)


def _assumed(w: Words, key: str) -> bool:
    """A node-local side without a fitted law: its aggregate is one node's bandwidth times the nodes, assumed."""
    s = side_of(w.m, key)
    return node_local(w.m, key) and (s is None or s.usl is None)


def _past_peak(w: Words, key: str) -> str:
    """Where a projection's nodes lie past a side's fitted peak, itself beyond the counts run: its figure there is on
    the fitted curve's falling side, which no run shows (scaling reading 11b, m4: HDD NAS at 32 nodes, its peak at
    25.3, its runs still rising at 16); "" otherwise."""
    s = side_of(w.m, key)
    if s is None or s.usl is None or not s.usl.describes or (peak := s.usl.peak_clients) is None:
        return ""
    if key in unprojected(w.findings):
        return ""  # a peak the runs do not show is not followed past the sweep (scaling reading 18, X-1)
    past = sorted({n for p in w.m.projections if (n := p.nodes) is not None and n > peak > s.max_clients})
    if not past:
        return ""
    text = _(
        "{system}'s aggregate at {nodes} nodes lies past its fitted peak at {peak} client nodes, on the fitted curve's "
        "falling side, beyond every count it was run at."
    )
    return text.format(system=w.name(key), nodes=join_words([count(n) for n in past]), peak=sig(peak))


def _lead(w: Words) -> str:
    """Why the section matters; what storage local to each node does only where a side is (scaling reading 9, m2)."""
    if any(node_local(w.m, key) for key in SIDES):
        return _(
            "Whether a bandwidth advantage holds in a cluster depends on how each system's "
            "aggregate write bandwidth grows as more client nodes write at once: storage local to each node grows "
            "with the nodes as long as each node keeps its own rate while all write, a shared array only as far as it "
            "scales. It decides a save's time only where the save is bound by bandwidth (“Consistency audit”)."
        )
    return _(
        "Whether a bandwidth advantage holds in a cluster depends on how each system's aggregate write bandwidth "
        "grows as more client nodes write at once: both systems here are shared, so each grows only as far as it "
        "scales. It decides a save's time only where the save is bound by bandwidth (“Consistency audit”)."
    )


def build(w: Words) -> Section:
    m = w.m
    title = _("Scaling with client nodes")
    if m.scaling is None:
        return Section(ID, title, (*not_measured(w), *_projections(w)))
    lead = Para(_lead(w), "lead")
    fits = [
        w.p(fit_words(w, key), "scaling", side=key, style="warning" if law_fails(w, key) else "p")
        for key in SIDES
        if side_of(m, key) is not None
    ]
    fell = [w.p(said, "scaling")] if (said := fallen_words(w)) else []  # zh reading 18, Y-M5
    blocks: list[Block] = [lead, *measured(w), _points_table(w), *fits, *fell, w.figure("scaling"), claim(w)]
    if (capacity := cluster_capacity(w)) is not None:
        blocks.append(capacity)
    return Section(ID, title, (*blocks, *_projections(w)))
