"""What built a report: the generator's version and commit, Python's and the packages' versions."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from report import __version__

PACKAGES = (
    "jinja2",
    "matplotlib",
    "pandas",
    "numpy",
    "pyarrow",
    "weasyprint",
    "pydyf",
    "fonttools",
    "uharfbuzz",
    "scipy",
    "pypdf",
)
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Provenance:
    """Versions printed in the colophon."""

    generator: str  #: this package's version
    commit: str  #: git commit of the generator ("unknown" outside a checkout), "+changes" when modified
    python: str  #: Python version
    packages: tuple[tuple[str, str], ...]  #: (name, version) of the packages that build the report
    #: why the commit is "unknown" or "+unchecked" (said on standard error by build and verify); not recorded
    note: str = field(default="", compare=False)

    def to_dict(self) -> dict:
        """As metrics.json records it, so that verify can rebuild the report with the same colophon."""
        return {"version": self.generator, "commit": self.commit, "python": self.python, "packages": self.packages}

    @classmethod
    def from_dict(cls, value: object) -> Provenance | None:
        """The provenance metrics.json records, or None where it records none (or nothing of that shape)."""
        if not isinstance(value, dict):
            return None
        try:
            packages = tuple((str(name), str(version)) for name, version in value["packages"])
            return cls(str(value["version"]), str(value["commit"]), str(value["python"]), packages)
        except (KeyError, TypeError, ValueError):
            return None


UNKNOWN = "unknown"
UNCHECKED = "+unchecked"  #: the commit read from .git's files: whether report/ or templates/ changed is not known


def _commit() -> tuple[str, str]:
    """The generator's commit (12 hex digits, "+changes" when report/ or templates/ differ from it) and, where it is
    "unknown" or "+unchecked", why.

    git refuses a checkout owned by another user ("detected dubious ownership", CVE-2022-24765) unless told it is safe:
    a build by a colleague in a shared checkout recorded "unknown" without a word, and no verify could then name the
    commit (issue 44, W1). git is told this one checkout is safe (`-c safe.directory=`, for this command only): the
    refusal guards against running a stranger's repository settings, and the build already runs this checkout's own
    code; the settings that run commands during `status` (core.fsmonitor) are switched off all the same. Where git
    cannot run at all, the commit is read from .git's files, unchecked.
    """
    top = _checkout_top(ROOT)
    if top is None:
        return UNKNOWN, f"{ROOT} is not a git checkout (a copy or an installed package), so no commit can be recorded"
    git = ["git", "-c", f"safe.directory={top}", "-c", "core.fsmonitor=false", "-C", str(ROOT)]
    # GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE... of the caller's environment (a hook's, a script's) would point git
    # at another repository, whose commit the report would record: git finds this checkout's own
    env = {name: value for name, value in os.environ.items() if not name.startswith("GIT_")}
    try:
        head = subprocess.run(
            [*git, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True, timeout=5, check=False, env=env
        )
        if head.returncode != 0:
            said = (head.stderr.strip().splitlines() or [f"status {head.returncode}"])[-1][:200]
            return UNKNOWN, f"git cannot read the commit of {top} ({said})"
        tracked = subprocess.run(
            [*git, "ls-files", "--", "report/provenance.py"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
            env=env,
        )
        if not tracked.stdout.strip():  # a copy inside another repository (a home folder kept in git)
            return UNKNOWN, f"{ROOT} is not a git checkout of the generator (git tracks none of its files in {top})"
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "--untracked-files=no", "--", "report", "templates"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
            env=env,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        read = _head_from_files(top) if top == ROOT else None
        if read is None:
            return UNKNOWN, f"git cannot be run ({exc}) and {top}/.git does not say the commit"
        return read + UNCHECKED, (
            f"git cannot be run ({exc}): the commit was read from {top}/.git, but whether report/ or templates/ were"
            " changed since could not be checked"
        )
    commit = head.stdout.strip()
    if dirty.returncode != 0:
        return commit + UNCHECKED, f"git cannot tell whether report/ or templates/ were changed ({dirty.stderr[:200]})"
    return (f"{commit}+changes" if dirty.stdout.strip() else commit), ""


def _checkout_top(start: Path) -> Path | None:
    """The folder holding the .git (a folder, or a worktree's file) that `start` lies in, or None."""
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def _head_from_files(top: Path) -> str | None:
    """HEAD's commit read from .git's own files (HEAD, then the branch's ref or packed-refs), 12 hex digits."""
    import re

    git_dir = top / ".git"
    try:
        if git_dir.is_file():  # a worktree: "gitdir: PATH"
            git_dir = (top / git_dir.read_text().partition("gitdir:")[2].strip()).resolve()
        head = (git_dir / "HEAD").read_text().strip()
        if head.startswith("ref:"):
            ref = head.partition("ref:")[2].strip()
            if not ref.startswith("refs/") or ".." in ref.split("/"):
                return None  # no branch's ref: nothing outside .git is read
            path = git_dir / ref
            if path.is_file():
                head = path.read_text().strip()
            else:
                packed = (git_dir / "packed-refs").read_text()
                found = re.search(rf"^([0-9a-f]{{40,64}}) {re.escape(ref)}$", packed, re.MULTILINE)
                head = found.group(1) if found else ""
    except (OSError, ValueError):
        return None
    return head[:12] if re.fullmatch(r"[0-9a-f]{40,64}", head) else None


def warning(prov: Provenance) -> str | None:
    """What a build says on standard error where the commit it records is not a plain commit of the generator."""
    if not prov.note:
        return None
    if prov.commit == UNKNOWN:
        return (
            f"warning: {prov.note}; the report records the generator's commit as unknown, so verify will not be able"
            " to name the commit that built it"
        )
    return f"warning: {prov.note}; the report records commit {prov.commit}"


def collect() -> Provenance:
    """The provenance of this process."""
    # Imported here: the worker only receives a Provenance (unpickled), and these cost it 0.03 s on its way to the HTML.
    import platform
    from importlib import metadata

    versions = []
    for name in PACKAGES:
        try:
            versions.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            continue
    commit, note = _commit()
    return Provenance(__version__, commit, platform.python_version(), tuple(versions), note)
