"""The answer for a word, and the one JSON shape it has everywhere: the library's `as_dict`, the
CLI's `--json` and the service all print these documents (docs/service.md lists the fields).

    >>> lex.check("hundar").as_dict(brief=True)           # doctest: +SKIP
    {'word': 'hundar', 'normalized': 'HUNDAR', 'valid': False, 'reason': 'not-in-lexicon', 'detail': None,
     'lemma': None, 'tag': None}

Documents:
- verdict (full): BRIEF_FIELDS plus the lexicon, the position of a problem in the input, the tiles
  of a valid word with their points, the valid tilings, the reading (kind, part of speech), every
  reading when asked for in detail, and the first source record the rules dropped;
- verdict (brief): BRIEF_FIELDS, what a batch answers per word;
- tiling: `{"tiles", "notation", "tile_count"}`;
- search hit: `{"word", "tiles", "notation", "tile_count", "blanks", "value"}`.
Every field is always present (null when it does not apply), so clients need not test for keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .tiling import Tiling, format_tiling

if TYPE_CHECKING:
    from .alphabet import Alphabet
    from .search import Match

#: The version of the answers' shape and of the code that judges: bump it with any change that can make
#: the same artifact version answer otherwise (a field added or renamed, a reason or a verdict changed,
#: in the verdict, search, tiles, hooks, play or replay documents, in Python or the C core). Version ids
#: name data builds; the service puts this number in every answer's ETag, so a deploy that changes
#: answers changes their validators (docs/service.md, "Caching and versions").
ANSWER_FORMAT = 4  # 2: a word a derivation makes another word class has that class as its part of speech;
#                    3: a word no one types (an invisible character, too long) is answered, not refused, by every door;
#                    4: a word that is no word names the character at fault in its detail (`non-letter (U+00AD) at …`)

BRIEF_FIELDS = ("word", "normalized", "valid", "reason", "detail", "lemma", "tag")
FULL_FIELDS = BRIEF_FIELDS + ("lexicon", "version", "position", "kind", "pos", "tiles", "notation", "tile_count",
                              "points", "value", "bag", "tilings", "readings", "excluded")
TILING_FIELDS = ("tiles", "notation", "tile_count")
HIT_FIELDS = ("word", "tiles", "notation", "tile_count", "blanks", "value")


@dataclass(frozen=True, slots=True)
class Analysis:
    """One reading of a playable key: a headword or an inflected form of a lemma from a source record, or
    an analysis of the dictionary's morphology (kind `analysed`)."""

    display: str
    lemma: str
    pos: str
    kind: str
    tag: str
    rule: str
    source: str
    record: int
    # A reading by analysis (lexicon.analyser): prefix, preverb, compound parts with their lemmas and
    # tags, and Hunspell's analysis; None for a reading from a source record.
    morphology: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"display": self.display, "lemma": self.lemma, "pos": self.pos or None, "kind": self.kind,
                "tag": self.tag or None, "rule": self.rule, "source": self.source, "record": self.record,
                "morphology": self.morphology}


@dataclass(frozen=True, slots=True)
class Exclusion:
    """A source word the rules dropped, and why."""

    word: str  # as the source wrote it
    key: str  # the key it normalised to ("" when it did not)
    reason: str
    detail: str
    lemma: str
    pos: str
    kind: str
    tag: str
    source: str
    record: int

    def as_dict(self) -> dict[str, Any]:
        return {"written": self.word, "reason": self.reason, "detail": self.detail or None, "lemma": self.lemma,
                "pos": self.pos or None, "tag": self.tag or None, "source": self.source, "record": self.record}


