"""docs/verify-and-sign.md's table of test.toml's bounds says what report/bounds.py holds, key by key."""

import re

from report.bounds import TOML_BOUNDS
from tests.conftest import ROOT


def test_the_documented_bounds_are_the_code_s():
    page = (ROOT / "docs" / "verify-and-sign.md").read_text()
    section = page.split("## test.toml's numbers: bounds", 1)[1]
    documented = {}
    for keys, low, high in re.findall(r"^\| (`[^|]+`) \| ([^|]+) \| ([^|]+) \|$", section, re.MULTILINE):
        for key in re.findall(r"`([a-z_.]+)`", keys):
            documented[key] = (low.strip(), high.strip())
    expected = {
        key: (f"{low:g}", f"{high:g}{' ' + unit if unit else ''}") for key, (low, high, unit) in TOML_BOUNDS.items()
    }
    assert documented == expected
