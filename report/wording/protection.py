"""How each save system protects its data (replicas, erasure coding, RAID, mirroring), as the test record names it: a
limit of the comparison where the two differ or one is not recorded (cold read 12, W-M5 and V-m9: CubeFS's "three
replicas" write each byte three times, and XY-3600's protection was not recorded; Gen5 scratch's md RAID-5 against a
TS-90 whose protection was not recorded). The tokens are printed as the record writes them."""

from __future__ import annotations

import re

from report.document.blocks import Para
from report.i18n import _, join_words
from report.wording.base import Words
from report.wording.environment import system_lines

#: Words that name a data-protection scheme in an [environment] text, each printed as the record writes it; a mirrored
#: cache protects the cache, not the data on the drives (cold read 19, AA minor 4).
PROTECTION = re.compile(
    r"\b(?:two|three|four|[2-9])[- ](?:way[- ])?(?:replicas?|replication|copies)\b|\b[2-9]\s*[x×]\s*replication\b|"
    r"\breplication factor\s*(?:of\s*)?\d\b|\bRF\s*=?\s*\d\b|\bgoal\s*[=:]?\s*\d\b|\breplica(?:s|ted|tion)\b|"
    r"\b(?:\d+\s*\+\s*\d+\s+)?erasure[- ]cod(?:e|es|ing|ed)\b(?:\s*\d+\s*\+\s*\d+)?|"
    r"\bEC\s*\d+\s*\+\s*\d+\b|\b\d+\s*\+\s*\d+\s*EC\b|\bEC\b|"
    r"\bRAID[- ]?(?:\d{1,2}|Z\d?)\b|\bmirror(?:ed|ing)?\b(?!\s+(?:write\s+)?cache)|"
    r"[双两二三四2-9]\s*(?:个)?\s*副本|副本数\s*(?:为|是|[:：=])?\s*[2-9]|(?:\d+\s*\+\s*\d+\s*)?纠删码?(?:\s*\d+\s*\+\s*\d+)?|(?<!缓存盘)(?<!缓存)镜像(?!缓存)",
    re.IGNORECASE,
)


#: A word that denies the scheme after it ("no RAID, no mirror", "not mirrored", "不做镜像", "无镜像"): the scheme is
#: printed with it, as the record writes it (cold read 19, Z-B2: "mirror for Local NVMe" of "no RAID, no mirror").
NEGATION = re.compile(r"(?:\b(?:no|not|without|non-?)\s+|(?:不做|不作|没有|无|不)\s*)$", re.IGNORECASE)


def protection(lines: list[str]) -> list[str]:
    """The protection schemes `lines` name, as written, each once, in the order they appear; a scheme glossed in
    brackets right after another is one with it, the bracket printed whole ("goal 2 (two copies)", not "goal 2 and two
    copies"; "RAID-10 (two mirrored pairs)", not "RAID-10 and mirrored": zh reading 14c, Q-m4); a scheme the record
    denies keeps its denial ("no mirror")."""
    found: list[str] = []
    for text in lines:
        inside = -1  # where the bracket that glosses the last scheme ends
        for m in PROTECTION.finditer(text):
            denied = NEGATION.search(text, max(0, m.start() - 12), m.start())
            token = (denied.group(0) if denied else "") + m.group(0)
            # inside a gloss, or the same scheme said again ("（每组镜像可容忍一块盘故障）" after "RAID-10（两组镜像）")
            if m.start() < inside or any(token.lower() in earlier.lower() for earlier in found):
                continue
            found.append(token)
            gloss = GLOSS.match(text, m.end())
            if gloss and PROTECTION.search(gloss.group(0)):
                found[-1] += gloss.group(0)
                inside = gloss.end()
    return list(dict.fromkeys(found))


#: a bracket right after a scheme, up to its close, with no bracket inside
GLOSS = re.compile(r"\s*[(（][^()（）]{1,40}[)）]")


def _named(w: Words) -> dict[str, list[str]]:
    """Each save system's protection as its [environment] lines name it; a side without lines is left out."""
    return {key: protection(texts) for key, texts in system_lines(w).items() if texts}


def protection_note(w: Words) -> Para | None:
    """A limit of the comparison: the two systems' data protection differs in the test record, or one system's is not
    recorded; None where both name the same, neither is recorded, or a system has no line of its own."""
    named = _named(w)
    if len(named) < 2 or not (named["baseline"] or named["candidate"]):
        return None
    b, c = named["baseline"], named["candidate"]
    if b and c:
        if {t.lower() for t in b} == {t.lower() for t in c}:
            return None
        text = _(
            "The two systems protect their data differently in the test record: {baseline_scheme} for {baseline}, "
            "{candidate_scheme} for {candidate}. A save writes what its protection adds, so each save ratio in this "
            "report compares the two with their protection, not the storage alone."
        ).format(
            baseline_scheme=join_words(b),
            baseline=w.name("baseline"),
            candidate_scheme=join_words(c),
            candidate=w.name("candidate"),
        )
        return Para(text, "note")
    known, other = ("baseline", "candidate") if b else ("candidate", "baseline")
    text = _(
        "The test record names {scheme} for {named} and no data protection for {other}: whether the two protect "
        "checkpoints alike, and what a save writes for it, is not recorded, so each save ratio in this report compares "
        "the two with whatever protection each had, not the storage alone."
    ).format(scheme=join_words(named[known]), named=w.name(known), other=w.name(other))
    return Para(text, "note")


def protection_step(w: Words) -> list[Para]:
    """The next step where `protection_note` finds a system whose protection is not recorded: record it."""
    named = _named(w)
    if len(named) < 2 or not (named["baseline"] or named["candidate"]):
        return []
    unrecorded = [key for key in ("baseline", "candidate") if not named[key]]
    if not unrecorded:
        return []
    text = _(
        "Record how {systems} protects its data (replicas, erasure coding or RAID) and how many bytes a save writes "
        "for it: the save ratio compares the two with their protection."
    ).format(systems=join_words([w.name(key) for key in unrecorded]))
    return [Para(text)]
