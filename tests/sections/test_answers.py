"""Questions and answers: no sum of unrelated quantities."""

from report import i18n
from tests.conftest import DATA, ROOT
from tests.sections.helpers import build, section, texts


def test_no_sum_of_unrelated_quantities():
    ctx, m = build(DATA)
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "3.73 GPU-hours of GPU time per run" in qa and "are not added here" in qa
    assert "load_saved_sum_s" not in m.to_dict()["lifecycle"]


def test_the_scale_answer_assumes_the_stalls_when_saves_are_asynchronous():
    # examples/async-70b: jobs pay their stalls (49.4 s and 9.60 s), not their writes (340 s and 75.3 s)
    ctx, _m = build(ROOT / "examples" / "async-70b")
    text = " ".join(texts(section(ctx, "qa").blocks))
    assert "as long as each job keeps this job's stalls (49.4 s and 9.60 s)." in text
    assert "keeps this job's save times" not in text
    with i18n.activate("zh-CN"):
        zh = " ".join(texts(section(build(ROOT / "examples" / "async-70b")[0], "qa").blocks))
    assert "前提是每个作业的停顿与本作业相同（基线 49.4 s，候选系统 9.60 s）。" in zh
