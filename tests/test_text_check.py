"""Texts from the inputs: control characters and characters no shipped font draws are refused, CJK is drawn."""

import pytest

from report.text_check import drawable, text_problem


@pytest.mark.parametrize(
    "text", ["Mingxin FX100", "明芯 FX100 全闪存", "北京智算中心", "Ünïcödé – 4 × 2", "$\\nosuchmacro$"]
)
def test_printable_drawable_texts_pass(text):
    assert text_problem(text) is None


def test_control_characters_are_named():
    assert text_problem("A\x01B") == "contains a control character (U+0001); only printable text can go into the report"
    assert (
        text_problem("\x1b[31mred")
        == "contains a control character (U+001B); only printable text can go into the report"
    )
    assert text_problem("a\u2028b") == "contains a line separator (U+2028); only printable text can go into the report"


def test_an_emoji_is_refused_rather_than_drawn_as_a_box():
    assert text_problem("Fire 🔥 Inc") == (
        'contains "🔥" (U+1F525, fire), an emoji or character no shipped font can draw; it would print as an empty box'
    )
    assert drawable("全") and drawable("é") and not drawable("🔥")
