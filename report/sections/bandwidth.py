"""Sustained write bandwidth beside the effective save throughput."""

from __future__ import annotations

from report.compute import scaling_compare as compare
from report.document.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.formatting import (
    count,
    gb,
    p3,
    s3,
    sig,
    spread,
    x3,
)
from report.i18n import _, join_words, ngettext
from report.inputs.runs import FEW_SAMPLES, both_sustained, ramping, sparse, steady_means
from report.wording.base import Words
from report.wording.client_links import clients_note, links_note
from report.wording.copies import bandwidth_words
from report.wording.log_span import short_log
from report.wording.phrases import (
    each_named,
    pct_change,
)
from report.wording.scaling import clients
from report.wording.scaling_hosts import bandwidth_clients
from report.wording.statements import sources_by_system, tool_timed

ID = "bandwidth"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("bandwidth", "throughput")


def build(w: Words) -> Section:
    m = w.m
    bw, a = m.bandwidth, m.audit
    rows = []
    for key, side, save, audit in ((v.key, v.bandwidth, v.save, v.audit) for v in w.sides):
        # one node's part where the system is local to each node and the job spans nodes (cold read 22, M2)
        part = m.node_part(key)
        rows.append(
            (
                side.system,
                str(side.runs),
                count(side.samples),
                spread(side.sustained_gbps, side.stdev_gbps),
                # no warm-up to leave out of a short run's log; a ramp's steady state is its own (the text says it)
                "–" if sparse(side) else sig(side.steady_gbps),
                sig(save.effective_gbps if part is None else part.job_gbps),
                p3(audit.effective_share_pct if part is None else part.job_share_pct),
            )
        )
    table = Table(
        "bandwidth",
        _("Sustained write bandwidth beside the effective save throughput")
        if both_sustained(bw)
        else _("Write bandwidth beside the effective save throughput"),
        (
            Column(_("System"), False),
            Column(_("Runs")),
            Column(_("Samples")),
            Column(_("All samples GB/s (± sd over runs)")),
            Column(_("Steady state GB/s")),
            Column(_("Effective save GB/s")),
            Column(_("Effective ÷ all samples")),
        ),
        tuple(rows),
        (
            _(
                "All samples: the mean of each run's samples, then the mean over runs (the sustained bandwidth, as "
                "Appendix B defines it). Steady state: the same without each run's warm-up, the samples before the "
                "first one at 90% of the run's median. Effective: checkpoint size ÷ mean save time."
            )
            if both_sustained(bw)
            else _(
                "All samples: the mean of each run's samples, then the mean over runs (the sustained bandwidth where "
                "a system's runs show one: see above). Steady state: the same without each run's "
                "warm-up, the samples before the first one at 90% of the run's median (a dash where runs of fewer than "
                "{few} samples are too short to show one). Effective: checkpoint size ÷ mean save time."
            ).format(few=FEW_SAMPLES)
        )
        + _node_parts_note(w),
        illustrative=w.marked("bandwidth", "save_times"),
    )
    # A run of one or two samples shows neither a sustained rate nor a warm-up (third cold read, m-13): a system is
    # sparse when any of its runs is that short.
    sparse_sides = [side for side in w.sides if _short_runs(side.bandwidth)]
    first = (
        _("{candidate}'s write bandwidth averages {candidate_bw} GB/s against {baseline_bw} GB/s, {change}.")
        if not both_sustained(bw)
        else _("{candidate} sustains {candidate_bw} GB/s against {baseline_bw} GB/s, {change}.")
    )
    # one node's bandwidth against a whole system's is no comparison: said instead of the change (Chinese reading 20,
    # M3: "344% higher", then "not like for like")
    notes = _one_node(w) or [
        w.p(
            first.format(
                candidate=bw.candidate.system,
                candidate_bw=sig(bw.candidate_gbps),
                baseline_bw=sig(bw.baseline_gbps),
                change=pct_change(bw.improvement_pct, w.m.audit.bandwidth_ratio),
            ),
            "bandwidth",
        )
    ]
    notes += _equal_clients(w) if not _one_node(w) else []
    notes += clients_note(w)  # no client sweep: whose limit the figure is, and the clients' links (cold read 13b)
    notes += links_note(w)  # each system's saves a node against its own links (cold read 14c, P-M4)
    notes += _few_runs(w)
    # logs that are copies, not measurements, said beside the figures they undermine (cold read 5, O1/N1)
    notes += [w.p(text, "bandwidth", style="warning") for text in bandwidth_words(w)]
    notes += _mixed_runs(w)
    notes += short_log(w)  # a log shorter than the run length its note states (cold read 20, AC-M3)
    # a short run's log shows no warm-up its table cell could leave out: nor does the text (cold read 11, M3)
    ramps = [
        (side.key, side.bandwidth) for side in w.sides if side.bandwidth.warmup_samples and not sparse(side.bandwidth)
    ]
    for i, (key, s) in enumerate(ramps):
        # both means, no percentage: "3.19 GB/s, 1.35% more" could not be recomputed from the printed 3.19 and 3.14
        # (cold read 19, m8); where they print alike, said so
        same = sig(s.steady_gbps) == sig(s.sustained_gbps)
        text = (
            _(
                "{system}'s log opens with a warm-up: {warmup}; without it the mean is still {steady} GB/s to three "
                "significant digits."
            )
            if same
            else _(
                "{system}'s log opens with a warm-up: {warmup}; without it the mean is {steady} GB/s against {mean} "
                "GB/s with it."
            )
        )
        # what a warm-up means for a save, said once (Chinese reading 22, m7: the same sentence after each system's)
        caveat = (
            " " + _("A save sees mostly the steady state only if it lasts much longer than the warm-up.")
            if i == 0
            else ""
        )
        notes.append(
            w.p(
                text.format(
                    system=s.system,
                    warmup=_warmup_words(w, s),
                    steady=sig(s.steady_gbps),
                    mean=sig(s.sustained_gbps),
                )
                + caveat
                + _ramp_words(s),
                "bandwidth",
                side=key,
            )
        )
    if sparse_sides:
        notes += [w.p(text, "bandwidth") for text in _sparse_words(sparse_sides)]
    elif not ramps:
        notes.append(
            w.p(_("No run opens with a warm-up ramp: the steady-state means equal the all-sample means."), "bandwidth")
        )
    notes.append(
        _node_shares(w)
        or w.p(
            (
                _(
                    "Of the sustained bandwidth, the saves reach {shares}; the consistency audit below weighs what "
                    "that means."
                )
                if both_sustained(bw)
                else _(
                    "Of the write bandwidth this test logged, the saves reach {shares}; the consistency audit below "
                    "weighs what that means."
                )
            ).format(
                shares=each_named(
                    p3(a.baseline.effective_share_pct),
                    w.name("baseline"),
                    p3(a.candidate.effective_share_pct),
                    w.name("candidate"),
                )
            ),
            "bandwidth",
            "save_times",
        )
    )
    notes += _tool_rates(w)
    return Section(
        ID,
        _("Sustained write bandwidth") if both_sustained(bw) else _("Write bandwidth"),
        (*notes, table, w.figure("bandwidth"), w.figure("throughput")),
    )


