"""Texts from the inputs (names, titles, sources) checked before they reach a page: printable, and drawable.

A control character (U+0001, ESC, …) breaks the SVG of the charts and means nothing on a page; a character no
shipped font has (an emoji) would print as an empty box; an invisible or bidirectional-control character (format
characters, category Cf: U+200B, U+202E, U+2066, …) makes a name print as another or two names print alike. All are
refused with the place they were found, the character named. Two system names that differ only in case or Unicode
form (`lookalikes`) are refused by test.toml's checks.
"""

from __future__ import annotations

import functools
import re
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
        if unicodedata.category(char) == "Cf":
            name = unicodedata.name(char, "format character")
            return (
                f"contains U+{ord(char):04X} ({name}), an invisible or bidirectional-control character: the name"
                " would print as something other than what it is; remove it"
            )
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


def folded(name: str) -> str:
    """A name as a reader tells names apart: Unicode NFKC (full-width and compatibility forms) and case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def lookalikes(names: dict[str, str]) -> list[tuple[str, str]]:
    """Pairs of keys whose names differ but read the same after `folded` ("FX100" and "ＦＸ100", "fx100")."""
    keys = list(names)
    return [
        (a, b)
        for i, a in enumerate(keys)
        for b in keys[i + 1 :]
        if names[a] != names[b] and folded(names[a]) == folded(names[b])
    ]


_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# A word of ordinary English (starting lower-case, two letters or more): "single", "drive", "on", "local".
_ENGLISH_WORD = re.compile(r"(?<![A-Za-z])[a-z][a-z]+(?![A-Za-z0-9])")
# A word made of letters only ("Example", "Computing"): three of them make a phrase, not a product name.
_LETTER_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2,}(?![A-Za-z0-9])")


def in_language(text: str, language: str) -> bool:
    """Whether `text` can stand in a report written in `language`: Chinese text has ideographs, or is a product
    name (one token without spaces, as a model's repository name is: "c4ai-command-r-plus", "DeepSeek-LLM-67B-Chat";
    or no ordinary lower-case English word and fewer than three words of letters); English text has no ideographs."""
    if language == "zh-CN":
        if _CJK.search(text) or not text.strip() or len(text.split()) == 1:
            return True
        return not _ENGLISH_WORD.search(text) and len(_LETTER_WORD.findall(text)) < 3
    return not _CJK.search(text)
