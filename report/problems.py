"""Problems found in a joint test, collected so that all of them are reported at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the input: where it is and what is wrong, in plain words."""

    file: str
    line: int | None
    where: str | None
    message: str

    def __str__(self) -> str:
        location = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{location}: {self.where}: {self.message}" if self.where else f"{location}: {self.message}"


class InvalidInput(Exception):
    """The joint test cannot be reported on; `problems` says every reason found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
