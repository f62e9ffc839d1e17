"""What the cluster figures assume, worded from the findings of report/compute/cluster_scope.py: the attachment of every
node to the candidate, the baseline's own demand against its measured bandwidth, the asynchronous write's deadline,
and what the payback sets the price against (cold reads 15 and 15pq; Chinese readings 15 and 15pq)."""

from __future__ import annotations

from report.formatting import count, figure_of, money, rounded, sig, worked
from report.i18n import _, ngettext
from report.wording.base import Words


def _ratio(demand_gbps: float, measured_gbps: float) -> str:
    """A demand against a measured bandwidth as the capacity figures print it (`demand_ratios`): a share below 1,
    else a multiple at the digits its printed operands give back."""
    value = demand_gbps / measured_gbps
    if value < 1:
        return _("{share}%").format(share=sig(100 * value, 3))
    printed = figure_of(sig(demand_gbps)) / figure_of(sig(measured_gbps))
    return _("{ratio}×").format(ratio=worked(value, printed))


def attachment(w: Words) -> str:
    """That the cluster figures take every node attached to the candidate, which this test did for fewer, with the
    links that would take as the record gives a node's; "" where the test attached the whole cluster."""
    found = w.findings.get("cluster_attachment")
    if found is None:
        return ""
    fields = {
        "candidate": w.name("candidate"),
        "nodes": count(found["cluster_nodes"]),
        "tested": count(found["tested_nodes"]),
        "untested": count(found["untested_nodes"]),
    }
    if found["priced"]:  # the price is the candidate's sized for the cluster (cold read 20, AC-M4)
        return ngettext(
            "The cluster figures assume {candidate} on every one of the cluster's {nodes} nodes; this test's job "
            "ran on {tested} of them. The other {untested} node's {candidate} was not tested here, but is within the "
            "price, which is for the whole cluster's.",
            "The cluster figures assume {candidate} on every one of the cluster's {nodes} nodes; this test's job "
            "ran on {tested} of them. The other {untested} nodes' {candidate} were not tested here, but are within the "
            "price, which is for the whole cluster's.",
            found["untested_nodes"],
        ).format(**fields)
    if found["node_local"]:
        return ngettext(
            "The cluster figures assume {candidate} on every one of the cluster's {nodes} nodes; this test's job "
            "ran on {tested} of them. The other {untested} node's {candidate} was neither tested nor priced here.",
            "The cluster figures assume {candidate} on every one of the cluster's {nodes} nodes; this test's job "
            "ran on {tested} of them. The other {untested} nodes' {candidate} were neither tested nor priced here.",
            found["untested_nodes"],
        ).format(**fields)
    links = found["links"]
    if links is None:
        return ngettext(
            "The cluster figures assume every one of the cluster's {nodes} nodes is attached to {candidate}; this "
            "test's job ran on {tested} of them. The other {untested} node's client and network links to it were "
            "neither tested nor priced, so the cluster figures leave that cost out.",
            "The cluster figures assume every one of the cluster's {nodes} nodes is attached to {candidate}; this "
            "test's job ran on {tested} of them. The other {untested} nodes' clients and network links to it were "
            "neither tested nor priced, so the cluster figures leave that cost out.",
            found["untested_nodes"],
        ).format(**fields)
    return ngettext(
        "The cluster figures assume every one of the cluster's {nodes} nodes is attached to {candidate} as the "
        "test's were ({links} Gb/s each, {total} GB/s of links in all); this test's job ran on {tested} of them. The "
        "other {untested} node's client and links were neither tested nor priced, so the cluster figures leave "
        "that cost out.",
        "The cluster figures assume every one of the cluster's {nodes} nodes is attached to {candidate} as the "
        "test's were ({links} Gb/s each, {total} GB/s of links in all); this test's job ran on {tested} of them. The "
        "other {untested} nodes' clients and links were neither tested nor priced, so the cluster figures leave "
        "that cost out.",
        found["untested_nodes"],
    ).format(
        links=f"{links[0]} × {sig(links[1])}" if links[0] > 1 else sig(links[1]),
        total=sig(found["cluster_links_gbps"]),
        **fields,
    )


