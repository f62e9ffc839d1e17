"""The document's formal parts (issue 45; CONTRACT.md, "The report as a deliverable"): with [report], a formal cover
before page 1 (number, revision, parties, sign-off, statement) and the number in every page's footer; without it,
none of that."""

import subprocess

import pytest

from report import i18n
from report.render import html as render
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, build_printed, section, texts

FORMAL = FIXTURES / "formal"
NAMES = ("Zhang Wei", "Li Na", "Wang Jun")
NAMES_ZH = ("张伟", "李娜", "王军")
NUMBER = "MX-JT-2026-0117"


def _html(ctx) -> str:
    return render.render_html(ctx, render.chart_sources(ctx.charts, None))


def test_without_report_there_are_no_formal_parts():
    ctx, _m = build(DATA)
    assert ctx.formal is None
    html = _html(ctx)
    assert 'class="formal-cover"' not in html and "data-reference" not in html and "Statement" not in html


def test_the_formal_cover_says_who_stands_behind_the_report():
    ctx, _m = build(FORMAL)
    f = ctx.formal
    assert f.reference == "Report MX-JT-2026-0117 · Revision 1.0"
    assert f.particulars == (
        ("Report number", NUMBER),
        ("Revision", "1.0"),
        ("Commissioned by", "East China AI Computing Centre"),
        ("Tested by", "Mingxin Storage, solutions lab"),
        ("System under test", "Mingxin FX100 (2 controllers)"),
        ("Report date", "28 November 2026"),
        # the sign-off lines are blank by design: the cover says what the edition is (Chinese reading 18, Y-B1)
        ("Report status", "Issued for signature; valid once signed and dated"),
    )
    # the commissioning party named: its own row to confirm receipt, its name left for its hand (Chinese reading 14)
    assert f.signoff == (
        ("Prepared by", "Zhang Wei"),
        ("Reviewed by", "Li Na"),
        ("Approved by", "Wang Jun"),
        ("Received for the commissioning party", ""),
    )
    assert f.signoff_headers == ("Role", "Name", "Signature", "Date")
    scope, limits, responsibility, validity = f.statement
    assert scope.startswith(
        "This report covers the test results of the systems, configurations and workloads described"
    )
    # the date is the report's, not the days of the runs (Chinese reading 16, T-B3): the statement binds none
    assert "2026" not in scope
    assert "estimates" in limits and "Illustrative" not in limits  # no illustrative input in this test
    assert responsibility.startswith(
        "Mingxin Storage, solutions lab, part of Mingxin, the candidate's maker, ran the test"
    )
    assert "East China AI Computing Centre is responsible for the information it supplied" in responsibility
    # the tester named once: the cover's table and the sentence before name it (Z en: the statement ran onto page 2)
    assert validity.endswith("unless the testing party agrees in writing.")
    assert " ".join(f.statement).count("Mingxin Storage, solutions lab") == 1
    html = _html(ctx)
    assert html.index('class="formal-cover"') < html.index('class="cover"')  # before page 1
    assert 'data-reference="Report MX-JT-2026-0117 · Revision 1.0"' in html


def test_the_formal_cover_leaves_out_what_report_does_not_give(folder):
    data = folder("economics")
    with (data / "test.toml").open("a") as toml:
        toml.write('\n[report]\nnumber = "R-7"\n')
    ctx, _m = build(data)
    f = ctx.formal
    # no one named to sign: every page's reference and the cover's first words say draft (cold read 13, Y-B1)
    assert f.reference == "Report R-7 · Draft" and f.kicker == "Draft joint-test report"
    assert f.particulars[-1] == ("Report status", "Draft: not valid until every signer is named and has signed")
    assert [label for label, _text in f.particulars] == [
        "Report number",
        "System under test",
        "Report date",
        "Report status",
    ]
    # a formal report always has its sign-off block: the roles without names are left blank for a pen
    assert f.signoff == (("Prepared by", ""), ("Reviewed by", ""), ("Approved by", ""))
    assert f.statement[2].startswith("The testing party ran the test")
    assert f.statement[3].endswith(
        "unless the testing party agrees in writing. The test data name no preparer, reviewer and approver: this "
        "edition is a draft until they are named and sign."
    )
    data = folder("data")
    with (data / "test.toml").open("a") as toml:
        toml.write("\n[report]\n")
    ctx, _m = build(data)
    assert ctx.formal.reference == "Draft" and ctx.formal.signoff[0] == ("Prepared by", "")
    # data/ holds illustrative inputs: the statement says so
    assert "every figure drawn from them is marked “Illustrative”" in ctx.formal.statement[1]


