"""The clauses of a record's line that speak of one system: a line split at ";" ("T0 tier: …; NX-80: …"), each clause
kept for the system it names and no other. One reading of the record's lines for the rules that ask which system a
clause is about: the partner copy (node_loss), the load paths (risks) and each system's environment lines (wording)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

#: Where a record's line parts one clause from the next.
CLAUSE_BREAK = re.compile(r"[;；]")


def clauses(text: str) -> list[str]:
    """The clauses of `text`, split at ";" and "；", stripped, the empty ones left out."""
    return [c.strip() for c in CLAUSE_BREAK.split(text) if c.strip()]


def naming(names: Mapping[str, Iterable[str]], text: str) -> list[str]:
    """The keys of `names` (a system's key and its names) whose names `text` holds, whatever their case."""
    low = text.lower()
    return [key for key, words in names.items() if any(w and w.lower() in low for w in words)]


def clauses_naming(text: str, names: Mapping[str, Iterable[str]], key: str, label: str = "") -> list[str]:
    """The clauses of `text` that name system `key` and no other system of `names`; a clause is read with the line's
    `label` before it ("T0 tier" in a label names the system of each clause)."""
    return [c for c in clauses(text) if naming(names, f"{label} {c}") == [key]]
