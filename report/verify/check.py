"""Verifying a report: rebuild it from the inputs attached to it and compare every figure, every page and the bytes.

A report is genuine when a rebuild from its own attachments, by this generator, prints what it prints. verify checks
the file's size, its end-of-file marker and its object count before it parses anything, reads only the attachments
the contract names (pdf/attachments.py), each checked against its declared size before it is inflated (never more
than that size, in blocks), refuses a PDF that carries any other embedded file, any script or automatic action, or
anything but exactly one signature covering the whole file, and then compares: metrics.json's figures (to a relative
1e-9), the page count, the text of every page, and, where the recorded Python and packages are the ones running, the
PDF's bytes. How strictly a report is checked never comes from the report: one built by another generator version
is not verified (`OtherGenerator`), and the looser check by figures is only what `--figures-only` asks for.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from report.i18n import LANGUAGES
from report.inputs.files import CONFIG
from report.inputs.safe_read import read_regular
from report.pdf.attachments import MAX_ATTACHMENTS_SEEN, Compressed, Refused, read_attachments
from report.problems import InvalidInput
from report.provenance import Provenance
from report.schema import METRICS_NAME, SCHEMA_VERSION
from report.trace import mark
from report.verify.numbers import number_differences

if TYPE_CHECKING:
    from pypdf import PdfReader

REL_TOL = 1e-9
# A report is a few MB; a 10M-sample one about 100 MB. Far above both, far below what would hurt to parse.
PDF_LIMIT = 2 << 30
# Indirect objects a report holds: a few thousand (fonts, pages, the structure tree); the trailer's /Size is checked
# against this before any object is read.
MAX_OBJECTS = 200_000


@dataclass
class Outcome:
    """What verify found: `differences` make the report fail; `notes` are said but change nothing."""

    differences: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    signature: str | None = None  #: who signed it and the certificate's fingerprint, or None when not signed
    figures_only: bool = False  #: the looser check was asked for: page text, page count and bytes not compared


class OtherGenerator(Exception):
    """The report was built by another generator version: this one cannot verify it (the message says which)."""

    def __init__(self, claimed: Provenance, running: Provenance):
        self.claimed, self.running = claimed, running
        said = (
            f"built by generator {claimed.generator} (commit {claimed.commit}); this is {running.generator}"
            f" (commit {running.commit}), so it is NOT verified. "
        )
        if claimed.commit == "unknown":
            said += (
                "Its build could not read the generator's commit (a copy without git, or a checkout git refused), so"
                " no checkout can be named: run verify --figures-only, which checks the figures only, or the verify of"
                " the checkout that built it"
            )
        else:
            said += (
                f"Get that version (git checkout {_commit(claimed)} in the generator's repository, then make"
                " .venv/.installed) and run its verify; or run verify --figures-only, which checks the figures only"
            )
        if running.note:
            said += f". This generator's commit: {running.note}"
        super().__init__(said)


def _commit(prov: Provenance) -> str:
    return prov.commit.removesuffix("+changes").removesuffix("+unchecked")


REQUIRED = (CONFIG.name, METRICS_NAME)


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


def _number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def page_texts(reader) -> list[str]:
    """Each page's text, as pypdf extracts it (the same extraction on both sides makes its quirks cancel out)."""
    return [page.extract_text() for page in reader.pages]


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
    have = recorded.get("schema_version")
    if have == SCHEMA_VERSION and type(have) is int:
        return []
    said = "no schema_version" if have is None else f"schema_version {json.dumps(have)}"
    return [f"{METRICS_NAME}: {said}, this verify reads schema_version {SCHEMA_VERSION}; {_which_generator(recorded)}"]


def _which_generator(recorded: dict) -> str:
    """Which generator verifies a report of another schema: the one it records (its colophon names it too)."""
    claimed = Provenance.from_dict(recorded.get("generator"))
    if claimed is None:
        return "verify it with the generator version its colophon names"
    return (
        f"verify it with the generator that built it, version {claimed.generator} (commit {claimed.commit}),"
        " as its colophon names"
    )


