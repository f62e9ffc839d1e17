"""Runs are distinct measurements: two matched files with the same bytes (a copy, or a link to one file) are refused.

A fio JSON copied or linked under another name inside an import's glob would count as another run, and more runs
of the same numbers narrow the spread the gates test (issue 21: 3 runs became 4, CV 6.34% became 5.28%). The check
spans every [[import]] of test.toml, on a folder and on a report's attachments alike.
"""

from __future__ import annotations

import hashlib

from report.inputs.ingest.files import CONFIG
from report.problems import Problem


def duplicate_runs(spec, names: list[str], files, first_of: dict[str, str]) -> list[Problem]:
    """A problem for each of the import's files whose bytes a file of another name, matched so far, already has.

    `first_of` maps a digest to the first file that had it, across the imports run so far (updated here).
    """
    problems = []
    for name in names:
        digest = hashlib.sha256(files.read(name) or b"").hexdigest()
        first = first_of.setdefault(digest, name)
        if first == name:
            continue
        message = (  # a link to a file has its bytes: said the same way (the report's attachments have no links)
            f'"{name}" has the same bytes as "{first}": one run would count twice; each matched file must be a distinct'
            " measurement (remove the copy or the link)"
        )
        problems.append(Problem(CONFIG, spec.files_line or spec.line, "import.files", message))
    return problems