# Not frozen: a frozen dataclass sets each field through object.__setattr__, which makes building
# one several times slower, and a verdict is built for every word a service is asked. Treat it as
# read-only all the same.
@dataclass(slots=True)
class Verdict:
    """The answer for one word: valid or not, the reason code, and what the lexicon knows of it."""

    word: str  # as asked
    normalized: str | None  # the key the game plays (ALLÉ → ALLE), or None when the text is not a word
    valid: bool
    # not-in-lexicon, non-letter, empty, bad-notation, too-short, too-long, excluded:<rule>, wrong-tiling
    reason: str | None = None
    detail: str | None = None
    position: int | None = None  # where in the input the problem is (non-letter, bad-notation)
    tiles: Tiling | None = None  # the preferred valid tiling (or the one asked for)
    tilings: tuple[Tiling, ...] = ()  # every valid tiling of the word
    kind: str | None = None  # the preferred reading: headword or inflected
    pos: str | None = None
    lemma: str | None = None  # for an inflected form, the headword it is a form of
    tag: str | None = None  # for an inflected form, its grammatical tag (`pl def gen`)
    analyses: tuple[Analysis, ...] | None = None  # every reading, when asked for in detail
    exclusions: tuple[Exclusion, ...] = ()  # source records the rules dropped for this word
    lexicon: str | None = None
    version: str | None = None
    alphabet: Alphabet | None = field(default=None, repr=False, compare=False)

    def as_dict(self, *, brief: bool = False) -> dict[str, Any]:
        """The verdict document (module docstring), or the brief one."""
        data = brief_document(self.word, self.normalized, self.valid, self.reason, self.detail, self.lemma, self.tag)
        if brief:
            return data
        data |= {"lexicon": self.lexicon, "version": self.version, "position": self.position, "kind": self.kind,
                 "pos": self.pos}
        alphabet = self.alphabet
        if self.tiles is not None and alphabet is not None:
            data |= tiles_document(alphabet, self.tiles)
        else:
            data |= dict.fromkeys(("tiles", "notation", "tile_count", "points", "value", "bag"))
        data["tilings"] = [tiling_document(alphabet, t) for t in self.tilings] if alphabet else []
        data["readings"] = None if self.analyses is None else [a.as_dict() for a in self.analyses]
        data["excluded"] = self.exclusions[0].as_dict() if self.exclusions else None
        return data


def brief_document(word: str, normalized: str | None, valid: bool | None, reason: str | None = None,
                   detail: str | None = None, lemma: str | None = None, tag: str | None = None) -> dict[str, Any]:
    """The brief verdict document, a batch's answer for one word: its first seven fields, in their order."""
    return {"word": word, "normalized": normalized, "valid": valid, "reason": reason, "detail": detail,
            "lemma": lemma, "tag": tag}


def tiling_document(alphabet: Alphabet, tiles: Sequence[str]) -> dict[str, Any]:
    """`{"tiles": ["H","Á","Z","S","O","R"], "notation": "HÁ[Z][S]OR", "tile_count": 6}`"""
    # With one letter a tile (Swedish) the notation is the letters themselves.
    notation = format_tiling(tiles, alphabet) if alphabet.multi else "".join(tiles)
    return {"tiles": list(tiles), "notation": notation, "tile_count": len(tiles)}


def tiles_document(alphabet: Alphabet, tiles: Sequence[str]) -> dict[str, Any]:
    """A tiling with what a game needs: points per tile, face value, whether the bag can lay it."""
    formable, blanks, short = alphabet.bag_fit(tiles)
    points = alphabet.points_of(tiles)
    # a tile the bag is short of is played by a blank, worth nothing (short's keys are tiles: NY is one)
    blank_points = sum(p * n for p, n in zip(alphabet.points_of(short), short.values()))
    return tiling_document(alphabet, tiles) | {"points": points, "value": sum(points) - blank_points,
                                               "bag": {"formable": formable, "blanks": blanks, "short": short}}


def hit_document(alphabet: Alphabet, match: Match) -> dict[str, Any]:
    """A search result: the word, its tiles, which positions a blank plays, its face value."""
    return {"word": match.word, "tiles": list(match.tiles), "notation": format_tiling(match.tiles, alphabet),
            "tile_count": len(match.tiles), "blanks": list(match.blanks),
            "value": alphabet.face_value(match.tiles, match.blanks)}
