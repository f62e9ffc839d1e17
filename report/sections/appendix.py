"""Appendix A: the measurements, long tables summarised."""

from __future__ import annotations

from report.blocks import (
    Column,
    Section,
    Table,
)
from report.formatting import (
    count,
    natural_key,
    num,
)
from report.i18n import _
from report.runs import BandwidthLog
from report.sections.base import Words

ID = "raw"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()
# A raw table longer than this is summarised in the appendix rather than printed row by row.
MAX_RAW_ROWS = 40


def _raw_saves(w: Words) -> Table:
    saves = w.test.saves
    order = {w.config.systems.save_baseline: 0, w.config.systems.candidate: 1}
    saves = saves.assign(_side=saves["system"].astype(str).map(order)).sort_values(
        ["_side", "model", "run"], kind="stable"
    )
    rows = tuple(
        (str(r.system), str(r.model), str(r.gpus), num(r.snapshot_gb, 1), str(r.run), num(r.save_s, 2))
        for r in saves.itertuples(index=False)
    )
    columns = (
        Column(_("System"), False),
        Column(_("Model"), False),
        Column(_("GPUs")),
        Column(_("Snapshot (GB)")),
        Column(_("Run")),
        Column(_("Save (s)")),
    )
    caption = _("save_times.csv: every timed save")
    return _limit(Table("raw-saves", caption, columns, rows, illustrative=w.marked("save_times")))


def _raw_loads(w: Words) -> Table:
    loads = w.test.loads
    order = {w.config.systems.load_baseline: 0, w.config.systems.candidate: 1}
    loads = loads.assign(
        _side=loads["system"].astype(str).map(order), _model=loads["model"].astype(str).map(natural_key)
    )
    loads = loads.sort_values(["_model", "platform", "_side", "run"], kind="stable")
    rows = tuple(
        (str(r.system), str(r.model), str(r.platform), num(r.size_gb, 1), str(r.run), num(r.load_s, 2))
        for r in loads.itertuples(index=False)
    )
    columns = (
        Column(_("System"), False),
        Column(_("Model"), False),
        Column(_("Platform"), False),
        Column(_("Size (GB)")),
        Column(_("Run")),
        Column(_("Load (s)")),
    )
    caption = _("load_times.csv: every timed load")
    return _limit(Table("raw-loads", caption, columns, rows, illustrative=w.marked("load_times")))


def build(w: Words) -> Section:
    tables = (_raw_saves(w), _bandwidth_runs(w.test.bandwidth, w), _raw_loads(w))
    return Section(ID, _("Appendix A: inputs"), tables, appendix=True, new_page=True)


def _limit(table: Table, total: int | None = None) -> Table:
    """At most MAX_RAW_ROWS rows of a table of `total` rows (by default, all the rows it holds)."""
    total = len(table.rows) if total is None else total
    if total <= MAX_RAW_ROWS:
        return table
    note = _(
        "First {shown} of {total} rows; the full file is attached to the PDF and its SHA-256 is listed in the colophon."
    ).format(shown=MAX_RAW_ROWS, total=count(total))
    return Table(table.id, table.caption, table.columns, table.rows[:MAX_RAW_ROWS], note, table.illustrative)


def _bandwidth_runs(log: BandwidthLog, w: Words) -> Table:
    """Each run summarised, baseline first, formatted only as far as the appendix shows (a log may hold millions)."""
    first = [w.config.systems.save_baseline, w.config.systems.candidate]
    runs = [k for name in first for k in log.runs_of(name)[: MAX_RAW_ROWS + 1]][: MAX_RAW_ROWS + 1]
    rows = tuple(
        (
            log.systems[log.run_system[k]],
            str(log.run_number[k]),
            count(int(log.run_stop[k] - log.run_start[k])),
            f"{num(log.t_s[log.run_start[k]], 1)}–{num(log.t_s[log.run_stop[k] - 1], 1)}",
            num(log.run_mean[k], 3),
            num(log.run_min[k], 3),
            num(log.run_max[k], 3),
        )
        for k in runs
    )
    table = Table(
        "raw-bandwidth",
        _("bandwidth.csv: summarised per run"),
        (
            Column(_("System"), False),
            Column(_("Run")),
            Column(_("Samples")),
            Column(_("Time span (s)")),
            Column(_("Mean (GB/s)")),
            Column(_("Min (GB/s)")),
            Column(_("Max (GB/s)")),
        ),
        rows,
        _("Each run's samples are summarised; the full log is attached to the PDF."),
        illustrative=w.marked("bandwidth"),
    )
    return _limit(table, len(log.run_start))
