"""The words of what the record says of who ran the test and of the baseline's state during the runs
(report/compute/record_facts.py decides both): the statement's sentence on a testing party that is the candidate's
vendor, and the next step that asks for a baseline in service's state during the runs."""

from __future__ import annotations

from report.compute.record_clauses import clauses
from report.compute.record_facts import maker
from report.document.blocks import Para
from report.formatting import count
from report.i18n import _, ngettext
from report.wording.base import Words


def independence(w: Words) -> tuple[str, str] | None:
    """Where the candidate's vendor ran the test (zh reading 17, V M3, W M7): the statement's sentence on who ran it,
    the tester named with the maker it belongs to, and the record's line on witnessing or that none is recorded; None
    otherwise. Short: the formal cover holds no line more (a revision history and two-line parties,
    tests/sections/test_formal.py)."""
    found = w.findings.get("tester_is_vendor")
    if found is None:
        return None
    r = w.config.report
    # the maker as this edition's name of the candidate spells it ("Lanshi" in English, "岚石" in Chinese)
    fields = {"tester": r.tested_by, "candidate": w.name("candidate"), "maker": maker(w.name("candidate"))}
    ran = (
        _(
            "{tester}, part of {maker}, the candidate's maker, ran the test and is responsible for the measurements "
            "it records; figures taken from other sources are printed as given, with their sources."
        )
        if fields["maker"]
        else _(
            "{tester}, the candidate's vendor, ran the test and is responsible for the measurements it records; "
            "figures taken from other sources are printed as given, with their sources."
        )
    ).format(**fields)
    if found["witnessed"] is not None:
        where, key = found["witnessed"]
        line = w.config.environment[key][1] if where == "environment" else w.config.sources[key]
        return ran, _("On witnessing, the test record gives: “{line}”.").format(line=line)
    return ran, _("Witnessing is not recorded.")


def in_service_step(w: Words) -> str:
    """The next step for a baseline in service whose state during the runs the record does not give (cold read 17,
    W-M2), first among the steps: the counter-argument a sceptic raises first; "" otherwise."""
    if not w.findings.has("baseline_in_service"):
        return ""
    return _(
        "Record what else ran on {baseline} during the runs (other jobs and tenants), the state of its caches and the "
        "pool or export the checkpoints were written to, or time it again in a quiet window: it is a system in "
        "service, and a sceptic asks first whether its own service slowed its saves, which would make the speedup "
        "larger than a quiet {baseline} gives."
    ).format(baseline=w.name("baseline"))


def staging_unverified_note(w: Words) -> Para | None:
    """Under the environment the setup prints: the staging line's count of saves against the attached save times'
    (finding staging_unverified; zh reading 18, X-M6), and that the staging times are therefore not verified."""
    found = w.findings.get("staging_unverified")
    if found is None:
        return None
    label = w.config.environment[found["line"]][0]
    if found["model"] is None:
        text = ngettext(
            "The “{label}” line above gives the staging times over {said} save; the attached save times hold {rows}. "
            "The staging times are not verified by any attached record.",
            "The “{label}” line above gives the staging times over {said} saves; the attached save times hold {rows}. "
            "The staging times are not verified by any attached record.",
            found["said"],
        )
    else:
        text = ngettext(
            "The “{label}” line above gives the staging times over {said} save of {model}; the attached save times "
            "hold {rows} of it. The staging times are not verified by any attached record.",
            "The “{label}” line above gives the staging times over {said} saves of {model}; the attached save times "
            "hold {rows} of it. The staging times are not verified by any attached record.",
            found["said"],
        )
    fields = {"label": label, "said": count(found["said"]), "rows": count(found["rows"])}
    return Para(text.format(model=found["model"], **fields), "note")


def tested_line(w: Words) -> str:
    """The decision page's head on who ran the test (finding test_party; zh reading 19, AA-M2): the testing party as
    the record names it, the candidate's maker where it belongs to it, and the record's witnessing clause in its own
    words or that witnessing is not recorded; "" where the record names no testing party."""
    found = w.findings.get("test_party")
    if found is None:
        return ""
    r = w.config.report
    fields = {"tester": r.tested_by if r else "", "maker": found["maker"]}
    tester = (_("{tester}, part of the candidate's maker {maker}") if found["maker"] else "{tester}").format(**fields)
    if found["witnessed"] is None:
        return _("{tester}; witnessing is not recorded").format(tester=tester)
    where, key = found["witnessed"]
    line = w.config.environment[key][1] if where == "environment" else w.config.sources[key]
    said = clauses(line)[found["clause"]] if clauses(line) else line
    return _("{tester}; the record gives: “{said}”").format(tester=tester, said=said.rstrip("。."))
