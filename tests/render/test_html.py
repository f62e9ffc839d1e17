"""The rendered report: one self-contained HTML, its text in the PDF, hostile input shown as text."""

import re

import pytest

from report.charts import describe as charts
from report.render import html as render
from tests.builds import collected_after
from tests.conftest import DATA, pdf_text
from tests.sections.helpers import build


def section_titles(folder=DATA) -> list[str]:
    """The titles of the sections the registry builds for `folder`, in order (English)."""
    ctx, _ = build(folder)
    return [s.title for s in ctx.sections]


@pytest.fixture(scope="module")
def default_text(default_built, tmp_path_factory):
    return pdf_text(default_built.pdf, tmp_path_factory.mktemp("text"))


def test_html_is_self_contained(default_built):
    html = default_built.html.decode()
    drawn = len(charts.DESCRIBERS) - 1  # every chart but the scaling chart: the default data has no scaling.csv
    assert html.count('<img src="data:image/svg+xml;base64,') == drawn
    assert len(re.findall(r'<img [^>]*alt="[^"]{40,}"', html)) == drawn
    references = re.findall(r'(?:src|href)="([^"#][^"]*)"', html)
    assert all(ref.startswith("data:") for ref in references), references
    styles = " ".join(part.split("</style>")[0] for part in html.split("<style")[1:])
    assert re.findall(r"url\((?!data:)", styles) == []  # CSS fetches nothing: its fonts are data: URLs
    assert styles.count("@font-face") == 4 and html.count("data:font/otf;base64,") == 4
    assert "<link" not in html and "<script" not in html


def test_headline_figures_in_pdf_text(default_text):
    text = " ".join(default_text.split())
    for figure in [
        "178 s",
        "94 s",
        "3.26 GB/s",
        "6.40 GB/s",
        "3,560",
        "1,880",
        "1,680 s",
        "36,000 s",
        "34,320 s",
        "9.89%",
        "5.48%",
        "4.67%",
        "6.20×–9.30×",  # the illustrative single loads' ratios, their speedup not established (cold read 12, M2)
        "49.0 GPUs",  # 1,000 × (36,000 ÷ 34,320 − 1) = 48.95, three significant digits wherever it prints
        "380 s",  # 178 × 140 ÷ 65.6 = 379.9 and 94 × 140 ÷ 65.6 = 200.6, as the projection chart labels them
        "201 s",
    ]:
        assert figure in text, figure


def test_each_section_has_its_text(default_text):
    text = " ".join(default_text.split())
    for section in section_titles():
        assert section in text
    for phrase in [
        "Insufficient data",
        "Two explanations fit these figures equally well",
        "re-tuned (Young)",
        "Daly's higher-order optimum",
        "What would this test's save-time ratio do to GPU utilisation?",  # the 1.89× is page 1's and the summary's
        "SHA-256",
        "ff4a64d5f543fabd1e4fefc27feb59593814343345b0f430ff1d42",
        "Illustrative absolute load times",
    ]:
        assert phrase in text, phrase


def test_second_joint_test_shows_none_of_the_first(repeated_built, gates_fail_built, default_built, tmp_path):
    text = " ".join(pdf_text(repeated_built.pdf, tmp_path).split())
    html = repeated_built.html.decode()
    for leftover in [
        "Mingxin",
        "FX100",
        "NVMe",
        "178 s",
        "3.26",
        "32B LoRA",
        "Example Computing Centre",
        "48.95",
        "Huawei",
        "9.89%",
        "36,000",
    ]:
        assert leftover not in text, leftover
        assert leftover not in html, leftover
    assert "Array X" in text and "Fixture Customer A" in text and "2.00×" in text
    b = " ".join(pdf_text(gates_fail_built.pdf, tmp_path).split())
    assert "Fail" in b and "extrapolates beyond them" in b


