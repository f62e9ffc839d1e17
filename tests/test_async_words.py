"""Async mode on the page: the words schema 3's computation needs so that nothing printed is wrong (both languages).

The asynchronous-checkpointing section, its chart and the Q&A belong to the report's own tests; these check only that
the bubble, page 1 and the utilisation answer speak of stalls, with the stall's figures, in examples/async-70b.
"""

import pytest

from tests.conftest import DATA, pdf_text

EXAMPLE = DATA.parent / "examples" / "async-70b"


@pytest.fixture(scope="module")
def english(tmp_path_factory, builds):
    built = builds.get(EXAMPLE, "en")  # strict (tests/builds.py)
    return " ".join(pdf_text(built.pdf, tmp_path_factory.mktemp("en")).split())


@pytest.fixture(scope="module")
def chinese(tmp_path_factory, builds):
    built = builds.get(EXAMPLE, "zh-CN")  # strict (tests/builds.py)
    return "".join(pdf_text(built.pdf, tmp_path_factory.mktemp("zh")).split())


@pytest.mark.slow
def test_english_pages_speak_of_stalls(english):
    # The baseline stalls 9.4 + (340.04 − 300) = 49.44 s a save, 400 saves: 19,776 s of 139,776 s, 14.1%.
    assert "Bubble share (stalls ÷ wall time): 14.1% against 3.10%." in english
    assert "Training run with asynchronous checkpoint saves (stalls)" in english
    assert "Checkpoint stalls (400 × stall)" in english
    assert "with an asynchronous save every 50 steps, the checkpoint bubble (stall time as a share" in english
    assert "waits for each save to become durable" not in english
    assert "With synchronous saves" not in english


@pytest.mark.slow
def test_chinese_pages_speak_of_stalls(chinese):
    assert "采用异步检查点保存的训练（保存停顿）" in chinese
    assert "保存停顿（400次×单次保存停顿）" in chinese
    assert "采用同步保存时" not in chinese
