"""The built reports say what the contract asks about asynchronous saves, restores, ETTR and durability, in English
and Chinese (the PDFs' extracted text where a page or a chart matters, else the HTML edition's; the figures are worked
by hand in test_asynchronous.py)."""

import dataclasses
import html
import re
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from report.inputs.joint_test import read_joint_test
from report.pipeline.stages import build_outputs
from tests.builds import collected_after, html_edition
from tests.conftest import DATA, PROVENANCE, ROOT


def _text(pdf: bytes, tmp_path, first: int = 1, last: int = 99) -> str:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    command = ["pdftotext", "-raw", "-f", str(first), "-l", str(last), str(path), "-"]
    return " ".join(subprocess.run(command, check=True, capture_output=True, text=True).stdout.split())


def _squeeze(text: str) -> str:
    """Chinese lines break anywhere: compare without white space."""
    return "".join(text.split())


def _with_restores(path):
    test = read_joint_test(path)
    c = test.config
    rows = [
        {"system": c.systems.save_baseline, "model": c.training.model, "run": 1, "restore_s": 240.0},
        {"system": c.systems.save_baseline, "model": c.training.model, "run": 2, "restore_s": 260.0},
        {"system": c.systems.candidate, "model": c.training.model, "run": 1, "restore_s": 60.0},
    ]
    return dataclasses.replace(test, restores=pd.DataFrame(rows))


def _not_durable(tmp_path_factory):
    import shutil

    path = tmp_path_factory.mktemp("not-durable") / "data"
    shutil.copytree(DATA, path)
    toml = (path / "test.toml").read_text()
    (path / "test.toml").write_text(
        toml.replace('load_baseline = "NFS"', 'load_baseline = "NFS"\nnot_durable   = ["Mingxin FX100"]')
    )
    return read_joint_test(path)


@pytest.fixture(scope="module")
def pages(tmp_path_factory, builds):
    """Page 1 and the whole text of each report's PDF, in both languages, built once (the repository's folders once per
    run, tests/builds.py)."""
    tests = {
        "default": DATA,
        "async": ROOT / "examples" / "async-70b",
        "not_durable": _not_durable(tmp_path_factory),
    }
    out = {}
    for name, test in tests.items():
        for language in ("en", "zh-CN"):
            if isinstance(test, Path):
                pdf = builds.get(test, language).pdf
            else:
                with collected_after():
                    pdf = build_outputs(test, PROVENANCE, language).pdf
            where = tmp_path_factory.mktemp(f"{name}-{language}")
            out[name, language] = (_text(pdf, where, 1, 1), _text(pdf, where))
    return out


@pytest.mark.slow
def test_default_report_says_its_benefit_would_vanish_with_async_saves(pages):
    cover, text = pages["default", "en"]
    assert "0.901 → 0.945" in cover and "effective training time ratio (ETTR)" in cover
    assert "4.67% shorter training run" in cover
    for sentence in (
        "Asynchronous checkpointing (what-if)",
        "With asynchronous saves this storage benefit would vanish at today's interval",
        "What remains: the shortest interval at which writes no longer stall training goes from 55 to 29 steps",
        "staging was not measured and is taken as 0 s",
        "so with asynchronous saves faster storage would not change its training time",
        "Restore not measured: the assumed restart time is used",
        "Stall per asynchronous save by checkpoint interval",
        "87.2 GB/s if every job saves at once, against the 6.40 GB/s sustained bandwidth of this test",
    ):
        assert sentence in text, sentence
    cover, text = pages["default", "zh-CN"]
    assert "0.901→0.945" in _squeeze(cover) and "有效训练时间占比（ETTR；按均值推算）" in _squeeze(cover)
    for sentence in (
        "异步检查点（假设分析）",
        "若改用异步保存，按当前间隔，换用新存储将不再缩短训练时间",
        "另一项差别是，写入不再拖慢训练的最短间隔由55步缩短为29步",
        "内存快照时间按0s计",
        "在异步保存下，更快的存储不会缩短训练时长",
        "未测量恢复时间，按分析所用的重启时间计。",
        "各检查点间隔下异步保存的单次保存停顿",
    ):
        assert _squeeze(sentence) in _squeeze(text), sentence


