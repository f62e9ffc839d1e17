"""What the test record says of how the loads were timed, decided once as findings: the caches left warm on one load
side and cleared on the other (zh reading 18, Y-M4: QH-500's SSD cache not flushed, LH-8000's invalidated before each
load), and the load's end point as the record words it (zh reading 18, X minor 10: "cold start to the first token",
where the Chinese edition had said "to the model serving")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from report.compute.figures import Metrics
from report.compute.record_clauses import clauses_naming
from report.compute.scopes import LOAD_SIDES, SIDES_KIND, TEST_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: Words by which a record's line or clause speaks of caches.
CACHE = re.compile(r"cach|缓存", re.IGNORECASE)
#: Words by which a clause says a cache was left as it was before the loads.
KEPT = re.compile(
    r"\bnot (?:been )?(?:flushed|cleared|dropped|invalidated|emptied|purged)|\bleft warm|\bkept warm|\bwarm cache|"
    r"未清空|未清除|未失效|未清理|未刷新|保留缓存",
    re.IGNORECASE,
)
#: Words by which a clause says a cache was cleared before the loads.
CLEARED = re.compile(r"invalidat|flush|drop_caches|dropped|cleared|emptied|purged|失效|清空|清除", re.IGNORECASE)
#: Words by which a record's load note gives the end point of a load: a cold start to the first token served.
FIRST_TOKEN = re.compile(r"first[ -]token|首个\s*token|首\s*token|首字", re.IGNORECASE)


def _cache_state(test: JointTest, side: str) -> str | None:
    """ "kept" where a clause of the record naming this load side alone says its cache was not cleared, "cleared" where
    one says it was, None where no clause on caches names it."""
    cfg = test.config
    systems = {"load_baseline": cfg.systems.load_baseline, "candidate": cfg.systems.candidate}
    names = {key: cfg.systems.names(s) for key, s in systems.items()}
    lines = [(label, text) for label, text in cfg.environment if CACHE.search(f"{label} {text}")]
    lines += [("", cfg.sources["load_times"])] if "load_times" in cfg.sources else []
    said = [c for label, text in lines for c in clauses_naming(text, names, side, label) if CACHE.search(c)]
    if any(KEPT.search(c) for c in said):
        return "kept"
    return "cleared" if any(CLEARED.search(c) for c in said) else None


def load_caches_unequal(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Where the record says one load side's cache was left warm before the loads and the other's cleared: its load
    times may come in part from its cache, which favours it. Scope: the side whose cache was kept; `label` the
    [environment] line's place that says it (None: the load note)."""
    if not m.load.models or test.config.systems.load_baseline == test.config.systems.candidate:
        return
    states = {side: _cache_state(test, side) for side in LOAD_SIDES}
    kept = [side for side, state in states.items() if state == "kept"]
    if len(kept) != 1 or states[next(s for s in LOAD_SIDES if s != kept[0])] != "cleared":
        return
    yield make_finding("load_caches_unequal", SIDES_KIND, tuple(kept), LOAD_SIDES)


def load_end_point(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """The end point of a load as the record's load note words it: "first_token" (a cold start to the first token);
    no finding where the note gives none this knows, and the words then name no end point."""
    if m.load.models and FIRST_TOKEN.search(test.config.sources.get("load_times", "")):
        yield make_finding("load_end_point", TEST_KIND, (), (), end="first_token")


LOAD_RECORD_RULES = (load_caches_unequal, load_end_point)
