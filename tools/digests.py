"""SHA-256 of the default report built in this process with the tests' fixed provenance (no Python version, commit or
package versions in the colophon): what must not change from one Python version to another on one machine.

    .venv/bin/python tools/digests.py      prints "name sha256" for report.pdf, report.html and metrics.json

.ci/run compares its output on Python 3.11 and 3.13.
"""

from __future__ import annotations

import hashlib
import sys

from report.inputs.joint_test import read_joint_test
from report.pipeline.stages import build_outputs
from tests.conftest import DATA, PROVENANCE


def main() -> int:
    built = build_outputs(read_joint_test(DATA), PROVENANCE)
    for name, data in (("report.pdf", built.pdf), ("report.html", built.html), ("metrics.json", built.metrics)):
        print(name, hashlib.sha256(data).hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
