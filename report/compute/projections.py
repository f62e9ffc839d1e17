"""Save-time fits, projections to other snapshot sizes and the inputs' feasibility."""

from __future__ import annotations

import re

import pandas as pd

from report import stats
from report.bounds import MAX_RUN_S
from report.compute.figures import SIDES, Bubble, Fit, Projection, ProjectionBasis, SaveSide
from report.compute.nodes import nodes, share
from report.inputs.joint_test import JointTest
from report.problems import Problem


def line_fit(frame: pd.DataFrame, system: str, gpus_per_node: int | None = None) -> Fit:
    """One system's save time against snapshot size, over all its save rows: a least-squares line, or proportional
    for one size (distinct sizes compared exactly). With `gpus_per_node` (a system local to each node, settled point
    5) the size is each node's part, snapshot_gb × share(the row's gpus)."""
    rows = frame[frame["system"] == system]
    sizes = tuple(float(v) for v in rows["snapshot_gb"])
    times = tuple(float(v) for v in rows["save_s"])
    gpus = tuple(sorted({int(v) for v in rows["gpus"]}))
    if gpus_per_node is not None:
        sizes = tuple(size * share(int(g), gpus_per_node) for size, g in zip(sizes, rows["gpus"], strict=True))
    if len(set(sizes)) == 1:
        return Fit(sizes, times, gpus, 0.0, stats.mean(times) / sizes[0], "proportional")
    a, b = stats.least_squares(sizes, times)
    return Fit(sizes, times, gpus, a, b, "least_squares")


def predict(fit: Fit, size_gb: float) -> float:
    """The projected save time at `size_gb`."""
    if fit.method == "proportional":
        return stats.mean(fit.times_s) * size_gb / fit.sizes_gb[0]
    return fit.intercept_s + fit.slope_s_per_gb * size_gb


def projection(
    spec, fits: dict[str, Fit], default_saves: int, node_fits: dict[str, Fit] | None = None, gpus_per_node: int = 8
) -> Projection:
    """The save times test.toml's [[projection]] asks for, from both sides' fits: a side with a node fit (local to
    each node) at snapshot_gb × share(the projection's gpus), the others at snapshot_gb (settled point 5)."""
    node_fits = node_fits or {}

    def at(side: str) -> float:
        if side in node_fits:  # parse_config requires gpus whenever a save system is node-local
            return predict(node_fits[side], spec.snapshot_gb * share(spec.gpus, gpus_per_node))
        return predict(fits[side], spec.snapshot_gb)

    b, c = at("baseline"), at("candidate")
    saves = spec.saves if spec.saves is not None else default_saves
    measured = max(max(fits[s].sizes_gb) for s in SIDES)
    return Projection(
        name=spec.name,
        snapshot_gb=spec.snapshot_gb,
        saves=saves,
        baseline_s=b,
        candidate_s=c,
        saved_per_save_s=b - c,
        saved_total_s=saves * (b - c),
        extrapolation=spec.snapshot_gb / measured,
        measured_size=all(spec.snapshot_gb in fits[s].sizes_gb for s in SIDES),
        gpus=spec.gpus,
        nodes=None if spec.gpus is None else nodes(spec.gpus, gpus_per_node),
    )


#: A GPU count stated in a projection's name ("70B on 64 GPUs", "70B，64 块 GPU", "512 卡", "64 块加速卡", "128 GB300
#: GPUs", "512 Max 1550 GPUs"): a number that is not the tail of a model name ("GB300", "H100": cold read 17, V-M3,
#: "names 300 GPUs"), then at most one model name with a digit, joined ("GB300") or a word and its number ("Max 1550",
#: "Gaudi 3": cold read 19, AA-B1, "names 1,550 cards"), then the unit.
NAMED_GPUS = re.compile(
    r"(?<![A-Za-z0-9.,])(\d[\d,]*)\s*(?:(?:[A-Za-z]+\d[\w-]*|[A-Za-z]+\s+\d[\w-]*)\s+)?"
    r"(?:GPUs?\b|块\s*(?:GPU|加速卡|卡)|卡)",
    re.IGNORECASE,
)
#: A capitalised word just before a number makes the number a model's ("Max 1550", "Gaudi 3"), unless it is a word a
#: name starts with ("On 64 GPUs").
_MODEL_WORD_BEFORE = re.compile(r"(?<![A-Za-z])(?!(?:On|At|With|For|To|In)\s$)[A-Z][A-Za-z]*\s$")


