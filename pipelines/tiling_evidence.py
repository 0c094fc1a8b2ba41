"""Choosing a word's tiling from what the dictionary knows of its morphemes (Hungarian digraphs).

Within a morpheme, letters that spell a digraph are that digraph: `egyszer` is E GY SZ E R. Across
a morpheme boundary they are two letters: `házsor` is ház+sor, so H Á Z S O R, never H Á ZS O R.
So a word's tiling follows from its boundaries: cut the word at each boundary and tile every
part by itself, longest tile first (which also lays a shortened long digraph as the profile's
policy says: `asszony` is A S SZ O NY as written).

Where the boundaries come from, strongest first:
- the source: a Hunspell reader records where a prefix, the stem and a suffix meet in every form
  it expands, and the compound boundaries of the stem itself (Magyar Ispell's `hy:` field);
- compound splits: a stem the dictionary lists whole (a build without `hy:` fields) but that is
  two of its stems joined, at a place where the split changes the tiling (víz+szint): the left
  part a stem the dictionary lets begin a compound, the right one a stem it lets end one, both
  of at least three letters (two-letter stems pair by chance: as+zab is not aszab). Such a split
  is likely but not certain, so it adds a valid tiling, preferred, and keeps the whole-word
  reading valid too.

Evidence codes, counted per word in the build report: `single` (one cut exists at all),
`morphology` (the boundaries chose among several cuts), `compound-split` (a split added the
reading it prefers), `none` (several cuts and nothing known: the preferred cut, as without
evidence).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from lexicon import Alphabet, tilings
from lexicon.boundaries import common_prefix, common_suffix, hy_boundaries, inside_digraphs, tiling_by_parts
from lexicon.tiling import DoubledDigraphs, Tiling

from .rules import Candidate

__all__ = ["CompoundParts", "MorphologyChooser", "affix_boundaries", "hy_boundaries", "inside_digraphs",
           "tiling_by_parts"]

#: Shorter compound parts are not trusted for splits.
MIN_PART = 3


@dataclass(frozen=True)
class CompoundParts:
    """Stems (as written) that may begin a compound, and stems that may end one."""

    heads: frozenset[str] = frozenset()
    tails: frozenset[str] = frozenset()


class MorphologyChooser:
    """A TilingChooser (lexicon_pipelines.rules) that reads the tiling off the candidate's boundaries.

    `parts` gives the compound parts that enable compound splits; without it only the
    boundaries the source records are used.
    """

    def __init__(self, alphabet: Alphabet, policy: DoubledDigraphs | str,
                 parts: Callable[[], CompoundParts] = CompoundParts) -> None:
        self.alphabet, self.policy = alphabet, DoubledDigraphs(policy)
        self._parts_source, self._parts = parts, None
        self._quick = _QuickCuts.of(alphabet, self.policy)

    @property
    def parts(self) -> CompoundParts:
        if self._parts is None:  # loaded on first need: most words never ask
            self._parts = self._parts_source()
        return self._parts

    def __call__(self, key: str, cuts: list[Tiling], c: Candidate) -> tuple[tuple[Tiling, ...], str]:
        return self._decide(key, cuts[0], len(cuts) > 1, c.text.strip(), c.boundaries, None)

    def choose(self, key: str, text: str, boundaries: tuple[int, ...] | None
               ) -> tuple[tuple[Tiling, ...], str] | None:
        """What `self(key, tilings(key), candidate)` answers, for a candidate spelled `text` with these
        boundaries, without listing every cut where the tile set allows (None: no cut at all). A
        build of tens of millions of forms cannot list them all."""
        quick = self._quick
        preferred = quick.preferred(key) if quick is not None else None
        if preferred is None:  # a tile set or policy the quick cut does not serve, or a key it cannot cut
            cuts = tilings(key, self.alphabet, self.policy)
            return self._decide(key, cuts[0], len(cuts) > 1, text, boundaries, None) if cuts else None
        return self._decide(key, preferred, quick.several(key), text, boundaries, quick)

    def _decide(self, key: str, preferred: Tiling, several: bool, text: str, boundaries: tuple[int, ...] | None,
                quick: _QuickCuts | None) -> tuple[tuple[Tiling, ...], str]:
        if not several:
            return (preferred,), "single"
        if boundaries is None or len(text) != len(key):
            # nothing known, or folding changed the length so offsets no longer line up
            return (preferred,), "none"
        if quick is not None and not quick.splits(preferred, boundaries):
            by_parts = preferred  # no boundary inside a tile: each part cut by itself gives the same tiles
        else:
            by_parts = tiling_by_parts(key, boundaries, self.alphabet, self.policy)
        if by_parts is None:  # a boundary splits something no tile spells alone: trust none of them
            return (preferred,), "none"
        split = self._compound_split(key, text, boundaries)
        if split is not None and split != by_parts:
            return (split, by_parts), "compound-split"
        return (by_parts,), "morphology"

    def _compound_split(self, key: str, text: str, boundaries: tuple[int, ...]) -> Tiling | None:
        """The tiling of the first split of a stem part into two stems that changes the tiling."""
        parts = self.parts
        if not parts.heads:
            return None
        edges = [0, *sorted(b for b in boundaries if 0 < b < len(key)), len(key)]
        for start, end in zip(edges, edges[1:]):
            for at in inside_digraphs(key[start:end], self.alphabet):
                left, right = text[start:start + at], text[start + at:end]
                if (len(left) >= MIN_PART and len(right) >= MIN_PART and left in parts.heads
                        and right in parts.tails):
                    return tiling_by_parts(key, [*boundaries, start + at], self.alphabet, self.policy)
        return None


class _QuickCuts:
    """The preferred cut and "is there another?" by a regular expression, for a tile set whose
    multi-letter tiles have two letters, laid as written (Hungarian): where the longest tile first
    at each place completes a cut, it is the preferred cut (lexicon.preferred_tiling); a key has
    another cut exactly when it holds a two-letter tile whose letters are tiles too (SZ, CS, ZS;
    GY is one tile, as there is no Y), provided no such tile can overlap a two-letter tile that
    cannot be split. `of` returns None for a tile set or policy where this does not hold."""

    def __init__(self, alphabet: Alphabet, splittable: list[str]) -> None:
        tiles = sorted((t.letter for t in alphabet.tiles), key=len, reverse=True)
        self._cut = re.compile("|".join(map(re.escape, tiles))).findall
        self._splittable = re.compile("|".join(map(re.escape, splittable)) or "(?!)").search

    @classmethod
    def of(cls, alphabet: Alphabet, policy: DoubledDigraphs) -> _QuickCuts | None:
        multi = list(alphabet.multi)
        if policy is not DoubledDigraphs.AS_WRITTEN or not all(len(m) == 2 for m in multi):
            return None
        splittable = [m for m in multi if all(ch in alphabet for ch in m)]
        whole = [m for m in multi if m not in splittable]
        # A splittable pair's letter shared with an unsplittable one (X in WX and XY) could leave
        # a cut with no alternative: then count cuts the slow way.
        if any(s[0] == w[1] or s[1] == w[0] for s in splittable for w in whole):
            return None
        return cls(alphabet, splittable)

    def preferred(self, key: str) -> Tiling | None:
        found = self._cut(key)
        return tuple(found) if sum(map(len, found)) == len(key) else None

    def several(self, key: str) -> bool:
        return self._splittable(key) is not None

    @staticmethod
    def splits(cut: Tiling, boundaries: tuple[int, ...]) -> bool:
        """Does a boundary fall inside one of the cut's tiles?"""
        at = 0
        for tile in cut:
            if len(tile) > 1 and any(at < b < at + len(tile) for b in boundaries):
                return True
            at += len(tile)
        return False


