"""The cluster's saves against the client sweep (report/wording/scaling_cluster.py), worked by hand."""

from report.compute import ScalingPoint
from report.wording.scaling_cluster import Against, due_words


def test_the_write_due_by_the_next_save_is_set_against_the_sweep_apart_from_today_s_save_time():
    # scaling reading 16, M2 (cold test U): 6 jobs × 5,670 GB ÷ 413 s = 82.37 GB/s due by the next save; the sweep's
    # 109.12 GB/s at 20 client nodes and the fitted maximum 121.3 GB/s: 82.37 ÷ 109.12 = 0.7549 and 82.37 ÷ 121.3 =
    # 0.6791, at the fewest digits either needs (two: "75%", "68%"); 500 GB/s (÷ today's 68.0 s save) is the other
    a = Against(96, ScalingPoint(20, 109.12, 3, ()), None, 121.3, 35.7, 34020 / 68.01, 81.66, 34020 / 413)
    assert due_words(a) == (
        " Those ratios are of keeping today's save time; for every job's write to finish before its next save "
        "instead, the jobs need 82.4 GB/s, 75% the one and 68% the other, though neither is a figure at the "
        "cluster's 96 client nodes."
    )
    # synchronous saves have one demand only: nothing to set apart
    assert due_words(Against(96, ScalingPoint(20, 109.12, 3, ()), None, 121.3, 35.7, 500.2, 81.66)) == ""
