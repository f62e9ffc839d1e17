"""docs/zh-CN.md's mechanical rules on every Chinese message of the catalog and on the text of Chinese reports; the
Chinese PDFs of the default data, a failing fixture and the fio example: no English word outside an allow-list, no
table header broken one character per line; the typesetting of the words layer (report/i18n.py)."""

from __future__ import annotations

import hashlib
import html
import re
import shutil
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from report import i18n
from report.inputs.joint_test import read_joint_test
from report.inputs.language import free_texts, in_language, warning
from tests import zh_style
from tests.conftest import DATA, FIXTURES, ROOT
from tests.poppler import pdftotext

CATALOG = i18n.LOCALE / "zh_CN" / "LC_MESSAGES" / "report.po"
FIO = ROOT / "examples" / "fio-local"
EXAMPLE = ROOT / "examples" / "white-paper-zh"


def _messages() -> list[tuple[str, str]]:
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="zh_CN")
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(message.id if isinstance(message.id, str) else message.id[0], s) for s in strings]
    return found


def test_every_chinese_message_follows_the_mechanical_rules():
    bad = []
    for msgid, text in _messages():
        # A placeholder is filled at print time and typeset then (i18n.typeset): here it is a neutral mark.
        literal = re.sub(r"\{[^{}]*\}", "•", text)
        bad += [f"{msgid[:50]!r}: {p}" for p in zh_style.problems(literal)]
        # the record's 验收门槛 is said as the record says it (i18n.gate_term); our own words never say 验收
        bad += [f"{msgid[:50]!r}: 验收 in our own words" for _ in ["验收"] if "验收" in text]
    assert bad == []


def test_the_rules_catch_what_the_review_found():
    printed = [
        "G1、G2和G3",  # no space before the digit
        "训练提前 4.67%结束",  # none after the percent
        "9.89% 对 5.48%",
        "（34,320 s (9.5 h)，36,000 s (10.0 h)）",
        "附录 C； python -m report verify",
        "图 3。 Young",
    ]
    assert [len(zh_style.problems(text)) >= 1 for text in printed] == [True] * len(printed)
    assert zh_style.problems("G1、G2 和 G3；训练时间缩短 4.67%，基线 9.89%，被测系统 5.48%。2026年11月30日") == []


def test_the_rules_catch_what_the_second_reading_found():
    printed = [
        "示意值 部署与推理服务：每个实测模型的每次冷启动缩短 41.6 s 至 332 s",
        "图 3 示意值 有效保存吞吐量与各系统实测的持续写带宽并列",
        "一个检查点的内存快照所需主机内存：每节点 65.6 GB（每节点 8 个 GPU）",
        "G1 和 G2 未判定",
        "在当前间隔下，有一次写入超过两次保存之间的计算时间",
        "它确实改变的是：保存从不停顿的最短间隔从 55 步变为 29 步",
        "当前间隔，计入故障；每次保存保存时间减少 47.2%",
        "未测量恢复：按假设的 restart_s 计。",
        "test.toml 未列出 [[projections]]，因此不推算其他检查点大小。",
    ]
    assert [len(zh_style.problems(text)) for text in printed] == [1] * len(printed)
    # 实测 and 示意 in separate sentences, 非实测 beside 示意, and a key in brackets after its words are all right
    assert (
        zh_style.problems(
            "实测输入：检查点保存时间。示意性输入（非实测）：写带宽；均标注“示意值”。"
            "测试设置未给出内存快照时间（test.toml 的 [async] 表）。每节点 8 块 GPU，G1 和 G2 待判定"
        )
        == []
    )


def test_speedups_are_worded_so_that_they_cannot_be_read_double():
    """Many readers take "快 1.10 倍" for 快了 110% (2.1 times the speed): a speedup is 加速比为 N, a slowdown the time
    as a multiple of the baseline's, a range of loads 加速比为 6.20～9.30 倍 (M4 of the Chinese reading); a speedup
    carries its 倍 like every other multiple (Chinese reading 7b, A16)."""
    from report.wording.phrases import ratio_span, speed_phrase

    with i18n.activate("zh-CN"):
        assert speed_phrase(1.1) == "加速比为 1.10 倍" and speed_phrase(1.0999) == "加速比为 1.10 倍"
        assert speed_phrase(1 / 1.89) == "用时为基线的 1.89 倍"
        assert ratio_span(6.2, 9.3) == "6.20～9.30 倍" and ratio_span(2.0, 2.0) == "2.00×"
    assert speed_phrase(1.0999) == "1.10× faster" and speed_phrase(1 / 1.89) == "1.89× slower"
    assert ratio_span(6.2, 9.3) == "6.20×–9.30×"
    assert [
        len(zh_style.problems(t)) for t in ("速度比 NFS 快 6.20 倍至 9.30 倍", "每次保存节省 10 s，快 1.10 倍")
    ] == [1, 1]
    assert zh_style.problems("加速比为 1.10；速度为基线的 1.10 倍；是 NFS 的 6.20 至 9.30 倍") == []


