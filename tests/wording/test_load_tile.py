"""The load tile's words for a pair the candidate loads slower (report/wording/load_tile.py)."""

from types import SimpleNamespace as NS

from report import i18n
from report.compute.findings import load_slower
from report.compute.scopes import Findings
from report.wording.load_tile import load_headline, load_note


def _words(*pairs: tuple[str, float]) -> NS:
    models = [NS(model=name, platform="P", speedup=x, established=True) for name, x in pairs]
    speedups = [x for _name, x in pairs]
    load = NS(
        models=models,
        established_range=(min(speedups), max(speedups)),
        speedup_min=min(speedups),
        speedup_max=max(speedups),
        baseline_system="NAS",
    )
    m = NS(load=load)
    return NS(m=m, findings=Findings(tuple(load_slower(None, m))))


def test_one_slower_pair_is_named_with_how_much_slower_it_loads():
    """0.8× is 1 / 0.8 = 1.25× slower; the range 0.800×–2.00× is a speed relative to the baseline."""
    w = _words(("A", 2.0), ("B", 0.8))
    assert load_headline(w) == ("0.800×–2.00×", "model loading speed")
    assert str(load_note(w)) == "relative to NAS, 2 model/platform pairs; B loads 1.25× slower"
    with i18n.activate("zh-CN"):
        assert str(load_note(w)) == "以 NAS 为基线，2 种模型与平台组合；B的加载用时为基线的 1.25 倍"


def test_several_slower_pairs_are_listed_and_none_slower_says_faster():
    """0.8× and 0.5×: 1.25× and 2.00× slower."""
    w = _words(("A", 2.0), ("B", 0.8), ("C", 0.5))
    assert str(load_note(w)).endswith("; slower to load: B 1.25× and C 2.00×")
    w = _words(("A", 2.0), ("B", 1.5))
    assert load_headline(w) == ("1.50×–2.00×", "faster model loading")
    assert str(load_note(w)) == "than NAS, 2 model/platform pairs"
