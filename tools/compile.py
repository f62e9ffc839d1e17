"""`make`'s compile step: the project's modules to bytecode and its templates to Python, once, where builds read them.

Python writes a module's bytecode beside it the first time it is imported, unless PYTHONDONTWRITEBYTECODE is set (as
on the CI machines and this one): then every build compiled all of `report/` from source again, a tenth of a second
on the data side before the HTML could be laid out, and Jinja compiled the eight templates, another 0.04 s (issue 27).
pip compiles the installed packages when it installs them; this does the same for the project's own code, which is
installed editable. The bytecode is checked against its source's hash at every import (`checked-hash`), and the
templates against their source's SHA-1, so an edit never runs stale code: it only costs the compile again until the
next `make`.

Usage: python tools/compile.py   (from the Makefile, whenever a source or template changed)
"""

from __future__ import annotations

import compileall
import py_compile
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    """Compile both; what cannot be written is said in one line and left to be compiled by each build (slower, the
    same outputs), so that this step never stops `make report`."""
    modules = compileall.compile_dir(
        str(ROOT / "report"), quiet=1, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH
    )
    if not modules:
        print("tools/compile.py: some of report/ was not compiled (see above); builds will compile it", file=sys.stderr)
    from report.render import html as render

    env = render.environment(compile_into=True)
    try:
        for name in env.list_templates(extensions=["html"]):
            env.get_template(name)
    except OSError as exc:
        print(f"tools/compile.py: the templates were not compiled ({exc}); builds will compile them", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
