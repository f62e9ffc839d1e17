"""The training-run table prints each figure as the prose does (one precision per figure)."""

from report.document.blocks import Table
from tests.conftest import DATA, FIXTURES, ROOT
from tests.sections.helpers import build, paras, section, texts
from tests.sections.test_words import ASYNC_EXAMPLE


def test_the_run_table_prints_seconds_as_the_prose_does():
    # examples/fio-local: saves (3.212 + 3.717 + 2.835) ÷ 3 = 3.2547 s and (2.12 + 2.317 + 2.012) ÷ 3 = 2.1497 s,
    # × 20 saves = 65.09 s and 42.99 s, 22.1 s saved (the tile's "22.1 s"), not 65, 43 and −22; 10,000 × 0.5 s of
    # compute = 5,000 s, wall times 5,065.09 s and 5,042.99 s
    ctx, _ = build(ROOT / "examples" / "fio-local")
    table = next(b for b in section(ctx, "bubble").blocks if isinstance(b, Table))
    assert [row[1:] for row in table.rows] == [
        ("5,000", "5,000", "0"),
        ("65.1", "43.0", "−22.1"),
        ("5,065", "5,043", "−22.1"),
    ]
    # asynchronous saves would take it away at today's interval: said on the tile (cold read 24, M1)
    assert (
        next(k for k in ctx.cover.tiles if k.id == "training").note == "22.1 s of 5,065 s; none if saved asynchronously"
    )


def test_the_illustrative_mark_lands_on_the_bandwidth_demand_not_on_the_capacity_beside_it():
    # data/: save times supplied (unmarked), bandwidth illustrative. 20 saves of 178 s and 94 s in 10,000 steps:
    # 36,000 s and 34,320 s of wall time, 36,000 ÷ 34,320 − 1 = 4.90% more steps per GPU; × 1,000 GPUs ÷ 1.049 =
    # 49.0 GPU-equivalents. Those come from the save times alone; the demand (4.78 GB/s, 87.2 GB/s against the
    # illustrative 6.40 GB/s) is its own paragraph, marked.
    ctx, m = build(DATA)
    assert "bandwidth" in m.inputs_illustrative and "save_times" not in m.inputs_illustrative
    for section_id in ("summary", "bubble"):
        said = list(paras(section(ctx, section_id).blocks))
        # one save per system: a condition, as where the interval includes 1× (cold read 13, M1)
        capacity = next(p for p in said if p.text.startswith("If the means held: each GPU would complete 4.90% more"))
        # the condition the bandwidth sets, in the sentence (cold read 11, M1), but none of its figures
        # 125 jobs' saves cannot be staggered on either side (scaling reading 20, AB-M1): 125 × 178 s = 22,250 s of
        # saving in each 1,622 + 178 = 1,800 s cycle, 12.36 in flight; 125 × 94.0 s = 11,750 s in 1,716 s, 6.847; the
        # summary names them and points to the section, which gives the figures
        assert (
            "that would be worth 49.0 GPUs of capacity, if every job's save kept the time it took alone in this test, "
            + (
                "which the saves on Local NVMe (single drive) and Mingxin FX100 cannot, as they overlap (see “Training "
                "bubble analysis”)."
                if section_id == "summary"
                else "which cannot hold. On Local NVMe (single drive), the 125 jobs need 22,250 s of saving in each "
                "1,800 s checkpoint cycle, so 12.4 of their saves are in flight at once on average, sharing the "
                "storage. On Mingxin FX100, the 125 jobs need 11,750 s of saving in each 1,716 s checkpoint cycle, so "
                "6.85 of their saves are in flight at once on average, sharing the storage. Each would take longer "
                "than this test timed it, so this test does not establish the figure."
            )
            in capacity.text
        ), capacity.text
        assert "GB/s" not in capacity.text
        assert capacity.illustrative == "", section_id
        if section_id == "summary":
            # the summary states the finding and points to the section that weighs the demand (issue 45: each fact
            # explained once; doc15, 03a97c7): none of the illustrative bandwidth's figures
            assert not any("87.2 GB/s" in p.text for p in said)
            assert capacity.text.endswith(
                "The bandwidth their saves would need is weighed in “Training bubble analysis”."
            )
            continue
        demand = next(p for p in said if "87.2 GB/s" in p.text)
        assert "GPUs of capacity" not in demand.text and demand.illustrative == "illustrative"
    # the answer states the capacity with its demand in one paragraph (two sentences at most): marked as the
    # bandwidth whose figures it gives
    qa = {p.text: p.illustrative for p in paras(section(ctx, "qa").blocks)}
    answer = next(t for t in qa if "49.0 GPU-equivalents" in t)
    assert "87.2 GB/s" in answer and qa[answer] == "illustrative"
    # examples/async-70b: every input illustrative, so both paragraphs stay marked.
    ctx, _m = build(ASYNC_EXAMPLE)
    bubble = [p for p in paras(section(ctx, "bubble").blocks) if "GPUs of capacity" in p.text or "GB/s" in p.text]
    assert len(bubble) == 2 and all(p.illustrative == "illustrative" for p in bubble)


