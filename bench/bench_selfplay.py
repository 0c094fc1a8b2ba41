"""Self-play: computer players over whole games (lexicon.play.selfplay, `lexicon selfplay`).

The lexicons are sv-betapet and hu-betutorony as built in $BENCH_ARTIFACTS (a game whose lexicon is not built
there is skipped, and the section says so). Each match is MATCHES' players over mirrored pairs of games, seed
1, played on one process and then on two (`--jobs 2`, the same games): A's share of the points with Wilson's 95%
interval, the mean spread, and games a second of wall-clock time. The score player asks the move generator for
one play a turn; the beginner and random players for up to 1,000, which is where their games' time goes; the
equity player for one turn by equity with the bag said, the engine weighing every exchange the bag allows (up to
127) and the pass beside the plays. Macondo's documentation gives about 70 games a second on a desktop for its
equity player.
The matches run one after another in this process; `lexicon selfplay`, a fresh process a match, measures the
players that ask for many plays faster (docs/games.md).

Then what ranking by equity costs a turn: POST /moves' best play (limit 1, as the players ask) by score and by
equity on POSITIONS mid-game sv-betapet positions (support.positions, a blank on the rack or not as drawn),
CPU time of the call in this process, the two orders alternated REPEATS times a position.
"""

from __future__ import annotations

import os

TITLE = "Self-play: computer players over whole games"
#: (game, A, B, games)
MATCHES = [
    ("sv-betapet", "score", "score", 200), ("sv-betapet", "equity", "equity", 200),
    ("sv-betapet", "equity", "score", 200), ("sv-betapet", "score", "random", 200),
    ("sv-betapet", "score", "beginner", 200), ("sv-betapet", "beginner", "random", 200),
    ("hu-betutorony", "score", "score", 40), ("hu-betutorony", "equity", "score", 40),
    ("hu-betutorony", "score", "beginner", 40), ("hu-betutorony", "beginner", "random", 40),
]
POSITIONS, REPEATS = 100, 5


def run() -> str:
    from lexicon import load
    from lexicon.errors import ArtifactError
    from lexicon.play import load_game
    from lexicon.play.selfplay import selfplay

    rows, skipped, lexicons = [], set(), {}
    for name, a, b, games in MATCHES:
        if name not in lexicons:
            try:
                lexicons[name] = load(name, os.environ.get("BENCH_ARTIFACTS"))
            except ArtifactError as exc:
                if exc.code != "unknown-lexicon":
                    raise
                lexicons[name] = None
        lex = lexicons[name]
        if lex is None:
            skipped.add(name)
            continue
        game = load_game(name)
        one, two = (selfplay(game, lex, a, b, games, seed=1, jobs=jobs) for jobs in (1, 2))
        assert [r.scores for r in one.results] == [r.scores for r in two.results], "two processes, other games"
        s, t = one.summary(), two.summary()
        low, high = s["a_share_95"]
        rows.append(f"| {name} | {a} against {b} | {games} | {s['a_share']:.1%} ({low:.1%}–{high:.1%}) | "
                    f"{s['a_spread']:+.1f} | {s['turns']} | {s['games_per_second']} | {t['games_per_second']} |")
    lines = ["| game | A against B | games | A's share (95%) | spread a game | turns a game | games/s, one process | "
             "two processes |", "|---|---|---:|---|---:|---:|---:|---:|", *rows]
    if skipped:
        lines.append(f"\nNot built in $BENCH_ARTIFACTS, so skipped: {', '.join(sorted(skipped))}.")
    if lexicons.get("sv-betapet") is not None:
        lines += ["", _equity_cost(load_game("sv-betapet"), lexicons["sv-betapet"])]
    return "\n".join(lines)


def _equity_cost(game, lex) -> str:
    import random
    import statistics
    import time

    from lexicon.play.moves import find_moves
    from support.positions import position

    rng = random.Random(52)
    positions = [position(lex, game, seed=rng.randrange(1 << 30), turns=rng.randint(6, 14)) for _ in range(POSITIONS)]
    times: dict[str, list[float]] = {"score": [], "equity": []}
    for board, rack in positions:
        for _ in range(REPEATS):
            for order in times:
                start = time.process_time()
                find_moves(game, board, rack, lex, limit=1, order=order)
                times[order].append(time.process_time() - start)
    p50 = {order: statistics.median(t) * 1000 for order, t in times.items()}
    p90 = {order: statistics.quantiles(t, n=10)[-1] * 1000 for order, t in times.items()}
    return ("| POST /moves' best play, sv-betapet | p50 (ms) | p90 (ms) |\n|---|---:|---:|\n"
            + "\n".join(f"| by {order} | {p50[order]:.3f} | {p90[order]:.3f} |" for order in times)
            + f"\n\nBy equity a turn costs {p50['equity'] / p50['score']:.2f}× what it costs by score (p50, "
              f"{POSITIONS} positions, {REPEATS} times each).")
