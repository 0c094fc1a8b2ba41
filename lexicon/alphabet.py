"""Alphabets and tile sets: the letters of a game, its tiles, their counts and points.

A tile set is data: one TOML file per game in `lexicon/data/tilesets/`. A tile may spell more
than one letter (Hungarian CS, GY, LY, NY, SZ, TY, ZS). A letter with count 0 belongs to the
alphabet but has no tile: it is playable only with a blank (Swedish Scrabble Q, W, Ü, Æ).

A tile's number (its value in word-graph files) is its place in the list, unless it says
`number = N` to skip numbers: Betapet's tiles keep the numbers of wolges' built-in Swedish
alphabet, which has a Ü (26) and an Æ (30) that Betapet lacks (docs/kwg.md).
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import NamedTuple

from ._data import Fields, data_names, file_stamp, read_toml
from .errors import DataError

#: KWG stores a tile in 6 bits and keeps 0 for the blank/separator.
MAX_TILES = 63


@dataclass(frozen=True)
class Tile:
    letter: str  # as written on the tile, upper case: "A", "CS"
    count: int  # how many the bag holds; 0 = blank-only letter
    points: int
    vowel: bool
    number: int  # the tile number in KWG files: 1-based position, unless the tile set skips numbers


class BagFit(NamedTuple):
    """Can the game's bag form a word? `blanks` are needed for letters it lacks (Swedish W, a third ZS)."""

    formable: bool
    blanks: int
    short: dict[str, int]  # tile → how many more than the bag holds


@dataclass(frozen=True)
class Alphabet:
    """One game's alphabet and tile set, loaded from TOML."""

    name: str
    language: str
    provenance: str
    blanks: int
    tiles: tuple[Tile, ...]
    fold: dict[str, str] = field(hash=False)
    counts_verified: bool = True
    path: Path | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        by_letter = {t.letter: t for t in self.tiles}
        object.__setattr__(self, "_by_letter", by_letter)
        object.__setattr__(self, "_counts", {t.letter: t.count for t in self.tiles})
        object.__setattr__(self, "_points", {t.letter: t.points for t in self.tiles})
        object.__setattr__(self, "letters", frozenset(ch for t in self.tiles for ch in t.letter))
        object.__setattr__(self, "multi", tuple(t.letter for t in self.tiles if len(t.letter) > 1))
        object.__setattr__(self, "longest", max(len(t.letter) for t in self.tiles))
        chars = "".join(sorted(self.letters))
        object.__setattr__(self, "letters_re", re.compile(f"[{re.escape(chars)}]+"))
        multi = "|".join(re.escape(m) for m in self.multi) or "(?!)"
        object.__setattr__(self, "multi_re", re.compile(multi))

    # Set in __post_init__; declared for readers and type checkers.
    letters: frozenset[str] = field(init=False, repr=False, compare=False)
    multi: tuple[str, ...] = field(init=False, repr=False, compare=False)
    longest: int = field(init=False, repr=False, compare=False)
    letters_re: re.Pattern[str] = field(init=False, repr=False, compare=False)
    multi_re: re.Pattern[str] = field(init=False, repr=False, compare=False)  # any multi-letter tile

    def __contains__(self, letter: str) -> bool:
        return letter in self._by_letter  # type: ignore[attr-defined]

    @cached_property
    def fingerprint(self) -> str:
        """What makes two tile sets the same set, whatever file each was read from: the name, the
        letters, each tile's count, points and number, the blanks and the folding. Its provenance
        and notes are left out. A game and a lexicon play together when their fingerprints agree."""
        play = {"name": self.name, "language": self.language, "blanks": self.blanks, "fold": sorted(self.fold.items()),
                "tiles": [[t.letter, t.count, t.points, t.vowel, t.number] for t in self.tiles]}
        return hashlib.sha256(json.dumps(play, ensure_ascii=False).encode()).hexdigest()[:16]

    def difference(self, other: Alphabet) -> str | None:
        """The first way `other` differs from this tile set in play (None when it does not)."""
        if self.fingerprint == other.fingerprint:
            return None
        for key in ("name", "language", "blanks"):
            if getattr(self, key) != getattr(other, key):
                return f"{key} {getattr(self, key)!r}, not {getattr(other, key)!r}"
        mine, theirs = {t.letter: t for t in self.tiles}, {t.letter: t for t in other.tiles}
        for letter in sorted(mine.keys() ^ theirs.keys()):
            return f"{letter} is a tile of {'one' if letter in mine else 'the other'} only"
        for letter, tile in mine.items():
            for key in ("count", "points", "number", "vowel"):
                if getattr(tile, key) != getattr(theirs[letter], key):
                    return f"{letter}: {key} {getattr(tile, key)}, not {getattr(theirs[letter], key)}"
        return "the folding of letters outside the alphabet differs"

    def tile(self, letter: str) -> Tile:
        """The tile that spells `letter`: `alphabet.tile("CS").points`."""
        try:
            return self._by_letter[letter]  # type: ignore[attr-defined]
        except KeyError:
            raise DataError(f"{letter!r} is not a tile of {self.name}") from None

    def face_value(self, tiles: Iterable[str], blanks: Collection[int] = ()) -> int:
        """The sum of the tiles' points (no board bonuses): `face_value(["CS", "Ő", "Z"])`; a tile at
        one of the `blanks` positions is played by a blank and scores 0."""
        return sum(self.tile(t).points for i, t in enumerate(tiles) if i not in blanks)

    def bag_fit(self, tiles: Iterable[str]) -> BagFit:
        """Whether a full bag can lay these tiles, and how many blanks that takes."""
        tiles = tuple(tiles)
        counts = self._counts  # type: ignore[attr-defined]
        short = {}
        for t in set(tiles):  # a word has a handful of tiles: count them in place, no Counter
            missing = tiles.count(t) - counts[t]
            if missing > 0:
                short[t] = missing
        if not short:
            return BagFit(True, 0, short)
        blanks = sum(short.values())
        return BagFit(blanks <= self.blanks, blanks, dict(sorted(short.items())))

    def points_of(self, tiles: Iterable[str]) -> list[int]:
        """Each tile's points: `points_of(["CS", "Ő"]) == [7, 7]`."""
        points = self._points  # type: ignore[attr-defined]
        return [points[t] for t in tiles]

    @property
    def total_tiles(self) -> int:
        """All tiles in the bag, blanks included (100 for every shipped game)."""
        return sum(t.count for t in self.tiles) + self.blanks

    @property
    def unused_numbers(self) -> tuple[int, ...]:
        """Tile numbers below the highest that no tile has (Betapet: 26 and 30, wolges' Ü and Æ)."""
        taken = {t.number for t in self.tiles}
        return tuple(n for n in range(1, self.tiles[-1].number) if n not in taken)

    @property
    def blank_only(self) -> tuple[str, ...]:
        """Letters of the alphabet that have no tile of their own."""
        return tuple(t.letter for t in self.tiles if t.count == 0)


