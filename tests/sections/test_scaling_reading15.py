"""Scaling reading 15 (docs/readings/scaling-reading-15.md), on the reader's joint test Z (docs/readings/cold-tests-13/
make.py.txt): OrangeFS swept at 1-32 client nodes (σ < 0), MR-40 at 2-12, the saves and the bandwidth tests on the job's
24 nodes, projections at 16 and 64 nodes. Every figure below is the reader's own recomputation (its section 3).

- M2: 89.7* 21.0* 68.7* printed at 64 nodes, beyond both sweeps and the saves' 24 nodes, in a report calling it unknown.
- m1: the negative σ said as "does not describe how this system scales", not what the runs show.
- m3: the failed single-client run's cause not asked for; m4: 4.38× at 2 nodes said below 4.5× while the run pairs
  reach 4.52×; m5: a cross-test inference stated as fact; m6: the model-size question left unanswered.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from report.i18n import activate
from tests.conftest import ROOT
from tests.sections.helpers import all_paras, build, build_printed, section

MAKE = ROOT / "docs" / "readings" / "cold-tests-13" / "make.py.txt"


@pytest.fixture(scope="module")
def folder_z(tmp_path_factory):
    where = tmp_path_factory.mktemp("cold13")
    subprocess.run([sys.executable, str(MAKE), str(where)], check=True)
    return where / "Z"


@pytest.fixture(scope="module")
def built_z(folder_z):
    with activate("en"):
        en = build(folder_z)
    with activate("zh-CN"):
        zh = build_printed(folder_z, "zh-CN")
    return {"en": en, "zh-CN": zh}


def _words(built, language: str) -> str:
    return " ".join(p.text for p in all_paras(built[language][0]))


def _table(ctx, section_id: str, table_id: str):
    return next(b for b in section(ctx, section_id).blocks if getattr(b, "id", None) == table_id)


def test_m2_the_64_node_projection_reads_not_measured_and_its_times_stay_in_the_figures(built_z):
    ctx, m = built_z["en"]
    table = _table(ctx, "projections", "projections")
    # 16 nodes lies within OrangeFS's sweep and below the saves' 24 nodes: kept, marked; 64 lies beyond every count
    # either side was run at (OrangeFS 32, MR-40 24): no time, no saving
    assert table.rows[0][2:] == ("89.7*", "21.0*", "68.7*", "60", "4,120*")
    assert table.rows[1][2:] == ("not measured", "not measured", "not measured", "60", "not measured")
    scaling = _table(ctx, "scaling", "scaling-projections")
    assert [(row[2], row[4]) for row in scaling.rows] == [("89.7*", "21.0*"), ("not measured", "not measured")]
    # the contract's projected times are kept: 89.74 s and 21.03 s, the saves' means
    assert (round(m.projections[1].baseline_s, 1), round(m.projections[1].candidate_s, 1)) == (89.7, 21.0)
    en = _words(built_z, "en")
    assert (
        "“Mistral Large 2 123B on 512 GPUs” at 64 nodes: not measured. Neither system was run with that many client "
        "nodes writing (OrangeFS up to 32 client nodes and MR-40 up to 24 client nodes)" in en
    )
    assert (
        "“Mistral Large 2 123B on 512 GPUs”, at 64 nodes, lies beyond the client nodes either system was run with: its "
        "save times there are not measured" in en
    )
    zh = _table(built_z["zh-CN"][0], "projections", "projections")
    assert zh.rows[1][2:] == ("未实测", "未实测", "未实测", "60", "未实测")


def test_m1_the_negative_sigma_says_where_the_runs_stop_scaling(built_z):
    # OrangeFS's means: 21.49, 22.00 and 20.95 GB/s at 16, 24 and 32 client nodes
    en = _words(built_z, "en")
    assert "so its parameters cannot be used to extrapolate: its curve lies at most 5.17% from the means" in en
    assert (
        "What the runs show is plain: OrangeFS stops scaling by 24 client nodes, its highest mean (22.0 GB/s); with "
        "32 client nodes writing it gave 20.9 GB/s." in en
    )
    assert "does not describe how" not in en
    assert "OrangeFS 在 24 个客户端节点时已不再扩展，这是其最高均值（22.0 GB/s）" in _words(built_z, "zh-CN")


def test_m3_the_next_step_asks_for_the_failed_runs_cause(built_z):
    steps = _words(built_z, "en")
    assert "The test's record says a run of its sweep failed: find and record the cause before rerunning" in steps


def test_m4_a_count_whose_run_pairs_reach_the_claim_is_said_so(built_z):
    # at 2 client nodes: MR-40 15.21 and 15.27, OrangeFS 3.38, 3.39 and 3.68 GB/s; pairs 15.21 / 3.68 = 4.13 to
    # 15.27 / 3.38 = 4.52, reaching 4.5; at 4, 8 and 12 the greatest pair stays below (3.99, 4.26, 4.33)
    en = _words(built_z, "en")
    assert (
        "Against the claimed 4.5–6×, the ratio of the means lies below it at 4, 8 and 12 client nodes (3.88–4.21×) and "
        "below it at 2 client nodes (4.38×), where pairs of the runs span 4.13–4.52× and so reach it, so the sweep "
        "does not bear it out at any count both systems were run at." in en
    )


def test_m5_the_cross_test_trend_is_hedged_where_first_stated_and_its_implication_drawn(built_z):
    en = _words(built_z, "en")
    assert (
        "gave 102 GB/s: 4.26 GB/s per client node, against 6.40 GB/s at 12 client nodes in the sweep, which suggests, "
        "across two tests, that the rate per client node falls beyond the sweep" in en
    )
    assert (
        "If the trend holds, its aggregate flattens towards the 24 client nodes, and beyond them this test has no "
        "figure for it." in en
    )


def test_m6_the_model_size_question_is_answered(built_z):
    en = _words(built_z, "en")
    assert (
        "Model size: one model at one checkpoint size was timed (Mistral Large 2 123B continued pre-training, "
        "1,722 GB); this test did not measure or project another model size" in en
    )
