"""Megatron-LM: save-checkpoint timer lines in both formats, in ms; the non-persistent timer is not a save."""

from pathlib import Path

import pytest

from report.inputs.ingest import megatron

LOG = Path(__file__).resolve().parents[2] / "fixtures" / "ingest" / "megatron" / "train.log"


def test_timer_lines_min_max_and_max_only():
    found, problems = megatron.saves("train.log", LOG.read_bytes())
    assert problems == []
    assert found == [(pytest.approx(1.6205, rel=1e-15), 4), (pytest.approx(1.70025, rel=1e-15), 7)]


def test_a_log_without_timer_lines():
    found, problems = megatron.saves("other.log", b"iteration 1\nsave-checkpoint-non-persistent ....: (5.0, 6.0)\n")
    assert found == [] and len(problems) == 1
    assert str(problems[0]).startswith("other.log: holds no Megatron-LM save-checkpoint timer line")


def test_milliseconds_become_seconds_decimally():
    """148404.49 ms is 148.40449 s, as a person divides by 1000; float division gives 148.40448999999998."""
    found, problems = megatron.saves("train.log", b"    save-checkpoint ......: (100.0, 148404.49)\n")
    assert problems == [] and found == [(148.40449, 1)]
    assert repr(found[0][0]) == "148.40449"  # what `python -m report rows` prints


def test_glued_lines_are_read_or_named():
    """Issue 46: multi-rank stdout glues text to a timer line (ms-swift's '(8140.10, 8140.19)training ...', the ROCm
    blog's '(ms):save-checkpoint ...'); such a save was dropped without a word. Read where the numbers are whole,
    named where they are not."""
    glued = (
        b"(min, max) time across ranks (ms):save-checkpoint ......: (1658.80, 1658.85)\n"
        b"    save-checkpoint ......: (30421.34, 30421.36)training ...\n"
        b"    save-checkpoint ......: 1700.25 [rank 3] iteration 10\n"
    )
    assert megatron.saves("t.log", glued) == ([(1.65885, 1), (30.42136, 2), (1.70025, 3)], [])
    cut = b"    save-checkpoint ......: (30421.34, 30421.36)\n    save-checkpoint ......: (3042[rank 1] iteration\n"
    assert [str(p) for p in megatron.saves("t.log", cut)[1]] == [
        't.log:2: save-checkpoint: "save-checkpoint ......: (3042[rank 1] iteration" names the save-checkpoint timer'
        " but cannot be read as one (MIN, MAX) or MAX in ms"
    ]


def test_timing_log_option_all_is_named():
    log = b"times across ranks (ms):\n  save-checkpoint:\n     rank  0: 1500.10\n     rank  1: 1620.50\n"
    assert [str(p) for p in megatron.saves("t.log", log)[1]] == [
        "t.log:2: save-checkpoint: is Megatron's --timing-log-option all layout (a line per rank), which this import"
        " does not read: rerun with --timing-log-option minmax (the default) or max"
    ]


def test_load_checkpoint_timer_for_restores():
    log = b"(min, max) time across ranks (ms):\n    load-checkpoint ......: (1267.00, 1267.01)\n" + LOG.read_bytes()
    assert megatron.timed("t.log", log, megatron.LOAD) == ([(1.26701, 2)], [])
    assert megatron.saves("t.log", log)[0] == [(1.6205, 6), (1.70025, 9)]  # the saves are unchanged
