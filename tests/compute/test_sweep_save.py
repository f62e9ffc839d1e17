"""Each side's save against its sweep at the save's nodes (report/compute/sweep_save.py), on data/ with its saves on
32 GPUs (4 nodes of 8): Local NVMe's 65.6 GB in 178 s is 0.36854 GB/s, Mingxin FX100's in 94 s 0.69787 GB/s."""

from __future__ import annotations

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.sweep_save import ID, MAY_BE_BOUND, NOT_BOUND, OPEN
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts

B, C = "Local NVMe (single drive)", "Mingxin FX100"


def _folder(folder, rows: str):
    path = folder("data")
    (path / "save_times.csv").write_text((path / "save_times.csv").read_text().replace(",8,", ",32,"))
    (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    return path


def _rows(system: str, means: dict[int, float]) -> str:
    return "".join(f"{system},{k},{r},{v}\n" for k, v in means.items() for r in (1, 2))


def _found(path):
    test = read_joint_test(path)
    return decide(test, compute(test)).get(ID)


def test_each_side_is_banded_by_its_share_of_the_sweep_at_the_saves_nodes(folder):
    # B at the job's 4: 0.45 GB/s; 0.36854 / 0.45 = 81.9%: may be bound. C at 4: 1.0; 0.69787 / 1.0 = 69.8%: open
    path = _folder(folder, _rows(B, {1: 0.15, 2: 0.28, 4: 0.45}) + _rows(C, {1: 0.3, 2: 0.55, 4: 1.0}))
    found = _found(path)
    assert found is not None and found.scope.items == ("baseline", "candidate")
    b, c = found["each"]["baseline"], found["each"]["candidate"]
    assert (b.measured, round(b.aggregate, 2), round(b.share, 1), b.band) == (True, 0.45, 81.9, MAY_BE_BOUND)
    assert (c.measured, round(c.rate, 4), round(c.share, 1), c.band) == (True, 0.6979, 69.8, OPEN)
    ctx, _m = build(path)
    text = " ".join(texts(section(ctx, "audit").blocks))
    assert "The save's 0.369 GB/s is 81.9% of it: the save may be bound by bandwidth." in text, text
    assert "The save's 0.698 GB/s is 69.8% of it: the save did not run at the aggregate's rate" in text, text


def test_a_fitted_aggregate_between_the_counts_run_and_a_save_far_below_it(folder):
    # C at 1, 2, 8 on a straight line (0.5 GB/s a client): σ = κ = 0, C(4) = 2.0; 0.69787 / 2.0 = 34.9%: not bound.
    # B not swept: no scope for it
    path = _folder(folder, _rows(C, {1: 0.5, 2: 1.0, 8: 4.0}))
    found = _found(path)
    assert (
        found is not None and found.scope.items == ("candidate",) and found.scope.universe == ("baseline", "candidate")
    )
    c = found["each"]["candidate"]
    assert (c.measured, c.fit_disowned, round(c.aggregate, 3), round(c.share, 1), c.band) == (
        False,
        False,
        2.0,
        34.9,
        NOT_BOUND,
    )
    with activate("zh-CN"):
        zh = " ".join(texts(section(build(path)[0], "audit").blocks))
    assert "拟合的定律给出 Mingxin FX100 的聚合带宽为 2.00 GB/s" in zh and "为其 34.9%，保存不受带宽限制" in zh, zh


@pytest.mark.parametrize(("share", "band"), [(49.9, NOT_BOUND), (50.0, OPEN), (79.9, OPEN), (80.0, MAY_BE_BOUND)])
def test_the_bands_edges(share, band):
    from report.compute.sweep_save import band as decide_band

    assert decide_band(share) == band


def test_a_sweep_short_of_the_saves_nodes_weighs_nothing(folder):
    # both swept to 2 only: the save's 4 nodes lie beyond either sweep
    assert _found(_folder(folder, _rows(B, {1: 0.15, 2: 0.28}) + _rows(C, {1: 0.3, 2: 0.55}))) is None
