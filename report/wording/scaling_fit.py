"""What the law fitted to one side's client sweep says, and what it cannot show (scaling reading 5, M5, m2, m4; reading
7b, minors 6 to 8): its figures, where the sweep stopped, how far one run per count moves the peak, σ and κ, that two
figures fitted to few counts meet the means by construction, and the largest count predicted from the others. Split
from report/wording/scaling.py (its 600-line cap)."""

from __future__ import annotations

import re

from report.compute import scaling_checks as checks
from report.compute import scaling_compare as compare
from report.formatting import PROSE_DIGITS, count, num, p3, pct, sig
from report.i18n import _, join_words, ngettext
from report.wording.base import Words
from report.wording.scaling import clients, counts_words, peak_words, setup_words, side_of
from report.wording.scaling_hosts import sustained_words
from report.wording.scaling_unprojected import local_peak_words, unprojected_words

#: Fitted values within this share of every mean meet them "almost by construction" (two figures on few counts).
ALMOST_EXACT = 0.01
#: σ and κ whose correlation over the refits is at least this strong are said to move against each other.
TIED = 0.8
#: σ and κ printed to two significant digits where the refits give their range: the runs fix them no closer.
PARAM_DIGITS = 2


def fit_words(w: Words, key: str) -> str:
    """What the law fitted to side `key`'s points says, or why it is not fitted."""
    s, name = side_of(w.m, key), w.name(key)
    assert s is not None
    u = s.usl
    if u is None:
        if s.points[0].clients != 1:
            return _(
                "{system}: no run with a single client node, so the Universal Scalability Law is not fitted (its λ is "
                "the one-client mean); the points are shown as they are."
            ).format(system=name)
        return _(
            "{system}: the law needs one client node and at least two other client counts; these runs give {counts}, "
            "so it is not fitted and the points are shown as they are."
        ).format(system=name, counts=counts_words(s))
    # two digits where the refits show the runs fix σ and κ no closer (scaling reading 9, m4: three printed, then
    # disowned)
    digits = PARAM_DIGITS if checks.param_spread(s) is not None else PROSE_DIGITS
    head = _(
        "{system}: the Universal Scalability Law fitted to these points gives λ = {lam} GB/s (the mean with one client "
        "node), contention σ = {sigma} and coherency κ = {kappa}."
    ).format(system=name, lam=sig(u.lambda_gbps), sigma=sig(u.sigma, digits), kappa=sig(u.kappa, digits))
    if not u.describes:
        negative = join_words([g for g, v in (("σ", u.sigma), ("κ", u.kappa)) if v < 0])
        gap = compare.largest_gap(s)
        # its curve follows the points it was fitted to; what it lacks is meaning beyond them (scaling reading 10,
        # minor 3: "does not describe these points" of a curve within 2% of every mean)
        text = (
            _(
                "A negative {which} has no meaning in the law (contention and coherency are costs: they never add "
                "bandwidth), so its parameters cannot be used to extrapolate: its curve lies at most {gap} from the "
                "means over the {most} tested, but means nothing beyond them, and every figure taken from this fit "
                "below is reported as fitted, not as a forecast."
            )
            if gap is not None
            else _(
                "A negative {which} has no meaning in the law (contention and coherency are costs: they never add "
                "bandwidth), so its parameters cannot be used to extrapolate: every figure taken from this fit below "
                "is reported as fitted, not as a forecast."
            )
        )
        shown = text.format(which=negative, gap=p3(100 * gap) if gap is not None else "", most=clients(s.max_clients))
        shown += _faster_than_linear(s) + _stops(s, name)
        sustained = sustained_words(w, key)
        held = _holdout_words(s)  # as for a fit the law describes (scaling reading 11, minor 5)
        return " ".join(x for x in (head, shown, *held, sustained, setup_words(w, key)) if x)
    peak = peak_words(u.peak_clients, u.sigma, u.kappa, s.max_clients)
    said = (head, peak, local_peak_words(w, key), unprojected_words(w, key), *_fit_limits(w, key))
    return " ".join(x for x in said if x)


