"""Golden outputs: a fresh build of each joint test equals tests/golden/ (regenerate with `make golden`)."""

import base64
import difflib

import pytest

from tests.golden import CASES, GOLDEN, readable, stored


def _diff(expected: bytes, produced: bytes) -> str:
    lines = difflib.unified_diff(expected.decode().splitlines(), produced.decode().splitlines(), lineterm="", n=1)
    return "\n".join(list(lines)[:40])


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_outputs_match_golden(case, request):
    built = request.getfixturevalue(f"{case}_built")
    expected = (GOLDEN / case / "metrics.json").read_bytes()
    if built.metrics != expected:
        pytest.fail(
            f"{case}/metrics.json differs from the golden copy (make golden if intended):\n"
            + _diff(expected, built.metrics)
        )
    page, charts = readable(built.html)
    golden_page, golden_charts = stored(case)
    assert sorted(charts) == sorted(golden_charts), f"{case}: other charts than the golden copy's"
    for name, svg in charts.items():
        if svg != golden_charts[name]:
            pytest.fail(
                f"{case}/charts/{name} differs from the golden copy (make golden if intended):\n"
                + _diff(golden_charts[name], svg)
            )
    if page != golden_page:
        pytest.fail(
            f"{case}/report.html differs from the golden copy (make golden if intended):\n" + _diff(golden_page, page)
        )


def test_the_readable_form_keeps_every_byte():
    """A chart becomes a reference and an SVG file, a font the SHA-256 of its bytes: a changed byte still differs."""
    svg = b"<svg><style>src: url(data:font/otf;base64,AAEC)</style><text>1.89</text></svg>"  # font bytes 00 01 02
    html = b'<figure class="chart" id="fig-save-times">\n  <img src="data:image/svg+xml;base64,'
    html += base64.b64encode(svg) + b'" alt="a"> src: url(data:font/otf;base64,AAED)'  # font bytes 00 01 03
    page, charts = readable(html)
    assert page == (
        b'<figure class="chart" id="fig-save-times">\n  <img src="charts/save-times.svg" alt="a"> src: url('
        b"data:font/otf;sha256,b744d600fbe3853702978ec726c166d26274fe7b09b2c600ddf2d7d895667b24)"
    )
    assert charts == {
        "save-times.svg": b"<svg><style>src: url(data:font/otf;sha256,"
        b"ae4b3280e56e2faf83f414a6e3dabe9d5fbe18976544c05fed121accb85b53fc)</style><text>1.89</text></svg>"
    }
    assert readable(html.replace(b"AAED", b"AAEE"))[0] != page
