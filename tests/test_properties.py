"""Property-based: random damage to a valid joint test either builds or fails with located messages, never a crash."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from report.compute import compute
from report.inputs.files import INPUTS
from report.inputs.joint_test import parse
from report.problems import InvalidInput
from tests.conftest import DATA

INPUT_FILES = tuple(f.name for f in INPUTS if (DATA / f.name).exists())  # restore_times.csv is optional
RAW = {name: (DATA / name).read_bytes() for name in INPUT_FILES}
LOCATED = re.compile(r"^(test\.toml|save_times\.csv|bandwidth\.csv|load_times\.csv|restore_times\.csv)(:\d+)?: .+")


@st.composite
def damaged(draw):
    name = draw(st.sampled_from(INPUT_FILES))
    data = bytearray(RAW[name])
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["replace", "delete", "insert"]))
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        byte = draw(st.sampled_from(b',\n"-.0123456789xe \r\xff='))
        if kind == "replace" and data:
            data[at] = byte
        elif kind == "delete" and data:
            del data[at]
        else:
            data.insert(at, byte)
    return {**RAW, name: bytes(data)}


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damage_builds_or_is_located(files):
    try:
        metrics = compute(parse(files)).to_dict()
    except InvalidInput as exc:
        assert exc.problems
        for problem in exc.problems:
            assert LOCATED.match(str(problem)), str(problem)
    else:
        assert metrics["save"]["speedup"] > 0
