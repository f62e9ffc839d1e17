"""The packages of report/ as layers: each imports only the packages above it in docs/architecture.md's table (the
pipeline's order), no module imports itself back through others, and a module's private names stay in it.

Imports inside functions and under TYPE_CHECKING count: they are how the two circles of issue 42 were tied.
"""

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "report"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def _modules() -> dict[str, Path]:
    """Every module of report/ by its dotted name (a package by its __init__.py)."""
    found = {}
    for path in sorted(REPORT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _imports(path: Path) -> list[tuple[str, str | None, int]]:
    """(module imported, name taken from it or None, line) for every import of report's own modules in `path`.

    `from report.x import y` imports the module report.x.y where there is one, else the name y of report.x."""
    found = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found += [(a.name, None, node.lineno) for a in node.names if a.name.split(".")[0] == "report"]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "report":
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                found.append((whole, None, node.lineno) if whole in MODULES else (node.module, alias.name, node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}:{node.lineno}: a relative import (report's modules import report.x by name)")
    return found


def _edges() -> dict[str, set[str]]:
    return {name: {m for m, _, _ in _imports(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def _rows() -> list[tuple[str, list[str]]]:
    """docs/architecture.md's table of packages, in order: (the row's first cell, the report/ paths it names)."""
    rows, table = [], False
    for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines():
        if line.startswith("| package |"):
            table = True
        elif table and line.startswith("| ") and not line.startswith("| ---"):
            cell = line.split("|")[1]
            rows.append((cell.strip(), re.findall(r"`(report/[^`]*)`", cell)))
        elif table and not line.startswith("|"):
            break
    return rows


def _rank(name: str, path: Path) -> tuple[int, int] | None:
    """How closely the table's `name` claims `path`: the file itself, else its folder (deeper first), else
    `report/*.py` for a module at the top of report/; None where it does not."""
    relative = path.relative_to(ROOT).as_posix()
    if name == relative:
        return (3, 0)
    if name.endswith("/") and relative.startswith(name):
        return (2, len(name))
    if name == "report/*.py" and path.parent == REPORT:
        return (1, 0)
    return None


def _layer(path: Path, rows: list[tuple[str, list[str]]]) -> int | None:
    """The index of the row that claims `path` most closely."""
    ranked = [(rank, index) for index, (_, names) in enumerate(rows) for n in names if (rank := _rank(n, path))]
    return max(ranked)[1] if ranked else None


def test_the_table_names_every_module_once_in_some_row():
    rows = _rows()
    assert len(rows) >= 10, "docs/architecture.md: no table of packages ('| package | ...') found"
    homeless = sorted(name for name, path in MODULES.items() if _layer(path, rows) is None)
    assert homeless == [], f"modules in no row of docs/architecture.md's table: {homeless}"
    named = [name for _, names in rows for name in names]
    assert len(named) == len(set(named)), "a path named in two rows"
    unused = [n for n in named if not any(_rank(n, path) for path in MODULES.values())]
    assert unused == [], f"rows naming no module of report/: {unused}"


def test_each_package_imports_only_the_packages_above_it_in_the_table():
    """The pipeline reads one way: a package uses what earlier stages made, never a later stage."""
    rows = _rows()
    wrong = []
    for path in MODULES.values():
        layer = _layer(path, rows)
        for imported, _, line in _imports(path):
            if imported in MODULES and (other := _layer(MODULES[imported], rows)) > layer:
                wrong.append(
                    f"{path.relative_to(ROOT)}:{line} ({rows[layer][0]}) imports {imported} ({rows[other][0]})"
                )
    assert wrong == []


def test_no_module_imports_itself_back_through_others():
    """No import circle: Tarjan's strongly connected components of the module graph are all single modules."""
    edges, index, low, stack, on_stack, circles = _edges(), {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while not component or component[-1] != v:
                component.append(stack.pop())
                on_stack.discard(component[-1])
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    assert circles == []


def _private(name: str) -> bool:
    """A private name: one underscore first; gettext's `_` and dunders (`__version__`) are not."""
    return name.startswith("_") and name != "_" and not name.startswith("__")


def test_a_module_s_private_names_stay_in_it():
    """Neither `from report.x import _name` nor `x._name` on a report module, outside report/x itself."""
    crossing = []
    for name, path in MODULES.items():
        tree = _tree(path)
        bound = {}  # local name -> report module it stands for
        for imported, taken, line in _imports(path):
            if taken is not None and _private(taken) and imported != name:
                crossing.append(f"{path.relative_to(ROOT)}:{line} imports {imported}.{taken}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "report":
                bound |= {a.asname or a.name: f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                bound |= {a.asname: a.name for a in node.names if a.asname and a.name.split(".")[0] == "report"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and _private(node.attr):
                module = bound.get(node.value.id)
                if module in MODULES and module != name:
                    crossing.append(f"{path.relative_to(ROOT)}:{node.lineno} uses {module}.{node.attr}")
    assert crossing == []
