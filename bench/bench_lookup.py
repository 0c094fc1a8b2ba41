"""How fast the library answers, in one process, on distinct words (no memo anywhere): a quick
verdict (`Lexicon.check(word, detail=False)`, target ≥ 1,000,000 words/s), one word at a time as a
caller asks and drops it, and all kept in a list; the share of them the C library made whole from the
bundle (the rest the judge makes in Python); the batch form (`Lexicon.brief_answers`); and a detailed
verdict (`check(word)`, every reading from the store)."""

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
        rows = ["| lexicon | words asked (valid share) | `check(w, detail=False)` words/s, one at a time | "
                "the same, all kept | made by the C library | the judge alone (no bundle), one at a time | "
                "`brief_answers` words/s | `check(w)` words/s |",
                "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for pipeline in ("sv-betapet", "sv-betapet-inflected"):
            build_lexicon(root, pipeline)
            lex = load(pipeline, root)
            words = distinct_words(lex, WORDS)
            share = valid_share(lex, words)
            one = _rate(lambda lex=lex, words=words: _one_at_a_time(lex.check, words), len(words))
            judge = _rate(lambda lex=lex, words=words: _one_at_a_time(lex.judge.check, words), len(words))
            kept = _rate(lambda lex=lex, words=words: [lex.check(w, detail=False) for w in words], len(words))
            verdicts = lex._verdicts
            made = sum(1 for w in words if verdicts is not None and verdicts.check(w) is not None) / len(words)
            brief = _rate(lambda lex=lex, words=words: lex.brief_answers(words), len(words))
            sample = words[:20_000]
            full = _rate(lambda lex=lex, sample=sample: [lex.check(w) for w in sample], len(sample))
            rows.append(f"| {pipeline} ({len(lex):,} words) | {len(words):,} ({share:.0%}) | {one:,.0f} | "
                        f"{kept:,.0f} | {made:.0%} | {judge:,.0f} | {brief:,.0f} | {full:,.0f} |")
            lex.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return "\n".join([
        "Each word is asked once (half drawn from the lexicon's keys without replacement, half one-letter "
        "mutations of other keys, lower case: `bench/workload.py`); best of three passes over the same list, "
        "so the figures include no answer memo (the library has none). One at a time, each verdict is dropped before "
        "the next is asked, as a service or a game asks; all kept, the 200,000 verdicts live together, and making "
        "room for them (and the collector's passes over them) is part of the figure. The judge alone is the same "
        "check as a version without a bundle (or without the compiled core) answers it, every verdict made in "
        "Python.", "", *rows])


def _one_at_a_time(check, words) -> None:
    for w in words:
        check(w, detail=False)


def _rate(fn, n: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return n / best
