"""tests/sections/helpers.py's `build`: one context per folder bytes, language and strictness in a process, none kept
for a test that monkeypatches."""

from report import i18n
from tests import builds
from tests.sections.helpers import build


def test_a_folder_s_context_is_made_once_while_its_bytes_and_language_stay(folder):
    data = folder("data")
    ctx, m = build(data)
    assert build(data)[0] is ctx and build(data)[1] is m and m.save.candidate.mean_s == 94.0
    with i18n.activate("zh-CN"):
        chinese, _ = build(data)
    assert chinese is not ctx and (chinese.footer[0], ctx.footer[0]) == ("第 ", "Page ")
    with i18n.strict():
        assert build(data)[0] is not ctx  # a missing message raises here: made again, strictly
    (data / "save_times.csv").write_text((data / "save_times.csv").read_text().replace(",94\n", ",95\n"))
    again, changed = build(data)
    assert again is not ctx and changed.save.candidate.mean_s == 95.0
    builds.patching[0] = True  # as tests/conftest.py sets it for a test that takes monkeypatch
    try:
        assert build(data)[0] is not again
    finally:
        builds.patching[0] = False
    assert build(data)[0] is again
