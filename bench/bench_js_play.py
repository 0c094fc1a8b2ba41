"""The JavaScript package on sv-betapet: words checked, turns judged and best plays found, beside the C library.

- Words: `check` (the brief document) and `has` over the distinct keys of sv-betapet, half as written in lower
  case and half mutated in one letter (bench_embed's words), the best of five passes, in Node
  (bench/js/embed.mjs) and natively (bench/c/embed.c, `make clients`' static library, -O2).
- Turns and plays: positions met by playing sv-betapet games through the engine (support.played: an empty
  board, one after six turns and one once the bag is empty, for each of SEEDS games), each with the rack the
  next player holds; `POST /moves` with the default limit (100 plays) for each, and `POST /play` of the best play
  found. The same bodies' JSON text through the JavaScript package's `moves` and `play` (the module with the play
  engine; the document parsed included, as a game gets it; and for `POST /moves` the module's call alone, its
  document left as text) and the C library's `tl_moves_json` and `tl_play_json` (the bundle's games read once),
  five times each in a row; the p50 and p95 over every run.

Targets (issue 51): JavaScript `check` ≥ 2,000,000 distinct words/s and `has` ≥ 10,000,000/s on sv-betapet.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from .bench_embed import NODE_SCRIPT, _bundle, _lexicon, _words, native_bench
from .measure import ROOT

TITLE = "The JavaScript package on sv-betapet: words, turns and best plays"
SEEDS = range(1, 11)


def run() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        binary = native_bench(work)
        lex = _lexicon("sv-betapet", Path(os.environ.get("BENCH_ARTIFACTS", ROOT / "artifacts")))
        bundle, words = _bundle(lex, work), _words(lex, work)
        bodies, positions = _bodies(lex, work)
        args = [str(bundle), str(words), "-", str(bodies)]
        c = json.loads(subprocess.run([str(binary), *args], capture_output=True, text=True, check=True).stdout)
        js = json.loads(subprocess.run(["node", "--expose-gc", str(NODE_SCRIPT), *args], capture_output=True,
                                       text=True, check=True, cwd=ROOT).stdout)
    return _report(lex, c, js, positions)


def _bodies(lex, work: Path) -> tuple[Path, int]:
    """A POST /moves body for each position met in play and a POST /play body of its best play, a line each."""
    import orjson

    from lexicon.play import load_game
    from support.played import body, positions

    game = load_game(lex.profile.name)
    own = lex.core_bundle
    lines, count = [], 0
    for seed in SEEDS:
        for _stage, board, rack in positions(lex, game, seed):
            moves = orjson.dumps(body(game, board) | {"rack": rack})
            ok, answer = own.moves(moves)
            assert ok, answer
            plays = orjson.loads(answer)["plays"]
            lines.append(b"moves " + moves)
            if plays:
                lines.append(b"play " + orjson.dumps(body(game, board) | {"move": plays[0]["move"], "rack": rack}))
            count += 1
    path = work / "bodies.txt"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path, count


def _report(lex, c: dict, js: dict, positions: int) -> str:
    same = "the same" if c["valid"] == js["valid"] else f"{c['valid']:,} in C, {js['valid']:,} in JavaScript"
    words = ["| | JavaScript in Node | target | C library | JavaScript ÷ C |", "|---|---:|---|---:|---:|",
             f"| `check` (brief document), distinct words/s | {js['check_per_s']:,} | ≥ 2,000,000 | "
             f"{c['check_per_s']:,} | {js['check_per_s'] / c['check_per_s']:.2f} |",
             f"| `has` (yes or no), distinct words/s | {js['has_per_s']:,} | ≥ 10,000,000 | {c['has_per_s']:,} | "
             f"{js['has_per_s'] / c['has_per_s']:.2f} |"]
    found = "the same plays" if c["plays_found"] == js["plays_found"] else "DIFFERENT plays"
    plays = ["| | JavaScript p50 ms | p95 | C library p50 ms | p95 | JavaScript ÷ C at p50 |",
             "|---|---:|---:|---:|---:|---:|"]
    for kind, native, call in (("moves", "moves", "`moves` / `tl_moves_json`"),
                               ("engine", "moves", "the module's `tl_moves_json` alone, its document not parsed"),
                               ("play", "play", "`play` / `tl_play_json`")):
        plays.append(f"| {call} | {js[f'{kind}_p50_ms']} | {js[f'{kind}_p95_ms']} | {c[f'{native}_p50_ms']} | "
                     f"{c[f'{native}_p95_ms']} | {js[f'{kind}_p50_ms'] / c[f'{native}_p50_ms']:.2f} |")
    return (f"### Words: {lex.spec}\n\n{c['words']:,} distinct words, half valid keys in lower case, half mutated in "
            f"one letter; valid answers: {same} ({c['valid']:,}).\n\n" + "\n".join(words) +
            f"\n\n### Turns and best plays: {lex.spec}\n\n{positions} positions met in {len(SEEDS)} sv-betapet "
            f"games played through the engine (empty, mid-game and near the end), `POST /moves` of the next "
            f"rack (100 plays) and `POST /play` of the best, each five times in a row; {found} found "
            f"({c['plays_found']:,} in all).\n\n" + "\n".join(plays) +
            f"\n\nA `POST /moves` document is {c['moves_bytes'] / 1000:.0f} KB on average (every play's words with "
            "their verdicts): the JavaScript figure includes decoding and parsing it, as `moves` returns it parsed.")
