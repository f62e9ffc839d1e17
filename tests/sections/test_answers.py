"""Questions and answers: no sum of unrelated quantities."""

from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section, texts


def test_no_sum_of_unrelated_quantities():
    ctx, m = build(DATA)
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "3.73 GPU-hours of GPU time per run" in qa and "are not added here" in qa
    assert "load_saved_sum_s" not in m.to_dict()["lifecycle"]


def test_the_scale_answer_names_the_other_model_sizes_timed():
    """long_names: the Q&A on other model sizes says which sizes were timed and that they are not analysed."""
    ctx, _m = build(FIXTURES / "long_names")
    scale = next(b for b in section(ctx, "qa").blocks if getattr(b, "id", "") == "qa-scale")
    assert texts(scale.blocks)[-2:] == [
        "No other checkpoint size was projected in this test.",
        "Model size: save_times.csv also times “Qwen2.5 7B instruction tune (BF16)”, 8 GPUs (5 / 5 runs) and “Qwen2.5 "
        "32B LoRA adapters and optimizer state”, 64 GPUs (5 / 5 runs). The analysis is the training model's only "
        "(“Llama-3 70B full fine-tune (BF16, ZeRO-3)”, 256 GPUs), so this report does not compare the systems at "
        "those sizes.",
    ]
    ctx, _m = build(FIXTURES / "retune")
    scale = next(b for b in section(ctx, "qa").blocks if getattr(b, "id", "") == "qa-scale")
    assert texts(scale.blocks)[-1].endswith(
        "(“32B”, 16 GPUs), so this report does not compare the systems at those sizes; their rows enter only the "
        "projections' fitted line."
    )
    ctx, _m = build(DATA)
    scale = next(b for b in section(ctx, "qa").blocks if getattr(b, "id", "") == "qa-scale")
    assert not any(t.startswith("Model size") for t in texts(scale.blocks))
