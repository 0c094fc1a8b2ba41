"""The endgame searched (the C core's tl_endgame_search, through POST /moves' `endgame`): how deep it gets and
what it costs on real positions.

The positions are the ones met when the bag runs out in games grown from seeds 1 to SEEDS (support.played: two
players laying one of the six best plays a turn, by chance) on sv-scrabble as built in $BENCH_ARTIFACTS, each
with the rack of the player to move and the other rack the tiles unseen. Each is searched with each BUDGET of the
word graph's lists: how many of the searches were exact (every line to the game's end), the median depth reached,
and the median and largest CPU time of a search in this process.
"""

from __future__ import annotations

import os

TITLE = "The endgame searched"
SEEDS = 24
BUDGETS = (1_000_000, 4_000_000, 8_000_000)


def run() -> str:
    import statistics
    import time

    from lexicon import load
    from lexicon.errors import ArtifactError, PlayError
    from lexicon.play import load_game
    from lexicon.play.moves import moves_request
    from support.played import body, positions

    game = load_game("sv-scrabble")
    try:
        lex = load("sv-scrabble", os.environ.get("BENCH_ARTIFACTS"))
    except ArtifactError as exc:
        if exc.code != "unknown-lexicon":
            raise
        return "sv-scrabble is not built in $BENCH_ARTIFACTS, so nothing was measured."
    ends = [(board, rack) for seed in range(1, SEEDS + 1)
            for stage, board, rack in positions(lex, game, seed) if stage == "end"]
    rows = []
    for budget in BUDGETS:
        depths, seconds, exact = [], [], 0
        for board, rack in ends:
            start = time.process_time()
            try:
                doc, _ = moves_request(body(game, board) | {"rack": rack, "endgame": budget, "limit": 0},
                                       lambda spec: lex)
            except PlayError:  # the other player went out with the bag's last tiles: no endgame
                continue
            seconds.append(time.process_time() - start)
            found = doc["endgame"]
            depths.append(found["depth"])
            exact += found["exact"]
        rows.append(f"| {budget:,} | {len(depths)} | {exact} ({exact / len(depths):.0%}) | "
                    f"{statistics.median(depths):g} | {statistics.median(seconds) * 1000:.0f} ms | "
                    f"{max(seconds) * 1000:.0f} ms |")
    return "\n".join([
        f"sv-scrabble, the positions where the bag ran out in {SEEDS} games grown by support.played:",
        "",
        "| budget (lists) | positions | exact | median depth | median CPU | most CPU |",
        "|---:|---:|---:|---:|---:|---:|", *rows])
