"""Judging whole plays on full 15×15 boards: in the library (targets p50 < 1 ms, p99 < 5 ms a play) and
through POST /play against /healthz in the same run (target ≥ 90% of its rate at 32 connections),
every play judged and with answers kept.

The boards are grown by self-play with real words: SAOL 14 → sv-betapet, words of 2 to 8 letters
drawn uniformly; a word is laid across or down through a tile already on the board and kept when the
judge finds the play legal and every word it forms valid, until the board holds BOARD_TILES tiles.
On each full board, plays are found the same way: the ones every word of which is valid, and the
ones with a word that is not (a challenged play), timed apart. Each play is judged once from a cold
verdict memo, so what repeats is what repeats in play (short cross words), and the hit rate is given.
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from .http import Gunicorn, wrk
from .measure import ROOT, build_lexicon, percentiles

TITLE = "Judging plays"
BOARDS = int(os.environ.get("BENCH_PLAY_BOARDS", "20"))
BOARD_TILES = 100  # a late-game board: 100 of 225 squares
VALID_PER_BOARD, CHALLENGED_PER_BOARD = 100, 25
ROUNDS = 3  # /healthz and POST /play alternate, so both meet the same load from the other tenants
IN_PROCESS_ROUNDS, IN_PROCESS_BATCH = 7, 1000


def run() -> str:
    root = tempfile.mkdtemp()
    try:
        build_lexicon(root)
        from lexicon import load

        lex = load("sv-betapet", root)
        rng = random.Random(7)
        started = time.perf_counter()
        boards, valid, challenged = make_plays(lex, rng)
        made = time.perf_counter() - started
        library = time_library(lex, valid, challenged)
        bodies = valid + challenged
        rng.shuffle(bodies)
        plays_file = Path(root) / "plays.jsonl"
        plays_file.write_text("".join(json.dumps(b, ensure_ascii=False) + "\n" for b in bodies), encoding="utf-8")
        http = time_http(root, plays_file)
        in_process = time_in_process(root, [json.dumps(b, ensure_ascii=False).encode() for b in bodies])
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return report(boards, valid, challenged, made, library, http, in_process)


# ---------------------------------------------------------------------------------- boards and plays


def make_plays(lex, rng: random.Random) -> tuple[list[list[str]], list[dict], list[dict]]:
    from lexicon.play import empty_board, load_game

    game = load_game("sv-betapet")
    words = sorted(w for w in lex.export() if 2 <= len(w) <= 8)
    through: dict[str, list[tuple[str, int]]] = {}
    for w in words:
        for i, ch in enumerate(w):
            through.setdefault(ch, []).append((w, i))
    boards, valid, challenged = [], [], []
    for _ in range(BOARDS):
        board = empty_board(game)
        first = rng.choice([w for w in words if 4 <= len(w) <= 7 and "W" not in w and "Q" not in w])
        _lay(board, _try(game, lex, board, first, 7 * 15 + 7 - rng.randrange(len(first)), "across"))
        for _attempt in range(50_000):
            if sum(1 for h in board.heights if h) >= BOARD_TILES:
                break
            found = _candidate(game, lex, board, words, through, rng)
            if found is not None and found[1].legal and not found[1].invalid:
                _lay(board, found[1])
        rows = board.rows()
        boards.append(rows)
        kept_valid = kept_challenged = 0
        for _attempt in range(200_000):
            if kept_valid >= VALID_PER_BOARD and kept_challenged >= CHALLENGED_PER_BOARD:
                break
            found = _candidate(game, lex, board, words, through, rng)
            if found is None or not found[1].legal:
                continue
            body = {"game": "sv-betapet", "board": rows, "move": found[0]}
            if not found[1].invalid and kept_valid < VALID_PER_BOARD:
                valid.append(body)
                kept_valid += 1
            elif found[1].invalid and kept_challenged < CHALLENGED_PER_BOARD:
                challenged.append(body)
                kept_challenged += 1
    return boards, valid, challenged


def _candidate(game, lex, board, words, through, rng):
    """A real word laid through a random tile of the board, when it fits the tiles it crosses."""
    size = game.size
    occupied = [i for i, h in enumerate(board.heights) if h]
    square = rng.choice(occupied)
    word, at = rng.choice(through[board.tiles[square]])
    direction = rng.choice(("across", "down"))
    row, col = divmod(square, size)
    row, col = (row, col - at) if direction == "across" else (row - at, col)
    step = 1 if direction == "across" else size
    if row < 0 or col < 0 or (col if direction == "across" else row) + len(word) > size:
        return None
    start = row * size + col
    # A word that meets a different letter on the board cannot be laid there: skip it before judging.
    if any(board.tiles[start + k * step] not in (None, ch) for k, ch in enumerate(word)):
        return None
    new = sum(board.tiles[start + k * step] is None for k in range(len(word)))
    if not 1 <= new <= game.rack:
        return None
    # A letter with no tile of its own (W, Q) is laid as a blank: lower case.
    written = "".join(ch.lower() if game.alphabet.tile(ch).count == 0 else ch for ch in word)
    move = {"word": written, "start": game.square_name(start), "direction": direction}
    return move, _try(game, lex, board, written, start, direction)


def _try(game, lex, board, word, start, direction):
    from lexicon.play import judge, word_move

    return judge(game, board, word_move(game, board, word, game.square_name(start), direction), lex)


def _lay(board, judgement) -> None:
    for p in judgement.placed:
        board.tiles[p.square], board.blanks[p.square], board.heights[p.square] = p.tile, p.blank, 1


# ---------------------------------------------------------------------------------- measuring


def time_library(lex, valid: list[dict], challenged: list[dict]) -> dict:
    """Each play judged once from its JSON request (read the board, the move, judge, the answer's dict),
    in CPU time (this thread) and wall time; the verdict memo starts cold."""
    from lexicon.play import judge_request

    lex.__dict__.pop("_play_verdicts", None)
    out = {}
    for name, plays in (("valid", valid), ("challenged", challenged)):
        cpu, wall, words = [], [], 0
        for body in plays:
            c, w = time.thread_time(), time.perf_counter()
            answer = judge_request(body, lambda spec: lex)
            cpu.append(time.thread_time() - c)
            wall.append(time.perf_counter() - w)
            words += len(answer["words"])
        out[name] = {"cpu": percentiles(cpu), "wall": percentiles(wall), "plays": len(plays), "words": words}
    info = lex._play_verdicts.cache_info()
    out["memo"] = {"hits": info.hits, "misses": info.misses}
    return out


def time_http(root: str, plays_file: Path) -> list[dict]:
    """Rounds of /healthz, then POST /play on a worker that judges every request (answers not kept),
    then POST /play on one that keeps answers (the pool repeats after its first pass); each run with
    the CPU time the workers and wrk spent on it."""
    judging = Gunicorn("lexicon_service.wsgi:app", root, env={"LEXICON_PLAY_CACHE": "0"})
    keeping = Gunicorn("lexicon_service.wsgi:app", root)
    script, env = str(ROOT / "bench" / "play.lua"), {"PLAYS": str(plays_file)}
    try:
        for server in (judging, keeping):  # warm up every worker
            wrk(server.url + "/healthz", 8, seconds=2)
            wrk(server.url, 8, script=script, env=env, seconds=2)
        rounds = []
        for _ in range(ROUNDS):
            rounds.append({"health": _costed(judging, judging.url + "/healthz"),
                           "judged": _costed(judging, judging.url, script=script, env=env),
                           "kept": _costed(keeping, keeping.url, script=script, env=env)})
    finally:
        judging.stop()
        keeping.stop()
    return rounds


def _costed(server: Gunicorn, url: str, **kw) -> dict:
    """A wrk run, with the CPU seconds per request its server's workers and wrk itself used: unlike the
    rate, CPU time does not shrink when other tenants take the cores."""
    workers = server.workers()
    before_server = sum(_cpu_seconds(pid) for pid in workers)
    before_client = _children_cpu()
    result = wrk(url, **kw)
    server_cpu = sum(_cpu_seconds(pid) for pid in workers) - before_server
    client_cpu = _children_cpu() - before_client
    n = max(1, result["requests"])
    return result | {"server_us": server_cpu / n * 1e6, "client_us": client_cpu / n * 1e6}


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_in_process(root: str, bodies: list[bytes]) -> dict[str, float]:
    """The app's own work per request, without sockets or wrk: the WSGI app called in this process,
    this thread's CPU time, /healthz and POST /play (answers kept off, then on) alternating in
    batches; the median of the rounds, in µs."""
    import io

    from lexicon_service import create_app
    from lexicon_service.play import answers

    app = create_app({"ARTIFACTS": root})

    def call(method: str, path: str, body: bytes = b"") -> None:
        environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "bench",
                   "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
                   "wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body)),
                   "CONTENT_TYPE": "application/json"}
        result = app(environ, lambda status, headers, exc_info=None: None)
        b"".join(result)
        getattr(result, "close", lambda: None)()

    def batch(fn) -> float:
        started = time.thread_time()
        for i in range(IN_PROCESS_BATCH):
            fn(i)
        return (time.thread_time() - started) / IN_PROCESS_BATCH * 1e6

    size = answers.size
    samples: dict[str, list[float]] = {"health": [], "judged": [], "kept": []}
    try:
        for body in bodies:  # warm: every verdict memoised, as in the HTTP runs after their warm-up
            call("POST", "/play", body)
        for _ in range(IN_PROCESS_ROUNDS):
            samples["health"].append(batch(lambda i: call("GET", "/healthz")))
            answers.size = 0
            answers.clear()
            samples["judged"].append(batch(lambda i: call("POST", "/play", bodies[i % len(bodies)])))
            answers.size = size
            for body in bodies:
                call("POST", "/play", body)
            samples["kept"].append(batch(lambda i: call("POST", "/play", bodies[i % len(bodies)])))
    finally:
        answers.size = size
        answers.clear()
    return {k: statistics.median(v) for k, v in samples.items()}


# ---------------------------------------------------------------------------------- the section


def report(boards, valid, challenged, made, library, http, in_process) -> str:
    tiles = [sum(ch != "." for ch in "".join(rows)) for rows in boards]
    memo = library["memo"]
    hit_rate = memo["hits"] / max(1, memo["hits"] + memo["misses"])
    lines = [
        f"{len(boards)} boards grown by self-play with real words (SAOL 14 → sv-betapet, words of 2–8 letters "
        f"drawn uniformly), {min(tiles)}–{max(tiles)} tiles each; on each, {VALID_PER_BOARD} plays whose every word "
        f"is valid and {CHALLENGED_PER_BOARD} with a word that is not, found the same way ({made:.0f} s to make).",
        "",
        "In the library: `judge_request` on each play once (read the 15 rows and the move, judge, build the "
        f"answer), the verdict memo cold at the start; {memo['hits']:,} of {memo['hits'] + memo['misses']:,} word "
        f"checks answered by the memo ({hit_rate:.0%}: cross words repeat). CPU time is this thread's, which other "
        "tenants inflate far less than wall time, which includes waiting for the cores.",
        "",
        "| plays | plays | words | CPU p50 | CPU p90 | CPU p99 | CPU max | wall p50 | wall p99 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, label in (("valid", "every word valid"), ("challenged", "a word not valid")):
        r = library[name]
        c, w = r["cpu"], r["wall"]
        lines.append(f"| {label} | {r['plays']:,} | {r['words']:,} | {c['p50']:.3f} ms | {c['p90']:.3f} ms | "
                     f"{c['p99']:.3f} ms | {c['max']:.3f} ms | {w['p50']:.3f} ms | {w['p99']:.3f} ms |")
    lines += ["", f"Over HTTP: gunicorn, 2 sync workers, wrk -t2 -c32, {len(valid) + len(challenged):,} distinct "
              "plays rotating (each a 15-row board and a word move, about 400 bytes; answers about 1 KB). "
              "*Judged*: a server whose workers keep no answers (`LEXICON_PLAY_CACHE=0`), so every request is "
              "judged; *kept*: the default, where a play asked again is answered from the worker's memo (here "
              "every play repeats after the pool's first pass). Word verdicts are memoised in both. The three "
              f"alternate {ROUNDS} times in one run. Beside each rate, the CPU time the two workers and wrk "
              "spent per request: other tenants of the machine slow the rate much more than they inflate the CPU "
              "a request needs, so the ratio of CPU per request is closer to the ratio of rates on a machine of "
              "one's own.", "",
              "| round | route | req/s | p50 | p99 | non-2xx | server CPU / req | wrk CPU / req | rate ratio | "
              "CPU ratio |",
              "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for i, r in enumerate(http, 1):
        h = r["health"]
        for key, label in (("health", "`/healthz`"), ("judged", "`/play` judged"), ("kept", "`/play` kept")):
            x = r[key]
            lines.append(f"| {i} | {label} | {x['rate']:,.0f} | {x['p50']} | {x['p99']} | {x['non2xx']} | "
                         f"{x['server_us']:.0f} µs | {x['client_us']:.0f} µs | {x['rate'] / h['rate']:.0%} | "
                         f"{_cpu(h) / _cpu(x):.0%} |")
    summary = {key: (sum(r[key]["rate"] for r in http), sum(_cpu(r[key]) for r in http)) for key in http[0]}
    health_rate, health_cpu = summary["health"]
    judged_rate, judged_cpu = summary["judged"]
    kept_rate, kept_cpu = summary["kept"]
    lines += ["", f"All rounds, against `/healthz`: `POST /play` judged at **{judged_rate / health_rate:.0%}** of "
              f"its rate and **{health_cpu / judged_cpu:.0%}** by CPU per request; kept at "
              f"**{kept_rate / health_rate:.0%}** and **{health_cpu / kept_cpu:.0%}**."]
    h, j, k = in_process["health"], in_process["judged"], in_process["kept"]
    lines += ["", "In this process, without sockets or wrk (the app called as WSGI, this thread's CPU, "
              f"{IN_PROCESS_BATCH:,} requests a batch, the three alternating {IN_PROCESS_ROUNDS} times, medians): "
              f"`/healthz` {h:.0f} µs a request, `POST /play` judged {j:.0f} µs ({h / j:.0%} of the rate), kept "
              f"{k:.0f} µs ({h / k:.0%}). gunicorn, the sockets and wrk add about the same cost to a request of "
              "any route, which brings the ratios over HTTP nearer 100% than these."]
    return "\n".join(lines)


def _cpu(run: dict) -> float:
    return run["server_us"] + run["client_us"]
