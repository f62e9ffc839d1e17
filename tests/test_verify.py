"""verify: an intact report passes; a replaced attachment or a changed figure is caught."""

import json
import subprocess

import pytest

from report.verify import differences, verify


@pytest.fixture
def pdf(default_built, tmp_path):
    path = tmp_path / "report.pdf"
    path.write_bytes(default_built.pdf)
    return path


def test_intact_reports_verify(pdf, repeated_built, gates_fail_built, tmp_path):
    assert verify(pdf) == []
    for i, built in enumerate((repeated_built, gates_fail_built)):
        other = tmp_path / f"other{i}.pdf"
        other.write_bytes(built.pdf)
        assert verify(other) == []


def test_replaced_attachment_is_rejected(pdf, tmp_path):
    from tests.conftest import DATA

    changed = tmp_path / "save_times.csv"
    changed.write_text((DATA / "save_times.csv").read_text().replace(",94\n", ",90\n"))
    tampered = tmp_path / "tampered.pdf"
    subprocess.run(
        ["qpdf", str(pdf), "--add-attachment", str(changed), "--key=save_times.csv", "--replace", "--", str(tampered)],
        check=True,
    )
    found = verify(tampered)
    assert found[0].startswith("save_times.csv: its SHA-256")
    assert "save.candidate.mean_s: the report says 94.0, the attached inputs give 90.0" in found
    from report.cli import main

    assert main(["verify", str(tampered)]) == 1


def test_differences_tolerance_and_types():
    assert differences({"a": 1.0, "b": [1, "x"]}, {"a": 1.0 + 1e-12, "b": [1, "x"]}) == []
    assert differences({"a": 1.0}, {"a": 1.001}) == ["a: the report says 1.001, the attached inputs give 1.0"]
    assert differences({"a": None}, {"a": 0}) == ["a: the report says 0, the attached inputs give null"]
    assert differences({"a": [1]}, {"a": [1, 2]}) == ["a: 2 items in the report, 1 recomputed"]
    assert differences({"a": 1}, {}) == ["a: missing from the report's metrics.json"]
    assert json.loads("[]") == []


def test_not_a_report(tmp_path):
    from report.cli import main

    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"not a pdf")
    assert main(["verify", str(junk)]) == 1
    assert main(["verify", str(tmp_path / "missing.pdf")]) == 1
