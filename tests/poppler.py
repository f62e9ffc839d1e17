"""poppler's pdftotext on a report's PDF file, run once per file, options and state of the file in a test process.

Many tests read the same built report through the same options (tests/test_pages.py, tests/test_zh_style.py: a
module-scoped report, each test extracting it again), up to a second of CPU each for a Chinese report; the text is
the same every time, so each is extracted once. The key holds the file's size and modification time: a test that
rewrites its file is extracted anew.
"""

from __future__ import annotations

import functools
import subprocess
from pathlib import Path


def pdftotext(path: Path, *options: str) -> str:
    """`pdftotext OPTIONS PATH -`'s output (check=True), extracted once while the file stays as it is."""
    info = path.stat()
    return _extracted(str(path), info.st_size, info.st_mtime_ns, options)


# Few entries: a module's tests run report by report (module-scoped parameters), so the last few are what is read again.
@functools.lru_cache(maxsize=8)
def _extracted(path: str, _size: int, _mtime: int, options: tuple[str, ...]) -> str:
    return subprocess.run(["pdftotext", *options, path, "-"], check=True, capture_output=True, text=True).stdout
