"""Field test 5's wording (m8, m10): no "a save every 1 steps or fewer", no "1 sample at the start of run 2 are",
and the appendix says why a 10-second fio run shows 9 samples spanning 0-8 s."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType

from report import i18n
from report.compute import compute
from report.compute.findings import Findings
from report.inputs.joint_test import read_joint_test
from report.wording import changes, said
from report.wording.base import Words
from tests.conftest import PROVENANCE
from tests.sections.helpers import build, section

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fio-local"


def _words(folder: Path) -> Words:
    test = read_joint_test(folder)
    return Words(test, compute(test), {}, PROVENANCE)


def _every_step(w: Words) -> Words:
    """w with G4 passing only at an interval of one step."""
    found = w.findings.get("g4_out_of_reach")
    assert found is not None
    figures = MappingProxyType({**found.figures, "passing_interval_steps": 1})
    changed = dataclasses.replace(found, figures=figures)
    w.findings = Findings(tuple(changed if f is found else f for f in w.findings))
    return w


def test_an_interval_of_one_step_is_a_save_at_every_step():
    w = _every_step(_words(EXAMPLE))
    for language, every, never in (
        ("en", "a save at every step", "every 1 steps"),
        ("zh-CN", "每一步都保存", "每 1 步"),
    ):
        with i18n.activate(language):
            change = changes._change(w, "shorter_interval")
            reach = said.g4_out_of_reach(w, w.findings.get("g4_out_of_reach"))
        assert every in change and never not in change
        assert never not in reach and ("at every step" in reach or "每一步都保存" in reach)


def test_one_sample_is_below_the_median_in_the_singular(folder):
    data = folder("data")
    rows = "".join(f"Local NVMe (single drive),2,{t},{1.0 if t == 0 else 3.25}\n" for t in range(60))
    with (data / "bandwidth.csv").open("a") as csv:
        csv.write(rows)  # a second run whose first sample alone is slow; run 1 opens at its rate
    with i18n.activate("en"):
        ctx, _m = build(data)
    text = repr(section(ctx, "bandwidth"))
    assert "1 sample at the start of run 2 are" not in text
    assert "1 sample at the start of run 2 is below 90% of its run's median, and the other runs open" in text


def test_the_appendix_says_why_fio_windows_span_one_window_less():
    with i18n.activate("en"):
        ctx, _m = build(EXAMPLE)
    note = next(b.note for b in section(ctx, "raw").blocks if getattr(b, "id", "") == "raw-bandwidth")
    assert "N windows of W seconds span (N − 1) × W seconds and cover N × W" in note
    with i18n.activate("en"):
        ctx, _m = build(Path(__file__).resolve().parents[2] / "data")
    note = next(b.note for b in section(ctx, "raw").blocks if getattr(b, "id", "") == "raw-bandwidth")
    assert "windows" not in note  # typed samples: no fio windows to explain
