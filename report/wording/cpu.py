"""The runs `measure` found bound by the CPU of the machine running fio rather than by the storage, said beside the
figures they qualify (field test 5, M2: flagged on every run, said only in the test-setup section while page 1 and
the summary printed the speedup "at 95% confidence" with no caveat). The rule is report/measure/outcome.py's
RunResult.cpu_bound; `measure` records the runs in each import's `cpu_bound`.
"""

from __future__ import annotations

from report.i18n import _, join_words
from report.wording.base import Words


def bound_runs(w: Words) -> list[str]:
    """Per import with such runs: "1 of 3 save runs on <system>", in test.toml's order."""
    phases = {
        "save_times": _("save"),
        "restore_times": _("restore"),
        "load_times": _("load"),
        "bandwidth": _("sustained write"),
        "scaling": _("client-sweep write"),
    }
    return [
        _("{count} of {total} {phase} runs on {system}").format(
            count=len(spec.cpu_bound), total=len(spec.files), phase=phases[spec.into], system=spec.system
        )
        for spec in w.config.imports
        if spec.cpu_bound and spec.into in phases
    ]


def caveat(w: Words) -> str:
    """One sentence, with a leading space, for page 1 and the summary beside the save speedup; "" when no run was
    bound by its client's CPU."""
    runs = bound_runs(w)
    if not runs:
        return ""
    return " " + _(
        "The processors of the machine running fio, not the storage, set the pace of {runs}: those times, and the "
        "figures drawn from them, say as much about that machine as about the storage (see “{section}”)."
    ).format(runs=join_words(runs), section=_("Test setup and data sources"))
