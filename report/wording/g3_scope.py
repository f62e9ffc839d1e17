"""G3's pass scoped by the gate's own definition, the training model's saves, with the other workloads timed on both
systems that lie below its target said beside it (compute/counterpoints.py `g3_below_elsewhere`; cold read 15, S-M3;
Chinese reading 15, S major 4)."""

from __future__ import annotations

from report.compute.counterpoints import g3_below_elsewhere
from report.compute.figures import Gate, Metrics
from report.formatting import count, given, x3
from report.i18n import _, join_words
from report.inputs.config import TestConfig


def g3_scope(m: Metrics, target: float, brief: bool = False) -> str:
    """ " (for GLM-4.5-Air 106B alone, the workload it is defined on; 1.09× for “Qwen3-235B-A22B” on 160 GPUs, below
    the 1.8× target)", or "" where G3 does not pass or no other workload lies below its target. A ratio below 1 is said
    as the tiles say it, slower ("1.84× slower"). `brief`: the workload alone, where the speed tile beside the line
    gives the others' figures (page 2 holds one page, tests/fixtures/decision_page)."""
    below = g3_below_elsewhere(m, target)
    if not below:
        return ""
    if brief:
        return _(" (for {model} alone)").format(model=m.save.baseline.model)
    others = join_words(
        [
            (
                _("{ratio} for “{model}” on {gpus} GPUs")
                if o.ratio >= 1
                else _("{ratio} slower for “{model}” on {gpus} GPUs")
            ).format(model=o.model, gpus=count(o.gpus), ratio=x3(o.ratio if o.ratio >= 1 else 1 / o.ratio))
            for o in below
        ]
    )
    return _(" (for {model} alone, the workload it is defined on; {others}, below the {target}× target)").format(
        model=m.save.baseline.model, others=others, target=given(target)
    )


def g3_leaning(m: Metrics, cfg: TestConfig, g3: Gate) -> str:
    """When G3 is undecided but its point estimate is below the target: which way more runs would likely go."""
    target = cfg.gates.target_speedup
    if g3.status != "insufficient" or m.save.speedup >= target:
        return ""
    w = m.without_outliers
    if w is not None and w.speedup >= target:
        # the point estimate is below the target only with an outlying run: the verdict's note gives both, and which
        # way more runs go depends on that run (cold tests 6: "they would make G3 fail" where G3 passes without it)
        return ""
    return " " + _(
        "G3's point estimate is below the {target}× target: unless more runs move it, they would make G3 fail, not "
        "pass."
    ).format(target=given(target))
