"""Writing the outputs atomically: every file appears whole, or the folder stays as it was."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_all(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write every file to a temporary name in `out_dir`, then rename each into place."""
    out_dir.mkdir(parents=True, exist_ok=True)
    staged: list[tuple[Path, Path]] = []
    try:
        for name, data in files.items():
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=out_dir)
            staged.append((Path(tmp), out_dir / name))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, 0o644)
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, final in staged:
        os.replace(tmp, final)
