"""Fonts for the HTML edition: the shipped fonts subset to the characters used and inlined as data: URLs.

A browser has no copy of Inter, and an SVG shown through <img> cannot use the page's fonts, so the page gets one
@font-face per face for its own text and each chart gets, inside its SVG, the faces its text uses. Subsetting uses the
HarfBuzz pinned by uharfbuzz, so the bytes are the same on every machine.
"""

from __future__ import annotations

import base64
import re
from functools import cache
from pathlib import Path

FONTS = Path(__file__).resolve().parents[1] / "assets" / "fonts"
# (file, CSS weight, CSS style) of every face the report uses.
FACES = (
    ("Inter-Regular.otf", 400, "normal"),
    ("Inter-Italic.otf", 400, "italic"),
    ("Inter-SemiBold.otf", 600, "normal"),
    ("Inter-Bold.otf", 700, "normal"),
)
DROPPED_TABLES = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "DSIG")
# The CJK fallback (as in the print sheet and the charts), inlined only for the CJK characters a document holds.
CJK_FACES = (("NotoSansCJKsc-Regular.otf", 400, "normal"), ("NotoSansCJKsc-Bold.otf", 700, "normal"))
CJK_FAMILY = "Noto Sans CJK SC"
# a style's declaration or the attribute (report/charts/draw.py writes the charts' styles as attributes)
_WEIGHT = re.compile(r"font-weight(?::\s*|=\")(\d+|bold)")


@cache
def _font(name: str) -> bytes:
    return (FONTS / name).read_bytes()


def subset(name: str, text: str, ascii_too: bool = True) -> bytes:
    """The font `name` cut down to the glyphs of `text`'s characters (and whatever they need to shape)."""
    import uharfbuzz as hb

    plan = hb.SubsetInput()
    plan.unicode_set.update(sorted({ord(c) for c in text} | (set(range(0x20, 0x7F)) if ascii_too else set())))
    # Like the PDF's subsets (report/pdf/renderer.py), without the layout tables: a tenth of the size, kerning aside.
    plan.sets(hb.SubsetInputSets.DROP_TABLE_TAG).update(int.from_bytes(t.encode(), "big") for t in DROPPED_TABLES)
    face = hb.subset(hb.Face(_font(name)), plan)
    return face.blob.data


def _rule(family: str, weight: int, style: str, font: bytes) -> str:
    data = base64.b64encode(font).decode("ascii")
    return (
        f'@font-face {{ font-family: "{family}"; font-weight: {weight}; font-style: {style}; '
        f'src: url(data:font/otf;base64,{data}) format("opentype"); }}'
    )


def cjk_characters(text: str) -> str:
    """The characters of `text` that Inter lacks and the CJK fallback draws (ideographs, kana, full-width forms)."""
    return "".join(sorted({c for c in text if ord(c) >= 0x2E80}))


def font_faces(text: str, faces=FACES, cjk_weights: tuple[int, ...] = (400, 700)) -> str:
    """@font-face rules for `faces`, each subset to `text`, as data: URLs; and the CJK fallback when text needs it."""
    rules = [_rule("Inter", weight, style, subset(name, text)) for name, weight, style in faces]
    if cjk := cjk_characters(text):
        for name, weight, style in CJK_FACES:
            if weight in cjk_weights:
                rules.append(_rule(CJK_FAMILY, weight, style, subset(name, cjk, ascii_too=False)))
    return "\n".join(rules)


def svg_with_fonts(svg: str) -> str:
    """A chart's SVG carrying the faces its text uses, so that it draws in Inter wherever it is shown."""
    text = "".join(re.findall(r">([^<>]+)</text>", svg) + re.findall(r">([^<>]+)</tspan>", svg))
    weights = {700 if w == "bold" else int(w) for w in _WEIGHT.findall(svg)} | {400}
    faces = tuple(face for face in FACES if face[2] == "normal" and face[1] in weights)
    cjk = tuple(700 if w >= 600 else 400 for w in weights)
    style = f"<style>{font_faces(text, faces, cjk)}</style>"
    head_end = svg.index(">", svg.index("<svg")) + 1
    return svg[:head_end] + style + svg[head_end:]


def visible_text(html: str) -> str:
    """The characters of an HTML document's text (tags, styles, data: URLs and print-only parts left out): what the
    HTML edition's fonts must hold."""
    body = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    # what only the printed copy carries (page 1's lines again, for page 2: templates/_cover.html), which the HTML
    # edition, whose fonts these are, does not
    body = re.sub(r"<!-- print only -->.*?<!-- /print only -->", "", body, flags=re.S)
    body = re.sub(r'"data:[^"]*"', '""', body)
    import html as markup

    return markup.unescape(re.sub(r"<[^>]+>", " ", body))
