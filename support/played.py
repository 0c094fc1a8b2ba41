"""Positions met by playing whole games through the engine, for the tests that hold the engine's documents to the
reference's: an empty board, the board after a few turns and near the end, each with the rack the next player
holds, blanks among the tiles where the game has them.

    for stage, board, rack in positions(load("sv-scrabble"), load_game("sv-scrabble"), seed=1):
        ...

Two players draw from a bag of the game's tiles shuffled by the seed; each turn one of the best plays the engine
finds (lexicon.play.moves, chosen by the seed among the first few) is laid, or the rack is changed when none is
found; a position is kept at the start, after MID_TURN turns, and once the bag has run out. And a whole game a
computer player played (lexicon.play.selfplay) checked against the judge and the end's rule: check_game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from lexicon import Lexicon
from lexicon.play import Board, Game, empty_board, final_adjustments, judge
from lexicon.play.move import BLANK, rack_notation
from lexicon.play.moves import find_moves

#: The plays a turn chooses among, best first; the turn after which a mid-game position is kept; the most turns.
CHOICES = 6
MID_TURN = 6
MOST_TURNS = 60


def body(game: Game, board: Board) -> dict:
    """The game and board of a POST /play or /moves body for `board` (with its heights in a stacking game)."""
    size = game.size
    out = {"game": game.name, "board": board.rows()}
    if game.stacking is not None:
        out["heights"] = ["".join(map(str, board.heights[r * size:(r + 1) * size])) for r in range(size)]
    return out


def positions(lex: Lexicon, game: Game, seed: int) -> Iterator[tuple[str, Board, str]]:
    """(stage, board, rack): `empty`, `mid` and `end`, as one game grown from `seed` meets them."""
    rng = random.Random(seed)
    alphabet = game.alphabet
    bag = [t.letter for t in alphabet.tiles for _ in range(t.count)] + [BLANK] * alphabet.blanks
    rng.shuffle(bag)
    racks: list[list[str]] = [[], []]
    board = empty_board(game)
    for turn in range(MOST_TURNS):
        rack = racks[turn % 2]
        rack += [bag.pop() for _ in range(min(game.rack - len(rack), len(bag)))]
        if not rack:
            return
        if turn == 0:
            yield "empty", board, rack_notation(rack)
        elif turn == MID_TURN:
            yield "mid", board, rack_notation(rack)
        elif not bag:
            yield "end", board, rack_notation(rack)
            return
        found = find_moves(game, board, rack_notation(rack), lex, limit=CHOICES)
        if not found.plays:
            bag += rack
            rng.shuffle(bag)
            rack.clear()
            continue
        play = found.plays[rng.randrange(len(found.plays))]
        board = board.laid(play.placed)
        for p in play.placed:
            rack.remove(BLANK if p.blank else p.tile)


def check_game(game: Game, lex: Lexicon, result) -> None:
    """Every play the judge's, legal, valid and scored alike; no tile laid more often than the bag holds it; the
    final scores the plays' points and the end rule's adjustment for the racks left, at a table of any size."""
    board = empty_board(game)
    laid = Counter()
    for _, placed, score in result.moves:
        judged = judge(game, board, placed, lex)
        assert judged.legal and not judged.invalid and judged.score == score, (game.name, placed)
        board = board.laid(placed)
        laid.update(BLANK if p.blank else p.tile for p in placed)
    bag = Counter({t.letter: t.count for t in game.alphabet.tiles}) + Counter({BLANK: game.alphabet.blanks})
    assert laid <= bag, (game.name, laid - bag)
    seats = len(result.scores)
    assert len(result.racks) == len(result.adjustments) == seats
    racks = dict(zip(map(str, range(seats)), result.racks))
    assert result.adjustments == tuple(final_adjustments(game, racks).values())
    for seat in range(seats):
        points = sum(score for s, _, score in result.moves if s == seat)
        assert result.scores[seat] == points + result.adjustments[seat]
