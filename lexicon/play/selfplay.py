"""Two computer players over many games, to say which is stronger: `lexicon selfplay`.

Games come in mirrored pairs: both games of a pair deal from the same shuffled bag, the players' seats
swapped, so the luck of the draw falls on both. A turn plays what the player picks from the move generator's
plays (lexicon.play.moves, the engine POST /moves runs); with no play, a player exchanges its whole rack
while the bag allows, else passes. A game ends when a player goes out with the bag empty, or after the
game's scoreless rounds, with the end rule's adjustments (lexicon.play.endgame).

Players, by name (PLAYERS): `score` lays the highest-scoring play; `beginner` plays only common words (the
lexicon's common words, lexicon.common: the COMMON most frequent of the game's language in wordfreq's list, and
their forms), one of its CHOICES best such plays by chance, as any client asks POST /moves with `common`;
`random` any valid play, each as likely (a floor to measure against). Letters and stacking games alike, where
the generator plays them.
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..common import COMMON
from ..errors import InputError
from ..graph.native import use_core
from .board import Board, empty_board
from .compiled import game_leaves, use_leaves
from .endgame import final_adjustments
from .endsearch import solve
from .game import Game
from .move import BLANK, parse_rack, rack_notation
from .moves import MAX_LIMIT, FoundPlay, find_moves, generates

#: A player picks one of the plays found (best score first) with the game's random source, or none (it then
#: exchanges or passes); `limit` is how many plays it needs to see. `make(game)` gives its pick for a game.
Pick = Callable[[list[FoundPlay], random.Random], FoundPlay | None]

#: The endgame player's budget a turn once the bag is empty: lists of the word graph its search may enter (about half
#: a second on one core of this machine).
ENDGAME_BUDGET = 4_000_000

#: How many of its best plays of common words the beginner chooses among.
CHOICES = 5


@dataclass(frozen=True)
class Player:
    name: str
    limit: int
    make: Callable[[Game], Pick]
    doc: str
    #: `equity`: plays ranked by score plus the value of the tiles kept, and an exchange weighed against them
    order: str = "score"
    #: by equity once the bag is empty too, the end's rule valuing the tiles kept (else by score then)
    end: bool = True
    #: once the bag is empty, search the endgame entering this many lists of the word graph a turn
    #: (lexicon.play.endsearch); 0: not
    search: int = 0
    #: a KLV2 file of its own to play with (`lexicon leaves train` pits generations), None: the game's
    leaves: bytes | None = field(default=None, repr=False, compare=False)
    #: plays only common words (POST /moves' `common`)
    common: bool = False

    def playing(self, game: Game) -> Game:
        """The game its plays are found with: the game itself, or a copy with the player's own leave values."""
        if self.leaves is None:
            return game
        key = id(game), id(self.leaves)
        if key not in _COPIES:
            copy = dataclasses.replace(game)
            use_leaves(copy, self.leaves)
            _COPIES[key] = copy, game, self.leaves  # the game and the bytes kept alive with their ids
        return _COPIES[key][0]


_COPIES: dict[tuple[int, int], tuple[Game, Game, bytes]] = {}


def _any(game: Game) -> Pick:
    """Any of the plays found, each as likely."""
    return lambda plays, rng: rng.choice(plays)


def _first(game: Game) -> Pick:
    """The first play found: the best by the order the player asks for."""
    return lambda plays, rng: plays[0]


PLAYERS = {p.name: p for p in (
    Player("score", 1, _first, "lays the highest-scoring play"),
    Player("beginner", CHOICES, _any,
           f"plays only common words (the {COMMON:,} most frequent of its language and their forms), one of its "
           f"{CHOICES} best such plays by chance", common=True),
    Player("random", MAX_LIMIT, _any,
           f"lays any valid play, each as likely (among the {MAX_LIMIT:,} best when there are more)"),
    Player("equity", 1, _first,
           "lays the play of the highest equity, score plus the value of the tiles kept (the game's leave values) "
           "and the stage's adjustments (the opening's vowels; once the bag is empty, the end's: going out gains "
           "the other rack, keeping tiles costs them), or exchanges when keeping the best tiles is worth more",
           "equity"),
    Player("leaves", 1, _first,
           "the equity player without the end's adjustments: by score once the bag is empty (what they buy is "
           "measured against it)", "equity", end=False),
    Player("endgame", 1, _first,
           f"the equity player, which once the bag is empty searches the endgame ({ENDGAME_BUDGET:,} lists of the "
           f"word graph a turn) "
           f"where the game is scored by letters, two players at the table", "equity", search=ENDGAME_BUDGET),
)}
#: Turns a game may last before it is called a draw of its scores as they stand (none has come near).
MAX_TURNS = 400
MAX_GAMES = 100_000


