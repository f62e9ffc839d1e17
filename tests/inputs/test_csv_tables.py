"""The CSV rules: numbers, integers, text, untidy but valid files, and located problems."""

from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from report.inputs import csv_tables as tables
from report.inputs.csv_tables import read_table

SPEC = {"system": "text", "run": "int>=1", "t_s": "num>=0", "write_gbps": "num>=0"}


@contextmanager
def exact_only():
    """read_table without its typed reader, so that the exact one decides."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tables, "_read_typed", lambda *args: None)
        yield


def read(text: str | bytes):
    raw = text.encode() if isinstance(text, str) else text
    table, found = read_table("bandwidth.csv", raw, SPEC)
    return table, [str(p) for p in found]


def test_clean_file():
    table, found = read("system,run,t_s,write_gbps\nA,1,0,2.5\nB,2,1e1,3\n")
    assert found == []
    assert list(table.columns["system"]) == ["A", "B"]
    assert table.columns["run"].tolist() == [1, 2] and table.columns["run"].dtype == np.int64
    assert table.columns["t_s"].tolist() == [0.0, 10.0]


def test_untidy_file_reads_the_same():
    clean, _ = read("system,run,t_s,write_gbps\nA,1,0,2.5\nB,2,1,3\n")
    messy = "\ufeffextra, write_gbps ,t_s,run,system\r\n\r\nx,2.5,0,1,  A \r\n,,,,\r\ny, 3 ,1,2,B\r\n\r\n"
    table, found = read(messy)
    assert found == []
    for column in SPEC:
        assert list(table.columns[column]) == list(clean.columns[column])


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ('"12,5"', '"12,5" is not a number'),
        ("nan", '"nan" is not a number'),
        ("inf", '"inf" is not a number'),
        ("-inf", '"-inf" is not a number'),
        ("1,000", None),
        (".5", '".5" is not a number'),
        ("5.", '"5." is not a number'),
        ("+5", '"+5" is not a number'),
        ("0x10", '"0x10" is not a number'),
        ("-1", '"-1" must not be negative'),
        ("1e400", '"1e400" is too large to be a number'),
        ("-.5", '"-.5" is not a number'),
        ("5.e3", '"5.e3" is not a number'),
        ("1e5.5", '"1e5.5" is not a number'),
        ("Infinity", '"Infinity" is not a number'),
        ("", "is empty"),
    ],
)
def test_number_cells(cell, message):
    _, found = read(f"system,run,t_s,write_gbps\nA,1,0,2\nA,1,1,{cell}\n")
    if message is None:  # an unquoted thousands separator adds a cell
        assert found == [
            "bandwidth.csv:3: has 5 cells but the header has 4 (a decimal comma such as 12,5 splits a number in two: write 12.5)"
        ]
    elif message == "is empty":
        assert found == ["bandwidth.csv:3: write_gbps: is empty; a number is needed"]
    else:
        assert found == [f"bandwidth.csv:3: write_gbps: {message}"]


def test_integer_cells_and_line_numbers_count_blank_lines():
    _, found = read("system,run,t_s,write_gbps\n\nA,1.0,0,2\n\n\nA,0,1,2\n")
    assert found == [
        'bandwidth.csv:3: run: "1.0" is not a whole number',
        'bandwidth.csv:6: run: "0" must be a whole number, 1 or more',
    ]


def test_missing_column_and_empty_files():
    assert read("system,run,write_gbps\nA,1,2\n")[1] == [
        "bandwidth.csv:1: t_s: this column is missing (the header row must name it)"
    ]
    assert read("system,run,t_s,write_gbps\n")[1] == [
        "bandwidth.csv: has a header but no data rows: the table is empty"
    ]
    assert read("")[1] == ["bandwidth.csv: is empty: it needs a header row and data rows"]
    assert read("\n\n")[1] == ["bandwidth.csv: is empty: it needs a header row and data rows"]


def test_not_utf8_names_its_line():
    _, found = read(b"system,run,t_s,write_gbps\nA,1,0,2\nSyst\xe8me,1,1,2\n")
    assert found == ["bandwidth.csv:3: is not UTF-8 text; save it as UTF-8"]


def test_many_bad_cells_are_counted_not_listed():
    rows = "".join(f"A,1,{i},x\n" for i in range(25))
    _, found = read("system,run,t_s,write_gbps\n" + rows)
    assert len(found) == 11
    assert found[0] == 'bandwidth.csv:2: write_gbps: "x" is not a number'
    assert found[-1] == "bandwidth.csv: write_gbps: 15 more rows with the same problem (is not a number)"


def test_duplicate_header_is_reported():
    _, found = read("system,run,t_s,t_s,write_gbps\nA,1,0,0,2\n")
    assert found == ["bandwidth.csv:1: t_s: this column is named twice in the header"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="0123456789.-+eE ", min_size=1, max_size=6), min_size=1, max_size=4))
def test_the_typed_reader_accepts_only_what_the_rules_accept(cells):
    raw = ("system,run,t_s,write_gbps\n" + "".join(f"A,{i},{i},{c}\n" for i, c in enumerate(cells, 1))).encode()
    typed = tables._read_typed("bandwidth.csv", raw, SPEC)
    with exact_only():
        exact, found = read_table("bandwidth.csv", raw, SPEC)
    if typed is not None:
        assert found == [], cells
        assert typed.columns["write_gbps"].tolist() == exact.columns["write_gbps"].tolist()


def test_the_typed_reader_reads_a_clean_log_as_the_exact_one_does():
    raw = b"system,run,t_s,write_gbps\n" + b"".join(
        f"{'AB'[i % 2]} ,{1 + i // 7},{i * 0.01:.2f},{3 + (i * 7919 % 1000) / 997:.4f}\n".encode() for i in range(5000)
    )
    typed = tables._read_typed("bandwidth.csv", raw, SPEC)
    with exact_only():
        exact, found = read_table("bandwidth.csv", raw, SPEC)
    assert typed is not None and found == []
    for column in SPEC:
        assert list(typed.columns[column]) == list(exact.columns[column]), column


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["", "a,1", "é,2", "x"]), st.sampled_from(["\n", "\r\n", "\r"])), max_size=12)
)
@pytest.mark.slow
def test_data_rows_are_located_on_the_bytes_as_on_the_text(lines):
    raw = ("h,1\n" + "".join(text + end for text, end in lines)).encode()
    text = raw.decode()
    expected = [n for n, line in enumerate(tables._LINE_BREAK.split(text), start=1) if line.strip()][1:]
    for chunk in (1, 2, 3, tables._SCREEN_CHUNK):  # \r\n split across chunks too
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(tables, "_SCREEN_CHUNK", chunk)
            assert tables._data_lines(raw).tolist() == expected, chunk


def test_a_valid_file_never_counts_its_lines(monkeypatch):
    """The range checks ask where their (no) bad rows are: a valid log is not scanned for line breaks for that."""
    counted = []
    monkeypatch.setattr(tables, "_data_lines", lambda raw: counted.append(raw) or np.array([2, 4]))
    table, found = read("system,run,t_s,write_gbps\nA,1,0,2.5\n\nB,2,1,3\n")
    assert found == [] and table._lines is None
    assert table.line_of(np.zeros(0, dtype=np.int64)).tolist() == [] and counted == []
    assert table.line_of(np.array([1])).tolist() == [4] and len(counted) == 1  # counted once asked for a row
