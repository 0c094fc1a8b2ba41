"""The endgame searched (lexicon.play.endsearch): its answer held to a minimax written here over the plays POST /moves
lists (every play, judged, and the pass), on positions small enough to try every line; what it answers out of
time; and the endgame player in whole games, every play the judge's."""

from __future__ import annotations

import pytest

from lexicon import PlayError
from lexicon.play import empty_board, judge, load_game
from lexicon.play.board import parse_board
from lexicon.play.endgame import rack_value
from lexicon.play.endsearch import solve
from lexicon.play.move import BLANK
from lexicon.play.moves import MAX_LIMIT, find_moves
from lexicon.play.selfplay import selfplay
from support.played import check_game

WITH_HUND = ["." * 15] * 7 + [".......HUND...."] + ["." * 15] * 7


def _without(rack: str, placed) -> str:
    left = list(rack)
    for p in placed:
        left.remove(BLANK if p.blank else p.tile)
    return "".join(left)


def minimax(game, board, mover: str, other: str, lex, scoreless: int = 0) -> int:
    """The spread the player to move gains with both playing their best, every line tried to the game's end."""
    ends = game.end.scoreless_rounds * 2
    times = 2 if game.end.going_out_gains else 1
    values = []
    for play in find_moves(game, board, mover, lex, limit=MAX_LIMIT):
        left = _without(mover, play.placed)
        if not left:
            values.append(play.score + times * rack_value(game, other))
        else:
            values.append(play.score - minimax(game, board.laid(play.placed), other, left, lex))
    if scoreless + 1 >= ends:
        values.append(rack_value(game, other) - rack_value(game, mover))
    else:
        values.append(-minimax(game, board, other, mover, lex, scoreless + 1))
    return max(values)


@pytest.mark.parametrize(("mine", "theirs"), [("AR", "AG"), ("AGR", "S"), ("KT", "AR"), ("TX", "Z?"), ("S", "AGR")])
def test_the_search_finds_what_trying_every_line_finds(scrabble_words, mine, theirs):
    game = load_game("sv-scrabble")
    board = parse_board(game, WITH_HUND)
    best = minimax(game, board, mine, theirs, scrabble_words)
    found = solve(game, board, mine, theirs, scrabble_words, budget=30)
    assert found.exact and found.spread == best, (found, best)
    # the turn it names gains that spread
    if found.placed is None:  # the pass (sv-scrabble's game ends after four scoreless turns)
        line = -minimax(game, board, theirs, mine, scrabble_words, 1)
    else:
        left = _without(mine, found.placed)
        judged = judge(game, board, found.placed, scrabble_words)
        assert judged.legal and judged.stands and judged.score == found.score
        line = found.score + 2 * rack_value(game, theirs) if not left else \
            found.score - minimax(game, board.laid(found.placed), theirs, left, scrabble_words)
    assert line == best


def test_out_of_time_it_answers_a_turn_all_the_same(betapet):
    game = load_game("sv-betapet")
    board = parse_board(game, WITH_HUND)
    found = solve(game, board, "AERSTKL", "EIONMPG", betapet, budget=0)
    assert not found.exact and found.depth == 0 and found.placed
    assert judge(game, board, found.placed, betapet).stands
    deeper = solve(game, board, "AERSTKL", "EIONMPG", betapet, budget=0.3)
    assert deeper.depth >= 1 and deeper.placed and judge(game, board, deeper.placed, betapet).stands


def test_a_stacking_game_is_refused_naming_the_game(betapet):
    game = load_game("hu-betutorony")
    with pytest.raises(PlayError) as caught:
        solve(game, empty_board(game), "AB", "CD", betapet)
    assert caught.value.parameter == "game"


def test_the_endgame_player_plays_whole_games_the_judge_scores(scrabble):
    game = load_game("sv-scrabble")
    match = selfplay(game, scrabble, "endgame", "equity", games=4, seed=2)
    for result in match.results:
        check_game(game, scrabble, result)
