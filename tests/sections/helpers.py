"""Helpers of the sections' tests: build a report's context from a folder, find a section, its paragraphs."""

import shutil

from report import sections
from report.charts import describe as charts
from report.compute import compute
from report.document.blocks import Items, Para, Subsection
from report.inputs.joint_test import read_joint_test
from tests.conftest import FIXTURES, PROVENANCE


def build(path):
    test = read_joint_test(path)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative, test.config.systems.short)
    return sections.build(test, m, described, PROVENANCE), m


def build_printed(path, language: str):
    """As `build`, in `language` with the names and texts the report prints in it ([text.<language>]), as the build
    does (report/pipeline/stages.py)."""
    from report import i18n
    from report.inputs.texts import printed

    test = read_joint_test(path)
    with i18n.activate(language):
        shown_test, shown = printed(test, compute(test), language)
        short = shown_test.config.systems.short
        described = charts.describe_all(shown, shown_test.bandwidth, shown.inputs_illustrative, short)
        return sections.build(shown_test, shown, described, PROVENANCE, language), shown


def section(ctx, section_id):
    return next(s for s in ctx.sections if s.id == section_id)


def paras(blocks):
    """Every paragraph in `blocks`, lists and subsections included."""
    for b in blocks:
        if isinstance(b, Para):
            yield b
        elif isinstance(b, Items):
            yield from b.items
        elif isinstance(b, Subsection):
            yield from paras(b.blocks)


def all_paras(ctx):
    return [p for s in ctx.sections for p in paras(s.blocks)]


def texts(blocks):
    return [p.text for p in paras(blocks)]


def evidence(ctx) -> str:
    """What the figures rest on (measured, supplied, illustrative inputs), as the summary says it on page 2."""
    return next(b.text for b in section(ctx, "summary").blocks if isinstance(b, Para) and b.style == "evidence")


def cover_text(ctx) -> str:
    """Page 1's words: the recommendation, its reasons, what would change it, the verdict, its gates and notes."""
    c = ctx.cover
    return " ".join((c.recommendation, *c.reasons, c.changes, c.verdict_label, c.verdict_gates, *c.verdict_notes))


def slower_candidate(tmp_path):
    """The economics fixture with its two save systems swapped, so that the candidate is the slower one (cold tests 6:
    a node-local baseline three times faster); the candidate's load rows keep the candidate's name."""
    folder = tmp_path / "economics"
    shutil.copytree(FIXTURES / "economics", folder)
    toml = folder / "test.toml"
    text = toml.read_text().replace('candidate     = "Array X"', 'candidate     = "@"')
    toml.write_text(text.replace('save_baseline = "Old NAS"', 'save_baseline = "Array X"').replace('"@"', '"Old NAS"'))
    loads = folder / "load_times.csv"
    loads.write_text(loads.read_text().replace("Array X,", "Old NAS,"))
    return folder
