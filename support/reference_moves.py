"""The pure-Python reference of POST /moves' document: the C core's generators (Graph.moves, Graph.stack_moves)
given the game's rules as arrays made here, each play then judged by the reference judge (support.reference_judge),
as lexicon/play/moves.py did before the engine answered the whole document; kept for the tests to hold the
engine to, and for the benchmarks that time the generators alone. Best plays: every legal play of a rack on a
board, best first, for the games scored by letters and premium squares and for the games that stack cubes.

    >>> game, lex = load_game("sv-scrabble"), load("sv-scrabble")               # doctest: +SKIP
    >>> found = find_moves(game, empty_board(game), "HUNDA?S", lex, limit=3)    # doctest: +SKIP
    >>> found.count, found[0].move                                              # doctest: +SKIP
    (…, {'word': …, 'start': 'H8', 'direction': 'across'})

The plays are found in the C core: lexicon/graph/core/play/moves.c with the lexicon's GADDAG for
the letter games, stacks.c with its DAWG for the stacking ones. The game's rules reach it as plain arrays
and numbers made here from the game's data (each tile's points, each square's premiums, the start
squares, the rack's size and its bonus; the heights, the cube points and the rare cubes), so the
rules stay data. Each play returned is then judged by the play judge on the same board
(`judge_legal`: the generator lays only legal plays, so their legality is not checked again), which
gives its words in the shape `POST /play` answers them; the tests hold the generator's scores and
these answers to the full judge's. A play is one line of tiles: a Betűtorony turn of several plays is not searched.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lexicon.errors import LimitExceeded, PlayError
from lexicon.play.board import Board, _written, parse_board
from lexicon.play.game import PREMIUMS, Game, shipped_game
from lexicon.play.move import BLANK, Placement, parse_rack
from lexicon.play.moves import generates
from lexicon.play.request import check_fields

from .reference_judge import Judgement, judge_legal

if TYPE_CHECKING:
    from lexicon.lookup import Lexicon

#: Plays an answer lists by default, and at most.
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
#: GADDAG lists the generator may enter before it gives up (LimitExceeded, too-costly). A mid-game Swedish
#: position with a blank on the rack takes tens of thousands; the costliest racks seen, two blanks with
#: phonies, 3.5 million.
MAX_VISITS = 20_000_000
ORDERS = ("score",)


@dataclass
class FoundPlay:
    """One play the generator found: the tiles it lays, as a move of `POST /play` (a word, its start
    square and direction), its score, whether every word it forms is valid, and the judge's answer."""

    placed: list[Placement]
    score: int
    direction: str
    valid: bool
    move: dict[str, str]
    judgement: Judgement

    def as_dict(self) -> dict[str, Any]:
        judged = self.judgement
        return {"move": self.move, "placed": judged.placed_dicts(), "score": self.score, "valid": self.valid,
                "words": judged.word_dicts(), "bonuses": judged.bonuses if self.valid else judged.earned}


@dataclass
class Moves:
    """The plays of a rack on a board, best first: `count` found in all, the first `limit` listed
    (`cut` when there were more)."""

    game: Game
    lexicon: Lexicon
    rack: str
    count: int
    visits: int
    limit: int
    order: str
    phonies: bool
    plays: list[FoundPlay] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        lex = self.lexicon
        return {"game": self.game.name, "lexicon": lex.name, "version": lex.version, "rack": self.rack,
                "order": self.order, "phonies": self.phonies, "count": self.count,
                "cut": self.count > len(self.plays), "limit": self.limit, "plays": [p.as_dict() for p in self.plays]}


