"""The endgame searched (the C core's, asked through POST /moves' `endgame`; lexicon.play.endsearch): its answer held
to a minimax written here over the plays POST /moves lists (every play, judged, and the pass), on positions small
enough to try every line; what it answers out of budget; the request's hostile values refused; and the endgame
player in whole games, every play the judge's."""

from __future__ import annotations

from collections import Counter

import pytest

from lexicon import LimitExceeded, PlayError
from lexicon.play import empty_board, judge, load_game
from lexicon.play.board import parse_board
from lexicon.play.endgame import rack_value
from lexicon.play.endsearch import solve
from lexicon.play.move import BLANK, parse_rack, rack_notation
from lexicon.play.moves import MAX_LIMIT, find_moves, moves_request
from lexicon.play.selfplay import selfplay
from support.played import body, check_game, positions

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
    found = solve(game, board, mine, theirs, scrabble_words)
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


def test_out_of_budget_it_answers_the_deepest_search_finished(betapet):
    game = load_game("sv-betapet")
    board = parse_board(game, WITH_HUND)
    shallow = solve(game, board, "AERSTKL", "EIONMPG", betapet, budget=200_000)
    assert not shallow.exact and shallow.depth >= 1 and shallow.placed and shallow.visits <= 200_000
    assert judge(game, board, shallow.placed, betapet).stands
    deeper = solve(game, board, "AERSTKL", "EIONMPG", betapet, budget=2_000_000)
    assert deeper.depth > shallow.depth and deeper.placed and judge(game, board, deeper.placed, betapet).stands
    # a budget short of one turn deep is refused, not answered with a guess
    with pytest.raises(LimitExceeded):
        solve(game, board, "AERSTKL", "EIONMPG", betapet, budget=50)


def test_a_stacking_game_is_refused_naming_the_endgame(hu_graphed):
    game = load_game("hu-betutorony")
    with pytest.raises(PlayError) as caught:
        solve(game, empty_board(game), "AB", "CD", hu_graphed)
    assert caught.value.parameter == "endgame" and "stacks cubes" in str(caught.value)


ENDGAME = {"game": "sv-scrabble", "board": WITH_HUND, "rack": "AR", "endgame": True, "limit": 0}


@pytest.mark.parametrize(("extra", "parameter", "says"), [
    ({"endgame": "yes"}, "endgame", "true, false, or the lists"),
    ({"endgame": 0}, "endgame", "1 to"),
    ({"endgame": 2**64 - 1}, "endgame", "1 to"),
    ({"other": "ZZZ"}, "other", "the board and the racks hold 3 Z"),
    ({"other": "AGAGAGAG"}, "other", "8 tiles; a rack in sv-scrabble holds at most 7"),
    ({"other": ""}, "other", "the other rack is empty"),
    ({"other": 7}, "other", "the other rack as a string"),
    ({"other": "AG", "scoreless": 4}, "scoreless", "0 to 3 scoreless turns"),
    ({"other": "AG", "scoreless": -1}, "scoreless", "0 to 3"),
    ({"other": "AG", "bag": 3}, "bag", "0: the endgame is searched with the bag empty"),
    ({"other": "AG", "endgame": False}, "other", "ask for \"endgame\": true"),
    ({"endgame": False, "scoreless": 1}, "scoreless", "ask for \"endgame\": true"),
])
def test_a_hostile_endgame_request_is_refused_naming_its_field(scrabble_words, extra, parameter, says):
    with pytest.raises(PlayError) as caught:
        moves_request(ENDGAME | extra, lambda spec: scrabble_words)
    assert caught.value.parameter == parameter and says in str(caught.value), str(caught.value)


def test_the_other_rack_is_the_tiles_unseen_when_not_given(scrabble):
    game = load_game("sv-scrabble")
    board, rack = next((board, rack) for stage, board, rack in positions(scrabble, game, seed=3)
                       if stage == "end")
    unseen = Counter({t.letter: t.count for t in game.alphabet.tiles} | {BLANK: game.alphabet.blanks})
    unseen -= Counter(BLANK if blank else tile for tile, blank in zip(board.tiles, board.blanks) if tile)
    unseen -= Counter(parse_rack(game, rack, "rack"))
    other = rack_notation(list(unseen.elements()))
    implied, _ = moves_request(body(game, board) | {"rack": rack, "endgame": True, "limit": 0},
                               lambda spec: scrabble)
    given = solve(game, board, rack, other, scrabble)
    assert implied["endgame"] == given.document
    # with tiles still in the bag the other rack cannot be told
    with pytest.raises(PlayError) as caught:
        moves_request(ENDGAME, lambda spec: scrabble)
    assert caught.value.parameter == "endgame" and "94 tiles are on neither the board nor the rack" in str(caught.value)


def test_the_endgame_player_plays_whole_games_the_judge_scores(scrabble):
    game = load_game("sv-scrabble")
    match = selfplay(game, scrabble, "endgame", "equity", games=4, seed=2)
    for result in match.results:
        check_game(game, scrabble, result)
