"""Value of the time saved (only when test.toml prices GPU time)."""

from __future__ import annotations

from report.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.compute import Metrics
from report.config import EconomicsSpec
from report.formatting import (
    count,
    gb,
    given,
    num,
    s3,
    sig,
)
from report.i18n import _
from report.sections.base import Words
from report.sections.findings import demand_sentence

ID = "economics"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def _energy_rows(m: Metrics, spec: EconomicsSpec) -> tuple[tuple[str, str, str], ...]:
    """Energy beside value, when test.toml gives gpu_power_kw."""
    e = m.economics
    if e is None or e.energy_kwh_per_run is None:
        return ()
    return (
        (
            _("Energy per training run"),
            _("{kwh} kWh").format(kwh=sig(e.energy_kwh_per_run)),
            _("{time} × {gpus} GPUs × {power} kW × PUE {pue}").format(
                time=s3(m.bubble.time_saved_s),
                gpus=m.save.baseline.gpus,
                power=given(spec.gpu_power_kw),
                pue=given(spec.pue),
            ),
        ),
        (
            _("Energy per year"),
            _("{kwh} kWh").format(kwh=sig(e.energy_kwh_per_year)),
            _("× {runs} runs a year").format(runs=count(spec.runs_per_year)),
        ),
    )


def build(w: Words) -> Section | None:
    m, e = w.m, w.m.economics
    if e is None:
        return None
    spec = w.config.economics

    def money(value: float) -> str:
        # Three significant digits, never fewer whole ones: 3.67 USD a run is not "4 USD" (4 × 12 ≠ 44).
        return f"{sig(value)} {e.currency}"

    price = f"{num(spec.gpu_hour_price, 2)} {e.currency}"
    table = Table(
        "economics",
        _("Value of the time saved"),
        (Column(_("Figure"), False), Column(_("Value")), Column(_("How"), False)),
        (
            (
                _("Per training run"),
                money(e.value_per_run),
                _("{time} × {gpus} GPUs × {price} per GPU-hour").format(
                    time=s3(m.bubble.time_saved_s), gpus=m.save.baseline.gpus, price=price
                ),
            ),
            (
                _("Per year"),
                money(e.value_per_year),
                _("× {runs} runs a year").format(runs=count(spec.runs_per_year)),
            ),
            (
                _("Cluster capacity per year"),
                money(e.cluster_value_per_year),
                _("{gpus} GPU-equivalents × 8,760 h × {price} per GPU-hour").format(
                    gpus=num(m.bubble.gpu_equivalents, 1), price=price
                ),
            ),
            *_energy_rows(m, spec),
            (
                _("Checkpoints retained"),
                gb(e.retained_gb),
                _("{count} × {size} to keep on the array").format(
                    count=spec.retained_checkpoints, size=gb(m.save.baseline.snapshot_gb)
                ),
            ),
        ),
        illustrative=w.marked("save_times"),
    )
    notes = (
        w.p(
            _(
                "At {price} per GPU-hour, the time the candidate saves is worth {per_run} per training run and "
                "{per_year} a year at {runs} runs."
            ).format(
                price=price,
                per_run=money(e.value_per_run),
                per_year=money(e.value_per_year),
                runs=count(spec.runs_per_year),
            ),
            "save_times",
        ),
        Para(
            _(
                "The cluster figure values the GPU-equivalents as if every job checkpointed like this one all year; "
                "the per-run figure counts only this job's GPUs. Neither includes the array's price or running costs."
            ),
            "note",
            w.marked("save_times"),
        ),
        Para(demand_sentence(m), "note", w.marked("save_times", "bandwidth")),
    )
    return Section(ID, _("Value of the time saved"), (*notes, table))
