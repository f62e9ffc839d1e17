"""What the test record says of who ran the test and of the baseline's state during the runs, decided once as findings:
a testing party that is the candidate's own maker, with whether the commissioning party witnessed the runs (zh
reading 17, V M3 and W M7), and a baseline in service whose other load, caches and pool during the runs the record
does not give (cold read 17, W-M2: the first counter-argument a sceptic raises against the speedup)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from report.compute.figures import SIDES, Metrics
from report.compute.record_clauses import clauses
from report.compute.scopes import SIDES_KIND, TEST_KIND, Finding, make_finding
from report.inputs.joint_test import JointTest

#: Leading words of a system's name that name no maker: a state or a place, not a company.
_NO_MAKER = re.compile(
    r"^(?:existing|production|current|legacy|old|new|local|node-local|shared|in-service|the|our|现网|现有|本地|原有|新|生产)$",
    re.IGNORECASE,
)
#: Words by which a record says who witnessed or observed the runs.
WITNESS = re.compile(r"witness|observed by|in the presence of|attended by|见证|旁站|现场确认", re.IGNORECASE)
#: Words by which a record calls a system one in service, not one set aside for the test.
IN_SERVICE = re.compile(r"\bexisting\b|\bproduction\b|\bin service\b|\bin-service\b|\blive\b|现网|生产|在用|在网|现有")
#: Words by which a record gives what else ran on a system during the runs (not model loads: "load" alone says nothing).
OTHER_LOAD = re.compile(
    r"other (?:jobs|tenants|traffic|workloads?|users|services)|\bidle\b|quiesc|exclusive|dedicated to (?:this|the) "
    r"test|maintenance window|off-peak|isolated|业务负载|其他业务|停业务|空闲|独占|隔离|维护窗口|低峰",
    re.IGNORECASE,
)


def _texts(test: JointTest) -> list[str]:
    """Every text the record gives: [environment]'s labels and texts, the source notes."""
    cfg = test.config
    return [t for pair in cfg.environment for t in pair] + list(cfg.sources.values())


def maker(name: str) -> str | None:
    """The maker a system's name leads with ("Lanshi" of "Lanshi LS-3600 …", "岚石" of "岚石 LS-3600 …"), or None where
    its first word is no company's name (a state or a place: "existing", "Local", "现网") or carries a digit."""
    first = name.split()[0] if name.split() else ""
    if len(first) < 2 or any(c.isdigit() for c in first) or _NO_MAKER.match(first):
        return None
    return first


def _names(text: str, word: str) -> bool:
    if word.isascii():
        return re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) is not None
    return word in text


def tester_is_vendor(test: JointTest, _m: Metrics) -> Iterator[Finding]:
    """Where the testing party ([report] tested_by) names the maker the candidate's name leads with: the candidate's
    vendor ran the test. `witnessed` is the record's line on who witnessed the runs, or None: not recorded."""
    tester = test.config.report.tested_by if test.config.report else None
    word = _vendor(test)
    if not tester or word is None:
        return
    yield make_finding("tester_is_vendor", SIDES_KIND, ("candidate",), SIDES, maker=word, witnessed=_witness_line(test))


def _vendor(test: JointTest) -> str | None:
    """The candidate's maker where the testing party's name names it, else None."""
    tester = test.config.report.tested_by if test.config.report else None
    word = maker(test.config.systems.candidate)
    return word if tester and word is not None and _names(tester, word) else None


def _witness_line(test: JointTest) -> tuple[str, int | str] | None:
    """Where the record says who witnessed the runs: an [environment] line by its place, or a source note by its key
    (each edition prints the line in its own language); None where no line says it."""
    lines: list[tuple[str, int | str]] = [
        ("environment", i) for i, pair in enumerate(test.config.environment) if WITNESS.search(" ".join(pair))
    ]
    lines += [("sources", key) for key, text in test.config.sources.items() if WITNESS.search(text)]
    return lines[0] if lines else None


def test_party(test: JointTest, _m: Metrics) -> Iterator[Finding]:
    """Where the record names the testing party ([report] tested_by): who ran the test and what the record says of
    witnessing, for the decision page's head (zh reading 19, AA-M2: a vendor's own unwitnessed test said only in the
    statement). `maker` is the candidate's maker where the tester belongs to it (None: the record names no such tie),
    `witnessed` the record's witnessing line (None: not recorded), `clause` the place of its first clause that speaks
    of witnessing (0 where none does, the label alone naming it)."""
    tester = test.config.report.tested_by if test.config.report else None
    if not tester:
        return
    line = _witness_line(test)
    clause = 0
    if line is not None:
        where, key = line
        text = test.config.environment[int(key)][1] if where == "environment" else test.config.sources[str(key)]
        clause = next((i for i, c in enumerate(clauses(text)) if WITNESS.search(c)), 0)
    yield make_finding("test_party", TEST_KIND, (), (), maker=_vendor(test), witnessed=line, clause=clause)


