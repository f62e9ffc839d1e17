"""Sentences that carry the findings they state: plain text for every reader, each finding's id and scope as data.

A finding (report/compute/findings.py) is decided once, with its scope: which sides, runs, models or pairs it holds
for. The words that state it are wrapped in `said(finding, text)`; the HTML prints them inside a span whose data
attributes give the finding's id and scope, so that a test reads what a sentence claims without parsing prose. A
`Spoken` is a str (its plain text), so every other reader of the text (the PDF, the tests, the Chinese style checks)
sees no difference; `+` keeps the marks (Python asks a str subclass first), `str.format` and `join` do not: use `fill`
and `spoken`.
"""

from __future__ import annotations

from dataclasses import dataclass

from report.compute.findings import Finding


@dataclass(frozen=True)
class Said:
    """The words that state one finding."""

    text: str
    finding: Finding


class Spoken(str):
    """A text made of plain parts and the words of findings (`Said`); its str value is the plain text."""

    parts: tuple[str | Said, ...]

    def __new__(cls, parts: tuple[str | Said, ...]) -> Spoken:
        flat: list[str | Said] = []
        for part in parts:
            if isinstance(part, Spoken):
                flat.extend(part.parts)
            elif isinstance(part, Said) or part:
                flat.append(part)
        text = str.__new__(cls, "".join(p.text if isinstance(p, Said) else str(p) for p in flat))
        text.parts = tuple(flat)
        return text

    def __add__(self, other: str) -> Spoken:
        return Spoken((self, other))

    def __radd__(self, other: str) -> Spoken:
        return Spoken((other, self))

    def said(self) -> tuple[Said, ...]:
        """The findings this text states, in order."""
        return tuple(p for p in self.parts if isinstance(p, Said))


def said(finding: Finding, text: str) -> Spoken:
    """`text`, marked as the words that state `finding`."""
    return Spoken((Said(str(text), finding),))


def spoken(*parts: str) -> str:
    """The parts joined: a `Spoken` when one of them states a finding, else the plain string."""
    if any(isinstance(p, Spoken) for p in parts):
        return Spoken(parts)
    return "".join(parts)


def fill(template: str, **fields: str) -> str:
    """`template.format(**fields)` that keeps the findings the fields state (a Spoken field stays marked)."""
    if not any(isinstance(v, Spoken) for v in fields.values()):
        return template.format(**fields)
    marks = {k: f"\ue000{i}\ue001" for i, k in enumerate(fields)}
    filled = template.format(**marks)
    out: list[str] = []
    for piece in filled.split("\ue000"):
        if "\ue001" in piece:
            index, rest = piece.split("\ue001", 1)
            out.extend((fields[list(fields)[int(index)]], rest))
        else:
            out.append(piece)
    return spoken(*out)
