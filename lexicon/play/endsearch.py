"""The endgame searched: once the bag is empty both racks are known (the tiles on neither the board nor one's own
rack are the other player's), so the best turn is the one whose line gains the most spread when both players go
on playing as well as they can. Equity's end adjustments (lexicon.play.moves, `bag` 0) guess at that; this
searches it.

    >>> found = solve(game, board, "AER", "ST", lex, budget=1.0)   # doctest: +SKIP
    >>> found.placed, found.spread, found.exact                     # doctest: +SKIP

A negamax with alpha-beta over every play of the rack (the C core's generator, each play once, best score first,
a play that goes out before the others) and the pass, deepened a turn at a time until it is exact (every line
ends the game within the depth) or the time budget runs out, when the deepest search finished answers. Past the
depth a position is valued as if the game ended there, each player losing what its tiles cost. The game ends
when a player goes out (gaining what the other's tiles cost, twice where going out gains them: they lose them
too) or after the game's scoreless rounds of passes (each losing its own). Two players, games scored by letters
and premium squares (the GADDAG's generator); a stacking game's plays of the compound rule are the engine's
alone, so its endgame is not searched here.
"""

from __future__ import annotations

import math
import struct
import time
from dataclasses import dataclass
from typing import Any

from ..errors import PlayError
from .board import Board
from .compiled import engine_game
from .game import PREMIUMS, Game
from .move import BLANK, Placement, parse_rack
from .moves import MAX_VISITS, generates

#: How deep a search may go: more turns than two racks of tiles can last (each play lays one tile at least, and
#: passes end the game in a few turns).
MOST_TURNS = 32


@dataclass
class Solution:
    """The turn found: the tiles it lays (None: a pass), its score, the spread its line gains the player from here
    on, the turns searched, whether the search was exact, and the positions it read."""

    placed: list[Placement] | None
    score: int
    spread: float
    depth: int
    exact: bool
    nodes: int


class _OutOfTime(Exception):
    pass


def solve(game: Game, board: Board, rack: str, other: str, lexicon: Any, *, budget: float = 1.0,
          premiums: tuple[str, ...] | None = None, scoreless: int = 0) -> Solution:
    """The best turn of `rack` with the bag empty and `other` on the other rack (tile notation), searched for at
    most `budget` seconds; `scoreless` the scoreless turns just before this one."""
    if game.stacking is not None or not generates(game):
        raise PlayError("game", f"{game.name}: the endgame is searched for games scored by letters and premium "
                                f"squares, a word a play")
    search = _Search(game, premiums or game.premiums(), lexicon, time.perf_counter() + budget)
    mine, theirs = search.counts(rack, "rack"), search.counts(other, "other")
    tiles = bytearray(0 if t is None else search.number[t] for t in board.tiles)
    blanks = bytearray(board.blanks)
    found = None
    for depth in range(1, MOST_TURNS + 1):
        search.horizon = False
        try:
            spread, best = search.turns(tiles, blanks, mine, theirs, scoreless, depth, -math.inf, math.inf)
        except _OutOfTime:
            break
        found = Solution(_placed(search, best), best[0] if best else 0, spread, depth, not search.horizon, 0)
        if not search.horizon:
            break
    if found is None:  # not one turn deep in the time: the best score, a play that goes out first
        plays = search.plays(tiles, blanks, mine)
        best = plays[0] if plays else None
        found = Solution(_placed(search, best), best[0] if best else 0, math.nan, 0, False, 0)
    found.nodes = search.nodes
    return found


def _placed(search: _Search, play: tuple | None) -> list[Placement] | None:
    if play is None:
        return None
    return [Placement(square, search.letter[number], bool(blank)) for square, number, blank in play[3]]


class _Search:
    def __init__(self, game: Game, premiums: tuple[str, ...], lexicon: Any, deadline: float):
        alphabet = lexicon.alphabet
        self.game, self.deadline, self.nodes, self.horizon = game, deadline, 0, False
        self.number = {t.letter: t.number for t in alphabet.tiles}
        self.letter = {n: t for t, n in self.number.items()}
        self.core = lexicon.graph.kwg.core
        self.engine = engine_game(game)
        self.times = 2 if game.end.going_out_gains else 1
        self.ends = game.end.scoreless_rounds * 2 if "pass" in game.end.scoreless else None
        points = [0] * 64
        for t in alphabet.tiles:
            points[t.number] = t.points
        start = bytearray(game.size * game.size)
        for s in game.start:
            start[s] = 1
        self.fixed = {"size": game.size, "letter_premium": bytes(PREMIUMS[c][1] if c in PREMIUMS else 1
                                                                 for c in premiums),
                      "word_premium": bytes(PREMIUMS[c][2] if c in PREMIUMS else 1 for c in premiums),
                      "start": bytes(start), "points": struct.pack("<64H", *points), "rack_size": game.rack,
                      "bonus": game.scoring.whole_rack_bonus, "every_word": game.scoring.premiums_every_word,
                      "phonies": False, "max_visits": MAX_VISITS, "limit": -1}

    def counts(self, rack: str, where: str) -> bytearray:
        counts = bytearray(64)
        for tile, n in parse_rack(self.game, rack, where).items():
            counts[0 if tile == BLANK else self.number[tile]] += n
        return counts

    def cost(self, rack: bytearray) -> int:
        return self.engine.rack_value(bytes(rack))

    def plays(self, tiles: bytearray, blanks: bytearray, rack: bytearray) -> list[tuple]:
        """Every valid play of the rack, one that goes out first, then by score."""
        _, _, found = self.core.moves(tiles=bytes(tiles), blanks=bytes(blanks), rack=bytes(rack), **self.fixed)
        held = sum(rack)
        return sorted(found, key=lambda p: (len(p[3]) != held, -p[0]))

    def after(self, tiles: bytearray, blanks: bytearray, rack: bytearray, play: tuple):
        tiles, blanks, rack = bytearray(tiles), bytearray(blanks), bytearray(rack)
        for square, number, blank in play[3]:
            tiles[square], blanks[square] = number, 1 if blank else 0
            rack[0 if blank else number] -= 1
        return tiles, blanks, rack

    def turns(self, tiles, blanks, mover, other, scoreless, depth, alpha, beta):
        """Negamax: the spread the player to move gains from here (and, at the root, the turn that gains it)."""
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise _OutOfTime
        if depth == 0:
            self.horizon = True
            return self.cost(other) - self.cost(mover), None
        value, chosen, held = -math.inf, None, sum(mover)
        for play in self.plays(tiles, blanks, mover):
            if len(play[3]) == held:  # out: the other's tiles are the player's, and the other loses them
                gain = play[0] + self.times * self.cost(other)
            else:
                t, b, left = self.after(tiles, blanks, mover, play)
                gain = play[0] - self.turns(t, b, other, left, 0, depth - 1, -beta, -alpha)[0]
            if gain > value:
                value, chosen = gain, play
            alpha = max(alpha, gain)
            if alpha >= beta:
                return value, chosen
        if self.ends is not None or chosen is None:  # the pass
            if self.ends is not None and scoreless + 1 >= self.ends:
                gain = self.cost(other) - self.cost(mover)
            else:
                gain = -self.turns(tiles, blanks, other, mover, scoreless + 1, depth - 1, -beta, -alpha)[0]
            if gain > value:
                value, chosen = gain, None
        return value, chosen
