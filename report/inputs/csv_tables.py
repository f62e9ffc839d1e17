"""Reading the CSV files: columns by name, every cell checked, each problem located by physical line."""

from __future__ import annotations

import collections
import csv
import io
import itertools
import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from report.problems import Problem

NUMBER = r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?"
INTEGER = r"[0-9]+"
# Cells reported one by one per column and kind of problem; the rest are counted in one line.
MAX_CELL_PROBLEMS = 10
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# pyarrow's CSV block: 4 MB parses a long log twice as fast as the 1 MB default on two cores (make bench).
_BLOCK = 4 << 20

# Column kinds: text (read as categories, no rule), int (integer >= 0), and numbers with a lower bound: each number
# kind's cell pattern, its bound, and whether the bound is allowed.
KIND_RULES: dict[str, tuple[str, float, bool]] = {
    "int>0": (INTEGER, 0.0, False),
    "int>=1": (INTEGER, 1.0, True),
    "num>0": (NUMBER, 0.0, False),
    "num>=0": (NUMBER, 0.0, True),
}
_BOUND_WORDS = {
    "int>0": "must be a whole number above zero",
    "int>=1": "must be a whole number, 1 or more",
    "num>0": "must be above zero",
    "num>=0": "must not be negative",
}


@dataclass
class CsvTable:
    """A CSV file's required columns, checked and converted: text columns as lists, others as arrays."""

    name: str
    columns: dict[str, np.ndarray | pd.Categorical]
    rows: int
    _lines: np.ndarray | None
    _raw: bytes

    def line_of(self, rows: np.ndarray) -> np.ndarray:
        """Physical line numbers (the header is line 1 when nothing precedes it) of data rows."""
        if len(rows) == 0:  # a valid file asks for none: its lines are never counted
            return np.zeros(0, dtype=np.int64)
        if self._lines is None:
            self._lines = _data_lines(self._raw)
        return self._lines[rows]


def _data_lines(raw: bytes) -> np.ndarray:
    """The physical line of every data row of a file pyarrow read: each non-empty line after the header (line 1).

    pyarrow skips empty lines and fails on any other line without its cells, so in a file it read every non-empty
    line past the first is a row. Counted on the bytes (UTF-8 never puts \\n or \\r inside a character), chunk by
    chunk: a ten-million-row log is located in a fraction of a second.
    """
    b = np.frombuffer(raw, dtype=np.uint8)
    breaks = []  # where each line break is: \\n, or \\r not followed by \\n
    for lo in range(0, len(b), _SCREEN_CHUNK):
        seg = b[lo : lo + _SCREEN_CHUNK + 1]  # one byte of look-ahead, for \\r\\n across chunks
        mid = seg[:_SCREEN_CHUNK]
        next_is_nl = np.append(seg[1:] == ord("\n"), False)[: len(mid)]
        breaks.append(np.flatnonzero((mid == ord("\n")) | ((mid == ord("\r")) & ~next_is_nl)) + lo)
    ends = np.concatenate([*breaks, np.zeros(0, dtype=np.int64)])
    crlf = (b[ends] == ord("\n")) & (ends > 0) & (b[np.maximum(ends - 1, 0)] == ord("\r"))
    starts = np.concatenate(([0], ends + 1))
    content_ends = np.append(ends - crlf, len(b))
    return (np.flatnonzero(content_ends > starts) + 1)[1:]


def read_table(name: str, raw: bytes, spec: dict[str, str]) -> tuple[CsvTable | None, list[Problem]]:
    """Read CSV bytes holding at least the columns of `spec` (column -> kind); other columns are ignored.

    Three readers, fastest first: pyarrow converting cells to numbers itself, which only ever accepts a file;
    pyarrow reading every cell as text, each checked by the rules and located when wrong; Python's csv module
    for files pyarrow cannot read exactly (blank rows of empty cells, cells split over lines, bad bytes).
    """
    table = _read_typed(name, raw, spec)
    if table is not None:
        return table, []
    try:
        header, strings, lines = _read_fast(raw, spec)
    except (pa.ArrowInvalid, UnicodeDecodeError, _NeedsSlowPath):
        header, strings, lines, problems = _read_slow(name, raw)
        if problems:
            return None, problems
    missing = [c for c in spec if c not in header]
    if missing:
        names = ", ".join(missing)
        return None, [Problem(name, 1, names, "this column is missing (the header row must name it)")]
    if len(strings[next(iter(spec))]) == 0:
        return None, [Problem(name, None, None, "has a header but no data rows: the table is empty")]
    table = CsvTable(name, {}, len(strings[next(iter(spec))]), lines, raw)
    problems = []
    for column, kind in spec.items():
        table.columns[column] = _convert(table, column, kind, strings[column], problems)
    return table, problems


