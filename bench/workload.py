"""The words a benchmark asks: what users send, distinct words from a large set.

`distinct_words(lex, n)` gives n words in a random order: half drawn without replacement from the
lexicon's valid keys, half one-letter mutations of other keys (a random position takes a random
letter of the alphabet), written in lower case as players type. A mutation that happens to be a
word stays (the share of valid words is reported beside each figure).
"""

from __future__ import annotations

import random


def distinct_words(lex, n: int, *, seed: int = 7) -> list[str]:
    keys = list(lex.keys())
    rng = random.Random(seed)
    half = min(n // 2, len(keys) // 2)
    chosen = rng.sample(keys, 2 * half)
    letters = sorted(lex.alphabet.letters)
    words = set(chosen[:half])
    for key in chosen[half:]:
        i = rng.randrange(len(key))
        words.add(key[:i] + rng.choice(letters) + key[i + 1:])
    out = [w.lower() for w in words]
    rng.shuffle(out)
    return out


def valid_share(lex, words: list[str]) -> float:
    return sum(v["valid"] for v in lex.brief_answers(words)) / max(len(words), 1)