def _generator_problems(recorded: dict, given_pages: list[str], language: str) -> tuple[Provenance | None, list[str]]:
    """The generator metrics.json records, and a difference where the colophon does not print that very generator.

    metrics.json and the colophon are made from one provenance: a generator block edited after the build (to pass
    for another version, or for this one) no longer matches the pages, and that is a difference, not another version.
    """
    from report import i18n

    claimed = Provenance.from_dict(recorded.get("generator"))
    if claimed is None:
        return None, [f"{METRICS_NAME}: generator: missing or not of the shape a build records"]
    with i18n.activate(language):
        row = i18n._("{version} (commit {commit})").format(version=claimed.generator, commit=claimed.commit)
    printed = "".join("".join(given_pages).split())
    wanted = [row, f"Python{claimed.python}", *(f"{name}{version}" for name, version in claimed.packages)]
    missing = [w for w in wanted if "".join(w.split()) not in printed]
    if missing:
        return claimed, [
            f"{METRICS_NAME}: generator: records {missing[0]!r}, which the colophon does not print: the generator"
            " block was changed after the build"
        ]
    return claimed, []


def precheck(data: bytes | memoryview | _Ends, size: int | None = None) -> None:
    """Refuse, before parsing, what cannot be a report: too large, no PDF header, no end-of-file marker at the end."""
    size = len(data) if size is None else size
    if size > PDF_LIMIT:
        raise Refused(f"is {size:,} bytes; a report is at most {PDF_LIMIT:,}")
    if b"%PDF-" not in bytes(data[:1024]):
        raise Refused("is not a PDF (no %PDF- header in its first 1024 bytes)")
    tail = bytes(data[-2048:])
    if b"%%EOF" not in tail or b"startxref" not in tail:
        raise Refused("is not a whole PDF (no startxref and %%EOF in its last 2048 bytes)")


def _check_structure(reader) -> None:
    """Object count first, then no script and no automatic action: a report has neither."""
    count = reader.trailer.get("/Size")
    if not isinstance(count, int) or not 0 < count <= MAX_OBJECTS:
        raise Refused(f"declares {count!r} objects; a report has at most {MAX_OBJECTS:,}")
    root = reader.trailer["/Root"]
    names = root.get("/Names", {})
    for key, what in (("/OpenAction", "an action run on opening"), ("/AA", "automatic actions")):
        if key in root:
            raise Refused(f"it carries {what} ({key}), which no report has")
    if "/JavaScript" in names:
        raise Refused("it carries JavaScript (/Names /JavaScript), which no report has")
    for number, page in enumerate(reader.pages, 1):
        if "/AA" in page:
            raise Refused(f"page {number} carries automatic actions (/AA), which no report has")


def verify_bytes(data: bytes, figures_only: bool = False, running: Provenance | None = None) -> Outcome:
    """Everything verify finds about a PDF's bytes (see the module's docstring); raises Refused or OtherGenerator.

    `running` is the generator doing the check (this process's, by default); `figures_only` asks for the looser
    check by figures, which says on every line what it did not compare.

    A report that claims this very generator (version, commit, Python and packages) is rebuilt first: when the
    rebuild gives its very bytes and figures, its pages print what the rebuild's print, the generator in the colophon
    included, so no page text is extracted at all. Otherwise the checks run in their order (the colophon's generator,
    then the rebuild's figures and pages), each saying what it says without the shortcut.
    """
    from report.pdf.sign import quiet
    from report.pipeline import build

    precheck(data)
    worker = [build.start_worker()]  # it imports the data side while the report is read; stopped if unused
    try:
        with quiet("pypdf"):  # what it finds in a damaged PDF is said once, as verify's refusal (issue 44, V8)
            return _verify(data, figures_only, running, worker)
    finally:
        if worker:
            worker[0].stop()


def _verify(data: bytes, figures_only: bool, running: Provenance | None, worker: list) -> Outcome:
    from report import provenance

    outcome = Outcome(figures_only=figures_only)
    reader, files, language, signed = _read_report(data, outcome)
    mark("pdf", "report read, attachments checked")
    extracted: list[list[str]] = []

    def given_pages() -> list[str]:
        if not extracted:
            with _readable():
                extracted.append(page_texts(reader))
        return extracted[0]

    recorded = _recorded(files, language, outcome)
    if recorded is None:
        return outcome
    claimed = Provenance.from_dict(recorded.get("generator"))
    rebuilt = None
    if claimed is not None and not figures_only:
        running = running or provenance.collect()
        if claimed == running:  # the bytes can decide: rebuild before reading any page
            rebuilt = _rebuild(files, claimed, language, worker)
            if _very_bytes(data, rebuilt, recorded, signed):
                return outcome
    claimed, found = _generator_problems(recorded, given_pages(), language)
    if found or claimed is None:
        outcome.differences += found
        return outcome
    running = running or provenance.collect()
    same = (claimed.generator, claimed.commit) == (running.generator, running.commit)
    if not same and not figures_only:
        raise OtherGenerator(claimed, running)
    if claimed != running and same:
        outcome.notes.append(
            f"built with Python {claimed.python} and other package versions than these: pages compared by text, not"
            " by bytes"
        )
    if rebuilt is None:
        rebuilt = _rebuild(files, claimed, language, worker)
    _compare_rebuild(data, rebuilt, recorded, given_pages(), outcome, signed, claimed == running)
    return outcome


