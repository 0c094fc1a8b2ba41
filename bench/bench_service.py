"""HTTP throughput and latency of the service under gunicorn, against a constant-JSON Flask route,
measured with wrk on loopback in one run (targets: /valid >= 95% of the constant route; p99 < 10 ms
at 32 connections; POST batches of 1,000 words >= 1.5 M words/s), and memory per worker."""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

from .http import Gunicorn, memory, wrk
from .measure import ROOT, build_lexicon

TITLE = "Validation service over HTTP"


def run() -> str:
    root = tempfile.mkdtemp()
    try:
        build_lexicon(root)
        from lexicon import load

        lex = load("sv-betapet", root)
        keys = list(lex.keys())
        random.seed(7)
        mix = random.sample(keys, 5000) + ["".join(random.sample(k, len(k))) for k in random.sample(keys, 5000)]
        random.shuffle(mix)
        words_file = Path(root) / "words.txt"
        words_file.write_text("\n".join(urllib.parse.quote(w) for w in mix) + "\n")
        body = Path(root) / "batch.json"
        body.write_text(json.dumps({"lexicon": "sv-betapet", "words": mix[:1000]}))

        bare = Gunicorn("bench.constant_app:app", root)
        ours = Gunicorn("service.wsgi:app", root)
        try:
            wrk(ours.url + "/valid?word=hund", 8)  # warm up both workers
            results = {
                "constant": wrk(bare.url + "/constant"),
                "one": wrk(ours.url + "/valid?word=hund&lexicon=sv-betapet"),
                "mix": wrk(ours.url, script=str(ROOT / "bench" / "rotate.lua"), env={"WORDS": str(words_file)}),
                "health": wrk(ours.url + "/healthz"),
                "batch": wrk(ours.url + "/valid", 4, script=str(ROOT / "bench" / "batch.lua"),
                             env={"BODY": str(body)}),
            }
            mem2 = memory(ours.workers())
        finally:
            bare.stop()
            ours.stop()
        mem = {}
        for n in (1, 4):
            server = Gunicorn("service.wsgi:app", root, workers=n)
            try:
                for _ in range(200):
                    urllib.request.urlopen(server.url + "/valid?word=hund").read()
                mem[n] = memory(server.workers())
            finally:
                server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)

    c = results["constant"]["rate"]
    rows = ["| route (gunicorn, 2 sync workers, wrk -t2 -c32) | req/s | vs constant | p50 | p99 | non-2xx |",
            "|---|---:|---:|---:|---:|---:|"]
    for key, label in (("constant", "bare Flask `/constant` (the ceiling)"), ("one", "`/valid?word=hund`"),
                       ("mix", "`/valid`, 10,000 words rotating (half valid)"), ("health", "`/healthz`")):
        r = results[key]
        rows.append(f"| {label} | {r['rate']:,.0f} | {r['rate'] / c:.0%} | {r['p50']} | {r['p99']} | {r['non2xx']} |")
    b = results["batch"]
    words_per_s = b["rate"] * 1000
    mem_rows = ["| workers | RSS per worker (MiB) | PSS per worker (MiB) |", "|---:|---:|---:|"]
    for n, (rss, pss) in sorted({**mem, 2: mem2}.items()):
        mem_rows.append(f"| {n} | {rss:.0f} | {pss:.0f} |")
    return "\n".join([
        "The lexicon is SAOL 14 → sv-betapet; both apps run under the same gunicorn config "
        "(`service/gunicorn.conf.py`), one after the other, with wrk on the same two cores.",
        "", *rows, "",
        f"`POST /valid` with 1,000 words a request (4 connections): {b['rate']:,.0f} requests/s = "
        f"**{words_per_s / 1e6:.2f} M words/s**, p99 {b['p99']}.", "",
        "Memory per worker (PSS counts shared pages once, split between the processes that share them):", "",
        *mem_rows,
    ])
