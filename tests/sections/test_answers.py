"""Questions and answers: no sum of unrelated quantities."""

from tests.conftest import DATA
from tests.sections.helpers import build, section, texts


def test_no_sum_of_unrelated_quantities():
    ctx, m = build(DATA)
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "3.73 GPU-hours of GPU time per run" in qa and "are not added here" in qa
    assert "load_saved_sum_s" not in m.to_dict()["lifecycle"]
