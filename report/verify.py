"""Verifying a report: recompute the figures from the inputs attached to a PDF and compare."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

from report.compute import compute
from report.inputs import CONFIG
from report.load import parse
from report.pdf import METRICS_NAME

REL_TOL = 1e-9


def attachments(pdf: Path) -> dict[str, bytes]:
    """The files embedded in a PDF, by name."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    return {name: data[0] for name, data in reader.attachments.items()}


def differences(expected: object, actual: object, path: str = "") -> list[str]:
    """Where two metrics trees differ: numbers to a relative 1e-9, everything else exactly."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for key in sorted(expected.keys() | actual.keys()):
            where = f"{path}.{key}" if path else key
            if key not in actual:
                out.append(f"{where}: missing from the report's metrics.json")
            elif key not in expected:
                out.append(f"{where}: in the report's metrics.json but not recomputed")
            else:
                out += differences(expected[key], actual[key], where)
        return out
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return [f"{path}: {len(actual)} items in the report, {len(expected)} recomputed"]
        return [
            d for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for d in differences(e, a, f"{path}[{i}]")
        ]
    if _number(expected) and _number(actual):
        if math.isclose(expected, actual, rel_tol=REL_TOL, abs_tol=1e-12):
            return []
    elif expected == actual and type(expected) is type(actual):
        return []
    return [f"{path}: the report says {json.dumps(actual)}, the attached inputs give {json.dumps(expected)}"]


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def printed_hashes(pdf: Path, files: dict[str, bytes]) -> list[str]:
    """Attachments whose SHA-256 is not the one printed in the report's colophon."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    text = "".join("".join(page.extract_text().split()) for page in reader.pages[-3:])
    return [
        f"{name}: its SHA-256 ({digest[:12]}…) is not the one printed in the report's colophon"
        for name in files
        if name != METRICS_NAME and (digest := hashlib.sha256(files[name]).hexdigest()) not in text
    ]


def verify(pdf: Path) -> list[str]:
    """Every difference between the report and a recomputation from the inputs attached to it."""
    files = attachments(pdf)
    missing = [name for name in (CONFIG.name, METRICS_NAME) if name not in files]
    if missing:
        return [f"{name}: not attached to {pdf.name}" for name in missing]
    inputs = {name: data for name, data in files.items() if name != METRICS_NAME}
    recomputed = compute(parse(inputs)).to_dict()
    return printed_hashes(pdf, files) + differences(recomputed, json.loads(files[METRICS_NAME]))
