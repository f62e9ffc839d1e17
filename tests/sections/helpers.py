"""Helpers of the sections' tests: build a report's context from a folder, find a section, its paragraphs."""

from report import sections
from report.charts import describe as charts
from report.compute import compute
from report.document.blocks import Items, Para, Subsection
from report.inputs.joint_test import read_joint_test
from tests.conftest import PROVENANCE


def build(path):
    test = read_joint_test(path)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative, test.config.systems.short)
    return sections.build(test, m, described, PROVENANCE), m


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
