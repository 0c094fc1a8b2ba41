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

from collections.abc import Callable, Collection
from dataclasses import dataclass

from lexicon import Alphabet, DoubledDigraphs, Tiling, preferred_tiling

from .rules import Candidate

#: Shorter compound parts are not trusted for splits.
MIN_PART = 3


@dataclass(frozen=True)
class CompoundParts:
    """Stems (as written) that may begin a compound, and stems that may end one."""

    heads: frozenset[str] = frozenset()
    tails: frozenset[str] = frozenset()


def tiling_by_parts(key: str, boundaries: Collection[int], alphabet: Alphabet,
                    policy: DoubledDigraphs | str = DoubledDigraphs.AS_WRITTEN) -> Tiling | None:
    """Cut `key` at the boundaries and tile each part by itself; None if a part cannot be tiled.

    >>> tiling_by_parts("HÁZSOR", [3], load_alphabet("hu-betutorony"))   # doctest: +SKIP
    ('H', 'Á', 'Z', 'S', 'O', 'R')
    """
    cuts = sorted(b for b in set(boundaries) if 0 < b < len(key))
    if DoubledDigraphs(policy) is DoubledDigraphs.PRONOUNCED:
        # asszony+nyi is written asszonnyi: the doubled NY straddles the boundary, and laid out
        # as pronounced it is NY NY, so the boundary must not split its written form N|NY.
        cuts = [b for b in cuts if not any(key.startswith(m[0] + m, b - 1) for m in alphabet.multi)]
    out: list[str] = []
    for start, end in zip([0, *cuts], [*cuts, len(key)]):
        part = preferred_tiling(key[start:end], alphabet, policy)
        if part is None:
            return None
        out.extend(part)
    return tuple(out)


def inside_digraphs(key: str, alphabet: Alphabet) -> list[int]:
    """Positions strictly inside some multi-letter tile's spelling in `key`: where a boundary matters."""
    positions = set()
    for multi in alphabet.multi:
        start = key.find(multi)
        while start >= 0:
            positions.update(range(start + 1, start + len(multi)))
            start = key.find(multi, start + 1)
    return sorted(positions)


class MorphologyChooser:
    """A TilingChooser (pipelines.rules) that reads the tiling off the candidate's boundaries.

    `parts` gives the compound parts that enable compound splits; without it only the
    boundaries the source records are used.
    """

    def __init__(self, alphabet: Alphabet, policy: DoubledDigraphs | str,
                 parts: Callable[[], CompoundParts] = CompoundParts) -> None:
        self.alphabet, self.policy = alphabet, DoubledDigraphs(policy)
        self._parts_source, self._parts = parts, None

    @property
    def parts(self) -> CompoundParts:
        if self._parts is None:  # loaded on first need: most words never ask
            self._parts = self._parts_source()
        return self._parts

    def __call__(self, key: str, cuts: list[Tiling], c: Candidate) -> tuple[tuple[Tiling, ...], str]:
        if len(cuts) == 1:
            return (cuts[0],), "single"
        text = c.text.strip()
        if c.boundaries is None or len(text) != len(key):
            # nothing known, or folding changed the length so offsets no longer line up
            return (cuts[0],), "none"
        by_parts = tiling_by_parts(key, c.boundaries, self.alphabet, self.policy)
        if by_parts is None:  # a boundary splits something no tile spells alone: trust none of them
            return (cuts[0],), "none"
        split = self._compound_split(key, text, c.boundaries)
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


# ---------------------------------------------------------------- boundaries from Hunspell

_HY_MARKS = "|=-."


def hy_boundaries(word: str, morph: str) -> tuple[int, ...]:
    """Boundaries in a stem from Magyar Ispell's `hy:` field, which serves hyphenation:

    - `hy:5`: a compound boundary after five letters (üzlet|ág);
    - `hy:ü=gye-le-tes|szo-ba`: the whole word with its breaks, `|` between compound parts, `=`
      and `-` between syllables;
    - `hy:n|ny`, `hy:t.y`: a fragment of the word, `.` marking two letters that are not one
      digraph (Édeskuty: t.y).

    Hungarian never breaks a digraph, so every mark is a place where no tile crosses: all of them
    are boundaries for tiling. A fragment that does not occur in the word gives nothing.
    """
    out: set[int] = set()
    lower = word.lower()
    for field in morph.split():
        if not field.startswith("hy:"):
            continue
        value = field[3:]
        if value.isdigit():
            if 0 < int(value) < len(word):
                out.add(int(value))
            continue
        letters, marks = [], []
        for ch in value.lower():
            if ch in _HY_MARKS:
                marks.append(len(letters))
            else:
                letters.append(ch)
        fragment = "".join(letters)
        start = lower.find(fragment) if fragment else -1
        if start < 0:
            continue
        out.update(start + m for m in marks if 0 < start + m < len(word))
    return tuple(sorted(out))


def affix_boundaries(stem: str, stem_boundaries: tuple[int, ...], steps: list[tuple[bool, str, str]]
                     ) -> tuple[int, ...]:
    """Boundaries in a form made from `stem` by affix steps (is_prefix, strip, add), in the order
    the steps apply: the stem's own boundaries, moved, and one where each affix meets the rest.

    Where an affix strips letters and adds them back (strip `z`, add `zt`), the boundary is placed
    after what it gave back, so it never falls inside letters the stem had.
    """
    word, bounds = stem, set(stem_boundaries)
    for is_prefix, strip, add in steps:
        if is_prefix:
            kept = _common_suffix(strip, add)
            shift = len(add) - len(strip)
            bounds = {b + shift for b in bounds if b >= len(strip)}
            if len(add) - kept > 0:
                bounds.add(len(add) - kept)
            word = add + word[len(strip):]
        else:
            cut = len(word) - len(strip)
            kept = _common_prefix(strip, add)
            bounds = {b for b in bounds if b <= cut}
            if len(add) - kept > 0:
                bounds.add(cut + kept)
            word = word[:cut] + add
    return tuple(sorted(b for b in bounds if 0 < b < len(word)))


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def _common_suffix(a: str, b: str) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n
