"""What the build changes in WeasyPrint's SVG drawing while it draws the charts (report/pdf/patches.py holds the rest).

Each change is made for one reason, said where it is made and in docs/weasyprint-upstream.md: the same bytes sooner
(letters shaped once, the charts' repeated values parsed once), or, for the SVG text drawn in runs, the text as
matplotlib measured it. report/pdf/renderer.py applies them while the pages are drawn; tests/pdf/test_svg_patches.py
compares each one's bytes or work with and without it.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator

from report.pdf.patches import memo

# What weasyprint/svg/text.py sets on a `<text>`'s style beyond the initial values: one shaping serves equal ones.
_SVG_TEXT_STYLE = ("font_family", "font_style", "font_weight", "font_size", "direction", "lang")


@contextlib.contextmanager
def svg_letters_shaped_once() -> Iterator[None]:
    """While the pages are drawn, shape each distinct letter of the charts' SVG text once, not twice per letter.

    WeasyPrint's SVG text (`weasyprint/svg/text.py`) lays each `<text>` out whole, then each of its letters alone,
    and makes every letter's Pango layout again to draw it: the default report's nine charts took 3,200 layouts for
    1,528 letters of 153 distinct letter and font combinations, a third of the pages' drawing
    (docs/weasyprint-upstream.md, 3). Here a layout of the same text in the same face and size is made once and,
    once made ready to draw, drawn again as it is: the same glyphs, positions and bytes
    (tests/pdf/test_patches.py). With `svg_text_in_runs` a label's only "letter" is its whole text, laid out
    once here for both. Layouts of the HTML's text, and SVG text with a width or spacing, go through WeasyPrint
    untouched.
    """
    from weasyprint.svg.text import Style as SvgTextStyle
    from weasyprint.text import line_break

    split, reactivate = line_break.split_first_line, line_break.Layout.reactivate
    shaped: dict[tuple, tuple] = {}
    mine: set[int] = set()  # ids of the layouts in `shaped` (alive there till the end, so ids stay theirs)
    ready: set[int] = set()  # those of them already made ready to draw

    def split_first_line(text, style, context, max_width, justification_spacing, *args, **kwargs):
        if type(style) is not SvgTextStyle or max_width != math.inf or justification_spacing or args or kwargs:
            return split(text, style, context, max_width, justification_spacing, *args, **kwargs)
        key = (text, *(repr(style[k]) for k in _SVG_TEXT_STYLE), id(style.font_config))
        if key not in shaped:
            shaped[key] = split(text, style, context, max_width, justification_spacing)
            mine.add(id(shaped[key][0]))
        return shaped[key]

    def reactivate_once(layout, style) -> None:
        if id(layout) in ready:
            return
        reactivate(layout, style)
        if id(layout) in mine:
            ready.add(id(layout))

    line_break.split_first_line, line_break.Layout.reactivate = split_first_line, reactivate_once
    try:
        yield
    finally:
        line_break.split_first_line, line_break.Layout.reactivate = split, reactivate


@contextlib.contextmanager
def svg_values_parsed_once() -> Iterator[None]:
    """While the pages are drawn, parse each value the charts' SVG repeats once: lengths, colours, URLs, path data and
    style attributes.

    WeasyPrint parses every attribute of every SVG node as it draws it (weasyprint/svg/utils.py: `size`, `normalize`,
    `color`, `parse_url`; weasyprint/svg/css.py: `parse_declarations`), with regular expressions, tinycss2 and a float
    conversion that fails for "0.8pt": the default report's nine charts repeat the same few dozen style attributes,
    colours and widths over 1,059 nodes, and draw each marker's path once per point (docs/weasyprint-upstream.md, 15).
    Each of these is a pure function of its arguments, so the first result serves every equal call: a colour is
    handed out as a copy (`set_graphical_state` scales its alpha), the rest are strings, numbers, lists WeasyPrint
    only reads and immutable URL tuples. The same bytes (tests/pdf/test_patches.py)."""
    import sys

    from weasyprint.svg import css as svg_css
    from weasyprint.svg import utils

    originals = {
        utils.size: memo(utils.size),
        utils.normalize: memo(utils.normalize),
        utils.parse_url: memo(utils.parse_url),
        utils.color: memo(utils.color, copied=True),
        svg_css.parse_declarations: memo(svg_css.parse_declarations),
    }
    modules = [m for name, m in sys.modules.items() if name == "weasyprint.svg" or name.startswith("weasyprint.svg.")]
    replaced = []
    for module in modules:
        for name, value in vars(module).items():
            if callable(value) and value in originals:
                replaced.append((module, name, value))
    for module, name, value in replaced:
        setattr(module, name, originals[value])
    try:
        yield
    finally:
        for module, name, value in replaced:
            setattr(module, name, value)


class _Run(str):
    """A `<text>`'s string that WeasyPrint's letter loop (`for char in node.text` in weasyprint/svg/text.py) takes as
    one letter: the run is shaped, measured and drawn whole."""

    def __iter__(self) -> Iterator[str]:
        yield str(self)


# What places an SVG text's letters one by one: a list of x or y, dx, dy, rotate, letter-spacing, textLength.
_PER_LETTER = ("dx", "dy", "rotate", "letter-spacing", "textLength")


@contextlib.contextmanager
def svg_text_in_runs() -> Iterator[None]:
    """While the pages are drawn, draw each SVG `<text>` that places no letter of its own as one run of text.

    WeasyPrint draws SVG text letter by letter, each letter its own text object at the advance of the letter alone
    (docs/weasyprint-upstream.md, 3): a `<text>` with one x and one y is then drawn without its kerning, a little wider
    than matplotlib measured it when it placed and anchored it, and slower (a sixth of the charts' drawing). Drawn as
    one run, Pango shapes it as a browser does (the HTML edition's charts). Text that positions its letters (lists
    of x or y, dx, dy, rotate, spacing, textLength) goes through WeasyPrint's loop as before."""
    import weasyprint.svg as svg_module

    letters = svg_module.text

    def text(svg, node, font_size):
        element = node._etree_node
        placed = any(node.get(name) for name in _PER_LETTER) or any(len(node.get(a, "").split()) > 1 for a in "xy")
        if not element.text or placed:
            return letters(svg, node, font_size)
        plain, element.text = element.text, _Run(element.text)
        try:
            return letters(svg, node, font_size)
        finally:
            element.text = plain

    # draw_node finds text elements by `TAGS.get(tag) == text`: the module's name and the table change together
    tags = {name: drawn for name, drawn in svg_module.TAGS.items() if drawn is letters}
    svg_module.text = text
    svg_module.TAGS.update(dict.fromkeys(tags, text))
    try:
        yield
    finally:
        svg_module.text = letters
        svg_module.TAGS.update(tags)
