"""Replaying game records: in the library (target: a 30-move record in ≤ 20 ms, the median over 100
records) and through POST /replay (target: p99 ≤ 50 ms at 4 connections).

The records are whole Betapet games grown by self-play with SAOL 14 → sv-betapet (support.records), each
cut to its first 30 moves (the exchanges, passes and end-of-game lines between and after them kept) and
written as GCG. In the library each is read from its GCG text and replayed (every move judged, the bag and racks
followed, the end checked), once with the verdict memo cold (a new lexicon version) and once warm.
Over HTTP, gunicorn's 2 sync workers answer POST /replay for the 100 records in turn (each about 1.5 KB
of GCG in a JSON body), wrk -t2 -c4.
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from .http import Gunicorn, ms, wrk
from .measure import ROOT, build_lexicon, percentiles

TITLE = "Replaying game records"
RECORDS, MOVES = 100, 30
CONNECTIONS = 4


def run() -> str:
    root = tempfile.mkdtemp()
    try:
        build_lexicon(root)
        from lexicon import load

        lex = load("sv-betapet", root)
        started = time.perf_counter()
        texts = make_records(lex)
        made = time.perf_counter() - started
        library = time_library(lex, texts)
        bodies = Path(root) / "replays.jsonl"
        bodies.write_text("".join(json.dumps({"game": "sv-betapet", "record": t}, ensure_ascii=False) + "\n"
                                  for t in texts), encoding="utf-8")
        http = time_http(root, bodies)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return report(texts, made, library, http)


def make_records(lex) -> list[str]:
    """The first 30 moves of 100 self-played games, as GCG."""
    from lexicon.play import load_game, write_gcg
    from support.records import self_play

    game, texts = load_game("sv-betapet"), []
    seed = 0
    while len(texts) < RECORDS:
        record = self_play(lex, game, seed)
        seed += 1
        moves = [i for i, e in enumerate(record.events) if e.kind == "move"]
        if len(moves) < MOVES:
            continue  # a short game (a scoreless end): another seed
        # Up to the next move: the passes, exchanges and end-of-game lines after the 30th move stay.
        record.events = record.events[:moves[MOVES]] if len(moves) > MOVES else record.events
        texts.append(write_gcg(record))
    return texts


def time_library(lex, texts: list[str]) -> dict:
    """Each record read from GCG and replayed, wall and CPU time: cold (no verdict memoised), then warm."""
    from lexicon.play import load_game, read_gcg, replay

    game = load_game("sv-betapet")
    out = {}
    for name in ("cold", "warm"):
        wall, cpu, disagreements = [], [], 0
        for text in texts:
            if name == "cold":
                lex.__dict__.pop("_play_verdicts", None)
            w, c = time.perf_counter(), time.thread_time()
            answer = replay(read_gcg(text), game, lex).as_dict()
            cpu.append(time.thread_time() - c)
            wall.append(time.perf_counter() - w)
            disagreements += len(answer["disagreements"])
        out[name] = {"wall": percentiles(wall), "cpu": percentiles(cpu), "disagreements": disagreements}
    return out


def time_http(root: str, bodies: Path) -> list[dict]:
    """POST /replay rotating over the records, three runs after a warm-up."""
    server = Gunicorn("lexicon_service.wsgi:app", root)
    script, env = str(ROOT / "bench" / "play.lua"), {"PLAYS": str(bodies), "ROUTE": "/replay"}
    try:
        wrk(server.url, CONNECTIONS, script=script, env=env, seconds=3)
        return [wrk(server.url, CONNECTIONS, script=script, env=env) for _ in range(3)]
    finally:
        server.stop()


def report(texts: list[str], made: float, library: dict, http: list[dict]) -> str:
    size = statistics.median(len(t.encode("utf-8")) for t in texts)
    lines = [
        f"{len(texts)} Betapet games grown by self-play (SAOL 14 → sv-betapet, `support/records.py`, {made:.0f} s to "
        f"make), each cut to its first {MOVES} moves with the exchanges, passes and end-of-game lines between "
        f"and after them, written as GCG "
        f"(median {size:,.0f} bytes). Each is read from its text and replayed: every move judged, the bag and "
        "racks followed, the end checked. *Cold*: no word verdict memoised (as for a new lexicon version); "
        "*warm*: the verdicts the records share memoised, as in a running service.",
        "",
        "| memo | wall p50 | wall p90 | wall p99 | wall max | CPU p50 | CPU p99 | disagreements |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in ("cold", "warm"):
        w, c = library[name]["wall"], library[name]["cpu"]
        lines.append(f"| {name} | {w['p50']:.1f} ms | {w['p90']:.1f} ms | {w['p99']:.1f} ms | {w['max']:.1f} ms | "
                     f"{c['p50']:.1f} ms | {c['p99']:.1f} ms | {library[name]['disagreements']} |")
    lines += ["", f"Target: a {MOVES}-move record ≤ 20 ms in the library, the median over {len(texts)}: "
              f"**{library['cold']['wall']['p50']:.1f} ms** cold, **{library['warm']['wall']['p50']:.1f} ms** warm.",
              "", f"Over HTTP: gunicorn, 2 sync workers, `wrk -t2 -c{CONNECTIONS}`, `POST /replay` with the "
              f"{len(texts)} records in turn (`bench/play.lua`, `ROUTE=/replay`), three runs after a warm-up.", "",
              "| run | req/s | p50 | p99 | non-2xx |", "|---:|---:|---:|---:|---:|"]
    for i, r in enumerate(http, 1):
        lines.append(f"| {i} | {r['rate']:,.0f} | {r['p50']} | {r['p99']} | {r['non2xx']} |")
    worst = max(http, key=lambda r: ms(r["p99"]))
    lines += ["", f"Target: p99 ≤ 50 ms at {CONNECTIONS} connections: the worst run's p99 **{worst['p99']}**."]
    return "\n".join(lines)

