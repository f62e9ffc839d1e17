"""Decisions the wording makes from the figures, in one place: thresholds and the tiles' gates."""

from __future__ import annotations

# Beyond this multiple of the largest measured checkpoint a projection is an extrapolation to measure.
FAR_EXTRAPOLATION = 1.5
# Effective throughput of at least this share of sustained bandwidth is consistent with a bandwidth-bound save.
BANDWIDTH_BOUND_SHARE_PCT = 80.0
# The gates each headline tile depends on: a tile is marked while one of them fails or lacks data.
TILE_GATES = {
    "speedup": ("G1", "G2", "G3"),
    "per-save": ("G1", "G2", "G3"),
    "bubble": ("G1", "G2", "G4"),
    "training": ("G4",),
    "capacity": ("G4",),
    "loading": (),
}
