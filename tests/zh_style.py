"""The mechanical rules of docs/zh-CN.md, as checks on a Chinese text: what a test reports as a problem."""

from __future__ import annotations

import html
import re

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
FULL_WIDTH = "，。；：、！？（）“”"
_RULES = {
    "对 between two figures (write 基线 X，被测系统 Y)": re.compile(rf"(?<![{CJK}]) ?对 ?(?=[0-9•−+])"),
    "a half-width bracket inside full-width ones": re.compile(r"（[^（）\n]*[()][^（）\n]*）"),
    "an ASCII space at full-width punctuation": re.compile(rf" [{FULL_WIDTH}]|[{FULL_WIDTH}] "),
    "个 as the measure word of GPUs (write 块 GPU: a GPU test prints 张卡)": re.compile(r"个\s*GPU"),
    "未判定 (the one term is 待判定)": re.compile("未判定"),
    "有一次写入 (a write, not once a write: 写入耗时超过…)": re.compile("有一次写入"),
    "它确实改变 (a calque of 'what it does change': 真正改变的是)": re.compile("它确实改变"),
    "快/慢 N 倍 (read as N + 1 times by many: write 加速比为 N, or 是基线的 N 倍)": re.compile(
        r"[快慢] ?[0-9•][0-9.,]* ?倍"
    ),
    "a word said twice in a row": re.compile(r"(保存|时间|停顿|检查点|等待)\1"),
    "返工 (rework is 重算: 返工 is a factory's word; docs/zh-CN.md, section 1)": re.compile("返工"),
    "数据稳定性 (G1, G2 are 测量重复性: Chinese reading 15)": re.compile("数据稳定性"),
    "对比 between two figures (write X，基线为 Y: Chinese reading 15)": re.compile(r"[0-9%] ?(?:s )?对比 ?[0-9]"),
    # the record's own 验收门槛 is said as the record says it (Chinese reading 19): the catalog never says 验收
    "验收 (a joint test before a purchase evaluates: 评估门槛, 评估目标; zh reading 12, V-m1)": re.compile(
        "验收(?!门槛)"
    ),
    "暂存 (staging is 内存快照: 暂存盘 is a customer's scratch drive; zh reading 12, V-m3)": re.compile("暂存"),
    "a configuration key in prose (say it in words; the key in brackets after them)": re.compile(
        r"\[\[\w+\]\]|\brestart_s\b"
    ),
}
# 实测 ("measured", not 非实测/未实测) and 示意 (illustrative) in one sentence: a measured figure beside an illustrative one.
_SENTENCE = re.compile(r"[^。！？；\n]+")
_MEASURED = re.compile("(?<![非未])实测")


def problems(text: str, given: tuple[str, ...] = ()) -> list[str]:
    """Every breach of the mechanical rules in `text`, each with its surroundings; texts in `given` (names and notes
    from the inputs, printed as typed) are taken out first."""
    for name in sorted(given, key=len, reverse=True):
        # a neutral ideograph in its place, wherever a line end split it
        text = re.sub(r"\s+".join(map(re.escape, name.split())), "〇", text)
    text = text.replace("\u00a0", " ").replace("\u2060", "")
    found = []
    for match in re.finditer(rf"[{CJK}][A-Za-z0-9]", text):
        before = text[match.start() - 1 : match.start() + 1] if match.start() else ""
        if match.group(0)[0] in "年月" and before[:1].isdigit():
            continue
        found.append(f"no space between Chinese and Latin: {_around(text, match.start())}")
    for match in re.finditer(rf"(?<=[A-Za-z0-9%])[{CJK}]", text):
        if text[match.start() - 1].isdigit() and match.group(0) in "年月日":
            continue
        found.append(f"no space between Latin and Chinese: {_around(text, match.start())}")
    for label, rule in _RULES.items():
        found += [f"{label}: {_around(text, m.start())}" for m in rule.finditer(text)]
    for sentence in _SENTENCE.finditer(text):
        if _MEASURED.search(sentence.group(0)) and "示意" in sentence.group(0):
            found.append(f"实测 in a sentence with 示意: {_around(text, sentence.start())}")
    return found


def _around(text: str, at: int) -> str:
    return repr(text[max(0, at - 18) : at + 18])


def pdf_blocks(xhtml: str) -> list[str]:
    """The text of each block of `pdftotext -bbox-layout`'s output, its words joined by spaces and its lines by line
    ends: a space inside a block is a gap the reader sees, while table cells and figure labels are blocks apart."""
    blocks = []
    for block in re.findall(r"<block [^>]*>(.*?)</block>", xhtml, re.S):
        lines = re.findall(r"<line [^>]*>(.*?)</line>", block, re.S)
        blocks.append("\n".join(_line_text(line) for line in lines))
    return [html.unescape(b) for b in blocks]


def _line_text(line: str) -> str:
    """A line's words joined by a space where the gap between them is a word space, by a tab where it is wider (two
    table cells side by side)."""
    words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', line)
    text, right = "", None
    for x_min, y_min, x_max, y_max, word in words:
        if right is not None:
            text += " " if float(x_min) - right < 0.6 * (float(y_max) - float(y_min)) else "\t"
        text += word
        right = float(x_max)
    return text


def nested_brackets(text: str) -> list[str]:
    """Every full-width bracket that opens inside another (a quoted title aside, printed as its heading is): a Chinese
    document brackets inside brackets with 〔〕 (Chinese reading 16, T minor 5; i18n.unnest)."""
    found, depth, quoted = [], 0, False
    for at, char in enumerate(text):
        if char in "“”":
            quoted = char == "“"
        elif quoted:
            continue
        elif char == "（":
            if depth:
                found.append(f"a bracket inside brackets: {_around(text, at)}")
            depth += 1
        elif char == "）":
            depth = max(0, depth - 1)
    return found
