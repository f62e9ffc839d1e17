"""The cluster's saves against the client sweep (report/wording/scaling_cluster.py), worked by hand."""

from report.compute import ScalingPoint
from report.wording.scaling_cluster import Against, due_words


def test_the_write_due_by_the_next_save_is_set_against_the_sweep_apart_from_today_s_save_time():
    # scaling reading 16, M2 (cold test U): 6 jobs × 5,670 GB ÷ 413 s = 82.37 GB/s due by the next save; the sweep's
    # the most the sweep gave, 112.5 GB/s at 16 client nodes (its one basis, zh reading 18, Y minor 1): 82.37 ÷
    # 112.5 = 73.2%, to two digits as a share (as before: "75%"); 500 GB/s (÷ today's 68.0 s save) is the other demand
    best = ScalingPoint(16, 112.5, 3, ())
    a = Against(96, ScalingPoint(20, 109.12, 3, ()), None, 121.3, 35.7, 34020 / 68.01, 81.66, 34020 / 413, best)
    assert due_words(a) == (
        " That ratio is of keeping today's save time; for every job's write to finish before its next save instead, "
        "the jobs need 82.4 GB/s, 73% of the same, though not at the cluster's 96 client nodes."
    )
    # synchronous saves have one demand only: nothing to set apart
    assert due_words(Against(96, ScalingPoint(20, 109.12, 3, ()), None, 121.3, 35.7, 500.2, 81.66)) == ""