def test_hostile_text_is_shown_as_text(folder):
    """The HTML edition alone (tests/builds.py's html_edition): what the PDF does with such text is the next test's."""
    from report.inputs.joint_test import read_joint_test
    from tests.builds import html_edition
    from tests.conftest import PROVENANCE

    data = folder("data")
    evil = (
        '<script>alert(1)</script><img src="file:///etc/passwd"><link rel=stylesheet href="http://127.0.0.1:9/x.css">'
    )
    toml = (data / "test.toml").read_text().replace("Example Computing Centre", evil.replace('"', '\\"'))
    (data / "test.toml").write_text(toml)
    built = html_edition(read_joint_test(data), PROVENANCE)
    html = built.html.decode()
    assert "<script>" not in html and '<img src="file:' not in html and "<link" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_svg_data_url_round_trips():
    import base64

    url = render.svg_data_url("<svg>é</svg>")
    assert base64.b64decode(url.split(",", 1)[1]).decode() == "<svg>é</svg>"


@pytest.mark.slow
def test_hostile_text_everywhere_opens_no_connection(folder):
    import socket

    from report.inputs.joint_test import read_joint_test
    from report.pipeline.stages import build_outputs
    from tests.conftest import PROVENANCE

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.5)
    port = server.getsockname()[1]
    evil = (
        f'<img src=\\"http://127.0.0.1:{port}/i.png\\"><link rel=stylesheet href=\\"http://127.0.0.1:{port}/c.css\\">'
        f'<style>@import url(http://127.0.0.1:{port}/x.css)</style><a href=\\"file:///etc/passwd\\">x</a>'
    )
    data = folder("data")
    toml = (data / "test.toml").read_text()
    for text in (
        "White-paper figures, before a joint test",
        "Example Computing Centre",
        "Mingxin FX100",
        "published figures",
        "White paper: measured 32B LoRA checkpoint saves, 8 GPUs (one value per system)",
    ):
        toml = toml.replace(text, text + evil)
    (data / "test.toml").write_text(toml)
    for name in ("save_times.csv", "bandwidth.csv", "load_times.csv"):
        raw = (data / name).read_text().replace("Mingxin FX100", '"Mingxin FX100' + evil.replace('\\"', '""') + '"')
        (data / name).write_text(raw)
    with collected_after():
        built = build_outputs(read_joint_test(data), PROVENANCE)
    try:
        connection, _ = server.accept()
    except TimeoutError:
        connection = None
    server.close()
    assert connection is None, "the build connected to a local port named in the inputs"
    html = built.html.decode()
    assert f"http://127.0.0.1:{port}" in html  # shown, as text
    assert "<link rel=stylesheet" not in html and "<style>@import" not in html and '<a href="file:' not in html


def _page_text(pdf: bytes, tmp_path, first: int, last: int) -> str:
    import subprocess

    path = tmp_path / "pages.pdf"
    path.write_bytes(pdf)
    command = ["pdftotext", "-raw", "-f", str(first), "-l", str(last), str(path), "-"]
    return " ".join(subprocess.run(command, check=True, capture_output=True, text=True).stdout.split())


def test_a_failing_test_leads_with_its_verdict(gates_fail_built, tmp_path):
    cover = _page_text(gates_fail_built.pdf, tmp_path, 1, 1)
    verdict = cover.index("Verdict: Targets not met")
    assert verdict < cover.index("No difference shown")  # before any figure (its interval holds 1×)
    # each gate by its plain name, its id beside it (issue 45)
    assert "Baseline repeatability (G1) fails" in cover and "time speedup (G3) fails" in cover
    assert "Training-time benefit (G4) fails" in cover
    assert cover.count("FAILED") >= 5  # the tiles that depend on a failed gate say so
    summary = _page_text(gates_fail_built.pdf, tmp_path, 2, 3)  # the summary follows the contents
    # the summary names the failed gates and refers to the gate table for their reasons (page 1 gives them)
    assert summary.index("Targets not met. G1, G3 and G4 fail.") < summary.index("the recorded save times are")


