"""Mid-game positions grown by self-play, for the move generator's tests and benchmark.

    board, rack = position(load("sv-scrabble"), load_game("sv-scrabble"), seed=3, turns=10, blank=True)

From an empty board and a seeded bag of the game's tiles, each turn draws a rack and lays one of the
best plays the generator finds (chosen by the seed among the first few, so games differ), until `turns`
plays lie on the board or no play is found; the rack of the position is then drawn from what is left,
with a blank in it when `blank` (taken from the bag, or added when the bag has none left).
"""

from __future__ import annotations

import random

from lexicon import Lexicon
from lexicon.play import Board, Game, empty_board
from lexicon.play.move import BLANK
from lexicon.play.moves import find_moves

#: The plays a turn chooses among, best first.
CHOICES = 8


def position(lex: Lexicon, game: Game, seed: int, turns: int = 10, blank: bool | None = None) -> tuple[Board, str]:
    """A board after up to `turns` plays and a rack of the game's size drawn for the next; with `blank`
    True the rack holds a blank, with False none, with None as drawn."""
    rng = random.Random(seed)
    alphabet = game.alphabet
    bag = [t.letter for t in alphabet.tiles for _ in range(t.count)] + [BLANK] * alphabet.blanks
    rng.shuffle(bag)
    board = empty_board(game)
    rack: list[str] = []
    for _ in range(turns):
        rack += [bag.pop() for _ in range(min(game.rack - len(rack), len(bag)))]
        found = find_moves(game, board, _notation(rack), lex, limit=CHOICES)
        if not found.plays:
            break
        play = found.plays[rng.randrange(len(found.plays))]
        board = board.laid(play.placed)
        for p in play.placed:
            rack.remove(BLANK if p.blank else p.tile)
    bag += rack
    rng.shuffle(bag)
    if blank is not None:
        bag = [t for t in bag if t != BLANK]
    drawn = [bag.pop() for _ in range(min(game.rack - (1 if blank else 0), len(bag)))]
    return board, _notation(drawn + ([BLANK] if blank else []))


def _notation(tiles: list[str]) -> str:
    return "".join(t if len(t) == 1 else f"[{t}]" for t in tiles)
