"""When the test record dates the gate targets' agreement, decided once (cold read 16, T-M1: G4's target called
"undated: nothing in the test record shows it agreed before the runs" while the record's gate-target line said
"agreed by the customer and the tester on 2026-11-12 in test plan DT-CY-TP-05, section 4").

The contract gives the targets in [gates] and no key for the day they were agreed; the record says it, where it does,
in an [environment] line about the gate targets, as a date. That line is read here, as the price line is in
cluster_scope: its label or text speaks of the gates, targets or acceptance, and its text holds a date (2026-11-12)
no later than the report's own date. Nothing here is written to metrics.json."""

from __future__ import annotations

import datetime as dt
import re

from report.inputs.specs import TestConfig

#: An [environment] line about the gate targets ("gates", "thresholds", "acceptance", "pass criteria", 门槛, 验收).
GATES_LINE = re.compile(r"\bgates?\b|acceptance|thresholds?|pass criteri|门槛|验收|阈值", re.IGNORECASE)
#: A calendar date as a record writes it: 2026-11-12, 2026/11/12 or 2026年11月12日.
DATE = re.compile(r"(?<!\d)(\d{4})(?:[-/](\d{1,2})[-/](\d{1,2})|年(\d{1,2})月(\d{1,2})日)(?!\d)")


def _dates(text: str) -> list[dt.date]:
    out = []
    for match in DATE.finditer(text):
        year, month, day = match.group(1), match.group(2) or match.group(4), match.group(3) or match.group(5)
        try:
            out.append(dt.date(int(year), int(month), int(day)))
        except ValueError:  # 2026-13-40 is no date
            continue
    return out


def targets_agreed_on(cfg: TestConfig) -> dt.date | None:
    """The day the test record says the gate targets were agreed: the earliest date, no later than the report's date,
    in an [environment] line about the gate targets; None where no such line gives one (the targets are then
    undated)."""
    found = [
        day
        for label, text in cfg.environment
        if GATES_LINE.search(f"{label} {text}")
        for day in _dates(text)
        if day <= cfg.date
    ]
    return min(found, default=None)
