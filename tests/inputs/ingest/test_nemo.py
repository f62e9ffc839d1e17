"""NeMo: Global Checkpoint Save lines, one per rank; a save is the slowest rank of its iteration."""

from pathlib import Path

from report.inputs.ingest import nemo

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ingest" / "nemo"


def test_iterations_in_order_of_first_appearance_maximum_over_ranks():
    lines = []
    for name in ("rank0.log", "rank1.log"):
        found, problems = nemo.save_lines(name, (FIXTURES / name).read_bytes())
        assert problems == []
        lines += found
    assert [(i, s) for i, s, _ in nemo.saves(lines)] == [(100, 2.7), (200, 2.4)]


def test_a_log_without_save_lines():
    assert [str(p) for p in nemo.save_lines("x.log", b"Global Checkpoint Load : Rank : 0\n")[1]] == [
        "x.log: holds no NeMo 'Global Checkpoint Save : Rank: … : Save duration: … s' line"
    ]