def _stops(s, name: str) -> str:
    """What the runs show where the law cannot say it (scaling reading 15, m1): the count past which more client nodes
    gave no more bandwidth (`compare.stops_rising`); "" where the means rise to the most tested."""
    found = compare.stops_rising(s)
    if found is None:
        return ""
    top, last = found
    text = _(
        "What the runs show is plain: {system} stops scaling by {top}, its highest mean ({a} GB/s); with {last} "
        "writing it gave {b} GB/s."
    )
    return " " + text.format(
        system=name, top=clients(top.clients), a=sig(top.mean_gbps), last=clients(last.clients), b=sig(last.mean_gbps)
    )


def _test_bed_clients(w: Words) -> int | None:
    """The client nodes of the test bed where [environment] states them as a leading count ("8 client nodes, ..."),
    else None."""
    for label, text in w.config.environment:
        if label.strip().lower() == "clients" and (found := re.match(r"\s*(\d+)\s+client", text)):
            return int(found.group(1))
    return None


def _fit_limits(w: Words, key: str) -> list[str]:
    """What the fit cannot show (scaling reading 5, M5, m2, m4): where the sweep stopped and why, how far one run per
    count moves the peak, that two figures fitted to few counts meet the means by construction, and the one-client
    mean against the sustained bandwidth measured on its own."""
    s = side_of(w.m, key)
    assert s is not None and s.usl is not None
    u, most, out = s.usl, s.max_clients, []
    peak = u.peak_clients
    if _test_bed_clients(w) == most:
        out.append(
            _(
                "The sweep stopped at {most}, all the client nodes of the test bed, not where the storage saturated."
            ).format(most=clients(most))
        )
    elif peak is not None and 1 <= peak <= most:
        out.append(
            _("The sweep stopped at {most}, past the fitted peak: it reached saturation.").format(most=clients(most))
        )
    else:
        out.append(_("The sweep stopped at {most}; it did not reach saturation.").format(most=clients(most)))
    spread = compare.peak_spread(s)
    if spread is not None and spread.low is not None and spread.high is not None:
        # the least and greatest refit, not an interval (scaling reading 7b, minor 7)
        text = ngettext(
            "Refitted to one run per client count ({refits} choice), the peak lies between {low} and {high} client "
            "nodes: the least and the greatest of the refits, a spread of the runs, not a confidence interval.",
            "Refitted to one run per client count ({refits} choices), the peak lies between {low} and {high} client "
            "nodes: the least and the greatest of the refits, a spread of the runs, not a confidence interval.",
            spread.refits,
        ).format(refits=count(spread.refits), low=sig(spread.low), high=sig(spread.high))
        out.append(text)
        out.extend(_param_words(s))
        if spread.without_peak:
            out.append(
                ngettext(
                    "{n} refit gives no peak at all.", "{n} refits give no peak at all.", spread.without_peak
                ).format(n=count(spread.without_peak))
            )
    if peak is not None and peak > most:
        out.append(_("A peak beyond the client nodes tested is poorly constrained by these points."))
    above_one = sum(1 for p in s.points if p.clients > 1)
    gap = compare.largest_gap(s)
    if gap is not None and above_one <= 3 and gap < ALMOST_EXACT:
        out.append(
            ngettext(
                "Two fitted parameters (σ and κ) on {n} client count above one meet the means almost by construction "
                "(at most {gap} apart): the fit passing through them does not show that the law holds.",
                "Two fitted parameters (σ and κ) on {n} client counts above one meet the means almost by construction "
                "(at most {gap} apart): the fit passing through them does not show that the law holds.",
                above_one,
            ).format(n=count(above_one), gap=p3(100 * gap))
        )
        out.extend(_holdout_words(s))
    elif gap is not None and above_one <= 3:
        out.append(
            ngettext(
                "The fitted values lie at most {gap} from the means; two parameters (σ and κ) fitted to {n} client "
                "count above one are a weak test of the law.",
                "The fitted values lie at most {gap} from the means; two parameters (σ and κ) fitted to {n} client "
                "counts above one are a weak test of the law.",
                above_one,
            ).format(gap=p3(100 * gap), n=count(above_one))
        )
        out.extend(_holdout_words(s))
    elif gap is not None:
        out.append(_("The fitted values lie at most {gap} from the means.").format(gap=p3(100 * gap)))
        out.extend(_holdout_words(s))
    bandwidth = w.m.bandwidth.side(key).sustained_gbps
    if (found := sustained_words(w, key)) is not None:
        out.append(found)
    elif s.points[0].clients == 1 and bandwidth > 0:
        text = _(
            "The sustained-bandwidth test (on its own client count, see the data sources) gives {bandwidth} GB/s, "
            "{differ} from the sweep's one-client mean: two tests by different runs, perhaps on different client "
            "counts; this section uses the sweep's."
        )
        differ = pct(100 * abs(u.lambda_gbps - bandwidth) / bandwidth, 1)
        out.append(text.format(bandwidth=sig(bandwidth), differ=differ))
    out.append(setup_words(w, key))
    return out