def test_the_chinese_chart_label_says_bei_and_the_headers_one_bracket_width():
    with i18n.activate("zh-CN"):
        assert i18n._("{ratio}× faster").format(ratio="6.20") == "加速比为 6.20 倍"
        assert i18n._("{name} ({unit})").format(name="本地 NVMe 单盘", unit="s") == "本地 NVMe 单盘（s）"
    assert i18n._("{name} ({unit})").format(name="Local NVMe", unit="s") == "Local NVMe (s)"


def test_typeset_spaces_chinese_and_latin_and_keeps_numbers_with_their_units():
    nb = i18n.NO_BREAK_SPACE
    assert i18n.typeset("G1、G2和G3", "zh-CN") == "G1、G2 和 G3"
    assert i18n.typeset("训练时间缩短4.67%，在 本地盘 上", "zh-CN") == "训练时间缩短 4.67%，在本地盘上"
    assert i18n.typeset("列于附录 C； python。 Young", "zh-CN") == "列于附录 C；python。Young"
    assert i18n.typeset("是基线的 8.51×，快 6.20×至9.30×", "zh-CN") == f"是基线的 8.51{nb}倍，快 6.20～9.30{nb}倍"
    assert i18n.typeset("a × b = 2 × 3", "zh-CN") == "a × b = 2 × 3"  # a product, not a multiple
    # "块 GPU" is one phrase too (Chinese reading 11, m5: "64 块" ↵ "GPU" in a table cell)
    assert (
        i18n.typeset("相当于增加 49 块 GPU，2026年11月30日", "zh-CN") == f"相当于增加 49{nb}块{nb}GPU，2026年11月30日"
    )
    assert i18n.typeset("178 s and 20 saves, G1 fails", "en") == f"178{nb}s and 20{nb}saves, G1 fails"
    # a figure's unit never parts at its slash ("21.3 GB/" ↵ "s"), in prose as in headers; a name keeps its own
    wj = i18n.WORD_JOINER
    assert (
        i18n.typeset("持续写带宽为 21.3 GB/s，基线为 4.80 GB/s", "zh-CN")
        == f"持续写带宽为 21.3{nb}GB/{wj}s，基线为 4.80{nb}GB/{wj}s"
    )
    assert i18n.typeset("sustains 21.3 GB/s and 512 MiB/s", "en") == f"sustains 21.3{nb}GB/{wj}s and 512{nb}MiB/{wj}s"
    assert wj not in i18n.typeset("array (8 x 400 Gb/s) on tmpfs (/dev/shm), in GB/s", "en")
    # a command's option is one word: no line break after "--" or at its own hyphen (Chinese reading 22, m9)
    assert i18n.typeset("measure's --sustain-s, fio's --runtime; x--y", "en") == (
        f"measure's -{wj}-{wj}sustain-{wj}s, fio's -{wj}-{wj}runtime; x--y"
    )
    with i18n.activate("zh-CN"):
        assert i18n.keep_words("平均值（GB/s）") == "平\u2060均\u2060值（GB/\u2060s）"
    assert i18n.keep_words("Mean (GB/s)") == "Mean (GB/\u2060s)"


def test_inputs_in_another_language_are_named_once():
    assert [in_language(t, "zh-CN") for t in ("本地 NVMe 单盘", "Mingxin FX100", "32B LoRA", "Local disk (ext4)")] == [
        True,
        True,
        True,
        False,
    ]
    assert not in_language("示例计算中心", "en") and in_language("Example Computing Centre", "en")
    # a model's repository name is one token, a name however English its parts (cold tests 10: three false warnings)
    names = ("c4ai-command-r-plus", "DeepSeek-LLM-67B-Chat", "dbrx-instruct")
    assert all(in_language(name, "zh-CN") for name in names) and not in_language("dbrx instruct model", "zh-CN")
    assert warning(read_joint_test(EXAMPLE), "zh-CN") is None and warning(read_joint_test(DATA), "en") is None
    said = warning(read_joint_test(DATA), "zh-CN")
    assert said.startswith("warning: the report is in Chinese (zh-CN)") and "\n" not in said
    # every name in Latin letters on the Chinese pages is named, a product's own too (field test 9, m8: "Local disk"
    # was, "Tmpfs RAM" and the model "1B" were not): data/'s candidate Mingxin FX100 and model 32B LoRA
    assert said.startswith(
        "warning: the report is in Chinese (zh-CN), but these inputs are not in Chinese (zh-CN) and print as given:"
        " title, customer, training.model, systems.candidate, systems.save_baseline, systems.load_baseline,"
    )
    assert "in test.toml; a product's own name may stay in Latin letters). The report is built." in said
    fio = warning(read_joint_test(FIO), "zh-CN")
    assert "[environment] lines were recorded in English" in fio and "[[import]] platform" in fio
    assert "load_times.csv" not in fio  # its loads are imported: it has no load_times.csv (field test 7, m15)
    assert {where for where, _ in free_texts(read_joint_test(FIO))} >= {"title", "customer", "training.model"}


