"""The canonical entry every source reader yields, whatever the source's own shape."""

from __future__ import annotations

from dataclasses import dataclass, field

# Flags a reader may set on an entry. The rules also derive `capitalised` and `abbreviation`
# from the spelling when a source has no flag of its own.
PROPER_NOUN = "proper-noun"
ABBREVIATION = "abbreviation"
MULTIWORD = "multiword"
AFFIX = "affix"
CAPITALISED = "capitalised"
# The headword is a lemma only, not a word of the source by itself (a Hunspell NEEDAFFIX stem):
# its forms are candidates, the headword is not.
STEM_ONLY = "stem-only"
# The headword is an initialism the source marks as one (SAOL joins its endings with a colon: vd:n
# vd:ar): the headword and its forms spelled as it is are abbreviations; a form written out (tv's
# teven, tevear) is not.
INITIALISM = "initialism"
FLAGS = frozenset({PROPER_NOUN, ABBREVIATION, MULTIWORD, AFFIX, CAPITALISED, STEM_ONLY, INITIALISM})


@dataclass(frozen=True, slots=True)
class Form:
    """An inflected form as the source gives it (or as the inflection generator makes it)."""

    text: str
    tag: str = ""  # morphological label, e.g. "pl def gen"
    rule: str = ""  # what produced it: a source label, a notation rule, a Hunspell flag chain
    # Morpheme boundaries in `text` (character offsets) where the source knows them: between a
    # prefix, the stem and a suffix, and between the parts of a compound. None: unknown; ():
    # one morpheme. Hungarian tiling reads a digraph across a boundary as two letters.
    boundaries: tuple[int, ...] | None = None
    tiling: str = ""  # the tiles, when the source gives them in tile notation (`HÁ[Z][S]OR`)
    # The form's flags where they are not its entry's (None: the entry's): a name's derived adjective
    # (budapesti) is no name.
    flags: frozenset[str] | None = None
    # The form's part of speech where a derivation makes it another than its entry's (None: the entry's):
    # budapesti is an adjective (ADJ) of the name Budapest (PROPN).
    pos: str | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One headword of a source, with its forms, flags and where it came from."""

    headword: str
    pos: str = ""  # part of speech in UD tags where the source allows (NOUN, VERB, ADJ, X …)
    forms: tuple[Form, ...] = ()
    flags: frozenset[str] = frozenset()
    source: str = ""  # source id from the pipeline file
    record: int = 0  # line or record number in the source (1-based)
    notation: str = ""  # SAOL inflection notation (`+en +ar`), expanded when the profile wants forms
    boundaries: tuple[int, ...] | None = None  # morpheme boundaries in the headword, as for Form
    tiling: str = ""  # the headword's tiles, when the source gives them in tile notation
    extra: dict[str, str] = field(default_factory=dict, compare=False)  # source-specific fields

    @property
    def where(self) -> str:
        return f"{self.source}:{self.record}"
