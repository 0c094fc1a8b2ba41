"""The rule of POST /moves' `common` read in Python, for the tests that hold the C core's (wire/play_json.c,
all_common) to it.

A word of a play is common when the bundle's `common` section holds it, or holds its verdict's lemma and the
analysis made the word from the lemma by inflection alone: a tag that names a derivational suffix (Hunspell's
`ds:` field) is of another word (CSÉSZÉS, a maker of cups, from csésze), common or not on its own.
"""

from __future__ import annotations

from collections.abc import Set

from lexicon.normalize import Normalizer


def is_common(word: str, lemma: str | None, tag: str | None, keys: Set[str], normal: Normalizer) -> bool:
    """Is `word` (normalised), with its verdict's `lemma` and `tag`, common by the section's `keys`?"""
    if word in keys:
        return True
    derived = any(field.startswith("ds:") for field in (tag or "").split(" "))  # fields apart by spaces, as in C
    return bool(lemma) and not derived and normal(lemma).key in keys
