"""Regenerate requirements.lock: resolve pyproject's pins (with dev) in a scratch venv, then hash every wheel."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = project["dependencies"] + project["optional-dependencies"]["dev"]
    with tempfile.TemporaryDirectory() as scratch:
        venv, wheels = Path(scratch) / "venv", Path(scratch) / "wheels"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip"]
        subprocess.run([*pip, "install", "-q", *pins], check=True)
        frozen = subprocess.run([*pip, "freeze"], check=True, capture_output=True, text=True).stdout.split()
        subprocess.run([*pip, "download", "-q", "--no-deps", "-d", str(wheels), *frozen], check=True)
        hashes = {}
        for wheel in wheels.iterdir():
            name = wheel.name.split("-")[0].lower().replace("_", "-")
            hashes[name] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lines = [
        "# The whole dependency set, exact versions and hashes (CPython 3.11, Linux x86_64).",
        "# Installed by the Makefile with pip --require-hashes. Regenerate: make lock (see README).",
        "",
    ]
    for pin in sorted(frozen, key=str.lower):
        name = pin.split("==")[0]
        lines.append(f"{pin} \\\n    --hash=sha256:{hashes[name.lower().replace('_', '-')]}")
    (ROOT / "requirements.lock").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
