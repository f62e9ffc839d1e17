"""Whether the free-text inputs are written in the report's language: a script test, said once on standard error.

The report prints titles, names and source notes as test.toml gives them; a Chinese report of an English test.toml
is half English, and only the person who wrote the inputs can fix that. The build still goes on: names of products
("Mingxin FX100", "32B LoRA") are legitimately Latin in a Chinese report, so the test flags only texts that read as
sentences or descriptions in the other script.
"""

from __future__ import annotations

import re

from report.inputs.joint_test import JointTest
from report.text_check import in_language

_NAMES = {"en": "English", "zh-CN": "Chinese (zh-CN)"}
#: The [text.<language>] key that gives each free text in that language (report/inputs/texts.py), by where it comes
#: from (free_texts): field test 6, m5, the warning pointed to [text."zh-CN"] for load models that had no key there.
_TEXT_KEYS = {
    "title": "title",
    "customer": "customer",
    "training": "model",
    "systems": "systems",
    "[[projections]]": "projections",
    "sources": "sources",
    "save_times.csv model": "models",
    "load_times.csv model": "models",
    "load_times.csv platform": "platforms",
    "[[import]] model": "models",
    "[[import]] platform": "platforms",
}


def free_texts(test: JointTest) -> list[tuple[str, str]]:
    """Every text from the inputs that the report prints as given, with where it comes from."""
    c = test.config
    texts = [("title", c.title), ("customer", c.customer), ("training.model", c.training.model)]
    texts += [(f"systems.{role}", getattr(c.systems, role)) for role in ("candidate", "save_baseline", "load_baseline")]
    texts += [("[[projections]] name", p.name) for p in c.projections]
    texts += [(f"sources.{key}", value) for key, value in c.sources.items() if isinstance(value, str)]
    # the saves' other workloads, printed by name in the summary and the save section (zh reading 9, J-m1: "Llama 3
    # 8B on two nodes" in a Chinese report, and no warning said [text."zh-CN"] models would give it)
    saved = test.imported.rows.get("save_times.csv", {}) if test.imported is not None else {}
    from_import = set(saved.get("model", ()))
    texts += [
        (f"{'[[import]]' if value in from_import else 'save_times.csv'} model", str(value))
        for value in dict.fromkeys(test.saves["model"])
        if value != c.training.model
    ]
    imported = test.imported.rows.get("load_times.csv", {}) if test.imported is not None else {}
    for column in ("model", "platform"):
        if column in test.loads:  # named by where the rows came from (field test 7, m15: no load_times.csv there)
            from_import = set(imported.get(column, ()))
            texts += [
                (f"{'[[import]]' if value in from_import else 'load_times.csv'} {column}", str(value))
                for value in dict.fromkeys(test.loads[column])
            ]
    return texts


def warning(test: JointTest, language: str) -> str | None:
    """One line naming the inputs not written in `language` once test.toml's [text.<language>] texts are used (they
    print in their place: report/inputs/texts.py), and the [environment] lines recorded in another language that
    no such text gives; None when there is nothing to say."""
    from report.inputs.texts import printed

    shown, _ = printed(test, None, language)
    # test.toml in another language and no [text."zh-CN"] at all: every name still in Latin letters on the Chinese
    # pages is named, a product's name too (field test 9, m8: "Local disk" was named, "Tmpfs RAM" and the model "1B"
    # were not). A [text."zh-CN"] that gives some names keeps the others in Latin letters on purpose (a product's own
    # name, "Mingxin FX100"; a warning on every build of a finished translation would teach the engineer to ignore
    # it): then names, like the other texts and those of a test.toml in this language, are named when they read as
    # another language
    every_name = language == "zh-CN" and test.config.language != language and language not in test.config.texts
    foreign = list(
        dict.fromkeys(
            where
            for where, text in free_texts(shown)
            if not in_language(text, language) or (every_name and _is_name(where) and _in_latin_letters(text))
        )
    )
    parts = []
    if foreign:
        parts.append(f"these inputs are not in {_NAMES[language]} and print as given: {', '.join(foreign)}")
    texts = test.config.texts.get(language)
    given = set(texts.environment) if texts is not None else set()
    recorded = [key for key, _text in test.config.environment if key not in given]
    if recorded and test.config.language != language:
        count = "test.toml's" if not given else f"{len(recorded)} of test.toml's"
        verb = "was" if len(recorded) == 1 and given else "were"
        own, other = _NAMES[test.config.language], _NAMES[language]
        parts.append(
            f"{count} [environment] lines {verb} recorded in {own} (its language) and print as recorded;"
            f' [text."{language}".environment] gives them in {other}'
        )
    if not parts:
        return None
    keys = list(dict.fromkeys(_text_key(where) for where in foreign))
    where = ""
    if foreign and test.config.language != language:
        stays = "; a product's own name may stay in Latin letters" if every_name and any(map(_is_name, foreign)) else ""
        where = f' (or [text."{language}"] {", ".join(keys)} in test.toml{stays})'
    elif foreign:  # test.toml is in this language: its texts are the top-level ones (testgen10: the hint was refused)
        where = f" (write them in {_NAMES[language]} where they are given, unless they are names)"
    return f"warning: the report is in {_NAMES[language]}, but " + "; ".join(parts) + f"{where}. The report is built."


def _is_name(where: str) -> bool:
    """Whether the free text from `where` (free_texts' names) is a name: a system, a model, a platform, a projection."""
    names = where.startswith(("systems.", "training.model", "[[projections]]"))
    return names or where.endswith((" model", " platform"))


def _in_latin_letters(text: str) -> bool:
    """A text that prints in Latin letters: it has some, and no ideograph."""
    return _LATIN.search(text) is not None and in_language(text, "en")


_LATIN = re.compile(r"[A-Za-z]")


def _text_key(where: str) -> str:
    """The [text.<language>] key that gives the free text from `where` (free_texts' names) in that language."""
    return _TEXT_KEYS[
        where
        if where.startswith(("save_times.csv", "load_times.csv", "[[import]]"))
        else where.split(" ")[0].split(".")[0]
    ]
