"""What limits how the two sweeps compare, said where their ratios are (scaling reading 14, m5: MR-40's 2 runs a count
against OrangeFS's 3, under the 4 agreed for this test, and its sweep's record of a failed run and a window with half
the job's nodes back in production, left in the environment table): the runs behind each side's points against the
runs per system the test asks for, and the environment's record of the sweeps, printed as given."""

from __future__ import annotations

import re

from report.compute import SIDES
from report.compute.scaling_figures import ScalingSide
from report.formatting import count
from report.i18n import _, join_clauses, ngettext
from report.wording.base import Words
from report.wording.scaling import SWEEP_LINE, side_of


def _runs(s: ScalingSide) -> str:
    """ "2 runs at each count", "2 to 3 runs a count"."""
    low, high = min(p.runs for p in s.points), max(p.runs for p in s.points)
    if low == high:
        return ngettext("{n} run at each count", "{n} runs at each count", low).format(n=count(low))
    return _("{low} to {high} runs a count").format(low=count(low), high=count(high))


def _runs_words(w: Words) -> str:
    """Each side's runs a count where a side has fewer at some count than the runs per system the test asks for."""
    sides = {key: s for key in SIDES if (s := side_of(w.m, key)) is not None}
    if len(sides) != 2:
        return ""
    least = w.config.gates.min_runs
    short = [key for key, s in sides.items() if min(p.runs for p in s.points) < least]
    if not short:
        return ""
    values = {
        "candidate": w.name("candidate"),
        "baseline": w.name("baseline"),
        "c_runs": _runs(sides["candidate"]),
        "b_runs": _runs(sides["baseline"]),
        "least": count(least),
    }
    # as the bandwidth section says its own runs against the saves' rule (the gates hold only the saves to it)
    values["source"] = (
        _("agreed for this test")
        if not w.config.is_default("gates.min_runs")
        else _("a reference value, not agreed with the customer")
    )
    if len(short) == 2:
        text = _(
            "{candidate}'s sweep has {c_runs}, {baseline}'s {b_runs}, fewer than the {least} runs per system the saves "
            "require ({source}): no gate holds the sweep to a rule, so its means stand on fewer runs than the save "
            "times."
        )
    else:
        values["system"] = w.name(short[0])
        text = _(
            "{candidate}'s sweep has {c_runs}, {baseline}'s {b_runs}; {system}'s are fewer than the {least} runs per "
            "system the saves require ({source}): no gate holds the sweep to a rule, so those means stand on fewer "
            "runs than the save times."
        )
    return text.format(**values)


#: An [environment] line of how the clients reach the storage: its protocol, transport or network (scaling reading 16,
#: M3: the sweep's ratios quoted without "NFS v4.1 over TCP" against "RDMA (RoCE v2)").
PATH_LINE = re.compile(r"protocol|network|fabric|transport|access path|协议|网络|访问路径", re.IGNORECASE)


def _record_words(w: Words) -> str:
    """The test environment's lines about the sweep and the systems' access paths, printed as given, where it has any;
    with a path line, that each ratio of the sweep measures the storage with its access path."""
    lines = [(label, text) for label, text in w.config.environment if SWEEP_LINE.search(f"{label} {text}")]
    paths = [(label, text) for label, text in w.config.environment if PATH_LINE.search(label)]
    lines += [line for line in paths if line not in lines]
    if not lines:
        return ""
    quoted = join_clauses([_("“{label}: {text}”").format(label=label, text=text) for label, text in lines])
    text = _(
        "What differs between the two sweeps' conditions bears on every ratio above; the test environment records of "
        "them: {quoted}."
    ).format(quoted=quoted)
    if paths:
        text += " " + _(
            "Each ratio of the sweep therefore measures the storage together with its access path, not the storage "
            "alone."
        )
    return text


def conditions_words(w: Words) -> list[str]:
    """The sentences on what limits how the two sweeps compare; [] where nothing does that the record shows."""
    return [x for x in (_runs_words(w), _record_words(w)) if x]
