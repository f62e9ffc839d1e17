"""What a file an import refused is, when it is another tool's output or no tool's (issue 46): a refusal then says
what the file is and what to import instead, not only that it lacks the lines the import's tool reads.

Only a refusal is reworded (imports.py): a file an import reads is never judged here. A file that looks like the
output of more than one tool, or of none this module knows, keeps the tool's own message. Beside the registry and
each tool's module, this is the one module that names the tools by id: it tells their files apart (a new tool adds
its shapes here to be named in other tools' refusals; tests/test_how_to_add.py).
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    """What a file is: the tool whose output it is (None: no tool's), in words, and what to import in its place."""

    tool: str | None
    what: str
    instead: str  #: with tool = "…" for another tool's output


def _tool(tool: str, what: str, instead: str | None = None) -> Kind:
    return Kind(tool, what, instead or f'import it with tool = "{tool}"')


_DLIO_LOG = re.compile(rb"\s*\[(?:OUTPUT|INFO|METRIC|DEBUG|WARNING|ERROR)\]")
_FIO_VERSION = re.compile(rb'"fio version"\s*:\s*"(fio-[^"]{1,40})"')
_FIO_TEXT = re.compile(rb"\(groupid=\d+, jobs=\d+\): err=")
_FIO_JOB = re.compile(rb"^[ \t]*(?:rw|readwrite|ioengine|bs|iodepth|numjobs|direct|filename|directory)[ \t]*=", re.M)
_SECTION = re.compile(rb"^[ \t]*\[[^\]\n]+\][ \t]*$", re.MULTILINE)
_FIO_LOG = re.compile(rb"^\s*\d+, *\d+, *\d+, *\d+")
_DLIO_YAML = re.compile(rb"^(?:workflow|framework|workload|dataset|checkpoint):", re.MULTILINE)
_STRONG = {  # a line only that tool prints
    "megatron": re.compile(rb"(?<![\w-])(?:save|load)-checkpoint(?![\w-]) *\.* *:"),
    "nemo": re.compile(rb"Global Checkpoint (?:Save|Load)\s*:"),
    "torchtitan": re.compile(rb"Finished saving the checkpoint"),
}
_WEAK = {  # words its log holds
    "megatron": re.compile(rb"saving checkpoint at iteration|iteration +\d+/ *\d+ \| consumed samples|megatron\.core"),
    "nemo": re.compile(rb"\[NeMo [IWED] |nemo_logging"),
    "torchtitan": re.compile(rb"torchtitan"),
}
_LOG_NAMES = {
    "megatron": "a Megatron-LM training log",
    "nemo": "a NeMo training log",
    "torchtitan": "a torchtitan training log",
}


def identify(name: str, data: bytes) -> Kind | None:
    """What `name` is, from its bytes (and, for a document, its name), or None when it cannot be told."""
    head = data[: 1 << 20]
    if _DLIO_LOG.match(head):
        return _tool("mlperf", "DLIO's log (dlio.log, MLPerf Storage)", _MLPERF)
    if (json_kind := _json(head if len(data) <= 1 << 20 else b"")) is not None:
        return json_kind
    if version := _FIO_VERSION.search(head):
        return _tool("fio", f"fio's JSON output ({version.group(1).decode()})")
    if _FIO_TEXT.search(head):
        return _tool(
            "fio", "fio's normal (text) output", 'rerun fio with --output-format=json and import that with tool = "fio"'
        )
    if _FIO_LOG.match(head):
        return _tool("fio", "a fio log", 'import the run\'s JSON output it belongs to with tool = "fio"')
    if _SECTION.search(head) and _FIO_JOB.search(head):
        return _tool("fio", "a fio job file", 'run it with fio --output-format=json and import that with tool = "fio"')
    if len(_DLIO_YAML.findall(head)) >= 2 and re.search(rb"^model:", head, re.MULTILINE):
        what = "an MLPerf Storage (DLIO) workload configuration, the benchmark's input"
        return Kind(
            None, what, 'run the benchmark and name the run folder\'s *per_epoch_stats.json with tool = "mlperf"'
        )
    logs = _trainer(head)
    if logs is not None:
        return logs
    base = posixpath.basename(name).lower()
    if base.startswith("readme") or base.endswith((".md", ".markdown", ".rst")) or head.lstrip().startswith(b"# "):
        return Kind(None, "a document written by people (a README or Markdown page)", "")
    return None


_MLPERF = 'name the run folder\'s *per_epoch_stats.json in files, with tool = "mlperf"'


def _json(head: bytes) -> Kind | None:
    """A DLIO JSON file, by its keys."""
    if not head.lstrip().startswith(b"{"):
        return None
    try:
        value = json.loads(head.decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("metric"), dict):
        return _tool("mlperf", "DLIO's summary.json (MLPerf Storage)", _MLPERF)
    if "host_cpuinfo" in value:
        return _tool("mlperf", "DLIO's {rank}_output.json (MLPerf Storage)", _MLPERF)
    epochs = [v for v in value.values() if isinstance(v, dict)]
    if (
        value
        and len(epochs) == len(value)
        and any(re.fullmatch(r"(?:save_|load_)?ckpt\d+", k) for e in epochs for k in e)
    ):
        return _tool("mlperf", "DLIO's per-epoch stats (MLPerf Storage)")
    return None


def _trainer(head: bytes) -> Kind | None:
    """A training framework's log: the one tool whose own line it holds, else the one whose words it holds."""
    for markers in (_STRONG, _WEAK):
        found = [tool for tool, pattern in markers.items() if pattern.search(head)]
        if len(found) == 1:
            return _tool(found[0], _LOG_NAMES[found[0]])
        if found:
            return None
    return None


def refusal(kind: Kind, tool: str, tool_name: str) -> str:
    """The message for a file of `kind` matched by an import of `tool`."""
    if kind.tool is None:
        from report.inputs.ingest.tools import IMPORT_TOOLS

        instead = kind.instead or f"name {IMPORT_TOOLS[tool].reads} in files instead"
        return f"is {kind.what}, not a run's output: {instead}"
    return f"is {kind.what}, which the {tool_name} import does not read: {kind.instead}"


# What a file holding no JSON is, when it is fio's: a job file (`[section]` and `key=value` lines), or the normal
# text output (`fio-2.2.10` and a job's `(groupid=0, jobs=1): err= 0` line), neither of which holds a run's figures.
_JOB_SECTION, _JOB_OPTION = (
    re.compile(r"^[ \t]*\[[^\]\n]+\][ \t]*$", re.MULTILINE),
    re.compile(r"^[ \t]*\w+[ \t]*=", re.MULTILINE),
)
_TEXT_OUTPUT = re.compile(r"\(groupid=\d+, jobs=\d+\): err="), re.compile(r"^fio-(\d[\w.-]*)[ \t\r]*$", re.MULTILINE)


def fio_text_kind(text: str) -> str:
    """The fio import's refusal of a file with no line starting with `{`: fio's text output, a job file, or neither."""
    if (job := _TEXT_OUTPUT[0].search(text)) and (version := _TEXT_OUTPUT[1].search(text, 0, job.start())):
        return (
            f"is fio's normal (text) output (fio-{version.group(1)}), which cannot be read back into runs: rerun fio"
            " with --output-format=json (or json+) and name that output in files"
        )
    if _JOB_SECTION.search(text) and _JOB_OPTION.search(text):
        return "is a fio job file, not a run's output: run it with --output-format=json and name that output in files"
    return "is not fio JSON output: no line starts with {"
