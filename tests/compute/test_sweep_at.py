"""A side's client sweep at one node count (report/compute/sweep_at.py), on data/ with a scaling.csv of our own."""

from __future__ import annotations

from report.compute import compute
from report.compute.sweep_at import sweep_at
from report.inputs.joint_test import read_joint_test

C = "Mingxin FX100"


def _metrics(folder, points: dict[int, float]):
    path = folder("data")
    rows = "".join(f"{C},{k},{r},{v}\n" for k, v in points.items() for r in (1, 2))
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    return compute(read_joint_test(path))


def test_the_mean_where_the_sweep_ran_the_count(folder):
    m = _metrics(folder, {1: 3.0, 2: 5.0, 4: 9.0})
    at = sweep_at(m, "candidate", 4)
    assert at is not None and (at.aggregate, at.point.clients, at.fit_disowned) == (9.0, 4, False)


def test_the_law_between_counts_run_and_nothing_outside_them(folder):
    # a straight line, 2.5 GB/s a client: σ = κ = 0, C(4) = 10.0
    m = _metrics(folder, {1: 2.5, 2: 5.0, 8: 20.0})
    at = sweep_at(m, "candidate", 4)
    assert at is not None and (round(at.aggregate, 6), at.point, at.fit_disowned) == (10.0, None, False)
    assert sweep_at(m, "candidate", 16) is None
    assert sweep_at(m, "baseline", 4) is None  # not swept
