"""Best plays: every legal play of a rack on a board, best first, for the games scored by letters and
premium squares (Swedish Scrabble, Betapet) and for the games that stack cubes (Betűtorony).

    >>> game, lex = load_game("sv-scrabble"), load("sv-scrabble")               # doctest: +SKIP
    >>> found = find_moves(game, empty_board(game), "HUNDA?S", lex, limit=3)    # doctest: +SKIP
    >>> found.count, found[0].move                                              # doctest: +SKIP
    (…, {'word': …, 'start': 'H8', 'direction': 'across'})

The plays are found and judged in the C core (lexicon/graph/core/play: moves.c with the lexicon's GADDAG for
the letter games, stacks.c with its DAWG for the stacking ones, judge.c for each play's words), which answers
POST /moves' document (lexicon/graph/core/wire); `Moves` and `FoundPlay` read it as values. A play is one line
of tiles: a Betűtorony turn of several plays is not searched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..errors import PlayError
from .board import Board, parse_board
from .engine import MAX_VISITS, moves_json, play_json
from .game import Game, shipped_game
from .move import Placement

#: Plays an answer lists by default, and at most.
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
ORDERS = ("score", "equity")  # equity: score plus the leave value (lexicon.play.leaves) and the stage's adjustment

__all__ = ["DEFAULT_LIMIT", "MAX_LIMIT", "MAX_VISITS", "ORDERS", "FoundPlay", "Moves", "find_moves", "generates",
           "moves_for", "moves_request", "position", "rank_move"]


@dataclass
class FoundPlay:
    """One play the generator found: the tiles it lays, as a move of `POST /play` (a word, its start square and
    direction), its score, whether every word it forms is valid, and its entry in POST /moves' document (the
    judge's words and bonuses for it)."""

    placed: list[Placement]
    score: int
    direction: str
    valid: bool
    move: dict[str, str]
    document: dict[str, Any]

    @property
    def kind(self) -> str:
        """`play`, or by equity with the bag said, `exchange` (the tiles put back: `exchange`) or `pass`."""
        return "exchange" if "exchange" in self.document else "pass" if "pass" in self.document else "play"

    @property
    def exchange(self) -> str | None:
        """An exchange's tiles put back, in tile notation."""
        return self.document.get("exchange")

    @property
    def words(self) -> list[dict[str, Any]]:
        return self.document.get("words", [])

    def as_dict(self) -> dict[str, Any]:
        return self.document


@dataclass
class Moves:
    """The plays of a rack on a board, best first: `count` found in all, the first `limit` listed
    (`cut` when there were more)."""

    game: Game
    lexicon: Any
    rack: str
    count: int
    limit: int
    order: str
    phonies: bool
    document: dict[str, Any]
    plays: list[FoundPlay] = field(default_factory=list)

    @property
    def cut(self) -> bool:
        return self.count > len(self.plays)

    def __len__(self) -> int:
        return len(self.plays)

    def __getitem__(self, i: int) -> FoundPlay:
        return self.plays[i]

    def __iter__(self):
        return iter(self.plays)

    def as_dict(self) -> dict[str, Any]:
        return self.document


def _read(game: Game, lexicon: Any, document: dict[str, Any]) -> Moves:
    plays = [FoundPlay([Placement(game.square(p["square"]), p["tile"], p["blank"]) for p in play["placed"]],
                       play["score"], play["move"]["direction"], play["valid"], play["move"], play)
             if "move" in play else FoundPlay([], 0, "", True, {}, play)  # an exchange or the pass
             for play in document["plays"]]
    return Moves(game, lexicon, document["rack"], document["count"], document["limit"], document["order"],
                 document["phonies"], document, plays)


