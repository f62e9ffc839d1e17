"""What built a report: the generator's commit, read however the checkout allows, and said when it cannot be."""

import os
import shutil
import subprocess

import pytest

from report import provenance
from tests.conftest import ROOT

GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A checkout of a generator (report/provenance.py, templates/) with one commit; provenance reads it as its own."""
    top = tmp_path / "generator"
    (top / "report").mkdir(parents=True)
    (top / "templates").mkdir()
    shutil.copy(ROOT / "report" / "provenance.py", top / "report" / "provenance.py")
    (top / "templates" / "page.html").write_text("<p>page</p>\n")
    subprocess.run([*GIT, "init", "-q", str(top)], check=True)
    subprocess.run([*GIT, "-C", str(top), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(top), "commit", "-q", "-m", "one"], check=True)
    head = subprocess.run(
        ["git", "-C", str(top), "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    monkeypatch.setattr(provenance, "ROOT", top)
    return top, head


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="giving the checkout to another user needs root")


@needs_root
def test_a_checkout_of_another_owner_records_its_commit(checkout):
    """Issue 44, W1: git refuses a checkout owned by another user ("dubious ownership"); the build recorded commit
    "unknown" without a word, and no verify could name the commit that built it."""
    top, head = checkout
    for path in (top, *top.rglob("*")):
        os.lchown(path, 65534, 65534)  # nobody's
    refused = subprocess.run(["git", "-C", str(top), "rev-parse", "HEAD"], capture_output=True, text=True)
    assert "dubious ownership" in refused.stderr  # what git says without being told the checkout is safe
    assert provenance._commit() == (head, "")
    (top / "templates" / "page.html").write_text("<p>changed</p>\n")
    assert provenance._commit() == (f"{head}+changes", "")


def test_without_git_the_commit_is_read_from_its_files_and_said_unchecked(checkout, monkeypatch):
    top, head = checkout
    subprocess.run(["git", "-C", str(top), "pack-refs", "--all"], check=True)  # the branch only in packed-refs
    monkeypatch.setenv("PATH", "/nonexistent")
    commit, note = provenance._commit()
    assert commit == f"{head}+unchecked"
    assert note.startswith("git cannot be run (") and note.endswith(
        f"the commit was read from {top}/.git, but whether report/ or templates/ were changed since could not be"
        " checked"
    )


def test_a_copy_that_is_no_checkout_says_so(tmp_path, monkeypatch):
    copy = tmp_path / "copy"
    copy.mkdir()
    monkeypatch.setattr(provenance, "ROOT", copy)
    assert provenance._commit() == (
        "unknown",
        f"{copy} is not a git checkout (a copy or an installed package), so no commit can be recorded",
    )
    prov = provenance.Provenance("0.1.0", "unknown", "3.11", (), "why")
    assert provenance.warning(prov) == (
        "warning: why; the report records the generator's commit as unknown, so verify will not be able to name the"
        " commit that built it"
    )


def test_a_copy_inside_another_repository_does_not_take_its_commit(checkout, monkeypatch):
    """A copy of the generator in a folder that another repository holds (a home folder kept in git)."""
    top, _ = checkout
    inner = top / "vendored"
    shutil.copytree(top / "report", inner / "report")
    monkeypatch.setattr(provenance, "ROOT", inner)
    assert provenance._commit() == (
        "unknown",
        f"{inner} is not a git checkout of the generator (git tracks none of its files in {top})",
    )


def test_the_note_is_no_part_of_what_a_report_records():
    prov = provenance.Provenance("0.1.0", "unknown", "3.11", (), "git is missing")
    assert prov == provenance.Provenance("0.1.0", "unknown", "3.11", ())
    assert "note" not in prov.to_dict()


def test_verify_of_a_report_that_records_no_commit_says_why_and_what_to_do():
    """Issue 44, W1: verify advised checking out "the commit of version 0.1.0", which names no commit."""
    from report.verify.check import OtherGenerator

    claimed = provenance.Provenance("0.1.0", "unknown", "3.11", ())
    running = provenance.Provenance("0.1.0", "0123456789ab", "3.11", ())
    assert str(OtherGenerator(claimed, running)) == (
        "built by generator 0.1.0 (commit unknown); this is 0.1.0 (commit 0123456789ab), so it is NOT verified. Its"
        " build could not read the generator's commit (a copy without git, or a checkout git refused), so no checkout"
        " can be named: run verify --figures-only, which checks the figures only, or the verify of the checkout that"
        " built it"
    )
    claimed = provenance.Provenance("0.1.0", "fedcba987654+unchecked", "3.11", ())
    running = provenance.Provenance("0.1.0", "unknown", "3.11", (), "git is missing")
    said = str(OtherGenerator(claimed, running))
    assert "git checkout fedcba987654 in" in said and said.endswith(". This generator's commit: git is missing")


def test_git_s_variables_of_the_caller_do_not_point_it_elsewhere(checkout, tmp_path, monkeypatch):
    """attacks-5: GIT_DIR of the caller's environment (a hook's) made git read another repository's commit."""
    _, head = checkout
    other = tmp_path / "other"
    subprocess.run([*GIT, "init", "-q", str(other)], check=True)
    subprocess.run([*GIT, "-C", str(other), "commit", "-q", "--allow-empty", "-m", "other"], check=True)
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other))
    assert provenance._commit() == (head, "")


def test_a_head_naming_a_file_outside_git_is_not_read(checkout, monkeypatch):
    top, _ = checkout
    (top / ".git" / "HEAD").write_text("ref: ../../secret\n")
    (top.parent / "secret").write_text("0123456789abcdef0123456789abcdef01234567\n")  # .git/../../secret
    assert provenance._head_from_files(top) is None
