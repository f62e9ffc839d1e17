"""The remaining points of cold read 16 and scaling reading 16 (docs/readings/cold-read-16.md, scaling-reading-16.md,
zh-reading-16.md), on the reader's joint tests T and U (docs/readings/cold-tests-16/make.py.txt). Every figure below
is the reader's own (U: HX-20 swept at 1-20 client nodes, CV-300 at 2-16, the saves on the job's 16 nodes and
128 GPUs, one projection at 32 nodes and 256 GPUs)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from report.i18n import activate
from tests.conftest import ROOT
from tests.sections.helpers import build, build_printed, section

MAKE = ROOT / "docs" / "readings" / "cold-tests-16" / "make.py.txt"


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    where = tmp_path_factory.mktemp("cold16")
    subprocess.run([sys.executable, str(MAKE), str(where)], check=True)
    return where


@pytest.fixture(scope="module")
def built_u(folders):
    with activate("en"):
        en = build(folders / "U")
    with activate("zh-CN"):
        zh = build_printed(folders / "U", "zh-CN")
    return {"en": en, "zh-CN": zh}


def _table(ctx, section_id: str, table_id: str):
    return next(b for b in section(ctx, section_id).blocks if getattr(b, "id", None) == table_id)


@pytest.mark.parametrize(("language", "dagger"), [("en", "† beyond that system's client"), ("zh-CN", "† 超出该系统")])
def test_m3_the_extrapolated_aggregate_is_marked_and_every_note_mark_is_on_a_cell(built_u, language, dagger):
    """Scaling m3: HX-20's 121 GB/s at 32 nodes, beyond the 20 it was run with, printed unmarked beside "not
    measured" cells, under a "*" note no cell carried (both save times at 32 nodes read "not measured")."""
    ctx = built_u[language][0]
    table = _table(ctx, "scaling", "scaling-projections")
    (row,) = table.rows
    assert (row[1], row[3], row[5]) == ("32", "–", "121†")  # CV-300 has no fitted law; HX-20's fit, extrapolated
    assert dagger in table.note
    assert not any("*" in cell for cell in row[1:]) and "*" not in table.note
    # Table 11: every figure at 256 GPUs reads "not measured", so neither does its note explain a "*"
    projections = _table(ctx, "projections", "projections")
    assert not any("*" in cell for r in projections.rows for cell in r[1:]) and "*" not in projections.note
