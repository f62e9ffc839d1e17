"""Fonts of the HTML edition: the shipped faces subset to the text, inlined in the page and in each chart."""

import base64
import io
import re

from fontTools.ttLib import TTFont

from report.render import webfonts


def _cmap(font: bytes) -> set[int]:
    return set(TTFont(io.BytesIO(font)).getBestCmap())


def test_a_subset_holds_exactly_the_text_and_ascii():
    font = webfonts.subset("Inter-Regular.otf", "Δ × → 9.89%")
    cmap = _cmap(font)
    assert {ord(c) for c in "Δ×→"} <= cmap and set(range(0x20, 0x7F)) <= cmap
    assert ord("é") not in cmap and len(font) < 20_000  # the full face is 259 KB
    assert webfonts.subset("Inter-Regular.otf", "Δ × → 9.89%") == font  # the same bytes every time


def test_font_faces_are_data_urls_for_each_face():
    css = webfonts.font_faces("abc")
    assert css.count("@font-face") == 4 and "url(data:font/otf;base64," in css
    assert "font-weight: 700; font-style: normal" in css and "font-style: italic" in css


def test_a_chart_carries_the_faces_its_text_uses():
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text style="font-weight: 700">Ω</text><text>μs</text></svg>'
    out = webfonts.svg_with_fonts(svg)
    assert out.startswith('<svg xmlns="http://www.w3.org/2000/svg"><style>@font-face')
    faces = re.findall(r"font-weight: (\d+); font-style: (\w+)", out)
    assert faces == [("400", "normal"), ("700", "normal")]
    font = base64.b64decode(re.search(r"base64,([^)]+)\)", out).group(1))
    assert {ord("Ω"), ord("μ")} <= _cmap(font)
    # the charts' weights as attributes (report/charts/draw.py's plain SVG) count as their styles did
    attributes = webfonts.svg_with_fonts(svg.replace('style="font-weight: 700"', 'font-weight="700"'))
    assert re.findall(r"font-weight: (\d+); font-style: (\w+)", attributes) == faces


def test_visible_text_leaves_out_markup_styles_and_data():
    html = '<style>p { x: "Z" }</style><p title="t">a &amp; b</p><img src="data:image/svg+xml;base64,QUJD">'
    assert webfonts.visible_text(html).split() == ["a", "&", "b"]


def test_chinese_text_brings_the_cjk_fallback_subset_to_its_characters():
    css = webfonts.font_faces("检查点 saves")
    assert css.count('font-family: "Noto Sans CJK SC"') == 2  # regular and bold
    fonts = [base64.b64decode(d) for d in re.findall(r"base64,([^)]+)\)", css)]
    cjk = fonts[-2]
    assert {ord(c) for c in "检查点"} <= _cmap(cjk) and len(cjk) < 50_000  # the full face is 16 MB
    assert "Noto Sans CJK SC" not in webfonts.font_faces("only Latin here")