def _save_baseline(label: str) -> bool:
    """Whether an [environment] label names the save baseline's line ("baseline storage", "基线存储"), not the load
    baseline's ("load baseline storage", "加载基线存储")."""
    low = label.lower()
    return ("baseline" in low or "基线" in label) and "load" not in low and "加载" not in label


def baseline_in_service(test: JointTest, _m: Metrics) -> Iterator[Finding]:
    """Where the record calls the save baseline a system in service (existing, production, 现网) and gives nothing of
    what else ran on it during the runs: its other load, the state of its caches and the pool the checkpoints used are
    to be recorded, or it timed again in a quiet window (cold read 17, W-M2)."""
    name = test.config.systems.save_baseline
    lines = [f"{label} {text}" for label, text in test.config.environment if name in text or _save_baseline(label)]
    if not (IN_SERVICE.search(name) or any(IN_SERVICE.search(line) for line in lines)):
        return
    if any(OTHER_LOAD.search(text) for text in _texts(test)):
        return
    yield make_finding("baseline_in_service", SIDES_KIND, ("baseline",), SIDES)


#: Words that mark a record's line or clause as one on the staging times.
STAGING = re.compile(r"\bstag(?:e|ed|ing)\b|暂存", re.IGNORECASE)
#: A count of saves a line gives ("over this test's 30 saves", "30 次保存").
SAVES_COUNTED = re.compile(r"(\d[\d,]*)\s*(?:saves\b|checkpoints\b|次保存)", re.IGNORECASE)


def staging_unverified(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Where an asynchronous job's staging times come from the test setup and the record's staging line gives them
    over a count of saves (of a model it names) that the attached save times do not hold: the staging is not verified
    by any attached record (zh reading 18, X-M6: "30 saves of DeepSeek-V3", 15 in the save times). `line` is the
    [environment] line's place, `model` the model it names (None: every model), `said` its count, `rows` the save
    times' rows of it."""
    if m.checkpoint_mode != "async" or test.config.async_saves is None:
        return
    models = [str(x) for x in dict.fromkeys(test.saves["model"])]
    for i, (label, text) in enumerate(test.config.environment):
        for clause in clauses(text):
            counted = SAVES_COUNTED.search(clause)
            if counted is None or not (STAGING.search(label) or STAGING.search(clause)):
                continue
            named = [x for x in models if re.search(rf"(?<!\w){re.escape(x.split()[0])}(?!\w)", clause, re.IGNORECASE)]
            model = named[0] if len(named) == 1 else None
            rows = int((test.saves["model"] == model).sum()) if model is not None else len(test.saves)
            said = int(counted.group(1).replace(",", ""))
            if said != rows:
                yield make_finding("staging_unverified", TEST_KIND, (), (), line=i, model=model, said=said, rows=rows)
                return


def restore_untimed(test: JointTest, m: Metrics) -> Iterator[Finding]:
    """Where no restore was timed, so the failure figures give each system the same recovery: what reading the training
    model's checkpoint back would take each system at its measured write bandwidth (what a node-local side writes of
    it, over its per-node bandwidth), and the side the equal assumption favours, the slower reader (cold read 18, Y
    minor 6; cold read 19, AA-M5). `read_s` per side, `size_gb` the checkpoint's size; scope: the favoured side."""
    if m.reliability.baseline.restore_s is not None or "restore_times" in m.inputs_illustrative:
        return
    if "bandwidth" in m.inputs_illustrative:  # the read-back is said at each system's measured write bandwidth
        return
    model = test.config.training.model
    rows = {row.side: row for row in m.audit.rows if row.model == model}
    if set(rows) != set(SIDES):
        return
    gbps = {"baseline": m.bandwidth.baseline_gbps, "candidate": m.bandwidth.candidate_gbps}
    read_s = {side: rows[side].written_gb / gbps[side] for side in SIDES}
    if read_s["baseline"] == read_s["candidate"]:
        return
    slower = max(SIDES, key=lambda side: read_s[side])
    yield make_finding(
        "restore_untimed", SIDES_KIND, (slower,), SIDES, read_s=read_s, size_gb=m.save.baseline.snapshot_gb
    )


RECORD_RULES = (tester_is_vendor, test_party, baseline_in_service, staging_unverified, restore_untimed)