def attached_clause(w: Words) -> str:
    """Page 1's clause of the same assumption for a candidate local to each node, beside the cluster's value: the nodes
    beyond the job's, untested, and unpriced unless a price is given; "" otherwise (a shared candidate's is in
    value.one_array). Short, so that a dense decision page keeps its tiles (tests/pdf/test_page_one.py)."""
    found = w.findings.get("cluster_attachment")
    if found is None or not found["node_local"]:  # a shared candidate's: said in value.one_array
        return ""
    n = found["untested_nodes"]
    if found["priced"]:  # within the price, the candidate's sized for the cluster (cold read 20, AC-M4)
        return ngettext(
            "with {candidate} on {n} more node, untested here but within the price",
            "with {candidate} on {n} more nodes, untested here but within the price",
            n,
        ).format(candidate=w.name("candidate"), n=count(n))
    return ngettext(
        "with {candidate} on {n} more node, untested and unpriced here",
        "with {candidate} on {n} more nodes, untested and unpriced here",
        n,
    ).format(candidate=w.name("candidate"), n=count(n))


def writes_due(w: Words) -> str:
    """With asynchronous saves, that every job writing at once has until the next save (the interval), and what that
    asks of the candidate; "" in sync mode or without the candidate's shared demand."""
    found = w.findings.get("cluster_demand")
    if found is None or not found["asynchronous"] or "candidate" not in found["sides"]:
        return ""
    c = found["sides"]["candidate"]
    return _(
        "The saves are asynchronous: each job's write overlaps training and is due only by its next save, "
        "{interval} s later, so every job writing at once needs {jobs} × {size} GB ÷ {interval} s = {at_once} GB/s of "
        "{candidate}, not the {within} GB/s that writes within this test's save time would take."
    ).format(
        interval=count(round(found["deadline_s"])),
        jobs=count(found["jobs"]),
        size=sig(c["size_gb"]),
        at_once=sig(c["at_once_gbps"]),
        candidate=w.name("candidate"),
        within=sig(c["save_peak_gbps"]),
    )


def baseline_demand(w: Words) -> str:
    """The baseline's own demand from the cluster's jobs against its measured bandwidth, and, where even its average
    is above it, that the cluster figures hold on that side only for fewer such jobs or more bandwidth; "" where the
    baseline is local to each node or the cluster holds one job."""
    found = w.findings.get("cluster_demand")
    if found is None or "baseline" not in found["sides"]:
        return ""
    b = found["sides"]["baseline"]
    fields = {
        "baseline": w.name("baseline"),
        "jobs": count(found["jobs"]),
        "mean": sig(b["mean_gbps"]),
        "mean_ratio": _ratio(b["mean_gbps"], b["measured_gbps"]),
        "measured": sig(b["measured_gbps"]),
        "at_once": sig(b["at_once_gbps"]),
        "at_once_ratio": _ratio(b["at_once_gbps"], b["measured_gbps"]),
        "interval": count(round(found["deadline_s"])),
    }
    text = (
        _(
            "{baseline} would take the same jobs' saves today: {mean} GB/s on average, {mean_ratio} of its "
            "{measured} GB/s in this test, and {at_once} GB/s ({at_once_ratio} of it) if every job's write, due by its "
            "next save {interval} s later, ran at once."
        )
        if found["asynchronous"]
        else _(
            "{baseline} would take the same jobs' saves today: {mean} GB/s on average, {mean_ratio} of its "
            "{measured} GB/s in this test, and {at_once} GB/s ({at_once_ratio} of it) if every job saved at once."
        )
    ).format(**fields)
    over = w.findings.get("cluster_over_measured")
    if over is not None and "baseline" in over.scope.items:
        text += " " + (
            _(
                "Even staggered, that is more than {baseline} showed, so its writes would outlast the interval and "
                "stall training: either the cluster does not run {jobs} such jobs at this interval, or {baseline} is "
                "short of bandwidth for them already."
            )
            if found["asynchronous"]
            else _(
                "Even staggered, that is more than {baseline} showed, so its saves would take longer than this test "
                "timed them: either the cluster does not run {jobs} such jobs at this interval, or {baseline} is "
                "short of bandwidth for them already."
            )
        ).format(**fields)
    return text


