"""Verifying a report: rebuild it from the inputs attached to it and compare every figure, every page and the bytes.

A report is genuine when a rebuild from its own attachments prints what it prints. verify reads only the
attachments the contract names (`allowed_attachments`), each checked against its declared size before it is
inflated (never more than that size, in blocks), refuses a PDF that carries any other embedded file, rebuilds the
report with the generator version it records, and then compares: metrics.json's figures (to a relative 1e-9), the
text of every page, and, where the recorded generator and packages are the ones running, the PDF's bytes.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from report.i18n import LANGUAGES
from report.inputs import CONFIG, TABLES
from report.pdf import METRICS_NAME
from report.problems import InvalidInput
from report.provenance import Provenance
from report.safe_read import read_regular

REL_TOL = 1e-9
PDF_LIMIT = 4 << 30
# The most verify inflates of each attachment (the declared /Size must be within it): test.toml and metrics.json
# are a few KB, the timing tables small, the bandwidth log up to 10M samples (367 MB) with room to spare.
SIZE_LIMITS = {"test.toml": 1 << 20, METRICS_NAME: 64 << 20, "bandwidth.csv": 2 << 30}
DEFAULT_LIMIT = 256 << 20
MAX_ATTACHMENTS_SEEN = 64


@dataclass
class Outcome:
    """What verify found: `differences` make the report fail; `notes` are said but change nothing."""

    differences: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class Refused(Exception):
    """The PDF cannot be verified as it is (foreign files, sizes over the limits, damaged streams)."""


def allowed_attachments() -> tuple[str, ...]:
    """The files every report may carry by name: test.toml, the three CSVs and metrics.json (raw files besides)."""
    return (CONFIG.name, *(t.name for t in TABLES), METRICS_NAME)


REQUIRED = (CONFIG.name, METRICS_NAME)


def _imported_patterns(config_bytes: bytes) -> list[str]:
    """The globs of the attached test.toml's [[import]] tables: the raw files a report may carry besides."""
    from report.config import parse_config

    config, _ = parse_config(config_bytes)
    return [] if config is None else [pattern for spec in config.imports for pattern in spec.files]


def _may_carry(name: str, patterns: list[str], names: list[str]) -> bool:
    """Whether a report may carry `name`: a described input, a file its imports' globs match, or a file beside one
    (fio's logs sit beside the JSON that names them); the rebuild then refuses any file the imports did not read."""
    import fnmatch
    import posixpath

    if name in allowed_attachments():
        return True
    if name.startswith("/") or ".." in name.split("/") or "\\" in name:
        return False
    matched = {n for n in names if any(fnmatch.fnmatchcase(n, p) for p in patterns)}
    return name in matched or posixpath.dirname(name) in {posixpath.dirname(n) for n in matched}


def _embedded_specs(reader) -> list[tuple[str, object]]:
    """(name, file specification) of every embedded file the catalog's name tree lists, without reading any."""
    root = reader.trailer["/Root"]
    tree = root.get("/Names", {}).get("/EmbeddedFiles")
    found: list[tuple[str, object]] = []
    stack = [(tree, 0)] if tree is not None else []
    while stack:
        node, depth = stack.pop()
        node = node.get_object()
        if depth > 8 or len(found) > MAX_ATTACHMENTS_SEEN:
            raise Refused("its list of embedded files is deeper or longer than any report's")
        names = list(node.get("/Names", []))
        found += [(str(names[i]), names[i + 1].get_object()) for i in range(0, len(names) - 1, 2)]
        stack += [(kid, depth + 1) for kid in node.get("/Kids", [])]
    return found


def _check_annotations(reader) -> None:
    for number, page in enumerate(reader.pages, 1):
        for annot in page.get("/Annots", []) or []:
            if annot.get_object().get("/Subtype") == "/FileAttachment":
                raise Refused(f"page {number} carries a file attachment, which no report has")


def inflate(stream, name: str, limit: int) -> bytes:
    """An attachment's bytes: its declared size checked first, inflated in blocks, never past that size."""
    params = stream.get("/Params", {})
    size = params.get("/Size")
    if not isinstance(size, int) or not 0 <= size <= limit:
        raise Refused(f"{name}: declares a size of {size!r} bytes; a report's {name} is at most {limit:,}")
    filters = stream.get("/Filter")
    raw = stream._data  # the stream as stored: inflated here, under the limit, rather than by pypdf whole
    if filters in (None, "/FlateDecode") or filters == ["/FlateDecode"]:
        data = raw if filters is None else _inflate_limited(raw, size, name)
    else:
        raise Refused(f"{name}: stored with {filters}, not as a report stores its attachments")
    if len(data) != size:
        raise Refused(f"{name}: holds {len(data):,} bytes but declares {size:,}")
    checksum = params.get("/CheckSum")
    recorded = getattr(checksum, "original_bytes", checksum)
    if checksum is not None and recorded != hashlib.md5(data, usedforsecurity=False).digest():
        raise Refused(f"{name}: its bytes do not match the MD5 checksum the PDF records for it")
    return data


