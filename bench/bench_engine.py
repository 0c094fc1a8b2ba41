"""The rules in the C core against the Python judge they replaced: POST /play and POST /moves over HTTP with the
same bodies, served by this tree and by a checkout of BENCH_BASE (default f827430, the revision before the engine),
the two servers alternated round by round in one run, so that both meet the same load from the machine's other
tenants; and the same requests in process, each tree's library in a process of its own.

The bodies are positions met by playing whole sv-betapet games through the engine (support.played, SAOL 14 →
sv-betapet): for POST /play every play the engine lists on each position (its word move, with the rack), for
POST /moves each position's rack (limit 10).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from .http import Gunicorn, cpu_seconds, ms, wrk
from .measure import ROOT, build_lexicon

TITLE = "POST /play and POST /moves: the engine against the Python judge"
BASE = os.environ.get("BENCH_BASE", "f827430")
SEEDS = range(int(os.environ.get("BENCH_ENGINE_GAMES", "12")))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
PLAY = ROOT / "bench" / "play.lua"
IN_PROCESS = """
import io, json, sys, time
from lexicon_service import create_app
bodies = [line.encode() for line in open(sys.argv[2], encoding="utf-8")]
app = create_app({"ARTIFACTS": sys.argv[1], "PLAY_CACHE": 0})
def call(path, body):
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "bench",
               "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
               "wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body)), "CONTENT_TYPE": "application/json"}
    b"".join(app(environ, lambda status, headers, exc_info=None: None))
for body in bodies:
    call(sys.argv[3], body)
times = []
for body in bodies:
    t = time.thread_time()
    call(sys.argv[3], body)
    times.append((time.thread_time() - t) * 1000)
