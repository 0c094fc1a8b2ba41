"""Morpheme boundaries and the tiling they imply (Hungarian digraphs).

Within a morpheme, letters that spell a digraph are that digraph: `egyszer` is E GY SZ E R. Across
a morpheme boundary they are two letters: `házsor` is ház+sor, so H Á Z S O R, never H Á ZS O R.
So a word's tiling follows from its boundaries: cut the word at each boundary and tile every part
by itself, longest tile first. The build (pipelines/tiling_evidence.py) and the analyser
(lexicon/analyser.py) both read tilings this way.
"""

from __future__ import annotations

from collections.abc import Collection

from .alphabet import Alphabet
from .tiling import DoubledDigraphs, Tiling, preferred_tiling


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


def common_prefix(a: str, b: str) -> int:
    """How many letters `a` and `b` share at their start."""
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def common_suffix(a: str, b: str) -> int:
    """How many letters `a` and `b` share at their end."""
    n = 0
    while n < len(a) and n < len(b) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n