@dataclass
class Side:
    """One player's part of one game."""

    player: Player
    rack: list[str]
    pick: Pick
    game: Game  # the game its plays are found with (Player.playing)
    score: int = 0
    bingos: int = 0


#: What a game tells an observer of each turn taken with a full rack while the bag holds tiles (the leave
#: trainer's tallies): the seat, the rack and the equity of what the player chose (an exchange: the value kept).
Observe = Callable[[int, list[str], float], None]


@dataclass
class GameResult:
    """One game: each seat's player, final score (the end's adjustment included) and bingos (plays of the
    whole rack), the racks left at the end and their adjustments, and the turns. Seat 0 moves first."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    bingos: tuple[int, ...]
    racks: tuple[str, ...]
    adjustments: tuple[int, ...]
    turns: int
    moves: list[tuple[int, list, int]] = field(repr=False)  # (seat, placements, score) of each play


def play_game(game: Game, lexicon: Any, players: Sequence[Player], seed: int,
              observe: Observe | None = None) -> GameResult:
    """One game; the first of `players` moves first. `seed` shuffles the bag and feeds the players' chance."""
    alphabet = game.alphabet
    bag = [t.letter for t in alphabet.tiles for _ in range(t.count)] + [BLANK] * alphabet.blanks
    deal = random.Random(seed)
    deal.shuffle(bag)
    chance = random.Random(seed ^ 0x5EED)
    sides = [Side(p, [], p.make(game), p.playing(game)) for p in players]
    for side in sides:
        side.rack, bag = bag[:game.rack], bag[game.rack:]
    board: Board = empty_board(game)
    moves: list[tuple[int, list, int]] = []
    scoreless = turn = 0
    for turn in range(MAX_TURNS):
        seat = turn % len(sides)
        side = sides[seat]
        order = side.player.order if bag or side.player.end else "score"
        if side.player.search and not bag and len(sides) == 2 and game.stacking is None:
            found = _searched(side, sides[1 - seat].rack, board, lexicon, scoreless)
        else:
            found = find_moves(side.game, board, rack_notation(side.rack), lexicon, limit=side.player.limit,
                               order=order, bag=len(bag) if order == "equity" else None,
                               common=side.player.common).plays
        play = side.pick(found, chance) if found else None
        equity = None if play is None else play.document.get("equity", play.score)
        keep: list[str] | None = None
        passes = False
        if play is not None and play.kind != "play":  # by equity the engine weighs exchanges and the pass too
            if play.kind == "exchange":
                keep = list(parse_rack(game, play.document["keep"]).elements())
            passes, play = play.kind == "pass", None
        if observe is not None and bag and len(side.rack) == game.rack:
            observe(seat, list(side.rack), 0.0 if equity is None else equity)
        if play is not None:
            for p in play.placed:
                side.rack.remove(BLANK if p.blank else p.tile)
            drawn, bag = bag[:len(play.placed)], bag[len(play.placed):]
            side.rack += drawn
            board = board.laid(play.placed)
            side.score += play.score
            side.bingos += len(play.placed) == game.rack
            moves.append((seat, play.placed, play.score))
            scoreless = 0
            if not side.rack and not bag:  # out
                break
            continue
        if not passes and len(bag) >= game.exchange.bag_minimum:
            back = side.rack[:game.exchange.most]
            if keep is not None:
                back = _without(side.rack, keep)
            side.rack = _without(side.rack, back) + bag[:len(back)]
            bag = bag[len(back):] + back
            deal.shuffle(bag)
            kind = "exchange"
        else:
            kind = "pass"
        scoreless = scoreless + 1 if kind in game.end.scoreless else 0
        if scoreless >= game.end.scoreless_rounds * len(sides):
            break
    racks = {str(i): rack_notation(s.rack) for i, s in enumerate(sides)}
    adjustments = final_adjustments(game, racks)
    for i, gained in adjustments.items():
        sides[int(i)].score += gained
    return GameResult(tuple(s.player.name for s in sides), tuple(s.score for s in sides),
                      tuple(s.bingos for s in sides), tuple(racks.values()), tuple(adjustments.values()), turn + 1,
                      moves)


