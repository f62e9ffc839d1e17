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
TIMING = ("save_times.csv", "load_times.csv", "restore_times.csv")
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
            problems.append(Problem(table.name, line, column, name_problem(names[long[0]])))
    return problems


def name_problem(text: str) -> str | None:
    """A name too long to be a name (a system, model, platform or projection)."""
    if len(text) > MAX_NAME:
        return f"a name of {len(text):,} characters; a name has at most {MAX_NAME}"
    return None
