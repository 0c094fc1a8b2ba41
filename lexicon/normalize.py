"""Normalisation: from a word as written to the key a game plays, or a reason why it is not a word.

Steps: NFC, locale-aware upper-casing (ICU), then every character outside the game's alphabet
folds to the nearest letter inside it: the tile set's `fold` table first, then accent stripping
(ALLÉ→ALLE, PIETÀ→PIETA, CRÊPE→CREPE). Letters of the alphabet stay as they are: Å, Ä, Ö in
Swedish, Á, É, Í, Ó, Ö, Ő, Ú, Ü, Ű in Hungarian. A character that folds to nothing in the alphabet
(hyphen, space, digit, apostrophe, slash, full stop, a letter of another script) is never
deleted: the word is rejected with a stable reason code and the position of that character.

Most words are plain letters of the alphabet already, so a regular-expression check answers
them without ICU; the ICU path handles the rest and agrees with the fast path (a property test
checks this).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import icu

from .alphabet import Alphabet, load_alphabet
from .errors import InputError
from .reasons import Reason

# Dashes that mean "hyphen" in real sources (ASCII hyphen-minus, Unicode hyphen, non-breaking
# hyphen). A soft hyphen (U+00AD) is a formatting character and counts as a non-letter.
_HYPHENS = frozenset("-\u2010\u2011")
_STRIP_MARKS = icu.Transliterator.createInstance("NFD; [:Nonspacing Mark:] Remove; NFC")


@dataclass(frozen=True, slots=True)
class Normalized:
    """The outcome of normalising one word: a key, or a reason, the position (in NFC) of the cause and the
    character there (the first code point of its cluster; None for an empty word)."""

    word: str
    key: str | None
    reason: Reason | None = None
    position: int | None = None
    character: str | None = None

    def cause(self) -> str:
        """The reason, the character named by its code point and where it is: `hyphenated (U+002D) at
        position 3` (a verdict's detail; a soft hyphen or a fullwidth letter is named so, unseen or unlike)."""
        named = f" (U+{ord(self.character):04X})" if self.character else ""
        where = f" at position {self.position}" if self.position is not None else ""
        return f"{self.reason}{named}{where}"

    @property
    def ok(self) -> bool:
        return self.key is not None


class Normalizer:
    """Normalise words for one alphabet: `Normalizer(load_alphabet("sv-betapet"))("allé").key == "ALLE"`."""

    def __init__(self, alphabet: Alphabet) -> None:
        self.alphabet = alphabet
        self.locale = icu.Locale(alphabet.language)
        self._plain = alphabet.letters_re.fullmatch
        self._folded: dict[str, str | None] = {}  # a plain dict: a cache wrapping a bound method is a cycle

    def __call__(self, word: str) -> Normalized:
        """Normalise `word`; never raises for any string."""
        text = word.strip()
        if not text:
            return Normalized(word, None, Reason.EMPTY, 0)
        upper = text.upper() if text.isascii() else self._upper(text)
        if self._plain(upper):
            return Normalized(word, upper)
        return self._slow(word, unicodedata.normalize("NFC", upper))

    def quick(self, word: str) -> str | None:
        """The key of a word already written in the alphabet's letters (any case), or None: then
        ask `__call__`, which decides every string. No object is made: the quick path of a batch.

        Python's upper-casing is the Unicode full case mapping, as ICU's is for every language this
        toolkit has (ICU tailors only Turkic, Lithuanian, Greek and Dutch), so when it gives plain
        letters of the alphabet they are the key; a decomposed letter never does (its mark is no
        letter), so NFC need not be asked for first. A property test holds the two paths together.
        """
        upper = word.strip().upper()
        return upper if self._plain(upper) else None

    def key(self, word: str) -> str:
        """The normalised key of `word`: `key("pietà") == "PIETA"`. Raises InputError (code
        "invalid-word") whose `result` is the Normalized that says why not."""
        result = self(word)
        if result.key is None:
            error = InputError(f"{result.word!r} is not a word: {result.cause()}", code="invalid-word",
                               position=result.position)
            error.result = result  # type: ignore[attr-defined]  # the reason, for a verdict made of it
            raise error
        return result.key

    def _upper(self, text: str) -> str:
        # NFC first: an upper-cased decomposed Å must keep its ring when it reaches the fold step.
        nfc = unicodedata.normalize("NFC", text)
        return str(icu.UnicodeString(nfc).toUpper(self.locale))

    def _slow(self, word: str, text: str) -> Normalized:
        out: list[str] = []
        bad: tuple[Reason, int, str] | None = None
        for start, cluster in _clusters(text):
            if cluster in self.alphabet.letters:
                out.append(cluster)
                continue
            folded = self._fold_cluster(cluster) if len(cluster) <= 8 else None
            if folded:
                out.append(folded)
                continue
            if not cluster[0].isprintable() and not cluster[0].isspace():
                # a control or invisible character is never part of a word: report it first
                return Normalized(word, None, Reason.NON_LETTER, start, cluster[0])
            reason = _reason_for(cluster, start, len(text))
            if bad is None or _RANK[reason] < _RANK[bad[0]]:
                bad = (reason, start, cluster[0])
        if bad is not None:
            return Normalized(word, None, *bad)
        return Normalized(word, "".join(out))

    def _fold_cluster(self, cluster: str) -> str | None:
        try:
            return self._folded[cluster]
        except KeyError:
            pass
        folded = self._fold_cluster_uncached(cluster)
        if len(self._folded) < 4096:
            self._folded[cluster] = folded
        return folded

    def _fold_cluster_uncached(self, cluster: str) -> str | None:
        letters = self.alphabet.letters
        if cluster in self.alphabet.fold:
            return self.alphabet.fold[cluster]
        stripped = _STRIP_MARKS.transliterate(cluster)
        if stripped and all(ch in letters for ch in stripped):
            return stripped
        if len(stripped) == 1 and stripped in self.alphabet.fold:
            return self.alphabet.fold[stripped]
        return None


def normalize(word: str, alphabet: Alphabet | str) -> str:
    """The key of `word` in `alphabet`: `normalize("allé", "sv-betapet") == "ALLE"`; InputError if none."""
    return normalizer_for(alphabet).key(word)


@lru_cache(maxsize=32)
def _normalizer_for_name(name: str) -> Normalizer:
    return Normalizer(load_alphabet(name))


def normalizer_for(alphabet: Alphabet | str) -> Normalizer:
    """A (cached) Normalizer for an alphabet or tile-set name."""
    if isinstance(alphabet, str):
        return _normalizer_for_name(alphabet)
    return Normalizer(alphabet)


# Several problems in one word: report the one that best explains it ("drive-in-" is an affix,
# "x:a över" is multiword), at the position of its first occurrence.
_RANK = {Reason.MULTIWORD: 0, Reason.AFFIX: 1, Reason.HYPHENATED: 2, Reason.DIGIT: 3, Reason.NON_LETTER: 4}


def _reason_for(cluster: str, start: int, length: int) -> Reason:
    ch = cluster[0]
    if ch.isspace():
        return Reason.MULTIWORD
    if ch in _HYPHENS:
        return Reason.AFFIX if start == 0 or start == length - 1 else Reason.HYPHENATED
    if unicodedata.category(ch) == "Nd":
        return Reason.DIGIT
    return Reason.NON_LETTER


def _clusters(text: str):
    """Yield (position, base character + its combining marks)."""
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or not unicodedata.combining(text[i]):
            yield start, text[start:i]
            start = i
