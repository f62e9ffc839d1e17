"""The save times' other model sizes: named with their runs, and the ratios of their means beside the training
model's. The contract analyses the training model's rows only; these say what the other rows hold."""

from __future__ import annotations

import re
from dataclasses import dataclass

from report.compute import Metrics
from report.formatting import count, natural_key, x3
from report.i18n import _, join_words
from report.wording.base import Words


@dataclass(frozen=True)
class OtherWorkload:
    """A (model, GPUs) pair of save_times.csv other than the training model's: rows the analysis leaves aside."""

    model: str
    gpus: int
    baseline_runs: int
    candidate_runs: int


def other_workloads(w: Words) -> list[OtherWorkload]:
    """The save times' (model, GPUs) pairs other than the training model's, with each save system's run count, in
    natural order: the contract analyses the training model's rows only (CONTRACT.md, "Checkpoint save")."""
    saves, training = w.test.saves, w.config.training.model
    pairs = {(str(r.model), int(r.gpus)) for r in saves[["model", "gpus"]].itertuples() if str(r.model) != training}
    systems = [side.system for side in w.sides]
    found = []
    for model, n in sorted(pairs, key=lambda p: (natural_key(p[0]), p[1])):
        rows = saves[(saves["model"].astype(str) == model) & (saves["gpus"] == n)]
        runs = [int((rows["system"].astype(str) == system).sum()) for system in systems]
        found.append(OtherWorkload(model, n, runs[0], runs[1]))
    return found


def other_workloads_words(w: Words) -> str:
    """ "“7B”, 4 GPUs (2 / 2 runs)": each other workload of the save times with its runs, baseline / candidate."""
    return join_words(
        [
            (
                _("“{model}”, {gpus} GPUs, concurrent saves ({baseline} / {candidate} runs)")
                if CONCURRENT_MODEL.search(o.model)
                else _("“{model}”, {gpus} GPUs ({baseline} / {candidate} runs)")
            ).format(model=o.model, gpus=count(o.gpus), baseline=o.baseline_runs, candidate=o.candidate_runs)
            for o in other_workloads(w)
        ]
    )


def other_ratios(m: Metrics) -> str:
    """ "2.80× at 8 GPUs and 3.39× at 64 GPUs": the ratio of the mean save times at each other size both systems
    timed (the model named too where two share a GPU count)."""
    counts = [o.gpus for o in m.other_saves]
    return join_words(
        [
            (
                _("{ratio} at {gpus} GPUs (“{model}”)") if counts.count(o.gpus) > 1 else _("{ratio} at {gpus} GPUs")
            ).format(ratio=x3(o.ratio), gpus=count(o.gpus), model=o.model)
            for o in m.other_saves
        ]
    )


#: The model name `measure --concurrent-jobs K` gives the rows of K jobs saving at once ("32B LoRA × 2 at once").
CONCURRENT_MODEL = re.compile(r" × \d+ at once$")
