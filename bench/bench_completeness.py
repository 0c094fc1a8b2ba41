"""How complete is SAOL 14 as the PyPI package `saol` has it? Words almost certainly SAOL 14
headwords that the package lacks, by class, with the evidence for each (support/saol_evidence.py).

Candidates are the frequent words of real running text (Journal Digital's transcripts, counted as
bench/running_text.py counts them) that are neither a headword of the package nor a form its
notations give. A candidate is almost certainly a SAOL 14 headword when DSSO has it as a lemma of
its own (a stem of its .dic, or Hunspell's only stem of the word is the word), wswedish lists it,
and no SAOL headword is written the same apart (i dag). Its class comes from DSSO's flags: words
without inflecting flags are function words and adverbs. Each is marked with the supplement's
verdict: added (and how), declined (and why), or not yet reviewed.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from .dsso import flag_class

TITLE = "Completeness of SAOL 14 (PyPI saol): missing headwords"
SUPPLEMENT = Path(__file__).parent.parent / "pipelines" / "data" / "saol14-supplement.toml"
TOP = 10_000
CLASSES = {"": "function words and adverbs (DSSO: no inflection)", "NOUN": "nouns", "VERB": "verbs",
           "ADJ": "adjectives", "PRON": "pronouns (the supplement's class)"}


def package_words() -> set[str]:
    """The package's headwords and every form its notations give."""
    from lexicon_pipelines import load_pipeline

    p = load_pipeline("sv-betapet-inflected")
    [saol] = [r for r in p.readers() if r.kind == "saol"]
    entries = list(saol.entries())
    from lexicon_pipelines.inflection import SaolInflector

    expand = SaolInflector(entries)
    words = {e.headword for e in entries}
    for entry in entries:
        words.update(f.text for f in expand(entry).forms)
    return words


def dsso_class(word: str, evidence) -> str:
    """The class DSSO's flags give a stem ("" for none), by bench/dsso.py's reading of its flags."""
    classes = {flag_class(f, word) for flags in evidence.dsso_stems.get(word, ()) for f in flags} - {None, "*"}
    return sorted(classes)[0] if len(classes) == 1 else ("" if not classes else "/".join(sorted(classes)))


def candidates(evidence, speller, frequent: list[tuple[str, int]], known: set[str],
               joined: set[str]) -> list[tuple[str, int, str, list[str]]]:
    """(word, count, DSSO class, evidence) for the frequent words that are almost certainly missing headwords."""
    out = []
    for word, n in frequent:
        if word in known or word in joined or word not in evidence.wswedish:
            continue
        own_lemma = word in evidence.dsso_stems or speller.stem(word) == [word]
        if own_lemma:
            out.append((word, n, dsso_class(word, evidence), evidence.describe(word)))
    return out


def run() -> str:
    from lexicon_pipelines.sources.supplement import read_declined, read_supplement
    from support.running_text import count_words, frequent_words
    from support.saol_evidence import Evidence

    from .dsso import Judge
    from .running_text import journal_digital, saol_headwords

    evidence, judge = Evidence(), Judge()
    print("expanding the package", file=sys.stderr)
    known = package_words()
    _, joined = saol_headwords()
    frequent = frequent_words(count_words(journal_digital()), judge.accepts, TOP)
    found = candidates(evidence, judge.speller, frequent, known, joined)
    added = {r.word: r for r in read_supplement(SUPPLEMENT)}
    declined = read_declined(SUPPLEMENT)
    forms_added = {c.word: r.word for r in added.values() for c in r.evidence}

    by_class: dict[str, list[str]] = defaultdict(list)
    for word, n, cls, claims in found:
        if word in added:
            verdict, cls = f"added ({added[word].pos}, {added[word].status})", added[word].pos
        elif word in forms_added:
            verdict = f"added as a form of {forms_added[word]}"
        elif word in declined:
            verdict = f"declined: {declined[word]}"
        else:
            verdict = "not yet reviewed"
        by_class[cls].append(f"| {word} | {n:,} | {' '.join(claims)} | {verdict} |")
    reviewed = sum(1 for w, *_ in found if w in added or w in forms_added or w in declined)
    lines = [f"Of the {TOP:,} most frequent words of Journal Digital's transcripts (counted as in the running-text "
             f"section), {len(found)} are neither a headword of the package nor a form its notations give, yet DSSO "
             f"has them as lemmas of their own and wswedish lists them; {reviewed} of them are reviewed in "
             f"`pipelines/data/saol14-supplement.toml`. Evidence: `saol:` a SAOL notation writes the word out, "
             f"`dsso-stem:` a DSSO lemma, `dsso:` Hunspell accepts it, `wswedish:` in the list.", ""]
    for cls in sorted(by_class, key=lambda c: (c not in CLASSES, c)):
        lines += [f"**{CLASSES.get(cls, cls)}** ({len(by_class[cls])})", "",
                  "| word | count | evidence | supplement |", "|---|---:|---|---|", *by_class[cls], ""]
    return "\n".join(lines)
