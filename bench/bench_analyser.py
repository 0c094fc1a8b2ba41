"""Validation by analysis (lexicon.analyser): judgements per second beside Hunspell's own calls, and
the slowest answers to hostile input.

Words: the distinct frequent words of the RÚF Bible that Hunspell accepts and that fit the board
(bench/hungarian_recall.py), in a fixed shuffled order, and as many one-letter mutations of them
(a letter replaced by another of the alphabet; most are not words). Each word is judged once: no
cache. Side by side in the same run: Hunspell's `spell` and `analyze` through chunspell on the
same words, the floor the analyser stands on. Times are the process's CPU time, so that other
work on a shared machine does not count; compare the ratios of one run.
"""

from __future__ import annotations

import random
import time

from .hungarian_recall import DICTIONARY, population, ruf_counts, speller

TITLE = "Hungarian validation by analysis"
LETTERS = "aábcdeéfghiíjklmnoóöőprstuúüűvz"
HOSTILE = {
    "a 260-letter compound (KUTYA × 52)": "KUTYA" * 52,
    "a flood of preverbs (MEG × 7 + TÖRTÉNT)": "MEG" * 7 + "TÖRTÉNT",
    "a flood of digraphs, 10 tiles (SZ × 10)": "SZ" * 10,
    "a flood of digraphs, 11 tiles (SZ × 11)": "SZ" * 11,
    "20 letters in 10 tiles (ZSSZ × 5)": "ZSSZ" * 5,
    "10 preverb-like syllables (MEGELKIBE…)": "MEGELKIBEFEL",
    "a 10-tile compound of real stems (HÁZKUTYAÓL)": "HÁZKUTYAÓL",
    "20 letters of one vowel": "A" * 20,
}


def mutate(words: list[str], rng: random.Random) -> list[str]:
    out = []
    for word in words:
        i = rng.randrange(len(word))
        out.append(word[:i] + rng.choice(LETTERS.replace(word[i], "")) + word[i + 1:])
    return out


def rate(fn, items) -> tuple[float, list]:
    started = time.process_time()
    results = [fn(x) for x in items]
    return len(items) / (time.process_time() - started), results


def slowest_ms(fn, arg, repeat: int = 20) -> float:
    worst = 0.0
    for _ in range(repeat):
        started = time.process_time()
        fn(arg)
        worst = max(worst, time.process_time() - started)
    return worst * 1000


def batches(words: list[str], mutations: list[str]) -> str:
    """Lexicon.brief_answers (a batch, as POST /valid answers it) of hu-betutorony, when one is built in
    $BENCH_ARTIFACTS or ./artifacts: the words the list holds, the analyser's only, and the mix."""
    import os

    from lexicon import load
    from lexicon.errors import ArtifactError

    try:
        lex = load("hu-betutorony", os.environ.get("BENCH_ARTIFACTS"))
    except ArtifactError:
        return "No hu-betutorony artifact was built (set BENCH_ARTIFACTS): batch figures skipped."
    if lex.analyser is None:
        return f"{lex.spec} validates by its list (built before validation by analysis): batch figures skipped."
    forms = lex.forms

    def in_graph(word: str) -> bool:
        return forms is not None and word.upper() in forms

    listed = [w for w in words if lex.listed(w.upper())]
    graphed = [w for w in words if not lex.listed(w.upper()) and in_graph(w)]
    unlisted = [w for w in words if not lex.listed(w.upper()) and not in_graph(w)]
    mix = [w for pair in zip(words, mutations) for w in pair]
    analyser = lex.analyser
    precheck = analyser.precheck
    rows = ["| batch of distinct words | words | words/s (CPU) | valid | without the precheck, words/s | ratio |",
            "|---|---:|---:|---:|---:|---:|"]
    lex.brief_answers(["ház"])  # open the analyser before timing

    def rate(batch: list[str], check) -> tuple[float, int]:
        analyser.precheck = check
        chunks = [batch[i:i + 1000] for i in range(0, len(batch), 1000)]
        started = time.process_time()
        answers = [a for chunk in chunks for a in lex.brief_answers(chunk)]
        return len(batch) / (time.process_time() - started), sum(a["valid"] for a in answers)

    for label, batch in (("in the word list", listed), ("in the word graph's forms (form index)", graphed),
                         ("in the list or the graph", listed + graphed), ("valid by analysis only", unlisted),
                         ("one-letter mutations of frequent words", mutations),
                         ("half frequent words, half their one-letter mutations", mix)):
        if not batch:
            continue
        # alternated, the best of two each: the first pass over a batch also pays for pages the later ones find
        runs = [rate(batch, check) for _ in range(2) for check in ((None, precheck) if precheck else (None,))]
        valid = runs[0][1]
        with_it = max(r for r, _ in runs[1::2]) if precheck is not None else max(r for r, _ in runs)
        without = max(r for r, _ in runs[0::2]) if precheck is not None else None
        rows.append(f"| {label} | {len(batch):,} | {with_it:,.0f} | {valid:,} | "
                    + (f"{without:,.0f} | {with_it / without:.1f}× |" if without else "no precheck built | |"))
    analyser.precheck = precheck
    chunks = [mix[i:i + 1000] for i in range(0, len(mix), 1000)]
    best = 0.0
    for _ in range(2):
        started = time.process_time()
        valid = sum(lex.brief_json(chunk)[1] for chunk in chunks)
        best = max(best, len(mix) / (time.process_time() - started))
    rows.append(f"| the mix as `brief_json` makes it (POST /valid's bytes: the C library over the bundle, "
                f"its parts graph included, then the analyser for what only it decides) | {len(mix):,} | "
                f"{best:,.0f} | {valid:,} | | |")
    hunspell = analyser._hunspell
    timed = analyser._hunspell = _Timed(hunspell)
    try:
        started = time.process_time()
        for chunk in chunks:
            lex.brief_json(chunk)
        whole = time.process_time() - started
    finally:
        analyser._hunspell = hunspell
    spent = sum(timed.seconds.values())
    rows.append("")
    rows.append(f"Of one such pass over the mix ({whole * 1000:,.0f} ms of CPU), Hunspell's own calls took "
                f"{spent * 1000:,.0f} ms: {timed.calls['spell']:,} `spell` ({timed.seconds['spell'] * 1000:,.0f} ms, "
                f"the slowest {timed.slowest * 1000:,.1f} ms) and {timed.calls['analyze']:,} `analyze` "
                f"({timed.seconds['analyze'] * 1000:,.0f} ms); with everything else free, the mix would be answered "
                f"at {len(mix) / spent:,.0f} words/s.")
    refused = sum(precheck.refuses(w) for w in mutations) if precheck is not None else 0
    return (f"`Lexicon.brief_answers` of {lex.spec} in batches of 1,000 (one process; the list answers first, "
            "then the word graph's form index, then the precheck's parts graph, the analyser the rest; "
            "each batch measured without the version's precheck and with it, alternated, the best of two each):\n\n"
            + "\n".join(rows) + (f"\n\nThe precheck refuses {refused:,} of the {len(mutations):,} mutations "
                                  f"({refused / len(mutations):.1%}) without Hunspell." if precheck else ""))


