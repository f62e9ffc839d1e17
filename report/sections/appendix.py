"""Appendix A: the measurements, long tables summarised."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from report.document.blocks import (
    Column,
    Section,
    Table,
)
from report.formatting import (
    count,
    natural_key,
    num,
    sig,
)
from report.i18n import _
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.inputs.runs import BandwidthLog
from report.wording.base import Words
from report.wording.labels import input_label
from report.wording.loads import loads_marked

ID = "raw"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()
# A raw table longer than this is summarised in the appendix rather than printed row by row.
MAX_RAW_ROWS = 40
#: A table at most this much longer prints whole: a cut that leaves out a short tail saves no page and hides runs a
#: figure rests on (cold read 20, AB minor: Table 21 printed 40 of 42 rows, leaving out two of the three 64-node runs
#: behind page 2's 274 GB/s).
SHORT_TAIL = MAX_RAW_ROWS // 4


def _raw_table(w: Words, table_id: str, caption: str, headers: tuple, rows: tuple, name: str) -> Table:
    """A raw input's table: `headers` as (text columns, number columns), marked as the figures drawn from input
    `name` are (the loads also when a load system reads memory: cold read 11, m7). Each row ends with the CSV's other
    columns (`given_other`), a column of its own where any row has one, left out otherwise."""
    texts, numbers = headers
    columns = tuple(Column(h, False) for h in texts) + tuple(Column(h) for h in numbers)
    if any(row[-1] for row in rows):
        # the contract ignores them in the figures, but a run's note ("warm cache") is the operator's word on the
        # run a gate counts: printed with it (cold read 15, M3)
        columns += (Column(_("Other columns"), False),)
    else:
        rows = tuple(row[:-1] for row in rows)
    mark = loads_marked(w) if name == "load_times" else w.marked(name)
    return _limit(Table(table_id, caption, columns, rows, illustrative=mark))


OTHER = ""  # as_given's key for a row's other columns


def as_given(
    raw: bytes | None,
    keys: tuple[str, ...],
    columns: tuple[str, ...],
    known: tuple[str, ...] = (),
    names: Mapping[str, str] | None = None,
) -> dict[tuple[str, ...], dict]:
    """Each CSV row's numbers as the file writes them ("970.0" stays 970.0, "0.0812" is not rounded to 0.08), by
    its key columns (trimmed, as the tables compare them): a printed ratio can be recomputed from the printed
    inputs. Rows an import gave are not in the CSV; `given_text` prints those in Python's shortest round-trip form,
    as `python -m report rows` does. Under OTHER, the row's columns beyond `known` that hold text ("note: first").
    `names` maps a name the CSV gives to the one the tables print in this language (JointTest.printed_names): keyed by
    the printed name, a row the English edition of a Chinese test prints is found, and keeps its "82.40" (cold read
    13b, X: "82.4" printed "as supplied")."""
    if raw is None:
        return {}
    reader = csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline=""))
    reader.fieldnames = [name.strip() for name in reader.fieldnames or ()]
    skip = {*keys, *columns, *known}
    out = {}
    for row in reader:
        if all(row.get(c) is not None for c in (*keys, *columns)):
            other = "; ".join(
                f"{k}: {v.strip()}" for k, v in row.items() if k and k not in skip and isinstance(v, str) and v.strip()
            )
            key = tuple((names or {}).get(row[k].strip(), row[k].strip()) for k in keys)
            out[key] = {c: row[c].strip() for c in columns} | {OTHER: other}
    return out


def given_other(given: dict[tuple[str, ...], dict], key: tuple) -> str:
    """The row's other columns as `as_given` read them ("" for none, or for a row an import gave)."""
    return given.get(tuple(str(k) for k in key), {}).get(OTHER, "")


def given_text(given: dict[tuple[str, ...], dict], key: tuple, column: str, value: float) -> str:
    """The input's own text of `value` when the CSV holds it with that value, else its shortest round-trip form."""
    text = given.get(tuple(str(k) for k in key), {}).get(column)
    if text is not None and float(text) == float(value):
        return text
    return repr(float(value)) if not float(value).is_integer() else f"{float(value):.1f}"


def _raw_saves(w: Words) -> Table:
    saves = w.test.saves
    order = {w.config.systems.save_baseline: 0, w.config.systems.candidate: 1}
    saves = saves.assign(_side=saves["system"].astype(str).map(order)).sort_values(
        ["_side", "model", "run"], kind="stable"
    )
    given = as_given(
        w.test.raw.get("save_times.csv"),
        ("system", "model", "run"),
        ("snapshot_gb", "save_s"),
        tuple(saves.columns),
        w.test.printed_names,
    )
    rows = tuple(
        (
            str(r.system),
            str(r.model),
            str(r.gpus),
            given_text(given, (r.system, r.model, r.run), "snapshot_gb", r.snapshot_gb),
            str(r.run),
            given_text(given, (r.system, r.model, r.run), "save_s", r.save_s),
            given_other(given, (r.system, r.model, r.run)),
        )
        for r in saves.itertuples(index=False)
    )
    texts, numbers = (_("System"), _("Model")), (_("GPUs"), _("Snapshot (GB)"), _("Run"), _("Save (s)"))
    return _raw_table(
        w,
        "raw-saves",
        _caption(w, "save_times", _("save_times.csv: every save time, its numbers as supplied")),
        (texts, numbers),
        rows,
        "save_times",
    )


