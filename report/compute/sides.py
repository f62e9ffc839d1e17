"""The two save sides, baseline then candidate, and figures reached by side name."""

from __future__ import annotations

SIDES = ("baseline", "candidate")


class TwoSided:
    """Figures with a `.baseline` and a `.candidate` (fields or views), also reached by side name: one mapping."""

    def side(self, name: str):
        """The baseline's or the candidate's figures by side name ("baseline" or "candidate")."""
        if name not in SIDES:
            raise ValueError(f"a side is one of {', '.join(SIDES)}, got {name!r}")
        return getattr(self, name)

    def sides(self) -> tuple:
        """Baseline, then candidate."""
        return (self.side("baseline"), self.side("candidate"))
