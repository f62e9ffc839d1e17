"""Scaling reading 7b (docs/readings/scaling-reading-7b.md), its BLOCKER and MAJOR findings on the reader's joint test
(examples/scaling-cluster), each figure worked from metrics.json's own values here:

- 1: page 1's client-sweep line, on illustrative sweep rows, without the mark the scaling section gives them;
- 2: "at least 46.0 s" printed beside 31.2–52.2 s across refits; page 1 without the baseline's 45.1 s;
- 3: "the advantage shrinks" against a baseline that is one node × nodes, not swept;
- 4: Table 11's −3.22 s a save, whose sign comes from giving the two sides different bases;
- 5: a sweep client (a benchmark writing flat out) read as a training node saving; what sets the curve not logged.
"""

from __future__ import annotations

import shutil

from markupsafe import escape

from report.compute import scaling_compare as compare
from report.compute.nodes import share
from report.compute.projections import predict
from report.document.blocks import Table
from report.formatting import rounded, sig
from report.i18n import activate
from report.render import html as render
from tests.sections.helpers import build, cover_text, paras, section, texts
from tests.sections.test_scaling import EXAMPLE, words


def _all(ctx, section_id: str) -> str:
    return " ".join(texts(section(ctx, section_id).blocks))


def _customer_text(ctx) -> str:
    """Page 1 (its tiles too) and every section's words and table notes."""
    tiles = " ".join(t.note for t in ctx.cover.tiles)
    tables = [b for s in ctx.sections for b in s.blocks if isinstance(b, Table)]
    notes = " ".join([t.note for t in tables] + [cell for t in tables for row in t.rows for cell in row])
    return " ".join([cover_text(ctx), tiles, notes, *(_all(ctx, s.id) for s in ctx.sections)])


def _tile(ctx) -> str:
    return next(t.note for t in ctx.cover.tiles if t.id == "capacity")


def _sweep_note(ctx) -> tuple[str, str]:
    c = ctx.cover
    i = next(i for i, note in enumerate(c.verdict_notes) if note.startswith(("Client sweep:", "客户端扫描：")))
    return c.verdict_notes[i], c.note_marks[i]


def test_1_page_one_marks_the_client_sweep_line_as_the_scaling_section_marks_its_figures(tmp_path):
    for language, label in (("en", "Illustrative"), ("zh-CN", "示意值")):
        with activate(language):
            ctx, m = build(EXAMPLE)
            note, mark = _sweep_note(ctx)
            html = render.render_html(ctx, render.chart_sources(ctx.charts, None), print_copy=True)
        assert "scaling" in m.inputs_illustrative and mark == "illustrative"
        # the scaling section marks the same ratios so
        assert section(ctx, "scaling").blocks and any(
            p.illustrative == "illustrative" for p in paras(section(ctx, "scaling").blocks)
        )
        # on page 1 and again under page 2's "Page 1, continued", where page 1 moves it
        badge = f'<p class="verdict-note illustrative" data-shed="1"><span class="mark-illustrative">{label}</span> '
        assert html.count(badge + str(escape(note[:8]))) == 2, language
    # a sweep and a bandwidth test that are not illustrative: no mark
    path = tmp_path / "measured"
    shutil.copytree(EXAMPLE, path)
    toml = path / "test.toml"
    toml.write_text(toml.read_text().replace('"bandwidth", "load_times", "scaling"]', '"load_times"]'))
    ctx, m = build(path)
    assert m.inputs_illustrative == ("save_times", "load_times")
    assert _sweep_note(ctx)[1] == ""
    html = render.render_html(ctx, render.chart_sources(ctx.charts, None), print_copy=True)
    start = str(escape(_sweep_note(ctx)[0][:8]))
    assert html.count(f'<p class="verdict-note" data-shed="1">{start}') == 2
    assert f"</span> {start}" not in html