def _recorded(files: dict[str, bytes | bytearray | Compressed], language: str, outcome: Outcome) -> dict | None:
    """metrics.json's tree, or None with the differences said (a required file missing, another schema)."""
    missing = [name for name in REQUIRED if name not in files]
    if missing:
        outcome.differences += [f"{name}: not attached" for name in missing]
        return None
    data = files[METRICS_NAME]
    assert not isinstance(data, Compressed)  # attachments.inflate never leaves metrics.json deflated
    recorded = _metrics(data)
    if found := _schema(recorded):
        outcome.differences += found
        return None
    if language not in LANGUAGES:
        raise Refused(f"its language {language[:20]!r} is not one this generator writes")
    return recorded


def _read_report(
    data: bytes, outcome: Outcome
) -> tuple[PdfReader, dict[str, bytes | bytearray | Compressed], str, bool]:
    """The parsed PDF, its attachments, its language and whether it is signed (its signature checked)."""
    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject

    from report.pdf import sign

    with _readable():
        reader = PdfReader(io.BytesIO(data))
        _check_structure(reader)
        files = read_attachments(reader)
        root = reader.trailer["/Root"]
        if not isinstance(root, DictionaryObject):  # _check_structure read it as one; TypeError: Refused, below
            raise TypeError(f"its /Root is a {type(root).__name__}, not a dictionary")
        language = str(root.get("/Lang", "en"))
        try:
            signed = _has_signature(reader) and _signature(data, outcome)
        except sign.SignatureRefused as exc:
            raise Refused(str(exc)) from exc
    return reader, files, language, signed


@contextlib.contextmanager
def _readable() -> Iterator[None]:
    """pypdf's failures on a damaged or foreign PDF, as Refused."""
    from pypdf.errors import PyPdfError

    try:
        yield
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise Refused(f"cannot be read as a report ({type(exc).__name__}: {str(exc)[:160]})") from exc


def _metrics(data: bytes | bytearray) -> dict:
    from report.inputs.ingest.json_limits import JsonProblem, strict_loads

    try:
        recorded = strict_loads(data.decode("utf-8"))
    except (UnicodeDecodeError, JsonProblem) as exc:
        raise Refused(f"{METRICS_NAME}: not JSON a build writes ({exc})") from exc
    if not isinstance(recorded, dict):
        raise Refused(f"{METRICS_NAME}: not a JSON object")
    return recorded


def _has_signature(reader) -> bool:
    """Whether the form holds a signature field (the signature itself may sit in a compressed object stream)."""
    form = reader.trailer["/Root"].get("/AcroForm")
    fields = form.get_object().get("/Fields", []) if form is not None else []
    return any(field.get_object().get("/FT") == "/Sig" for field in list(fields)[:MAX_ATTACHMENTS_SEEN])


def _signature(data: bytes, outcome: Outcome) -> bool:
    """Check the one signature (sign.check refuses any other arrangement): a difference when it does not match."""
    from report.pdf import sign

    try:
        found = sign.check(data)
    except sign.SignatureRefused:
        raise
    except Exception as exc:  # pyHanko raises many kinds for a damaged signature
        raise Refused(f"its signature cannot be checked ({type(exc).__name__}: {str(exc)[:120]})") from exc
    if found is None:
        return False
    outcome.signature = f"signed by {found.signer}, certificate SHA-256 {found.fingerprint}"
    if not found.intact:  # not "signed by …" first, which reads like an endorsement (field test 8, minor 12)
        outcome.signature = (
            f"NOT as signed: a signature by {found.signer}, certificate SHA-256 {found.fingerprint}, does not cover"
            " these bytes"
        )
    if found.note is not None:
        outcome.notes.append(found.note)
    if not found.intact:
        outcome.differences.append(f"the signature by {found.signer} does not match the bytes: changed after signing")
    elif not found.by_certificate:
        outcome.differences.append(
            f"the signature by {found.signer} does not verify with its own certificate, though the bytes it covers are"
            " unchanged: it was made with another key (or its value was altered), and every reader finds it invalid"
        )
    return True