def _searched(side: Side, other: list[str], board: Board, lexicon: Any, scoreless: int) -> list[FoundPlay]:
    """The endgame searched (lexicon.play.endsearch) as the one turn a player picks: its play, or the pass."""
    found = solve(side.game, board, rack_notation(side.rack), rack_notation(other), lexicon,
                  budget=side.player.search, scoreless=scoreless)
    if found.placed is None:
        return [FoundPlay([], 0, "", True, {}, {"pass": True, "score": 0})]
    return [FoundPlay(found.placed, found.score, "", True, {}, {"score": found.score})]


def _without(rack: list[str], tiles: list[str]) -> list[str]:
    """The rack without `tiles` (one of each given taken out)."""
    left = list(rack)
    for t in tiles:
        left.remove(t)
    return left


@dataclass
class Match:
    """Player `a` against player `b` over mirrored sets of games: a set deals one bag to `seats` players (2 to
    4) as many times, `a` in each seat once and `b` in every other."""

    game: str
    a: str
    b: str
    seed: int
    results: list[GameResult]
    seconds: float  # wall-clock
    jobs: int = 1
    seats: int = 2

    def seat_of_a(self) -> list[int]:
        """The seat player `a` took in each game: the first in the first game of each set, the next in the next."""
        return [i % self.seats for i in range(len(self.results))]

    def summary(self) -> dict[str, Any]:
        """Wins, draws and losses of `a` (a win: the highest score; a draw: the highest shared), its share of
        the points (a draw shared by k players 1/k) with a 95% interval (Wilson's), against 1/seats for a
        player as strong as `b`; the mean spread (a's score less the mean of the others'); each player's mean
        score and bingos a game; and games a second of wall-clock time on the match's `jobs` processes."""
        n = len(self.results)
        wins = draws = 0
        points = 0.0
        spreads = []
        for r, seat in zip(self.results, self.seat_of_a()):
            others = r.scores[:seat] + r.scores[seat + 1:]
            top = max(others)
            wins += r.scores[seat] > top
            if r.scores[seat] == top:
                draws += 1
                points += 1 / (1 + others.count(top))
            spreads.append(r.scores[seat] - sum(others) / len(others))
        share = (wins + points) / n
        low, high = _wilson(share, n)
        mean = sum(spreads) / n
        sd = math.sqrt(sum((s - mean) ** 2 for s in spreads) / (n - 1)) if n > 1 else 0.0

        def per_game(a: bool, values: Callable[[GameResult], tuple[int, ...]]) -> float:
            total = 0.0
            for r, seat in zip(self.results, self.seat_of_a()):
                mine = [v for i, v in enumerate(values(r)) if (i == seat) == a]
                total += sum(mine) / len(mine)
            return total / n

        players = {role: {"player": name, "score": round(per_game(role == "a", lambda r: r.scores), 1),
                          "bingos": round(per_game(role == "a", lambda r: r.bingos), 2)}
                   for role, name in (("a", self.a), ("b", self.b))}
        return {"game": self.game, "a": self.a, "b": self.b, "seats": self.seats, "games": n,
                "sets": n // self.seats, "seed": self.seed, "a_wins": wins, "draws": draws,
                "a_losses": n - wins - draws, "a_share": round(share, 4), "a_share_95": [round(low, 4), round(high, 4)],
                "even": round(1 / self.seats, 4), "a_spread": round(mean, 1), "a_spread_sd": round(sd, 1),
                "players": players, "turns": round(sum(r.turns for r in self.results) / n, 1),
                "games_per_second": round(n / self.seconds, 2) if self.seconds else None, "jobs": self.jobs}