def _inflate_limited(raw: bytes, size: int, name: str) -> bytes:
    inflater, out, view = zlib.decompressobj(), bytearray(), memoryview(raw)
    try:
        for lo in range(0, len(raw), 1 << 20):
            out += inflater.decompress(view[lo : lo + (1 << 20)], size + 1 - len(out))
            if len(out) > size or inflater.unconsumed_tail:
                raise Refused(f"{name}: inflates to more than the {size:,} bytes it declares")
        out += inflater.flush()
    except zlib.error as exc:
        raise Refused(f"{name}: its compressed stream is damaged ({exc})") from exc
    return bytes(out)


def read_attachments(reader) -> dict[str, bytes]:
    """The report's named attachments; any other embedded file, or one named twice, refuses the PDF."""
    _check_annotations(reader)
    specs, files = _embedded_specs(reader), {}
    names = [name for name, _ in specs]
    for name in set(names):
        if names.count(name) > 1:
            raise Refused(f"it carries two embedded files named {name}")
    config = dict(specs).get(CONFIG.name)
    patterns = [] if config is None else _imported_patterns(_read(config, CONFIG.name))
    for name, _spec in specs:  # every name checked before anything else is inflated
        if not _may_carry(name, patterns, names):
            raise Refused(f"it carries an embedded file {name[:80]!r} that no report carries")
    for name, spec in specs:
        files[name] = _read(spec, name)
    return files


def _read(spec, name: str) -> bytes:
    return inflate(spec["/EF"]["/F"].get_object(), name, SIZE_LIMITS.get(name, DEFAULT_LIMIT))


_FREE_TEXT = re.compile(r"gates\[\d+\]\.(name|detail)")


def differences(expected: object, actual: object, path: str = "") -> list[str]:
    """Where two metrics trees differ: numbers to a relative 1e-9, everything else exactly."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for key in sorted(expected.keys() | actual.keys()):
            where = f"{path}.{key}" if path else key
            if _FREE_TEXT.fullmatch(where):
                continue  # informative English (CONTRACT.md): a wording change must not fail a report
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


def page_texts(reader) -> list[str]:
    """Each page's text, as pypdf extracts it (the same extraction on both sides makes its quirks cancel out)."""
    return [page.extract_text() for page in reader.pages]


_NUMBER = re.compile(r"[−-]?\d[\d,]*(?:\.\d+)?[×%]?")


def number_differences(rebuilt: list[str], given: list[str]) -> list[str]:
    """Numbers the report prints that a rebuild by another generator version does not print, page by page.

    Another version may word the report differently (a wording change must not invalidate a customer's evidence), so
    pages are not compared line by line; but every figure the pages print must still be one the inputs give.
    """
    from collections import Counter

    available = Counter(_NUMBER.findall("\n".join(rebuilt)))
    found = []
    for number, text in enumerate(given, 1):
        extra = []
        for token in _NUMBER.findall(text):
            if available[token] > 0:
                available[token] -= 1
            else:
                extra.append(token)
        if extra:
            shown = ", ".join(repr(n) for n in extra[:8]) + (f" and {len(extra) - 8} more" if len(extra) > 8 else "")
            found.append(f"the pages print, on page {number}, {shown}, which a rebuild from the attachments does not")
    return found


def page_differences(rebuilt: list[str], given: list[str]) -> list[str]:
    """Pages whose text differs from the rebuild's, each with its first differing line."""
    found = []
    if len(rebuilt) != len(given):
        found.append(f"the report has {len(given)} pages; a rebuild from its attachments has {len(rebuilt)}")
    for number, (mine, theirs) in enumerate(zip(rebuilt, given, strict=False), 1):
        if mine != theirs:
            ours, its = mine.splitlines(), theirs.splitlines()
            at = next((i for i, (a, b) in enumerate(zip(ours, its, strict=False)) if a != b), min(len(ours), len(its)))
            line = its[at] if at < len(its) else "(nothing)"
            want = ours[at] if at < len(ours) else "(nothing)"
            found.append(f"page {number}: prints {line[:100]!r} where a rebuild prints {want[:100]!r}")
    return found


def _schema(recorded: dict) -> list[str]:
    from report.compute import SCHEMA_VERSION

    have = recorded.get("schema_version")
    if have == SCHEMA_VERSION and type(have) is int:
        return []
    said = "no schema_version" if have is None else f"schema_version {json.dumps(have)}"
    return [
        f"{METRICS_NAME}: {said}, this verify reads schema_version {SCHEMA_VERSION};"
        " verify it with the generator version its colophon names"
    ]


