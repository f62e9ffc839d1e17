"""The job sizes page 1's recommendation holds for (compute/job_size.py `job_size_scope`; cold read 16, T-B1/T-M4/
T-M8/T-M7): the scope said in the recommendation itself, the shared ceiling with its figures as what would change it,
and a job mix's net sign, unknown without the other workload's step time and interval."""

from __future__ import annotations

from report.document.spoken import said
from report.formatting import count, rounded
from report.i18n import _, ngettext
from report.wording.base import Words


def scope_words(w: Words) -> str:
    """ " for jobs of up to 13 nodes (208 GPUs) like the training job" where the sign turns at a computed node count,
    " for jobs like the training job (64 GPUs on 4 nodes)" where it does not, "" without the finding."""
    f = w.findings.get("job_size_scope")
    if f is None:
        return ""
    if f["up_to_nodes"] is not None:
        n = f["up_to_nodes"]
        return ngettext(
            " for jobs of up to {nodes} node ({gpus} GPUs) like the training job",
            " for jobs of up to {nodes} nodes ({gpus} GPUs) like the training job",
            n,
        ).format(nodes=count(n), gpus=count(n * f["per_node"]))
    return ngettext(
        " for jobs like the training job ({gpus} GPUs on {nodes} node)",
        " for jobs like the training job ({gpus} GPUs on {nodes} nodes)",
        f["train_nodes"],
    ).format(gpus=count(f["train_gpus"]), nodes=count(f["train_nodes"]))


def larger_job_change(w: Words) -> str:
    """What would change it where a larger job was timed: the sizes not timed, and where the candidate wrote to a
    shared ceiling its figures (cold read 16, T-M8: "a job larger than this test's, whose saves it did not time" beside
    a 512-GPU job timed 2.30× slower); "" without the finding."""
    f = w.findings.get("job_size_scope")
    if f is None:
        return ""
    names = {"candidate": w.name("candidate"), "baseline": w.name("baseline")}
    if f["up_to_nodes"] is None:
        return said(
            f,
            _(
                "a job between {low} and {high} GPUs, sizes whose saves this test did not time (“{model}” on {high} "
                "GPUs reverses the result)"
            ).format(low=count(f["train_gpus"]), high=count(f["gpus"]), model=f["model"]),
        )
    return said(
        f,
        ngettext(
            "a job of more than {nodes} node: on “{model}” ({large} nodes) {candidate} wrote {c_large} GB/s in all, "
            "against {c_train} GB/s on the training job and {bandwidth} GB/s of sustained write bandwidth, "
            "a shared ceiling, "
            "while {baseline} wrote {b_large} GB/s per node ({b_train} GB/s on the training job) and grew with the "
            "nodes; the {nodes} node is estimated on {baseline}'s rate per node, {candidate} held at {best} GB/s, and "
            "no size between {train} and {large} nodes was timed",
            "a job of more than {nodes} nodes: on “{model}” ({large} nodes) {candidate} wrote {c_large} GB/s in all, "
            "against {c_train} GB/s on the training job and {bandwidth} GB/s of sustained write bandwidth, "
            "a shared ceiling, "
            "while {baseline} wrote {b_large} GB/s per node ({b_train} GB/s on the training job) and grew with the "
            "nodes; the {nodes} nodes are estimated on {baseline}'s rate per node, {candidate} held at {best} GB/s, "
            "and no size between {train} and {large} nodes was timed",
            f["up_to_nodes"],
        ).format(
            nodes=count(f["up_to_nodes"]),
            model=f["model"],
            large=count(f["large_nodes"]),
            train=count(f["train_nodes"]),
            c_large=rounded(f["candidate_large_gbps"]),
            c_train=rounded(f["candidate_train_gbps"]),
            bandwidth=rounded(f["candidate_bandwidth_gbps"]),
            b_large=rounded(f["baseline_large_per_node_gbps"]),
            b_train=rounded(f["baseline_train_per_node_gbps"]),
            best=rounded(f["best_gbps"]),
            **names,
        ),
    )


def net_sign(w: Words) -> str:
    """ ", whose net effect on training time is unknown, …" where a larger timed job reverses the result (the other
    workload's step time and interval are not in the test), else ""."""
    f = w.findings.get("job_size_scope")
    if f is None or not f["net_sign_unknown"]:
        return ""
    return _(", its net effect unknown (no step time or interval given for “{model}”)").format(model=f["model"])


def timed_at_scale(w: Words) -> str:
    """ " The saves of “718B” on 32 nodes bear on it: …" where a larger timed job showed the candidate at a shared
    ceiling, beside "not measured" or "not shown" in the bandwidth and scaling sections (cold read 16, T-M4: "states
    the scaling limit is unknown while its data show it"), else ""."""
    f = w.findings.get("job_size_scope")
    if f is None or not f["ceiling"]:
        return ""
    return " " + _(
        "The saves of “{model}” on {large} nodes bear on it: {candidate} wrote {c_large} GB/s in all there, against "
        "{c_train} GB/s on the training job and {bandwidth} GB/s of sustained write bandwidth, so its advantage did "
        "not hold with that many nodes writing at once; a client sweep would show where it turns."
    ).format(
        model=f["model"],
        large=count(f["large_nodes"]),
        candidate=w.name("candidate"),
        c_large=rounded(f["candidate_large_gbps"]),
        c_train=rounded(f["candidate_train_gbps"]),
        bandwidth=rounded(f["candidate_bandwidth_gbps"]),
    )
