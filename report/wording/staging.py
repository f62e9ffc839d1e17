"""Where an asynchronous job's training-time figures differ only by the staging times the test setup gives, not by
the storage's writes, which finish within the interval (cold read 9, J-B1; Chinese reading 9, J-B1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from report.document.spoken import said
from report.formatting import given, p3, s3
from report.i18n import _
from report.wording.decisions import staging_alone, writes_hidden
from report.wording.phrases import sooner

if TYPE_CHECKING:
    from report.compute import Metrics
    from report.wording.base import Words


def staging_cause(m: Metrics) -> str:
    """The sentence that says where the difference comes from, "" where the storage's writes make it."""
    if not staging_alone(m):
        return ""
    a, r = m.async_, m.reliability
    return _(
        "The training-time difference comes from the staging times given in the test setup ({candidate} against "
        "{baseline} a save, not among the attached records), not from the storage's writes: both finish within the "
        "{tau} of compute between saves."
    ).format(candidate=s3(a.candidate.staging_s), baseline=s3(a.baseline.staging_s), tau=s3(r.interval_s))


def staging_note(m: Metrics) -> str:
    """A page-1 tile's short form of it, "" where the storage's writes make the difference."""
    return _("from the staging times given, not the storage") if staging_alone(m) else ""


def faster_save_changes_nothing(m: Metrics) -> str:
    """ "A faster save would not change it: …" where the writes are hidden, "" otherwise (cold read 9, J-M1: page 1
    offered 11.5 s saves for a gate, a speed that changes no training time)."""
    if not writes_hidden(m):
        return ""
    return _(
        "A faster save would not change it: both writes already finish within the {tau} of compute between saves, so "
        "no save speed changes training time at today's interval."
    ).format(tau=s3(m.reliability.interval_s))


def staging_loss(m: Metrics) -> str:
    """Page 1's value line's short form of `staging_cause` (the verdict above it says it in full), "" where the
    storage's writes make the difference."""
    return _("That loss comes from the staging times given, not from the storage.") if staging_alone(m) else ""


def staging_differs(w: Words) -> str:
    """Where the staging times agreed for the test differ by side and a write stalls training, how much of the
    training-time difference the assumed staging makes: the run with the baseline's staging on both sides (cold read
    10, Q-m3). "" otherwise."""
    found = w.findings.get("staging_differs")
    if found is None:
        return ""
    text = _(
        "The staging times given for this test differ by system ({baseline} on {baseline_system}, {candidate} on "
        "{candidate_system}; from the test setup, not the attached records), though staging copies the training "
        "state to host memory and does not touch the storage: with {baseline} on both, training would finish "
        "{equal} on {candidate_system}, not as above. Time the staging on each system before relying on the "
        "difference."
    ).format(
        baseline=s3(found["baseline_s"]),
        candidate=s3(found["candidate_s"]),
        baseline_system=w.name("baseline"),
        candidate_system=w.name("candidate"),
        equal=sooner(found["equal_staging_reduction_pct"]),
    )  # today's figure is the sentence's above: a decision figure said once more would be its fifth (customer pages)
    if found["decides_g4"]:  # cold read 13, X-M1: the conclusion the figures give, drawn
        text += " " + _(
            "That is below G4's {target}% target: G4 passes on the staging times given, not on the storage's writes."
        ).format(target=given(found["target_pct"]))
    return said(found, text)


def staging_tile(w: Words, tile_id: str) -> str:
    """A page-1 tile's note where the staging times given differ by system and move its figure (the finding
    staging_differs, asynchronous saves): staging is a trainer setting (host memory), not the storage, and the training
    tile gives the run's change with the baseline's staging on both (cold read 13b, X-M2: "6.74%" with 5.36% under
    equal staging, said beside the verdict only). "" elsewhere."""
    found = w.findings.get("staging_differs")
    if found is None or w.m.checkpoint_mode != "async" or tile_id not in ("bubble", "training", "ettr"):
        return ""
    if tile_id == "training":
        return _("{equal} with equal staging, a trainer setting").format(
            equal=p3(abs(found["equal_staging_reduction_pct"]))
        )
    return _("staging differs by system, a trainer setting")
