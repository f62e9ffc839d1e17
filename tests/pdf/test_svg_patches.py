"""What the build changes in WeasyPrint's SVG drawing (report/pdf/svg_patches.py): each change gives the very bytes
WeasyPrint writes without it (or, for SVG text in runs, the text objects it means to), with less work."""

import contextlib
import re

from report.pdf import renderer as pdf
from report.pdf import svg_patches
from tests.pdf.test_patches import counted_splits
from tests.pdf.test_renderer import LETTERS_SVG


def _written(renderer, svg: str, patch, counted: list[int]) -> tuple[bytes, int]:
    """A page of one chart, `svg`, laid out, painted and written under `patch` (a context manager): the PDF's bytes and
    what `counted` counted while it was written."""
    document = renderer.layout('<html lang="en"><body><img src="chart:a" alt="a"></body></html>', {"a": ("200", "80")})
    renderer.paint(document, {"a": svg})
    counted[0] = 0
    with patch:
        out = document.write_pdf()
    return out, counted[0]


def test_svg_letters_are_shaped_once_and_drawn_as_before(monkeypatch):
    """svg_letters_shaped_once: one layout per distinct letter, face and size; the very bytes WeasyPrint writes."""
    from weasyprint.text import line_break

    renderer = pdf.PdfRenderer()
    counted, layouts = counted_splits(monkeypatch)

    before, plain = _written(renderer, LETTERS_SVG, contextlib.nullcontext(), layouts)
    after, once = _written(renderer, LETTERS_SVG, svg_patches.svg_letters_shaped_once(), layouts)
    assert after == before
    # WeasyPrint: each text whole (4), then each letter (7 + 6 + 4 + 1 = 18). Once: the letters 1 0 . 5 space s at
    # 9 px (6), 5 0 space s at 12 px (4), 5 in bold (1, the same as its whole text), and the other three wholes.
    assert (plain, once) == (22, 14)
    assert line_break.split_first_line is counted and line_break.Layout.reactivate.__name__ == "reactivate"


def test_svg_text_is_drawn_in_runs_unless_it_places_its_letters():
    """svg_text_in_runs: a `<text>` with one x and one y is one text object (shaped whole, kerned); one that places
    its letters (a list of x, dx, rotate...) keeps WeasyPrint's letter-by-letter drawing; WeasyPrint is left as it
    was after the drawing."""
    import weasyprint.svg

    placed = (
        '<text x="10 16 22" y="70" style="font-family: Inter; font-size: 9px">AVA</text>'
        '<text x="40" y="70" dx="0 1 1" style="font-family: Inter; font-size: 9px">WAV</text></svg>'
    )
    chart = LETTERS_SVG.replace("</svg>", placed)
    renderer = pdf.PdfRenderer()

    def text_objects(in_runs: bool) -> int:
        document = renderer.layout(
            '<html lang="en"><body><img src="chart:a" alt="a"></body></html>', {"a": ("200", "80")}
        )
        renderer.paint(document, {"a": chart})
        with svg_patches.svg_text_in_runs() if in_runs else contextlib.nullcontext():
            out = document.write_pdf(uncompressed_pdf=True)
        return len(re.findall(rb" Tm\n", out))  # each text object placed: one per letter, or one per run

    # WeasyPrint places each letter but a lone space (6 + 5 + 3 + 1, and 3 + 3 placed ones); in runs: 4 runs and the
    # 6 placed letters.
    assert (text_objects(False), text_objects(True)) == (21, 10)
    assert (
        weasyprint.svg.TAGS["text"] is weasyprint.svg.text and weasyprint.svg.text.__module__ == "weasyprint.svg.text"
    )


_REPEATED_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="200pt" height="80pt" viewBox="0 0 200 80">'
    + "".join(
        f'<path d="M {10 + 20 * i} 70 L {10 + 20 * i} {60 - 5 * i}" '
        f'style="fill: #0b5a7a; fill-opacity: {0.2 + 0.1 * (i % 3):.1f}; stroke: #c05621; stroke-width: 0.8pt"/>'
        for i in range(9)
    )
    + "</svg>"
)


def test_svg_values_are_parsed_once_into_the_same_bytes(monkeypatch):
    """svg_values_parsed_once: nine paths of one style attribute but their opacity parse three distinct attributes,
    not nine; each fill keeps its own opacity (a colour handed out is a copy); the very bytes WeasyPrint writes."""
    import tinycss2

    renderer = pdf.PdfRenderer()
    parsed = [0]
    blocks = tinycss2.parse_blocks_contents

    def counted(*args, **kwargs):
        parsed[0] += 1
        return blocks(*args, **kwargs)

    monkeypatch.setattr(tinycss2, "parse_blocks_contents", counted)

    before, plain = _written(renderer, _REPEATED_SVG, contextlib.nullcontext(), parsed)
    after, once = _written(renderer, _REPEATED_SVG, svg_patches.svg_values_parsed_once(), parsed)
    assert after == before  # a colour shared, not copied, would carry one path's opacity into the next's
    assert (plain, once) == (9, 3)
