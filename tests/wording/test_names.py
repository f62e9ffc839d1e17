"""Short names ([systems] short; issue 45): each part of the report names a system in full once, then by its short
name, in its sentences, tables and captions; headers and chart legends take the short name, with the unit never
glued to a name's own bracket; quoted text and the inputs' own tables are printed as given."""

import re

from report import i18n
from report.charts import draw as drawing
from report.document.blocks import Column, Para, Section, Table
from report.wording.base import NameResolver
from tests.conftest import FIXTURES
from tests.sections.helpers import build, build_printed

FORMAL = FIXTURES / "formal"
FULL = {
    "Mingxin FX100 (2 controllers)": "FX100",
    "Local NVMe RAID-0 (per node)": "Local NVMe",
    "CephFS (existing)": "CephFS",
}
FULL_ZH = {"铭芯 FX100（双控）": "FX100", "本地 NVMe RAID-0（每节点）": "本地 NVMe", "CephFS（现有）": "CephFS"}


def test_the_resolver_names_in_full_once_then_short():
    names = NameResolver({"Parallel NFS (existing)": "pNFS", "NFS": "Old NFS", "Mingxin FX100": "FX100"})
    assert names.text("Parallel NFS (existing) and NFS, then Parallel NFS (existing) and NFS again") == (
        "Parallel NFS (existing) and NFS, then pNFS and Old NFS again"
    )
    # a name inside a longer Latin word is not a mention; quoted text is printed as given, and a label is always short
    assert names.text("NFSv4 and “Mingxin FX100 notes”") == "NFSv4 and “Mingxin FX100 notes”"
    assert names.text("Mingxin FX100 (s)", label=True) == "FX100 (s)"
    assert names.text("Mingxin FX100 first") == "Mingxin FX100 first"
    # a Chinese name between ideographs is a mention
    chinese = NameResolver({"本地 NVMe RAID-0（每节点）": "本地 NVMe"})
    assert (
        chinese.text("在本地 NVMe RAID-0（每节点）上，本地 NVMe RAID-0（每节点）的")
        == "在本地 NVMe RAID-0（每节点）上，本地 NVMe的"
    )
    section = Section(
        "x",
        "Title",
        (
            Para("NFS first, NFS then."),
            Table("t", "NFS table", (Column("NFS (s)"),), (("NFS",),), "NFS note"),
            Table("environment", "as given", (Column("Item"),), (("NFS", "NFS"),)),
        ),
    )
    walked = NameResolver({"NFS": "Old NFS"}).walk(section)
    assert walked.blocks[0].text == "NFS first, Old NFS then."
    assert walked.blocks[1].caption == "Old NFS table" and walked.blocks[1].columns[0].label == "Old NFS (s)"
    assert walked.blocks[1].rows == (("Old NFS",),) and walked.blocks[1].note == "Old NFS note"
    assert walked.blocks[2] == section.blocks[2]  # the inputs' own text


def _texts(part) -> list[str]:
    """Every text of a part of the context, in reading order (dataclass fields, tuples), the inputs' own tables and
    the column headers left out."""
    import dataclasses

    if isinstance(part, str):
        return [part]
    if isinstance(part, tuple):
        return [t for item in part for t in _texts(item)]
    if (isinstance(part, Table) and part.id == "environment") or isinstance(part, Column):
        return []  # the inputs' own text; a header, which is a label (always short)
    if dataclasses.is_dataclass(part) and not isinstance(part, type):
        return [
            t
            for f in dataclasses.fields(part)
            if f.name not in ("id", "kind", "short", "inputs")
            for t in _texts(getattr(part, f.name))
        ]
    return []


def _unquoted(text: str) -> str:
    return re.sub("“[^”]*”", "", text)


