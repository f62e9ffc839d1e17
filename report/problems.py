"""Problems found in a joint test, collected so that all of them are reported at once."""

from __future__ import annotations

import os
from dataclasses import dataclass


def escaped(text: str) -> str:
    """`text` with each character that is not printable (a line break, a tab, a terminal's escape, a bidirectional
    override, a no-break space) written as its Python escape (\\n, \\x1b, \\u202e): a name or a value quoted in a
    message can then neither start a line of its own nor rewrite one (issue 44, V4: a file name holding a newline and
    the words of verify's success line printed a line that began "...: verified")."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shown_path(path: os.PathLike | str | bytes) -> str:
    """A path as a message prints it: as it is where every character is printable, else in quotes with each other
    character escaped (Python's repr), so that it reads as one name."""
    text = os.fsdecode(path)
    return text if text.isprintable() else repr(text)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the input: where it is and what is wrong, in plain words."""

    file: str
    line: int | None
    where: str | None
    message: str

    def __str__(self) -> str:
        """One line: every part escaped (`escaped`), whatever the file's name or the quoted value holds."""
        file = escaped(self.file)
        location = file if self.line is None else f"{file}:{self.line}"
        text = f"{location}: {self.where}: {self.message}" if self.where else f"{location}: {self.message}"
        return escaped(text)


class InvalidInput(Exception):
    """The joint test cannot be reported on; `problems` says every reason found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
