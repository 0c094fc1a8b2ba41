"""The endgame searched: once the bag is empty both racks are known (the tiles on neither the board nor one's own
rack are the other player's), so the best turn is the one whose line gains the most spread when both players go
on playing as well as they can. Equity's end adjustments (lexicon.play.moves, `bag` 0) guess at that; this
searches it.

    >>> found = solve(game, board, "AER", "ST", lex, budget=1_000_000)   # doctest: +SKIP
    >>> found.placed, found.spread, found.exact                           # doctest: +SKIP

The search is the C core's (lexicon/graph/core/play/endgame.c), asked through POST /moves' `endgame` as the
service, the JS package and the C library ask it: a negamax with alpha-beta over every play of the rack and the
pass, deepened a turn at a time until it is exact (every line ends the game within the depth) or the next depth
would pass the budget of the word graph's lists, when the deepest search finished answers. Two players, games
scored by letters and premium squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from .board import Board
from .engine import moves_json
from .game import Game
from .move import Placement
from .moves import position

#: Lists of the word graph a search may enter by default (about a second on one core).
BUDGET = 8_000_000


@dataclass
class Solution:
    """The turn found: the tiles it lays (None: a pass), its score, the spread its line gains the player from here
    on, the turns searched, whether the search was exact, the positions it read and the word graph's lists it
    entered; `document` POST /moves' `endgame`."""

    placed: list[Placement] | None
    score: int
    spread: int
    depth: int
    exact: bool
    nodes: int
    visits: int
    document: dict[str, Any]


def solve(game: Game, board: Board, rack: str, other: str, lexicon: Any, *, budget: int = BUDGET,
          premiums: tuple[str, ...] | None = None, scoreless: int = 0) -> Solution:
    """The best turn of `rack` with the bag empty and `other` on the other rack (tile notation), the search
    entering at most `budget` lists of the word graph; `scoreless` the scoreless turns just before this one. A
    game the search does not play, or a budget short of one turn deep, is refused (PlayError, LimitExceeded)."""
    body = position(game, board, premiums) | {"rack": rack, "other": other, "scoreless": scoreless,
                                              "endgame": budget, "limit": 0}
    data, _ = moves_json(orjson.dumps(body), lambda spec: lexicon, lambda name: game, budget)
    found = orjson.loads(data)["endgame"]
    turn = found["turn"]
    placed = [Placement(game.square(p["square"]), p["tile"], p["blank"]) for p in turn["placed"]] \
        if "placed" in turn else None
    return Solution(placed, turn["score"], found["spread"], found["depth"], found["exact"], found["positions"],
                    found["visits"], found)
