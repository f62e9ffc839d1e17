"""Asynchronous checkpointing: staging, the write lag against the compute between saves, the stall (a what-if in sync
mode), and where the storage's value lies when its writes no longer stall training."""

from __future__ import annotations

from report.compute import Metrics
from report.document.blocks import (
    Column,
    Para,
    Section,
    Table,
)
from report.formatting import (
    count,
    gb,
    s3,
    seconds_figure,
)
from report.i18n import _
from report.inputs.ingest.tools import IMPORT_TOOLS
from report.inputs.joint_test import JointTest
from report.wording.base import Words
from report.wording.phrases import both, sooner
from report.wording.risks import async_counterpoint
from report.wording.staging import staging_differs
from report.wording.statements import (
    async_title,
    no_difference_note,
    restores_from_memory,
    stall_free_clause,
    stall_free_shorter,
)

ID = "async"
#: The charts this section places, in order.
CHARTS: tuple[str, ...] = ("stall",)


def build(w: Words) -> Section:
    m = w.m
    what_if = m.checkpoint_mode == "sync"
    # its figures follow from the two means too (cold read 7, M3: gates_fail's async section stated them as facts)
    blocks: list = [*no_difference_note(w), Para(_lead(what_if), "lead")]
    if not m.async_.staging_given:
        blocks.append(
            Para(
                _(
                    "No staging time was given for this test: staging was not measured and is taken as 0 s, so the "
                    "stalls below are the storage's alone; a real trainer adds its staging time to every save on both "
                    "systems."
                ),
                "note",
            )
        )
    # what the trainer's own asynchronous saves would leave of the benefit, in full here (page 1 gives one sentence)
    counterpoint = [Para(text)] if (text := async_counterpoint(w)) else []
    blocks += [_table(w), w.p(_benefit(m, what_if), "save_times"), *_verdict(w), *counterpoint, w.figure("stall")]
    if _from_trainer_log(w.test) and m.async_.staging_given:
        blocks.append(
            Para(
                _(
                    "Some save times come from a trainer's log, which may already include staging: the write lag is "
                    "then overstated by up to the staging time."
                ),
                "note",
            )
        )
    return Section(ID, async_title(m), tuple(blocks))


def _lead(what_if: bool) -> str:
    how = _(
        "Modern trainers (PyTorch DCP async_save, Megatron-LM --async-save, NeMo, torchtitan) block training only "
        "while a checkpoint's state is copied to host memory (staging), then write it to storage in the background; "
        "the storage stalls training only when that write is not finished when the next save is due."
    )
    if what_if:
        return (
            how
            + " "
            + _(
                "This job saves synchronously, so this section is a what-if: what the storage would change if the "
                "same saves were asynchronous."
            )
        )
    return how + " " + _("This job saves asynchronously: every training-time figure of this report counts stalls.")


def _table(w: Words) -> Table:
    m = w.m
    a, tau = m.async_, m.reliability.interval_s
    # a staging time no one gave is marked in its cell, not only in the note above (Chinese reading 12, W-m8: "0"
    # read as a measurement)
    staging = (
        seconds_figure if a.staging_given else lambda s: _("{seconds} (assumed)").format(seconds=seconds_figure(s))
    )
    rows = tuple(
        (
            save.system,
            staging(side.staging_s),
            seconds_figure(side.write_lag_s),
            seconds_figure(tau),
            seconds_figure(side.stall_s),
            count(side.min_interval_steps),
        )
        for save, side in zip(m.save.sides(), a.sides(), strict=True)
    )
    return Table(
        "async",
        _("One save as an asynchronous trainer takes it, at today's interval of {steps} steps").format(
            steps=count(m.bubble.checkpoint_interval_steps)
        ),
        (
            Column(_("System"), False),
            Column(_("Staging (s)")),
            Column(_("Write lag (s)")),
            Column(_("Compute between saves (s)")),
            Column(_("Stall per save (s)")),
            Column(_("Shortest interval without write stalls (steps)")),
        ),
        rows,
        _host_memory(w),
        illustrative=w.marked("save_times"),
    )


def _host_memory(w: Words) -> str:
    """The staging table's note: host memory per node for one staged checkpoint, said once where both systems need
    the same, for the job's GPUs on a node (a 2-GPU job on 8-GPU nodes stages on 2, not 8)."""
    a, s = w.m.async_, w.m.save
    per_node = w.config.gpus_per_node
    memory = (gb(a.baseline.staged_per_node_gb), gb(a.candidate.staged_per_node_gb))
    gpus = min(s.baseline.gpus, per_node)
    # the job's GPUs on a node, and the node's size where the job takes only part of it (cold read 19, M3: "2 GPUs a
    # node" beside page 2's "8 to a node")
    where = (
        _("{gpus} GPUs a node").format(gpus=gpus)
        if gpus == per_node
        else _("the job's {gpus} GPUs on one node of {per_node}").format(gpus=gpus, per_node=per_node)
    )
    if memory[0] == memory[1]:
        return _(
            "Stall = staging + max(0, write lag − compute between saves). Host memory for one staged checkpoint: "
            "{memory} per node on either system ({where})."
        ).format(memory=memory[0], where=where)
    return _(
        "Stall = staging + max(0, write lag − compute between saves). Host memory for one staged checkpoint: "
        "{baseline} and {candidate} per node ({where})."
    ).format(baseline=memory[0], candidate=memory[1], where=where)


