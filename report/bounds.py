"""Bounds far above any real joint test, checked before the work so that a hostile input is one line, not hours.

A joint test has a few models, a few platforms, a handful of projections and tens of runs; names are a few words.
A million models or twenty thousand projections ran for minutes into a MemoryError near 4 GB (issue 21). These
limits are about a hundred times what a joint test needs and are checked on counts the reader already has, before
any per-name or per-row check.
"""

from __future__ import annotations

from report.problems import Problem

MAX_MODELS = 1_000  #: distinct models in one CSV (a joint test has 1-10)
MAX_PLATFORMS = 1_000  #: distinct platforms in load_times.csv (a joint test has 1-5)
MAX_PROJECTIONS = 1_000  #: [[projections]] tables in test.toml (a joint test has 0-10)
MAX_RUNS = 100_000  #: rows of a timing CSV, the runs of every (system, model) together (a joint test has 10-100)
MAX_NAME = 200  #: characters in a system, model, platform or projection name (a name is a few words)
#: characters in [report] number and revision: printed whole in every page's footer, one line, where 200 unbroken
#: characters ran off the page (attacks-6 F01); a report number is a reference of a few characters
MAX_REFERENCE = 40

# Bounds no measurement reaches, by the column's (or key's) unit: beyond them the figures overflow or lose all
# precision (three saves of 1e-300 s, a bandwidth of 1e308 GB/s) and print as hundreds of digits, so such a value is
# a typing error, said where it is. Zero, where a column or key allows it, is not bounded below. One table for the
# CSV columns (report/inputs/joint_test.py) and test.toml's keys (TOML_BOUNDS, report/inputs/toml_reader.py).
# Bandwidths run from a byte per second to a petabyte per second: below that a value is a unit slip (1e-300 GB/s in
# scaling.csv took the scaling fit into NaN, one unlocated line, attacks-6 C03); fio's logs step by a KiB/s.
PLAUSIBLE = {"_s": (1e-6, 1e9), "_gb": (1e-9, 1e12), "_gbps": (1e-9, 1e6)}

#: client nodes writing at once in one scaling.csv row. The largest training clusters have about 1e5 GPUs, some 12,500
#: nodes of 8: no cluster has 100,000 client nodes. Above it the scaling fit is arithmetic, not a measurement: with
#: client counts near 1e8 Cramer's rule on the normal equations (Σx⁴ about 1e32) loses every digit and 1e12 divides
#: by zero, each an unlocated failure or a meaningless σ (attacks-6 C05); at 1e5 the determinant keeps six digits.
MAX_CLIENTS = 100_000
#: integer CSV columns bounded above, as the unit columns are by PLAUSIBLE: (most, what the column counts)
COUNTS = {"clients": (MAX_CLIENTS, "client nodes writing at once")}

# test.toml's numbers, each within bounds about a hundred times beyond any joint test, so that every figure derived
# from them stays a number a page can print (issue 44, E8/E9): (low, high, unit as printed). Keys are "table.key";
# a key of a table not listed here (a key added later) takes TOML_FALLBACK, so no number is unbounded.
_SECONDS = (*PLAUSIBLE["_s"], "s")  # 1 microsecond to 31 years
_SIZE = (*PLAUSIBLE["_gb"], "GB")  # a kilobyte to an exabyte
_STEPS = (1, 1e12, "")  # a training run takes 1e4 to 1e6 steps
_GPUS = (1, 1e8, "")  # the largest clusters have 1e5 GPUs
_PCT = (1e-6, 1e4, "%")
TOML_BOUNDS: dict[str, tuple[float, float, str]] = {
    "training.total_steps": _STEPS,
    "training.checkpoint_interval_steps": _STEPS,
    "training.baseline_duration_s": _SECONDS,
    "training.step_time_s": _SECONDS,
    "training.cluster_gpus": _GPUS,
    "training.gpus_per_node": (1, 1e4, ""),
    "projections.snapshot_gb": _SIZE,
    "projections.saves": _STEPS,
    "projections.gpus": _GPUS,
    "gates.min_runs": (1, MAX_RUNS, ""),
    "gates.max_cv_pct": _PCT,
    "gates.target_speedup": (1e-3, 1e6, ""),
    "gates.target_duration_reduction_pct": _PCT,
    "reliability.gpu_mtbf_hours": (1, 1e9, "h"),  # vendors quote 1e4 to 1e6 hours per GPU
    "reliability.restart_s": _SECONDS,
    "economics.gpu_hour_price": (1e-6, 1e9, ""),  # in any currency: a GPU hour costs 1 to 1e5 of its units
    "economics.runs_per_year": (1, 1e6, ""),
    "economics.retained_checkpoints": (1, 1e6, ""),
    "economics.gpu_power_kw": (1e-3, 1e3, "kW"),
    "economics.pue": (1, 100, ""),
    "async.staging_s": _SECONDS,
    "async.gpus_per_node": (1, 1e4, ""),
    "import.gpus": _GPUS,
    "import.snapshot_gb": _SIZE,
    "import.size_gb": _SIZE,
}
TOML_FALLBACK = (1e-9, 1e15, "")
#: a derived figure bounded as its inputs are: total_steps x step_time_s, the run's compute seconds
MAX_RUN_S = PLAUSIBLE["_s"][1]
TIMING = ("save_times.csv", "load_times.csv", "restore_times.csv", "scaling.csv")
_COUNTED = {"model": MAX_MODELS, "platform": MAX_PLATFORMS}


