"""The bandwidth log against the run length its note states (report/compute/log_span.py; cold read 20, AC-M3), on
data/: one run a system, sampled every 1 s from 0 to 59 s, so each covers 59 − 0 + 1 = 60 s."""

from __future__ import annotations

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.log_span import ID
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts


def _folder(folder, note: str):
    path = folder("data")
    toml = path / "test.toml"
    text = toml.read_text(encoding="utf-8")
    start = text.index("bandwidth  = ")
    end = text.index("\n", start)
    toml.write_text(text[:start] + f'bandwidth  = "{note}"' + text[end:], encoding="utf-8")
    return path


def _found(path):
    test = read_joint_test(path)
    return decide(test, compute(test)).get(ID)


@pytest.mark.parametrize(
    "note",
    [
        "fio sequential write, 1 MiB blocks, 90 s per run sampled every 1 s",
        "fio 顺序写，1 MiB 块，每次 90 s，每 1 s 取样",
    ],
)
def test_a_log_shorter_than_the_stated_runs_is_said(folder, note):
    path = _folder(folder, note)
    found = _found(path)
    assert found is not None and found.scope.items == ("baseline", "candidate") and found["stated_s"] == 90
    span = found["each"]["candidate"]
    assert (span.first_s, span.last_s, span.step_s, span.covered_s) == (0, 59, 1, 60)
    text = " ".join(texts(section(build(path)[0], "bandwidth").blocks))
    assert "states runs of 90 s, but Mingxin FX100's samples cover at most 60 s a run (0 to 59 s)" in text, text
    with activate("zh-CN"):
        zh = " ".join(texts(section(build(path)[0], "bandwidth").blocks))
    assert "每次运行 90 s" in zh and "最多只覆盖 60 s（0 至 59 s）" in zh, zh


@pytest.mark.parametrize("seconds", [60, 61])  # 61: within one sample's interval of the 60 s covered
def test_a_log_that_covers_the_stated_runs_is_not(folder, seconds):
    assert _found(_folder(folder, f"fio sequential write, runtime={seconds}")) is None


def test_no_stated_length_or_two_of_them_decide_nothing(folder):
    assert _found(_folder(folder, "fio sequential write, 1 MiB blocks")) is None
    assert _found(_folder(folder, "fio, 90 s per run on one system and 30 s per run on the other")) is None
