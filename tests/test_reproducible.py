"""Reproducibility: the same inputs give the same bytes whatever the clock, zone, locale and paths."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import DATA, ROOT

#: The environment of the module's plain builds: a zone and a locale other than the second build's, and the decoys'.
PLAIN_ENV = {"TZ": "Asia/Shanghai", "LC_ALL": "C.UTF-8"}


@pytest.fixture(scope="module")
def plain_build(tmp_path_factory):
    """`python -m report build` of data/ in a language, from the repository, in PLAIN_ENV: its output folder and when it
    ended. Made once per language for the module: the second build (another zone, locale, folder and working
    directory) and the decoy fonts' build are each compared with it."""
    made: dict[str, tuple[Path, float]] = {}

    def build(language: str) -> tuple[Path, float]:
        if language not in made:
            out = tmp_path_factory.mktemp(f"plain-{language}") / "a"
            command = [sys.executable, "-m", "report", "build", str(DATA), "--out", str(out), "--language", language]
            env = {**os.environ, **PLAIN_ENV}
            subprocess.run(command, env=env, check=True, cwd=ROOT, capture_output=True)
            made[language] = out, time.monotonic()
        return made[language]

    return build


@pytest.mark.slow
def test_two_builds_are_identical_byte_for_byte(tmp_path, plain_build):
    first, ended = plain_build("en")
    second = tmp_path / "elsewhere" / "b"
    time.sleep(max(0.0, ended + 1.1 - time.monotonic()))  # the second build's clock at least a second on
    env = {**os.environ, "TZ": "America/Los_Angeles", "LANG": "de_DE.UTF-8"}
    other_cwd = tmp_path / "cwd"
    other_cwd.mkdir()
    subprocess.run(
        [sys.executable, "-m", "report", "build", str(DATA), "--out", str(second), "--language", "en"],
        env=env,
        check=True,
        cwd=other_cwd,
        capture_output=True,
    )
    for name in ("report.pdf", "report.html", "metrics.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_a_changed_save_time_changes_the_pdf(folder, default_built):
    from report.inputs.joint_test import read_joint_test
    from report.pipeline.stages import build_outputs
    from tests.conftest import PROVENANCE

    data = folder("data")
    (data / "save_times.csv").write_text((data / "save_times.csv").read_text().replace(",94\n", ",95\n"))
    changed = build_outputs(read_joint_test(data), PROVENANCE)
    assert changed.pdf != default_built.pdf and changed.html != default_built.html


def test_rebuild_in_process_is_identical(default_built):
    from report.inputs.joint_test import read_joint_test
    from report.pipeline.stages import build_outputs
    from tests.conftest import PROVENANCE

    # default_built may come from another worker (tests/builds.py): two builds here, so that one follows another in
    # this process, both giving its bytes.
    for again in (build_outputs(read_joint_test(DATA), PROVENANCE) for _ in range(2)):
        assert (again.pdf, again.html, again.metrics) == (default_built.pdf, default_built.html, default_built.metrics)


@pytest.fixture(scope="module")
def decoy_fonts(tmp_path_factory):
    """A machine's own faces of the shipped families (as Debian's fonts-noto-cjk installs "Noto Sans CJK SC"): each
    shipped regular face with its advances 10% wider and another date, where fontconfig and matplotlib look."""
    from fontTools.ttLib import TTFont

    home = tmp_path_factory.mktemp("home")
    folder = home / ".local" / "share" / "fonts"
    folder.mkdir(parents=True)
    for name in ("Inter-Regular.otf", "NotoSansCJKsc-Regular.otf"):
        # lazy: glyphs copied as they are. recalcBBoxes=False: the outlines, so the bounds, stay as they were, and
        # finding them again decompiled Noto's 65,000 CFF glyphs (30 s of CPU); the one figure the wider advances
        # change, hhea's widest advance, is set here (the file is the one recalculation gave, but for its dates).
        with TTFont(ROOT / "report" / "assets" / "fonts" / name, lazy=True, recalcBBoxes=False) as font:
            font["head"].modified = 0
            metrics = font["hmtx"].metrics
            for glyph, (advance, bearing) in metrics.items():
                metrics[glyph] = (advance * 11 // 10, bearing)
            font["hhea"].advanceWidthMax = max(advance for advance, _ in metrics.values())
            font.save(folder / name)
    conf = home / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?><fontconfig><dir>{folder}</dir><cachedir>{home / "fc"}</cachedir></fontconfig>'
    )
    return {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "MPLCONFIGDIR": str(home / "mpl"),
        "FONTCONFIG_FILE": str(conf),
    }


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_the_bytes_do_not_depend_on_the_machines_fonts(tmp_path, language, decoy_fonts, plain_build):
    """Every glyph comes from the shipped fonts, drawn and measured: a machine whose fontconfig and matplotlib find
    other faces named Inter and Noto Sans CJK SC builds the same bytes."""
    seen = subprocess.run(
        [
            sys.executable,
            "-c",
            "from matplotlib import font_manager as f; print(sorted({e.fname for e in "
            "f.fontManager.ttflist if e.name in ('Inter', 'Noto Sans CJK SC')}))",
        ],
        env={**os.environ, **decoy_fonts},
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert decoy_fonts["HOME"] in seen  # the decoys are there to be found
    # the plain build and this one differ in the fonts a machine has, nothing else (PLAIN_ENV in both)
    outs = {"plain": plain_build(language)[0], "decoys": tmp_path / "decoys"}
    command = [sys.executable, "-m", "report", "build", str(DATA), "--out", str(outs["decoys"]), "--language", language]
    subprocess.run(command, env={**os.environ, **PLAIN_ENV, **decoy_fonts}, check=True, cwd=ROOT, capture_output=True)
    for file in ("report.pdf", "report.html", "metrics.json"):
        same = (outs["plain"] / file).read_bytes() == (outs["decoys"] / file).read_bytes()
        assert same, file  # compared as a flag: pytest's diff of two PDFs' bytes would run for an hour
