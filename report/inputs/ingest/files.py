"""Finding an import's files: globs matched inside the joint-test folder, never a path outside it."""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from report.problems import Problem

CONFIG = "test.toml"


def pattern_problem(pattern: str) -> str | None:
    """Why a pattern may not be used (absolute, or climbing out with ..), or None."""
    if pattern.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", pattern):
        return f'"{pattern}" is an absolute path; give paths inside the joint-test folder'
    if ".." in re.split(r"[/\\]", pattern):
        return f'"{pattern}" climbs out of the joint-test folder with ".."'
    return None


@lru_cache(maxsize=256)
def _part_regex(part: str) -> re.Pattern:
    return re.compile(fnmatch.translate(part))


def matches(pattern: str, name: str) -> bool:
    """Whether a POSIX path matches a glob: `*`, `?` and `[...]` within one folder, `**` across folders."""
    return _match(tuple(p for p in pattern.split("/") if p not in ("", ".")), tuple(name.split("/")))


def _leads_into(pattern: str, folder: str) -> bool:
    """Whether a pattern would look inside `folder` (a symlinked directory): its leading parts match the folder's."""
    parts = tuple(p for p in pattern.split("/") if p not in ("", "."))
    depth = len(folder.split("/"))
    if "**" in parts[:depth]:
        return True
    return len(parts) > depth and _match(parts[:depth], tuple(folder.split("/")))


def _match(pattern: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    if not pattern:
        return not parts
    if pattern[0] == "**":
        return any(_match(pattern[1:], parts[i:]) for i in range(len(parts) + 1))
    return bool(parts) and bool(_part_regex(pattern[0]).match(parts[0])) and _match(pattern[1:], parts[1:])


@dataclass
class Listing:
    """The files a glob may match (POSIX paths inside the folder) and those that lead outside it."""

    names: tuple[str, ...]
    outside: frozenset[str] = field(default_factory=frozenset)
    partial: bool = False  #: only the files a report carries, not the whole folder
    loops: frozenset[str] = field(default_factory=frozenset)  #: symlinks that lead, in the end, back to themselves
    #: the bytes of a listed file (None where it cannot be read): a refusal may look at the files beside a matched one
    read: Callable[[str], bytes | None] = field(default=lambda _name: None, compare=False, repr=False)

    def glob(self, pattern: str) -> tuple[list[str], list[str]]:
        """The files the pattern matches, and the matches that lead outside the folder."""
        inside = [n for n in self.names if matches(pattern, n)]
        bad = self.outside | self.loops
        return inside, sorted(n for n in bad if matches(pattern, n) or _leads_into(pattern, n))


class FolderFiles:
    """The files of a joint-test folder, read only where they stay inside it."""

    def __init__(self, folder: Path):
        self.root = folder.resolve()
        names, outside, loops = [], set(), set()
        for top, dirs, files in os.walk(self.root):
            for entry in sorted(dirs + files):
                path = Path(top) / entry
                name = path.relative_to(self.root).as_posix()
                target = _target(path)
                if target is None:
                    loops.add(name)
                elif target != path and not target.is_relative_to(self.root):
                    outside.add(name)
                elif entry in files and path.is_file():
                    names.append(name)
            dirs[:] = [d for d in dirs if not (Path(top) / d).is_symlink()]
        self.listing = Listing(tuple(sorted(names)), frozenset(outside), loops=frozenset(loops), read=self.read)

    def read(self, name: str) -> bytes | None:
        """The bytes of a file inside the folder, or None when there is no such file (or it leads outside)."""
        path = self.root / name
        try:
            if not path.resolve().is_relative_to(self.root) or not path.is_file():
                return None
        except (RuntimeError, OSError):  # a loop of symlinks: listed as such, never read
            return None
        return path.read_bytes()


def _target(path: Path) -> Path | None:
    """Where a folder entry leads (itself unless a symlink), or None for a loop of symlinks."""
    if not path.is_symlink():
        return path
    try:
        return path.resolve(strict=True)
    except (RuntimeError, OSError):  # a loop (RuntimeError before Python 3.13) or a dangling link
        return None if _loops(path) else path.resolve()


def _loops(path: Path) -> bool:
    try:
        path.resolve()
    except (RuntimeError, OSError):
        return True
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == 40  # ELOOP
    return False


class AttachedFiles:
    """Files already read (e.g. a report's attachments), standing in for the folder."""

    def __init__(self, files: Mapping[str, bytes]):
        self._files = files
        self.listing = Listing(tuple(sorted(n for n in files if n != CONFIG)), partial=True, read=self.read)

    def read(self, name: str) -> bytes | None:
        """The bytes of a file, or None."""
        return self._files.get(name)


def glob_problem(
    line: int, pattern: str, outside: list[str], matched: list[str], loops: frozenset[str] = frozenset()
) -> Problem | None:
    """The test.toml problem of one pattern, if any."""
    if (why := pattern_problem(pattern)) is not None:
        return Problem(CONFIG, line, "import.files", why)
    if loop := [n for n in outside if n in loops]:
        why = f'"{loop[0]}" is a loop of symbolic links (it leads, in the end, back to itself)'
        return Problem(CONFIG, line, "import.files", why)
    if outside:
        return Problem(
            CONFIG, line, "import.files", f'"{outside[0]}" is a symlink leading out of the joint-test folder'
        )
    if not matched:
        return Problem(CONFIG, line, "import.files", f'"{pattern}" matches no file in the joint-test folder')
    return None
