"""Texts from the inputs (names, titles, sources) checked before they reach a page: printable, and drawable.

A control character (U+0001, ESC, …) breaks the SVG of the charts and means nothing on a page; a character no
shipped font has (an emoji) would print as an empty box. Both are refused with the place they were found.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

FONTS = Path(__file__).resolve().parent / "assets" / "fonts"
# Fonts in the order the print sheet falls back through them; the first is enough for most texts.
FALLBACK = ("Inter-Regular.otf", "NotoSansCJKsc-Regular.otf")
_REFUSED_CATEGORIES = {"Cc": "a control character", "Cs": "a lone surrogate", "Co": "a private-use character"}
_REFUSED_CATEGORIES |= {"Zl": "a line separator", "Zp": "a paragraph separator"}


@functools.cache
def _coverage(font: str) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    with TTFont(FONTS / font, lazy=True) as face:
        return frozenset(face.getBestCmap())


def drawable(char: str) -> bool:
    """Whether a shipped font has a glyph for `char` (spaces and joiners need none)."""
    if unicodedata.category(char) in ("Zs", "Cf", "Mn"):
        return True
    return any(ord(char) in _coverage(font) for font in FALLBACK)


def text_problem(text: str) -> str | None:
    """What is wrong with a text from the inputs, in plain words, or None."""
    for char in text:
        if (kind := _REFUSED_CATEGORIES.get(unicodedata.category(char))) is not None:
            return f"contains {kind} (U+{ord(char):04X}); only printable text can go into the report"
    for char in dict.fromkeys(text):
        if ord(char) >= 0x80 and not drawable(char):
            name = unicodedata.name(char, "").lower() or "character"
            return (
                f'contains "{char}" (U+{ord(char):04X}, {name}), an emoji or character no shipped font can draw;'
                " it would print as an empty box"
            )
    return None