def _provenance(recorded: dict, outcome: Outcome) -> tuple[Provenance, bool]:
    """The provenance to rebuild with, and whether it is this generator's own (then the bytes must match)."""
    from report import provenance

    running = provenance.collect()
    claimed = Provenance.from_dict(recorded.get("generator"))
    if claimed is None:
        outcome.notes.append("the report does not record its generator; rebuilt with this one")
        return running, False
    if claimed != running:
        outcome.notes.append(
            f"the report was built by generator {claimed.generator} (commit {claimed.commit}) with other packages"
            f" than this one, {running.generator} (commit {running.commit}): pages compared by text, not by bytes"
            if claimed.generator != running.generator or claimed.commit != running.commit
            else "the report was built with other Python or package versions: pages compared by text, not by bytes"
        )
    return claimed, claimed == running


def verify_bytes(data: bytes) -> Outcome:
    """Everything verify finds about a PDF's bytes (see the module's docstring); raises Refused."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    outcome = Outcome()
    try:
        reader = PdfReader(io.BytesIO(data))
        files = read_attachments(reader)
        given_pages = page_texts(reader)
        language = str(reader.trailer["/Root"].get("/Lang", "en"))
        signed = _has_signature(reader) and _signature(data, outcome)
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise Refused(f"cannot be read as a report ({type(exc).__name__}: {exc})") from exc
    missing = [name for name in REQUIRED if name not in files]
    if missing:
        outcome.differences += [f"{name}: not attached" for name in missing]
        return outcome
    try:
        recorded = json.loads(files[METRICS_NAME])
    except ValueError as exc:
        raise Refused(f"{METRICS_NAME}: not JSON ({exc})") from exc
    if not isinstance(recorded, dict) or (found := _schema(recorded)):
        outcome.differences += found if isinstance(recorded, dict) else [f"{METRICS_NAME}: not a JSON object"]
        return outcome
    if language not in LANGUAGES:
        raise Refused(f"its language {language[:20]!r} is not one this generator writes")
    _compare_rebuild(data, files, recorded, given_pages, outcome, signed, language)
    return outcome


def _has_signature(reader) -> bool:
    """Whether the form holds a signature field (the signature itself may sit in a compressed object stream)."""
    form = reader.trailer["/Root"].get("/AcroForm")
    fields = form.get_object().get("/Fields", []) if form is not None else []
    return any(field.get_object().get("/FT") == "/Sig" for field in list(fields)[:MAX_ATTACHMENTS_SEEN])


def _signature(data: bytes, outcome: Outcome) -> bool:
    """Check the signature: a difference when it does not cover every byte unchanged."""
    from report import sign

    try:
        found = sign.check(data)
    except Exception as exc:  # pyHanko raises many kinds for a damaged signature
        outcome.differences.append(f"the signature cannot be checked ({type(exc).__name__}: {str(exc)[:120]})")
        return True
    if found is None:
        return False
    if not found.intact:
        outcome.differences.append(f"the signature by {found.signer} does not match the bytes: changed after signing")
    elif not found.whole_file:
        outcome.differences.append(f"bytes were added after the signature by {found.signer}")
    else:
        outcome.notes.append(
            f"signed by {found.signer}; the signature covers every byte, unchanged (whether to trust that signer"
            " is for your certificate store: Acrobat or pdfsig show it)"
        )
    return True


def _compare_rebuild(
    data: bytes, files: dict, recorded: dict, given_pages: list[str], outcome: Outcome, signed: bool, language: str
) -> None:
    from pypdf import PdfReader

    from report.build import build_outputs
    from report.load import parse

    prov, own = _provenance(recorded, outcome)
    try:
        attached = {name: data for name, data in files.items() if name != METRICS_NAME}
        test = parse(attached)
        unused = sorted(set(attached) - set(test.raw))
        if unused:
            raise Refused(f"it carries an embedded file {unused[0][:80]!r} that its test.toml does not read")
        rebuilt = build_outputs(test, prov, language)  # in the report's own language (the PDF's /Lang)
    except InvalidInput as exc:
        outcome.differences += [f"attached {p}" for p in exc.problems]
        return
    outcome.differences += differences(json.loads(rebuilt.metrics), recorded)
    rebuilt_pages = page_texts(PdfReader(io.BytesIO(rebuilt.pdf)))
    compare = page_differences if own else number_differences
    outcome.differences += compare(rebuilt_pages, given_pages)
    report_bytes = data[: len(rebuilt.pdf)] if signed else data  # a signature is an update after the report
    if own and not outcome.differences and report_bytes != rebuilt.pdf:
        outcome.differences.append(
            "the PDF's bytes differ from a rebuild with the same generator and packages (same text, other drawing)"
        )


def verify_file(pdf: Path) -> Outcome:
    """verify_bytes on a file; raises Refused, and safe_read.Unreadable for a path that is not a readable file."""
    return verify_bytes(read_regular(pdf, PDF_LIMIT))


def verify(pdf: Path) -> list[str]:
    """Every difference between the report in `pdf` and a rebuild from the inputs attached to it."""
    try:
        return verify_file(pdf).differences
    except Refused as exc:
        return [f"{pdf.name}: {exc}"]