def test_2_the_fitted_maximum_is_no_floor_beside_the_refits_and_page_one_names_the_baseline():
    ctx, m = build(EXAMPLE)
    total = m.cluster.jobs * m.save.candidate.snapshot_gb  # 31 × 65.6 GB
    top = compare.peak_capacity(m.scaling.candidate.usl)
    r = compare.refit_ranges(m.scaling, "candidate")
    point, low, high = total / top, total / r.top_high, total / r.top_low
    assert (sig(total), sig(top), sig(point), sig(low), sig(high)) == ("2,034", "44.2", "46.0", "31.2", "52.2")
    assert low < m.save.baseline.mean_s < high  # the refits straddle the baseline's 45.1 s: neither is shown faster
    text = _customer_text(ctx)
    assert "at least 46.0" not in text and "至少 46.0" not in text
    assert _tile(ctx).endswith(
        f"all at once: {sig(point)} s a save if it tops out at the extrapolated fit's maximum ({sig(low)}–{sig(high)} s "
        f"across refits), against the baseline's {sig(m.save.baseline.mean_s)} s: neither shown faster"
    )
    body = (
        f"take {sig(point)} s to write if the storage tops out at the fitted maximum of {sig(top)} GB/s (an "
        "extrapolation beyond the 8 client nodes tested, which gave 37.1 GB/s), and longer below it, against 24.1 s "
        f"for one job saving alone. At the one-run-per-count refits' maxima it takes {sig(low)}–{sig(high)} s, against "
        "the baseline's 45.1 s"
    )
    for section_id in ("summary", "bubble", "scaling", "qa"):
        assert body in _all(ctx, section_id), section_id


def test_2_where_every_refit_is_slower_the_floor_is_the_least_refit(tmp_path):
    """A candidate that tops out near 16 GB/s: 2,034 GB take over 45.1 s on every refit, so the least of them is a
    floor and "no faster than the baseline" holds."""
    path = tmp_path / "sweep"
    shutil.copytree(EXAMPLE, path)
    c = "Mingxin FX100"
    rows = [(1, 6.3), (1, 6.4), (2, 10.0), (2, 10.2), (4, 14.0), (4, 14.3), (8, 15.0), (8, 15.5)]
    runs: dict[int, int] = {}
    lines = ["system,clients,run,write_gbps"]
    for k, v in rows:
        runs[k] = runs.get(k, 0) + 1
        lines.append(f"{c},{k},{runs[k]},{v}")
    (path / "scaling.csv").write_text("\n".join(lines) + "\n")
    ctx, m = build(path)
    total = m.cluster.jobs * m.save.candidate.snapshot_gb
    r = compare.refit_ranges(m.scaling, "candidate")
    low = total / r.top_high
    point = total / compare.peak_capacity(m.scaling.candidate.usl)
    assert low > m.save.baseline.mean_s
    assert _tile(ctx).endswith(
        f"all at once: at least {sig(low)} s a save across refits ({sig(point)} s if it tops out at the fitted "
        f"maximum), no faster than the baseline's {sig(m.save.baseline.mean_s)} s"
    )


def test_3_a_ratio_against_a_modelled_baseline_is_said_modelled_with_what_it_moves_with():
    ctx, m = build(EXAMPLE)
    points = {p.clients: p.mean_gbps for p in m.scaling.candidate.points}
    at4, at8 = points[4] / 4, points[8] / 8  # the candidate's rate per client node at the job's 4 nodes and at 8
    one = m.bandwidth.baseline_gbps
    assert (sig(at4), sig(at8), sig(one)) == ("5.75", "4.64", "3.19")
    # the modelled ratio moves with the candidate's per-node rate alone: 1.80 × 4.64 / 5.75 = 1.45
    assert round(m.scaling.at_job.ratio * at8 / at4, 2) == 1.45
    summary = _all(ctx, "summary")
    assert "shrinks" not in summary
    assert (
        "1.80× the baseline's modelled aggregate (one node × nodes) at the job's 4 nodes and 1.45× at 8 client nodes, "
        f"the most tested. Local NVMe RAID-0 (per node) was not swept: its aggregate is one node's {sig(one)} GB/s × "
        f"nodes, so the ratio moves only with Mingxin FX100's rate per client node, {sig(at4)} GB/s at 4 and "
        f"{sig(at8)} GB/s at 8" in summary
    )
    assert "is 1.80× the baseline's modelled aggregate (one node × nodes) (see" in _all(ctx, "qa")
    assert (
        f"It moves only with Mingxin FX100's rate per client node, {sig(points[1])} GB/s at 1 and {sig(at8)} GB/s at "
        "8: Local NVMe RAID-0 (per node)'s is modelled, not swept (below)." in words(ctx)
    )
    assert ": shrinking." not in cover_text(ctx)


