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
