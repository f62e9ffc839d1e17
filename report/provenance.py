"""What built a report: the generator's version and commit, Python's and the packages' versions."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
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

    def to_dict(self) -> dict:
        """As metrics.json records it, so that verify can rebuild the report with the same colophon."""
        return {"version": self.generator, "commit": self.commit, "python": self.python, "packages": self.packages}

    @classmethod
    def from_dict(cls, value: object) -> Provenance | None:
        """The provenance metrics.json records, or None where it records none (or nothing of that shape)."""
        try:
            packages = tuple((str(name), str(version)) for name, version in value["packages"])
            return cls(str(value["version"]), str(value["commit"]), str(value["python"]), packages)
        except (KeyError, TypeError, ValueError):
            return None


def _commit() -> str:
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no", "--", "report", "templates"],
            capture_output=True,
            text=True,
            timeout=5,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return f"{head}+changes" if dirty else head


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
    return Provenance(__version__, _commit(), platform.python_version(), tuple(versions))
