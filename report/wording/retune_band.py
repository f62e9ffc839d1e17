"""Two sentences of the re-tuning reason on page 2: the failure rates at which switching recovers more (both edges of
the band where it has two), and which comparison holds with the outlying runs and without them."""

from __future__ import annotations

from report.formatting import rounded, x3
from report.i18n import _
from report.wording.base import Words


def flip_words(w: Words) -> str:
    """ " Below a per-GPU MTBF of … h …, switching recovers more." where re-tuning wins at the rate set and the
    comparison turns within three decades, or the band with its far edge where it turns back (cold read 7b, A-5: how
    far the rate is from turning it, as a ratio a director weighs; cold read 13b, X: "below 94.6 h" while below about
    20 h re-tuning wins again, the optimal interval floored at the write lag); "" otherwise."""
    m, r = w.m, w.m.reliability
    if m.flip_mtbf_hours is None or not r.tuning_beats_switching:
        return ""
    edge = m.flip_edge_mtbf_hours
    text = (
        _("Below a per-GPU MTBF of {hours} h (a failure rate {ratio} the one this rests on), switching recovers more.")
        if edge is None
        else _(
            "Switching recovers more only at a per-GPU MTBF between {low} h and {hours} h (a failure rate {ratio} to "
            "{far} the one this rests on); below {low} h the work redone at today's interval outweighs the faster "
            "saves, and re-tuning wins again."
        )
    )
    return " " + text.format(
        hours=rounded(m.flip_mtbf_hours),
        ratio=x3(r.gpu_mtbf_hours / m.flip_mtbf_hours),
        low=rounded(edge or 0.0),
        far=x3(r.gpu_mtbf_hours / (edge or 1.0)),
    )


def held_words(w: Words) -> str:
    """Where re-tuning recovers as much with the outlying runs and without them: that this comparison holds, and, where
    the gates' verdict turns on the runs, that only the verdict does (Chinese reading 13b, Y 12: "this conclusion holds
    with or without the run" beside "without it the verdict changes" read as a contradiction); "" otherwise."""
    m = w.m
    if not (m.retune_without_outliers and w.findings.has("outliers_decide")):
        return ""
    turns = m.without_outliers is not None and m.without_outliers.verdict_status != m.verdict.status
    text = (
        _(
            "This comparison of re-tuning with switching holds with the outlying runs and without them; only the "
            "gates' verdict turns on them."
        )
        if turns
        else _(
            "This comparison of re-tuning with switching holds with the outlying runs and without them, so their cause "
            "does not change it."
        )
    )
    return " " + text


def implied_rate_words(w: Words, page_one: bool = False) -> str:
    """ " The record says today's interval was set from the cluster's failure rate: … it implies a per-GPU MTBF of about
    … h, a failure rate … the … h this analysis rests on." where the `interval_rate` finding holds (cold read 19,
    Z-M1): said once beside the rate in the failures section, and on page 1 only where re-tuning's comparison with
    switching turns between the two rates; "" otherwise."""
    found = w.findings.get("interval_rate")
    if found is None or (page_one and not found["turns"]):
        return ""
    fields = {
        "baseline": w.name("baseline"),
        "implied": rounded(found["implied_hours"]),
        "rate": rounded(w.m.reliability.gpu_mtbf_hours),
        "ratio": x3(found["ratio"]),
    }
    if page_one:
        text = _(
            "Today's interval, as the optimal interval on {baseline}, implies about {implied} h, where switching wins."
        )
    else:
        text = _(
            "The record says today's interval was set from the cluster's failure rate: as the optimal interval on "
            "{baseline}, it implies a per-GPU MTBF of about {implied} h, a failure rate {ratio} the {rate} h this "
            "analysis rests on."
        )
    return " " + text.format(**fields)