def find_moves(game: Game, board: Board, rack: str, lexicon: Lexicon, *, premiums: tuple[str, ...] | None = None,
               limit: int = DEFAULT_LIMIT, order: str = "score", phonies: bool = False,
               max_visits: int = MAX_VISITS) -> Moves:
    """Every play `rack` (tile notation, `?` a blank) makes on `board`, best first. Only plays whose
    every word is valid, unless `phonies`: then also those whose main word is a word and a cross word is
    not (what a challenge would take off the board), marked `valid` false. `premiums` is a layout's
    squares (`game.premiums(...)`), the game's default when None."""
    _check_game(game, lexicon, board)
    if order not in ORDERS:
        raise PlayError("order", f"{str(order)[:20]!r}: plays are ordered by \"score\" or by \"equity\" (score plus "
                                 f"the value of the tiles kept)")
    if not isinstance(limit, int) or isinstance(limit, bool) or not 0 <= limit <= MAX_LIMIT:
        raise PlayError("limit", f"0 to {MAX_LIMIT} plays")
    counts = parse_rack(game, rack)
    if not counts:
        raise PlayError("rack", "no tiles: a play needs at least one")
    premiums = premiums or game.premiums()
    core = lexicon.graph.kwg.core
    generate, arrays = ((core.moves, _arrays(game, lexicon, board, premiums, counts)) if game.stacking is None
                        else (core.stack_moves, _stack_arrays(game, lexicon, board, counts)))
    try:
        count, visits, found = generate(**arrays, phonies=phonies, max_visits=max_visits, limit=limit)
    except LimitExceeded:
        raise LimitExceeded(f"finding the plays visited more than {max_visits:,} lists of the word graph; a rack "
                            f"with fewer blanks costs far less", code="too-costly") from None
    tiles = {t.number: t.letter for t in lexicon.alphabet.tiles}
    plays = []
    for score, down, valid, laid in found:
        placed = [Placement(square, tiles[number], blank) for square, number, blank in laid]
        direction = "down" if down else "across"
        judged = judge_legal(game, board, placed, direction, lexicon, premiums)
        if valid and not judged.stands:
            # The word graph holds a word in a tiling the verdict refuses (a Hungarian graph form cut across a
            # digraph where the analyser reads the letters apart): the judge decides, as a challenge would.
            if not phonies:
                count -= 1
                continue
            valid = False
        plays.append(FoundPlay(placed, score, direction, valid, _move(game, board, placed, direction), judged))
    return Moves(game, lexicon, rack, count, visits, limit, order, phonies, plays)


def _check_rules(game: Game) -> None:
    if not generates(game):
        raise PlayError("game", f"{game.name} is scored by {game.scoring.rule} "
                                f"{'with stacking' if game.stacking else 'without stacking'}: its plays are not "
                                f"generated (the generator plays games scored by letters and premium squares, like "
                                f"sv-scrabble, and stacking games scored per cube, like hu-betutorony)")


def _check_game(game: Game, lexicon: Lexicon, board: Board) -> None:
    _check_rules(game)
    if board.size != game.size:
        raise PlayError("board", f"{board.size}×{board.size}; {game.name} is played on {game.size}×{game.size}")
    ours, theirs = game.alphabet, lexicon.alphabet
    if ours is not theirs and ours.fingerprint != theirs.fingerprint:
        raise PlayError("lexicon", f"{lexicon.name} plays the tile set {theirs.name}, and {game.name} plays "
                                   f"{ours.name}")
    kwg = lexicon.graph.kwg
    if kwg.core is None:
        raise PlayError("lexicon", "plays are found by the compiled word-graph core, and LEXICON_PURE_PYTHON is set")
    if game.stacking is None and not kwg.gaddag_root:
        raise PlayError("lexicon", f"{lexicon.name}'s word graph has no GADDAG (a DAWG alone): plays are found "
                                   f"with one; build it with [graph] gaddag = true")


def _arrays(game: Game, lexicon: Lexicon, board: Board, premiums: tuple[str, ...], counts: Counter[str]
            ) -> dict[str, Any]:
    """The board and the game's rules as the C core takes them: a byte a square for each field."""
    alphabet = lexicon.alphabet
    number = {t.letter: t.number for t in alphabet.tiles}
    points = [0] * 64
    for t in alphabet.tiles:
        points[t.number] = t.points
    rack = bytearray(64)
    for tile, n in counts.items():
        rack[0 if tile == BLANK else number[tile]] += n
    letter = bytes(PREMIUMS[c][1] if c in PREMIUMS else 1 for c in premiums)
    word = bytes(PREMIUMS[c][2] if c in PREMIUMS else 1 for c in premiums)
    start = bytearray(game.size * game.size)
    for s in game.start:
        start[s] = 1
    return {"size": game.size, "tiles": bytes(0 if t is None else number[t] for t in board.tiles),
            "blanks": bytes(board.blanks), "letter_premium": letter, "word_premium": word, "start": bytes(start),
            "points": struct.pack("<64H", *points), "rack": bytes(rack), "rack_size": game.rack,
            "bonus": game.scoring.whole_rack_bonus, "every_word": game.scoring.premiums_every_word}


