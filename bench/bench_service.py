"""HTTP throughput and latency of the service under gunicorn, measured with wrk on loopback in one run.

What users send: distinct words from sv-betapet-inflected (bench/workload.py: half valid keys, half
one-letter mutations), each asked once; beside it the repeated-word figures a memo flatters, with
the memo's hit rate read from /metrics. Targets (issue "One answer everywhere"): GET /valid over
300,000 distinct words ≥ 95% of /healthz in the same run with p99 < 10 ms at 32 connections;
POST /valid with 1,000 distinct words a request ≥ 1,000,000 words/s; ≤ 64 MiB PSS per worker.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.parse
from pathlib import Path

from .http import Gunicorn, Served, cpu_seconds, descendants, hit_rate, memo_counts, memory, wrk
from .measure import ROOT, build_lexicon
from .workload import distinct_words, valid_share

TITLE = "Validation service over HTTP"
LEXICON = "sv-betapet-inflected"
GET_WORDS = 300_000
BATCH = 1000
WORKERS = 2


def run() -> str:
    root = tempfile.mkdtemp()
    try:
        build_lexicon(root, LEXICON)
        from lexicon import load

        lex = load(LEXICON, root)
        words = distinct_words(lex, GET_WORDS)
        share = valid_share(lex, words)
        folder = Path(root)
        (folder / "words.txt").write_text("\n".join(urllib.parse.quote(w) for w in words) + "\n")
        (folder / "bodies.txt").write_text("\n".join(
            json.dumps({"words": words[i:i + BATCH]}, ensure_ascii=False) for i in range(0, len(words), BATCH)) + "\n")
        (folder / "same.txt").write_text(json.dumps({"words": words[:BATCH]}, ensure_ascii=False) + "\n")
        lex.close()

        bare = Gunicorn("bench.constant_app:app", root)
        try:
            constant = wrk(bare.url + "/constant")
        finally:
            bare.stop()
        script = str(ROOT / "bench" / "rotate.lua")
        tables, memories = [], []
        env = {"LEXICON_DEFAULT": LEXICON}
        flask_only = env | {"LEXICON_FAST_PATH": "0"}
        single = ("health", "distinct", "repeated")
        for label, start, keys in (
                (f"as `make run` serves it (`lexicon serve`: nginx in front of {WORKERS} sync lookup workers)",
                 lambda: Served(root, WORKERS, env=env), None),
                ("the same, every request through Flask (`LEXICON_FAST_PATH=0`: no GET /valid before Flask)",
                 lambda: Served(root, WORKERS, env=flask_only), single),
                (f"gunicorn alone ({WORKERS} sync workers, `lexicon serve --no-proxy`)",
                 lambda: Gunicorn("lexicon_service.wsgi:app", root, WORKERS, env=env), None)):
            server = start()
            try:
                wrk(server.url + "/valid?word=hund", 8, seconds=3)  # warm up every worker
                pids = descendants(server.proc.pid)
                before_cpu = cpu_seconds(pids)
                results = {"health": wrk(server.url + "/healthz")}
                results["health"]["cpu"] = cpu_seconds(pids) - before_cpu
                for key, kwargs in (
                        ("distinct", {"url": server.url, "script": script,
                                      "env": {"WORDS": str(folder / "words.txt")}}),
                        ("repeated", {"url": server.url + "/valid?word=hund"}),
                        ("batch", {"url": server.url, "connections": 4, "script": script,
                                   "env": {"BODIES": str(folder / "bodies.txt")}}),
                        ("batch_same", {"url": server.url, "connections": 4, "script": script,
                                        "env": {"BODIES": str(folder / "same.txt")}})):
                    if keys and key not in keys:
                        continue
                    before, before_cpu = memo_counts(server.url), cpu_seconds(pids)
                    results[key] = wrk(**kwargs)
                    results[key]["cpu"] = cpu_seconds(pids) - before_cpu
                    results[key]["memo"] = hit_rate(before, memo_counts(server.url))
                if keys is None:
                    memories.append((label, memory(server.workers())))
            finally:
                server.stop()
            tables.append((label, results))
    finally:
        shutil.rmtree(root, ignore_errors=True)

    lines = [
        f"The lexicon is {LEXICON} (SAOL 14 with its inflections). The words: {len(words):,} distinct, "
        f"{share:.0%} of them valid (`bench/workload.py`); each wrk thread takes every other word, so no word "
        "is asked twice in a run shorter than the list. wrk runs on the same two cores. The memo hit rate "
        "comes from /metrics before and after each run (the batch path uses no memo: —). The server's CPU per "
        "request (nginx, gunicorn and its workers, from /proc) is steadier than the rates on a shared machine; "
        "'CPU vs /healthz' is the rate the workload would have beside /healthz's if the server's CPU were all "
        "that limited it. A bare Flask "
        f"route answering a constant under the same gunicorn config, a ceiling: {constant['rate']:,.0f} req/s, "
        f"p99 {constant['p99']}."]
    for label, results in tables:
        health = results["health"]["rate"]
        health_cpu = _per_request(results["health"])
        lines += ["", f"Served {label}:", "",
                  "| workload (wrk -t2) | req/s | words/s | vs /healthz | p50 | p99 | non-2xx | memo hit rate "
                  "| server CPU per request | CPU vs /healthz |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for key, what, per in (("health", "`/healthz`, 32 connections", 0),
                               ("distinct", f"`GET /valid`, {GET_WORDS:,} distinct words, 32 connections", 1),
                               ("repeated", "`GET /valid?word=hund` (one word repeated), 32 connections", 1),
                               ("batch", f"`POST /valid`, {BATCH:,} distinct words a request, 4 connections", BATCH),
                               ("batch_same", f"`POST /valid`, the same {BATCH:,} words every request, "
                                              "4 connections", BATCH)):
            r = results.get(key)
            if r is None:
                continue
            memo = r.get("memo")
            cpu = _per_request(r)
            lines.append(f"| {what} | {r['rate']:,.0f} | {r['rate'] * per:,.0f} | {r['rate'] / health:.0%} | "
                         f"{r['p50']} | {r['p99']} | {r['non2xx']} | {'—' if memo is None else f'{memo:.0%}'} | "
                         f"{cpu * 1e6:,.0f} µs | {health_cpu / cpu:.0%} |")
    lines += ["", f"Memory per lookup worker with {LEXICON} loaded, after the runs (PSS counts shared pages once, "
              "split between the processes that share them):", ""]
    lines += [f"- {label}: RSS {rss:.0f} MiB, PSS {pss:.0f} MiB" for label, (rss, pss) in memories]
    return "\n".join(lines)


def _per_request(result: dict) -> float:
    """Server CPU seconds per request (nginx, gunicorn and its workers together)."""
    return result["cpu"] / max(result["requests"], 1)

