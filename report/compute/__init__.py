"""Computing every figure of the report from a validated joint test: pure, no I/O, plain frozen values."""

from __future__ import annotations

from dataclasses import replace

from report.compute.asynchronous import async_figures, async_sides_at, cluster, min_interval_steps, node_local
from report.compute.audit import bandwidth_audit, economics, lifecycle, save_span, scale
from report.compute.figures import (
    FAR_EXTRAPOLATION,
    SIDES,
    Async,
    AsyncSide,
    Audit,
    AuditRow,
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
    GatesReach,
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
    WithoutOutliers,
    WrittenFit,
)
from report.compute.gates import evaluated_gates, next_steps, verdict, without_outliers
from report.compute.loads import load_times
from report.compute.nodes import node_local_sides, nodes
from report.compute.projection_reach import beyond_sides
from report.compute.projections import basis, infeasible, line_fit, predict, projection
from report.compute.reach import gates_reach
from report.compute.reliability import (
    break_even_steps,
    break_even_upper_steps,
    flip_mtbf_hours,
    optima_gain_ratio_without_outliers,
    reliability_figures,
    retune_without_outliers,
)
from report.compute.saves import bandwidth_figures, other_saves, save_times, saves_and_bubble, step_time
from report.compute.scaling import with_projections
from report.compute.scaling_figures import ScaledGbps, Scaling, ScalingPoint, ScalingSide, Usl
from report.compute.sensitivity import SENSITIVITY_POINTS, SENSITIVITY_SPAN, sensitivity_grid
from report.inputs.joint_test import JointTest
from report.problems import InvalidInput
from report.schema import SCHEMA_VERSION


def compute(test: JointTest) -> Metrics:
    """All figures of the contract (and the report's extras) for a validated joint test."""
    config = test.config
    names = {"baseline": config.systems.save_baseline, "candidate": config.systems.candidate}
    save = save_times(test.saves, names, config.training.model)
    async_sides, save, bubble = saves_and_bubble(test, save)
    fits = {side: line_fit(test.saves, names[side]) for side in SIDES}
    per_node, local = config.gpus_per_node, node_local_sides(test)
    node_fits = {side: line_fit(test.saves, names[side], per_node) for side in local}
    projections = tuple(projection(spec, fits, bubble.saves, node_fits, per_node) for spec in config.projections)
    problems = infeasible(test, bubble, projections)
    if problems:
        raise InvalidInput(problems)
    if async_sides is None:  # sync mode: the what-if at the step time the bubble gives, now known to be above zero
        step = bubble.compute_s / bubble.total_steps
        async_sides = async_sides_at(test, save, step, config.training.checkpoint_interval_steps * step)
    bandwidth = bandwidth_figures(test.bandwidth, names)
    scaling, projections = with_projections(test, save, bandwidth, projections)
    systems, gates_spec = config.systems, config.gates
    load = load_times(test.loads, systems.load_baseline, systems.candidate, gates_spec.max_cv_pct, gates_spec.min_runs)
    gates = evaluated_gates(test, save, bubble)
    step = step_time(test, bubble)
    reliability = reliability_figures(test, save, bubble, async_sides, step)
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
        verdict=verdict(gates),
        next_steps=next_steps(test, save),
        reliability=reliability,
        audit=bandwidth_audit(test, save, bandwidth, projections),
        lifecycle=lifecycle(save, bubble, load),
        scale=scale(test, save, bubble, reliability, async_sides),
        economics=economics(config.economics, save, bubble, reliability),
        sensitivity=sensitivity_grid(
            save, bubble, async_sides, config.training.checkpoint_mode, step, config.gates.target_duration_reduction_pct
        ),
        inputs={name: test.sha256[name] for name in test.raw},  # in the inputs' canonical order
        async_=async_figures(test, async_sides, bubble, reliability.interval_s, reliability.step_time_s),
        cluster=cluster(save, bandwidth, bubble, reliability.interval_s, local),
        scaling=scaling,
        gates_reach=gates_reach(
            config.training.checkpoint_mode,
            save,
            bubble,
            async_sides,
            reliability.step_time_s,
            gates_spec.target_duration_reduction_pct,
        ),
        without_outliers=without_outliers(test, save, bubble, async_sides, reliability.interval_s),
        nodes=nodes(save.baseline.gpus, per_node),
        node_local=node_local(test, save, bandwidth, bubble, reliability.interval_s),
        node_fits=node_fits,
        projection_bases=tuple(
            replace(
                basis(p, fits, node_fits, per_node, save.baseline),
                unmeasured=beyond_sides(p, fits, scaling, local, per_node),
            )
            for p in projections
        ),
        other_saves=other_saves(test.saves, names, config.training.model),
        save_span=save_span(test, save, bandwidth),
        break_even_steps=break_even_steps(test, save, reliability, async_sides),
        break_even_upper_steps=break_even_upper_steps(test, save, reliability, async_sides),
        flip_mtbf_hours=flip_mtbf_hours(test, save, reliability, async_sides),
        flip_edge_mtbf_hours=flip_mtbf_hours(test, save, reliability, async_sides, edge=True),
        retune_without_outliers=retune_without_outliers(test, save, reliability),
        optima_gain_ratio_without_outliers=optima_gain_ratio_without_outliers(test, save, reliability),
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
    "AuditRow",
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
    "GatesReach",
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
    "ScaledGbps",
    "Scaling",
    "ScalingPoint",
    "ScalingSide",
    "Sensitivity",
    "TwoSided",
    "Usl",
    "Verdict",
    "WithoutOutliers",
    "WrittenFit",
    "compute",
    "min_interval_steps",
    "predict",
]
