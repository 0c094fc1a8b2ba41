"""POST /valid in batches of distinct words: Hungarian beside Swedish, in one run of one service.

    BENCH_ARTIFACTS=DIR python -m bench valid_batch

The service serves DIR as `make run` does (`lexicon serve`); DIR holds a built hu-betutorony and
sv-betapet. Words: for Hungarian, wordfreq's Hungarian words Hunspell accepts that fit the board
(bench/hungarian_recall.py) with as many one-letter mutations of them (bench/bench_analyser.py); for
Swedish, as many of sv-betapet's words and their mutations; in bodies of 1,000 distinct words, each body
sent once in turn (bench/rotate.lua), 4 connections. The two lexicons are alternated, each first in every
other round, so the shared machine's load falls on both alike. In process, `Lexicon.brief_json` (the bytes
POST /valid answers) over the same bodies, this thread's CPU, the median of five passes after one
untimed; there also a version of hu-betutorony validated by Hunspell at query time when $BENCH_BEFORE names
one (name@version in $BENCH_BEFORE_ARTIFACTS), one pass, none untimed before it (its analyser keeps answers).
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from pathlib import Path

from .bench_analyser import mutate
from .http import cpu_seconds, descendants, wrk
from .hungarian_recall import population, speller, wordfreq_counts
from .measure import ROOT

TITLE = "POST /valid batches: Hungarian beside Swedish"
ON_REQUEST = True  # needs built lexicons: `BENCH_ARTIFACTS=… python -m bench valid_batch`
BATCH, ROUNDS, WORDS = 1_000, 3, 20_000


def _mix(words: list[str], rng: random.Random) -> list[str]:
    return list(dict.fromkeys(words + mutate(words, rng)))


def _bodies(folder: Path, name: str, words: list[str]) -> Path:
    path = folder / f"{name}.txt"
    path.write_text("\n".join(json.dumps({"words": words[i:i + BATCH]}, ensure_ascii=False)
                              for i in range(0, len(words), BATCH)) + "\n", encoding="utf-8")
    return path


def _in_process(lex, words: list[str], passes: int = 5, warm: bool = True) -> float:
    """Words a second of this thread's CPU: the median of `passes` passes over the words, each a distinct word
    once; with `warm`, after one pass untimed (a pass takes tens of milliseconds, and the first after other work
    reads the graphs' nodes from a processor cache the other work emptied; the shared machine's load lands on
    one pass or another). Not for a lexicon that keeps answers: its timed passes would be the cache's hits."""
    for i in range(0, len(words), BATCH) if warm else ():
        lex.brief_json(words[i:i + BATCH])
    rates = []
    for _ in range(passes):
        started = time.thread_time()
        for i in range(0, len(words), BATCH):
            lex.brief_json(words[i:i + BATCH])
        rates.append(len(words) / (time.thread_time() - started))
    return sorted(rates)[passes // 2]


def run() -> str:
    from lexicon import load
    from support.http import Served

    root = os.environ.get("BENCH_ARTIFACTS", str(ROOT / "artifacts"))
    rng = random.Random(5)
    lexicons = {"hu-betutorony": load("hu-betutorony", root), "sv-betapet": load("sv-betapet", root)}
    before = os.environ.get("BENCH_BEFORE")
    hungarian = list(population(wordfreq_counts(), 1, speller()))
    rng.shuffle(hungarian)
    swedish = rng.sample(list(lexicons["sv-betapet"].export("display")), WORDS)
    words = {"hu": _mix(hungarian[:WORDS], rng), "sv": _mix([w.lower() for w in swedish], rng)}
    language = {name: name[:2] for name in lexicons}
    lines = [f"Served by `lexicon serve` (nginx, 2 sync lookup workers) over {root}; {BATCH:,} distinct words a body, "
             f"every body once in turn, 4 connections, 10 s a run; Hungarian: {len(words['hu']):,} distinct words "
             f"(half wordfreq's, half one-letter mutations), Swedish: {len(words['sv']):,} (half sv-betapet's words, "
             f"half mutations). The lexicons alternated over {ROUNDS} rounds; the workers' CPU a word beside each "
             "rate; in process, the median of five passes over the words after one untimed.", "",
             "| round | lexicon | words/s | p50 | p99 | non-2xx | workers' CPU a word | in process, words/s (CPU) |",
             "|---:|---|---:|---:|---:|---:|---:|---:|"]
    rates: dict[str, list[float]] = {name: [] for name in lexicons}
    in_process: dict[str, list[float]] = {name: [] for name in lexicons}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bodies = {name: _bodies(folder, name, words[language[name]]) for name in lexicons}
        server = Served(root, 2, env={}, log_level="warning")
        try:
            script = str(ROOT / "bench" / "rotate.lua")
            pids = descendants(server.proc.pid)
            for name in lexicons:
                wrk(f"{server.url}/valid?lexicon={name}", 4, script, {"BODIES": str(bodies[name])}, seconds=3)
            for rnd in range(ROUNDS):
                order = list(lexicons) if rnd % 2 == 0 else list(reversed(lexicons))
                for name in order:
                    cpu = cpu_seconds(pids)
                    r = wrk(f"{server.url}/valid?lexicon={name}", 4, script, {"BODIES": str(bodies[name])})
                    cpu = cpu_seconds(pids) - cpu
                    rate = r["rate"] * BATCH
                    rates[name].append(rate)
                    inproc = _in_process(lexicons[name], words[language[name]])
                    in_process[name].append(inproc)
                    per_word = 1e6 * cpu / max(r["requests"] * BATCH, 1)
                    lines.append(f"| {rnd + 1} | {lexicons[name].spec} | {rate:,.0f} | {r['p50']} | {r['p99']} | "
                                 f"{r['non2xx']} | {per_word:.2f} µs | {inproc:,.0f} |")
        finally:
            server.stop()
    def medians(of: dict[str, list[float]]) -> tuple[str, float]:
        median = {name: sorted(v)[len(v) // 2] for name, v in of.items()}
        shown = "; ".join(f"{lexicons[n].spec} {median[n]:,.0f} words/s" for n in lexicons)
        return shown, median["hu-betutorony"] / median["sv-betapet"]

    (served, ratio), (alone, alone_ratio) = medians(rates), medians(in_process)
    lines += ["", f"Medians of the rounds: {served}; Hungarian ÷ Swedish {ratio:.2f}. In process: {alone}; "
                  f"Hungarian ÷ Swedish {alone_ratio:.2f}."]
    if before:
        old = load(before, os.environ["BENCH_BEFORE_ARTIFACTS"])
        lines.append(f"In process, {old.spec} (Hunspell at query time) over the same Hungarian bodies: "
                     f"{_in_process(old, words['hu'], 1, warm=False):,.0f} words/s.")
    return "\n".join(lines)

