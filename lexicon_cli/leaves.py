"""`lexicon leaves`: a game's leave values, what the equity player ranks plays by. `train` makes them by
self-play (lexicon.play.leavegen), `export` writes a game's as the KLV2 file other engines read, `value` says
what keeping some tiles is worth."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path

import click

from lexicon.errors import InputError
from lexicon.play import local_game
from lexicon.play.compiled import game_leaves
from lexicon.play.leavegen import keep_best, train
from lexicon.play.leaves import counts, full_klv, leave_count, leave_of
from lexicon.play.move import parse_rack
from lexicon.play.selfplay import MAX_GAMES
from lexicon_pipelines.progress import for_stream

from .artifacts import open_artifact
from .output import artifacts_option, emit, json_option
from .play import game_option, jobs_option, lexicon_option, seed_option


@click.group("leaves")
def leaves_group() -> None:
    """A game's leave values: what the tiles kept after a play are worth."""


@leaves_group.command("train")
@game_option
@lexicon_option
@click.option("--folder", "-o", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Where the generations' files and training.json go; a run there goes on from the last.")
@click.option("--generations", default=4, show_default=True, type=click.IntRange(1, 50),
              help="Generations at most (training stops sooner when one no longer beats the last).")
@click.option("--games", default=20_000, show_default=True, type=click.IntRange(2, MAX_GAMES),
              help="Self-play games a generation, an even number.")
@click.option("--check", default=2_000, show_default=True, type=click.IntRange(2, MAX_GAMES),
              help="Games each generation plays against the last, an even number.")
@seed_option
@jobs_option
@click.option("--cluster", metavar="ADDRESS",
              help="Play the self-play on a Dask cluster: its scheduler's address (tcp://host:8786; every worker "
                   "with this package and the artifacts at the same path), or `local` for --jobs worker processes "
                   "here. Needs PyPI distributed (pip install 'tile-lexicon[distributed]').")
@artifacts_option
@json_option
def train_command(game: str, spec: str | None, folder: Path, generations: int, games: int, check: int, seed: int,
                  jobs: int, cluster: str | None, root: str, as_json: bool) -> None:
    """Train GAME's leave values by self-play into FOLDER, generation after generation.

    Writes generation-N.klv2 for each and, at the end, GAME.klv2, the best generation (the last that beat
    the one before it). Progress (generation, games, rate, time left) goes to stderr.

    \b
        lexicon leaves train -g sv-scrabble -o training/sv-scrabble --games 20000 --jobs 2
        lexicon leaves train -g sv-scrabble -o training/sv-scrabble --cluster tcp://scheduler:8786
    """
    played = local_game(game)
    lex = open_artifact(spec or played.lexicon, root)
    progress = for_stream()  # each stage's games, their rate and the time left, on stderr
    stage, reported = [""], [0]

    def report(name: str, done: int, total: int) -> None:
        if name != stage[0]:
            if stage[0]:
                progress.finish(stage[0])
            stage[0], reported[0] = name, 0
            progress.start(name, total)
        progress.advance(done - reported[0])
        reported[0] = done

    try:
        with dask_executor(cluster, jobs) as executor:
            done = train(played, lex, folder, generations=generations, games=games, check=check, seed=seed,
                         jobs=jobs, executor=executor, progress=report)
        if stage[0]:
            progress.finish(stage[0])
    finally:
        progress.close()
    chosen = keep_best(folder, played.name, done)
    figures = {"game": played.name, "leaves": leave_count(played), "best": chosen,
               "generations": [vars(g) for g in done]}
    lines = [f"{played.name}: {leave_count(played):,} leaves; generation {chosen} is the best "
             f"({folder / f'{played.name}.klv2'}; to ship it, copy {played.name}.klv2.xz to lexicon/data/leaves)"]
    for g in done:
        low, high = g.share_95
        lines.append(f"  generation {g.number}: {g.games:,} games, {g.turns:,} turns, {g.seen:,} leaves seen, "
                     f"{g.stored:,} stored ({g.bytes:,} bytes); "
                     f"{g.share:.1%} against the last (95% {low:.1%} to {high:.1%}), {g.seconds:,.0f} s")
    emit(figures, as_json, "\n".join(lines))


@contextmanager
def dask_executor(address: str | None, jobs: int) -> Iterator[Executor | None]:
    """A Dask cluster's executor for `--cluster` (None without one): the scheduler at `address`, or `local`, a
    cluster of `jobs` worker processes started here and stopped after."""
    if address is None:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--cluster needs PyPI distributed: pip install 'tile-lexicon[distributed]'",
                         parameter="cluster") from None
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, dashboard_address=None) if address == "local" else None
    try:
        client = Client(cluster or address, timeout="10s")
    except (OSError, ValueError, TypeError) as exc:  # no scheduler there, or no address
        if cluster is not None:
            cluster.close()
        raise InputError(f"--cluster {address!r}: no Dask scheduler answers there ({exc})",
                         parameter="cluster") from None
    try:
        yield client.get_executor(pure=False)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@leaves_group.command("export")
@game_option
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The KLV2 file to write.")
def export_command(game: str, output: Path) -> None:
    """Write GAME's leave values as a KLV2 file, the format wolges, Macondo and MAGPIE read theirs in: every
    leave the bag allows, the ones the shipped file leaves to their parts worked out as the core works them out.

    \b
        lexicon leaves export -g sv-scrabble -o sv-scrabble.klv2
    """
    played = local_game(game)
    data = full_klv(played)
    if data is None:
        raise InputError(f"{played.name} has no leave values (lexicon leaves train makes them)", parameter="game")
    output.write_bytes(data)
    click.echo(f"{output}: {leave_count(played):,} leaves, {len(data):,} bytes", err=True)


@leaves_group.command("value")
@game_option
@click.argument("leave")
@json_option
def value_command(game: str, leave: str, as_json: bool) -> None:
    """What keeping LEAVE (tile notation, `?` a blank) is worth in GAME, by its leave values.

    \b
        lexicon leaves value -g sv-scrabble '?ER'
    """
    played = local_game(game)
    values = game_leaves(played)
    if values is None:
        raise InputError(f"{played.name} has no leave values (lexicon leaves train makes them)", parameter="game")
    tiles = list(parse_rack(played, leave, "leave").elements())
    worth = values.value(counts(leave_of(played, tiles)))
    emit({"game": played.name, "leave": leave, "value": worth}, as_json, f"{leave}: {worth:+.2f}")