def retuned_thin(w: Words) -> bool:
    """Whether page 1 says the re-tuned check: where the baseline would not carry the cluster's jobs, would carry them
    only staggered, or would need half its measured bandwidth or more on average (QUEUEING, the economics section's
    threshold); a wide margin is said in the failure section only."""
    found = w.findings.get("cluster_demand")
    if found is None or "baseline" not in found["sides"]:
        return False
    b = found["sides"]["baseline"]
    return not b["retuned_carries"] or not b["retuned_drains"] or b["retuned_gbps"] >= 0.5 * b["measured_gbps"]


def retuned_carry(w: Words) -> str:
    """Whether the baseline carries the cluster's jobs at its re-tuned interval, where re-tuning it is the
    recommendation's lever (cold read 16, U-M5: 76 GB/s needed today against 13.8 GB/s, the re-tuned interval never
    checked): its average demand there against its measured bandwidth, and every job's write at once against the
    interval; "" where the baseline is local to each node or the cluster holds one job."""
    found = w.findings.get("cluster_demand")
    if found is None or "baseline" not in found["sides"]:
        return ""
    b = found["sides"]["baseline"]
    interval = b["retuned_interval_s"]
    fields = {
        "baseline": w.name("baseline"),
        "jobs": count(found["jobs"]),
        "steps": count(round(b["retuned_steps"])),
        "gbps": sig(b["retuned_gbps"]),
        "ratio": _ratio(b["retuned_gbps"], b["measured_gbps"]),
        "measured": sig(b["measured_gbps"]),
        "at_once": rounded(b["retuned_at_once_s"]),
        "interval": rounded(interval),
    }
    if not b["retuned_carries"]:
        return _(
            "Re-tuned to its optimal interval ({steps} steps), {baseline} would still need {gbps} GB/s on average "
            "for the cluster's {jobs} such jobs, {ratio} of its {measured} GB/s in this test: re-tuning alone does "
            "not carry them."
        ).format(**fields)
    if not b["retuned_drains"]:
        return _(
            "Re-tuned to its optimal interval ({steps} steps), {baseline} would carry the cluster's {jobs} such jobs "
            "on average ({gbps} GB/s, {ratio} of its {measured} GB/s in this test) only while their saves stay "
            "staggered: written together, their checkpoints would take {at_once} s, longer than the {interval} s "
            "between saves."
        ).format(**fields)
    return _(
        "Re-tuned to its optimal interval ({steps} steps), {baseline} would carry the cluster's {jobs} such jobs: "
        "{gbps} GB/s on average, {ratio} of its {measured} GB/s in this test, and written together their checkpoints "
        "would take {at_once} s, within the {interval} s between saves."
    ).format(**fields)


def price_scope(w: Words) -> str:
    """What the paybacks set the price against, and that what the price covers is the customer's to confirm."""
    found = w.findings.get("price_scope")
    if found is None:
        return ""
    fields = {
        "price": money(found["price"], found["currency"]),
        "candidate": w.name("candidate"),
        "gpus": count(found["job_gpus"]),
        "cluster": count(found["cluster_gpus"]),
        "nodes": count(found["cluster_nodes"]),
    }
    return (
        _(
            "The paybacks set the price of {candidate} as given, {price}, against the value of this {gpus}-GPU job's "
            "runs or of the whole {cluster}-GPU cluster ({nodes} nodes); whether that price covers the capacity, the "
            "{nodes} nodes' clients and links and the years of support is for the customer to confirm against what "
            "the test record says of it."
        )
        if found["stated"] and not found["node_local"]
        # a price is the candidate's sized for the whole cluster (CONTRACT.md), so every node's unit: only the years of
        # support are open (cold read 20, AC-M4: "whether that price covers all 128 nodes" beside a quotation for 128)
        else _(
            "The paybacks set the price as given, {price}, for the whole {cluster}-GPU cluster's {candidate}, one on "
            "each of its {nodes} nodes, against the value of this {gpus}-GPU job's runs or of the whole cluster; "
            "which years of support it includes is for the customer to confirm against what the test record says of "
            "it."
        )
        if found["stated"]
        else _(
            "The paybacks set the price as given, {price}, for the whole {cluster}-GPU cluster's {candidate}, one on "
            "each of its {nodes} nodes, against the value of this {gpus}-GPU job's runs or of the whole cluster; the "
            "test record does not say which years of support it includes, which is for the customer to confirm."
        )
        if found["node_local"]
        else _(
            "The paybacks set the price of {candidate} as given, {price}, against the value of this {gpus}-GPU job's "
            "runs or of the whole {cluster}-GPU cluster ({nodes} nodes); the test record does not say what the price "
            "covers (capacity, the {nodes} nodes' clients and links, years of support), which is for the customer "
            "to confirm."
        )
    ).format(**fields)