class _Timed:
    """Hunspell itself, with the CPU time of each kind of call added up."""

    def __init__(self, inner) -> None:
        self.inner, self.slowest = inner, 0.0
        self.calls = {"spell": 0, "analyze": 0}
        self.seconds = {"spell": 0.0, "analyze": 0.0}

    def _time(self, name: str, word: str):
        started = time.process_time()
        out = getattr(self.inner, name)(word)
        spent = time.process_time() - started
        self.calls[name] += 1
        self.seconds[name] += spent
        self.slowest = max(self.slowest, spent)
        return out

    def spell(self, word: str) -> bool:
        return self._time("spell", word)

    def analyze(self, word: str) -> list[str]:
        return self._time("analyze", word)


def run() -> str:
    from lexicon import load_profile
    from lexicon.analyser import Analyser

    started = time.process_time()
    analyser = Analyser(DICTIONARY.with_suffix(".aff"), DICTIONARY.with_suffix(".dic"),
                        load_profile("hu-betutorony-hunspell"))
    load_s = time.process_time() - started
    judge = speller()
    words = sorted(population(ruf_counts(), 3, judge))
    random.Random(13).shuffle(words)
    mutations = mutate(words, random.Random(14))
    rows = ["| words | count | Hunspell `spell`/s | Hunspell `analyze`/s | `judge`/s | `judge(explain=False)`/s "
            "| judge ÷ analyze | valid |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for label, batch in (("frequent words of the RÚF Bible", words), ("their one-letter mutations", mutations),
                         ("both, interleaved", [w for pair in zip(words, mutations) for w in pair])):
        spell, _ = rate(judge.spell, batch)
        analyze, _ = rate(judge.analyze, batch)
        keys = [w.upper() for w in batch]
        full, verdicts = rate(analyser.judge, keys)
        brief, _ = rate(lambda k: analyser.judge(k, explain=False), keys)
        valid = sum(v.valid for v in verdicts)
        rows.append(f"| {label} | {len(batch):,} | {spell:,.0f} | {analyze:,.0f} | {full:,.0f} | {brief:,.0f} | "
                    f"{full / analyze:.2f} | {valid:,} |")
    hostile = ["| input | verdict | slowest of 20 (CPU ms) |", "|---|---|---:|"]
    for label, key in HOSTILE.items():
        verdict = analyser.judge(key)
        hostile.append(f"| {label} | {verdict.reason or 'valid'} | {slowest_ms(analyser.judge, key):.2f} |")
    return (f"Loading the analyser (Debian hu_HU, {DICTIONARY.with_suffix('.dic').stat().st_size / 2**20:.1f} MiB "
            f".dic) took {load_s:.1f} s of CPU. Each word judged once, no cache, one process (CPU time):\n\n"
            + "\n".join(rows) + "\n\nHostile input (the bound: a key no cut fits in 10 tiles is refused before "
            "Hunspell sees it):\n\n" + "\n".join(hostile) + "\n\n" + batches(words, mutations))