def test_the_formal_cover_in_chinese():
    with i18n.activate("zh-CN"):
        ctx, _m = build(FIXTURES / "formal_zh")
    f = ctx.formal
    assert f.kicker == "联合测试报告"  # as page 2 calls it (zh reading 9, J-m7/K-m9: 测试报告 on the cover)
    assert f.reference == "报告编号 MX-JT-2026-0117　版本 1.0"
    assert [label for label, _text in f.particulars] == [
        "报告编号",
        "版本",
        "委托方",
        "测试方",
        "被测系统",
        "报告日期",
        "报告状态",
    ]
    assert f.particulars[-1][1] == "待签发，签字并注明日期、盖章后生效"
    assert f.signoff == (("编制", "张伟"), ("审核", "李娜"), ("批准", "王军"), ("委托方确认", ""))
    assert f.signoff_headers == ("职责", "姓名", "签字", "日期")
    assert f.statement_title == "声明"
    assert f.statement[0].startswith("本报告仅对“测试配置与数据来源”一节所述的系统")


def _pages(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


@pytest.mark.slow
def test_every_page_carries_the_number_and_the_first_two_the_sign_off(tmp_path, formal_zh_built, default_built, builds):
    english = builds.get(FORMAL, "en").pdf
    for pdf, names, number_words, page_words, end, customer in (
        (english, NAMES, "Report MX-JT-2026-0117 · Revision 1.0", "Page {n} of {count}", "End of report", "East China"),
        (
            formal_zh_built.pdf,
            NAMES_ZH,
            "报告编号 MX-JT-2026-0117",
            "第 {n} 页，共 {count} 页",
            "报告结束",
            "华东某智算中心",
        ),
    ):
        pages = _pages(pdf, tmp_path)
        assert len(pages) > 10
        assert [n for n, page in enumerate(pages, 1) if number_words not in page] == []
        # every page numbered, the formal cover too; the last page's content closes the report (Chinese reading 17,
        # V minor 1, W minor 1)
        count = len(pages)
        assert [n for n, p in enumerate(pages, 1) if page_words.format(n=n, count=count) not in p] == []
        assert end in pages[-1] and all(end not in p for p in pages[:-1])
        assert customer in [line for line in pages[1].splitlines() if line.strip()][-1]  # page 2's footer (V minor 3)
        front = pages[0] + pages[1]
        assert all(name in front for name in names)
        assert all(name not in "".join(pages[2:]) for name in names)  # nowhere else: the sign-off is the front's
    first = _pages(formal_zh_built.pdf, tmp_path)[0]
    for words in ("测试报告", "委托方", "测试方", "编制", "审核", "批准", "签字", "日期", "声明"):
        assert words in first, words
    # without [report]: page 1 is the report's first page as before, and no page carries a number or a sign-off
    pages = _pages(default_built.pdf, tmp_path)
    assert "Report number" not in "".join(pages) and "Prepared by" not in "".join(pages)
    assert "White-paper figures, before a joint" in pages[0]


def test_a_later_revision_carries_its_revision_history(folder):
    """zh reading 8, H-m7/I-m7: 版本 2 with no 修订记录. From the second revision on, the formal cover carries a revision
    history; the inputs give this revision and its date only, so that is its one line, issued with these results, never
    an invented row nor a sentence about the rows it lacks (cold read 13b, X-m1: "a revision history that records no
    history is unprofessional"; docs/schema-4.md)."""
    from report.sections.formal import later_revision

    assert [r for r in ("2", "1.1", "B", "v3", "Rev. 2", "2.0") if not later_revision(r)] == []
    assert [r for r in ("1", "1.0", "A", "a", "draft", "", None) if later_revision(r)] == []
    ctx, _m = build(FORMAL)  # revision 1.0: no history
    assert ctx.formal.revisions == () and 'class="revisions"' not in _html(ctx)
    data = folder("economics")
    with (data / "test.toml").open("a") as toml:
        toml.write('\n[report]\nnumber = "R-7"\nrevision = "2"\n')
    ctx, _m = build(data)
    assert ctx.formal.revisions_title == "Revision history"
    assert ctx.formal.revisions_headers == ("Revision", "Date", "Changes")
    ((revision, day, change),) = ctx.formal.revisions
    assert (revision, day) == ("2", i18n.date(ctx_date(data)))
    assert change == "This revision, issued with these results."
    html = _html(ctx)
    assert "earlier revision" not in html and "does not record" not in html
    assert html.index('class="revisions"') < html.index('class="statement"')
    ctx, _m = build_printed(FIXTURES / "outlier_scrub", "zh-CN")  # 版本 2
    assert ctx.formal.revisions_title == "修订记录"
    assert ctx.formal.revisions_headers == ("版本", "日期", "修订内容")
    assert ctx.formal.revisions == (("2", "2026-12-03", "本版，随本次测试结果发布。"),)


def ctx_date(folder):
    from report.inputs.joint_test import read_joint_test

    return read_joint_test(folder).config.date


@pytest.mark.slow
def test_a_formal_cover_with_a_revision_history_holds_on_one_page(folder, builds, tmp_path):
    """Cold read 9, K-m1: a three-line title, long party names and a revision history ran the formal cover onto a
    second page that held two lines of its Statement; page 1 then was the PDF's page 3. The formal fixture with K's
    title, parties and revision 1.1: the Statement ends on page 1 and page 2 opens with the recommendation."""
    data = folder("formal")
    toml = data / "test.toml"
    text = toml.read_text()
    text = text.replace('revision        = "1.0"', 'revision        = "1.1"')
    text = text.replace(
        'title    = "Checkpoint save and model load: 14B full fine-tune"',
        'title    = "Qwen 72B pre-training: checkpoint storage joint test, TH-9000 against the existing GPFS"',
    )
    # cold read 12, W: a two-line party and a reviewer and approver the data do not name (the statement says so)
    text = text.replace(
        '"East China AI Computing Centre"',
        '"Jinyang Artificial Intelligence Computing Centre, Infrastructure Department"',
    )
    text = text.replace('reviewed_by     = "Li Na"\napproved_by     = "Wang Jun"\n', "")
    toml.write_text(text)
    pages = _pages(builds.get(data, "en").pdf, tmp_path)
    # words compared with pdftotext -layout's line breaks and indents as one space: "may" may end a line
    assert "may be copied only in full" in " ".join(pages[0].split()), pages[1][:300]
    assert "this edition is a draft until they are named and sign." in " ".join(pages[0].split())
    assert "Recommendation" in pages[1] and "Revision history" in pages[0]


def test_the_colophon_of_a_formal_report_tells_a_customer_how_to_check_it():
    """Chinese reading 12, V-m12/W-m11: Appendix C listed the tool's internals; a formal deliverable says how to check
    the document, keeps the verify command and the checksums (CONTRACT.md), and leaves the metrics.json scale block's
    explanation to a report that is not filed (tests/fixtures/decision_page has [report]; the default data has not)."""
    formal, _m = build(FIXTURES / "decision_page")
    words = " ".join(texts(section(formal, "colophon").blocks))
    assert words.startswith("How to check this document: the PDF edition carries, as attachments, the input files")
    assert "python -m report verify report.pdf" in words and "scale block" not in words
    working, _m = build(DATA)
    assert "scale block" in " ".join(texts(section(working, "colophon").blocks))


@pytest.mark.slow
def test_the_colophon_lists_every_file_attached_metrics_json_with_the_inputs(default_built, tmp_path):
    """Chinese reading 13b, X-16: Appendix C said metrics.json was attached, and its table listed only the inputs. The
    table lists every file the PDF carries, metrics.json last, with the bytes and SHA-256 of the very file the build
    wrote beside the PDF (and attached to it)."""
    import hashlib
    import re

    from pypdf import PdfReader

    digest = hashlib.sha256(default_built.metrics).hexdigest()
    html = default_built.html.decode("utf-8")
    assert "Files attached to the PDF" in html and "Input files (attached to the PDF)" not in html
    row = re.search(
        r"<td>metrics\.json</td>\s*<td[^>]*>([\d,]+)</td>\s*<td>application/json</td>\s*<td[^>]*>(\w+)<", html
    )
    assert row is not None and row.groups() == (f"{len(default_built.metrics):,}", digest)
    path = tmp_path / "report.pdf"
    path.write_bytes(default_built.pdf)
    attached = PdfReader(path).attachments
    assert hashlib.sha256(attached["metrics.json"][0]).hexdigest() == digest
    listed = re.findall(r"<td>([\w.]+\.(?:csv|toml|json))</td>", html[html.index("Files attached to the PDF") :])
    assert sorted(listed) == sorted(attached)


@pytest.mark.parametrize(("language", "fixture"), [("en", FORMAL), ("zh-CN", FIXTURES / "formal_zh")])
def test_the_statement_says_when_the_report_takes_effect_not_that_it_is_a_draft(language, fixture):
    """Statement 4 said "valid once signed and dated …; unsigned, it is a draft", and every reader of a built PDF,
    whose signatures come later by pen or digital signature, called it a draft (cold read 14c, P-m5; zh P-m10). With
    every signer named it says when the report takes effect, and nothing of a draft anywhere on the formal cover; that
    this edition is issued for signature (cold read 16, T-B4/U-B1: read as "not in effect"), never that it is signed."""
    with i18n.activate(language):
        ctx, _m = build(fixture)
    f = ctx.formal
    validity = f.statement[3]
    if language == "en":
        assert validity == (
            "It takes effect when the persons who prepared, reviewed and approved it have signed and dated it, and "
            "may be copied only in full, unless the testing party agrees in writing."
        )
    else:
        assert validity == "本报告经编制、审核、批准人签字并注明日期后生效；未经测试方书面同意，不得部分复制。"
    cover = " ".join((f.kicker, f.reference, *f.statement)).lower()
    assert "draft" not in cover and "草稿" not in cover


@pytest.mark.parametrize(
    ("language", "fixture", "heading", "program"),
    [
        (
            "en",
            FORMAL,
            "Appendix C: recomputation method and software environment",
            "Program that computed and verifies the figures",
        ),
        ("zh-CN", FIXTURES / "formal_zh", "附录 C 复算方法与软件环境", "计算并复核本报告数据的程序"),
    ],
)
def test_the_last_appendix_is_the_recomputation_method_and_the_software_environment(
    language, fixture, heading, program
):
    """zh reading 14c, P-m9/Q-m10; cold read 14c, P-m4: Appendix C read as the tool's internals ("输入文件与软件版本",
    "报告生成器 0.1.0"). It is titled as the method a customer recomputes the figures by and the software environment
    that computed them, and the statement refers to it by that title; the commands stay, as the contract asks."""
    with i18n.activate(language):
        ctx, _m = build(fixture)
    colophon = section(ctx, "colophon")
    assert colophon.title == heading
    versions = next(b for b in colophon.blocks if getattr(b, "id", "") == "versions")
    assert versions.rows[0][0] == program
    assert "python -m report verify report.pdf" in " ".join(texts(colophon.blocks))
    assert f"“{heading}”" in ctx.formal.statement[2]
    words = " ".join(texts(colophon.blocks)) + " ".join(str(c) for row in versions.rows for c in row)
    assert "generator" not in words and "生成器" not in words


def test_a_short_bracketed_phrase_in_a_name_never_parts_at_a_line_end():
    """zh reading 14c, P-m8 and Q-m9: "现网 GlusterFS 10.4 分布式复制卷（三副" ↵ "本）" in page 2's header and "Daniel Okafor
    （丹尼尔·奥" ↵ "卡福）" in the sign-off block. A bracket of up to 12 characters without a space is kept whole (word
    joiners), in any language, in the formal cover's particulars and names and in page 2's header; the text the
    reader copies is unchanged."""
    wj = i18n.WORD_JOINER
    assert (
        i18n.keep_brackets("现网 GlusterFS 10.4 分布式复制卷（三副本）")
        == f"现网 GlusterFS 10.4 分布式复制卷{wj.join('（三副本）')}"
    )
    name = "Daniel Okafor（丹尼尔·奥卡福）"
    assert i18n.keep_brackets(name) == "Daniel Okafor" + wj.join("（丹尼尔·奥卡福）")
    assert i18n.keep_brackets("Hollis HS-9 hybrid NAS (existing)") == "Hollis HS-9 hybrid NAS (existing)"
    assert i18n.keep_brackets("tmpfs (/dev/shm)") == "tmpfs (/dev/shm)"  # a path as typed (docs/zh-CN.md, section 4)
    long = "（跨 12 个节点的纠删码 8+2 与 SSD 写缓存）"  # spaces, and longer than a short phrase: left to break
    assert i18n.keep_brackets(long) == long
    with i18n.activate("zh-CN"):
        ctx, _m = build(FIXTURES / "formal_zh")
    html = _html(ctx)
    assert wj.join("（双控）") in html  # the system under test on the formal cover and in page 2's header
    assert html.count(wj.join("（每节点）")) >= 1


def test_one_baseline_for_saves_and_loads_is_named_once_in_the_header():
    """Cold read 14c, P-m5: page 2's header printed "Save baseline" and "Load baseline" with the same long name twice.
    One system that is both is one row; two systems keep a row each."""
    from tests.conftest import ROOT

    ctx, _m = build(ROOT / "examples" / "async-70b")  # one baseline for saves and loads
    header = _html(ctx).split('<dl class="cover-systems">')[1].split("</dl>")[0]
    assert "Baseline (saves and loads)" in header and "Save baseline" not in header and "Load baseline" not in header
    ctx, _m = build(FORMAL)  # a node-local save baseline, CephFS for the loads
    header = _html(ctx).split('<dl class="cover-systems">')[1].split("</dl>")[0]
    assert "Save baseline" in header and "Load baseline" in header and "saves and loads" not in header
