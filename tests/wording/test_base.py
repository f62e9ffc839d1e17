"""The words helper: every figure drawn from an illustrative input is marked, and only those."""

from report.document.blocks import Table
from report.wording.base import sides
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import all_paras, build, evidence


def test_no_illustrative_figure_is_unmarked():
    ctx, m = build(DATA)
    assert m.inputs_illustrative == ("bandwidth", "load_times")
    illustrative_figures = ("6.20×", "9.30×", "3.26 GB/s", "6.40 GB/s", "41.6 s", "332 s", "558 GB", "580 GB")
    for p in all_paras(ctx):
        if any(f in p.text for f in illustrative_figures):
            assert p.illustrative, p.text
    tables = [b for s in ctx.sections for b in s.blocks if isinstance(b, Table)]
    assert {t.id for t in tables if t.illustrative} == {"bandwidth", "load", "raw-bandwidth", "raw-loads"}
    assert {c for c, chart in ctx.charts.items() if chart.illustrative} == {"bandwidth", "throughput", "load-times"}
    loading = next(k for k in ctx.cover.tiles if k.id == "loading")
    # one load time per system (cold read 13, M1): said by its figure (cold read 15, M2), marked by its input
    assert (loading.value, loading.mark) == ("Not established", "Illustrative input")
    assert evidence(ctx).startswith(
        # every record in one list, the source note quoted once, in the setup's data sources (cold read 16, T-m2/m3)
        "The records this report rests on are checkpoint save times (see “Appendix A: inputs”), measured, by their "
        "source notes (in “Test setup and data sources”), not by this tool. Illustrative inputs, not measured:"
    )


def test_without_illustrative_inputs_nothing_is_marked():
    ctx, _ = build(FIXTURES / "repeated")
    assert not any(p.illustrative for p in all_paras(ctx))
    # Every input supplied in a CSV, with no source note saying measured: "supplied", never "measured" (minor 11).
    assert evidence(ctx) == (
        "The records this report rests on are checkpoint save times, write bandwidth and model load "
        "times (see “Appendix A: inputs”), supplied with the test, not produced in making this report. Every figure is computed from these inputs, attached to the PDF edition, and from the assumptions in "
        "the test setup."
    )


def test_one_view_per_side_holds_that_side_of_every_part():
    _ctx, m = build(FIXTURES / "repeated")
    baseline, candidate = sides(m)
    assert (baseline.key, baseline.system, candidate.key, candidate.system) == (
        "baseline",
        "Old NAS",
        "candidate",
        "Array X",
    )
    assert (baseline.save.mean_s, candidate.save.mean_s) == (110, 55)  # (100 + 110 + 120) / 3 and Array X's
    assert baseline.fit is m.fits["baseline"] and candidate.reliability is m.reliability.candidate
    assert baseline.bandwidth is m.bandwidth.baseline and candidate.audit is m.audit.candidate
