"""`make catalogs`: extract the report's messages, merge them into each language's catalog, compile the catalogs.

Babel does the work (extraction from the Python sources and the Jinja templates, merging, compiling). The messages
use str.format fields, never %-formatting, so Babel's guess that "95% interval" is a %-format is dropped before
compiling (its checker would otherwise refuse the translations). A message the catalog lacks is listed and makes the
command fail: translate it in report/locale/<language>/LC_MESSAGES/report.po, then run `make catalogs` again.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from report import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "report" / "locale"
KEYWORDS = {"_": None, "ngettext": (1, 2), "counted_noun": (2, 3)}
METHODS = [("report/**.py", "python"), ("templates/**.html", "jinja2")]
OPTIONS = {"templates/**.html": {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true"}}
# Every language's catalog folder but English's (its messages are the ids themselves).
LANGUAGES = tuple(language.catalog for language in i18n.LANGUAGES.values() if language.catalog)


def extract() -> Catalog:
    """Every message of the sources, as a template catalog."""
    template = Catalog(project="joint-test-report", charset="utf-8")
    for _file, _line, message, comments, context in extract_from_dir(
        str(ROOT), METHODS, keywords=KEYWORDS, options_map=OPTIONS
    ):
        template.add(message, None, auto_comments=comments, context=context)
    for message in template:
        message.flags.discard("python-format")
    return template


def merge(template: Catalog, language: str) -> tuple[Catalog, list[str]]:
    """The language's catalog brought up to date with `template`, and the messages it does not translate."""
    path = LOCALE / language / "LC_MESSAGES" / "report.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    template.creation_date = (
        catalog.creation_date
    )  # the header's dates stay put, so the files change only with the words
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    untranslated = []
    for message in catalog:
        message.flags.discard("python-format")
        message.flags.discard("fuzzy")
        if message.id and not all(message.string if isinstance(message.string, tuple) else [message.string]):
            untranslated.append(message.id if isinstance(message.id, str) else message.id[0])
    catalog.fuzzy = False
    return catalog, untranslated


def write(catalog: Catalog, language: str) -> None:
    folder = LOCALE / language / "LC_MESSAGES"
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, sort_output=True, omit_header=False, no_location=True)
    (folder / "report.po").write_bytes(buffer.getvalue())
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    (folder / "report.mo").write_bytes(buffer.getvalue())


def main() -> int:
    template = extract()
    missing = {}
    for language in LANGUAGES:
        catalog, untranslated = merge(template, language)
        write(catalog, language)
        if untranslated:
            missing[language] = untranslated
    for language, ids in missing.items():
        print(f"{language}: {len(ids)} messages without a translation:", file=sys.stderr)
        for message in ids:
            print(f"  {message!r}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
