"""The risks and limits of gates that pass, stated first: a pass by a hair, and a pass that rests on thresholds other
than the usual ones, which the test's record does not date before the runs (cold read 12, W-M3: G3 against a 2.51×
target with the interval's low end at 2.518×, G1 and G2 under a spread limit raised to 7.5% with spreads of 5.89% and
5.26%; test.toml gives the thresholds, never when or by whom they were agreed). Worded as the lab's own statement,
under a heading of its own, not as a reader's question (cold read 13b, Y-m1: "A sceptic asks first" read as the tool's
commentary)."""

from __future__ import annotations

from report.compute import Metrics
from report.compute.agreement import targets_agreed_on
from report.formatting import figure_of, given, holds, p3, sig
from report.i18n import _, date, join_words, ngettext
from report.inputs.specs import TestConfig, Thresholds
from report.wording.reference import unagreed_default

#: A pass whose figure lies within this share (%) above its threshold is one a sceptic questions first.
NARROW_PCT = 5.0


def _status(m: Metrics, gate_id: str) -> str:
    return next(g.status for g in m.gates if g.id == gate_id)


def narrow_margin(m: Metrics, cfg: TestConfig, gate_id: str) -> str:
    """ "by only 0.327% (the interval's low end 2.518×)": a G3 or G4 pass within NARROW_PCT of its threshold, with its
    margin; "" for any other gate or pass."""
    g = cfg.gates
    ci = m.save.speedup_ci95
    if gate_id == "G3" and _status(m, "G3") == "pass" and ci is not None:
        margin = 100 * (ci[0] / g.target_speedup - 1)
        if margin < NARROW_PCT:  # four digits: three print the target itself
            return _("by only {margin} (the interval's low end {low}×)").format(margin=p3(margin), low=sig(ci[0], 4))
    reduction, target = m.bubble.duration_reduction_pct, g.target_duration_reduction_pct
    if gate_id == "G4" and _status(m, "G4") == "pass" and 100 * (reduction / target - 1) < NARROW_PCT:
        # a margin on a percentage is a difference in points, not a share of the target (cold read 13b, Y-m2: "by
        # only 0.630%" read as 0.63 points), with the reduction at the digits that give it back against the target
        points = sig(reduction - target)
        shown = next(
            (sig(reduction, d) for d in range(3, 8) if holds(figure_of(sig(reduction, d)) - target, points)),
            sig(reduction, 8),
        )
        return _("by only {points} percentage points ({reduction}% against {target}%)").format(
            points=points, reduction=shown, target=given(target)
        )
    return ""


def _narrow(m: Metrics, cfg: TestConfig) -> list[str]:
    """The passes within NARROW_PCT of their threshold: G3 (the interval's low end against the target) and G4 (the
    training-time reduction against its target), each with its margin."""
    g, out = cfg.gates, []
    if margin := narrow_margin(m, cfg, "G3"):
        out.append(_("G3 clears its {target}× target {margin}").format(target=given(g.target_speedup), margin=margin))
    if margin := narrow_margin(m, cfg, "G4"):
        out.append(
            _("G4 clears its {target}% target {margin}").format(
                target=given(g.target_duration_reduction_pct), margin=margin
            )
        )
    return out


def hinged_thresholds(m: Metrics, cfg: TestConfig) -> tuple[str, ...]:
    """The threshold keys given for this test, other than the usual ones, that a pass rests on: a spread limit raised
    above the usual one that G1 or G2 passes only under, a G3 or G4 target a pass clears only because it is lower than
    the usual one, or one it clears narrowly. The summary's risks and the assumptions table's "undated" both come from
    this one list (cold read 13b, Y-B1: "Agreed for this test" in the table, "not shown agreed before the test" in the
    text)."""
    g, usual, out = cfg.gates, Thresholds(), []
    if any(
        _status(m, gate) == "pass" and side.cv_pct is not None and side.cv_pct > usual.max_cv_pct
        for gate, side in (("G1", m.save.baseline), ("G2", m.save.candidate))
    ) and not cfg.is_default("gates.max_cv_pct"):
        out.append("gates.max_cv_pct")
    ci = m.save.speedup_ci95
    if (
        _status(m, "G3") == "pass"
        and ci is not None
        and not cfg.is_default("gates.target_speedup")
        and g.target_speedup != usual.target_speedup
        and (ci[0] < usual.target_speedup or 100 * (ci[0] / g.target_speedup - 1) < NARROW_PCT)
    ):
        out.append("gates.target_speedup")
    reduction, target = m.bubble.duration_reduction_pct, g.target_duration_reduction_pct
    if (
        _status(m, "G4") == "pass"
        and not cfg.is_default("gates.target_duration_reduction_pct")
        and target != usual.target_duration_reduction_pct
        and (reduction < usual.target_duration_reduction_pct or 100 * (reduction / target - 1) < NARROW_PCT)
    ):
        out.append("gates.target_duration_reduction_pct")
    return tuple(out)


