"""Recall on frequent words of real Swedish running text, in sv-betapet-inflected (bench/running_text.py).

Texts: the speech transcripts of Journal Digital (PyPI journal-digital, installed by `make quality`
with --no-deps: only its files are read) and Debian's Swedish man pages (manpages-sv). Needs
Debian hunspell-sv and PyPI chunspell for the judge.
"""

from __future__ import annotations

import sys

from support.running_text import TOP, count_words

from .running_text import build_lexicon, journal_digital, manpages, measure, report

TITLE = "Swedish running text: recall of frequent words"
PIPELINE = "sv-betapet-inflected"
TEXTS = {
    "Journal Digital speech (PyPI journal-digital 2025.12.30.2: newsreel commentary, 1920s–1960s)": journal_digital,
    "Debian manpages-sv (the Swedish man pages)": manpages,
}


def run() -> str:
    from .dsso import Judge

    judge = Judge()
    print(f"building {PIPELINE}", file=sys.stderr)
    lexicon = build_lexicon(PIPELINE)
    lines = [f"Lexicon `{PIPELINE}`@{lexicon.version}. Words are counted as `bench/running_text.py` says: runs "
             f"of letters, lower-cased, two letters or more with a vowel, accepted by Hunspell with DSSO in lower "
             f"case; the {TOP:,} most frequent such words of each text are looked up. Every miss is listed, "
             f"by cause, with its count in the text. Any other text: `python -m bench.running_text FILE …`.", ""]
    for name, files in TEXTS.items():
        print(f"counting {name}", file=sys.stderr)
        lines += report(name, measure(count_words(files()), lexicon, judge))
    return "\n".join(lines)