def named_gpus(name: str) -> int | None:
    """The GPU count a projection's name states (the first, when it states several), None when it states none."""
    for found in NAMED_GPUS.finditer(name):
        if _MODEL_WORD_BEFORE.search(name[: found.start()]):
            continue
        value = int(found.group(1).replace(",", ""))
        return value if value > 0 else None
    return None


def basis(
    p: Projection, fits: dict[str, Fit], node_fits: dict[str, Fit], gpus_per_node: int, measured: SaveSide
) -> ProjectionBasis:
    """What the projection's times stand on: each side's evaluated size (a node's part for a side local to each node,
    settled point 5), the GPU count the times are at (the projection's gpus, else the rows' counts the fits take) and
    the checkpoint per GPU there, beside what a GPU held in this test and what the name's GPU count would hold."""
    sizes = {
        side: p.snapshot_gb * share(p.gpus, gpus_per_node) if side in node_fits and p.gpus else p.snapshot_gb
        for side in SIDES
    }
    used = (p.gpus,) if p.gpus is not None else tuple(sorted({g for side in SIDES for g in fits[side].gpus}))
    named = named_gpus(p.name)
    return ProjectionBasis(
        name=p.name,
        size_gb=sizes,
        gpus_used=used,
        per_gpu_gb=p.snapshot_gb / used[0] if len(used) == 1 else None,
        measured_per_gpu_gb=measured.snapshot_gb / measured.gpus,
        named_gpus=named,
        named_per_gpu_gb=None if named is None else p.snapshot_gb / named,
    )


def _beyond_any_run(test: JointTest, bubble: Bubble, projections: tuple[Projection, ...]) -> list[Problem]:
    """Keys each within its bounds (report/bounds.py) that make a run no training run is: its saves and compute, or a
    projection's saves, longer than MAX_RUN_S (31 years). Its figures printed 15-digit numbers whose chart labels ran
    into each other (attacks-5 A03, A04)."""
    from report.inputs.toml_reader import KeyLines

    try:
        lines = KeyLines(test.raw["test.toml"].decode("utf-8-sig"))
    except (KeyError, UnicodeDecodeError):
        lines = KeyLines("")
    t, problems = test.config.training, []
    longest = max(bubble.baseline_duration_s, bubble.candidate_duration_s)
    if bubble.compute_s > 0 and longest > MAX_RUN_S:
        key = "baseline_duration_s" if t.baseline_duration_s is not None else "step_time_s"
        message = (
            f"the run's {bubble.saves:,} saves and {bubble.compute_s:.3g} s of compute take {longest:.3g} s, beyond"
            f" any training run (at most {MAX_RUN_S:g} s): look for a number far beyond any measurement"
        )
        problems.append(Problem("test.toml", lines.of("training", key), f"training.{key}", message))
    beyond = [(i, p) for i, p in enumerate(projections) if p.saves * max(p.baseline_s, p.candidate_s) > MAX_RUN_S]
    for index, p in beyond[:10]:
        save = max(p.baseline_s, p.candidate_s)
        message = (
            f'"{p.name}": {p.saves:,} saves of {save:.3g} s take {p.saves * save:.3g} s, beyond any training run (at'
            f" most {MAX_RUN_S:g} s)"
        )
        line = lines.of("projections", "snapshot_gb", index)
        problems.append(Problem("test.toml", line, f"projections[{index + 1}].snapshot_gb", message))
    if len(beyond) > 10:
        problems.append(Problem("test.toml", None, "projections", f"{len(beyond) - 10} more projections like these"))
    return problems


def infeasible(test: JointTest, bubble: Bubble, projections: tuple[Projection, ...]) -> list[Problem]:
    """Inputs that are each valid but together describe something impossible."""
    problems = []
    t = test.config.training
    if not bubble.compute_s > 0:
        key = "baseline_duration_s" if t.baseline_duration_s is not None else "step_time_s"
        message = (
            f"the run's {bubble.saves} baseline saves alone take {bubble.baseline_save_total_s:g} s,"
            f" which leaves no compute time in a baseline duration of {bubble.baseline_duration_s:g} s"
        )
        problems.append(Problem("test.toml", None, f"training.{key}", message))
    problems += _beyond_any_run(test, bubble, projections)
    for index, p in enumerate(projections, start=1):
        for side, value in (("baseline", p.baseline_s), ("candidate", p.candidate_s)):
            if not value > 0:
                message = (
                    f'"{p.name}": the {side} save time projected to {p.snapshot_gb:g} GB is {value:.4g} s;'
                    " a save time must be above zero (the fitted line through the measured sizes falls below zero)"
                )
                problems.append(Problem("test.toml", None, f"projections[{index}].snapshot_gb", message))
    return problems
