"""What a finding is: its id, the scope it holds for (which sides, runs, models, pairs, rows) and its figures; the rules
that decide findings are report/compute/findings.py and report/compute/gate_findings.py."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from report.inputs.joint_test import JointTest

#: The load sides' keys (the save sides' are compute.figures.SIDES).
LOAD_SIDES = ("load_baseline", "candidate")

#: Scope kinds: what the items name.
SIDES_KIND = "sides"  #: "baseline", "candidate" (save sides); "load_baseline", "candidate" for loads
RUNS_KIND = "runs"  #: "candidate:4": a side and a run number
MODELS_KIND = "models"  #: save models by name
PAIRS_KIND = "pairs"  #: load (model, platform) pairs, "model / platform"
ROWS_KIND = "rows"  #: save rows (side, model), "baseline / 32B LoRA"
PROJECTIONS_KIND = "projections"  #: projections by name
TEST_KIND = "test"  #: the joint test as a whole (a gate, the price)


@dataclass(frozen=True)
class Scope:
    """What a finding holds for (`items`) among everything of its kind in this joint test (`universe`)."""

    kind: str
    items: tuple[str, ...]
    universe: tuple[str, ...]

    @property
    def whole(self) -> bool:
        """Whether it holds for every item of its kind, and there are two or more: only then "both", "every", "all"."""
        return len(self.universe) > 1 and set(self.items) == set(self.universe)


@dataclass(frozen=True)
class Finding:
    """One conclusion: its id, its scope and the figures its words print (plain values)."""

    id: str
    scope: Scope
    figures: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def __getitem__(self, name: str) -> Any:
        """A figure, of the type its finding's rule gives it (a number, a text, a side's dict, ...): the rules below
        set each id's figures, and the words read them by id, so the type is the id's, not one mypy can follow."""
        return self.figures[name]


@dataclass(frozen=True)
class Findings:
    """The findings of one joint test, in the order the report states them."""

    all: tuple[Finding, ...]

    def __iter__(self) -> Iterator[Finding]:
        return iter(self.all)

    def get(self, finding_id: str) -> Finding | None:
        """The finding `finding_id`, or None when this joint test does not have it."""
        return next((f for f in self.all if f.id == finding_id), None)

    def each(self, finding_id: str) -> tuple[Finding, ...]:
        """Every finding `finding_id` (some come once per load pair)."""
        return tuple(f for f in self.all if f.id == finding_id)

    def has(self, finding_id: str) -> bool:
        """Whether this joint test has finding `finding_id`."""
        return self.get(finding_id) is not None


def make_finding(finding_id: str, kind: str, items, universe, **figures: object) -> Finding:
    return Finding(finding_id, Scope(kind, tuple(items), tuple(universe)), MappingProxyType(figures))


def agreed(test: JointTest, key: str) -> bool:
    """Whether a gate threshold was agreed for this test (given in test.toml), not the tool's default."""
    return not test.config.is_default(f"gates.{key}")
