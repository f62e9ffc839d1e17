"""The service life a payback is weighed against: `[economics] service_life_years` where the test gives it (agreed
for this test), else the tool's assumed default (cold read 17, W-M1: a 5-year life against a quote with three years'
support, unflagged). Not a figure of metrics.json: payback_years does not depend on it (CONTRACT.md)."""

from __future__ import annotations

import re

#: The years storage is commonly kept in service: the tool's default where the test agrees none (docs/recommendation.md)
DEFAULT_SERVICE_LIFE_YEARS = 5


def life_years(config) -> float:
    """The years a payback is weighed against: the test's `service_life_years`, else the default."""
    e = config.economics
    given = e.service_life_years if e is not None else None
    return DEFAULT_SERVICE_LIFE_YEARS if given is None else given


def life_agreed(config) -> bool:
    """Whether the test gives its service life (agreed for it), not the tool's assumed default."""
    return config.economics is not None and config.economics.service_life_years is not None


_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_ZH_NUMBERS = dict(zip("一二三四五六七八九十", range(1, 11), strict=True)) | {"两": 2}
#: The years of support a price note gives: "five years' support included", "3 years of maintenance", "含五年维保",
#: "3 年原厂服务" (cold read 18, X minor 7 and Y minor 4; Chinese reading 18, X minor 6).
SUPPORT = re.compile(
    r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)[ -]years?'?s?'?\s+(?:of\s+)?"
    r"(?:support|maintenance|warranty|service)"
    r"|([\d一二两三四五六七八九十]{1,2})\s?年(?:期)?(?:原厂)?(?:维保|保修|维护|质保|服务|技术支持)",
    re.IGNORECASE,
)


def support_years(config) -> int | None:
    """The years of support the record's economics notes give with the price (an [environment] line or a source note
    that names the price or the economics), the first found; None where none does. The service life's source where the
    test agrees none: "an assumed 5-year life, the five years' support the price includes"."""
    texts = [f"{label} {text}" for label, text in config.environment] + list(config.sources.values())
    for text in texts:
        if not _PRICED.search(text) or (found := SUPPORT.search(text)) is None:
            continue
        word = (found.group(1) or found.group(2)).lower()
        if word.isdigit():
            return int(word)
        return _NUMBERS.get(word) or _ZH_NUMBERS.get(word)
    return None


_PRICED = re.compile(r"price|quote|licen[cs]e|econom|价|报价|经济", re.IGNORECASE)
