"""Helpers of the sections' tests: build a report's context from a folder, find a section, its paragraphs.

A context is made once per process for the same folder (every file's bytes), language and strictness (report/i18n.py)
and handed to every test that asks again (`_once`): 290 calls in 54 modules build a handful of folders, most of them
data/ and examples/scaling-cluster, at 0.1-0.6 s of CPU each. The context and its figures are frozen dataclasses;
a test that monkeypatches anything (tests/builds.py's `patching`, set for each test by tests/conftest.py) builds
its own, as a test that edits its folder does (other bytes).
"""

import hashlib
import shutil
from collections import OrderedDict
from pathlib import Path

from report import i18n, sections
from report.charts import describe as charts
from report.compute import compute
from report.document.blocks import Items, Para, Subsection
from report.inputs.joint_test import read_joint_test
from report.pipeline.stages import metrics_json
from tests import builds
from tests.conftest import FIXTURES, PROVENANCE

_MADE: OrderedDict[tuple, tuple] = OrderedDict()  # the latest KEEP, as a test edits its own folder's copy at will
KEEP = 64


def _once(make, path, *args):
    """`make(path, *args)`, or what it gave for the same folder bytes, arguments, language and strictness."""
    if builds.patching[0]:
        return make(path, *args)
    folder = Path(path).resolve()
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(file.relative_to(folder)).encode() + b"\0" + hashlib.sha256(file.read_bytes()).digest())
    key = (make.__name__, str(folder), digest.hexdigest(), args, i18n.language(), i18n.is_strict())
    if key not in _MADE:
        _MADE[key] = make(path, *args)
        while len(_MADE) > KEEP:
            _MADE.popitem(last=False)
    _MADE.move_to_end(key)
    return _MADE[key]


def build(path):
    """The report's context (in the active language) and figures of the joint-test folder `path`."""
    return _once(_build, path)


def _build(path):
    test = read_joint_test(path)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative, test.config.systems.short)
    return sections.build(test, m, described, PROVENANCE, "en", metrics_json(m, PROVENANCE)), m


def build_printed(path, language: str):
    """As `build`, in `language` with the names and texts the report prints in it ([text.<language>]), as the build
    does (report/pipeline/stages.py)."""
    return _once(_build_printed, path, language)


def _build_printed(path, language: str):
    from report.inputs.texts import printed

    test = read_joint_test(path)
    with i18n.activate(language):
        m = compute(test)
        shown_test, shown = printed(test, m, language)
        short = shown_test.config.systems.short
        described = charts.describe_all(shown, shown_test.bandwidth, shown.inputs_illustrative, short)
        return sections.build(shown_test, shown, described, PROVENANCE, language, metrics_json(m, PROVENANCE)), shown


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
