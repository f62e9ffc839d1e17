"""Regenerate the golden outputs: `make golden`. Do it only when a change to the report is intended, and review the diff."""

from __future__ import annotations

from report.inputs.joint_test import read_joint_test
from report.pipeline.stages import build_outputs
from tests.conftest import PROVENANCE
from tests.golden import CASES, write


def main() -> None:
    for name, (folder, language) in CASES.items():
        built = build_outputs(read_joint_test(folder), PROVENANCE, language)
        print(f"wrote {write(name, built.metrics, built.html)}")


if __name__ == "__main__":
    main()