def test_every_section_names_each_system_in_full_once():
    for language in ("en", "zh-CN"):
        folder = FORMAL if language == "en" else FIXTURES / "formal_zh"
        with i18n.activate(language):
            ctx, m = build(folder)
        full = FULL_ZH if language == "zh-CN" else FULL
        for s in ctx.sections:
            if s.appendix:
                continue
            text = "\n".join(t for t in _mentions(s, set(full.values())).split("\n") if not t.startswith("“"))
            for name, short in full.items():
                assert text.count(name) <= 1, (language, s.id, name, text.count(name))
                if name in text and short in text.replace(name, ""):
                    assert text.index(name) < text.replace(name, "\0" * len(name), 1).index(short), (s.id, name)
        # page 1 names them in its list of systems, and by their short names after it
        c = ctx.cover
        words = [c.recommendation, *c.reasons, c.changes, c.verdict_gates, *c.verdict_notes]
        cover = "\n".join(_unquoted(t) for t in [*_texts(c.tiles), *words])
        assert not any(name in cover for name in full), language
        # headers and legends: short, the unit never glued to the name's own bracket
        headers = [c.label for s in ctx.sections for b in s.blocks if isinstance(b, Table) for c in b.columns]
        assert not [h for h in headers if re.search(r"[)）]\s*[（(]", h)], headers
        assert all(chart.short for chart in ctx.charts.values())
        svgs = drawing.draw_all(m, read_log(folder), ctx.charts)
        for chart_id, svg in svgs.items():
            assert not any(name in svg.replace("\\u00a0", " ") for name in full), (language, chart_id)


def read_log(folder):
    from report.inputs.joint_test import read_joint_test

    return read_joint_test(folder).bandwidth


def test_without_short_names_nothing_changes():
    ctx, _m = build(FIXTURES / "economics")
    assert ctx.sections[0].blocks == build(FIXTURES / "economics")[0].sections[0].blocks
    assert all(chart.short == () for chart in ctx.charts.values())


def _mentions(section, short: set[str]) -> str:
    """A section's sentences and captions as a reader meets them, quotes and the cells that are a system's label (a
    short name, as the headers are) left out."""
    return "\n".join(_unquoted(t) for t in _texts(section.blocks) if t not in short)


def test_every_section_after_the_setup_names_a_system_in_full_before_its_short_name():
    """CONTRACT.md ("used after each section's first mention"), as the lead settled in session 25: the setup's table
    says "节点本地 SATA SSD，下称“本地 SSD”", and every section, before it or after it, names a system in full at its
    first mention, then by its short name; the full name's brackets are printed once in a section. Session 24 had the
    sections after the setup use the short name throughout: a section read alone said "本地 SSD" and "HX-8" with
    nothing to say what they were. A table's cell that names a system is a label, short as the headers are (Table 5
    had "节点本地 SATA SSD" beside "HX-8")."""
    retune = {
        "Halden HX-8 共享全闪存": "HX-8",
        "节点本地 SATA SSD": "本地 SSD",
        "现网 Lustre 2.12（HDD）": "Lustre",
    }
    cases = (
        (FIXTURES / "formal_zh", FULL_ZH, "zh-CN"),
        (FIXTURES / "node_local_retune", retune, "zh-CN"),
        (FORMAL, FULL, "en"),
    )
    for folder, full, language in cases:
        ctx, _m = build_printed(folder, language)
        ids = [s.id for s in ctx.sections]
        after = [s for s in ctx.sections[ids.index("setup") + 1 :] if not s.appendix]
        checked = 0
        for s in after:
            text = _mentions(s, set(full.values()))
            for name, short in full.items():
                rest = text.replace(name, "\0")
                if short not in rest.replace("\0", ""):
                    continue
                checked += 1
                assert text.count(name) == 1, (folder.name, s.id, name, text.count(name))
                assert rest.index("\0") < rest.replace("\0", "", 0).index(short), (folder.name, s.id, name)
        assert checked >= 5, (folder.name, checked)  # the save, bubble, reliability, ... sections name the systems
        save = next(b for s in ctx.sections if s.id == "save" for b in s.blocks if isinstance(b, Table))
        assert {row[0] for row in save.rows} <= set(full.values())
    # before the setup (the summary, the gates), each section names a system in full once too
    summary = "\n".join(_texts(ctx.sections[0].blocks))
    assert summary.count("Local NVMe RAID-0 (per node)") == 1
