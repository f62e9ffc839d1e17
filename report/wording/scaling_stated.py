"""The claim a joint test weighs its client sweep against ([scaling] in test.toml: a range of the candidate's advantage
and who made it), and where a ratio lies against it. Without one the sweep is graded against nothing: a report cites
no claim its joint test did not make (field test 8, major 1: "the white paper's 1.5–2×" on a test with no white
paper)."""

from __future__ import annotations

from report.formatting import given
from report.i18n import _
from report.inputs.specs import ScalingClaim
from report.wording.base import Words


def stated(w: Words) -> ScalingClaim | None:
    """The claim test.toml states, None when it states none."""
    return w.config.scaling_claim


def below(c: ScalingClaim | None, ratio: float) -> bool:
    """Whether a ratio lies below the claimed range (never without a claim)."""
    return c is not None and ratio < c.low


def fields(c: ScalingClaim) -> dict[str, str]:
    """The claim's ends as test.toml writes them and who made it, for the sentences that name it."""
    return {"low": given(c.low), "high": given(c.high), "source": c.source}


def verdict(c: ScalingClaim, ratio: float) -> str:
    """Where a ratio lies against the claim."""
    if ratio < c.low:
        return _("below the claimed range")
    if ratio <= c.high:
        return _("within the claimed range")
    return _("above the claimed range")


def intro(c: ScalingClaim | None) -> list[str]:
    """The claim under test and whose it is, as the section opens its answer; nothing without a claim."""
    if c is None:
        return []
    text = _(
        "The claim under test comes from {source}, not from this test's records: the candidate keeps a {low}–{high}× "
        "write-bandwidth advantage when many client nodes write at once. It is weighed here against this test's "
        "baseline; no gate covers it, so it is not in the verdict."
    )
    return [text.format(**fields(c))]


def judged(c: ScalingClaim | None, ratio: float, with_claim: str, plain: str, values: dict[str, str]) -> str:
    """`with_claim` (a sentence with {verdict}) where a claim is stated, `plain` (the same without it) where none is."""
    return plain.format(**values) if c is None else with_claim.format(verdict=verdict(c, ratio), **values)