def _few_runs(w: Words) -> list[Para]:
    """Bandwidth runs fewer than the saves' rule asks of each system (cold read 5b, M14/A-19/M-21: three 40 s
    runs beside a five-run rule, never said): the bandwidth is held to no gate, so the reader is told."""
    needed = w.config.gates.min_runs
    runs = [side.bandwidth.runs for side in w.sides]
    if min(runs) >= needed:
        return []
    text = (
        ngettext(
            "The bandwidth rests on {runs} run on each system, fewer than the {needed} the saves require: no "
            "gate holds it to a rule, so its means stand on fewer runs than the save times.",
            "The bandwidth rests on {runs} runs on each system, fewer than the {needed} the saves require: no "
            "gate holds it to a rule, so its means stand on fewer runs than the save times.",
            runs[0],
        )
        if runs[0] == runs[1]
        else _(
            "The bandwidth rests on {baseline} runs on {baseline_system} and {candidate} on "
            "{candidate_system}, fewer than the {needed} the saves require: no gate holds it to a rule, so its means "
            "stand on fewer runs than the save times."
        )
    ).format(
        runs=count(runs[0]),
        baseline=count(runs[0]),
        candidate=count(runs[1]),
        baseline_system=w.name("baseline"),
        candidate_system=w.name("candidate"),
        needed=count(needed),
    )
    return [w.p(text, "bandwidth", style="note")]


