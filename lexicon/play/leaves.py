"""Leaves: the tiles a player keeps after a play, as multisets of a game's bag, and what they are worth
(issue "A computer opponent").

An engine that ranks plays by equity, score plus the value of the leave, values every leave of 1 to `rack - 1`
tiles the bag allows, blanks included; `leave_count` says how many there are (English's bag: 914,624 leaves of
1 to 6 tiles). A game's values ship as a KLV2 file (lexicon.play.klv) in lexicon/data/leaves, made by
`lexicon leaves train` (lexicon.play.leavegen), holding the leaves their parts do not already say; a game's
compiled rules read them (lexicon.play.compiled: shipped_klv, use_leaves, game_leaves), the C core ranks
POST /moves' plays by them (order `equity`), and `full_klv` writes every leave for other engines.
A leave here is its tile numbers in increasing order as bytes, a blank being 0: the file's own order.
"""

from __future__ import annotations

import lzma
from collections.abc import Iterable, Iterator
from itertools import combinations

from .compiled import game_leaves
from .game import Game
from .klv import write_klv
from .move import BLANK


def leave_count(game: Game) -> int:
    """How many leaves of 1 to `game.rack - 1` tiles the game's bag allows: the coefficients of x¹ … x^most of
    the product, over the kinds of tile (a blank one kind), of 1 + x + … + x^count."""
    most = game.rack - 1
    return count_multisets(bag_counts(game), most)


def bag_counts(game: Game) -> list[int]:
    """How many of each kind of tile the bag holds, the blanks one kind."""
    alphabet = game.alphabet
    return [t.count for t in alphabet.tiles if t.count] + ([alphabet.blanks] if alphabet.blanks else [])


def count_multisets(counts: list[int], most: int) -> int:
    """Multisets of 1 to `most` items, at most counts[i] of the i-th kind."""
    ways = [1] + [0] * most  # ways[k]: multisets of k items of the kinds so far
    for count in counts:
        ways = [sum(ways[k - j] for j in range(min(count, k) + 1)) for k in range(most + 1)]
    return sum(ways[1:])


def bag_numbers(game: Game) -> dict[int, int]:
    """Tile number → how many the bag holds (0 the blanks)."""
    alphabet = game.alphabet
    kinds = {t.number: t.count for t in alphabet.tiles if t.count}
    if alphabet.blanks:
        kinds[0] = alphabet.blanks
    return dict(sorted(kinds.items()))


def all_leaves(game: Game) -> Iterator[bytes]:
    """Every leave of 1 to `rack - 1` tiles the bag allows, shortest first, each size in byte order."""
    kinds = list(bag_numbers(game).items())

    def grow(start: int, left: int, prefix: bytes) -> Iterator[bytes]:
        if not left:
            yield prefix
            return
        for i in range(start, len(kinds)):
            number, count = kinds[i]
            if prefix.count(number) < count:
                yield from grow(i, left - 1, prefix + bytes([number]))

    for size in range(1, game.rack):
        yield from grow(0, size, b"")


def numbers(game: Game) -> dict[str, int]:
    """A rack's tiles (letters, `?` a blank) → tile numbers."""
    found = {t.letter: t.number for t in game.alphabet.tiles}
    found[BLANK] = 0
    return found


def leave_of(game: Game, tiles: Iterable[str]) -> bytes:
    """The leave of rack tiles (letters, `?` a blank): tile numbers in increasing order."""
    number = numbers(game)
    return bytes(sorted(number[t] for t in tiles))


def sub_leaves(leave: bytes, smallest: int = 1, largest: int | None = None) -> set[bytes]:
    """The distinct sub-multisets of a leave of `smallest` to `largest` tiles (all but the whole by default)."""
    largest = len(leave) - 1 if largest is None else largest
    return {bytes(c) for k in range(smallest, largest + 1) for c in combinations(leave, k)}


def counts(leave: bytes) -> bytes:
    """A leave as the core takes it: 64 counts, one a tile number."""
    found = bytearray(64)
    for t in leave:
        found[t] += 1
    return bytes(found)


def pack(data: bytes) -> bytes:
    """A KLV2 file packed as it ships."""
    return lzma.compress(data, preset=9)


def full_klv(game: Game) -> bytes | None:
    """The game's leave values as a KLV2 file of every leave its bag allows (None: it has none): what engines that
    value a missing leave 0 must be given (a shipped file holds only what a leave's parts do not say)."""
    leaves = game_leaves(game)
    if leaves is None:
        return None
    return write_klv({leave: leaves.value(counts(leave)) for leave in all_leaves(game)})
