"""GET /valid for Hungarian words over HTTP: hu-betutorony served as `make run` serves it, at 32
connections, with wrk on the same two cores.

The lexicon is the one built in $BENCH_ARTIFACTS (or ./artifacts): a full hu-betutorony build takes
minutes. Words: the distinct frequent words of the RÚF Bible that Hunspell accepts and that fit the
board (bench/hungarian_recall.py), and as many one-letter mutations of them (bench/bench_analyser.py),
in a fixed shuffled order (bench/rotate.lua); a run longer than the list asks words again, and the
answer memo's hit rate (from /metrics) says how often. Beside it, the same through Flask alone
(`LEXICON_FAST_PATH=0`, no GET /valid before Flask), and with every connection drained before it is
closed, gunicorn's way (`LEXICON_CLOSE_AT_ONCE=0`). Targets: p99 < 10 ms (issue 13) for the frequent
words; p99 ≤ 15 ms (issue 28) for half frequent words, half mutations.
"""

from __future__ import annotations

import os
import random
import tempfile
import urllib.parse
from pathlib import Path

from .bench_analyser import mutate
from .http import Served, cpu_seconds, hit_rate, lookup_workers, memo_counts, wrk
from .hungarian_recall import population, ruf_counts, speller
from .measure import ROOT

TITLE = "Hungarian validation over HTTP"
ON_REQUEST = True  # needs a built hu-betutorony: `BENCH_ARTIFACTS=… python -m bench hungarian_service`
LEXICON = "hu-betutorony"
#: The service as `make run` serves it, and beside it with one part of the request path taken away.
STACKS = (("as `make run` serves it", {}),
          ("through Flask (`LEXICON_FAST_PATH=0`)", {"LEXICON_FAST_PATH": "0"}),
          ("each connection drained before it is closed (`LEXICON_CLOSE_AT_ONCE=0`)", {"LEXICON_CLOSE_AT_ONCE": "0"}))


def run() -> str:
    from lexicon import load
    from lexicon.errors import ArtifactError

    root = os.environ.get("BENCH_ARTIFACTS")
    try:
        lex = load(LEXICON, root)
    except ArtifactError:
        return "No hu-betutorony artifact was built (set BENCH_ARTIFACTS): skipped."
    root = str(lex.path.parent.parent)
    words = sorted(population(ruf_counts(), 3, speller()))
    random.Random(13).shuffle(words)
    in_graph = sum(lex.listed(w.upper()) or (lex.forms is not None and w.upper() in lex.forms) for w in words)
    spec = lex.spec
    lex.close()
    folder = Path(tempfile.mkdtemp())
    script = str(ROOT / "bench" / "rotate.lua")
    rows = ["| words | served | distinct | requests | req/s | p50 | p99 | non-2xx | memo hit rate "
            "| lookup CPU a request |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    batches = ((f"frequent words ({in_graph:,} in the list or the graph)", words),
               ("half those words, half their one-letter mutations",
                [w for pair in zip(words, mutate(words, random.Random(14))) for w in pair]))
    for served, env in STACKS:
        server = Served(root, 2, env={"LEXICON_DEFAULT": LEXICON} | env)
        try:
            wrk(server.url + "/valid?word=h%C3%A1z", 8, seconds=3)  # warm up every worker
            for label, batch in batches:
                path = folder / "words.txt"
                path.write_text("\n".join(urllib.parse.quote(w) for w in batch) + "\n")
                before, pool = memo_counts(server.url), lookup_workers(server)
                spent = cpu_seconds(pool)
                r = wrk(server.url, 32, script, env={"WORDS": str(path)})
                cost = (cpu_seconds(pool) - spent) / max(r["requests"], 1) * 1e6
                memo = hit_rate(before, memo_counts(server.url))
                rows.append(f"| {label} | {served} | {len(batch):,} | {r['requests']:,} | {r['rate']:,.0f} | "
                            f"{r['p50']} | {r['p99']} | {r['non2xx']} | {'—' if memo is None else f'{memo:.0%}'} | "
                            f"{cost:,.0f} µs |")
        finally:
            server.stop()
    return (f"`GET /valid` of {spec}, served by `lexicon serve` (nginx in front of 2 sync lookup workers), "
            "32 connections, wrk -t2 on the same two cores:\n\n" + "\n".join(rows))