def test_4_table_11_prints_both_bases_where_the_faster_system_turns_on_them():
    ctx, m = build(EXAMPLE)
    (p,) = m.projections
    per_node = m.node_local.gpus_per_node
    part = p.snapshot_gb * share(p.gpus, per_node)  # 17.5 GB on each of 8 nodes
    other = predict(m.fits["candidate"], part / share(m.save.candidate.gpus, per_node))  # 25.7 s
    saved = p.baseline_s - other
    assert (sig(part), rounded(other), rounded(saved)) == ("17.5", "25.7", "22.5")
    assert (rounded(p.saved_per_save_s), rounded(p.saved_total_s)) == ("−3.22", "−64.5")  # metrics.json unchanged
    table = next(b for b in section(ctx, "projections").blocks if isinstance(b, Table))
    assert table.rows == (
        (
            "70B on 64 GPUs",
            "140 GB",
            "48.2",
            f"{rounded(other)} to {rounded(p.candidate_s)}",
            f"{rounded(p.saved_per_save_s)} to {rounded(saved)}",
            "20",
            f"{rounded(p.saved_total_s)} to {rounded(saved * p.saves)}",
        ),
    )
    assert (
        "“70B on 64 GPUs”: Mingxin FX100's time on two bases, 51.4 s writing the whole checkpoint at the rate of this "
        "test's saves and 25.7 s writing each node's part at that rate, as Local NVMe RAID-0 (per node) does; which "
        "system is faster is not known until a save is timed at 8 nodes" in table.note
    )
    # Table 13's note words the same finding
    assert "Which system is faster there turns on that assumption." in _customer_text(ctx)


def test_5_a_sweep_client_is_not_a_training_node_and_what_sets_the_curve_was_not_logged():
    ctx, m = build(EXAMPLE)
    points = {p.clients: p.mean_gbps for p in m.scaling.candidate.points}
    per_node = m.save.candidate.effective_gbps / m.nodes  # 65.6 GB ÷ 24.08 s ÷ 4 nodes
    assert (sig(per_node), sig(points[4] / 4), f"{100 * per_node / (points[4] / 4):.1f}") == ("0.681", "5.75", "11.8")
    text = words(ctx)
    assert (
        "A client node of the sweep is a benchmark client writing as fast as it can: 5.75 GB/s each with 4 writing. A "
        "node of this job's save wrote 0.681 GB/s (16.4 GB in 24.1 s), 11.8% of that: where this section reads the "
        "job's or the cluster's nodes as client nodes, it gives what that many such writers drive, not what that many "
        "nodes' saves draw." in text
    )
    assert f"What held one client to {sig(points[1])} GB/s" in text
    # no link's load is logged: nothing says how busy the clients' NICs were
    for claim in ("line rate", "of their NICs", "NICs are not the limit"):
        assert claim not in _customer_text(ctx)
    assert "with the network between it and the clients" in text


def test_chinese_of_the_reading_7b_sentences():
    with activate("zh-CN"):
        ctx, _ = build(EXAMPLE)
        text = _customer_text(ctx)
    for english in ("tops out", "neither shown", "two bases", "benchmark client", "moves only", "modelled"):
        assert english not in text
    assert "若存储以外推拟合的最大值封顶，每次 46.0 s（重新拟合为 31.2–52.2 s），基线为 45.1 s" in _tile(ctx)
    assert "25.7～51.4" in text and "−3.22～22.5" in text
    assert "本作业保存时每个节点写入 0.681 GB/s（24.1 s 内写入 16.4 GB），仅为前者的 11.8%" in text
    assert "客户端扩展测试" not in text  # one name for the sweep (reading 7b, finding 17)