def _param_words(s) -> list[str]:
    """How far σ and κ move over the one-run-per-count refits, whether they move against each other, and how many
    refits give a σ the law does not allow (scaling reading 7b, minor 6: three digits printed with no spread)."""
    p = checks.param_spread(s)
    if p is None:
        return []
    fields = {
        "s_low": sig(p.sigma_low, PARAM_DIGITS),
        "s_high": sig(p.sigma_high, PARAM_DIGITS),
        "k_low": sig(p.kappa_low, PARAM_DIGITS),
        "k_high": sig(p.kappa_high, PARAM_DIGITS),
        "r": num(p.correlation, 2),
    }
    if p.correlation is not None and p.correlation <= -TIED:
        text = _(
            "Over the same refits σ lies between {s_low} and {s_high} and κ between {k_low} and {k_high}, the one "
            "rising as the other falls (correlation {r}): the runs fix neither more closely than that."
        )
    else:
        text = _(
            "Over the same refits σ lies between {s_low} and {s_high} and κ between {k_low} and {k_high}: the runs "
            "fix neither more closely than that."
        )
    out = [text.format(**fields)]
    if p.negative_sigma:
        out.append(
            ngettext(
                "{n} of the {refits} refits gives a negative σ, which the law does not allow.",
                "{n} of the {refits} refits give a negative σ, which the law does not allow.",
                p.negative_sigma,
            ).format(n=count(p.negative_sigma), refits=count(p.refits))
        )
    return out


def _holdout_words(s) -> list[str]:
    """The largest client count predicted by the law fitted to the others, and by the law without coherency fitted the
    same way (scaling reading 7b, minor 8): what the points can test, and that it stops at the counts tested."""
    h = checks.holdout(s)
    if h is None or h.law_gbps is None or h.amdahl_gbps is None:
        return []
    others = join_words([count(p.clients) for p in s.points if p.clients != h.clients])
    return [
        _(
            "Fitted to {others} client nodes only, the law gives {law} GB/s at {most}, against the runs' mean of "
            "{measured} GB/s there ({gap} apart); without coherency (κ = 0, Amdahl's law), fitted the same way, it "
            "gives {amdahl} GB/s ({gap_amdahl} apart). One count predicted tests the law within the client nodes "
            "tested, not its peak or anything beyond {most}."
        ).format(
            others=others,
            law=sig(h.law_gbps),
            most=clients(h.clients),
            measured=sig(h.measured_gbps),
            gap=p3(100 * abs(h.law_gbps - h.measured_gbps) / h.measured_gbps),
            amdahl=sig(h.amdahl_gbps),
            gap_amdahl=p3(100 * abs(h.amdahl_gbps - h.measured_gbps) / h.measured_gbps),
        )
    ]


def _faster_than_linear(s) -> str:
    """ " A negative σ is how the law fits …" where σ < 0 and some counts drove more per client node than one client
    alone (scaling reading 11b, m2: "no meaning" read as noise; the points rise faster than linear); "" otherwise."""
    u = s.usl
    if u is None or u.sigma >= 0:
        return ""
    above = [p for p in s.points if p.clients > 1 and p.mean_gbps / p.clients > u.lambda_gbps]
    if not above:
        return ""
    text = ngettext(
        "A negative σ is how the law fits a rise faster than linear: with {counts} client node writing, each drove "
        "{shares} of the one-client mean.",
        "A negative σ is how the law fits a rise faster than linear: with {counts} client nodes writing, each drove "
        "{shares} of the one-client mean.",
        above[-1].clients,
    )
    shares = [p3(100 * p.mean_gbps / p.clients / u.lambda_gbps) for p in above]
    return " " + text.format(counts=join_words([count(p.clients) for p in above]), shares=join_words(shares))