def test_an_asynchronous_benefit_below_zero_is_explained_and_the_bubble_counts_stalls():
    # examples/async-70b: writes 340 s and 75.3 s, 6 s steps: from 57 steps (342 s ≥ 340 s) neither write outlasts
    # the compute between saves and each save costs its staging alone, 9.40 s against the candidate's 9.60 s: the
    # benefit at 400 steps is slightly negative (−0.00830%).
    ctx, m = build(ASYNC_EXAMPLE)
    assert m.sensitivity.interval_reduction_pct[-1] < 0
    said = texts(section(ctx, "bubble").blocks)
    sensitivity = next(t for t in said if t.startswith("The benefit depends on how often"))
    # A negative shortening is said as a lengthening, never "−0.00830%" (Chinese reading 5, minor 7).
    assert (
        "not proposed settings) the run is 75.7% shorter with a save every 6 steps and 0.00830% longer every 400 steps"
        in (sensitivity)
    )
    assert "−" not in sensitivity
    assert sensitivity.endswith(
        "It falls below zero where neither write outlasts the compute between saves (from 57 steps at 6 s per step, "
        "or with steps long enough): only staging counts there, and it takes 9.60 s on Mingxin FX100 against 9.40 s "
        "on Parallel NFS (existing)."
    )
    table = next(b for b in section(ctx, "bubble").blocks if isinstance(b, Table))
    assert table.note == "Bubble share (stalls ÷ wall time): 14.1% against 3.10%."
    # data/ saves synchronously, and its benefit stays above zero: neither wording.
    ctx, _m = build(DATA)
    table = next(b for b in section(ctx, "bubble").blocks if isinstance(b, Table))
    assert table.note == "Bubble share (saves ÷ wall time): 9.89% against 5.48%."
    assert not any("below zero" in t for t in texts(section(ctx, "bubble").blocks))


def test_sections_built_on_the_means_say_so_while_no_difference_is_shown():
    """gates_fail: the speedup's interval, 0.774× to 1.56×, includes 1×: the bubble, the projections, the answers
    and the value open by saying their figures hold only if the means held (second cold read, major 4)."""
    ctx, _m = build(FIXTURES / "gates_fail")
    # one line, the interval left to the summary and page 1 (cold reads 12 and 13: the sentence six times)
    note = (
        "The figures below hold only if the means held: this test shows no difference in save time (see the summary)."
    )
    for section_id in ("bubble", "projections", "qa"):
        assert section(ctx, section_id).blocks[0].text == note, section_id
    ctx, _m = build(DATA)  # one run per system: no interval, nothing said
    assert not any(note[:40] in t for s in ("bubble", "projections", "qa") for t in texts(section(ctx, s).blocks))


def test_a_benefit_not_shown_to_differ_stays_a_condition_past_its_banner():
    """Cold read 6, m7: gates_fail's speedup interval (0.774× to 1.56×) includes 1×; the bubble section's banner may
    be a page before its sentences, which said 'The run finishes 100 s sooner' and 'that is worth 20.4 GPUs'."""
    ctx, _m = build(FIXTURES / "gates_fail")
    said = " ".join(texts(section(ctx, "bubble").blocks))
    assert "If the means held, the run would finish 100 s sooner, 2.00% of its baseline wall time." in said
    assert "If the means held: each GPU would complete 2.04% more steps per unit of time" in said
    assert "The run finishes" not in said
    qa = next(b for b in section(ctx, "qa").blocks if getattr(b, "id", "") == "qa-utilisation")
    assert qa.title == "What would this test's save-time ratio do to GPU utilisation?"  # 1.10× is page 1's


def test_the_sensitivity_edge_says_where_it_stops_at_the_run():
    """Cold read 22, m1: economics saves every 1,000 steps of a 6,000-step run; 8× today's would be 8,000 steps, so the
    chart stops at one save in the run (6,000 steps) and the sentence says so instead of "8× today's"."""
    ctx, m = build(FIXTURES / "economics")
    assert m.sensitivity.intervals_steps[-1] == 6_000
    said = next(t for t in texts(section(ctx, "bubble").blocks) if t.startswith("The benefit depends on"))
    assert "(1/8× today's interval and one save in the whole run, short of 8×; 1/8× and 8× today's step time;" in said
    assert "every 6,000 steps" in said
    ctx, _m = build(DATA)  # 500-step interval, 10,000 steps: 8× is 4,000, within the run
    said = next(t for t in texts(section(ctx, "bubble").blocks) if t.startswith("The benefit depends on"))
    assert "(1/8× and 8× today's, not proposed settings)" in said and "every 4,000 steps" in said
