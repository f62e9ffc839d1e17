"""The projection chart draws each side against the size its line is fitted over: a side local to each node in a
panel of its own, against each node's part, its line through its projected point (cold read 5, N14)."""

import numpy as np
import pytest
from matplotlib.collections import PathCollection

from report.charts import collisions as layout
from report.charts import describe as charts
from report.charts import draw as drawing
from report.compute import compute
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, FIXTURES


def chart(folder):
    test = read_joint_test(folder)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative)
    return described["projection"], drawing.figures(m, test.bandwidth, {"projection": described["projection"]})[
        "projection"
    ]


def diamonds(ax) -> list[tuple[float, float]]:
    """The open diamonds' (x, y): the projected points."""
    out = []
    for c in ax.collections:
        if isinstance(c, PathCollection) and np.all(c.get_facecolor()[:, :3] == 1):  # white: open markers
            out += [tuple(map(float, xy)) for xy in c.get_offsets()]
    return out


def test_a_node_local_side_is_drawn_against_each_node_part_through_its_projection():
    """node_local_fit, by hand: Old NAS's line over each node's part, −5.50 s + 0.3875 s/GB; 960 GB on 64 GPUs is
    120 GB a node, 41.0 s (the old chart drew its line over whole checkpoints: 3.11 + 0.172 × 960 = 168 s there).
    Array X, shared, stays against the whole checkpoint: 1.00 + 0.100 × 960 = 97.0 s."""
    described, fig = chart(FIXTURES / "node_local_fit")
    shared, local = fig.axes[:2]
    assert shared.get_xlabel() == "Checkpoint size (GB)"
    assert local.get_xlabel() == "Each node's part of the checkpoint (GB)"
    assert diamonds(local) == [(120.0, pytest.approx(41.0))]
    assert diamonds(shared) == [(960.0, pytest.approx(97.0))]
    (line,) = local.get_lines()[:1]
    x, y = line.get_data()
    assert np.interp(120.0, x, y) == pytest.approx(41.0)  # the line runs through its diamond
    assert np.interp(200.0, x, y) == pytest.approx(72.0)  # and through the 32B rows' mean at their 200 GB a node
    assert shared.get_ylim() == local.get_ylim()  # one time scale
    assert "Old NAS is local to each node" in described.caption and "right-hand panel" in described.caption
    assert layout.problems(fig) == []


def test_shared_sides_keep_one_panel_against_the_whole_checkpoint():
    described, fig = chart(DATA)
    assert len(fig.axes) == 1 and fig.axes[0].get_xlabel() == "Checkpoint size (GB)"
    assert sorted(diamonds(fig.axes[0])) == [(140.0, pytest.approx(200.609756)), (140.0, pytest.approx(379.878049))]
    assert "local to each node" not in described.caption


def test_the_chinese_node_local_chart_is_legible():
    with activate("zh-CN"):
        _described, fig = chart(FIXTURES / "node_local_fit")
        assert fig.axes[1].get_xlabel() != "Each node's part of the checkpoint (GB)"  # translated
        assert layout.problems(fig) == []


@pytest.mark.parametrize(
    ("value", "others", "above"),
    [
        (11.9, [212.0], True),  # in the lowest tenth (21.2 s), 200 s below the other: above, clear of the axis
        (1000.0, [1100.0], False),  # close to the other: below, so the two labels do not meet
        (30.0, [212.0], False),  # above the lowest tenth: below has room over the axis
        (11.9, [212.0, 40.0], False),  # another time within a fifth (42.4 s) of it: below
    ],
)
def test_a_low_time_far_below_the_other_is_labelled_above_its_point(value, others, above):
    """Chinese reading 17, W minor 12: "11.9 s" under 212 s printed on its point and the axis."""
    assert drawing._clear_above(value, others) is above
