"""A Chinese report read as a Chinese vendor's formal test report (issue 45; docs/zh-CN.md): money in 元 and 万元 where
the currency is CNY, 个 NPU where the platform is an NPU, titles that break between phrases and no last line of one
ideograph."""

import json
import re

from report import i18n
from report.formatting import money, price
from tests.conftest import FIXTURES, ROOT
from tests.sections.helpers import all_paras, build

FORMAL_ZH = FIXTURES / "formal_zh"


def test_yuan_not_cny_in_chinese_and_the_code_in_metrics(formal_zh_built):
    with i18n.activate("zh-CN"):
        assert money(448_612, "CNY") == "44.9 万 元"  # typeset joins 万元 (no space between ideographs)
        assert i18n.typeset(money(448_612, "CNY")) == f"44.9{i18n.NO_BREAK_SPACE}万元"
        assert money(32.248, "CNY") == "32.2 元" and price(14.5, "CNY") == "14.5 元"  # as test.toml gives it
        assert money(32.248, "USD") == "32.2 美元"  # fifth Chinese reading b, M-14: not "33 万 USD"
        assert money(330_000, "USD") == "33 万 美元"  # the space goes at typesetting: 33 万美元
        assert money(32.248, "CHF") == "32.2 瑞士法郎" and money(32.248, "XTS") == "32.2 XTS"  # no name: the code
    assert money(448_612, "CNY") == "449,000 CNY" and price(14.5, "CNY") == "14.50 CNY"  # English keeps the code
    html = formal_zh_built.html.decode()
    # the embedded fonts' base64 may hold any three letters: the page's text only
    assert "CNY" not in re.sub(r"data:[^)\"']+", "", html.split('id="appendix"')[0])
    assert "万元" in html and "45 万元" in html.replace(i18n.NO_BREAK_SPACE, " ")
    assert json.loads(formal_zh_built.metrics)["economics"]["currency"] == "CNY"


def test_npu_platforms_make_the_chinese_words_count_npus():
    with i18n.activate("zh-CN"):
        ctx, _m = build(FORMAL_ZH)  # loads on Atlas 910B
        words = "\n".join(i18n.typeset(p.text) for p in all_paras(ctx)).replace(i18n.NO_BREAK_SPACE, " ")
        # the report's own words; the projection's name “72B，64 块加速卡” is the input's
        assert "GPU" not in words.replace("PyTorch", "")
        assert "相当于增加 3.53 个 NPU 的算力" in words and "块加速卡" not in words.replace("64 块加速卡", "")
        ctx, _m = build(ROOT / "examples" / "async-70b")  # loads on NVIDIA H100: GPUs, counted 张卡 (reading 20)
        assert "张卡" in "\n".join(i18n.typeset(p.text) for p in all_paras(ctx)).replace(i18n.NO_BREAK_SPACE, " ")
    ctx, _m = build(FORMAL_ZH)  # English keeps GPU, the word an English reader takes generically
    assert "GPU" in "\n".join(p.text for p in all_paras(ctx))


def test_any_accelerator_that_is_not_a_gpu_is_a_card_in_chinese_and_english(tmp_path):
    """Kunlunxin P800 cards named only in the environment were called GPUs (cold tests 14, P): every accelerator
    the environment or a load platform names that is not a GPU makes the Chinese words say 加速卡."""
    import shutil

    folder = tmp_path / "kunlun"
    shutil.copytree(ROOT / "examples" / "async-70b", folder)  # loads on NVIDIA H100: GPUs until the environment says
    toml = folder / "test.toml"
    toml.write_text(
        toml.read_text().replace("[environment]\n", '[environment]\n"加速卡型号" = "昆仑芯 P800，每台 8 卡"\n')
    )
    with i18n.activate("zh-CN"):
        ctx, _m = build(folder)
        words = "\n".join(i18n.typeset(p.text) for p in all_paras(ctx)).replace(i18n.NO_BREAK_SPACE, " ")
    # a card is counted by 张 and its time is 卡时, as the records say (Chinese reading 17, W minors 1, 3)
    own = re.sub(r"“[^”]*”", "", words).replace("405B on 512 GPUs", "")  # a projection's name is the input's
    assert "张加速卡" in words and "块加速卡" not in words and "GPU" not in own.replace("PyTorch", "")
    assert "机时" not in words and "GPU 小时" not in words
    ctx, _m = build(folder)  # in English the cards are cards (cold read 17, W minor 5)
    own = re.sub(r"“[^”]*”", "", "\n".join(p.text for p in all_paras(ctx))).replace("405B on 512 GPUs", "")
    assert "GPU" not in own and "cards" in own
    with i18n.accelerators("card"):
        assert i18n._("Per-GPU mean time between failures") == "Per-card mean time between failures"
        assert i18n._("GPUs in the training job") == "Cards in the training job"
        assert i18n._("Price of a GPU-hour") == "Price of a card-hour"
        with i18n.activate("zh-CN"):
            assert i18n._("Price of a GPU-hour") == "每卡时价格"


