"""The clauses of a record's line that speak of one system (report/compute/record_clauses.py)."""

from report.compute.record_clauses import clauses, clauses_naming, naming

NAMES = {"baseline": {"Filer", "the filer"}, "candidate": {"Local tier"}}


def test_a_line_splits_at_either_semicolon_and_drops_empty_clauses():
    assert clauses("a; b ；c;; ") == ["a", "b", "c"]


def test_a_name_is_found_whatever_its_case():
    assert naming(NAMES, "TCP to THE FILER") == ["baseline"]
    assert naming(NAMES, "local tier and filer") == ["baseline", "candidate"]
    assert naming(NAMES, "the storage fabric") == []


def test_each_clause_is_kept_for_the_one_system_it_names():
    """Cold read 18, X minor 1: "storage fabric …; NX-80 on 6 x 2 x 100 GbE; the partner mirror shares the storage
    fabric": the clause naming no system (the other system's mirror) is said of neither."""
    text = "fabric 400 GbE; Filer on 6 x 100 GbE; the partner mirror shares the fabric; Local tier and Filer: MTU 9000"
    assert clauses_naming(text, NAMES, "baseline") == ["Filer on 6 x 100 GbE"]
    assert clauses_naming(text, NAMES, "candidate") == []
    # a label naming the system names every clause of the line
    assert clauses_naming("RAID-6; 12 drives", NAMES, "candidate", "Local tier") == ["RAID-6", "12 drives"]