def undated_thresholds(m: Metrics, cfg: TestConfig) -> tuple[str, ...]:
    """`hinged_thresholds` where the test record gives no date for the targets' agreement (`targets_agreed_on`), else
    none: a target the record dates is not called undated (cold read 16, T-M1)."""
    return () if targets_agreed_on(cfg) is not None else hinged_thresholds(m, cfg)


def _hinges(m: Metrics, cfg: TestConfig) -> list[str]:
    """`hinged_thresholds` in words, each with the default it replaces and whose that is (`unagreed_default`)."""
    g, usual, keys = cfg.gates, Thresholds(), hinged_thresholds(m, cfg)
    out = []
    if "gates.max_cv_pct" in keys:
        spread = [
            gate
            for gate, side in (("G1", m.save.baseline), ("G2", m.save.candidate))
            if _status(m, gate) == "pass" and side.cv_pct is not None and side.cv_pct > usual.max_cv_pct
        ]
        out.append(
            _("{gates}'s {value}% spread limit (in place of {usual})").format(
                gates=join_words(spread),
                value=given(g.max_cv_pct),
                usual=unagreed_default(f"{given(usual.max_cv_pct)}%"),
            )
        )
    if "gates.target_speedup" in keys:
        out.append(
            _("G3's {value}× target (in place of {usual})").format(
                value=given(g.target_speedup), usual=unagreed_default(f"{given(usual.target_speedup)}×")
            )
        )
    if "gates.target_duration_reduction_pct" in keys:
        out.append(
            _("G4's {value}% target (in place of {usual})").format(
                value=given(g.target_duration_reduction_pct),
                usual=unagreed_default(f"{given(usual.target_duration_reduction_pct)}%"),
            )
        )
    return out


def risks_title() -> str:
    """The heading over `sceptic_note`'s statement."""
    return _("Risks and limits of this comparison")


def sceptic_note(m: Metrics, cfg: TestConfig) -> str:
    """The risks of the gates that pass, stated first: the narrow margins and the thresholds they rest on; "" where no
    pass is narrow and none rests on a threshold other than the usual one. Page 1's gate line gives the margins
    (`narrow_margin`); the summary states this under `risks_title`, beside its verdict."""
    sentences = []
    if narrow := _narrow(m, cfg):
        sentences.append(_("These passes are narrow: {points}.").format(points=_("; ").join(narrow)))
    agreed = targets_agreed_on(cfg)
    if (hinges := _hinges(m, cfg)) and agreed is not None:
        sentences.append(
            ngettext(
                "{thresholds} is agreed for this test; the test record dates that agreement {date}.",
                "{thresholds} are agreed for this test; the test record dates that agreement {date}.",
                len(hinges),
            ).format(thresholds=join_words(hinges), date=date(agreed))
        )
    elif hinges:
        sentences.append(
            ngettext(
                # the assumptions table's term for the same thresholds (cold read 13b, Y-B1)
                "{thresholds} is agreed for this test and undated: nothing in the test record shows it agreed before "
                "the runs.",
                "{thresholds} are agreed for this test and undated: nothing in the test record shows them agreed "
                "before the runs.",
                len(hinges),
            ).format(thresholds=join_words(hinges))
        )
    return " ".join(sentences)
