"""Rendering the HTML: the report context through Jinja to one self-contained document (report/pdf/ prints it)."""

from __future__ import annotations

import base64
import functools
import hashlib
import json
from pathlib import Path

import jinja2
from markupsafe import Markup

from report import i18n
from report.charts.describe import Chart
from report.document.spoken import Said, Spoken
from report.formatting import FILTERS
from report.render import CHART_SCHEME, TEMPLATES, webfonts
from report.wording.base import ReportContext


def svg_data_url(svg: str) -> str:
    """An SVG document as a data: URL, so the HTML stays one self-contained file."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


#: Where `make` keeps the templates compiled (tools/compile.py), in a folder named by this module's bytes: the options
#: below shape the compiled code, so a change to them never meets templates compiled under the old ones.
COMPILED_TEMPLATES = TEMPLATES.parent / ".cache" / "templates"


class CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """Templates `make` compiled, read by a build and never written: Jinja recompiles a template whose source no longer
    matches its compiled copy (it checks the source's SHA-1), so a stale or missing copy costs time, never words.

    Compiling the eight templates is a fifth of the data side's work before the HTML can be laid out (issue 27).
    """

    def __init__(self, writable: bool = False):
        tag = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
        super().__init__(str(COMPILED_TEMPLATES / tag))
        self._writable = writable

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if self._writable:
            Path(self.directory).mkdir(parents=True, exist_ok=True)
            super().dump_bytecode(bucket)


@functools.cache
def environment(compile_into: bool = False) -> jinja2.Environment:
    """The Jinja environment: autoescape on, strict undefined, trimmed blocks, the formatting filters.

    One per process, so that each template is compiled once (the words are looked up when rendering, in the
    language active then), or read compiled from what `make` wrote (`compile_into`: write it there, tools/compile.py).
    """
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
        finalize=_typeset,
        bytecode_cache=CompiledTemplates(writable=compile_into),
    )
    env.filters["keep_words"] = i18n.keep_words
    env.filters["keep_tail"] = i18n.keep_tail
    env.filters["cell_tail"] = cell_tail
    env.filters["keep_phrases"] = i18n.keep_phrases
    env.filters["keep_brackets"] = i18n.keep_brackets
    env.filters["commands"] = commands
    env.filters["page_of"] = page_of
    # The templates' own words come from the same catalogs as the context's, in the language being written.
    # (a method the i18n extension adds to the Environment, which Jinja's own types do not declare)
    env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=False)  # type: ignore[attr-defined]
    env.filters.update(FILTERS)
    # The space a template puts between two texts: none after Chinese full-width punctuation.
    env.globals["gap"] = i18n.gap
    return env


#: The command a paragraph may name in running text (the colophon): set as code, which never breaks inside it, so
#: that a reader copies it whole ("python -m" ↵ "report verify", Chinese reading 3, minor 16).
VERIFY_COMMAND = "python -m report verify report.pdf"


def commands(text: str) -> Markup:
    """A paragraph's text, typeset and escaped, its last line never one ideograph (i18n.keep_tail), with the verify
    command in it set as code and the words of each finding it states in a span that names the finding and its scope
    (report/document/spoken.py)."""
    if isinstance(text, Spoken) and text.said():
        escaped = _findings_marked(text)
    else:
        escaped = str(Markup.escape(_typeset(i18n.keep_tail(text))))
    return Markup(escaped.replace(VERIFY_COMMAND, f"<code>{VERIFY_COMMAND}</code>"))


def cell_tail(cell: object) -> object:
    """A table cell's plain text whose last line never holds one ideograph ("Llama 4 Scout 109B 继续预训" ↵ "练" in the
    appendix's tables: Chinese reading 15); markup and figures as they are."""
    return i18n.keep_tail(cell) if isinstance(cell, str) and not isinstance(cell, Markup) else cell


def page_of(text: str, anchor: str) -> Markup:
    """`text` escaped, its "{page}" the number of the page `anchor` is laid out on (print.css `.page-of`): page 1's
    pointers said "page 3" on page 3 when the formal cover ran over onto a second page (cold read 9, K-m1)."""
    before, _, after = text.partition("{page}")
    link = Markup('<a class="page-of" href="#{}"></a>').format(anchor)
    return Markup.escape(before) + link + Markup.escape(after)


def _findings_marked(text: Spoken) -> str:
    """The text typeset as a whole (as without the findings), escaped, each finding's words in a span.

    Typesetting only adds or changes spacing (and, in Chinese, prints "×" as "倍"), so each character of the plain
    text that is not a space is found again, in order, in the typeset one: a finding's words span from the first such
    character of its part to the last."""
    plain, typeset = str(text), str(_typeset(i18n.keep_tail(str(text))))
    where = _aligned(plain, typeset)
    out, start, at = [], 0, 0
    for part in text.parts:
        length = len(part.text if isinstance(part, Said) else part)
        if isinstance(part, Said):
            inside = [where[i] for i in range(at, at + length) if i in where]
            if inside:
                first, last = inside[0], inside[-1] + 1
                out += [Markup.escape(typeset[start:first]), _span(part), Markup.escape(typeset[first:last]), "</span>"]
                start = last
        at += length
    out.append(Markup.escape(typeset[start:]))
    return "".join(str(piece) for piece in out)


#: What typesetting may insert between the characters of a text (report/i18n.py `typeset`).
_SPACING = {" ", "\u00a0", "\u2060"}


#: What a Chinese range of multiples drops ("1.19× 至 2.68×" is printed "1.19～2.68 倍") and what it writes instead.
_RANGE_DROPS = {"×", "倍"}
_RANGE_MARKS = {"至", "–", "～"}
#: A bracket inside brackets, printed 〔〕 (i18n.unnest).
_UNNESTED = {("（", "〔"), ("）", "〕")}


def _same(c: str, printed: str) -> bool:
    """Whether `printed` is `c` as typesetting prints it: itself, "×" as "倍", a range's "至" or "–" as "～", a bracket
    inside brackets as 〔〕."""
    return (
        printed == c
        or (c == "×" and printed == "倍")
        or (c in _RANGE_MARKS and printed == "～")
        or (c, printed) in _UNNESTED
    )


def _aligned(plain: str, typeset: str) -> dict[int, int]:
    """Where each character of `plain` that is not a space stands in `typeset` (a "×" or "倍" that a Chinese range
    of multiples drops stands nowhere)."""
    where, j = {}, 0
    for i, c in enumerate(plain):
        if c.isspace():
            continue
        k = j
        while k < len(typeset) and not _same(c, typeset[k]) and typeset[k] in _SPACING:
            k += 1
        if k < len(typeset) and _same(c, typeset[k]):
            where[i], j = k, k + 1
        elif c in _RANGE_DROPS and k < len(typeset) and typeset[k] == "～":
            continue
        elif k == len(typeset):
            raise ValueError(f"typesetting lost a character of {plain!r}")
        else:
            raise ValueError(f"typesetting changed {plain!r} beyond its spacing")
    return where


def _span(part: Said) -> str:
    """The opening tag of a finding's words: its id, the kind of its scope, the items it holds for, and whether those
    are every item of that kind in this joint test (only then may the words say both, every or all)."""
    f = part.finding
    items = Markup.escape(json.dumps(list(f.scope.items), ensure_ascii=False))
    whole = "true" if f.scope.whole else "false"
    return (
        f'<span class="finding" data-finding="{f.id}" data-scope="{f.scope.kind}" data-items="{items}" '
        f'data-whole="{whole}">'
    )


def _typeset(value: object) -> object:
    """Every printed text set by the language's rules (spacing, no-break space before units); markup, the project's own
    style sheets and fonts, is left as it is."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return i18n.typeset(value)
    return value


def chart_sources(charts: dict[str, Chart], svgs: dict[str, str] | None) -> dict[str, str]:
    """Where each chart's image comes from: inline data: URLs, with their fonts, once drawn (the HTML edition), else
    the PDF's placeholders."""
    if svgs is None:
        return {chart_id: f"{CHART_SCHEME}:{chart_id}" for chart_id in charts}
    return {chart_id: svg_data_url(webfonts.svg_with_fonts(svgs[chart_id])) for chart_id in charts}


def render_html(
    context: ReportContext, sources: dict[str, str], fonts_for: str | None = None, print_copy: bool = False
) -> str:
    """The report as one HTML document, each chart's image from `sources` (id -> URL).

    With `fonts_for` (the document's visible text: `webfonts.visible_text` of any copy of it, since that leaves out
    the images' URLs), it carries the shipped fonts subset to that text (the HTML edition); without, it is the copy
    WeasyPrint lays out, which takes its fonts from the print sheet. `print_copy` (the copy the PDF is laid out from)
    adds what only print needs: page 1's lines again, for page 2, marked with their place in the order page 1 moves
    them when it would run over (sections/cover.py SHED_ORDER, pdf/renderer.py).
    """
    styles = {name: Markup(_stylesheet(name)) for name in ("screen", "browser")}
    # The stylesheets and the font rules are the project's own, never input text, so they are inserted unescaped.
    faces = Markup(webfonts.font_faces(fonts_for)) if fonts_for is not None else None
    return (
        environment()
        .get_template("report.html")
        .render(
            r=context,
            chart_src=sources,
            screen_css=styles["screen"],
            browser_css=styles["browser"],
            fonts_css=faces,
            print_copy=print_copy,
        )
    )


def _stylesheet(name: str) -> str:
    return (TEMPLATES / "styles" / f"{name}.css").read_text(encoding="utf-8")
