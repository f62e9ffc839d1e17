"""A report's attachments read back (evidence.py writes them), as verify reads them: which files a report may carry,
each checked against its declared size before it is inflated (never past it, in blocks) and against its MD5.

The largest inputs may be left deflated (`Compressed`) for the rebuild's worker to inflate and check where it uses
them (report/pipeline/worker.py): they cross the pipe at a sixth of their size and are held once.
"""

from __future__ import annotations

import hashlib
import queue
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, overload

from isal import isal_zlib

from report.inputs.files import CONFIG, TABLES
from report.schema import METRICS_NAME

if TYPE_CHECKING:
    from _hashlib import HASH

# The most verify inflates of each attachment (the declared /Size must be within it): test.toml and metrics.json
# are a few KB, the timing tables small, the bandwidth log up to 10M samples (367 MB) with room to spare.
SIZE_LIMITS = {"test.toml": 1 << 20, METRICS_NAME: 64 << 20, "bandwidth.csv": 2 << 30}
DEFAULT_LIMIT = 256 << 20
DEFER_BYTES = 8 << 20  # an input larger than this is inflated by the rebuild's worker (`inflate`)
MAX_ATTACHMENTS_SEEN = 64


class Refused(Exception):
    """The PDF cannot be verified as it is (foreign files, sizes over the limits, damaged streams)."""


def allowed_attachments() -> tuple[str, ...]:
    """The files every report may carry by name: test.toml, the CSVs (restore_times.csv too) and metrics.json.

    Raw files an import read are allowed besides (see _may_carry)."""
    return (CONFIG.name, *(t.name for t in TABLES), METRICS_NAME)


def _imported_patterns(config_bytes: bytes | bytearray) -> list[str]:
    """The globs of the attached test.toml's [[import]] tables: the raw files a report may carry besides."""
    from report.inputs.config import parse_config

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


def inflate(stream, name: str, limit: int, defer: bool = False) -> bytes | bytearray | Compressed:
    """An attachment's bytes: its declared size checked first, inflated in blocks, never past that size.

    With `defer`, an input larger than DEFER_BYTES is left deflated (a Compressed, its declared size and storage
    already checked): the rebuild's worker inflates and checks it where it is used, so that the largest log crosses
    the pipe at a sixth of its size and is held once instead of twice."""
    params = stream.get("/Params", {})
    size = params.get("/Size")
    if not isinstance(size, int) or not 0 <= size <= limit:
        raise Refused(f"{name}: declares a size of {size!r} bytes; a report's {name} is at most {limit:,}")
    filters = stream.get("/Filter")
    if filters not in (None, "/FlateDecode") and filters != ["/FlateDecode"]:
        raise Refused(f"{name}: stored with {filters}, not as a report stores its attachments")
    checksum = params.get("/CheckSum")
    # the stream as stored: inflated here, under the limit, rather than by pypdf whole
    found = Compressed(name, stream._data, size, getattr(checksum, "original_bytes", checksum), filters is not None)
    if defer and size > DEFER_BYTES and name not in (CONFIG.name, METRICS_NAME):
        return found
    return found.inflated()


@dataclass(frozen=True)
class Compressed:
    """An attachment as the PDF stores it, with the size and MD5 the PDF declares for it: `inflated()` checks both."""

    name: str
    raw: bytes
    size: int
    md5: bytes | None
    deflated: bool = True

    def inflated(self, check_md5: bool = True) -> bytes | bytearray:
        """The attachment's bytes; Refused where they are not the declared size or (`check_md5`) do not match the
        MD5 (a rebuild's packer hashes them anyway: report/pipeline/worker.py checks it there)."""
        data: bytes | bytearray
        md5: HASH | None
        if self.deflated:
            data, md5 = _inflated(self.raw, self.size, self.name, check_md5)
        else:
            data, md5 = self.raw, hashlib.md5(self.raw, usedforsecurity=False) if check_md5 else None
        if len(data) != self.size:
            raise Refused(f"{self.name}: holds {len(data):,} bytes but declares {self.size:,}")
        if md5 is not None and self.md5 is not None and self.md5 != md5.digest():
            raise Refused(checksum_refused(self.name))
        return data


def checksum_refused(name: str) -> str:
    return f"{name}: its bytes do not match the MD5 checksum the PDF records for it"


def _inflated(raw: bytes, size: int, name: str, hashed: bool = True) -> tuple[bytearray, HASH | None]:
    """`raw` inflated into one buffer of the declared size, never past it, and (`hashed`) its MD5, by a thread
    (None without).

    ISA-L's inflate (isal_zlib, zlib's interface) reads the same RFC 1950 streams about twice as fast as zlib's (a
    367 MB log in 0.35 s against 0.75 s, make bench); inflating is exact, so the bytes are the same. It and hashlib
    let go of the interpreter on large buffers, so the hashing runs beside the inflating: a long log takes the
    longer of the two, not their sum. The blocks go straight into the buffer: joining them, or growing
    a buffer block by block, copied the log once or nine times more (1.4 s of verify's 8 for 10 million samples).
    The buffer stays a bytearray: the rebuild's pipe sends it as bytes (build._Worker), and nothing needs it hashable.
    """
    inflater, out, count, view = isal_zlib.decompressobj(), bytearray(size), 0, memoryview(raw)
    md5 = hashlib.md5(usedforsecurity=False)
    todo: queue.SimpleQueue[bytes | memoryview | None] = queue.SimpleQueue()

    def hash_blocks() -> None:
        while (block := todo.get()) is not None:
            md5.update(block)

    hasher = threading.Thread(target=hash_blocks, name="attachment-md5", daemon=True)
    if hashed:
        hasher.start()
    try:
        for lo in [*range(0, len(raw), 1 << 20), None]:
            block = inflater.flush() if lo is None else inflater.decompress(view[lo : lo + (1 << 20)], size + 1 - count)
            if count + len(block) > size or inflater.unconsumed_tail:
                raise Refused(f"{name}: inflates to more than the {size:,} bytes it declares")
            out[count : count + len(block)] = block
            if hashed:
                todo.put(block)
            count += len(block)
    except isal_zlib.error as exc:  # type: ignore[misc]  # isal's .pyi declares error an instance, not the class
        raise Refused(f"{name}: its compressed stream is damaged ({exc})") from exc
    finally:
        if hashed:
            todo.put(None)
            hasher.join()
    return (out if count == size else out[:count]), md5 if hashed else None


def read_attachments(reader) -> dict[str, bytes | bytearray | Compressed]:
    """The report's named attachments, the largest inputs left deflated (`inflate`); any other embedded file, or one
    named twice, refuses the PDF."""
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
        files[name] = _read(spec, name, defer=True)
    return files


@overload
def _read(spec, name: str, defer: Literal[False] = ...) -> bytes | bytearray: ...
@overload
def _read(spec, name: str, defer: bool) -> bytes | bytearray | Compressed: ...


def _read(spec, name: str, defer: bool = False) -> bytes | bytearray | Compressed:
    return inflate(spec["/EF"]["/F"].get_object(), name, SIZE_LIMITS.get(name, DEFAULT_LIMIT), defer)
