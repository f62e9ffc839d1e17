"""report/charts/svg.py: the charts' SVG with matplotlib's styles as attributes draws as matplotlib's own did."""

import re

import pytest

from report.charts import describe as charts
from report.charts import draw as drawing
from report.charts.svg import plain_svg
from report.compute import compute
from report.inputs.joint_test import read_joint_test
from report.pdf import renderer as pdf
from tests.conftest import DATA


def test_plain_svg_draws_what_matplotlibs_styles_drew():
    """The charts' SVG with its styles as attributes (issue 27): the same attributes on every element, the sheet's
    one rule on the root, no metadata, no group that only held an id."""
    raw = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10pt">'
        "<metadata><x/></metadata>"
        '<defs><style type="text/css">*{stroke-linejoin: round; stroke-linecap: butt}</style></defs>'
        '<g id="figure_1"><g id="patch_1"><path d="M 0 0" style="fill: none; stroke: #d9dee3; '
        'stroke-linecap: square"/></g>'
        '<g id="text_1" transform="translate(1 2)"><text style="font-size: 8.5px; font-family: '
        "'Inter','Noto Sans CJK SC'\">5</text></g>"
        '<g><use xlink:href="#m1" x="1" style="fill: #1f2933"/></g></g></svg>'
    )
    assert plain_svg(raw) == (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10pt" '
        'stroke-linejoin="round" stroke-linecap="butt">'
        '<path d="M 0 0" fill="none" stroke="#d9dee3" stroke-linecap="square" />'
        '<g id="text_1" transform="translate(1 2)"><text font-size="8.5px" '
        "font-family=\"'Inter','Noto Sans CJK SC'\">5</text></g>"
        '<use xlink:href="#m1" x="1" fill="#1f2933" /></svg>'
    )
    # a sheet of other rules stays, and so do the styles it would otherwise override
    other = raw.replace("*{stroke-linejoin: round; stroke-linecap: butt}", "path{fill: red}")
    assert plain_svg(other) == other


@pytest.mark.slow
def test_plain_svg_draws_the_same_pixels(tmp_path):
    """Every chart of the default report, drawn by WeasyPrint from matplotlib's own SVG and from the plain one: the
    same pixels at 150 dpi and the same text."""
    import io
    import subprocess

    from PIL import Image, ImageChops

    test = read_joint_test(DATA)
    m = compute(test)
    figures = drawing.figures(m, test.bandwidth, charts.describe_all(m, test.bandwidth))
    renderer = pdf.PdfRenderer()
    for chart_id, figure in figures.items():
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
        raw = drawing._FAMILIES.sub(lambda found: found[0].replace(", ", ","), buffer.getvalue())
        raw = raw[raw.index("<svg") :]
        drawn = {}
        for name, text in (("raw", raw), ("plain", plain_svg(raw))):
            document = renderer.layout(
                '<html lang="en"><body><img src="chart:c" alt="c"></body></html>', {"c": ("493", "220")}
            )
            renderer.paint(document, {"c": text})
            (tmp_path / f"{name}.pdf").write_bytes(document.write_pdf())
            subprocess.run(["pdftoppm", "-png", "-r", "150", "-singlefile", name + ".pdf", name], cwd=tmp_path)
            text = subprocess.run(["pdftotext", name + ".pdf", "-"], cwd=tmp_path, capture_output=True, text=True)
            drawn[name] = (Image.open(tmp_path / f"{name}.png").convert("RGB"), text.stdout)
        assert ImageChops.difference(drawn["raw"][0], drawn["plain"][0]).getbbox() is None, chart_id
        assert drawn["raw"][1] == drawn["plain"][1] and drawn["raw"][1].strip(), chart_id
    renderer.close()


def test_plain_svg_names_hashed_ids_by_the_drawing_not_by_the_machine():
    """matplotlib names a clip rectangle by a hash of its corners' full floats, whose last bits differ between CPUs:
    the same economics chart drew "p5f01550607" on one machine and "p2d7138fc63" on another. The ids become a digest
    of the drawing without them and their place, with every reference renamed alike; a named id stays."""

    def chart(clip: str, marker: str) -> str:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            f'<defs><path id="{marker}" d="M 0 0 L 1 1"/><clipPath id="{clip}"><rect x="1" width="5"/></clipPath></defs>'
            f'<g id="line2d_1" transform="translate(1 1)"><path d="M 1 2" clip-path="url(#{clip})"/><use xlink:href="#{marker}" x="3"/></g>'
            f'<path d="M 2 3" clip-path="url(#{clip})"/></svg>'
        )

    one = plain_svg(chart("p5f01550607", "m03a9157362"))
    assert one == plain_svg(chart("p2d7138fc63", "mad27c1b69e"))
    ids = re.findall(r' id="([^"]+)"', one)
    assert ids[0][0] == "m" and ids[1][0] == "p" and ids[0][1:-2] == ids[1][1:-2] and "line2d_1" in ids
    assert ids[0].endswith("-0") and ids[1].endswith("-1")
    assert one.count(f"url(#{ids[1]})") == 2 and f'href="#{ids[0]}"' in one
    assert "5f01550607" not in one and "03a9157362" not in one
    # another drawing, another digest: two charts in one document never share an id
    other = plain_svg(chart("p5f01550607", "m03a9157362").replace("M 2 3", "M 2 4"))
    assert re.findall(r' id="([^"]+)"', other)[1] != ids[1]