_KEYS = {"name", "language", "provenance", "blanks", "vowels", "tiles", "fold", "counts_verified"}


def load_alphabet(name_or_path: str | Path) -> Alphabet:
    """Load a tile set by name (`sv-betapet`) or path; cached by name."""
    return _load(str(name_or_path), file_stamp(name_or_path))


def alphabet_names() -> list[str]:
    """Names of the tile sets that ship with the package."""
    return data_names("tilesets")


@cache
def _load(name_or_path: str, stamp) -> Alphabet:
    table, path = read_toml(name_or_path, "tilesets")
    f = Fields(table, path)
    f.unknown(_KEYS)
    vowels = set(f.get("vowels", list, []))
    raw_tiles = f.get("tiles", list)
    f.check("tiles", 0 < len(raw_tiles) <= MAX_TILES, f"a tile set has 1 to {MAX_TILES} tiles")
    tiles: list[Tile] = []
    seen: set[str] = set()
    number = 0
    for place, raw in enumerate(raw_tiles):
        if not isinstance(raw, dict):
            raise DataError(f"{path}: tiles[{place}]: expected a table")
        t = Fields(raw, path, f"tiles[{place}].")
        t.unknown({"letter", "count", "points", "number"})
        # numbers only go up, so the list's order is the tile order of every search result
        given = t.get("number", int, number + 1)
        t.check("number", number < given <= MAX_TILES, f"tile numbers increase along the list, up to {MAX_TILES}; "
                f"{given} follows {number}")
        number = given
        letter = t.get("letter", str)
        t.check("letter", _is_upper_letters(letter), f"{letter!r} must be upper-case letters in NFC")
        t.check("letter", letter not in seen, f"{letter!r} appears twice")
        seen.add(letter)
        count, points = t.get("count", int), t.get("points", int)
        t.check("count", count >= 0, "must not be negative")
        t.check("points", points >= 0, "must not be negative")
        tiles.append(Tile(letter, count, points, letter in vowels, number))
    fold = f.get("fold", dict, {})
    letters = {ch for t in tiles for ch in t.letter}
    for src, dst in fold.items():
        f.check("fold", len(src) == 1 and src not in letters, f"{src!r}: fold keys are single non-alphabet characters")
        f.check("fold", isinstance(dst, str) and dst and set(dst) <= letters,
                f"{src!r} folds to {dst!r}, which is not spelled with the alphabet's letters")
    blanks = f.get("blanks", int)
    f.check("blanks", blanks >= 0, "must not be negative")
    return Alphabet(
        name=f.get("name", str),
        language=f.get("language", str),
        provenance=f.get("provenance", str),
        blanks=blanks,
        tiles=tuple(tiles),
        fold=dict(fold),
        counts_verified=f.get("counts_verified", bool, True),
        path=path,
    )


def _is_upper_letters(text: str) -> bool:
    return bool(text) and text.isalpha() and text == text.upper() and unicodedata.is_normalized("NFC", text)
