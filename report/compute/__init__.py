"""Computing every figure of the report from a validated joint test: pure, no I/O, plain frozen values."""

from __future__ import annotations

from report.compute.asynchronous import _async, _async_sides, _cluster, _node_local, min_interval_steps
from report.compute.audit import _audit, _economics, _lifecycle, _save_span, _scale
from report.compute.figures import (
    FAR_EXTRAPOLATION,
    SIDES,
    Async,
    AsyncSide,
    Audit,
    AuditSide,
    Bandwidth,
    BandwidthSide,
    Bubble,
    BubbleSide,
    Cluster,
    ClusterSide,
    Economics,
    Fit,
    Gate,
    Lifecycle,
    Load,
    LoadModel,
    LoadSide,
    Metrics,
    NextSteps,
    NodeLocal,
    NodeShare,
    OtherSave,
    Projection,
    ProjectionSide,
    Reliability,
    ReliabilitySide,
    RunsShort,
    Save,
    SaveSide,
    Scale,
    ScaleSide,
    Sensitivity,
    TwoSided,
    Verdict,
    WrittenFit,
)
from report.compute.gates import _gates, _next_steps, _verdict
from report.compute.loads import _load
from report.compute.projections import _feasibility, _fit, _projection, predict
from report.compute.reliability import _break_even_steps, _reliability
from report.compute.saves import _bandwidth, _other_saves, _save, _saves_and_bubble, _step_time
from report.compute.sensitivity import SENSITIVITY_POINTS, SENSITIVITY_SPAN, _sensitivity
from report.inputs.joint_test import JointTest
from report.problems import InvalidInput
from report.schema import SCHEMA_VERSION


def compute(test: JointTest) -> Metrics:
    """All figures of the contract (and the report's extras) for a validated joint test."""
    config = test.config
    names = {"baseline": config.systems.save_baseline, "candidate": config.systems.candidate}
    save = _save(test.saves, names, config.training.model)
    async_sides, save, bubble = _saves_and_bubble(test, save)
    fits = {side: _fit(test.saves, names[side]) for side in SIDES}
    projections = tuple(_projection(spec, fits, bubble.saves) for spec in config.projections)
    problems = _feasibility(test, bubble, projections)
    if problems:
        raise InvalidInput(problems)
    if async_sides is None:  # sync mode: the what-if at the step time the bubble gives, now known to be above zero
        step = bubble.compute_s / bubble.total_steps
        async_sides = _async_sides(test, save, step, config.training.checkpoint_interval_steps * step)
    bandwidth = _bandwidth(test.bandwidth, names)
    load = _load(test.loads, config.systems.load_baseline, config.systems.candidate, config.gates.max_cv_pct)
    gates = _gates(test, save, bubble)
    step = _step_time(test, bubble)
    reliability = _reliability(test, save, bubble, async_sides, step)
    return Metrics(
        schema_version=SCHEMA_VERSION,
        checkpoint_mode=config.training.checkpoint_mode,
        not_durable=tuple(side for side in SIDES if names[side] in config.systems.not_durable),
        inputs_illustrative=config.illustrative,
        save=save,
        bandwidth=bandwidth,
        bubble=bubble,
        projections=projections,
        fits=fits,
        load=load,
        gates=gates,
        verdict=_verdict(gates),
        next_steps=_next_steps(test, save),
        reliability=reliability,
        audit=_audit(save, bandwidth, projections),
        lifecycle=_lifecycle(save, bubble, load),
        scale=_scale(test, save, bubble, reliability, async_sides),
        economics=_economics(config.economics, save, bubble, reliability),
        sensitivity=_sensitivity(
            save, bubble, async_sides, config.training.checkpoint_mode, step, config.gates.target_duration_reduction_pct
        ),
        inputs={name: test.sha256[name] for name in test.raw},  # in the inputs' canonical order
        async_=_async(test, async_sides, bubble, reliability.interval_s, reliability.step_time_s),
        cluster=_cluster(save, bandwidth, bubble, reliability.interval_s),
        node_local=_node_local(test, save, bandwidth, bubble, reliability.interval_s),
        other_saves=_other_saves(test.saves, names, config.training.model),
        save_span=_save_span(test, save, bandwidth),
        break_even_steps=_break_even_steps(test, save, reliability, async_sides),
    )


# What other modules import from report.compute (the figures, the constants, the pure helpers).
__all__ = [
    "FAR_EXTRAPOLATION",
    "SCHEMA_VERSION",
    "SENSITIVITY_POINTS",
    "SENSITIVITY_SPAN",
    "SIDES",
    "Async",
    "AsyncSide",
    "Audit",
    "AuditSide",
    "Bandwidth",
    "BandwidthSide",
    "Bubble",
    "BubbleSide",
    "Cluster",
    "ClusterSide",
    "Economics",
    "Fit",
    "Gate",
    "Lifecycle",
    "Load",
    "LoadModel",
    "LoadSide",
    "Metrics",
    "NextSteps",
    "NodeLocal",
    "NodeShare",
    "OtherSave",
    "Projection",
    "ProjectionSide",
    "Reliability",
    "ReliabilitySide",
    "RunsShort",
    "Save",
    "SaveSide",
    "Scale",
    "ScaleSide",
    "Sensitivity",
    "TwoSided",
    "Verdict",
    "WrittenFit",
    "compute",
    "min_interval_steps",
    "predict",
]
