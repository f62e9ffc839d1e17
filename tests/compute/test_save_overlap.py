"""Saves the cluster's jobs cannot stagger (report/compute/save_overlap.py; scaling reading 20, AB-M1), on fixture
economics: Old NAS (baseline) saves 100, 110, 120 s (mean 110 s) and Array X 50, 55, 60 s (mean 55 s), both shared and
synchronous; a save every 1,000 steps of 2.0 s (2,000 s); 512 GPUs of 16-GPU jobs, 32 jobs."""

from __future__ import annotations

import re

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.save_overlap import concurrency, overlapping
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts


def _metrics(path):
    test = read_joint_test(path)
    m = compute(test)
    return m, decide(test, m)


def test_a_side_needing_more_saving_than_its_cycle_holds_cannot_stagger(folder):
    # Old NAS: 32 × 110 s = 3,520 s of saving in 2,000 + 110 = 2,110 s: 1.66825 in flight, overlaps.
    # Array X: 32 × 55 s = 1,760 s in 2,000 + 55 = 2,055 s: 0.856448, staggered saves fit
    m, found = _metrics(folder("economics"))
    by_side = {c.side: c for c in concurrency(m)}
    assert by_side["baseline"].saving_s == pytest.approx(3520.0) and by_side["baseline"].cycle_s == pytest.approx(2110)
    assert by_side["baseline"].in_flight == pytest.approx(1.668246, rel=1e-6)
    assert by_side["candidate"].in_flight == pytest.approx(0.856448, rel=1e-6)
    assert [c.side for c in overlapping(m)] == ["baseline"]
    f = found.get("cluster_saves_overlap")
    assert f is not None and f.scope.items == ("baseline",)
    assert f["in_flight"]["candidate"] == pytest.approx(0.856448, rel=1e-6)


def test_saves_that_fit_their_cycle_make_no_finding(folder):
    # a save every 2,000 steps (4,000 s): Old NAS 3,520 s of saving in 4,110 s, 0.856; no side overlaps
    path = folder("economics")
    toml = path / "test.toml"
    toml.write_text(toml.read_text().replace("checkpoint_interval_steps = 1000", "checkpoint_interval_steps = 2000"))
    m, found = _metrics(path)
    assert overlapping(m) == () and found.get("cluster_saves_overlap") is None
    assert max(c.in_flight for c in concurrency(m)) == pytest.approx(3520 / 4110)


def test_the_gpu_equivalents_are_not_said_to_hold_where_saves_overlap(folder):
    path = folder("economics")
    summary = " ".join(texts(section(build(path)[0], "summary").blocks))
    assert (
        "that would be worth 13.7 GPUs of capacity, if every job's save kept the time it took alone in this test, "
        "which the saves on Old NAS cannot, as they overlap (see “Training bubble analysis”)." in summary
    ), summary
    assert "stay staggered" not in summary
    bubble = " ".join(texts(section(build(path)[0], "bubble").blocks))
    assert (
        "which cannot hold. On Old NAS, the 32 jobs need 3,520 s of saving in each 2,110 s checkpoint cycle, so 1.67 "
        "of their saves are in flight at once on average, sharing the storage. Each would take longer than this test "
        "timed it, so this test does not establish the figure." in bubble
    ), bubble
    assert not re.search(r"Per 1,000 GPUs: [0-9]", bubble), bubble
    with activate("zh-CN"):
        zh = " ".join(texts(section(build(path)[0], "bubble").blocks))
    assert "3,520 s" in zh and "1.67" in zh and "本测试不能确立这一数字" in zh, zh
