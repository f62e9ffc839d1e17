"""The pipeline, stage by stage: load, compute, draw, build the context, render, write."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from report import charts, context, output, provenance, render
from report.compute import Metrics, compute
from report.load import JointTest, load


@dataclass(frozen=True)
class Built:
    """The three outputs of one build, as bytes."""

    html: bytes
    pdf: bytes
    metrics: bytes


def metrics_json(metrics: Metrics) -> bytes:
    """metrics.json: every figure unrounded, never NaN or infinity."""
    return (json.dumps(metrics.to_dict(), indent=2, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")


def build_outputs(test: JointTest, prov: provenance.Provenance) -> Built:
    """Compute, draw and render a validated joint test (raises InvalidInput for impossible figures)."""
    metrics = compute(test)
    drawn = charts.draw_all(metrics, test.bandwidth)
    ctx = context.build(test, metrics, drawn, prov)
    html = render.render_html(ctx)
    metrics_bytes = metrics_json(metrics)
    pdf = render.render_pdf(html, ctx, {**test.raw, render.METRICS_NAME: metrics_bytes})
    return Built(html.encode("utf-8"), pdf, metrics_bytes)


def build(data_dir: Path, out_dir: Path) -> Built:
    """The whole pipeline: nothing is written unless every stage succeeded."""
    built = build_outputs(load(data_dir), provenance.collect())
    output.write_all(out_dir, {"report.html": built.html, "report.pdf": built.pdf, "metrics.json": built.metrics})
    return built
