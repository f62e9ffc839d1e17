"""The training-time sensitivity chart (Figure 5): its axis holds the values it draws."""

from report.charts import describe as charts
from report.charts import draw as drawing
from report.compute import compute
from report.inputs.joint_test import read_joint_test
from tests.conftest import FIXTURES
from tests.sections.helpers import slower_candidate


def _figure(folder):
    test = read_joint_test(folder)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative)
    return m, drawing.figures(m, test.bandwidth, {"sensitivity": described["sensitivity"]})["sensitivity"]


def test_a_run_made_longer_is_drawn_below_zero(tmp_path):
    """Cold read 6: a candidate three times slower than the baseline made every value negative, and the chart drew
    an empty 0-1 axis. The economics fixture with its save systems swapped: the axis reaches below the lowest value,
    with a zero line, and still shows the G4 target above."""
    folder = slower_candidate(tmp_path)
    m, fig = _figure(folder)
    sv = m.sensitivity
    for ax, values in zip(fig.axes[:2], (sv.interval_reduction_pct, sv.step_time_reduction_pct), strict=True):
        low, high = ax.get_ylim()
        assert max(values) < 0 and low <= min(values) and high >= sv.target_pct
    # a shorter run keeps its axis from zero
    m, fig = _figure(FIXTURES / "economics")
    assert fig.axes[0].get_ylim()[0] == 0
