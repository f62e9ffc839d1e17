"""Scaling reading 10 (docs/readings/scaling-reading-10.md), on the reader's joint test R (docs/readings/cold-tests-10/
make.py.txt): the baseline swept from 1 to 12 client nodes with a negative κ, the candidate from 2 to 16 without a
one-client point, the saves timed on the job's 48 nodes, a projection to 96 nodes; and folder L of cold tests 9.

- B1: Fig. 9 drew the baseline's fit (κ < 0) to its pole, about 1,200 GB/s at 36 client nodes, flattening every point.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import matplotlib.pyplot as plt
import pytest

from report.charts import describe as charts
from report.charts import draw as drawing
from report.charts import scaling_chart
from report.compute import compute
from report.inputs.joint_test import read_joint_test
from tests.conftest import ROOT

MAKE_R = ROOT / "docs" / "readings" / "cold-tests-10" / "make.py.txt"
MAKE_L = ROOT / "docs" / "readings" / "cold-tests-9" / "make.py.txt"


@pytest.fixture(scope="module")
def joint_test_r(tmp_path_factory):
    """Folder R of cold tests 10, made by their own script."""
    where = tmp_path_factory.mktemp("cold10")
    subprocess.run([sys.executable, str(MAKE_R), str(where)], check=True)
    return where / "R"


@pytest.fixture(scope="module")
def joint_test_l(tmp_path_factory):
    """Folder L of cold tests 9, made by their own script."""
    where = tmp_path_factory.mktemp("cold9")
    shutil.copy(MAKE_L, where / "make.py")
    subprocess.run([sys.executable, str(where / "make.py")], check=True, cwd=where)
    return where / "scaling"


def _chart(path):
    test = read_joint_test(path)
    m = compute(test)
    chart = charts.describe_all(m, test.bandwidth)["scaling"]
    drawing._setup()
    return m, chart, scaling_chart.draw(m, test.bandwidth, chart)


def _reach(fig, colour) -> float:
    """The largest client count a line of the given colour is drawn to."""
    xs = [max(line.get_xdata()) for line in fig.axes[0].get_lines() if line.get_color() == colour]
    return max(xs)


def test_b1_a_fit_the_law_does_not_describe_stops_at_its_points_and_the_axis_keeps_them(joint_test_r):
    from report.charts.style import COLOURS

    m, chart, fig = _chart(joint_test_r)
    try:
        assert m.scaling.baseline.usl.kappa < 0  # κ = −0.00303 (the reader's −0.0030)
        # the baseline's curve ends at its own 12 client nodes tested, not at the pole near 36.6
        assert _reach(fig, COLOURS["baseline"]) <= 12
        # the axis: the highest run, CX-10's 33.889 GB/s at 16 client nodes, × 1.15 = 38.97 (on main: ~1,400)
        assert fig.axes[0].get_ylim()[1] == pytest.approx(33.889 * 1.15)
        assert "OpenZFS NFS head pair (existing)'s fitted law does not describe its points" in chart.caption
        assert "drawn over its 12 client nodes tested only" in chart.caption
        # every side's measured points have a legend entry, the fitted side's too (minor 6)
        labels = [t.get_text().replace("\n", " ") for t in fig.axes[0].get_legend().get_texts()]
        assert "OpenZFS NFS head pair (existing)" in labels
    finally:
        plt.close(fig)


def test_b1_a_fit_that_describes_its_points_stops_at_twice_the_sweep(joint_test_l):
    from report.charts.style import COLOURS

    m, chart, fig = _chart(joint_test_l)
    try:
        # OS-5 swept to 16 client nodes: its curve stops at 32, not at the projection's 128 nodes
        assert m.scaling.candidate.usl.describes
        assert 31 < _reach(fig, COLOURS["candidate"]) <= 32
        assert fig.axes[0].get_xlim()[1] == pytest.approx(128 * 1.2)
        assert "Orbis OS-5 all-flash NAS's curve stops at twice its 16 client nodes tested" in chart.caption
    finally:
        plt.close(fig)
