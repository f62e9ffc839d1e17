"""The test environment a formal test report states (issue 45; DOMAIN.md, "A Chinese test report"): which of its
parts this test's record gives, and the words that ask for the rest.

test.toml's [environment] is free text under the reader's own labels, so what it covers is recognised by the words
its labels and texts use (the source notes count for the method and the caches, which they often state). A part is
asked for only when nothing in the record names it; the record itself is printed as given.
"""

from __future__ import annotations

import re

from report.document.blocks import Para
from report.i18n import _, join_words
from report.wording.base import Words

_GPU_MODELS = r"[HABL]\d{2,3}S?|GB?200|MI\d{3}X?|Gaudi\s?\d|Atlas|Ascend|910[ABC]|昇腾|RTX\s?\d{4}|Blackwell|Hopper"
#: Each part of a formal report's test environment, and the words that show a record names it.
PARTS: dict[str, re.Pattern[str]] = {
    "accelerators": re.compile(rf"\b(?:{_GPU_MODELS})\b|accelerator model|GPU model|型号", re.IGNORECASE),
    "storage": re.compile(
        r"controller|drives?\b|disks?\b|SSDs?\b|\bRAID|erasure|\bEC\b|capacity|firmware|\bpool\b|控制器|盘|阵列|纠删|容量|固件",
        re.IGNORECASE,
    ),
    "protocol": re.compile(
        r"\bNFS|\bSMB|CIFS|Lustre|GPFS|Spectrum Scale|BeeGFS|Weka|CephFS|\bS3\b|POSIX|\bmount|file ?system|\bext4\b|"
        r"\bxfs\b|DAOS|NVMe-oF|iSCSI|FUSE|protocol|协议|挂载|文件系统",
        re.IGNORECASE,
    ),
    "network": re.compile(
        r"network|\bNICs?\b|RoCE|InfiniBand|\bIB\b|Ethernet|\bGbE\b|\d\s?Gb/s|RDMA|switch|fabric|网络|网卡|交换机",
        re.IGNORECASE,
    ),
    "clients": re.compile(r"clients?\b|hosts?\b|nodes?\b|servers?\b|客户端|节点|服务器|主机", re.IGNORECASE),
    "method": re.compile(
        r"\bfio\b|DLIO|MLPerf|IOR\b|mdtest|elbencho|benchmark|method|procedure|torch\.distributed|\bDCP\b|Megatron|"
        r"NeMo|torchtitan|vLLM|方法|工具",
        re.IGNORECASE,
    ),
    "caches": re.compile(r"cache|drop_caches|O_DIRECT|direct=1|缓存", re.IGNORECASE),
}


def _record(w: Words) -> list[str]:
    """The texts that record the environment: [environment]'s labels and texts; for the method and the caches, the
    source notes too."""
    return [text for pair in w.config.environment for text in pair]


def missing(w: Words) -> list[str]:
    """The parts of the test environment (PARTS' keys, in order) that nothing recorded for this test names."""
    record = _record(w)
    notes = list(w.config.sources.values())
    out = []
    for part, words in PARTS.items():
        texts = record + notes if part in ("method", "caches") else record
        if not any(words.search(t) for t in texts):
            out.append(part)
    return out


def _part_words(part: str) -> str:
    return {
        "accelerators": _("the accelerators' model"),
        "storage": _(
            "each storage system's configuration (controllers, drives, RAID or erasure coding, capacity, firmware)"
        ),
        "protocol": _("the protocol or file system each is reached by, with its mount options"),
        "network": _("the network between the clients and the storage (links, speeds, switches)"),
        "clients": _("the number of client nodes"),
        "method": _("the method (the tool, its version and its settings: block size, queue depth, jobs)"),
        "caches": _("how caches were dropped before each read"),
    }[part]


def missing_words(w: Words) -> str:
    """The missing parts in words, joined: "" when the record names every one."""
    return join_words([_part_words(p) for p in missing(w)])


def environment_steps(w: Words) -> list[Para]:
    """The next step that asks for what a formal report states of the test environment and this test's record does
    not give ([] when it gives all)."""
    parts = missing_words(w)
    if not parts:
        return []
    return [
        Para(_("Record the test environment in full, as a formal test report states it: {parts}.").format(parts=parts))
    ]


def environment_note(w: Words) -> Para | None:
    """Said under the environment the setup prints (or in its place): what the record does not give."""
    parts = missing_words(w)
    if not parts:
        return None
    if w.config.environment:
        text = _("The record above does not give {parts}; the next steps ask for them.")
    else:
        text = _(
            "No test environment was recorded for this test: a formal test report states {parts}; the next steps "
            "ask for them."
        )
    return Para(text.format(parts=parts), "note")