def _raw_loads(w: Words) -> Table:
    loads = w.test.loads
    order = {w.config.systems.load_baseline: 0, w.config.systems.candidate: 1}
    loads = loads.assign(
        _side=loads["system"].astype(str).map(order), _model=loads["model"].astype(str).map(natural_key)
    )
    loads = loads.sort_values(["_model", "platform", "_side", "run"], kind="stable")
    keys = ("system", "model", "platform", "run")
    raw, names = w.test.raw.get("load_times.csv"), w.test.printed_names
    given = as_given(raw, keys, ("size_gb", "load_s"), tuple(w.test.loads.columns), names)
    rows = tuple(
        (
            str(r.system),
            str(r.model),
            str(r.platform),
            given_text(given, (r.system, r.model, r.platform, r.run), "size_gb", r.size_gb),
            str(r.run),
            given_text(given, (r.system, r.model, r.platform, r.run), "load_s", r.load_s),
            given_other(given, (r.system, r.model, r.platform, r.run)),
        )
        for r in loads.itertuples(index=False)
    )
    texts, numbers = (_("System"), _("Model"), _("Platform")), (_("Size (GB)"), _("Run"), _("Load (s)"))
    return _raw_table(
        w,
        "raw-loads",
        _caption(w, "load_times", _("load_times.csv: every load time, its numbers as supplied")),
        (texts, numbers),
        rows,
        "load_times",
    )


def _raw_restores(w: Words) -> tuple[Table, ...]:
    """restore_times.csv's rows, when the test measured restores (cold read 11, m6: the restores' figures could not be
    checked from the paper edition, unlike every other input's)."""
    given_rows = w.test.restores
    if given_rows is None:
        return ()
    order = {w.config.systems.save_baseline: 0, w.config.systems.candidate: 1}
    restores = given_rows.assign(_side=given_rows["system"].astype(str).map(order)).sort_values(
        ["_side", "model", "run"], kind="stable"
    )
    given = as_given(
        w.test.raw.get("restore_times.csv"),
        ("system", "model", "run"),
        ("restore_s",),
        tuple(given_rows.columns),
        w.test.printed_names,
    )
    rows = tuple(
        (
            str(r.system),
            str(r.model),
            str(r.run),
            given_text(given, (r.system, r.model, r.run), "restore_s", r.restore_s),
            given_other(given, (r.system, r.model, r.run)),
        )
        for r in restores.itertuples(index=False)
    )
    texts, numbers = (_("System"), _("Model")), (_("Run"), _("Restore (s)"))
    return (
        _raw_table(
            w,
            "raw-restores",
            _caption(w, "restore_times", _("restore_times.csv: every restore time, its numbers as supplied")),
            (texts, numbers),
            rows,
            "restore_times",
        ),
    )


def _raw_scaling(w: Words) -> tuple[Table, ...]:
    """scaling.csv's rows (and the imported ones), when the test measured client scaling: baseline first, then by
    client count and run."""
    given_rows = w.test.scaling
    if given_rows is None:
        return ()
    order = {w.config.systems.save_baseline: 0, w.config.systems.candidate: 1}
    rows_in = given_rows.assign(_side=given_rows["system"].astype(str).map(order)).sort_values(
        ["_side", "clients", "run"], kind="stable"
    )
    keys = ("system", "clients", "run")
    raw, names = w.test.raw.get("scaling.csv"), w.test.printed_names
    given = as_given(raw, keys, ("write_gbps",), tuple(given_rows.columns), names)
    rows = tuple(
        (
            str(r.system),
            str(r.clients),
            str(r.run),
            _aggregate_text(given, (r.system, r.clients, r.run), r.write_gbps),
            given_other(given, (r.system, r.clients, r.run)),
        )
        for r in rows_in.itertuples(index=False)
    )
    texts, numbers = (_("System"),), (_("Client nodes"), _("Run"), _("Aggregate write (GB/s)"))
    caption = _caption(w, "scaling", _("scaling.csv: every run's aggregate write bandwidth, its numbers as supplied"))
    return (_raw_table(w, "raw-scaling", caption, (texts, numbers), rows, "scaling"),)


def _aggregate_text(given: dict[tuple[str, ...], dict], key: tuple, value: float) -> str:
    """A run's aggregate as scaling.csv writes it; an imported one, a quotient of fio's bytes and milliseconds with
    no digits of its own, to 6 significant digits (field test 7, m12: "2.2844950625874825" beside means of 2.29),
    enough for the printed means to be recomputed from it."""
    if given.get(tuple(str(k) for k in key)) is not None:
        return given_text(given, key, "write_gbps", value)
    return f"{value:.6g}"


def build(w: Words) -> Section:
    tables = (_raw_saves(w), _bandwidth_runs(w.test.bandwidth, w), _raw_loads(w), *_raw_restores(w), *_raw_scaling(w))
    return Section(ID, _("Appendix A: inputs"), tables, appendix=True, new_page=True)


