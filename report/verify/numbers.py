"""The numbers the pages print, for verify --figures-only: every one must be one a rebuild prints, whatever the
wording (report/verify/check.py)."""

from __future__ import annotations

import re
from collections import Counter

_NUMBER = re.compile(r"[−-]?\d[\d,]*(?:\.\d+)?[×%]?")
#: Numbers the layout prints, not the figures: each page's footer, and the contents' page numbers (lines of a number
#: alone on the page that lists the contents). Another wording moves them when it moves a line across a page.
_FOOTER = re.compile(r"Page \d+ of \d+|第\s*\d+\s*页，共\s*\d+\s*页")
_CONTENTS = re.compile(r"^(?:Contents|目录)$", re.M)
_LONE_NUMBER = re.compile(r"^\d+$", re.M)


def _figures_printed(text: str) -> list[str]:
    """The numbers a page prints, without those the layout sets (footer, the contents' page numbers)."""
    text = _FOOTER.sub(" ", text)
    if _CONTENTS.search(text):
        text = _LONE_NUMBER.sub(" ", text)
    return _NUMBER.findall(text)


def number_differences(rebuilt: list[str], given: list[str]) -> list[str]:
    """Numbers the report prints that a rebuild by another generator version does not print, page by page.

    Another version may word the report differently (a wording change must not invalidate a customer's evidence), so
    pages are not compared line by line; but every figure the pages print must still be one the inputs give.
    """
    available = Counter(token for text in rebuilt for token in _figures_printed(text))
    found = []
    for number, text in enumerate(given, 1):
        extra = []
        for token in _figures_printed(text):
            if available[token] > 0:
                available[token] -= 1
            else:
                extra.append(token)
        if extra:
            shown = ", ".join(repr(n) for n in extra[:8]) + (f" and {len(extra) - 8} more" if len(extra) > 8 else "")
            found.append(f"the pages print, on page {number}, {shown}, which a rebuild from the attachments does not")
    return found
