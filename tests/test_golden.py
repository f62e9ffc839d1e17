"""Golden outputs: a fresh build of each joint test equals tests/golden/ (regenerate with `make golden`)."""

import difflib

import pytest

from tests.golden.regenerate import GOLDEN


@pytest.mark.parametrize("case", ["default", "repeated", "gates_fail", "economics", "white_paper_zh"])
def test_outputs_match_golden(case, request):
    built = request.getfixturevalue(f"{case}_built")
    for name, produced in (("metrics.json", built.metrics), ("report.html", built.html)):
        expected = (GOLDEN / case / name).read_bytes()
        if produced != expected:
            diff = difflib.unified_diff(
                expected.decode().splitlines(), produced.decode().splitlines(), lineterm="", n=1
            )
            pytest.fail(
                f"{case}/{name} differs from the golden copy (make golden if intended):\n" + "\n".join(list(diff)[:40])
            )