def _caption(w: Words, name: str, supplied: str) -> str:
    """A raw table's caption: the CSV's, where every row was given in it; else what the rows are and where they came
    from (Chinese reading 19, M7: "save_times.csv … as supplied" over rows all imported from tools' logs)."""
    imported = w.test.imported is not None and any(u.into == name for u in w.test.imported.tools)
    if not imported:
        return supplied
    if f"{name}.csv" not in w.test.raw:
        return _("{inputs}: every one as imported from tool output (see “{section}”)").format(
            inputs=input_label(name), section=_("Test setup and data sources")
        )
    return _("{inputs}: every one, given in {file} or imported from tool output (see “{section}”)").format(
        inputs=input_label(name), file=f"{name}.csv", section=_("Test setup and data sources")
    )


def _bandwidth_caption(w: Words) -> str:
    """The bandwidth runs' caption: bandwidth.csv's only where every run was given in it (cold read 22, m2: imports'
    fio run, renumbered 2, under "bandwidth.csv"; Chinese reading 22, m2: fio-local has no bandwidth.csv at all)."""
    imported = w.test.imported is not None and any(u.into == "bandwidth" for u in w.test.imported.tools)
    if not imported:
        return _("bandwidth.csv: summarised per run")
    if "bandwidth.csv" not in w.test.raw:
        return _("Write bandwidth: summarised per run, every run imported from tool output (see “{section}”)").format(
            section=_("Test setup and data sources")
        )
    return _(
        "Write bandwidth: summarised per run, each given in bandwidth.csv or imported from tool output (see "
        "“{section}”)"
    ).format(section=_("Test setup and data sources"))


def _limit(table: Table, total: int | None = None) -> Table:
    """At most MAX_RAW_ROWS rows of a table of `total` rows (by default, all the rows it holds)."""
    total = len(table.rows) if total is None else total
    if total <= MAX_RAW_ROWS + SHORT_TAIL and len(table.rows) == total:
        return table
    note = _(
        "First {shown} of {total} rows; the full file is attached to the PDF and its SHA-256 is listed in the colophon."
    ).format(shown=MAX_RAW_ROWS, total=count(total))
    return Table(table.id, table.caption, table.columns, table.rows[:MAX_RAW_ROWS], note, table.illustrative)


def _span(first: float, last: float, table: list[float] | None = None) -> str:
    """A run's time span with the decimals the table's times need (`table`: every run's ends; by default this run's),
    one at least and three at most: "0.00–3.25", not "0.0–3.2" for a log that ends at 3.25 s (cold read 28, m4), and
    "0.00–3.50" beside it, not "0.0–3.5" (cold read 30, m2)."""
    times = table if table is not None else (first, last)
    digits = next((d for d in (1, 2) if all(abs(round(t, d) - t) < 1e-9 for t in times)), 3)
    return f"{num(first, digits)}–{num(last, digits)}"


def _bandwidth_runs(log: BandwidthLog, w: Words) -> Table:
    """Each run summarised, baseline first, formatted only as far as the appendix shows (a log may hold millions)."""
    first = [w.config.systems.save_baseline, w.config.systems.candidate]
    most = MAX_RAW_ROWS + SHORT_TAIL + 1  # enough for `_limit` to tell a short tail from a long one
    runs = [k for name in first for k in log.runs_of(name)[:most]][:most]
    ends = [t for k in runs for t in (log.t_s[log.run_start[k]], log.t_s[log.run_stop[k] - 1])]
    rows = tuple(
        (
            log.systems[log.run_system[k]],
            str(log.run_number[k]),
            count(int(log.run_stop[k] - log.run_start[k])),
            _span(log.t_s[log.run_start[k]], log.t_s[log.run_stop[k] - 1], ends),
            sig(log.run_mean[k]),
            sig(log.run_min[k]),
            sig(log.run_max[k]),
        )
        for k in runs
    )
    table = Table(
        "raw-bandwidth",
        _bandwidth_caption(w),
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
        _("Each run's samples are summarised; the full log is attached to the PDF.") + _windows(w),
        illustrative=w.marked("bandwidth"),
    )
    return _limit(table, len(log.run_start))


def _windows(w: Words) -> str:
    """Where a tool's logs gave the samples (fio: IMPORT_TOOLS' logs_bandwidth): why a run of N seconds shows fewer
    samples and a span that ends a window early (field test 5, m10: "9 samples, time span 0.0–8.0 s" for a
    10-second run, and the reader asked where the 10th second went)."""
    imported = w.test.imported
    if imported is None or "bandwidth.csv" not in imported.rows:
        return ""
    if not any(IMPORT_TOOLS[u.tool].logs_bandwidth for u in imported.tools):
        return ""
    return " " + _(
        "A span runs from the first sample's time to the last's, and the time of a sample from fio's logs is the start "
        "of its window: N windows of W seconds span (N − 1) × W seconds and cover N × W. fio logs only whole windows, "
        "so a 10-second run with one-second windows may give 9 samples, spanning 0–8 s and covering 9 s."
    )
