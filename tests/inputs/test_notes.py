"""A [sources] note says measured, or denies it, in English or Chinese (cold read 16, point 4: "not measured" and
未实测 counted as measured by a bare search for the word)."""

from __future__ import annotations

import pytest

from report.inputs.notes import measured_inputs, says_measured


@pytest.mark.parametrize(
    "note",
    [
        "PyTorch DCP saves; the slow run is kept as measured",
        "Measured on site with fio",
        "measured by the vendor, not by us",
        "White paper: measured 32B LoRA checkpoint saves, 8 GPUs",
        "实测值，每个系统 5 次",
        "由测试方在现场测量",
        "由测试方测得",
    ],
)
def test_a_note_that_says_measured(note):
    assert says_measured(note)


@pytest.mark.parametrize(
    "note",
    [
        "estimated, not measured",
        "Not measured: taken from the vendor's sheet",
        "never actually measured",
        "unmeasured; from the data sheet",
        "no measurement was taken on site",
        "fio 3.40 sequential write, 8 jobs, 1 MiB blocks",
        "估算值，未实测",
        "厂商数据，没有实测",
        "并非实测，取自白皮书",
        "未经测量",
        "不是实测值",
        "vLLM 冷启动加载，清缓存后",
    ],
)
def test_a_note_that_denies_it_or_does_not_say_it(note):
    assert not says_measured(note)


def test_decided_on_test_toml_s_own_notes_whatever_the_edition():
    """The config keeps the inputs its top-level notes call measured; a Chinese edition's notes do not change it."""
    notes = {"save_times": "saves kept as measured", "bandwidth": "estimated, not measured", "load_times": "实测"}
    assert measured_inputs(notes) == {"save_times", "load_times"}


def test_both_editions_name_who_produced_a_supplied_input_alike():
    """Scaling reading 16, m5: the sources list's badge read "Supplied" in English and 记录数据 ("recorded data") in
    Chinese, while the summary says the records were supplied with the test: the Chinese badge says so too."""
    from report import i18n
    from report.i18n import _

    with i18n.activate("zh-CN"):
        badge, summary = _("Supplied"), _("supplied with the test, not produced in making this report")
    assert badge == "随测试提供"
    assert summary.startswith(badge + "，")