def _stack_arrays(game: Game, lexicon: Lexicon, board: Board, counts: Counter[str]) -> dict[str, Any]:
    """A stacking board and the game's rules as the C core takes them (tl_stack_board)."""
    number = {t.letter: t.number for t in lexicon.alphabet.tiles}
    rack, rare = bytearray(64), bytearray(64)
    for tile, n in counts.items():
        rack[number[tile]] += n
    scoring, stacking = game.scoring, game.stacking
    for tile in scoring.rare:
        rare[number[tile]] = 1
    start = bytearray(game.size * game.size)
    for s in game.start:
        start[s] = 1
    return {"size": game.size, "tiles": bytes(0 if t is None else number[t] for t in board.tiles),
            "heights": bytes(board.heights), "start": bytes(start), "rack": bytes(rack),
            "max_height": stacking.max_height, "rack_size": game.rack, "bonus": scoring.whole_rack_bonus,
            "cube": scoring.cube, "flat_cube": scoring.flat_cube, "whole_tower": stacking.scores == "stack",
            "rare": bytes(rare), "rare_bonus": scoring.rare_bonus, "rare_every_word": scoring.rare_bonus_every_word,
            "cover_whole_word": stacking.cover_whole_word}


def _move(game: Game, board: Board, placed: list[Placement], direction: str) -> dict[str, str]:
    """The play as `POST /play` takes a move: its main word from its first square, in board notation (a
    blank in lower case), with the tiles on the board it runs through."""
    size, step = game.size, 1 if direction == "across" else game.size
    new = {p.square: p for p in placed}
    first, last = placed[0].square, placed[-1].square
    lo, hi = (first - first % size, first - first % size + size - 1) if step == 1 else (first % size, size * size - 1)
    while first - step >= lo and board.heights[first - step]:
        first -= step
    while last + step <= hi and board.heights[last + step]:
        last += step
    text = []
    for s in range(first, last + 1, step):
        p = new.get(s)
        text.append(_written(p.tile, p.blank) if p else _written(board.tiles[s], board.blanks[s]))
    return {"word": "".join(text), "start": game.square_name(first), "direction": direction}


def moves_request(body: Any, lexicon_for: Callable[[str], Lexicon], game_for: Callable[[Any], Game] = shipped_game,
                  max_visits: int = MAX_VISITS) -> tuple[dict[str, Any], Lexicon]:
    """`POST /moves` and `lexicon moves`: `{"game", "board", "rack"}` and optionally `lexicon`, `heights`,
    `layout`, `limit`, `order`, `phonies`; the answer as a JSON-ready dict, and the lexicon that gave it. (The
    fields the engine reads beyond these, `bag`, the endgame's and `common`, are refused here only when unknown.)"""
    check_fields(body, ("game", "lexicon", "board", "heights", "layout", "rack", "limit", "order", "phonies", "bag",
                        "endgame", "other", "scoreless", "common"),
                 ("game", "board", "rack"), '{"game": "sv-scrabble", "board": [...15 rows...], "rack": "HUNDA?S"}')
    if "lexicon" in body and body["lexicon"] is None:
        raise PlayError("lexicon", "plays are found with a lexicon's word graph: name one, or leave it out")
    if "phonies" in body and not isinstance(body["phonies"], bool):
        raise PlayError("phonies", "true or false")
    game = game_for(body["game"])
    _check_rules(game)
    board = parse_board(game, body["board"], body.get("heights"))
    premiums = game.premiums(body.get("layout"))
    spec = body.get("lexicon", game.lexicon)
    if not isinstance(spec, str):
        raise PlayError("lexicon", "a lexicon name or name@version")
    lexicon = lexicon_for(spec)
    found = find_moves(game, board, body["rack"], lexicon, premiums=premiums, limit=body.get("limit", DEFAULT_LIMIT),
                       order=body.get("order", "score"), phonies=body.get("phonies", False), max_visits=max_visits)
    return found.as_dict(), lexicon