def test_a_chinese_test_toml_is_never_told_to_give_its_texts_again(tmp_path):
    # test.toml in zh-CN refuses [text."zh-CN"] (its texts are the top-level ones): the hint must not ask for it
    folder = tmp_path / "zh"
    shutil.copytree(EXAMPLE, folder)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("示例计算中心", "Example Computing Centre"), "utf-8")
    said = warning(read_joint_test(folder), "zh-CN")
    assert said == (
        "warning: the report is in Chinese (zh-CN), but these inputs are not in Chinese (zh-CN) and print as given:"
        " customer (write them in Chinese (zh-CN) where they are given, unless they are names). The report is built."
    )


@pytest.mark.slow
def test_the_build_warns_once_on_standard_error_and_builds(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "report", "build", str(DATA), "--out", str(out), "--language", "zh-CN"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0 and (out / "report.pdf").exists()
    warnings = [line for line in done.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "customer" in warnings[0]
    # verify rebuilds what was built: it judged the inputs' language again, "… The report is built." (field test 7,
    # m15)
    checked = subprocess.run(
        [sys.executable, "-m", "report", "verify", str(out / "report.pdf")], capture_output=True, text=True, cwd=ROOT
    )
    assert checked.returncode == 0 and "warning" not in checked.stderr and "is built" not in checked.stderr


# What may stay in Latin letters in a Chinese report beyond the inputs' own words: units, gate ids, acronyms,
# symbols and names of formulas and methods, file and package names (tests/test_i18n.py's list), and fio's names.
def _allowed() -> set[str]:
    from tests.test_i18n import ALLOWED

    # "measure": the tool's own command, as "verify" is (report measure's --sustain-s in the next steps)
    return ALLOWED | {
        "ETTR",
        "NPU",  # an Ascend test counts 个 NPU (Chinese reading 16, T-M7)
        "NVMe",
        "fio",
        "UTC",
        "KB",
        "MB",
        "MiB",
        "GiB",
        "ms",
        "USD",
        "runtime",
        "sustain",
        "measure",
        # the appendix's note on fio's windows names its symbols (N windows of W seconds), and Appendix C the file
        # measure records its commands in (raw/<system>/commands.txt): appendices keep files and formulas
        "N",
        "W",
        "txt",
    }


def _given(folder) -> tuple[str, ...]:
    test = read_joint_test(folder)
    texts = [text for _, text in free_texts(test)] + [t for pair in test.config.environment for t in pair]
    return tuple(t for t in texts if t)


@pytest.fixture(scope="module", params=["default", "gates_fail", "fio", "example"])
def chinese_report(request, tmp_path_factory, builds):
    folder = {"default": DATA, "gates_fail": FIXTURES / "gates_fail", "fio": FIO, "example": EXAMPLE}[request.param]
    built = builds.get(folder, "zh-CN")  # strict: a message missing from the catalog fails the build
    path = tmp_path_factory.mktemp(request.param) / "report.pdf"
    path.write_bytes(built.pdf)
    return folder, path


@pytest.mark.slow
def test_chinese_reports_follow_the_mechanical_rules(chinese_report):
    folder, path = chinese_report
    xhtml = pdftotext(path, "-bbox-layout")
    given = _given(folder)
    assert [p for block in zh_style.pdf_blocks(xhtml) for p in zh_style.problems(block, given)] == []


@pytest.mark.slow
def test_chinese_reports_have_no_english_outside_the_allow_list(chinese_report, builds):
    folder, path = chinese_report
    # Word by word as drawn (pdftotext's reading-order text would join a path hyphenated at a line end). -bbox-layout's
    # words are -bbox's, in its order, and the rules above have extracted it already (a second of CPU a report).
    xhtml = pdftotext(path, "-bbox-layout")
    text = html.unescape(" ".join(re.findall(r"<word [^>]*>([^<]*)</word>", xhtml)))
    test = read_joint_test(folder)
    given = " ".join(_given(folder)) + " " + test.raw["test.toml"].decode()
    # the colophon's SHA-256 of each input and of metrics.json (as tests/test_i18n.py since e45cc6c)
    hashes = " ".join([*test.sha256.values(), hashlib.sha256(builds.get(folder, "zh-CN").metrics).hexdigest()])
    words = set(re.findall(r"[A-Za-z]+", text)) - _allowed() - set(re.findall(r"[A-Za-z]+", given))
    assert {w for w in words if w not in hashes} == set()


@pytest.mark.slow
def test_no_table_header_line_holds_a_single_chinese_character(chinese_report):
    _folder, path = chinese_report
    xhtml = pdftotext(path, "-bbox-layout")
    lines = re.findall(r"<line [^>]*>(.*?)</line>", xhtml, re.S)
    texts = ["".join(re.findall(r">([^<]*)</word>", line)) for line in lines]
    single = [t for t in texts if re.fullmatch(rf"[{zh_style.CJK}][）)：:]?", t)]
    assert single == []


# A word drawn all in full-width characters: ideographs, full-width punctuation and the quotes.
_WIDE = re.compile(rf"[{zh_style.CJK}，。；：、（）“”]+")


@pytest.mark.slow
def test_quotes_in_chinese_text_are_full_width(chinese_report):
    """docs/zh-CN.md section 5: “” come from the CJK face, one em wide like the ideographs beside them, not Inter's
    narrow marks (which made "均标注“示意值”。" 0.38 em short per quote: the print sheet's stack lost the cascade)."""
    folder, path = chinese_report
    xhtml = pdftotext(path, "-bbox-layout")  # its words are -bbox's, in its order: extracted once for the module
    words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', xhtml)
    em, quoted = {}, []
    for x_min, y_min, x_max, y_max, word in words:
        if not _WIDE.fullmatch(word):
            continue
        height, per_character = round(float(y_max) - float(y_min), 1), (float(x_max) - float(x_min)) / len(word)
        if "“" in word or "”" in word:
            quoted.append((height, per_character, word))
        else:
            em.setdefault(height, []).append(per_character)
    ems = {height: sorted(widths)[len(widths) // 2] for height, widths in em.items()}
    narrow = [word for height, width, word in quoted if height in ems and abs(width / ems[height] - 1) > 0.02]
    assert narrow == []
    if folder == EXAMPLE:  # its cover says 均标注“示意值”。
        assert any(height in ems for height, _, _ in quoted)


def _chinese_words(folder) -> str:
    """Every paragraph and table note of the Chinese report of `folder`, as printed (no-break spaces as spaces)."""
    from tests.sections.helpers import build, paras

    with i18n.activate("zh-CN"):
        ctx, _m = build(folder)
        printed = [p.text for s in ctx.sections for p in paras(s.blocks)]
        printed += [b.note for s in ctx.sections for b in s.blocks if getattr(b, "note", None)]
        return "\n".join(i18n.typeset(t).replace(i18n.NO_BREAK_SPACE, " ") for t in printed)


def test_the_minor_wordings_of_the_third_reading():
    """What the Chinese reading of commit 568989c asked for, as the white paper and the fio example print it (the white
    paper's loads run on Atlas 910B NPUs, so its own words count 个 NPU, not GPU: Chinese readings 4, m24 and 16, T-M7)."""
    words = _chinese_words(EXAMPLE)
    for sentence in (
        # minor 3, 4, 5: no calque, the projection's checkpoint against the timed saves, 请测量
        "以下评估门槛按本次测试的数据和假设表中的阈值逐项判定。",  # a statement, not sales copy (reading 13b, X-17)
        "请测量约 140 GB 检查点的保存时间，因为推算项“70B，64 块 GPU”（实际按 8 个 NPU 推算）的检查点是已计时保存中最大检查点的 2.13 倍。",
        # minor 6: restores possibly faster, not a benefit in hand; the shorter stall-free interval is worth little
        # where the optimal interval (27,775 steps) is longer than both (fourth cold read, M4)
        "另一项差别是，写入不再拖慢训练的最短间隔由 55 步缩短为 29 步；作业若按这一间隔保存，每次故障后平均少重算 126 s",
        "本次测试未测量恢复时间。",
        "单次等待最长",  # minor 7: one save is a wait (等待); 保存停顿 names their sum (issue 45)
        "基线为 3.26 GB/\u2060s，比基线高 96.3%。",  # minor 8: 6.40 ÷ 3.26 − 1; Chinese reading 5, m2: 比基线
        "保存的有效吞吐量占持续写带宽的比例为本地 NVMe 单盘 11.3%，Mingxin FX100 10.9%；",  # minor 9, zh reading 8: named
        "一个检查点的内存快照，两个系统每节点均需 65.6 GB 主机内存（按每节点 8 个 NPU 计）。",  # minor 13
        # minor 16, 17: 为 before the figure; the table's optimum is Young's, Daly's beside it
        "作业的平均故障间隔时间（MTBF）为 6,335 h（每个 NPU 50,677 h ÷ 8 个 NPU）；重启 600 s；每步计算时间 3.24 s。"
        "表中的最优间隔按 Young 一阶公式计；Daly 高阶公式给出",
        # minor 21: 36,000 − 34,320 = 1,680 s on each of 8 GPUs = 3.73 GPU-hours, no GPU said twice
        # Chinese reading 15, m3: 8 块 GPU 中每块…各减少; one save per system: 按平均保存时间推算 (cold read 15, M1)
        "若均值保持不变，32B LoRA 每次运行在检查点上将少花 3.73 NPU·时（见“保存停顿与训练时长”）。",
    ):
        assert sentence in words, sentence
    assert "训练频率" not in words and "如实的回答" not in words and "test.toml 未给出" not in words
    # minor 13: a 2-GPU job stages on its 2 GPUs of a node, not on 8 (counted 张卡: Chinese reading 20, AC minor 9)
    assert "两个系统每节点均需 1.07 GB 主机内存（本作业的 2 张卡位于同一个 8 卡节点上）" in _chinese_words(FIO)
    assert "按本次测试显示的带宽，这些等效卡数无法达到" in _chinese_words(FIXTURES / "gates_fail")  # not a calque


def test_chinese_formulas_are_one_to_a_line_and_gates_nest_their_clauses():
    """Minor 11: "保存次数 × 保存" ↵ "时间" split a term; minor 23: a gate's own clauses are set off by ，, the gates by 。."""
    from tests.sections.helpers import build, section

    with i18n.activate("zh-CN"):
        ctx, _m = build(EXAMPLE)
        formula = next(b.text for b in section(ctx, "bubble").blocks if getattr(b, "style", "") == "formula")
        assert formula.split("\n") == [
            "保存次数 = floor(步数 ÷ 间隔)",
            "墙钟时间 = 计算时间 + 保存次数 × 保存时间",
            "保存停顿占比 = 保存次数 × 保存时间 ÷ 墙钟时间",
        ]
    assert (
        ":lang(zh-CN) .formula { white-space: pre-line; }" in (ROOT / "templates" / "styles" / "screen.css").read_text()
    )
    with i18n.activate("zh-CN"):
        from report.compute.findings import decide
        from report.inputs.joint_test import read_joint_test
        from report.wording.verdict import verdict_reason

        ctx, m = build(FIXTURES / "gates_fail")
        test = read_joint_test(FIXTURES / "gates_fail")
        reason = verdict_reason(m, test.config, True, decide(test, m))  # each gate's reason
        verdict = i18n.typeset(reason).replace(i18n.NO_BREAK_SPACE, " ")
    # each failed gate is a sentence of its own (cold read 6, M1): "G3（保存时间加速比）未通过：…。"
    assert (
        "；" not in verdict
        and "G3（保存加速比）未通过：95% 置信区间 0.774～1.56 倍，整体低于 2 倍的目标，而其计算所用的保存运行未通过 G1。"
        in verdict
    )


def test_no_tool_notation_reaches_the_customer_in_chinese():
    """Chinese readings 7 and 7b (A-05, A-19, B9): "工具默认值" means nothing to a customer, who never sees the tool;
    an untold default reads 常规取值 or 通用假设值."""
    told = [(msgid[:50], text) for msgid, text in _messages() if re.search(r"工具默认|工具的默认|本工具", text)]
    assert told == []


def test_zh_reading_9_sentences_say_what_they_compare():
    """zh reading 9: "两个系统在这方面同样没有差别：写入不再拖慢训练的最短间隔由 9 步延长为 14 步" said no difference, then
    one (J-m2; the English says the candidate gains nothing there); "则更换存储的收益更大" had nothing to compare with
    (K-m7); "以下各组尚未确立" named one pair (J-m4); "G4 仅在均值成立时通过" read as a translation (K-m5). The
    node_local_async fixture is joint test J's shape (VX-12 slower, writes within 42 s of compute: 9 and 14 steps)."""
    from tests.sections.helpers import all_paras, build_printed, section, texts

    ctx, _m = build_printed(FIXTURES / "node_local_async", "zh-CN")
    words = " ".join(p.text for p in all_paras(ctx))
    # saving more often, said plainly (cold read 9, J-m3: "nothing remains there")
    assert "更频繁地保存也不会让被测系统占优，写入不再拖慢训练的最短间隔由 9 步延长为 14 步" in words
    assert "同样没有差别" not in words and "各组" not in words
    assert "以下模型与平台组合尚未确立：Llama-3.1-8B-Instruct（NVIDIA L40S；" in words
    ctx, _m = build_printed(FIXTURES / "node_local_retune", "zh-CN")
    reasons = " ".join(ctx.cover.reasons)
    assert "基线即使调到最优间隔，因保存和故障损失的时间也多于被测系统按现有间隔的损失，此时更换存储更有效。" in reasons
    assert "收益更大" not in reasons
    ctx, _m = build_printed(FIXTURES / "outlier_scrub", "zh-CN")  # what would change it, K's shape
    # K's rate turns twice, switching recovering more only within a band of MTBFs (cold read 13b, X): "within it"
    assert "（在该区间内，更换存储比调整间隔更有效）" in ctx.cover.changes and "收益更大" not in ctx.cover.changes
    ctx, _m = build_printed(FIXTURES / "formal_zh", "zh-CN")
    # a pass on runs G2 rejects is 通过, the test plan's status, with why beside it (zh reading 17, W B1, minor 14)
    assert "保存加速比（G3）通过，但所依据的保存运行未通过 G2 的检验" in ctx.cover.verdict_gates
    assert "待判定（按均值计达标）" not in ctx.cover.verdict_gates
    assert "仅在均值成立时通过" not in ctx.cover.verdict_gates
    # K-m2: the tally counted G4 apart from the gates undecided; it says G4 is undecided too, with why
    gates = " ".join(texts(section(ctx, "gates").blocks))
    # G4 on the tool's default: not assessed, a mark of its own, not counted among the failures (cold read 14c, Q-M1)
    assert (
        "4 个评估门槛中 2 个通过；G3 所依据的保存运行未通过 G2 的检验，数值仅供参考；G4（标记为“–”）未评定，"
        "因为未约定训练时长目标；1 个未通过。"
    ) in gates


def test_a_workload_of_the_saves_in_another_language_is_warned_of():
    """zh reading 9, J-m1: the Chinese report printed "Llama 3 8B on two nodes", a second save workload, as given, and
    the build said nothing, though [text."zh-CN"] models gives it in Chinese. The training model has its own key."""
    said = warning(read_joint_test(FIXTURES / "node_local_async"), "zh-CN")
    assert said == (
        "warning: the report is in Chinese (zh-CN), but these inputs are not in Chinese (zh-CN) and print as given:"
        ' save_times.csv model (or [text."zh-CN"] models in test.toml). The report is built.'
    )  # its [text."zh-CN"] keeps the load models and platforms in Latin letters on purpose: only English is named
    assert ("save_times.csv model", "Llama 3 8B on two nodes") in free_texts(
        read_joint_test(FIXTURES / "node_local_async")
    )
    assert not [t for t in free_texts(read_joint_test(DATA)) if t[0] == "save_times.csv model"]  # one workload


def test_zh_reading_12_page_one_sentences_are_grammatical():
    """Chinese reading 12, V-m6 on V (tests/fixtures/decision_page): "训练时间也缩短不到 2% 的目标" (a target is reached,
    not shortened), and a noun phrase listed among the conditions that would change the recommendation. V: a 2%
    default target no storage reaches at 200 steps, 23 steps the longest interval at which G4 could pass."""
    from tests.sections.helpers import build, cover_text

    with i18n.activate("zh-CN"):
        ctx, _m = build(ROOT / "tests" / "fixtures" / "decision_page")
        page = cover_text(ctx).replace(i18n.NO_BREAK_SPACE, " ").replace("\u2060", "")
    # the verdict's label says G4 is not assessed on a target no one agreed (cold read 14c, Q-M1; Chinese reading 14c,
    # Q-B1: no 工具 on the customer pages), so the brief note is not repeated on page 1; its words stay grammatical
    assert "G4 因未约定训练时长目标而未评定" in page and "即使保存完全不耗时" not in page and "工具" not in page
    catalog = (ROOT / "report/locale/zh_CN/LC_MESSAGES/report.po").read_text(encoding="utf-8")
    assert "即使保存完全不耗时，训练时间也达不到缩短 {target}% 的目标" in catalog
    # the conditions as clauses (reason14 added the job mix and the synchronous-saves proviso after them)
    # agreeing a target changes no measurement: not a condition (cold read 14c, Q-M2; Chinese reading 14c, Q-M5)
    assert "以下情况会改变这一建议：保存间隔缩短到每 23 步或更短；集群的作业构成" in page


def test_gate_states_inside_a_divided_sentence_join_by_the_comma_not_he():
    """Cold read 14b (Y): "G3 待判定和 G4 未通过（计入该次运行时，G3 通过和 G4 按均值通过…）": 和 joins nouns, and the
    sentence around these states is already divided by "；"."""
    from report.i18n import join_clauses

    with i18n.activate("zh-CN"):
        assert join_clauses(["G3 待判定", "G4 未通过"], inner=True) == "G3 待判定，G4 未通过"
        assert join_clauses(["G3 待判定", "G4 未通过"]) == "G3 待判定；G4 未通过"
    assert join_clauses(["G3 is undecided", "G4 fails"], inner=True) == "G3 is undecided and G4 fails"


def test_the_node_loss_worth_reads_as_a_sentence():
    """Chinese readings 14 and 14b (X): "检查点在节点丢失后仍可用每年至多值 60.1 万英镑" is not a sentence; the checkpoints
    that survive are worth at most so much, and what decides follows in a sentence of its own."""
    catalog = (ROOT / "report/locale/zh_CN/LC_MESSAGES/report.po").read_text(encoding="utf-8")
    assert "仍可用每年至多值" not in catalog
    # the bound is the failure section's now (cold read 15, S-M1); page 2 names what decides, in a sentence of its own
    assert "节点丢失后仍能保留的检查点：{decides}本次测试没有给出这两项（" in catalog


def test_an_npu_report_counts_npus_and_prices_npu_hours():
    """An Ascend test counts 个 NPU and prices NPU·时, as its records do ("NPU 时单价", "每个 NPU 设备"): 块加速卡
    read as physical cards, of which a 910C holds two NPU devices (Chinese reading 16, T-M7). Another accelerator that
    is not a GPU stays 块加速卡 (tests/test_zh_formal.py)."""
    with i18n.activate("zh-CN"), i18n.accelerators("NPU"):
        words = [
            i18n._cards(t) for t in ("按每 GPU 小时 {price}", "{n} 块 GPU 集群中", "{n} 块等效 GPU", "每块 GPU 的")
        ]
    assert words == ["按每 NPU·时 {price}", "{n} 个 NPU 的集群中", "{n} 个等效 NPU", "每个 NPU 的"]
    text = _chinese_words(EXAMPLE)  # the white paper's loads run on Atlas 910B
    assert "块加速卡" not in text and "卡时" not in text and "块 GPU" not in text.replace("70B，64 块 GPU", "")
    assert "个 NPU" in text and "NPU·时" in text


def test_no_full_width_bracket_opens_inside_another():
    """A platform whose name holds brackets, inside the brackets of a model's pair, prints its own as 〔〕 (Chinese
    reading 16, T minor 5: "盘古 Embedded 7B 推理（Atlas 800T A3 推理节点（16 个 NPU）；…）"); a quoted title keeps its
    brackets as its heading prints them."""
    with i18n.activate("zh-CN"):
        assert i18n.typeset("7B（Atlas 800T A3 推理节点（16 个 NPU）；变异系数 6.77%）").replace(
            i18n.NO_BREAK_SPACE, " "
        ) == ("7B（Atlas 800T A3 推理节点〔16 个 NPU〕；变异系数 6.77%）")
        assert i18n.typeset("（见“异步检查点（假设分析）”一节）") == "（见“异步检查点（假设分析）”一节）"
    assert i18n.unnest("x（y") == "x（y" and i18n.typeset("a (b (c))", "en") == "a (b (c))"
    assert zh_style.nested_brackets("（a（b）") != [] and zh_style.nested_brackets("（a〔b〕）（c）") == []


@pytest.mark.slow
def test_chinese_reports_nest_no_full_width_brackets(chinese_report):
    """Every Chinese build of the tests, block by block as `pdftotext` reads it (tiles and columns side by side)."""
    _folder, path = chinese_report
    blocks = zh_style.pdf_blocks(pdftotext(path, "-bbox-layout"))
    assert [p for block in blocks for p in zh_style.nested_brackets(block)] == []


@pytest.mark.slow
def test_a_platform_named_with_brackets_nests_none(tmp_path):
    """The white paper's loads on a platform whose name holds brackets, as the pairs not established print it."""
    folder = tmp_path / "bracketed"
    shutil.copytree(EXAMPLE, folder)
    loads = folder / "load_times.csv"
    loads.write_text(loads.read_text().replace("华为 Atlas 910B", "华为 Atlas 910B（8 个 NPU）"))
    out = tmp_path / "out"
    command = [sys.executable, "-m", "report", "build", "--language", "zh-CN", "--out", str(out), "--", str(folder)]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    assert "Atlas 910B〔8 个 NPU〕" in pdftotext(out / "report.pdf", "-layout").replace("\u00a0", " ")
    blocks = zh_style.pdf_blocks(pdftotext(out / "report.pdf", "-bbox-layout"))
    assert [p for block in blocks for p in zh_style.nested_brackets(block)] == []


def test_a_cv_is_called_bianyi_xishu_and_the_calques_of_reading_16_are_gone():
    """Chinese reading 16, T minors 10 and 11: a CV figure or its limit is 变异系数 (离散度 only for the spread in
    general, never beside a figure); no 没有做, 所经, 计入的是 or 剩下的差别在于."""
    messages = [text for _msgid, text in _messages()]
    figure = r"\{(?:cv|limit|value)\}%?"
    beside_figure = [
        t for t in messages if re.search(rf"离散度[^，。；]{{0,8}}{figure}|{figure}[^，。；]{{0,8}}离散度", t)
    ]
    assert beside_figure == []
    assert [t for t in messages if re.search("没有做|所经|计入的是|剩下的差别在于|离散度（变异系数）", t)] == []
    with i18n.activate("zh-CN"):
        words = i18n._("{runs} runs, spread (CV) {cv} within the {limit}% limit")
    assert words.startswith("{runs} 次运行，变异系数 {cv}")


def test_chinese_amounts_take_wan_yi_and_wanyi():
    """Chinese reading 16, T minor 3: 1.60 亿元, never 16,000 万元; from 10^12 万亿, never 10,000 亿."""
    from report.formatting import money

    with i18n.activate("zh-CN"):
        amounts = [i18n.typeset(money(v, "CNY")).replace(i18n.NO_BREAK_SPACE, " ") for v in (1.6e8, 99_949_000, 1.2e12)]
    assert amounts == ["1.60 亿元", "9,990 万元", "1.20 万亿元"]


def test_a_gpu_test_counts_cards_and_prices_card_hours_in_every_message():
    """A GPU test counts 张卡 and prices 卡时, as a Chinese vendor's report and the customers' records do ("256 张卡",
    "每张卡", "卡时单价"): 块 GPU and GPU 小时 beside the record's 张卡 and 卡时 read as two units (Chinese reading 20, AC
    minor 9). The catalog itself keeps 块 GPU and GPU 小时, the form every accelerator's table maps
    (`i18n._GPU_WORDS`)."""
    with CATALOG.open("rb") as f:
        catalog = read_po(f)
    said = [
        m.id for m in catalog if m.id and "卡时" in "".join(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    assert said == []
    for kind in ("GPU", "card"):
        with i18n.activate("zh-CN"), i18n.accelerators(kind):
            words = i18n.typeset(i18n._cards("节省 12.5 GPU 小时（占其 GPU 小时的 0.4%）"))
        assert words == "节省 12.5\u00a0卡时（占其卡时的 0.4%）"
    with i18n.activate("zh-CN"):  # GPU, the default
        words = [
            i18n.typeset(i18n._cards(t)).replace(i18n.NO_BREAK_SPACE, " ")
            for t in (
                "按每 GPU 小时 {p}",
                "每块 GPU 的平均故障间隔时间",
                "{n} 块 GPU 的集群（最优间隔时为 {m} 块）",
                "相当于 {n} 块等效 GPU",
                "等效 GPU 数 = 集群 GPU 数 × 占比",
                "一块盘；{d} 块 NVMe 设备",
            )
        ]
    assert words == [
        "按每卡时 {p}",
        "每张卡的平均故障间隔时间",
        "{n} 张卡的集群（最优间隔时为 {m} 张）",
        "相当于 {n} 张等效卡",
        "等效卡数 = 集群卡数 × 占比",
        "一块盘；{d} 块 NVMe 设备",
    ]


def test_the_chinese_report_of_a_gpu_test_says_one_unit_for_its_cards():
    """Chinese reading 20, AC minor 9: the rendered Chinese report of a GPU test (H100, with a price) counts its GPUs
    in 张卡 and prices 卡时 throughout, never 块 GPU, GPU 小时 or 等效 GPU beside them."""
    from report.render import html as render
    from tests.sections.helpers import build

    with i18n.activate("zh-CN"):
        ctx, _m = build(ROOT / "examples" / "async-70b")
        page = render.render_html(ctx, render.chart_sources(ctx.charts, None))
    text = html.unescape(re.sub(r"<[^>]+>", " ", page.split("<body", 1)[1]))
    text = re.sub(r"\s+", " ", text.replace(i18n.WORD_JOINER, "").replace(i18n.NO_BREAK_SPACE, " "))
    counts = {term: text.count(term) for term in ("块 GPU", "GPU 小时", "等效 GPU", "个 GPU", "张卡", "卡时")}
    assert counts["块 GPU"] == counts["GPU 小时"] == counts["等效 GPU"] == counts["个 GPU"] == 0, counts
    assert counts["张卡"] > 0 and counts["卡时"] > 0, counts