#: Up to this many runs, a warm-up that differs from run to run is said run by run.
LISTED_RUNS = 5


def _warmup_words(w: Words, side) -> str:
    """A system's warm-up run by run: "the first 2 samples of each of its 3 runs (4 s) are below 90% of their run's
    median", never a total that reads as each run's (cold read 5, O13/N22: "6 samples" were 2 in each of 3 runs)."""
    log = w.test.bandwidth
    runs = log.runs_of(side.system)
    _means, dropped = steady_means(log, runs)
    firsts = [int(n) for n in dropped]
    spans = set()
    for k, first in zip(runs, firsts, strict=True):
        t, _v = log.samples(int(k))
        spans.add(float(t[first] - t[0]))
    span = s3(spans.pop()) if len(spans) == 1 else None
    n = firsts[0]
    if len(firsts) == 1:
        text = ngettext(
            "{n} sample at the start of its run ({span}) is below 90% of the run's median",
            "its first {n} samples ({span}) are below 90% of the run's median",
            n,
        )
    elif len(set(firsts)) == 1 and span is not None:
        text = ngettext(
            "{n} sample at the start of each of its {runs} runs ({span}) is below 90% of its run's median",
            "the first {n} samples of each of its {runs} runs ({span}) are below 90% of their run's median",
            n,
        )
    elif len(set(firsts)) == 1:
        text = ngettext(
            "{n} sample at the start of each of its {runs} runs is below 90% of its run's median",
            "the first {n} samples of each of its {runs} runs are below 90% of their run's median",
            n,
        )
    elif len(firsts) <= LISTED_RUNS:
        numbers = [int(log.run_number[k]) for k in runs]
        parts = join_words(
            [
                ngettext("{n} sample at the start of run {run}", "the first {n} samples of run {run}", first).format(
                    n=count(first), run=run
                )
                for run, first in zip(numbers, firsts, strict=True)
                if first
            ]
        )
        one = [first for first in firsts if first] == [1]  # "1 sample at the start of run 2 is" (field test 5, m8)
        text = (
            (_("{parts} is below 90% of its run's median") if one else _("{parts} are below 90% of their run's median"))
            if all(firsts)
            else _("{parts} is below 90% of its run's median, and the other runs open at their rate")
            if one
            else _("{parts} are below 90% of their run's median, and its other runs open at their rate")
        )
        return text.format(parts=parts)
    else:
        text = _(
            "{low} to {high} samples at the start of each of its {runs} runs, {total} in all, are below 90% of their "
            "run's median"
        )
    return text.format(
        n=count(n),
        span=span,
        runs=count(len(firsts)),
        low=count(min(firsts)),
        high=count(max(firsts)),
        total=count(sum(firsts)),
    )


def _node_parts_note(w: Words) -> str:
    """The table's note on a row that sets one node's part of a save against one node's bandwidth."""
    out = ""
    for side in w.sides:
        if (part := w.m.node_part(side.key)) is not None:
            out += " " + _(
                "{system} is local to each node: its effective figures are one node's, the {part} that node writes "
                "of each checkpoint ÷ mean save time, against the bandwidth logged on one node."
            ).format(system=side.save.system, part=gb(part.job_gb))
    return out


def _node_shares(w: Words):
    """The shares of bandwidth the saves reach, where a system is local to each node and the job spans nodes: its
    share is one node's part against one node's bandwidth (cold read 22, M2: "the saves reach 50.2%" set the whole
    job against one node), the other system's as usual."""
    m = w.m
    if all(m.node_part(side.key) is None for side in w.sides):
        return None
    said = []
    for side in w.sides:
        part = m.node_part(side.key)
        if part is not None:
            text = _("On {system}, each node's part of a save reaches {share} of one node's bandwidth.")
        elif both_sustained(m.bandwidth):
            text = _("On {system}, the saves reach {share} of its sustained bandwidth.")
        else:
            text = _("On {system}, the saves reach {share} of the write bandwidth this test logged.")
        share = side.audit.effective_share_pct if part is None else part.job_share_pct
        said.append(text.format(system=side.save.system, share=p3(share)))
    said.append(_("The consistency audit below weighs what that means."))
    return w.p(" ".join(said), "bandwidth", "save_times")


