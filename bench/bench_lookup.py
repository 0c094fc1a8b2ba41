"""How fast the library answers, in one process, on distinct words (no memo anywhere): a quick
verdict (`Lexicon.check(word, detail=False)`, target ≥ 500,000 words/s), the batch form
(`Lexicon.brief_answers`), and a detailed verdict (`check(word)`, every reading from the store)."""

from __future__ import annotations

import shutil
import tempfile
import time

from .measure import build_lexicon
from .workload import distinct_words, valid_share

TITLE = "Library lookups on distinct words"
WORDS = 200_000


def run() -> str:
    from lexicon import load

    root = tempfile.mkdtemp()
    try:
        rows = ["| lexicon | words asked (valid share) | `check(w, detail=False)` words/s | `brief_answers` words/s "
                "| `check(w)` words/s |", "|---|---:|---:|---:|---:|"]
        for pipeline in ("sv-betapet", "sv-betapet-inflected"):
            build_lexicon(root, pipeline)
            lex = load(pipeline, root)
            words = distinct_words(lex, WORDS)
            share = valid_share(lex, words)
            quick = _rate(lambda lex=lex, words=words: [lex.check(w, detail=False) for w in words], len(words))
            brief = _rate(lambda lex=lex, words=words: lex.brief_answers(words), len(words))
            sample = words[:20_000]
            full = _rate(lambda lex=lex, sample=sample: [lex.check(w) for w in sample], len(sample))
            rows.append(f"| {pipeline} ({len(lex):,} words) | {len(words):,} ({share:.0%}) | {quick:,.0f} | "
                        f"{brief:,.0f} | {full:,.0f} |")
            lex.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return "\n".join([
        "Each word is asked once (half drawn from the lexicon's keys without replacement, half one-letter "
        "mutations of other keys, lower case: `bench/workload.py`); best of three passes over the same list, "
        "so the figures include no answer memo (the library has none).", "", *rows])


def _rate(fn, n: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return n / best
