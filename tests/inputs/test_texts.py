"""test.toml's free texts in another language (field test 5, M4; the cold readers' English in Chinese reports):
[text."zh-CN"] / [text.en] print in place of the top-level texts when the report is built in that language; the
names that join the data, and metrics.json, stay the same whatever the language."""

from __future__ import annotations

import pytest

from report import i18n
from report.inputs.config import parse_config
from report.inputs.joint_test import read_joint_test
from report.inputs.language import warning
from report.inputs.texts import printed
from report.pipeline.stages import metrics_json
from report.problems import InvalidInput
from tests.conftest import DATA, FIXTURES, PROVENANCE
from tests.sections.helpers import build, cover_text, section, texts

CHINESE = """
[text."zh-CN"]
title = "白皮书数据：联合测试之前"
customer = "示例计算中心"
model = "32B LoRA 微调"
systems = { "Local NVMe (single drive)" = "本地 NVMe（单盘）", "NFS" = "NFS 共享存储" }
projections = { "70B on 64 GPUs" = "64 卡上的 70B" }

[text."zh-CN".sources]
save_times = "白皮书：实测的 32B LoRA 检查点保存，8 卡（每个系统一个值）"
bandwidth = "白皮书：持续写带宽；随时间的样本为示意，其均值为公布的 3.26 与 6.40 GB/s"
load_times = "为重现白皮书公布的 6.2 至 9.3 倍加速而选取的示意加载时间（华为 Atlas 910B）"
"""


def _with(folder, text: str):
    toml = folder / "test.toml"
    toml.write_text(toml.read_text() + text)
    return folder


def test_a_chinese_report_of_an_english_test_prints_the_chinese_texts(folder):
    data = _with(folder("data"), CHINESE)
    test = read_joint_test(data)
    assert warning(read_joint_test(DATA), "zh-CN") is not None
    assert warning(test, "zh-CN") is None  # nothing left in English: nothing to warn of
    with i18n.activate("zh-CN"):
        _ctx, m = build(data)
    shown_test, shown = printed(test, m, "zh-CN")  # as the build does: names printed, data joined by the keys
    with i18n.activate("zh-CN"):
        from report import sections
        from report.charts import describe as charts

        described = charts.describe_all(shown, shown_test.bandwidth, shown.inputs_illustrative, {})
        ctx = sections.build(shown_test, shown, described, PROVENANCE, "zh-CN")
    page_one = cover_text(ctx)
    assert ctx.cover.title == "白皮书数据：联合测试之前" and ctx.cover.customer == "示例计算中心"
    assert ctx.cover.save_baseline == "本地 NVMe（单盘）" and ctx.cover.load_baseline == "NFS 共享存储"
    words = " ".join(" ".join(texts(s.blocks)) for s in ctx.sections) + page_one
    assert "64 卡上的 70B" in words and "32B LoRA 微调" in words
    everything = repr(ctx)  # every paragraph, table and chart description
    # but the colophon's measure command, which takes [systems]' own names (field test 7)
    command = "--system '本地 NVMe（单盘）'"  # the edition's own name, which measure takes (doc15, 03a97c7)
    assert command in repr(section(ctx, "colophon"))
    everything = everything.replace(command, "")
    assert "Local NVMe (single drive)" not in everything and "70B on 64 GPUs" not in everything
    assert "White paper" not in everything and "白皮书：实测的 32B LoRA 检查点保存" in repr(section(ctx, "setup"))
    # the figures are the same: metrics.json is written from the figures as computed, by the names of the data
    assert shown.save.baseline.system == "本地 NVMe（单盘）" and m.save.baseline.system == "Local NVMe (single drive)"
    english = read_joint_test(data)
    assert printed(english, m, "en") == (english, m)  # test.toml's own language: as given


def test_metrics_json_is_the_same_in_every_language(folder):
    """Built without the PDF, which this reads nothing of (tests/builds.py's html_edition: the build's own bytes)."""
    from tests.builds import html_edition

    test = read_joint_test(_with(folder("data"), CHINESE))
    outs = {language: html_edition(test, PROVENANCE, language) for language in ("en", "zh-CN")}
    assert outs["en"].metrics == outs["zh-CN"].metrics
    assert "本地 NVMe（单盘）" in outs["zh-CN"].html.decode()
    assert "本地 NVMe（单盘）" not in outs["en"].html.decode()
    assert metrics_json  # (the same function writes it for both)