def _ramp_words(side) -> str:
    """Said after a warm-up that takes more than RAMP_SHARE of a system's samples: its runs end before the rate
    settles, so the log shows no sustained rate (cold read 11, M2)."""
    if not ramping(side):
        return ""
    return " " + _(
        "The warm-up is {share} of its {samples} samples: each run ends soon after its rate settles, so this test does "
        "not show a sustained rate; write for longer (report measure's --sustain-s, fio's --runtime)."
    ).format(share=p3(100 * side.warmup_samples / side.samples), samples=count(side.samples))


def _short_runs(side) -> int:
    """How many of a system's runs log fewer than FEW_SAMPLES samples."""
    return sum(1 for n in side.run_samples if n < FEW_SAMPLES)


def _sparse_words(sparse: list) -> list[str]:
    """One sentence per sparse system, or one for both when every run of each is short and neither shows a warm-up
    (a system whose warm-up sentence is printed is not said to be too short to see one)."""
    every = [s.bandwidth for s in sparse if _short_runs(s.bandwidth) == s.bandwidth.runs]
    if len(every) == len(sparse) == 2 and not any(b.warmup_samples for b in every):
        return [
            _(
                "{systems}: fewer than {few} samples per run, too few to call the rate sustained or to see a "
                "warm-up; log the bandwidth through each run (fio's --write_bw_log)."
            ).format(systems=join_words([b.system for b in every]), few=FEW_SAMPLES)
        ]
    out = []
    for b in (s.bandwidth for s in sparse):
        short, warm = _short_runs(b), bool(b.warmup_samples)
        if short == b.runs:
            text = (
                _(
                    "{systems}: fewer than {few} samples per run, too few to call the rate sustained; log the "
                    "bandwidth through each run (fio's --write_bw_log)."
                )
                if warm
                else _(
                    "{systems}: fewer than {few} samples per run, too few to call the rate sustained or to see a "
                    "warm-up; log the bandwidth through each run (fio's --write_bw_log)."
                )
            )
        elif warm:
            text = ngettext(
                "{systems}: {short} of its {runs} runs has fewer than {few} samples, too few to call its rate "
                "sustained; log the bandwidth through each run (fio's --write_bw_log).",
                "{systems}: {short} of its {runs} runs have fewer than {few} samples, too few to call their rate "
                "sustained; log the bandwidth through each run (fio's --write_bw_log).",
                short,
            )
        else:
            text = ngettext(
                "{systems}: {short} of its {runs} runs has fewer than {few} samples, too few to call its rate "
                "sustained or to see a warm-up in it; log the bandwidth through each run (fio's --write_bw_log).",
                "{systems}: {short} of its {runs} runs have fewer than {few} samples, too few to call their rate "
                "sustained or to see a warm-up in them; log the bandwidth through each run (fio's --write_bw_log).",
                short,
            )
        out.append(text.format(systems=b.system, short=count(short), runs=count(b.runs), few=FEW_SAMPLES))
    return out


def _equal_clients(w: Words) -> list[Para]:
    """Where the client sweep ran both systems at one count or more: the ratio above compares each bandwidth test as
    it was run, on its own client count, and the sweep's ratio at the most client nodes both were run at is the one at
    equal counts (scaling reading 10, M3: 3.92× was 16 client nodes against 12, said only in the data sources)."""
    if w.m.scaling is None:
        return []
    both = [p for p in compare.compared(w.m.scaling) if len(p.measured) == 2]
    if not both or both[-1].ratio is None:
        return []
    recorded = bandwidth_clients(w)  # one count for both in the data sources (scaling reading 11, M2)
    # the sweep at the tests' own count where both were swept there (cold tests 17, U-W4: 23.6× at 8, not 20.8× at 16)
    there = next((p for p in both if p.clients == recorded and p.ratio is not None), None)
    if recorded is None:
        text = _(
            "These two figures are each system's bandwidth test as it was run, each on its own client count (see the "
            "data sources); at equal client counts the client sweep gives {ratio} at {counts}, the most both were run "
            "at (see “{section}”)."
        )
    elif there is None:
        text = _(
            "These two figures are the two systems' bandwidth tests on the same {n}, as the data sources record; the "
            "client sweep gives {ratio} at {counts}, the most both were run at (see “{section}”)."
        )
    else:
        text = _(
            "These two figures are the two systems' bandwidth tests on the same {n}, as the data sources record; at "
            "that count the client sweep gives {ratio} (see “{section}”)."
        )
    pair = there or both[-1]
    text = text.format(
        ratio=x3(pair.ratio),
        counts=clients(pair.clients),
        n=clients(recorded or 0),
        section=_("Scaling with client nodes"),
    )
    return [w.p(text, "bandwidth", "scaling")]


