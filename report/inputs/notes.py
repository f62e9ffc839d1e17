"""What a [sources] note says of its input: whether it says the input was measured (cold read 16, point 4)."""

from __future__ import annotations

import re

# "measured", "measurement", 实测, 测量, 测得: the note's own word for a measurement
_SAYS = re.compile(r"\bmeasur|实测|测量|测得", re.IGNORECASE)
# a negation just before it: "not measured", "estimated, not measured", "never actually measured", "no measurement";
# 未实测, 没有实测, 非实测, 不是实测, 未经测量, 无实测 ("unmeasured" is no match of \bmeasur to begin with)
_DENIED = re.compile(
    r"\b(?:not|never|no|without)\b(?:\W+\w+){0,2}?\W+$|(?:未|没|非|不|无|并未|尚未)[经有是曾]?$", re.IGNORECASE
)


def says_measured(note: str) -> bool:
    """True when the note says, in English or Chinese, that its input was measured, and does not deny it where it
    says so: "kept as measured" is, "estimated, not measured" and "未实测" are not."""
    return any(not _DENIED.search(note[max(0, m.start() - 40) : m.start()]) for m in _SAYS.finditer(note))


def measured_inputs(sources: dict[str, str]) -> frozenset[str]:
    """The inputs whose [sources] note says measured: decided once, on test.toml's own notes, so that every edition
    says the same of them (scaling reading 16, m5: the English note matched, its Chinese translation did not)."""
    return frozenset(k for k, note in sources.items() if isinstance(note, str) and says_measured(note))
