"""Regenerate the golden outputs: `make golden`. Do it only when a change to the report is intended, and review the diff."""

from __future__ import annotations

from report.build import build_outputs
from report.load import load
from tests.conftest import PROVENANCE
from tests.golden import CASES, write


def main() -> None:
    for name, (folder, language) in CASES.items():
        built = build_outputs(load(folder), PROVENANCE, language)
        print(f"wrote {write(name, built.metrics, built.html)}")


if __name__ == "__main__":
    main()
