"""Leave values made by self-play: `lexicon leaves train` (issue "A computer opponent", Macondo's method).

A generation plays `games` games (mirrored pairs, lexicon.play.selfplay) of the equity player, with the last
generation's values, against itself; the first generation has none and plays by score. For each turn taken
with a full rack while the bag holds tiles, the equity of what the player chose (score plus the value kept;
an exchange, the value kept) is tallied for every leave the rack holds: each distinct multiset of 1 to
`rack - 1` of its tiles. A leave's value is the mean equity of the turns whose rack held it less the mean of
all turns, shrunk towards a prior by SMOOTHING samples (the mean, over its tiles t, of the value of the leave
without t plus the value of t alone), so that a leave seen a few times is not worth its luck and one never
seen is worth its parts. Every leave the bag allows gets a value (lexicon.play.leaves.all_leaves).

The self-play runs on `jobs` forked processes, or on any `concurrent.futures.Executor` given as `executor`:
a cluster's (Dask distributed's `Client.get_executor()`, `lexicon leaves train --cluster`), whose workers open
the game and its lexicon by name and folder themselves and play shards of PAIRS_A_TASK pairs. Tallies are
integers (each turn's equity in units of 1/UNIT of a point), so shards merge exactly, in whatever order
they come back: a run gives the same values on one process, on many, or on a cluster.

The new generation then plays the last over `check` games; training stops after `generations`, or sooner
when a generation's share against the last is no longer above one half at 95% confidence. The best
generation is the result: the last one that won. Files, in the run's folder: `generation-N.klv2` for each
(written whole, then renamed: a stopped run never leaves half a file) and `training.json`, each generation's
figures; a run started again on the same folder goes on from the last generation written.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, as_completed
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import InputError
from .game import Game, load_game
from .klv import write_klv
from .leaves import all_leaves, leave_of, pack, sub_leaves
from .selfplay import PLAYERS, Player, check_match, in_pool, pair_seeds, play_game, selfplay, with_leaves

#: Samples a leave's own mean is worth against its prior (wolges smooths leaves seen fewer than 50 times).
SMOOTHING = 50
#: Pairs of games a worker plays before it hands its tallies back.
PAIRS_A_TASK = 25
#: Values are written to 1/16 of a point: steps no ranking notices, and a file that compresses to a quarter.
QUANTUM = 16
#: Tallies count equity in units of 1/UNIT of a point: integers add up exactly in any order (a leave a file
#: lacks is valued from its parts, a mean of thirds or fifths, which floats would sum differently by order).
UNIT = 1 << 20


@dataclass
class Tally:
    """What a generation's games said: the equity summed (in units of 1/UNIT of a point) and the turns counted
    for each leave held, and over all turns."""

    sums: dict[bytes, int] = field(default_factory=dict)
    counts: dict[bytes, int] = field(default_factory=dict)
    total: int = 0
    turns: int = 0

    def add(self, leave: bytes, equity: float) -> None:
        units = round(equity * UNIT)
        sums, counts = self.sums, self.counts
        for held in sub_leaves(leave):
            sums[held] = sums.get(held, 0) + units
            counts[held] = counts.get(held, 0) + 1
        self.total += units
        self.turns += 1

    def merge(self, other: Tally) -> None:
        for held, value in other.sums.items():
            self.sums[held] = self.sums.get(held, 0.0) + value
            self.counts[held] = self.counts.get(held, 0) + other.counts[held]
        self.total += other.total
        self.turns += other.turns


def values_of(game: Game, tally: Tally, smoothing: float = SMOOTHING) -> dict[bytes, float]:
    """Every leave's value from a generation's tally (the module's doc says how)."""
    mean = tally.total / UNIT / tally.turns if tally.turns else 0.0
    values: dict[bytes, float] = {}
    for leave in all_leaves(game):  # shortest first: a leave's parts are valued before it
        n = tally.counts.get(leave, 0)
        own = tally.sums[leave] / UNIT / n - mean if n else 0.0
        values[leave] = round((n * own + smoothing * prior(values, leave)) / (n + smoothing) * QUANTUM) / QUANTUM
    return values


def prior(values: dict[bytes, float], leave: bytes) -> float:
    """What a leave's parts say it is worth: the mean, over its kinds of tile t, of the value of the leave without
    one t plus the value of t alone (0 for one tile). The C core values a leave its file lacks so."""
    if len(leave) < 2:
        return 0.0
    kinds = set(leave)
    return sum(values[leave.replace(bytes([t]), b"", 1)] + values[bytes([t])] for t in kinds) / len(kinds)


def prune(values: dict[bytes, float]) -> dict[bytes, float]:
    """The leaves a file must hold: those of one tile, and those whose value differs from what their parts say by
    more than half a QUANTUM (a leave never seen is worth what its parts say). The core works the others out from
    their parts when asked (play/leaves.c); `lexicon leaves export` writes every leave for engines that do not."""
    return {leave: v for leave, v in values.items()
            if len(leave) == 1 or abs(v - prior(values, leave)) > 0.5 / QUANTUM}


def _tallied(seeds: list[int]) -> Tally:
    """The mirrored pairs of `seeds`, the equity of each turn tallied, by a forked worker."""
    from .selfplay import _SHARED
    return _pairs_tallied(*_SHARED, seeds)


@dataclass(frozen=True)
class Shard:
    """A cluster worker's task: the game by name or file and the lexicon (which travels as its folder: the same
    path on every worker), the generation that plays, its values, and the pairs' seeds."""

    game: str
    lexicon: Any
    number: int
    data: bytes | None
    seeds: tuple[int, ...]


def play_shard(shard: Shard) -> Tally:
    """A shard's pairs played and tallied, on whichever process runs it (the game, the lexicon and the
    generation's player made once there)."""
    player = _shard_player(shard.number, shard.data)
    return _pairs_tallied(load_game(shard.game), shard.lexicon, player, player, list(shard.seeds))


@lru_cache(maxsize=2)
def _shard_player(number: int, data: bytes | None) -> Player:
    """One player a generation in a worker: each shard brings its own copy of the values, and a player with
    new bytes would read them into a new copy of the game (Player.playing), shard after shard."""
    return generation_player(number, data)


def _pairs_tallied(game: Game, lexicon: Any, first: Player, second: Player, seeds: list[int]) -> Tally:
    tally = Tally()

    def observe(seat: int, rack: list[str], equity: float) -> None:
        tally.add(leave_of(game, rack), equity)

    for seed in seeds:
        play_game(game, lexicon, (first, second), seed, observe)
        play_game(game, lexicon, (second, first), seed, observe)
    return tally


def generation_player(number: int, data: bytes | None) -> Player:
    """The player of a generation: by score for the 0th (no values), by equity with its values after."""
    return PLAYERS["score"] if data is None else with_leaves(PLAYERS["equity"], data, f"generation {number}")


@dataclass
class Generation:
    """One generation's figures: its games, turns tallied, leaves seen, valued and stored (the rest their parts
    say), the file's bytes, the share
    of the points it took from the generation before (with its 95% interval), and the seconds it took."""

    number: int
    games: int
    turns: int
    seen: int
    leaves: int
    bytes: int
    share: float
    share_95: tuple[float, float]
    spread: float
    seconds: float
    stored: int = 0  # 0 in a log written before files were pruned: every leave


def train(game: Game, lexicon: Any, folder: Path, *, generations: int, games: int, check: int, seed: int,
          jobs: int = 1, executor: Executor | None = None,
          progress: Callable[[str, int, int], None] | None = None) -> list[Generation]:
    """Train leave values for `game` into `folder` (the module's doc says how), going on from what is there.
    The self-play runs on `executor` where one is given (a cluster's), else on `jobs` processes; the matches
    between generations on `jobs` processes. `progress(stage, done, total)` hears of the games played."""
    check_match(game, games, jobs)
    check_match(game, check, jobs)
    if not 1 <= generations <= 50:
        raise InputError(f"{generations} generations: from 1 to 50", parameter="generations")
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "training.json"
    done: list[Generation] = []
    if log.is_file():
        logged = json.loads(log.read_text())["generations"]
        done = [Generation(**(g | {"share_95": tuple(g["share_95"])})) for g in logged]
    for number in range(len(done) + 1, generations + 1):
        previous = _file(folder, number - 1)
        last = generation_player(number - 1, previous)
        start = time.perf_counter()
        tally = Tally()
        chunks = [pair_seeds(seed + number, games // 2)[i:i + PAIRS_A_TASK]
                  for i in range(0, games // 2, PAIRS_A_TASK)]
        played = 0
        if executor is None:
            parts = in_pool([game, lexicon, last, last], _tallied, chunks, jobs)
        else:
            parts = _on(executor, [Shard(str(game.path or game.name), lexicon, number - 1, previous, tuple(chunk))
                                   for chunk in chunks])
        for part in parts:
            tally.merge(part)
            played += 2 * PAIRS_A_TASK
            if progress:
                progress(f"generation {number}: self-play", min(played, games), games)
        values = values_of(game, tally)
        kept = prune(values)
        data = write_klv(kept)
        _write(folder / f"generation-{number}.klv2", data)
        against = f"generation {number}: against {number - 1}"
        match = selfplay(game, lexicon, generation_player(number, data), last, check, seed + 1000 + number,
                         (lambda n, stage=against: progress(stage, n, check)) if progress else None, jobs).summary()
        done.append(Generation(number, games, tally.turns, len(tally.counts), len(values), len(data),
                               match["a_share"], tuple(match["a_share_95"]), match["a_spread"],
                               round(time.perf_counter() - start, 1), len(kept)))
        _write(log, json.dumps({"game": game.name, "seed": seed, "games": games, "check": check,
                                "smoothing": SMOOTHING, "generations": [asdict(g) for g in done]},
                               indent=1).encode())
        if match["a_share_95"][0] <= 0.5:
            break
    return done


def _on(executor: Executor, shards: list[Shard]) -> Iterator[Tally]:
    """The shards' tallies as they come back from `executor`'s workers; all cancelled if one fails."""
    futures = [executor.submit(play_shard, shard) for shard in shards]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


def best(done: list[Generation]) -> int:
    """The generation a run gives: the last that beat the one before it (the 1st beats the score player)."""
    won = [g.number for g in done if g.share_95[0] > 0.5]
    return won[-1] if won else (done[0].number if done else 0)


def keep_best(folder: Path, name: str, done: list[Generation]) -> int:
    """Copy the run's best generation (`best`) to `<name>.klv2` in its folder, and packed as it ships to
    `<name>.klv2.xz` (lexicon/data/leaves takes that file); its number, 0 for a run of none."""
    chosen = best(done)
    if chosen:
        data = (folder / f"generation-{chosen}.klv2").read_bytes()
        _write(folder / f"{name}.klv2", data)
        _write(folder / f"{name}.klv2.xz", pack(data))
    return chosen


def _file(folder: Path, number: int) -> bytes | None:
    return (folder / f"generation-{number}.klv2").read_bytes() if number else None


def _write(path: Path, data: bytes) -> None:
    """Written whole beside, then renamed over: a reader never sees half a file."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)
