"""Stable reason codes: why a word is not in a lexicon. Listed once, here.

The codes are part of the public interface: they appear in the exclusion table of every
artifact, in `lexicon check`, and in the service's answers. Add codes; never rename them.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    # The text is not a single word of letters.
    EMPTY = "empty"
    MULTIWORD = "multiword"  # contains a space: "silk screen"
    HYPHENATED = "hyphenated"  # contains a hyphen inside: "abc-bok"
    AFFIX = "affix"  # a standalone prefix or suffix: "anti-", "-aktig", "-ság"
    DIGIT = "digit"  # contains a digit: "mp3"
    NON_LETTER = "non-letter"  # any other character outside the game's alphabet: "c/o", "rock'n'roll"
    UNTILEABLE = "untileable"  # letters of the alphabet that no sequence of tiles spells: hu "HOBBY"
    # The word is spelled with the alphabet, but the game's rules exclude it.
    TOO_SHORT = "too-short"
    TOO_LONG = "too-long"
    PROPER_NOUN = "proper-noun"  # a name: "Dalarna", "Slovakien"
    CAPITALISED = "capitalised"  # written with a capital: "Amerikabrev"
    ABBREVIATION = "abbreviation"  # an initialism or symbol: "DNA", "pH"
    BLOCKLIST = "blocklist"  # removed by the pipeline's blocklist overlay
    COMPOUND = "compound"  # a compound the dictionary does not list, where the game takes only listed ones
    FOREIGN = "foreign"  # a word of another language that only cuts into this one's pieces: "version" (vers + ion)
    TYPO = "typo"  # a compound spelling one change away from a word: "számara" (számára)
    # Lookup outcomes.
    NOT_IN_LEXICON = "not-in-lexicon"
    WRONG_TILING = "wrong-tiling"  # the letters form a word, but not with these tiles
    BAD_NOTATION = "bad-notation"  # tile notation that cannot be read: "A[LL]E", "["


DESCRIPTIONS: dict[Reason, str] = {
    Reason.EMPTY: "no letters at all",
    Reason.MULTIWORD: "contains a space: part of a multiword expression, not a word",
    Reason.HYPHENATED: "contains a hyphen",
    Reason.AFFIX: "a standalone prefix or suffix (starts or ends with a hyphen)",
    Reason.DIGIT: "contains a digit",
    Reason.NON_LETTER: "contains a character that is not a letter of the game's alphabet",
    Reason.UNTILEABLE: "no sequence of the game's tiles spells it",
    Reason.TOO_SHORT: "shorter than the game's minimum length",
    Reason.TOO_LONG: "more tiles than the game allows",
    Reason.PROPER_NOUN: "a proper noun, and the game excludes them",
    Reason.CAPITALISED: "written with a capital letter, and the game excludes such words",
    Reason.ABBREVIATION: "an abbreviation, initialism or symbol",
    Reason.BLOCKLIST: "removed by the pipeline's blocklist",
    Reason.COMPOUND: "a compound the dictionary's rules make but do not list, and the game takes only listed ones",
    Reason.FOREIGN: "a word of another language, which only a cut into this language's pieces makes a word",
    Reason.TYPO: "a compound spelling that a common slip away from a word of the lexicon is a misspelling of it",
    Reason.NOT_IN_LEXICON: "not in the lexicon",
    Reason.WRONG_TILING: "a valid word, but not with these tiles",
    Reason.BAD_NOTATION: "tile notation that cannot be read (a bracket left open, a tile the game does not have)",
}

def describe(reason: str) -> str:
    """A sentence for a reason code; `excluded:<code>` describes the code."""
    code = reason.removeprefix("excluded:")
    try:
        return DESCRIPTIONS[Reason(code)]
    except ValueError:
        return code
