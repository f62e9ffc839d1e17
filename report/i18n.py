"""The report's languages: gettext catalogs (report/locale/, made with Babel) and the words that depend on language.

Every reader-facing sentence is an English message id marked with `_()` (or `ngettext` for counts) and formatted with
named fields after translation, so a translator sees whole sentences. `activate` chooses the catalog for the build
in progress; `strict` makes any message missing from a catalog an error, so a missing translation fails the tests
and never reaches a customer.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gettext
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "report"


class MissingTranslation(LookupError):
    """A message that the active catalog does not translate."""


class _Strict(gettext.GNUTranslations):
    """A catalog that refuses to fall back to English."""

    def gettext(self, message: str) -> str:
        if message not in self._catalog:
            raise MissingTranslation(message)
        return super().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if (singular, 0) not in self._catalog:
            raise MissingTranslation(singular)
        return super().ngettext(singular, plural, n)


_ENGLISH = gettext.NullTranslations()
_active: ContextVar[gettext.NullTranslations] = ContextVar("translations", default=_ENGLISH)
_language: ContextVar[str] = ContextVar("language", default="en")
_strict: ContextVar[bool] = ContextVar("strict", default=False)


def catalog(language: str, strict: bool = False) -> gettext.NullTranslations:
    """The translations of `language` (English is the message ids themselves)."""
    folder = LANGUAGES[language].catalog
    if folder is None:
        return gettext.NullTranslations()
    path = LOCALE / folder / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as handle:
        return (_Strict if strict else gettext.GNUTranslations)(handle)


@contextlib.contextmanager
def activate(language: str) -> Iterator[None]:
    """Word everything inside the block in `language`."""
    tokens = (_active.set(catalog(language, _strict.get())), _language.set(language))
    try:
        yield
    finally:
        _active.reset(tokens[0])
        _language.reset(tokens[1])


@contextlib.contextmanager
def strict() -> Iterator[None]:
    """Inside the block, a message missing from the active language's catalog raises MissingTranslation."""
    token = _strict.set(True)
    try:
        yield
    finally:
        _strict.reset(token)


def language() -> str:
    """The language being written."""
    return _language.get()


def _(message: str) -> str:
    """`message` in the active language."""
    return _active.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, in the active language."""
    return _active.get().ngettext(singular, plural, n)


def join_words(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"; in Chinese "a、b和c"."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def page_footer() -> tuple[str, str, str]:
    """The words around the page number and the page count: ("Page ", " of ", "") or ("第 ", " 页，共 ", " 页")."""
    return LANGUAGES[language()].footer


def date(value: dt.date) -> str:
    """A date as a reader of the language writes it: "30 November 2026", "2026年11月30日"."""
    return LANGUAGES[language()].date(value)


# Month names spelled here, not by the C library, so that the machine's locale never changes a report.
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _english_date(value: dt.date) -> str:
    return f"{value.day} {_MONTHS[value.month - 1]} {value.year}"


def _chinese_date(value: dt.date) -> str:
    return f"{value.year}年{value.month}月{value.day}日"


@dataclass(frozen=True)
class Language:
    """One language of the report: all that differs with it but the messages its catalog translates."""

    code: str  #: test.toml's `language`, `--language`, the HTML's lang and the PDF's /Lang
    catalog: str | None  #: its gettext folder in report/locale/ (None: English, the message ids themselves)
    date: Callable[[dt.date], str]  #: a date as its readers write it
    footer: tuple[str, str, str]  #: the words around the page number and the page count in the PDF's footer
    fonts: tuple[str, ...] = ()  #: the shipped fonts (report/assets/fonts/) its script needs beside Inter


#: The languages the report is written in, by code: config, the command line, verify and `make catalogs` read it.
#: A new language is one entry here and its catalog (README: How to add a language).
LANGUAGES: dict[str, Language] = {
    language.code: language
    for language in (
        Language("en", None, _english_date, ("Page ", " of ", "")),
        Language(
            "zh-CN",
            "zh_CN",
            _chinese_date,
            ("第 ", " 页，共 ", " 页"),
            ("NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf"),
        ),
    )
}