def _problems(text: str) -> list[str]:
    base = (DATA / "test.toml").read_text()
    _config, problems = parse_config((base + text).encode())
    return [str(p) for p in problems]


def test_texts_in_another_language_are_checked_as_the_ones_they_stand_for():
    assert _problems(CHINESE) == []
    assert _problems('\n[text.en]\ntitle = "x"\n') == [
        "test.toml:27: text.en: is test.toml's own language (en): its texts are the top-level ones, not repeated"
    ]
    said = " ".join(_problems('\n[text.fr]\ntitle = "x"\n'))
    assert '"fr" is not a language of this report' in said
    said = " ".join(_problems('\n[text."zh-CN"]\nsystems = { "FX100" = "铭芯" }\n'))
    assert '"FX100" is not a system of [systems]' in said
    said = " ".join(_problems('\n[text."zh-CN"]\nsystems = { "NFS" = "Mingxin FX100" }\n'))
    assert "the full name of another system" in said
    said = " ".join(_problems('\n[text."zh-CN"]\nsystems = { "NFS" = "甲", "Mingxin FX100" = "甲" }\n'))
    assert 'are both printed "甲"' in said
    said = " ".join(_problems('\n[text."zh-CN"]\nsubtitle = "x"\n'))
    assert "unknown key" in said
    said = " ".join(_problems('\n[text."zh-CN".environment]\nclients = "四台主机"\n'))
    assert '"clients" is not a key of [environment]' in said
    said = " ".join(_problems('\n[text."zh-CN".sources]\nrestore_times = "无"\n'))
    assert '"restore_times" is not a table of [sources] with a note' in said


def test_environment_lines_take_a_text_or_a_label_and_a_text(folder):
    data = folder("data")
    toml = data / "test.toml"
    toml.write_text(
        toml.read_text()
        + '\n[environment]\nclients = "4 hosts"\nnetwork = "2 x 200 Gb/s"\n'
        + '\n[text."zh-CN".environment]\nclients = "4 台主机"\nnetwork = { label = "网络", text = "2 × 200 Gb/s" }\n'
    )
    test = read_joint_test(data)
    shown, _ = printed(test, None, "zh-CN")
    assert shown.config.environment == (("clients", "4 台主机"), ("网络", "2 × 200 Gb/s"))
    said = warning(test, "zh-CN") or ""
    assert "[environment]" not in said  # every line given in Chinese
    toml.write_text(toml.read_text().replace('clients = "4 台主机"\n', ""))
    said = warning(read_joint_test(data), "zh-CN") or ""
    assert "1 of test.toml's [environment] lines was recorded in English" in said


@pytest.mark.slow
def test_a_report_built_with_texts_in_its_language_verifies(folder, tmp_path):
    """verify rebuilds from the attached test.toml, [text."zh-CN"] included: the same pages in the same language."""
    from report.cli import main

    data = _with(folder("data"), CHINESE)
    out = tmp_path / "zh"
    assert main(["build", str(data), "--out", str(out), "--language", "zh-CN"]) == 0
    assert main(["verify", str(out / "report.pdf")]) == 0


def test_a_printed_name_takes_its_language_s_short_name(folder):
    """Cold tests 6: a system printed under its own name in the other language lost its short name there, so the
    English edition of a Chinese test printed "Tianqiong TQ-5000 all-flash" in full on every page. `short` in
    [text.L] gives it one, keyed by the full name as [systems] gives it; two systems one short name is an error."""
    data = _with(
        folder("data"),
        CHINESE.replace(
            '\n[text."zh-CN".sources]', 'short = { "Local NVMe (single drive)" = "本地盘" }\n\n[text."zh-CN".sources]'
        ),
    )
    test = read_joint_test(data)
    with i18n.activate("zh-CN"):
        _ctx, m = build(data)
    shown_test, _shown = printed(test, m, "zh-CN")
    assert shown_test.config.systems.short == {"本地 NVMe（单盘）": "本地盘"}
    same = CHINESE.replace(
        '\n[text."zh-CN".sources]',
        'short = { "Local NVMe (single drive)" = "盘", "NFS" = "盘" }\n\n[text."zh-CN".sources]',
    )
    _config, problems = parse_config(((DATA / "test.toml").read_text() + same).encode())
    assert any('are both printed "盘"' in str(p) for p in problems)