def _one_node(w: Words) -> list:
    """Where one save system is local to each node and the other is not, that the two bandwidths are not like for
    like: one node's against a whole system's (Chinese reading 19, M8: long_names' RAID-0 "4.80 GB/s, 344% lower"
    against the array)."""
    n = w.m.node_local
    if n is None or len(n.sides) != 1:
        return []
    local = next(side for side in w.sides if side.key in n.sides)
    shared = next(side for side in w.sides if side.key not in n.sides)
    text = ngettext(
        "{local} is storage local to each node: its {local_bw} GB/s is one node's, {shared}'s {shared_bw} GB/s what "
        "the test's clients drove on the shared system, so the two are not like for like; the job's {nodes} node "
        "writes to its own, at up to {total} GB/s.",
        "{local} is storage local to each node: its {local_bw} GB/s is one node's, {shared}'s {shared_bw} GB/s what "
        "the test's clients drove on the shared system, so the two are not like for like. The job's {nodes} nodes "
        "each write to their own at once; one node's bandwidth times the nodes, {nodes} × {local_bw} GB/s, would be "
        "{total} GB/s, an assumed figure: the bandwidth was logged on one node, never with the nodes writing "
        "together. The table, the chart and the audit set one node's part of each save against one node's "
        "bandwidth.",
        n.nodes_per_job,
    ).format(
        local=local.save.system,
        local_bw=sig(local.bandwidth.sustained_gbps),
        shared=shared.save.system,
        shared_bw=sig(shared.bandwidth.sustained_gbps),
        nodes=count(n.nodes_per_job),
        total=sig(n.side(local.key).job_bandwidth_gbps),
    )
    return [w.p(text, "bandwidth")]


def _mixed_runs(w: Words) -> list:
    """A system whose bandwidth runs came from bandwidth.csv and from a tool's output: averaged together, as the
    contract does, and said (Chinese reading 19, M5: FX100's one typed run and one fio run, never said)."""
    sources = sources_by_system(w.test, "bandwidth")
    out = []
    for side in w.sides:
        kinds = sources.get(side.bandwidth.system, ())
        if len(kinds) < 2:
            continue
        text = _(
            "{system}'s bandwidth runs come from {sources}: the mean is taken over all of them, as if they were one "
            "measurement."
        ).format(system=side.bandwidth.system, sources=join_words([_source_words(k) for k in kinds]))
        out.append(w.p(text, "bandwidth", style="note", side=side.key))
    return out


def _source_words(kind: str) -> str:
    """Where rows came from, as a customer page says it: a tool's output by the tool's name, rows typed into a table
    as supplied (no file of the tool named: issue 45)."""
    return _("rows supplied as given") if kind.endswith(".csv") else _("{tool} output").format(tool=kind)


def _tool_rates(w: Words) -> list:
    """Where fio timed a system's bandwidth runs whole at another rate than their logs show (audit.tool_timed): both
    figures, and why they part (cold read 29, M1: the logs end before the closing fsync the run's time includes)."""
    out, span = [], w.m.save_span
    for side in tool_timed(w):
        assert span is not None, "tool_timed gives no side without the save span"
        text = _(
            "fio timed {system}'s bandwidth runs whole at {rate} GB/s (bytes written ÷ run time), against {logged} "
            "GB/s for the mean of their logs: a run's time also counts what its logs do not cover, such as a closing "
            "fsync (fio's end_fsync). The logs' mean is the figure this report uses; the consistency audit sets the "
            "saves against both."
        ).format(
            system=side.save.system,
            rate=sig(span.side(side.key).tool_gbps),
            logged=sig(side.bandwidth.sustained_gbps),
        )
        out.append(w.p(text, "bandwidth", side=side.key))
    return out