def test_illustrative_figures_are_marked_in_the_pdf(default_built, tmp_path):
    text = _page_text(default_built.pdf, tmp_path, 1, 99)
    cover = _page_text(default_built.pdf, tmp_path, 1, 1)
    # page 1 marks the tiles drawn from illustrative inputs; the summary names the inputs (issue 45: page 1 holds the
    # recommendation, the verdict and the tiles)
    assert cover.count("ILLUSTRATIVE INPUT") == 2
    assert "Illustrative inputs, not measured: write bandwidth and model load" in text
    for sentence in (
        "For inference, with the illustrative load times",
        "With the illustrative load times,",
    ):
        at = text.index(sentence)
        assert "ILLUSTRATIVE" in text[max(0, at - 80) : at], sentence
    assert text.count("ILLUSTRATIVE INPUT, NOT MEASURED") == 3  # inside the three charts drawn from them


def test_passes_on_illustrative_or_undecided_runs_are_styled_neutral_not_green(folder):
    """Cold read 7, blocker 1 and major 2: the verdict box and the gate cells take the neutral classes, which the
    sheet (read by the browser and, with the print sheet added, by the PDF) colours as undecided, not as passed."""
    from tests.sections.test_cover import all_illustrative

    ctx, _ = build(all_illustrative(folder))
    html = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    body = html.split("<body>")[1]
    assert '<div class="verdict verdict-indicative">' in body and "verdict-demonstrated" not in body
    assert html.count('<span class="status status-pass-illustrative">Pass (illustrative)</span>') == 4
    assert '<p class="verdict-indicative">' in html
    ctx, _ = build(DATA)
    html = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    # a pass on runs G1 and G2 cannot judge is the test plan's pass, its caveat in the reason (cold read 17, W-B1)
    assert "Indicative pass" not in html
    sheet = (render.TEMPLATES / "styles" / "screen.css").read_text()
    for rule in (".verdict-indicative .verdict-label { color: var(--unknown); }", ".status-pass-illustrative {"):
        assert rule in sheet
    assert ".status-pass-indicative { color: var(--unknown); }" in sheet


def test_the_verify_command_is_set_as_code_that_never_breaks(default_built):
    """The colophon's command broke at a line end ("python -m" ↵ "report verify", Chinese reading 3, minor 16): it is
    code now, like the cover's, and code never wraps; the rest of the paragraph stays escaped text."""
    html = default_built.html.decode()
    # the colophon only: the customer pages name no command of the tool (issue 45, settled point 13)
    assert html.count("<code>python -m report verify report.pdf</code>") == 1
    assert "white-space: nowrap" in (render.TEMPLATES / "styles" / "screen.css").read_text()
    assert render.commands("<b> python -m report verify report.pdf") == (
        "&lt;b&gt; <code>python -m report verify report.pdf</code>"
    )


def test_compiled_templates_are_read_never_written_and_a_changed_one_recompiled(tmp_path, monkeypatch):
    """render.CompiledTemplates: a build reads what `make` compiled (tools/compile.py) and writes nothing; a template
    edited since is compiled from its source, never run stale."""
    import jinja2

    monkeypatch.setattr(render, "COMPILED_TEMPLATES", tmp_path / "compiled")
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "t.html").write_text("{{ x }} one", encoding="utf-8")
    compiled = []

    def env(writable: bool) -> jinja2.Environment:
        environment = jinja2.Environment(
            loader=jinja2.FileSystemLoader(templates), bytecode_cache=render.CompiledTemplates(writable)
        )
        compile_ = environment.compile
        environment.compile = lambda *args, **kwargs: compiled.append(args[1]) or compile_(*args, **kwargs)
        return environment

    assert env(False).get_template("t.html").render(x=1) == "1 one" and compiled == ["t.html"]
    assert not (tmp_path / "compiled").exists()  # a build compiled it and wrote nothing
    assert env(True).get_template("t.html").render(x=2) == "2 one" and len(compiled) == 2  # `make` writes it
    assert len(list((tmp_path / "compiled").rglob("*.cache"))) == 1
    assert env(False).get_template("t.html").render(x=3) == "3 one" and len(compiled) == 2  # read, not compiled
    (templates / "t.html").write_text("{{ x }} two", encoding="utf-8")
    assert env(False).get_template("t.html").render(x=4) == "4 two" and len(compiled) == 3  # changed: compiled again


