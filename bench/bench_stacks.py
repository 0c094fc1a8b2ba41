"""Best plays for Betűtorony: the stacking move generator in process, and POST /moves beside lookups.

The lexicon is hu-betutorony as built in $BENCH_ARTIFACTS (a full build takes minutes; without one the
section says it was skipped). Positions: POSITIONS mid-game boards grown by self-play (support.positions: 6
to 14 plays from an empty board, a seeded bag of the game's cubes), each with a 7-cube rack; plays lay cubes
on cubes, so the towers grow.

In process, CPU time per position: the C core's `tl_moves_stack` through the binding over the word graph
alone, every play found and counted (limit 0); the library's `find_moves` with limit 0, every play of the
lexicon's words counted (the word graph's and the compound rule's, as POST /moves plays them; the target is
held to this one); and with its default limit (every play found, the best 100
sorted and each judged by the play judge for its words, as POST /moves answers). No engine plays a
stacking game, so there is no peer to set beside it; the letters generator's figures against wolges are in
"Best plays" above.

Over HTTP, `lexicon serve` as `make run` starts it (nginx in front of a lookup pool and a search pool, 2
workers each; no access log): GET /valid at 16 connections with the frequent words of the RÚF Bible and their
one-letter mutations (as "Hungarian validation over HTTP" asks them), alone and then beside POST /moves at 4
connections (every position in turn, limit 10, accepting compressed answers as browsers do), the pair
alternated ROUNDS times, and in each round POST /moves by equity (`"order": "equity"`, the shipped leave values:
the computer opponent's ranking) beside them too; POST /moves alone ROUNDS times,
alternated with a second instance whose every request goes through Flask (`LEXICON_FAST_PATH=0`). The
workers keep no answers (LEXICON_ANSWER_CACHE=0), so every lookup of every round is worked out, as a word
never asked before is, and the rounds may ask the same words. On a machine others share, the rates of two runs
ten seconds apart differ by more than the effect measured, so each round's beside is set against its own
alone (the median of the rounds is reported), and beside it the lookup workers' CPU time a second, which the
kernel's share decides (the search pool runs at nice 10), and the search workers' CPU a POST /moves, from
which the section works out what the two HTTP targets together ask of one request. Targets (issue 26): p99
in process ≤ 50 ms; POST /moves p99 ≤ 100 ms at 4 connections beside lookups that keep ≥ 90% of their rate.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .http import Served, cpu_seconds, lookup_workers, ms, search_workers, wrk
from .measure import ROOT

TITLE = "Best plays for Betűtorony: the stacking generator"
LEXICON = "hu-betutorony"
POSITIONS = 200
REPEATS = 3
SECONDS = 10
ROUNDS = 5
#: What POST /moves' clients accept, as browsers and HTTP libraries send it (an answer is compressed, with br).
ENCODING = "gzip, deflate, br"


def run() -> str:
    from lexicon import load
    from lexicon.errors import ArtifactError
    from lexicon.play import load_game

    try:
        lex = load(LEXICON, os.environ.get("BENCH_ARTIFACTS"))
    except ArtifactError:
        return "No hu-betutorony artifact was built (set BENCH_ARTIFACTS): skipped."
    game = load_game(LEXICON)
    positions = _positions(lex, game)
    core, counted, library, counts, stacked = _in_process(lex, game, positions)
    root, spec = str(lex.path.parent.parent), lex.spec
    lex.close()
    http = _http(root, positions)
    cubes = statistics.median(sum(b.heights) for b, _ in positions)
    towers = statistics.median(max(b.heights) for b, _ in positions)
    median = statistics.median(counts)
    lines = [f"{spec}, {len(positions)} self-played positions (median {cubes:.0f} cubes on the board, the highest "
             f"tower {towers:.0f} in the median position), {REPEATS} runs each; a median {median:.0f} plays a "
             f"position, {stacked:.0%} of all plays laying a cube on a cube.", "",
             "| in process | p50 (ms) | p90 | p99 | max |", "|---|---:|---:|---:|---:|",
             _row("C core: every play of the word graph's words, counted (`stack_moves`, limit 0)", core),
             _row("library: every play, the compound rule's words too, counted (`find_moves`, limit 0)", counted),
             _row("library: every play, the best 100 judged (`find_moves`)", library), "",
             "| over HTTP (`lexicon serve`, no answer memo) | connections | req/s | p50 | p99 | non-2xx | lookup "
             "workers' CPU (cores) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for label, r, c in http["rows"]:
        cpu = f"{r['cpu']:.2f}" if "cpu" in r else "—"
        lines.append(f"| {label} | {c} | {r['rate']:,.0f} | {r['p50']} | {r['p99']} | {r['non2xx']} | {cpu} |")
    kept = http["kept"]
    p99 = _p(counted, 0.99)  # what POST /moves generates: the rule's words too
    moves_p99 = ms(http["beside"]["p99"])
    rounds = ", ".join(f"{k:.1%} and {q:.0f} ms" for k, q in zip(http["kepts"], http["p99s"]))
    lines += ["", f"Each round, the lookups' rate beside POST /moves against alone, and POST /moves' p99 beside: "
              f"{rounds}. "
              f"The lookup workers' CPU time beside is {http['cpu_kept']:.1%} of alone's (median of the rounds).", "",
              f"Lookups beside POST /moves keep {kept:.1%} of their rate alone (median of {ROUNDS} rounds). Targets: "
              f"in-process p99 "
              f"{p99:.1f} ms ≤ 50 ({'met' if p99 <= 50 else 'NOT met'}); POST /moves p99 beside lookups "
              f"{moves_p99:.0f} ms ≤ 100 ({'met' if moves_p99 <= 100 else 'NOT met'}), lookups ≥ 90% "
              f"({'met' if kept >= 0.9 else 'NOT met'}).", "",
              f"By equity, in the same rounds: POST /moves' p99 beside the lookups "
              f"{statistics.median(http['equity_p99s']):.0f} ms (median; by score "
              f"{statistics.median(http['p99s']):.0f} ms), the lookups keeping {http['equity_kept']:.1%} of their "
              f"rate alone."]
    return "\n".join(lines + ["", _bound(http)])


def _bound(http: dict) -> str:
    """What the two HTTP targets together ask of one POST /moves: wrk at 4 connections is a closed loop, so
    its mean latency is 4 over its rate (Little's law), and its rate is the search pool's CPU over a
    request's cost beside the lookups; lookups keeping 90% leave the search pool about a tenth of the
    lookup workers' CPU."""
    alone, budget, beside = http["cost"] * 1000, 0.1 * http["lookups_cpu"], http["beside"]
    cost = beside["cost"] * 1000  # ms: what a request costs beside the lookups, where the targets hold
    taken = beside["rate"] * cost / 1000  # cores
    tail = ms(beside["p99"]) / (4000 / beside["rate"])  # p99 over the mean latency, beside
    return (f"What the targets ask of a request: a POST /moves costs {alone:.2f} ms of a search worker's CPU "
            f"(user and system) alone ({http['flask_cost'] * 1000:.2f} ms through Flask, alternated with it) and "
            f"{cost:.2f} ms beside the lookups, whose work evicts its caches between "
            f"its turns on the CPU; beside them the search pool took {taken:.2f} of a core. wrk at 4 connections "
            f"is a closed loop: its mean latency is 4 over its rate (Little's law), and its rate is at most the "
            f"search pool's CPU over a request's cost. Lookups keeping 90% leave the search pool about a tenth "
            f"of the lookup workers' CPU alone ({budget:.2f} of a core), so at the cost beside POST /moves "
            f"answers at most {budget * 1000 / cost:.0f} a second, a mean latency of at least "
            f"{4 * cost / budget:.0f} ms, whatever the scheduling; with p99 {tail:.1f}× the mean as beside here, "
            f"p99 ≤ 100 ms needs a request to cost at most {100 / tail * budget / 4:.2f} ms beside the lookups.")


def _positions(lex, game) -> list:
    """Mid-game positions: a game whose first racks made no play (the board still empty) is drawn again."""
    from support.positions import position

    rng, found = random.Random(2626), []
    while len(found) < POSITIONS:
        board, rack = position(lex, game, seed=rng.randrange(1 << 30), turns=rng.randint(6, 14))
        if any(board.heights):
            found.append((board, rack))
    return found


def _in_process(lex, game, positions) -> tuple[list[float], list[float], list[float], list[int], float]:
    from lexicon.play.move import parse_rack
    from lexicon.play.moves import MAX_VISITS, find_moves
    from support.reference_moves import _stack_arrays

    stack_moves = lex.graph.kwg.core.stack_moves
    core, counted, library, counts, stacked, plays = [], [], [], [], 0, 0
    for board, rack in positions:
        arrays = _stack_arrays(game, lex, board, parse_rack(game, rack))
        _, _, every = stack_moves(**arrays, phonies=False, max_visits=MAX_VISITS, limit=-1)
        counts.append(len(every))
        plays += len(every)
        stacked += sum(1 for _, _, _, laid in every if any(board.heights[sq] for sq, _, _ in laid))
        for _ in range(REPEATS):
            start = time.process_time()
            stack_moves(**arrays, phonies=False, max_visits=MAX_VISITS, limit=0)
            core.append((time.process_time() - start) * 1000)
            start = time.process_time()
            find_moves(game, board, rack, lex, limit=0)
            counted.append((time.process_time() - start) * 1000)
            start = time.process_time()
            find_moves(game, board, rack, lex)
            library.append((time.process_time() - start) * 1000)
    return core, counted, library, counts, stacked / max(plays, 1)


def _http(root: str, positions) -> dict:
    from .bench_analyser import mutate
    from .hungarian_recall import population, ruf_counts, speller

    folder = Path(tempfile.mkdtemp())
    frequent = sorted(population(ruf_counts(), 3, speller()))
    words = frequent + mutate(frequent, random.Random(14))
    random.Random(13).shuffle(words)
    (folder / "words.txt").write_text("\n".join(urllib.parse.quote(w) for w in words) + "\n")
    lookups = {"script": str(ROOT / "bench" / "rotate.lua"), "env": {"WORDS": str(folder / "words.txt")}}
    moves, by_equity = ({"script": str(ROOT / "bench" / "play.lua"), "env": {
        "PLAYS": str(_bodies(folder / f"moves-{order}.txt", positions, order)), "ROUTE": "/moves",
        "ENCODING": ENCODING}} for order in ("score", "equity"))
    env = {"LEXICON_DEFAULT": LEXICON, "LEXICON_ANSWER_CACHE": "0", "LEXICON_ACCESS_LOG": ""}
    server = Served(root, 2, env=env, log_level="warning")
    try:
        wrk(server.url + "/valid?word=h%C3%A1z", 8, seconds=3)  # warm every worker
        wrk(server.url, 4, seconds=3, **moves)
        moves_alone, through_flask = _alone(server, Served(root, 2, env=env | {"LEXICON_FAST_PATH": "0"},
                                                           log_level="warning"), moves)
        pool, searching = lookup_workers(server), search_workers(server)
        rounds = []
        for _ in range(ROUNDS):
            before = cpu_seconds(pool)
            alone = wrk(server.url, 16, seconds=SECONDS, **lookups)
            alone["cpu"] = (cpu_seconds(pool) - before) / SECONDS
            before, searched = cpu_seconds(pool), cpu_seconds(searching)
            with ThreadPoolExecutor(2) as threads:
                beside_lookups = threads.submit(wrk, server.url, 16, seconds=SECONDS, **lookups)
                beside = threads.submit(wrk, server.url, 4, seconds=SECONDS, **moves)
                beside_lookups, beside = beside_lookups.result(), beside.result()
            beside_lookups["cpu"] = (cpu_seconds(pool) - before) / SECONDS
            beside["cost"] = (cpu_seconds(searching) - searched) / max(beside["requests"], 1)
            with ThreadPoolExecutor(2) as threads:
                equity_lookups = threads.submit(wrk, server.url, 16, seconds=SECONDS, **lookups)
                equity = threads.submit(wrk, server.url, 4, seconds=SECONDS, **by_equity)
                equity_lookups, equity = equity_lookups.result(), equity.result()
            rounds.append((alone, beside_lookups, beside, equity_lookups, equity))
    finally:
        server.stop()
    kept = statistics.median(r[1]["rate"] / r[0]["rate"] for r in rounds)
    cpu_kept = statistics.median(r[1]["cpu"] / r[0]["cpu"] for r in rounds)
    equity_kept = statistics.median(r[3]["rate"] / r[0]["rate"] for r in rounds)
    middle = sorted(rounds, key=lambda r: ms(r[2]["p99"]))[len(rounds) // 2]  # the round of the median p99
    rows = [(f"GET /valid alone ({len(words):,} words, the round of the median POST /moves p99)", middle[0], 16),
            (f"POST /moves alone ({len(positions)} positions in turn, limit 10, Accept-Encoding: {ENCODING}; the run "
             f"of median cost)", moves_alone, 4),
            ("the same, every request through Flask (`LEXICON_FAST_PATH=0`)", through_flask, 4),
            ("GET /valid beside POST /moves", middle[1], 16),
            ("POST /moves beside GET /valid", middle[2], 4),
            ("GET /valid beside POST /moves by equity (the same round)", middle[3], 16),
            ("POST /moves by equity beside GET /valid (the same round)", middle[4], 4)]
    return {"rows": rows, "beside": middle[2], "kept": kept, "cpu_kept": cpu_kept, "cost": moves_alone["cost"],
            "equity_kept": equity_kept, "equity_p99s": [ms(r[4]["p99"]) for r in rounds],
            "flask_cost": through_flask["cost"],
            "lookups_cpu": statistics.median(r[0]["cpu"] for r in rounds),
            "p99s": [ms(r[2]["p99"]) for r in rounds], "kepts": [r[1]["rate"] / r[0]["rate"] for r in rounds]}


def _bodies(path: Path, positions, order: str) -> Path:
    """POST /moves' bodies, one a line, for every position in turn, ranked by `order`."""
    path.write_text("\n".join(json.dumps({
        "game": LEXICON, "board": b.rows(), "rack": r, "limit": 10, "order": order,
        "heights": ["".join(map(str, b.heights[i * 10:(i + 1) * 10])) for i in range(10)]}) for b, r in positions)
        + "\n", encoding="utf-8")
    return path


def _alone(server, flask_only, moves) -> tuple[dict, dict]:
    """POST /moves alone on `server` and on `flask_only`, the same service with every request through Flask,
    alternated ROUNDS times so that the machine's changes of speed fall on both; for each, the run of the
    median CPU cost a request. `flask_only` is stopped at the end."""
    runs: dict[int, list[dict]] = {0: [], 1: []}
    try:
        wrk(flask_only.url, 4, seconds=3, **moves)  # warm its workers
        for _ in range(ROUNDS):
            for k, served in enumerate((server, flask_only)):
                searching = search_workers(served)
                before = cpu_seconds(searching)
                run = wrk(served.url, 4, seconds=SECONDS // 2, **moves)
                run["cost"] = (cpu_seconds(searching) - before) / max(run["requests"], 1)
                runs[k].append(run)
    finally:
        flask_only.stop()
    fast, flask = (sorted(runs[k], key=lambda r: r["cost"])[ROUNDS // 2] for k in (0, 1))
    return fast, flask


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _row(label: str, values: list[float]) -> str:
    return (f"| {label} | {statistics.median(values):.2f} | {_p(values, 0.9):.2f} | {_p(values, 0.99):.2f} | "
            f"{max(values):.2f} |")