def test_a_count_of_cards_said_without_the_noun_takes_the_cards_measure_word():
    """Zh reading 18, Y minor 5: "75.4 块" and "每个作业 512 块" beside "2,048 张加速卡": one measure word for a card,
    个 for an NPU; a disk's 块 and a block device stay."""
    text = "{cluster} 块 GPU ÷ 每个作业 {gpus} 块 × 8,760 h（最优间隔时为 {optimum} 块）；一块盘；{0} 是网络块设备"
    with i18n.activate("zh-CN"):
        with i18n.accelerators("card"):
            assert i18n._cards(text) == (
                "{cluster} 张加速卡 ÷ 每个作业 {gpus} 张 × 8,760 h（最优间隔时为 {optimum} 张）；一块盘；{0} 是网络块设备"
            )
        with i18n.accelerators("NPU"):
            assert "每个作业 {gpus} 个 ×" in i18n._cards(text) and "为 {optimum} 个）" in i18n._cards(text)
        # GPUs are counted by 张, as cards (Chinese reading 20, AC minor 9)
        assert i18n._cards(text) == (
            "{cluster} 张卡 ÷ 每个作业 {gpus} 张 × 8,760 h（最优间隔时为 {optimum} 张）；一块盘；{0} 是网络块设备"
        )


def test_a_chinese_title_breaks_between_its_phrases_and_no_line_is_one_ideograph():
    wj = i18n.WORD_JOINER
    with i18n.activate("zh-CN"):
        title = i18n.keep_phrases("14B 全参微调：检查点保存与模型加载联合测试")
        # breaks only at the space and after the colon
        assert title.replace(wj, "") == "14B 全参微调：检查点保存与模型加载联合测试"
        assert title.split("：")[1] == wj.join("检查点保存与模型加载联合测试")
        assert i18n.keep_tail("图注的最后一行只剩一个字标。").endswith(f"一{wj}个{wj}字{wj}标。"[-6:])
    assert i18n.keep_phrases("Checkpoint save: a title") == "Checkpoint save: a title"


def test_a_maker_s_chinese_name_stays_on_the_line_of_its_product_name():
    """Chinese reading 15, S: the cover's title broke "…冷启动：曜衡" ↵ "YH-9100 全闪存…", the brand parted from its
    product. A phrase of up to three ideographs before a Latin name is kept with it; a longer phrase still breaks."""
    wj, nbsp = i18n.WORD_JOINER, i18n.NO_BREAK_SPACE
    with i18n.activate("zh-CN"):
        title = i18n.keep_phrases("GLM-4.5-Air 训练检查点与推理冷启动：曜衡 YH-9100 全闪存对比本地 NVMe")
        assert f"：曜{wj}衡{nbsp}YH-9100 全" in title
        assert f"对{wj}比{wj}本{wj}地 NVMe" in i18n.keep_phrases("全闪存对比本地 NVMe")  # four ideographs: a break
        assert nbsp not in i18n.keep_phrases("Llama 4 Scout：Aurelon AX-6 对比现网 NV-40")
    assert i18n.keep_phrases("曜衡 YH-9100") == "曜衡 YH-9100"  # English builds: as typed


def test_a_postposition_after_a_latin_name_stays_on_its_line():
    """Chinese reading 20, AB minor 13: the cover's title broke "AMD Instinct MI325X" ↵ "上的训练检查点…", the
    postposition opening a line. It stays with the name (a no-break space) and the line may break after 的, where the
    next phrase begins (no joiner between 的 and 训)."""
    wj, nbsp = i18n.WORD_JOINER, i18n.NO_BREAK_SPACE
    with i18n.activate("zh-CN"):
        title = i18n.keep_phrases("AMD Instinct MI325X 上的训练检查点与推理冷启动：Kaveri KV-6")
        assert title.startswith(f"AMD Instinct MI325X{nbsp}上{wj}的训{wj}练")
        assert title.replace(wj, "").replace(nbsp, " ") == "AMD Instinct MI325X 上的训练检查点与推理冷启动：Kaveri KV-6"
        assert "\ue000" not in title
        assert nbsp not in i18n.keep_phrases("集群 上的检查点")  # after an ideograph: no name to keep it with
    assert i18n.keep_phrases("MI325X 上的训练") == "MI325X 上的训练"  # English builds: as typed


def test_the_chinese_load_caption_carries_no_hedge_the_data_does_not_need():
    """The load chart's caption said "（每个系统只计时一次时即为该次时间）" under five runs a side, a hedge the English
    never printed (zh cold read 5b, M-20). No Chinese message may add a condition its English lacks."""
    from report.charts import describe
    from report.compute import compute
    from report.inputs.joint_test import read_joint_test

    for folder in (FORMAL_ZH, ROOT / "data"):
        test = read_joint_test(folder)
        m = compute(test)
        with i18n.activate("zh-CN"):
            chart = describe.load_times(m, None)
        assert "只计时一次" not in chart.caption and "平均加载时间" in chart.caption
    catalog = (ROOT / "report/locale/zh_CN/LC_MESSAGES/report.po").read_text()
    assert "时即为该次时间" not in catalog


def test_an_apu_is_called_an_apu_and_its_time_apu_hours():
    """Zh reading 18, X minor 7: an MI300A test read GPU 小时 beside 卡时 and APU in its own record; an APU is counted
    by 块 as a GPU is, its time is APU 时 (the record's "APU 时单价"), in English APU and APU-hour."""
    from report.wording.base import APU_WORDS

    assert APU_WORDS.search("AMD Instinct MI300A") and APU_WORDS.search("4 块 APU") and not APU_WORDS.search("MI300X")
    with i18n.accelerators("APU"):
        assert i18n._("Price of a GPU-hour") == "Price of an APU-hour"
        assert i18n._("Power of a GPU") == "Power of an APU"
        assert i18n._("GPUs in the training job") == "APUs in the training job"
        with i18n.activate("zh-CN"):
            assert i18n._("Price of a GPU-hour") == "每 APU 时价格"
            assert (
                i18n._cards("{n} 块 GPU 集群，每 GPU 小时 {p}，{h} 卡时")
                == "{n} 块 APU 集群，每 APU 时 {p}，{h} APU 时"
            )
