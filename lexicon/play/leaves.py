"""Leaves: the tiles a player keeps after a play, as multisets of a game's bag (issue "A computer opponent").

An engine that ranks plays by equity values every leave of 1 to `rack - 1` tiles the bag allows, blanks
included; `leave_count` says how many there are (English's bag: 914,624 leaves of 1 to 6 tiles).
"""

from __future__ import annotations

from .game import Game


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
