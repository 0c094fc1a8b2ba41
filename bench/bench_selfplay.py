"""Self-play: computer players over whole games (lexicon.play.selfplay, `lexicon selfplay`).

The lexicons are sv-betapet and hu-betutorony as built in $BENCH_ARTIFACTS (a game whose lexicon is not built
there is skipped, and the section says so). Each match is MATCHES' players over mirrored pairs of games, seed
1, played on one process and then on two (`--jobs 2`, the same games): A's share of the points with Wilson's 95%
interval, the mean spread, and games a second of wall-clock time. The score player asks the move generator for
one play a turn; the beginner and random players for up to 1,000, which is where their games' time goes.
Macondo's documentation gives about 70 games a second on a desktop for its equity player; ours rank by score
alone, so that figure is set beside these only as a scale. The matches run one after another in this process;
`lexicon selfplay`, a fresh process a match, measures the players that ask for many plays faster (docs/games.md).
"""

from __future__ import annotations

import os

TITLE = "Self-play: computer players over whole games"
#: (game, A, B, games)
MATCHES = [
    ("sv-betapet", "score", "score", 200), ("sv-betapet", "score", "random", 200),
    ("sv-betapet", "score", "beginner", 200), ("sv-betapet", "beginner", "random", 200),
    ("hu-betutorony", "score", "score", 40), ("hu-betutorony", "score", "beginner", 40),
    ("hu-betutorony", "beginner", "random", 40),
]


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
    return "\n".join(lines)