def test_a_renamed_system_keeps_a_top_level_short_name_that_reads_in_the_language(folder):
    """Cold read 6 (m1): the English edition of a Chinese test whose [systems] short gave "TQ-5000" and "GPFS" printed
    "Tianqiong TQ-5000 all-flash" and "GPFS cluster (existing)" in full on every page, its [text.en] having renamed
    both and given no short. A top-level short name carries to the renamed system where it reads in the report's
    language ("NVMe" in Chinese, a product name), not where it does not ("Local drive" in Chinese), and [text.L]
    short still wins."""
    data = folder("data")
    toml = data / "test.toml"
    toml.write_text(
        toml.read_text().replace(
            'load_baseline = "NFS"\n',
            'load_baseline = "NFS"\nshort = { "Local NVMe (single drive)" = "NVMe", "NFS" = "Home filer" }\n',
        )
        + CHINESE
    )
    test = read_joint_test(data)
    with i18n.activate("zh-CN"):
        _ctx, m = build(data)
    shown_test, _shown = printed(test, m, "zh-CN")
    assert shown_test.config.systems.short == {"本地 NVMe（单盘）": "NVMe"}
    toml.write_text(
        toml.read_text().replace(
            '"NFS" = "NFS 共享存储" }', '"NFS" = "NFS 共享存储" }\nshort = { "Local NVMe (single drive)" = "本地盘" }'
        )
    )
    shown_test, _shown = printed(read_joint_test(data), m, "zh-CN")
    assert shown_test.config.systems.short == {"本地 NVMe（单盘）": "本地盘"}


def test_load_models_and_platforms_take_a_name_in_the_report_s_language(folder):
    """Field test 6, m5: the Chinese build warned that load_times' model and platform print in English "(or
    [text."zh-CN"] in test.toml)", but no key there took them. `models` and `platforms` do, as `systems` does: what is
    printed changes, the names that join the data (and metrics.json) do not."""
    names = (
        '\nmodels = { "7B" = "7B 模型", "70B" = "70B 模型" }\nplatforms = { "Huawei Atlas 910B" = "华为 Atlas 910B" }\n'
    )
    projections = 'projections = { "70B on 64 GPUs" = "64 卡上的 70B" }\n'
    data = _with(folder("data"), CHINESE.replace(projections, projections + names.lstrip("\n")))
    toml = data / "test.toml"
    test = read_joint_test(data)
    assert "load_times.csv" not in (warning(test, "zh-CN") or "")
    with i18n.activate("zh-CN"):
        _ctx, m = build(data)
    shown_test, shown = printed(test, m, "zh-CN")
    assert set(shown_test.loads["platform"]) == {"华为 Atlas 910B"}
    assert {"7B 模型", "70B 模型"} <= set(shown_test.loads["model"])
    assert {p.platform for p in shown.load.models} == {"华为 Atlas 910B"}
    assert {p.platform for p in m.load.models} == {"Huawei Atlas 910B"}  # the figures keep the data's names
    # a name no row has is an error naming it and the names there are; the warning names the keys to use
    toml.write_text(toml.read_text().replace('"Huawei Atlas 910B" = ', '"Atlas 910B" = '))
    with pytest.raises(InvalidInput) as raised:
        read_joint_test(data)
    assert 'text.zh-CN.platforms: "Atlas 910B" is not a platform of load_times (expected "Huawei Atlas 910B")' in str(
        raised.value.problems
    )
    field = read_joint_test(FIXTURES / "field6_tmpfs")  # its load model and platform in English, measure's words
    assert '(or [text."zh-CN"] models, platforms in test.toml)' in (warning(field, "zh-CN") or "")
    said = " ".join(_problems('\n[text."zh-CN"]\nplatforms = { "x" = "" }\n'))
    assert "text.zh-CN.platforms: must not be empty" in said


def test_measure_s_environment_labels_take_the_system_s_printed_name():
    """Field test 6, m4: measure's [text."zh-CN".environment] labels begin with the top-level system name
    ("Local disk (ext4)：测量") while [text."zh-CN"] systems prints it 本地磁盘（ext4） everywhere else: two names
    for one system on one page. A label that begins with a system's name takes its printed name."""
    test = read_joint_test(FIXTURES / "field6_tmpfs")
    shown, _ = printed(test, None, "zh-CN")
    labels = [label for label, _text in shown.config.environment]
    assert "本地磁盘（ext4）：测量" in labels and "tmpfs（内存，3 GB）：客户端 CPU" in labels
    assert not [label for label in labels if label.startswith(("Local disk", "tmpfs (RAM"))]
    assert printed(test, None, "en")[0].config.environment == test.config.environment  # its own language: as given