def _wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def with_leaves(base: Player, data: bytes, name: str) -> Player:
    """`base`, a player by equity, with the leave values of `data` (a KLV2 file) instead of the game's; the file
    read by the core now (ArtifactError), not in the middle of a match."""
    if base.order != "equity":
        raise InputError(f"{base.name!r} plays by score: leave values are for the equity player", parameter="leaves")
    use_core(True).Leaves(data)
    return dataclasses.replace(base, name=name, leaves=data)


def player(name: str | Player) -> Player:
    if isinstance(name, Player):
        return name
    if name not in PLAYERS:
        raise InputError(f"no player {name!r} (players: {', '.join(PLAYERS)})", parameter="player",
                         allowed=list(PLAYERS))
    return PLAYERS[name]


def selfplay(game: Game, lexicon: Any, a: str | Player, b: str | Player, games: int, seed: int,
             progress: Callable[[int], None] | None = None, jobs: int = 1, seats: int = 2) -> Match:
    """`games` games of player `a` against player `b` at tables of `seats` (2 to 4; the games a multiple of it:
    mirrored sets, a in each seat of a set once, b in the others), on `jobs` processes. The results are the same
    whatever `jobs`: each set's bag and chance come from `seed` and its number."""
    check_match(game, games, jobs, seats)
    first, second = player(a), player(b)  # known players, or refused before any game
    for side in (first, second):
        if side.order == "equity" and game_leaves(side.playing(game)) is None:
            raise InputError(f"the {side.name} player ranks plays by equity, and {game.name} has no leave values "
                             f"(lexicon leaves train makes them)", parameter="player")
    start = time.perf_counter()
    results: list[GameResult] = []
    for played in in_pool([game, lexicon, first, second, seats], _set, pair_seeds(seed, games // seats), jobs):
        results += played
        if progress:
            progress(len(results))
    return Match(game.name, first.name, second.name, seed, results, time.perf_counter() - start, jobs, seats)


#: Players at a table: as many as the games' rules name (Scrabble, Betapet and Betűtorony: 2 to 4).
SEATS = (2, 3, 4)


def check_match(game: Game, games: int, jobs: int, seats: int = 2) -> None:
    """Refuse what no match can be: a game the generator does not play, a table of another size, a number of
    games that is no whole number of mirrored sets, too many jobs."""
    if not generates(game):
        raise InputError(f"{game.name}: the move generator does not play it, so neither can a computer player",
                         parameter="game")
    if seats not in SEATS:
        raise InputError(f"{seats} players: a table seats 2 to 4", parameter="seats")
    if games < seats or games % seats or games > MAX_GAMES:
        raise InputError(f"{games} games: a multiple of {seats} from {seats} to {MAX_GAMES:,} (mirrored sets of "
                         f"{seats}, one in each seat)" if seats > 2 else
                         f"{games} games: an even number from 2 to {MAX_GAMES:,} (mirrored pairs)",
                         parameter="games")
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"{jobs} jobs: from 1 to {MAX_JOBS}", parameter="jobs")


def pair_seeds(seed: int, pairs: int, first: int = 0) -> list[int]:
    """The seed of each pair of games, from the match's seed and the pair's number."""
    return [random.Random(f"{seed}:{pair}").getrandbits(48) for pair in range(first, first + pairs)]


def in_pool(shared: list[Any], work: Callable[[Any], Any], tasks: Sequence[Any], jobs: int) -> Iterator[Any]:
    """`work` over `tasks`, their results in order, on `jobs` forked processes; the workers read `shared`
    (a game, its lexicon, the players) from the parent, the word graphs mapped and not copied."""
    _SHARED[:] = shared
    pool = None
    try:
        if jobs == 1:
            yield from map(work, tasks)
            return
        pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
        yield from pool.map(work, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))
    finally:
        _SHARED.clear()
        if pool is not None:
            pool.shutdown(cancel_futures=True)


#: Processes a match may use (`lexicon selfplay --jobs`).
MAX_JOBS = 64
_SHARED: list[Any] = []


def _set(seed: int) -> list[GameResult]:
    """The games of a mirrored set: one bag, `a` in each seat in turn and `b` in the others (two players: a
    pair, the seats swapped)."""
    game, lexicon, first, second, seats = _SHARED
    return [play_game(game, lexicon, [first if i == seat else second for i in range(seats)], seed)
            for seat in range(seats)]