def table_problems(table, text_columns: list[str]) -> list[Problem]:
    """A CSV table's (report/inputs/csv_tables.py) rows and distinct names within bounds: counts first, then name
    lengths."""
    problems = []
    if table.name in TIMING and table.rows > MAX_RUNS:
        message = f"has {table.rows:,} rows; a joint test has at most {MAX_RUNS:,} runs in one file"
        problems.append(Problem(table.name, None, None, message))
    for column in text_columns:
        values = table.columns[column]
        names = list(values.categories)
        limit = _COUNTED.get(column)
        if limit is not None and len(names) > limit:
            message = f"{len(names):,} distinct {column}s; a joint test has at most {limit:,}"
            problems.append(Problem(table.name, None, column, message))
            continue
        if long := [code for code, name in enumerate(names) if len(name) > MAX_NAME]:
            import numpy as np  # here: verify reads test.toml's limits (MAX_PROJECTIONS) in a process without numpy

            line = int(table.line_of(np.flatnonzero(values.codes == long[0])[:1])[0])
            problems.append(Problem(table.name, line, column, name_problem(names[long[0]]) or ""))
    return problems


def name_problem(text: str) -> str | None:
    """A name too long to be a name (a system, model, platform or projection)."""
    if len(text) > MAX_NAME:
        return f"a name of {len(text):,} characters; a name has at most {MAX_NAME}"
    return None


def reference_problem(text: str) -> str | None:
    """A report number or revision too long for the footer of every page."""
    if len(text.strip()) > MAX_REFERENCE:
        return (
            f"a reference of {len(text.strip()):,} characters; a report number or revision has at most "
            f"{MAX_REFERENCE} (it is printed in every page's footer)"
        )
    return None


def number_problem(key: str, value: int | float) -> str | None:
    """A test.toml number (`key` is "table.key") outside TOML_BOUNDS, in words; None when within. Zero is not bounded
    below (the kind of the key says whether it is allowed); the bound applies to the magnitude of a negative value."""
    low, high, unit = TOML_BOUNDS.get(key, TOML_FALLBACK)
    magnitude = abs(value)  # an integer of any size: compared as an integer, never converted to a float
    if magnitude == 0 or low <= magnitude <= high:
        return None
    what = f"{low:g} to {high:g}{' ' + unit if unit else ''}"
    return f"{shown_number(value)} is outside the range a joint test can take ({what})"


def shown_number(value: int | float) -> str:
    """A number as a message prints it: never hundreds of digits (an integer of 300 digits, 1e300 written out)."""
    if isinstance(value, int) and not isinstance(value, bool):
        digits = len(str(abs(value))) if abs(value) < 10**100 else None
        if digits is None or digits > 20:
            return f"a number of {digits or 'more than 100'} digits"
        return str(value)
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value))  # 1.0000001e12 is not "1e+12"
