"""A beginner's plays (POST /moves' `common`, the C core keeping the plays whose every word is a common word or a
form of one): what they cost beside the same request without it, in process, on real positions.

The positions are the ones met in games grown from seeds 1 to SEEDS (support.played: empty, mid-game and near the
end) on sv-scrabble and hu-betutorony as built in $BENCH_ARTIFACTS, each with the rack of the player to move.
Each position is asked for its LIMIT best plays, then for its LIMIT best plays of common words (which judges the
best plays in turn until LIMIT are found, at most 1,000), REPEATS times each, the two alternated; the CPU time of
a request in this process, its median and 99th percentile over every run, and how many positions found no play
of common words (where a beginner exchanges or passes).
"""

from __future__ import annotations

import os

TITLE = "A beginner's plays: common words"
SEEDS = 40
LIMIT, REPEATS = 5, 3
GAMES = ("sv-scrabble", "hu-betutorony")


def run() -> str:
    import statistics
    import time

    from lexicon import load
    from lexicon.errors import ArtifactError
    from lexicon.play import load_game
    from lexicon.play.moves import moves_request
    from support.played import body, positions

    rows, missing = [], []
    for name in GAMES:
        game = load_game(name)
        try:
            lex = load(name, os.environ.get("BENCH_ARTIFACTS"))
        except ArtifactError as exc:
            if exc.code != "unknown-lexicon":
                raise
            missing.append(name)
            continue
        asked = [body(game, board) | {"rack": rack, "limit": LIMIT}
                 for seed in range(1, SEEDS + 1) for _, board, rack in positions(lex, game, seed)]
        plain, common, none = [], [], 0
        for request in asked:
            for _ in range(REPEATS):
                for times, extra in ((plain, {}), (common, {"common": True})):
                    start = time.process_time()
                    doc, _ = moves_request(request | extra, lambda spec, lex=lex: lex)
                    times.append(time.process_time() - start)
            none += not doc["plays"]

        def p(times, q):
            return statistics.quantiles(times, n=100)[q - 1] * 1000

        rows.append(f"| {name} | {len(asked)} | {statistics.median(plain) * 1000:.2f} ms | {p(plain, 99):.2f} ms | "
                    f"{statistics.median(common) * 1000:.2f} ms | {p(common, 99):.2f} ms | "
                    f"{statistics.median(common) / statistics.median(plain):.2f}× | {none} |")
    out = [f"Positions met in {SEEDS} games grown by support.played, each asked for its {LIMIT} best plays "
           f"without and with `common`, {REPEATS} times each, alternated; CPU time of a request in process:", "",
           "| game | positions | p50 | p99 | common p50 | common p99 | common × | no play of common words |",
           "|---|---:|---:|---:|---:|---:|---:|---:|", *rows]
    if missing:
        out += ["", f"Not built in $BENCH_ARTIFACTS, so not measured: {', '.join(missing)}."]
    return "\n".join(out)
