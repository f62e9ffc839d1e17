"""Read or set translations in the Chinese catalog without editing the .po file by hand.

    .venv/bin/python tools/po.py get REGEX      every message whose id or translation matches, with its translation
    .venv/bin/python tools/po.py set FILE.json  {"message id": "translation", ...}; a plural takes a list

The catalog is written back as `make catalogs` writes it (Babel, no line wrapping, sorted, no locations), so a change
shows in git as the lines it changes; run `make catalogs` after `set` to compile it and list what is untranslated.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

CATALOG = Path(__file__).resolve().parent.parent / "report" / "locale" / "zh_CN" / "LC_MESSAGES" / "report.po"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("get", "set"):
        print(__doc__, file=sys.stderr)
        return 2
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="zh_CN")
    if argv[0] == "get":
        pattern = re.compile(argv[1])
        for message in catalog:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if any(pattern.search(i or "") for i in ids) or pattern.search(str(message.string)):
                print(f"{message.id!r}\n  -> {message.string!r}")
        return 0
    wanted = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    for key, value in wanted.items():
        message = catalog.get(key) or next((m for m in catalog if isinstance(m.id, tuple) and m.id[0] == key), None)
        text = tuple(value) if isinstance(value, list) else value
        if message is None:
            catalog.add(key, text)
        else:
            message.string = text
            message.flags.discard("fuzzy")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, sort_output=True, omit_header=False, no_location=True)
    CATALOG.write_bytes(buffer.getvalue())
    print(f"set {len(wanted)} translations in {CATALOG.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