def find_moves(game: Game, board: Board, rack: str, lexicon: Any, *, premiums: tuple[str, ...] | None = None,
               limit: int = DEFAULT_LIMIT, order: str = "score", phonies: bool = False, bag: int | None = None,
               common: bool = False, max_visits: int = MAX_VISITS) -> Moves:
    """Every play `rack` (tile notation, `?` a blank) makes on `board`, best first. Only plays whose
    every word is valid, unless `phonies`: then also those whose main word is a word and a cross word is
    not (what a challenge would take off the board), marked `valid` false. `premiums` is a layout's
    squares (`game.premiums(...)`), the game's default when None. By equity, `bag` is the tiles left in the
    bag (None: not said, valued as in mid-game): with none left the end's rule values the tiles kept; with it
    said, the exchanges the game allows and the pass are listed among the plays (FoundPlay.kind). With `common`,
    only the plays whose every word is one of the lexicon's common words or a form of one (lexicon.common), among
    the best 1,000."""
    body = position(game, board, premiums) | {"rack": rack, "limit": limit, "order": order, "phonies": phonies}
    if bag is not None:
        body["bag"] = bag
    if common:
        body["common"] = True
    try:
        raw = orjson.dumps(body)
    except TypeError as exc:
        raise PlayError("rack", f"not JSON: {exc}") from None
    data, _ = moves_json(raw, lambda spec: lexicon, lambda name: game, max_visits)
    return _read(game, lexicon, orjson.loads(data))


def position(game: Game, board: Board, premiums: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A request's game and board as POST /play and POST /moves read them: its rows, a stacking game's heights,
    and the layout when it is not the game's default."""
    if board.size != game.size:
        raise PlayError("board", f"{board.size}×{board.size}; {game.name} is played on {game.size}×{game.size}")
    body: dict[str, Any] = {"game": game.name, "board": board.rows()}
    size = game.size
    if game.stacking is not None:
        body["heights"] = ["".join(map(str, board.heights[r * size:(r + 1) * size])) for r in range(size)]
    if premiums is not None and tuple(premiums) != game.premiums():
        body["layout"] = ["".join(premiums[r * size:(r + 1) * size]) for r in range(size)]
    return body


def rank_move(game: Game, board: Board, placed: list[Placement], rack: str, lexicon: Any, *,
              premiums: tuple[str, ...] | None = None, bag: int | None = None) -> dict[str, Any]:
    """Where the play `placed` stands among every play of `rack` on `board`: POST /play's `rank` (its place, by
    equity where the game has leave values, else by score, `bag` the tiles left in the bag as find_moves takes
    it; the best play; what the play lost against it)."""
    move = [{"square": game.square_name(p.square), "tile": p.tile, "blank": p.blank} for p in placed]
    body = position(game, board, premiums) | {"move": move, "rack": rack, "rank": True}
    if bag is not None:
        body["bag"] = bag
    data, _ = play_json(orjson.dumps(body), lambda spec, *_: lexicon, lambda name: game)
    return orjson.loads(data)["rank"]


def generates(game: Game) -> bool:
    """Does the generator play this game: one scored by letters and premium squares a word a play, or
    one that stacks cubes scored per cube? (The core refuses the others with these words.)"""
    if game.stacking is None:
        return game.scoring.rule == "letters" and not game.several_words
    return game.scoring.rule == "cubes"


def moves_for(lexicon: Any, game: Game | str, board: Board | list[str], rack: str, heights: Any = None, *,
              limit: int = DEFAULT_LIMIT, order: str = "score", phonies: bool = False, layout: Any = None,
              bag: int | None = None, common: bool = False) -> Moves:
    """`Lexicon.moves`: the game by name (a shipped one) or as a Game, the board as rows or a Board."""
    if not isinstance(game, Game):
        game = shipped_game(game)
    if not isinstance(board, Board):
        board = parse_board(game, board, heights)
    return find_moves(game, board, rack, lexicon, premiums=game.premiums(layout), limit=limit, order=order,
                      phonies=phonies, bag=bag, common=common)


def moves_request(body: Any, lexicon_for: Callable[[str], Any], game_for: Callable[[Any], Game] = shipped_game,
                  max_visits: int = MAX_VISITS) -> tuple[dict[str, Any], Any]:
    """`POST /moves` and `lexicon moves`: `{"game", "board", "rack"}` and optionally `lexicon`, `heights`,
    `layout`, `limit`, `order`, `phonies`, `bag`, `endgame`, `other`, `scoreless`, `common`; the answer as a
    JSON-ready dict, and the lexicon that gave it."""
    try:
        raw = orjson.dumps(body)
    except TypeError as exc:
        raise PlayError("body", f"not JSON: {exc}") from None
    data, host = moves_json(raw, lexicon_for, game_for, max_visits)
    return orjson.loads(data), host.lexicon