# ---------------------------------------------------------------- boundaries from Hunspell


def affix_boundaries(stem: str, stem_boundaries: tuple[int, ...], steps: list[tuple[bool, str, str]]
                     ) -> tuple[int, ...]:
    """Boundaries in a form made from `stem` by affix steps (is_prefix, strip, add), in the order
    the steps apply: the stem's own boundaries, moved, and one where each affix meets the rest.

    Where an affix strips letters and adds them back (strip `z`, add `zt`), the boundary is placed
    after what it gave back, so it never falls inside letters the stem had; a letter given back in the
    other case is the stem's own too (Magyar Ispell's `"` prefix writes a name in small letters, strip
    `C` add `c`: csapi of Csapi, whose CS stays one tile).
    """
    word, bounds = stem, set(stem_boundaries)
    for is_prefix, strip, add in steps:
        if is_prefix:
            kept = common_suffix(strip.lower(), add.lower())
            shift = len(add) - len(strip)
            bounds = {b + shift for b in bounds if b >= len(strip)}
            if len(add) - kept > 0:
                bounds.add(len(add) - kept)
            word = add + word[len(strip):]
        else:
            cut = len(word) - len(strip)
            kept = common_prefix(strip.lower(), add.lower())
            bounds = {b for b in bounds if b <= cut}
            if len(add) - kept > 0:
                bounds.add(cut + kept)
            word = word[:cut] + add
    return tuple(sorted(b for b in bounds if 0 < b < len(word)))
