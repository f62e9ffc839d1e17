"""Reproducibility: the same inputs give the same bytes whatever the clock, zone, locale and paths."""

import os
import subprocess
import sys
import time

import pytest

from tests.conftest import DATA, ROOT


@pytest.mark.slow
def test_two_builds_are_identical_byte_for_byte(tmp_path):
    first, second = tmp_path / "a", tmp_path / "elsewhere" / "b"
    env = {**os.environ, "TZ": "Asia/Shanghai", "LC_ALL": "C.UTF-8"}
    subprocess.run(
        [sys.executable, "-m", "report", "build", str(DATA), "--out", str(first)],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    time.sleep(1.1)
    env = {**os.environ, "TZ": "America/Los_Angeles", "LANG": "de_DE.UTF-8"}
    other_cwd = tmp_path / "cwd"
    other_cwd.mkdir()
    subprocess.run(
        [sys.executable, "-m", "report", "build", str(DATA), "--out", str(second)],
        env=env,
        check=True,
        cwd=other_cwd,
        capture_output=True,
    )
    for name in ("report.pdf", "report.html", "metrics.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_a_changed_save_time_changes_the_pdf(folder, default_built):
    from report.build import build_outputs
    from report.joint_test import read_joint_test
    from tests.conftest import PROVENANCE

    data = folder("data")
    (data / "save_times.csv").write_text((data / "save_times.csv").read_text().replace(",94\n", ",95\n"))
    changed = build_outputs(read_joint_test(data), PROVENANCE)
    assert changed.pdf != default_built.pdf and changed.html != default_built.html


def test_rebuild_in_process_is_identical(default_built):
    from report.build import build_outputs
    from report.joint_test import read_joint_test
    from tests.conftest import PROVENANCE

    again = build_outputs(read_joint_test(DATA), PROVENANCE)
    assert (again.pdf, again.html, again.metrics) == (default_built.pdf, default_built.html, default_built.metrics)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_the_bytes_do_not_depend_on_the_machines_fonts(tmp_path, language):
    """Every glyph comes from the shipped fonts: fontconfig pointed at an empty font folder changes no byte."""
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?><fontconfig><dir>{empty}</dir><cachedir>{tmp_path / "cache"}</cachedir></fontconfig>'
    )
    outs = {}
    for name, extra in (("system", {}), ("empty", {"FONTCONFIG_FILE": str(conf)})):
        out = tmp_path / name
        command = [sys.executable, "-m", "report", "build", str(DATA), "--out", str(out), "--language", language]
        subprocess.run(command, env={**os.environ, **extra}, check=True, cwd=ROOT, capture_output=True)
        outs[name] = out
    for file in ("report.pdf", "report.html", "metrics.json"):
        assert (outs["system"] / file).read_bytes() == (outs["empty"] / file).read_bytes(), file
