"""The proportional projection against the consistency audit's fixed cost (report/compute/projection_law.py; cold
read 16, U-m3), on the reader's joint tests U and T (tests/fixtures/cold16_u, cold16_t).

U, by hand: CV-300's six saves average 444.11 s, HX-20's 68.0117 s, both of one 5,670 GB checkpoint, so both sides
are projected through the origin (444.11 / 5,670 = 0.0783 s per GB, 68.0117 / 5,670 = 0.0120). The audit's
bandwidths are those the saves would write at, 6,139 GB / 444.11 s = 13.823 GB/s and 6,653 / 68.0117 = 97.82 GB/s:
V = (444.11 - 68.0117) / (1/13.823 - 1/97.82) = 6,054 GB, F = 444.11 - 6,054 / 13.823 = 6.12 s (the reader's 6.12).
Which way the law errs, with that F: CV-300's k = (444.11 - 6.12) / 5,670 = 0.077247 s per GB; at 11,340 GB the line
through the origin gives 888.2 s, F + k × size 882.1 s, so the projection is the higher: an upper bound for a larger
checkpoint (and, by F × (size / 5,670 - 1) < 0 below it, a lower bound for a smaller one)."""

from __future__ import annotations

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.projection_law import ID
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.conftest import ROOT
from tests.sections.helpers import build, build_printed, section, texts

U, T = ROOT / "tests" / "fixtures" / "cold16_u", ROOT / "tests" / "fixtures" / "cold16_t"


def _found(path):
    test = read_joint_test(path)
    return decide(test, compute(test)).get(ID)


def test_u_s_lines_through_the_origin_meet_the_audit_s_fixed_cost():
    found = _found(U)
    assert found is not None and found.scope.items == ("baseline", "candidate") and found.scope.whole
    assert found["fixed_s"] == pytest.approx(6.12, abs=0.005)


def test_t_s_fitted_lines_have_their_own_fixed_cost():
    """T's saves give several checkpoint sizes: least-squares lines with their own intercept, nothing assumed."""
    assert _found(T) is None


def test_the_projections_section_says_what_the_law_assumes_and_which_way_it_errs():
    with activate("en"):
        ctx, _ = build(U)
    words = " ".join(texts(section(ctx, "projections").blocks))
    assert (
        "These lines through the origin assume a save has no fixed cost, which the consistency audit's fit does not "
        "support: it gives a fixed cost of 6.12 s (see “Consistency audit”). With such a cost, a projected time is an "
        "upper bound for a checkpoint larger than this test's and a lower bound for a smaller one." in words
    )
    with activate("zh-CN"):
        ctx, _ = build_printed(U, "zh-CN")
    words = " ".join(texts(section(ctx, "projections").blocks))
    assert "假定保存没有固定开销" in words and "固定开销为 6.12 s" in words
    assert "对大于本次测试检查点的推算时间是上限，对较小检查点的推算时间是下限" in words
