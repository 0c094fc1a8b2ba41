"""The page's words in Swedish, Hungarian and English: one gettext catalogue per language
(`service/messages/<lang>.po`), read with Babel.

Messages are keyed (`check.button`), so each file holds every string the page shows in its
language, English included, and the page's template and script hold none. `{name}` marks a
placeholder. A message with plural forms is a list, indexed by the catalogue's `Plural-Forms`
(for these three languages: 0 for one, 1 for the rest, as `Intl.PluralRules` says "one" or not).

    >>> text(catalogue("sv"), "check.button")
    'Kolla'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from lexicon import DataError

HERE = Path(__file__).parent
#: The page's languages, in the order of its switch; the first match of Accept-Language wins.
LANGUAGES = ("sv", "hu", "en")
FALLBACK = "en"
#: What each language calls itself, for the switch.
NATIVE = {"sv": "Svenska", "hu": "Magyar", "en": "English"}

Message = str | list[str]


@cache
def catalogue(lang: str) -> dict[str, Message]:
    """Every message of one language, key → text (or its plural forms)."""
    path = HERE / f"{lang}.po"
    with path.open("rb") as f:
        po = read_po(f, locale=lang, abort_invalid=True)
    messages: dict[str, Message] = {}
    for m in po:
        if not m.id:
            continue  # the header
        key = m.id[0] if m.pluralizable else m.id
        forms = list(m.string) if m.pluralizable else [m.string]
        if m.fuzzy or not all(forms):
            raise DataError(f"{path.name}: message {key!r} is untranslated or fuzzy")
        messages[key] = forms if m.pluralizable else forms[0]
    return messages


def text(messages: dict[str, Message], key: str, /, **values) -> str:
    """One message with its placeholders filled in (the plural form by `n`); the key itself when a
    catalogue lacks it."""
    found = messages.get(key, key)
    if isinstance(found, list):
        found = found[0 if values.get("n") == 1 else -1]
    for name, value in values.items():
        found = found.replace("{" + name + "}", str(value))
    return found


def choose(asked: str | None, remembered: str | None, accept: Iterable[tuple[str, float]]) -> str:
    """The page's language: asked for in the URL (`?lang=hu`), else remembered from the switch (a
    cookie), else the best match of the browser's Accept-Language, else English."""
    for lang in (asked, remembered):
        if lang in LANGUAGES:
            return lang
    # By the browser's order of preference, each tag by its primary subtag (sv-SE is sv): Werkzeug's
    # best_match would prefer an exact `hu;q=0.5` to the `en-US` put first.
    for tag, quality in accept:
        primary = tag.replace("_", "-").split("-")[0].lower()
        if quality > 0 and primary in LANGUAGES:
            return primary
    return FALLBACK
