"""A side local to each node projected along its line outside the node parts it was fitted over (compute/node_line.py;
scaling reading 20, AC-m4), worded: how few parts the line runs through, from which node counts, and how far outside
them the projection lies."""

from __future__ import annotations

from report.document.blocks import Para
from report.formatting import count, sig
from report.i18n import _, join_words
from report.wording.base import Words


def node_line_notes(w: Words) -> list[Para]:
    """One warning per projection and side whose line is used outside its node parts; none otherwise."""
    out = []
    for found in w.findings.each("node_line_outside"):
        fields = {
            "system": found["system"],
            "points": count(found["points"]),
            "low": sig(found["low_gb"]),
            "high": sig(found["high_gb"]),
            "nodes": join_words([count(n) for n in found["nodes"]]),
            "projection": found["projection"],
            "at": sig(found["at_gb"]),
            "outside": sig(found["outside_gb"]),
            "time": sig(found["time_s"]),
        }
        text = (
            _(
                "{system}'s line runs through {points} node parts only, {low} and {high} GB, from saves on {nodes} "
                "nodes. At “{projection}” it is used at {at} GB a node, {outside} GB outside them: its {time} s is an "
                "extrapolation from those two saves, with no range, and the line's slope takes in the change in node "
                "count between them as well as the part's size."
            )
            if found["points"] == 2 and len(found["nodes"]) > 1
            else _(
                "{system}'s line runs through {points} node parts only, from {low} to {high} GB. At “{projection}” it "
                "is used at {at} GB a node, {outside} GB outside them: its {time} s is an extrapolation from those "
                "saves, with no range."
            )
        )
        out.append(w.p(text.format(**fields), "save_times", style="warning"))
    return out