class _NeedsSlowPath(Exception):
    """The fast reader cannot read this file exactly as the CSV rules say."""


def header_of(raw: bytes) -> list[str]:
    """The trimmed column names of a CSV's first non-blank line."""
    return _header(raw)


def _header(raw: bytes) -> list[str]:
    for line in _LINE_BREAK.split(raw[:65536].decode("utf-8-sig", errors="replace")):
        if line.strip():
            return [c.strip() for c in next(csv.reader([line]))]
    return []


def _arrow_header(raw: bytes) -> list[str] | None:
    """The header, when pyarrow can take the file as it is: the first line holds it, and no name comes twice."""
    header = _header(raw)
    first_line = _LINE_BREAK.split(raw[:65536].decode("utf-8-sig", errors="replace"), maxsplit=1)[0]
    return header if first_line.strip() and len(set(header)) == len(header) else None


def _read_fast(raw: bytes, spec: dict[str, str]) -> tuple[list[str], dict[str, pa.Array], None]:
    """pyarrow's multithreaded reader: all cells as text; any oddity falls back to the slow path."""
    header = _arrow_header(raw)
    if header is None:
        raise _NeedsSlowPath
    names = [f"c{i}" for i in range(len(header))]
    wanted = {names[header.index(c)]: c for c in spec if c in header}
    table = pacsv.read_csv(
        pa.BufferReader(raw),
        read_options=pacsv.ReadOptions(column_names=names, skip_rows=1, block_size=_BLOCK),
        parse_options=pacsv.ParseOptions(newlines_in_values=False),
        convert_options=pacsv.ConvertOptions(
            include_columns=list(wanted), column_types={n: pa.string() for n in wanted}, strings_can_be_null=False
        ),
    )
    strings = {wanted[n]: table[n] for n in wanted}
    if any(pc.any(pc.equal(column, "")).as_py() for column in strings.values()):
        raise _NeedsSlowPath  # blank rows of empty cells are skipped there, and empty cells located
    return header, strings, None


_ARROW_TYPES = {"text": pa.dictionary(pa.int32(), pa.string()), "int>0": pa.int64(), "int>=1": pa.int64()}
_NUMPY_TYPES = {"text": np.int32, "int>0": np.int64, "int>=1": np.int64}


def _read_typed(name: str, raw: bytes, spec: dict[str, str]) -> CsvTable | None:
    """The file read by pyarrow's own number parser, or None when any cell might break a rule.

    pyarrow's parser accepts a superset of the contract's numbers: `nan`, `inf`, `+5`, `.5`, `5.`. The first two
    come out non-finite; the others leave a trace in the bytes (`+` not after an exponent's `e`, `.` not between
    two digits) that one vectorised pass finds. Any doubt, and the exact reader decides. The file is streamed block
    by block into arrays sized by its line breaks, so a long log is held once as bytes and once as numbers.
    """
    header = _arrow_header(raw)
    if header is None or any(c not in header for c in spec):
        return None
    breaks = _plain_line_breaks(raw)
    if breaks is None:
        return None
    names = [f"c{i}" for i in range(len(header))]
    wanted = {names[header.index(c)]: c for c in spec}
    # Pages of an array are only taken when written, so rows that turn out blank or CRLF counted twice cost nothing.
    columns = {c: np.empty(breaks + 1, dtype=_NUMPY_TYPES.get(spec[c], np.float64)) for c in spec}
    texts: dict[str, dict[str, int]] = {c: {} for c in spec if spec[c] == "text"}  # name -> code, in order met
    rows = 0
    try:
        for batch in _batches(raw, names, {n: _ARROW_TYPES.get(spec[c], pa.float64()) for n, c in wanted.items()}):
            end = rows + batch.num_rows
            for n, column in wanted.items():
                values = batch.column(n)
                if column in texts:
                    met = texts[column]
                    codes = [met.setdefault(text.strip(), len(met)) for text in values.dictionary.to_pylist()]
                    columns[column][rows:end] = np.asarray(codes, dtype=np.int32)[values.indices]
                else:
                    columns[column][rows:end] = values.to_numpy()
            rows = end
    except (pa.ArrowInvalid, UnicodeDecodeError):
        return None
    if rows == 0:
        return None
    table = CsvTable(name, {}, rows, None, raw)
    for column, kind in spec.items():
        values = columns[column][:rows]
        table.columns[column] = _categories(values, texts[column]) if kind == "text" else _checked(values, kind)
        if table.columns[column] is None:
            return None
    return table


