"""A [systems] name that no input uses, one slip from a name the inputs do use: said at test.toml's line of that key,
with the closest name ("did you mean"), so that a typo in [systems] is fixed there and not copied into every input
(field test 9, m6: "Local dsik" on line 7 gave four problems at the [[import]] lines, each expecting "Local dsik")."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable

from report.inputs.specs import FILE
from report.inputs.toml_reader import KeyLines
from report.problems import Problem

#: how alike two names must be (difflib's ratio) to be taken for one misspelt: one swapped or changed letter in a
#: name of ten letters is 0.9; "NFS" and "NVMe" (0.57) are two names
ALIKE = 0.8
ROLES = ("candidate", "save_baseline", "load_baseline")


def misspelt(systems: dict[str, str], used: Iterable[str], refused: Iterable[str], what: str) -> list[tuple[str, str]]:
    """For each [systems] role (`systems`: role -> name) whose name no input uses, where an input was refused for a
    name at least ALIKE to it: (the role, what to say at its line). `used`: the system of every input (an [[import]]
    table, a row); `refused`: of those the ones whose system is not one of [systems] for their table, repeated as
    often as they occur; `what`: one such input ("[[import]] table", "row of save_times.csv"). Only a name already
    refused is offered: a valid joint test gets no problem from here."""
    used = list(used)
    named = {name.strip() for name in used}
    counts = Counter(name.strip() for name in refused)
    out = []
    for role in ROLES:
        name = systems.get(role)
        if not name or name in named:
            continue
        close = difflib.get_close_matches(name, list(counts), n=1, cutoff=ALIKE)
        if close:
            n = sum(1 for other in used if other.strip() == close[0])
            said = f'"{name}" names no {what}, while {n} name{"s" * (n == 1)} "{close[0]}": did you mean "{close[0]}"?'
            out.append((role, said))
    return out


def row_problems(config_text: bytes, systems: dict[str, str], tables: dict) -> list[Problem]:
    """The same for the CSV files' rows (`tables`: name -> CsvTable, whose `system` column is categorical), located
    at test.toml's line of the [systems] key."""
    save = {systems["save_baseline"], systems["candidate"]}
    allowed = {name: save for name in ("save_times.csv", "bandwidth.csv", "restore_times.csv", "scaling.csv")}
    allowed["load_times.csv"] = {systems["load_baseline"], systems["candidate"]}
    import numpy as np  # here: reading a report (verify) imports no numpy (tests/verify/test_check.py)

    used: list[str] = []
    refused: list[str] = []
    for name, table in tables.items():
        column = table.columns["system"]
        counts = np.bincount(np.asarray(column.codes), minlength=len(column.categories))
        for system, count in zip(column.categories, counts, strict=True):
            used += [system] * int(count)
            refused += [system] * int(count) if system not in allowed.get(name, save) else []
    lines = KeyLines(config_text.decode("utf-8-sig", errors="replace"))
    found = misspelt(systems, used, refused, "input row")
    return [Problem(FILE, lines.of("systems", role), f"systems.{role}", said) for role, said in found]