times.sort()
print(json.dumps({"p50": times[len(times) // 2], "p99": times[min(len(times) - 1, len(times) * 99 // 100)]}))
"""


def run() -> str:
    work = tempfile.mkdtemp()
    # BENCH_ARTIFACTS: an artifacts directory that already holds sv-betapet, else it is built here
    root = os.environ.get("BENCH_ARTIFACTS") or work
    try:
        if root == work:
            build_lexicon(root)
        base = _checkout(Path(work) / "base")
        plays, moves = _bodies(root)
        files = {}
        for route, bodies in (("/play", plays), ("/moves", moves)):
            files[route] = Path(work) / f"{route[1:]}.jsonl"
            files[route].write_text("".join(json.dumps(b, ensure_ascii=False) + "\n" for b in bodies), encoding="utf-8")
        in_process = {(tree, route): _in_process(tree_path, root, files[route], route)
                      for tree, tree_path in (("engine", None), ("python", base)) for route in files}
        http = _http(root, base, files)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return _report(len(plays), len(moves), http, in_process)


def _checkout(folder: Path) -> Path:
    """BENCH_BASE exported from git, its extension compiled, its two renamed folders named as they install."""
    folder.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", BASE], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    core = folder / "lexicon" / "graph" / "core"
    sources = [str(p) for p in sorted(core.rglob("*.c")) if p.parent.name != "tool" and p.name != "file.c"]
    sources += [str(p) for p in sorted((folder / "lexicon" / "graph" / "binding").glob("*.c"))]
    extension = folder / "lexicon" / "graph" / f"_core{sysconfig.get_config_var('EXT_SUFFIX')}"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-std=c11", f"-I{sysconfig.get_paths()['include']}",
                    f"-I{core}", *sources, "-o", str(extension)], check=True)
    (folder / "lexicon_service").symlink_to("service")
    (folder / "lexicon_pipelines").symlink_to("pipelines")
    return folder


def _bodies(root: str) -> tuple[list[dict], list[dict]]:
    from lexicon import load
    from lexicon.play import load_game
    from lexicon.play.moves import find_moves
    from support.played import positions

    lex, game = load("sv-betapet", root), load_game("sv-betapet")
    plays, moves = [], []
    for seed in SEEDS:
        for _stage, board, rack in positions(lex, game, seed):
            rows = board.rows()
            moves.append({"game": "sv-betapet", "board": rows, "rack": rack, "limit": 10})
            for play in find_moves(game, board, rack, lex, limit=1000):
                plays.append({"game": "sv-betapet", "board": rows, "move": play.move, "rack": rack})
    return plays, moves


def _env(tree: Path | None) -> dict:
    return {"PYTHONPATH": str(tree)} if tree else {}


def _in_process(tree: Path | None, root: str, bodies: Path, route: str) -> dict:
    """CPU time a request takes in the app called as WSGI in a process of its own, every answer worked out."""
    out = subprocess.run([sys.executable, "-c", IN_PROCESS, root, str(bodies), route], capture_output=True, text=True,
                         cwd=tree or ROOT, env=os.environ | _env(tree), check=True)
    return json.loads(out.stdout)


def _http(root: str, base: Path, files: dict[str, Path]) -> list[dict]:
    """Each round: POST /play (32 connections) and POST /moves (4), on this tree's server and the base's."""
    servers = {tree: Gunicorn("lexicon_service.wsgi:app", root, env={"LEXICON_PLAY_CACHE": "0"} | _env(path))
               for tree, path in (("engine", None), ("python", base))}
    rounds = []
    try:
        for server in servers.values():  # warm: every worker has read the lexicon and met each body once
            for route, connections in (("/play", 32), ("/moves", 4)):
                wrk(server.url, connections, str(PLAY), {"PLAYS": str(files[route]), "ROUTE": route}, seconds=3)
        for n in range(ROUNDS):
            runs = {}
            # each tree first in every other round: a change in the other tenants' load falls on both
            for tree, server in sorted(servers.items(), reverse=n % 2 == 1):
                for route, connections in (("/play", 32), ("/moves", 4)):
                    workers = server.workers()
                    before = cpu_seconds(workers)
                    run = wrk(server.url, connections, str(PLAY), {"PLAYS": str(files[route]), "ROUTE": route},
                              seconds=SECONDS)
                    run["cpu_us"] = (cpu_seconds(workers) - before) / max(run["requests"], 1) * 1e6
                    runs[tree, route] = run
            rounds.append(runs)
    finally:
        for server in servers.values():
            server.stop()
    return rounds


def _report(n_plays: int, n_moves: int, http: list[dict], in_process: dict) -> str:
    lines = [
        f"{n_plays:,} plays and {n_moves} racks on positions met in {len(SEEDS)} sv-betapet games played through the "
        f"engine (`support.played`: an empty board, one after six turns, one with the bag empty). *engine*: this "
        f"tree, every rule in the C core; *python*: `{BASE}`, the judge in Python over the same generator. Over "
        f"HTTP: gunicorn with the repository's config, 2 sync workers each, no answers kept (`LEXICON_PLAY_CACHE=0`), "
        f"the fast path in front of POST /moves in both; `wrk -t2`, 32 connections for POST /play and 4 for POST "
        f"/moves (bench/play.lua, every body in turn), {SECONDS} s a run, the two trees alternated {ROUNDS} times, "
        f"each first in every other round. Beside each rate, the CPU time the server's two workers spent a request: "
        f"other tenants of the machine slow the rate and stretch the latencies far more than they inflate it.",
        "", "| round | route | tree | req/s | p50 | p99 | non-2xx | workers' CPU / req |",
        "|---:|---|---|---:|---:|---:|---:|---:|"]
    for i, runs in enumerate(http, 1):
        for (tree, route), r in runs.items():
            lines.append(f"| {i} | `POST {route}` | {tree} | {r['rate']:,.0f} | {r['p50']} | {r['p99']} | "
                         f"{r['non2xx']} | {r['cpu_us']:.0f} µs |")
    lines += ["", "Medians of the rounds:", "", "| route | tree | req/s | p50 | p99 | workers' CPU / req |",
              "|---|---|---:|---:|---:|---:|"]
    for route in ("/play", "/moves"):
        for tree in ("python", "engine"):
            runs = [r[tree, route] for r in http]
            lines.append(f"| `POST {route}` | {tree} | {statistics.median(r['rate'] for r in runs):,.0f} | "
                         f"{statistics.median(ms(r['p50']) for r in runs):.2f} ms | "
                         f"{statistics.median(ms(r['p99']) for r in runs):.2f} ms | "
                         f"{statistics.median(r['cpu_us'] for r in runs):.0f} µs |")
    lines += ["", "In process (the app called as WSGI, each tree in a process of its own, every body once after a "
              "warm-up, this thread's CPU a request):", "", "| route | tree | p50 | p99 |", "|---|---|---:|---:|"]
    for route in ("/play", "/moves"):
        for tree in ("python", "engine"):
            r = in_process[tree, route]
            lines.append(f"| `POST {route}` | {tree} | {r['p50']:.3f} ms | {r['p99']:.3f} ms |")
    return "\n".join(lines)