def _batches(raw: bytes, names: list[str], types: dict[str, pa.DataType]):
    """pyarrow's streaming CSV reader over the bytes, converting only the wanted columns."""
    return pacsv.open_csv(
        pa.BufferReader(raw),
        read_options=pacsv.ReadOptions(column_names=names, skip_rows=1, block_size=_BLOCK),
        parse_options=pacsv.ParseOptions(newlines_in_values=False),
        convert_options=pacsv.ConvertOptions(
            include_columns=list(types),
            column_types=types,
            null_values=[],
            strings_can_be_null=False,
            quoted_strings_can_be_null=False,
        ),
    )


def _checked(numbers: np.ndarray, kind: str) -> np.ndarray | None:
    """The column when every value keeps its kind's rule, else None (the exact reader then says where)."""
    _, bound, inclusive = KIND_RULES[kind]
    if not np.all(numbers >= bound if inclusive else numbers > bound):  # NaN fails this too
        return None
    if numbers.dtype == np.int64:
        return numbers if numbers.max() < 2**53 else None
    return numbers if np.isfinite(numbers).all() else None


def _categories(codes: np.ndarray, met: dict[str, int]) -> pd.Categorical | None:
    """Codes in the order names were met, as categories of the sorted trimmed names; None when one is blank."""
    categories = sorted(met)
    if "" in categories:
        return None
    position = {name: i for i, name in enumerate(categories)}
    remap = np.asarray([position[name] for name in met], dtype=np.int32)
    return pd.Categorical.from_codes(remap[codes], categories=categories)


_SCREEN_CHUNK = 1 << 20


def _plain_line_breaks(raw: bytes) -> int | None:
    """The count of \\n and \\r bytes (at least the line breaks), or None when a `.` stands beside a non-digit or a
    `+` outside an exponent anywhere in the bytes (text cells included)."""
    b = np.frombuffer(raw, dtype=np.uint8)
    edge = np.zeros(1, dtype=np.uint8)  # what lies beyond the file: not a digit, not an `e`
    breaks = 0
    for lo in range(0, len(b), _SCREEN_CHUNK):
        hi = min(lo + _SCREEN_CHUNK, len(b))
        seg = b[max(lo - 1, 0) : hi + 1]  # the chunk with one neighbour on each side
        seg = np.concatenate((edge, seg)) if lo == 0 else seg
        seg = np.concatenate((seg, edge)) if hi == len(b) else seg
        mid = seg[1:-1]
        not_digit = (seg - ord("0")) > 9  # uint8 arithmetic wraps, so bytes below "0" count as well
        if np.any((mid == ord(".")) & (not_digit[:-2] | not_digit[2:])):
            return None
        plus = np.flatnonzero(mid == ord("+"))
        if plus.size and not np.isin(seg[plus], (ord("e"), ord("E"))).all():  # seg[j] is left of mid[j]
            return None
        breaks += int(np.count_nonzero(mid == ord("\n"))) + int(np.count_nonzero(mid == ord("\r")))
    return breaks


