"""test.toml's [[import]] tables: the tools, the tables each may feed, and the keys of each table."""

from __future__ import annotations

from report.inputs.ingest.tools import IMPORT_TOOLS
from report.inputs.misspelt import ROLES, misspelt
from report.inputs.specs import ImportSpec
from report.inputs.toml_reader import TableReader, described

# [[import]]: the tools, the tables each may feed, and the keys of each table (kind, required).
_IMPORT_COMMON = {"tool": ("text", True), "files": ("files", True), "system": ("text", True), "into": ("text", True)}
_IMPORT_KEYS = {
    "save_times": {"model": ("text", True), "gpus": ("posint", True), "snapshot_gb": ("posnum", False)},
    "load_times": {"model": ("text", True), "platform": ("text", True), "size_gb": ("posnum", False)},
    "bandwidth": {},
    "restore_times": {"model": ("text", True), "snapshot_gb": ("posnum", False)},
    "scaling": {},  # fio client/server: each run's clients and aggregate come from its JSON
}
# What `python -m report measure` records beside its fio runs (docs/measure.md): the file system they were measured
# on, what holds its data (memory, storage, or unknown from there), and the runs whose client was bound by its CPU.
_MEASURED_KEYS = {"filesystem": ("text", False), "medium": ("text", False), "cpu_bound": ("any", False)}
MEDIA = ("memory", "storage", "unknown")
#: file systems whose data lives in memory only (as the kernel names them)
MEMORY_FILE_SYSTEMS = ("tmpfs", "ramfs")
_IMPORT_SYSTEMS = {
    "restore_times": ("save_baseline", "candidate"),
    "save_times": ("save_baseline", "candidate"),
    "bandwidth": ("save_baseline", "candidate"),
    "load_times": ("load_baseline", "candidate"),
    "scaling": ("save_baseline", "candidate"),
}


def import_specs(reader: TableReader, value: object, systems: dict) -> tuple[ImportSpec, ...]:
    """The [[import]] tables, each checked against its tool and target table."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        reader.problem("", "import", "must be written as [[import]] tables")
        return ()
    specs = [_import(reader, index, item, systems) for index, item in enumerate(value)]
    names = {k: v.strip() for k, v in systems.items() if k in ROLES and isinstance(v, str)}
    used = [item["system"] for item in value if isinstance(item.get("system"), str)]
    refused = [item["system"] for item in value if _refused_system(item, systems)]
    for role, said in misspelt(names, used, refused, "[[import]] table"):  # at the [systems] key's line, sorted first
        reader.problem("systems", role, said)
    return tuple(s for s in specs if s is not None)


def _import(reader: TableReader, index: int, item: dict, systems: dict) -> ImportSpec | None:
    before = len(reader.problems)
    tool, into = item.get("tool"), item.get("into")
    if tool not in IMPORT_TOOLS:  # the registry, read when test.toml is: the tools and their targets
        reader.problem("import", "tool" if "tool" in item else None, _one_of("tool", tool, IMPORT_TOOLS), index)
    if into not in _IMPORT_KEYS:
        reader.problem("import", "into" if "into" in item else None, _one_of("into", into, _IMPORT_KEYS), index)
    elif tool in IMPORT_TOOLS and into not in IMPORT_TOOLS[tool].targets:
        allowed = ", ".join(IMPORT_TOOLS[tool].targets)
        reader.problem("import", "into", f"{tool} output cannot become {into} rows (it can: {allowed})", index)
    if len(reader.problems) > before or not isinstance(tool, str) or not isinstance(into, str):
        return None  # (a tool or target that is no text is never a known one: its problem is reported)
    spec = _keys(tool, into)
    for key in item:
        if key not in spec and key in _KEYS_OF_SOME:
            reader.problem("import", key, _not_applying(tool, into, key), index)
    known = {k: v for k, v in item.items() if k in spec or k not in _KEYS_OF_SOME}
    checked = reader.table(_files_checked(reader, known, index), "import", _files_as_text(spec), index)
    if IMPORT_TOOLS[tool].trainer_log and into == "save_times" and "snapshot_gb" not in item:
        reader.problem("import", None, f'the key "snapshot_gb" is missing ({tool} logs do not give the size)', index)
    modes = IMPORT_TOOLS[tool].async_modes
    if "async_mode" in checked and checked["async_mode"] not in modes:
        allowed = ", ".join(f'"{m}"' for m in modes)
        got = described(checked["async_mode"])
        message = f"must be one of {allowed} (the checkpoint.async_mode the run used), got {got}"
        reader.problem("import", "async_mode", message, index)
    _check_import_system(reader, checked.get("system"), into, systems, index)
    _check_measured(reader, checked, item, index)
    if len(reader.problems) > before:
        return None
    size = checked.get("snapshot_gb", checked.get("size_gb"))
    return ImportSpec(
        index=index,
        line=reader.lines.of("import", None, index) or 0,
        tool=tool,
        files=tuple(item["files"]),
        system=checked["system"],
        into=into,
        model=checked.get("model"),
        gpus=checked.get("gpus"),
        snapshot_gb=None if size is None else float(size),
        platform=checked.get("platform"),
        files_line=reader.lines.of("import", "files", index),
        async_mode=checked.get("async_mode"),
        filesystem=checked.get("filesystem"),
        medium=checked.get("medium"),
        cpu_bound=tuple(checked.get("cpu_bound", ())),
    )


# Keys some imports take and others do not: given where they do not apply, each is said so.
_KEYS_OF_SOME = {k for keys in _IMPORT_KEYS.values() for k in keys} | {"async_mode"} | set(_MEASURED_KEYS)


def _keys(tool: str, into: str) -> dict:
    """The keys of an import of this tool into this table (kind, required)."""
    keys = _IMPORT_COMMON | _IMPORT_KEYS[into]
    if IMPORT_TOOLS[tool].trainer_log and into == "restore_times":
        keys = {k: v for k, v in keys.items() if k != "snapshot_gb"}  # a trainer log reports no size to check
    if IMPORT_TOOLS[tool].async_modes:
        keys = keys | {"async_mode": ("text", True)}
    if IMPORT_TOOLS[tool].run_by_measure:
        keys = keys | _MEASURED_KEYS
    return keys


def _check_measured(reader: TableReader, checked: dict, item: dict, index: int) -> None:
    """medium is one of MEDIA; cpu_bound lists files of the table's own `files`."""
    if "medium" in checked and checked["medium"] not in MEDIA:
        allowed = ", ".join(f'"{m}"' for m in MEDIA)
        reader.problem("import", "medium", f"must be one of {allowed}, got {described(checked['medium'])}", index)
    if "cpu_bound" in checked:
        value, files = checked["cpu_bound"], item.get("files")
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            reader.problem("import", "cpu_bound", f"must be a list of paths in quotes, got {described(value)}", index)
        elif isinstance(files, list) and (stray := [v for v in value if v not in files]):
            message = f'"{stray[0]}" is not one of this import\'s files; cpu_bound names runs among them'
            reader.problem("import", "cpu_bound", message, index)


