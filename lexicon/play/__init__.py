"""Judging whole turns: games as data, boards, moves, legality, words formed, scores, challenges, end of
game, and game records (GCG and JSON) replayed. The rules are the C core's (lexicon/graph/core/play, through
lexicon.play.engine); here are the games as data, the requests and records read into moves, and the answers.

    >>> from lexicon import load
    >>> from lexicon.play import empty_board, judge, load_game, word_move
    >>> game, lex = load_game("sv-betapet"), load("sv-betapet")                  # doctest: +SKIP
    >>> board = empty_board(game)                                                 # doctest: +SKIP
    >>> judge(game, board, word_move(game, board, "HUND", "H8", "across"), lex).score   # doctest: +SKIP
    20

The rules each game follows, and the choices its rules leave open, are in docs/games.md.
"""

from .board import Board, empty_board, parse_board
from .endgame import TimePenalty, final_adjustments, rack_value, time_penalty
from .engine import Judgement, Problem, Word, judge, judge_turn
from .game import Game, Layout, game_names, load_game, local_game, parse_square, shipped_game, square_name
from .gcg import read_gcg, write_gcg
from .move import Placement, move_from_json, parse_rack, placements, word_move
from .record import Event, GameRecord, Play, Player, read_json_record
from .replay import Replay, replay, replay_request
from .request import PlayAnswers, judge_request

__all__ = [
    "Board", "Event", "Game", "GameRecord", "Judgement", "Layout", "Placement", "Play", "PlayAnswers", "Player",
    "Problem", "Replay", "TimePenalty", "Word", "empty_board", "final_adjustments", "game_names", "judge",
    "judge_request", "judge_turn", "load_game", "local_game", "move_from_json", "parse_board", "parse_rack",
    "parse_square", "placements", "rack_value", "read_gcg", "read_json_record", "replay", "replay_request",
    "shipped_game", "square_name", "time_penalty", "word_move", "write_gcg",
]
