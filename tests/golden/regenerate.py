"""Regenerate the golden outputs: `make golden`. Do it only when a change to the report is intended, and review the diff."""

from __future__ import annotations

from pathlib import Path

from report.build import build_outputs
from report.load import load
from tests.conftest import DATA, FIXTURES, PROVENANCE, ROOT

GOLDEN = Path(__file__).resolve().parent
CASES = {
    "default": DATA,
    "repeated": FIXTURES / "repeated",
    "gates_fail": FIXTURES / "gates_fail",
    "economics": FIXTURES / "economics",
    "white_paper_zh": ROOT / "examples" / "white-paper-zh",  # the Chinese report (docs/zh-CN.md)
}


def main() -> None:
    for name, folder in CASES.items():
        built = build_outputs(load(folder), PROVENANCE)
        out = GOLDEN / name
        out.mkdir(exist_ok=True)
        (out / "metrics.json").write_bytes(built.metrics)
        (out / "report.html").write_bytes(built.html)
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