def _rebuild(files: dict, prov: Provenance, language: str, worker: list):
    """The rebuild from the attachments (without metrics.json), on two cores as a build, in the report's language
    (the PDF's /Lang), without the HTML edition: (Built, the attachments its test.toml does not read), or the
    InvalidInput. The attachments leave `files` and are let go once sent (`build.rebuild` empties its dict). The
    worker verify started (`worker`, a list of at most one) is taken to build with."""
    from report.pipeline.build import rebuild

    attached = {name: files.pop(name) for name in list(files) if name != METRICS_NAME}  # let go once sent
    names = tuple(attached)
    try:
        built, read = rebuild(attached, prov, language, worker.pop() if worker else None)
    except InvalidInput as exc:
        return exc
    return built, sorted(set(names) - set(read))


def _very_bytes(data: bytes, rebuilt, recorded: dict, signed: bool) -> bool:
    """Whether a rebuild gave the report's very bytes and figures, every attachment read: nothing left to compare."""
    if isinstance(rebuilt, InvalidInput):
        return False
    built, unused = rebuilt
    report_bytes = data[: len(built.pdf)] if signed else data  # a signature is an update after the report
    return not unused and report_bytes == built.pdf and not differences(json.loads(built.metrics), recorded)


def _compare_rebuild(
    data: bytes,
    rebuilt,
    recorded: dict,
    given_pages: list[str],
    outcome: Outcome,
    signed: bool,
    own: bool,
) -> None:
    from pypdf import PdfReader

    if isinstance(rebuilt, InvalidInput):
        outcome.differences += [f"attached {p}" for p in rebuilt.problems]
        return
    rebuilt, unused = rebuilt
    if unused:
        raise Refused(f"it carries an embedded file {unused[0][:80]!r} that its test.toml does not read")
    outcome.differences += differences(json.loads(rebuilt.metrics), recorded)
    report_bytes = data[: len(rebuilt.pdf)] if signed else data  # a signature is an update after the report
    if own and not outcome.figures_only and not outcome.differences and report_bytes == rebuilt.pdf:
        return  # the very bytes of the rebuild, so the very pages: no text to extract and compare
    rebuilt_pages = page_texts(PdfReader(io.BytesIO(rebuilt.pdf)))
    if outcome.figures_only:
        outcome.differences += number_differences(rebuilt_pages, given_pages)
        return
    outcome.differences += page_differences(rebuilt_pages, given_pages)
    if own and not outcome.differences and report_bytes != rebuilt.pdf:
        outcome.differences.append(
            "the PDF's bytes differ from a rebuild with the same generator and packages (same text, other drawing)"
        )


def verify_file(pdf: Path, figures_only: bool = False, running: Provenance | None = None) -> Outcome:
    """verify_bytes on a file, refused before it is read when its size or end says it is no report; raises Refused,
    OtherGenerator, and safe_read.Unreadable for a path that is not a readable file."""
    precheck_file(pdf)
    return verify_bytes(read_regular(pdf, PDF_LIMIT), figures_only, running)


def precheck_file(pdf: Path) -> None:
    """`precheck` on a file's size, first and last bytes, read without reading the rest (a sparse 1 GB file too)."""
    import os

    from report.inputs.safe_read import Unreadable, is_kernel_file, resolved

    if is_kernel_file(real := resolved(pdf)):
        return  # read_regular refuses it, unread
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    except FileNotFoundError as exc:
        raise Unreadable("does not exist") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return  # read_regular says what it is
        size = info.st_size
        head = os.pread(fd, 4096, 0)
        tail = os.pread(fd, 2048, max(0, size - 2048))
    finally:
        os.close(fd)
    precheck(head if size <= 4096 else _Ends(head, tail, size), size)


class _Ends:
    """The first and last bytes of a file, sliced as `precheck` slices the whole."""

    def __init__(self, head: bytes, tail: bytes, size: int):
        self.head, self.tail, self.size = head, tail, size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, part: slice) -> bytes:
        return self.head[part] if part.start in (None, 0) else self.tail[part]


def verify(pdf: Path, running: Provenance | None = None) -> list[str]:
    """Every difference between the report in `pdf` and a rebuild from the inputs attached to it."""
    try:
        return verify_file(pdf, running=running).differences
    except (Refused, OtherGenerator) as exc:
        return [f"{pdf.name}: {exc}"]
