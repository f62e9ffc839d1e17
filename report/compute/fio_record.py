"""fio's settings as a test record words them (scaling reading 16, M3: "fio 3.40 sequential write, 8 jobs per client
node, 1 MiB blocks, direct=1, 60 s per run" read as "not recorded"): which of the settings that shape how a sweep loads
the storage the words give, and which they leave out. Read from [sources] scaling; the same in every language."""

from __future__ import annotations

import re

#: Each setting, with the words that give it ("8 jobs per client node", "numjobs=8", "1 MiB blocks", "bs=1M").
RECORDED = (
    ("rw", re.compile(r"\brw\s*=|\bsequential (?:write|read)|\brandom (?:write|read)|顺序写|随机写", re.IGNORECASE)),
    ("bs", re.compile(r"\bbs\s*=|\b\d+(?:\.\d+)?\s*[KMG]i?B?\s*(?:blocks?\b|块)|块大小", re.IGNORECASE)),
    ("numjobs", re.compile(r"\bnumjobs\s*=|\b\d+\s+jobs?\b|\d+\s*个\s*(?:作业|任务)", re.IGNORECASE)),
    ("direct", re.compile(r"\bdirect\s*=\s*[01]\b|\bO_DIRECT\b", re.IGNORECASE)),
    ("runtime", re.compile(r"\bruntime\s*=|\b\d+\s*s(?:econds?)? (?:per|each|a) run\b|每次\s*\d+\s*s", re.IGNORECASE)),
    ("iodepth", re.compile(r"\biodepth\s*=|\bqueue depth\b|队列深度", re.IGNORECASE)),
    ("ioengine", re.compile(r"\bioengine\s*=|\b(?:libaio|io_uring|psync|sync|posixaio)\b", re.IGNORECASE)),
    ("file layout", re.compile(r"\bfilename\s*=|\bfile per|\bshared file|\bone file|\bnrfiles\s*=|单个?文件", re.I)),
    ("end_fsync", re.compile(r"\bend_fsync\s*=|\bfsync", re.IGNORECASE)),
)

#: The settings printed beside the fitted law's scope where the record leaves them out.
MISSING_ORDER = ("iodepth", "ioengine", "file layout", "end_fsync", "rw", "bs", "numjobs", "direct", "runtime")


def fio_words(text: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The settings `text` gives and those it leaves out, each in MISSING_ORDER; None where `text` names no fio run or
    gives none of the settings."""
    if not re.search(r"\bfio\b", text, re.IGNORECASE):
        return None
    given = {name for name, pattern in RECORDED if pattern.search(text)}
    if not given:
        return None
    return tuple(n for n in MISSING_ORDER if n in given), tuple(n for n in MISSING_ORDER if n not in given)
