"""The repository's docs stand alone (field test 5, m6): they point to no file outside the repository, such as the
team's contract, which a user of the project does not have; the repo's own pages describe the keys."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_doc_points_to_a_contract_outside_the_repository():
    pages = [
        ROOT / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
        *sorted((ROOT / "examples").glob("*/README.md")),
    ]
    found = [
        f"{page.relative_to(ROOT)}:{number}"
        for page in pages
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if "CONTRACT.md" in line or "../shared/" in line
    ]
    assert found == []  # docs/readings/ are records of what readers saw, kept as written