def not_durable_problems(reader: TableReader, imports, not_durable: tuple[str, ...]) -> None:
    """A save system's runs recorded as measured on memory (a tmpfs, a RAM disk, a loop device over one) need the
    system named in [systems] not_durable, or the report would present RAM-speed saves as durable (field test T2:
    deleting the not_durable line measure wrote removed every warning, with no word from build or verify)."""
    for spec in imports:
        if spec.into not in ("save_times", "restore_times", "bandwidth") or spec.system in not_durable:
            continue
        in_memory = (spec.filesystem or "").lower() in MEMORY_FILE_SYSTEMS
        if spec.medium != "memory" and not in_memory:
            continue
        if in_memory:
            on = f"{spec.filesystem}, which keeps the data in memory"
        else:  # e.g. ext4 on a loop device whose file lies in a tmpfs: measure judged the devices under it
            on = f"{spec.filesystem or 'a file system'} whose devices keep the data in memory"
        message = (
            f'the runs of "{spec.system}" were measured on {on} and would not survive a power loss: name'
            f' "{spec.system}" in [systems] not_durable (measure wrote it there), so that the report marks its saves'
            " as not durable"
        )
        reader.problem("import", "medium" if spec.medium == "memory" else "filesystem", message, spec.index)


def _not_applying(tool: str, into: str, key: str) -> str:
    if key in _MEASURED_KEYS:
        run = " and ".join(t.id for t in IMPORT_TOOLS.values() if t.run_by_measure)
        return f"applies to {run} imports only: measure records it beside the {run} runs it made"
    if key == "async_mode":
        with_modes = " and ".join(t.id for t in IMPORT_TOOLS.values() if t.async_modes)
        return f"applies to {with_modes} imports only: their logs do not say whether saves were asynchronous"
    if key == "snapshot_gb" and into == "restore_times":
        return f"does not apply to a {tool} restore import ({tool} logs give no size to check it against)"
    return f"does not apply to an import into {into}"


def _one_of(key: str, value: object, allowed: dict) -> str:
    if value is None:
        return f'the key "{key}" is missing'
    return f"must be one of {', '.join(allowed)}, got {described(value)}"


def _files_checked(reader: TableReader, item: dict, index: int) -> dict:
    """`files` must be a non-empty list of non-empty strings; it is then checked like a text."""
    files = item.get("files")
    if files is None:
        return item
    if not (isinstance(files, list) and files and all(isinstance(f, str) and f.strip() for f in files)):
        reader.problem("import", "files", f"must be a list of paths in quotes, got {described(files)}", index)
    return {k: v for k, v in item.items() if k != "files"} | {"files": "-"}


def _files_as_text(spec: dict) -> dict:
    return {k: ("text", required) if kind == "files" else (kind, required) for k, (kind, required) in spec.items()}


def _refused_system(item: dict, systems: dict) -> bool:
    """An import whose system is text but not a [systems] name its table takes (_check_import_system says so)."""
    system, into = item.get("system"), item.get("into")
    if not isinstance(system, str) or into not in _IMPORT_SYSTEMS:
        return False
    return system.strip() not in {systems.get(k) for k in _IMPORT_SYSTEMS[into]}


def _check_import_system(reader: TableReader, system: str | None, into: str, systems: dict, index: int) -> None:
    names = {systems.get(k): k for k in _IMPORT_SYSTEMS[into] if systems.get(k)}
    if system is not None and systems and system not in names:
        allowed = " or ".join(f'"{n}"' for n in names)
        reader.problem(
            "import", "system", f'"{system}" is not a system of [systems] for {into}; expected {allowed}', index
        )
