"""The files a report carries: each input (and metrics.json) hashed and deflated once, in threads, in parallel.

zlib and hashlib release the GIL, so a long log is compressed on the second core while the first one parses it.
The deflate stream is cut into fixed chunks, each primed with the 32 KB before it (as pigz does): the bytes depend
on the data alone, never on how many threads ran.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

CHUNK = 4 << 20
WINDOW = 32 << 10
# Small files get zlib's best compression for next to nothing; long logs the fastest level (make bench: a
# 370 MB log deflates at 236 MB/s to 15% of its size at level 1, at 86 MB/s to 13% at level 6).
SMALL = 4 << 20
_BASE = 65521  # Adler-32's modulus


@dataclass(frozen=True)
class Embedded:
    """One file as the PDF carries it."""

    name: str  #: file name in the PDF
    media_type: str  #: MIME type
    size: int  #: bytes before compression
    md5: str  #: hex MD5 of the bytes (the PDF's /CheckSum)
    sha256: str  #: hex SHA-256 of the bytes (printed in the report and in metrics.json)
    deflated: bytes  #: the bytes as one zlib (RFC 1950) stream


def level_for(size: int) -> int:
    """The zlib level used for a file of `size` bytes."""
    return 9 if size <= SMALL else 1


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """Adler-32 of A + B from those of A and B (zlib's adler32_combine)."""
    rem = second_length % _BASE
    low = (first & 0xFFFF) + (second & 0xFFFF) + _BASE - 1
    high = (rem * (first & 0xFFFF)) % _BASE + (first >> 16) + (second >> 16) + _BASE - rem
    return (low % _BASE) | ((high % _BASE) << 16)


def _deflate_chunk(data: memoryview, lo: int, level: int) -> tuple[bytes, int]:
    """Raw deflate of data[lo:lo + CHUNK], primed with the window before it, and the chunk's Adler-32."""
    hi = min(lo + CHUNK, len(data))
    packer = (
        zlib.compressobj(level, zlib.DEFLATED, -15, zdict=bytes(data[max(0, lo - WINDOW) : lo]))
        if lo
        else zlib.compressobj(level, zlib.DEFLATED, -15)
    )
    last = hi == len(data)
    body = packer.compress(data[lo:hi]) + packer.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return body, zlib.adler32(data[lo:hi])


class Packer:
    """Hashes and deflates files in the background; `result` waits for one file."""

    def __init__(self, workers: int = 2):
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="evidence")
        self._jobs: dict[str, tuple[str, int, list[Future], Future, Future]] = {}

    def add(self, name: str, data: bytes, media_type: str) -> None:
        """Start hashing and deflating one file."""
        view, level = memoryview(data), level_for(len(data))
        sha = self._pool.submit(lambda: hashlib.sha256(data).hexdigest())  # first: the figures wait for it
        starts = range(0, max(len(data), 1), CHUNK)
        chunks = [self._pool.submit(_deflate_chunk, view, lo, level) for lo in starts]
        md5 = self._pool.submit(lambda: hashlib.md5(data, usedforsecurity=False).hexdigest())
        self._jobs[name] = (media_type, len(data), chunks, md5, sha)

    def sha256(self, names: Iterable[str]) -> Mapping[str, str]:
        """The SHA-256 of each of `names`, each looked up when first asked for (waiting for it if need be)."""
        return _Digests({name: self._jobs[name][4] for name in names})

    def result(self, name: str) -> Embedded:
        """One file, once its hashes and its deflate stream are done."""
        media_type, size, chunks, md5, sha = self._jobs[name]
        parts, adler = [zlib.compress(b"", level_for(size))[:2]], 1  # the zlib header for that level
        for lo, job in zip(range(0, max(size, 1), CHUNK), chunks, strict=True):
            body, chunk_adler = job.result()
            parts.append(body)
            adler = adler32_combine(adler, chunk_adler, min(CHUNK, size - lo))
        parts.append(adler.to_bytes(4, "big"))
        return Embedded(name, media_type, size, md5.result(), sha.result(), b"".join(parts))

    def close(self) -> None:
        """Stop: work not yet started is dropped."""
        self._pool.shutdown(wait=False, cancel_futures=True)


class _Digests(Mapping):
    def __init__(self, jobs: dict[str, Future]):
        self._jobs = jobs

    def __getitem__(self, name: str) -> str:
        return self._jobs[name].result()

    def __iter__(self) -> Iterator[str]:
        return iter(self._jobs)

    def __len__(self) -> int:
        return len(self._jobs)


def embed_all(files: dict[str, tuple[bytes, str]]) -> dict[str, Embedded]:
    """Each file (name -> (bytes, media type)) hashed and deflated, in parallel."""
    packer = Packer()
    try:
        for name, (data, media_type) in files.items():
            packer.add(name, data, media_type)
        return {name: packer.result(name) for name in files}
    finally:
        packer.close()