def _read_slow(name: str, raw: bytes) -> tuple[list[str], dict[str, pa.Array], np.ndarray, list[Problem]]:
    """Python's csv module, row by row: exact line numbers for files the fast reader refuses."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return [], {}, np.zeros(0, np.int64), [Problem(name, line, None, "is not UTF-8 text; save it as UTF-8")]
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str] = []
    cells: list[list[str]] = []
    lines: list[int] = []
    problems: list[Problem] = []
    first = 1
    for row in reader:
        line, first = first, reader.line_num + 1
        if not any(c.strip() for c in row):
            continue
        if not header:
            header = [c.strip() for c in row]
            duplicated = sorted(c for c, n in collections.Counter(header).items() if n > 1)
            if duplicated:
                problems.append(Problem(name, line, ", ".join(duplicated), "this column is named twice in the header"))
            continue
        if len(row) != len(header):
            problems.append(Problem(name, line, None, _cell_count_message(row, header)))
            continue
        cells.append(row)
        lines.append(line)
    if not header:
        problems.append(Problem(name, None, None, "is empty: it needs a header row and data rows"))
    columns = {c: pa.array([row[i].strip() for row in cells], pa.string()) for i, c in enumerate(header)}
    return header, columns, np.asarray(lines, dtype=np.int64), problems


def _cell_count_message(row: list[str], header: list[str]) -> str:
    message = f"has {len(row)} cells but the header has {len(header)}"
    pairs = itertools.pairwise(row)
    if len(row) > len(header) and any(a.strip().isdigit() and b.strip().isdigit() for a, b in pairs):
        message += " (a decimal comma such as 12,5 splits a number in two: write 12.5)"
    return message


def _convert(table: CsvTable, column: str, kind: str, values: pa.Array, problems: list[Problem]):
    """Check every cell of a column and convert it: text to a list, numbers to a float or int array."""
    if kind == "text":
        return _categorical(table, column, values, problems)
    pattern, bound, inclusive = KIND_RULES[kind]
    ok = np.asarray(pc.match_substring_regex(values, f"^{pattern}$"))
    if not ok.all():  # trimming costs as much as matching, so only files that need it pay for it
        values = pc.utf8_trim_whitespace(values)
        ok = np.asarray(pc.match_substring_regex(values, f"^{pattern}$"))
    empty = np.asarray(pc.equal(values, ""))
    what = "is not a whole number" if pattern is INTEGER else "is not a number"
    _report(table, column, np.flatnonzero(~ok & ~empty), values, what, problems)
    needed = "a whole number" if pattern is INTEGER else "a number"
    _report(table, column, np.flatnonzero(empty), values, f"is empty; {needed} is needed", problems)
    bad = np.flatnonzero(~ok)
    cleaned = pc.if_else(pa.array(ok), values, "1") if len(bad) else values
    numbers = np.asarray(pc.cast(cleaned, pa.float64()))
    huge = ok & ~np.isfinite(numbers)  # such as 1e400: beyond what a double holds
    _report(table, column, np.flatnonzero(huge), values, "is too large to be a number", problems)
    out_of_range = (numbers < bound) if inclusive else (numbers <= bound)
    out_of_range &= ok & ~huge
    _report(table, column, np.flatnonzero(out_of_range), values, _BOUND_WORDS[kind], problems)
    if pattern is not INTEGER:
        return numbers
    too_large = np.flatnonzero(ok & (numbers >= 2**53))  # beyond exact integers in a double
    _report(table, column, too_large, values, "is too large for a count", problems)
    return np.where(numbers < 2**53, numbers, 0).astype(np.int64)


def _categorical(table: CsvTable, column: str, values, problems: list[Problem]) -> pd.Categorical:
    """Text as categories, trimmed: one dictionary entry per distinct text, however long the file."""
    encoded = pc.dictionary_encode(values)
    if isinstance(encoded, pa.ChunkedArray):
        encoded = encoded.combine_chunks()
    names = [name.strip() for name in encoded.dictionary.to_pylist()]
    codes = np.asarray(encoded.indices, dtype=np.int32)
    categories = sorted(set(names))
    position = {name: i for i, name in enumerate(categories)}
    remap = np.asarray([position[name] for name in names], dtype=np.int32)
    codes = remap[codes] if len(remap) else codes
    if "" in categories:
        empty = np.flatnonzero(codes == categories.index(""))
        _report(table, column, empty, values, "is empty", problems)
    return pd.Categorical.from_codes(codes, categories=categories)


def _report(table: CsvTable, column: str, rows: np.ndarray, values, message: str, problems: list[Problem]) -> None:
    if len(rows) == 0:
        return
    shown = rows[:MAX_CELL_PROBLEMS]
    for row, line in zip(shown, table.line_of(shown), strict=True):
        cell = values[int(row)].as_py()
        problems.append(Problem(table.name, int(line), column, f'"{cell}" {message}' if cell else message))
    if len(rows) > len(shown):
        more = len(rows) - len(shown)
        problems.append(Problem(table.name, None, column, f"{more} more rows with the same problem ({message})"))