def baseline_short(w: Words) -> str:
    """Beside the value, that the cluster rows take the baseline's saves as this test timed them where the cluster's
    jobs would need more of the baseline than it showed even staggered (cold read 15pq, Q-M3: "0 USD a year" at
    today's interval beside HS-9 needing 4.17× its bandwidth); the figures are argued in the training bubble section."""
    over = w.findings.get("cluster_over_measured")
    if over is None or "baseline" not in over.scope.items:
        return ""
    b = over["sides"]["baseline"]
    return _(
        "The cluster rows also take the saves on {baseline} as this test timed them, though the cluster's jobs "
        "would need {ratio} of its bandwidth in this test even staggered (see “{section}”): they hold on that side "
        "only with fewer such jobs or more bandwidth."
    ).format(
        baseline=w.name("baseline"),
        ratio=_ratio(b["mean_gbps"], b["measured_gbps"]),
        section=_("Training bubble analysis"),
    )


def cluster_assumptions(w: Words) -> str:
    """The economics section's paragraph: the attachment, the baseline's saves where the cluster would outrun them, and
    the price's scope (the bandwidth either side's saves would need is argued in the training bubble section,
    `writes_due` and `baseline_demand`)."""
    return " ".join(s for s in (attachment(w), baseline_short(w), price_scope(w)) if s)


def beyond_bandwidth(w: Words) -> str:
    """That the cluster's demand set against this test's bandwidth is an extrapolation where the cluster's nodes lie
    beyond the client nodes it was measured from, with what the client sweep gives nearest that count (its fitted
    aggregate there, or its most clients' mean and that the cluster's count is unknown); "" otherwise."""
    found = w.findings.get("cluster_beyond_bandwidth")
    if found is None:
        return ""
    values = {
        "nodes": ngettext("{n} node", "{n} nodes", found["cluster_nodes"]).format(n=count(found["cluster_nodes"])),
        "measured": ngettext("{n} client node", "{n} client nodes", found["measured_clients"]).format(
            n=count(found["measured_clients"])
        ),
    }
    if found["swept_clients"] is None:
        return _(
            "The cluster's {nodes} lie beyond the {measured} this test's bandwidth comes from, so that "
            "comparison is an extrapolation: what {nodes} give was not measured."
        ).format(**values)
    values["most"] = ngettext("{n} client node", "{n} client nodes", found["swept_clients"]).format(
        n=count(found["swept_clients"])
    )
    values["swept"] = sig(found["swept_gbps"])
    if found["fit_gbps"] is not None:
        return _(
            "The cluster's {nodes} lie beyond the {measured} this test's bandwidth comes from, so that "
            "comparison is an extrapolation: the client sweep gave {swept} GB/s at {most}, and its fitted law, "
            "carried beyond them, {fit} GB/s at {nodes}."
        ).format(fit=sig(found["fit_gbps"]), **values)
    return _(
        "The cluster's {nodes} lie beyond the {measured} this test's bandwidth comes from, so that comparison "
        "is an extrapolation: the client sweep gave {swept} GB/s at {most}, and what {nodes} give is unknown, too far "
        "beyond them for its fit to tell."
    ).format(**values)
