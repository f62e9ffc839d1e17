"""Every joint-test folder the tests hold (the default data, each fixture, each example) builds its PDF in English and
in Chinese, and WeasyPrint logs nothing while it does (tests/builds.py hands the test what the renderer logged; the
conftest's `no_renderer_warnings` fails a test in which a renderer logs). These are the shared builds other tests take:
two classes, one per language, run first (tests/conftest.py's LONGEST_FIRST), so that `make test` (pytest-xdist,
--dist loadscope) makes them on two cores while the short scopes follow."""

from __future__ import annotations

import pytest

from tests.conftest import DATA, FIXTURES, ROOT

FOLDERS = [DATA, *sorted(p.parent for p in FIXTURES.glob("*/test.toml")), *sorted(ROOT.glob("examples/*/test.toml"))]
FOLDERS = [p if p.is_dir() else p.parent for p in FOLDERS]


def _builds(folder, language, builds) -> None:
    built = builds.get(folder, language)
    assert built.pdf.startswith(b"%PDF-") and b"%%EOF" in built.pdf[-64:]


@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS, ids=[p.name for p in FOLDERS])
class TestEveryFolderBuildsInEnglish:
    def test_the_pdf_builds(self, folder, builds):
        _builds(folder, "en", builds)


@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS, ids=[p.name for p in FOLDERS])
class TestEveryFolderBuildsInChinese:
    def test_the_pdf_builds(self, folder, builds):
        _builds(folder, "zh-CN", builds)