def _benefit(m: Metrics, what_if: bool) -> str:
    a = m.async_
    if a.duration_reduction_pct == 0:
        text = (
            _(
                "With asynchronous saves the training run would take as long on {candidate} as on {baseline} at "
                "today's interval ({stalls} of stall per save)."
            )
            if what_if
            else _(
                "With these asynchronous saves the training run takes as long on {candidate} as on {baseline} "
                "({stalls} of stall per save)."
            )
        )
    else:
        text = (
            _(
                "With asynchronous saves the training run would finish {sooner} on {candidate} than on {baseline} at "
                "today's interval ({stalls} of stall per save)."
            )
            if what_if
            else _(
                "With these asynchronous saves the training run finishes {sooner} on {candidate} than on {baseline} "
                "({stalls} of stall per save)."
            )
        )
    return text.format(
        sooner=sooner(a.duration_reduction_pct),
        candidate=m.save.candidate.system,
        baseline=m.save.baseline.system,
        stalls=both(s3(a.baseline.stall_s), s3(a.candidate.stall_s)),
    )


def _verdict(w: Words) -> list[Para]:
    """What the write lag means: storage stalls per side, or the plain statement that it no longer does."""
    m = w.m
    a, tau = m.async_, m.reliability.interval_s
    if a.storage_stalls:
        out = []
        differs = staging_differs(w)
        for save, side in zip(m.save.sides(), a.sides(), strict=True):
            if side.write_lag_s > tau:
                out.append(
                    w.p(
                        _(
                            "On {system} the write ({lag}) outlasts the {tau} of compute between saves, so each save "
                            "stalls training {extra} beyond staging; from an interval of {steps} steps on it would "
                            "not."
                        ).format(
                            system=save.system,
                            lag=s3(side.write_lag_s),
                            tau=s3(tau),
                            extra=s3(side.stall_s - side.staging_s),
                            steps=count(side.min_interval_steps),
                        ),
                        "save_times",
                    )
                )
        if differs:
            out.append(w.p(differs, "save_times"))
        return out
    # Where the sentence before already says "takes as long", this one gives the reason, not the same claim again.
    plain = (
        _(
            "That is because neither system's write outlasts the {tau} of compute between saves ({baseline_lag} on "
            "{baseline_system} and {candidate_lag} on {candidate_system})."
        )
        if a.duration_reduction_pct == 0
        else _(
            "Neither system's write outlasts the {tau} of compute between saves ({baseline_lag} on {baseline_system} "
            "and {candidate_lag} on {candidate_system}): with asynchronous saves the storage would not change training "
            "time at today's interval."
        )
        + " "
        + _("The difference above is the two systems' staging times alone.")
    ).format(
        tau=s3(tau),
        baseline_lag=s3(a.baseline.write_lag_s),
        baseline_system=m.save.baseline.system,
        candidate_lag=s3(a.candidate.write_lag_s),
        candidate_system=m.save.candidate.system,
    )
    return [w.p(plain, "save_times"), w.p(_value_then(m), "save_times", "restore_times")]


def _value_then(m: Metrics) -> str:
    """Where the storage's value lies when its writes do not stall training."""
    r = m.reliability
    # nothing "remains" where both need the same interval (Chinese reading 20, M2)
    value = (
        _("What remains: {clause}")
        if stall_free_shorter(m)
        else _("Nor does saving more often favour the candidate: {clause}")
    ).format(clause=stall_free_clause(m))
    if r.baseline.restore_s is None or r.candidate.restore_s is None:
        return value + _("; restore times were not measured in this test.")
    if restores_from_memory(m):  # reads from memory, no benefit to offer: the failure section says so
        return _("{sentence}.").format(sentence=value)  # the full stop in the catalog: 。 in Chinese
    # the restores are compared once, in the failure section (repeat19b: said five times on the customer pages)
    return (
        _("{sentence}.").format(sentence=value)
        + " "
        + _("The restore times are compared in “{section}”.").format(section=_("Failures and the checkpoint interval"))
    )


def _from_trainer_log(test: JointTest) -> bool:
    if test.imported is None:
        return False
    return any(IMPORT_TOOLS[use.tool].trainer_log and use.into == "save_times" for use in test.imported.tools)
