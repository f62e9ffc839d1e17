"""Appendix C, the colophon: how to recompute the figures (the input files with their hashes, the verify command) and
the software environment that computed them."""

from __future__ import annotations

import hashlib
import shlex

from report.document.blocks import (
    Block,
    Column,
    Para,
    Section,
    Table,
)
from report.formatting import (
    count,
    sig,
)
from report.i18n import _
from report.inputs.files import media_type
from report.schema import METRICS_NAME
from report.wording.base import Words
from report.wording.kept_figures import kept
from report.wording.labels import colophon_title
from report.wording.scaling_cluster import against

ID = "colophon"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ()


def build(w: Words) -> Section:
    test, prov = w.test, w.prov
    attached = [(name, count(len(data)), media_type(name), test.sha256[name]) for name, data in test.raw.items()]
    if w.metrics_json:  # attached beside the inputs, so listed with them (Chinese reading 13b, X-16: said, not listed)
        digest = hashlib.sha256(w.metrics_json).hexdigest()
        attached.append((METRICS_NAME, count(len(w.metrics_json)), media_type(METRICS_NAME), digest))
    inputs = Table(
        "inputs",
        _("Files attached to the PDF") if w.metrics_json else _("Input files (attached to the PDF)"),
        (
            Column(_("File"), False),
            Column(_("Bytes")),
            Column(_("Media type"), False),
            Column("SHA-256", False, code=True),
        ),
        tuple(attached),
    )
    versions = Table(
        "versions",
        _("Software environment"),
        (Column(_("Component"), False), Column(_("Version"), False)),
        (
            (
                # what it does for the reader, not a tool's internals (zh reading 14c, P-m9: "报告生成器 0.1.0")
                _("Program that computed and verifies the figures"),
                _("{version} (commit {commit})").format(version=prov.generator, commit=prov.commit),
            ),
            ("Python", prov.python),
            *prov.packages,
        ),
    )
    # how a customer checks the document, in a customer's words (Chinese reading 12, V-m12/W-m11: the tool's files and
    # command listed as internals); the command stays, as the contract asks of the colophon
    intro = Para(
        _(
            "How to check this document: the PDF edition carries, as attachments, the input files its figures were "
            "computed from and its figures unrounded (metrics.json), each listed below with its SHA-256 checksum. The "
            "formulas of Appendix B recompute every figure from those files; the program listed below under the "
            "software environment does it in one step and says whether every figure matches: python -m report verify "
            "report.pdf. The HTML edition carries no attachments: check it against the PDF built beside it."
        )
    )
    # new_page: a part of its own where a sheet breaks before one; print.css breaks before none (a forced break here
    # left retune's page before it 28% full), so the colophon flows on from Appendix B
    # a formal deliverable leaves out what only a reader of metrics.json needs (Chinese reading 12, V-m12: its scale
    # block explained on the customer's document)
    unprinted = [] if "report" in w.config.given else _unprinted(w)
    blocks: tuple[Block, ...] = (intro, *unprinted, inputs, versions, *_measure_command(w))
    return Section(ID, colophon_title(), blocks, appendix=True, new_page=True)


def _unprinted(w: Words) -> list[Para]:
    """What metrics.json holds that these pages do not print, and what it is for (scaling reading 7b, minor 16: a
    reader of metrics.json took the scale block, a job as large as the cluster, and the peak demand against the
    one-client bandwidth for figures of the job these pages describe)."""
    m = w.m
    text = _(
        "metrics.json also holds figures these pages do not print. Its scale block is for one job spanning the whole "
        "cluster of {cluster} GPUs (a job MTBF of {mtbf} s, and each system's optimal interval and overhead at that "
        "size), not for the {gpus}-GPU job these pages describe."
    ).format(cluster=count(m.scale.cluster_gpus), mtbf=sig(m.scale.job_mtbf_s), gpus=count(m.save.candidate.gpus))
    if against(m) is not None and m.cluster.candidate is not None:
        text += " " + _(
            "Its cluster.candidate.peak_to_sustained ({ratio}) sets the peak demand of every job saving at once "
            "against the one-client bandwidth test; these pages set that demand against the client sweep instead."
        ).format(ratio=sig(m.cluster.candidate.peak_to_sustained))
    return [Para(" ".join([text, *kept(w)]))]


def _measure_command(w: Words) -> tuple[Para, ...]:
    """The command that measures client scaling, one per save system not swept yet (the customer pages name no
    command); none where both were (field test 7, m11: printed beside the sweep's own rows)."""
    snapshot = w.m.save.baseline.snapshot_gb
    swept = set() if w.test.scaling is None else set(w.test.scaling["system"])
    keys = [key for key in ("baseline", "candidate") if w.m.save.side(key).system not in swept]
    if not keys:
        return ()
    lines = [
        "python -m report measure "
        + _("<joint-test folder>")
        + f" --system {shlex.quote(w.m.save.side(key).system)} --path "
        + _("<folder on the storage>")
        + " --client "
        + _("<host>")
        + " --client "
        + _("<host>")
        + f" … --snapshot-gb {snapshot:.12g} --runs 3 --clients-sweep"
        for key in keys
    ]
    heading = Para(_("Measuring how the systems scale with client nodes"), "heading")
    text = _(
        "With fio servers running on the client nodes (fio --server), this records the sustained write with 1, 2, 4, "
        "… of them writing at once, up to all, --runs times each, in the joint-test folder (one command per save "
        "system):"
    )
    return (heading, Para(text), *(Para(line, "formula") for line in lines))
