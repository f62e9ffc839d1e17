"""Page 2 scopes the recommendation to the job sizes it holds for, says what the larger timed job showed in place of
"a job larger than this test's, whose saves it did not time", and says a mix's net sign is unknown (wording/
job_size.py; cold read 16, T-B1/T-M8/T-M7). Figures worked in tests/compute/test_job_size.py."""

from types import SimpleNamespace as NS

from report import i18n
from report.compute.scopes import Findings
from report.wording.job_size import larger_job_change, net_sign, scope_words
from tests.compute.test_job_size import CEILING, MODEL_70B, judged_on_7b

CANDIDATE, BASELINE = "FX100", "Local RAID-0"
SLOW = (("394.65", "398.67", "402.70", "406.73", "410.75"), ("803.40", "804.40", "805.40", "806.40", "807.40"))


def _words(finding) -> NS:
    names = {"candidate": CANDIDATE, "baseline": BASELINE}
    return NS(findings=Findings((finding,) if finding is not None else ()), name=names.__getitem__)


def test_the_ceiling_case_scopes_to_a_node_count_and_gives_its_figures(folder):
    _m, f = judged_on_7b(folder, *CEILING)
    w = _words(f)
    assert scope_words(w) == " for jobs of up to 3 nodes (24 GPUs) like the training job"
    change = larger_job_change(w)
    assert change.startswith(
        f"a job of more than 3 nodes: on “{MODEL_70B}” (32 nodes) {CANDIDATE} wrote 5.00 GB/s in all, against 4.58 "
        "GB/s on the training job"
    )
    assert f"while {BASELINE} wrote 1.52 GB/s per node (1.63 GB/s on the training job)" in change
    assert change.endswith(f"{CANDIDATE} held at 5.00 GB/s, and no size between 1 and 32 nodes was timed")
    assert net_sign(w) == (f", its net effect unknown (no step time or interval given for “{MODEL_70B}”)")
    with i18n.activate("zh-CN"):
        assert scope_words(w) == "对与训练作业同类、不超过 3 个节点（24 张卡）的作业"
        assert "1 至 32 个节点之间的规模未计时" in larger_job_change(w)
        assert "净影响未知" in net_sign(w)


def test_no_ceiling_keeps_the_training_job_s_size_and_names_the_sizes_untimed(folder):
    _m, f = judged_on_7b(folder, *SLOW)
    w = _words(f)
    assert scope_words(w) == " for jobs like the training job (8 GPUs on 1 node)"
    assert larger_job_change(w) == (
        f"a job between 8 and 256 GPUs, sizes whose saves this test did not time (“{MODEL_70B}” on 256 GPUs reverses "
        "the result)"
    )


def test_nothing_without_the_finding():
    w = _words(None)
    assert (scope_words(w), larger_job_change(w), net_sign(w)) == ("", "", "")


def test_the_projection_note_gives_the_agreed_sign_with_its_assumption():
    """The finding's figures as T's: 145 GB/s best, turning after 13 nodes, the 256-GPU projection the baseline's."""
    from report.compute.scopes import MODELS_KIND, make_finding
    from report.wording.projection_signs import agreed_signs

    f = make_finding(
        "job_size_scope",
        MODELS_KIND,
        ["718B"],
        ["718B"],
        projections_agree={"135B on 256 GPUs": "baseline"},
        best_gbps=145.47,
        up_to_nodes=13,
    )
    assert agreed_signs(_words(f)) == (
        " The sign is estimable where both estimates agree: 135B on 256 GPUs, faster on Local RAID-0; this assumes "
        "Local RAID-0's time per node as if it scaled with the nodes and FX100 held at its best aggregate rate "
        "(145 GB/s), which puts Local RAID-0 ahead beyond 13 nodes."
    )
    assert agreed_signs(_words(None)) == ""


def test_the_timed_larger_job_is_said_where_the_scaling_is_called_unmeasured(folder):
    """The ceiling case: 5.00 GB/s on 32 nodes against 4.58 on the training job; nothing without a ceiling."""
    from report.wording.job_size import timed_at_scale

    _m, f = judged_on_7b(folder, *CEILING)
    assert timed_at_scale(_words(f)).startswith(
        f" The saves of “{MODEL_70B}” on 32 nodes bear on it: {CANDIDATE} wrote 5.00 GB/s in all there, against 4.58 "
        "GB/s on the training job"
    )
    _m, f = judged_on_7b(folder, *SLOW)
    assert timed_at_scale(_words(f)) == ""
