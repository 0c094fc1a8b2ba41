"""What changes between two versions of a lexicon (two builds, or two editions of a source): the words
added and removed, and the hooks they make or take away on the words both keep, which is what players and
federations publish when an edition changes.

    >>> made = changes(load("sv-scrabble@008f0b6ee330"), load("sv-scrabble"))     # doctest: +SKIP
    >>> made.removed[:2], made.hooks_lost[:1]                                       # doctest: +SKIP
    (['ABC', 'CD'], [Hook(word='AB', tile='C', side='back', by='ABC')])

A hook is one tile that makes another word of a word, laid before it or after it (HUND → HUNDS). A word
added makes a hook on each word both versions hold that it is with one tile more at the front or the back;
a word removed takes that hook away. Hooks are counted in tiles, over each valid tiling of the word: a
Hungarian cube is one tile (AD → AD[SZ] is the hook SZ). The keys compared are the lists' own: forms an
analysing lexicon accepts beyond its list are not listed, so neither are their hooks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .guard import merged
from .lookup import Lexicon
from .tiling import format_tiling


@dataclass(frozen=True)
class Hook:
    """The hook `tile` at the `side` ("front" or "back") of `word`, made (or taken away) by the word `by`;
    both in tile notation."""

    word: str
    tile: str
    side: str
    by: str

    def as_dict(self) -> dict[str, str]:
        return {"word": self.word, "tile": self.tile, "side": self.side, "by": self.by}


@dataclass
class Changes:
    """Keys only in the new version (added) and only in the old (removed), each sorted, and the hooks on the
    words both hold that the added words make and the removed ones take away."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    hooks_made: list[Hook] = field(default_factory=list)
    hooks_lost: list[Hook] = field(default_factory=list)


def diff(old: Lexicon, new: Lexicon) -> tuple[list[str], list[str]]:
    """Keys only in `new` (added) and only in `old` (removed), each sorted."""
    found: dict[str, list[str]] = {"added": [], "removed": [], "kept": []}
    for key, side in merged(old.keys(), new.keys()):
        if side != "kept":
            found[side].append(key)
    return found["added"], found["removed"]


def changes(old: Lexicon, new: Lexicon) -> Changes:
    """What `diff` says, and the hooks it makes and takes away."""
    added, removed = diff(old, new)
    return Changes(added, removed, _hooks(new, added, old, new), _hooks(old, removed, old, new))


def _hooks(holder: Lexicon, keys: list[str], old: Lexicon, new: Lexicon) -> list[Hook]:
    """The hooks the words `keys` of `holder` are, on the words both versions hold."""
    shortest = max(1, min(old.profile.min_length, new.profile.min_length))
    found: list[Hook] = []
    for key in keys:
        for tiles in holder.tilings(key):
            if len(tiles) <= shortest:
                continue
            by = format_tiling(tiles, holder.alphabet)
            for side, tile, rest in (("front", tiles[0], tiles[1:]), ("back", tiles[-1], tiles[:-1])):
                if old.contains_tiles(rest) and new.contains_tiles(rest):
                    found.append(Hook(format_tiling(rest, holder.alphabet), tile, side, by))
    return sorted(set(found), key=lambda h: (h.word, h.side, h.tile, h.by))