def test_make_compiles_every_template_and_module_where_builds_read_them(monkeypatch):
    """tools/compile.py (make's compile step): afterwards a fresh environment compiles no template, and every module of
    report/ has hash-checked bytecode beside it (PYTHONDONTWRITEBYTECODE, set on CI, stops Python writing it)."""
    import importlib.util

    from tools import compile as compile_step

    assert compile_step.main() == 0
    environment = render.environment.__wrapped__()  # a fresh one, as a build's
    monkeypatch.setattr(environment, "compile", lambda *args, **kwargs: pytest.fail(f"{args[1]} compiled again"))
    for name in environment.list_templates(extensions=["html"]):
        environment.get_template(name)
    for module in (render.TEMPLATES.parent / "report").rglob("*.py"):
        cached = importlib.util.cache_from_source(str(module))
        with open(cached, "rb") as pyc:
            assert int.from_bytes(pyc.read(8)[4:], "little") == 0b11, f"{module}: not checked-hash bytecode"


def test_a_chinese_table_cell_never_ends_on_one_ideograph():
    """Chinese reading 15: the appendix's model cells broke "Llama 4 Scout 109B 继续预训" ↵ "练". A plain text cell keeps
    its last ideographs together in Chinese (word joiners, nothing copied changes); markup, figures and English stay."""
    from markupsafe import Markup

    from report import i18n

    with i18n.activate("zh-CN"):
        joined = render.cell_tail("Llama 4 Scout 109B 继续预训练")
        assert joined == "Llama 4 Scout 109B 继续" + i18n.WORD_JOINER.join("预训练")
        assert render.cell_tail(Markup("<b>继续预训练</b>")) == Markup("<b>继续预训练</b>")
        assert render.cell_tail(1526.0) == 1526.0
    assert render.cell_tail("继续预训练") == "继续预训练"  # English builds: as it is


def test_a_chinese_tile_label_keeps_its_short_bracket_whole():
    """Chinese reading 15, S: page 2's tile label broke "保存停顿占墙钟时间的比例（异" ↵ "步保存）"; a short bracket with
    ideographs stays whole (i18n.keep_brackets), the line breaking before it if it must."""
    from pathlib import Path

    from report import i18n

    with i18n.activate("zh-CN"):
        ctx, _m = build(Path(__file__).resolve().parents[2] / "examples" / "async-70b")
        page = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    assert '<span class="label">保存停顿占墙钟时间的比例' + i18n.WORD_JOINER.join("（异步保存）") + "</span>" in page


def test_the_decision_page_names_the_testing_party_in_place_of_the_date():
    """zh reading 19, AA-M2: a report that names who ran it says so under the systems, in place of the date its
    formal cover gives (page 2 held no line more: tests/pdf/test_page_one.py); without one, the date stays."""
    from tests.conftest import FIXTURES

    ctx, _m = build(FIXTURES / "formal")
    page = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    cover = page.split('<section class="cover"', 1)[1].split("</section>", 1)[0]
    assert (
        '<p class="cover-tester"><span class="cover-tester-label">Tested by</span> Mingxin Storage, solutions lab, '
        "part of the candidate&#39;s maker Mingxin; witnessing is not recorded</p>" in cover
    )
    assert "Report date" not in cover
    ctx, _m = build(DATA)
    page = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    cover = page.split('<section class="cover"', 1)[1].split("</section>", 1)[0]
    assert "Report date" in cover and "cover-tester" not in cover