@pytest.mark.slow
def test_async_example_shows_stalls_and_ettr_on_page_one(pages):
    # examples/async-70b: τ = 50 × 6 s = 300 s; writes 340.04 s and 75.26 s (means of 5 runs), staging 9.4 s and
    # 9.6 s: stalls 9.4 + 40.04 = 49.44 s and 9.6 s. M = 50,677 h × 3,600 ÷ 64 = 2,850,581 s, restores 212.13 s and
    # 61.03 s after a 420 s restart: ETTR 1 ÷ (1 + 49.44/300 + 349.44/2M + 340.04/M + 632.13/M) = 0.858 and
    # 1 ÷ (1 + 9.6/300 + 309.6/2M + 75.26/M + 481.03/M) = 0.969.
    cover, text = pages["async", "en"]
    assert "checkpoint stall share of wall time (asynchronous saves)" in cover
    assert "0.858 → 0.969" in cover and "49.4 s → 9.60 s of stall per save" in cover
    assert "what-if" not in text
    assert "With these asynchronous saves the training run finishes 11.4% sooner on Mingxin FX100" in text
    assert "On Parallel NFS (existing) the write (340 s) outlasts the 300 s of compute between saves" in text
    assert "A restore takes 212 s on Parallel NFS (existing) and 61.0 s on Mingxin FX100." in text
    assert "On both systems it lies above the write lag (340 s and 75.3 s)." in text
    assert "so the training time saved is what the table gives, not the save time saved" in text
    cover, text = pages["async", "zh-CN"]
    assert "保存停顿占墙钟时间的比例（异步保存）" in _squeeze(cover) and "0.858→0.969" in _squeeze(cover)
    assert "有效训练时间占比（ETTR）" in _squeeze(cover)
    assert "按当前的异步保存设置，与ParallelNFS(existing)相比，MingxinFX100上的训练时间缩短11.4%" in _squeeze(text)
    assert "一次恢复在ParallelNFS(existing)上用时212s，在MingxinFX100上用时61.0s。" in _squeeze(text)


def _html_text(page: bytes) -> str:
    """The text of an HTML edition, as `_text` gives a PDF's: tags and styles left out, white space squeezed."""
    body = re.sub(r"<(style|script)\b.*?</\1>", " ", page.decode(), flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", body)).replace("\u2060", "").split())


@pytest.fixture(scope="module")
def restores():
    """The whole text of the default joint test with restores, in both languages: its HTML edition (tests/builds.py's
    html_edition), as nothing here depends on a page."""
    test = _with_restores(DATA)
    return {language: _html_text(html_edition(test, PROVENANCE, language).html) for language in ("en", "zh-CN")}


@pytest.mark.slow
def test_restores_report_gives_restore_and_recovery(restores):
    text = restores["en"]
    assert "A restore takes 250 s on Local NVMe (single drive) and 60 s on Mingxin FX100." in text
    assert "Recovery = restart (600 s, without reading the checkpoint) + the mean restore time." in text
    assert "Restore times: see “Failures and the checkpoint interval”." in text  # said once, there (repeat19b)
    text = restores["zh-CN"]
    assert _squeeze("一次恢复在 Local NVMe (single drive) 上用时 250 s，在 Mingxin FX100 上用时 60 s。") in _squeeze(
        text
    )


@pytest.mark.slow
def test_not_durable_report_says_so_on_page_one_and_marks_figures(pages):
    cover, text = pages["not_durable", "en"]
    assert "Mingxin FX100's saves would not survive a power loss" in cover
    assert "NOT DURABLE" in cover  # the capacity tile's mark
    assert text.count("NOT DURABLE SAVES") >= 4  # inside the charts drawn from the saves
    cover, text = pages["not_durable", "zh-CN"]
    assert "MingxinFX100上的保存在断电后无法保留" in _squeeze(cover)
    assert text.count("保存不持久") >= 4
